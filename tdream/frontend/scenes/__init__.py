"""The screens of PRESENTATION.md, one module each."""

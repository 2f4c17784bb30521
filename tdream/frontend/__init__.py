"""The pad-driven front end (pygame-ce): PRESENTATION.md, FORMATS.md section 4.

Layers: nothing outside this package imports pygame (tests/test_layers.py). Inside it, the
machine (``machine.py``) is a pure function of its seed and each frame's pad input; the display,
the event reader and the wall clock live only in ``run.py`` and ``display.py``.
"""
import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

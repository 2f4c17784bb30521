"""Transitional: moved to ``tdream.values``."""
from ..values import typed_values  # noqa: F401

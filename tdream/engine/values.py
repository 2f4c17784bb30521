"""Transitional: moved to ``tdream.values``."""
from tdream.values import typed_values  # noqa: F401

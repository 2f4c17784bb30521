"""Data read once and never changed afterwards (a game's comment lines, tables built from its
YAML), named here so that a savestate keeps it by reference instead of copying it with every
snapshot (``tdream/frontend/savestate.py``). Marking something frozen is a promise that no code
changes it after it is marked."""
from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")
KEPT: dict[int, object] = {}


def frozen(value: T) -> T:
    """``value``, marked as never changed again (kept alive here, so its id stays its own)."""
    KEPT[id(value)] = value
    return value

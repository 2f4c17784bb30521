"""The mypyc build's class options (``mypyc_attr``), and a no-op without mypy_extensions (the
``native`` extra not installed: everything stays pure Python).

``@mypyc_attr(serializable=True)`` on a class of a compiled module lets pickle and ``copy`` make
its instances as Python does, without calling ``__init__`` (a compiled class's ``__new__`` calls
it otherwise): the classes a savestate may hold (``tdream/frontend/savestate.py``) carry it."""
from __future__ import annotations

from typing import Any

try:
    from mypy_extensions import mypyc_attr
except ImportError:    # pragma: no cover
    def mypyc_attr(*_args: Any, **_kwargs: Any) -> Any:   # type: ignore[misc]
        return lambda cls: cls

__all__ = ["mypyc_attr"]

"""Small immutable values (answers, events) as NamedTuples that never equal a value of another type.

A plain NamedTuple compares as a tuple: ``Place("c1") == Claim("c1")`` would be true. After
``typed_values(globals())`` every NamedTuple class of a module compares and hashes with its type.
"""
from __future__ import annotations

from .yamlio import short


def _typed_eq(self, other):
    return type(self) is type(other) and tuple.__eq__(self, other)


def _typed_ne(self, other):
    return not _typed_eq(self, other)


def _typed_hash(self):
    return hash((type(self).__name__, tuple.__hash__(self)))


def typed_values(namespace: dict) -> None:
    """Give every NamedTuple class in ``namespace`` typed equality and hashing."""
    for value in list(namespace.values()):
        if isinstance(value, type) and issubclass(value, tuple) and value is not tuple and hasattr(value, "_fields"):
            setattr(value, "__eq__", _typed_eq)
            setattr(value, "__ne__", _typed_ne)
            setattr(value, "__hash__", _typed_hash)


def class_values(table: dict, *names: str) -> None:
    """Set class attributes from ``table`` ({class: value, or a tuple of values, one for each of
    ``names``}): an answer's input kind and step key, read at every check and record line (a
    property would be a Python call each), set after the class because a NamedTuple's body holds
    only its fields."""
    for cls, values in table.items():
        for name, value in zip(names, values if len(names) > 1 else (values,)):
            setattr(cls, name, value)


def field_step(self):
    """``to_step`` of an answer whose step is its one field: the field (a tuple as a list). Set on
    such answers with ``class_values({cls: field_step, ...}, "to_step")``."""
    v = self[0]
    return list(v) if isinstance(v, tuple) else v


def whole(value, what: str) -> int:
    """A step's whole number (not true/false); ValueError naming ``what`` for anything else."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what} must be a whole number, not {short(value)}")
    return value

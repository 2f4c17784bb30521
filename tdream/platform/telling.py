"""The shared half of a game's narration (``GameDef.narration``: ``tdream play --text``).

Most events are told by one line with some of the event's fields in it: a game lists those in a
table (event class -> line, the fields in braces, ``check_lines`` reads it once) and ``tell``
fills one in, a seat's number told by its player's name; ``describer`` makes its ``describe`` of
that table and a function of its own for the lines that need more than that. ``indices_of`` and ``index_of`` find a game's turn breaks and its
end among one input's events.
"""
from __future__ import annotations

from string import Formatter
from typing import Any, Callable, Mapping, Sequence

#: the fields that hold a seat: a line tells them by the seat's name
SEAT_FIELDS = ("player", "seat", "parent", "by", "owner")


def check_lines(lines: dict[type, str]) -> dict[type, str]:
    """``lines`` (event class -> line) once each line names only fields of its event; raises
    ValueError naming the event and the field otherwise."""
    for cls, line in lines.items():
        fields = getattr(cls, "_fields", ())
        for _, name, _, _ in Formatter().parse(line):
            if name is not None and name not in fields:
                raise ValueError(f"{cls.__name__}: {{{name}}} is not one of its fields ({', '.join(fields)})")
    return lines


def tell(event, names: Sequence[str], lines: Mapping[type, str]) -> str | None:
    """``event`` told by the line ``lines`` has for its class, with its fields filled in (a seat
    field, ``SEAT_FIELDS``, by the seat's name; a tuple as its items with commas: "rolls 2, 5, 6");
    None when ``lines`` has none for it."""
    line = lines.get(type(event))
    if line is None:
        return None
    fields = event._asdict()
    for k, v in fields.items():
        if k in SEAT_FIELDS:
            fields[k] = names[v]
        elif isinstance(v, tuple):
            fields[k] = ", ".join(map(str, v))
    return line.format(**fields)


def describer(lines: dict[type, str], more: Callable[[Any, Any], str | None]) -> Callable[[Any, Any], str | None]:
    """A game's ``describe(event, match)``: the line ``lines`` has for the event (``check_lines``
    reads it now, ``tell`` fills it in), else what ``more(event, match)`` says."""
    check_lines(lines)

    def describe(event, match) -> str | None:
        line = tell(event, match.names, lines)
        return line if line is not None else more(event, match)
    return describe


def indices_of(events: list, cls: type) -> list[int]:
    """Where in ``events`` those of class ``cls`` stand (a game's turn breaks: its new-turn event)."""
    return [i for i, e in enumerate(events) if type(e) is cls]


def index_of(events: list, cls: type) -> int | None:
    """Where in ``events`` the first of class ``cls`` stands, or None (a game's end: its game-over event)."""
    return next((i for i, e in enumerate(events) if isinstance(e, cls)), None)


__all__ = ["SEAT_FIELDS", "check_lines", "tell", "describer", "indices_of", "index_of"]

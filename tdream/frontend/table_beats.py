"""Events told from a table (``TableScene.told``): how a game's plain events become beats, as data.

Most of a game's events are told the same way each time: a line whose words are the event's own
fields ("{who} sits this turn out."), a banner, a beat of the game's own carrying a few of the
event's fields. A game's table declares those in one table from the event's class to its steps
(``Line``, ``Show``), and its ``narrate`` keeps code only for the events that need the match, the
events around them or a choice of words (``TableScene.tell`` tells the others, step by step).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from .text import fields, tr_in


@dataclass(frozen=True)
class Line:
    """A line the table says (``say``) about an event, or a banner (``banner``: the template's
    first words, up to its "!", flash as its word: ``TableScene.fanfare_words``). ``template``
    is ``tr``'s, in the game's words; its fields are the event's own fields of those names, but
    ``who`` (the name of the seat ``seat`` names: the line is his), ``names`` (fields naming other
    seats: said as their names), ``of`` (a template's field and the event's field it says, where
    the names differ) and ``said`` (a field and how it is said: ``thousands``, a colour's name)."""

    template: str
    seat: str = ""                   # the event's field naming the seat the line is about ("" for none)
    hold: int = 40
    tag: str = ""
    names: tuple[str, ...] = ()
    of: tuple[tuple[str, str], ...] = ()
    said: tuple[tuple[str, Callable[[Any], Any]], ...] = ()
    banner: bool = False
    sound: str = "fanfare"           # a banner's sound


@dataclass(frozen=True)
class Show:
    """A beat of the game's own for an event: its ``kind`` and ``frames``, the event's fields it
    carries (``data``), its ``sound``; ``seat``: the event's field naming whose beat it is;
    ``cpu``: hurried as a CPU's beat (None: when that seat is a CPU's)."""

    kind: str
    frames: int = 1
    seat: str = ""
    data: tuple[str, ...] = ()
    sound: str = ""
    cpu: bool | None = False


Step = Line | Show


def thousands(value: int) -> str:
    """A sum of money as a line says it: 12,000."""
    return f"{value:,}"


def words(game_id: str, line: Line, event: Any, names: list[str]) -> str:
    """``line``'s text for ``event`` in the language on screen (the game's own words first)."""
    of, said = dict(line.of), dict(line.said)
    values: dict[str, Any] = {}
    for f in fields(line.template):
        if f == "who":
            values[f] = names[getattr(event, line.seat)]
        elif f in line.names:
            values[f] = names[getattr(event, of.get(f, f))]
        else:
            value = getattr(event, of.get(f, f))
            values[f] = said[f](value) if f in said else value
    return tr_in(game_id, line.template, **values)

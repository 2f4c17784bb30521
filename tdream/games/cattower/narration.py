"""CAT TOWER told in English, one line per event worth telling (``tdream play --text``).

Seats are named by their names, goods by their words, cells as ``t3f2 (tower 3, floor 2)``. An
``AnswerGiven`` is not told (what was drawn is told when all have drawn, CG2.1), nor the end: text
play tells it last, after the comments (``GameDef.words``).
"""
from __future__ import annotations

from ...platform.telling import describer, index_of, indices_of
from . import events as ev
from .sheet import parse_cell

# The events told in one line of their fields, a seat by its name (``telling.tell``).
LINES = {
    ev.ParentDrawn: "{parent} is drawn to be the first parent.",
    ev.RoundStarted: "Round {round}: {parent} is the parent.",
    ev.DiceRolled: "{parent} rolls {dice}.",
    ev.SharedDie: "The {value} is left over: everyone's shared die.",
    ev.AnswerWithdrawn: "{seat} takes his drawing back and draws again.",
    ev.OneCellFromEnd: "{seat} is one cell ({cell}) from a third tower: if he draws it, the game ends with that round!",
}

WORDS = {1: "house", 2: "felt", 3: "butterfly", 4: "dish", 5: "cushion", 6: "mouse"}
PLURAL = {1: "houses", 2: "felts", 3: "butterflies", 4: "dishes", 5: "cushions", 6: "mice"}


def _cell(name: str) -> str:
    where = parse_cell(name)
    return f"{name} (tower {where[0]}, floor {where[1]})" if where else name


def _list(names: list[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _fp(n: int) -> str:
    return f"{n} footprint{'s' if n != 1 else ''}"


def _more(event, match) -> str | None:
    """The events told by more than their fields."""
    names = match.names
    t = type(event)
    if t is ev.DieTaken:
        note = ""
        if len(event.choices) > 1 and event.value == event.choices[-1]:
            note = " (the highest)"
        elif len(event.choices) == 1:
            note = " (no choice)"
        return f"{names[event.seat]} takes the {event.value}{note}."
    if t is ev.GoodDrawn:
        x, y = event.numbers
        line = f"{names[event.seat]} draws a {WORDS[event.good]} on {_cell(event.cell)}"
        if event.spent:
            line += f", spending {_fp(event.spent)} to make the numbers {x} and {y}"
        if event.group > 1:
            line += f": a group of {event.group} mice ({event.group * event.group} points)"
        if event.gained:
            line += f", and circles a footprint ({event.footprints})"
        return line + "."
    if t is ev.Passed:
        line = f"{names[event.seat]} passes"
        if event.gained:
            line += f" and circles {_fp(event.gained)} ({event.footprints})"
        if event.lost:
            line += f"; {_fp(event.lost)} past the track are lost"
        return line + "."
    if t is ev.HouseScored:
        return (f"{names[event.seat]}'s house on {event.cell} counts {PLURAL[event.good]}: {event.count} x 3 = "
                f"{event.points} points.")
    if t is ev.TowerCompleted:
        how = "first" if event.first else "later"
        return f"{names[event.seat]} completes tower {event.tower} {how}: {event.points} points."
    if t is ev.FirstCrossedOut:
        return f"Tower {event.tower}'s left value is crossed out for {_list([names[s] for s in event.seats])}."
    if t is ev.RoundEnded:
        scores = ", ".join(f"{names[s]} {p}" for s, p in enumerate(event.scores))
        return f"Round {event.round} ends. Scores: {scores}."
    return None             # GameOver among them: text play tells the end last


# One line for ``event`` (None for one not worth telling).
describe = describer(LINES, _more)


def turn_breaks(events: list) -> list[int]:
    """Where in ``events`` a new round begins (text play tells the comments of a round before it)."""
    return indices_of(events, ev.RoundStarted)


def ends_at(events: list) -> int | None:
    """The index of the event that says the match is over (its comments come before it), or None."""
    return index_of(events, ev.GameOver)


__all__ = ["describe", "turn_breaks", "ends_at", "WORDS", "PLURAL"]

"""Towers told in text (``tdream play --text``) and its score broken down (results, ``--json``).

The end is told by text play itself, after the last comments (``GameDef.words``)."""
from __future__ import annotations

from ...platform.telling import describer, index_of, indices_of
from . import events as ev
from .data import rules

# The events told in one line of their fields, a seat by its name (``telling.tell``).
LINES = {
    ev.PickGiven: "{player} is ready.",
    ev.Demolished: "{player} demolishes the size-{size} tower at {square}.",
    ev.ClaimsBegin: "Every player has a tower: territory counts from now on.",
    ev.EndAsked: "{player}, end the game?",
}


def _storeys(size: int) -> int:
    return size * rules().storeys_per_size


def _more(event, match) -> str | None:
    """The events told by more than their fields."""
    names = match.names
    t = type(event)
    if t is ev.GameStarted:
        return f"Towers, {event.size}x{event.size} board: {', '.join(event.names)}."
    if t is ev.PicksRevealed:
        shown = " and ".join(f"{names[p]} {v}" for p, v in enumerate(event.picks))
        if event.first < 0:
            return f"The picks are revealed: {shown}. A tie: pick again."
        return f"The picks are revealed: {shown} (sum {sum(event.picks)})."
    if t is ev.FirstPlayer:
        how = {"pick": "by the picks", "random": "by the coin", "given": "as set up"}[event.how]
        return f"{names[event.player]} goes first ({how})."
    if t is ev.TurnStarted:
        return f"Turn {event.turn}: {names[event.player]}{' (extra turn)' if event.extra else ''}."
    if t is ev.TowerPlaced:
        first = " (the first)" if event.first else ""
        return f"{names[event.player]} builds a size-{event.size} tower ({_storeys(event.size)} storeys) at " \
               f"{event.square}{first}."
    if t is ev.Passed:
        return f"{names[event.player]} passes{' (nowhere to build)' if event.forced else ''}."
    if t is ev.Declared:
        left = "no more" if event.left == 0 else f"{event.left} left"
        side = "" if event.in_turn else " out of turn"
        return f"{names[event.player]} declares a double turn{side} ({left})."
    if t is ev.Collapsed:
        fallen = ", ".join(f"{names[o]}'s {s} at {sq}" for sq, o, s in event.towers)
        return f"Unsupported, they fall: {fallen}."
    if t is ev.WalledIn:
        if event.by == event.player:
            return f"{names[event.player]} walls himself in: nowhere left to build."
        by = f" by {names[event.by]}" if event.by >= 0 else ""
        return f"{names[event.player]} is walled in{by}: nowhere left to build."
    if t is ev.EndAnswered:
        return f"{names[event.player]}: {'yes, end it' if event.yes else 'no, play on'}."
    return None             # GameOver among them: text play tells the end last


# One English line for ``event``, with the seats' names; None for one not worth telling.
describe = describer(LINES, _more)


def turn_breaks(events: list) -> list[int]:
    """Where in ``events`` a new turn begins (text play tells the comments of a turn before it)."""
    return indices_of(events, ev.TurnStarted)


def score_parts(match, seat: int) -> list[tuple[str, int]]:
    """T6.2 broken down by tower size: (label, points), adding up to the seat's score."""
    by = [0] * 10
    for o, s in zip(match.owner, match.size):
        if o == seat:
            by[s] += s
    parts = [("towers 1-3", sum(by[1:4])), ("towers 4-6", sum(by[4:7])), ("towers 7-9", sum(by[7:10]))]
    return parts


def ends_at(events: list) -> int | None:
    """The index of the event that says the match is over (its comments come before it), or None."""
    return index_of(events, ev.GameOver)


__all__ = ["describe", "turn_breaks", "ends_at", "score_parts"]

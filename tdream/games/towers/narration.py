"""Towers told in text (``tdream play --text``) and its score broken down (results, ``--json``)."""
from __future__ import annotations

from . import events as ev
from .data import rules

REASONS = {"full": "no empty square is left (T6.1)", "ended": "the end was declared after a pass (T6.1)",
           "passes": "two passes in a row (TG6.1)"}


def _storeys(size: int) -> int:
    return size * rules().storeys_per_size


def describe(event, match) -> str | None:
    """One English line for ``event``, with the seats' names; None for one not worth telling."""
    names = match.names
    t = type(event)
    if t is ev.GameStarted:
        return f"Towers, {event.size}x{event.size} board: {', '.join(event.names)}."
    if t is ev.PickGiven:
        return f"{names[event.player]} is ready."
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
    if t is ev.Demolished:
        return f"{names[event.player]} demolishes the size-{event.size} tower at {event.square}."
    if t is ev.Collapsed:
        fallen = ", ".join(f"{names[o]}'s {s} at {sq}" for sq, o, s in event.towers)
        return f"Unsupported, they fall: {fallen}."
    if t is ev.ClaimsBegin:
        return "Every player has a tower: territory counts from now on."
    if t is ev.WalledIn:
        by = f" by {names[event.by]}" if event.by >= 0 else ""
        return f"{names[event.player]} is walled in{by}: nowhere left to build."
    if t is ev.EndAsked:
        final = " (two passes in a row: it ends anyway)" if event.final else ""
        return f"{names[event.player]}, end the game?{final}"
    if t is ev.EndAnswered:
        return f"{names[event.player]}: {'yes, end it' if event.yes else 'no, play on'}."
    if t is ev.GameOver:
        scores = ", ".join(f"{names[p]} {s}" for p, s in enumerate(event.scores))
        if len(event.ranking[0]) > 1:
            head = "A draw between " + " and ".join(names[p] for p in event.ranking[0])
        else:
            head = f"{names[event.ranking[0][0]]} wins"
        return f"Game over: {REASONS.get(event.reason, event.reason)}. {head} ({scores})."
    return None


def score_parts(match, seat: int) -> list[tuple[str, int]]:
    """T6.2 broken down by tower size: (label, points), adding up to the seat's score."""
    by = [0] * 10
    for o, s in zip(match.owner, match.size):
        if o == seat:
            by[s] += s
    parts = [("towers 1-3", sum(by[1:4])), ("towers 4-6", sum(by[4:7])), ("towers 7-9", sum(by[7:10]))]
    return parts


__all__ = ["describe", "score_parts"]

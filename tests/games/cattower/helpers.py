"""Helpers for CAT TOWER's tests: matches set up at a given input point."""
from __future__ import annotations

from tdream.games.cattower import GAME
from tdream.games.cattower.answers import Draft, Roll


def position(**keys) -> dict:
    """A scenario-style position (seats by name)."""
    return dict(keys)


def at_roll(names=("A", "B"), options=None, seed=0, **keys):
    """A match waiting for its roll, the parent A unless given."""
    keys.setdefault("parent", names[0])
    m, _ = GAME.load_position(position(**keys), list(names), options or {}, seed)
    return m


def at_draw(dice, picks, names=("A", "B"), options=None, seed=0, **keys):
    """A match at the draw point after rolling ``dice`` and drafting ``picks`` (in draft order)."""
    m = at_roll(names, options, seed, **keys)
    m.apply(Roll(tuple(sorted(dice))))
    for v in picks:
        m.apply(Draft(v))
    assert m.phase == "draw", m.phase
    return m

"""Shared helpers of Tower Up's tests: small positions built through the scenario adapter's JSON."""
from pathlib import Path

import pytest

from tdream.platform import registry

ROOT = Path(__file__).resolve().parents[3]
SCENARIOS = ROOT / "scenarios" / "towerup"
PACKAGE = ROOT / "tdream" / "games" / "towerup"

GRID = {
    "sites": {"a1": {"district": 1, "park": True}, "a2": {"district": 1}, "a3": {"district": 2},
              "b1": {"district": 1}, "b2": {"district": 2}, "b3": {"district": 2, "park": True},
              "c1": {"district": 3}, "c2": {"district": 3}, "c3": {"district": 3, "park": True}},
    "streets": [["a1", "a2"], ["a2", "a3"], ["b1", "b2"], ["b2", "b3"], ["c1", "c2"], ["c2", "c3"],
                ["a1", "b1"], ["b1", "c1"], ["a2", "b2"], ["b2", "c2"], ["a3", "b3"], ["b3", "c3"]],
}
CARDS = {
    "k1": {"bottom": "black", "floors": ["black", "black", "white"]},
    "k2": {"bottom": "white", "floors": ["white", "brown"], "vehicles": ["grey"]},
    "k3": {"bottom": "brown", "floors": ["wild", "wild"]},
    "k4": {"bottom": "grey", "floors": ["grey"], "vehicles": ["black", "white"]},
    "k5": {"bottom": "black", "floors": ["brown", "grey", "grey"]},
    "k6": {"bottom": "white", "floors": ["white", "white", "black"]},
}
LINEAR = {"values": list(range(16)), "stars": [2, 4]}


@pytest.fixture(scope="session")
def game():
    return registry.get("towerup")


def position(**keys) -> dict:
    """A position JSON over the 3x3 test city, cards and linear tracks (keys as in scenarios)."""
    data = {"city": keys.pop("city", GRID), "cards": keys.pop("cards", CARDS), "tracks": keys.pop("tracks", LINEAR)}
    out = {"data": data}
    out.update(keys)
    return out


def load(game, names=("A", "B"), options=None, seed=0, **keys):
    """A match at a position (a market of the first three cards unless one is given)."""
    keys.setdefault("market", list(keys.get("cards", CARDS))[:3])
    match, _ = game.load_position(position(**keys), list(names), dict(options or {}), seed)
    return match


def assert_no_chip_missed(m, seed) -> None:
    """U4.3, UG4.2: no player who has not scored meets an objective whose chip he could still take
    (a chip is taken as soon as its condition is met)."""
    from tdream.games.towerup.objectives import met
    for q in range(m.n):
        if m.final[q] is not None:
            continue
        held = {o for o, _v in m.chips[q]}
        for j, oid in enumerate(m.objectives):
            if oid not in held and m.chips_left[j]:
                assert not met(m.rules.objectives[oid], m, q), (seed, q, oid)

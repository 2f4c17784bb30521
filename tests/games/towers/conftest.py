"""Helpers for the Towers tests: matches at given positions."""
import pytest

from tdream.games.towers import GAME


def position(towers: dict, to_move: str | None = "A", names=("A", "B"), doubles=None, **options):
    """A match at ``towers`` ({square: (owner name, size)}), ``to_move``'s turn."""
    names = list(names)
    pos = {"towers": [[sq, names.index(o), s] for sq, (o, s) in towers.items()],
           "double_turns": doubles or {}, "to_move": to_move}
    opts = dict(options)
    if len(names) != 2:
        opts.setdefault("players", len(names))
    match, _ = GAME.load_position(pos, names, opts, 0)
    return match


@pytest.fixture
def game():
    return GAME

"""CPU players, on the engine's public API only. ``make_player(kind, seed)`` gives one by name:
``random`` (the baseline), a roster character id (``joji``), or an id with a difficulty
(``joji:hard``; ``normal`` when not given)."""
from ....platform import protocol
from .character import CharacterPlayer
from .random_player import RandomPlayer
from .roster import CHARACTER_IDS, DIFFICULTIES, load_roster, roster

PLAYER_KINDS = ("random",) + CHARACTER_IDS


def split_kind(kind: str) -> tuple[str, str]:
    """``joji:hard`` -> (``joji``, ``hard``); raises ValueError for an unknown player or level."""
    return protocol.split_kind(kind, PLAYER_KINDS, DIFFICULTIES)


def make_player(kind: str, seed: int):
    """A CPU player of ``kind`` with its own seed."""
    base, difficulty = split_kind(kind)
    if base == "random":
        return RandomPlayer(seed)
    return CharacterPlayer(roster()[base], difficulty, seed)


__all__ = ["CharacterPlayer", "RandomPlayer", "PLAYER_KINDS", "CHARACTER_IDS", "DIFFICULTIES", "make_player",
           "split_kind", "load_roster", "roster"]

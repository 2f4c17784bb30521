"""CPU players, on the engine's public API only. ``make_player(kind, seed)`` gives one by name."""
from .random_player import RandomPlayer

PLAYER_KINDS = {"random": RandomPlayer}


def make_player(kind: str, seed: int):
    """A CPU player of ``kind`` (``random`` now; the nine characters plug in here by id)."""
    try:
        return PLAYER_KINDS[kind](seed)
    except KeyError:
        raise ValueError(f"unknown CPU player {kind!r} (known: {', '.join(sorted(PLAYER_KINDS))})") from None


__all__ = ["RandomPlayer", "PLAYER_KINDS", "make_player"]

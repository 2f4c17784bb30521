"""The registry: every game tdream plays, by id (FORMATS.md section 6).

Adding a game is one line here and its own folder ``tdream/games/<id>/`` (whose ``__init__``
defines ``GAME``, a ``protocol.GameDef``); nothing else of the platform changes.
"""
from __future__ import annotations

import importlib

from ..errors import TdreamError

GAMES: dict[str, str] = {
    "towerdream": "tdream.games.towerdream",
    "towers": "tdream.games.towers",
    "cattower": "tdream.games.cattower",
    "towerup": "tdream.games.towerup",
}
DEFAULT = "towerdream"


class UnknownGame(TdreamError):
    pass


def ids() -> tuple[str, ...]:
    """The registered game ids, in the title's order, that can be loaded."""
    return tuple(g for g in GAMES if _available(g))


def _available(game_id: str) -> bool:
    try:
        importlib.import_module(GAMES[game_id])
    except ModuleNotFoundError as e:
        if e.name is not None and GAMES[game_id].startswith(e.name):
            return False
        raise
    return True


def get(game_id: str | None = None):
    """The ``GameDef`` of ``game_id`` (the default game for None). Raises UnknownGame."""
    gid = game_id or DEFAULT
    if gid not in GAMES or not _available(gid):
        raise UnknownGame(f"unknown game {gid!r} (known: {', '.join(ids())})")
    return importlib.import_module(GAMES[gid]).GAME


__all__ = ["GAMES", "DEFAULT", "ids", "get", "UnknownGame"]

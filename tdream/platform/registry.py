"""The registry: every game tdream plays, by id (FORMATS.md section 6).

Adding a game is one line here and its own folder ``tdream/games/<id>/`` (whose ``__init__``
defines ``GAME``, a ``protocol.GameDef``); nothing else of the platform changes. A game from
outside the program (the tests' fifth game, ``tests/tiny``) is added with ``register`` and taken
away with ``unregister``.
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
#: the game whose files came before games had ids in them (version-1 game records and movies,
#: the records database's rows of versions 1-3): the one game there was
LEGACY = "towerdream"
_ADDED: list[str] = []          # games registered from outside (``register``): only those may go


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


def register(game_id: str, module: str) -> None:
    """Add a game whose package is outside ``tdream/games`` (a test's: tests/tiny) under
    ``game_id``, after the others; ``unregister`` takes it away again. Raises ValueError for an
    id that is taken."""
    if game_id in GAMES:
        raise ValueError(f"game {game_id!r} is registered already")
    GAMES[game_id] = module
    _ADDED.append(game_id)


def unregister(game_id: str) -> None:
    """Take away a game ``register`` added (the games of the registry itself stay). Raises
    ValueError for any other."""
    if game_id not in _ADDED:
        raise ValueError(f"game {game_id!r} was not added by register")
    _ADDED.remove(game_id)
    del GAMES[game_id]


__all__ = ["GAMES", "DEFAULT", "LEGACY", "ids", "get", "register", "unregister", "UnknownGame"]

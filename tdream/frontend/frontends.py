"""The registry of front ends: each registered game's ``GameFrontend``, found by the game's
package (``<package>.frontend``, its ``FRONTEND``), as the platform's registry finds the game.

A leaf of the shell: it imports nothing of the shell's scenes, so that anything (the art, the
sounds, the title, the command line) may ask which games have a front end without importing the
scenes that play them. A game whose package has no ``frontend`` module has no front end yet (the
title leaves it out, ``tdream play`` says so); a front-end module that fails to import for any
other reason raises as it would anywhere.
"""
from __future__ import annotations

import importlib
from typing import Any

from ..platform import registry


class NoFrontend(LookupError):
    """The game has no front end yet."""


def frontend_of(game_id: str) -> Any:
    """The ``GameFrontend`` of ``game_id`` (a registered game). Raises NoFrontend when its
    package has no ``frontend`` module, UnknownGame for an unregistered id."""
    registry.get(game_id)
    name = registry.GAMES[game_id] + ".frontend"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name == name:
            raise NoFrontend(f"{registry.get(game_id).name} has no front end yet") from None
        raise
    return module.FRONTEND


def has_frontend(game_id: str) -> bool:
    try:
        frontend_of(game_id)
    except NoFrontend:
        return False
    return True


def frontends() -> dict:
    """Every registered game that has a front end: its id -> its ``GameFrontend``, in the
    registry's order."""
    return {gid: frontend_of(gid) for gid in registry.ids() if has_frontend(gid)}


__all__ = ["NoFrontend", "frontend_of", "frontends", "has_frontend"]

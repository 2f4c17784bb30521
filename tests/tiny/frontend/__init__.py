"""Coin XO on the front end: ``FRONTEND``, a ``GameFrontend`` that gives only its table (the
set-up, status, pause, results, demo and autopilot are the shell's defaults)."""
from __future__ import annotations

from tdream.frontend.game import GameFrontend

from .. import GAME


class CoinXOFrontend(GameFrontend):
    SUBTITLE = "noughts and crosses, with a coin"

    def table_scene(self, setup, demo: bool = False):
        from .table import CoinXOTable
        return CoinXOTable(setup, demo=demo)


FRONTEND = CoinXOFrontend(GAME)

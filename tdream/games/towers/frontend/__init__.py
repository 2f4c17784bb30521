"""Towers' scenes on the platform's front end (pygame): ``FRONTEND``, its ``GameFrontend``
(tdream/frontend/game.py: every hook and its default; docs/ARCHITECTURE.md, "The front end"). Its
own: the title's picture and line, and the busiest screen ``tdream bench`` times
(``towers_frame_ms_p99``); the title's demo, its modes and set-up are the shell's with its data.
"""
from __future__ import annotations

import pygame

from ....frontend.constants import GOLD, WHITE
from ....frontend.game import GameFrontend
from ....frontend.widgets import big_text

SUBTITLE = "build towers, claim ground, wall your rival in"


class TowersFrontend(GameFrontend):
    SUBTITLE = SUBTITLE

    def draw_logo(self, m, surface, top: int) -> None:
        """TOWERS over a little skyline of towers in the four players' colours and roofs."""

        from .boardview import tower  # lazy: the scenes load when the game is played
        for x, size, colour in ((14, 5, 0), (40, 7, 1), (192, 8, 2), (220, 6, 3)):
            t = tower(size, colour, 24)
            big = pygame.transform.scale(t, (t.get_width() * 2, t.get_height() * 2))
            surface.blit(big, (x, 206 - big.get_height()))
        big_text(m, surface, "TOWERS", 128, top, GOLD)
        big_text(m, surface, "2.00", 128, top + 40, WHITE, 2)

    def bench_setup(self, seed: int, setpiece: bool):
        """The busiest board: 12x12 with four characters."""
        from .table import TowersSetup  # lazy: the scenes load when the game is played
        return TowersSetup(seed, ["joji", "yuka", "kenta", "hazumi"], {"size": 12, "players": 4})

    def bench_ready(self, table) -> bool:
        """A built-up board: 40 turns in."""
        return table.game.turn >= 40 or table.game.awaiting() is None

    def bench_busy(self, table, setpiece: bool) -> bool:
        """Every panel up and a comment typing out (``setpiece``: a tower rising or a banner)."""
        b = table.beat
        if setpiece:
            return b is not None and b.kind in ("build", "banner")
        return b is not None and b.box is not None and b.speaker is not None and b.box.typing()


from .. import GAME  # noqa: E402

FRONTEND = TowersFrontend(GAME)

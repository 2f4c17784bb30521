"""Tower Up's scenes on the platform's front end (pygame): ``FRONTEND``, its ``GameFrontend``
(tdream/frontend/game.py: every hook and its default; docs/ARCHITECTURE.md, "The front end"). Its
own: the title's picture and line, and the busiest screen ``tdream bench`` times
(``towerup_frame_ms_p99``); the title's demo, its modes and set-up are the shell's with its data.
"""
from __future__ import annotations

import pygame

from ....frontend.constants import GOLD, PLAYER_COLOURS, WHITE
from ....frontend.game import GameFrontend
from ....frontend.widgets import big_text

SUBTITLE = "take floors, build towers, roof them"
# The title's four towers: (left x, floors of 3 px); tall ones at the edges, low ones inside,
# all clear of the game's name, the subtitle and PRESS START in the middle (issue 24).
TOWERS = ((6, 38), (30, 9), (208, 8), (232, 44))
LOGO_BASE = 206                      # the y of the lowest floor


def logo_towers() -> list[tuple[int, int, int, int]]:
    """Each title tower's rect (x, y, w, h), roof included."""
    return [(x - 2, LOGO_BASE - h * 3 - 2, 24, h * 3 + 5) for x, h in TOWERS]


class TowerUpFrontend(GameFrontend):
    SUBTITLE = SUBTITLE

    def draw_logo(self, m, surface, top: int) -> None:
        """Four towers of the four floor colours, roofed in the players' colours, and TOWER UP."""
        from .cityview import floor_art, roof_art  # lazy: the scenes load when the game is played
        for i, (x, h) in enumerate(TOWERS):
            c = (1, 2, 3, 0)[i]
            for k in range(h):
                y = LOGO_BASE - k * 3
                surface.blit(pygame.transform.scale(floor_art(c), (20, 3)), (x, y))
            surface.blit(pygame.transform.scale(roof_art(i), (24, 5)), (x - 2, LOGO_BASE - h * 3 - 2))
        big_text(m, surface, "TOWER", 128, top, GOLD)
        big_text(m, surface, "UP", 128, top + 40, WHITE)
        pygame.draw.polygon(surface, PLAYER_COLOURS[1], [(160, top + 58), (172, top + 46), (184, top + 58)])

    def bench_setup(self, seed: int, setpiece: bool):
        """Four characters on the 36-site city (there are no set pieces: the same game either way)."""
        from .table import GameSetup  # lazy: the scenes load when the game is played
        return GameSetup(seed, ["joji", "yuka", "kenta", "hazumi"])

    def bench_ready(self, table) -> bool:
        """A built-up city: 40 turns in (or the game over)."""
        return table.game.progress() >= 40 or table.game.awaiting() is None

    def bench_busy(self, table, setpiece: bool) -> bool:
        """The city, the strip and the panels up and a line typing out (a banner for ``setpiece``)."""
        b = table.beat
        if setpiece:
            return b is not None and b.kind == "banner"
        return b is not None and b.box is not None and b.box.typing()


from .. import GAME  # noqa: E402

FRONTEND = TowerUpFrontend(GAME)

"""CAT TOWER's scenes on the platform's front end (pygame): ``FRONTEND``, its ``GameFrontend``
(tdream/frontend/game.py: every hook and its default; docs/ARCHITECTURE.md, "The front end"). Its
own: the title's picture and line, and the busiest screen ``tdream bench`` times
(``cattower_frame_ms_p99``: four sheets with previews up); the title's demo, its modes and set-up
are the shell's with its data.
"""
from __future__ import annotations

import pygame

from ....frontend.constants import GOLD, INK
from ....frontend.game import GameFrontend
from ....frontend.widgets import big_text
from . import sheetview as sv

SUBTITLE = "roll, draft, draw: the cats' tower of goods"


class CatTowerFrontend(GameFrontend):
    SUBTITLE = SUBTITLE

    def draw_logo(self, m, surface, top: int) -> None:
        """CAT TOWER over two little sheets of goods; the game's name under it (the shell's
        "<  CAT TOWER  >") and the subtitle on a dark plate, so that the skyline's lit windows
        beside them do not read as punctuation (issue 23)."""

        if top == 60:                                     # the menu closed: the name and subtitle show
            pygame.draw.rect(surface, INK, (18, 141, 220, 29), border_radius=4)
        for bx, goods in ((12, (6, 2, 5, 1, 3, 4, 6, 2)), (196, (3, 4, 6, 6, 1, 5, 2, 4))):
            for i, g in enumerate(goods):
                x, y = bx + (i % 4) * 12, 184 + (i // 4) * 10 - (4 if i % 2 == 0 else 0)
                pygame.draw.rect(surface, sv.GOOD_COLOURS[g], (x, y, 11, 9))
                sv.icon(surface, g, x + 2, y + 1, (24, 24, 40))
        big_text(m, surface, "CAT TOWER", 128, top, GOLD)

    def bench_setup(self, seed: int, setpiece: bool):
        """The busiest table: four people, each drawing with his preview up (the autopilot's pads
        are not pressed: the prompts stay open)."""
        from .table import CatTowerSetup  # lazy: the scenes load when the game is played
        return CatTowerSetup(seed, ["human", "human", "human", "human"])

    def bench_ready(self, table) -> bool:
        """Eight rounds in (sheets filling up), at a draw point with every human's prompt open. Until
        then the open prompts are answered here (the roll as it stands; the die with the highest
        face; the first cheapest drawing; the house's best good), as a person would."""
        match = table.game
        if match.over:
            return True
        if match.round >= 8 and len(table.prompts) == 4 and table.beat is None and match.phase == "draw":
            return True
        for seat, p in table.prompts.items():
            if p.answer is None and p.age > 2 and p.kind == "roll":
                p.answer = Roll(tuple(sorted(p.faces)))        # the parent's dice stopped at once
            elif p.answer is None and p.age > 2:
                legal = match.legal_answers(seat)
                p.answer = legal[-1] if p.kind == "draft" else legal[0]
        return False

    def bench_busy(self, table, setpiece: bool) -> bool:
        """Four sheets with their cursors, costs and previews up."""
        return len(table.prompts) == 4 and table.game.phase == "draw"


from .. import GAME  # noqa: E402
from ..answers import Roll  # noqa: E402

FRONTEND = CatTowerFrontend(GAME)

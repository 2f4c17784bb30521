"""Tower Dream's scenes on the platform's front end (pygame): ``FRONTEND``, its ``GameFrontend``
(tdream/frontend/game.py: every hook and its default; docs/ARCHITECTURE.md, "The front end"). Its
own: the Campaign (a mode of its own, ``campaign.py``), the title's demo and picture, the busiest
screen ``tdream bench`` times (FORMATS.md section 5), and its sprites (``sprites.yaml``, drawn by
``pictures.py``) and sound effects (``sounds.py``), which the shell's ``Art`` and ``Sound`` load
beside their own.
"""
from __future__ import annotations

import pygame

from ....frontend.constants import GOLD, WHITE, rgb15
from ....frontend.game import GameFrontend
from ....frontend.widgets import big_text
from ....platform.roster import CHARACTER_IDS
from ....rng import Rng
from .pictures import SHEET

MODES = ("Free play", "Continue", "Campaign", "Practice", "Spectate")
SUBTITLE = "a table game of Landmarks, Companies and Towers"
SETPIECES = ("piles", "card", "slot", "event", "drop", "fanfare")


class TowerDreamFrontend(GameFrontend):
    MODES = MODES
    SUBTITLE = SUBTITLE

    @property
    def campaign_stages(self) -> int:
        from .campaign import CAMPAIGN  # lazy: the scenes load when the game is played
        return len(CAMPAIGN)

    def mode_scene(self, m, mode: str):
        if mode == "Campaign":
            from .campaign import CampaignScene  # lazy: the scenes load when the game is played
            return CampaignScene()
        return super().mode_scene(m, mode)

    def demo_scene(self, seed: int):
        """Four CPU characters on a board, both drawn from ``seed``: the title's demo (never recorded)."""
        from .table import GameSetup, TableScene  # lazy: the scenes load when the game is played
        rng = Rng(seed)
        pool = list(CHARACTER_IDS)
        rng.shuffle(pool)
        boards = GAME.board_ids()
        board = boards[rng.below(len(boards))]
        return TableScene(GameSetup(board, seed, pool[:4], mode="demo"), demo=True)

    def draw_logo(self, m, surface, top: int) -> None:
        """The tower in the middle, floor by floor, and TOWER DREAM over it."""
        for i in range(18):
            y = 200 - i * 8
            pygame.draw.rect(surface, rgb15(56, 72, 136), (112, y, 32, 8))
            pygame.draw.rect(surface, rgb15(24, 32, 80), (112, y, 32, 8), 1)
            for wx in (117, 125, 133):
                lit = rgb15(248, 232, 144) if (i + wx) % 3 else rgb15(88, 96, 160)
                surface.set_at((wx, y + 3), lit)
                surface.set_at((wx + 1, y + 3), lit)
        pygame.draw.polygon(surface, GOLD, [(128, top - 14), (120, top - 4), (136, top - 4)])
        big_text(m, surface, "TOWER", 128, top, GOLD)
        big_text(m, surface, "DREAM", 128, top + 40, WHITE)

    def sprite_sheet(self):
        """Its sprite file and the sprites its screens need (the shell's ``Art`` loads it)."""
        return SHEET

    def sound_bank(self):
        """Its sound effects (the shell's ``Sound`` plays them by name beside its own)."""
        from .sounds import BANK  # lazy: its effects are made with numpy, for the window's sound only
        return BANK

    def bench_setup(self, seed: int, setpiece: bool):
        """``classic-10`` with four CPU characters; Lucky Star (its Card, Slot and fortune spaces)
        for the set pieces."""
        from .table import GameSetup  # lazy: the scenes load when the game is played
        return GameSetup("lucky-star" if setpiece else "classic-10", seed, ["joji", "yuka", "kenta", "hazumi"])

    def bench_ready(self, table) -> bool:
        """A built-up board: 40 turns in."""
        return table.game.turn >= 40 or table.game.awaiting() is None

    def bench_busy(self, table, setpiece: bool) -> bool:
        """All HUD up and a comment typing out (or, ``setpiece``, a set piece on screen)."""
        b = table.beat
        if setpiece:
            return b is not None and b.kind in SETPIECES
        return b is not None and b.box is not None and b.speaker is not None and b.box.typing()


from .. import GAME  # noqa: E402

FRONTEND = TowerDreamFrontend(GAME)

"""Tower Up on the shell's set-up (``scenes/setup.py``): its data (``SETUP``: the seats offered,
the players row, what is remembered, its help lines, the characters' ways of playing) and its
preview, the city the seats filled play (UG1.2). The option's words and help are in ``GAME.options``."""
from __future__ import annotations

from types import SimpleNamespace

import pygame

from ....frontend.constants import WHITE
from ....frontend.scenes.setup import SetupScreen, plays_in
from ....frontend.text import tr
from ....platform.roster import CHARACTER_IDS
from .. import GAME
from ..data import HERE, STANDARD
from .cityview import CityView
from .layout import MAP

START = "Start: play. Each turn: take a card or build; roofs move your vehicles. X: status, how to play."


def plays(cid: str) -> str:
    """How a character plays Tower Up (styles.yaml), in English (the screen translates it)."""
    return plays_in(HERE / "styles.yaml")[cid]


def city(players: int, chosen: str = STANDARD):
    """The city ``players`` seats play, ``chosen`` (the city option, when a player's own file gives one) or not."""
    return GAME.rules_for(max(2, players), chosen).city


def players_words(n: int) -> str:
    """The players row's value: how many, and the sites of their city."""
    return tr("{k} ({sites} site(s))", k=n, sites=len(city(n).sites))


def preview(scene, m, surface, row: str, y: int) -> int:
    """The city of the seats filled, small (districts, parks, streets, its empty sites), and what
    it is (the players row) or how a turn goes (Start) under it."""
    here = city(scene.players, scene.options.get("city", STANDARD))
    pic = scene._cache.get(here.id)
    if pic is None:

        full = pygame.Surface((256, 224))
        empty = SimpleNamespace(fl=[[] for _ in here.sites], rf=[[] for _ in here.sites])
        CityView(here).draw(full, empty, 0, [0, 1, 2, 3])
        pic = scene._cache[here.id] = pygame.transform.scale(full.subsurface(MAP), (96, 96 * MAP[3] // MAP[2]))
    surface.blit(pic, (152, y - 4 + (100 - pic.get_height()) // 2))
    if row == "start":
        text = tr(START)
    else:
        text = tr("{k} player(s): {sites} site(s) in {d} district(s), {p} by a park (UG1.2).", k=scene.players,
                  sites=len(here.sites), d=len(here.districts), p=sum(here.park))
    y += 100
    for line in m.font.wrap(text, 92, "small")[:(204 - y) // 9]:
        m.font.draw(surface, line, 154, y, WHITE, "small")
        y += 9
    return y


SETUP = SetupScreen(
    title="SET UP TOWER UP", rows=("seats", "players", "level", "options", "talk", "start"),
    seat_kinds=tuple(CHARACTER_IDS) + ("random",), human_takes_place=True,
    remember=("players", "extra_turn_on_last_roof"),
    helps={"level": "How well the characters play: easy slips now and then, normal weighs every move, hard looks "
                    "two turns ahead.", "players": "", "start": "", "few": "Two seats at least."},
    value_words={"players": players_words}, style_title="Style:", style=plays,
    preview=preview, preview_rows=("players", "city", "start"), lineup_rows=(),
    overlay_at=(4, 152, "left"), timer_at=(4, 140, "left"))     # on the skyline under the rows (issue 36)

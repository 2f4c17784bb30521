"""A game's front end as the shell knows it: ``GameFrontend``, every hook declared with its default.

``frontends.frontend_of(game_id)`` gives an instance (each game's ``tdream/games/<id>/frontend/__init__.py``
defines one, ``FRONTEND``; a game with no ``frontend`` module has no front end yet, and the title
leaves it out). The shell (title, Continue, records, bench, movies, the machine) uses nothing else
of a game's scenes. A game overrides what is its own; the rest is the shell's default.
"""
from __future__ import annotations

import importlib
import inspect
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..platform.roster import CHARACTER_IDS
from ..rng import Rng
from .constants import GOLD, rgb15
from .setups import MatchSetup
from .widgets import big_text

if TYPE_CHECKING:
    from .scenes.setup import SetupScreen
    from .table import TableScene


class GameFrontend:
    #: the title menu's items of this game (the shell adds Records, Options, Quit and handles Continue)
    MODES: tuple[str, ...] = ("Free play", "Continue", "Practice", "Spectate")
    #: the line under the title's logo
    SUBTITLE: str = ""

    def __init__(self, gamedef) -> None:
        self.gamedef = gamedef

    @property
    def campaign_stages(self) -> int:
        """How many stages the game's Campaign has (0: none; the records database keeps the progress)."""
        return 0

    # ---------------------------------------------------------------- scenes
    def mode_scene(self, m, mode: str):
        """The scene a title menu item opens (its set-up): the shell's seats-and-options set-up."""
        if mode not in self.MODES:
            raise ValueError(f"{self.gamedef.name} has no mode {mode!r}")
        from .scenes.setup import SetupScene  # start-up: the title's first frame needs no set-up
        return SetupScene(self.gamedef.id, mode)

    def own(self, module: str, name: str, default: Any = None) -> Any:
        """``name`` of the game's front-end module ``module`` (``frontend/<module>.py``, beside
        its ``__init__``), or ``default`` when the game has no such module or name. The module is
        imported when first asked: the title shows every game and loads none of their scenes."""
        package = type(self).__module__
        try:
            found = importlib.import_module(f"{package}.{module}")
        except ModuleNotFoundError as e:
            if e.name == f"{package}.{module}":
                return default
            raise
        return getattr(found, name, default)

    def setup_screen(self):
        """What the shell's set-up shows of this game beyond its ``GameDef`` (``scenes.setup.
        SetupScreen``: rows' order, seat kinds, what is remembered, help lines, a preview drawing):
        its ``setup.py``'s ``SETUP``, or a plain one."""
        from .scenes.setup import SetupScreen  # start-up: the title's first frame needs no set-up
        return self.own("setup", "SETUP") or SetupScreen()

    def table_scene(self, setup: MatchSetup, demo: bool = False) -> TableScene:
        """The scene that plays a ``MatchSetup`` (new, resumed, practice, a record watched): its
        ``table.py``'s ``TableScene``."""
        scene = self.own("table", "TableScene")
        if scene is None:
            raise NotImplementedError(f"{self.gamedef.id} has no frontend/table.py TableScene")
        return scene(setup, demo=demo)

    def demo_scene(self, seed: int) -> TableScene:
        """The title's demo: the game's characters (or its CPU players) at a table, nothing recorded."""
        game = self.gamedef
        pool = [c for c in CHARACTER_IDS if c in game.cpu_kinds()] or \
            [k for k in game.cpu_kinds() if k != "random"] or ["random"]
        Rng(seed).shuffle(pool)
        seats = [pool[i % len(pool)] for i in range(game.default_seats)]
        return self.table_scene(MatchSetup(game.id, seed, seats, {}, mode="demo"), demo=True)

    def draw_logo(self, m, surface, top: int) -> None:
        """The title's picture: the game's name, large."""
        big_text(m, surface, self.gamedef.name.upper(), 128, top, GOLD)

    def autopilot(self, **kwargs):
        """A pad that plays a whole game from power on (movies, ``tdream bench``): the shell's,
        with the game's ``autopilot.py`` ``PILOT`` (how its prompts are answered) when it has one."""
        from .autopilot import Autopilot  # movies and bench only, not the title
        pilot = self.own("autopilot", "PILOT")
        return Autopilot(self.gamedef.id, pilot=pilot() if pilot is not None else None, **kwargs)

    # ---------------------------------------------------------------- bench (``<id>_frame_ms_p99``)
    def bench_setup(self, seed: int, setpiece: bool) -> MatchSetup:
        """The match whose busiest screen ``tdream bench`` times."""
        game = self.gamedef
        kinds = [k for k in game.cpu_kinds() if k != "random"][:1] or ["random"]
        return MatchSetup(game.id, seed, [kinds[0]] * game.default_seats, {})

    def bench_ready(self, table) -> bool:
        """The table has got far enough to be busy."""
        return table.game.progress() >= 4 or table.game.awaiting() is None

    def bench_busy(self, table, setpiece: bool) -> bool:
        """This frame is one of the busy ones timed."""
        return table.beat is not None

    # ---------------------------------------------------------------- learning it at the table (issue 36)
    def folder(self):
        """The game's front-end folder (its sprites, words, How-to-play pages and rule texts)."""
        return Path(inspect.getfile(type(self))).parent

    def howto(self) -> list:
        """The How-to-play pages (``learn.Page``: the folder's ``howto.yaml``), or [] (the title
        and the pause menu then offer none). Raises DataError for a damaged file."""
        return self._learned("howto.yaml", [])

    def rule_texts(self) -> dict:
        """The text of each rule by its ID ({ID: {en, ja}}: the folder's ``rules.yaml``), or {}."""
        return self._learned("rules.yaml", {})

    def _learned(self, name: str, empty):
        key = (type(self), name)
        known = _LEARN.get(key)
        if known is None:
            from .learn import load_howto, load_rules  # How to play only
            path = self.folder() / name
            known = _LEARN[key] = ((load_howto if name == "howto.yaml" else load_rules)(path) if path.exists()
                                   else empty)
        return known

    def howto_pictures(self) -> dict:
        """The game's How-to-play pictures by name: ``fn(m, surface, x, y, w, h)`` draws one in
        that rectangle with the table's own pieces (a board, a card, a sheet): its ``howto.py``'s
        ``PICTURES`` (``howto_paint.Pictures``: its ``howto-pictures.yaml``), or none."""
        return self.own("howto", "PICTURES", {})

    def draw_howto(self, m, surface, picture: str, rect) -> None:
        """A How-to-play page's picture (its ``picture`` name) in ``rect`` (x, y, w, h): a ground a
        little darker than the window, then the game's drawing (``howto_pictures``), kept inside."""
        import pygame  # pygame: only where a surface or the window is made

        pygame.draw.rect(surface, rgb15(16, 24, 72), rect)
        fn = self.howto_pictures().get(picture)
        if fn is not None:
            before = surface.get_clip()
            surface.set_clip(rect)
            fn(m, surface, *rect)
            surface.set_clip(before)

    # ---------------------------------------------------------------- pictures and sounds
    def sprite_sheet(self):
        """The game's own sprites (``frontend/art.py``), or None."""
        return None

    def sound_bank(self):
        """The game's own effects and loops (``frontend/sound.py``), or None."""
        return None


_LEARN: dict = {}        # (a front end's class, howto.yaml or rules.yaml) -> its pages or rules, read once


__all__ = ["GameFrontend"]

"""Driving Tower Dream's table headless for the front end's tests: a Practice table from a
scenario's position (four human seats, one pad each), presses on one pad, the prompts reached."""
from __future__ import annotations

from tdream.frontend.constants import A
from tdream.frontend.run import Headless
from tdream.frontend.settings import Settings
from tests.conftest import ROOT

SCENARIOS = ROOT / "scenarios" / "towerdream"
ALL = 0b1111                          # four pads connected


class Table:
    """A headless machine at a Tower Dream table (``t``), pads all connected."""

    def __init__(self, setup, settings=None, record_path=None, pads: int = ALL) -> None:
        self.h = Headless(seed=setup.seed, setup=setup, settings=settings or Settings(), record_path=record_path)
        self.m = self.h.machine
        self.t = self.m.stack[0]
        self.pads = pads

    def step(self, buttons=0, pad: int = 0, n: int = 1) -> None:
        for _ in range(n):
            pressed = [0, 0, 0, 0]
            pressed[pad] = buttons
            self.h.step(tuple(pressed), self.pads)

    def tap(self, button: int, pad: int = 0, wait: int = 3) -> None:
        self.step(button, pad)
        self.step(0, pad, wait)

    def until(self, done, limit: int = 6000) -> None:
        """Step (pressing nothing) until ``done(t)``; AssertionError past ``limit`` frames."""
        for _ in range(limit):
            if done(self.t):
                return
            self.step()
        raise AssertionError("never reached")

    def prompt(self, kind: str, limit: int = 6000):
        """The first prompt of class ``kind`` once it takes presses (no beat playing, past the guard)."""
        t = self.t
        self.until(lambda t: t.beat is None and t.prompt is not None and type(t.prompt).__name__ == kind
                   and t.prompt_age >= t.prompt_guard and self.m.stack[-1] is t, limit)
        return t.prompt

    def roll(self, value: int, pad: int = 0) -> None:
        """Stop the die on ``value`` (its spin shows a face a frame: A on the frame it shows it)."""
        prompt = self.prompt("DicePrompt")
        for _ in range(2000):
            if prompt.face.value == value:
                self.step(A, pad)
                self.step(0, pad)
                return
            self.step(0, pad)
        raise AssertionError(f"the die never showed {value}")

    def point(self, land: str) -> None:
        """The Land prompt's cursor on ``land`` (as the d-pad would bring it)."""
        prompt = self.t.prompt
        x = self.t.game.land_index(land)
        prompt.index = next(i for i, (y, _, _) in enumerate(prompt.options) if y == x)


def practice(name: str, lang: str = "en", record_path=None, **settings) -> Table:
    """Practice from the scenario ``name`` (its position; its steps are not played)."""
    from tdream.frontend.match import MatchSetup
    from tdream.platform.scenario import load_scenario
    sc = load_scenario(SCENARIOS / name)
    setup = MatchSetup("towerdream", sc.seed, [s.kind for s in sc.seats], dict(sc.options), scenario=sc,
                       mode="practice")
    return Table(setup, Settings(language=lang, **settings), record_path)


def texts_drawn(table: Table) -> list[tuple[str, int, int, int, int]]:
    """The texts one frame draws, with where: (text, x, y, w, h)."""
    from tests.frontend.layout import DRAWING, watch
    watch()
    DRAWING.clear()
    table.h.frame()
    return [tuple(item[1:]) for item in DRAWING if item[0] == "text"]

"""Tower Dream's screens of issue 36, reached by pad input, for golden frames (the game's older
screens are tests/frontend/screens.py's): a card and an Event told whole over their pages at a
table of the longest names, in both languages; the speedrun overlays with four pads on the table,
the status screen and the set-up; a take-back at the die and at the Build; a refused Land's rule
and its page; a Landmark and a Build that end the game; How to play; the turn log; a merger's
sale and bonuses; the slot's result with the machine up."""
from __future__ import annotations

from tdream.frontend.constants import A, B, DOWN, R, RIGHT, SELECT, START, X
from tdream.frontend.settings import Settings
from tdream.games.towerdream.frontend import FRONTEND
from tdream.games.towerdream.frontend.table import GameSetup
from tests.frontend.screens import LONG_NAMES, keep

from .helpers import ALL, Table, practice

DRAWN: dict = {}          # shot name -> what was drawn (tests/frontend/layout.problems)
LAYOUT: dict = {}


class Shots:
    def __init__(self, prefix: str = "") -> None:
        self.prefix = prefix
        self.frames: dict = {}

    def shot(self, table: Table, name: str) -> None:
        self.frames[self.prefix + name] = keep(self.prefix + name, table.h, DRAWN, LAYOUT)


def _told_whole(shots: Shots, lang: str) -> None:
    """The first card (in English the first one longer than the box) and the first Event told at a
    table of the longest names (Lucky Star), a shot of each page once it is typed out: every word
    on some page (issue 36)."""
    table = Table(GameSetup("lucky-star", 1, LONG_NAMES), Settings(language=lang), pads=0b0001)
    t, m = table.t, table.m
    pilot = FRONTEND.autopilot()
    done: set = set()
    taken: set = set()
    alive: list = []             # the beats shot, kept so that no later beat takes one's id
    for _ in range(60000):
        beat = t.beat
        if beat is not None and beat.kind in ("card", "event") and beat.box is not None and beat.kind not in done:
            short = beat.kind == "card" and lang == "en" and len(beat.box.pages) < 2
            if not short and not beat.box.typing() and (id(beat), beat.box.page) not in taken:
                taken.add((id(beat), beat.box.page))
                alive.append(beat)
                shots.shot(table, f"long-{beat.kind}-{beat.box.page + 1}")
                if not beat.box.more():
                    done.add(beat.kind)
        if {"card", "event"} <= done:
            return
        table.h.step(pilot.buttons(m), 0b0001)
    raise AssertionError(f"never told: {done}")


def _overlays(shots: Shots) -> None:
    """Timer and input display on, four pads: the table (a prompt up), its status screen, the set-up."""
    settings = Settings(timer=True, input_display=True)
    table = Table(GameSetup("classic-10", 1, LONG_NAMES), settings)
    t = table.t
    pilot = FRONTEND.autopilot()
    for _ in range(60000):
        if t.beat is None and t.prompt is not None and t.prompt_age >= t.prompt_guard and t.game.turn >= 20:
            break
        table.h.step(pilot.buttons(table.m), ALL)
    shots.shot(table, "overlays-table")
    table.tap(X, wait=4)
    shots.shot(table, "overlays-status")
    table.tap(R, wait=4)
    table.tap(R, wait=4)
    shots.shot(table, "overlays-lines")
    from tdream.frontend.run import Headless
    h = Headless(seed=1, settings=Settings(timer=True, input_display=True))
    setup = Table.__new__(Table)
    setup.h, setup.m, setup.pads = h, h.machine, ALL
    setup.step(0, n=30)
    setup.tap(START, wait=8)
    setup.tap(A, wait=8)                  # Free play: the set-up
    shots.shot(setup, "overlays-setup")


def _take_backs(shots: Shots) -> None:
    """B at the die after a sale: "Take back the sale?"; B at the Build after a placement: build
    nothing, take it back, or back to the Lands."""
    table = practice("turn/sell_phase_bloom.yaml", shots.lang)
    prompt = table.prompt("SellPrompt")
    while prompt.menu.index != 0:         # a5
        table.tap(DOWN)
    table.tap(RIGHT)
    while prompt.menu.index != len(prompt.candidates):
        table.tap(DOWN)
    table.tap(A)
    table.prompt("DicePrompt")
    table.step(0, n=2)
    shots.shot(table, "take-back-offered")
    table.tap(B)
    shots.shot(table, "take-back")
    table.tap(A)
    table.prompt("SellPrompt")
    table.step(0, n=40)
    shots.shot(table, "taken-back")
    table = practice("company/start_company_choose_mark.yaml", shots.lang)
    table.roll(3)
    table.prompt("LandPrompt")
    table.point("c4")
    table.tap(A)
    table.prompt("MenuPrompt")
    shots.shot(table, "company-prices")
    table.tap(A)
    table.prompt("BuildPrompt")
    table.tap(B)
    shots.shot(table, "build-back")


def _rules_and_ends(shots: Shots) -> None:
    """A refused Land names its rule, Select shows it; the Landmark and the Build that end the game."""
    table = practice("company/level13_two_adjacent_illegal.yaml", shots.lang)
    table.roll(10)
    table.prompt("LandPrompt")
    table.point("e6")
    table.step(0, n=2)
    shots.shot(table, "refused-rule")
    table.tap(SELECT)
    shots.shot(table, "rule")
    table = practice("company/level13_survives_merge.yaml", shots.lang)
    table.roll(10)
    table.prompt("LandPrompt")
    table.point("e5")
    shots.shot(table, "ubbo-preview")
    table.tap(A)
    t = table.t
    seen = set()
    for _ in range(3000):                 # the merger: its banner, the sale, a bonus, each typed out
        beat = t.beat
        if beat is not None and beat.box is not None and not beat.box.typing():
            key = ("merge-banner" if "MERGER" in beat.title or "合併" in beat.title
                   else "merge-sale" if "Bank" in beat.text or "銀行" in beat.text
                   else "merge-bonus" if "Bonus" in beat.text or "ボーナス" in beat.text else None)
            if key and key not in seen:
                seen.add(key)
                shots.shot(table, key)
        if t.beat is None and t.prompt is not None:
            break
        table.step()
    assert {"merge-banner", "merge-sale", "merge-bonus"} <= seen, seen
    table.prompt("BuildPrompt")
    table.tap(START)
    for _ in range(2):
        table.tap(DOWN)                   # Resume, How to play, Turn log
    table.tap(A)
    shots.shot(table, "log")
    table = practice("build_end/end_threshold_classic7.yaml", shots.lang)
    table.roll(10)
    table.prompt("LandPrompt")
    table.point("d7")
    table.tap(A)
    table.prompt("BuildPrompt")
    table.tap(B)
    table.tap(A)
    table.roll(10, pad=1)
    table.prompt("LandPrompt")
    table.point("e6")
    shots.shot(table, "last-landmark")
    table.step(A, pad=1)
    table.step(0, pad=1, n=3)
    table.prompt("BuildPrompt")
    shots.shot(table, "last-build")


def _slot(shots: Shots) -> None:
    """The slot's result typed out with the machine up, its matched reels flashing."""
    table = practice("events/slot_seven.yaml", shots.lang)
    t = table.t
    table.roll(4)
    table.prompt("SlotPrompt")
    for _ in range(4):
        table.tap(A, wait=5)
    for _ in range(3000):
        beat = t.beat
        if beat is not None and beat.kind == "slot" and beat.box is not None and not beat.box.typing():
            while (table.m.frame // 6) % 2:                   # the matched reel's frame lit
                table.step()
            shots.shot(table, "slot-result")
            return
        table.step()
    raise AssertionError("no slot result")


def _howto(shots: Shots) -> None:
    """How to play from the title: its eight pages."""
    from tdream.frontend.run import Headless
    h = Headless(seed=1, settings=Settings(language=shots.lang))
    title = Table.__new__(Table)
    title.h, title.m, title.pads = h, h.machine, 0b0001
    title.step(0, n=30)
    title.tap(START, wait=8)
    menu = title.m.stack[-1].menu
    while menu.items[menu.index] != "How to play":
        title.tap(DOWN)
    title.tap(A, wait=6)
    for k in range(8):
        shots.shot(title, f"howto-{k + 1}")
        title.tap(RIGHT, wait=4)


def capture() -> dict:
    frames: dict = {}
    for lang, prefix in (("en", ""), ("ja", "ja-")):
        shots = Shots(prefix)
        shots.lang = lang
        _told_whole(shots, lang)
        _take_backs(shots)
        _rules_and_ends(shots)
        _slot(shots)
        _howto(shots)
        if lang == "en":
            _overlays(shots)
        frames.update(shots.frames)
    return frames

"""Every screen of the CAT TOWER front end, reached by pad input alone, for golden frames.

``capture(record)`` plays scripted sessions (from power on through the title and the set-up; a
whole game against three characters, steered into a house, a refusal of each kind, the pass and
the status; two humans on two pads; two and three players; a record watched) and returns
{name: 256x224 frame}; ``LAYOUT`` keeps each shot's visible texts for the "no text off the screen
or over another" check. The machine is a pure function of its seed and input.
"""
from __future__ import annotations

from tdream.frontend.constants import A, B, DOWN, RIGHT, SELECT, START, UP, X, Y
from tdream.frontend.settings import Settings
from tdream.games.cattower import queries
from tdream.games.cattower.answers import Drawing
from tdream.games.cattower.frontend import FRONTEND
from tdream.games.cattower.frontend.prompts import pair_spend
from tdream.games.cattower.frontend.table import CatTowerSetup, TableScene
from tests.frontend.screens import LONG_NAMES, CheckedHeadless, _watch_drawing, keep, long_names, record_path

SEED = 1
LAYOUT: dict = {}        # shot name -> the texts left visible on it: (text, x, y, w, h)
DRAWN: dict = {}         # shot name -> its drawing (tests/frontend/layout.py checks it)


class Session:
    def __init__(self, frames: dict, prefix: str = "", seed: int = SEED, setup=None, settings=None,
                 connected: int = 0b0001, record_path=None) -> None:
        self.h = CheckedHeadless(seed=seed, setup=setup, settings=settings or Settings(talk="always"),
                                 record_path=record_path)
        self.m = self.h.machine
        self.frames = frames
        self.prefix = prefix
        self.connected = connected

    def step(self, buttons=0, n: int = 1) -> None:
        for _ in range(n):
            self.h.step(buttons if isinstance(buttons, tuple) else (buttons, 0, 0, 0), self.connected)

    def tap(self, button: int, wait: int = 6, pad: int = 0) -> None:
        press = [0, 0, 0, 0]
        press[pad] = button
        self.step(tuple(press))
        self.step(0, wait)

    def shot(self, name: str) -> None:
        name = self.prefix + name
        self.frames[name] = keep(name, self.h, DRAWN, LAYOUT)

    @property
    def top(self):
        return self.m.stack[-1]

    @property
    def table(self) -> TableScene:
        return next(s for s in self.m.stack if isinstance(s, TableScene))

    def until(self, test, frames: int = 20000, buttons=0) -> None:
        for _ in range(frames):
            if test():
                return
            self.step(buttons(self.m) if callable(buttons) else buttons)
        raise AssertionError(f"never reached: {test.__doc__ or test}")

    def prompt(self, seat: int = 0):
        t = self.table
        p = t.prompts.get(seat)
        return p if p is not None and (t.beat is None or t.beat.kind == "ready") and p.age >= TableScene.prompt_guard \
            and p.answer is None else None


def steer(s: Session, ap, seat: int, answer, frames: int = 200) -> None:
    """Press (every other frame, as the autopilot does) until the seat's prompt is on ``answer``
    (without choosing it)."""
    p = s.prompt(seat)
    for _ in range(frames):
        ap.planned[seat] = (p, answer)
        b = ap.pilot.answer(ap, s.table, p, seat)
        if b == A:
            ap.planned.pop(seat, None)
            s.step(0, 4)
            return
        s.tap(b, 1, pad=s.table.pad_of[seat])
    raise AssertionError("could not steer the prompt")


def _title(frames: dict, prefix: str = "", settings=None) -> None:
    from tdream.frontend.scenes.title import DEMO_AFTER, DemoScene
    s = Session(frames, prefix, settings=settings or Settings())
    s.step(0, 4)
    while s.top.game != "cattower":
        s.tap(RIGHT, 2)
    s.step(0, 40)
    s.shot("title")
    if not prefix:
        s.step(0, DEMO_AFTER + 1500)
        assert isinstance(s.top, DemoScene)
        s.shot("demo")
        s.tap(A)
    s.tap(START)
    s.shot("title-menu")
    _howto(s)
    s.tap(A)                                   # Free play
    s.step(0, 4)
    s.shot("setup")
    for _ in range(8):
        s.tap(UP, 2)                           # seat 2: a character
    s.shot("setup-seat")
    for _ in range(5):
        s.tap(DOWN, 2)                         # dishes
    s.tap(RIGHT)                               # each kind
    s.shot("setup-options")


def _howto(s: Session) -> None:
    """The title menu's How to play (issue 36): every page, one screen each; A on the last shows
    the first rule it sums up; B twice back on the title menu's first item."""
    from tdream.frontend.scenes.learn import HowToScene, RuleScene
    menu = s.top.menu
    while menu.items[menu.index] != "How to play":
        s.tap(DOWN, 2)
    s.tap(A)
    assert isinstance(s.top, HowToScene)
    pages = len(s.top.screens(s.m))
    for k in range(pages):
        while (s.m.frame // 15) % 2:               # the "more" arrow: on
            s.step()
        s.shot(f"howto-{k + 1}")
        if k + 1 < pages:
            s.tap(RIGHT, 2)
    s.tap(A)
    assert isinstance(s.top, RuleScene)
    s.shot("howto-rule")
    s.tap(B)
    s.tap(B)
    while menu.index:
        s.tap(UP, 2)


def _game(frames: dict, prefix: str = "", settings=None) -> None:
    """One human (pad 1) against three characters: every prompt, refusal and screen of a round,
    steered into two houses (the second refused the good of the first)."""
    s = Session(frames, prefix, setup=CatTowerSetup(SEED, ["human", "joji", "yuka", "kenta"]), settings=settings)
    t = s.table
    ap = FRONTEND.autopilot()
    shots = {
        "roll": lambda b: b.kind == "roll" and b.age == 10,
        "comment": lambda b: b.kind == "say" and b.speaker is not None and b.age == 8 and t.game.round >= 3,
        "drawn": lambda b: b.kind == "draw" and b.age == 5 and t.game.round >= 4,
        "tower": lambda b: b.kind == "banner" and b.title.startswith(("TOWER", "タワー")) and b.age == 6,
    }
    houses = {"n": 0}

    def play_until(test, frames=40000):
        for _ in range(frames):
            if test():
                return
            b = t.beat
            for name, want in shots.items():
                if s.prefix + name not in s.frames and b is not None and want(b):
                    s.shot(name)
            p = s.prompt(0)
            if p is not None and p.kind == "draw" and houses["n"] < 2 and t.game.round >= 2 + houses["n"] * 3 \
                    and houses.get("last") is not p:
                legal = [a for a in t.game.legal_answers(0) if type(a) is Drawing and a.good == 1]
                if legal:
                    ap.planned[0] = (p, legal[0])
                    houses["n"] += 1
                    houses["last"] = p
            if p is not None and p.kind == "roll" and s.prefix + "own-roll" not in s.frames and t.game.round >= 4:
                s.step(0, 7)                    # his dice tumble (issue 23): a few frames in
                s.shot("own-roll")
            if p is not None and p.kind == "draw" and s.prefix + "near-end" not in s.frames \
                    and queries.near_end(t.shown, 0):
                s.shot("near-end")
            s.step(ap.buttons(s.m))
        raise AssertionError("never reached")

    play_until(lambda: s.prompt(0) is not None and s.prompt(0).kind == "draft"
               and any(v not in t.game.pool for v in s.prompt(0).dice))
    p = s.prompt(0)
    s.shot("draft")
    while p.value in t.game.pool:
        s.tap(RIGHT, 2)
    s.shot("draft-taken")
    s.tap(A, 2)
    s.shot("draft-refused")
    s.step(0, 200)
    sheet = t.game.sheet

    def refusable():
        p = s.prompt(0)
        return p is not None and p.kind == "draw" and t.game.round >= 3 and any(
            p.cost(g, sheet.floor_of[c]) <= p.fp for c, have in enumerate(t.game.cells[0]) if have
            for g in range(1, 7))
    play_until(refusable)
    p = s.prompt(0)
    s.shot("draw")
    s.tap(Y, 4)
    s.shot("draw-points")                       # Y: what the good adds on every cell
    s.tap(Y, 4)
    filled = [(g, c) for c, have in enumerate(t.game.cells[0]) if have for g in range(1, 7)
              if p.cost(g, sheet.floor_of[c]) <= p.fp]
    g, c = filled[0]
    steer(s, ap, 0, Drawing(g, sheet.cells[c], (0, 0)))
    s.shot("draw-filled")
    s.tap(A, 2)
    s.shot("draw-refused")
    s.tap(SELECT, 4)                            # the rule the refusal names (issue 36)
    s.shot("draw-rule")
    s.tap(B, 4)
    s.step(0, 200)
    far = [(g, c) for c in range(len(sheet.cells)) for g in range(1, 7) if not t.game.cells[0][c]
           and p.cost(g, sheet.floor_of[c]) > p.fp]
    g, c = max(far, key=lambda gc: (p.cost(gc[0], sheet.floor_of[gc[1]]), -gc[1], gc[0]))
    steer(s, ap, 0, Drawing(g, sheet.cells[c], pair_spend(p.x, p.y, g, sheet.floor_of[c])))
    s.tap(A, 2)
    s.shot("draw-cost-refused")
    s.step(0, 200)
    s.tap(B)
    s.shot("pass")
    s.tap(B)
    s.tap(X)
    s.shot("status")
    s.tap(B)
    s.tap(START)
    s.shot("pause")
    menu = s.top.menu
    while menu.items[menu.index] != "Turn log":
        s.tap(DOWN, 2)
    s.tap(A)
    s.shot("turn-log")                          # what happened lately, as told (issue 36)
    s.tap(B)
    s.tap(B)
    play_until(lambda: s.prompt(0) is not None and s.prompt(0).kind == "house")
    s.shot("house")
    play_until(lambda: s.prompt(0) is not None and s.prompt(0).kind == "house" and s.prompt(0).chosen)
    p = s.prompt(0)
    while p.good != p.chosen[0]:
        s.tap(DOWN, 2)
    s.tap(A, 2)
    s.shot("house-refused")
    s.step(0, 200)
    play_until(lambda: s.prompt(0) is not None and s.prompt(0).kind == "draw" and s.prompt(0) is not p)
    p = s.prompt(0)
    s.tap(B)
    s.tap(A, 2)                                 # a pass, and the others still drawing: READY
    s.until(lambda: 0 in t.ready and t.beat is None, 400)
    s.shot("ready")
    from tdream.frontend.scenes.results import ResultsScene
    play_until(lambda: isinstance(s.top, ResultsScene), 80000)
    s.step(0, 40)
    while (s.m.frame // 30) % 2:
        s.step()
    s.shot("results")
    if not prefix:
        missing = {k for k in ("roll", "comment", "drawn", "tower", "near-end", "own-roll")} - set(s.frames)
        assert not missing, missing


def _two_pads(frames: dict) -> None:
    """Two humans, each on his own pad: two cursors and previews at once; READY hides a choice;
    X on pad 2 while pad 1 draws: his own status over his own sheet (four players: two pages;
    three: one)."""
    s = Session(frames, setup=CatTowerSetup(4, ["human", "human", "hazumi", "marimo"]), connected=0b0011)
    t = s.table
    ap = FRONTEND.autopilot(pad=-1)
    s.until(lambda: s.prompt(0) is not None and s.prompt(1) is not None and s.prompt(0).kind == "draw"
            and t.game.round >= 2, 8000, lambda m: ap.buttons(m))
    s.tap(RIGHT, 2, pad=1)
    s.tap(UP, 6, pad=0)
    s.shot("two-draw")
    s.until(lambda: 1 in t.ready and t.beat is None, 600, lambda m: (0,) + ap.buttons(m)[1:])
    s.shot("two-ready")
    s.tap(X, 6, pad=1)                         # pad 2's X while pad 1 draws: his status over his quadrant
    s.shot("two-peek")
    s.tap(RIGHT, 6, pad=1)
    s.shot("two-peek-towers")
    s.tap(B, 6, pad=1)                         # the peek closed: nothing taken back
    assert t.game.pending[1] is not None
    s.tap(B, 6, pad=1)                         # B again: his drawing taken back, his prompt up again (CG2.4)
    s.until(lambda: s.prompt(1) is not None, 200)
    s.step(0, 2)
    s.shot("two-taken-back")
    s = Session(frames, setup=CatTowerSetup(7, ["human", "human", "cosmic-will"]), connected=0b0011)
    t = s.table
    ap = FRONTEND.autopilot(pad=-1)
    s.until(lambda: s.prompt(0) is not None and s.prompt(1) is not None and s.prompt(0).kind == "draw"
            and t.game.round >= 5, 12000, lambda m: ap.buttons(m))
    s.tap(X, 6, pad=1)                         # three columns: both pages in his column at once
    s.shot("three-peek")


def _fewer(frames: dict, prefix: str = "", settings=None, only: str = "") -> None:
    """Two and three players: larger sheets side by side (three: a long name takes the header
    whole, the total standing in the parts' last place)."""
    for name, seats, seed in (("two-players", ["human", "yuderu"], 6), ("three-players", ["human", "tamasaburo",
                                                                                          "cosmic-will"], 7)):
        if only and name != only:
            continue
        s = Session(frames, prefix, setup=CatTowerSetup(seed, seats), settings=settings)
        t = s.table
        ap = FRONTEND.autopilot()
        s.until(lambda: s.prompt(0) is not None and s.prompt(0).kind == "draw" and t.game.round >= 4, 8000,
                lambda m: ap.buttons(m))
        s.step(0, 4)
        s.shot(name)


def practice(name: str):
    from pathlib import Path

    from tdream.platform.scenario import load_scenario
    sc = load_scenario(Path(__file__).parent / "data" / f"{name}.yaml")
    return CatTowerSetup(sc.seed, [s.kind for s in sc.seats], dict(sc.options), scenario=sc, mode="practice")


def _practice(frames: dict, prefix: str = "", settings=None) -> None:
    """A position played as practice: a rival one cell from his third tower (C4.2)."""
    s = Session(frames, prefix, setup=practice("near-end"), settings=settings)
    ap = FRONTEND.autopilot()
    s.until(lambda: s.prompt(0) is not None and s.prompt(0).kind == "draw", 3000, lambda m: ap.buttons(m))
    s.step(0, 4)
    while (s.m.frame // 10) % 2:                  # the last cell blinks: on
        s.step()
    s.shot("practice-near-end")


def _long(frames: dict, prefix: str = "", settings=None) -> None:
    """Four players of the longest names, to the results; the quit confirmation on the way; the
    text box at its fullest."""
    s = Session(frames, prefix, setup=CatTowerSetup(3, LONG_NAMES), settings=settings,
                record_path=record_path("cattower"))
    long_names(s, FRONTEND.autopilot(), lambda t: s.prompt(0) is not None and s.prompt(0).kind == "draw" and t.game.round >= 4)


def _end(frames: dict, prefix: str = "", settings=None) -> None:
    """One cell from his own third tower, behind (issue 36): the first cursor elsewhere; on that
    cell the prompt says the drawing ends the game (C4.2); A asks once more, with the scores."""
    s = Session(frames, prefix, setup=practice("own-end"), settings=settings)
    ap = FRONTEND.autopilot()
    s.until(lambda: s.prompt(0) is not None and s.prompt(0).kind == "draw", 3000, lambda m: ap.buttons(m))
    p = s.prompt(0)
    sheet = s.table.game.sheet
    end = sheet.index("t5f5")
    while p.cursor != end:
        t, f = sheet.tower_of[p.cursor], sheet.floor_of[p.cursor]
        s.tap(RIGHT if t < 5 else UP if f < 5 else DOWN, 2)
    s.step(0, 4)
    s.shot("end-warning")
    s.tap(A, 6)
    assert p.mode == "end"
    s.shot("end-confirm")


def _overlays(frames: dict) -> None:
    """Timer and input display on, four people on four pads: the overlays at the band's right
    end, the tray left of them (issue 36)."""
    st = Settings(talk="always", timer=True, input_display=True)
    s = Session(frames, setup=CatTowerSetup(5, ["human", "human", "human", "human"]), settings=st, connected=0b1111)
    t = s.table
    ap = FRONTEND.autopilot(pad=-1)
    s.until(lambda: t.game.round >= 2 and s.prompt(0) is not None and s.prompt(0).kind == "draft", 20000,
            lambda m: ap.buttons(m))
    s.step(0, 4)
    s.shot("overlays")


def _replay(frames: dict, record) -> None:
    from tdream.platform.record import load_record
    rec = load_record(str(record))
    s = Session(frames, setup=CatTowerSetup(rec.setup.seed, list(rec.setup.kinds), dict(rec.setup.options),
                                            replay=rec, speed=2))
    s.step(0, 900)
    s.shot("replay")
    s.tap(B)
    s.shot("replay-jump")


def capture(record) -> dict:
    _watch_drawing()
    frames: dict = {}
    _title(frames)
    _game(frames)
    _two_pads(frames)
    _fewer(frames)
    _practice(frames)
    _long(frames)
    _end(frames)
    _overlays(frames)
    _replay(frames, record)
    ja = Settings(language="ja", talk="always")
    _title(frames, "ja-", Settings(language="ja"))
    _game(frames, "ja-", ja)
    _practice(frames, "ja-", ja)
    apart: dict = {}                          # the shell's long_names looks for its shots unprefixed too
    _long(apart, "ja-", ja)
    frames.update(apart)
    _end(frames, "ja-", ja)
    _fewer(frames, "ja-", ja, "three-players")
    return frames

"""Every screen of the front end, reached by pad input alone from power on, for golden frames.

``capture()`` plays scripted sessions (the autopilot plus a few presses of X, Start, Select,
L/R) and returns {name: 256x224 frame}. The machine is a pure function of its seed and input, so
each frame is the same on every run with the same pygame-ce.
"""
from __future__ import annotations

from tdream.games.towerdream.frontend.autopilot import Autopilot
from tdream.frontend.constants import A, B, DOWN, R, SELECT, START, X
from tdream.frontend.run import Headless

SEED = 1
DRAW_EVERY = 16          # frames between two purity checks while the scripts play
IMPURE: list = []        # (frame, scenes) where drawing changed the hashed state (issue 14)


class CheckedHeadless(Headless):
    """A headless machine that every DRAW_EVERY frames draws a frame and checks that drawing
    left the state hash as it was (a movie recorded in a window must verify headless)."""

    def step(self, buttons=(0, 0, 0, 0), connected: int = 0b0001, draw: bool = False):
        super().step(buttons, connected, False)
        m = self.machine
        if m.stack and (draw or m.frame % DRAW_EVERY == 0):
            self.frame()
        return self.surface

    def frame(self):
        m = self.machine
        before = m.state_hash()
        m.draw(self.surface)
        if m.state_hash() != before and len(IMPURE) < 10:
            IMPURE.append((m.frame, [type(sc).__name__ for sc in m.stack]))
        return self.surface


LAYOUT: dict = {}        # shot name -> the texts left visible on it: (text, x, y, w, h)
_DRAWN: list = []        # while a shot is drawn: ("text", ...) and ("cover", x, y, w, h) in order


def _watch_drawing() -> None:
    """Log every text and every opaque window drawn on the 256x224 frame (the layout test)."""
    import pygame

    from tdream.frontend import font, widgets
    if getattr(font.Font.draw, "watched", False):
        return
    draw, window = font.Font.draw, widgets.window

    def logged_draw(self, surface, text, x, y, colour=(248, 248, 248), face="main", shadow=None, align="left"):
        w = draw(self, surface, text, x, y, colour, face, shadow, align)
        if surface.get_size() == (256, 224) and text.strip():
            left = x - w if align == "right" else x - w // 2 if align == "centre" else x
            _DRAWN.append(("text", text, left, y, w, self.height(face)))
        return w

    def logged_prefix(self, surface, text, count, x, y, colour=(248, 248, 248), face="main"):
        draw(self, surface, text[:count], x, y, colour, face) if count < len(text) else draw(
            self, surface, text, x, y, colour, face)
        if surface.get_size() == (256, 224) and text.strip():
            _DRAWN.append(("text", text, x, y, self.width(text, face), self.height(face)))

    def logged_window(surface, rect, *args, **kwargs):
        window(surface, rect, *args, **kwargs)
        if surface.get_size() == (256, 224):
            _DRAWN.append(("cover",) + tuple(pygame.Rect(rect)))
    rect = pygame.draw.rect

    def logged_rect(surface, colour, r, width=0, *args, **kwargs):
        out = rect(surface, colour, r, width, *args, **kwargs)
        box = pygame.Rect(r)
        if width == 0 and surface.get_size() == (256, 224) and box.w * box.h >= 400:
            _DRAWN.append(("cover",) + tuple(box))
        return out
    logged_draw.watched = True
    font.Font.draw, font.Font.draw_prefix = logged_draw, logged_prefix
    pygame.draw.rect = logged_rect
    for module in [widgets] + [m for name, m in __import__("sys").modules.items()
                               if (name.startswith("tdream.frontend.scenes.") or
                                   (name.startswith("tdream.games.") and ".frontend." in name))
                               and getattr(m, "window", None) is window]:
        module.window = logged_window


def visible_texts(drawn: list) -> list:
    """The texts of a frame that no later window or panel lies on (those are the picture behind
    a dialog), each once (a shadow is its own text)."""
    out: list = []
    for i, item in enumerate(drawn):
        if item[0] != "text":
            continue
        _, text, x, y, w, h = item
        covered = any(c[0] == "cover" and c[1] < x + w and x < c[1] + c[3] and c[2] < y + h and y < c[2] + c[4]
                      for c in drawn[i + 1:])
        if covered or any(t == text and abs(x - a) <= 1 and abs(y - b) <= 1 for t, a, b, _, _ in out):
            continue
        out.append((text, x, y, w, h))
    return out


class Session:
    prefix = ""

    def __init__(self, seed: int = SEED, setup=None, settings=None) -> None:
        self.h = CheckedHeadless(seed=seed, setup=setup, settings=settings)
        self.m = self.h.machine
        self.frames: dict = {}

    def step(self, buttons=0, n: int = 1) -> None:
        for _ in range(n):
            self.h.step((buttons, 0, 0, 0))

    def tap(self, button: int, wait: int = 6) -> None:
        self.step(button)
        self.step(0, wait)

    def shot(self, name: str) -> None:
        _DRAWN.clear()
        self.frames[name] = self.h.frame().copy()
        LAYOUT[self.prefix + name] = visible_texts(_DRAWN)

    @property
    def top(self):
        return self.m.stack[-1]


def _title_screens(frames: dict, settings=None, prefix: str = "") -> None:
    s = Session(settings=settings)
    s.prefix = prefix
    s.step(0, 40)
    s.shot("title")
    from tdream.frontend.scenes.title import DEMO_AFTER, DemoScene
    s.step(0, DEMO_AFTER + 200)
    assert isinstance(s.top, DemoScene)
    s.shot("demo")
    s.tap(A)                          # any button: back to the title
    s.tap(START)
    s.shot("title-menu")
    for _ in range(s.top.menu.items.index("Options")):
        s.tap(DOWN)
    s.tap(A)                         # Options
    s.shot("options")
    for _ in range(len(__import__("tdream.frontend.scenes.pause", fromlist=["OPTION_ROWS"]).OPTION_ROWS)):
        s.tap(DOWN, 2)
    s.tap(A)                         # Controls...
    s.shot("controls")
    s.tap(B, 12)
    s.tap(B, 6)                      # options closed
    s.tap(B)                         # title menu closed
    s.tap(START)
    s.tap(A)                         # Free play
    s.shot("setup-board")
    for _ in range(3):
        s.tap(DOWN)
    s.shot("setup-seat")
    frames.update({prefix + k: v for k, v in s.frames.items()})


def _game_screens(frames: dict, settings=None, prefix: str = "") -> None:
    from tdream.games.towerdream.frontend.table import GameSetup, TableScene
    from tdream.frontend.scenes.results import ResultsScene
    s = Session(setup=GameSetup("classic-10", SEED, ["human", "joji", "yuka", "kenta"]), settings=settings)
    s.prefix = prefix
    ap = Autopilot()
    want = {"board", "dice", "walk", "fee", "comment", "place", "company", "build-land", "build-floors", "sell",
            "merge", "status-companies", "status-players", "status-lines", "pause", "overview", "panel"}
    m = s.m
    extras_done = False
    for _ in range(60000):
        top = s.top
        if isinstance(top, ResultsScene):
            s.step(0, 40)
            s.shot("results")
            break
        t = m.stack[0] if isinstance(m.stack[0], TableScene) else None
        if t is not None and top is t:
            beat, prompt = t.beat, (t.prompt if t.beat is None else None)
            name = None
            if m.frame == 30:
                name = "board"
            elif beat is not None:
                if beat.kind == "walk" and beat.age == 8:
                    name = "walk"
                elif beat.kind == "light" and beat.age == 4:
                    name = "fee"
                elif beat.kind == "say" and beat.speaker and beat.age == 4:
                    name = "comment"
                elif beat.kind == "fanfare" and beat.sound == "merge" and beat.age == 4:
                    name = "merge"
            elif prompt is not None:
                kind = type(prompt).__name__
                name = {"DicePrompt": "dice", "LandPrompt": "place", "SellPrompt": "sell"}.get(kind)
                if kind == "MenuPrompt" and prompt.answers[0].kind == "company":
                    name = "company"
                if kind == "BuildPrompt":
                    name = "build-floors" if prompt.count else "build-land"
            if name and name not in s.frames:
                s.shot(name)
            if not extras_done and t.game.turn >= 24 and beat is None and prompt is not None:
                extras_done = True
                s.tap(X)
                s.shot("status-companies")
                s.tap(R)
                s.shot("status-players")
                s.tap(R)
                s.shot("status-lines")
                s.tap(B)
                s.tap(SELECT)
                s.shot("overview")
                s.tap(SELECT)
                s.tap(R, 2)
                s.shot("panel")
                s.step(0, 160)
                s.tap(START)
                s.shot("pause")
                s.tap(B)
                continue
        s.h.step(ap.buttons(m))
    missing = want - set(s.frames)
    assert not missing, f"screens never reached: {sorted(missing)}"
    frames.update({prefix + k: v for k, v in s.frames.items()})


SETPIECES = {"pile-choice": "PilePrompt", "slot-stop": "SlotPrompt", "piles": "piles", "card": "card",
             "slot": "slot", "event": "event", "jackpot-drop": "drop"}


def _setpiece_screens(frames: dict) -> None:
    """Card piles, slot machine, Events, the Jackpot's drop: four humans on boards with Events."""
    from tdream.games.towerdream.frontend.table import GameSetup
    want = {v: k for k, v in SETPIECES.items()}
    for board, seed, kinds in (("lucky-star", 1, ["human"] * 4), ("meringue", 2, ["human"] * 4),
                               ("lucky-star", 3, ["joji", "yuka", "kenta", "hazumi"])):
        s = Session(seed=seed, setup=GameSetup(board, seed, kinds))
        t = s.m.stack[0]
        ap = Autopilot(pad=-1)
        for _ in range(30000):
            b = t.beat
            key = None
            if b is not None and b.kind in want and b.age == 20:
                key = b.kind
            elif b is None and t.prompt is not None and type(t.prompt).__name__ in want:
                key = type(t.prompt).__name__
            if key and want[key] not in frames:
                _DRAWN.clear()
                frames[want[key]] = s.h.frame().copy()
                LAYOUT[want[key]] = visible_texts(_DRAWN)
            s.h.step(ap.buttons(s.m), connected=0b1111)
            if t.game.over or len([k for k in SETPIECES if k in frames]) == len(SETPIECES):
                break
    missing = set(SETPIECES) - set(frames)
    assert not missing, f"set pieces never reached: {sorted(missing)}"


def _mode_screens(frames: dict) -> None:
    """Records, profiles, the name entry and the Campaign (issue 8), on a scripted database."""
    import tempfile
    from pathlib import Path

    from tdream.frontend.constants import RIGHT, UP
    from tdream.platform.database import RecordsDB, SeatResult as S
    with tempfile.TemporaryDirectory() as d:
        db = RecordsDB(Path(d) / "r.db")
        db.add_game("classic-7", {}, "free", "2026-11-01", None,
                    [S("Ann", "human", 1, 5000), S("joji", "cpu", 2, 4500), S("yuka", "cpu", 3, 100)])
        db.add_game("lucky-star", {}, "free", "2026-11-02", None,
                    [S("Ann", "human", 3, 200), S("joji", "cpu", 1, 9000), S("Bob", "human", 2, 800)])
        db.advance_campaign("Ann", 2, False)
        s = Session()
        s.h.machine.records = db
        s.step(0, 10)
        s.tap(START)
        for _ in range(s.top.menu.items.index("Records")):
            s.tap(DOWN)
        s.tap(A)
        s.shot("records")
        s.tap(A)
        s.shot("records-games")
        s.tap(B)
        s.tap(X)
        s.shot("records-erase")
        s.tap(B)
        s.tap(B)                                  # back to the title, its menu open
        s.tap(UP)
        for _ in range(s.top.menu.items.index("Records") - s.top.menu.items.index("Campaign") - 1):
            s.tap(UP)
        s.tap(A)                                  # Campaign: who?
        s.shot("profile")
        s.tap(DOWN)
        s.tap(DOWN)
        s.tap(A)                                  # New profile...
        for _ in range(2):
            s.tap(RIGHT)
        s.tap(A)                                  # C
        s.tap(DOWN)
        s.tap(DOWN)
        for _ in range(10):
            s.tap(RIGHT)
        s.tap(A)                                  # y
        s.shot("name-entry")
        s.tap(START)
        s.tap(RIGHT)                              # colour: the next one
        s.shot("profile-prefs")
        s.tap(START)
        s.step(0, 4)
        s.shot("campaign")
        db.close()
    frames.update(s.frames)


def capture() -> dict:
    _watch_drawing()
    frames: dict = {}
    _mode_screens(frames)
    _title_screens(frames)
    _game_screens(frames)
    _setpiece_screens(frames)
    from tdream.frontend.settings import Settings
    ja: dict = {}
    _title_screens(ja, Settings(language="ja"), "ja-")
    _game_screens(ja, Settings(language="ja"), "ja-")
    frames.update({k: v for k, v in ja.items() if k in JAPANESE})
    return frames


# The screens also kept in Japanese (the language option).
JAPANESE = ("ja-title-menu", "ja-options", "ja-setup-seat", "ja-comment", "ja-place", "ja-build-floors", "ja-sell",
            "ja-status-companies", "ja-status-players", "ja-results", "ja-fee", "ja-merge")

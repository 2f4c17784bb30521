"""Every screen of the front end, reached by pad input alone from power on, for golden frames.

``capture()`` plays scripted sessions (the autopilot plus a few presses of X, Start, Select,
L/R) and returns {name: 256x224 frame}. The machine is a pure function of its seed and input, so
each frame is the same on every run with the same pygame-ce.
"""
from __future__ import annotations

from tdream.games.towerdream.frontend import FRONTEND
from tdream.frontend.constants import A, B, DOWN, R, SELECT, START, UP, X
from tdream.frontend.run import Headless

from .layout import DRAWING as _DRAWN, visible_texts, watch as _watch_drawing  # noqa: F401  (the games' screens too)

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
DRAWN: dict = {}         # shot name -> its texts, windows and panels in the order drawn (layout.problems)


def keep(name: str, h, drawn: dict = DRAWN, layout: dict = LAYOUT):
    """The shot ``name``: a frame drawn by ``h`` (a headless machine), its drawing kept in
    ``drawn`` (and its visible texts in ``layout``) for the layout check."""
    _watch_drawing()
    _DRAWN.clear()
    frame = h.frame().copy()
    layout[name] = visible_texts(_DRAWN)
    drawn[name] = list(_DRAWN)
    return frame


def record_path(name: str) -> str:
    """A game record's path the same on every run (the pause menu shows it: a golden), as long as
    a player's own (``~/.local/share/tdream/records/game-1-1.tdr``); a fresh file each run."""
    import os
    path = os.path.join("/tmp", "tdream-goldens", name, "game-1-1.tdr")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if os.path.exists(path):
        os.remove(path)
    return path


LONG_NAMES = ["human", "tamasaburo", "cosmic-will", "hikozaemon"]   # four seats, the nine's longest names
SCRATCH: dict = {}       # a frame drawn only to read its layout (never a golden)


def box_rows(drawn: list, rect) -> int:
    """How many lines of the main font the text box at ``rect`` shows on a frame drawn as ``drawn``."""
    x, y, w, h = rect
    return len({ty for kind, *rest in drawn if kind == "text" for _, tx, ty, tw, th in [rest]
                if th == 12 and x <= tx and tx + tw <= x + w and y <= ty and ty + th <= y + h})


def quit_confirmation(s, back: int = B) -> None:
    """Start (pause), then Save and quit: the shot ``pause-quit`` of the quit confirmation over
    the pause menu and its record notice; B closes both again."""
    s.tap(START)
    s.tap(UP)                         # the menu's last item: Save and quit
    s.tap(A)
    s.shot("pause-quit")
    s.tap(back)
    s.tap(back)


def long_names(s, ap, ready, limit: int = 120000, whole: bool = True) -> None:
    """A four-player table of the longest names (``LONG_NAMES``) played to its results by the
    autopilot ``ap``: the shot ``long-names`` when ``ready(table)`` first holds, then the quit
    confirmation (``pause-quit``; only these two unless ``whole``), ``box-lines`` at the first
    line that fills the text box (as many lines as its ``box_style`` takes), ``results-long-names``
    on the results."""
    from tdream.frontend.scenes.results import ResultsScene
    from tdream.frontend.table import TableScene
    t = next(sc for sc in s.m.stack if isinstance(sc, TableScene))
    names = ("long-names", "box-lines")
    probed = None
    for _ in range(limit):
        top = s.m.stack[-1]
        if isinstance(top, ResultsScene):
            s.step(0, 40)
            while (s.m.frame // 30) % 2:               # "A: to the title" blinks: on
                s.step()
            s.shot("results-long-names")
            break
        if top is t:
            beat = t.beat
            if s.prefix + "long-names" not in s.frames and "long-names" not in s.frames and ready(t):
                s.shot("long-names")
                quit_confirmation(s)
                if not whole:
                    return
                continue
            box = beat.box if beat is not None else None
            if box is not None and box is not probed and not box.typing() and \
                    not any(n in s.frames for n in ("box-lines", s.prefix + "box-lines")):
                probed = box
                keep("probe", s.h, SCRATCH, SCRATCH)
                if box_rows(SCRATCH["probe"], t.box_rect()) >= t.box_style.lines:
                    s.shot("box-lines")
        s.h.step(ap.buttons(s.m))
    missing = [n for n in names + ("results-long-names",) if n not in s.frames and s.prefix + n not in s.frames]
    assert not missing, f"never reached: {missing}"


class Session:
    prefix = ""

    def __init__(self, seed: int = SEED, setup=None, settings=None, record_path=None) -> None:
        self.h = CheckedHeadless(seed=seed, setup=setup, settings=settings, record_path=record_path)
        self.m = self.h.machine
        self.frames: dict = {}

    def step(self, buttons=0, n: int = 1) -> None:
        for _ in range(n):
            self.h.step((buttons, 0, 0, 0))

    def tap(self, button: int, wait: int = 6) -> None:
        self.step(button)
        self.step(0, wait)

    def shot(self, name: str) -> None:
        self.frames[name] = keep(self.prefix + name, self.h)

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
    ap = FRONTEND.autopilot()
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
        ap = FRONTEND.autopilot(pad=-1)
        for _ in range(30000):
            b = t.beat
            key = None
            if b is not None and b.kind in want and b.age == 20:
                key = b.kind
            elif b is None and t.prompt is not None and type(t.prompt).__name__ in want:
                key = type(t.prompt).__name__
            if key and want[key] not in frames:
                frames[want[key]] = keep(want[key], s.h)
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
        db.add_game("towerdream", "classic-7", {}, "free", "2026-11-01", None,
                    [S("Ann", "human", 1, 5000), S("joji", "cpu", 2, 4500), S("yuka", "cpu", 3, 100)])
        db.add_game("towerdream", "lucky-star", {}, "free", "2026-11-02", None,
                    [S("Ann", "human", 3, 200), S("joji", "cpu", 1, 9000), S("Bob", "human", 2, 800)])
        db.advance_campaign("Ann", "towerdream", 2, False)
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


def _saved_game(folder, gid: str, kinds: list[str], options: dict, seed: int, inputs: int, day: int) -> None:
    """An unfinished game record of ``gid`` in ``folder`` (the CPU seats ``kinds`` play ``inputs``
    inputs), its file dated 2026-11-``day`` at noon (Continue lists the newest first)."""
    import calendar
    import os

    from tdream.frontend.match import seat_names
    from tdream.platform import registry
    from tdream.platform.record import Setup, writer_for
    from tdream.platform.session import Seat, Session as Drive
    game = registry.get(gid)
    seats = [Seat(n, k) for n, k in zip(seat_names(kinds), kinds)]
    drive, _ = Drive.start(game, seats, options, seed)
    path = os.path.join(folder, f"{gid}-{day:02}.tdr")
    drive.writer = writer_for(path, game, Setup(game.id, seed, drive.seats, drive.options))
    for _ in range(inputs):
        drive.advance()
    assert not drive.match.over, (gid, seed)
    drive.close()
    noon = calendar.timegm((2026, 11, day, 12, 0, 0))
    os.utime(path, (noon, noon))


def _records_screens(frames: dict, settings=None, prefix: str = "") -> None:
    """Records and Continue of every game (issue 21: each in the game's own words), chosen on the
    title with R, on a scripted database and records folder: ``records-<id>``, ``continue-<id>``."""
    import tempfile
    from pathlib import Path

    from tdream.frontend.constants import RIGHT
    from tdream.frontend.scenes.title import playable
    from tdream.platform.database import RecordsDB, SeatResult as S
    games = {   # (variant, options, date, [(name, kind, rank, score)])
        "towerdream": [("classic-7", "2026-11-01", [("Ann", "human", 1, 5000), ("joji", "cpu", 2, 4500)]),
                       ("hong-kong", "2026-11-03", [("Ann", "human", 2, 8100), ("kenta", "cpu", 1, 12050),
                                                    ("Bob", "human", 3, 900)])],
        "towers": [("8x8", "2026-11-02", [("Ann", "human", 1, 40), ("marimo", "cpu", 2, 31)]),
                   ("8x8", "2026-11-04", [("Ann", "human", 2, 33), ("hikozaemon", "cpu", 1, 38)]),
                   ("12x12", "2026-11-06", [("Ann", "human", 1, 96), ("Bob", "human", 2, 71)])],
        "cattower": [("dishes-goods", f"2026-11-{d:02}", [("Ann", "human", 1 + d % 2, 50 + d), ("yuka", "cpu", 2 - d % 2, 52)])
                     for d in (1, 2, 5)] + [
                     ("dishes-kinds-felt1", f"2026-11-{d:02}", [("Ann", "human", 1, 61 + d), ("hazumi", "cpu", 2, 44),
                                                                ("cosmic-will", "cpu", 3, 40)]) for d in (7, 8)],
        "towerup": [("city-4", "2026-11-03", [("Ann", "human", 1, 63), ("joji", "cpu", 2, 55), ("yuka", "cpu", 3, 41)]),
                    ("city-2", "2026-11-05", [("Bob", "human", 1, 48), ("Ann", "human", 2, 44)])],
    }
    saved = {   # the saved games of each: (CPU seats, options, seed, inputs, day)
        "towerdream": [(["joji", "yuka", "kenta", "hazumi"], {"board": b}, 20 + i, 30, 1 + i)
                       for i, b in enumerate(["classic-7", "lucky-star", "hong-kong", "meringue", "classic-10"] * 2)],
        "towers": [(["marimo", "joji"], {"size": 8}, 3, 12, 2), (["hikozaemon", "yuka", "kenta"], {"size": 10}, 4, 20, 5)],
        "cattower": [(["hazumi", "cosmic-will", "tamasaburo", "yuderu"], {"dishes": "kinds", "felt_needs_one": True},
                      5, 30, 3), (["joji", "yuka"], {}, 6, 12, 4)],
        "towerup": [(["joji", "yuka", "kenta"], {}, 7, 20, 6), (["marimo", "hikozaemon"], {}, 8, 16, 7)],
    }
    with tempfile.TemporaryDirectory() as d:
        db = RecordsDB(Path(d) / "r.db")
        for gid, rows in games.items():
            for variant, date, seats in rows:
                db.add_game(gid, variant, {}, "free", date, None, [S(*seat) for seat in seats])
        folder = Path(d) / "records"
        folder.mkdir()
        for gid, rows in saved.items():
            for kinds, options, seed, inputs, day in rows:
                _saved_game(folder, gid, kinds, options, seed, inputs, day)
        s = Session(settings=settings)
        s.prefix = prefix
        s.m.records, s.m.record_dir = db, str(folder)
        s.step(0, 10)
        for gid in playable():
            while s.top.game != gid:
                s.tap(RIGHT)
            s.tap(START)
            for item, shot in (("Records", "records"), ("Continue", "continue")):
                while s.top.menu.items[s.top.menu.index] != item:
                    s.tap(DOWN)
                s.tap(A)
                s.shot(f"{shot}-{gid}")
                s.tap(B)
            s.tap(B)                                  # the title menu closed
        db.close()
    frames.update({prefix + k: v for k, v in s.frames.items()})


def ready(t) -> bool:
    """The table waits for a person's answer (its prompt past the guard, no beat playing), some
    turns into the match."""
    return t.beat is None and t.prompt is not None and t.prompt_age >= t.prompt_guard and t.game.progress() >= 12


def _long_screens(frames: dict, settings=None, prefix: str = "") -> None:
    """Four seats of the longest names on the classic board, to the results; the quit
    confirmation on the way (issue 21: text fits, in every game)."""
    from tdream.games.towerdream.frontend.table import GameSetup
    s = Session(setup=GameSetup("classic-10", SEED, LONG_NAMES), settings=settings,
                record_path=record_path(prefix + "towerdream"))
    s.prefix = prefix
    long_names(s, FRONTEND.autopilot(), ready, whole=not prefix)
    frames.update({prefix + k: v for k, v in s.frames.items()})


def capture() -> dict:
    _watch_drawing()
    frames: dict = {}
    _long_screens(frames)
    _mode_screens(frames)
    _records_screens(frames)
    _title_screens(frames)
    _game_screens(frames)
    _setpiece_screens(frames)
    from tdream.frontend.settings import Settings
    ja: dict = {}
    _title_screens(ja, Settings(language="ja"), "ja-")
    _game_screens(ja, Settings(language="ja"), "ja-")
    _records_screens(ja, Settings(language="ja"), "ja-")
    _long_screens(ja, Settings(language="ja"), "ja-")
    frames.update({k: v for k, v in ja.items() if k in JAPANESE})
    return frames


# The screens also kept in Japanese (the language option).
JAPANESE = ("ja-title-menu", "ja-options", "ja-setup-seat", "ja-comment", "ja-place", "ja-build-floors", "ja-sell",
            "ja-status-companies", "ja-status-players", "ja-results", "ja-fee", "ja-merge", "ja-long-names",
            "ja-pause-quit")

# Records and Continue of every game (issue 21), in English and in Japanese.
RECORDS = tuple(f"{lang}{screen}-{gid}" for lang in ("", "ja-") for screen in ("records", "continue")
                for gid in __import__("tdream.platform.registry", fromlist=["ids"]).ids())
JAPANESE += tuple(n for n in RECORDS if n.startswith("ja-"))

"""Every screen of the Towers front end, reached by pad input alone, for golden frames.

``capture()`` plays scripted sessions (from power on through the title and the set-up; a whole
game against a character; two humans on two pads; positions of ``data/*.yaml`` played as
practice) and returns {name: 256x224 frame}; ``LAYOUT`` keeps each shot's visible texts for the
"no text off the screen or over another" check. The machine is a pure function of its seed and
input, so each frame is the same on every run with the same pygame-ce.
"""
from __future__ import annotations

from pathlib import Path

from tdream.frontend.constants import A, B, DOWN, LEFT, R, RIGHT, SELECT, START, UP, X, Y
from tdream.frontend.settings import Settings
from tdream.games.towers.frontend import FRONTEND
from tdream.games.towers.frontend.table import TableScene, TowersSetup
from tests.frontend.screens import LONG_NAMES, CheckedHeadless, _watch_drawing, keep, long_names, record_path, ready
from tdream.platform.options import full_options

DATA = Path(__file__).parent / "data"
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
        """Step (with ``buttons`` a frame, or a function of the machine) until ``test()``."""
        for _ in range(frames):
            if test():
                return
            self.step(buttons(self.m) if callable(buttons) else buttons)
        raise AssertionError(f"never reached: {test.__doc__ or test}")

    def prompt(self, seat: int = 0):
        t = self.table
        p = t.prompts.get(seat)
        return p if p is not None and t.beat is None and p.age >= TableScene.prompt_guard else None


def practice(name: str):
    from tdream.platform.scenario import load_scenario
    sc = load_scenario(DATA / f"{name}.yaml")
    return TowersSetup(sc.seed, [s.kind for s in sc.seats], dict(sc.options), scenario=sc, mode="practice")


def _title(frames: dict, prefix: str = "", settings=None) -> None:
    from tdream.frontend.scenes.title import DEMO_AFTER, DemoScene
    s = Session(frames, prefix, settings=settings or Settings())
    s.step(0, 4)
    while s.top.game != "towers":
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
    s.tap(A)                                   # Free play
    s.step(0, 4)
    s.shot("setup")
    for _ in range(9):
        s.tap(UP, 2)                           # seat 2: a character
    s.shot("setup-seat")
    for _ in range(6):
        s.tap(DOWN, 2)                         # demolition
    s.tap(RIGHT)
    s.tap(RIGHT)                               # corporate war
    s.shot("setup-options")
    s.tap(DOWN)
    s.tap(RIGHT)
    s.tap(RIGHT)                               # a 10x10 board
    s.shot("setup-size")


def _game(frames: dict, prefix: str = "", settings=None) -> None:
    """One human (pad 1) against Joji from the set-up's table, every prompt and screen of a turn."""
    s = Session(frames, prefix, setup=TowersSetup(SEED, ["human", "joji"]), settings=settings)
    t = s.table
    ap = FRONTEND.autopilot()
    s.until(lambda: s.prompt(0) is not None and t.shown.ready[1], 2000)
    s.tap(RIGHT, 2)
    s.tap(RIGHT, 2)
    s.shot("pick")
    s.tap(A, 1)
    s.until(lambda: t.beat is not None and t.beat.kind == "reveal" and t.beat.age >= 30, 400)
    s.shot("reveal")
    shots = {"comment": lambda b: b.kind == "say" and b.speaker is not None and b.age == 6 and t.game.turn >= 8,
             "build": lambda b: b.kind == "build" and t.is_cpu(b.player) and b.age == 9}
    place = lambda: s.prompt(0) is not None and s.prompt(0).__class__.__name__ == "PlacePrompt"  # noqa: E731

    def play_until(test, frames=20000):
        for _ in range(frames):
            if test():
                return
            b = t.beat
            for name, want in shots.items():
                if prefix + name not in frames_taken() and b is not None and want(b):
                    s.shot(name)
            if t.beat is None and t.prompts == {} and t.think == 10 and prefix + "board" not in frames_taken():
                s.shot("board")
            s.step(ap.buttons(s.m))
        raise AssertionError("never reached")

    def frames_taken():
        return s.frames

    play_until(lambda: place() and t.game.turn >= 3)
    p = s.prompt(0)
    s.tap(Y, 2)                                  # no tower of 3 yet: T5.2 says why not
    s.shot("declare-refused")
    s.step(0, 150)
    occupied = next(i for i in range(t.game.geo.cells) if t.game.owner[i] >= 0)
    while p.cursor != occupied:
        s.tap(RIGHT if p.cursor % 8 != occupied % 8 else DOWN, 1)
    s.step(0, 8)
    s.shot("place-occupied")
    s.tap(A, 2)
    s.shot("place-refused")
    free = next(i for i, top in t.game.placements(0) if top >= 2)
    while p.cursor != free:
        s.tap(RIGHT if p.cursor % 8 != free % 8 else DOWN, 1)
    s.step(0, 8)
    s.shot("place")
    s.tap(A)
    s.shot("size")
    for _ in range(9 - p.size):
        s.tap(RIGHT, 1)
    s.step(0, 4)
    s.shot("size-too-tall")
    s.tap(A, 2)
    s.shot("size-refused")
    s.tap(B)
    s.tap(B)
    s.shot("turn-menu")
    s.tap(DOWN)
    s.shot("turn-menu-double")
    s.tap(A, 2)
    s.shot("menu-refused")
    while p.menu.index != p.items.index("Pass the turn"):
        s.tap(DOWN)
    s.tap(A)
    s.shot("pass")
    s.tap(B)
    s.tap(B)                                     # back to the board
    s.tap(X)
    s.shot("status-players")
    s.tap(R)
    s.shot("status-board")
    s.tap(R)
    s.shot("status-building")
    s.tap(R)
    s.shot("status-turns")
    s.tap(B)
    s.tap(START)
    s.shot("pause")
    s.tap(B)
    play_until(lambda: place() and t.game.can_declare(0))
    s.step(0, 2)
    s.tap(Y, 2)                                  # "Declare?" over his panel, then A: the banner
    s.tap(A, 12)
    s.shot("double-turn")
    ap = FRONTEND.autopilot()
    from tdream.frontend.scenes.results import ResultsScene
    play_until(lambda: isinstance(s.top, ResultsScene), 60000)
    s.step(0, 40)
    while (s.m.frame // 30) % 2:                  # "A: to the title" blinks: on
        s.step()
    s.shot("results")
    missing = {prefix + k for k in ("comment", "build", "board")} - set(s.frames)
    assert not missing, missing


def _two_pads(frames: dict) -> None:
    """Two humans, each on his own pad: the secret picks show only READY and the grid, never a
    pick (TG2.1): Player 1 gives 5 (nothing held), Player 2 holds right (6) and gives it."""
    s = Session(frames, setup=TowersSetup(4, ["human", "human"]), connected=0b0011)
    t = s.table
    s.until(lambda: s.prompt(0) is not None and s.prompt(1) is not None, 600)
    s.tap(RIGHT, 2, pad=1)
    s.tap(A, 4, pad=0)                          # Player 1 is in
    s.step(0, 4)
    s.shot("pick-secret")
    s.step(((0, RIGHT, 0, 0)), 4)               # Player 2 points to 6: nothing on the screen moves
    s.shot("pick-peek")
    s.step(((0, RIGHT | A, 0, 0)), 1)
    s.step(0, 2)
    s.until(lambda: t.beat is not None and t.beat.kind == "reveal" and t.beat.age >= 20, 200)
    s.shot("reveal-two")


def _positions(frames: dict, prefix: str = "", settings=None) -> None:
    """Positions played as practice: TG4.3's warning, walling a rival in, the end asked, war."""
    s = Session(frames, prefix, setup=practice("threat"), settings=settings)
    t = s.table
    s.until(lambda: s.prompt(0) is not None, 3000)
    p = s.prompt(0)
    s.shot("threat")
    while p.cursor != t.game.geo.index["a2"]:
        s.tap(LEFT if p.cursor % 8 else UP, 1)
    s.step(0, 6)
    s.shot("threat-square")
    if prefix:
        return
    s = Session(frames, prefix, setup=practice("wall"))
    t = s.table
    s.until(lambda: s.prompt(0) is not None, 3000)
    p = s.prompt(0)
    while p.cursor != t.game.geo.index["a2"]:
        s.tap(LEFT if p.cursor % 8 else UP, 1)
    s.tap(A)
    s.tap(A, 1)
    s.until(lambda: t.beat is not None and t.beat.kind == "banner" and t.beat.age >= 12, 400)
    s.shot("walled-in")
    s.until(lambda: s.prompt(0) is not None and type(s.prompt(0)).__name__ == "EndPrompt", 2000)
    s.shot("end")
    s = Session(frames, prefix, setup=practice("war"))
    t = s.table
    s.until(lambda: s.prompt(0) is not None, 3000)
    _demolition_at(s, "b4")
    s.shot("demolish")
    s.tap(A, 1)
    s.until(lambda: t.beat is not None and t.beat.kind == "fall" and t.beat.age >= 10, 400)
    s.shot("collapse")
    _walls(frames)


def _demolition_at(s, square: str) -> None:
    """From the turn's prompt: B, "Demolish a tower", the cursor walked to ``square`` (8x8)."""
    p = s.prompt(0)
    s.tap(B)
    for _ in range(p.items.index("Demolish a tower")):
        s.tap(DOWN)
    s.tap(A)
    row, col = divmod(s.table.game.geo.index[square], 8)
    while p.demolish_cursor != row * 8 + col:
        here = p.demolish_cursor
        s.tap(DOWN if here // 8 < row else UP if here // 8 > row else RIGHT if here % 8 < col else LEFT, 1)
    s.step(0, 6)


def _walls(frames: dict) -> None:
    """Issue 22: walled in with only a pass (the B menu on Pass); a demolition that walls the
    demolisher in after his turn (TG7.3); a double turn of the rival's that would (TG4.3, T5.1)."""
    s = Session(frames, setup=practice("walled"))
    s.until(lambda: s.prompt(0) is not None, 3000)
    s.step(0, 4)
    s.shot("walled-prompt")
    s.tap(B)
    s.shot("walled-menu")
    s = Session(frames, setup=practice("vacate"))
    t = s.table
    s.until(lambda: s.prompt(0) is not None, 3000)
    _demolition_at(s, "d4")
    s.shot("demolish-walls")
    s = Session(frames, setup=practice("double"))
    t = s.table
    s.until(lambda: s.prompt(0) is not None, 3000)
    p = s.prompt(0)
    s.step(0, 4)
    s.shot("threat-double")
    while p.cursor != t.game.geo.index["a2"]:
        s.tap(LEFT if p.cursor % 8 else DOWN if p.cursor // 8 < 1 else UP, 1)
    s.step(0, 6)
    s.shot("threat-double-square")
    s.tap(B)
    s.tap(DOWN)
    s.shot("menu-double-threat")


def _four(frames: dict) -> None:
    """Four players on the 12x12 board: the panels of four, the board at 16 pixels a square."""
    s = Session(frames, setup=TowersSetup(2, ["human", "joji", "yuka", "kenta"], {"size": 12, "players": 4}))
    t = s.table
    ap = FRONTEND.autopilot()
    s.until(lambda: s.prompt(0) is not None and t.game.turn >= 6, 8000, lambda m: ap.buttons(m))
    s.step(0, 4)
    s.shot("board-four")
    s.tap(X)
    s.shot("status-four")
    s.tap(R)
    s.shot("status-board-four")
    s.tap(B)
    s = Session(frames, setup=TowersSetup(6, ["human", "marimo", "yuderu"], {"size": 10, "players": 3}))
    t = s.table
    ap = FRONTEND.autopilot()
    s.until(lambda: s.prompt(0) is not None and t.game.turn >= 9, 8000, lambda m: ap.buttons(m))
    s.step(0, 4)
    s.shot("board-three")


def _long(frames: dict) -> None:
    """Four players of the longest names on the 12x12 board, to the results; the quit
    confirmation on the way; the text box at its fullest."""
    s = Session(frames, setup=TowersSetup(3, LONG_NAMES, {"size": 12, "players": 4}), record_path=record_path("towers"))
    long_names(s, FRONTEND.autopilot(), ready)


def _replay(frames: dict) -> None:
    """A game record watched (``tdream replay play``): the replay line, the jump window."""
    import tempfile

    from tdream.games.towers import GAME
    from tdream.platform.record import Setup, load_record, writer_for
    from tdream.platform.session import Seat, Session as Drive
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "w.tdr"
        seats = [Seat("Kenta", "kenta"), Seat("Hazumi", "hazumi")]
        drive, _ = Drive.start(GAME, seats, {}, 5)
        drive.writer = writer_for(path, GAME, Setup("towers", 5, seats, full_options(GAME, {"players": 2})), drive.match)
        drive.run()
        drive.close()
        record = load_record(path)
    s = Session(frames, setup=TowersSetup(5, list(record.setup.kinds), dict(record.setup.options), replay=record,
                                          speed=2))
    s.step(0, 500)
    s.shot("replay")
    s.tap(B)
    s.shot("replay-jump")


def _pause_item(s, item: str) -> None:
    """Start, then the pause menu's ``item`` (A)."""
    s.tap(START)
    menu = s.top.menu
    while menu.items[menu.index] != item:
        s.tap(DOWN, 2)
    s.tap(A)


def _learn(frames: dict, prefix: str = "", settings=None) -> None:
    """Issue 36: learning at the table. Y asks first (a window over the panel); the turn's menu
    with a take-back, and its confirmation; a refusal's rule on Select; the tower that ends the
    game said first; How to play (from the pause menu) and the turn log."""
    s = Session(frames, prefix, setup=practice("takeback"), settings=settings)
    t = s.table
    s.until(lambda: s.prompt(0) is not None, 3000)
    s.tap(Y)
    s.shot("declare")
    s.tap(A)
    s.until(lambda: s.prompt(0) is not None, 3000)
    p = s.prompt(0)
    s.tap(B)
    s.shot("menu-take-back")
    while p.items[p.menu.index] != "Take back":
        s.tap(DOWN)
    s.tap(A)
    s.shot("take-back")
    s.tap(A)
    s.until(lambda: s.prompt(0) is not None, 3000)
    p = s.prompt(0)
    while p.cursor != t.game.geo.index["c3"]:
        s.tap(LEFT if p.cursor % 8 > 2 else RIGHT if p.cursor % 8 < 2 else UP if p.cursor // 8 > 2 else DOWN, 1)
    s.tap(A, 2)
    s.shot("refused-rule")
    s.tap(SELECT)
    s.shot("rule")
    s.tap(B)
    _pause_item(s, "How to play")
    s.shot("howto")
    s.tap(RIGHT)
    s.tap(RIGHT)
    s.shot("howto-building")
    s.tap(B)
    s.tap(B)
    _pause_item(s, "Turn log")
    s.shot("log")
    s.tap(B)
    s.tap(B)
    s = Session(frames, prefix, setup=practice("last"), settings=settings)
    s.until(lambda: s.prompt(0) is not None, 3000)
    s.step(0, 4)
    s.shot("last-square")


def _overlays(frames: dict) -> None:
    """Issue 36: the timer and four pads on, at the foot of the players' column (two and four
    players); two people picking in secret with them on (the pads show nothing)."""
    on = Settings(talk="always", timer=True, input_display=True)
    for k, kinds in ((2, ["human", "joji"]), (4, ["human", "joji", "yuka", "kenta"])):
        s = Session(frames, setup=TowersSetup(2, kinds, {"players": k}), settings=on, connected=0b1111)
        t = s.table
        ap = FRONTEND.autopilot()
        s.until(lambda: s.prompt(0) is not None and t.game.turn >= 5, 8000, lambda m: ap.buttons(m))
        s.step(0, 4)
        s.shot(f"overlays-{k}")
    s.tap(X)
    s.shot("status-overlays")
    s = Session(frames, setup=TowersSetup(4, ["human", "human"]), settings=on, connected=0b1111)
    s.until(lambda: s.prompt(0) is not None and s.prompt(1) is not None, 600)
    s.step((RIGHT | DOWN | A, 0, 0, 0), 1)
    s.step((RIGHT | DOWN, LEFT, 0, 0), 6)       # Player 1 holds his 9, Player 2 points at 4
    s.shot("pick-overlays")
    s = Session(frames, setup=practice("duo"), connected=0b0011)
    s.until(lambda: s.prompt(0) is not None, 3000)
    s.tap(Y, pad=1)
    s.shot("declare-out-of-turn")
    s = Session(frames, settings=Settings(timer=True, input_display=True, last={"game": "towers"}), connected=0b1111)
    s.step(0, 4)
    s.tap(START)
    s.tap(A)                                   # Free play: the set-up
    s.top.seats[1] = "human"
    s.tap(UP, 2)
    s.shot("setup-overlays")


def _long_ja(frames: dict) -> None:
    """The longest names in Japanese, to the results."""
    own: dict = {}                    # long_names looks for its shots by name: the English ones are in ``frames``
    s = Session(own, "ja-", setup=TowersSetup(3, LONG_NAMES, {"size": 12, "players": 4}),
                settings=Settings(language="ja", talk="always"), record_path=record_path("ja-towers"))
    ap = FRONTEND.autopilot()
    long_names(s, ap, ready, whole=False)
    from tdream.frontend.scenes.results import ResultsScene
    s.until(lambda: isinstance(s.top, ResultsScene), 120000, lambda m: ap.buttons(m))
    s.step(0, 40)
    while (s.m.frame // 30) % 2:                  # "A: to the title" blinks: on
        s.step()
    s.shot("results-long-names")
    frames.update(own)


def capture() -> dict:
    _watch_drawing()
    frames: dict = {}
    _title(frames)
    _game(frames)
    _two_pads(frames)
    _positions(frames)
    _four(frames)
    _long(frames)
    _replay(frames)
    _learn(frames)
    _overlays(frames)
    ja = Settings(language="ja", talk="always")
    _title(frames, "ja-", Settings(language="ja"))
    _game(frames, "ja-", ja)
    _positions(frames, "ja-", ja)
    _learn(frames, "ja-", ja)
    _long_ja(frames)
    return frames

"""Every screen of Tower Up's front end, reached by pad input alone, for golden frames.

``capture()`` plays scripted sessions (the autopilot, plus presses at the moments a screen is
up: a wrong choice to show the refusal, X, Select, L/R, Start) and returns {name: frame}; the
texts left visible on each are in ``LAYOUT`` (the "no text off the screen or over another" check).
The machine is a pure function of its seed and input, so every frame is the same on every run.
"""
from __future__ import annotations

from pathlib import Path

from tdream.frontend.constants import A, B, DOWN, LEFT, R, RIGHT, SELECT, START, UP, X, Y
from tdream.games.towerup.frontend import FRONTEND
from tdream.games.towerup.frontend.table import GameSetup, TableScene
from tests.frontend.screens import LONG_NAMES, CheckedHeadless, _watch_drawing, keep, long_names, ready, record_path

SEED = 1
DATA = Path(__file__).parent / "data"
LAYOUT: dict = {}        # shot name -> the texts left visible on it: (text, x, y, w, h)
DRAWN: dict = {}         # shot name -> its drawing (tests/frontend/layout.py checks it)


class Session:
    prefix = ""

    def __init__(self, seed: int = SEED, setup=None, settings=None, record_path=None) -> None:
        self.h = CheckedHeadless(seed=seed, setup=setup, settings=settings, record_path=record_path)
        self.m = self.h.machine
        self.frames: dict = {}

    def step(self, buttons=0, n: int = 1, connected: int = 0b0001) -> None:
        for _ in range(n):
            self.h.step((buttons, 0, 0, 0) if isinstance(buttons, int) else buttons, connected)

    def tap(self, button: int, wait: int = 6) -> None:
        self.step(button)
        self.step(0, wait)

    def shot(self, name: str) -> None:
        self.frames[self.prefix + name] = keep(self.prefix + name, self.h, DRAWN, LAYOUT)

    @property
    def top(self):
        return self.m.stack[-1]


def _title_screens(frames: dict, settings=None, prefix: str = "") -> None:
    from tdream.frontend.scenes.title import DEMO_AFTER, DemoScene
    s = Session(settings=settings)
    s.prefix = prefix
    s.step(0, 20)
    while s.top.game != "towerup":
        s.tap(R)
    s.step(0, 40)
    s.shot("title")
    s.step(0, DEMO_AFTER + 1500)
    assert isinstance(s.top, DemoScene)
    s.shot("demo")
    s.tap(A)                                 # any button: back to the title
    s.tap(START)
    s.shot("title-menu")
    _howto(s)
    s.tap(A)                                 # Free play
    s.shot("setup")
    s.tap(UP)
    s.shot("setup-talk")
    for _ in range(7):
        s.tap(UP)                            # seat 1: a person with a pad
    s.shot("setup-human")
    s.tap(DOWN)                              # seat 2: a character
    s.shot("setup-seat")
    for _ in range(3):
        s.tap(DOWN)
    s.shot("setup-players")
    s.tap(LEFT)                              # 3 players
    s.tap(LEFT)                              # 2 players: the 30-site city
    s.shot("setup-two")
    s.tap(RIGHT)
    s.tap(RIGHT)
    s.tap(DOWN)
    s.tap(DOWN)
    s.shot("setup-option")
    frames.update(s.frames)


HOWTO = tuple(f"howto-{k}" for k in range(1, 9)) + ("howto-rule",)


def _howto(s: Session) -> None:
    """The title menu's How to play (issue 36): every page, one screen each; A on the last shows
    the first rule it sums up; B twice back on the title menu's first item."""
    from tdream.frontend.scenes.learn import HowToScene, RuleScene
    menu = s.top.menu
    while menu.items[menu.index] != "How to play":
        s.tap(DOWN)
    s.tap(A)
    assert isinstance(s.top, HowToScene)
    pages = len(s.top.screens(s.m))
    assert pages == 8, pages                            # one screen a page, in both languages
    for k in range(pages):
        while (s.m.frame // 15) % 2:               # the "more" arrow: on
            s.step()
        s.shot(f"howto-{k + 1}")
        if k + 1 < pages:
            s.tap(RIGHT)
    s.tap(A)
    assert isinstance(s.top, RuleScene)
    s.shot("howto-rule")
    s.tap(B)
    s.tap(B)
    while menu.index:
        s.tap(UP)


def _turn_script(s: Session, t, done: set) -> None:
    """At a human's turn: the market, then (once) a wild card's colours, and (once, later) the
    city with a refused site, the colour with a refused colour, the roof."""
    p = t.prompt
    if "turn-market" not in done:
        done.add("turn-market")
        s.shot("turn-market")
        s.tap(A)                             # the card under the cursor: what the take does, first
        while p.stage == "wild":
            s.tap(A)
        assert p.stage == "take", p.stage
        s.shot("turn-take")
        while p.stage != "market":
            s.tap(B)
    cards = t.game.rules.cards
    wild = [i for i, c in enumerate(t.game.market) if -1 in cards[c].floors]
    if wild and "turn-wild" not in done:
        done.add("turn-wild")
        while p.card != wild[0]:
            s.tap(RIGHT)
        s.tap(A)
        s.shot("turn-wild")
        s.tap(B)
    if p.legal_sites and t.game.progress() >= 16 and "turn-roof" not in done and t.game.visible_roofs(p.seat):
        done.add("turn-roof")
        s.tap(DOWN)
        s.shot("turn-city")
        for d in (LEFT, RIGHT, DOWN, UP):    # a site that is not gold
            if p.site not in p.builds:
                break
            s.tap(d)
        assert p.stage == "city" and p.site not in p.builds, (p.stage, p.site)
        s.tap(A)
        s.shot("city-refused")
        s.tap(B)
        s.tap(DOWN)
        s.tap(A)
        s.shot("turn-colour")
        for _ in range(4):
            if p.build_preview(p.site, p.colour).reason is not None:
                break
            s.tap(RIGHT)
        if p.build_preview(p.site, p.colour).reason is not None:
            s.tap(A)
            s.shot("colour-refused")
        while p.build_preview(p.site, p.colour).reason is not None:
            s.tap(RIGHT)
        s.tap(A)
        best = max(range(len(p.choices())), key=lambda i: (len(p.exposed(p.choices()[i])), -i))
        while p.roof != best:
            s.tap(DOWN)
        s.shot("turn-roof")
        s.tap(Y)                             # the window's next page (issue 36: no line lost)
        s.shot("turn-roof-2")


def _counts_script(s: Session, t, done: set) -> None:
    """The set-up floors and the discard, each with a refused choice."""
    p = t.prompt
    name = "start-floors" if p.kind == "start_floors" else "discard"
    if name in done:
        return
    done.add(name)
    s.shot(name)
    if p.kind == "start_floors":
        for _ in range(4):
            if p.counts[p.row]:
                break
            s.tap(DOWN)
        s.tap(LEFT)                          # one too few
        s.tap(A)
    else:
        for _ in range(4):                   # a colour all given back already, if one is
            if p.counts[p.row] == p.limit[p.row]:
                break
            s.tap(DOWN)
        for _ in range(p.limit[p.row] - p.counts[p.row]):
            s.tap(RIGHT)                     # else all of this one
        s.tap(RIGHT)                         # more of a colour than he holds
    assert p.refusal, name
    s.shot(name + "-refused")
    s.tap(B)


FANFARES = {"extra": "extra-turn", "objective": "objective", "end": "end-begins", "finals": "final-turns"}


def _game_screens(frames: dict, settings=None, prefix: str = "") -> None:
    from tdream.frontend.scenes.results import ResultsScene
    s = Session(setup=GameSetup(SEED, ["human", "joji", "yuka", "kenta"]), settings=settings)
    s.prefix = prefix
    ap = FRONTEND.autopilot(hurry=False)
    t = s.m.stack[0]
    done: set = set()
    extras = False
    for _ in range(120000):
        top = s.top
        if isinstance(top, ResultsScene):
            s.step(0, 40)
            s.shot("results")
            break
        if top is t:
            beat, prompt = t.beat, (t.prompt if t.beat is None else None)
            name = None
            if beat is not None and beat.kind == "say" and not beat.speaker and beat.box is not None and \
                    beat.box.held == 3 and t.shown.progress() >= 40 and not t.shown.ending:
                name = "board"                     # the city built up, a line of the show
            elif beat is not None:
                if beat.kind == "objectives" and beat.age == 90:
                    name = "objectives"
                elif beat.kind in ("take", "build") and beat.age == 12 and t.is_cpu(beat.player):
                    name = beat.kind
                elif beat.kind == "say" and beat.speaker and beat.box is not None and beat.box.held == 3:
                    name = "comment"
                elif beat.kind == "banner" and beat.age == 30:
                    name = FANFARES.get(beat.tag)
                elif beat.kind == "say" and beat.tag == "scored" and beat.box is not None and beat.box.held == 3:
                    name = "scored"
            elif prompt is not None and t.prompt_age == TableScene.prompt_guard:
                if prompt.kind == "turn":
                    _turn_script(s, t, done)
                else:
                    _counts_script(s, t, done)
                if not extras and t.game.progress() >= 30 and prompt.kind == "turn" and prompt.stage == "market":
                    extras = True
                    s.tap(X)
                    s.shot("status-players")
                    s.tap(R)
                    s.shot("status-objectives")
                    s.tap(R)
                    s.shot("status-how")
                    s.tap(B)
                    s.tap(SELECT)
                    s.shot("labels")
                    s.tap(SELECT)
                    s.tap(R, 2)
                    s.shot("panel")
                    s.step(0, 160)
                    s.tap(START)
                    s.shot("pause")
                    while s.top.menu.items[s.top.menu.index] != "Turn log":
                        s.tap(DOWN)
                    s.tap(A)
                    s.shot("log")                    # the turn log (issue 36)
                    s.tap(B)
                    s.tap(B)
                    s.step(0, 2)
            if name and s.prefix + name not in s.frames:
                s.shot(name)
            if t.shown.ending and not t.shown.over and "final" not in done and beat is not None and \
                    beat.kind == "say" and beat.tag != "scored" and beat.box is not None and beat.box.held == 3:
                done.add("final")
                s.shot("final-panels")
        s.h.step(ap.buttons(s.m))
    frames.update(s.frames)


def _long_screens(frames: dict, settings=None, prefix: str = "") -> None:
    """Four players of the longest names, to the results; the quit confirmation on the way; the
    text box at its fullest (four lines); in both languages (issue 36)."""
    s = Session(setup=GameSetup(3, LONG_NAMES), record_path=record_path(prefix + "towerup"), settings=settings)
    s.prefix = prefix
    ap = FRONTEND.autopilot(hurry=False)
    if not prefix:
        long_names(s, ap, ready)
    else:                                    # Japanese lines are short: the box may never fill its four
        from tdream.frontend.scenes.results import ResultsScene
        long_names(s, ap, ready, whole=False)
        for _ in range(120000):
            if isinstance(s.top, ResultsScene):
                s.step(0, 40)
                while (s.m.frame // 30) % 2:
                    s.step()
                s.shot("results-long-names")
                break
            s.h.step(ap.buttons(s.m))
    frames.update(s.frames)


def _three_screens(frames: dict, settings=None, prefix: str = "") -> None:
    """Three players of the longest names (issue 36: their panels cut the cone's line and the
    faces): a line told some turns in."""
    s = Session(setup=GameSetup(3, LONG_NAMES[1:]), settings=settings)
    s.prefix = prefix
    t = s.m.stack[0]
    for _ in range(40000):
        b = t.beat
        if t.shown.progress() >= 20 and b is not None and b.kind == "say" and not b.speaker and b.box is not None \
                and b.box.held == 3:
            s.shot("three-players")
            break
        s.step()
    frames.update(s.frames)


def _overlay_screens(frames: dict, settings, prefix: str = "") -> None:
    """The timer and the input display on, four pads connected (issue 36): the table at a prompt
    (the pads in a gutter beside the text box, the timer at the deck line's end) and the status."""
    settings.timer = settings.input_display = True
    s = Session(setup=GameSetup(SEED, ["human", "joji", "yuka", "kenta"]), settings=settings)
    s.prefix = prefix
    t = s.m.stack[0]
    ap = FRONTEND.autopilot(hurry=False)
    for _ in range(40000):
        if t.prompt is not None and t.beat is None and t.prompt_age == TableScene.prompt_guard and t.game.progress() >= 6 \
                and t.prompt.kind == "turn":
            s.step(0, 2, 0b1111)
            s.shot("overlays")
            s.step(X, 1, 0b1111)
            s.step(0, 6, 0b1111)
            s.shot("overlays-status")
            s.step(B, 1, 0b1111)
            break
        s.h.step(ap.buttons(s.m), 0b1111)
    frames.update(s.frames)


def _take_back_screens(frames: dict) -> None:
    """Practice: a build that earned an extra turn, B at that turn's first prompt (issue 36)."""
    from tdream.frontend.match import MatchSetup
    from tdream.platform.scenario import load_scenario
    sc = load_scenario(str(DATA / "take_back.yaml"))
    s = Session(seed=sc.seed, setup=MatchSetup(sc.game.id, sc.seed, [x.kind for x in sc.seats], dict(sc.options),
                                                scenario=sc, mode="practice"))
    t = s.m.stack[0]
    s.step(0, 200)
    p = t.prompt
    assert p is not None and p.kind == "turn"
    s.tap(DOWN)
    a1 = t.game.rules.city.index["a1"]
    for _ in range(10):
        if p.site == a1:
            break
        s.tap(LEFT if t._view.xy[a1][0] < t._view.xy[p.site][0] else UP)
    s.tap(A)
    while p.colour != 3:                       # grey
        s.tap(RIGHT)
    s.tap(A)
    s.tap(A)                                   # the roof on a1: an extra turn
    for _ in range(2000):
        if t.prompt is not None and t.prompt is not p and t.beat is None and t.prompt_age >= TableScene.prompt_guard:
            break
        s.step()
    s.shot("take-back-offer")
    s.tap(B)
    s.shot("take-back")
    frames.update(s.frames)


def _watch_screens(frames: dict, record) -> None:
    """A record watched (``tdream replay play``), and its jump window."""
    from tdream.platform.record import load_record
    rec = load_record(record)
    setup = GameSetup(rec.setup.seed, list(rec.setup.kinds), dict(rec.setup.options), replay=rec, speed=1)
    s = Session(seed=rec.setup.seed, setup=setup)
    s.step(0, 400)
    s.shot("replay")
    s.tap(B)
    s.tap(UP)
    s.shot("replay-jump")
    frames.update(s.frames)


def _practice_screens(frames: dict) -> None:
    """Practice from a scenario's position (its own small city, drawn on a grid); a wild whose
    colour is out refused."""
    from tdream.frontend.match import MatchSetup
    from tdream.platform.scenario import load_scenario
    sc = load_scenario(str(DATA / "wild_refused.yaml"))
    s = Session(seed=sc.seed, setup=MatchSetup(sc.game.id, sc.seed, [x.kind for x in sc.seats], dict(sc.options),
                                                scenario=sc, mode="practice"))
    t = s.m.stack[0]
    s.step(0, 200)
    p = t.prompt
    assert p is not None and p.kind == "turn", (t.beat, p)
    s.step(0, TableScene.prompt_guard)
    s.tap(A)                                   # the wild card: which colour?
    while p._wild_reason(p.pick) is None:
        s.tap(RIGHT)
    s.tap(A)
    assert p.refusal
    s.shot("wild-refused")
    frames.update(s.frames)
    sc = load_scenario(str(DATA / "discard.yaml"))       # the 2-player city; a take over ten floors
    s = Session(seed=sc.seed, setup=MatchSetup(sc.game.id, sc.seed, [x.kind for x in sc.seats], dict(sc.options),
                                                scenario=sc, mode="practice"))
    t = s.m.stack[0]
    s.step(0, 200)
    assert t.prompt is not None and t.prompt.kind == "turn"
    s.step(0, TableScene.prompt_guard)
    s.shot("practice-city-2")
    s.tap(A)                                   # the first card: over ten floors
    assert t.prompt.stage == "take"
    s.shot("take-discard")                     # the take says the discard it will force
    s.tap(A)
    s.step(0, 300)
    assert t.prompt is not None and t.prompt.kind == "discard", t.prompt
    _counts_script(s, t, set())
    frames.update(s.frames)


JAPANESE = ("ja-title-menu", "ja-setup-seat", "ja-setup-players", "ja-turn-market", "ja-turn-take", "ja-turn-wild",
            "ja-turn-roof", "ja-turn-roof-2",
            "ja-start-floors", "ja-status-players", "ja-status-objectives", "ja-status-how",
            "ja-comment", "ja-extra-turn", "ja-objectives", "ja-results", "ja-take", "ja-build", "ja-log",
            "ja-long-names", "ja-results-long-names", "ja-three-players", "ja-overlays",
            "ja-overlays-status") + tuple("ja-" + n for n in HOWTO)


def capture(record=None) -> dict:
    from tdream.frontend.settings import Settings
    _watch_drawing()
    frames: dict = {}
    _title_screens(frames)
    _game_screens(frames)
    _practice_screens(frames)
    _long_screens(frames)
    _three_screens(frames)
    _overlay_screens(frames, Settings())
    _take_back_screens(frames)
    if record is not None:
        _watch_screens(frames, record)
    ja: dict = {}
    _title_screens(ja, Settings(language="ja"), "ja-")
    _game_screens(ja, Settings(language="ja"), "ja-")
    _long_screens(ja, Settings(language="ja"), "ja-")
    _three_screens(ja, Settings(language="ja"), "ja-")
    _overlay_screens(ja, Settings(language="ja"), "ja-")
    frames.update({k: v for k, v in ja.items() if k in JAPANESE})
    return frames

"""The city is always in sight (issue 21): every site and street of every city (the shipped 30-
and 36-site cities, the practice cities of the scenarios, a city with no positions) is drawn
inside the table's board area, and nothing the table draws over it (the text box, a prompt's
window, a banner, the objectives, a player's details, the REPLAY line, the jump window) ever
meets it, in every phase a game goes through: the board area's pixels are the city's alone."""
from pathlib import Path

import pygame
import pytest

from tdream.frontend.constants import A, B, L, SELECT, UP
from tdream.frontend.match import MatchSetup
from tdream.frontend.run import Headless
from tdream.frontend.table import rects_meet
from tdream.games.towerup.frontend import layout
from tdream.games.towerup.frontend import FRONTEND
from tdream.games.towerup.frontend.cityview import CityView
from tdream.games.towerup.frontend.table import GameSetup, TableScene

ROOT = Path(__file__).resolve().parents[4]
DATA = Path(__file__).parent / "data"


def _inside(rect, area) -> bool:
    x, y, w, h = rect
    ax, ay, aw, ah = area
    return ax <= x and ay <= y and x + w <= ax + aw and y + h <= ay + ah


def _cities() -> list:
    """Every city a table can show: the shipped ones, every scenario's own, one of each size with
    no positions (drawn on a grid)."""
    from tdream.games.towerup.data import make_rules, shipped
    from tdream.platform.scenario import load_scenario
    cities = list(shipped().cities.values())
    paths = sorted((ROOT / "scenarios" / "towerup").glob("*.yaml")) + sorted(DATA.glob("*.yaml"))
    for path in paths:
        sc = load_scenario(str(path))
        if sc.game.id == "towerup":
            cities.append(sc.match.rules.city)
    for n in (2, 7, 12, 30, 36):
        spec = {"city": {"sites": {f"s{i}": {"district": 1} for i in range(1, n + 1)},
                         "streets": [[f"s{i}", f"s{i + 1}"] for i in range(1, n)]},
                "cards": "standard", "tracks": "standard"}
        cities.append(make_rules(spec).city)
    return cities


def test_every_site_and_street_of_every_city_is_inside_the_board_area():
    area = TableScene.board_area
    cities = _cities()
    assert len(cities) >= 5 and {len(c.sites) for c in cities} >= {30, 36}
    for city in cities:
        view = CityView(city)
        placed: list = []
        for s, (x, y) in enumerate(view.xy):
            for rect in ((x - 8, y - 2, 16, 6), (x - 10, y - 4, 20, 10)):      # the lot, its outline
                assert _inside(rect, area), (city.id, city.sites[s], rect)
            lx, ly = view.label_at(s, 30, placed)                              # Select's label, "s36:10"
            assert _inside((lx, ly, 30, 8), area), (city.id, city.sites[s], (lx, ly))
        for a, b in city.streets:                  # a street is a segment between two lots inside
            assert _inside((*view.xy[a], 1, 1), area) and _inside((*view.xy[b], 1, 1), area)


def test_the_shipped_cities_area_is_the_lots_room():
    from tdream.games.towerup.data import shipped
    assert shipped().area == layout.LOTS


def test_the_text_box_and_the_windows_never_meet_the_board_area():
    area = TableScene.board_area
    assert area == layout.MAP
    for rect in (TableScene.box_style.rect, layout.JUMP, layout.BOX_NARROW, layout.PANEL_WINDOW,
                 layout.OBJECTIVES_WINDOW, layout.STRIP):
        assert not rects_meet(rect, area), rect
    assert not rects_meet(area, (layout.PANEL_X, 0, layout.PANEL_W, 224))          # the panels beside it


class Watch:
    """Draws the table each frame it changes phase (and every tenth) and holds the board area's
    pixels to the city's drawing alone; notes the phases seen."""

    def __init__(self, h, t) -> None:
        self.h, self.t = h, t
        self.full = pygame.Surface((256, 224))
        self.city = pygame.Surface((256, 224))
        self.seen: set = set()
        self.last = None
        self.n = 0
        self.finals = 0                            # frames checked in the final turns (issue 24)

    def phase(self):
        t = self.t
        beat = t.beat
        p = t.prompt if beat is None else None
        if p is not None:
            return ("prompt", p.kind, getattr(p, "stage", ""))
        return ("beat", beat.kind if beat is not None else "", bool(t.labels), bool(t.panel_frames),
                t.jump is not None)

    def check(self) -> None:
        t, m = self.t, self.h.machine
        if m.stack[-1] is not t:
            return
        assert not rects_meet(t.box_rect(), t.board_area)
        ph = self.phase()
        self.n += 1
        if t.shown.ending and not t.shown.over:
            self.finals += 1
        if ph == self.last and self.n % 10:
            return
        self.last = ph
        self.seen.add(ph[:3] if ph[0] == "prompt" else ph)
        if ph[0] == "prompt":                      # its words for a box that shows words only (the shell's)
            assert t.prompt.text() and all(isinstance(x, str) for x, _ in t.prompt.lines(m)), ph
        t.draw(m, self.full)
        self.city.fill((0, 0, 0))
        t.draw_board(m, self.city)
        board = pygame.Rect(t.board_area)
        a = pygame.image.tobytes(self.full.subsurface(board), "RGB")
        b = pygame.image.tobytes(self.city.subsurface(board), "RGB")
        assert a == b, f"something is drawn over the city at {ph}"


def _run(h, t, ap, frames: int, watch: Watch, until=lambda: False, extra=None) -> None:
    for i in range(frames):
        press = ap.buttons(h.machine) if ap is not None else (0, 0, 0, 0)
        if extra is not None:
            press = extra(i, press)
        h.step(press)
        watch.check()
        if until():
            return


@pytest.mark.parametrize("players", [4, 2])
def test_a_whole_game_never_covers_the_city(players):
    """A game with a person on pad 1 (a build whenever he can), from the objectives and the
    start floors to the results, Select's labels and L/R's details now and then."""
    seats = ["human", "joji", "yuka", "kenta"][:players]
    h = Headless(seed=3, setup=GameSetup(3, seats, {"players": players}))
    t = h.machine.stack[0]
    watch = Watch(h, t)
    ap = FRONTEND.autopilot(build_every=1)

    def extra(i, press):
        if i % 997 == 500:
            return (SELECT, 0, 0, 0)
        if i % 1499 == 700:
            return (L, 0, 0, 0)
        return press
    _run(h, t, ap, 60000, watch, lambda: t.done, extra)
    assert t.game.over
    kinds = {p[1:] for p in watch.seen if p[0] == "prompt"}
    assert {("turn", "market"), ("turn", "city"), ("turn", "colour"), ("turn", "roof")} <= kinds
    assert ("start_floors", "") in kinds or players == 2         # (seed 3: in the 2-player game he goes first)
    beats = {p[1] for p in watch.seen if p[0] == "beat"}
    assert {"objectives", "take", "build", "say", "banner", "deal", "place"} <= beats, beats
    assert any(p[0] == "beat" and p[2] for p in watch.seen) and any(p[0] == "beat" and p[3] for p in watch.seen)
    assert watch.finals > 0                                      # the final turns were checked too


def _practice(name: str):
    from tdream.platform.scenario import load_scenario
    sc = load_scenario(str(DATA / name))
    setup = MatchSetup(sc.game.id, sc.seed, [x.kind for x in sc.seats], dict(sc.options), scenario=sc,
                       mode="practice")
    h = Headless(seed=sc.seed, setup=setup)
    return h, h.machine.stack[0]


def test_the_discard_and_a_wild_card_never_cover_the_city():
    h, t = _practice("discard.yaml")
    watch = Watch(h, t)
    _run(h, t, FRONTEND.autopilot(), 4000, watch, lambda: ("prompt", "discard", "") in watch.seen)
    assert ("prompt", "discard", "") in watch.seen
    h, t = _practice("wild_refused.yaml")
    watch = Watch(h, t)
    presses = iter([0] * 240 + [A, 0, 0, 0, 0, 0] * 2 + [B, 0] * 4)
    _run(h, t, None, 260, watch, extra=lambda i, p: (next(presses, 0), 0, 0, 0))
    assert ("prompt", "turn", "wild") in watch.seen


def test_watching_a_record_and_its_jump_window_never_cover_the_city(watched_record):
    from tdream.platform.record import load_record
    rec = load_record(watched_record)
    setup = GameSetup(rec.setup.seed, list(rec.setup.kinds), dict(rec.setup.options), replay=rec, speed=4)
    h = Headless(seed=rec.setup.seed, setup=setup)
    t = h.machine.stack[0]
    watch = Watch(h, t)
    presses = iter([0] * 600 + [B, 0, 0, 0, UP, 0, 0, 0] + [0] * 60 + [A] + [0] * 600)
    _run(h, t, None, 1400, watch, extra=lambda i, p: (next(presses, 0), 0, 0, 0))
    assert any(p[0] == "beat" and p[4] for p in watch.seen), "the jump window was never up"

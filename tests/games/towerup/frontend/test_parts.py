"""The front end's parts that are not a whole screen: the words for cards and floors, the texts
that come from data (every one has its Japanese), the build preview's roofs left open, the
city's drawing on any city, the module the shell asks for, and the bench's hooks."""
import pytest

from tdream.games.towerup import GAME
from tdream.games.towerup.data import COLOURS, WILD, Card
from tdream.games.towerup.frontend import prompts as pr
from tdream.platform.options import option
from tdream.frontend.frontends import frontend_of


def test_the_shell_gets_the_module_and_its_contract():
    front = frontend_of(GAME.id)
    for name in ("MODES", "mode_scene", "table_scene", "demo_scene", "draw_logo", "SUBTITLE", "autopilot",
                 "bench_setup", "bench_ready", "bench_busy"):
        assert hasattr(front, name), name
    assert {"Free play", "Continue", "Practice", "Spectate"} <= set(front.MODES)
    from tdream.frontend.scenes.title import playable
    assert "towerup" in playable()
    with pytest.raises(ValueError):
        front.mode_scene(None, "Campaign")


def test_cards_and_floors_in_words():
    from tdream.frontend.text import set_language
    set_language("en")
    assert pr.floors_text([2, 0, 1, 0]) == "2 black, 1 brown"
    assert pr.floors_text(["grey", "white", "grey"]) == "1 white, 2 grey"
    assert pr.floors_text([0, 0, 0, 0]) == "nothing"
    card = Card("k07", 0, (0, 1), (2,))
    assert pr.card_text(card) == "1 black, 1 white, brown vehicle +1"
    assert pr.card_text(Card("k05", 0, (WILD, WILD), ())) == "2 wild"
    try:
        set_language("ja")
        assert pr.floors_text([2, 0, 1, 0]) == "黒2, 茶1"
    finally:
        set_language("en")


def test_every_text_from_data_and_tables_has_japanese():
    """Texts the screens translate that the code scanner cannot see (they are not literals in a
    ``tr`` call): colours, end reasons, help, the characters' play, objectives."""
    from tdream.frontend.text import load_all_ja
    from tdream.games.towerup.frontend import setup, status, table
    from tdream.platform.roster import CHARACTER_IDS
    ja = load_all_ja()
    rules = GAME.rules_for(4)
    texts = list(COLOURS) + list(GAME.words.reasons.values()) + list(status.HOW) + [status.MAP_KEY]
    texts += [setup.START, option(GAME, "extra_turn_on_last_roof").setup_help] + [t for t in setup.SETUP.helps.values() if t]
    texts += [p.title for p in status.STATUS.pages] + [setup.plays(c) for c in CHARACTER_IDS]
    texts += [o.text for o in rules.objectives.values()]
    assert [t for t in texts if t not in ja] == []
    assert all(o.name_ja for o in rules.objectives.values())


def test_the_roof_preview_names_the_roofs_a_later_build_could_cover():
    """After each roof choice, the seat's visible roofs next to a site still open (the preview
    plays the build on a copy: the match is unchanged)."""
    from tdream.games.towerup.frontend.cityview import CityView
    from tdream.games.towerup.position import from_position
    m, _ = from_position({"sites": {"s8": {"floors": ["white"], "roofs": ["A"]}},
                          "stock": {"A": {"black": 2, "white": 2}}, "to_move": "A"}, ["A", "B", "C"],
                         {"extra_turn_on_last_roof": False, "players": 3}, 1)
    while m.awaiting().kind != "turn":                          # the market is dealt
        m.apply(m.sample_chance())
    before = m.fingerprint()
    p = pr.TurnPrompt(m, 0, CityView(m.rules.city))
    s9 = m.rules.city.index["s9"]
    assert s9 in p.legal_sites
    p.site, p.colour, p.stage = s9, COLOURS.index("black"), "roof"
    choices = p.choices()
    assert [c.roof for c in choices] == ["s9", "s8"]
    exposed = {c.roof: dict(p.exposed(c)) for c in choices}
    assert set(exposed["s9"]) == {"s9"}          # his roof on s8 is under the new floor: only s9 shows
    assert "s10" in exposed["s9"]["s9"]           # ... and an empty site next to it could cover it
    assert set(exposed["s8"]) == {"s8"}           # the roof on s8's new top floor; s9 has none
    state, new, marks = p.preview()
    assert new == {s9: 0, m.rules.city.index["s8"]: 1} and m.fingerprint() == before


def test_a_last_roof_says_the_score_is_fixed_not_open_to_cover():
    """Issue 24 point 6: on his last roof (his score is fixed at the end of that turn, U5.3) the
    roof preview shows no roof "open to cover later" and no red marks; with roofs to spare it does."""
    from tdream.games.towerup.frontend.cityview import CityView
    from tdream.games.towerup.position import from_position

    def roof_stage(roofs: int):
        m, _ = from_position({"sites": {"s8": {"floors": ["white"], "roofs": ["A"]}}, "roofs": {"A": roofs},
                              "stock": {"A": {"black": 2, "white": 2}}, "to_move": "A"}, ["A", "B", "C"],
                             {"extra_turn_on_last_roof": False, "players": 3}, 1)
        while m.awaiting().kind != "turn":
            m.apply(m.sample_chance())
        p = pr.TurnPrompt(m, 0, CityView(m.rules.city))
        p.site, p.colour, p.stage, p.roof = m.rules.city.index["s9"], COLOURS.index("black"), "roof", 0
        return p, [ln.text for ln in p.window_roof(None, (0, 0, 176, 56))[1]]
    p, texts = roof_stage(5)
    assert any(t.startswith("Open to cover later") for t in texts) and p.preview()[2]
    p, texts = roof_stage(1)
    assert not any(t.startswith("Open to cover later") for t in texts) and p.preview()[2] == {}
    assert "Your score is fixed at the end of this turn (U5.3)." in texts


def test_the_titles_words_clear_the_tower_art():
    """Issue 24 point 6: the subtitle (and the name, PRESS START) never lie on a tower of the
    title's picture, the menu open or not."""
    from tdream.frontend.constants import R, START
    from tdream.frontend.run import Headless
    from tdream.games.towerup.frontend import SUBTITLE, logo_towers
    from tests.frontend.screens import _DRAWN, _watch_drawing, visible_texts
    _watch_drawing()
    h = Headless(seed=1)
    for _ in range(20):
        h.step((0, 0, 0, 0))
    while h.machine.stack[-1].game != "towerup":
        h.step((R, 0, 0, 0))
        h.step((0, 0, 0, 0))
    seen = set()
    for press in (0, START):
        h.step((press, 0, 0, 0))
        for _ in range(61):                                  # PRESS START blinks: both halves
            _DRAWN.clear()
            h.frame()
            for text, x, y, w, ht in visible_texts(_DRAWN):
                if y < 208:                                  # the copyright line sits under them all
                    seen.add(text)
                    for tx, ty, tw, th in logo_towers():
                        assert not (x < tx + tw and tx < x + w and y < ty + th and ty < y + ht), (text, (tx, ty))
            h.step((0, 0, 0, 0))
    assert {SUBTITLE, "PRESS START"} <= seen


def test_the_objectives_page_fits_four_long_names():
    """Issue 24 point 6: with four players of long names each progress is shown whole (a line
    more rather than "...Hikozaem" cut at the edge), and nothing runs into the keys at the foot."""
    import pygame
    from tdream.frontend.run import Headless
    from tdream.frontend.scenes.status import StatusScene
    from tdream.games.towerup.frontend.table import GameSetup
    from tests.frontend.screens import _DRAWN, _watch_drawing, visible_texts
    _watch_drawing()
    h = Headless(seed=2, setup=GameSetup(2, ["hikozaemon", "tamasaburo", "cosmic-will", "marimo"]))
    t = h.machine.stack[0]
    for _ in range(400):
        h.step((0, 0, 0, 0))
    names = t.shown.names
    assert len(names) == 4 and t.shown.objectives
    scene = StatusScene(t, 0)
    scene.page = 1
    _DRAWN.clear()
    scene.draw(h.machine, pygame.Surface((256, 224)))
    texts = visible_texts(_DRAWN)
    for name in names:
        assert sum(1 for text, *_ in texts if text.startswith(name + " ")) == len(t.shown.objectives), name
    for text, x, y, w, ht in texts:
        assert x + w <= 250 and (y + ht <= 212 or text.startswith("L/R")), (text, x, y, w)


def test_a_city_without_positions_is_drawn_on_a_grid():
    import pygame

    from tdream.games.towerup.data import make_rules
    from tdream.games.towerup.frontend.cityview import CityView, site_positions
    spec = {"city": {"sites": {f"s{i}": {"district": 1 + i % 2} for i in range(1, 8)},
                     "streets": [[f"s{i}", f"s{i + 1}"] for i in range(1, 7)]},
            "cards": "standard", "tracks": "standard"}
    city = make_rules(spec).city
    xy = site_positions(city)
    assert len(set(xy)) == 7 and all(0 < x < 176 and 40 < y < 224 for x, y in xy)
    view = CityView(city)
    surface = pygame.Surface((256, 224))

    class State:
        fl = [[0, 0], [], [1], [], [], [], []]
        rf = [[1, 0], [], [-1], [], [], [], []]
    view.draw(surface, State(), 0, [0, 1, 2, 3], legal=(1,), cursor=3)
    assert view.nearest(list(range(7)), 0, 1, 0) != 0


def test_the_bench_hooks(tmp_path):
    from tdream.frontend.run import Headless
    front = frontend_of(GAME.id)
    setup = front.bench_setup(11, False)
    h = Headless(seed=11, setup=setup)
    t = h.machine.stack[0]
    for _ in range(20000):
        if front.bench_ready(t):
            break
        h.step()
    assert t.game.progress() >= 40
    busy = 0
    for _ in range(600):
        h.step()
        busy += front.bench_busy(t, False)
    assert busy > 20


def test_the_bench_measures_the_city_screen():
    from tdream.frontend.bench import bench_frames
    figures = bench_frames(frames=60, game_id="towerup")
    assert set(figures) == {"towerup_frame_ms_p50", "towerup_frame_ms_p99"}
    assert 0 < figures["towerup_frame_ms_p50"] <= figures["towerup_frame_ms_p99"]

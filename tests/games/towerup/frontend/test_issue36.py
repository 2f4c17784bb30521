"""Tower Up as a new player meets it (issue 36): every word shown, nothing of the player's changed,
and a game he can learn at the table.

- the panels hold every row with 2, 3 and 4 players, the longest names whole in both languages;
- a prompt's window loses no line: a window too full pages (Y), in both languages, beside the
  speedrun pads too;
- names in the screen's language (panels, the text box, prompts, the engine's refusals);
- Select shows the rule a refusal names (and the sites' names when none is named);
- the prompt says what an answer ends: a last roof, a colour out, the city full, the last turn;
- a build that earned an extra turn is taken back with B at that turn's first prompt: the match
  and the record as if it had never been given (the record verifies); a take never is;
- the turn log tells what happened, a banner as one line;
- the speedrun overlays (timer, four pads) cover nothing on the table, the status and the set-up;
- How to play's pictures stay in their rect in both languages.
"""
from __future__ import annotations

import re

import pygame
import pytest

from tdream.frontend.constants import A, B, DOWN, RIGHT, SELECT, X, Y
from tdream.frontend.match import MatchSetup
from tdream.frontend.run import Headless
from tdream.frontend.settings import Settings
from tdream.frontend.text import set_language
from tdream.games.towerup.answers import Build, Discard, Take
from tdream.games.towerup.frontend.table import GameSetup
from tdream.platform.scenario import load_scenario
from tests.frontend.screens import _DRAWN, _watch_drawing, visible_texts

from .test_prompts import CITY
from tdream.frontend.frontends import frontend_of

LONG = ["tamasaburo", "cosmic-will", "hikozaemon", "human"]


@pytest.fixture(autouse=True)
def english_after():
    yield
    set_language("en")


def _scenario(tmp_path, body: str, rules: str = "[U3.4]"):
    text = (f"format: tdream-scenario\nversion: 1\ngame: towerup\nname: \"issue 36\"\nrules: {rules}\n"
            + CITY + body)
    path = tmp_path / "s.yaml"
    path.write_text(text)
    return load_scenario(str(path))


class Practice:
    """A practice table from a scenario's position, its human seat's prompts answered by pad."""

    def __init__(self, sc, settings=None, record_path=None) -> None:
        _watch_drawing()
        setup = MatchSetup(sc.game.id, sc.seed, [x.kind for x in sc.seats], dict(sc.options), scenario=sc,
                           mode="practice")
        self.h = Headless(seed=sc.seed, setup=setup, settings=settings, record_path=record_path)
        self.m = self.h.machine
        self.t = self.m.stack[0]

    def prompt(self):
        t = self.t
        for _ in range(6000):
            if self.m.stack[-1] is t and t.prompt is not None and t.beat is None and t.prompt_age >= t.prompt_guard:
                return t.prompt
            self.h.step((0, 0, 0, 0), 0b1111)
        raise AssertionError("no prompt came")

    def tap(self, button: int) -> None:
        pads = [0, 0, 0, 0]
        seat = self.t.prompt_seat if self.t.prompt_seat >= 0 else 0
        pads[self.t.pad_of.get(seat, 0)] = button
        self.h.step(tuple(pads), 0b1111)
        self.h.step((0, 0, 0, 0), 0b1111)

    def texts(self) -> list[str]:
        _DRAWN.clear()
        self.h.frame()
        return [x[0] for x in visible_texts(_DRAWN)]

    def window_texts(self) -> str:
        """Every page of the prompt's window, Y turning them."""
        texts = self.texts()
        seen = [" ".join(texts)]
        for _ in range(6):
            if not any(t.startswith("Y:") for t in texts):
                break
            self.tap(Y)
            texts = self.texts()
            if " ".join(texts) in seen:
                break
            seen.append(" ".join(texts))
        return " ".join(seen)


# ---------------------------------------------------------------- the panels
def _panel_rows_stay_inside(h, t, lang: str) -> None:
    """Each panel drawn alone on a blank frame changes no pixel outside its rect, and its texts
    stand inside it, apart."""
    from tdream.games.towerup.frontend.hud import draw_panel, panel_rects
    m = h.machine
    set_language(lang)
    shown = t.shown
    rects = panel_rects(len(shown.names))
    for p, rect in enumerate(rects):
        surface = pygame.Surface((256, 224))
        surface.fill((8, 8, 8))
        _DRAWN.clear()
        draw_panel(m, surface, shown, p, rect, t.colour_of[p], t.kinds[p], p == shown.to_move, "")
        x, y, w, hh = rect
        outside = [(px, py) for px in range(256) for py in range(224)
                   if not (x <= px < x + w and y <= py < y + hh) and surface.get_at((px, py))[:3] != (8, 8, 8)]
        assert not outside, (len(shown.names), lang, p, outside[:5])
        texts = [d for d in _DRAWN if d[0] == "text"]
        for _, text, tx, ty, tw, th in texts:
            assert x + 1 <= tx and tx + tw <= x + w - 1 and y + 1 <= ty and ty + th <= y + hh - 1, \
                (len(shown.names), lang, p, text, (tx, ty, tw, th), rect)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_panel_row_stays_inside_its_panel(players, lang):
    """Issue 36: with 3 players the panels cut off the cone's line and the portraits (they ran into
    the next panel); every row of every panel stands inside it, 2-4 players, both languages."""
    _watch_drawing()
    st = Settings(language=lang)
    h = Headless(seed=3, settings=st, setup=GameSetup(3, LONG[:players]))
    t = h.machine.stack[0]
    for _ in range(20000):
        h.step((0, 0, 0, 0), 1)
        if t.shown.progress() >= 10 and t.beat is not None:
            break
    _panel_rows_stay_inside(h, t, lang)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_longest_names_are_whole_on_the_panels_in_the_screens_language(lang):
    """Names as the screen says them (Japanese letters for the characters and Player 1 in
    Japanese), each whole on its panel: never cut with a full stop."""
    from tdream.frontend.text import shown_name
    _watch_drawing()
    h = Headless(seed=3, settings=Settings(language=lang), setup=GameSetup(3, LONG))
    t = h.machine.stack[0]
    for _ in range(3000):
        h.step((0, 0, 0, 0), 1)
        if t.shown.progress() >= 0 and t.prompt is not None and t.beat is None:
            break
    _DRAWN.clear()
    h.frame()
    panel_texts = [d[1] for d in _DRAWN if d[0] == "text" and d[2] >= 176]
    set_language(lang)
    for name in ("Tamasaburo", "Cosmic Will", "Hikozaemon", "Player 1"):
        assert shown_name(name) in panel_texts, (shown_name(name), panel_texts)
    assert not [x for x in panel_texts if x.endswith(".") and not x[:-1].isdigit()], panel_texts


def test_the_table_tells_the_names_in_the_screens_language():
    """The text box in Japanese names the characters in Japanese letters (the turns' lines; the
    set-up's are told before the machine's first frame sets the language: the shell's)."""
    h = Headless(seed=3, settings=Settings(language="ja"), setup=GameSetup(3, LONG[:3] + ["yuderu"]))
    t = h.machine.stack[0]
    before = {b.text for b in t.beats}                   # told at the table's start, before a frame
    said = []
    for _ in range(20000):
        h.step((0, 0, 0, 0), 1)
        if t.beat is not None and t.beat.text and t.beat.text not in said and t.beat.text not in before:
            said.append(t.beat.text)
        if t.shown.progress() >= 8:
            break
    text = " ".join(said)
    assert "タマサブロー" in text and "コズミック・ウィル" in text
    assert "Tamasaburo" not in text and "Cosmic Will" not in text and "Hikozaemon" not in text


# ---------------------------------------------------------------- windows that page
ROOFED = """players: [{name: Ann}, {name: Joji, cpu: joji}]
sites:
  a2: {floors: [white], roofs: [Joji]}
  b2: {floors: [grey], roofs: [Ann]}
  b1: {floors: [brown], roofs: [Ann]}
stock: {Ann: {white: 2, brown: 2, grey: 2, black: 2}}
vehicles: {Ann: {black: 1, white: 1, brown: 1, grey: 1}}
roofs: {Ann: 5}
market: [k3, k1, k2]
deck: [k4, k5, k6]
supply: {black: 0, white: 5, brown: 5, grey: 5}
steps:
  - illegal: {build: {site: c3, colour: black, roof: c3}}
"""


def _to_roof(t: Practice, site: str, colour: str):
    p = t.prompt()
    t.tap(DOWN)
    city = t.t.game.rules.city
    target = city.index[site]
    xy = t.t._view.xy
    from tdream.frontend.constants import LEFT, UP
    for _ in range(20):
        if p.site == target:
            break
        (x0, y0), (x1, y1) = xy[p.site], xy[target]
        t.tap(RIGHT if x1 > x0 else LEFT if x1 < x0 else DOWN if y1 > y0 else UP)
    assert p.site == target
    t.tap(A)
    from tdream.games.towerup.data import COLOURS
    while p.colour != COLOURS.index(colour):
        t.tap(RIGHT)
    t.tap(A)
    assert p.stage == "roof"
    return p


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("pads", [False, True])
def test_a_prompts_window_loses_no_line(tmp_path, lang, pads):
    """Issue 36: a window too full for its lines dropped the keys and the notes (a roof's cost,
    the roofs a later build could cover, "Up/Down, A: build"); now every line is on one of its
    pages (Y turns them), in both languages, with the input display's gutter too."""
    st = Settings(language=lang)
    st.input_display = pads
    t = Practice(_scenario(tmp_path, ROOFED), st)
    p = _to_roof(t, "a1", "grey")                        # next to a2 (Joji's white) and b1 (Ann's brown)
    set_language(lang)
    rect = t.t.box_rect()
    title, lines = p.window(t.m, rect)
    helps = getattr(t.t, "help_lines", None)            # the shell's (issue 36): Select's rule, a take-back
    lines += [type(lines[0])(text, c) for text, c in (helps(t.m, p, []) if helps else [])]
    shown = t.window_texts()
    font = t.m.font
    for ln in lines:
        for row in font.wrap(ln.text, rect[2] - 10 - ln.indent - ln.right, "small") if ln.text else []:
            assert row in shown, (row, shown)


# ---------------------------------------------------------------- Select: the rule a refusal names
def test_select_shows_the_rule_a_refusal_names_else_the_sites_names(tmp_path):
    from tdream.frontend.scenes.learn import RuleScene
    t = Practice(_scenario(tmp_path, ROOFED))
    p = t.prompt()
    t.tap(SELECT)                                        # no refusal: the sites' names and heights
    assert t.t.labels and not isinstance(t.m.stack[-1], RuleScene)
    t.tap(SELECT)
    assert not t.t.labels
    t.tap(DOWN)
    c3 = t.t.game.rules.city.index["c3"]
    from tdream.frontend.constants import LEFT
    xy = t.t._view.xy
    for _ in range(20):
        if p.site == c3:
            break
        (x0, y0), (x1, y1) = xy[p.site], xy[c3]
        t.tap(RIGHT if x1 > x0 else LEFT if x1 < x0 else DOWN)
    t.tap(A)                                             # c3: next to no tower (U3.4)
    assert p.refusal.startswith("U3.4:")
    assert "Select: the rule U3.4" in t.window_texts()
    t.tap(SELECT)
    top = t.m.stack[-1]
    assert isinstance(top, RuleScene) and top.rule == "U3.4"
    t.tap(B)
    assert t.m.stack[-1] is t.t and p.answer is None and not t.t.labels


# ---------------------------------------------------------------- warnings before the irreversible
def test_a_last_roof_says_the_game_will_end_at_the_market_and_the_roof(tmp_path):
    t = Practice(_scenario(tmp_path, ROOFED.replace("roofs: {Ann: 5}", "roofs: {Ann: 1}")))
    p = t.prompt()
    assert "Your last roof: a build ends the game (U5.1)." in t.window_texts()
    p = _to_roof(t, "a1", "grey")
    assert "Your last roof: the game will end (U5.1)." in t.window_texts()
    assert p.answer is None


def test_a_card_whose_colour_is_out_says_the_game_will_end(tmp_path):
    t = Practice(_scenario(tmp_path, ROOFED))
    p = t.prompt()
    t.tap(RIGHT)                                         # k1: black, black, white; black is out (U3.2)
    assert "A colour runs out: the game will end (U5.2)." in t.window_texts()
    t.tap(A)
    assert p.stage == "wild" and "the game will end (U5.2)" in t.window_texts()


FULL = """players: [{name: Ann}, {name: Joji, cpu: joji}]
sites:
  a1: {floors: [white]}
  a2: {floors: [grey]}
  a3: {floors: [white]}
  b1: {floors: [grey]}
  b3: {floors: [grey]}
  c1: {floors: [white]}
  c2: {floors: [grey]}
  c3: {floors: [white]}
stock: {Ann: {black: 3, white: 3, brown: 3, grey: 5}}
market: [k3, k1, k2]
deck: [k4, k5, k6]
steps:
  - illegal: {build: {site: a1, colour: black, roof: a1}}
"""


def test_the_build_that_fills_the_city_says_the_game_will_end(tmp_path):
    """UG5.2: b2, the last empty site: its build leaves none, the game ends."""
    t = Practice(_scenario(tmp_path, FULL, "[UG5.2]"))
    p = _to_roof(t, "b2", "black")
    assert "No site is left after it: the game will end (UG5.2)." in t.window_texts()
    assert p.answer is None


def test_the_last_turn_of_the_game_says_so(tmp_path):
    """U5.3, E13: Ann's final turn is the game's last: each answer says it ends the game."""
    t = Practice(_scenario(tmp_path, ROOFED))
    p = t.prompt()
    m = p.match
    m.ending, m.trigger, m.final_turns, m.closing = "roof", 1, [], 0      # Joji ended it, Ann's final turn
    t.t.prompts.clear()
    p = t.prompt()
    shown = t.window_texts()
    assert "your final turn" in shown
    t.tap(A)                                             # k3: two wilds
    while p.stage == "wild":
        t.tap(A)
    assert p.stage == "take" and "This ends the game: it is its last turn (U5.3)." in t.window_texts()


# ---------------------------------------------------------------- take-backs
EXTRA = """players: [{name: Ann}, {name: Joji, cpu: joji}]
sites:
  a2: {floors: [white], roofs: [Joji]}
  b2: {floors: [grey], roofs: [Ann]}
stock: {Ann: {white: 2, brown: 1, grey: 2}}
vehicles: {Ann: {black: 2, white: 2, brown: 2, grey: 1}}
roofs: {Ann: 5}
market: [k3, k1, k2]
deck: [k4, k5, k6]
supply: {black: 5, white: 5, brown: 5, grey: 5}
steps:
  - illegal: {build: {site: c3, colour: black, roof: c3}}
"""


def _play_to_next_prompt(t: Practice, p) -> None:
    for _ in range(6000):
        if t.t.prompt is not None and t.t.prompt is not p and t.t.beat is None and t.t.prompt_age >= t.t.prompt_guard:
            return
        t.h.step((0, 0, 0, 0), 0b1111)
    raise AssertionError("no next prompt")


def test_a_build_that_earned_an_extra_turn_is_taken_back_and_the_record_keeps_only_what_stood(tmp_path):
    """Issue 36 (6): B at the extra turn's first prompt offers to take the build back; the match,
    the record and the score history are then those of a game where it was never given, and the
    record verifies."""
    from tdream.frontend.table import TakeBackScene
    from tdream.platform.replay import verify_record
    sc = _scenario(tmp_path, EXTRA, "[U4.2]")
    path_a = tmp_path / "a.tdr"
    t = Practice(sc, record_path=str(path_a))
    p = t.prompt()
    before = t.t.game.fingerprint()
    history = list(t.t.history)
    p = _to_roof(t, "a1", "grey")
    assert p.choices()[0].extra_turn
    t.tap(A)                                             # the build: grey a1, the roof on it
    assert p.answer == Build("a1", "grey", "a1")
    _play_to_next_prompt(t, p)
    q = t.t.prompt
    assert q.seat == 0 and q.stage == "market" and t.t.game.extra      # his extra turn (U4.2)
    assert "B: take back the build" in t.window_texts()
    t.tap(B)
    assert isinstance(t.m.stack[-1], TakeBackScene)
    t.tap(A)                                             # "Take it back"
    assert t.m.stack[-1] is t.t
    assert t.t.game.fingerprint() == before and t.t.history == history
    assert t.t.host.take_back is None
    q = t.prompt()
    assert q.stage == "market" and q.seat == 0
    t.tap(A)                                             # now a card instead: k3, two wilds
    while q.stage == "wild":
        t.tap(A)
    t.tap(A)
    answer = q.answer
    assert type(answer) is Take
    _play_to_next_prompt(t, q)
    t.t.host.close()
    # the same game with the card taken first, never the build
    path_b = tmp_path / "b.tdr"
    u = Practice(_scenario(tmp_path, EXTRA, "[U4.2]"), record_path=str(path_b))     # a fresh position
    r = u.prompt()
    u.tap(A)
    while r.stage == "wild":
        u.tap(A)
    u.tap(A)
    assert r.answer == answer
    _play_to_next_prompt(u, r)
    u.t.host.close()
    assert u.t.game.fingerprint() == t.t.game.fingerprint()
    assert path_a.read_text() == path_b.read_text()
    assert verify_record(str(path_a)).ok


def test_what_may_be_taken_back():
    """A build, a give-back and the set-up floors (nothing unknown follows them); never a take (the
    market refills from the deck: a chance)."""
    from tdream.games.towerup.answers import StartFloors
    from tdream.games.towerup.frontend.table import TableScene
    t = TableScene.__new__(TableScene)
    assert t.take_back_words(Build("a1", "grey", "a1"), 0) == "the build"
    assert t.take_back_words(Discard((1, 0, 0, 0)), 0) == "the floors given back"
    assert t.take_back_words(StartFloors((1, 0, 0, 0)), 0) == "the floors chosen"
    assert t.take_back_words(Take("k1", ()), 0) == ""


def test_a_build_followed_by_another_players_turn_is_not_offered_back(tmp_path):
    t = Practice(_scenario(tmp_path, EXTRA.replace("grey: 1}", "grey: 0}"), "[U4.2]"))
    p = _to_roof(t, "a1", "grey")                        # grey 0>1: no star, no extra turn
    assert not p.choices()[0].extra_turn
    t.tap(A)
    _play_to_next_prompt(t, p)                           # Joji played between
    q = t.t.prompt
    assert q.seat == 0 and "take back" not in t.window_texts()
    t.tap(B)
    assert t.m.stack[-1] is t.t


# ---------------------------------------------------------------- the turn log
def test_the_turn_log_tells_the_last_turns():
    h = Headless(seed=5, setup=GameSetup(5, ["tamasaburo", "cosmic-will", "hikozaemon", "yuderu"]))
    t = h.machine.stack[0]
    for _ in range(60000):
        h.step((0, 0, 0, 0), 1)
        if t.game.progress() >= 16:
            break
    lines = [text for _who, text in t.log]
    text = "\n".join(lines)
    assert re.search(r"\w+'s turn\.", text) and " takes " in text and " builds " in text
    assert re.search(r"\w+ roofs s\d+ \(\d+ high\)", text)
    assert re.search(r"starts a tower on s\d+ \(UG2\.1\)", text)
    assert all(not (a == b and "turn" not in a) for a, b in zip(lines, lines[1:])), "a line told twice in a row"
    assert all(not who.endswith("!") for who, _ in t.log)         # a banner's word is in its line


# ---------------------------------------------------------------- the speedrun overlays
def _overlay_rects(m, scene) -> list:
    """The timer's and the four pads' rects where ``scene`` has them (as Machine.draw places them)."""
    from tdream.frontend.constants import game_time
    out = []
    x, y, align = scene.overlay_at
    tw = m.font.width(game_time(m.frame), "small") + 4
    if getattr(scene, "timer_at", None) is not None:
        tx, ty, talign = scene.timer_at
        out.append((tx - tw if talign == "right" else tx, ty - 1, tw, 10))
        pads_x, pads_y = x, y
    elif align == "column":
        out.append((x - tw, y - 1, tw, 10))
        pads_x, pads_y = x, y + 11
    else:
        step = -1 if align == "right" else 1
        out.append((x - tw if align == "right" else x, y - 1, tw, 10))
        pads_x, pads_y = x + step * (tw + 3), y
    for i in range(4):
        if align == "column":
            out.append((pads_x - 28, pads_y - 1 + 12 * i, 28, 11))
        elif align == "right":
            out.append((pads_x - (4 - i) * 30, pads_y - 1, 28, 11))
        else:
            out.append((pads_x + i * 30, pads_y - 1, 28, 11))
    return out


def _meets(a, b) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


TIME = re.compile(r"^\d+:\d\d:\d\d\.\d\d$")


def _covered(m, scene, texts) -> list:
    rects = _overlay_rects(m, scene)
    return [(text, box) for text, *box in texts if not TIME.match(text) and any(_meets(r, box) for r in rects)]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_speedrun_overlays_cover_nothing_on_the_table_status_and_set_up(lang):
    """Issue 36: with the timer and the input display on and four pads connected, the overlays
    stand on no text, no part of the city, no panel, no market card, on the table (a prompt up, a
    line told), the status screen and the set-up."""
    from tdream.games.towerup.frontend import layout
    from tdream.frontend.scenes.setup import SetupScene
    _watch_drawing()
    st = Settings(language=lang)
    st.timer = st.input_display = True
    h = Headless(seed=3, settings=st, setup=GameSetup(3, ["human", "tamasaburo", "cosmic-will", "hikozaemon"]))
    m = h.machine
    t = m.stack[0]
    seen = 0
    for _ in range(30000):
        h.step((0, 0, 0, 0), 0b1111)
        if (t.prompt is not None and t.beat is None and t.prompt_age > t.prompt_guard) or \
                (t.beat is not None and t.beat.box is not None and t.beat.box.held == 2):
            _DRAWN.clear()
            h.frame()
            texts = [(d[1], d[2], d[3], d[4], d[5]) for d in _DRAWN if d[0] == "text"]
            assert not _covered(m, t, texts), _covered(m, t, texts)
            for r in _overlay_rects(m, t):
                for part in (layout.MAP, (layout.PANEL_X, 0, layout.PANEL_W, 224)) + tuple(
                        (x, layout.CARD_Y, layout.CARD_W, layout.CARD_H) for x in layout.CARD_X):
                    assert not _meets(r, part), (r, part)
            seen += 1
            if t.prompt is not None and t.beat is None:
                if seen >= 6:
                    break
                h.step(A if t.prompt.kind != "turn" or t.prompt.stage != "market" else A, 0b1111)
                h.step(0, 0b1111)
    assert seen >= 6
    h.step(X, 0b1111)
    h.step(0, 0b1111)
    status = m.stack[-1]
    assert status is not t
    _DRAWN.clear()
    h.frame()
    texts = [(d[1], d[2], d[3], d[4], d[5]) for d in _DRAWN if d[0] == "text"]
    assert not _covered(m, status, texts), _covered(m, status, texts)
    setup = SetupScene("towerup")
    m.push(setup)
    h.step(0, 0b1111)
    _DRAWN.clear()
    h.frame()
    texts = [(d[1], d[2], d[3], d[4], d[5]) for d in _DRAWN if d[0] == "text"]
    assert not _covered(m, setup, texts), _covered(m, setup, texts)


# ---------------------------------------------------------------- How to play
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_how_to_play_pictures_stay_in_their_rect(lang):
    from tdream.games.towerup import GAME
    from tdream.games.towerup.frontend.howto import PICTURES
    _watch_drawing()
    h = Headless(seed=1, settings=Settings(language=lang))
    m = h.machine
    set_language(lang)
    front = frontend_of(GAME.id)
    pages = front.howto()
    assert 5 <= len(pages) <= 8 and {p.picture for p in pages if p.picture} <= set(PICTURES)
    from tdream.frontend.scenes.learn import PICTURE as rect
    for page in pages:
        if not page.picture:
            continue
        surface = pygame.Surface((256, 224))
        surface.fill((8, 8, 8))
        _DRAWN.clear()
        front.draw_howto(m, surface, page.picture, rect)
        x, y, w, hh = rect
        outside = [(px, py) for px in range(256) for py in range(224)
                   if not (x <= px < x + w and y <= py < y + hh) and surface.get_at((px, py))[:3] != (8, 8, 8)]
        assert not outside, (page.picture, outside[:5])
        for _, text, tx, ty, tw, th in (d for d in _DRAWN if d[0] == "text"):
            assert x <= tx and tx + tw <= x + w and y <= ty and ty + th <= y + hh, (page.picture, text)


LAST_TAKE = """players: [{name: Ann}, {name: Joji, cpu: joji}]
market: [k1, k2, k4]
deck: [k5, k6, k3]
stock: {Ann: {black: 4, white: 3, brown: 2}}
supply: {black: 10, white: 10, brown: 10, grey: 10}
steps:
  - take: {card: k1}
"""


def test_the_give_back_after_the_games_last_take_says_it_ends_the_game(tmp_path):
    """E13: the game's last take refills nothing; the give-back after it is the game's last answer,
    and its window says so."""
    t = Practice(_scenario(tmp_path, LAST_TAKE, "[U3.3]"))
    p = t.prompt()
    m = p.match
    m.ending, m.trigger, m.final_turns, m.closing = "roof", 1, [], 0      # Ann's final turn: the game's last
    t.t.prompts.clear()
    p = t.prompt()
    t.tap(A)                                             # k1: 12 floors
    assert p.stage == "take" and "This ends the game: it is its last turn (U5.3)." in t.window_texts()
    t.tap(A)
    q = t.prompt()
    assert q.kind == "discard"
    shown = t.window_texts()
    rows = t.m.font.wrap("This ends the game: it is its last turn (U5.3).", 81, "small")
    assert len(rows) > 1 and all(row in shown for row in rows), (rows, shown)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_games_objectives_are_told_whole_at_the_start(lang):
    """The three objectives' window at the start (over the panels) cut each condition at four rows:
    "neighbours" lost "...you have roofed." Every row of the longest three stands in the window."""
    from types import SimpleNamespace

    from tdream.games.towerup.frontend import layout
    from tdream.games.towerup.frontend.table import TableScene
    _watch_drawing()
    h = Headless(seed=3, settings=Settings(language=lang), setup=GameSetup(3, LONG[:3] + ["yuderu"]))
    m = h.machine
    set_language(lang)
    from tdream.frontend.text import tr
    game = m.stack[0].game.copy()
    font = m.font
    cat = game.rules.objectives
    longest = sorted(cat, key=lambda o: -len(font.wrap(tr(cat[o].text), 68, "small")))[:3]
    game.objectives = list(longest)
    game.chips_left = [[7, 5, 3, 3] for _ in longest]
    surface = pygame.Surface((256, 224))
    _DRAWN.clear()
    TableScene.draw_objectives(SimpleNamespace(game=game), m, surface)
    texts = [d for d in _DRAWN if d[0] == "text"]
    shown = [d[1] for d in texts]
    for oid in longest:
        for row in font.wrap(tr(cat[oid].text), layout.OBJECTIVES_WINDOW[2] - 12, "small"):
            assert row in shown, (oid, row)
    x, y, w, hh = layout.OBJECTIVES_WINDOW
    for _, text, tx, ty, tw, th in texts:
        assert y + 3 <= ty and ty + th <= y + hh - 3 and x + 3 <= tx and tx + tw <= x + w - 3, (text, ty)


def test_the_set_up_names_the_characters_in_the_screens_language():
    from tdream.frontend.scenes.setup import SetupScene
    scene = SetupScene("towerup")
    scene.seats = ["human", "cosmic-will", "tamasaburo", None]
    scene.profiles = [None, None, None, None]
    scene.prefs = {}
    set_language("ja")
    assert scene.label("seat1")[1].startswith("コズミック・ウィル (")
    set_language("en")
    assert scene.label("seat2")[1].startswith("Tamasaburo (")

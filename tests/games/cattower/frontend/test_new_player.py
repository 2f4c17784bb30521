"""CAT TOWER as a new player meets it (issue 36): a B that closes a window never starts a pass; a
drawing that ends the game says so and asks once more, and is never the first cursor while the
player is behind; every word of the text box and of a refusal's window shown (both languages,
the longest names); Select opens the rule a refusal names; the turn log tells the round; the
starting points from shared felt explained; the game named as the game on Continue and in the
Records; the seats' names in the language on screen; the speedrun overlays over nothing of the
table; How to play; what may be taken back (CG2.4's withdraw, nothing else)."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from tdream.frontend.constants import A, B, DOWN, INK, RIGHT, SELECT, UP, X
from tdream.frontend.run import Headless
from tdream.frontend.settings import Settings
from tdream.games.cattower import GAME
from tdream.games.cattower.answers import Drawing
from tdream.games.cattower.frontend import FRONTEND
from tdream.games.cattower.frontend.prompts import DrawPrompt, HousePrompt
from tdream.games.cattower.frontend.table import CatTowerSetup, TableScene
from tdream.frontend.frontends import frontend_of

DATA = Path(__file__).parent / "data"
LONG = ["human", "tamasaburo", "cosmic-will", "hikozaemon"]


def step(h, buttons=0, n=1, connected=0b0001):
    for _ in range(n):
        h.step(buttons if isinstance(buttons, tuple) else (buttons, 0, 0, 0), connected)


def tap(h, button, pad=0, wait=3, connected=0b0001):
    press = [0, 0, 0, 0]
    press[pad] = button
    step(h, tuple(press), 1, connected)
    step(h, 0, wait, connected)


def live(t, seat):
    p = t.prompts.get(seat)
    return p if p is not None and (t.beat is None or t.beat.kind in ("ready", "unready")) \
        and p.age >= TableScene.prompt_guard and p.answer is None else None


def until(h, test, frames=20000, buttons=None, connected=0b0001):
    for _ in range(frames):
        if test():
            return
        step(h, buttons(h.machine) if buttons else 0, 1, connected)
    raise AssertionError("never reached")


def table_of(h):
    return next(s for s in h.machine.stack if isinstance(s, TableScene))


def practice(name: str):
    from tdream.platform.scenario import load_scenario
    sc = load_scenario(DATA / f"{name}.yaml")
    return CatTowerSetup(sc.seed, [s.kind for s in sc.seats], dict(sc.options), scenario=sc, mode="practice")


def at_draw(seed=6, seats=("human", "joji", "yuka"), rounds=3, settings=None, connected=0b0001):
    h = Headless(seed=seed, setup=CatTowerSetup(seed, list(seats)), settings=settings)
    t = h.machine.stack[0]
    ap = FRONTEND.autopilot(pad=-1)
    until(h, lambda: live(t, 0) is not None and t.prompts[0].kind == "draw" and t.game.round >= rounds, 30000,
          lambda m: ap.buttons(m), connected)
    return h, t, t.prompts[0]


def steer(h, t, p, good, cell, pad=0, connected=0b0001):
    ap = FRONTEND.autopilot()
    for _ in range(100):
        ap.planned[p.seat] = (p, Drawing(good, cell))
        b = ap.pilot.answer(ap, t, p, p.seat)
        if b == A:
            return
        tap(h, b, pad=pad, wait=1, connected=connected)
    raise AssertionError("could not steer")


def drawn_texts(h) -> list:
    """(text, x, y, w, h) of every text a frame leaves visible."""
    from tests.frontend.screens import _DRAWN, _watch_drawing, visible_texts
    _watch_drawing()
    _DRAWN.clear()
    h.frame()
    return visible_texts(_DRAWN)


# ---------------------------------------------------------------- B closing a window starts nothing
def test_b_that_closes_a_refusal_window_never_asks_to_pass():
    """Issue 36: B on the C3.2 (or CG2.2) window over the sheet closes it, and only it: the
    prompt stays on the sheet, and the next A draws (or is refused again), never passes."""
    h, t, p = at_draw()
    sheet = t.game.sheet
    g, c = next((g, c) for c in range(len(sheet.cells)) for g in range(1, 7) if not t.game.cells[0][c]
                and p.cost(g, sheet.floor_of[c]) > p.fp)
    steer(h, t, p, g, sheet.cells[c])
    tap(h, A)
    assert p.message.startswith("C3.2") and p.mode == "sheet"
    tap(h, B)
    assert p.message == "" and p.mode == "sheet" and p.answer is None
    tap(h, A)                                               # the same drawing: refused again, not a pass
    assert p.answer is None and p.mode == "sheet" and p.message.startswith("C3.2")


def test_b_that_closes_a_peek_never_asks_to_pass_nor_takes_a_drawing_back():
    """Issue 36: two people drawing at once; pad 2's X opens his status over his sheet, B closes
    it: his prompt is still on the sheet (no "pass this round?"); and once he has drawn, the B
    that closes his peek takes nothing back (CG2.4 needs a B of its own)."""
    h, t, p0 = at_draw(4, ("human", "human", "joji", "kenta"), 2, connected=0b0011)
    until(h, lambda: live(t, 1) is not None, 400, None, 0b0011)
    p1 = t.prompts[1]
    tap(h, X, pad=1, connected=0b0011)
    assert t.peeks == {1: 0}
    tap(h, B, pad=1, connected=0b0011)
    assert t.peeks == {} and p1.mode == "sheet" and p1.answer is None
    tap(h, A, pad=1, connected=0b0011)
    assert p1.answer is not None or t.game.pending[1] is not None or p1.mode == "end"
    until(h, lambda: 1 in t.ready and t.beat is None, 200, None, 0b0011)
    tap(h, X, pad=1, connected=0b0011)
    tap(h, B, pad=1, connected=0b0011)
    assert t.peeks == {} and t.game.pending[1] is not None         # still drawn
    tap(h, B, pad=1, connected=0b0011)                              # a B of its own: taken back
    assert t.game.pending[1] is None


# ---------------------------------------------------------------- a drawing that ends the game
def test_a_drawing_that_ends_the_game_says_so_and_asks_once_more(tmp_path):
    """Issue 36: one cell from his own third tower and behind: the first cursor is not on it;
    on it, the text box says the drawing ends the game (C4.2); A asks "end the game?" with the
    scores, B goes back to the sheet, A and A again draw it and the game ends with the round."""
    path = tmp_path / "end.tdr"
    h = Headless(seed=1, setup=practice("own-end"), record_path=str(path))
    t = h.machine.stack[0]
    ap = FRONTEND.autopilot()
    until(h, lambda: live(t, 0) is not None and t.prompts[0].kind == "draw", 3000, lambda m: ap.buttons(m))
    p = t.prompts[0]
    sheet = t.game.sheet
    end = sheet.index("t5f5")
    assert p.cursor != end                                      # behind (89 to 125): not the first cursor
    while p.cursor != end:
        tw, f = sheet.tower_of[p.cursor], sheet.floor_of[p.cursor]
        tap(h, RIGHT if tw < 5 else UP if f < 5 else DOWN, wait=1)
    step(h, 0, 2)
    said = " ".join(text for text, _ in t.prompt_lines(h.machine, p))
    assert "ends the game (C4.2)" in said
    tap(h, A)
    assert p.mode == "end" and p.answer is None and t.game.pending[0] is None
    assert p.text() == "Player 1: end the game (C4.2)?"
    assert "The last round: you " in p.lines(h.machine)[0][0] and "best rival 125" in p.lines(h.machine)[0][0]
    tap(h, B)
    assert p.mode == "sheet" and p.answer is None and p.cursor == end
    tap(h, A)
    tap(h, A)
    until(h, lambda: t.game.over, 3000, lambda m: ap.buttons(m))
    assert [c[0] for c in t.game.completed[0]] == [1, 2, 5]


def test_the_first_cursor_ends_the_game_only_for_a_player_who_would_lead():
    """The default drawing (the cheapest that adds most) leaves a game-ending cell alone while a
    rival stands higher; it may start there when the drawing puts him ahead of all."""
    from tdream.games.cattower.answers import Roll
    from tdream.platform.scenario import load_scenario
    sc = load_scenario(DATA / "own-end.yaml")
    m, _ = GAME.load_position(sc.position, [s.name for s in sc.seats], sc.options, 1)
    m.apply(Roll((2, 3, 4, 5)))
    while m.phase == "draft":
        aw = m.awaiting()
        m.apply(m.legal_answers(aw.player)[0], seat=aw.player)
    end = m.sheet.index("t5f5")                        # the last cell of his third tower (C4.2)
    p = DrawPrompt(m, 0, "Player 1")
    assert any(p.drawable(g, end) for g in range(1, 7)) and p.cursor != end
    m.houses[2] = []                                   # Yuka's house gone: the ending puts him ahead
    m.cells[2][m.sheet.index("t5f1")] = 0
    m._rescore()
    p = DrawPrompt(m, 0, "Player 1")
    assert p.cursor == end


# ---------------------------------------------------------------- every word shown
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_prompt_says_all_it_has_in_the_text_box_rows(lang):
    """The text box has one line for the question and two small rows: with the longest names,
    in both languages, every prompt's lines (the hints the shell adds included) take at most
    two rows, and its question fits its line whole."""
    from tdream.frontend.text import set_language
    h, t, p = at_draw(3, LONG, 2, Settings(language=lang))
    m = h.machine
    set_language(lang)
    font = m.font
    x0, _, w, _ = t.box_rect()
    x = x0 + t.box_style.text_x                        # a prompt has no face beside it
    width, small = x0 + w - t.box_style.right - x, x0 + w - 8 - x

    def check(prompt, what):
        lines = t.prompt_lines(m, prompt)
        help_lines = getattr(t, "help_lines", None)
        shown = lines + (help_lines(m, prompt, lines) if help_lines else [])
        rows = sum(len(font.wrap(text, small, "small")) for text, _ in shown)
        assert rows <= 2, (what, shown)
        assert font.width(t.prompt_text(prompt), "main") <= width, (what, t.prompt_text(prompt))
    from tdream.games.cattower.frontend.prompts import DraftPrompt, RollPrompt
    for seat in range(4):                              # every seat's name asks
        check(RollPrompt(t.game, seat, t.names[seat], "0" * 16), "roll")
        dp = DraftPrompt(t.game, seat, t.names[seat])
        for i in range(len(dp.dice)):
            dp.index = i
            check(dp, ("draft", dp.value))
        q = DrawPrompt(t.game, seat, t.names[seat])
        q.only_pass, q.mode = True, "pass"
        check(q, "nothing to draw")
        q = DrawPrompt(t.game, seat, t.names[seat])
        check(q, "draw")
        for good in range(1, 7):
            for c in range(len(t.game.sheet.cells)):
                q.good, q.cursor = good, c
                check(q, ("draw", good, c))
        q.mode = "pass"
        check(q, "pass")
        hp = HousePrompt(t.game, seat, t.names[seat])
        for good in range(1, 7):
            hp.good = good
            hp.values[good] = 54                         # 18 of one good: the widest number
            check(hp, ("house", good))
    from tdream.games.cattower.frontend.explain import explain
    q = DrawPrompt(t.game, 2, t.names[2])
    q.message = explain("C3.2: the shared die 6 changed by +1 is 7: numbers stay within 1-6 and never wrap")
    check(q, "refusal")
    set_language("en")


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("seats", [LONG, LONG[:3]])
def test_every_seats_name_is_whole_on_the_table(lang, seats):
    """The longest names, in both languages, whole in every sheet's header, the parent's too: a
    narrow column (three players) gives its header to the name, the total standing in the
    parts' free place. The house menu's goods whole too (butterfly)."""
    h, t, p = at_draw(3, seats, 2, Settings(language=lang))
    texts = [x[0] for x in drawn_texts(h)]
    for name in t.names:
        assert name in texts, (name, texts)
    hp = HousePrompt(t.game, 0, t.names[0])
    t.prompts[0] = hp                                   # the house menu drawn where the parts are
    texts = [x[0] for x in drawn_texts(h)]
    from tdream.games.cattower.frontend.prompts import good_word
    from tdream.frontend.text import set_language
    set_language(lang)
    assert all(good_word(g) in texts for g in range(1, 7)), texts
    set_language("en")


REFUSALS = ("C2.1: no die showing 4 is left (left: 1, 2, 5, 6)", "CG2.2: t3f6 is filled (butterfly)",
            "C3.2: that spends 12 footprints; Cosmic Will has 3",
            "C3.2: the own die 6 changed by +1 is 7: numbers stay within 1-6 and never wrap",
            "C3.2: the shared die 1 changed by -1 is 0: numbers stay within 1-6 and never wrap",
            "CG5.1: Cosmic Will has chosen all six goods for houses: no more houses",
            "C5.1: Cosmic Will has chosen butterfly before (a good not chosen before)",
            "CG2.1: Cosmic Will has already answered this round's drawing", "C4.2: the game is over")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_refusal_fits_its_window_on_the_sheet_whole(lang):
    """Each refusal the engine gives at a prompt, with the longest name, in both languages, fits
    the window over the narrowest sheet (three players' columns) and a quadrant on one page,
    with Select's hint under it."""
    from tdream.frontend.font import Font
    from tdream.frontend.text import set_language
    from tdream.games.cattower.frontend.explain import explain
    from tdream.games.cattower.frontend.layout import sheet_layouts
    from tdream.games.cattower.frontend.table import ROW
    set_language(lang)
    font = Font()
    try:
        for seats in (2, 3, 4):
            lay = sheet_layouts(seats)[seats - 1]
            room = (lay.y + lay.h - 2 - (lay.y + 12) - 8) // ROW - 1          # the hint's line kept
            for why in REFUSALS:
                said = explain(why)
                assert said != why or lang == "en", why          # every form has its Japanese
                assert len(font.wrap(said, lay.w - 14, "small")) <= room, (seats, said)
    finally:
        set_language("en")


def test_a_refusal_names_its_rule_and_select_opens_it():
    """Issue 36: the refusal's window over the sheet says "Select: the rule CG2.2" under the
    reason, and Select opens that rule's text; B comes back to the same prompt."""
    from tdream.frontend.scenes.learn import RuleScene
    h, t, p = at_draw()
    sheet = t.game.sheet
    g, c = next((g, c) for c, have in enumerate(t.game.cells[0]) if have for g in range(1, 7)
                if p.cost(g, sheet.floor_of[c]) <= p.fp)
    steer(h, t, p, g, sheet.cells[c])
    tap(h, A)
    assert p.message.startswith("CG2.2")
    texts = [s[0] for s in drawn_texts(h)]
    assert "Select: the rule CG2.2" in texts
    tap(h, SELECT)
    top = h.machine.stack[-1]
    assert isinstance(top, RuleScene) and top.rule == "CG2.2"
    tap(h, B)
    assert h.machine.stack[-1] is t and t.prompts[0] is p and p.mode == "sheet"


def test_the_engines_reasons_name_seats_in_the_language_on_screen():
    from tdream.frontend.text import set_language
    from tdream.games.cattower.frontend.explain import explain
    set_language("ja")
    try:
        said = explain("C3.2: that spends 5 footprints; Player 1 has 2")
        assert "プレイヤー1" in said and "Player" not in said
        assert "コズミック・ウィル" in explain("CG2.1: Cosmic Will has already answered this round's drawing")
    finally:
        set_language("en")


def test_the_set_up_says_why_it_cannot_start_in_lines_that_fit():
    """A long refusal of the set-up (two seats of one name, issue 36) is wrapped on the screen,
    never drawn past its edge."""
    from tdream.frontend.scenes.setup import SetupScene
    h = Headless(seed=1)
    m = h.machine
    step(h, 0, 2)
    scene = SetupScene("cattower")
    m.push(scene)
    step(h, 0, 2)
    scene.message = "Seats 1 and 2 would both be Cosmic Will: choose another profile, or another character."
    texts = drawn_texts(h)
    said = " ".join(s[0] for s in texts if s[2] >= 180)
    assert all(word in said for word in scene.message.split())
    assert all(0 <= s[1] and s[1] + s[3] <= 256 for s in texts)


def test_the_set_up_never_starts_two_seats_of_one_name(tmp_path):
    """Issue 36: seat 2 an unnamed person ("Player 2"), seat 1 given the profile "Player 2" (left
    in the records by an earlier game): Start says why and stays on the set-up, never a crash."""
    from tdream.frontend.constants import START
    from tdream.frontend.scenes.setup import SetupScene
    from tdream.platform.database import RecordsDB
    db = RecordsDB(tmp_path / "r.db")
    h = Headless(seed=1, records=db)
    m = h.machine
    step(h, 0, 2)
    scene = SetupScene("cattower")
    m.push(scene)
    step(h, 0, 2)
    scene.seats[1] = "human"
    scene.profiles[0] = "Player 2"
    tap(h, START)
    assert m.stack[-1] is scene and "Player 2" in scene.message
    db.close()


# ---------------------------------------------------------------- the turn log, the starting points
def test_the_turn_log_tells_the_round_and_the_starting_felt():
    """The pause menu's turn log reads as what happened: the starting points from shared felt
    (CG5.2), the roll, each die taken, each drawing (which good where) and the passes."""
    h = Headless(seed=2, setup=CatTowerSetup(2, ["human", "joji", "yuka", "kenta"]))
    t = h.machine.stack[0]
    ap = FRONTEND.autopilot()
    until(h, lambda: t.shown.round >= 3 and t.beat is None, 30000, lambda m: ap.buttons(m))
    log = [text for _, text in t.log]
    assert any(line.startswith("Everyone starts with 15 points") and "CG5.2" in line for line in log[:3]), log[:3]
    assert any(" rolls " in line for line in log)
    assert sum(" takes a " in line for line in log) >= 8
    draws = [line for line in log if " draws " in line and " on t" in line]
    assert len(draws) + sum(" passes" in line for line in log) >= 8
    assert any(line.startswith("Joji draws ") for line in draws)


@pytest.mark.parametrize("seats, points", [(4, 15), (3, 20), (2, 30)])
def test_the_points_everyone_starts_with_are_explained(seats, points):
    """Issue 36: before anything is drawn every seat has points (the felt places of the five
    towers shared by all, CG5.2): the table says so when the game starts; with
    ``felt_needs_one`` there are none to explain."""
    kinds = ["human", "joji", "yuka", "kenta"][:seats]
    for options, said in (({}, True), ({"felt_needs_one": True}, False)):
        h = Headless(seed=2, setup=CatTowerSetup(2, kinds, options))
        step(h, 0, 1)
        t = h.machine.stack[0]
        assert t.game.scores()[0] == (points if said else 0)
        texts = [b.text for b in ([t.beat] if t.beat is not None else []) + t.beats if b.text]
        told = [x for x in texts if x.startswith(f"Everyone starts with {points} points")]
        assert bool(told) == said, texts
        assert not told or "felt" in told[0] and "CG5.2" in told[0]


def test_the_house_prompt_starts_on_the_good_worth_most():
    """The house's first good is the one it would count most for (3 x the count now, C5.1),
    never merely the first not chosen."""
    m, _ = GAME.new_match(["A", "B"], {}, 3)
    sheet = m.sheet
    m.cells[0][sheet.index("t1f1")] = 1                  # a house, its good chosen (house)
    m.houses[0] = [[1, 3, "t1f1"]]
    for name in ("t3f1", "t3f2", "t3f3"):
        m.cells[0][sheet.index(name)] = 6                # three mice
    m.cells[0][sheet.index("t2f1")] = 1                  # the house being chosen
    m.house_cells[0] = "t2f1"
    p = HousePrompt(m, 0, "A")
    assert p.chosen == [1] and p.good == 6 and p.values[6] == 9 and p.values[2] == 0


# ---------------------------------------------------------------- Continue and the Records name the game
def test_continue_names_a_saved_game_as_the_game():
    from tdream.frontend.scenes.modes import variant_name
    assert variant_name("cattower", GAME.variant({})) == "CAT TOWER"
    assert variant_name("cattower", GAME.variant({"dishes": "kinds"})) == "dishes by kind"


# ---------------------------------------------------------------- the speedrun overlays
@pytest.mark.parametrize("seats", [4, 3])
def test_the_overlays_cover_nothing_of_the_table(seats):
    """Timer and input display on, four pads connected: where they go (the band's right end)
    the table itself draws nothing but the band's ground (the tray moves left of them)."""
    st = Settings()
    st.timer, st.input_display = True, True
    kinds = ["human", "joji", "yuka", "kenta"][:seats]
    h, t, p = at_draw(5, kinds, 2, st, 0b1111)
    m = h.machine
    x, y, align = t.overlay_at
    assert align == "right"
    room = m.font.width("0:00:00.00", "small") + 7 + 4 * 30       # the timer, a gap, four pads (machine.py)
    surface = pygame.Surface((256, 224))
    t.draw(m, surface)
    for px in range(x - room + 3, x + 1):
        for py in range(y - 1, y + 11):
            assert surface.get_at((px, py))[:3] == INK, (px, py)


# ---------------------------------------------------------------- How to play
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_how_to_play_is_a_screen_a_page_in_both_languages(lang):
    from tdream.frontend.scenes.learn import HowToScene
    from tdream.frontend.text import set_language
    h = Headless(seed=1, settings=Settings(language=lang))
    m = h.machine
    step(h, 0, 2)
    scene = HowToScene("cattower")
    m.push(scene)
    step(h, 0, 2)
    pages = frontend_of(GAME.id).howto()
    assert 5 <= len(pages) <= 8
    assert [i for i, _ in scene.screens(m)] == list(range(len(pages)))         # one screen a page
    for k in range(len(pages)):
        scene.index = k
        frame = h.frame()
        assert not {v for v in set(pygame.image.tobytes(frame, "RGB")) if v % 8}
    set_language("en")


# ---------------------------------------------------------------- take-backs: CG2.4, nothing else
def test_a_withdrawn_drawing_leaves_the_match_as_if_never_drawn_and_nothing_else_is_taken_back(tmp_path):
    """CAT TOWER takes back what CG2.4 allows: a drawing (or pass) while another seat still
    draws, by a withdraw the record says. After it the match is the one where the drawing was
    never given (its fingerprint), the record verifies; the shell's take-back offers nothing
    (``take_back_words``: every other answer is followed by a chance or another seat's answer
    before the seat's next prompt, or ends the round, CG2.4)."""
    from tdream.games.cattower.answers import WITHDRAW
    from tdream.platform.replay import verify_paths
    m, _ = GAME.new_match(["A", "B", "C"], {}, 5)
    while m.phase != "draw":
        aw = m.awaiting()
        m.apply(m.sample_chance() if m.phase == "roll" else m.legal_answers(aw.player)[0], seat=aw.player)
    before = m.fingerprint()
    m.apply(m.legal_answers(0)[0], seat=0)
    assert m.fingerprint() != before
    m.apply(WITHDRAW, seat=0)
    assert m.fingerprint() == before
    path = tmp_path / "w.tdr"
    h = Headless(seed=4, setup=CatTowerSetup(4, ["human", "human", "joji", "kenta"]), record_path=str(path))
    t = h.machine.stack[0]
    ap = FRONTEND.autopilot(pad=-1)
    until(h, lambda: live(t, 0) is not None and live(t, 1) is not None and t.prompts[0].kind == "draw"
          and t.game.round >= 2, 8000, lambda m: ap.buttons(m), 0b0011)
    assert getattr(t.host, "take_back", None) is None
    until(h, lambda: 1 in t.ready, 600, lambda m: (0,) + ap.buttons(m)[1:], 0b0011)
    assert getattr(t.host, "take_back", None) is None
    assert getattr(t, "take_back_words", lambda a, s: "")(t.game.pending[1], 1) == ""
    tap(h, B, pad=1, connected=0b0011)
    assert t.game.pending[1] is None
    until(h, lambda: t.game.round >= 3, 6000, lambda m: ap.buttons(m), 0b0011)
    t.host.close()
    assert "withdraw" in path.read_text()
    assert verify_paths([str(path)], False, None, None) == 0

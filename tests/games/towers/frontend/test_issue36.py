"""Issue 36 at the Towers table: a game a new player meets and can learn there. Each test is
named after the defect it holds: the secret picks on a shared screen with every overlay on, the
walled-in pass, the set-up's seats, the cursor after a demolition, who walled whom in, the results'
marks, a refusal's name, Y asked twice, the turn's menu off the cursor, the last tower's outline,
the answers that end the game, take-backs, the turn log, the overlays' place, Select on a rule."""
from __future__ import annotations

import pygame
import pytest

from tdream.frontend.constants import A, B, DOWN, LEFT, RIGHT, SELECT, START, UP, WHITE, Y
from tdream.frontend.run import Headless
from tdream.frontend.settings import Settings
from tdream.games.towers import events as ev
from tdream.games.towers.answers import DECLARE, Demolish, Pass, Place
from tdream.games.towers.frontend import FRONTEND
from tdream.games.towers.frontend.prompts import PickPrompt, PlacePrompt, grid_buttons
from tdream.games.towers.frontend.table import TableScene, TowersSetup

from .screens import practice
from tdream.platform.options import full_options

ALL = 0b1111


def step(h, buttons=0, n=1, connected=0b0001):
    for _ in range(n):
        h.step(buttons if isinstance(buttons, tuple) else (buttons, 0, 0, 0), connected)


def tap(h, button, pad=0, wait=3, connected=0b0001):
    press = [0, 0, 0, 0]
    press[pad] = button
    step(h, tuple(press), 1, connected)
    step(h, 0, wait, connected)


def prompt_of(t, h, seat=0, kind=PlacePrompt, frames=4000, connected=0b0001):
    for _ in range(frames):
        p = t.prompts.get(seat)
        if p is not None and t.beat is None and p.age >= TableScene.prompt_guard and isinstance(p, kind):
            return p
        step(h, 0, 1, connected)
    raise AssertionError(f"no prompt for seat {seat}")


def move_to(h, p, target, demolish=False):
    n = p.n
    for _ in range(60):
        here = p.demolish_cursor if demolish else p.cursor
        if here == target:
            return
        x, y = here % n, here // n
        tx, ty = target % n, target // n
        tap(h, RIGHT if tx > x else LEFT if tx < x else DOWN if ty > y else UP, wait=1)
    raise AssertionError("the cursor never got there")


def choose(h, p, item):
    """B, the turn's menu down to ``item``, A."""
    if p.mode != "menu":
        tap(h, B)
    while p.items[p.menu.index] != item:
        tap(h, DOWN)
    tap(h, A)


# ---------------------------------------------------------------- 5. secrets on a shared screen
def _secret_run(first: int, second: int):
    """Two humans at the secret picks with the timer and the input display on and four pads
    connected: each wanders over the grid, points to his size and gives it with A (the same frames
    whatever the size) and then keeps holding it. The frames and sounds of every frame until the
    picks are revealed."""
    h = Headless(seed=4, setup=TowersSetup(4, ["human", "human"]),
                 settings=Settings(timer=True, input_display=True))
    t = h.machine.stack[0]
    prompt_of(t, h, 0, PickPrompt, connected=ALL)
    seen = []

    def frame(p1, p2):
        h.step((p1, p2, 0, 0), ALL)
        if t.beat is not None and t.beat.kind == "reveal":
            return False
        seen.append((pygame.image.tobytes(h.frame(), "RGB"), tuple(h.machine.sounds)))
        return True

    walk1 = [grid_buttons(1 + (first * 7 + k * 5) % 9) for k in range(4)] + [grid_buttons(first)]
    walk2 = [grid_buttons(1 + (second * 4 + k * 2) % 9) for k in range(4)] + [grid_buttons(second)]
    for a, b in zip(walk1, walk2):
        for _ in range(3):
            frame(a, b)
        frame(0, 0)
    frame(grid_buttons(first), grid_buttons(second))
    frame(grid_buttons(first) | A, grid_buttons(second))              # Player 1 is in, and still holds it
    for _ in range(30):
        frame(grid_buttons(first), grid_buttons(second))
    frame(grid_buttons(first), grid_buttons(second) | A)              # Player 2 too
    for _ in range(200):
        if not frame(grid_buttons(first), grid_buttons(second)):
            break
    assert t.beat is not None and t.beat.kind == "reveal", "the picks were never revealed"
    return seen, t.beat.data[0]


def test_secret_picks_look_and_sound_the_same_with_every_overlay_on_until_the_reveal_TG2_1():
    """Issue 36, 5: with the timer and the input display on and four pads, nothing seen or heard
    before the reveal tells either pick: not the pads' lights (one who has picked still holds his
    direction, before and after the other's A), no cursor, no sound."""
    base, picks = _secret_run(5, 5)
    assert picks == (5, 5)
    assert any(sounds for _, sounds in base)
    for first, second in ((1, 9), (9, 2), (3, 7)):
        seen, picks = _secret_run(first, second)
        assert picks == (first, second)
        assert len(seen) == len(base)
        for k, (a, b) in enumerate(zip(seen, base)):
            assert a[1] == b[1], (first, second, k, a[1], b[1])
            assert a[0] == b[0], (first, second, k)


# ---------------------------------------------------------------- the walled-in pass, the end said first
def test_walled_in_b_then_a_passes_as_the_hint_says_T3_4():
    """Issue 36: "B, then A passes the turn" opened "Pass this turn?" on "No, back" (four presses);
    walled in, B opens the menu on Pass and A passes."""
    h = Headless(seed=0, setup=practice("walled"))
    t = h.machine.stack[0]
    p = prompt_of(t, h)
    assert p.walled and "B, then A passes" in p.lines(h.machine)[0][0]
    seen = []
    t.host.session.observers.append(lambda s, seat, a, events, g: seen.append(a))
    tap(h, B)
    assert p.items[p.menu.index] == "Pass the turn"
    tap(h, A, wait=2)
    assert seen and isinstance(seen[0], Pass)


def test_every_answer_that_ends_the_game_says_so_on_the_prompt_T6_1_TG6_1():
    """Issue 36, 4: the tower on the last empty square ends the game: the prompt says so on the
    square and again at the size; a walled-in player whose pass ends the game is told so."""
    h = Headless(seed=0, setup=practice("last"))
    t = h.machine.stack[0]
    p = prompt_of(t, h)
    assert t.game.empties() == 1 and p.square == "f6"
    said = " ".join(text for text, _ in p.lines(h.machine))
    assert "ends the game (T6.1)" in said
    tap(h, A)
    assert p.mode == "size" and "this tower ends the game (T6.1)" in p.lines(h.machine)[0][0]
    from tdream.games.towers import GAME
    from tdream.games.towers.match import TowersMatch
    m, _ = TowersMatch.from_position(["Ann", "Bo"], full_options(GAME, {"players": 2}), 1,
                                     [(0, 1, 1), (1, 0, 2), (8, 0, 1)], [2, 2], 1)
    m.passed[0] = True                                      # Ann has passed since the last tower
    q = PlacePrompt(m, 1, "Bo")
    assert q.walled and q.pass_ends and "your pass ends the game (TG6.1)" in q.lines(None)[0][0]


# ---------------------------------------------------------------- the set-up's seats
def test_the_setup_remembers_every_seat_from_the_last_game():
    """Issue 36: seat 2 went back to a random character each game; now every seat is as last
    started (the match seed changes, the line-up does not)."""
    from tdream.frontend.scenes.title import TitleScene
    from tdream.frontend.scenes.setup import SetupScene
    h = Headless(seed=1, settings=Settings(last={"game": "towers"}))
    m = h.machine
    tap(h, START)
    tap(h, A)                                              # Free play
    s = m.stack[-1]
    assert isinstance(s, SetupScene)
    s.seats[1], s.seats[2] = "hikozaemon", "yuka"
    tap(h, START)
    assert isinstance(m.stack[-1], TableScene)
    for _ in range(3):
        m.reset(TitleScene("towers"))
        step(h)
        tap(h, START)
        tap(h, A)
        s = m.stack[-1]
        assert isinstance(s, SetupScene) and s.seats == ["human", "hikozaemon", "yuka", None]
        assert [s.label(f"seat{i}")[1] for i in range(2)][0] == "Player 1 (pad 1)"
        tap(h, START)
        assert isinstance(m.stack[-1], TableScene)


# ---------------------------------------------------------------- after a demolition
def test_after_a_demolition_the_cursor_stays_on_the_demolished_square_T7_1():
    """Issue 36: the cursor jumped away from the square just demolished, where he may build
    again this turn (TG7.3)."""
    h = Headless(seed=0, setup=practice("takeback"))
    t = h.machine.stack[0]
    p = prompt_of(t, h)
    a8 = t.game.geo.index["a8"]
    assert p.cursor != a8
    choose(h, p, "Demolish a tower")
    move_to(h, p, a8, demolish=True)
    tap(h, A)
    q = prompt_of(t, h)
    assert q is not p and t.game.owner[a8] == -1 and q.cursor == a8


# ---------------------------------------------------------------- who walled whom in
def test_a_player_who_builds_on_his_last_square_is_not_said_walled_in_by_anyone_TG4_3():
    """Issue 36: filling his own last square, he was told "walled in: the square he vacated..."
    (or "by" a rival); it is his own tower and says so, without a banner."""
    h = Headless(seed=0, setup=practice("selfwall"))
    t = h.machine.stack[0]
    p = prompt_of(t, h)
    assert p.square == "a1"
    tap(h, A)
    tap(h, A, wait=0)
    told, titles = [], []
    for _ in range(300):
        step(h)
        if t.beat is not None and t.beat.text and t.beat.text not in told:
            told.append(t.beat.text)
            titles.append(t.beat.title)
    assert any("built on the last square open to him" in text for text in told), told
    assert not any("vacated" in text or "walled in by" in text for text in told), told
    assert not any(titles), titles                         # no banner: nothing dramatic happened to him


# ---------------------------------------------------------------- the results' marks, the panels'
class _NoTokens:
    def __getitem__(self, k):
        raise AssertionError("a token drawn: seat 2's looks like a trophy")


def test_players_are_marked_by_their_tower_not_a_token_like_a_trophy():
    """Issue 36: seat 2's orange token looked like a trophy on the results; a person's panel and
    the results show his own tower (his colour, his roof)."""
    from tdream.games.towers.frontend.results import TowersResults
    h = Headless(seed=0, setup=TowersSetup(0, ["human", "human"]))
    t = h.machine.stack[0]
    ap = FRONTEND.autopilot(pad=-1)
    for _ in range(60000):
        h.step(ap.buttons(h.machine), 0b0011)
        if isinstance(h.machine.stack[-1], TowersResults):
            break
    tokens, h.machine.art.tokens = h.machine.art.tokens, _NoTokens()
    h.frame()                                              # the results
    h.machine.pop()
    h.frame()                                              # both players' panels (two people)


# ---------------------------------------------------------------- a refusal names the player once
def test_a_refusal_said_to_a_player_names_him_once():
    """Issue 36: "Player 1: T5.2: Player 1 has no tower ..." named him twice."""
    h = Headless(seed=0, setup=practice("walled"))
    t = h.machine.stack[0]
    p = prompt_of(t, h)
    tap(h, Y)
    assert t.toast.startswith("T5.2")
    shown = [text for text, _ in t.box_content(h.machine)[5]]
    line = next(text for text in shown if "T5.2" in text)
    assert line == "Player 1: T5.2: no tower of size 3 or more yet" and line.count("Player 1") == 1
    choose(h, p, "Declare a double turn")
    assert p.message == "T5.2: no tower of size 3 or more yet"


# ---------------------------------------------------------------- Y asks first
def test_y_asks_before_it_declares_and_b_backs_out_doing_nothing_T5_1():
    """Issue 36: Y declared a double turn at once; now it asks (a window over his panel) and A
    declares, B backs out, in his turn and out of it."""
    h = Headless(seed=0, setup=practice("duo"))
    t = h.machine.stack[0]
    p = prompt_of(t, h, connected=0b0011)
    seen = []
    t.host.session.observers.append(lambda s, seat, a, events, g: seen.extend(events))
    tap(h, Y, pad=1, connected=0b0011)                    # Player 2, out of turn
    assert 1 in t.confirms and not seen
    tap(h, B, pad=1, connected=0b0011)
    assert 1 not in t.confirms and not seen and p.mode == "board"
    tap(h, Y, pad=1, connected=0b0011)
    tap(h, A, pad=1, connected=0b0011)
    assert [e for e in seen if type(e) is ev.Declared] == [ev.Declared(1, 1, False)]
    # in his own turn: the prompt asks, B goes back where he was, nothing else done
    h = Headless(seed=0, setup=practice("takeback"))
    t = h.machine.stack[0]
    p = prompt_of(t, h)
    before = t.game.fingerprint()
    tap(h, Y)
    assert p.mode == "declare" and p.text() == "Player 1: declare a double turn?"
    tap(h, B)
    assert p.mode == "board" and t.game.fingerprint() == before and p.answer is None
    tap(h, Y)
    tap(h, A)
    assert t.game.doubles[0] == 1


# ---------------------------------------------------------------- the turn's menu
@pytest.mark.parametrize("square", ["d4", "e5", "b2", "g7", "b7", "g2"])
def test_the_turn_menu_stands_away_from_the_cursor_and_covers_little_of_the_board(square, monkeypatch):
    """Issue 36: the turn's menu covered half the board; now a small window in the corner across
    from the cursor: the cursor's square stays in view."""
    from tdream.frontend import widgets
    from tdream.frontend.table import rects_meet
    from tdream.games.towers.frontend.layout import cell_size, origin
    h = Headless(seed=0, setup=practice("takeback"))
    t = h.machine.stack[0]
    p = prompt_of(t, h)
    m = t.game
    target = m.geo.index[square]
    p.cursor = target
    p.square_info()
    tap(h, B)
    assert p.mode == "menu"
    drawn = []
    real = widgets.window
    monkeypatch.setattr(widgets, "window", lambda surface, rect, *a, **k: drawn.append(tuple(rect)) or
                        real(surface, rect, *a, **k))
    t.draw_over(h.machine, h.surface)
    n, cell = m.n, cell_size(m.n)
    ox, oy = origin(n)
    here = (ox + (target % n) * cell, oy + (target // n) * cell, cell, cell)
    assert drawn, "no menu drawn"
    for rect in drawn:
        assert not rects_meet(rect, here), (rect, here)
        assert rect[2] * rect[3] * 5 <= (n * cell) ** 2, rect          # it was 152 x 68: over a third


# ---------------------------------------------------------------- the last tower's outline
def test_the_last_tower_built_stays_outlined_until_the_next(monkeypatch):
    """Issue 36: the last move's outline faded after a moment; it stays until the next tower."""
    from tdream.games.towers.frontend import boardview as bv
    h = Headless(seed=5, setup=TowersSetup(5, ["human", "joji"], {"first_player": "random"}))
    t = h.machine.stack[0]
    built = []
    t.host.session.observers.append(lambda s, seat, a, events, g: built.extend(
        e.square for e in events if type(e) is ev.TowerPlaced))
    ap = FRONTEND.autopilot()
    for _ in range(20000):
        p = t.prompts.get(0)
        if isinstance(p, PlacePrompt) and t.beat is None and p.age >= TableScene.prompt_guard and t.game.turn >= 4:
            break
        h.step(ap.buttons(h.machine))
    step(h, 0, 400)                                        # a long look at the board
    last = t.game.geo.index[built[-1]]
    assert t.game.owner[last] == 1                         # Joji's tower, built before this turn
    marks = []
    real = bv.mark_frame
    monkeypatch.setattr(bv, "mark_frame", lambda surface, x, y, cell, colour: marks.append((x, y, colour)) or
                        real(surface, x, y, cell, colour))
    t.draw_board(h.machine, h.surface)
    from tdream.games.towers.frontend.layout import cell_size, origin
    n = t.game.n
    ox, oy = origin(n)
    cell = cell_size(n)
    assert (ox + (last % n) * cell, oy + (last // n) * cell, WHITE) in marks


# ---------------------------------------------------------------- take-backs
def _record_text(t, path) -> str:
    w = t.host.writer.writer
    return path.read_text(encoding="utf-8") + "".join(w.pending)


def test_take_backs_leave_the_match_and_the_record_as_if_never_given(tmp_path):
    """Issue 36, 6: in Practice, before anyone else answers, Player 1 takes back a double turn
    declared in his turn, a tower built before his extra turn and a demolition: each time the
    match's fingerprint and the record are those of a game where it was never given; the game
    goes on and its record verifies."""
    from tdream.frontend.table import TakeBackScene
    from tdream.platform.replay import verify_record
    path = tmp_path / "t.tdr"
    h = Headless(seed=0, setup=practice("takeback"), record_path=str(path))
    m = h.machine
    t = m.stack[0]

    def take_back(p):
        choose(h, p, "Take back")
        assert isinstance(m.stack[-1], TakeBackScene)
        tap(h, A)
        assert m.stack[-1] is t

    p = prompt_of(t, h)
    assert "Take back" not in p.items                      # nothing to take back yet
    before = (t.game.fingerprint(), _record_text(t, path))
    tap(h, Y)
    tap(h, A)                                              # a double turn, in his turn
    p = prompt_of(t, h)
    assert t.game.doubles[0] == 1 and p.undo == "the double turn"
    take_back(p)
    assert (t.game.fingerprint(), _record_text(t, path)) == before
    p = prompt_of(t, h)
    tap(h, Y)
    tap(h, A)
    p = prompt_of(t, h)
    d4 = t.game.geo.index["d4"]
    move_to(h, p, d4)
    tap(h, A)
    tap(h, A)                                              # a tower at d4, then his extra turn
    p = prompt_of(t, h)
    assert t.game.owner[d4] == 0 and t.game.player == 0 and p.undo == "the tower"
    before = None
    take_back(p)
    assert t.game.owner[d4] == -1 and t.game.player == 0 and t.game.declared == [0]
    again = prompt_of(t, h)
    assert "Take back" in again.items or again.undo == ""  # the declaration stays (not his last answer)
    fresh = (t.game.fingerprint(), _record_text(t, path))
    a8 = t.game.geo.index["a8"]
    choose(h, again, "Demolish a tower")
    move_to(h, again, a8, demolish=True)
    tap(h, A)
    p = prompt_of(t, h)
    assert t.game.owner[a8] == -1 and p.undo == "the demolition"
    take_back(p)
    assert t.game.owner[a8] == 0 and (t.game.fingerprint(), _record_text(t, path)) == fresh
    told = [text for _, text in t.log]
    assert "Player 1 takes back the demolition." in told
    ap = FRONTEND.autopilot()
    from tdream.frontend.scenes.results import ResultsScene
    for _ in range(60000):
        h.step(ap.buttons(m))
        if isinstance(m.stack[-1], ResultsScene):
            break
    assert t.game.over
    t.host.close()
    assert verify_record(path).ok


def test_nothing_is_taken_back_after_another_seat_has_answered():
    """A tower built at the end of his turn is followed by the rival's answer: never taken back."""
    h = Headless(seed=0, setup=practice("takeback"))
    t = h.machine.stack[0]
    p = prompt_of(t, h)
    move_to(h, p, t.game.geo.index["d4"])
    tap(h, A)
    tap(h, A)
    p = prompt_of(t, h)                                    # Kenta has answered in between
    assert p.undo == "" and "Take back" not in p.items and t.host.take_back is None


def test_take_back_words_name_the_answers_the_rules_allow():
    h = Headless(seed=0, setup=practice("takeback"))
    t = h.machine.stack[0]
    prompt_of(t, h)
    assert t.take_back_words(Place("d4", 1), 0) == "the tower"
    assert t.take_back_words(Demolish("a8"), 0) == "the demolition"
    assert t.take_back_words(DECLARE, 0) == "the double turn"
    assert t.take_back_words(DECLARE, 1) == ""              # out of turn: the acting seat answers next
    assert t.take_back_words(Pass(), 0) == ""


# ---------------------------------------------------------------- the turn log
def test_the_turn_log_reads_fifteen_turns_as_they_happened():
    """The pause menu's turn log: each turn's number and player, then what he did, as told."""
    from tdream.frontend.scenes.learn import LogScene
    h = Headless(seed=5, setup=TowersSetup(5, ["human", "joji"], {"first_player": "random"}),
                 settings=Settings(talk="always"))
    t = h.machine.stack[0]
    ap = FRONTEND.autopilot()
    for _ in range(40000):
        h.step(ap.buttons(h.machine))
        if t.game.turn > 15 and t.beat is None:
            break
    told = [text for _, text in t.log]
    heads = [k for k, text in enumerate(told) if text.startswith("Turn ")]
    assert [told[k].split(":")[0] for k in heads][:15] == [f"Turn {k}" for k in range(1, 16)]
    for k, nxt in zip(heads, heads[1:]):
        turn = told[k + 1:nxt]
        assert any(" builds a " in x or "passes" in x or "declares" in x for x in turn), turn
    scene = LogScene(t, 0)
    h.machine.push(scene)
    rows = " ".join(r for r, _ in scene.rows(h.machine))
    assert "Turn 15: " in rows
    h.frame()


# ---------------------------------------------------------------- the overlays
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_timer_and_four_pads_cover_no_panel_board_or_text(players, monkeypatch):
    """Issue 36: with the timer and the input display on and four pads connected, they stand at
    the foot of the players' column: over no panel, no square, no text of the column, not on the
    text box."""
    from tdream.frontend.table import rects_meet
    kinds = ["human", "joji", "yuka", "kenta"][:players]
    h = Headless(seed=2, setup=TowersSetup(2, kinds, {"players": players}),
                 settings=Settings(timer=True, input_display=True))
    t = h.machine.stack[0]
    ap = FRONTEND.autopilot()
    for _ in range(8000):
        p = t.prompts.get(0)
        if isinstance(p, PlacePrompt) and t.beat is None and p.age >= TableScene.prompt_guard:
            break
        h.step(ap.buttons(h.machine), ALL)
    texts = []
    font = h.machine.font
    real = font.draw
    monkeypatch.setattr(font, "draw", lambda surface, text, x, y, colour=WHITE, face="main", *a, **k:
                        texts.append((text, x, y, face, k.get("align", "left"))) or
                        real(surface, text, x, y, colour, face, *a, **k))
    t.draw(h.machine, h.surface)                           # the table's own texts (the timer is the machine's)
    x, y, align = t.overlay_at
    assert align == "column"
    timer = (x - 54, y - 1, 54, 10)
    pads = [(x - 28, y + 10 + 12 * i, 28, 11) for i in range(4)]
    ph, _ = t.panel_rows(h.machine, players)
    for rect in [timer] + pads:
        assert rect[0] >= 192 and rect[1] + rect[3] <= 180, rect          # the players' column, above the box
        assert not rects_meet(rect, (192, 0, 64, ph * players)), (rect, ph)
        for text, tx, ty, face, al in texts:
            w = font.width(text, face)
            left = tx - w if al == "right" else tx - w // 2 if al == "centre" else tx
            assert not rects_meet(rect, (left, ty, w, font.height(face))), (text, rect)


# ---------------------------------------------------------------- Select on a refusal
def test_select_on_a_refusal_shows_the_rule_it_names():
    """Issue 36, 3: a refused placement names T3.1; the box says Select shows it, and Select does."""
    from tdream.frontend.scenes.learn import RuleScene
    h = Headless(seed=0, setup=practice("takeback"))
    t = h.machine.stack[0]
    p = prompt_of(t, h)
    move_to(h, p, t.game.geo.index["c3"])
    tap(h, A)
    assert p.message.startswith("T3.1")
    extra = [text for text, _ in t.box_content(h.machine)[5]]
    assert "Select: the rule T3.1" in extra
    tap(h, SELECT)
    scene = h.machine.stack[-1]
    assert isinstance(scene, RuleScene) and scene.rule == "T3.1"
    h.frame()


# ---------------------------------------------------------------- nothing cut on the status page
def test_the_status_page_says_the_danger_squares_whole_TG4_3(monkeypatch):
    """The status page cut "Danger: one enemy tower at a2 walls him in (TG4.3)." to its width
    (a "." where it stopped); it goes on over two rows."""
    from tdream.frontend.scenes.status import StatusScene
    h = Headless(seed=0, setup=practice("threat"))
    t = h.machine.stack[0]
    prompt_of(t, h)
    h.machine.push(StatusScene(t, 0))
    drawn = []
    font = h.machine.font
    real = font.draw
    monkeypatch.setattr(font, "draw", lambda surface, text, x, y, *a, **k: drawn.append(text) or
                        real(surface, text, x, y, *a, **k))
    h.frame()
    assert "Danger: one enemy tower at a2 walls him in (TG4.3)." in " ".join(drawn)


def test_the_status_page_opened_at_the_secret_picks_hides_the_pads_too_TG2_1():
    """Player 1 has picked and still holds his direction; Player 2 opens the status page (X): the
    input display (the top scene's) shows neither pad until the picks are revealed."""
    from tdream.frontend.scenes.status import StatusScene
    h = Headless(seed=4, setup=TowersSetup(4, ["human", "human"]), settings=Settings(input_display=True))
    t = h.machine.stack[0]
    prompt_of(t, h, 0, PickPrompt, connected=ALL)
    step(h, (grid_buttons(9) | A, 0, 0, 0), 1, ALL)
    step(h, (grid_buttons(9), 0, 0, 0), 20, ALL)
    from tdream.frontend.constants import X
    step(h, (grid_buttons(9), X, 0, 0), 1, ALL)
    step(h, (grid_buttons(9), 0, 0, 0), 4, ALL)
    top = h.machine.stack[-1]
    assert isinstance(top, StatusScene)
    assert top.hidden_pads(h.machine) & 0b11 == 0b11

"""CAT TOWER through the front end, driven by synthetic pad frames from power on (``Headless``):
a whole game title to results and back with one pad; two and four human pads answering the
simultaneous drawing each on his own pad; nobody's choice shown before all are in; every
prompt's refusals (the rule named); the previews and footprint costs against the game's
queries; a record watched to its end; a game resumed; the demo; the set-up by pad."""
import pytest

from tdream.frontend.constants import A, B, DOWN, L, R, RIGHT, START, UP, Y
from tdream.frontend.match import MatchSetup
from tdream.frontend.run import Headless
from tdream.frontend.scenes.results import ResultsScene
from tdream.frontend.scenes.title import TitleScene
from tdream.frontend.settings import Settings
from tdream.games.cattower import GAME, queries
from tdream.games.cattower.answers import PASS, Drawing
from tdream.games.cattower.frontend import FRONTEND
from tdream.games.cattower.frontend.prompts import DraftPrompt, DrawPrompt, HousePrompt, pair_spend
from tdream.frontend.scenes.setup import SetupScene
from tdream.games.cattower.frontend.table import CatTowerSetup, TableScene
from tdream.platform.record import load_record
from tdream.platform.replay import verify_paths
from tdream.platform.options import check_options


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
    return p if p is not None and (t.beat is None or t.beat.kind == "ready") and p.age >= TableScene.prompt_guard \
        and p.answer is None else None


def until(h, test, frames=20000, buttons=None, connected=0b0001):
    for _ in range(frames):
        if test():
            return
        step(h, buttons(h.machine) if buttons else 0, 1, connected)
    raise AssertionError("never reached")


def play(seed, tmp_path, frames=80000, records=None, **kwargs):
    """Power on, choose CAT TOWER on the title, play a whole game with the autopilot on pad 1 and
    come back to the title."""
    path = tmp_path / f"cattower-{seed}.tdr"
    h = Headless(seed=seed, record_path=str(path), records=records)
    m = h.machine
    ap = FRONTEND.autopilot(again=True, **kwargs)
    table, seen = None, set()
    for _ in range(frames):
        h.step(ap.buttons(m))
        top = m.stack[-1]
        seen.add(type(top).__name__)
        if table is None and isinstance(top, TableScene):
            table = top
        if isinstance(top, ResultsScene):
            h.frame()
        if "CatTowerResults" in seen and isinstance(top, TitleScene):
            break
    return h, ap, table, path, seen


@pytest.fixture(scope="module")
def one_pad(tmp_path_factory):
    return play(1, tmp_path_factory.mktemp("one-pad"))


def test_a_whole_four_player_game_with_one_pad_title_to_results_and_back(one_pad):
    h, ap, table, path, seen = one_pad
    assert {"TitleScene", "SetupScene", "TableScene", "CatTowerResults"} <= seen
    assert isinstance(h.machine.stack[-1], TitleScene) and h.machine.stack[-1].game == "cattower"
    match = table.game
    assert match.over and len(match.names) == 4 and match.progress() >= 10
    from tdream.platform.roster import CHARACTER_IDS
    assert table.kinds.count("human") == 1
    assert sum(1 for k in table.kinds if k.split(":")[0] in CHARACTER_IDS) == 3
    assert ap.prompts.get("draft", 0) >= 5 and ap.prompts.get("draw", 0) >= 10, ap.prompts
    assert h.machine.frame < 60 * 60 * 3                # a few minutes
    assert verify_paths([str(path)], False, None, None) == 0
    record = load_record(str(path))
    assert record.setup.game == "cattower" and record.setup.kinds.count("human") == 1 and record.finished


def test_the_same_presses_give_the_same_game(one_pad, tmp_path):
    h, _, table, path, _ = one_pad
    h2, _, table2, path2, _ = play(1, tmp_path)
    assert table2.game.fingerprint() == table.game.fingerprint()
    assert path2.read_text() == path.read_text() and h2.machine.frame == h.machine.frame


def test_a_finished_free_game_is_a_row_of_the_records_database(tmp_path):
    from tdream.platform.database import RecordsDB
    db = RecordsDB(tmp_path / "records.db")
    h, ap, table, path, seen = play(3, tmp_path, records=db)
    assert table.game.over
    stats = db.all_stats("cattower")
    names = {s["name"]: s for s in stats["profiles"] + stats["characters"]}
    assert names["Player 1"]["games"] == 1
    assert sum(1 for s in stats["characters"] if s["games"] == 1) == 3
    h, ap, table, path, seen = play(8, tmp_path, records=db, mode="Practice")      # never counted
    assert table.game.over and table.setup.mode == "practice"
    assert db.all_stats("cattower")["profiles"][0]["games"] == 1
    db.close()


def test_spectate_plays_four_characters_and_asks_nobody(tmp_path):
    h, ap, table, path, seen = play(5, tmp_path, mode="Spectate")
    assert table.game.over and ap.prompts == {} and "human" not in table.kinds
    assert table.setup.mode == "spectate"


def test_four_people_on_four_pads_play_a_whole_game_at_once(tmp_path):
    """Every seat a human on his own pad: the drawing is open on all four pads at once; each
    answers on his own; the game plays to its end and its record verifies."""
    path = tmp_path / "four.tdr"
    h = Headless(seed=2, setup=CatTowerSetup(2, ["human"] * 4), record_path=str(path))
    m = h.machine
    t = m.stack[0]
    assert sorted(t.pad_of.values()) == [0, 1, 2, 3]
    ap = FRONTEND.autopilot(pad=-1)
    together = 0
    for _ in range(80000):
        if len([s for s in range(4) if live(t, s) is not None and t.prompts[s].kind == "draw"]) == 4:
            together += 1
        h.step(ap.buttons(m), 0b1111)
        if t.game.over and isinstance(m.stack[-1], ResultsScene):
            break
    assert t.game.over and together > 5
    assert m.frame < 60 * 60 * 5                        # a few minutes
    assert verify_paths([str(path)], False, None, None) == 0


def test_two_human_pads_each_draw_on_their_own_and_nobody_sees_the_other(tmp_path):
    """Seats 1 and 2 are people on pads 1 and 2: both drawing prompts are up at once; pad 2's
    presses move only seat 2's cursor; once seat 2 has drawn he shows READY and his sheet does
    not change until everyone has drawn (CG2.1)."""
    h = Headless(seed=4, setup=CatTowerSetup(4, ["human", "human", "joji", "kenta"]))
    m = h.machine
    t = m.stack[0]
    ap = FRONTEND.autopilot(pad=-1)
    until(h, lambda: live(t, 0) is not None and live(t, 1) is not None and t.prompts[0].kind == "draw",
          8000, lambda m: ap.buttons(m), 0b0011)
    p0, p1 = t.prompts[0], t.prompts[1]
    c0, c1 = p0.cursor, p1.cursor
    tap(h, UP, pad=1, connected=0b0011)
    tap(h, RIGHT, pad=1, connected=0b0011)
    assert p0.cursor == c0 and p1.cursor != c1
    before = list(t.shown.cells[1])
    until(h, lambda: 1 in t.ready, 600, lambda m: (0,) + ap.buttons(m)[1:], 0b0011)
    assert t.game.phase == "draw" and t.game.pending[1] is not None and live(t, 0) is p0
    assert t.shown.cells[1] == before                   # his drawing is not on the screen yet
    from tests.frontend.screens import _DRAWN, _watch_drawing, visible_texts
    _watch_drawing()
    _DRAWN.clear()
    h.frame()
    texts = [x[0] for x in visible_texts(_DRAWN)]
    assert "READY" in texts
    until(h, lambda: t.game.phase != "draw", 2000, lambda m: ap.buttons(m), 0b0011)


def test_x_on_one_pad_while_two_draw_shows_his_status_over_his_sheet_and_the_other_draws_on(tmp_path):
    """Issue 21: seats 1 and 2 draw at once on pads 1 and 2; pad 2's X opens his own status over
    his own quadrant (no scene over the table: pad 1 is not frozen); pad 1 moves, draws and his
    answer arrives; R turns pad 2's page; B closes it and pad 2 draws in his turn."""
    from tests.frontend.screens import _DRAWN, _watch_drawing, visible_texts
    from tdream.frontend.constants import X
    from tdream.games.cattower.frontend.layout import quadrant
    h = Headless(seed=4, setup=CatTowerSetup(4, ["human", "human", "joji", "kenta"]))
    m = h.machine
    t = m.stack[0]
    ap = FRONTEND.autopilot(pad=-1)
    until(h, lambda: live(t, 0) is not None and live(t, 1) is not None and t.prompts[0].kind == "draw",
          8000, lambda m: ap.buttons(m), 0b0011)
    p0, p1 = t.prompts[0], t.prompts[1]
    tap(h, X, pad=1, connected=0b0011)
    assert m.stack == [t] and t.peeks == {1: 0}            # no status scene: a peek over his part
    assert t.seat_area(1) == (128, 0, 128, 88)
    _watch_drawing()
    _DRAWN.clear()
    h.frame()
    texts = visible_texts(_DRAWN)
    x, y, w, hh = t.seat_area(1)
    mine = [s for s in texts if s[0] in (t.names[1], "B: back", "L/R: page   B: back")]
    assert {s[0] for s in mine} >= {t.names[1], "L/R: page   B: back"}, texts
    assert all(x <= s[1] and s[1] + s[3] <= x + w and y <= s[2] and s[2] + s[4] <= y + hh for s in mine)
    inside = [s for s in texts if x <= s[1] < x + w and y <= s[2] < y + hh]
    assert all(s[1] + s[3] <= x + w and s[2] + s[4] <= y + hh for s in inside), inside     # fitted to his rect
    assert any(s[0] == p0.strip()[0] for s in texts)        # pad 1's own sheet still shows his drawing
    c1 = p1.cursor
    cursor = p0.cursor
    tap(h, UP, pad=1, connected=0b0011)                     # pad 2's presses go to his peek, not his cursor
    assert p1.cursor == c1
    tap(h, RIGHT, pad=0, connected=0b0011)
    tap(h, UP, pad=0, connected=0b0011)
    assert p0.cursor != cursor                              # pad 1 plays on
    until(h, lambda: 0 in t.ready, 600, lambda m: (ap.buttons(m)[0], 0, 0, 0), 0b0011)
    assert t.game.pending[0] is not None and t.peeks == {1: 0} and t.prompts.get(1) is p1 and p1.answer is None
    tap(h, R, pad=1, connected=0b0011)
    assert t.peeks == {1: 1}                                # his towers' page
    _DRAWN.clear()
    h.frame()
    texts = [s[0] for s in visible_texts(_DRAWN)]
    assert any(s.startswith("Felt") for s in texts), texts
    tap(h, B, pad=1, connected=0b0011)
    assert t.peeks == {} and p1.answer is None
    until(h, lambda: t.game.phase != "draw", 2000, lambda m: ap.buttons(m), 0b0011)
    assert quadrant(1)[:4] == t.seat_area(1)


def test_the_comments_on_a_round_come_before_the_next_round_shows():
    """Issue 21: the characters' comments on a round's drawings are told while the sheets and the
    band still show that round (GameDef.turn_breaks cuts at RoundStarted); the next round shows
    after them, and the game over line comes after the comments on the last round."""
    h = Headless(seed=9, setup=CatTowerSetup(9, ["joji", "yuka", "kenta", "hazumi"]),
                 settings=Settings(talk="always"))
    m = h.machine
    t = m.stack[0]
    seen, last, before, over = [], None, "", []
    for _ in range(60000):
        b = t.beat
        if b is not None and b is not last:
            if b.kind == "say" and b.speaker is not None and t.game.phase == "roll" and before in (
                    "draw", "pass", "house", "tower", "crossed"):
                seen.append((t.shown.round, t.game.round))
            if b.speaker is not None and t.game.over:
                over.append(("comment", t.shown.phase))
            if b.kind == "banner" and t.game.over:
                over.append(("end", b.text))
            if b.speaker is None and b.kind != "say":
                before = b.kind
        last = b
        h.step()
        if isinstance(m.stack[-1], ResultsScene):
            break
    assert t.game.over and len(seen) > 3
    assert all(shown == live - 1 for shown, live in seen), seen
    assert over and over[-1][0] == "end" and ("comment", "over") not in over, over


def test_an_unplugged_pad_waits_and_says_so():
    h = Headless(seed=1, setup=CatTowerSetup(1, ["human", "human", "joji"]))
    m = h.machine
    t = m.stack[0]
    ap = FRONTEND.autopilot(pad=0)
    until(h, lambda: live(t, 1) is not None, 8000, lambda m: ap.buttons(m), 0b0001)
    p = t.prompts[1]
    for _ in range(20):
        h.step((0, A, 0, 0), 0b0001)
        h.step((0, 0, 0, 0), 0b0001)
    assert p.answer is None and t.prompts.get(1) is p
    from tests.frontend.screens import _DRAWN, _watch_drawing, visible_texts
    _watch_drawing()
    _DRAWN.clear()
    h.frame()
    if t.prompt is p:
        assert any("Connect pad 2" in x[0] for x in visible_texts(_DRAWN))


# ---------------------------------------------------------------- prompts: refusals, previews
@pytest.fixture
def at_draw():
    """Player 1 against Joji and Yuka at a drawing of round 4 or later (a few cells filled)."""
    h = Headless(seed=6, setup=CatTowerSetup(6, ["human", "joji", "yuka"]))
    t = h.machine.stack[0]
    ap = FRONTEND.autopilot()
    sheet = t.game.sheet

    def ready():
        p = live(t, 0)
        return p is not None and p.kind == "draw" and t.game.round >= 4 and any(
            p.cost(g, sheet.floor_of[c]) <= p.fp for c, have in enumerate(t.game.cells[0]) if have
            for g in range(1, 7))
    until(h, ready, 20000, lambda m: ap.buttons(m))
    return h, t, t.prompts[0]


def steer(h, t, p, good, cell):
    ap = FRONTEND.autopilot()
    for _ in range(100):
        ap.planned[0] = (p, Drawing(good, cell))
        b = ap.pilot.answer(ap, t, p, 0)
        if b == A:
            return
        tap(h, b, wait=1)
    raise AssertionError("could not steer")


def test_a_filled_cell_is_refused_with_CG2_2(at_draw):
    h, t, p = at_draw
    sheet = t.game.sheet
    g, c = next((g, c) for c, have in enumerate(t.game.cells[0]) if have for g in range(1, 7)
                if p.cost(g, sheet.floor_of[c]) <= p.fp)
    steer(h, t, p, g, sheet.cells[c])
    assert "is filled" in p.describe()[0]
    tap(h, A, wait=2)
    assert p.answer is None and p.message.startswith("CG2.2") and t.game.pending[0] is None


def test_a_drawing_beyond_the_footprints_is_refused_with_C3_2(at_draw):
    h, t, p = at_draw
    sheet = t.game.sheet
    g, c = next((g, c) for c in range(len(sheet.cells)) for g in range(1, 7) if not t.game.cells[0][c]
                and p.cost(g, sheet.floor_of[c]) > p.fp)
    steer(h, t, p, g, sheet.cells[c])
    assert not p.drawable(g, c) and c in p.costs() and not p.affordable()[c]
    tap(h, A, wait=2)
    assert p.answer is None and p.message.startswith("C3.2") and "footprint" in p.message


def test_pass_asks_to_confirm_then_passes(at_draw):
    h, t, p = at_draw
    tap(h, B, wait=2)
    assert p.mode == "pass" and p.answer is None
    tap(h, B, wait=2)
    assert p.mode == "sheet"
    tap(h, B, wait=2)
    step(h, A)
    assert p.answer == PASS or t.game.pending[0] == PASS or 0 in t.ready


def test_the_preview_and_costs_are_the_games_queries(at_draw):
    """What the column beside the sheet shows is the game's own sums: the cheapest drawing of
    each (good, cell) adds what ``queries.drawing_previews`` says; the costs are
    ``queries.footprint_costs``."""
    h, t, p = at_draw
    match = t.game
    for q in queries.drawing_previews(match, 0):
        a = q.answer
        c = match.sheet.index(a.cell)
        mine = p.preview(a.good, c)
        assert mine["adds"] == q.adds and mine["group"] == q.group and mine["felt"] == q.felt
        assert mine["completes"] == q.completes and mine["footprints"] == q.footprints
        assert p.cost(a.good, match.sheet.floor_of[c]) == q.cost
    for pc in queries.footprint_costs(match, 0):
        assert p.cost(pc.good, pc.floor) == pc.cost
        assert sum(abs(x) for x in pair_spend(p.x, p.y, pc.good, pc.floor)) == pc.cost
    legal = {(a.good, a.cell) for a in match.legal_answers(0) if type(a) is Drawing}
    assert all(p.drawable(g, match.sheet.index(cell)) for g, cell in legal)


def test_y_shows_what_the_good_adds_on_every_cell(at_draw):
    """Y switches the empty cells from footprint costs to the points the chosen good adds there
    (every cell it may be drawn in: the game's previews); L/R changes the good, and Y again goes
    back to the costs."""
    h, t, p = at_draw
    match = t.game
    assert p.overlay == "costs"
    tap(h, Y, wait=2)
    assert p.overlay == "points"
    want = {match.sheet.index(q.answer.cell): q.adds["total"] for q in queries.drawing_previews(match, 0)
            if q.answer.good == p.good}
    assert p.points() == want
    tap(h, R, wait=2)
    want = {match.sheet.index(q.answer.cell): q.adds["total"] for q in queries.drawing_previews(match, 0)
            if q.answer.good == p.good}
    assert p.points() == want
    tap(h, Y, wait=2)
    assert p.overlay == "costs" and p.answer is None


def test_a_taken_die_is_refused_with_C2_1():
    h = Headless(seed=1, setup=CatTowerSetup(1, ["human", "joji", "yuka", "kenta"]))
    t = h.machine.stack[0]
    ap = FRONTEND.autopilot()
    until(h, lambda: live(t, 0) is not None and t.prompts[0].kind == "draft"
          and any(v not in t.game.pool for v in t.prompts[0].dice), 20000, lambda m: ap.buttons(m))
    p = t.prompts[0]
    assert isinstance(p, DraftPrompt)
    while p.value in t.game.pool:
        tap(h, RIGHT, wait=1)
    tap(h, A, wait=2)
    assert p.answer is None and p.message.startswith("C2.1")
    while p.value not in t.game.pool:
        tap(h, RIGHT, wait=1)
    tap(h, A, wait=1)
    step(h, 0, 3)
    assert t.game.own[0] or t.game.drafter() != 0


def test_a_house_good_chosen_before_is_refused_with_C5_1():
    """Steered into two houses: the second may not count the first's good."""
    h = Headless(seed=1, setup=CatTowerSetup(1, ["human", "joji", "yuka", "kenta"]))
    t = h.machine.stack[0]
    ap = FRONTEND.autopilot()
    houses = []

    def press(m):
        p = live(t, 0)
        if p is not None and p.kind == "draw" and (not houses or houses[-1] is not p) and len(houses) < 2:
            legal = [a for a in t.game.legal_answers(0) if type(a) is Drawing and a.good == 1]
            if legal:
                ap.planned[0] = (p, legal[0])
                houses.append(p)
        return ap.buttons(m)
    until(h, lambda: live(t, 0) is not None and t.prompts[0].kind == "house" and t.prompts[0].chosen, 60000, press)
    p = t.prompts[0]
    assert isinstance(p, HousePrompt)
    while p.good != p.chosen[0]:
        tap(h, DOWN, wait=1)
    tap(h, A, wait=2)
    assert p.answer is None and p.message.startswith("C5.1")
    tap(h, DOWN, wait=1)
    while p.good in p.chosen:
        tap(h, DOWN, wait=1)
    want = p.good
    tap(h, A, wait=1)
    step(h, 0, 200)
    assert want in t.game.chosen(0)


def test_no_house_once_all_six_are_chosen_CG5_1():
    """A sheet whose houses have counted all six goods: the drawing prompt says why a house is
    not drawable (CG5.1), the engine refuses it."""
    from tdream.games.cattower.match import CatTowerMatch
    m, _ = GAME.new_match(["A", "B"], {}, 3)
    while m.phase != "draw":
        aw = m.awaiting()
        m.apply(m.sample_chance() if m.phase == "roll" else m.legal_answers(aw.player)[0], seat=aw.player)
    m.houses[0] = [[g, 0, ""] for g in range(1, 7)]
    m.own[0], m.shared = 1, 1
    p = DrawPrompt(m, 0, "A")
    if p.only_pass:                                  # issue 23: the cursor on Pass, and why
        assert p.mode == "pass" and "CG5.1" in p.why_only_pass()
        p.mode = "sheet"
    p.good, p.cursor = 1, m.sheet.index("t1f1")
    assert "CG5.1" in p.describe()[0]
    assert m.check(p.drawing(), 0).startswith("CG5.1")
    assert isinstance(m, CatTowerMatch)


def test_practice_warns_that_a_rival_is_one_cell_from_the_end_C4_2():
    """A position as practice (not counted): Joji has two towers and one cell of a third left;
    Player 1's drawing shows the warning in the text box, Joji's sheet says 1 CELL LEFT!."""
    from tests.frontend.screens import _DRAWN, _watch_drawing, visible_texts

    from .screens import practice
    h = Headless(seed=1, setup=practice("near-end"))
    t = h.machine.stack[0]
    ap = FRONTEND.autopilot()
    until(h, lambda: live(t, 0) is not None and t.prompts[0].kind == "draw", 3000, lambda m: ap.buttons(m))
    assert [(n.seat, n.cell) for n in queries.near_end(t.shown, 0)] == [(1, "t5f5")]
    _watch_drawing()
    _DRAWN.clear()
    h.frame()
    texts = " | ".join(x[0] for x in visible_texts(_DRAWN))
    assert "1 CELL LEFT!" in texts and "C4.2: Joji is 1 cell from the end (t5f5)!" in texts, texts
    keys = t.prompts[0].lines(h.machine)[-1][0]                 # issue 23: the keys stay in the box
    assert keys.startswith("L/R: good") and keys in texts, texts
    assert t.setup.mode == "practice"


# ---------------------------------------------------------------- records: watched, resumed
def test_a_record_watched_to_its_end(watched_record):
    from tdream.platform.record import Checkpoint
    rec = load_record(str(watched_record))
    setup = MatchSetup("cattower", rec.setup.seed, list(rec.setup.kinds), dict(rec.setup.options), replay=rec,
                       speed=16)
    h = Headless(seed=rec.setup.seed, setup=setup)
    m = h.machine
    for _ in range(100000):
        h.step()
        if isinstance(m.stack[-1], ResultsScene):
            break
    t = m.stack[0]
    last = [i for i in rec.items if isinstance(i, Checkpoint)][-1]
    assert t.game.over and t.game.fingerprint() == last.state
    h.frame()


def test_watching_jumps_to_a_round_and_changes_speed(watched_record):
    rec = load_record(str(watched_record))
    setup = MatchSetup("cattower", rec.setup.seed, list(rec.setup.kinds), dict(rec.setup.options), replay=rec)
    h = Headless(seed=rec.setup.seed, setup=setup)
    t = h.machine.stack[0]
    tap(h, R, wait=1)
    assert t.speed == 2
    tap(h, L, wait=1)
    assert t.speed == 1
    tap(h, B, wait=1)
    assert t.jump == 1
    tap(h, UP, wait=1)
    assert t.jump == min(11, t.host.last_turn())
    tap(h, A, wait=1)
    assert t.jump is None and t.game.progress() + 1 == min(11, t.host.last_turn())
    h.frame()


def test_a_game_saved_and_resumed_in_the_front_end(tmp_path):
    from tdream.platform.replay import resume_record
    path = tmp_path / "r.tdr"
    h = Headless(seed=7, setup=CatTowerSetup(7, ["human", "yuka", "joji"]), record_path=str(path))
    t = h.machine.stack[0]
    ap = FRONTEND.autopilot()
    while t.game.round < 6:
        h.step(ap.buttons(h.machine))
    h.machine.reset(TitleScene())                  # quit mid-game: the record stays
    played = t.game.progress()
    r = resume_record(str(path))
    assert r.session.match.progress() == played
    setup = MatchSetup("cattower", r.record.setup.seed, r.record.setup.kinds, dict(r.record.setup.options), resume=r)
    h2 = Headless(seed=7, setup=setup, record_path=str(path))
    t2 = h2.machine.stack[0]
    assert t2.game.fingerprint() == r.session.match.fingerprint() and t2.shown.cells == t2.game.cells
    ap2 = FRONTEND.autopilot()
    for _ in range(60000):
        h2.step(ap2.buttons(h2.machine))
        if isinstance(h2.machine.stack[-1], ResultsScene):
            break
    assert t2.game.over
    h2.machine.close()
    assert verify_paths([str(path)], False, None, None) == 0


def test_continue_on_the_title_resumes_an_unfinished_game(tmp_path):
    h = Headless(seed=3, setup=CatTowerSetup(3, ["human", "hazumi"]), record_dir=str(tmp_path))
    t = h.machine.stack[0]
    ap = FRONTEND.autopilot()
    while t.game.round < 4:
        h.step(ap.buttons(h.machine))
    played = t.game.progress()
    h.machine.reset(TitleScene("cattower"))
    m = h.machine
    tap(h, START)
    while m.stack[-1].menu.items[m.stack[-1].menu.index] != "Continue":
        tap(h, DOWN)
    tap(h, A)
    tap(h, A)
    t2 = m.stack[-1]
    assert isinstance(t2, TableScene) and t2.host.setup.resume is not None
    assert t2.game.progress() == played and t2.kinds == ["human", "hazumi"]
    h.frame()


# ---------------------------------------------------------------- the title, the set-up
def test_the_title_demo_plays_four_characters_and_records_nothing(tmp_path):
    from tdream.frontend.scenes.title import DEMO_AFTER, DemoScene
    h = Headless(seed=8, settings=Settings(last={"game": "cattower"}), record_path=str(tmp_path / "none.tdr"))
    m = h.machine
    for _ in range(DEMO_AFTER + 5):
        h.step()
    assert isinstance(m.stack[-1], DemoScene)
    demo = m.stack[-1]
    for _ in range(1500):
        h.step()
    assert demo.table.game.round > 2 and "human" not in demo.table.kinds and len(demo.table.kinds) == 4
    assert demo.table.host.setup.game == "cattower"
    h.step(A)
    assert isinstance(m.stack[-1], TitleScene) and not (tmp_path / "none.tdr").exists()


def test_the_setup_screen_sets_every_option_by_pad():
    h = Headless(seed=1, settings=Settings(last={"game": "cattower"}))
    m = h.machine
    tap(h, START)
    tap(h, A)                                    # Free play
    s = m.stack[-1]
    assert isinstance(s, SetupScene)

    def row(name):
        while s.rows[s.index] != name:
            tap(h, UP, wait=1)
    row("seat3")
    while s.seats[3] is not None:                # seat 4 empty: three players
        tap(h, RIGHT, wait=1)
    row("seat2")
    tap(h, RIGHT, wait=1)
    tap(h, RIGHT, wait=1)
    row("level")
    tap(h, RIGHT, wait=1)
    row("pass_footprints")
    tap(h, RIGHT, wait=1)
    tap(h, RIGHT, wait=1)
    row("dishes")
    tap(h, RIGHT, wait=1)
    row("felt_needs_one")
    tap(h, A, wait=1)
    setup = s.match_setup(m)
    assert setup.options == {"pass_footprints": 3, "dishes": "kinds", "felt_needs_one": True}
    assert setup.seats[0] == "human" and all(k.endswith(":hard") for k in setup.seats[1:] if k != "random")
    assert check_options(GAME, setup.options) == []
    tap(h, START)
    t = m.stack[-1]
    assert isinstance(t, TableScene) and t.game.options["pass_footprints"] == 3 and len(t.names) == 3
    h.frame()


def test_one_seat_alone_is_refused_with_C1_1():
    h = Headless(seed=1, settings=Settings(last={"game": "cattower"}))
    m = h.machine
    tap(h, START)
    tap(h, A)
    s = m.stack[-1]
    s.seats = ["human", "joji", None, None]
    s.seats[1] = None
    assert s.match_setup(m) is None and "C1.1" in s.message


def test_the_bench_hooks_time_four_sheets_with_previews():
    from tdream.frontend.bench import bench_frames
    got = bench_frames(frames=40, game_id="cattower")
    assert set(got) == {"cattower_frame_ms_p50", "cattower_frame_ms_p99"} and got["cattower_frame_ms_p99"] > 0

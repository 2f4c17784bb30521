"""Issue 23 through the front end, from pad input: the human parent rolls with A (seeded: the
same presses give the same roll, given in the record); a drawing taken back with B while another
still draws (CG2.4), the record replaying it; the cursor on Pass when no drawing is possible, and
why; who leads each tower's felt on the status screen; the line under a sheet never cut and a
part's "+N" beside its own value."""
from tdream.frontend.constants import A, B, X
from tdream.frontend.run import Headless
from tdream.frontend.scenes.status import StatusScene
from tdream.games.cattower import GAME
from tdream.games.cattower.frontend import FRONTEND
from tdream.games.cattower.frontend.prompts import DrawPrompt, RollPrompt
from tdream.games.cattower.frontend.status import felt_lead_text
from tdream.games.cattower.frontend.table import CatTowerSetup
from tdream.games.cattower.queries import FeltLead
from tdream.platform.record import load_record
from tdream.platform.replay import verify_paths

from .test_game import live, step, tap, until


def at_own_roll(seed: int, path=None):
    """Seat 1 a person, the others characters, driven by the autopilot until his roll is up."""
    h = Headless(seed=seed, setup=CatTowerSetup(seed, ["human", "joji", "yuka", "kenta"]),
                 record_path=str(path) if path else None)
    t = h.machine.stack[0]
    ap = FRONTEND.autopilot()
    until(h, lambda: isinstance(live(t, 0), RollPrompt), 40000, lambda m: ap.buttons(m))
    return h, t


def test_the_human_parent_rolls_with_a_and_the_same_presses_give_the_same_roll(tmp_path):
    """The dice tumble (new faces frame by frame) until his A; the roll is the faces of that
    frame, given to the match as a supplied outcome (``given`` in the record); the same presses
    give the same roll again."""
    rolls = []
    for run in range(2):
        path = tmp_path / f"r{run}.tdr"
        h, t = at_own_roll(3, path)
        p = t.prompts[0]
        assert t.game.phase == "roll" and t.game.parent == 0 and len(p.faces) == 5
        seen = set()
        for _ in range(12):
            step(h)
            seen.add(p.faces)
        assert len(seen) > 1 and p.answer is None and t.game.phase == "roll"       # nothing rolls by itself
        faces, r0 = p.faces, t.game.round
        step(h, A)
        step(h, 0, 2)
        assert t.game.phase == "draft" and t.game.dice == sorted(faces)
        rolls.append(tuple(t.game.dice))
        ap = FRONTEND.autopilot()
        until(h, lambda: t.game.progress() >= r0, 20000, lambda m: ap.buttons(m))      # the round played
        t.host.close()
        given = [i for i in load_record(str(path)).items if getattr(i, "given", False)]
        assert [i.step for i in given] == [{"roll": sorted(faces)}], [i.step for i in given]
        assert verify_paths([str(path)], False, None, None) == 0
    assert rolls[0] == rolls[1]


def test_the_cpu_parent_still_rolls_by_himself():
    h = Headless(seed=3, setup=CatTowerSetup(3, ["joji", "human", "yuka", "kenta"]))
    t = h.machine.stack[0]
    ap = FRONTEND.autopilot()
    for _ in range(4000):
        h.step(ap.buttons(h.machine))
        assert not any(isinstance(p, RollPrompt) and s != 1 for s, p in t.prompts.items())
        if t.game.round >= 3:
            break
    assert t.game.round >= 3


def at_two_drawing(seed: int, path=None):
    h = Headless(seed=seed, setup=CatTowerSetup(seed, ["human", "human", "joji", "kenta"]),
                 record_path=str(path) if path else None)
    t = h.machine.stack[0]
    ap = FRONTEND.autopilot(pad=-1)
    until(h, lambda: live(t, 0) is not None and live(t, 1) is not None and t.prompts[0].kind == "draw",
          20000, lambda m: ap.buttons(m), 0b0011)
    return h, t, ap


def test_b_takes_a_drawing_back_while_another_still_draws(tmp_path):
    """Pad 2 draws (READY), then B: his answer is withdrawn (CG2.4), his prompt is back with the
    cursor where he left it, pad 1 drew nothing meanwhile; once both have answered the round is
    played and B takes nothing back. The record holds the withdraw and verifies."""
    path = tmp_path / "w.tdr"
    h, t, ap = at_two_drawing(4, path)
    p1 = t.prompts[1]
    until(h, lambda: 1 in t.ready, 600, lambda m: (0,) + ap.buttons(m)[1:], 0b0011)
    assert t.game.pending[1] is not None and 1 not in t.prompts
    cursor = p1.cursor
    step(h, (0, B, 0, 0), 1, 0b0011)
    step(h, 0, 2, 0b0011)
    assert t.game.pending[1] is None and 1 not in t.ready and t.game.phase == "draw"
    until(h, lambda: live(t, 1) is not None, 200, None, 0b0011)
    again = t.prompts[1]
    assert isinstance(again, DrawPrompt) and again is not p1 and again.cursor == cursor
    assert t.game.pending[0] is None                                 # pad 1 has not answered yet
    until(h, lambda: t.game.phase != "draw", 3000, lambda m: ap.buttons(m), 0b0011)
    step(h, (0, B, 0, 0), 1, 0b0011)                                 # the round is played: nothing to take back
    assert t.game.phase != "draw" or t.game.round > 1
    t.host.close()
    assert "withdraw" in path.read_text()
    assert verify_paths([str(path)], False, None, None) == 0


def test_with_no_drawing_possible_the_cursor_is_on_pass_and_says_why():
    """Every empty cell beyond the footprints (C3.2): the prompt opens on Pass, its lines say
    why, A passes."""
    m, _ = GAME.new_match(["A", "B"], {}, 3)
    while m.phase != "draw":
        aw = m.awaiting()
        m.apply(m.sample_chance() if m.phase == "roll" else m.legal_answers(aw.player)[0], seat=aw.player)
    sheet = m.sheet
    for c in range(len(sheet.cells)):
        if sheet.floor_of[c] in (1, 6):
            m.cells[0][c] = 2
    m.own[0], m.shared, m.footprints[0] = 6, 6, 0
    p = DrawPrompt(m, 0, "A")
    assert p.only_pass and p.mode == "pass"
    why = p.lines(None)[0][0]
    assert why.startswith("Every empty cell needs at least 1 footprint (t") and "C3.2" in why and "you have 0" in why
    assert "nothing to draw. A: pass" in p.text()

    class Pad:
        pressed = [A, 0, 0, 0]

        def press(self, pad, mask):
            return bool(self.pressed[pad] & mask)

        def repeat(self, pad, mask):
            return False
    p.handle(None, Pad(), 0)
    assert p.answer is not None and type(p.answer).__name__ == "Pass"


def test_the_status_screen_says_who_leads_each_towers_felt():
    assert felt_lead_text(FeltLead(1, (2,), 3, 2))[0] == "+2"
    assert felt_lead_text(FeltLead(2, (0, 1), 1, 0))[0] == "tie 1"
    assert felt_lead_text(FeltLead(3, (0, 1, 2, 3), 0, 0))[0] == "-"
    h = Headless(seed=5, setup=CatTowerSetup(5, ["human", "joji", "yuka", "kenta"]))
    t = h.machine.stack[0]
    ap = FRONTEND.autopilot()
    until(h, lambda: t.game.round >= 6 and live(t, 0) is not None, 40000, lambda m: ap.buttons(m))
    from tests.frontend.screens import _DRAWN, _watch_drawing, visible_texts
    tap(h, X, wait=2)
    assert isinstance(h.machine.stack[-1], StatusScene)
    _watch_drawing()
    _DRAWN.clear()
    h.frame()
    texts = [x[0] for x in visible_texts(_DRAWN)]
    from tdream.games.cattower.queries import felt_leads
    want = [felt_lead_text(lead)[0] for lead in felt_leads(t.shown)]
    assert "felt" in texts and all(w in texts for w in want), (want, texts)
    assert any(w != "-" for w in want)


def test_the_line_under_the_narrowest_sheet_always_has_a_whole_form():
    """Issue 23, 6: for every cell and good of a drawing prompt (and the pass), the line under the
    sheet has a form that fits a three-player column whole: it is never cut."""
    from tdream.games.cattower.frontend.layout import sheet_layouts
    h = Headless(seed=2)
    font = h.machine.font
    room = min(lay.w for lay in sheet_layouts(3)) - 6
    m, _ = GAME.new_match(["A", "B", "C"], {}, 2)
    while m.phase != "draw":
        aw = m.awaiting()
        m.apply(m.sample_chance() if m.phase == "roll" else m.legal_answers(aw.player)[0], seat=aw.player)
    m.cells[0][m.sheet.index("t1f1")] = 5
    p = DrawPrompt(m, 0, "A")
    seen = 0
    for c in range(len(m.sheet.cells)):
        for g in range(1, 7):
            p.cursor, p.good = c, g
            forms = p.strips()
            assert font.width(forms[-1][0], "small") <= room, forms
            seen += 1
    p.mode = "pass"
    assert font.width(p.strips()[-1][0], "small") <= room
    assert seen == 6 * len(m.sheet.cells)


def test_a_parts_plus_stands_beside_its_own_value_not_the_next_picture():
    """Issue 23, 6: the "+N" a drawing adds to a part is drawn right after that part's value and
    leaves the next column's picture alone."""
    import pygame

    from tdream.games.cattower.frontend import sheetview as sv
    from tdream.games.cattower.scoring import PARTS
    h = Headless(seed=2)
    m = h.machine
    row = {part: 25 for part in PARTS}
    col_w = 33
    for part in PARTS[:-1]:
        plain, plus = pygame.Surface((80, 40)), pygame.Surface((80, 40))
        sv.draw_parts(m, plain, 0, 0, row, None, 2, col_w)
        sv.draw_parts(m, plus, 0, 0, row, {part: 2}, 2, col_w)
        i = PARTS.index(part)
        cx, cy = (i % 2) * col_w, (i // 2) * 8
        changed = [(x, y) for y in range(40) for x in range(80) if plain.get_at((x, y)) != plus.get_at((x, y))]
        assert changed and all(cy <= y < cy + 8 for _, y in changed), part
        value_end = cx + 7 + m.font.width("25", "small")
        first, last = min(x for x, _ in changed), max(x for x, _ in changed)
        assert first >= value_end, part                                                      # after its value
        if i % 2 == 0:                                # nearer its own value than the next column's picture
            assert last < cx + col_w and first - value_end < cx + col_w - last, (part, first, last)


def test_b_withdraws_only_for_a_seat_session_next_names(monkeypatch):
    """Issue 37: the withdraw is an out-of-turn answer ``Session.next`` reports (``Next.others``,
    the table's ``out_of_turn``): with the drive loop naming nobody, B takes nothing back."""
    from tdream.frontend.table import TableScene
    h, t, ap = at_two_drawing(4)
    until(h, lambda: 1 in t.ready, 600, lambda m: (0,) + ap.buttons(m)[1:], 0b0011)
    assert 1 in t.out_of_turn() and t.game.pending[1] is not None
    monkeypatch.setattr(TableScene, "out_of_turn", lambda self: ())
    step(h, (0, B, 0, 0), 1, 0b0011)
    step(h, 0, 2, 0b0011)
    assert t.game.pending[1] is not None and 1 in t.ready
    monkeypatch.undo()
    step(h, (0, B, 0, 0), 1, 0b0011)
    step(h, 0, 2, 0b0011)
    assert t.game.pending[1] is None and 1 not in t.ready

"""Issue 40 (3): a hint in Practice. The pause menu offers "Hint" only in Practice, at a decision of
the pad's own seat with two or more legal answers; the hint plays the answers out a fixed number
of playouts a frame (the same frames give the same machine), lists the leading legal answers best
first with their chance to win, and changes nothing in the match. A tiny method keeps it cheap."""
from __future__ import annotations

import pytest

from tdream.frontend import hint as hint_module
from tdream.frontend.constants import START, UP, A, B
from tdream.frontend.hint import LABEL_HINT, HintScene, answer_words, hint_seat
from tdream.frontend.pads import PadFrame
from tdream.frontend.run import Headless
from tdream.frontend.savestate import Freezer
from tdream.frontend.scenes.pause import PauseScene
from tdream.frontend.setups import MatchSetup
from tdream.frontend.table import TableScene
from tdream.native import compiled_loaded
from tdream.platform import registry
from tdream.platform.analysis import Method, answer_text

GAME = registry.ids()[1]         # its first decision comes soonest
TINY = Method(playouts=6, order_playouts=2, leaders=2, block=3)


@pytest.fixture(autouse=True)
def tiny(monkeypatch):
    monkeypatch.setattr(hint_module, "METHOD", TINY)


def _at_decision(mode: str, seed: int = 3, secret: bool = False):
    """A headless machine whose table (one person and CPUs; two people for a secret pick) waits
    for pad 1's seat's decision."""
    game = registry.get(GAME)
    cpu = next(k for k in game.cpu_kinds() if k != "random")
    people = 2 if secret else 1
    seats = ["human"] * people + [cpu] * (game.default_seats - people)
    h = Headless(seed, setup=MatchSetup(GAME, seed, seats, {}, mode=mode))
    table = h.machine.top
    assert isinstance(table, TableScene)
    for i in range(3000):
        seat = table.seat_of_pad(0) if table.started else None
        prompt = table.prompts.get(seat) if seat is not None else None
        if prompt is not None and prompt.age >= table.prompt_guard and prompt.secret == secret \
                and len(table.game.legal_answers(seat)) >= 2:
            return h, table, seat
        h.step(A if i % 40 == 39 else 0)
    raise AssertionError("no decision of the person's within 3000 frames")


def _pause(h):
    h.step(START)
    h.step(0)
    pause = h.machine.top
    assert isinstance(pause, PauseScene)
    return pause


def _ask(h):
    """Start, then the menu's Hint (the item above the last, Up twice from Resume): the hint scene."""
    pause = _pause(h)
    assert pause.menu.items[-2] == LABEL_HINT and pause.menu.items[0] == "Resume"
    for _ in range(2):
        h.step(UP)
        h.step(0)
    h.step(A)
    h.step(0)
    scene = h.machine.top
    assert isinstance(scene, HintScene)
    return scene


def _run(h, scene, limit: int = 400) -> int:
    for k in range(limit):
        if scene.rows:
            return k
        h.step(0)
    raise AssertionError(f"the hint was not done in {limit} frames")


def test_the_hint_is_offered_in_practice_and_nowhere_else():
    h, table, seat = _at_decision("practice")
    assert table.game.awaiting().player == seat
    assert hint_seat(table, 0) == seat
    assert LABEL_HINT in _pause(h).menu.items
    for mode in ("free", "campaign", "spectate", "demo"):
        table.setup.mode = mode
        assert hint_seat(table, 0) is None, mode
    table.setup.mode = "practice"
    table.replaying = True                       # a record watched (a movie's Records too)
    assert hint_seat(table, 0) is None
    table.replaying = False
    assert hint_seat(table, 1) is None           # a pad with no seat at the table
    h2, table2, _ = _at_decision("free")
    assert hint_seat(table2, 0) is None and LABEL_HINT not in _pause(h2).menu.items


def test_a_secret_pick_gets_no_hint():
    """A pick two people make in secret on one screen: the match may hold the other's sealed pick
    (a hint played out from it would know it), and the panel would show the asker's."""
    h, table, _ = _at_decision("practice", secret=True)
    assert hint_seat(table, 0) is None and LABEL_HINT not in _pause(h).menu.items


def test_the_panel_lists_the_leading_legal_answers_best_first():
    h, table, seat = _at_decision("practice")
    legal = list(table.game.legal_answers(seat))
    scene = _ask(h)
    assert not scene.rows and 0 < scene.played <= 2 * hint_module.PLAYOUTS_PER_FRAME   # a frame's work at a time
    _run(h, scene)
    report = scene.hint.stepper.report
    indices = [r["index"] for r in report["answers"]]
    assert 2 <= len(indices) <= TINY.leaders + 1 and len(set(indices)) == len(indices)
    assert all(0 <= i < len(legal) for i in indices)
    chances = [c for c, _, _ in scene.rows]
    assert chances == sorted(chances, reverse=True) and all(0.0 <= c <= 1.0 for c in chances)
    assert chances == [r["chance"] for r in report["answers"]]
    words = [w for _, w, _ in scene.rows]
    assert all(words) and len(set(words)) == len(words)       # each row tells its answer apart
    kind = table.game.awaiting().kind
    for i, (_, w, short) in zip(indices, scene.rows):
        said = answer_words(table.gamedef, table.game, seat, legal[i])
        assert w == said or w == f"{kind}: {short}"
        assert short == answer_text(legal[i])
    assert scene.played == TINY.order_playouts * len(legal) + (TINY.playouts - TINY.order_playouts) * len(indices)
    h.frame()                                    # the panel draws


def test_the_same_frames_give_the_same_machine():
    hashes = []
    for _ in range(2):
        h, _, _ = _at_decision("practice")
        scene = _ask(h)
        seen = [h.machine.state_hash()]
        for _ in range(3):
            h.step(0)
            seen.append(h.machine.state_hash())
        _run(h, scene)
        seen.append(h.machine.state_hash())
        hashes.append((seen, scene.rows))
    assert hashes[0] == hashes[1]
    assert len(set(hashes[0][0])) == len(hashes[0][0])        # the work done is part of the state


def test_the_hint_changes_nothing_in_the_match():
    h, table, seat = _at_decision("practice")
    before = (table.game.fingerprint(), table.host.session.inputs, table.prompts[seat])
    scene = _ask(h)
    _run(h, scene)
    assert (table.game.fingerprint(), table.host.session.inputs, table.prompts[seat]) == before
    h.step(B)
    h.step(0)
    assert h.machine.top is table and table.prompts[seat].answer is None
    assert (table.game.fingerprint(), table.host.session.inputs) == before[:2]


def test_b_leaves_a_hint_still_running():
    h, table, _ = _at_decision("practice")
    scene = _ask(h)
    h.step(B)
    h.step(0)
    assert h.machine.top is table and not scene.rows


@pytest.mark.skipif(compiled_loaded(load=True), reason="savestates pickle the pure engine's matches (the TAS's)")
def test_a_savestate_taken_while_the_hint_runs_runs_on_the_same():
    """A TAS's savestate (issue 38) in the middle of a hint: restored, it plays the rest of the
    answers out as the machine it was taken from."""
    h, _, _ = _at_decision("practice")
    scene = _ask(h)
    m = h.machine
    freezer = Freezer((m.font, m.art))
    snap = freezer.take(m)
    again = freezer.restore(snap)
    assert again.state_hash() == snap.hash
    for _ in range(400):
        for machine in (m, again):
            machine.step(PadFrame((0, 0, 0, 0), 1))
        if scene.rows:
            break
    assert scene.rows and again.stack[-1].rows == scene.rows and again.state_hash() == m.state_hash()

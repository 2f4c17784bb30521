"""One drive loop (issue 37, point 2): ``Session.next`` names the human seats that may answer out
of turn, and a record's replay gives every input through ``Session.give``."""
import re

import pytest

from tdream.errors import IllegalAnswer
from tdream.platform import registry
from tdream.platform.protocol import CHANCE
from tdream.platform.record import load_record
from tdream.platform.replay import Replay, replay_session, verify_record
from tdream.platform.session import CPU, HUMAN, OFFER, Seat, Session
from tdream.rng import Rng


def _to_out_of_turn(game_id: str, kinds: list[str], seed: int, want_cpu_other: bool = False):
    """A session of ``kinds`` played up to the first point where a human seat, or a CPU seat
    (``want_cpu_other``), may answer out of turn (a human seat's answer: a legal one, the
    tallest tower first, so that Towers' double turns come soon)."""
    game = registry.get(game_id)
    seats = [Seat(f"P{i + 1}", k) for i, k in enumerate(kinds)]
    session, _ = Session.start(game, seats, None, seed)
    rng = Rng(seed)
    for _ in range(5000):
        aw = session.match.awaiting()
        assert aw is not None, "the match ended before anyone could answer out of turn"
        cpu_other = any(s in session.players for s in aw.others)
        if aw.others and (cpu_other if want_cpu_other else any(s not in session.players for s in aw.others)):
            return session
        n = session.next()
        if n.what == HUMAN:
            seat = n.humans[0]
            legal = list(session.match.legal_answers(seat))
            tall = [a for a in legal if a.kind != "pick"]      # Towers' picks: any (equal ones are picked again)
            pick = max(tall, key=lambda a: (getattr(a, "size", 0), rng.below(1000))) if tall else \
                legal[rng.below(len(legal))]
            session.give(pick, seat)
        elif n.what == OFFER:
            session.offer(n.offered)
        else:
            assert session.advance() is not None
    raise AssertionError("nobody could answer out of turn")


@pytest.mark.parametrize("game_id,kinds", [("towers", ["human", "human"]), ("towers", ["random", "human"]),
                                           ("cattower", ["human", "human", "random"])])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_next_names_the_human_seats_that_may_answer_out_of_turn(game_id, kinds, seed):
    session = _to_out_of_turn(game_id, kinds, seed)
    aw = session.match.awaiting()
    n = session.next()
    humans_out = tuple(s for s in aw.others if s not in session.players)
    assert humans_out and n.others == humans_out
    assert n.what in (CPU, HUMAN, OFFER)
    for seat in range(len(kinds)):
        awaited = seat in (aw.seats or (aw.player,)) and seat not in session.players
        assert session.may_answer(seat) == (seat in humans_out or awaited)
    seat = humans_out[0]                 # his out-of-turn answer goes through the one checked path
    before = session.inputs
    session.give(session.match.legal_answers(seat)[0], seat)
    assert session.inputs == before + 1


def test_an_offer_to_the_cpus_still_names_the_humans_awaited_and_out_of_turn():
    """CAT TOWER: a CPU seat has drawn, so it is asked once whether it withdraws (OFFER); the human
    seats the point waits for, and those who may withdraw, are named with it."""
    session = _to_out_of_turn("cattower", ["human", "random", "human"], 4, want_cpu_other=True)
    aw = session.match.awaiting()
    n = session.next()
    assert n.what == OFFER and n.offered == tuple(s for s in aw.others if s in session.players)
    assert n.humans == tuple(s for s in aw.seats if s not in session.players)
    assert n.others == tuple(s for s in aw.others if s not in session.players)


def test_a_cpu_seat_may_never_answer_outside_next():
    session = _to_out_of_turn("towers", ["random", "human"], 2)
    cpu = next(iter(session.players))
    assert not session.may_answer(cpu) and cpu not in session.next().others


def test_give_refuses_with_the_match_s_own_reason_and_leaves_it_unchanged():
    game = registry.get("towers")
    session, _ = Session.start(game, [Seat("A", "human"), Seat("B", "human")], None, 3)
    while session.match.phase == "pick":
        seat = session.next().humans[0]
        legal = session.match.legal_answers(seat)
        session.give(legal[-1] if seat == 0 else legal[0], seat)        # two sizes: no pick again
    match = session.match
    from tdream.games.towers.answers import Place
    wrong = Place("z9", 1)
    seat = session.next().humans[0]
    reason = match.check(wrong, seat)
    before, inputs = match.fingerprint(), session.inputs
    with pytest.raises(IllegalAnswer) as e:
        session.give(wrong, seat)
    assert str(e.value) == reason and reason.startswith("TG1.1")
    assert match.fingerprint() == before and session.inputs == inputs


def _compiled() -> bool:
    import tdream.platform.replay
    import tdream.platform.session
    return not all(m.__file__.endswith(".py") for m in (tdream.platform.session, tdream.platform.replay))


@pytest.mark.parametrize("game_id", ["towerdream", "towers", "cattower", "towerup"])
def test_a_replay_gives_every_input_through_session_give(game_id, tmp_path, monkeypatch):
    """Verify's hot path included (no writer, no observers): every recorded input goes through
    ``Session.give`` (a chance outcome as CHANCE), and the replay ends where the match ended.
    (A compiled ``Session`` cannot be spied on: the pure build runs it, below.)"""
    if _compiled():
        pytest.skip("a compiled Session: test_the_replay_spy_runs_on_the_pure_build runs this")
    from tdream.platform.record import Setup, writer_for
    game = registry.get(game_id)
    path = tmp_path / "g.tdr"
    seats = [Seat(f"P{i + 1}", "random") for i in range(game.default_seats)]
    played, _ = Session.start(game, seats, None, 21)
    played.writer = writer_for(path, game, Setup(game.id, 21, seats, played.options))
    played.run()
    played.close()
    record = load_record(path)
    calls = []
    real = Session.give

    def spy(self, answer, seat=None, given=False, checked=False):
        calls.append((seat, answer))
        return real(self, answer, seat, given, checked)
    monkeypatch.setattr(Session, "give", spy)
    session = replay_session(record)
    assert Replay(session, record, record.items).run() is None
    assert len(calls) == session.inputs == played.inputs > 0
    assert session.match.fingerprint() == played.match.fingerprint()
    assert all(a.kind in game.chance_kinds for s, a in calls if s == CHANCE)
    assert [a for s, a in calls if s == CHANCE] or not game.chance_kinds
    monkeypatch.undo()
    assert verify_record(path).ok


def test_the_replay_spy_runs_on_the_pure_build():
    """Where this process runs the compiled drive loop, the spy above runs on pure Python."""
    import os
    import subprocess
    import sys

    from ..conftest import ROOT
    if not _compiled():
        pytest.skip("this process runs pure Python already: the spy above ran")
    env = dict(os.environ, TDREAM_PURE="1")
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", __file__, "-k",
                        "through_session_give"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0 and re.search(r"\b4 passed", r.stdout), r.stdout + r.stderr

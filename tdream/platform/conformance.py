"""Checks every registered game must pass (the conformance suite, tests/platform/).

Random playouts through the protocol only, checking at every input point: legal answers are
never empty while the match waits for a seat, and each is accepted by ``check``; answers seen
elsewhere but not legal here are refused, and a refused ``apply`` leaves the match as it was;
chance outcomes have whole positive weights and the sampled one is among them; ``copy`` is
independent; the JSON state reads back to the same fingerprint; ``view`` changes nothing.
"""
from __future__ import annotations

import hashlib
from pathlib import Path
from typing import NoReturn

from ..errors import IllegalAnswer
from ..rng import Rng, derive_seed
from . import registry
from .protocol import CHANCE, Commentary, CpuPlayer, Match
from .record import load_record
from .replay import resume_record, verify_record
from .session import Seat, Session
from .simulate import play_game

SAMPLE = 12          # legal answers checked at each point (all of them when fewer)


class ConformanceError(AssertionError):
    pass


def seat_names(n: int) -> list[str]:
    return [f"P{i + 1}" for i in range(n)]


def random_session(game, seed: int, seats: int | None = None, options: dict | None = None) -> Session:
    """A match of ``game`` whose every seat is the ``random`` CPU player."""
    n = seats or game.default_seats
    session, _ = Session.start(game, [Seat(nm, "random") for nm in seat_names(n)], options, seed)
    return session


def _fail(game, seed: int, step: int, what: str) -> NoReturn:
    raise ConformanceError(f"{game.id} seed {seed}, input {step}: {what}")


def _sample(answers, rng: Rng) -> list:
    n = len(answers)
    if n <= SAMPLE:
        return list(answers)
    return [answers[rng.below(n)] for _ in range(SAMPLE)]


def checked_playout(game, seed: int, seats: int | None = None, options: dict | None = None,
                    max_inputs: int = 50_000, deep: bool = True) -> Session:
    """A random playout to the end, checking the protocol at every input point (``deep``: also
    the refusals, copies and JSON round trips, which cost more). Returns the finished session."""
    session = random_session(game, seed, seats, options)
    match = session.match
    rng = Rng(derive_seed(seed, 77))
    seen: list = []                     # (seat, answer) given earlier: most are illegal later

    def remember(_session, seat, answer, _events, _given) -> None:
        if seat != CHANCE and len(seen) < 4000:
            seen.append((seat, answer))
    session.observers.append(remember)
    for step in range(max_inputs):
        aw = match.awaiting()
        if aw is None:
            if not match.over:
                _fail(game, seed, step, "awaiting() is None but the match is not over")
            res = match.result()
            flat = sorted(p for g in res.ranking for p in g)
            if flat != list(range(len(match.names))):
                _fail(game, seed, step, f"the result's ranking {res.ranking} is not every seat once")
            return session
        if match.over:
            _fail(game, seed, step, "the match is over but still awaits input")
        before = match.fingerprint()
        if aw.player == CHANCE:
            outcomes = match.chance_outcomes()
            if not outcomes:
                _fail(game, seed, step, f"no chance outcomes at {aw.kind}")
            for answer, weight in outcomes:
                if isinstance(weight, bool) or not isinstance(weight, int) or weight <= 0:
                    _fail(game, seed, step, f"chance weight {weight!r} of {answer!r} is not a whole number > 0")
            if match.fingerprint() != before:
                _fail(game, seed, step, "chance_outcomes() changed the match")
            probe = match.copy()
            drawn = probe.sample_chance()
            if drawn not in [a for a, _ in outcomes]:
                _fail(game, seed, step, f"sample_chance() gave {drawn!r}, not one of chance_outcomes()")
            if probe.check(drawn) is not None:
                _fail(game, seed, step, f"check refuses the sampled outcome {drawn!r}: {probe.check(drawn)}")
        else:
            waiting = aw.seats or (aw.player,)
            if aw.player not in waiting:
                _fail(game, seed, step, f"Awaiting.player {aw.player} is not among the seats {waiting}")
            for seat in waiting + tuple(aw.others):
                view = match.view(seat)
                legal = match.legal_answers(seat)
                if seat in waiting and len(legal) == 0:
                    _fail(game, seed, step, f"no legal answers for seat {seat} at {aw.kind}")
                for a in _sample(legal, rng):
                    why = match.check(a, seat)
                    if why is not None:
                        _fail(game, seed, step, f"check refuses legal answer {a!r} of seat {seat}: {why}")
                if match.fingerprint() != before:
                    _fail(game, seed, step, "view(), legal_answers() or check() changed the match")
                del view
            if deep:
                seat = aw.player
                legal = match.legal_answers(seat)
                small = len(legal) <= 400
                legal_set = list(legal) if small else []
                for old_seat, a in seen[-40:]:
                    if getattr(a, "kind", None) != aw.kind or not small or a in legal_set:
                        continue
                    if match.check(a, seat) is None:
                        _fail(game, seed, step, f"check accepts {a!r} from seat {seat}, which legal_answers omits")
                    try:
                        match.apply(a, False, seat)
                    except IllegalAnswer:
                        pass
                    else:
                        _fail(game, seed, step, f"apply accepted the refused answer {a!r}")
                    if match.fingerprint() != before:
                        _fail(game, seed, step, f"a refused apply of {a!r} changed the match")
                for other in range(len(match.names)):
                    if other not in waiting and other not in aw.others and len(legal):
                        if match.check(legal[0], other) is None:
                            _fail(game, seed, step, f"seat {other} may answer {aw.kind} for seat {seat}")
                if step % 7 == 0:
                    c = match.copy()
                    if c.fingerprint() != before:
                        _fail(game, seed, step, "copy() has another fingerprint")
                    if len(legal):
                        c.apply(legal[0], False, seat)
                        if match.fingerprint() != before:
                            _fail(game, seed, step, "applying to a copy changed the original")
                    back = game.match_from_json(match.to_json())
                    if back.fingerprint() != before:
                        _fail(game, seed, step, "match_from_json(to_json()) has another fingerprint")
        if session.advance() is None:
            _fail(game, seed, step, "a session of CPU seats could not go on")
    _fail(game, seed, max_inputs, f"no end after {max_inputs} inputs")


def fingerprint_trail(game_id: str, seed: int, seats: int | None = None, options: dict | None = None) -> str:
    """The sha256 of every fingerprint of a random playout (compared across processes)."""
    game = registry.get(game_id)
    session = random_session(game, seed, seats, options)
    h = hashlib.sha256()
    while session.match.awaiting() is not None:
        session.advance()
        h.update(session.match.fingerprint().encode())
    return h.hexdigest()


__all__ = ["ConformanceError", "checked_playout", "fingerprint_trail", "random_session", "seat_names"]


def record_round_trip(game, seed: int, folder, seats: int | None = None) -> list[str]:
    """A CPU match recorded, verified from its header, resumed from its cut-off half and played
    to the end again: every way a record is used, on this game. Returns what went wrong."""

    problems: list[str] = []
    kinds = [k for k in game.cpu_kinds() if k == "random"] * (seats or game.default_seats)
    path = Path(folder) / f"{game.id}-{seed}.tdr"
    result = play_game(game, kinds, seed, record=str(path))
    v = verify_record(path)
    if not v.ok:
        problems.append(f"the record of a whole match does not verify: {v.divergence}")
    record = load_record(path)
    if record.setup.game != game.id or not record.finished:
        problems.append(f"the record names game {record.setup.game!r}, finished={record.finished}")
    if record.turns() != result.turns:
        problems.append(f"the record counts {record.turns()} turns, the match {result.turns}")
    # cut it half-way (as a crash would) and go on
    lines = path.read_text().splitlines()
    inputs = [i for i, line in enumerate(lines) if line.startswith("- ")]
    cut = Path(folder) / f"{game.id}-{seed}-cut.tdr"
    cut.write_text("\n".join(lines[:inputs[len(inputs) // 2]]) + "\n")
    if not verify_record(cut).ok:
        problems.append("the first half of a record does not verify")
    r = resume_record(cut)
    session = r.session
    session.run()
    if session.match.scores() != list(result.scores):
        problems.append(f"resumed half-way, the match ends with {session.match.scores()}, not {list(result.scores)}")
    return problems


def views_agree(game, seed: int, seats: int | None = None, every: int = 5) -> list[str]:
    """At every ``every``-th input point of a random match: a seat's view offers it the same
    answers as the match and refuses what the match refuses, so that a CPU player deciding on
    its view decides legally; using a view never changes the match (a view is a copy, or, where
    ``GameDef.live_views``, a read-only window on it whose ``copy()`` is what a player plays on)."""
    session = random_session(game, seed, seats)
    match = session.match
    problems: list[str] = []
    step = 0
    while match.awaiting() is not None and len(problems) < 5:
        aw = match.awaiting()
        if aw.player != CHANCE and step % every == 0:
            before = match.fingerprint()
            for seat in (aw.seats or (aw.player,)) + tuple(aw.others):
                view = match.view(seat)
                mine, theirs = list(match.legal_answers(seat)), list(view.legal_answers(seat))
                if mine != theirs:
                    problems.append(f"step {step}: seat {seat}'s view offers {len(theirs)} answers, "
                                    f"the match {len(mine)}")
                elif mine:
                    view.copy().apply(mine[0], False, seat)
            if match.fingerprint() != before:
                problems.append(f"step {step}: applying an answer to a view changed the match")
        step += 1
        if session.advance() is None:
            problems.append(f"step {step}: the session could not go on")
            break
    return problems


def missing_members(obj, proto) -> list[str]:
    """The members of the ``typing.Protocol`` class ``proto`` (its methods, properties and
    declared attributes) that ``obj`` lacks."""
    names = {n for n in list(vars(proto)) + list(getattr(proto, "__annotations__", {})) if not n.startswith("_")}
    return sorted(n for n in names if not hasattr(obj, n))


def protocol_shapes(game, seed: int = 1) -> list[str]:
    """What of the protocol's ``Match``, ``CpuPlayer`` and ``Commentary`` a game's objects lack:
    a new match, the player of each of its CPU kinds, its characters' commentary."""
    problems = []
    match = random_session(game, seed).match
    if missing_members(match, Match):
        problems.append(f"its match ({type(match).__name__}) lacks {', '.join(missing_members(match, Match))}")
    for kind in game.cpu_kinds():
        player = game.make_player(kind, seed)
        if missing_members(player, CpuPlayer):
            problems.append(f"its CPU player {kind} lacks {', '.join(missing_members(player, CpuPlayer))}")
    kinds = ([k for k in game.cpu_kinds() if k != "random"] * game.default_seats)[:game.default_seats]
    commentary = game.commentary(kinds or ["random"] * game.default_seats, seed, "always")
    if commentary is not None and missing_members(commentary, Commentary):
        problems.append(f"its commentary lacks {', '.join(missing_members(commentary, Commentary))}")
    return problems

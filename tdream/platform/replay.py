"""Replaying a game record (FORMATS.md sections 3 and 6): its inputs applied one at a time
through a ``Session``, as verify, resume, watching a record and jumping in it all do.

``Replay`` gives every input through the session's one checked path (``Session.give``); a
checkpoint compares the match's fingerprint with the record's and names the parts that differ.
``verify_record`` and ``resume_record`` are the command line's (``tdream replay verify``,
``tdream play --resume``).
"""
from __future__ import annotations

import json
from dataclasses import dataclass

from ..errors import DataError, FormatError, IllegalAnswer
from ..yamlio import line_of
from .protocol import CHANCE
from .record import (Checkpoint, Divergence, Input, Record, answers_key, differing_parts, fingerprint_of, load_record,
                     read_answers, start_match)
from .session import CPU, OFFER, Session, order_seats


class Replay:
    """A record's items (inputs and checkpoints) applied one at a time through a ``Session``: the
    one replay that verify, resume, watching a record and jumping in it all use.

    An input drawn from the RNG is drawn again (so the RNG moves as it did); if the record says
    otherwise (an edited die), the recorded outcome is applied and the next checkpoint reports
    the divergence, naming it. ``ask_cpus`` (resume): each CPU seat is asked again wherever the
    drive loop asked it (``Session.next``: out-of-turn offers, a CPU seat's decision), so that the
    CPU players' own state (their RNGs) is where it was; the recorded answer is the one applied.
    Every answer is given through ``Session.give``, the drive loop's one checked path (its seat:
    the record's, or the point's own; its refusal: the match's reason). ``on_input(seat, answer,
    events, given)`` is called after each input (one of the session's observers)."""

    def __init__(self, session, record: Record, items: list, ask_cpus: bool = False, on_input=None) -> None:
        self.session = session
        self.record = record
        self.items = items
        self.ask_cpus = ask_cpus
        self.on_input = on_input
        if on_input is not None:
            session.observers.append(self._told)      # a bound method: a savestate pickles it
        self.pos = 0                         # the next item
        self.note = ""                       # a drawn outcome the record gives otherwise
        self.divergence: Divergence | None = None
        # Made once, not at every input: the key of an input line's answers read for these seats
        # (``read_answers``), and whether a checkpoint is the match's own fingerprint (version 2).
        self._key = answers_key(session.game, session.match.names)
        self._own_fingerprint = record.setup.version >= 2

    def _told(self, _session, seat: int, answer, events, given: bool) -> None:
        self.on_input(seat, answer, events, given)

    @property
    def done(self) -> bool:
        return self.divergence is not None or self.pos >= len(self.items)

    def _now(self, parts: bool = True) -> tuple[str, str]:
        return fingerprint_of(self.session.game, self.session.match, self.record.setup, parts)

    def _broken(self, step: int, line: int, turn: int, what: str) -> Divergence:
        ahead = next((i for i in self.items[step:] if isinstance(i, Checkpoint)), None)
        if self.note:
            what += f"; {self.note}"
        if ahead is None:
            return Divergence(line, step, turn, what)
        state, parts = self._now()
        return Divergence(line, step, ahead.turn, f"{what}; the checkpoint of turn {ahead.turn} (line {ahead.line}) "
                          f"is not reached", ahead.state, state, differing_parts(self.session.game, ahead.parts, parts))

    def step(self) -> list | None:
        """Apply the next item: an input line's answers (their events) or a checkpoint's check
        ([]). None once done or diverged (``divergence`` says where)."""
        if self.divergence is not None or self.pos >= len(self.items):
            return None
        item = self.items[self.pos]
        self.pos += 1
        if isinstance(item, Checkpoint):
            return [] if self._check(item) else None
        return self._give(item)

    def _check(self, item: Checkpoint) -> bool:
        """A checkpoint: the fingerprint alone is computed (the part hashes only where it
        differs, to name the parts); False (``divergence`` set) when the replay disagrees."""
        match = self.session.match
        state = match.fingerprint() if self._own_fingerprint else self._now(False)[0]
        if state != item.state or self.note:
            state, parts = self._now()
            what = f"the state after turn {item.turn} differs (the replay is after turn {match.progress()})"
            if state == item.state:
                what = f"the state after turn {item.turn} agrees"
            self.divergence = Divergence(item.line, self.pos, item.turn, what + (f"; {self.note}" if self.note else ""),
                                         item.state, state, differing_parts(self.session.game, item.parts, parts))
            return False
        if item.over and not match.over:
            self.divergence = Divergence(item.line, self.pos, item.turn,
                                         f"the record ends the game ({item.over}); the replay goes on")
            return False
        return True

    def _give(self, item: Input) -> list | None:
        """An input line: its answers applied (their events), or None (``divergence`` set)."""
        session = self.session
        match = session.match
        step = self.pos
        answers = item.answers
        if answers is None:
            answers = read_answers(session.game, match, item, self.record.path, self._key)
        events: list = []
        for seat, answer in answers:
            aw = match.awaiting()
            if aw is None:
                self.divergence = self._broken(step, item.line, match.progress(),
                                               f"the game is over, yet the record goes on with {answer.kind}")
                return None
            if aw.kind != answer.kind:
                self.divergence = self._broken(step, item.line, match.progress() + 1,
                                               f"the game awaits {aw.kind}, the record gives {answer.kind}")
                return None
            drawn_as_recorded = False      # the game's own draw: legal as drawn, not checked again
            if aw.player == CHANCE:
                seat = CHANCE                # a chance outcome, as ``Session.chance`` gives it
                if not item.given:
                    drawn = match.sample_chance()
                    if drawn == answer:
                        drawn_as_recorded = True
                    elif not self.note:
                        self.note = (f"line {item.line}: the game's RNG draws {drawn.kind} "
                                     f"{json.dumps(drawn.to_step())}, the record says {json.dumps(answer.to_step())}")
            elif self.ask_cpus:
                self._ask_again(seat)
            try:
                events += session.give(answer, seat, item.given, drawn_as_recorded)
            except IllegalAnswer as e:     # the match's reason (``check``), the match unchanged
                self.divergence = self._broken(step, item.line, match.progress() + 1,
                                               f"the game refuses {answer.kind}: {e}")
                return None
        return events

    def _ask_again(self, seat: int | None) -> None:
        """Ask the CPU players as the drive loop asked them before ``seat`` (None: the seat the
        point waits for) answered (resume)."""
        session = self.session
        n = session.next()
        if n.what == OFFER:
            session.ask_offers(n.offered)
            n = session.next()
        aw = n.awaiting
        if n.what != CPU or aw is None:
            return
        who = aw.player if seat is None else seat
        if who in session.players and who in (aw.seats or (aw.player,)):
            session.players[who].choose(session.match.view(who), who)

    def run(self) -> Divergence | None:
        """Every item to the end; the first divergence, or None."""
        while self.step() is not None:
            pass
        if self.divergence is None and self.note:
            last = self.items[-1].line if self.items else 0
            self.divergence = Divergence(last, len(self.items), self.session.match.progress(), self.note)
        return self.divergence


def replay_session(record: Record, cpus: bool = False):
    """A session at the record's start: its match and its seats in the match's order; ``cpus``:
    with the CPU seats' players (resume), else with none (a record's inputs say every answer)."""
    match = start_of(record)
    return Session(record.game, match, order_seats(match, record.setup.seats), record.setup.seed,
                   players=None if cpus else {}, options=record.setup.options)


# ---------------------------------------------------------------------- verify
@dataclass
class Verdict:
    path: str
    ok: bool
    turns: int
    message: str = ""
    divergence: Divergence | None = None


def check_data(record: Record, force: bool = False):
    """The record's game; a FormatError when it was made with other rules data (unless ``force``)."""
    h = record.header
    game = record.game
    if h["ruleset"] != game.rules_id() or not game.plays_like(h["data_hash"]):
        if not force:
            raise FormatError([f"{record.path}:{line_of(h, 'data_hash')}: made with other rules data "
                               f"({h['ruleset']} {h['data_hash']}; this program has {game.rules_id()} "
                               f"{game.data_hash()}): use --force to play it anyway"])
    return game


def start_of(record: Record):
    """The record's match before its first input; a header that gives no game is a FormatError."""
    game = record.game
    try:
        return start_match(game, record.setup)
    except (ValueError, KeyError, TypeError, DataError) as e:
        what = f"missing {e}" if isinstance(e, KeyError) else str(e).splitlines()[0] if str(e) else type(e).__name__
        raise FormatError([f"{record.path}:1: the header does not give a game: {what}"]) from None


def verify_record(path, force: bool = False) -> Verdict:
    """Re-play a record from its header alone and check every checkpoint. Raises FormatError
    for a file that is not a valid record (or other rules data, unless ``force``)."""
    record = load_record(path)
    check_data(record, force)
    session = replay_session(record)
    try:
        div = Replay(session, record, record.items).run()
    except IllegalAnswer as e:        # pragma: no cover - replay checks first
        raise FormatError([f"{record.path}: {e}"]) from None
    turns = record.turns()
    if div is not None:
        return Verdict(record.path, False, turns, divergence=div)
    note = ""
    if record.cut:
        note = f"cut off after turn {session.match.progress()}"
    elif not record.finished:
        note = "unfinished"
    return Verdict(record.path, True, turns, note)


def format_divergence(path: str, d: Divergence) -> list[str]:
    out = [f"{path}:{d.line}: step {d.step}, turn {d.turn}: {d.what}"]
    if d.expected:
        out.append(f"  expected {d.expected}")
        out.append(f"  actual   {d.actual}")
    if d.parts:
        out.append(f"  parts that differ: {', '.join(d.parts)}")
    return out


def verify_paths(paths: list[str], force: bool, out, err) -> int:
    """``tdream replay verify``: exit 0 all agree, 1 a divergence, 2 a file that is not a record."""
    worst = 0
    for p in paths:
        try:
            v = verify_record(p, force)
        except FormatError as e:
            for line in e.problems:
                print(line, file=err)
            worst = 2
            continue
        if v.divergence is None:
            print(f"ok   {p}: {v.turns} turns" + (f" ({v.message})" if v.message else ""), file=out)
        else:
            print(f"DIFF {p}", file=out)
            for line in format_divergence(p, v.divergence):
                print(line, file=out)
            worst = max(worst, 1)
    return worst


# ---------------------------------------------------------------------- resume
@dataclass
class Resumed:
    record: Record
    session: Session              # at the record's last whole turn
    kept: str                     # the record's text up to there (the resumed record starts with it)
    note: str = ""


def resume_record(path) -> Resumed:
    """Re-play a record up to its last whole turn, to go on from there. The CPU players are
    asked again for each of their recorded decisions (``Replay``'s ``ask_cpus``), so that their
    own state (their RNG) is where it was. Raises FormatError if the record disagrees with itself
    or is finished."""
    record = load_record(path)
    check_data(record, False)
    session = replay_session(record, cpus=True)
    items = record.whole_turns()
    div = Replay(session, record, items, ask_cpus=True).run()
    if div is not None:
        raise FormatError(format_divergence(record.path, div))
    match = session.match
    if match.over:
        raise FormatError([f"{record.path}:{items[-1].line}: the game is over ({match.result().reason}); nothing "
                           f"to resume"])
    last_line = items[-1].line if items else record.header_lines
    kept = "\n".join(record.lines[:last_line]) + "\n"
    return Resumed(record, session, kept, record.cut_note if record.cut else "")


__all__ = ["Replay", "replay_session", "Verdict", "check_data", "start_of", "verify_record", "format_divergence", "verify_paths", "Resumed", "resume_record"]

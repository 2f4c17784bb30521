"""A match in the front end, for any game: what it starts from and the host that plays it.

``MatchSetup`` (``setups.py``, re-exported here) says how a match begins.
``MatchHost`` is the part of every game's table scene that is not about drawing: it makes the
drive loop (``platform.session.Session``) with its seats, CPU players and record writer, gives
it the inputs, keeps the scores after every turn, sends the speedrun splits, watches a record
input by input, and counts a finished match into the records database. A game's table scene
holds one and shows what it does. ``ReplayControls`` is every table's keys while it watches a
record.
"""
from __future__ import annotations

import dataclasses
import os
from typing import TYPE_CHECKING, Any

from ..platform import registry
from ..platform.database import SeatResult
from ..platform.options import full_options
from ..platform.record import Checkpoint, RecordWriter, Setup, writer_for
from ..platform.replay import Replay, replay_session
from ..platform.scenario import scenario_session
from ..platform.session import Seat, Session
from ..rng import derive_seed
from .constants import DOWN, LEFT, RIGHT, SELECT, UP, A, B, L, R
from .frontends import frontend_of
from .scenes.analysis import AnalysisScene
from .setups import MatchSetup, seat_names, seat_problem, setups_of
from .text import tr

if TYPE_CHECKING:
    from ..platform.record import Record
    from ..platform.replay import Resumed
    from ..platform.scenario import Scenario


def scores_before(record, items) -> list[tuple[int, ...]]:
    """The scores at the start and after every turn of ``items`` (a record's inputs), replayed
    silently: the results graph of a resumed match starts at its first turn."""
    session = replay_session(record)
    history = [tuple(session.match.scores())]
    seen = [session.match.progress()]

    def scored(seat, answer, events, given) -> None:
        match = session.match
        if match.progress() != seen[0] or match.over:
            history.append(tuple(match.scores()))
            seen[0] = match.progress()
    if Replay(session, record, items, on_input=scored).run() is not None:
        return []
    return history


def record_file(folder, seed: int) -> str:
    os.makedirs(folder, exist_ok=True)
    i = 1
    while os.path.exists(os.path.join(folder, f"game-{seed}-{i}.tdr")):
        i += 1
    return os.path.join(folder, f"game-{seed}-{i}.tdr")


class TakeBack:
    """What a take-back restores (issue 36): the match as it stood before a person's answer, and
    where the session, the record and the score history were then. Kept until the next chance
    or another seat's answer (``MatchHost.give``)."""

    def __init__(self, seat: int, words: str, match, inputs: int, offered: int, mark, history: int) -> None:
        self.seat = seat
        self.words = words               # what is taken back, as the confirmation says it ("the sale")
        self.match = match               # a copy of the match before the answer
        self.inputs = inputs
        self.offered = offered
        self.mark = mark                 # the record writer's (None: no record)
        self.history = history


class RecordGuard:
    """A record writer whose failures stop the recording (``host.warning`` says why), never the
    match: what the front end's session writes through (``MatchHost.guarded``)."""

    hashed = False                       # a service, not the match's state

    def __init__(self, writer, host) -> None:
        self.writer = writer
        self.host = host
        self.failed = False

    @property
    def path(self):
        return self.writer.path

    def _fail(self, e: OSError) -> None:
        self.failed = True
        self.host.warning = f"{e.strerror or e}: {self.writer.path}"
        try:
            self.writer.close()
        except OSError:
            pass

    def add(self, match, seat: int, answer, events, given: bool = False) -> None:
        if not self.failed:
            try:
                self.writer.add(match, seat, answer, events, given)
            except OSError as e:
                self._fail(e)

    def mark(self):
        return self.writer.mark()

    def rewind(self, mark) -> None:
        if not self.failed:
            try:
                self.writer.rewind(mark)
            except OSError as e:
                self._fail(e)

    def close(self) -> None:
        if not self.failed:
            try:
                self.writer.close()
            except OSError as e:
                self._fail(e)


class MatchHost:
    """Plays a ``MatchSetup`` through the drive loop for a table scene."""

    take_back: TakeBack | None = None    # a person's answer that may still be taken back
    warning = ""                         # why the match is not recorded (a folder that cannot be written)

    def __init__(self, setup: MatchSetup, demo: bool = False) -> None:
        self.setup = setup
        self.demo = demo
        self.game = setup.gamedef

    # ---------------------------------------------------------------- starting
    def start(self, m) -> list:
        """Make the session; returns the set-up events to show."""
        s, game = self.setup, self.game
        if game.id not in m.games_played:
            m.games_played.append(game.id)
        self.writer = None
        self.replaying = s.replay is not None
        self.history: list[tuple[int, ...]] = []
        header = None
        colours = dict(s.colours)
        events: list = []
        if s.resume is not None:
            r = s.resume
            self.session = r.session
            colours = dict(r.record.setup.colours)
            self.writer = self.guarded(self.open_record(lambda: RecordWriter(
                m.record_path or r.record.path, game, prefix=r.kept, setup=r.record.setup,
                progress=r.session.match.progress())))
            self.session.writer = self.writer
            given = list(r.record.setup.seats)
        elif s.replay is not None:
            record = s.replay
            self.start_replay()
            colours = dict(record.setup.colours)
            given = list(record.setup.seats)
        elif s.scenario is not None:
            sc = s.scenario
            self.session = scenario_session(sc, fresh=True)     # its position again at every table
            given = list(sc.seats)
            path = self.open_record(lambda: m.record_path or (m.record_dir and record_file(m.record_dir, sc.seed)))
            if path:
                header = (path, Setup(game.id, sc.seed, given, full_options(game, sc.options), sc.position))
        else:
            names = seat_names(list(s.seats), s.profiles)
            given = [Seat(n, k) for n, k in zip(names, s.seats)]
            self.session, events = Session.start(game, given, s.options, s.seed)
            path = self.open_record(lambda: m.record_path or (m.record_dir and record_file(m.record_dir, s.seed)))
            if path and not self.demo:
                header = (path, Setup(game.id, s.seed, given, self.session.options))
        match = self.session.match
        seats = self.session.seats
        # colours: a profile's (or the record's) when still free, then the others in seat order
        self.colour_of = [-1] * len(seats)
        for i, seat in enumerate(seats):
            want = colours.get(seat.name, -1)
            if 0 <= want < 4 and want not in self.colour_of:
                self.colour_of[i] = want
        free = [c for c in range(4) if c not in self.colour_of]
        self.colour_of = [c if c >= 0 else free.pop(0) for c in self.colour_of]
        for i, seat in enumerate(seats):
            seat.colour = self.colour_of[i]
        # pads: human seats are named "Player k" in set-up order, Player k plays with pad k
        setup_humans = [g.name for g in given if g.kind == "human"]
        self.pad_of: dict[int, int] = {}
        humans = [i for i, seat in enumerate(seats) if seat.human]
        for i in humans:
            pad = setup_humans.index(seats[i].name) if seats[i].name in setup_humans else -1
            self.pad_of[i] = pad if 0 <= pad < 4 and pad not in self.pad_of.values() else humans.index(i)
        if s.pads and len(s.pads) == len(setup_humans) and len(set(s.pads)) == len(s.pads):
            self.pad_of = {i: s.pads[setup_humans.index(seats[i].name)] for i in humans if seats[i].name in setup_humans}
        self.control_pad = min(self.pad_of.values()) if self.pad_of else 0
        if header is not None:
            path, rec_setup = header
            for g in rec_setup.seats:
                g.colour = next(seat.colour for seat in seats if seat.name == g.name)
            self.writer = self.guarded(self.open_record(lambda: writer_for(path, game, rec_setup, match)))
            self.session.writer = self.writer
        self.history = [tuple(match.scores())]
        if s.resume is not None:         # the scores of the turns before it was saved, too (issue 36)
            self.history = scores_before(s.resume.record, s.resume.record.whole_turns()) or self.history
        self.round = self._round()
        if not self.replaying and not self.demo:
            m.split("start")
        return events

    def guarded(self, writer):
        """The record writer, or None; a write that fails later (the disk full, the folder made
        read-only) stops the recording with a warning, never the match."""
        return RecordGuard(writer, self) if writer is not None else None

    def open_record(self, make):
        """``make()`` (a record's path, or its writer); None, and why in ``warning``, when the
        folder cannot be written (read-only, full): the match is played, not recorded."""
        try:
            return make()
        except OSError as e:
            self.warning = f"{e.strerror or e}: {getattr(e, 'filename', '') or ''}".rstrip(": ")
            return None

    # ---------------------------------------------------------------- who
    @property
    def match(self):
        return self.session.match

    @property
    def kinds(self) -> list[str]:
        return self.session.kinds

    @property
    def names(self) -> list[str]:
        return self.session.names

    def is_cpu(self, seat: int) -> bool:
        return self.session.is_cpu(seat)

    def _round(self) -> int:
        return self.game.round_of(self.session.match)

    def hand_to_cpu(self, seat: int) -> str:
        """A person's seat played by the CPU from now on (his pad unplugged: a netplay guest gone,
        a pad that died): the game's first CPU kind but random, its own seed as a CPU seat's at
        the start would have; returns the kind. The record keeps every input, so it replays."""
        game, session = self.game, self.session
        kind = next((k for k in game.cpu_kinds() if k != "random"), "random")
        session.seats[seat] = dataclasses.replace(session.seats[seat], kind=kind)
        session.players[seat] = game.make_player(kind, derive_seed(session.seed, 1000 + seat))
        self.pad_of.pop(seat, None)
        self.control_pad = min(self.pad_of.values()) if self.pad_of else 0
        return kind

    # ---------------------------------------------------------------- inputs
    def give(self, m, answer, seat: int | None = None, given: bool = False, undo: str = "") -> list:
        """Apply an input through the session (record, observers), and keep the score history
        and the splits. ``undo``: a person's answer he may take back (its words), until the next
        chance or another seat's answer."""
        before = self.match.progress()
        keep = self.take_back
        if undo and seat is not None and seat >= 0 and self.may_take_back():
            session = self.session
            keep = TakeBack(seat, undo, self.match.copy(), session.inputs, session._offered,
                            self.writer.mark() if self.writer is not None else None, len(self.history))
        elif seat is None or seat < 0 or keep is None or keep.seat != seat:
            keep = None
        events = self.session.give(answer, seat, given)
        self.take_back = keep
        self.after(m, before)
        return events

    def may_take_back(self) -> bool:
        """Take-backs are for Free play and Practice (never the Campaign, a demo or a record watched)."""
        return self.setup.mode in ("free", "practice") and not self.demo and not self.replaying

    def undo(self) -> TakeBack | None:
        """Take back the last answer that may be (``take_back``): the match, the session, the
        record and the score history as they stood before it; the take-back, or None."""
        tb = self.take_back
        if tb is None:
            return None
        session = self.session
        session.match = tb.match.copy()
        session.inputs = tb.inputs
        session._offered = tb.offered
        if self.writer is not None and tb.mark is not None:
            self.writer.rewind(tb.mark)
        del self.history[tb.history:]
        self.round = self._round()
        self.take_back = None
        return tb

    def chance(self, m) -> list:
        before = self.match.progress()
        self.take_back = None
        events = self.session.chance()
        self.after(m, before)
        return events

    def cpu(self, m, seat: int) -> list:
        before = self.match.progress()
        self.take_back = None
        events = self.session.cpu(seat)
        self.after(m, before)
        return events

    def next(self):
        """What comes next (``Session.next``: the drive loop's one answer to who answers)."""
        return self.session.next()

    def may_answer(self, seat: int) -> bool:
        """``Session.next`` says ``seat`` answers now: the point waits for it, or it may answer out
        of turn (``Next.others``)."""
        return self.session.may_answer(seat)

    def offer(self, m, seats) -> list | None:
        """The CPU seats ``seats`` asked for an out-of-turn answer; its events, or None."""
        before = self.match.progress()
        self.take_back = None            # a CPU was asked: its own state has moved on
        events = self.session.offer(seats)
        if events is not None:
            self.after(m, before)
        return events

    def after(self, m, before: int) -> None:
        match = self.match
        if match.progress() != before or match.over:
            self.history.append(tuple(match.scores()))
        if self.demo or self.replaying:
            return
        if match.over:
            m.split("end")
        else:
            r = self._round()
            if r != self.round:
                self.round = r
                m.split("split")

    # ---------------------------------------------------------------- watching a record
    def start_replay(self) -> None:
        """The record's match at its start, to be watched input by input (``platform.record.Replay``)."""
        record = self.watched()
        self.session = replay_session(record)
        self._before = 0                 # the progress before the input being watched
        self.replay = Replay(self.session, record, record.items, on_input=self._replayed)

    def watched(self) -> Record:
        """The record this host watches (its set-up's ``replay``); ValueError for a host that watches none."""
        if self.setup.replay is None:
            raise ValueError("this match watches no record")
        return self.setup.replay

    def _replayed(self, seat, answer, events, given) -> None:
        match = self.match
        if match.progress() != self._before or match.over:
            self.history.append(tuple(match.scores()))
        self._before = match.progress()

    def replay_input(self) -> tuple[list | None, str]:
        """Apply the record's next input (a chance outcome drawn again, so the RNG moves as it
        did; the checkpoints on the way checked); (its events, "") or (None, why not) when there
        is none or it does not fit."""
        r = self.replay
        while not r.done and isinstance(r.items[r.pos], Checkpoint):
            r.step()
        if r.done:
            d = r.divergence
            return None, (f"the record does not fit the game at line {d.line}" if d is not None else "")
        line = r.items[r.pos].line
        self._before = self.match.progress()
        events = r.step()
        if events is None:
            return None, f"the record does not fit the game at line {line}"
        return events, ""

    def jump_to(self, turn: int) -> None:
        """Start the record again from its header and apply its inputs, silently, up to the
        start of ``turn``."""
        self.start_replay()
        for i, seat in enumerate(self.session.seats):
            seat.colour = self.colour_of[i]
        self.history = [tuple(self.match.scores())]
        while self.match.progress() + 1 < turn:
            events, _ = self.replay_input()
            if events is None:
                break

    def last_turn(self) -> int:
        """The last turn the jump window can go to: the record's last turn played when it is
        finished (as the results count them), or the turn it stops before when it is not (its
        whole turns and one: "Jump to turn 9 of 9" on a record cut after 8)."""
        record = self.watched()
        turns = record.turns()
        return max(1, turns if record.finished else turns + 1)

    # ---------------------------------------------------------------- the end
    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()

    def count(self, m) -> None:
        """A finished Free or Campaign match goes into the records database (never Practice,
        Spectate, a demo, a scenario or a watched record)."""
        s = self.setup
        if m.records is None or self.demo or self.replaying or s.mode not in ("free", "campaign") \
                or s.scenario is not None:
            return
        match, game = self.match, self.game
        res = match.result()
        seats = []
        for p, seat in enumerate(self.session.seats):
            parts = dict(game.score_parts(match, p))
            seats.append(SeatResult(seat.name if seat.human else seat.kind.split(":")[0],
                                    "human" if seat.human else "cpu", res.place_of(p), res.scores[p], parts))
        try:
            opts = self.session.options
            m.records.add_game(game.id, game.variant(opts), opts, s.mode, m.today,
                               str(self.writer.path) if self.writer is not None else None, seats)
            if s.mode == "campaign" and s.profiles and s.profiles[0]:
                me = self.names.index(s.profiles[0])
                if res.place_of(me) <= 2:
                    stages = frontend_of(game.id).campaign_stages
                    m.records.advance_campaign(s.profiles[0], game.id, s.stage + 1, s.stage + 1 >= stages)
        except Exception as e:            # the records are a convenience: never lose the game to them
            m.warning = f"records database: {e}"


__all__ = ["MatchSetup", "MatchHost", "TakeBack", "ReplayControls", "seat_names", "seat_problem", "record_file",
           "setups_of"]


class ReplayControls:
    """The table's keys while watching a record, alike in every game: L/R slower/faster (x1 x2 x4
    x16); B opens "jump to turn" (to a round, in a game whose progress counts rounds; left/right
    1, up/down 10, A jumps, B closes); Select opens the record's Analysis (its A jumps here to the
    turn chosen there). The table has ``host``, ``game``, ``speed``, ``jump`` and
    ``jump_to(m, turn)``."""
    SPEEDS = (1, 2, 4, 16)
    host: MatchHost                  # the table's (once it has started)
    speed: int = 1                   # x1, x2, x4, x16
    jump: int | None = None          # the turn chosen in the jump window while it is open

    @property
    def game(self) -> Any:
        """The match watched (the table's)."""
        raise NotImplementedError

    def jump_to(self, m, turn: int) -> None:
        """Show the record again from the start of ``turn`` (the table's)."""
        raise NotImplementedError

    def jump_start(self) -> int:
        """The turn the jump window opens on: the next one."""
        return max(1, self.game.progress() + 1)

    def handle_replay(self, m, b) -> None:
        for p in range(4):
            if self.jump is not None:
                last = self.host.last_turn()
                for mask, d in ((RIGHT, 1), (LEFT, -1), (UP, 10), (DOWN, -10)):
                    if b.repeat(p, mask):
                        self.jump = max(1, min(last, self.jump + d))
                if b.press(p, A):
                    self.jump_to(m, self.jump)
                    self.jump = None
                elif b.press(p, B):
                    self.jump = None
                continue
            i = self.SPEEDS.index(self.speed) if self.speed in self.SPEEDS else 0
            if b.press(p, R):
                self.speed = self.SPEEDS[min(len(self.SPEEDS) - 1, i + 1)]
            elif b.press(p, L):
                self.speed = self.SPEEDS[max(0, i - 1)]
            elif b.press(p, B):
                self.jump = self.jump_start()
            elif b.press(p, SELECT):
                m.push(AnalysisScene(self.host.watched(), watching=self))
                return

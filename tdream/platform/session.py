"""The drive loop: one match being played (docs/ARCHITECTURE.md).

A ``Session`` holds a match, its seats (who sits where: a human or a CPU kind; never part of the
match's state), the CPU players, the game record being written and the observers. Everything
that plays a match goes through it: simulate, tournament, text play, the scenario runner, the
front end's tables, resume, verify and watching a record.

``next()`` is the one place that says what comes next (chance, CPU seats asked out of turn, a
CPU seat's decision, the human seats awaited, the end) and which human seats may answer out of
turn now; ``give`` is the one place an input is applied (checked, unless the caller has: a CPU's
answer from ``legal_answers``, the RNG's own draw). ``advance`` does what ``next`` says when the session can do it alone; ``run`` plays on
until a human must answer (its fast path is ``advance`` inlined, and a test holds the two to the
same inputs); ``replay`` applies a record's inputs through the same session.

    session = Session.start(game, [Seat("A", "human"), Seat("B", "joji")], options, seed)
    while session.advance():          # chance from the match's RNG, then the CPU seats
        pass
    nxt = session.next()              # now nxt.what is HUMAN (nxt.humans answer) or OVER
    session.give(answer, seat)        # a seat of nxt.humans, or of nxt.others (out of turn)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from ..buildattrs import mypyc_attr
from ..errors import IllegalAnswer
from ..rng import derive_seed
from .protocol import CHANCE, Awaiting
from .options import options_for

# What comes next (``Next.what``)
OVER = "over"            # the match is over
DRAW = "chance"          # a chance outcome: drawn from the match's RNG, or supplied from outside
OFFER = "offer"          # CPU seats that may answer out of turn are asked, once an input point
CPU = "cpu"              # a CPU seat decides (``Next.seat``); human seats may be awaited too
HUMAN = "human"          # only human seats are awaited (``Next.humans``)


class Next(NamedTuple):
    """What the drive loop does next (``Session.next()``)."""

    what: str                          # OVER, DRAW, OFFER, CPU or HUMAN
    seat: int = CHANCE                 # CPU: the seat asked
    humans: tuple[int, ...] = ()       # OFFER, CPU, HUMAN: every human seat the point waits for (simultaneous points)
    offered: tuple[int, ...] = ()      # OFFER: the CPU seats asked out of turn, in seat order
    awaiting: Awaiting | None = None
    others: tuple[int, ...] = ()       # OFFER, CPU, HUMAN: the human seats that may answer out of turn now
    #                                    (``Awaiting.others`` with no CPU player: a declaration on another's turn, an
    #                                    answer taken back), in the point's order; the front end's tables answer for them


@mypyc_attr(serializable=True)      # a savestate pickles it (tdream/buildattrs.py)
@dataclass
class Seat:
    """Who sits in a seat: a person (``human``) or a CPU kind (``random``, ``joji``, ``joji:hard``)."""

    name: str
    kind: str = "human"
    colour: int = -1              # the seat's colour in the front end (0-3); -1: by seat order
    pad: int = -1                 # the pad a human plays with (0-3); -1: by seat order

    @property
    def human(self) -> bool:
        return self.kind == "human"

    def to_json(self) -> dict:
        out: dict = {"name": self.name, "kind": self.kind}
        if self.colour >= 0:
            out["colour"] = self.colour
        return out


def cpu_players(game, seats: list[Seat], seed: int) -> dict:
    """The CPU players of the seats (by seat index in turn order), each with its own seed."""
    return {i: game.make_player(s.kind, derive_seed(seed, 1000 + i)) for i, s in enumerate(seats) if not s.human}


def order_seats(match, seats: list[Seat]) -> list[Seat]:
    """The seats in the match's seat order (a game may draw the turn order): matched by name."""
    by_name = {s.name: s for s in seats}
    if len(by_name) != len(seats):
        raise ValueError("two seats have the same name")
    return [by_name[n] for n in match.names]


def new_match(game, seats: list[Seat], options: dict | None, seed: int):
    """(match, set-up events, whole options) of a new match of ``game`` for ``seats``: the seat
    count is checked against the game and its options first (``GameDef.options_for``: ValueError)."""
    opts = options_for(game, options, len(seats))
    match, events = game.new_match([s.name for s in seats], opts, seed)
    return match, events, opts


@mypyc_attr(serializable=True)      # a savestate pickles it (tdream/buildattrs.py)
class Session:
    def __init__(self, game, match, seats: list[Seat], seed: int, players: dict | None = None, writer=None,
                 observers=(), options: dict | None = None) -> None:
        self.game = game
        self.match = match
        self.seats = list(seats)
        self.seed = seed
        self.options = dict(options or {})      # the match's whole options (records, the records database)
        self.players = players if players is not None else cpu_players(game, self.seats, seed)
        self.writer = writer
        self.observers = list(observers)     # f(session, seat, answer, events, given) after every input
        self.inputs = 0                      # inputs applied so far
        self._offered = -1                   # the input count at which out-of-turn answers were last asked

    @classmethod
    def start(cls, game, seats: list[Seat], options: dict | None, seed: int, writer_factory=None, observers=()):
        """A new match of ``game`` for these seats; returns (session, set-up events). Raises
        ValueError for seats or options the game cannot take. ``writer_factory(game, match,
        seats, options, seed)`` makes the record writer."""
        match, events, opts = new_match(game, seats, options, seed)
        ordered = order_seats(match, seats)
        writer = writer_factory(game, match, ordered, opts, seed) if writer_factory else None
        return cls(game, match, ordered, seed, writer=writer, observers=observers, options=opts), events

    # ---------------------------------------------------------------- who answers
    @property
    def kinds(self) -> list[str]:
        return [s.kind for s in self.seats]

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def is_cpu(self, seat: int) -> bool:
        """A CPU kind sits there (watching a record, nobody is asked: ``next`` goes by the players)."""
        return 0 <= seat < len(self.seats) and not self.seats[seat].human

    def next(self) -> Next:
        """What comes next: the one place that decides who answers (every loop asks it).

        The end; chance; the CPU seats that may answer out of turn, once an input point (before
        anyone else answers it); the first CPU seat the point waits for (with the human seats it
        waits for too, at a simultaneous point); or only human seats. Whenever a decision is
        awaited, ``others`` names the human seats that may answer out of turn now: an input point
        of theirs too (a person answers it when he chooses to, so nothing waits for it)."""
        aw = self.match.awaiting()
        if aw is None:
            return Next(OVER)
        if aw.player == CHANCE:
            return Next(DRAW, awaiting=aw)
        players = self.players
        others: tuple[int, ...] = ()
        if aw.others:
            others = tuple(s for s in aw.others if s not in players)
            if self._offered != self.inputs:
                offered = tuple(s for s in aw.others if s in players)
                if offered:
                    humans = tuple(s for s in (aw.seats or (aw.player,)) if s not in players)
                    return Next(OFFER, CHANCE, humans, offered, aw, others)
        if not aw.seats:                      # one seat answers (the common case)
            p = aw.player
            if p in players:
                return Next(CPU, p, (), awaiting=aw, others=others)
            return Next(HUMAN, humans=(p,), awaiting=aw, others=others)
        humans = tuple(s for s in aw.seats if s not in players)
        for s in aw.seats:
            if s in players:
                return Next(CPU, s, humans, awaiting=aw, others=others)
        return Next(HUMAN, humans=humans, awaiting=aw, others=others)

    def may_answer(self, seat: int) -> bool:
        """``next`` says ``seat`` answers now: a seat the point waits for, or one that may answer
        out of turn (``Next.humans``, ``Next.others``; a CPU seat is asked by ``next``, never so)."""
        n = self.next()
        return seat in n.humans or seat in n.others

    # ---------------------------------------------------------------- inputs
    def give(self, answer, seat: int | None = None, given: bool = False, checked: bool = False) -> list:
        """Apply one input (a decision of ``seat``, None: the seat the point waits for; or a
        chance outcome, ``seat`` CHANCE; ``given``: supplied from outside rather than drawn),
        write it to the record, tell the observers; the events. The one checked path: unless
        ``checked`` (the caller knows it legal), raises IllegalAnswer with the match's reason
        (``check``, word for word; the match unchanged) when the match refuses it. Everything
        that applies inputs comes here: the front end's tables, the scenario runner, text play
        and every ``Replay`` (verify, resume, watching a record)."""
        match = self.match
        if seat is None:
            aw = match.awaiting()
            seat = aw.player if aw is not None else CHANCE
        if not checked:
            why = match.check(answer, seat)
            if why is not None:
                raise IllegalAnswer(why)
        events = match.apply(answer, True, seat)
        self.inputs += 1
        if self.writer is not None:
            self.writer.add(match, seat, answer, events, given)
        for observe in self.observers:
            observe(self, seat, answer, events, given)
        return events

    def chance(self) -> list:
        """The awaited chance outcome, drawn from the match's own RNG."""
        return self.give(self.match.sample_chance(), CHANCE, checked=True)

    def cpu(self, seat: int) -> list:
        """The CPU player of ``seat`` answers (through its view of the match)."""
        answer = self.players[seat].choose(self.match.view(seat), seat)
        return self.give(answer, seat)

    def ask_offers(self, seats) -> tuple[int, object] | None:
        """Ask the CPU seats ``seats`` in turn for an out-of-turn answer, until one gives one;
        (seat, answer) or None. The point counts as offered (``next`` asks once an input point)."""
        self._offered = self.inputs
        match = self.match
        for seat in seats:
            answer = self.players[seat].interject(match.view(seat), seat)
            if answer is not None:
                return seat, answer
        return None

    def offer(self, seats) -> list | None:
        """``ask_offers``, and the answer given: its events, or None when nobody answered."""
        said = self.ask_offers(seats)
        return self.give(said[1], said[0]) if said is not None else None

    def interjections(self) -> list | None:
        """Out-of-turn answers of the CPU seats, if ``next`` says they are due now; the events
        of the one given, or None."""
        n = self.next()
        return self.offer(n.offered) if n.what == OFFER else None

    def advance(self, chance: bool = True) -> list | None:
        """One input the session can give by itself, as ``next`` says: chance (when ``chance``),
        a CPU's out-of-turn answer, or a CPU seat's decision. The events, or None when the match
        waits for a human (or for chance, with ``chance`` false) or is over."""
        while True:
            n = self.next()
            what = n.what
            if what == DRAW:
                return self.chance() if chance else None
            if what == OFFER:
                events = self.offer(n.offered)
                if events is not None:
                    return events
                continue
            if what == CPU:
                return self.cpu(n.seat)
            return None

    def run(self, chance: bool = True) -> None:
        """Advance until a human must answer or the match is over."""
        if self.observers or self.writer is not None or self.match.awaiting() is None:
            while self.advance(chance) is not None:
                pass
            return
        self._run_fast(chance)

    def _run_fast(self, chance: bool) -> None:
        """``run`` with no writer and no observers (simulate, bench): ``advance`` with ``next``
        inlined, the same inputs in the same order (tests/platform/test_conformance.py holds the
        fingerprint trails equal). ``self.inputs`` moves on with every input, as in ``give``."""
        match = self.match
        awaiting, apply, sample, view = match.awaiting, match.apply, match.sample_chance, match.view
        players = self.players
        # A match whose views are live (``GameDef.live_views``: the same object every call, always
        # current, a read-only window on the match) lets each seat's be fetched once.
        views: dict | None = {} if self.game.live_views else None
        while (aw := awaiting()) is not None:
            p = aw.player
            if p == CHANCE:                          # next(): DRAW
                if not chance:
                    return
                apply(sample(), True)                # seat None: the point's own
                self.inputs += 1
                continue
            if aw.others and self._offered != self.inputs:       # next(): OFFER
                offered = tuple(s for s in aw.others if s in players)
                if offered:
                    said = self.ask_offers(offered)
                    if said is not None:
                        apply(said[1], False, said[0])
                        self.inputs += 1
                    continue
            if p in players:                         # next(): CPU, the common case (one seat)
                seat = p
            else:
                seat = next((s for s in (aw.seats or (p,)) if s in players), CHANCE)
                if seat == CHANCE:                   # next(): HUMAN
                    return
            if views is None:
                v = view(seat)
            else:
                v = views.get(seat)
                if v is None:
                    v = views[seat] = view(seat)
            answer = players[seat].choose(v, seat)      # CPUs answer from legal_answers: unchecked
            if seat == p:
                apply(answer, True)
            else:
                apply(answer, True, seat)
            self.inputs += 1

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


__all__ = ["Seat", "Session", "Next", "OVER", "DRAW", "OFFER", "CPU", "HUMAN", "cpu_players", "order_seats",
           "new_match"]

"""The drive loop: one match being played (docs/ARCHITECTURE.md).

A ``Session`` holds a match, its seats (who sits where: a human or a CPU kind; never part of the
match's state), the CPU players, the game record being written and the observers. Everything
that plays a match goes through it: simulate, tournament, text play, the scenario runner, the
front end, resume and watching a record. ``give`` is the one place an input is applied.

    session = Session.start(game, [Seat("A", "human"), Seat("B", "joji")], options, seed)
    while session.advance():          # chance from the match's RNG, then the CPU seats
        pass
    # now a human must answer (session.waiting_for()), or the match is over
    session.give(answer, seat)
"""
from __future__ import annotations

from dataclasses import dataclass

from ..rng import derive_seed
from .protocol import CHANCE


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
        out = {"name": self.name, "kind": self.kind}
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


class Session:
    def __init__(self, game, match, seats: list[Seat], seed: int, players: dict | None = None, writer=None,
                 observers=()) -> None:
        self.game = game
        self.match = match
        self.seats = list(seats)
        self.seed = seed
        self.players = players if players is not None else cpu_players(game, self.seats, seed)
        self.writer = writer
        self.observers = list(observers)     # f(session, seat, answer, events, given) after every input
        self.inputs = 0                      # inputs applied so far
        self._offered = -1                   # the input count at which out-of-turn answers were last asked

    @classmethod
    def start(cls, game, seats: list[Seat], options: dict, seed: int, writer_factory=None, observers=()):
        """A new match of ``game`` for these seats; returns (session, set-up events).
        ``writer_factory(game, match, seats, options, seed)`` makes the record writer."""
        match, events = game.new_match([s.name for s in seats], options, seed)
        ordered = order_seats(match, seats)
        writer = writer_factory(game, match, ordered, options, seed) if writer_factory else None
        return cls(game, match, ordered, seed, writer=writer, observers=observers), events

    # ---------------------------------------------------------------- who answers
    @property
    def kinds(self) -> list[str]:
        return [s.kind for s in self.seats]

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def is_cpu(self, seat: int) -> bool:
        return 0 <= seat < len(self.seats) and not self.seats[seat].human

    def waiting_for(self) -> tuple[int, ...]:
        """The human seats the match waits for now (() for chance, CPU seats or the end)."""
        aw = self.match.awaiting()
        if aw is None or aw.player == CHANCE:
            return ()
        return tuple(s for s in (aw.seats or (aw.player,)) if not self.is_cpu(s))

    # ---------------------------------------------------------------- inputs
    def give(self, answer, seat: int | None = None, given: bool = False, checked: bool = False) -> list:
        """Apply one input (a decision of ``seat``, or a chance outcome; ``given``: supplied from
        outside rather than drawn), write it to the record, tell the observers; the events.
        Raises IllegalAnswer (the match unchanged) when the match refuses it."""
        match = self.match
        if seat is None:
            aw = match.awaiting()
            seat = aw.player if aw is not None else CHANCE
        events = match.apply(answer, checked, seat)
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

    def interjections(self) -> list | None:
        """Out-of-turn answers of the CPU seats, asked once per input point; the events of the
        first one given, or None."""
        aw = self.match.awaiting()
        if aw is None or not aw.others or self._offered == self.inputs:
            return None
        self._offered = self.inputs
        for seat in aw.others:
            player = self.players.get(seat)
            ask = getattr(player, "interject", None)
            if ask is not None:
                answer = ask(self.match.view(seat), seat)
                if answer is not None:
                    return self.give(answer, seat)
        return None

    def advance(self, chance: bool = True) -> list | None:
        """One input the session can give by itself: chance (when ``chance``), a CPU's
        out-of-turn answer, or a CPU seat's decision. The events, or None when the match waits
        for a human (or for chance, with ``chance`` false) or is over."""
        aw = self.match.awaiting()
        if aw is None:
            return None
        if aw.player == CHANCE:
            return self.chance() if chance else None
        said = self.interjections()
        if said is not None:
            return said
        for seat in (aw.seats or (aw.player,)):
            if self.is_cpu(seat):
                return self.cpu(seat)
        return None

    def run(self, chance: bool = True) -> None:
        """Advance until a human must answer or the match is over."""
        if self.observers or self.writer is not None or self.match.awaiting() is None:
            while self.advance(chance) is not None:
                pass
            return
        self._run_fast(chance)

    def _run_fast(self, chance: bool) -> None:
        """``run`` with no writer and no observers: the same inputs, fewer calls (simulate, bench).
        ``self.inputs`` moves on with every input, as in ``give``: out-of-turn answers are asked
        once an input point by it."""
        match = self.match
        awaiting, apply, sample, view = match.awaiting, match.apply, match.sample_chance, match.view
        players = self.players
        # A match whose views are live (the same object every call, always current: Tower Dream's
        # SealedView) lets each seat's be fetched once.
        views: dict | None = {} if self.game.live_views else None
        while (aw := awaiting()) is not None:
            p = aw.player
            if p == CHANCE:
                if not chance:
                    return
                apply(sample(), True)                 # seat None: the point's own (as below)
            else:
                if aw.others and self.interjections() is not None:
                    continue
                if p in players:                     # the common case, with no generator a decision
                    seat = p
                else:
                    seat = next((s for s in (aw.seats or (p,)) if s in players), None)
                    if seat is None:
                        return
                if views is None:
                    v = view(seat)
                else:
                    v = views.get(seat)
                    if v is None:
                        v = views[seat] = view(seat)
                answer = players[seat].choose(v, seat)      # CPUs answer from legal_answers
                if seat == p:
                    apply(answer, True)
                else:
                    apply(answer, True, seat)
            self.inputs += 1

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


__all__ = ["Seat", "Session", "cpu_players", "order_seats"]

"""The characters' commentary on any game: voices, spectators, how often, which line. A game gives
only its moments.

A moment is ``(slot, seat)`` or ``(slot, seat, role)``: a slot of the game's comments file, the
seat it is about (-1: nobody in particular) and whose mouth it is for. Without a role, a seat's
moment is its own (``"own"``) and seat -1's is the watchers' (``"side"``). A game's commentary
is a subclass that declares, as data:

- ``MOMENTS``: event class -> a slot (the moment of the seat the event's ``SEAT_FIELD`` names,
  with role ``OWN``) or a function ``(commentary, match, event) -> [moment]``;
- ``ROLES``: role -> who voices it: ``SEAT`` (the character in that seat, if one sits there),
  ``NEXT`` (the next seat after it with a character), ``WATCHER`` (a character not seated, or
  a seated one when all are; about nobody), ``SEAT_OR_WATCHER`` (the seat's, else always a
  watcher's for a ``CHORUS`` slot);
- ``BIG`` (twice as often), ``WEIGHT`` (slot -> times as often, instead), ``HOSTS`` (slot -> a
  host who voices it half the time, always for a seat nobody voices), ``CHORUS`` (slots a
  watcher takes up, one time in ``CHORUS_ODDS``, when the seat's voice says nothing),
  ``ONE_IN`` (slot -> a watcher's remark on it let through one time in n), ``GAPS`` (slot ->
  a seat's moments of it passed over between two remarks on it), ``SIDELINE_GAP`` (the
  watchers' ``sideline`` chat: one chance a stretch of that many, none while this input had a
  comment, each line once a game), ``MOST`` (comments an input at most, the big moments first);
- how lines are chosen (``REPEAT``): ``"next"``, a draw decides whether it is said (drawn even
  when sure), a draw among the speaker's lines for the slot, the next one if it is the one he
  said last for it; ``"others"``, a draw decides unless sure, a draw among the lines but the
  last one said by anybody;
- its random streams: the lines' ``Rng(derive_seed(seed, SALT) ^ MIX)``, and who of the watchers
  speaks ``Rng(derive_seed(seed, WATCH_SALT))`` (the lines' stream when None). Both are cosmetic,
  seeded apart from the match's: comments never change an outcome.

``react(match, events)`` turns one input's events into comments (the ``Commentary`` of the
protocol); ``fired`` keeps every moment's slot found, said or not (tests read it).
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, ClassVar, Mapping, Union

from ..frozen import frozen
from ..rng import Rng, derive_seed
from .comments import TALK, Comment, Line, load_game_comments
from .roster import CHARACTER_IDS

SEAT, NEXT, WATCHER, SEAT_OR_WATCHER = "seat", "next", "watcher", "seat-or-watcher"
SIDELINE = "sideline"           # the slot of the watchers' chat between turns (SIDELINE_GAP)
Lines = Mapping[str, Mapping[str, tuple[Line, ...]]]
Moment = tuple                  # (slot, seat) or (slot, seat, role)
MomentOf = Union[str, Callable[[Any, Any, Any], list]]


@lru_cache(maxsize=8)
def game_lines(path: Path, game_id: str) -> tuple[tuple[str, ...], dict]:
    """(slots, {character: {slot: lines}}) of a game's comments file, read once; raises DataError."""
    return load_game_comments(path, game_id)


class Commentator:
    """``react(match, events) -> [Comment]`` for one match. ``kinds``: what plays each seat
    (character ids, ``cpu``, ``random``, ``human``; ``joji:hard`` counts as Joji). Raises
    ValueError for a ``talk`` that is not one of ``TALK``."""

    COMMENTS: ClassVar[Path | None] = None          # the game's comments.yaml (or override ``load``)
    GAME: ClassVar[str] = ""
    MOMENTS: ClassVar[Mapping[type, MomentOf]] = {}
    SEAT_FIELD: ClassVar[str] = "player"
    OWN: ClassVar[str | None] = "own"               # a table slot's role (None: a (slot, seat) moment)
    ROLES: ClassVar[Mapping[str, str]] = {"own": SEAT, "rival": NEXT, "side": WATCHER}
    BIG: ClassVar[frozenset[str]] = frozenset()
    WEIGHT: ClassVar[Mapping[str, float]] = {}
    HOSTS: ClassVar[Mapping[str, str]] = {}
    CHORUS: ClassVar[frozenset[str]] = frozenset()
    CHORUS_ODDS: ClassVar[int] = 3
    ONE_IN: ClassVar[Mapping[str, int]] = {}
    GAPS: ClassVar[Mapping[str, int]] = {}
    SIDELINE_GAP: ClassVar[int] = 0
    MOST: ClassVar[int] = 0
    REPEAT: ClassVar[str] = "next"
    SALT: ClassVar[int] = 0
    MIX: ClassVar[int] = 0xC0_FFEE_7A1C
    WATCH_SALT: ClassVar[int | None] = None

    def __init__(self, kinds: list[str], seed: int = 0, talk: str = "sometimes") -> None:
        if talk not in TALK:
            raise ValueError(f"talk: {talk!r} is not one of {', '.join(TALK)}")
        self.lines = frozen(self.load())            # read once (``load``): a savestate keeps them by reference
        self.voices: list[str | None] = [k.split(":")[0] if k.split(":")[0] in CHARACTER_IDS else None
                                         for k in kinds]
        seated = {v for v in self.voices if v}
        self.spectators = [c for c in CHARACTER_IDS if c not in seated]
        self.rate = TALK[talk]
        self.rng = Rng(derive_seed(seed, self.SALT) ^ self.MIX)
        self.watch_rng = self.rng if self.WATCH_SALT is None else Rng(derive_seed(seed, self.WATCH_SALT))
        self.fired: Any = []
        self.last: dict[tuple[str, str], int] = {}      # "next": (speaker, slot) -> the line he said last
        self.last_line: Line | None = None              # "others": the last line said by anybody
        self.gaps: dict[tuple[str, int], int] = {}      # (slot, seat) -> its moments since his last remark
        self.quiet = self.SIDELINE_GAP                  # sideline moments since its last chance
        self.heard: set[tuple[str, int]] = set()        # (watcher, sideline line) said this game

    def load(self) -> Lines:
        """The game's lines, {speaker: {slot: (Line, ...)}}: the same object every time (read
        once), never changed."""
        if self.COMMENTS is None:
            raise NotImplementedError(f"{type(self).__name__} names no COMMENTS file")
        return game_lines(self.COMMENTS, self.GAME)[1]

    # ------------------------------------------------------------------ events -> moments
    def moments(self, match, events: list) -> list[Moment]:
        """Every moment in ``events``, by ``MOMENTS``."""
        out: list[Moment] = []
        for e in events:
            how = self.MOMENTS.get(type(e))
            if how is None:
                continue
            if isinstance(how, str):
                seat = getattr(e, self.SEAT_FIELD)
                out.append((how, seat) if self.OWN is None else (how, seat, self.OWN))
            else:
                out.extend(how(self, match, e))
        return out

    def note(self, slot: str, seat: int) -> None:
        """Keep a moment found (``fired``: its slots, in order)."""
        self.fired.append(slot)

    # ------------------------------------------------------------------ moments -> comments
    def react(self, match, events: list) -> list[Comment]:
        """The comments on one input's events (most moments pass in silence, as ``talk`` says)."""
        said: list[Comment] = []
        found = [m if len(m) == 3 else (m[0], m[1], "own" if m[1] >= 0 else "side")
                 for m in self.moments(match, events)]
        if self.MOST:
            found.sort(key=lambda m: m[0] not in self.BIG)      # stable: the events' order within each
        for slot, seat, role in found:
            self.note(slot, seat)
            if self.MOST and len(said) >= self.MOST:
                continue
            c = self.comment(slot, seat, self.ROLES[role], said)
            if c is not None:
                said.append(c)
        return said

    def comment(self, slot: str, seat: int, rule: str, said: list) -> Comment | None:
        """The comment on one moment, voiced by ``rule``, or None."""
        if slot == SIDELINE and self.SIDELINE_GAP:
            return self._sideline(said)
        if rule == WATCHER:
            pool = self.spectators or [v for v in self.voices if v]
            if not pool:
                return None
            who = pool[self.watch_rng.below(len(pool))]
            if slot in self.ONE_IN and self.watch_rng.below(self.ONE_IN[slot]):
                return None
            return self.say(slot, who, -1)
        if rule == NEXT:
            n = len(self.voices)
            for k in range(1, n):
                voice = self.voices[(seat + k) % n]
                if voice:
                    return self.say(slot, voice, seat)
            return None
        speaker = self.voice(seat)
        host = self.HOSTS.get(slot)
        if host is not None and (speaker is None or self.watch_rng.below(2) == 0):
            speaker = host
        c = None
        if speaker is not None:
            gap = self.GAPS.get(slot)
            if gap is None:
                c = self.say(slot, speaker, seat)
            else:
                passed = self.gaps.get((slot, seat), gap) + 1
                self.gaps[(slot, seat)] = passed
                if passed > gap:
                    c = self.say(slot, speaker, seat)
                    if c is not None:
                        self.gaps[(slot, seat)] = 0
        if c is None and slot in self.CHORUS and self.spectators and \
                (rule == SEAT_OR_WATCHER or self.watch_rng.below(self.CHORUS_ODDS) == 0):
            c = self.say(slot, self.spectators[self.watch_rng.below(len(self.spectators))], -1)
        return c

    def voice(self, seat: int) -> str | None:
        """The character in ``seat``, if one sits there."""
        return self.voices[seat] if 0 <= seat < len(self.voices) else None

    def say(self, slot: str, speaker: str, about: int) -> Comment | None:
        """One of ``speaker``'s lines for ``slot``, as often as ``talk`` says, or None."""
        table = self.lines.get(speaker)
        if table is None or slot not in table:
            return None
        rate = self.rate * self.WEIGHT.get(slot, 2 if slot in self.BIG else 1)
        options = table[slot]
        rng = self.rng
        if self.REPEAT == "next":
            rate = min(1.0, rate)
            if rate <= 0 or rng.below(1000) >= rate * 1000:
                return None
            k = rng.below(len(options))
            if len(options) > 1 and self.last.get((speaker, slot)) == k:
                k = (k + 1) % len(options)
            self.last[(speaker, slot)] = k
            line = options[k]
        else:
            if rate < 1 and rng.below(1000) >= rate * 1000:
                return None
            others = [li for li in options if li != self.last_line]
            if not others:
                return None
            line = self.last_line = others[rng.below(len(others))]
        return Comment(speaker, slot, about, line.en, line.ja)

    def _sideline(self, said: list) -> Comment | None:
        """A watcher's chat between turns: none while this input had a comment, one chance every
        ``SIDELINE_GAP`` turns (said or not), a line of a watcher not said yet this game."""
        self.quiet += 1
        if said or self.quiet < self.SIDELINE_GAP or not self.spectators:
            return None
        self.quiet = 0
        if self.rate <= 0 or self.rng.below(1000) >= self.rate * 1000:
            return None
        fresh = [(who, k) for who in self.spectators for k in range(len(self.lines[who][SIDELINE]))
                 if (who, k) not in self.heard]
        if not fresh:
            return None
        who, k = fresh[self.watch_rng.below(len(fresh))]
        self.heard.add((who, k))
        line = self.lines[who][SIDELINE][k]
        return Comment(who, SIDELINE, -1, line.en, line.ja)


__all__ = ["Commentator", "SEAT", "NEXT", "WATCHER", "SEAT_OR_WATCHER", "SIDELINE", "game_lines"]

"""The game protocol: what the platform knows of a game (docs/ARCHITECTURE.md).

Two halves, as in OpenSpiel: a static **game definition** (``GameDef``: id, name, seats,
options, data, how to start a match or load a position, CPU players, scenario keys, narration,
front-end scenes), registered once in ``tdream.platform.registry``; and a **match**, one game in
progress, with the narrow API below. Every tool of the platform (the drive loop, records, movies,
scenarios, simulate, tournament, bench, the records database, the CLI and the front-end shell)
uses a game only through these two.

A match (each game's own class; ``Match`` below is its ``typing.Protocol``)::

    awaiting() -> Awaiting | None        # what the match waits for; None once it is over
    legal_answers(seat=None) -> Sequence # the answers ``seat`` may give now, in a fixed order
    check(answer, seat=None) -> str|None # None if legal, else why not, naming the rule ("T3.3: ...")
    apply(answer, checked=False, seat=None) -> list   # carry it out; the events it caused
    chance_outcomes() -> [(answer, weight)]           # at a chance point: every outcome, whole weights
    sample_chance() -> answer            # one outcome drawn from the match's own seeded RNG
    view(seat) -> match                  # the match as ``seat`` may know it (hidden parts removed)
    copy() -> match                      # an independent match in the same state
    to_json() -> dict; fingerprint() -> str   # plain state; sha256 of its canonical JSON
    names: list[str]                     # the seats' names, by seat (turn order)
    to_move: int                         # the seat whose turn it is (for display)
    over: bool
    progress() -> int                    # whole turns (or rounds) played: a record's checkpoints
    scores() -> list[int]                # each seat's score now (the final one once over)
    result() -> Result                   # once over: ranking, scores, why it ended

``seat`` is a seat index (0 .. seats-1, in turn order). ``None`` means ``awaiting().player``.

Input points. ``Awaiting(kind, player, seats, others)``:

- chance (``player == CHANCE``): the caller applies one of ``chance_outcomes()``, or
  ``sample_chance()`` when nobody supplies the outcome. Shuffles are chance too: a card revealed
  is an outcome with a weight, never a hidden draw inside ``apply``.
- one seat decides (``seats == (player,)``).
- several seats answer at once (``len(seats) > 1``: hidden choices, simultaneous drawings): each
  listed seat gives one answer with ``apply(answer, seat=s)``, in any order; the match keeps the
  answers given so far in its state, and ``view(s)`` of any other seat hides them until all have
  answered. ``seats`` shrinks as answers come in; ``player`` is the first still to answer.
- out-of-turn answers (``others``): seats that *may* answer now although the point does not wait
  for them (a declaration a seat may make on another's turn). ``legal_answers(seat)`` lists what
  each may give.
  An out-of-turn answer has the point's ``kind`` (its step text may differ, see below) and never
  resolves the point for the seats it waits for.

Answers are small immutable values with a ``kind`` (the input point's kind) and a text form that
round-trips through the game's ``ScenarioAdapter`` (``read_step``/``step_text``): scenario steps
and game-record lines are the same text. Events are the game's own typed values.

CPU players (``GameDef.make_player(kind, seed)``) have ``choose(view, seat) -> answer``, and may
have ``interject(view, seat) -> answer | None`` for out-of-turn answers. They see only
``match.view(seat)``, never the match itself, and never sample chance.
"""
from __future__ import annotations

import inspect
import string
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping, NamedTuple, Protocol, Sequence, runtime_checkable

from ..rng import Rng

CHANCE = -1          # Awaiting.player of a chance point


class Awaiting(NamedTuple):
    """An input point: what a match waits for now."""

    kind: str                           # the input kind (a decision or chance kind of the game)
    player: int                         # the seat that answers (the first still to answer); CHANCE
    seats: tuple[int, ...] = ()         # every seat the point still waits for (() for chance)
    others: tuple[int, ...] = ()        # seats that may give an out-of-turn answer now

    @property
    def chance(self) -> bool:
        return self.player == CHANCE


@dataclass(frozen=True)
class Result:
    """How a finished match came out."""

    ranking: tuple[tuple[int, ...], ...]     # seats by place, best first; a tie shares a place
    scores: tuple[int, ...]                  # each seat's final score (the game's ``score_label``)
    reason: str                              # why it ended (the game's own word: "percent", "full", ...)

    def place_of(self, seat: int) -> int:
        """The seat's place: 1 for the winners, then one more than the seats ahead of him
        (standard competition ranking: a tie shares a place and the next is skipped, 1, 2, 2, 4)."""
        for place, group in places(self.ranking):
            if seat in group:
                return place
        raise ValueError(seat)


def rank_by_score(scores: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """Seats by score, best first, as a ``Result`` holds them: equal scores share a place, each
    place's seats in seat order."""
    groups: list[list[int]] = []
    for p in sorted(range(len(scores)), key=lambda p: (-scores[p], p)):
        if groups and scores[groups[-1][0]] == scores[p]:
            groups[-1].append(p)
        else:
            groups.append([p])
    return tuple(tuple(g) for g in groups)


def places(ranking) -> list[tuple[int, tuple[int, ...]]]:
    """Each group of a ranking (seats by place, best first) with its place, as every screen and
    printout shows it: a tie shares a place and the next place is skipped (1, 2, 2, 4)."""
    out, place = [], 1
    for group in ranking:
        out.append((place, tuple(group)))
        place += len(group)
    return out


class PositionError(ValueError):
    """A position that cannot be set up. ``problems`` holds (key path, what) pairs, the key path
    a tuple of YAML keys and indices from the top of the scenario (``("lands", "c4", "floors")``),
    so that a scenario file can name the line of each."""

    def __init__(self, problems: list[tuple[tuple, str]]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(f"{'.'.join(map(str, p))}: {w}" if p else w for p, w in self.problems))


@dataclass(frozen=True)
class OptionSpec:
    """One option of a game (house rules, board size, ...): its default and what it may be, and
    how the set-up screen says it (every game's set-up is the shell's, drawn from these).

    The set-up's words are English; the front end translates them in the game's own words
    (``frontend/ja.yaml``). ``words`` gives values' words ((value, words) pairs: a choice,
    True/False, None);
    a value it does not list is said by ``word``, a template whose every field is the value
    ("{k} turn(s)", "{k:,}G"), or as the value itself (on/off for True/False). The help
    line beside the row is ``value_help`` for the value chosen, else ``setup_help``, else
    ``help`` with the rule. The set-up steps a whole number by ``step`` within ``offer``
    (lo, hi: fewer values than the rules allow) or the range; a nullable one has none below its
    lowest. An option that counts only up to ``upto_seats`` seats shows ``past_seats`` (words,
    help) with more."""

    name: str
    default: Any
    choices: tuple = ()                 # the allowed values, when a closed list
    lo: int | None = None               # whole-number options: the range
    hi: int | None = None
    nullable: bool = False              # None is allowed ("none": no limit)
    rule: str = ""                      # the rule ID it changes
    help: str = ""                      # what it does (``--option``, the default set-up help)
    label: str = ""                     # the set-up row's name ("" : the name, "board_size" -> "Board size")
    words: tuple[tuple[Any, str], ...] = ()        # (value, the set-up's words for it), ...
    word: str = ""                      # the words of a value ``words`` lacks: a template of the value
    value_help: tuple[tuple[Any, str], ...] = ()   # (value, the set-up's help line for it), ...
    setup_help: str = ""                # the set-up's help line for any value
    step: int = 1                       # the set-up's step through a range
    offer: tuple[int, int] | None = None   # the part of the range the set-up offers (None: all)
    upto_seats: int = 0                 # counts only with at most this many seats (0: always)
    past_seats: tuple[str, str] = ("", "")   # beyond them: the words and the help line shown

    def shown_label(self) -> str:
        """The set-up row's name (English)."""
        return self.label or self.name.replace("_", " ").capitalize()

    def shown(self, value) -> tuple[str, dict]:
        """The set-up's words for ``value``: (English template, its fields). Translate with
        ``tr(template, **fields)``."""
        said = _said(self.words, value)
        if said is not None:
            return said, {}
        if value is not None and not isinstance(value, bool) and self.word:
            names = {f for _, f, _, _ in string.Formatter().parse(self.word) if f}
            return self.word, dict.fromkeys(names, value)
        if value is None:
            return "none", {}
        if isinstance(value, bool):
            return ("on" if value else "off"), {}
        return str(value), {}

    def shown_help(self, value) -> str:
        """The set-up's help line for ``value`` (English; "" when it has none)."""
        said = _said(self.value_help, value)
        if said is not None:
            return said
        if self.setup_help:
            return self.setup_help
        return self.help + (f" ({self.rule})" if self.rule and self.help else "")

    def stepped(self, value, d: int):
        """The value ``d`` steps from ``value`` on the set-up: a closed list cycles, on/off flips, a
        range moves by ``step`` and stops at its ends (``offer``'s, else ``lo``/``hi``'s); a
        nullable range has none below its lowest (none, then up: its lowest or one step)."""
        if self.choices:
            choices = list(self.choices)
            return choices[(choices.index(value) + d) % len(choices)] if value in choices else choices[0]
        if isinstance(self.default, bool):
            return not value
        lo, hi = self.offer or (self.lo, self.hi)
        new = (0 if value is None else value) + self.step * d
        if value is None and d > 0 and lo is not None:
            new = max(new, lo)
        if lo is not None and new < lo:
            return None if self.nullable else lo
        return min(new, hi) if hi is not None else new

    def check(self, value) -> str | None:
        """None if ``value`` is allowed, else why not."""
        if value is None:
            return None if self.nullable else f"{self.name} must be given (not none)"
        if self.choices:
            if value in self.choices and type(value) is type(self.choices[list(self.choices).index(value)]):
                return None
            return f"no such {self.name} {_text(value)} (known: {', '.join(_text(c) for c in self.choices)})"
        if isinstance(self.default, bool) or (self.default is None and self.lo is None):
            if isinstance(value, bool):
                return None
            return f"{self.name} is true or false, not {_text(value)}"
        if isinstance(value, bool) or not isinstance(value, int):
            return f"{self.name} is a whole number, not {_text(value)}"
        if (self.lo is not None and value < self.lo) or (self.hi is not None and value > self.hi):
            return f"{self.name} is {self.lo}..{self.hi}, not {value}"
        return None

    def parse(self, text: str):
        """The value of ``--option NAME=TEXT`` (raises ValueError naming the option)."""
        t = text.strip()
        value: Any
        if self.nullable and t.lower() in ("none", "null", "off"):
            value = None
        elif self.choices and all(isinstance(c, str) for c in self.choices):
            value = t
        elif isinstance(self.default, bool):
            if t.lower() in ("yes", "true", "on", "1"):
                value = True
            elif t.lower() in ("no", "false", "off", "0"):
                value = False
            else:
                raise ValueError(f"{self.name} is yes or no, not {t!r}")
        else:
            try:
                value = int(t)
            except ValueError:
                raise ValueError(f"{self.name} is a whole number, not {t!r}") from None
        why = self.check(value)
        if why:
            raise ValueError(why)
        return value


def _said(table: tuple, value) -> str | None:
    """``table``'s (value, text) entry for ``value``, told apart by type (True is not 1)."""
    for k, v in table:
        if k == value and type(k) is type(value):
            return v
    return None


@dataclass(frozen=True)
class OptionFlag:
    """A flag of the command line that stands for one of a game's options (``Program.flags``):
    ``--NAME VALUE`` is ``--option OPTION=VALUE``. Every command that starts matches takes
    every game's flags; a game that declares no such flag refuses it in one line."""

    name: str                           # the flag, without its dashes
    option: str                         # the option it sets
    metavar: str = "VALUE"
    help: str = ""


def _text(v) -> str:
    if v is None:
        return "none"
    if v is True:
        return "true"
    if v is False:
        return "false"
    return str(v)


@dataclass
class ScenarioContext:
    """What a game's scenario adapter gets while a scenario file is read.

    ``pr`` and ``sc`` are the file's ``yamlio.Problems`` and ``Schema`` (report with
    ``pr.at(node, key, "key.path", "what")``); ``names`` the seats' names in order, ``seat_of`` the
    seat of each name; ``data`` the whole file (its top-level mapping, with line numbers); ``game``
    the ``GameDef`` read for (an adapter reads the game's data through it)."""

    pr: Any
    sc: Any
    names: list[str]
    seat_of: dict
    data: dict
    options: dict = field(default_factory=dict)
    game: Any = None


class ScenarioAdapter:
    """A game's part of scenario files and game records (FORMATS.md sections 2, 3 and 6).

    The platform reads the shared keys (format, version, name, rules, game, options, seed,
    players' ``name`` and ``cpu``, steps, ``expect``, ``illegal``, checkpoints) and matches steps to
    input points; the adapter reads the rest."""

    #: top-level keys of a position, besides the shared ones (``lands``, ``towers``, ...)
    position_keys: tuple[str, ...] = ()
    #: keys a seat of ``players:`` may have besides ``name`` and ``cpu`` (``cash``, ``at``, ...)
    player_keys: tuple[str, ...] = ()
    #: the step keys (``roll``, ``place``, ``pass``, ...): every key ``read_step`` reads
    step_keys: tuple[str, ...] = ()
    #: whether ``read_step`` reads the seats (``ctx.names``, ``ctx.seat_of``: a step that names a
    #: player). False: a line's answers are the same whoever sits where, and a replay keeps them by
    #: the line's text alone, for every record of the game (a record's seats are in its own order)
    steps_name_seats: bool = True
    #: expect keys besides the shared ``awaiting``, ``game_over`` and ``ranking``
    expect_keys: tuple[str, ...] = ()
    #: rule IDs of this game (``rules:``): a regular expression
    rule_pattern: str = r"^[A-Z]+\d+(\.\d+)?$"

    def read_position(self, ctx: ScenarioContext, players: list) -> dict:
        """The position of a scenario as plain JSON data (it goes into game records' ``start``),
        from the file's position keys and each seat's own keys (``players``: the seats' mappings).
        Report problems through ``ctx.pr``; what cannot be read is left out."""
        return {}

    def read_step(self, key: str, value, ctx: ScenarioContext) -> list[tuple[int | None, Any]]:
        """The answers a step gives, each with its seat (None: the seat the point waits for),
        in order. Raises ValueError with what is wrong (the platform adds file, line and step)."""
        raise ValueError(f"unknown step kind {key!r}")

    def step_text(self, answer, seat: int, match) -> dict:
        """The step (a one-key mapping) that ``read_step`` reads back as ``answer`` by ``seat``:
        a game record's line. Name the seat when the input point is simultaneous or the answer is
        out of turn, so that the line reads back to the same seat."""
        return {answer.kind: answer.to_step()}

    def none_answer(self, match, aw: Awaiting):
        """The "nothing" answer of an optional decision (``sell: []``, ``build: none``), when the
        point is one and the scenario's next step is of another kind; None for a point that must be
        answered by a step."""
        return None

    def check_expect(self, node, path: str, ctx: ScenarioContext) -> None:
        """Check the shape of an ``expect`` mapping's game keys (report through ``ctx.pr``)."""

    def compare(self, match, expect: dict, names: list[str]) -> list[str]:
        """Every difference between the game keys of ``expect`` and the match now."""
        return []

    def position_seats(self, position: dict) -> list[str] | None:
        """The seats' names of a position, when the position holds them (else None)."""
        return None


class Player:
    """A CPU player: ``choose`` answers from a view; ``interject`` may give an out-of-turn answer
    (``Awaiting.others``) and by default gives none. Every game's players derive from it."""

    def choose(self, view, seat: int):
        raise NotImplementedError

    def interject(self, view, seat: int):
        return None


class RandomPlayer(Player):
    """Uniform over the legal answers, with its own RNG (seeded): the baseline a game may use as
    it is (its ``random`` kind). ``salt``: a game's own, mixed into the seed (its random player
    draws other numbers than another game's from the same seed)."""

    salt: int = 0

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed ^ self.salt)

    def choose(self, view, seat: int):
        legal = view.legal_answers(seat)
        return legal[self.rng.below(len(legal))]


@runtime_checkable
class Match(Protocol):
    """A match in progress: the API every game's match class has (the module's docstring)."""

    names: list[str]

    @property
    def over(self) -> bool: ...
    @property
    def to_move(self) -> int: ...
    def awaiting(self) -> Awaiting | None: ...
    def legal_answers(self, seat: int | None = None) -> Sequence: ...
    def check(self, answer, seat: int | None = None) -> str | None: ...
    def apply(self, answer, checked: bool = False, seat: int | None = None) -> list: ...
    def chance_outcomes(self) -> list: ...
    def sample_chance(self) -> Any: ...
    def view(self, seat: int) -> Any: ...
    def copy(self) -> Any: ...
    def to_json(self) -> dict: ...
    def fingerprint(self) -> str: ...
    def progress(self) -> int: ...
    def scores(self) -> list[int]: ...
    def result(self) -> Result: ...


@runtime_checkable
class CpuPlayer(Protocol):
    """What the drive loop asks of a CPU player (``Player`` gives the default ``interject``)."""

    def choose(self, view, seat: int) -> Any: ...
    def interject(self, view, seat: int) -> Any: ...


@runtime_checkable
class Commentary(Protocol):
    """The characters' comments on a game's events (``GameDef.commentary``): a list of
    ``platform.comments.Comment`` for the events of one turn (or input), in the order said."""

    def react(self, match, events: list) -> list: ...


@dataclass(frozen=True)
class Words:
    """A game's words on the results screen, the Records and ``tdream records`` (English; the
    front end translates): the score's name, its unit ("Points", "pt"), each part's name; the best
    score's ("Best sum", "Most points"); what the variant the records group by is called ("board",
    "board size"; "" for a game whose variants are not worth naming: no "Favourite ..." line);
    and why a match ended, by its ``Result.reason``."""

    score: str = "Score"
    unit: str = ""
    parts: Mapping[str, str] = field(default_factory=dict)
    best: str = "Best score"
    variant: str = ""
    reasons: Mapping[str, str] = field(default_factory=dict)

    def reason(self, reason: str) -> str:
        """Why a match ended, as the results screen says it."""
        return self.reasons.get(reason, reason)

    def part(self, key: str) -> str:
        """A score part's name (its key made readable when the game names none)."""
        return self.parts.get(key, key.replace("_", " ").capitalize())


@dataclass(frozen=True)
class StyleFigures:
    """A game's style figures, counted for each seat over many matches (``tournament``,
    ``simulate --json``): the figures' names (``tournament`` prints them for each character),
    ``counter(seats)`` an object counting each seat's figures over one match (``observe(match,
    seat, answer, events)``, ``figures(match)``), and ``summary(results, kinds)`` from
    style-counted results: {"style": {kind: {figure: mean}}, "style_leaders": {figure: kind},
    "signature_led": {kind: bool}}."""

    figures: tuple[str, ...]
    counter: Any
    summary: Any


class LegacyRecords:
    """How the legacy game (``registry.LEGACY``, the one game there was) reads its version-1
    game records: no ``game`` in the header but keys of its own (``header_keys``, text values
    after ``program``), and checkpoints hashed as that program hashed them."""

    #: the header's keys of this game's own
    header_keys: tuple[str, ...] = ()

    def header(self, header: dict, options: dict, start: dict | None) -> tuple[dict, dict | None]:
        """A version-1 record's options and start position with what its own header keys say
        put into them."""
        return options, start

    def fingerprint(self, match, seats: list[dict], parts: bool = True) -> tuple[str, str] | None:
        """(fingerprint, part hashes) as the program that wrote them made them (None: as
        ``match.fingerprint()`` makes them now; ``parts=False``: "" for the parts)."""
        return None


def own_playout_chance(match, rng):
    """``Program.playout_chance`` of a game whose match draws it itself: ``match.playout_chance(rng)``."""
    return match.playout_chance(rng)


@dataclass(frozen=True)
class Program:
    """What a game adds to the program around it: flags of the command line that set one of its
    options (``OptionFlag``: ``--NAME VALUE``); the modules ``tdream native`` compiles with mypyc
    (its hot rules, by full name; the platform's own are built first); ``commands(sub)``, adding
    its own commands to ``sub``, the argparse sub-parsers of ``tdream`` (``<noun> list|show``;
    each parser sets ``run``, a function of the parsed arguments giving the exit code, with
    ``set_defaults(run=...)``; a name the platform or another game has is a bug, argparse
    refuses it); ``bench_lineups(level)``, the line-ups whose CPU decisions ``tdream bench``
    times (None, or no function: the game's characters at tables of its usual size);
    ``playout_chance(match, rng)``, an analysis playout's chance outcome drawn from ``rng`` (the
    platform's ``Rng``) with the odds of ``chance_outcomes()`` (None: a pick weighted by them; a
    game gives a faster draw, never one that reads what the players cannot know, as the order of
    a shuffled pile)."""

    flags: tuple[OptionFlag, ...] = ()
    native_modules: tuple[str, ...] = ()
    commands: Any = None
    bench_lineups: Any = None
    playout_chance: Any = None


class Narration:
    """How a game is told as text (``tdream play --text``, the table's turn breaks): a game's
    narration module fits it (functions of these names), or an object of this class's shape."""

    @staticmethod
    def describe(event, match) -> str | None:
        """One English line telling ``event``, or None for one not worth telling."""
        return None

    @staticmethod
    def turn_breaks(events: list) -> list[int]:
        """Where, in one input's events, a new turn (or round) is announced: the indices of those
        events (text play and the table tell the comments on a turn before them)."""
        return []

    @staticmethod
    def ends_at(events: list) -> int | None:
        """The index in one input's events of the one that says the match is over (the game's
        "game over" line: the characters' comments on the last turn come before it), or None."""
        return None


class GameDef:
    """The static description of one game, registered once (``tdream.platform.registry``).

    Subclass it in the game's folder (``tdream/games/<id>/__init__.py``: ``GAME = MyGame()``)."""

    id: str = ""                        # the slug used by --game and in files
    name: str = ""                      # as shown on the title (English)
    name_ja: str = ""
    seats: tuple[int, int] = (2, 4)     # fewest, most
    default_seats: int = 4
    simultaneous: bool = False          # some input points take several seats' answers at once
    chance: bool = True
    hidden: bool = False                # views hide something from some seats
    options: tuple[OptionSpec, ...] = ()
    decision_kinds: tuple[str, ...] = ()
    chance_kinds: tuple[str, ...] = ()
    cpu_levels: tuple[str, ...] = ("easy", "normal", "hard")
    progress_unit: str = "turns"        # what ``match.progress()`` counts: bench's ``<id>_<unit>_per_s``
    #: ``match.view(seat)`` gives the same object every call, always current (a read-only
    #: window on the match rather than a copy): the drive loop may fetch each seat's once
    live_views: bool = False
    scenario: ScenarioAdapter = ScenarioAdapter()
    #: the game's own words (regular expressions, matched whole-word and in any case): nothing
    #: outside its folder names them (tests/platform/test_layers.py), nor its id or its name
    terms: tuple[str, ...] = ()
    #: the results screen's and the records' words (``Words``)
    words: Words = Words()
    #: its style figures (``StyleFigures``), or None for a game with none
    style: StyleFigures | None = None
    #: how its version-1 records read (``LegacyRecords``): the legacy game's alone
    legacy: LegacyRecords = LegacyRecords()
    #: what it adds to the command line, the native build and the bench (``Program``)
    program: Program = Program()
    #: how it is told as text (``Narration``: describe, turn_breaks, ends_at)
    narration: Any = Narration()

    # ---------------------------------------------------------------- data
    def rules_id(self) -> str:
        """The id of the rules data (a record's ``ruleset``)."""
        return self.id

    def data_hash(self) -> str:
        """16 hex digits: everything a match (and the game's CPU players) depend on besides the
        program: rules data, boards, cities, cards, CPU styles. Records and movies carry it."""
        raise NotImplementedError

    def plays_like(self, data_hash: str) -> bool:
        """A record made with data of ``data_hash`` plays the same here (the same data, or data
        of an earlier version the game knows to be the same rules)."""
        return data_hash == self.data_hash()

    #: the names of the parts a match's ``part_hashes()`` covers, in order (divergence reports)
    parts: tuple[str, ...] = ()

    #: the option that holds the seat count, for a game whose rules name it among their options
    #: (``players``, a rule of the game); the platform sets it from the seats (``options.options_for``),
    #: and a value that says otherwise is refused. None: the seats alone say it.
    seat_option: str | None = None

    # ---------------------------------------------------------------- matches
    def new_match(self, names: list[str], options: dict, seed: int) -> tuple[Match, list]:
        """A new match with these seats (names in the order given) and options, waiting for its
        first input; and the set-up events. Raises ValueError for seats or options it cannot take."""
        raise NotImplementedError

    def load_position(self, position: dict, names: list[str], options: dict, seed: int) -> tuple[Match, list]:
        """A match set up at ``position`` (``ScenarioAdapter.read_position``'s JSON). Raises
        ``PositionError`` naming every impossible part, by key path."""
        raise NotImplementedError

    def match_from_json(self, data: dict) -> Match:
        """The match of ``match.to_json()`` (saves, conformance tests)."""
        raise NotImplementedError

    # ---------------------------------------------------------------- players
    def cpu_kinds(self) -> tuple[str, ...]:
        """The CPU players' base ids: ``random`` and the characters who play this game."""
        return ("random",)

    def make_player(self, kind: str, seed: int) -> CpuPlayer:
        """A CPU player (``random``, a character id, or ``id:level``). Raises ValueError."""
        raise NotImplementedError

    def split_kind(self, kind: str) -> tuple[str, str]:
        """``joji:hard`` -> (``joji``, ``hard``); raises ValueError for an unknown one."""
        return split_kind(kind, self.cpu_kinds(), self.cpu_levels)

    def grade(self, kind: str) -> str:
        """A CPU player's strength grade in this game, A (strongest) to D, from the game's own
        data (``joji:hard`` is Joji's); "" for a kind with none (``random``, ``cpu``, a game whose
        characters are not graded). The set-up screens and ``tdream tournament`` show it."""
        return ""

    # ---------------------------------------------------------------- telling it
    def commentary(self, seat_kinds: list[str], seed: int, talk: str) -> Commentary | None:
        """The characters' comments on this game's events (an object with
        ``react(match, events) -> [Comment]``), or None for a game they do not comment on."""
        return None

    def data_files(self) -> list:
        """Every data file a match of this game (and its comments, so the front end's timing)
        depends on: its package's YAML files; a game with data elsewhere adds them. Movies hash them.
        Files named ``*-pictures.yaml`` are left out: pictures described as data (the How-to-play
        pages') are drawing only, and drawing changes no frame's state (``Machine.state_hash``);
        and ``calibration.yaml``, the analysis's measure of its playouts (``platform/analysis.py``):
        the program's, as the analysis's method (``platform/analysis.yaml``) is, not the game's."""
        here = Path(inspect.getfile(type(self))).parent
        return sorted(f for f in here.rglob("*.yaml")
                      if not f.name.endswith("-pictures.yaml") and f.name != "calibration.yaml")

    def round_of(self, match) -> int:
        """The round a match is in (speedrun splits come at each new one): its progress by default."""
        return match.progress()

    def score_parts(self, match, seat: int) -> list[tuple[str, int]]:
        """A seat's score broken down for the results screen and ``--json`` ((label, points), ...)."""
        return [("total", match.scores()[seat])]

    def variant(self, options: dict) -> str:
        """A short label of the options that most change a match (a board id, ``8x8``): the
        records database groups by it."""
        return ""

    def variant_name(self, variant: str) -> str:
        """How a variant is named on screen (a board's name rather than its id)."""
        return variant

    def variant_text(self, variant: str) -> str:
        """A variant as the records name it after ``variant_label`` ("Favourite board size 8x8"):
        ``variant_name`` unless the label already says what it is."""
        return self.variant_name(variant)


def split_kind(kind: str, kinds: Sequence[str], levels: Sequence[str]) -> tuple[str, str]:
    """A CPU player's kind among ``kinds`` at a level among ``levels``: ``joji:hard`` ->
    (``joji``, ``hard``), ``joji`` -> (``joji``, ``normal``); raises ValueError (one line) for an
    unknown player or level, or a level given to the random player."""
    base, _, level = kind.partition(":")
    if base not in kinds:
        raise ValueError(f"unknown CPU player {kind!r} (known: {', '.join(kinds)})")
    if base == "random" and level:
        raise ValueError(f"{kind!r}: the random player has no level")
    level = level or "normal"
    if level not in levels:
        raise ValueError(f"{kind!r}: unknown level {level!r} (known: {', '.join(levels)})")
    return base, level


def answer_seat(match, seat: int | None) -> int:
    """``seat``, or the seat the match waits for when None."""
    if seat is not None:
        return seat
    aw = match.awaiting()
    return aw.player if aw is not None else CHANCE


__all__ = ["CHANCE", "RandomPlayer", "Awaiting", "Result", "places", "PositionError", "OptionSpec", "OptionFlag", "Words", "StyleFigures", "LegacyRecords", "Program", "Narration", "ScenarioContext",
           "ScenarioAdapter", "GameDef", "split_kind", "Player", "Match", "CpuPlayer", "Commentary", "answer_seat"]

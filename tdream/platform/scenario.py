"""Scenario files of every game (FORMATS.md sections 2 and 6): load, validate, run, check.

The platform reads what every game's scenarios share (format, version, name, rules, game,
options, seed, the seats' names and ``cpu``, steps, ``illegal``, ``expect`` and checkpoints, and
the expect keys ``awaiting``, ``game_over`` and ``ranking``) and matches steps to input points;
the game's ``ScenarioAdapter`` reads its position keys, its steps and its other expect keys.

``load_scenario(path)`` raises ``FormatError`` with every problem as ``file:line: key.path: what``;
``run_scenario(scenario)`` plays it and returns the failures (an empty list when it passes).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from ..errors import DataError, FormatError, IllegalAnswer
from ..rng import derive_seed
from ..yamlio import LDict, LList, check_header, line_of, read_checked, short, type_name
from . import registry
from .options import check_options, full_options, seat_count
from .protocol import CHANCE, GameDef, Match, PositionError, ScenarioContext, rank_by_score
from .record import scenario_header, writer_for
from .session import Seat, Session

FORMAT = "tdream-scenario"
TOP_KEYS = ("format", "version", "name", "steps")
TOP_OPTIONAL = ("rules", "options", "seed", "players", "expect", "description", "game")
SHARED_EXPECT = ("awaiting", "game_over", "ranking")


@dataclass
class Step:
    index: int           # 1-based, as people count
    line: int
    kind: str            # a step key of the game, "expect" or "illegal"
    value: Any           # the raw YAML value
    answers: list = field(default_factory=list)    # [(seat or None, answer)]
    answer_kind: str = ""                          # the step key of the answers (the illegal one's for illegal)

    def label(self) -> str:
        if self.kind == "expect":
            return f"step {self.index} (expect, line {self.line})"
        return f"step {self.index} ({self.kind}: {flow(self.value)}, line {self.line})"


@dataclass
class Scenario:
    path: str
    name: str
    rules: list[str]
    game: GameDef
    match: Match
    seats: list[Seat]
    steps: list[Step]
    expect: dict | None
    expect_line: int
    seed: int = 0
    options: dict = field(default_factory=dict)
    position: dict | None = None     # the set-up as JSON (a game record's ``start``)

    @property
    def cpus(self) -> dict[int, str]:
        return {i: s.kind for i, s in enumerate(self.seats) if not s.human}


def flow(value) -> str:
    """A YAML value in flow style, as a person would write it in a step."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(flow(v) for v in value) + "]"
    if value is None:
        return "none"
    if value is True:
        return "true"
    if value is False:
        return "false"
    return str(value)


def line_at(data, path: tuple) -> int:
    """The line of the deepest node along ``path`` (keys and indices) from the top of a file."""
    node, line = data, line_of(data)
    for key in path:
        if isinstance(node, (LDict, dict)) and key in node:
            line = line_of(node, key) or line
            node = node[key]
        elif isinstance(node, (LList, list)) and isinstance(key, int) and 0 <= key < len(node):
            line = line_of(node, key) or line
            node = node[key]
        else:
            break
    return line


def load_scenario(path: Path | str, ruleset=None) -> Scenario:
    """Read and validate a scenario file of any registered game. Raises FormatError (or
    DataError for bad game data)."""
    path = Path(path)
    name = str(path)
    data, pr, sc = read_checked(path, FormatError)
    if not check_header(data, pr, FORMAT):
        pr.raise_if_any()
    gid = data.get("game", registry.DEFAULT)
    if not isinstance(gid, str) or gid not in registry.ids():
        pr.at(data, "game", "game", f"unknown game {short(gid)} (known: {', '.join(registry.ids())})")
        pr.raise_if_any()
    game = registry.get(gid)
    ad = game.scenario
    sc.mapping(data, "", TOP_KEYS, TOP_OPTIONAL + ad.position_keys)
    pr.raise_if_any()
    sc.string(data, "name", "name")
    rules = data.get("rules", [])
    if "rules" in data and sc.sequence(data, "rules", "rules"):
        pattern = re.compile(ad.rule_pattern)
        for i, r in enumerate(rules):
            if not isinstance(r, str) or not pattern.match(r):
                pr.at(rules, i, f"rules.{i}", f"{short(r)} is not a rule ID of {game.name}")
    options = data.get("options") or {}
    if "options" in data:
        if not isinstance(options, dict):
            pr.at(data, "options", "options", f"must be a mapping, not {type_name(options)}")
            options = {}
        else:
            for key, why in check_options(game, options):
                pr.at(options, key, f"options.{key}", why)
    seed = data.get("seed", 0)
    if "seed" in data and sc.integer(data, "seed", "seed", lo=0, hi=(1 << 64) - 1) is False:
        seed = 0

    # Seats.
    lo, hi = game.seats
    players_node = data.get("players")
    if players_node is None:
        n = seat_count(game, options) or game.default_seats
        players_node = [{"name": n_} for n_ in "ABCD"[:n]]
    seats: list[Seat] = []
    names: list[str] = []
    good_players: list = []
    if not isinstance(players_node, list):
        pr.at(data, "players", "players", f"must be a list of {lo}-{hi} seats, not {type_name(players_node)}")
    else:
        if not lo <= len(players_node) <= hi:
            pr.at(data, "players", "players", f"{len(players_node)} seats; {game.name} has {lo}-{hi}")
        for i, seat in enumerate(players_node):
            sp = f"players.{i}"
            if not sc.mapping(seat, sp, ("name",), ("cpu",) + ad.player_keys, players_node, i):
                continue
            if not sc.string(seat, "name", f"{sp}.name"):
                continue
            if seat["name"] in names or seat["name"] in ("bank", "none"):
                pr.at(seat, "name", f"{sp}.name", f"{seat['name']!r} is taken (names are unique; not bank or none)")
            names.append(seat["name"])
            kind = "human"
            if "cpu" in seat and sc.string(seat, "cpu", f"{sp}.cpu"):
                try:
                    game.split_kind(seat["cpu"])
                except ValueError as e:
                    pr.at(seat, "cpu", f"{sp}.cpu", str(e))
                else:
                    kind = seat["cpu"]
            seats.append(Seat(seat["name"], kind))
            good_players.append(seat)
        count = seat_count(game, options)
        if count is not None and count != len(players_node):
            pr.at(data, "options", "options.players", f"{count} but {len(players_node)} seats are listed")
    seat_of = SafeDict((n, i) for i, n in enumerate(names))
    ctx = ScenarioContext(pr, sc, names, seat_of, data, dict(options), game)
    position = ad.read_position(ctx, good_players)

    # Steps.
    steps: list[Step] = []
    steps_node = data["steps"]
    if not isinstance(steps_node, list):
        pr.at(data, "steps", "steps", f"must be a list of steps, not {type_name(steps_node)}")
        steps_node = []
    known = ad.step_keys + ("illegal", "expect")
    for i, st in enumerate(steps_node):
        sp = f"steps.{i}"
        line = line_of(steps_node, i)
        if not isinstance(st, dict) or len(st) != 1:
            pr.add(line, sp, f"each step is one kind: value, like {ad.step_keys[0] if ad.step_keys else 'x'}: ..., "
                             f"not {short(st)}")
            continue
        (kind, value), = st.items()
        if kind not in known:
            pr.add(line, f"{sp}.{kind}", f"unknown step kind (known: {', '.join(known)})")
            continue
        step = Step(i + 1, line, kind, value)
        if kind == "expect":
            check_expect_shape(value, st, kind, sp, ctx)
        else:
            akind, avalue = kind, value
            if kind == "illegal":
                if not isinstance(value, dict) or len(value) != 1 or next(iter(value)) not in ad.step_keys:
                    pr.add(line, sp, f"illegal takes one answer, like {{{(ad.step_keys or ('x',))[0]}: ...}}, "
                                     f"not {short(value)}")
                    continue
                (akind, avalue), = value.items()
            try:
                step.answers = ad.read_step(akind, avalue, ctx)
            except ValueError as e:
                pr.add(line, f"{sp}.{akind}" if kind != "illegal" else f"{sp}.illegal.{akind}", str(e))
                continue
            step.answer_kind = akind
        steps.append(step)
    expect = data.get("expect")
    if expect is not None:
        check_expect_shape(expect, data, "expect", "expect", ctx)
    pr.raise_if_any()

    try:
        match, _ = game.load_position(position, names, options, seed)
    except PositionError as e:
        for keys, what in e.problems:
            pr.add(line_at(data, keys), "", f"impossible set-up: {'.'.join(map(str, keys)) + ': ' if keys else ''}{what}")
        pr.raise_if_any()
        raise
    return Scenario(name, data["name"], list(rules), game, match, seats, steps, expect, line_of(data, "expect"), seed,
                    dict(options), position)


class SafeDict(dict):
    """``in`` answers False for an unhashable value (a list where a name belongs): the seats of a
    scenario, or a game's names of things (``SafeDict.fromkeys(names)``) that a file's value is
    looked up in."""

    def __contains__(self, key) -> bool:
        try:
            return super().__contains__(key)
        except TypeError:
            return False


def per_player(value, key: str, path: str, ctx: ScenarioContext, what: str = "..."):
    """The entries of ``value[key]``, a mapping of player name to ``what``, as (mapping, name, item,
    key path) for a game's ``check_expect``; none when the key is absent. A value that is not a
    mapping, or a name that is not a player's, is a problem in ``ctx.pr``."""
    if key not in value:
        return
    node = value[key]
    if not isinstance(node, dict):
        ctx.pr.at(value, key, f"{path}.{key}", f"must be a mapping of player to {what}, not {type_name(node)}")
        return
    for p, v in node.items():
        if p not in ctx.seat_of:
            ctx.pr.at(node, p, f"{path}.{key}.{p}", f"unknown player (players: {', '.join(ctx.names)})")
        else:
            yield node, p, v, f"{path}.{key}.{p}"


def per_player_diffs(expect: dict, key: str, names: list[str], got_of: Callable[[int], Any],
                     label: str = "{key} of {name}") -> list[str]:
    """Each value of ``expect[key]`` (a mapping of player name to a value) that differs from the
    match's, ``got_of(seat)``: "score of Ann: expected 3, got 2" (``label`` names the entry)."""
    out = []
    for name, want in (expect.get(key) or {}).items():
        got = got_of(names.index(name))
        if got != want:
            out.append(f"{label.format(key=key, name=name)}: expected {want}, got {got}")
    return out


def check_expect_shape(value, parent, key, path: str, ctx: ScenarioContext) -> None:
    """The shared expect keys here; the game's through its adapter."""
    game = ctx.game
    pr, sc = ctx.pr, ctx.sc
    if not sc.mapping(value, path, (), SHARED_EXPECT + game.scenario.expect_keys, parent, key):
        return
    kinds = tuple(game.decision_kinds) + tuple(game.chance_kinds)
    if "awaiting" in value and value["awaiting"] not in kinds and value["awaiting"] != "none":
        pr.at(value, "awaiting", f"{path}.awaiting",
              f"unknown kind {short(value['awaiting'])} (known: {', '.join(kinds)}, none)")
    if "game_over" in value and not isinstance(value["game_over"], bool):
        pr.at(value, "game_over", f"{path}.game_over", "must be true or false")
    if "ranking" in value:
        node = value["ranking"]
        if not (isinstance(node, list) and all(isinstance(g, list) for g in node)):
            pr.at(value, "ranking", f"{path}.ranking", "must be a list of groups, like [[A], [B, C]]")
        else:
            for g in node:
                for p in g:
                    if p not in ctx.seat_of:
                        pr.at(value, "ranking", f"{path}.ranking", f"unknown player {short(p)}")
    game.scenario.check_expect(value, path, ctx)


def ranking_now(match) -> list[list[int]]:
    """The seats by place: the result's once over, else by the scores as they stand."""
    if match.over:
        return [list(g) for g in match.result().ranking]
    return [list(g) for g in rank_by_score(match.scores())]


def check_expect(game, match, expect: dict, names: list[str]) -> list[str]:
    """Every difference between ``expect`` and the match now."""
    diffs = game.scenario.compare(match, expect, names)
    if "awaiting" in expect:
        aw = match.awaiting()
        got = aw.kind if aw else "none"
        if got != expect["awaiting"]:
            diffs.append(f"awaiting: expected {expect['awaiting']}, got {got}")
    if "game_over" in expect and bool(match.over) != expect["game_over"]:
        diffs.append(f"game_over: expected {flow(expect['game_over'])}, got {flow(bool(match.over))}")
    if "ranking" in expect:
        got = [sorted(names[p] for p in grp) for grp in ranking_now(match)]
        want = [sorted(grp) for grp in expect["ranking"]]
        if got != want:
            diffs.append(f"ranking: expected {flow(want)}, got {flow(got)}")
    return diffs


def scenario_session(s: Scenario, writer=None, observers=(), fresh: bool = False) -> Session:
    """The session a scenario plays in: its ``cpu:`` seats with their players. ``fresh``: on a
    copy of its position (a practice table: the scenario loaded once may be played again)."""
    players = {seat: s.game.make_player(kind, derive_seed(s.seed, seat)) for seat, kind in s.cpus.items()}
    return Session(s.game, s.match.copy() if fresh else s.match, s.seats, s.seed, players=players, writer=writer,
                   observers=observers, options=full_options(s.game, s.options))


def run_scenario(s: Scenario, on_input=None, writer=None) -> list[str]:
    """Play a scenario; return its failures ([] when it passes). ``on_input(seat, answer,
    events, given)`` sees every input applied; ``writer`` writes its game record."""
    observers = [lambda _s, seat, answer, events, given: on_input(seat, answer, events, given)] if on_input else []
    session = scenario_session(s, writer, observers)
    game, match = s.game, s.match
    ad = game.scenario
    names = [seat.name for seat in s.seats]
    failures: list[str] = []

    def run_cpus() -> None:
        while session.advance(chance=False) is not None:
            pass

    def fits(aw, seat, answer, illegal: bool) -> bool:
        if answer.kind in game.chance_kinds:
            return aw.player == CHANCE and aw.kind == answer.kind
        if aw.player == CHANCE or aw.kind != answer.kind:
            return False
        # an ``illegal`` step from a seat the point neither waits for nor lets answer out of
        # turn is the match's to refuse ("B may not declare now")
        return seat is None or illegal or seat in (aw.seats or (aw.player,)) or seat in aw.others

    for step in s.steps:
        run_cpus()
        if step.kind == "expect":
            failures += [f"{step.label()}: {d}" for d in check_expect(game, match, step.value, names)]
            continue
        want = step.answer_kind
        for seat, answer in step.answers:
            decision = answer.kind not in game.chance_kinds
            while True:
                aw = match.awaiting()
                if aw is None:
                    failures.append(f"{step.label()}: the game is over ({match.result().reason}); nothing awaits {want}")
                    return failures
                if fits(aw, seat, answer, step.kind == "illegal"):
                    break
                none = ad.none_answer(match, aw) if aw.player != CHANCE else None
                if aw.player == CHANCE and decision:
                    session.chance()
                elif none is not None:
                    session.give(none, aw.player)
                else:
                    who = f" from {names[aw.player]}" if aw.player >= 0 else ""
                    if seat is not None and aw.player >= 0 and aw.kind == answer.kind:
                        who += f", not from {names[seat]}"
                        failures.append(f"{step.label()}: the game awaits {aw.kind}{who}")
                    else:
                        failures.append(f"{step.label()}: the game awaits {aw.kind}{who}, not {want}")
                    return failures
                run_cpus()
            reason = match.check(answer, seat)
            if step.kind == "illegal":
                if reason is None:
                    failures.append(f"{step.label()}: the game accepted {want}: {flow(step.value[want])}")
                    return failures
                continue
            if reason is not None:
                failures.append(f"{step.label()}: refused: {reason}")
                return failures
            try:
                session.give(answer, seat if seat is not None else (CHANCE if not decision else None),
                             given=not decision)
            except IllegalAnswer as e:   # pragma: no cover - check() said yes
                failures.append(f"{step.label()}: refused: {e}")
                return failures
    run_cpus()
    if s.expect is not None:
        failures += [f"expect (line {s.expect_line}): {d}" for d in check_expect(game, match, s.expect, names)]
    return failures


def find_scenarios(paths: list[str]) -> list[Path]:
    """The scenario files named: files as given, folders searched for ``*.yaml`` (sorted)."""
    out: list[Path] = []
    for p in paths:
        path = Path(p)
        if path.is_dir():
            out.extend(sorted(path.rglob("*.yaml")))
        else:
            out.append(path)
    return out


def run_paths(paths: list[str], out, err, record_dir: str | None = None, game_id: str | None = None) -> int:
    """``tdream scenario run``: a line per scenario, ``N passed, N failed`` last; exit 0/1/2.
    ``game_id``: only scenarios of that game (``--game``); the others are left out."""
    files = find_scenarios(paths)
    passed = failed = bad = skipped = 0
    if not files:
        print(f"no scenario files in {' '.join(paths)}", file=err)
        return 2
    for f in files:
        try:
            s = load_scenario(f)
        except (FormatError, DataError) as e:
            bad += 1
            print(f"BAD  {f}", file=out)
            for line in e.problems:
                print(f"  {line}", file=err)
            continue
        if game_id is not None and s.game.id != game_id:
            skipped += 1
            continue
        if record_dir:
            game, setup = scenario_header(s)
            writer = writer_for(str(Path(record_dir) / (f.stem + ".tdr")), game, setup, s.match)
            try:
                failures = run_scenario(s, writer=writer)
            finally:
                writer.close()
        else:
            failures = run_scenario(s)
        if failures:
            failed += 1
            print(f"FAIL {f}: {s.name}", file=out)
            for msg in failures:
                print(f"  {msg}", file=out)
        else:
            passed += 1
            print(f"ok   {f}: {s.name}", file=out)
    if bad:
        print(f"{bad} bad file{'s' if bad != 1 else ''}", file=out)
    if skipped:
        print(f"{skipped} of other games left out", file=out)
    print(f"{passed} passed, {failed + bad} failed", file=out)
    return 2 if bad else 1 if failed else 0


__all__ = ["Scenario", "Step", "load_scenario", "run_scenario", "check_expect", "find_scenarios", "run_paths",
           "flow", "line_at", "ranking_now", "scenario_session"]

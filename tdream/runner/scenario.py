"""Scenario files (FORMATS.md section 2): load, validate, run, check expectations.

``load_scenario(path)`` parses and validates a file (raising ``FormatError`` with every problem as
``file:line: key.path: what``); ``run_scenario(scenario)`` plays it and returns the failures
(an empty list when it passes).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ..games.towerdream.ai import make_player, split_kind
from ..games.towerdream.data import check_options, load_board, load_ruleset
from ..games.towerdream.rules import BANK, VACANT, Game, answer_from_step
from ..games.towerdream.rules.answers import CHANCE, DECISIONS, KINDS, NO_BUILD, NO_SELL, OPTIONAL
from ..rng import derive_seed
from ..games.towerdream.rules.ruleset import PILES
from ..errors import DataError, FormatError, IllegalAnswer
from ..yamlio import LDict, Problems, Schema, line_of, read_yaml, short, type_name

TOP_KEYS = ("format", "version", "name", "board", "steps")
TOP_OPTIONAL = ("rules", "options", "seed", "players", "round", "to_move", "jackpot", "lands", "companies",
                "expect", "description")
EXPECT_KEYS = ("cash", "at", "lands", "companies", "jackpot", "to_move", "awaiting", "game_over", "broke",
               "wealth", "ranking", "round")
LAND_EXPECT_KEYS = ("owner", "floors", "company", "mark")
COMPANY_EXPECT_KEYS = ("level", "price", "top", "sub", "mark", "floors")
RULE_ID = re.compile(r"^[RG]\d+(\.\d+)?$")


class _SafeContains:
    """``in`` answers False for an unhashable value (a list where a name belongs)."""

    def __contains__(self, key) -> bool:
        try:
            return super().__contains__(key)
        except TypeError:
            return False


class _SafeDict(_SafeContains, dict):
    pass


class _SafeSet(_SafeContains, frozenset):
    pass


@dataclass
class Step:
    index: int           # 1-based, as people count
    line: int
    kind: str            # a KINDS kind, "expect" or "illegal"
    value: object        # the raw YAML value
    answer: object = None      # the parsed answer (for answer steps and illegal)
    answer_kind: str = ""      # the kind the answer is of (the illegal kind for illegal)

    def label(self) -> str:
        if self.kind == "expect":
            return f"step {self.index} (expect, line {self.line})"
        return f"step {self.index} ({self.kind}: {_flow(self.value)}, line {self.line})"


@dataclass
class Scenario:
    path: str
    name: str
    rules: list[str]
    game: Game
    steps: list[Step]
    expect: dict | None
    expect_line: int
    cpus: dict[int, str] = field(default_factory=dict)
    seed: int = 0
    position: dict | None = None     # the set-up, as Game.from_position takes it (for game records)


def _flow(value) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_flow(v) for v in value) + "]"
    if value is None:
        return "none"
    if value is True:
        return "true"
    if value is False:
        return "false"
    return str(value)


def load_scenario(path: Path | str, ruleset=None) -> Scenario:
    """Read and validate a scenario file. Raises FormatError (or DataError for a bad board)."""
    path = Path(path)
    name = str(path)
    data = read_yaml(path, FormatError)
    pr = Problems(name, FormatError)
    sc = Schema(pr)
    if not isinstance(data, dict):
        pr.add(line_of(data), "", f"a scenario is a YAML mapping (format: tdream-scenario), not {type_name(data)}")
        pr.raise_if_any()
    if data.get("format") != "tdream-scenario":
        pr.at(data, "format", "format", f"must be 'tdream-scenario', not {short(data.get('format'))}")
        pr.raise_if_any()
    v = data.get("version")
    if v != 1:
        what = "newer than this program reads (1)" if isinstance(v, int) and not isinstance(v, bool) and v > 1 else "must be 1"
        pr.at(data, "version", "version", f"{short(v)}: {what}")
        pr.raise_if_any()
    sc.mapping(data, "", TOP_KEYS, TOP_OPTIONAL)
    pr.raise_if_any()
    sc.string(data, "name", "name")
    rules = data.get("rules", [])
    if "rules" in data and sc.sequence(data, "rules", "rules"):
        for i, r in enumerate(rules):
            if not isinstance(r, str) or not RULE_ID.match(r):
                pr.at(rules, i, f"rules.{i}", f"{short(r)} is not a rule ID like R6.2 or G7.4")
    if not sc.string(data, "board", "board"):
        pr.raise_if_any()
    ruleset = ruleset or load_ruleset()
    try:
        board = load_board(data["board"], ruleset) if "/" not in data["board"] else None
    except DataError as e:
        if "no such board" in str(e):
            pr.at(data, "board", "board", f"unknown board {data['board']!r}")
            pr.raise_if_any()
        raise
    if board is None:
        pr.at(data, "board", "board", "a board id, not a path")
        pr.raise_if_any()
    options = data.get("options") or {}
    if "options" in data:
        if not isinstance(options, dict):
            pr.at(data, "options", "options", f"must be a mapping, not {type_name(options)}")
            options = {}
        else:
            check_options(options, "options", pr, sc)
    seed = data.get("seed", 0)
    if "seed" in data:
        if sc.integer(data, "seed", "seed", lo=0, hi=(1 << 64) - 1) is False:
            seed = 0

    # Seats.
    players_node = data.get("players")
    if players_node is None:
        players_node = [{"name": n} for n in "ABCD"][: (options.get("players") if isinstance(options.get("players"), int) else 4)]
    seats: list[dict] = []
    names: list[str] = []
    cpus: dict[int, str] = {}
    if not isinstance(players_node, list):
        pr.at(data, "players", "players", f"must be a list of 2-4 seats, not {type_name(players_node)}")
    else:
        if not 2 <= len(players_node) <= 4:
            pr.at(data, "players", "players", f"{len(players_node)} seats; a game has 2-4 (R2.1, G2.1)")
        for i, seat in enumerate(players_node):
            sp = f"players.{i}"
            if not sc.mapping(seat, sp, ("name",), ("cash", "at", "cpu"), players_node, i):
                continue
            if not sc.string(seat, "name", f"{sp}.name"):
                continue
            if seat["name"] in names or seat["name"] in ("bank", "none"):  # names: a list
                pr.at(seat, "name", f"{sp}.name", f"{seat['name']!r} is taken (names are unique; not bank or none)")
            names.append(seat["name"])
            entry = {"name": seat["name"]}
            if "cash" in seat and sc.integer(seat, "cash", f"{sp}.cash", lo=0, hi=10**12):
                entry["cash"] = seat["cash"]
            if "at" in seat and sc.integer(seat, "at", f"{sp}.at", lo=0, hi=board.road_length - 1):
                entry["at"] = seat["at"]
            if "cpu" in seat and sc.string(seat, "cpu", f"{sp}.cpu"):
                try:
                    split_kind(seat["cpu"])
                except ValueError as e:
                    pr.at(seat, "cpu", f"{sp}.cpu", str(e))
                else:
                    cpus[i] = seat["cpu"]
            seats.append(entry)
        if isinstance(options.get("players"), int) and options["players"] != len(players_node):
            pr.at(data, "options", "options.players", f"{options['players']} but {len(players_node)} seats are listed")
    seat_of = _SafeDict((n, i) for i, n in enumerate(names))

    def player_ref(node, key, path, allow=()) -> int | None:
        value = node[key]
        if value in allow:
            return {"bank": BANK, "none": VACANT}[value]
        if value not in seat_of:
            extra = " or " + " or ".join(allow) if allow else ""
            pr.at(node, key, path, f"unknown player {short(value)} (players: {', '.join(names)}{extra})")
            return None
        return seat_of[value]

    rnd = data.get("round", 2)
    if "round" in data and not sc.integer(data, "round", "round", lo=1, hi=100_000):
        rnd = 2
    to_move = 0
    if "to_move" in data:
        tm = player_ref(data, "to_move", "to_move")
        to_move = tm if tm is not None else 0
    jackpot = data.get("jackpot", 1)
    if "jackpot" in data and not sc.integer(data, "jackpot", "jackpot", lo=1, hi=99):
        jackpot = 1

    land_names = _SafeSet(board.land_names)
    lands: dict[str, tuple[int, int]] = {}
    def section(key: str, shape: str) -> dict:
        """An optional top-level mapping; anything else is a problem and counts as empty."""
        node = data.get(key) or {}
        if not isinstance(node, dict):
            pr.at(data, key, key, f"must be a mapping of {shape}, not {type_name(node)}")
            return {}
        return node

    lands_node = section("lands", "Land to {owner, floors}")
    for land, spec in lands_node.items():
        lp = f"lands.{land}"
        if land not in land_names:
            pr.at(lands_node, land, lp, f"no Land {land} on {board.id}")
            continue
        if not sc.mapping(spec, lp, ("owner",), ("floors",), lands_node, land):
            continue
        own = player_ref(spec, "owner", f"{lp}.owner", allow=("bank",))
        floors = 0
        if "floors" in spec:
            if sc.integer(spec, "floors", f"{lp}.floors", lo=0, hi=99):
                floors = spec["floors"]
        if own is not None:
            lands[land] = (own, floors)
    companies: dict[str, str] = {}
    comp_node = section("companies", "Company to {mark: Land}")
    company_ids = [c.id for c in ruleset.companies]
    for cid, spec in comp_node.items():
        cp = f"companies.{cid}"
        if cid not in company_ids:
            pr.at(comp_node, cid, cp, f"unknown Company (known: {', '.join(company_ids)})")
            continue
        if not sc.mapping(spec, cp, ("mark",), (), comp_node, cid):
            continue
        if sc.string(spec, "mark", f"{cp}.mark"):
            if spec["mark"] not in land_names:
                pr.at(spec, "mark", f"{cp}.mark", f"no Land {spec['mark']} on {board.id}")
            elif spec["mark"] not in lands:
                pr.at(spec, "mark", f"{cp}.mark", f"{spec['mark']} holds no Landmark")
            else:
                companies[cid] = spec["mark"]

    # Steps.
    card_ids = _SafeSet(c.id for c in ruleset.cards)
    symbols = _SafeSet(ruleset.slot.symbols)
    steps: list[Step] = []
    steps_node = data["steps"]
    if not isinstance(steps_node, list):
        pr.at(data, "steps", "steps", f"must be a list of steps, not {type_name(steps_node)}")
        steps_node = []
    for i, st in enumerate(steps_node):
        sp = f"steps.{i}"
        line = line_of(steps_node, i)
        if not isinstance(st, dict) or len(st) != 1:
            pr.add(line, sp, f"each step is one kind: value, like roll: 4, not {short(st)}")
            continue
        (kind, value), = st.items()
        if kind not in KINDS and kind not in ("expect", "illegal"):
            pr.add(line, f"{sp}.{kind}", f"unknown step kind (known: {', '.join(KINDS + ('illegal', 'expect'))})")
            continue
        step = Step(i + 1, line, kind, value)
        if kind == "expect":
            _check_expect_shape(value, st, kind, sp, pr, sc, seat_of, land_names, company_ids, names)
        else:
            akind, avalue = kind, value
            if kind == "illegal":
                if not isinstance(value, dict) or len(value) != 1 or next(iter(value)) not in KINDS:
                    pr.add(line, sp, f"illegal takes one answer, like {{build: {{land: f7, floors: 1}}}}, not {short(value)}")
                    continue
                (akind, avalue), = value.items()
            try:
                step.answer = answer_from_step(akind, avalue)
                step.answer_kind = akind
            except ValueError as e:
                pr.add(line, f"{sp}.{kind}", str(e))
                continue
            if kind != "illegal":
                if akind == "draw" and step.answer.card not in card_ids:
                    pr.add(line, f"{sp}.draw", f"unknown card {step.answer.card!r}")
                if akind == "slot":
                    for s in step.answer.symbols:
                        if s not in symbols:
                            pr.add(line, f"{sp}.slot", f"unknown symbol {s!r} (symbols: {', '.join(ruleset.slot.symbols)})")
                if akind == "pile" and step.answer.pile not in PILES:
                    pr.add(line, f"{sp}.pile", f"unknown pile {step.answer.pile!r} ({', '.join(PILES)})")
        steps.append(step)
    expect = data.get("expect")
    if expect is not None:
        _check_expect_shape(expect, data, "expect", "expect", pr, sc, seat_of, land_names, company_ids, names)
    pr.raise_if_any()

    try:
        game, _ = Game.from_position(ruleset, board, seats, options=options, seed=seed, round=rnd,
                                     to_move=to_move, jackpot=jackpot, lands=lands, companies=companies)
    except ValueError as e:
        for msg in str(e).splitlines():
            key = msg.split(":", 1)[0]
            parts = key.split(".")
            node = data.get(parts[0])
            line = line_of(node, parts[1]) if len(parts) > 1 and isinstance(node, dict) else line_of(data, parts[0])
            pr.add(line, "", f"impossible set-up: {msg}")
        pr.raise_if_any()
    for seat, kind in cpus.items():
        game.kinds[seat] = kind
    position = {"seats": seats, "round": rnd, "to_move": to_move, "jackpot": jackpot,
                "lands": {k: list(v) for k, v in lands.items()}, "companies": companies}
    return Scenario(name, data["name"], list(rules), game, steps, expect, line_of(data, "expect"), cpus, seed,
                    position)


def _check_expect_shape(value, parent, key, path, pr: Problems, sc: Schema, seat_of, land_names, company_ids, names):
    if not sc.mapping(value, path, (), EXPECT_KEYS, parent, key):
        return
    for k in ("cash", "at", "wealth"):
        if k in value:
            node = value[k]
            if not isinstance(node, dict):
                pr.at(value, k, f"{path}.{k}", f"must be a mapping of player to number, not {type_name(node)}")
                continue
            for p, n in node.items():
                if p not in seat_of:
                    pr.at(node, p, f"{path}.{k}.{p}", f"unknown player (players: {', '.join(names)})")
                elif isinstance(n, bool) or not isinstance(n, int):
                    pr.at(node, p, f"{path}.{k}.{p}", f"must be a whole number, not {short(n)}")
    def entries(key: str):
        """(mapping, name, spec, path) for each entry of an expected mapping like lands."""
        node = value.get(key)
        if key in value and not isinstance(node, dict):
            pr.at(value, key, f"{path}.{key}", f"must be a mapping, not {type_name(node)}")
            return
        for name, spec in (node or {}).items():
            yield node, name, spec, f"{path}.{key}.{name}"

    for node, land, spec, lp in entries("lands"):
        if land not in land_names:
            pr.at(node, land, lp, "no such Land on this board")
            continue
        if not sc.mapping(spec, lp, (), LAND_EXPECT_KEYS, node, land):
            continue
        if "owner" in spec and spec["owner"] not in seat_of and spec["owner"] not in ("bank", "none"):
            pr.at(spec, "owner", f"{lp}.owner", f"unknown player {short(spec['owner'])} (or bank, none)")
        if "company" in spec and spec["company"] not in company_ids and spec["company"] != "none":
            pr.at(spec, "company", f"{lp}.company", f"unknown Company {short(spec['company'])} (or none)")
        if "floors" in spec:
            sc.integer(spec, "floors", f"{lp}.floors", lo=0)
        if "mark" in spec and not isinstance(spec["mark"], bool):
            pr.at(spec, "mark", f"{lp}.mark", "must be true or false")
    for node, cid, spec, cp in entries("companies"):
        if cid not in company_ids:
            pr.at(node, cid, cp, f"unknown Company (known: {', '.join(company_ids)})")
            continue
        if spec == "absent":
            continue
        if not sc.mapping(spec, cp, (), COMPANY_EXPECT_KEYS, node, cid):
            continue
        for k in ("level", "price", "floors"):
            if k in spec:
                sc.integer(spec, k, f"{cp}.{k}", lo=0)
        if "mark" in spec and spec["mark"] not in land_names:
            pr.at(spec, "mark", f"{cp}.mark", f"no Land {short(spec['mark'])} on this board")
        for k in ("top", "sub"):
            if k in spec:
                if not isinstance(spec[k], list):
                    pr.at(spec, k, f"{cp}.{k}", "must be a list of players")
                    continue
                for p in spec[k]:
                    if p not in seat_of:
                        pr.at(spec, k, f"{cp}.{k}", f"unknown player {short(p)}")
    for k in ("to_move",):
        if k in value and value[k] not in seat_of:
            pr.at(value, k, f"{path}.{k}", f"unknown player {short(value[k])}")
    if "broke" in value and value["broke"] not in seat_of and value["broke"] != "none":
        pr.at(value, "broke", f"{path}.broke", f"unknown player {short(value['broke'])} (or none)")
    if "awaiting" in value and value["awaiting"] not in KINDS and value["awaiting"] != "none":
        pr.at(value, "awaiting", f"{path}.awaiting", f"unknown kind {short(value['awaiting'])} (known: {', '.join(KINDS)}, none)")
    if "game_over" in value and not isinstance(value["game_over"], bool):
        pr.at(value, "game_over", f"{path}.game_over", "must be true or false")
    if "ranking" in value:
        node = value["ranking"]
        ok = isinstance(node, list) and all(isinstance(g, list) for g in node)
        if not ok:
            pr.at(value, "ranking", f"{path}.ranking", "must be a list of groups, like [[A], [B, C]]")
        else:
            for g in node:
                for p in g:
                    if p not in seat_of:
                        pr.at(value, "ranking", f"{path}.ranking", f"unknown player {short(p)}")
    for k in ("jackpot", "round"):
        if k in value:
            sc.integer(value, k, f"{path}.{k}", lo=0)


# ---------------------------------------------------------------------- running
def check_expect(game: Game, expect: dict) -> list[str]:
    """Every difference between ``expect`` and the game now (FORMATS.md section 2)."""
    names = game.names
    seat_of = {n: i for i, n in enumerate(names)}
    diffs: list[str] = []

    def who(o: int) -> str:
        return "bank" if o == BANK else "none" if o == VACANT else names[o]

    for key, values in ((k, expect.get(k)) for k in ("cash", "at")):
        if values:
            actual = game.cash if key == "cash" else game.pos
            for p, want in values.items():
                got = actual[seat_of[p]]
                if got != want:
                    diffs.append(f"{key} of {p}: expected {want}, got {got}")
    if "wealth" in expect:
        w = game.wealth()
        for p, want in expect["wealth"].items():
            if w[seat_of[p]] != want:
                diffs.append(f"wealth of {p}: expected {want}, got {w[seat_of[p]]}")
    for land, spec in (expect.get("lands") or {}).items():
        x = game._land_index[land]
        c = game.company[x]
        actual = {"owner": who(game.owner[x]), "floors": game.floors[x],
                  "company": game._company_ids[c] if c >= 0 else "none",
                  "mark": c >= 0 and game.mark[c] == x}
        for k, want in spec.items():
            if actual[k] != want:
                diffs.append(f"lands.{land}.{k}: expected {_flow(want)}, got {_flow(actual[k])}")
    if "companies" in expect:
        now = game.companies()
        for cid, spec in expect["companies"].items():
            if spec == "absent":
                if cid in now:
                    diffs.append(f"companies.{cid}: expected absent, got Level {now[cid]['level']}")
                continue
            if cid not in now:
                diffs.append(f"companies.{cid}: expected on the board, got absent")
                continue
            got = now[cid]
            for k, want in spec.items():
                if k in ("top", "sub"):
                    have = sorted(names[p] for p in got[k])
                    if sorted(want) != have:
                        diffs.append(f"companies.{cid}.{k}: expected {_flow(sorted(want))}, got {_flow(have)}")
                elif got[k] != want:
                    diffs.append(f"companies.{cid}.{k}: expected {_flow(want)}, got {_flow(got[k])}")
    if "jackpot" in expect and game.jackpot != expect["jackpot"]:
        diffs.append(f"jackpot: expected {expect['jackpot']}, got {game.jackpot}")
    if "round" in expect and game.round != expect["round"]:
        diffs.append(f"round: expected {expect['round']}, got {game.round}")
    if "to_move" in expect and names[game.seat] != expect["to_move"]:
        diffs.append(f"to_move: expected {expect['to_move']}, got {names[game.seat]}")
    if "awaiting" in expect:
        aw = game.awaiting()
        got = aw.kind if aw else "none"
        if got != expect["awaiting"]:
            diffs.append(f"awaiting: expected {expect['awaiting']}, got {got}")
    if "game_over" in expect and game.over != expect["game_over"]:
        diffs.append(f"game_over: expected {_flow(expect['game_over'])}, got {_flow(game.over)}")
    if "broke" in expect:
        got = names[game.broke] if game.broke >= 0 else "none"
        if got != expect["broke"]:
            diffs.append(f"broke: expected {expect['broke']}, got {got}")
    if "ranking" in expect:
        got = [sorted(names[p] for p in grp) for grp in game.ranking()]
        want = [sorted(grp) for grp in expect["ranking"]]
        if got != want:
            diffs.append(f"ranking: expected {_flow(want)}, got {_flow(got)}")
    return diffs


def run_scenario(s: Scenario, on_input=None) -> list[str]:
    """Play a scenario; return its failures ([] when it passes).

    ``on_input(answer, events, given)`` is called for every input applied (for game records);
    ``given`` is true for a chance outcome that a step fixed.
    """
    game = s.game
    failures: list[str] = []
    cpus = {seat: make_player(kind, derive_seed(s.seed, seat)) for seat, kind in s.cpus.items()}

    def apply(answer, given: bool = False) -> None:
        events = game.apply(answer)
        if on_input:
            on_input(answer, events, given)

    def run_cpus() -> None:
        while True:
            aw = game.awaiting()
            if aw is None or aw.player < 0 or aw.player not in cpus:
                return
            apply(cpus[aw.player].choose(game))

    for step in s.steps:
        run_cpus()
        if step.kind == "expect":
            failures += [f"{step.label()}: {d}" for d in check_expect(game, step.value)]
            continue
        want = step.answer_kind
        while True:
            aw = game.awaiting()
            if aw is None:
                failures.append(f"{step.label()}: the game is over ({game.over_reason}); nothing awaits {want}")
                return failures
            if aw.kind == want:
                break
            if aw.kind in CHANCE and want in DECISIONS:
                apply(game.sample_chance())
            elif aw.kind in OPTIONAL:
                apply(NO_SELL if aw.kind == "sell" else NO_BUILD)
            else:
                who = f" from {game.names[aw.player]}" if aw.player >= 0 else ""
                failures.append(f"{step.label()}: the game awaits {aw.kind}{who}, not {want}")
                return failures
            run_cpus()
        reason = game.check(step.answer)
        if step.kind == "illegal":
            if reason is None:
                failures.append(f"{step.label()}: the game accepted {want}: {_flow(step.answer.to_step())}")
                return failures
            continue
        if reason is not None:
            failures.append(f"{step.label()}: refused: {reason}")
            return failures
        try:
            apply(step.answer, step.answer_kind in CHANCE)
        except IllegalAnswer as e:   # pragma: no cover - check() said yes
            failures.append(f"{step.label()}: refused: {e}")
            return failures
    run_cpus()
    if s.expect is not None:
        failures += [f"expect (line {s.expect_line}): {d}" for d in check_expect(game, s.expect)]
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


def record_scenario(s: Scenario, ruleset, path: str) -> list[str]:
    """Run a scenario writing its game record to ``path``; return its failures."""
    from ..platform.replay import Setup
    from .record import RecordWriter, make_header
    game = s.game
    setup = Setup(s.seed, list(game.names), list(game.kinds), dict(game.options), s.position)
    writer = RecordWriter(path, make_header(ruleset, game.board, setup))
    try:
        return run_scenario(s, lambda answer, events, given: writer.add(game, answer, events, given))
    finally:
        writer.close()


def run_paths(paths: list[str], out, err, record_dir: str | None = None) -> int:
    """``tdream scenario run``: a line per scenario, ``N passed, N failed`` last; exit 0/1/2."""
    files = find_scenarios(paths)
    passed = failed = bad = 0
    try:
        ruleset = load_ruleset()
    except DataError as e:
        for line in e.problems:
            print(line, file=err)
        return 2
    if not files:
        print(f"no scenario files in {' '.join(paths)}", file=err)
        return 2
    for f in files:
        try:
            s = load_scenario(f, ruleset)
        except (FormatError, DataError) as e:
            bad += 1
            print(f"BAD  {f}", file=out)
            for line in e.problems:
                print(f"  {line}", file=err)
            continue
        if record_dir:
            failures = record_scenario(s, ruleset, str(Path(record_dir) / (f.stem + ".tdr")))
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
    print(f"{passed} passed, {failed + bad} failed", file=out)
    return 2 if bad else 1 if failed else 0

"""Loading and validating the data files (docs/games/towerdream.md): the ruleset with its cards, slot
machine and Event kinds, and the boards. Every problem of a file is reported at once, as
``file:line: key.path: what is wrong``, in one ``DataError``."""
from __future__ import annotations

import hashlib
import json
import os
import re
from pathlib import Path

from ..rules.board import BUILTIN_EVENTS, Board, build_board
from ..rules.ruleset import (
    DEFAULT_OPTIONS, EFFECTS, MOVEMENT_EFFECTS, PILES, Card, CompanySpec, EventKind, Ruleset, Slot,
)
from ....datadirs import board_folder
from ....errors import DataError
from ....yamlio import Problems, Schema, check_header, is_slug, join, read_checked, short, type_name

DATA_DIR = Path(__file__).resolve().parent
DEFAULT_RULESET = DATA_DIR / "ruleset.yaml"


def boards_dir() -> Path:
    """``boards/towerdream/`` at the top of the repository (``tdream.boards.towerdream`` when
    installed), or ``$TDREAM_BOARDS`` in its place."""
    env = os.environ.get("TDREAM_BOARDS")
    if env:
        return Path(env)
    return board_folder("towerdream")


def check_effects(node, key, path: str, problems: Problems, kinds: set[str]) -> tuple:
    """Validate an ``effects`` list (docs/games/towerdream.md); return it as ((name, value), ...)."""
    value = node[key]
    if not isinstance(value, list):
        problems.at(node, key, path, f"must be a list of effects, not {type_name(value)}")
        return ()
    out = []
    for i, eff in enumerate(value):
        p = f"{path}.{i}"
        if not isinstance(eff, dict) or len(eff) != 1:
            problems.at(value, i, p, f"each effect is a one-key mapping like {{gain: 100}}, not {short(eff)}")
            continue
        (name, v), = eff.items()
        if name not in EFFECTS:
            problems.at(eff, name, join(p, name), f"unknown effect (known: {', '.join(EFFECTS)})")
            continue
        shape = EFFECTS[name]
        bad = None
        isint = isinstance(v, int) and not isinstance(v, bool)
        if shape == "amount" and not (isint and 0 < v <= 1_000_000):
            bad = "a whole number of G, 1..1000000"
        elif shape == "percent" and not (isint and 1 <= v <= 100):
            bad = "a percent, 1..100"
        elif shape == "percent1000" and not (isint and 1 <= v <= 1000):
            bad = "a percent, 1..1000"
        elif shape == "floors" and not (isint and 1 <= v <= 20):
            bad = "a number of Floors, 1..20"
        elif shape == "turns" and not (isint and 1 <= v <= 3):
            bad = "a number of turns, 1..3"
        elif shape == "steps" and not (isint and -20 <= v <= 20 and v != 0):
            bad = "a number of spaces, -20..20, not 0"
        elif shape == "kind" and (not isinstance(v, str) or v not in BUILTIN_EVENTS):
            bad = f"a kind every board has ({', '.join(BUILTIN_EVENTS)})"
        elif shape == "true" and v is not True:
            bad = "true"
        elif shape == "offer":
            if not isinstance(v, dict) or set(v) != {"floors", "percent"}:
                bad = "{floors: n, percent: p}"
            else:
                f, pc = v["floors"], v["percent"]
                if not (isinstance(f, int) and not isinstance(f, bool) and 1 <= f <= 20
                        and isinstance(pc, int) and not isinstance(pc, bool) and 1 <= pc <= 1000):
                    bad = "{floors: 1..20, percent: 1..1000}"
                else:
                    v = {"floors": f, "percent": pc}
        if bad:
            problems.at(eff, name, join(p, name), f"{short(v)} must be {bad}")
            continue
        if name in MOVEMENT_EFFECTS and i != len(value) - 1:
            problems.at(eff, name, join(p, name), "a movement effect must be the last of its list")
        out.append((name, v))
    return tuple(out)


def _load_cards(path: Path, problems_out: list[str], kinds: set[str]) -> tuple[Card, ...]:
    data, pr, sc = read_checked(path, DataError)
    cards: list[Card] = []
    if check_header(data, pr, "tdream-cards") and sc.mapping(data, "", ("format", "version", "piles"), ("source",)):
        piles = data["piles"]
        if sc.mapping(piles, "piles", PILES, (), data, "piles"):
            seen: dict[str, str] = {}
            for pile in PILES:
                node = piles[pile]
                path_p = f"piles.{pile}"
                if not sc.mapping(node, path_p, ("name", "cards"), ("flavour",), piles, pile):
                    continue
                if not sc.sequence(node, "cards", f"{path_p}.cards"):
                    continue
                if len(node["cards"]) < 12:
                    pr.at(node, "cards", f"{path_p}.cards", f"{len(node['cards'])} cards; a pile holds at least 12 (G5.1)")
                for i, card in enumerate(node["cards"]):
                    cp = f"{path_p}.cards.{i}"
                    if not sc.mapping(card, cp, ("id", "text", "effects"), (), node["cards"], i):
                        continue
                    if not (sc.string(card, "id", f"{cp}.id", slug=True) and sc.string(card, "text", f"{cp}.text")):
                        continue
                    if card["id"] in seen:
                        pr.at(card, "id", f"{cp}.id", f"duplicate card id {card['id']!r} (also in {seen[card['id']]})")
                        continue
                    seen[card["id"]] = pile
                    effects = check_effects(card, "effects", f"{cp}.effects", pr, kinds)
                    if not card["effects"]:
                        pr.at(card, "effects", f"{cp}.effects", "a card needs at least one effect")
                    cards.append(Card(card["id"], pile, card["text"], effects))
    problems_out.extend(pr.items)
    return tuple(cards)


def _load_events(path: Path, problems_out: list[str]) -> dict:
    data, pr, sc = read_checked(path, DataError)
    out: dict[str, EventKind] = {}
    if check_header(data, pr, "tdream-events") and sc.mapping(data, "", ("format", "version", "kinds"), ("source",)):
        kinds = data["kinds"]
        if sc.mapping(kinds, "kinds", (), tuple(kinds) if isinstance(kinds, dict) else (), data, "kinds"):
            names = set(BUILTIN_EVENTS) | set(kinds)
            for kid, node in kinds.items():
                kp = f"kinds.{kid}"
                if not is_slug(kid) or kid in BUILTIN_EVENTS or kid == "line":
                    pr.at(kinds, kid, kp, "an Event kind id must be a new slug (not start, card, jackpot, slot, line)")
                    continue
                if not sc.mapping(node, kp, ("name", "host", "text", "effects"), (), kinds, kid):
                    continue
                ok = sc.string(node, "name", f"{kp}.name") & sc.string(node, "text", f"{kp}.text") \
                    & sc.string(node, "host", f"{kp}.host", choices=("taxi-driver", "old-man", "none"))
                effects = check_effects(node, "effects", f"{kp}.effects", pr, names)
                if ok:
                    out[kid] = EventKind(kid, node["name"], node["host"], node["text"], effects)
    problems_out.extend(pr.items)
    return out


def _load_slot(path: Path, problems_out: list[str], kinds: set[str]) -> Slot | None:
    data, pr, sc = read_checked(path, DataError)
    slot = None
    if check_header(data, pr, "tdream-slot") and sc.mapping(data, "", ("format", "version", "symbols", "reels", "prizes"), ("source",)):
        symbols = data["symbols"]
        if not isinstance(symbols, list):
            symbols = []
            sc.sequence(data, "symbols", "symbols")
        else:
            for i, s in enumerate(symbols):
                if not is_slug(s):
                    pr.at(symbols, i, f"symbols.{i}", f"{short(s)} is not a symbol id")
            names = [s for s in symbols if isinstance(s, str)]
            if len(set(names)) != len(names):
                pr.at(data, "symbols", "symbols", "a symbol is listed twice")
        reels = data["reels"]
        if sc.sequence(data, "reels", "reels"):
            if len(reels) != 4:
                pr.at(data, "reels", "reels", f"{len(reels)} reels; the slot machine has 4 (R5.4)")
            for i, strip in enumerate(reels):
                if not isinstance(strip, list) or not strip:
                    pr.at(reels, i, f"reels.{i}", "each reel is a non-empty list of symbols")
                    continue
                for j, s in enumerate(strip):
                    if not isinstance(s, str) or s not in symbols:
                        pr.at(strip, j, f"reels.{i}.{j}", f"unknown symbol {short(s)}")
        prizes_node = data["prizes"]
        prizes: dict = {}
        valid = tuple(dict.fromkeys(s for s in symbols if isinstance(s, str)))
        if sc.mapping(prizes_node, "prizes", valid, (), data, "prizes"):
            for s in valid:
                node = prizes_node[s]
                sp = f"prizes.{s}"
                if not sc.mapping(node, sp, (1, 2, 3, 4), (), prizes_node, s):
                    continue
                prizes[s] = {m: check_effects(node, m, f"{sp}.{m}", pr, kinds) for m in (1, 2, 3, 4)}
        if not pr:
            slot = Slot(tuple(symbols), tuple(tuple(r) for r in reels), prizes)
    problems_out.extend(pr.items)
    return slot


def load_ruleset(path: Path | str | None = None) -> Ruleset:
    """The ruleset with its cards, slot and Event kinds. Raises DataError listing every problem."""
    path = Path(path) if path else DEFAULT_RULESET
    data, pr, sc = read_checked(path, DataError)
    if not check_header(data, pr, "tdream-ruleset"):
        pr.raise_if_any()
    top = ("format", "version", "id", "options", "fees", "limits", "bonus", "die_sides", "cards", "slot",
           "events", "companies")
    sc.mapping(data, "", top, ("name", "source", "earlier_hashes"))
    pr.raise_if_any()
    sc.string(data, "id", "id", slug=True)
    opts = data["options"]
    if sc.mapping(opts, "options", tuple(DEFAULT_OPTIONS), (), data, "options"):
        check_options(opts, "options", pr, sc, unknown=False)
    fees, limits, bonus = data["fees"], data["limits"], data["bonus"]
    fee_keys = ("base", "tower", "grand_tower", "tower_floors", "grand_tower_floors")
    limit_keys = ("sell_floors", "sell_percent", "forced_percent", "build_floors", "max_floors", "unabsorbable_level")
    for node, key, keys in ((fees, "fees", fee_keys), (limits, "limits", limit_keys), (bonus, "bonus", ("base", "multiplier"))):
        if sc.mapping(node, key, keys, (), data, key):
            for k in keys:
                sc.integer(node, k, f"{key}.{k}", lo=0, hi=1_000_000)
    sc.integer(data, "die_sides", "die_sides", lo=2, hi=100)
    companies = []
    if sc.sequence(data, "companies", "companies"):
        ids = set()
        for i, c in enumerate(data["companies"]):
            cp = f"companies.{i}"
            if not sc.mapping(c, cp, ("id", "name", "business", "prices"), ("source",), data["companies"], i):
                continue
            if not (sc.string(c, "id", f"{cp}.id", slug=True) and sc.string(c, "name", f"{cp}.name")
                    and sc.string(c, "business", f"{cp}.business")):
                continue
            if c["id"] in ids:
                pr.at(c, "id", f"{cp}.id", f"duplicate Company id {c['id']!r}")
            ids.add(c["id"])
            prices = c["prices"]
            if not sc.mapping(prices, f"{cp}.prices", tuple(range(2, 41)), (), c, "prices"):
                continue
            table = [0, 0]
            for level in range(2, 41):
                if sc.integer(prices, level, f"{cp}.prices.{level}", lo=1, hi=1_000_000):
                    table.append(prices[level])
                else:
                    table.append(0)
            if any(b < a for a, b in zip(table[2:], table[3:])):
                pr.at(c, "prices", f"{cp}.prices", "a price falls as the Level rises (R8.3: the price rises as it grows)")
            companies.append(CompanySpec(c["id"], c["name"], tuple(table), c["business"]))
        if len(data["companies"]) != 9:
            pr.at(data, "companies", "companies", f"{len(data['companies'])} Companies; the game has nine (R7.4)")
    files = {}
    for key in ("cards", "slot", "events"):
        if sc.string(data, key, key):
            files[key] = path.parent / data[key]
    pr.raise_if_any()
    problems: list[str] = []
    event_kinds = _load_events(files["events"], problems)
    kinds = set(BUILTIN_EVENTS) | set(event_kinds)
    cards = _load_cards(files["cards"], problems, kinds)
    slot = _load_slot(files["slot"], problems, kinds)
    if problems or slot is None:
        raise DataError(problems)
    opts = dict(DEFAULT_OPTIONS)
    opts.update(data["options"])
    rules = {"id": data["id"], "options": opts, "fees": dict(fees), "limits": dict(limits), "bonus": dict(bonus),
             "die_sides": data["die_sides"], "companies": [[c.id, list(c.prices)] for c in companies],
             "cards": [[c.id, c.pile, [list(e) for e in c.effects]] for c in cards],
             "slot": [list(slot.symbols), [list(r) for r in slot.reels],
                      {k: {str(n): [list(e) for e in v] for n, v in t.items()} for k, t in slot.prizes.items()}],
             "events": [[k, [list(e) for e in v.effects]] for k, v in sorted(event_kinds.items())]}
    content = hashlib.sha256(json.dumps(rules, sort_keys=True, separators=(",", ":"), default=str).encode())
    earlier = data.get("earlier_hashes") or {}
    hexes = re.compile(r"[0-9a-f]{16}")
    if not isinstance(earlier, dict) or not all(isinstance(k, str) and isinstance(v, str) and hexes.fullmatch(k)
                                                 and hexes.fullmatch(v) for k, v in earlier.items()):
        pr.at(data, "earlier_hashes", "earlier_hashes", "a mapping of 16-hex hashes to 16-hex hashes")
        pr.raise_if_any()
    return Ruleset(
        id=data["id"], data_hash=content.hexdigest()[:16], companies=tuple(companies), options=opts,
        earlier_hashes=dict(earlier),
        fee_base=fees["base"], fee_tower=fees["tower"], fee_grand_tower=fees["grand_tower"],
        tower_floors=fees["tower_floors"], grand_tower_floors=fees["grand_tower_floors"],
        sell_limit=limits["sell_floors"], sell_percent=limits["sell_percent"],
        forced_percent=limits["forced_percent"], build_limit=limits["build_floors"],
        max_floors=limits["max_floors"], unabsorbable_level=limits["unabsorbable_level"],
        bonus_base=bonus["base"], bonus_multiplier=bonus["multiplier"], die_sides=data["die_sides"],
        cards=cards, slot=slot, event_kinds=event_kinds,
    )


def check_options(opts, path: str, pr: Problems, sc: Schema, unknown: bool = True) -> None:
    """House-rule options (RULES.md section 10): each key known, each value of its type."""
    for k in opts:
        if unknown and k not in DEFAULT_OPTIONS:
            pr.at(opts, k, join(path, k), f"unknown option (known: {', '.join(DEFAULT_OPTIONS)})")
    if "starting_cash" in opts:
        sc.integer(opts, "starting_cash", join(path, "starting_cash"), lo=0, hi=10_000_000)
    if "salary" in opts:
        sc.integer(opts, "salary", join(path, "salary"), lo=0, hi=10_000_000)
    if "end_percent" in opts:
        sc.integer(opts, "end_percent", join(path, "end_percent"), lo=1, hi=100)
    if "players" in opts:
        sc.integer(opts, "players", join(path, "players"), lo=2, hi=4)
    if "build_scope" in opts:
        sc.string(opts, "build_scope", join(path, "build_scope"), choices=("any", "line"))
    if "max_rounds" in opts and opts["max_rounds"] is not None:
        sc.integer(opts, "max_rounds", join(path, "max_rounds"), lo=1, hi=100_000)


ORDER_FILE = "order.yaml"


def board_ids() -> list[str]:
    """The ids of the boards in ``boards/``, in the order ``boards/order.yaml`` gives (the
    cartridge's), then any others by id. Raises DataError for a bad order file."""
    folder = boards_dir()
    found = sorted(p.stem for p in folder.glob("*.yaml") if p.name != ORDER_FILE)
    order: list[str] = []
    path = folder / ORDER_FILE
    if path.exists():
        data, pr, sc = read_checked(path, DataError)
        if check_header(data, pr, "tdream-board-order") and sc.mapping(data, "", ("format", "version", "boards")) \
                and sc.sequence(data, "boards", "boards"):
            for i, b in enumerate(data["boards"]):
                if b not in found:
                    pr.at(data["boards"], i, f"boards.{i}", f"{short(b)}: no such board in {folder}")
                elif b in order:
                    pr.at(data["boards"], i, f"boards.{i}", f"{b} is named twice")
                else:
                    order.append(b)
        pr.raise_if_any()
    return order + [b for b in found if b not in order]


def load_board(ref: str | Path, ruleset: Ruleset) -> Board:
    """A board by id (from ``boards/``) or by path. Raises DataError listing every problem."""
    ref = str(ref)
    path = Path(ref) if ref.endswith(".yaml") or os.sep in ref else boards_dir() / f"{ref}.yaml"
    if not path.exists():
        known = ", ".join(board_ids())
        raise DataError([f"{path}:0: no such board (known: {known})"])
    data, pr, sc = read_checked(path, DataError)
    if not check_header(data, pr, "tdream-board"):
        pr.raise_if_any()
    if not sc.mapping(data, "", ("format", "version", "id", "name", "luck", "levels"), ("source", "description", "link")):
        pr.raise_if_any()
    sc.string(data, "id", "id", slug=True)
    if isinstance(data["id"], str) and data["id"] != path.stem:
        pr.at(data, "id", "id", f"{data['id']!r} must equal the file name {path.stem!r}")
    sc.string(data, "name", "name")
    sc.string(data, "luck", "luck", choices=("low", "medium", "high"))
    if "description" in data:
        sc.string(data, "description", "description")
    levels = data["levels"]
    if sc.sequence(data, "levels", "levels"):
        for i, level in enumerate(levels):
            lp = f"levels.{i}"
            if not sc.mapping(level, lp, ("map",), ("events",), levels, i):
                continue
            rows = level["map"]
            if not isinstance(rows, list) or not all(isinstance(r, str) for r in rows):
                pr.at(level, "map", f"{lp}.map", "must be a list of text rows ('.' a Land, '#' blocked)")
            ev_node = level.get("events")
            if ev_node is not None and not isinstance(ev_node, dict):
                pr.at(level, "events", f"{lp}.events", f"must be a mapping of ring index to kind, not {type_name(ev_node)}")
    if "link" in data and data["link"] is not None:
        link = data["link"]
        if sc.mapping(link, "link", ("lower", "upper"), (), data, "link"):
            sc.integer(link, "lower", "link.lower", lo=0)
            sc.integer(link, "upper", "link.upper", lo=0)
    pr.raise_if_any()
    board, problems = build_board(data, set(ruleset.event_kinds))
    for key_path, what in problems:
        node, key = _locate(data, key_path)
        pr.at(node, key, key_path, what)
    pr.raise_if_any()
    assert board is not None            # build_board gives None only with problems, raised above
    return board


def _locate(data, key_path: str):
    """The node and key of a dotted path, for its line number."""
    node, key = data, None
    parts = key_path.split(".")
    for i, part in enumerate(parts):
        k = int(part) if part.lstrip("-").isdigit() else part
        if isinstance(node, dict) and k in node:
            if i == len(parts) - 1:
                return node, k
            node = node[k]
        elif isinstance(node, list) and isinstance(k, int) and 0 <= k < len(node):
            if i == len(parts) - 1:
                return node, k
            node = node[k]
        else:
            return node, None
    return node, key

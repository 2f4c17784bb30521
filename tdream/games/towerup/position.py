"""Setting up a Tower Up match at a given position (scenario files, FORMATS.md section 6).

The position is the JSON that ``scenario.TowerUpScenarios.read_position`` makes of a scenario's
keys: ``data`` (the inline ``city``/``cards``/``tracks`` or the shipped ids), ``sites``, ``stock``,
``roofs``, ``vehicles``, ``market``, ``deck``, ``objectives``, ``chips``, ``supply`` and
``to_move``, names and colours as written. A position that gives none of sites, stock, roofs,
vehicles, market, deck, chips or to_move is a fresh set-up (E1): the seeded draws of UG1.5 and
UG2.2, then the chance points of U2.1 and UG2.1 and the choices of UG1.1, with ``supply`` and
``objectives`` (when given) in place of the full supply and the drawn objectives.

Everything not listed is empty: no floors, no chips, vehicles on column 0, a full set of roofs
and a full supply of each colour not named. A deck listed is in that order (top first) and the
cards of the set in neither market nor deck are in the discards; with no deck listed, every card
not in the market is in the deck, in no order. Impossible parts raise ``PositionError`` with
every problem by key path.
"""
from __future__ import annotations

from ...platform.protocol import PositionError
from .data import COLOUR_INDEX, COLOURS, InlineDataError, city_for, make_rules
from .match import MARKET, TOP, TowerUpMatch

SETUP_KEYS = ("sites", "stock", "roofs", "vehicles", "market", "deck", "chips", "to_move")


def rules_for(position_data: dict, seats: int):
    """The Rules of a position's ``data`` (missing parts: the shipped ones for ``seats``)."""
    spec = {"city": position_data.get("city") or city_for(seats), "cards": position_data.get("cards", "standard"),
            "tracks": position_data.get("tracks", "standard")}
    if "later_floors" in position_data:                 # a scenario's own set-up counts (UG1.1)
        spec["later_floors"] = position_data["later_floors"]
    try:
        return make_rules(spec)
    except InlineDataError as e:
        raise PositionError(e.problems) from None


def from_position(position: dict, names: list[str], options: dict, seed: int):
    """(match, events) at ``position``. Raises PositionError."""
    n = len(names)
    rules = rules_for(position.get("data") or {}, n)
    problems: list[tuple[tuple, str]] = []
    seat_of = {nm: i for i, nm in enumerate(names)}
    supply = None
    if "supply" in position:
        supply = [rules.components.supply_for(n)] * 4
        for c, v in position["supply"].items():
            if c not in COLOUR_INDEX:
                problems.append((("supply", c), f"not a colour ({', '.join(COLOURS)})"))
            elif not isinstance(v, int) or isinstance(v, bool) or v < 0:
                problems.append((("supply", c), f"must be a whole number >= 0, not {v!r}"))
            else:
                supply[COLOUR_INDEX[c]] = v
    objectives = None
    if "objectives" in position:
        objectives = []
        for i, oid in enumerate(position["objectives"]):
            if oid not in rules.objectives:
                problems.append((("objectives", i), f"unknown objective {oid!r} (known: {', '.join(rules.objectives)})"))
            elif oid in objectives:
                problems.append((("objectives", i), f"{oid} is listed twice"))
            else:
                objectives.append(oid)
    if not any(k in position for k in SETUP_KEYS):
        if problems:
            raise PositionError(problems)
        return TowerUpMatch.new(rules, names, options, seed, supply=supply, objectives=objectives)

    m = TowerUpMatch.blank(rules, names, options, seed)
    city = rules.city
    if supply is not None:
        m.supply = supply
    m._set_objectives(objectives or [])

    def seat(name, path) -> int | None:
        if name not in seat_of:
            problems.append((path, f"unknown player {name!r} (players: {', '.join(names)})"))
            return None
        return seat_of[name]

    for sid, spec in (position.get("sites") or {}).items():
        sp = ("sites", sid)
        if sid not in city.index:
            problems.append((sp, f"no site {sid} in the city"))
            continue
        s = city.index[sid]
        floors = spec.get("floors", [])
        roofs = spec.get("roofs", [None] * len(floors))
        cols = []
        for i, c in enumerate(floors):
            if c not in COLOUR_INDEX:
                problems.append((sp + ("floors", i), f"{c!r} is not a colour ({', '.join(COLOURS)})"))
            else:
                cols.append(COLOUR_INDEX[c])
        if len(roofs) != len(floors):
            problems.append((sp + ("roofs",), f"{len(roofs)} roofs for {len(floors)} floors: one owner (or null) "
                                              f"a floor, bottom first"))
            continue
        owners = []
        for i, o in enumerate(roofs):
            if o is None:
                owners.append(-1)
            else:
                q = seat(o, sp + ("roofs", i))
                owners.append(q if q is not None else -1)
        if len(cols) == len(floors):
            m.fl[s] = cols
            m.rf[s] = owners

    def per_seat(key, fn) -> None:
        for name, value in (position.get(key) or {}).items():
            q = seat(name, (key, name))
            if q is not None:
                fn(q, value, (key, name))

    def colours(q, value, path, target, hi) -> None:
        for c, v in value.items():
            if c not in COLOUR_INDEX:
                problems.append((path + (c,), f"not a colour ({', '.join(COLOURS)})"))
            elif not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= hi:
                problems.append((path + (c,), f"must be a whole number 0..{hi}, not {v!r}"))
            else:
                target[q][COLOUR_INDEX[c]] = v

    per_seat("stock", lambda q, v, p: colours(q, v, p, m.stock, 99))
    per_seat("vehicles", lambda q, v, p: colours(q, v, p, m.veh, TOP))

    def roofs_left(q, v, path) -> None:
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 99:
            problems.append((path, f"must be a whole number 0..99, not {v!r}"))
        else:
            m.left[q] = v
    per_seat("roofs", roofs_left)

    all_cards = list(rules.card_ids)
    placed: dict[str, tuple] = {}
    piles: dict[str, list[str]] = {"market": [], "deck": []}        # each card in one of them at most
    for pile, cards in piles.items():
        for i, cid in enumerate(position.get(pile) or []):
            if cid not in rules.cards:
                problems.append(((pile, i), f"unknown card {cid!r}"))
            elif cid in placed:
                problems.append(((pile, i), f"{cid} is " + ("listed twice" if pile == "market"
                                                             else f"already in the {placed[cid][0]}")))
            else:
                placed[cid] = (pile, i)
                cards.append(cid)
        if pile == "market" and len(position.get("market") or []) > MARKET:
            problems.append((("market",), f"{len(position['market'])} cards; the market holds {MARKET} (U2.1)"))
    m.market = piles["market"]
    if "deck" in position:
        m.deck = piles["deck"]
        m.stacked = True                                             # E2
        m.discards = sorted(c for c in all_cards if c not in placed)
    else:
        m.deck = sorted(c for c in all_cards if c not in placed)
        m.discards = []

    def chips(q, value, path) -> None:
        if isinstance(value, list):
            for i, v in enumerate(value):
                if not isinstance(v, int) or isinstance(v, bool) or v <= 0:
                    problems.append((path + (i,), f"a chip is a whole number > 0, not {v!r}"))
                else:
                    m.chips[q].append([None, v])
            return
        for oid, v in value.items():
            if oid not in m.objectives:
                problems.append((path + (oid,), f"{oid} is not one of this game's objectives "
                                                f"({', '.join(m.objectives) or 'none'})"))
                continue
            j = m.objectives.index(oid)
            if v not in m.chips_left[j]:
                problems.append((path + (oid,), f"{oid} has no {v} chip left (left: {m.chips_left[j]})"))
                continue
            m.chips_left[j].remove(v)
            m.chips[q].append([oid, v])
    per_seat("chips", chips)

    to_move = 0
    if "to_move" in position:
        q = seat(position["to_move"], ("to_move",))
        to_move = q if q is not None else 0
    if problems:
        raise PositionError(problems)
    m.to_move = to_move
    m.derive()                                                       # the sites were set wholesale
    out: list = []
    m.setup = "position"
    m._refill(out)
    if m.phase != "deal":
        m.setup = ""
        m._start_turn(to_move, False, out)
    return m, out


__all__ = ["from_position", "rules_for", "SETUP_KEYS"]

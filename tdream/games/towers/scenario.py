"""Towers' part of scenario files and game records (FORMATS.md sections 2 and 6).

Position keys: ``towers: {c4: {owner: A, size: 3}}``, ``double_turns: {A: 2}`` (declarations
left), ``to_move: A``. Steps: ``pick: {A: 3, B: 7}``, ``place: {square: c4, size: 2}``,
``pass: A``, ``declare: B``, ``end: yes|no``, ``demolish: c4``; no chance. Expect keys:
``towers`` (a square ``none`` when empty; ``{owner, size}``, either alone), ``claimed`` (``{A:
[a1, ...]}``: the whole set A claims; ``none: [h8]``: squares that must be empty and unclaimed;
as ``match.territory()`` says, TG7.3 included),
``score`` (``{A: 12}``, T6.2 now), ``double_turns``, ``to_move``.

A well-formed square off the board is an illegal answer in a step (TG1.1) and an impossible
set-up in a position (``PositionError``, raised by ``Towers.load_position``); a malformed one
is a bad file (``ValueError`` from ``read_step``).
"""
from __future__ import annotations

from ...platform.protocol import ScenarioAdapter
from ...platform.scenario import flow, per_player, per_player_diffs
from ...values import whole
from ...yamlio import short, type_name
from . import board as bd
from .answers import DECLARE, END_NO, END_YES, PASS, STEP_KEYS, Declare, Demolish, End, Pass, Pick, Place

TOWER_KEYS = ("owner", "size")


def _square(value, what: str) -> str:
    if not bd.well_formed(value):
        raise ValueError(f"{what} must be a square like c4 (a column letter, a row number), not {short(value)}")
    return value


def _seat(value, ctx, what: str) -> int:
    if not isinstance(value, str) or value not in ctx.seat_of:
        raise ValueError(f"{what} names a player ({', '.join(ctx.names)}), not {short(value)}")
    return ctx.seat_of[value]


def yes_no(value, what: str) -> bool:
    """FORMATS.md: every yes/no answer takes yes/no or true/false."""
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in ("yes", "true"):
        return True
    if isinstance(value, str) and value.lower() in ("no", "false"):
        return False
    raise ValueError(f"{what} is yes or no, not {short(value)}")


class TowersScenarios(ScenarioAdapter):
    position_keys = ("towers", "double_turns", "to_move")
    player_keys = ()
    step_keys = STEP_KEYS
    expect_keys = ("towers", "claimed", "score", "double_turns", "to_move")
    rule_pattern = r"^TG?\d+(\.\d+)?$"

    # ---------------------------------------------------------------- position
    def read_position(self, ctx, players) -> dict:
        data, pr, sc = ctx.data, ctx.pr, ctx.sc
        seat_of, names = ctx.seat_of, ctx.names
        towers = []
        node = data.get("towers") or {}
        if "towers" in data and not isinstance(node, dict):
            pr.at(data, "towers", "towers", f"must be a mapping of square to {{owner, size}}, not {type_name(node)}")
            node = {}
        for sq, spec in node.items():
            tp = f"towers.{sq}"
            if not isinstance(sq, str):
                pr.at(node, sq, tp, f"a square is named like c4, not {short(sq)}")
                continue
            if not sc.mapping(spec, tp, TOWER_KEYS, (), node, sq):
                continue
            ok = True
            if spec["owner"] not in seat_of:
                pr.at(spec, "owner", f"{tp}.owner", f"unknown player {short(spec['owner'])} (players: {', '.join(names)})")
                ok = False
            if not sc.integer(spec, "size", f"{tp}.size"):
                ok = False
            if ok:
                towers.append([sq, seat_of[spec["owner"]], spec["size"]])
        doubles: dict = {}
        dnode = data.get("double_turns") or {}
        if "double_turns" in data and not isinstance(dnode, dict):
            pr.at(data, "double_turns", "double_turns", f"must be a mapping of player to a number, not {type_name(dnode)}")
            dnode = {}
        for name, n in dnode.items():
            if name not in seat_of:
                pr.at(dnode, name, f"double_turns.{name}", f"unknown player (players: {', '.join(names)})")
            elif sc.integer(dnode, name, f"double_turns.{name}"):
                doubles[name] = n
        to_move = None
        if "to_move" in data:
            if data["to_move"] not in seat_of:
                pr.at(data, "to_move", "to_move", f"unknown player {short(data['to_move'])} (players: {', '.join(names)})")
            else:
                to_move = data["to_move"]
        return {"towers": towers, "double_turns": doubles, "to_move": to_move}

    # ---------------------------------------------------------------- steps
    def read_step(self, key, value, ctx):
        if key == "pick":
            if not isinstance(value, dict) or not value:
                raise ValueError(f"pick takes each player's secret pick, like {{A: 3, B: 7}}, not {short(value)}")
            return [(_seat(name, ctx, "pick"), Pick(whole(n, f"the pick of {name}"))) for name, n in value.items()]
        if key == "place":
            if not isinstance(value, dict) or set(value) != {"square", "size"}:
                raise ValueError(f"place takes {{square: c4, size: 2}}, not {short(value)}")
            return [(None, Place(_square(value["square"], "place square"), whole(value["size"], "place size")))]
        if key == "pass":
            return [(_seat(value, ctx, "pass"), PASS)]
        if key == "declare":
            return [(_seat(value, ctx, "declare"), DECLARE)]
        if key == "demolish":
            return [(None, Demolish(_square(value, "demolish")))]
        if key == "end":
            return [(None, END_YES if yes_no(value, "end") else END_NO)]
        raise ValueError(f"unknown step kind {key!r} (known: {', '.join(STEP_KEYS)})")

    def step_text(self, answer, seat, match) -> dict:
        t = type(answer)
        if t is Pick:
            return {"pick": {match.names[seat]: answer.size}}
        if t in (Pass, Declare):
            return {answer.step: match.names[seat]}
        if t in (Place, Demolish, End):
            return {answer.step: answer.to_step()}
        raise ValueError(f"not a Towers answer: {answer!r}")

    # ---------------------------------------------------------------- expect
    def check_expect(self, value, path, ctx) -> None:
        pr, sc, seat_of, names = ctx.pr, ctx.sc, ctx.seat_of, ctx.names

        def table(key):
            node = value.get(key)
            if key in value and not isinstance(node, dict):
                pr.at(value, key, f"{path}.{key}", f"must be a mapping, not {type_name(node)}")
                return {}
            return node or {}

        node = table("towers")
        for sq, spec in node.items():
            tp = f"{path}.towers.{sq}"
            if not bd.well_formed(sq):
                pr.at(node, sq, tp, f"a square is named like c4, not {short(sq)}")
                continue
            if spec == "none" or spec is None:
                continue
            if not sc.mapping(spec, tp, (), TOWER_KEYS, node, sq):
                continue
            if "owner" in spec and spec["owner"] not in seat_of:
                pr.at(spec, "owner", f"{tp}.owner", f"unknown player {short(spec['owner'])}")
            if "size" in spec:
                sc.integer(spec, "size", f"{tp}.size")
        node = table("claimed")
        for who, squares in node.items():
            cp = f"{path}.claimed.{who}"
            if who not in seat_of and who != "none":
                pr.at(node, who, cp, f"unknown player {short(who)} (players: {', '.join(names)}, or none)")
                continue
            if not isinstance(squares, list) or not all(bd.well_formed(s) for s in squares):
                pr.at(node, who, cp, "must be a list of squares, like [a1, b2]")
        for key in ("score", "double_turns"):
            for node, who, _, wp in per_player(value, key, path, ctx, "number"):
                sc.integer(node, who, wp)
        if "to_move" in value and value["to_move"] not in seat_of:
            pr.at(value, "to_move", f"{path}.to_move", f"unknown player {short(value['to_move'])}")

    def compare(self, match, expect: dict, names: list[str]) -> list[str]:
        seat_of = {n: i for i, n in enumerate(names)}
        diffs: list[str] = []
        geo = match.geo
        for sq, spec in (expect.get("towers") or {}).items():
            if sq not in geo.index:
                diffs.append(f"towers.{sq}: no such square on the {match.n}x{match.n} board")
                continue
            got = match.tower(sq)
            if spec in ("none", None):
                if got is not None:
                    diffs.append(f"towers.{sq}: expected none, got {names[got[0]]}'s {got[1]}")
                continue
            if got is None:
                diffs.append(f"towers.{sq}: expected {flow(spec)}, got none")
                continue
            if "owner" in spec and names[got[0]] != spec["owner"]:
                diffs.append(f"towers.{sq}.owner: expected {spec['owner']}, got {names[got[0]]}")
            if "size" in spec and got[1] != spec["size"]:
                diffs.append(f"towers.{sq}.size: expected {spec['size']}, got {got[1]}")
        if "claimed" in expect:
            territory = match.territory()           # T4.1, TG4.2 and TG7.3 (a demolition's square in its turn)
            claims = [bd.EMPTY if territory[name] is None else territory[name] for name in geo.names]
            for who, squares in expect["claimed"].items():
                if who == "none":
                    for sq in squares:
                        i = geo.index.get(sq)
                        if i is None:
                            diffs.append(f"claimed.none: no square {sq} on the board")
                        elif match.owner[i] != bd.EMPTY:
                            diffs.append(f"claimed.none: {sq} holds a tower, not territory")
                        elif claims[i] != bd.EMPTY:
                            diffs.append(f"claimed.none: {sq} is claimed by {names[claims[i]]}")
                    continue
                seat = seat_of[who]
                got = sorted((geo.names[i] for i in range(geo.cells) if claims[i] == seat), key=geo.index.get)
                want = sorted(squares, key=lambda s: (geo.index.get(s, 10_000), s))
                if got != want:
                    diffs.append(f"claimed.{who}: expected {flow(want)}, got {flow(got)}")
        diffs += per_player_diffs(expect, "score", names, match.scores().__getitem__)
        diffs += per_player_diffs(expect, "double_turns", names, match.double_turns_left)
        if "to_move" in expect and names[match.to_move] != expect["to_move"]:
            diffs.append(f"to_move: expected {expect['to_move']}, got {names[match.to_move]}")
        return diffs


__all__ = ["TowersScenarios", "yes_no"]

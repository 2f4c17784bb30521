"""CAT TOWER's part of scenario files and game records (FORMATS.md section 6, the ``cattower`` row).

Position keys: ``sheets: {A: {t3f2: mouse}}``, ``footprints: {A: 2}``, ``houses: {A: [mouse]}``
or ``{A: {mouse: 15}}`` (the goods chosen; a list scores them 0), ``completed: {A: [2]}`` or
``{A: {2: 15}}`` (towers completed; a list scores them 0), ``firsts: [2]`` (towers whose left
value is gone; by default every completed tower), ``parent`` (by default drawn at random, CG2.3)
and ``round`` (default 1). A scenario starts at the round's roll.

Steps: ``roll: [4, 1, 6]``; ``draft: {A: 4}``; ``draw: {A: {good: 4, cell: t2f1, spend: [1, 0]},
B: pass}``; ``house: {A: felt}``. A step may give several seats' answers (in the order given), or
one answer without a seat (``draft: 4``, ``draw: pass``: the seat the game waits for first).

Expect keys: ``sheets`` (a cell ``none`` when empty), ``footprints``, ``completed`` (always a
list), ``score: {A: {total: 50, house: 15, ...}}`` (any of total, house, felt, butterfly, dishes,
cushion, mouse, towers), ``parent``.
"""
from __future__ import annotations

from ...platform.protocol import ScenarioAdapter
from ...platform.scenario import flow, per_player, per_player_diffs
from ...yamlio import short, type_name
from .answers import GOOD_OF, GOODS, answer_from_step, good_name, read_good
from .scoring import PARTS
from .sheet import parse_cell

SCORE_KEYS = ("total",) + PARTS
STEP_KEYS = ("roll", "draft", "draw", "house")


def _plain(value):
    """YAML nodes (with line numbers) as plain JSON data."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


class CatTowerScenarios(ScenarioAdapter):
    position_keys = ("sheets", "footprints", "houses", "completed", "firsts", "parent", "round")
    player_keys = ()
    step_keys = STEP_KEYS
    expect_keys = ("sheets", "footprints", "completed", "score", "parent")
    rule_pattern = r"^CG?\d+(\.\d+)?$"

    # ---------------------------------------------------------------- position
    def read_position(self, ctx, players) -> dict:
        data, pr = ctx.data, ctx.pr
        out: dict = {}
        for key in ("sheets", "footprints", "houses", "completed"):
            if key not in data:
                continue
            node = data[key]
            if node is None:
                continue
            if not isinstance(node, dict):
                pr.at(data, key, key, f"must be a mapping of player to ..., not {type_name(node)}")
                continue
            out[key] = {}
            for name, value in node.items():
                if key == "sheets" and not isinstance(value, dict):
                    if value is None:
                        value = {}
                    else:
                        pr.at(node, name, f"{key}.{name}", f"must be a mapping of cell to good, not {type_name(value)}")
                        continue
                if key == "houses":
                    value = self._pairs(value, node, name, key, ctx, "good")
                elif key == "completed":
                    value = self._pairs(value, node, name, key, ctx, "tower")
                if value is not None:
                    out[key][name] = _plain(value)
        if "firsts" in data:
            node = data["firsts"]
            if not isinstance(node, list):
                pr.at(data, "firsts", "firsts", f"must be a list of towers, not {type_name(node)}")
            else:
                out["firsts"] = _plain(node)
        if "parent" in data:
            out["parent"] = data["parent"]
        if "round" in data and ctx.sc.integer(data, "round", "round", lo=1, hi=100_000):
            out["round"] = data["round"]
        return out

    def _pairs(self, value, node, name, key: str, ctx, what: str):
        """A list (points 0) or a mapping (its points) as [[item, points], ...]."""
        if isinstance(value, list):
            return [[v, 0] for v in value]
        if isinstance(value, dict):
            return [[k, v] for k, v in value.items()]
        ctx.pr.at(node, name, f"{key}.{name}", f"must be a list of {what}s or a mapping of {what} to points, "
                                              f"not {type_name(value)}")
        return None

    def position_seats(self, position: dict) -> list[str] | None:
        return None

    # ---------------------------------------------------------------- steps
    def read_step(self, key, value, ctx):
        if key not in STEP_KEYS:
            raise ValueError(f"unknown step kind {key!r} (known: {', '.join(STEP_KEYS)})")
        if key == "roll":
            return [(None, answer_from_step("roll", value))]
        seated = isinstance(value, dict) and bool(value) and not (key == "draw" and {"good", "cell"} & set(value))
        if not seated:
            return [(None, answer_from_step(key, value))]
        out = []
        for name, v in value.items():
            if name not in ctx.seat_of:
                raise ValueError(f"unknown player {short(name)} (players: {', '.join(ctx.names)})")
            out.append((ctx.seat_of[name], answer_from_step(key, v)))
        return out

    def step_text(self, answer, seat, match) -> dict:
        if answer.kind == "roll":
            return {"roll": answer.to_step()}
        return {answer.kind: {match.names[seat]: answer.to_step()}}

    def none_answer(self, match, aw):
        return None         # every point of CAT TOWER is answered by a step (a draw's pass included)

    # ---------------------------------------------------------------- expect
    def check_expect(self, value, path, ctx) -> None:
        pr, sc, seat_of = ctx.pr, ctx.sc, ctx.seat_of
        for node, p, spec, sp in per_player(value, "sheets", path, ctx):
            if not isinstance(spec, dict):
                pr.at(node, p, sp, f"must be a mapping of cell to good or none, not {type_name(spec)}")
                continue
            for cell, good in spec.items():
                if parse_cell(cell) is None:
                    pr.at(spec, cell, f"{sp}.{cell}", f"{short(cell)} is not a cell name like t3f2")
                elif not ctx.game.sheet().has(cell):
                    pr.at(spec, cell, f"{sp}.{cell}", "not on the sheet")
                elif good != "none" and good not in GOOD_OF:
                    pr.at(spec, cell, f"{sp}.{cell}", f"unknown good {short(good)} (goods: {', '.join(GOODS)}, none)")
        for node, p, n, sp in per_player(value, "footprints", path, ctx):
            if isinstance(n, bool) or not isinstance(n, int):
                pr.at(node, p, sp, f"must be a whole number, not {short(n)}")
        for node, p, towers, sp in per_player(value, "completed", path, ctx):
            if not isinstance(towers, list) or not all(isinstance(t, int) and not isinstance(t, bool) for t in towers):
                pr.at(node, p, sp, f"must be a list of tower numbers, not {short(towers)}")
        for node, p, spec, sp in per_player(value, "score", path, ctx):
            if not sc.mapping(spec, sp, (), SCORE_KEYS, node, p):
                continue
            for k, n in spec.items():
                if k in SCORE_KEYS and (isinstance(n, bool) or not isinstance(n, int)):
                    pr.at(spec, k, f"{sp}.{k}", f"must be a whole number, not {short(n)}")
        if "parent" in value and (not isinstance(value["parent"], str) or value["parent"] not in seat_of):
            pr.at(value, "parent", f"{path}.parent", f"unknown player {short(value['parent'])}")

    def compare(self, match, expect: dict, names: list[str]) -> list[str]:
        seat_of = {n: i for i, n in enumerate(names)}
        diffs: list[str] = []
        for p, spec in (expect.get("sheets") or {}).items():
            s = seat_of[p]
            for cell, want in spec.items():
                got = match.cell(s, cell)
                have = good_name(got) if got else "none"
                if have != want:
                    diffs.append(f"sheets.{p}.{cell}: expected {want}, got {have}")
        diffs += per_player_diffs(expect, "footprints", names, match.footprints.__getitem__, "{key}.{name}")
        for p, want in (expect.get("completed") or {}).items():
            got = sorted(match.towers_done(seat_of[p]))
            if got != sorted(want):
                diffs.append(f"completed.{p}: expected {flow(sorted(want))}, got {flow(got)}")
        if "score" in expect:
            rows = match.breakdown()
            for p, spec in expect["score"].items():
                row = rows[seat_of[p]]
                for k, want in spec.items():
                    if row[k] != want:
                        diffs.append(f"score.{p}.{k}: expected {want}, got {row[k]}")
        if "parent" in expect and names[match.parent] != expect["parent"]:
            diffs.append(f"parent: expected {expect['parent']}, got {names[match.parent]}")
        return diffs


__all__ = ["CatTowerScenarios", "SCORE_KEYS", "STEP_KEYS", "read_good"]

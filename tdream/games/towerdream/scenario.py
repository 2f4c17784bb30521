"""Tower Dream's part of scenario files and game records (FORMATS.md section 2).

The position keys (``board``, ``round``, ``to_move``, ``jackpot``, ``lands``, ``companies``, and
each seat's ``cash`` and ``at``), the steps (``answers.answer_from_step``) and the expect keys
(``cash``, ``at``, ``lands``, ``companies``, ``jackpot``, ``to_move``, ``broke``, ``wealth``,
``round``) of RULES.md's game.
"""
from __future__ import annotations

from .rules import BANK, VACANT
from .rules.answers import KINDS, NO_BUILD, NO_SELL, answer_from_step
from .rules.ruleset import PILES
from ...platform.protocol import ScenarioAdapter
from ...platform.scenario import SafeDict, flow, per_player, per_player_diffs
from ...yamlio import short, type_name

LAND_EXPECT_KEYS = ("owner", "floors", "company", "mark")
COMPANY_EXPECT_KEYS = ("level", "price", "top", "sub", "mark", "floors")


class TowerDreamScenarios(ScenarioAdapter):
    position_keys = ("board", "round", "to_move", "jackpot", "lands", "companies")
    player_keys = ("cash", "at")
    step_keys = KINDS
    steps_name_seats = False      # no step names a player
    expect_keys = ("cash", "at", "lands", "companies", "jackpot", "to_move", "broke", "wealth", "round")
    rule_pattern = r"^[RG]\d+(\.\d+)?$"

    # ---------------------------------------------------------------- position
    def read_position(self, ctx, players) -> dict:
        data, pr, sc = ctx.data, ctx.pr, ctx.sc
        rs = ctx.game.ruleset()
        board = None
        if "board" not in data:
            pr.at(data, None, "board", "missing")
        elif sc.string(data, "board", "board"):
            if data["board"] not in ctx.game.board_ids():
                pr.at(data, "board", "board", f"unknown board {data['board']!r}"
                      if "/" not in data["board"] else "a board id, not a path")
            else:
                board = ctx.game.board(data["board"])
        seat_of = ctx.seat_of
        names = ctx.names

        def player_ref(node, key, path, allow=()):
            value = node[key]
            if value in allow:
                return {"bank": BANK, "none": VACANT}[value]
            if value not in seat_of:
                extra = " or " + " or ".join(allow) if allow else ""
                pr.at(node, key, path, f"unknown player {short(value)} (players: {', '.join(names)}{extra})")
                return None
            return seat_of[value]

        seats = []
        for i, seat in enumerate(players):
            entry = {"name": seat["name"]}
            sp = f"players.{i}"
            if "cash" in seat and sc.integer(seat, "cash", f"{sp}.cash", lo=0, hi=10**12):
                entry["cash"] = seat["cash"]
            if "at" in seat and board is not None and sc.integer(seat, "at", f"{sp}.at", lo=0, hi=board.road_length - 1):
                entry["at"] = seat["at"]
            seats.append(entry)
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

        def section(key: str, shape: str) -> dict:
            node = data.get(key) or {}
            if not isinstance(node, dict):
                pr.at(data, key, key, f"must be a mapping of {shape}, not {type_name(node)}")
                return {}
            return node

        land_names = SafeDict.fromkeys(board.land_names if board is not None else ())
        lands: dict[str, list] = {}
        lands_node = section("lands", "Land to {owner, floors}")
        for land, spec in lands_node.items():
            lp = f"lands.{land}"
            if board is None:
                break
            if land not in land_names:
                pr.at(lands_node, land, lp, f"no Land {land} on {board.id}")
                continue
            if not sc.mapping(spec, lp, ("owner",), ("floors",), lands_node, land):
                continue
            own = player_ref(spec, "owner", f"{lp}.owner", allow=("bank",))
            floors = 0
            if "floors" in spec and sc.integer(spec, "floors", f"{lp}.floors", lo=0, hi=99):
                floors = spec["floors"]
            if own is not None:
                lands[land] = [own, floors]
        companies: dict[str, str] = {}
        comp_node = section("companies", "Company to {mark: Land}")
        company_ids = [c.id for c in rs.companies]
        for cid, spec in comp_node.items():
            cp = f"companies.{cid}"
            if cid not in company_ids:
                pr.at(comp_node, cid, cp, f"unknown Company (known: {', '.join(company_ids)})")
                continue
            if not sc.mapping(spec, cp, ("mark",), (), comp_node, cid):
                continue
            if sc.string(spec, "mark", f"{cp}.mark") and board is not None:
                if spec["mark"] not in land_names:
                    pr.at(spec, "mark", f"{cp}.mark", f"no Land {spec['mark']} on {board.id}")
                elif spec["mark"] not in lands:
                    pr.at(spec, "mark", f"{cp}.mark", f"{spec['mark']} holds no Landmark")
                else:
                    companies[cid] = spec["mark"]
        return {"board": board.id if board is not None else "", "seats": seats, "round": rnd, "to_move": to_move,
                "jackpot": jackpot, "lands": lands, "companies": companies}

    def position_seats(self, position: dict) -> list[str] | None:
        return [s["name"] for s in position.get("seats", [])]

    # ---------------------------------------------------------------- steps
    def read_step(self, key, value, ctx):
        answer = answer_from_step(key, value)
        rs = ctx.game.ruleset()
        if key == "draw" and answer.card not in SafeDict.fromkeys(c.id for c in rs.cards):
            raise ValueError(f"unknown card {answer.card!r}")
        if key == "slot":
            for s in answer.symbols:
                if s not in rs.slot.symbols:
                    raise ValueError(f"unknown symbol {s!r} (symbols: {', '.join(rs.slot.symbols)})")
        if key == "pile" and answer.pile not in PILES:
            raise ValueError(f"unknown pile {answer.pile!r} ({', '.join(PILES)})")
        return [(None, answer)]

    def step_text(self, answer, seat, match) -> dict:
        return {answer.kind: answer.to_step()}

    def none_answer(self, match, aw):
        if aw.kind == "sell":
            return NO_SELL
        if aw.kind == "build":
            return NO_BUILD
        return None

    # ---------------------------------------------------------------- expect
    def check_expect(self, value, path, ctx) -> None:
        pr, sc, seat_of, names = ctx.pr, ctx.sc, ctx.seat_of, ctx.names
        board = ctx.game.board(ctx.data["board"]) if ctx.data.get("board") in ctx.game.board_ids() else None
        land_names = SafeDict.fromkeys(board.land_names if board is not None else ())
        company_ids = [c.id for c in ctx.game.ruleset().companies]
        for k in ("cash", "at", "wealth"):
            for node, p, n, np in per_player(value, k, path, ctx, "number"):
                if isinstance(n, bool) or not isinstance(n, int):
                    pr.at(node, p, np, f"must be a whole number, not {short(n)}")

        def entries(key: str):
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
        if "to_move" in value and value["to_move"] not in seat_of:
            pr.at(value, "to_move", f"{path}.to_move", f"unknown player {short(value['to_move'])}")
        if "broke" in value and value["broke"] not in seat_of and value["broke"] != "none":
            pr.at(value, "broke", f"{path}.broke", f"unknown player {short(value['broke'])} (or none)")
        for k in ("jackpot", "round"):
            if k in value:
                sc.integer(value, k, f"{path}.{k}", lo=0)

    def compare(self, game, expect: dict, names: list[str]) -> list[str]:
        diffs: list[str] = []

        def who(o: int) -> str:
            return "bank" if o == BANK else "none" if o == VACANT else names[o]

        for key, got_of in (("cash", game.cash_of), ("at", game.position_of), ("wealth", game.wealth().__getitem__)):
            diffs += per_player_diffs(expect, key, names, got_of)
        for land, spec in (expect.get("lands") or {}).items():
            info = game.land(land)
            actual = {"owner": who(info.owner), "floors": info.floors, "company": info.company or "none",
                      "mark": info.mark}
            for k, want in spec.items():
                if actual[k] != want:
                    diffs.append(f"lands.{land}.{k}: expected {flow(want)}, got {flow(actual[k])}")
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
                            diffs.append(f"companies.{cid}.{k}: expected {flow(sorted(want))}, got {flow(have)}")
                    elif got[k] != want:
                        diffs.append(f"companies.{cid}.{k}: expected {flow(want)}, got {flow(got[k])}")
        if "jackpot" in expect and game.jackpot != expect["jackpot"]:
            diffs.append(f"jackpot: expected {expect['jackpot']}, got {game.jackpot}")
        if "round" in expect and game.round != expect["round"]:
            diffs.append(f"round: expected {expect['round']}, got {game.round}")
        if "to_move" in expect and names[game.to_move] != expect["to_move"]:
            diffs.append(f"to_move: expected {expect['to_move']}, got {names[game.to_move]}")
        if "broke" in expect:
            got = names[game.broke] if game.broke >= 0 else "none"
            if got != expect["broke"]:
                diffs.append(f"broke: expected {expect['broke']}, got {got}")
        return diffs

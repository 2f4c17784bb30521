"""Tower Up's part of scenario files and game records (FORMATS.md sections 2 and 6, ``towerup``).

Position keys: ``sites``, ``stock``, ``roofs``, ``vehicles``, ``market``, ``deck``, ``objectives``,
``chips``, ``supply``; a scenario's own test data ``city``, ``cards``, ``tracks``, ``later_floors``
(UG1.1's set-up counts by player count); and ``to_move``
(an extension: the seat whose turn it is, the first seat by default). Steps: ``take``, ``build``,
``discard``, ``start_floors`` (UG1.1's set-up choice, an extension) and chance ``deal`` and
``start_sites``. Expect keys: ``sites`` (a site ``none`` when empty), ``stock``, ``roofs``,
``vehicles``, ``market``, ``chips``, ``supply``, ``score``, ``extra_turn``, ``final_turns`` and
``to_move``. Only the keys given are compared (in ``stock``, ``vehicles`` and ``supply``, only the
colours given); ``market`` and ``chips`` as multisets.
"""
from __future__ import annotations

from collections import Counter

from ...platform.protocol import PositionError, ScenarioAdapter
from ...platform.scenario import flow, line_at, per_player, per_player_diffs
from ...yamlio import short, type_name
from .answers import STEP_KEYS, answer_from_step
from .data import COLOURS, plain
from .position import from_position

POSITION_KEYS = ("city", "cards", "tracks", "later_floors", "sites", "stock", "roofs", "vehicles", "market", "deck", "objectives",
                 "chips", "supply", "to_move")
EXPECT_KEYS = ("sites", "stock", "roofs", "vehicles", "market", "chips", "supply", "score", "extra_turn",
               "final_turns", "to_move")
SCORE_KEYS = ("total", "vehicles", "cone", "chips")


def _whole(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


class TowerUpScenarios(ScenarioAdapter):
    position_keys = POSITION_KEYS
    player_keys = ()
    step_keys = STEP_KEYS
    steps_name_seats = False      # no step names a player
    expect_keys = EXPECT_KEYS
    rule_pattern = r"^UG?\d+\.\d+$"

    # ---------------------------------------------------------------- position
    def read_position(self, ctx, players) -> dict:
        data, pr = ctx.data, ctx.pr
        out: dict = {}
        inline = {}
        for key in ("city", "cards", "tracks", "later_floors"):
            if key in data:
                v = data[key]
                if key == "city" and isinstance(v, str):
                    inline[key] = v
                elif not isinstance(v, dict):
                    pr.at(data, key, key, f"must be a mapping (the scenario's own {key}), not {type_name(v)}")
                else:
                    inline[key] = plain(v)
        out["data"] = inline

        def mapping(key: str, what: str):
            node = data[key]
            if not isinstance(node, dict):
                pr.at(data, key, key, f"must be a mapping of {what}, not {type_name(node)}")
                return None
            return node

        def colour_map(node, key, path, what="a whole number"):
            """Its shape; the colours and counts are the set-up's to check (``set_up_problems``)."""
            if not isinstance(node, dict):
                pr.at(data, key, path, f"must be a mapping of colour to {what}, not {type_name(node)}")
                return None
            return plain(node)

        if "sites" in data and (node := mapping("sites", "site to {floors, roofs}")) is not None:
            sites = {}
            for sid, spec in node.items():
                sp = f"sites.{sid}"
                if not ctx.sc.mapping(spec, sp, (), ("floors", "roofs"), node, sid):
                    continue
                good = True
                for k in ("floors", "roofs"):
                    if k in spec and not isinstance(spec[k], list):
                        pr.at(spec, k, f"{sp}.{k}", f"must be a list (bottom first), not {type_name(spec[k])}")
                        good = False
                if good:
                    sites[str(sid)] = plain(spec)
            out["sites"] = sites
        for key in ("stock", "vehicles"):
            if key in data and (node := mapping(key, "player to {colour: number}")) is not None:
                out[key] = {}
                for name, spec in node.items():
                    got = colour_map(spec, key, f"{key}.{name}")
                    if got is not None:
                        out[key][name] = got
        if "roofs" in data and (node := mapping("roofs", "player to roofs left")) is not None:
            out["roofs"] = plain(node)
        if "supply" in data:
            got = colour_map(data["supply"], "supply", "supply")
            if got is not None:
                out["supply"] = got
        for key in ("market", "deck", "objectives"):
            if key in data:
                node = data[key]
                if not isinstance(node, list) or not all(isinstance(x, str) for x in node):
                    pr.at(data, key, key, f"must be a list of ids, not {short(node)}")
                else:
                    out[key] = list(node)
        if "chips" in data and (node := mapping("chips", "player to [values] or {objective: value}")) is not None:
            out["chips"] = {}
            for name, spec in node.items():
                if not isinstance(spec, (list, dict)):
                    pr.at(node, name, f"chips.{name}", f"must be a list of chip values or a mapping of objective to "
                                                       f"value, not {type_name(spec)}")
                else:
                    out["chips"][name] = plain(spec)
        if "to_move" in data:
            if not isinstance(data["to_move"], str):
                pr.at(data, "to_move", "to_move", f"must be a player's name, not {short(data['to_move'])}")
            else:
                out["to_move"] = data["to_move"]
        self.set_up_problems(ctx, out)
        return out

    def set_up_problems(self, ctx, position: dict) -> None:
        """Every problem of the position at once (issue 24): what of it could be read is set up
        now, and each thing the set-up refuses (a site, a colour, a player, a card...) is
        reported with the others; the position is set up again once the whole file is good."""
        try:
            opts = ctx.game._check(list(ctx.names), dict(ctx.options))
        except ValueError:
            return                                  # the options' own problems are reported
        try:
            from_position(position, list(ctx.names), opts, 0)
        except PositionError as e:
            for keys, what in e.problems:
                ctx.pr.add(line_at(ctx.data, keys), "",
                           f"impossible set-up: {'.'.join(map(str, keys)) + ': ' if keys else ''}{what}")
        except (ValueError, KeyError, TypeError):
            return                                  # a shape reported above

    # ---------------------------------------------------------------- steps
    def read_step(self, key, value, ctx):
        return [(None, a) for a in answer_from_step(key, value)]

    def step_text(self, answer, seat, match) -> dict:
        return {answer.step: answer.to_step()}

    # ---------------------------------------------------------------- expect
    def check_expect(self, value, path, ctx) -> None:
        pr, seat_of = ctx.pr, ctx.seat_of

        def colours(node, p, v, where):
            if not isinstance(v, dict):
                pr.at(node, p, where, f"must be a mapping of colour to number, not {type_name(v)}")
                return
            for c, n in v.items():
                if c not in COLOURS:
                    pr.at(v, c, f"{where}.{c}", f"not a colour ({', '.join(COLOURS)})")
                elif not _whole(n):
                    pr.at(v, c, f"{where}.{c}", f"must be a whole number, not {short(n)}")

        def whole(node, p, v, where):
            if not _whole(v):
                pr.at(node, p, where, f"must be a whole number, not {short(v)}")

        def chips(node, p, v, where):
            if isinstance(v, list):
                if not all(_whole(x) for x in v):
                    pr.at(node, p, where, "must be a list of chip values")
            elif isinstance(v, dict):
                for o, x in v.items():
                    if not _whole(x):
                        pr.at(v, o, f"{where}.{o}", f"must be a chip value, not {short(x)}")
            else:
                pr.at(node, p, where, f"must be a list of chip values or {{objective: value}}, not {type_name(v)}")

        def score(node, p, v, where):
            if ctx.sc.mapping(v, where, (), SCORE_KEYS, node, p):
                for k, x in v.items():
                    if k in SCORE_KEYS and not _whole(x):
                        pr.at(v, k, f"{where}.{k}", f"must be a whole number, not {short(x)}")

        for key, fn in (("stock", colours), ("vehicles", colours), ("roofs", whole), ("chips", chips),
                        ("score", score)):
            for entry in per_player(value, key, path, ctx):
                fn(*entry)
        if "supply" in value:
            colours(value, "supply", value["supply"], f"{path}.supply")
        if "sites" in value:
            node = value["sites"]
            if not isinstance(node, dict):
                pr.at(value, "sites", f"{path}.sites", f"must be a mapping of site to {{floors, roofs}} or none")
            else:
                for sid, spec in node.items():
                    if spec in (None, "none"):
                        continue
                    sp = f"{path}.sites.{sid}"
                    if ctx.sc.mapping(spec, sp, (), ("floors", "roofs"), node, sid):
                        for k in ("floors", "roofs"):
                            if k in spec and not isinstance(spec[k], list):
                                pr.at(spec, k, f"{sp}.{k}", "must be a list (bottom first)")
                        for c in spec.get("floors") or []:
                            if c not in COLOURS:
                                pr.at(spec, "floors", f"{sp}.floors", f"{short(c)} is not a colour")
                        for o in spec.get("roofs") or []:
                            if o is not None and o not in seat_of:
                                pr.at(spec, "roofs", f"{sp}.roofs", f"unknown player {short(o)} (or null)")
        if "market" in value and not (isinstance(value["market"], list)
                                      and all(isinstance(x, str) for x in value["market"])):
            pr.at(value, "market", f"{path}.market", "must be a list of card ids")
        if "extra_turn" in value and not isinstance(value["extra_turn"], bool):
            pr.at(value, "extra_turn", f"{path}.extra_turn", "must be true or false")
        if "final_turns" in value:
            ft = value["final_turns"]
            if not isinstance(ft, list) or not all(x in seat_of for x in ft):
                pr.at(value, "final_turns", f"{path}.final_turns", f"must be a list of players, not {short(ft)}")
        if "to_move" in value and value["to_move"] not in seat_of:
            pr.at(value, "to_move", f"{path}.to_move", f"unknown player {short(value['to_move'])}")

    def compare(self, m, expect: dict, names: list[str]) -> list[str]:
        seat_of = {n: i for i, n in enumerate(names)}
        diffs: list[str] = []
        city = m.rules.city

        def who(o):
            return None if o < 0 else names[o]

        for sid, spec in (expect.get("sites") or {}).items():
            if sid not in city.index:
                diffs.append(f"sites.{sid}: no such site in the city")
                continue
            s = city.index[sid]
            floors = [COLOURS[c] for c in m.fl[s]]
            roofs = [who(o) for o in m.rf[s]]
            if spec in (None, "none"):
                if floors:
                    diffs.append(f"sites.{sid}: expected none, got floors {flow(floors)} roofs {flow(roofs)}")
                continue
            if "floors" in spec and list(spec["floors"]) != floors:
                diffs.append(f"sites.{sid}.floors: expected {flow(list(spec['floors']))}, got {flow(floors)}")
            if "roofs" in spec and list(spec["roofs"]) != roofs:
                diffs.append(f"sites.{sid}.roofs: expected {flow(list(spec['roofs']))}, got {flow(roofs)}")
        for key, table in (("stock", m.stock), ("vehicles", m.veh)):
            for p, cols in (expect.get(key) or {}).items():
                for c, want in cols.items():
                    got = table[seat_of[p]][COLOURS.index(c)]
                    if got != want:
                        diffs.append(f"{key}.{p}.{c}: expected {want}, got {got}")
        diffs += per_player_diffs(expect, "roofs", names, m.left.__getitem__, "{key}.{name}")
        for c, want in (expect.get("supply") or {}).items():
            got = m.supply[COLOURS.index(c)]
            if got != want:
                diffs.append(f"supply.{c}: expected {want}, got {got}")
        if "market" in expect and Counter(expect["market"]) != Counter(m.market):
            diffs.append(f"market: expected {flow(sorted(expect['market']))}, got {flow(sorted(m.market))}")
        for p, want in (expect.get("chips") or {}).items():
            held = m.chips[seat_of[p]]
            if isinstance(want, list):
                got = sorted(v for _o, v in held)
                if sorted(want) != got:
                    diffs.append(f"chips.{p}: expected {flow(sorted(want))}, got {flow(got)}")
            else:
                got_map = {o: v for o, v in held if o is not None}
                if dict(want) != got_map:
                    diffs.append(f"chips.{p}: expected {flow(dict(want))}, got {flow(got_map)}")
        for p, want in (expect.get("score") or {}).items():
            parts = m.score_parts(seat_of[p])
            got = dict(zip(SCORE_KEYS, parts[:4]))
            for k, v in want.items():
                if got[k] != v:
                    diffs.append(f"score.{p}.{k}: expected {v}, got {got[k]}")
        if "extra_turn" in expect:
            got = bool(m.extra) and not m.over
            if got != expect["extra_turn"]:
                diffs.append(f"extra_turn: expected {flow(expect['extra_turn'])}, got {flow(got)}")
        if "final_turns" in expect:
            got = [names[q] for q in m.final_turns]
            if got != list(expect["final_turns"]):
                diffs.append(f"final_turns: expected {flow(list(expect['final_turns']))}, got {flow(got)}")
        if "to_move" in expect and names[m.to_move] != expect["to_move"]:
            diffs.append(f"to_move: expected {expect['to_move']}, got {names[m.to_move]}")
        return diffs


__all__ = ["TowerUpScenarios", "POSITION_KEYS", "EXPECT_KEYS"]

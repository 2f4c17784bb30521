"""Tower Up's rules engine (RULES-towerup.md): each test names the rules it checks."""
import json

import pytest

from tdream.errors import IllegalAnswer
from tdream.games.towerup import events as ev
from tdream.games.towerup.answers import Build, Deal, Discard, StartFloors, StartSite, Take
from tdream.games.towerup.objectives import measure
from tdream.platform.protocol import CHANCE

from .conftest import CARDS, GRID, assert_no_chip_missed, load
from tdream.platform.options import option


def deal_all(m, seat_events=None):
    while (aw := m.awaiting()) is not None and aw.player == CHANCE:
        evs = m.apply(m.chance_outcomes()[0][0], False, CHANCE)
        if seat_events is not None:
            seat_events.extend(evs)


def test_new_match_deals_as_chance_and_draws_the_first_player_u2_1_ug2_2(game):
    m, events = game.new_match(["A", "B", "C", "D"], {}, 11)
    first = next(e.player for e in events if type(e) is ev.FirstPlayerDrawn)
    assert m.to_move == first
    drawn = next(e.objectives for e in events if type(e) is ev.ObjectivesDrawn)
    assert len(drawn) == 3 and len(set(drawn)) == 3                        # UG1.5
    assert m.awaiting().kind == "deal"
    outcomes = m.chance_outcomes()
    assert len(outcomes) == 44 and {w for _a, w in outcomes} == {1}
    assert all(type(a) is Deal for a, _w in outcomes)
    assert [sum(s) for s in m.stock] == [4, 4, 4, 4]                      # UG1.1: one of each
    assert m.supply == [m.rules.components.supply_for(4) - 4] * 4


def test_set_up_places_first_floors_then_later_seats_choose_ug2_1_ug1_1(game):
    m, _ = game.new_match(["A", "B", "C"], {}, 3)
    first = m.to_move
    for _ in range(3):
        m.apply(m.sample_chance(), True, CHANCE)
    assert m.awaiting().kind == "start_sites"
    colours = [m.rules.cards[c].bottom for c in m.market]
    for col in colours:
        outs = m.chance_outcomes()
        for a, _w in outs:                                                   # never next to its colour
            s = m.rules.city.index[a.site]
            assert not any(m.fl[t] and m.fl[t][-1] == col for t in m.rules.city.adj[s])
        m.apply(m.sample_chance(), True, CHANCE)
    assert sorted(f[0] for f in m.fl if f) == sorted(colours)
    later = m.rules.components.later_for(3)                                 # UG1.1: by player count
    ways = {1: 4, 2: 10, 3: 20, 4: 35, 5: 56}                                # four colours, n floors
    for k, want in enumerate(later, 1):
        aw = m.awaiting()
        assert aw.kind == "start_floors" and aw.player == (first + k) % 3
        legal = m.legal_answers(aw.player)
        assert all(sum(a.counts) == want for a in legal) and len(legal) == ways[want]
        m.apply(legal[-1], False, aw.player)
        assert sum(m.stock[aw.player]) == 4 + want
    assert m.awaiting().kind == "turn" and m.awaiting().player == first


def test_same_seed_same_set_up_and_other_seeds_differ(game):
    a = game.new_match(["A", "B", "C", "D"], {}, 5)[0]
    b = game.new_match(["A", "B", "C", "D"], {}, 5)[0]
    assert a.fingerprint() == b.fingerprint()
    firsts = {game.new_match(["A", "B", "C", "D"], {}, s)[0].to_move for s in range(12)}
    assert len(firsts) > 1


def test_turn_answers_list_takes_then_builds_in_documented_order_u3_1_u3_4(game):
    m = load(game, sites={"a1": {"floors": ["black"], "roofs": [None]}}, stock={"A": {"white": 2, "black": 1}},
             market=["k1", "k3", "k2"], deck=["k4"])
    legal = m.legal_answers(0)
    kinds = [type(a) for a in legal]
    assert kinds == sorted(kinds, key=lambda k: k is Build)                 # takes first
    takes = [a for a in legal if type(a) is Take]
    assert [a.card for a in takes][:1] == ["k1"] and sum(1 for a in takes if a.card == "k3") == 16
    builds = [a for a in legal if type(a) is Build]
    assert builds == [Build("a2", "white", "a2"), Build("a2", "white", "a1"),
                      Build("b1", "white", "b1"), Build("b1", "white", "a1")]
    for a in legal:
        assert m.check(a, 0) is None
    assert m.legal_answers(1) == [] and m.check(legal[0], 1).startswith("UG2.2")


def test_refusals_name_the_rule_and_leave_the_match_unchanged(game):
    m = load(game, sites={"a1": {"floors": ["black"], "roofs": [None]}}, stock={"A": {"white": 1}},
             market=["k1", "k2", "k3"])
    before = m.fingerprint()
    cases = {
        Take("k6"): "U3.1", Take("k3", ("white",)): "U3.1", Build("c3", "white", "c3"): "U3.4",
        Build("a2", "black", "a2"): "U3.4", Build("a2", "white", "a3"): "U3.5", Build("zz", "white", "zz"): "U3.4",
        Build("a2", "grey", "a2"): "U3.4", Discard((1, 0, 0, 0)): "U3.1", Deal("k4"): "U3.1",
        StartSite("a2"): "U3.1", StartFloors((1, 0, 0, 0)): "U3.1",
    }
    for answer, rule in cases.items():
        why = m.check(answer, 0)
        assert why is not None and why.startswith(rule + ":"), (answer, why)
        with pytest.raises(IllegalAnswer):
            m.apply(answer, False, 0)
        assert m.fingerprint() == before
    assert m.check(Build("a2", "white", "a1"), 0).startswith("U3.4")        # costs a black he lacks


def test_build_places_floors_covers_roofs_and_moves_by_height_u3_4_u3_5(game):
    m = load(game, sites={"a1": {"floors": ["black", "black"], "roofs": [None, "B"]},
                          "b2": {"floors": ["grey"], "roofs": [None]}},
             stock={"A": {"white": 1, "black": 1, "grey": 1}}, market=["k1", "k2", "k3"])
    events = m.apply(Build("a2", "white", "a1"), False, 0)
    assert m.fl[m.rules.city.index["a1"]] == [0, 0, 0] and m.rf[m.rules.city.index["a1"]] == [-1, 1, 0]
    assert m.fl[m.rules.city.index["b2"]] == [3, 3]
    assert m.stock[0] == [0, 0, 0, 0] and m.left[0] == 9
    assert m.veh[0] == [3, 0, 0, 0]
    kinds = [type(e).__name__ for e in events]
    assert kinds.index("Built") < kinds.index("RoofCovered") < kinds.index("RoofPlaced")
    assert ev.RoofCovered(1, "a1", 0) in events and ev.VehicleMoved(0, "black", 0, 3, 0) in events


def test_tower_colour_is_its_top_floor_ug3_2(game):
    m = load(game, sites={"a1": {"floors": ["white", "black"], "roofs": [None, None]}},
             stock={"A": {"white": 1, "black": 1}})
    assert m.tower_colour(m.rules.city.index["a1"]) == 0
    assert m.check(Build("a2", "white", "a2"), 0) is None                  # white under black does not count
    assert m.check(Build("a2", "black", "a2"), 0).startswith("U3.4")


def test_wild_choices_walk_the_supply_in_card_order_u3_2_ug3_1(game):
    cards = {"k7": {"bottom": "black", "floors": ["wild", "black", "black"]}}
    m = load(game, cards=cards, market=["k7"], deck=[], supply={"black": 2, "white": 0, "brown": 0, "grey": 1})
    choices = sorted(a.wilds for a in m.take_answers(0))
    # black for the wild leaves one black: the third icon needs a substitute (grey, the only one left)
    assert choices == [("black", "grey"), ("grey",)]
    for w in choices:
        assert m.check(Take("k7", w), 0) is None
    assert m.check(Take("k7", ("black",)), 0).startswith("U3.1")
    c = m.copy()
    events = c.apply(Take("k7", ("black", "grey")), False, 0)
    assert ev.ColourRanOut(0, "black", "grey") in events
    assert c.ending == "supply" and c.stock[0] == [2, 0, 0, 1]
    c = m.copy()
    c.apply(Take("k7", ("grey",)), False, 0)
    assert c.ending == "" and c.stock[0] == [2, 0, 0, 1]                   # a wild never starts the end


def test_discard_lists_every_way_down_to_ten_u3_3(game):
    m = load(game, stock={"A": {"black": 5, "white": 4, "brown": 1}}, market=["k1", "k2", "k3"], deck=["k4"])
    m.apply(Take("k1"), False, 0)
    deal_all(m)
    aw = m.awaiting()
    assert aw.kind == "discard" and aw.player == 0
    legal = m.legal_answers(0)
    assert all(sum(a.counts) == 3 for a in legal)
    assert Discard((3, 0, 0, 0)) in legal and Discard((0, 0, 3, 0)) not in legal
    assert [a.counts for a in legal] == sorted(a.counts for a in legal)
    m.apply(Discard((1, 1, 1, 0)), False, 0)
    assert sum(m.stock[0]) == 10 and m.to_move == 1


def test_vehicle_at_the_end_loses_the_rest_u4_1(game):
    m = load(game, sites={"a1": {"floors": ["black", "black"], "roofs": [None, None]}},
             stock={"A": {"white": 1, "black": 1}}, vehicles={"A": {"black": 13}})
    events = m.apply(Build("a2", "white", "a1"), False, 0)
    assert m.veh[0][0] == 15 and ev.VehicleMoved(0, "black", 13, 15, 1) in events


def test_extra_turn_once_for_several_star_columns_u4_2(game):
    m = load(game, sites={"a1": {"floors": ["black", "black"], "roofs": [None, None]}},
             stock={"A": {"white": 1, "black": 1}}, vehicles={"A": {"black": 1, "white": 5, "brown": 5, "grey": 5}})
    events = m.apply(Build("a2", "white", "a1"), False, 0)
    earned = [e for e in events if type(e) is ev.ExtraTurnEarned]
    assert earned == [ev.ExtraTurnEarned(0, 4, 1)]
    assert m.to_move == 0 and m.extra and m.awaiting().kind == "turn"
    assert any(type(e) is ev.TurnStarted and e.extra for e in events)


def test_star_already_reached_earns_nothing_u4_2(game):
    m = load(game, market=["k4", "k1", "k2"], deck=["k5"], vehicles={"A": {"black": 2, "white": 2, "brown": 2, "grey": 2}})
    m.apply(Take("k4"), False, 0)                       # black 3, white 3: min stays 2
    assert not m.extra


def test_last_roof_loses_its_extra_turn_unless_the_option_ug4_1(game):
    common = dict(sites={"a1": {"floors": ["black"], "roofs": [None]}}, stock={"A": {"white": 1, "black": 1}},
                  vehicles={"A": {"black": 1, "white": 2, "brown": 2, "grey": 2}}, roofs={"A": 1},
                  market=["k1", "k2", "k3"], deck=["k4"])
    m = load(game, **common)
    events = m.apply(Build("a2", "white", "a1"), False, 0)
    assert ev.ExtraTurnLost(0, "last_roof") in events and m.to_move == 1
    assert m.final[0] is not None and m.final_turns == [1]
    m = load(game, options={"extra_turn_on_last_roof": True}, **common)
    m.apply(Build("a2", "white", "a1"), False, 0)
    assert m.to_move == 0 and m.extra and m.final[0] is None and m.closing == 0


def test_objectives_are_checked_for_all_active_first_ug4_2_u4_3(game):
    m = load(game, names=("A", "B", "C"), objectives=["open-house"],
             sites={"a1": {"floors": ["black"], "roofs": ["B"]}, "a3": {"floors": ["black"], "roofs": ["B"]},
                    "c1": {"floors": ["black"], "roofs": ["B"]}, "c3": {"floors": ["black"], "roofs": ["B"]},
                    "b1": {"floors": ["grey"], "roofs": ["C"]}, "b3": {"floors": ["grey"], "roofs": ["C"]},
                    "c2": {"floors": ["white"], "roofs": ["C"]}, "a2": {"floors": ["white"], "roofs": ["C"]}},
             market=["k1", "k2", "k3"], deck=["k4"], to_move="C")
    events = m.apply(Take("k2"), False, 2)
    met = [e for e in events if type(e) is ev.ObjectiveMet]
    assert met == [ev.ObjectiveMet(2, "open-house", 7), ev.ObjectiveMet(1, "open-house", 5)]
    assert m.chips_left == [[3]]                                            # UG6.1: three players, 7 5 3
    deal_all(m)
    again = m.apply(Take("k1"), False, 0)
    assert not any(type(e) is ev.ObjectiveMet for e in again)              # one chip a player an objective


@pytest.mark.parametrize("oid,sites,vehicles,want", [
    ("rainbow", {"a1": (["black"], ["A"]), "a3": (["white"], ["A"]), "c1": (["brown"], ["A"]), "c3": (["grey", "grey"], ["A", None])}, {}, (4, 4)),
    ("brickworks", {"a1": (["grey"], ["A"]), "a3": (["grey"], ["A"]), "c1": (["grey"], [None])}, {}, (2, 4)),
    ("ground-floor", {"a1": (["grey", "grey"], ["A", None]), "a3": (["grey"], [None])}, {}, (1, 3)),
    ("park-life", {"a1": (["grey"], ["A"]), "b3": (["grey"], ["A"]), "c3": (["grey"], ["B"])}, {}, (2, 3)),
    ("across-town", {"a1": (["grey"], ["A"]), "b3": (["grey"], ["A"]), "c3": (["grey"], ["A"])}, {}, (3, 3)),
    ("skyline", {"a1": (["grey"] * 6, [None] * 5 + ["A"])}, {}, (5, 5)),
    ("skyline", {"a1": (["grey"] * 6, ["A"] + [None] * 5)}, {}, (0, 5)),
    ("neighbours", {"b2": (["grey"], ["A"]), "a2": (["grey"], ["A"]), "b1": (["grey"], ["A"])}, {}, (2, 3)),
    ("penthouse", {"a1": (["grey", "grey", "grey"], ["A", None, "A"])}, {}, (2, 2)),
    ("open-house", {"a1": (["grey"], ["A"]), "a3": (["grey", "grey"], ["A", "B"])}, {}, (1, 4)),
    ("fleet", {}, {"black": 4, "white": 5, "brown": 3, "grey": 9}, (3, 4)),
])
def test_objective_primitives_measure_the_seat_ug6_2(game, oid, sites, vehicles, want):
    m = load(game, sites={s: {"floors": f, "roofs": r} for s, (f, r) in sites.items()}, vehicles={"A": vehicles})
    assert measure(m.rules.objectives[oid], m, 0) == want


def test_supply_trigger_gives_everyone_a_final_turn_trigger_last_u5_2_ug5_1(game):
    m = load(game, names=("A", "B", "C"), market=["k1", "k2", "k3"], deck=["k4", "k5", "k6"],
             supply={"black": 1, "white": 9, "brown": 9, "grey": 9}, to_move="B")
    events = m.apply(Take("k1", ("grey",)), False, 1)
    assert ev.EndBegun(1, "supply", (2, 0, 1)) in events
    assert m.final_turns == [2, 0, 1] and m.final[1] is None
    order = []
    while not m.over:
        aw = m.awaiting()
        if aw.player == CHANCE:
            m.apply(m.sample_chance(), True, CHANCE)
            continue
        order.append(aw.player)
        m.apply(m.legal_answers(aw.player)[0], False, aw.player)
    assert order == [2, 0, 1] and all(f is not None for f in m.final)
    assert m.result().reason == "supply"


def test_city_with_no_buildable_site_ends_the_game_ug5_2(game):
    city = {"sites": {"x": {"district": 1}, "y": {"district": 1}, "z": {"district": 1}},
            "streets": [["x", "y"], ["y", "z"]]}
    m = load(game, city=city, sites={"x": {"floors": ["black"], "roofs": [None]}}, stock={"A": {"white": 1, "black": 1}})
    assert m.buildable_site_exists()
    events = m.apply(Build("y", "white", "y"), False, 0)
    # z is next to y (white): still buildable
    assert not any(type(e) is ev.EndBegun for e in events)
    city2 = {"sites": {"x": {"district": 1}, "y": {"district": 1}}, "streets": [["x", "y"]]}
    m = load(game, city=city2, sites={"x": {"floors": ["black"], "roofs": [None]}}, stock={"A": {"white": 1, "black": 1}})
    events = m.apply(Build("y", "white", "y"), False, 0)
    assert ev.EndBegun(0, "city", (1,)) in events and m.final[0] is not None


def test_scores_frozen_at_own_final_turn_u5_3(game):
    m = load(game, sites={"a1": {"floors": ["black"], "roofs": [None]}}, stock={"A": {"white": 1, "black": 1},
             "B": {"white": 1, "black": 1}}, roofs={"A": 1}, market=["k1", "k2", "k3"])
    m.apply(Build("a2", "white", "a1"), False, 0)
    frozen = m.scores()[0]
    assert m.score_now(0)[0] == frozen
    m.apply(Build("b1", "white", "b1"), False, 1)                         # covers A's roof on a1
    assert m.over and m.scores()[0] == frozen and m.score_now(0)[0] < frozen


def test_tied_leaders_share_u5_4(game):
    def play(b_white):
        m = load(game, vehicles={"A": {"black": 3}, "B": {"white": b_white}}, roofs={"A": 1},
                 sites={"a1": {"floors": ["grey"], "roofs": [None]}}, stock={"A": {"white": 1, "grey": 1}},
                 market=["k1", "k2", "k6"], deck=["k4"])
        m.apply(Build("a2", "white", "a2"), False, 0)       # last roof: 3 + 1 vehicles, 1 visible roof
        m.apply(Take("k2"), False, 1)                       # B's final turn: the grey vehicle
        deal_all(m)
        assert m.over
        return m
    tie = play(4)
    assert tie.scores() == [5, 5] and tie.result().ranking == ((0, 1),)
    ahead = play(5)
    assert ahead.scores() == [5, 6] and ahead.result().ranking == ((1,), (0,))


def test_json_round_trip_and_fingerprint(game):
    m, _ = game.new_match(["A", "B", "C"], {}, 9)
    for _ in range(30):
        aw = m.awaiting()
        if aw is None:
            break
        a = m.sample_chance() if aw.player == CHANCE else m.legal_answers(aw.player)[0]
        m.apply(a, aw.player == CHANCE, aw.player)
    data = json.loads(json.dumps(m.to_json()))
    back = game.match_from_json(data)
    assert back.fingerprint() == m.fingerprint() and back.to_json() == m.to_json()
    inline = load(game, stock={"A": {"black": 2}})
    assert game.match_from_json(json.loads(json.dumps(inline.to_json()))).fingerprint() == inline.fingerprint()


def test_view_hides_the_deck_order_and_the_rng(game):
    m = load(game, market=["k1", "k2", "k3"], deck=["k6", "k4", "k5"], seed=77)
    v = m.view(1)
    assert v.deck == ["k4", "k5", "k6"] and not v.stacked and v.rng.state == 0
    assert m.deck == ["k6", "k4", "k5"] and m.stacked and m.rng.state != 0
    m.apply(Take("k1"), False, 0)
    assert m.sample_chance() == Deal("k6")                                 # a stacked deck deals its top (E2)
    v = m.view(1)
    assert v.sample_chance() in [a for a, _w in v.chance_outcomes()]
    # Nothing else differs: stock, sites, vehicles, chips are public.
    a, b = m.to_json(), m.view(0).to_json()
    assert {k for k in a if a[k] != b[k]} <= {"deck", "stacked", "rng"}


def test_views_of_a_real_game_keep_the_deck_unordered(game):
    m, _ = game.new_match(["A", "B"], {}, 4)
    assert m.deck == sorted(m.deck) and not m.stacked
    assert m.view(0).rng.state == 0 and m.rng.state != 0


def test_progress_counts_turns_extra_turns_included(game):
    m = load(game, sites={"a1": {"floors": ["black", "black"], "roofs": [None, None]}},
             stock={"A": {"white": 1, "black": 1}}, vehicles={"A": {"black": 1, "white": 5, "brown": 5, "grey": 5}},
             market=["k1", "k2", "k3"], deck=["k4", "k5"])
    assert m.progress() == 0
    m.apply(Build("a2", "white", "a1"), False, 0)
    assert m.progress() == 1 and m.to_move == 0
    m.apply(Take("k1"), False, 0)
    assert m.progress() == 2


def test_players_option_must_match_the_seats(game):
    with pytest.raises(ValueError):
        game.new_match(["A", "B"], {"players": 3}, 0)
    with pytest.raises(ValueError):
        game.new_match(["A"], {}, 0)
    m, _ = game.new_match(["A", "B"], {"players": 2}, 0)
    assert len(m.rules.city.sites) == 30                                   # UG1.2: the 2-player city
    m, _ = game.new_match(["A", "B", "C"], {}, 0)
    assert len(m.rules.city.sites) == 36
    assert option(game, "extra_turn_on_last_roof").rule == "UG4.1" and option(game, "players").rule == "UG1.2"
    assert all(o.help for o in game.options)


def test_grid_fixture_is_the_scenarios_city():
    assert len(GRID["sites"]) == 9


def test_measure_after_build_agrees_with_building(game):
    """The CPU's shortcut (objectives.measure_after_build) gives what building and measuring gives."""
    from tdream.games.towerup.objectives import Summary, measure_after_build
    from tdream.platform.conformance import random_session
    checked = 0
    for seed in (3, 4):
        session = random_session(game, seed, seats=3)
        m = session.match
        while (aw := m.awaiting()) is not None:
            if aw.kind == "turn" and m.progress() % 3 == 0:
                p = aw.player
                sm = Summary(m, p)
                for s, c, nb in m.build_options(p)[:12]:
                    for r in [s] + nb:
                        sim = m.copy()
                        sim.apply(Build(m.rules.city.sites[s], ["black", "white", "brown", "grey"][c],
                                        m.rules.city.sites[r]), True, p)
                        for obj in m.rules.objectives.values():
                            assert measure_after_build(obj, m, p, sm, s, c, nb, r, sim.veh[p]) == \
                                measure(obj, sim, p), (obj.id, s, c, r)
                            checked += 1
            session.advance()
    assert checked > 1000


def test_only_the_active_player_can_newly_meet_an_objective_e12(game):
    """After every action of random games, no other player meets an objective he has no chip of:
    checking the active player alone (after the first check) changes nothing (E12)."""
    from tdream.platform.conformance import random_session
    for seed in (5, 6, 7):
        session = random_session(game, seed, seats=4)
        m = session.match
        m.objectives = list(m.rules.objectives)                    # all ten, to exercise every primitive
        m.chips_left = [[7, 5, 3, 3] for _ in m.objectives]
        while m.awaiting() is not None:
            session.advance()
            assert_no_chip_missed(m, seed)


def test_the_last_final_turns_take_ends_the_game_with_no_deal_e13(game):
    m = load(game, sites={"a1": {"floors": ["black"], "roofs": [None]}}, stock={"A": {"white": 1, "black": 1}},
             roofs={"A": 1}, market=["k1", "k2", "k3"], deck=["k4", "k5", "k6"])
    m.apply(Build("a2", "white", "a2"), False, 0)                         # U5.1: A's last roof
    assert m.final_turns == [1] and m.awaiting().kind == "turn"
    events = m.apply(Take("k1", ()), False, 1)                            # B's final (and the last) turn
    assert m.over and m.awaiting() is None and m.legal_answers() == []
    assert not any(type(e) is ev.CardDealt for e in events) and len(m.market) == 2
    assert type(events[-1]) is ev.GameEnded


def test_a_final_turns_take_with_turns_left_still_refills_e5(game):
    m = load(game, names=("A", "B", "C"), sites={"a1": {"floors": ["black"], "roofs": [None]}},
             stock={"A": {"white": 1, "black": 1}}, roofs={"A": 1}, market=["k1", "k2", "k3"],
             deck=["k4", "k5", "k6"])
    m.apply(Build("a2", "white", "a2"), False, 0)
    m.apply(Take("k1", ()), False, 1)                                     # C still has his final turn
    assert m.awaiting().kind == "deal" and not m.over


def test_supply_and_roofs_follow_the_player_count_ug1_1(game):
    got = {}
    for n in (2, 3, 4):
        m, _ = game.new_match(["A", "B", "C", "D"][:n], {}, 5)
        comp = m.rules.components
        assert m.left == [comp.roofs_for(n)] * n
        assert m.supply == [comp.supply_for(n) - n] * 4                       # one of each a player taken
        got[n] = (comp.supply_for(n), comp.roofs_for(n))
    assert len(set(got.values())) == 3                                        # the shipped counts differ by count

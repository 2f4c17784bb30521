"""The rules engine (docs/RULES-towers.md): each test names the rule IDs it checks."""
import pytest

from tdream.errors import IllegalAnswer
from tdream.games.towers import GAME
from tdream.games.towers import board as bd
from tdream.games.towers import events as ev
from tdream.games.towers.answers import DECLARE, END_NO, END_YES, PASS, Demolish, End, Pick, Place
from tdream.rng import Rng

from .conftest import position


def literal_t33(geo, owner, size, sq, p, s) -> bool:
    """T3.2/T3.3 exactly as written, for one size."""
    if s == 1:
        return True
    orth = [(owner[j], size[j]) for j in geo.orth[sq] if size[j]]
    diag = [(owner[j], size[j]) for j in geo.diag[sq] if size[j]]
    a = any(o == p and h > s for o, h in orth)
    sup = [(o, h) for o, h in orth if h >= s - 1]
    b = len(sup) >= 2 and any(o == p for o, _ in sup)
    ass = [(o, h) for o, h in diag if h >= s - 1]
    c = len(sup) >= 1 and len(ass) >= 2 and any(o == p for o, _ in sup + ass)
    return a or b or c


def random_board(rng, geo, fill=3):
    owner = [bd.EMPTY] * geo.cells
    size = [0] * geo.cells
    for i in range(geo.cells):
        if rng.below(fill) == 0:
            owner[i] = rng.below(2)
            size[i] = 1 + rng.below(9)
    return owner, size


def test_largest_size_matches_t33_as_written_and_every_smaller_size_is_legal_T3_3_TG3_1_T1_3_T1_4():
    rng = Rng(11)
    geo = bd.geometry(8)
    checked = 0
    for _ in range(300):
        owner, size = random_board(rng, geo, fill=2 + rng.below(3))
        for sq in range(geo.cells):
            if owner[sq] != bd.EMPTY:
                continue
            for p in (0, 1):
                top = bd.largest_size(geo, owner, size, sq, p)
                legal = [s for s in range(1, 10) if literal_t33(geo, owner, size, sq, p, s)]
                assert legal == list(range(1, top + 1)), (sq, p, legal, top)
                checked += 1
    assert checked > 5000


def test_refused_size_names_the_rule_and_what_is_missing_T3_3():
    m = position({"d4": ("A", 5), "h8": ("B", 1)})
    why = m.check(Place("d5", 5))
    assert why.startswith("T3.3: no own neighbour larger than 5, and fewer than two supports")
    assert "the largest at d5 is 4" in why
    assert m.check(Place("d5", 4)) is None
    assert m.largest_size("d5", 0) == (4, m.largest_size("d5", 0)[1])
    assert m.largest_size("d5", 0)[1].startswith("T3.3: no own neighbour larger than 5")


def test_supports_all_the_rivals_are_refused_as_none_his_T3_3():
    m = position({"c6": ("B", 3), "e6": ("B", 3), "a1": ("A", 1)})
    why = m.check(Place("d6", 4))
    assert why.startswith("T3.3") and "none his" in why


def test_occupied_claimed_offboard_and_bad_sizes_refused_T3_1_TG1_1_T1_2():
    m = position({"a2": ("A", 1), "b1": ("A", 1), "h8": ("B", 1)}, to_move="B")
    assert m.check(Place("a1", 1)) == "T3.1: a1 is claimed by A"
    assert m.check(Place("a2", 1)) == "T3.1: a2 holds A's 1"
    assert m.check(Place("i1", 1)) == "TG1.1: no square i1 on the 8x8 board"
    assert m.check(Place("c3", 0)).startswith("T1.2")
    assert m.check(Place("c3", 10)).startswith("T1.2")
    assert m.check(Place("c3", True)).startswith("T1.2")


def test_refused_apply_raises_and_leaves_the_match_unchanged_TG3_3():
    m = position({"d4": ("A", 2), "h8": ("B", 1)})
    before = m.fingerprint()
    with pytest.raises(IllegalAnswer, match="^T3.3"):
        m.apply(Place("e6", 3))
    with pytest.raises(IllegalAnswer, match="^TG5.1"):
        m.apply(PASS, seat=1)
    with pytest.raises(IllegalAnswer, match="^TG3.3"):
        m.apply(END_YES)
    assert m.fingerprint() == before


def test_first_tower_then_grace_ends_when_every_player_has_one_TG4_2():
    m = position({})
    events = m.apply(Place("a1", 1))
    assert not any(isinstance(e, ev.ClaimsBegin) for e in events)
    assert m.territory()["b2"] is None and not m.counting
    events = m.apply(Place("h8", 1))
    assert ev.ClaimsBegin() in events and m.counting


def test_grace_never_comes_back_after_a_collapse_TG4_2_T7_2():
    m = position({"b4": ("A", 2), "c4": ("A", 3), "d4": ("B", 2)}, demolish="war")
    assert m.counting
    m.apply(Demolish("b4"))
    assert m.counting and 0 not in m.owner      # A has no tower left, territory still counts


def test_literal_mode_claims_all_after_the_first_tower_TG4_2_T4_1():
    m = position({}, claim_mode="literal")
    m.apply(Place("d4", 1))
    assert m.legal_answers(1) == (PASS,)
    assert all(v == 0 for k, v in m.territory().items() if k != "d4")


def test_groups_are_four_connected_and_a_group_next_to_no_tower_is_unclaimed_TG4_1():
    geo = bd.geometry(6)
    owner = [bd.EMPTY] * geo.cells
    # a diagonal wall of A: the two sides touch only A, but connect nowhere diagonally
    for i in range(6):
        owner[i * 6 + i] = 0
    groups = bd.groups(geo, owner)
    assert len(groups) == 2
    claims = bd.claims(geo, owner, True)
    assert all(claims[i] == 0 for g in groups for i in g)
    assert bd.claims(geo, [bd.EMPTY] * geo.cells, True) == [bd.EMPTY] * geo.cells


def test_enclosed_mode_leaves_edge_groups_unclaimed_TG4_2():
    towers = {"a2": ("A", 1), "b1": ("A", 1), "d3": ("A", 1), "c4": ("A", 1), "e4": ("A", 1), "d5": ("A", 1),
              "h8": ("B", 1)}
    m = position(towers, claim_mode="enclosed")
    t = m.territory()
    assert t["a1"] is None and t["d4"] == 0


def test_walling_in_emits_walled_in_and_leaves_only_pass_TG4_3_TG3_3_T3_4():
    m = position({"a1": ("B", 3), "b1": ("A", 4), "c1": ("A", 3)})
    events = m.apply(Place("a2", 1))
    assert ev.WalledIn(1, 0) in events
    assert m.walled_in(1) and not m.walled_in(0)
    assert m.legal_answers(1) == (DECLARE, PASS)
    events = m.apply(PASS, seat=1)
    assert ev.Passed(1, True) in events and ev.EndAsked(0) in events


def test_picks_decide_the_first_player_and_ties_pick_again_T2_1_TG2_1():
    for a, b, first in ((3, 7, 1), (7, 3, 0), (9, 4, 1), (2, 9, 0), (5, 6, 0), (1, 9, 1)):
        m, _ = GAME.new_match(["A", "B"], {}, 0)
        m.apply(Pick(a), seat=0)
        events = m.apply(Pick(b), seat=1)
        assert ev.PicksRevealed((a, b), first) in events and m.to_move == first and m.phase == "place"
    m, _ = GAME.new_match(["A", "B"], {}, 0)
    m.apply(Pick(4), seat=1)
    assert m.awaiting().seats == (0,)
    assert m.check(Pick(4), seat=1).startswith("TG2.1")
    events = m.apply(Pick(4), seat=0)
    assert ev.PicksRevealed((4, 4), -1) in events and m.awaiting().seats == (0, 1)
    assert m.check(Pick(10), seat=0).startswith("T2.1")


def test_random_first_player_and_three_seats_draw_from_the_seed_TG2_1_TG7_2():
    firsts = {GAME.new_match(["A", "B"], {"first_player": "random"}, s)[0].to_move for s in range(20)}
    assert firsts == {0, 1}
    m, events = GAME.new_match(["A", "B", "C"], {"players": 3}, 4)
    assert m.phase == "place" and ev.FirstPlayer(m.to_move, "random") in events
    again, _ = GAME.new_match(["A", "B", "C"], {"players": 3}, 4)
    assert again.fingerprint() == m.fingerprint()


def test_declaring_needs_a_size_three_and_two_at_most_T5_1_T5_2():
    m = position({"d4": ("A", 2), "e5": ("B", 3)})
    assert m.check(DECLARE) == "T5.2: A has no tower of size 3 or more"
    assert m.check(DECLARE, seat=1) is None and m.awaiting().others == (1,)
    m.apply(DECLARE, seat=1)
    m.apply(DECLARE, seat=1)
    assert m.check(DECLARE, seat=1) == "T5.1: B has no double turn left (two a game)"
    assert m.awaiting().others == ()


def test_extra_turns_run_in_declared_order_newest_first_T5_1_TG5_1():
    m = position({"d4": ("A", 3), "e5": ("B", 3)})
    m.apply(DECLARE, seat=1)
    m.apply(DECLARE, seat=0)
    assert m.turns_ahead(4) == [1, 0, 1, 0]
    events = m.apply(Place("a1", 1))
    assert ev.TurnStarted(1, 2, True) in events
    m.apply(DECLARE, seat=1)
    m.apply(Place("h8", 1))
    assert (m.to_move, m.extra) == (1, True)
    m.apply(Place("h7", 1))
    assert (m.to_move, m.extra) == (0, True)
    m.apply(Place("a2", 1))
    assert (m.to_move, m.extra) == (1, False)


def test_pass_asks_the_next_seat_and_a_round_of_passes_ends_it_asking_nobody_T6_1_TG6_1_TG7_2():
    m = position({"d4": ("A", 2), "e5": ("B", 1), "a1": ("C", 1)}, names=("A", "B", "C"))
    m.apply(PASS)
    assert m.awaiting().kind == "end" and m.to_move == 1 and m.passed == [True, False, False]
    assert m.check(END_NO, seat=2) == "TG6.1: B is asked to end the game, not C"
    m.apply(END_NO)
    assert not m.pass_ends(1)
    m.apply(PASS)                               # two passes in a row: C is asked, it goes on
    assert m.awaiting().kind == "end" and m.to_move == 2
    m.apply(END_NO)
    assert m.pass_ends(2)
    events = m.apply(PASS)                      # C completes the round: over, nobody asked
    assert m.over and m.result().reason == "passes" and isinstance(events[-1], ev.GameOver)
    assert not any(isinstance(e, ev.EndAsked) for e in events)
    assert m.legal_answers(0) == () and m.check(PASS).startswith("T6.1")


def test_a_double_turn_passed_twice_never_ends_the_game_by_himself_TG6_1_T5_1():
    m = position({"d4": ("A", 3), "e5": ("B", 1)})
    m.apply(DECLARE)
    events = m.apply(PASS)
    assert ev.EndAsked(1) in events
    m.apply(END_NO)
    assert (m.to_move, m.extra) == (0, True) and not m.pass_ends(0)
    events = m.apply(PASS)                      # his second pass in a row: B is asked again
    assert not m.over and ev.EndAsked(1) in events and m.passed == [True, False]
    m.apply(END_NO)
    assert (m.to_move, m.extra) == (1, False) and m.pass_ends(1)
    m.apply(PASS)
    assert m.over and m.result().reason == "passes"


def four_with_two_walled_in():
    """6x6, four players: A (a1) and B (b1) walled in by C; C's walls (columns c, d) claim a3-b6,
    D's (column e) claim f1-f6."""
    towers = {"a1": ("A", 1), "b1": ("B", 1), "a2": ("C", 1), "b2": ("C", 1)}
    for r in range(1, 7):
        towers[f"c{r}"] = towers[f"d{r}"] = ("C", 1)
        towers[f"e{r}"] = ("D", 1)
    return position(towers, names=("A", "B", "C", "D"), size=6)


def test_two_walled_in_neighbours_of_four_end_nothing_for_the_others_TG6_1_TG4_3_TG7_2():
    m = four_with_two_walled_in()
    assert m.walled_in(0) and m.walled_in(1) and not m.walled_in(2) and not m.walled_in(3)
    m.apply(PASS)
    m.apply(END_NO)
    events = m.apply(PASS)                      # two passes in a row, both walled in: C is asked
    assert ev.EndAsked(2) in events and not m.over
    m.apply(END_NO)
    m.apply(Place("a3", 1))                     # a tower: a new round of passes
    assert m.passed == [False] * 4 and m.to_move == 3
    for _ in range(3):                          # D, A, B pass; each time the next is asked
        m.apply(PASS)
        m.apply(END_NO)
    assert not m.over and m.to_move == 2 and m.pass_ends(2)
    m.apply(PASS)
    assert m.over and m.result().reason == "passes"


def test_a_demolition_starts_a_new_round_of_passes_TG6_1_T7_1():
    m = position({"d4": ("A", 1), "e5": ("B", 1)}, to_move="B", demolish="advanced")
    m.apply(PASS)
    m.apply(END_NO)
    assert m.pass_ends(0)
    m.apply(Demolish("d4"))
    assert m.passed == [False, False] and not m.pass_ends(0)
    events = m.apply(PASS)
    assert ev.EndAsked(1) in events and not m.over


def test_end_yes_ranks_by_sums_and_a_tie_shares_first_place_T6_2_TG6_2():
    m = position({"d4": ("A", 2), "c3": ("A", 1), "e5": ("B", 3)}, to_move="B")
    m.apply(PASS)
    m.apply(End(True))
    r = m.result()
    assert r.ranking == ((0, 1),) and r.scores == (3, 3) and r.reason == "ended"
    assert r.place_of(0) == r.place_of(1) == 1


def test_the_last_empty_square_ends_the_game_and_waiting_extra_turns_are_lost_T6_1_TG5_1():
    towers = {GAME_SQ: ("A" if k % 2 else "B", 1) for k, GAME_SQ in enumerate(bd.geometry(6).names[:-1])}
    towers["a1"] = ("A", 3)
    m = position(towers, size=6)
    m.apply(DECLARE)
    events = m.apply(Place("f6", 1))
    assert m.over and m.result().reason == "full" and m.pending == [] and m.double_turns_left(0) == 1
    assert isinstance(events[-1], ev.GameOver)


def test_advanced_demolition_refused_when_it_unsupports_and_once_a_turn_T7_1_TG7_1():
    towers = {"b4": ("A", 2), "c4": ("A", 3), "d4": ("B", 2), "d5": ("B", 2), "c5": ("B", 3), "a8": ("A", 1)}
    m = position(towers, demolish="advanced")
    assert m.check(Demolish("b4")) == "T7.1: removing b4 would leave c4 (A's 3) unsupported"
    assert m.check(Demolish("d4")) == "T7.1: d4 holds no tower of A's"
    assert Demolish("a8") in m.legal_answers() and Demolish("b4") not in m.legal_answers()
    events = m.apply(Demolish("a8"))
    assert events == [ev.Demolished(0, "a8", 1)] and m.awaiting().kind == "place" and m.to_move == 0
    assert m.check(Demolish("c4")) == "T7.1: one demolition a turn"
    assert Place("a8", 1) in m.legal_answers()


def test_war_demolition_brings_down_the_chain_in_waves_T7_2_TG7_1():
    towers = {"b4": ("A", 2), "c4": ("A", 3), "d4": ("B", 2), "d5": ("B", 2), "c5": ("B", 3), "h1": ("B", 1)}
    m = position(towers, demolish="war")
    assert m.demolition("b4", 0).falls == ("c4", "d4", "c5", "d5")
    events = m.apply(Demolish("b4"))
    waves = [e for e in events if isinstance(e, ev.Collapsed)]
    assert [w.wave for w in waves] == [1, 2, 3]
    assert waves[0].towers == (("c4", 0, 3),)
    assert waves[1].towers == (("d4", 1, 2), ("c5", 1, 3))
    assert waves[2].towers == (("d5", 1, 2),)
    assert m.scores() == [0, 1]


def test_demolition_is_off_by_default_T7_1():
    m = position({"d4": ("A", 1), "e5": ("B", 1)})
    assert m.check(Demolish("d4")).startswith("T7.1: demolition is not played")
    assert not any(isinstance(a, Demolish) for a in m.legal_answers())


def test_legal_answers_order_placements_demolitions_declare_pass_TG3_3():
    m = position({"d4": ("A", 3), "e5": ("B", 1)}, demolish="advanced")
    legal = m.legal_answers()
    kinds = [type(a).__name__ for a in legal]
    assert kinds[-2:] == ["Declare", "Pass"] and "Demolish" in kinds
    first_demolish = kinds.index("Demolish")
    assert set(kinds[:first_demolish]) == {"Place"}
    places = legal[:first_demolish]
    idx = [(m.geo.index[a.square], a.size) for a in places]
    assert idx == sorted(idx)
    assert all(m.check(a) is None for a in legal)


def test_other_seats_may_only_declare_and_only_at_place_TG5_1():
    m = position({"d4": ("A", 3), "e5": ("B", 3)})
    assert m.legal_answers(1) == (DECLARE,)
    assert m.check(Place("a1", 1), seat=1).startswith("TG5.1")
    m.apply(PASS)
    assert m.awaiting().others == () and m.check(DECLARE, seat=1).startswith("TG")


def test_json_round_trip_and_copy_are_independent():
    m = position({"d4": ("A", 3), "e5": ("B", 3)})
    m.apply(DECLARE, seat=1)
    back = GAME.match_from_json(m.to_json())
    assert back.fingerprint() == m.fingerprint() and back.legal_answers() == m.legal_answers()
    c = m.copy()
    c.apply(Place("a1", 1))
    assert m.tower("a1") is None and c.tower("a1") == (0, 1)


def test_same_seed_same_game_fingerprints_turn_by_turn():
    from tdream.platform.conformance import random_session
    trails = []
    for _ in range(2):
        s = random_session(GAME, 9, 2, {"demolish": "war"})
        trail = []
        while s.advance() is not None:
            trail.append(s.match.fingerprint())
        trails.append(trail)
    assert trails[0] == trails[1] and len(trails[0]) > 10


@pytest.mark.parametrize("options", [{"demolish": "war"}, {"demolish": "advanced"}, {"claim_mode": "enclosed"},
                                     {"claim_mode": "literal"}, {"size": 6}, {"size": 12},
                                     {"first_player": "random"}])
def test_protocol_holds_under_every_option(options):
    from tdream.platform.conformance import checked_playout
    s = checked_playout(GAME, 3, 2, options, deep=True)
    assert s.match.over


def test_bad_seats_and_options_refused():
    with pytest.raises(ValueError, match="2-4 seats"):
        GAME.new_match(["A"], {}, 0)
    with pytest.raises(ValueError, match="players: 3 but 2 seats"):
        GAME.new_match(["A", "B"], {"players": 3}, 0)
    with pytest.raises(ValueError, match="size"):
        GAME.new_match(["A", "B"], {"size": 13}, 0)
    with pytest.raises(ValueError, match="claim_mode"):
        GAME.new_match(["A", "B"], {"claim_mode": "loose"}, 0)


RING = {"d4": ("A", 1), "c4": ("B", 1), "e4": ("B", 1), "d3": ("B", 1), "d5": ("B", 1), "a1": ("A", 2),
        "h8": ("B", 1)}


@pytest.mark.parametrize("mode", ["advanced", "war"])
def test_the_vacated_square_is_never_claimed_against_the_demolisher_in_that_turn_TG7_3_T7_1_T3_1(mode):
    m = position(RING, demolish=mode)
    m.apply(Demolish("d4"))
    d4 = m.geo.index["d4"]
    assert m.claims()[d4] == 1                  # T4.1 as the board stands: ringed by B
    assert m.territory()["d4"] is None and m.vacated_for(0) == d4 and m.vacated_for(1) == -1
    assert m.check(Place("d4", 1)) is None and Place("d4", 1) in m.legal_answers(0)
    assert d4 in [i for i, _ in m.placements(0)]
    copy = GAME.match_from_json(m.to_json())
    assert copy.fingerprint() == m.fingerprint() and copy.check(Place("d4", 1)) is None
    m.apply(Place("d4", 1))
    assert m.owner[d4] == 0 and m.vacated == -1


def test_from_the_next_turn_on_the_vacated_square_is_like_any_other_TG7_3_T3_1():
    m = position(RING, demolish="advanced")
    m.apply(Demolish("d4"))
    events = m.apply(Place("b1", 1))            # built elsewhere: d4 is B's from now on
    assert m.territory()["d4"] == 1 and m.to_move == 1
    assert not any(isinstance(e, ev.WalledIn) for e in events)
    m.apply(Place("h7", 1))
    assert m.check(Place("d4", 1)) == "T3.1: d4 is claimed by B"


def test_a_demolisher_who_does_not_build_on_the_vacated_square_walls_himself_in_TG7_3_TG4_3():
    alone = {"d4": ("A", 1), "c4": ("B", 1), "e4": ("B", 1), "d3": ("B", 1), "c5": ("B", 1), "e5": ("B", 1),
             "d6": ("B", 1)}
    m = position(alone, demolish="advanced")
    assert m.demolition("d4", 0).walls_in
    events = m.apply(Demolish("d4"))
    assert not m.walled_in(0) and not any(isinstance(e, ev.WalledIn) for e in events)
    events = m.apply(PASS)
    assert ev.WalledIn(0, 0) in events and m.walled_in(0)
    m = position(alone, demolish="advanced")
    m.apply(Demolish("d4"))
    m.apply(Place("d4", 1))
    assert not m.walled_in(0) and m.territory()["d5"] is None


def test_state_keeps_the_round_of_passes_and_the_vacated_square_TG6_1_TG7_3():
    m = position(RING, to_move="B", demolish="advanced")
    m.apply(PASS)
    data = m.to_json()
    assert data["passed"] == [False, True] and data["vacated"] == -1 and "passes" not in data
    m.apply(END_NO)
    before = m.fingerprint()
    m.apply(Demolish("d4"))
    assert m.to_json()["vacated"] == m.geo.index["d4"] and m.to_json()["passed"] == [False, False]
    assert m.fingerprint() != before
    old = dict(data, version=1)
    with pytest.raises(ValueError):
        GAME.match_from_json(old)

"""The engine's narrow API: awaiting, legal answers, check, apply, chance, JSON, fingerprint."""
import json
from collections.abc import Sequence

import pytest

from tdream.games.towerdream.rules import BANK, Game, new_game
from tdream.games.towerdream.rules import events as ev
from tdream.games.towerdream.rules.answers import (
    NO_BUILD, NO_SELL, Build, Claim, Place, Roll, Sell, answer_from_step,
)
from tdream.games.towerdream.rules.game import BuildAnswers, SellAnswers
from tdream.errors import IllegalAnswer


def position(ruleset, board, **kw):
    seats = kw.pop("seats", [{"name": n} for n in "ABCD"])
    game, _ = Game.from_position(ruleset, board, seats, **kw)
    return game


def test_new_game_draws_turn_order_and_awaits_a_roll_r2_2(ruleset, boards):
    orders = set()
    for seed in range(20):
        g, events = new_game(ruleset, boards["classic-7"], list("ABCD"), seed=seed)
        assert isinstance(events[0], ev.TurnOrderDrawn)
        orders.add(tuple(g.names))
        assert g.awaiting().kind == "roll" and g.cash == [1500] * 4 and g.pos == [0] * 4
    assert len(orders) > 5


def test_new_game_refuses_a_seat_count_other_than_the_option(ruleset, boards):
    with pytest.raises(ValueError):
        new_game(ruleset, boards["classic-7"], list("ABC"))
    g, _ = new_game(ruleset, boards["classic-7"], list("ABC"), options={"players": 3})
    assert len(g.names) == 3


def test_illegal_answer_raises_and_leaves_the_game_as_it_was(ruleset, boards):
    g = position(ruleset, boards["classic-7"])
    before = g.fingerprint()
    assert "G4.1" in g.check(Roll(11))
    with pytest.raises(IllegalAnswer):
        g.apply(Roll(0))
    with pytest.raises(IllegalAnswer):
        g.apply(Place("c3"))            # the game awaits a roll
    assert g.fingerprint() == before


def test_every_legal_answer_passes_check(ruleset, boards):
    g, _ = new_game(ruleset, boards["classic-10"], list("ABCD"), seed=3)
    for _ in range(600):
        aw = g.awaiting()
        if aw is None:
            break
        answers = g.legal_answers()
        assert len(answers) > 0
        for a in list(answers)[:60]:
            assert g.check(a) is None, (aw, a)
        a = g.sample_chance() if aw.player < 0 else answers[len(answers) // 2]
        g.apply(a)


def test_roll_moves_clockwise_and_passing_start_pays_salary_r4_2(ruleset, boards):
    g = position(ruleset, boards["classic-7"], seats=[{"name": "A", "at": 30}, {"name": "B"}])
    events = g.apply(Roll(5))            # 30 -> 3, passing Start (0)
    assert g.pos[0] == 3 and g.cash[0] == 3000
    pays = [e for e in events if isinstance(e, ev.Payment)]
    assert pays == [ev.Payment(ev.BANK, 0, 1500, "salary", "")]


def test_claim_of_a_bank_landmark_is_offered_beside_places_r7_3(ruleset, boards):
    g = position(ruleset, boards["classic-7"], lands={"c1": (BANK, 0)})
    g.apply(Roll(3))
    answers = list(g.legal_answers())
    assert Claim("c1") in answers and Place("c2") in answers and Place("c1") not in answers
    assert "R7.1" in g.check(Place("c1"))


def test_sell_answers_unrank_in_the_same_order_as_a_plain_enumeration():
    avail = [("a1", 2), ("b1", 5), ("c1", 1), ("d1", 3)]
    expected = [()]

    def rec(i, left, chosen):
        for j in range(i, len(avail)):
            land, f = avail[j]
            for k in range(1, min(f, left) + 1):
                chosen.append((land, k))
                expected.append(tuple(chosen))
                if left - k:
                    rec(j + 1, left - k, chosen)
                chosen.pop()
    rec(0, 3, [])
    answers = SellAnswers(avail, 3)
    assert len(answers) == len(expected)
    assert [a.items for a in answers] == expected
    assert answers[0] == NO_SELL and answers[-1].items == expected[-1]
    with pytest.raises(IndexError):
        answers[len(expected)]


def test_build_answers_none_first_then_each_land_and_count():
    table = [[Build(land, k) for k in range(4)] for land in ("c3", "d3")]
    answers = BuildAnswers([0, 2, 1, 1], table)
    every = [NO_BUILD, Build("c3", 1), Build("c3", 2), Build("d3", 1)]
    assert list(answers) == every
    # a Sequence in full, though not derived from one (mypyc compiles it as a native class)
    assert isinstance(answers, Sequence) and len(answers) == 4
    assert answers[-1] == every[-1] and answers[1:3] == every[1:3] and list(reversed(answers)) == every[::-1]
    assert Build("c3", 2) in answers and Build("d3", 2) not in answers
    assert answers.index(Build("c3", 2)) == 2 and answers.count(NO_BUILD) == 1


def test_answer_text_form_round_trips():
    for kind, value in [("roll", 4), ("place", "d2"), ("place", {"claim": "e1"}), ("company", "bloom"),
                        ("survivor", "ace"), ("build", {"land": "d2", "floors": 2}), ("build", "none"),
                        ("pile", "squid"), ("draw", "crab-lucky-coin"), ("slot", ["bell", "bell", "bar", "star"]),
                        ("jackpot", "d2"), ("forced_sale", "c1"), ("floors", "c1"),
                        ("sell", [{"land": "c1", "floors": 2}]), ("sell", [])]:
        a = answer_from_step(kind, value)
        assert a.kind == kind
        assert answer_from_step(kind, a.to_step()) == a


def test_answer_from_step_refuses_malformed_values():
    for kind, value in [("roll", "four"), ("place", 3), ("build", {"land": "d2"}), ("sell", "c1"),
                        ("slot", "bell"), ("teleport", 1)]:
        with pytest.raises(ValueError):
            answer_from_step(kind, value)


def test_state_json_round_trips_mid_game_and_plays_on_identically(ruleset, boards):
    from tdream.games.towerdream.ai import RandomPlayer
    g, _ = new_game(ruleset, boards["meringue"], list("ABCD"), seed=11)
    players = [RandomPlayer(i) for i in range(4)]
    for _ in range(120):
        aw = g.awaiting()
        g.apply(g.sample_chance() if aw.player < 0 else players[aw.player].choose(g))
    assert g.awaiting() is not None
    data = json.loads(json.dumps(g.to_json()))
    h = Game.from_json(ruleset, boards["meringue"], data)
    assert h.fingerprint() == g.fingerprint()
    assert h.legal_answers()[:] == g.legal_answers()[:]
    for _ in range(200):
        aw = g.awaiting()
        if aw is None:
            break
        assert h.awaiting() == aw
        if aw.player < 0:
            a = g.sample_chance()
            assert h.sample_chance() == a          # the RNG state travelled with the JSON
        else:
            a = players[aw.player].choose(g)
        assert h.check(a) is None
        g.apply(a)
        h.apply(a)
        assert h.fingerprint() == g.fingerprint()


def test_fingerprint_is_sha256_of_canonical_json(ruleset, boards):
    import hashlib
    g = position(ruleset, boards["classic-7"])
    canon = json.dumps(g.to_json(), sort_keys=True, separators=(",", ":"))
    assert g.fingerprint() == hashlib.sha256(canon.encode()).hexdigest()


def test_no_company_starts_in_round_one_r7_5(ruleset, boards):
    g = position(ruleset, boards["classic-7"], round=1, to_move=3, lands={"c1": (0, 0)})
    g.apply(Roll(3))
    g.apply(Place("c2"))
    assert g.awaiting().kind == "roll" and g.company[boards["classic-7"].land_names.index("c2")] == -1


def test_from_position_refuses_impossible_setups(ruleset, boards):
    b = boards["classic-7"]
    with pytest.raises(ValueError, match="Floors on a loose Land"):
        position(ruleset, b, lands={"c1": (0, 2)})
    with pytest.raises(ValueError, match="two Building Marks"):
        position(ruleset, b, lands={"c1": (0, 0), "c2": (0, 0)}, companies={"ace": "c1", "bloom": "c2"})
    with pytest.raises(ValueError, match="holds no Landmark"):
        position(ruleset, b, lands={"c1": (0, 0)}, companies={"ace": "c2"})
    with pytest.raises(ValueError, match="no Land z9"):
        position(ruleset, b, lands={"z9": (0, 0)})


def test_awaiting_names_the_debtor_for_a_forced_sale_r6_4(ruleset, boards):
    # A owes B a fee he cannot pay: A is asked, not the mover's opponent.
    g = position(ruleset, boards["classic-7"], seats=[{"name": "A", "cash": 10}, {"name": "B"}],
                 lands={"c1": (1, 0), "c2": (1, 0), "a1": (0, 0)})
    g.apply(Roll(3))
    aw = g.awaiting()
    assert aw.kind == "forced_sale" and aw.player == 0
    assert list(g.legal_answers()) == [answer_from_step("forced_sale", "a1")]


def test_piles_are_shuffled_by_seed_and_reshuffled_from_the_discard_g5_1(ruleset, boards):
    from tdream.games.towerdream.rules.answers import ChoosePile, Draw
    orders = set()
    for seed in range(5):
        g = position(ruleset, boards["classic-7"], seed=seed)
        orders.add(tuple(g.piles["crab"]))
        assert sorted(g.piles["crab"]) == sorted(ruleset.pile_cards("crab"))
    assert len(orders) == 5
    # Draw the whole crab pile from the top, one card a turn: the discard fills, then the pile
    # is shuffled afresh from it the moment it runs out.
    g = position(ruleset, boards["classic-7"], seed=3, seats=[{"name": "A", "at": 5}, {"name": "B", "at": 5}])
    size = len(ruleset.pile_cards("crab"))
    drawn = []
    for i in range(size):
        g.pos[g.seat] = 5
        g.cash[g.seat] = 10**6           # whatever the card costs, no forced sale
        g.apply(Roll(3))
        assert g.awaiting().kind == "pile"
        g.apply(ChoosePile("crab"))
        outcomes = g.chance_outcomes()    # G5.1: every card still in the pile, as often as it is there
        assert sum(w for _, w in outcomes) == len(g.piles["crab"])
        assert sorted(a.card for a, w in outcomes for _ in range(w)) == sorted(g.piles["crab"])
        top = g.sample_chance()
        assert top == Draw(g.piles["crab"][-1]) and top in [a for a, _ in outcomes]
        drawn.append(top.card)
        g.apply(top)
        while (aw := g.awaiting()) and aw.kind != "roll":
            g.apply(g.legal_answers()[0] if aw.player >= 0 else g.sample_chance())
        if i < size - 1:
            assert len(g.discards["crab"]) == i + 1
    assert sorted(drawn) == sorted(ruleset.pile_cards("crab"))
    assert g.discards["crab"] == [] and sorted(g.piles["crab"]) == sorted(drawn)


def test_regression_place_never_equals_claim_of_the_same_land():
    # NamedTuples compare as tuples; a Claim once counted as a legal Place (and back).
    assert Place("c1") != Claim("c1") and Place("c1") == Place("c1")
    assert len({Place("c1"), Claim("c1")}) == 2
    assert ev.JackpotGrew(1) != ev.JackpotMissed(1)


def test_canonical_json_is_exactly_json_dumps_sorted_compact(ruleset, boards):
    # After every answer: canonical_json keeps the text of its largest parts from one call to
    # the next, and a part it failed to write again would show at the first answer changing it.
    from tdream.games.towerdream.ai import RandomPlayer
    for board in ("classic-7", "hong-kong"):
        g, _ = new_game(ruleset, boards[board], list("ABCD"), seed=21)
        players = [RandomPlayer(i) for i in range(4)]
        while (aw := g.awaiting()) is not None:
            assert g.canonical_json() == json.dumps(g.to_json(), sort_keys=True, separators=(",", ":"))
            g.apply(g.sample_chance() if aw.player < 0 else players[aw.player].choose(g))
        assert g.canonical_json() == json.dumps(g.to_json(), sort_keys=True, separators=(",", ":"))


def test_canonical_json_finds_a_land_change_the_engine_did_not_name(ruleset, boards):
    # The engine names the Lands it writes (its one door: _lands_written) so that canonical_json
    # writes only their runs again; a Land written elsewhere (here by hand, beside a named one) is
    # still found.
    from tdream.games.towerdream.ai import RandomPlayer
    g, _ = new_game(ruleset, boards["classic-7"], list("ABCD"), seed=21)
    players = [RandomPlayer(i) for i in range(4)]
    named = 0
    while (aw := g.awaiting()) is not None and g.turn < 40:
        g.canonical_json()
        g.apply(g.sample_chance() if aw.player < 0 else players[aw.player].choose(g))
        named += bool(g._lands_written)
        if g._lands_written:
            far = (g._lands_written[0] + 50) % len(g.floors)
            g.floors[far] += 1                       # not named: the whole list is compared
            assert g.canonical_json() == json.dumps(g.to_json(), sort_keys=True, separators=(",", ":"))
            g.floors[far] -= 1
        assert g.canonical_json() == json.dumps(g.to_json(), sort_keys=True, separators=(",", ":"))
    assert named > 5                                 # the named path was taken, turn after turn


def test_a_move_longer_than_the_road_passes_start_and_jackpot_each_lap_g4_2(ruleset, boards):
    g = position(ruleset, boards["classic-7"], seats=[{"name": "A", "at": 30}, {"name": "B"}])
    events = []
    g._move(0, 70, events)          # 30 -> 100 = 3 laps past 0 and 2 past 16, landing on 4
    passed = [e.space for e in events if isinstance(e, ev.Passed)]
    assert passed == [0, 16, 0, 16, 0] and g.pos[0] == 4
    assert g.cash[0] == 1500 + 3 * 1500 and g.jackpot == 3


def test_fee_outlook_agrees_with_line_owners(ruleset, boards):
    """``fee_outlook`` (the CPU players' view of Line Fees) is line_owners summed as documented."""
    from tdream.games.towerdream.ai import RandomPlayer
    from tdream.games.towerdream.rules import new_game
    for board in ("classic-10", "hong-kong"):
        g, _ = new_game(ruleset, boards[board], list("ABCD"), seed=31)
        players = [RandomPlayer(i) for i in range(4)]
        checked = 0
        while (aw := g.awaiting()) is not None:
            if g.turn % 7 == 0 and aw.kind == "roll":
                n, road = 4, len(boards[board].spaces)
                owners_of = g.all_line_owners()
                nxt, longrun, pay = [0.0] * n, [0.0] * n, [[0] * 10 for _ in range(n)]
                for owners, fees in owners_of:
                    for o, f in zip(owners, fees):
                        longrun[o] += f * (n - len(owners)) / road
                for r in range(n):
                    for d in range(1, 11):
                        owners, fees = owners_of[(g.pos[r] + d) % road]
                        for o, f in zip(owners, fees):
                            if o != r:
                                nxt[o] += f / 10
                                pay[r][d - 1] += f
                assert g.fee_outlook() == (nxt, longrun, pay)
                checked += 1
            g.apply(g.sample_chance() if aw.player < 0 else players[aw.player].choose(g))
        assert checked > 5


def test_top_and_sub_owners_match_the_rule_as_written(ruleset, boards):
    """R7.9, G7.4 by the book (ranked distinct counts), against the engine's counting loop."""
    from tdream.games.towerdream.ai import RandomPlayer
    from tdream.games.towerdream.rules import new_game

    def by_the_book(g, c):
        counts = {}
        for land in g.members[c]:
            o = g.owner[land]
            if o >= 0:
                counts[o] = counts.get(o, 0) + 1 + g.floors[land] + (1 if land == g.mark[c] else 0)
        if not counts:
            return (), ()
        ranked = sorted(set(counts.values()), reverse=True)
        top = tuple(sorted(p for p, n in counts.items() if n == ranked[0]))
        if len(top) > 1 or len(ranked) < 2:
            return top, ()
        return top, tuple(sorted(p for p, n in counts.items() if n == ranked[1]))

    seen = 0
    for seed in range(3):
        g, _ = new_game(ruleset, boards["classic-7"], list("ABCD"), seed=seed)
        players = [RandomPlayer(seed + i) for i in range(4)]
        while (aw := g.awaiting()) is not None:
            for c, m in enumerate(g.mark):
                if m >= 0:
                    assert g.owners_of(c) == by_the_book(g, c)
                    seen += 1
            g.apply(g.sample_chance() if aw.player < 0 else players[aw.player].choose(g))
    assert seen > 100

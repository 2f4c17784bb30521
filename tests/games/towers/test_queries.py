"""Front-end queries (brief: previews and warnings), pure: they never change the match."""
from tdream.games.towers.answers import DECLARE, Demolish, Place

from .conftest import position


def test_largest_size_and_why_the_next_is_refused_T3_3_T3_1():
    m = position({"d4": ("A", 5), "c3": ("A", 1), "h8": ("B", 1)})
    before = m.fingerprint()
    assert m.largest_size("d5", 0)[0] == 4
    assert m.largest_size("d5", 0)[1].startswith("T3.3: no own neighbour larger than 5")
    assert m.largest_size("d4", 0) == (0, "T3.1: d4 holds A's 5")
    assert m.largest_size("z1", 0)[0] == 0 and m.largest_size("z1", 0)[1].startswith("TG1.1")
    assert m.largest_size("a8", 1) == (1, m.largest_size("a8", 1)[1])
    assert m.fingerprint() == before


def test_largest_size_nine_has_no_reason():
    m = position({"d4": ("A", 9), "e5": ("A", 8), "e3": ("A", 8), "f4": ("A", 8), "h8": ("B", 1)})
    assert m.largest_size("e4", 0) == (9, None)


def test_territory_gives_each_square_its_claimer_T4_1():
    m = position({"a2": ("A", 1), "b1": ("A", 1), "h7": ("B", 1), "g8": ("B", 1)})
    t = m.territory()
    assert t["a1"] == 0 and t["h8"] == 1 and t["d4"] is None and t["a2"] is None
    assert len(t) == 64


def test_wall_threats_name_the_square_and_the_enemy_TG4_3():
    m = position({"a1": ("B", 1), "b1": ("A", 2), "h8": ("A", 1)})
    before = m.fingerprint()
    assert m.wall_threats(1) == [("a2", 0)]
    assert m.wall_threats(0) == []
    assert m.fingerprint() == before
    m.apply(Place("a2", 1))
    assert m.walled_in(1) and m.wall_threats(1) == []


def test_with_three_players_ground_next_to_two_rivals_stays_open_TG4_3_TG7_2():
    m = position({"a1": ("B", 1), "b1": ("A", 2), "h8": ("C", 1)}, names=("A", "B", "C"))
    assert m.wall_threats(1) == []          # the big group touches A and C: unclaimed, B may place there
    m = position({"a1": ("B", 1), "b1": ("A", 2), "h8": ("A", 1), "a8": ("C", 1), "a7": ("A", 1),
                  "b8": ("A", 1)}, names=("A", "B", "C"))
    assert m.wall_threats(1) == [("a2", 0)]


def test_demolition_preview_war_lists_the_chain_advanced_says_why_not_T7_1_T7_2():
    towers = {"b4": ("A", 2), "c4": ("A", 3), "d4": ("B", 2), "d5": ("B", 2), "c5": ("B", 3), "a8": ("A", 1)}
    war = position(towers, demolish="war")
    p = war.demolition("b4", 0)
    assert p.allowed and p.reason is None and p.falls == ("c4", "d4", "c5", "d5")
    assert war.demolition("a8", 0) == (True, None, (), False, None)
    adv = position(towers, demolish="advanced")
    p = adv.demolition("b4", 0)
    assert not p.allowed and p.reason.startswith("T7.1: removing b4") and p.falls == ("c4",)
    assert adv.demolition("d4", 0).allowed is False
    off = position(towers)
    assert off.demolition("a8", 0).reason.startswith("T7.1: demolition is not played")
    assert Demolish("a8") not in off.legal_answers()


def test_double_turns_left_per_player_T5_1():
    m = position({"d4": ("A", 3), "e5": ("B", 3)}, doubles={"B": 1})
    assert [m.double_turns_left(p) for p in (0, 1)] == [2, 1]
    m.apply(DECLARE)
    assert m.double_turns_left(0) == 1 and m.can_declare(1)


def ringed(**options):
    """A's d4 (1) ringed by B's towers; A also has a1 (2)."""
    towers = {"d4": ("A", 1), "c4": ("B", 1), "e4": ("B", 1), "d3": ("B", 1), "d5": ("B", 1), "a1": ("A", 2),
              "h8": ("B", 1)}
    return position(towers, **options)


def test_demolition_preview_warns_when_the_demolisher_is_walled_in_after_the_turn_TG7_3_TG4_3():
    m = ringed(demolish="advanced")
    before = m.fingerprint()
    p = m.demolition("d4", 0)
    assert p.allowed and not p.walls_in and p.warning is None       # a1 keeps him building
    alone = position({"d4": ("A", 1), "c4": ("B", 1), "e4": ("B", 1), "d3": ("B", 1), "c5": ("B", 1), "e5": ("B", 1),
                      "d6": ("B", 1)}, demolish="advanced")          # d5 is his liberty only while d4 stands
    p = alone.demolition("d4", 0)
    assert p.allowed and p.walls_in
    assert p.warning == "TG7.3: d4 is B's after this turn; unless A builds there now, he is walled in (TG4.3)"
    ring = {"d4": ("A", 1), "c4": ("B", 1), "e4": ("B", 1), "d3": ("B", 1), "d5": ("B", 1), "c3": ("A", 3),
            "b3": ("B", 1), "c2": ("B", 1)}
    p = position(ring, demolish="advanced").demolition("d4", 0)
    assert p.walls_in
    assert p.warning == "TG7.3: d4 is B's after this turn; A is walled in then, whatever he builds (TG4.3)"
    assert not position(ring, demolish="advanced").demolition("h1", 0).walls_in      # refused: no warning
    assert m.fingerprint() == before


def test_double_threats_name_two_towers_of_an_enemy_who_may_play_two_turns_TG4_3_T5_1_T5_2():
    m = position({"a1": ("B", 1), "d4": ("A", 3)})
    before = m.fingerprint()
    assert m.wall_threats(1) == [] and m.double_threats(1) == [("b1", "a2", 0)]
    assert m.double_threats(0) == []
    assert position({"a1": ("B", 1), "d4": ("A", 2)}).double_threats(1) == []              # T5.2: no tower of 3
    assert position({"a1": ("B", 1), "d4": ("A", 3)}, doubles={"A": 0}).double_threats(1) == []   # T5.1
    m.apply(Place("h8", 1))                     # B's turn: A may still declare out of turn (TG5.1)
    assert m.double_threats(1) == [("b1", "a2", 0)]
    assert m.fingerprint() != before and m.double_threats(1) == m.double_threats(1)


def test_declare_status_for_the_status_page_T5_1_T5_2_TG5_1():
    from tdream.games.towers.answers import PASS
    m = position({"d4": ("A", 3), "e5": ("B", 2)}, doubles={"A": 1})
    assert m.declare_status(0) == (1, True, None) and m.can_declare(0)
    assert m.declare_status(1) == (2, False, "T5.2: B has no tower of size 3 or more")
    m.apply(DECLARE)
    assert m.declare_status(0) == (0, True, "T5.1: A has no double turn left (two a game)")
    m.apply(PASS)                               # at ``end`` nobody declares (TG5.1): said first
    s = m.declare_status(1)
    assert s.left == 2 and not s.tall and s.reason.startswith("TG5.1")
    m2 = position({"d4": ("A", 3), "e5": ("B", 3)})
    m2.apply(PASS)
    assert m2.declare_status(1) == (2, True, "TG5.1: a double turn is declared during a turn, before its placement "
                                             "or pass")
    assert not m2.can_declare(1)


def test_pass_ends_says_when_his_pass_completes_a_round_of_passes_TG6_1():
    from tdream.games.towers.answers import END_NO, PASS
    m = position({"d4": ("A", 3), "e5": ("B", 3)})
    assert not m.pass_ends(0)
    m.apply(PASS)
    assert not m.pass_ends(1)                   # at ``end``: no pass now
    m.apply(END_NO)
    assert m.pass_ends(1) and not m.pass_ends(0)

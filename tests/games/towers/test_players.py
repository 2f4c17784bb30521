"""CPU players: legal, deterministic, through the view only, every kind and level."""
import pytest

from tdream.games.towers import GAME
from tdream.games.towers.answers import DECLARE, END_NO, END_YES, PASS, Demolish, Pick, Place
from tdream.platform.roster import CHARACTER_IDS
from tdream.platform.session import Seat, Session

from .conftest import position


def play(kinds, seed, options=None):
    s, _ = Session.start(GAME, [Seat(f"P{i + 1}", k) for i, k in enumerate(kinds)], options or {}, seed)
    trail = []
    s.observers.append(lambda _s, seat, answer, _e, _g: trail.append((seat, answer)))
    while s.advance() is not None:
        pass
    return s.match, trail


def test_cpu_kinds_are_random_cpu_and_the_nine():
    assert GAME.cpu_kinds() == ("random", "cpu") + CHARACTER_IDS
    assert GAME.split_kind("joji:hard") == ("joji", "hard")
    assert GAME.split_kind("cpu") == ("cpu", "normal")
    for bad in ("random:hard", "cpu:brutal", "kenji"):
        with pytest.raises(ValueError):
            GAME.make_player(bad, 1)


@pytest.mark.parametrize("kind", ["random", "cpu:easy", "cpu", "cpu:hard"])
def test_same_seed_same_game(kind):
    a, ta = play([kind, "cpu"], 12)
    b, tb = play([kind, "cpu"], 12)
    assert ta == tb and a.fingerprint() == b.fingerprint() and a.over


@pytest.mark.parametrize("char", CHARACTER_IDS)
def test_every_character_plays_legal_games_at_every_level(char):
    for i, level in enumerate(("easy", "normal", "hard")):
        m, trail = play([f"{char}:{level}", "random"], 30 + i, {"size": 6})
        assert m.over and trail
    m, _ = play([char, "cpu", "random"], 7, {"players": 3, "size": 6})
    assert m.over


def test_players_answer_through_the_view_and_never_change_the_match():
    m = position({"d4": ("A", 3), "e5": ("B", 3), "c3": ("A", 2)}, demolish="war")
    before = m.fingerprint()
    for kind in ("random", "cpu:easy", "cpu", "cpu:hard", "cosmic-will", "hikozaemon:hard"):
        p = GAME.make_player(kind, 3)
        a = p.choose(m.view(0), 0)
        assert m.check(a, 0) is None
        getattr(p, "interject", lambda *_: None)(m.view(1), 1)
    assert m.fingerprint() == before


def test_end_question_yes_only_when_leading():
    p = GAME.make_player("cpu", 1)
    m = position({"d4": ("A", 2), "e5": ("B", 1)}, to_move="B")
    m.apply(PASS)
    assert p.choose(m.view(0), 0) == END_YES
    m = position({"d4": ("A", 1), "e5": ("B", 2)}, to_move="B")
    m.apply(PASS)
    assert p.choose(m.view(0), 0) == END_NO


def test_pick_is_a_legal_secret_pick():
    m, _ = GAME.new_match(["A", "B"], {}, 0)
    for kind in ("cpu", "cosmic-will", "random"):
        a = GAME.make_player(kind, 5).choose(m.view(0), 0)
        assert isinstance(a, Pick) and 1 <= a.size <= 9


def test_cpu_walls_a_rival_in_when_it_can_TG4_3():
    # B's lone 1 in the corner has one liberty left: normal fills it
    m = position({"a1": ("B", 1), "b1": ("A", 2), "c1": ("A", 1), "h8": ("A", 1)})
    a = GAME.make_player("cpu", 1).choose(m.view(0), 0)
    assert a == Place("a2", m.largest_size("a2", 0)[0])


def test_cpu_declares_when_two_moves_are_needed_to_wall_in_T5_1():
    m = position({"a1": ("B", 1), "b2": ("A", 3), "c1": ("A", 2), "h8": ("A", 1), "a3": ("A", 2)})
    # B's a1 has liberties a2 and b1: two moves; A can declare (a 3 on the board)
    p = GAME.make_player("cpu", 1)
    assert p.choose(m.view(0), 0) == DECLARE
    m.apply(DECLARE)
    a = p.choose(m.view(0), 0)
    assert isinstance(a, Place) and a.square in ("a2", "b1")


def test_cpu_interjects_a_declaration_when_a_rival_double_turn_could_wall_it_in_TG5_1():
    # A to move with both declarations and a 3; B's corner group has three liberties
    m = position({"a1": ("B", 1), "a2": ("B", 1), "b1": ("B", 3), "d4": ("A", 3), "h8": ("A", 1)})
    p = GAME.make_player("cpu", 2)
    assert m.awaiting().others == (1,)
    assert p.interject(m.view(1), 1) == DECLARE


def test_cpu_walled_in_demolishes_and_builds_bigger_instead_of_passing_T7_1():
    towers = {"a1": ("A", 1), "b1": ("A", 1), "a2": ("B", 1), "b2": ("B", 1), "c1": ("B", 1), "h8": ("B", 1)}
    for kind in ("cpu", "cpu:hard"):
        m = position(towers, demolish="advanced")
        assert m.walled_in(0)
        p = GAME.make_player(kind, 1)
        a = p.choose(m.view(0), 0)
        assert isinstance(a, Demolish), kind
        m.apply(a)
        b = p.choose(m.view(0), 0)
        assert b == Place(a.square, 2)


def test_hard_searches_deeper_than_normal_and_easy_lapses():
    m = position({"d4": ("A", 2), "e5": ("B", 3), "c3": ("A", 2), "f6": ("B", 2)})
    normal, hard = GAME.make_player("cpu", 1), GAME.make_player("cpu:hard", 1)
    normal.choose(m.view(0), 0)
    hard.choose(m.view(0), 0)
    assert hard.last_evals > 3 * normal.last_evals
    easy = [GAME.make_player("cpu:easy", s).choose(m.view(0), 0) for s in range(12)]
    assert len(set(easy)) > 1
    assert len({GAME.make_player("cpu", 3).choose(m.view(0), 0) for _ in range(4)}) == 1   # same seed, same answer


def test_random_player_is_uniform_over_legal_answers_and_interjects_half_the_time():
    m = position({"d4": ("A", 3), "e5": ("B", 3)})
    seen = {GAME.make_player("random", s).choose(m.view(0), 0) for s in range(300)}
    assert seen <= set(m.legal_answers(0)) and len(seen) > 50
    said = [GAME.make_player("random", s).interject(m.view(1), 1) for s in range(200)]
    assert 60 < said.count(DECLARE) < 140 and set(said) == {DECLARE, None}


def style_figures(kind, games=3):
    """Per placement: rival towers next to it; the turn of his first declaration (mean)."""
    contact = placed = 0
    first_decl = []
    for seed in range(games):
        s, _ = Session.start(GAME, [Seat("A", kind), Seat("B", "cpu")], {}, 40 + seed)
        me = s.match.names.index("A")
        seen = []

        def obs(_s, seat, a, _e, _g):
            nonlocal contact, placed
            if seat != me:
                return
            if isinstance(a, Place):
                m = _s.match
                i = m.geo.index[a.square]
                contact += sum(1 for j in m.geo.near[i] if m.owner[j] >= 0 and m.owner[j] != me)
                placed += 1
            elif a == DECLARE and not seen:
                seen.append(_s.match.turn)
        s.observers.append(obs)
        s.run()
        first_decl.append(seen[0] if seen else s.match.turn)
    return contact / placed, sum(first_decl) / games


def test_styles_show_in_play():
    kenta, _ = style_figures("kenta")
    cpu, _ = style_figures("cpu")
    assert kenta > 1.2 * cpu                       # contact play
    _, cosmic = style_figures("cosmic-will")
    _, hiko = style_figures("hikozaemon")
    assert cosmic < hiko                           # double turns at once vs kept to the end


def test_cpu_walled_in_rebuilds_on_the_vacated_square_claimed_by_rivals_TG7_3():
    """Issue 22: the vacated square is his in the demolition's turn (TG7.3), although the claims
    (T4.1) give it to the rival who rings it: the CPU demolishes and builds there, bigger."""
    towers = {"d4": ("A", 1), "c4": ("B", 3), "e4": ("B", 3), "d3": ("B", 3), "d5": ("B", 3), "c3": ("A", 3),
              "e5": ("A", 3), "c5": ("B", 1), "e3": ("B", 1), "h8": ("B", 1), "b3": ("B", 1), "c2": ("B", 1),
              "f5": ("B", 1), "e6": ("B", 1)}
    for kind in ("cpu", "cpu:hard"):
        m = position(towers, demolish="advanced")
        assert m.walled_in(0)
        p = GAME.make_player(kind, 1)
        a = p.choose(m.view(0), 0)
        assert a == Demolish("d4"), kind
        m.apply(a)
        assert m.claims()[m.geo.index["d4"]] == 1 and m.territory()["d4"] is None
        assert p.choose(m.view(0), 0) == Place("d4", 4)


def test_cpu_never_demolishes_to_rebuild_the_same_and_nothing_falls_T7_1_T7_2():
    """A demolition rebuilt no bigger with nothing else down is a null turn (it only starts a new
    round of passes, TG6.1): the CPU never plays one, in either mode."""
    towers = {"d4": ("A", 3), "c4": ("A", 2), "h8": ("B", 1)}
    for mode in ("advanced", "war"):
        m = position(towers, demolish=mode)
        p = GAME.make_player("cpu", 3)
        root = p._model(m).root(m.owner, m.size, m.counting)
        cands = p._demolitions(m.view(0), p._model(m), root, 0, p._terms(m.view(0), root, 0))
        for a, child, _ in cands:
            i = m.geo.index[a.square]
            assert child.size[i] > m.size[i] or child.owner != m.owner, (mode, a)


@pytest.mark.parametrize("kinds, seed", [(["cosmic-will", "yuderu"], 2), (["cpu", "cpu"], 5)])
def test_corporate_war_between_cpus_ends_within_a_bound_T7_2(kinds, seed):
    """Issue 22: under ``war`` the rules let a board come back again and again (a demolition
    that knocks a rival tower down, the rival building it again); two CPUs once demolished in a
    loop for 53,000 inputs (`tdream simulate --option demolish=war --cpus cosmic-will,yuderu
    --seed 2`). They never demolish into a board they made before, nor for a wash: it ends."""
    from tdream.platform.simulate import play_game
    from tdream.rng import derive_seed
    r = play_game(GAME, kinds, derive_seed(seed, 0), {"demolish": "war"})
    assert r.reason in ("full", "ended", "passes") and 0 < r.turns < 1500

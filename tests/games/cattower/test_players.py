"""CPU players: every kind answers legally through its view only, the same seed gives the same
game, and the levels and styles differ as they should."""
import pytest

from tdream.games.cattower import GAME
from tdream.games.cattower.answers import Draft, Drawing, House, Pass
from tdream.platform.roster import CHARACTER_IDS
from tdream.platform.session import Seat, Session

from .helpers import at_draw


class GuardedView:
    """A view that refuses chance and the match's hidden parts: a CPU must not touch them."""

    def __init__(self, view) -> None:
        object.__setattr__(self, "_v", view)

    def __getattr__(self, name):
        if name in ("sample_chance", "chance_outcomes", "rng"):
            raise AssertionError(f"a CPU player read {name}")
        return getattr(object.__getattribute__(self, "_v"), name)


def play(kinds, seed, guard=False):
    seats = [Seat(f"P{i}", k) for i, k in enumerate(kinds)]
    s, _ = Session.start(GAME, seats, {}, seed)
    trail = []
    m = s.match
    while (aw := m.awaiting()) is not None:
        if aw.chance:
            s.chance()
        else:
            seat = aw.seats[0]
            view = m.view(seat)
            answer = s.players[seat].choose(GuardedView(view) if guard else view, seat)
            assert m.check(answer, seat) is None, (kinds[seat], answer)
            s.give(answer, seat)
        trail.append(m.fingerprint())
    return m, trail


def test_cpu_kinds_are_random_cpu_and_the_nine():
    assert GAME.cpu_kinds() == ("random", "cpu") + tuple(CHARACTER_IDS)
    assert GAME.split_kind("joji:hard") == ("joji", "hard")
    assert GAME.split_kind("cpu") == ("cpu", "normal")
    for bad in ("random:hard", "cpu:expert", "nobody"):
        with pytest.raises(ValueError):
            GAME.split_kind(bad)
            GAME.make_player(bad, 0)


@pytest.mark.parametrize("kinds", [
    ("random", "cpu:easy", "cpu", "cpu:hard"),
    ("kenta", "yuka", "joji", "marimo"),
    ("tamasaburo:easy", "hikozaemon:hard", "hazumi"),
    ("cosmic-will:hard", "yuderu"),
])
def test_players_answer_legally_through_views_only(kinds):
    m, _ = play(kinds, 4, guard=True)
    assert m.over


def test_same_seed_same_game():
    kinds = ("cpu:hard", "joji:easy", "random", "marimo")
    a = play(kinds, 21)[1]
    b = play(kinds, 21)[1]
    assert a == b
    assert play(kinds, 22)[1] != a


def test_cpu_outscores_random_on_fixed_seeds():
    wins = 0
    for seed in range(4):
        m, _ = play(("cpu", "random", "random", "random"), seed)
        wins += 0 in m.result().ranking[0]
    assert wins == 4


def test_cpu_takes_the_big_mouse_join_over_a_lone_cushion():
    sheets = {"A": {"t1f1": "mouse", "t1f2": "mouse", "t2f2": "mouse", "t2f3": "mouse"}}
    m = at_draw((3, 6, 1), (6, 1), sheets=sheets)          # A: 6, shared 3 -> a mouse on floor 3
    for kind in ("cpu", "cpu:hard", "marimo"):
        a = GAME.make_player(kind, 1).choose(m.view(0), 0)
        assert a.good == 6 and a.cell in ("t1f3", "t2f3", "t3f3", "t3f2") or a.cell == "t1f3", (kind, a)


def test_cpu_keeps_houses_for_later_and_counts_the_biggest_good():
    m = at_draw((1, 2, 5), (1, 5))                             # A: 1, shared 2: a house, or felt on floor 1
    a = GAME.make_player("cpu", 1).choose(m.view(0), 0)
    assert type(a) is Drawing and a.good != 1
    # Late (B is one cell from his third tower): the house counts the most common good, mice.
    sheets = {"A": {c: "mouse" for c in ("t1f1", "t1f2", "t2f2", "t2f3", "t3f3")}, "B": _two_towers_and_four()}
    m = at_draw((1, 2, 5), (1, 5), sheets=sheets, completed={"B": [[1, 12], [2, 15]]})
    m.apply(Drawing(1, "t4f2"), seat=0)
    m.apply(Pass(), seat=1)
    h = GAME.make_player("cpu", 1).choose(m.view(0), 0)
    assert h == House(6)


def _two_towers_and_four() -> dict:
    cells = {f"t{t}f{f}": "cushion" for t, h in ((1, 4), (2, 5)) for f in range(1, h + 1)}
    cells.update({f"t5f{f}": "cushion" for f in range(1, 5)})
    return cells


def test_hoarder_keeps_footprints_where_the_plain_cpu_spends():
    """Hikozaemon (footprints weighed high) draws for free where the cpu spends one for a mouse."""
    m = at_draw((2, 5, 6), (5, 6), footprints={"A": 2})            # A: 5, shared 2
    plain = GAME.make_player("cpu", 1).choose(m.view(0), 0)
    stingy = GAME.make_player("hikozaemon", 1).choose(m.view(0), 0)
    assert plain.good == 6 and plain.cost == 1
    assert type(stingy) is Pass or stingy.cost == 0


def test_greedy_kenta_takes_the_highest_die():
    from .helpers import at_roll
    from tdream.games.cattower.answers import Roll
    m = at_roll(("A", "B", "C"))
    m.apply(Roll((1, 2, 3, 6)))
    assert GAME.make_player("kenta", 3).choose(m.view(0), 0) == Draft(6)


def test_easy_lapses_sometimes_and_normal_never():
    m = at_draw((1, 3, 5), (3, 5), sheets={"A": {"t1f1": "mouse"}})
    normal = {GAME.make_player("cpu", s).choose(m.view(0), 0) for s in range(12)}
    easy = {GAME.make_player("cpu:easy", s).choose(m.view(0), 0) for s in range(40)}
    assert len(normal) == 1 and len(easy) > 1

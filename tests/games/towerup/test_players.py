"""Tower Up's CPU players: legal, deterministic, answering through the view only, never sampling
chance; the levels and the characters' styles differ in play."""
import pytest

from tdream.games.towerup import events as ev
from tdream.games.towerup.answers import Build, Take
from tdream.games.towerup.match import TowerUpMatch
from tdream.platform.protocol import CHANCE
from tdream.platform.roster import CHARACTER_IDS
from tdream.rng import derive_seed

from .conftest import load


def play(game, kinds, seed, options=None, trail=False, limit=None):
    names = [f"P{i + 1}" for i in range(len(kinds))]
    m, _ = game.new_match(names, dict(options or {}), seed)
    players = {i: game.make_player(k, derive_seed(seed, i)) for i, k in enumerate(kinds)}
    prints = []
    while (aw := m.awaiting()) is not None and (limit is None or len(prints) < limit):
        if aw.player == CHANCE:
            m.apply(m.sample_chance(), True, CHANCE)
        else:
            view = m.view(aw.player)
            answer = players[aw.player].choose(view, aw.player)
            assert m.check(answer, aw.player) is None, answer
            m.apply(answer, False, aw.player)
        if trail:
            prints.append(m.fingerprint())
    return m, prints


def test_cpu_kinds_are_random_cpu_and_the_nine(game):
    assert game.cpu_kinds() == ("random", "cpu") + tuple(CHARACTER_IDS)
    assert game.split_kind("joji:hard") == ("joji", "hard") and game.split_kind("cpu") == ("cpu", "normal")
    for bad in ("nobody", "random:hard", "cpu:brutal"):
        with pytest.raises(ValueError):
            game.split_kind(bad)
        with pytest.raises(ValueError):
            game.make_player(bad, 1)


def test_every_kind_and_level_answers_legally(game):
    m = load(game, names=("A", "B", "C"), sites={"a1": {"floors": ["black", "black"], "roofs": [None, "B"]},
                                              "c3": {"floors": ["white"], "roofs": ["C"]}},
             stock={"A": {"black": 2, "white": 2, "brown": 2, "grey": 1}}, market=["k1", "k3", "k4"])
    legal = m.legal_answers(0)
    for base in game.cpu_kinds():
        for level in ([""] if base == "random" else ["", ":easy", ":hard"]):
            p = game.make_player(base + level, 3)
            before = m.fingerprint()
            a = p.choose(m.view(0), 0)
            assert a in legal, (base, level, a)
            assert m.fingerprint() == before
            assert p.interject(m.view(0), 0) is None


def test_same_seed_same_game_turn_by_turn(game):
    kinds = ["cpu:hard", "hikozaemon:easy", "random", "yuderu"]
    _m1, t1 = play(game, kinds, 31, trail=True, limit=90)
    _m2, t2 = play(game, kinds, 31, trail=True, limit=90)
    assert t1 == t2 and len(t1) == 90
    _m3, t3 = play(game, kinds, 32, trail=True, limit=90)
    assert t3 != t1
    m4, t4 = play(game, ["cpu", "joji:easy", "kenta"], 33, trail=True)      # to the end, twice
    m5, t5 = play(game, ["cpu", "joji:easy", "kenta"], 33, trail=True)
    assert t4 == t5 and m4.over


def test_players_never_sample_chance_and_see_only_the_view(game, monkeypatch):
    seen = []
    real_view = TowerUpMatch.view

    def spy_view(self, seat):
        v = real_view(self, seat)
        seen.append((v.rng.state, v.stacked))
        return v
    monkeypatch.setattr(TowerUpMatch, "view", spy_view)

    def no_sampling(self):
        raise AssertionError("a CPU player sampled chance")
    m, _ = game.new_match(["A", "B", "C", "D"], {}, 8)
    players = [game.make_player(k, i) for i, k in enumerate(["cpu:hard", "marimo", "joji:easy", "random"])]
    steps = 0
    while (aw := m.awaiting()) is not None and steps < 60:
        if aw.player == CHANCE:
            m.apply(m.sample_chance(), True, CHANCE)
            continue
        with monkeypatch.context() as mp:
            mp.setattr(TowerUpMatch, "sample_chance", no_sampling)
            a = players[aw.player].choose(m.view(aw.player), aw.player)
        m.apply(a, False, aw.player)
        steps += 1
    assert seen and all(state == 0 and not stacked for state, stacked in seen)


def test_cpu_beats_random(game):
    wins = 0
    for g in range(6):
        kinds = ["random"] * 4
        kinds[g % 4] = "cpu"
        m, _ = play(game, kinds, 600 + g)
        wins += (g % 4) in m.result().ranking[0]
    assert wins >= 5


def test_two_and_three_player_games_end(game):
    for n, seed in ((2, 3), (3, 4)):
        m, _ = play(game, ["cpu"] * n, seed)
        assert m.over and m.result().reason in ("roof", "supply", "city")


def test_hard_and_easy_choose_differently_from_normal(game):
    diff_hard = diff_easy = total = 0
    m, _ = game.new_match(["A", "B", "C", "D"], {}, 12)
    normal, hard, easy = (game.make_player(k, 5) for k in ("cpu", "cpu:hard", "cpu:easy"))
    while (aw := m.awaiting()) is not None and total < 24:
        if aw.player == CHANCE:
            m.apply(m.sample_chance(), True, CHANCE)
            continue
        a = normal.choose(m.view(aw.player), aw.player)
        if aw.kind == "turn":
            total += 1
            diff_hard += hard.choose(m.view(aw.player), aw.player) != a
            diff_easy += easy.choose(m.view(aw.player), aw.player) != a
        m.apply(a, False, aw.player)
    assert diff_hard >= 3 and diff_easy >= 3


def _state_with_choices(game):
    """A mid-game position with a covering build, a tall tower and odd sites to choose among."""
    return load(game, names=("A", "B", "C"),
                sites={"a1": {"floors": ["black", "black", "black"], "roofs": [None, None, "B"]},
                       "b2": {"floors": ["grey"], "roofs": ["C"]}, "c3": {"floors": ["brown"], "roofs": [None]}},
                stock={"A": {"black": 2, "white": 2, "brown": 2, "grey": 2}},
                vehicles={"A": {"black": 2, "white": 1, "brown": 6, "grey": 1}}, market=["k1", "k2", "k4"])


def test_styles_pull_toward_their_moments(game):
    m = _state_with_choices(game)
    city = m.rules.city

    def pick(kind):
        return game.make_player(kind, 1).choose(m.view(0), 0)

    def covers(a):
        if type(a) is not Build:
            return 0
        s = city.index[a.site]
        return sum(1 for t in city.adj[s] if m.fl[t] and m.rf[t][-1] not in (-1, 0))
    assert type(pick("cpu")) is Take                                       # cpu would rather take a card here
    y = pick("yuderu")
    assert covers(y) >= 1                                                 # Yuderu covers a rival's roof
    k = pick("kenta")
    assert type(k) is Build and 1 in m.rf[city.index[k.roof]]             # Kenta roofs a tower B roofed
    j = pick("joji")
    assert type(j) is Build and j.roof == "a1"                            # Joji roofs the tallest tower
    cw = pick("cosmic-will")
    assert type(cw) is Build                                              # Cosmic Will builds
    mar = pick("marimo")
    if type(mar) is Build:
        r = city.index[mar.roof]
        colour = m.fl[r][-1] if m.fl[r] else ["black", "white", "brown", "grey"].index(mar.colour)
        assert colour == 2 or mar.roof == mar.site and mar.colour == "brown"   # his leading colour
    assert type(pick("hikozaemon")) is Take                                # he keeps his floors


def test_a_last_roof_that_loses_is_avoided(game):
    # A is far behind; placing his last roof would end the game at once.
    m = load(game, sites={"a1": {"floors": ["black"], "roofs": [None]}}, stock={"A": {"white": 1, "black": 1}},
             roofs={"A": 1}, vehicles={"B": {"black": 12, "white": 12, "brown": 12, "grey": 12}})
    a = game.make_player("cpu", 1).choose(m.view(0), 0)
    assert type(a) is Take
    m2 = m.copy()
    events = m2.apply(Build("a2", "white", "a1"), False, 0)
    assert any(type(e) is ev.EndBegun for e in events)

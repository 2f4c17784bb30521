"""Tower Up's front-end queries (RULES-towerup.md section 7): build sites, the build preview (cost,
roof choices with their columns, extra turns and objectives, roofs left exposed), supply and near
empty colours, the market, the players' panels."""
from tdream.games.towerup import queries as q
from tdream.games.towerup.answers import Build

from .conftest import load


def test_build_sites_are_the_legal_ones(game):
    m = load(game, sites={"a1": {"floors": ["black"], "roofs": [None]}}, stock={"A": {"white": 1, "black": 1}})
    assert q.build_sites(m, 0) == ["a2", "b1"]
    assert q.build_sites(m, 1) == []                                       # not his turn
    legal_sites = sorted({a.site for a in m.legal_answers(0) if type(a) is Build})
    assert legal_sites == q.build_sites(m, 0)


def test_build_preview_costs_and_roof_choices(game):
    m = load(game, objectives=["penthouse"],
             sites={"a1": {"floors": ["black", "black"], "roofs": ["A", None]}, "a3": {"floors": ["grey"], "roofs": ["B"]},
                    "b3": {"floors": ["grey"], "roofs": [None]}},
             stock={"A": {"white": 1, "black": 1, "grey": 1}},
             vehicles={"A": {"black": 1, "white": 4, "brown": 4, "grey": 4}})
    pv = q.build_preview(m, 0, "a2", "white")
    assert pv.reason is None and pv.cost == (("black", 1), ("white", 1), ("grey", 1))
    assert pv.neighbours == ("a1", "a3") and pv.covers == (("a3", "B"),)
    by_roof = {r.roof: r for r in pv.roofs}
    assert set(by_roof) == {"a2", "a1", "a3"}
    assert (by_roof["a1"].height, by_roof["a1"].colour, by_roof["a1"].start, by_roof["a1"].end) == (3, "black", 1, 4)
    assert by_roof["a1"].extra_turn and not by_roof["a2"].extra_turn   # black 1 -> 4 reaches star 2 with the rest
    assert by_roof["a1"].objectives == ("penthouse",) and by_roof["a3"].objectives == ()
    assert by_roof["a2"].answer == Build("a2", "white", "a2")
    # the preview changed nothing
    assert m.fl[m.rules.city.index["a2"]] == []


def test_build_preview_says_why_not(game):
    m = load(game, sites={"a1": {"floors": ["black"], "roofs": [None]}}, stock={"A": {"white": 1}})
    pv = q.build_preview(m, 0, "a2", "white")
    assert pv.reason.startswith("U3.4") and pv.roofs == () and pv.cost == (("black", 1), ("white", 1))
    assert q.build_preview(m, 0, "a2", "black").reason.startswith("U3.4")
    assert q.build_preview(m, 0, "zz", "black").reason.startswith("U3.4")


def test_exposed_roofs_name_the_sites_that_could_cover_them(game):
    m = load(game, sites={"a1": {"floors": ["black"], "roofs": ["A"]}, "c3": {"floors": ["grey"], "roofs": ["A"]},
                          "b3": {"floors": ["white"], "roofs": [None]}, "c2": {"floors": ["brown"], "roofs": [None]}},
             stock={"A": {"white": 1, "black": 1}})
    exposed = dict(q.exposed_roofs(m, 0))
    assert exposed == {"a1": ("a2", "b1")}                                 # c3's neighbours b3, c2 are built
    pv = q.build_preview(m, 0, "a2", "white")
    # after a2 (roof on a2), A's visible roofs: a2 (next to a3, b2) and c3; a1 is covered
    after = dict(pv.exposed)
    assert set(after) == {"a2"} and set(after["a2"]) == {"a3", "b2"}


def test_supply_near_empty_market_and_panels(game):
    m = load(game, supply={"black": 2, "white": 30, "brown": 6, "grey": 7}, market=["k1", "k3", "k4"],
             stock={"A": {"grey": 3}}, vehicles={"A": {"black": 4, "white": 5, "brown": 2, "grey": 9}},
             chips={"A": [5]}, sites={"a1": {"floors": ["black"], "roofs": ["A"]}})
    assert q.supply(m) == {"black": 2, "white": 30, "brown": 6, "grey": 7}
    assert q.near_empty(m) == ["black", "brown"]                           # near_empty is 6 in components.yaml
    cards = q.market(m)
    assert [c.id for c in cards] == ["k1", "k3", "k4"]
    assert cards[1].floors == ("wild", "wild") and cards[2].vehicles == ("black", "white")
    p = q.panel(m, 0)
    assert p.stock == (("black", 0), ("white", 0), ("brown", 0), ("grey", 3)) and p.floors == 3
    assert [t.column for t in p.tracks] == [4, 5, 2, 9] and [t.value for t in p.tracks] == [4, 5, 2, 9]
    assert p.stars == (2, 4) and p.stars_reached == (2,)
    assert (p.visible_roofs, p.cone, p.chips, p.score) == (1, 1, (("", 5),), 4 + 5 + 2 + 9 + 1 + 5)
    assert p.to_move and not p.scored and len(q.panels(m)) == 2

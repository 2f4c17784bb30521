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


def test_take_preview_says_what_the_take_will_do_u3_1_u4_2_u4_3(game):
    """The floors, the vehicle move with its points, an extra turn, an objective chip: each as the
    engine then does it (the preview plays the take on a copy and leaves the match alone)."""
    m = load(game, objectives=["fleet"], market=["k4", "k2", "k3"], deck=["k1"],
             vehicles={"A": {"black": 3, "white": 3, "brown": 4, "grey": 4}})
    before = m.fingerprint()
    pv = q.take_preview(m, 0, "k4")                                        # grey; black and white vehicles
    assert m.fingerprint() == before
    assert pv.reason is None and pv.floors == ("grey",) and pv.substitutes == () and pv.discard == 0
    vals = m.rules.tracks.values
    assert [(v.colour, v.start, v.end, v.points) for v in pv.moves] == \
        [("black", 3, 4, vals[4] - vals[3]), ("white", 3, 4, vals[4] - vals[3])]
    assert pv.extra_turn                                                    # all four reach star 4
    assert pv.objectives == (("fleet", m.chips_left[0][0]),)              # every vehicle on 4 or beyond
    after = m.copy()
    events = after.apply(pv.answer, False, 0)
    assert after.veh[0] == [4, 4, 4, 4] and after.stock[0][3] == m.stock[0][3] + 1
    assert any(type(e).__name__ == "ExtraTurnEarned" for e in events)
    plain = q.take_preview(m, 0, "k2")
    assert plain.floors == ("white", "brown") and not plain.extra_turn and plain.objectives == ()


def test_take_preview_names_wild_choices_a_missing_colour_the_end_and_a_discard_u3_2_u3_3(game):
    m = load(game, market=["k1", "k3", "k2"], deck=["k4"], supply={"black": 1, "white": 9, "brown": 9, "grey": 9},
             stock={"A": {"black": 3, "white": 3, "brown": 3}})
    pv = q.take_preview(m, 0, "k1", ("grey",))                              # black, black (one left), white
    assert pv.floors == ("black", "grey", "white") and pv.substitutes == (("black", "grey"),)
    assert pv.ends_game == "supply" and pv.discard == 9 + 3 - 10
    wild = q.take_preview(m, 0, "k3", ("brown", "white"))
    assert wild.floors == ("brown", "white") and wild.wilds == ("brown", "white") and wild.discard == 1
    assert q.take_preview(m, 0, "k3", ("brown",)).reason.startswith("U3.1")
    assert q.take_preview(m, 0, "k9").reason.startswith("U3.1")             # not in the market


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

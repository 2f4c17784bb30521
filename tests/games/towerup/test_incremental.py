"""Issue 25: what the engine keeps up to date instead of computing again (the legal builds, the
Take and Build answers, the turn's legal answers, the objectives it checks, the canonical JSON)
equals what the from-scratch versions compute, after every answer of random matches of 2, 3 and
4 players (docs/games/towerup.md section 12, "Speed (issue 25)")."""
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tdream.games.towerup.answers import Build, Take
from tdream.games.towerup.data import COLOURS
from tdream.games.towerup.match import TowerUpMatch, wild_choices_from_scratch
from tdream.games.towerup.objectives import measure, measure_from_scratch
from tdream.platform.conformance import random_session

from .conftest import assert_no_chip_missed, load


def build_answers_from_scratch(m, p: int) -> list:
    """The Build answers as the rules say them: every option, the roof on the base first and
    then on each neighbour in city order."""
    names = m.rules.city.sites
    out = []
    for s, c, nb in m.build_options_from_scratch(p):
        out.append(Build(names[s], COLOURS[c], names[s]))
        out += [Build(names[s], COLOURS[c], names[t]) for t in nb]
    return out


def take_answers_from_scratch(m) -> list:
    return [Take(cid, w) for cid in m.market for w in wild_choices_from_scratch(m.rules.cards[cid].floors, m.supply)]


def assert_kept(m) -> None:
    """Every kept value of ``m`` equals its from-scratch version."""
    assert (m.near, m.need, m.mask, m.cands) == m.builds_from_scratch()
    assert m.bopts == [m.tables.site_builds(x, m.near[x]) for x in range(len(m.fl))]
    assert m.buildable_site_exists() == m.buildable_site_exists_from_scratch()
    for c in range(4):
        assert m._start_candidates(c) == m.start_candidates_from_scratch(c)
    for p in range(m.n):
        assert m.build_options(p) == m.build_options_from_scratch(p)
        assert m.build_answers(p) == build_answers_from_scratch(m, p)
        assert m._can_build(p) == bool(m.build_options_from_scratch(p))
        assert m.take_answers(p) == take_answers_from_scratch(m)
    for card in {m.rules.cards[c].floors: m.rules.cards[c] for c in m.rules.cards}.values():
        assert m._wild_choices(card) == wild_choices_from_scratch(card.floors, m.supply)
    aw = m.awaiting()
    if aw is not None and aw.kind == "turn":
        p = aw.player
        fresh = take_answers_from_scratch(m) + build_answers_from_scratch(m, p)
        assert m.legal_answers(p) == fresh
        assert m.legal_answers(p) == fresh                       # the second time from what it kept
        assert m.legal_answers() == fresh
    if aw is not None and aw.player < 0 and m.phase == "deal":
        assert [a.card for a in m.legal_answers()] == sorted(set(m.deck))
    assert m.canonical_json() == m.canonical_json_pieces() == m.canonical_json_from_scratch()
    assert m.canonical_json() == json.dumps(m.to_json(), sort_keys=True, separators=(",", ":"))
    for obj in m.rules.objectives.values():
        for q in range(m.n):
            assert measure(obj, m, q) == measure_from_scratch(obj, m, q), (obj.id, q)


def play_checked(game, seed: int, seats: int, options: dict | None = None, every_objective: bool = False):
    """A random match to the end, every kept value checked after every answer; with
    ``every_objective`` all ten objectives are in play (each primitive then weighs in), and no
    player may ever hold an objective met without its chip: the engine skips none it should check."""
    session = random_session(game, seed, seats=seats, options=options)
    m = session.match
    if every_objective:
        assert not m.checked
        m.objectives = list(m.rules.objectives)
        m.chips_left = [[7, 5, 3, 3][:m.n] for _ in m.objectives]
    assert_kept(m)
    steps = 0
    while m.awaiting() is not None:
        session.advance()
        steps += 1
        assert_kept(m)
        if steps % 7 == 0:
            c, v = m.copy(), m.view(0)
            assert (c.near, c.need, c.mask, c.cands, c.bopts) == (m.near, m.need, m.mask, m.cands, m.bopts)
            assert (v.near, v.need, v.mask, v.cands, v.bopts) == (m.near, m.need, m.mask, m.cands, m.bopts)
            back = TowerUpMatch.from_json(m.rules, m.to_json())
            assert back.fingerprint() == m.fingerprint()
            assert (back.near, back.need, back.mask, back.cands) == (m.near, m.need, m.mask, m.cands)
            assert back.legal_answers() == m.legal_answers()
        if every_objective:
            assert_no_chip_missed(m, seed)
    return m


@settings(max_examples=24, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), seats=st.sampled_from([2, 3, 4]), extra=st.booleans(),
       every=st.booleans())
def test_kept_values_equal_the_from_scratch_ones_after_every_answer(game, seed, seats, extra, every):
    m = play_checked(game, seed, seats, {"extra_turn_on_last_roof": extra}, every)
    assert m.over


def test_kept_values_hold_for_2_3_and_4_players(game):
    for seats in (2, 3, 4):
        for seed in range(3):
            assert play_checked(game, 100 * seats + seed, seats, every_objective=seed == 1).over


def test_kept_values_hold_from_a_position(game):
    """A position sets the sites wholesale: what the match keeps is made from them (``derive``)."""
    m = load(game, sites={"a1": {"floors": ["black", "black"], "roofs": [None, "A"]},
                          "b2": {"floors": ["white"], "roofs": ["B"]}, "c3": {"floors": ["grey"], "roofs": [None]}},
             stock={"A": {"black": 1, "white": 2, "brown": 2, "grey": 1}, "B": {"black": 3}})
    assert_kept(m)
    assert m.cands == [1, 3, 5, 7]                                # a2, b1, b3, c2: next to a tower
    for a in (Build("a2", "brown", "a1"), Take("k1", ())):
        m.apply(a, False, m.to_move)
        while m.awaiting() is not None and m.awaiting().player < 0:
            m.apply(m.sample_chance(), True)
        assert_kept(m)


def test_a_shut_site_leaves_the_candidates(game):
    """UG5.2: a site whose neighbours show all four colours is nobody's to build on."""
    m = load(game, sites={"a2": {"floors": ["black"], "roofs": [None]}, "b1": {"floors": ["white"], "roofs": [None]},
                          "c2": {"floors": ["brown"], "roofs": [None]}, "a3": {"floors": ["white"], "roofs": [None]}},
             stock={"A": {"grey": 3, "white": 1}})
    assert 4 in m.cands and m.mask[4] == 7                        # b2: black, white, brown round it
    m.apply(Build("b3", "grey", "b3"), False, 0)                  # grey next to b2 too: it is shut
    assert 4 not in m.cands and m.mask[4] == 15
    assert_kept(m)


def test_canonical_json_is_the_json_module_s_text(game):
    """The fingerprint's text, written out piece by piece, is the json module's: a chip of no
    objective (a position's), a name beyond ASCII, a stacked deck, big RNG states."""
    m = load(game, names=("Ann", "Jōji 譲二"), chips={"Ann": [3]}, deck=["k6", "k4"], seed=2**63 + 5,
             sites={"b2": {"floors": ["white", "white"], "roofs": ["Jōji 譲二", None]}})
    assert m.chips[0] == [[None, 3]] and m.stacked
    assert m.canonical_json() == m.canonical_json_pieces() == m.canonical_json_from_scratch()
    m.apply(Take("k1", ()), False, m.to_move)
    assert m.canonical_json() == m.canonical_json_pieces() == m.canonical_json_from_scratch()

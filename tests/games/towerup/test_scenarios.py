"""Tower Up's scenarios (FORMATS.md sections 2 and 6): they pass, together they name every rule ID
of docs/RULES-towerup.md and every option, impossible set-ups and bad steps are refused, and the
steps' text forms round-trip."""
import io
import re

import pytest
import yaml

from tdream.errors import FormatError
from tdream.games.towerup.answers import Build, Deal, Discard, StartFloors, StartSite, Take, answer_from_step
from tdream.platform.conformance import random_session
from tdream.platform.protocol import CHANCE, PositionError
from tdream.platform.scenario import find_scenarios, load_scenario, run_paths, run_scenario

from .conftest import ROOT, SCENARIOS, load

FILES = find_scenarios([str(SCENARIOS)])


def rule_ids() -> list[str]:
    text = (ROOT / "docs" / "RULES-towerup.md").read_text()
    return re.findall(r"^- (UG?\d+\.\d+)\b", text, re.M)


@pytest.fixture(scope="module")
def results():
    out = {}
    for f in FILES:
        s = load_scenario(f)
        out[f.name] = (s, run_scenario(s))
    return out


def test_every_scenario_passes(results):
    failed = {name: fails for name, (_s, fails) in results.items() if fails}
    assert not failed
    assert len(results) >= 20


def test_run_paths_reports_all_passed():
    out = io.StringIO()
    assert run_paths([str(SCENARIOS)], out, io.StringIO()) == 0
    assert out.getvalue().strip().endswith(f"{len(FILES)} passed, 0 failed")


def test_scenarios_name_every_rule_id(results):
    ids = rule_ids()
    assert len(ids) >= 29 and "UG4.0" in ids and "U5.4" in ids
    named = {r for s, fails in results.values() if not fails for r in s.rules}
    missing = [r for r in ids if r not in named]
    assert not missing, missing
    unknown = sorted(named - set(ids))
    assert not unknown, unknown


def test_scenarios_cover_every_option_and_seat_count(game, results):
    used = {k for s, fails in results.values() if not fails for k in s.options}
    assert {o.name for o in game.options} <= used
    seats = {len(s.seats) for s, fails in results.values() if not fails}
    assert seats == {2, 3, 4}


def test_scenarios_meet_every_objective(game, results):
    met = set()
    for s, fails in results.values():
        if not fails:
            for chips in s.match.chips:
                met |= {o for o, _v in chips if o}
    assert met == set(game.data().objectives)


def test_scenarios_bring_their_own_data(results):
    for name, (s, _f) in results.items():
        data = yaml.safe_load((SCENARIOS / name).read_text())
        assert "city" in data and "cards" in data and "tracks" in data, name
        assert s.game.id == "towerup"


def _scenario(tmp_path, body: str) -> str:
    head = (SCENARIOS / "take_card.yaml").read_text()
    data = head[head.index("city:"):head.index("players:")]
    p = tmp_path / "s.yaml"
    p.write_text("format: tdream-scenario\nversion: 1\ngame: towerup\nname: t\nrules: [U3.1]\n" + data + body)
    return str(p)


def test_impossible_set_ups_are_refused_with_their_lines(tmp_path):
    path = _scenario(tmp_path, """players: [{name: A}, {name: B}]
sites:
  z9: {floors: [black]}
  a1: {floors: [black, white], roofs: [A]}
  a2: {floors: [pink], roofs: [null]}
  a3: {floors: [black], roofs: [Q]}
stock: {Q: {black: 1}}
vehicles: {B: {white: 16}}
market: [k1, k1, k99]
deck: [k2, k1]
objectives: [rainbow, nothing]
chips: {A: {fleet: 7}, B: {rainbow: 4}}
to_move: Z
steps: []
""")
    with pytest.raises(FormatError) as e:
        load_scenario(path)
    text = "\n".join(e.value.problems)
    lines = open(path).read().splitlines()

    def line(prefix):
        return next(i for i, ln in enumerate(lines, 1) if ln.strip().startswith(prefix))
    assert f":{line('z9:')}: impossible set-up: sites.z9: no site z9" in text
    assert f":{line('a1: {floors: [black, white]')}: impossible set-up: sites.a1.roofs: 1 roofs for 2 floors" in text
    assert "sites.a2.floors.0: 'pink' is not a colour" in text
    assert "sites.a3.roofs.0: unknown player 'Q'" in text
    assert "stock.Q: unknown player" in text
    assert "vehicles.B.white: must be a whole number 0..15" in text
    assert "market.1: k1 is listed twice" in text and "market.2: unknown card 'k99'" in text
    assert "deck.1: k1 is already in the market" in text
    assert "objectives.1: unknown objective 'nothing'" in text
    assert "chips.A.fleet: fleet is not one of this game's objectives" in text
    assert "chips.B.rainbow: rainbow has no 4 chip left" in text
    assert "to_move: unknown player 'Z'" in text


def test_a_position_reports_all_its_problems_at_once(tmp_path):
    """Issue 24 point 6: a bad ``stock`` (a colour that is none, a shape) no longer hides a bad
    ``sites``; and a bad step does not hide the position's problems."""
    path = _scenario(tmp_path, """players: [{name: A}, {name: B}]
sites:
  z9: {floors: [black]}
stock: {A: {purple: 2}, B: [1]}
supply: {black: -2}
steps:
  - take: {card: k1, wilds: white}
""")
    with pytest.raises(FormatError) as e:
        load_scenario(path)
    text = "\n".join(e.value.problems)
    for part in ("sites.z9: no site z9 in the city", "stock.A.purple: not a colour", "stock.B: must be a mapping",
                 "supply.black: must be a whole number >= 0", "steps.0.take: take wilds must be a list"):
        assert part in text, part
    assert len(e.value.problems) == len(set(e.value.problems)) == 5          # each once


def test_position_errors_carry_key_paths(game):
    with pytest.raises(PositionError) as e:
        load(game, sites={"q1": {"floors": ["black"]}}, market=["k1", "k2", "k3", "k4"])
    assert (("sites", "q1"), "no site q1 in the city") in e.value.problems
    assert any(p == ("market",) for p, _w in e.value.problems)


def test_bad_shapes_are_bad_files(tmp_path):
    path = _scenario(tmp_path, """players: [{name: A}, {name: B}]
sites: [a1]
stock: {A: [1], B: {black: -1}}
supply: {pink: 3}
steps:
  - take: {card: k1, wilds: white}
  - build: {site: a1, colour: pink, roof: a1}
  - discard: {black: -1}
  - start_sites: []
  - deal: 7
  - build: {site: a2}
expect:
  extra_turn: maybe
  final_turns: [Q]
  score: {A: {totl: 3}}
  sites: {a1: {floors: [pink]}}
""")
    with pytest.raises(FormatError) as e:
        load_scenario(path)
    text = "\n".join(e.value.problems)
    for part in ("sites: must be a mapping", "stock.A: must be a mapping of colour",
                 "stock.B.black: must be a whole number 0..99", "supply.pink: not a colour",
                 "steps.0.take: take wilds must be a list", "steps.1.build: build colour must be a colour",
                 "steps.2.discard: discard: black must be a whole number", "steps.3.start_sites: start_sites takes",
                 "steps.4.deal: deal card must be a name", "steps.5.build: build takes",
                 "expect.extra_turn: must be true or false", "expect.final_turns: must be a list of players",
                 "expect.score.A.totl: unknown key", "expect.sites.a1.floors: 'pink' is not a colour"):
        assert part in text, part


@pytest.mark.parametrize("key,value", [
    ("take", {"wilds": ["black"]}), ("take", {"card": "k1", "wild": []}), ("build", {"site": "s1", "colour": "red", "roof": "s1"}),
    ("build", "s1"), ("discard", [1]), ("start_floors", {"grey": True}), ("deal", None), ("start_sites", []),
    ("nothing", 1),
])
def test_bad_steps_raise_value_error(game, key, value):
    with pytest.raises(ValueError):
        game.scenario.read_step(key, value, None)


def test_short_step_forms_are_read(game):
    assert game.scenario.read_step("take", "k1", None) == [(None, Take("k1"))]
    assert game.scenario.read_step("start_sites", "s1", None) == [(None, StartSite("s1"))]
    assert game.scenario.read_step("take", {"card": "k1", "wilds": []}, None) == [(None, Take("k1"))]


def test_step_text_round_trips_every_answer_kind(game):
    examples = [Take("k1"), Take("k3", ("white", "grey")), Build("s3", "white", "s4"), Discard((1, 0, 2, 0)),
                StartFloors((0, 0, 0, 3)), Deal("k07"), StartSite("s9")]
    for a in examples:
        (key, value), = game.scenario.step_text(a, 0, None).items()
        assert game.scenario.read_step(key, value, None) == [(None, a)]
        assert answer_from_step(key, value) == [a]
    assert [a for _s, a in game.scenario.read_step("start_sites", ["s1", "s9", "s20"], None)] == \
        [StartSite("s1"), StartSite("s9"), StartSite("s20")]
    assert Take("k1") != Deal("k1") and Discard((1, 0, 0, 0)) != StartFloors((1, 0, 0, 0))


def test_every_answer_of_a_playout_round_trips(game):
    session = random_session(game, 21, seats=3)
    m = session.match
    seen = set()
    while (aw := m.awaiting()) is not None:
        if aw.player == CHANCE:
            answers = [m.sample_chance()]
        else:
            answers = m.legal_answers(aw.player)
        for a in answers[:50]:
            (key, value), = game.scenario.step_text(a, aw.player, m).items()
            assert game.scenario.read_step(key, value, None) == [(None, a)]
            seen.add(key)
        session.advance()
    assert seen >= {"take", "build", "start_floors", "deal", "start_sites"}


def test_a_scenario_brings_its_own_set_up_counts(tmp_path):
    """``later_floors`` in a scenario (UG1.1): its own counts, not the shipped provisional ones;
    a malformed one is refused with its line and path."""
    own = _scenario(tmp_path, """players: [{name: A}, {name: B}]
later_floors: {2: [0], 3: [0, 0], 4: [0, 0, 0]}
steps: []
""")
    from tdream.games.towerup.position import rules_for
    rules = rules_for(load_scenario(own).position["data"], 2)
    assert rules.components.later_floors == ((2, (0,)), (3, (0, 0)), (4, (0, 0, 0)))
    assert rules_for({}, 2).components.later_floors != rules.components.later_floors      # the shipped ones
    bad = _scenario(tmp_path, """players: [{name: A}, {name: B}]
later_floors: {2: [1, 2], 3: [1, 2], 4: [1, 2, 3]}
steps: []
""")
    with pytest.raises(FormatError) as e:
        load_scenario(bad)
    assert any("later_floors.2: must be a list of 1 whole number" in p for p in e.value.problems)

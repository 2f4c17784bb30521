"""Scenarios: every file passes, together they name every rule ID and every option, and bad
files are refused with file:line messages."""
import re
from pathlib import Path

import pytest

from tdream.errors import FormatError
from tdream.games.towers import GAME
from tdream.platform.scenario import find_scenarios, load_scenario, run_scenario

from ...conftest import ROOT

SCENARIOS = ROOT / "scenarios" / "towers"
FILES = find_scenarios([str(SCENARIOS)])


def rule_ids() -> list[str]:
    text = (ROOT / "docs" / "RULES-towers.md").read_text()
    return sorted(set(re.findall(r"^- (TG?\d+\.\d+)", text, re.M)))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_passes(path):
    s = load_scenario(path)
    assert s.game.id == "towers"
    assert run_scenario(s) == []


def test_scenarios_cover_every_rule_id_and_option():
    named: set[str] = set()
    options: dict[str, set] = {o.name: set() for o in GAME.options}
    for path in FILES:
        s = load_scenario(path)
        if run_scenario(s) == []:
            named.update(s.rules)
            for k, v in s.options.items():
                options[k].add(v)
    ids = rule_ids()
    assert len(ids) == 30                 # TG7.3 (issue 22) the last added
    assert [i for i in ids if i not in named] == []
    for spec in GAME.options:
        values = set(spec.choices) if spec.choices else {spec.lo, spec.hi}
        values.discard(spec.default)
        missing = {v for v in values if v not in options[spec.name]}
        if spec.name == "players":
            missing -= {4} if 4 in options["players"] else set()
            missing -= {3} if 3 in options["players"] else set()
        if spec.name == "size":
            missing = set() if {6, 12} <= options["size"] else missing
        assert not missing, f"option {spec.name}: no passing scenario plays {missing}"


def write(tmp_path, text: str) -> Path:
    p = tmp_path / "s.yaml"
    p.write_text("format: tdream-scenario\nversion: 1\ngame: towers\nname: x\n" + text)
    return p


def test_impossible_setup_refused_with_key_paths_and_lines(tmp_path):
    p = write(tmp_path, "to_move: A\ntowers:\n  i9: {owner: A, size: 1}\n  c4: {owner: B, size: 10}\n"
                        "double_turns: {A: 3}\nsteps: []\n")
    with pytest.raises(FormatError) as e:
        load_scenario(p)
    text = "\n".join(e.value.problems)
    assert f"{p}:7: impossible set-up: towers.i9: no square i9 on the 8x8 board" in text
    assert f"{p}:8: impossible set-up: towers.c4.size: a tower is size 1-9, not 10" in text
    assert f"{p}:9: impossible set-up: double_turns.A: 3: a player has 0-2 double turns" in text


def test_unknown_owner_and_bad_shapes_refused_together(tmp_path):
    p = write(tmp_path, "to_move: Z\ntowers:\n  c4: {owner: Q, size: 2}\n  d4: {owner: A}\n"
                        "double_turns: {C: 1}\nsteps: []\nexpect: {towers: {c4: {colour: red}}, claimed: {Q: [a1]}}\n")
    with pytest.raises(FormatError) as e:
        load_scenario(p)
    text = "\n".join(e.value.problems)
    for what in ("to_move: unknown player 'Z'", "towers.c4.owner: unknown player 'Q'", "towers.d4.size: missing",
                 "double_turns.C: unknown player", "expect.towers.c4.colour: unknown key",
                 "expect.claimed.Q: unknown player"):
        assert what in text, what


@pytest.mark.parametrize("step, what", [
    ("place: c4", "place takes {square: c4, size: 2}"),
    ("place: {square: 44, size: 2}", "place square must be a square like c4"),
    ("place: {square: c4, size: big}", "place size must be a whole number"),
    ("pick: 3", "pick takes each player's secret pick"),
    ("pick: {A: x}", "the pick of A must be a whole number"),
    ("pass: Z", "pass names a player (A, B), not 'Z'"),
    ("declare: [A]", "declare names a player"),
    ("end: maybe", "end is yes or no, not 'maybe'"),
    ("demolish: {square: c4}", "demolish must be a square like c4"),
])
def test_bad_step_refused_by_read_step(tmp_path, step, what):
    p = write(tmp_path, f"steps:\n  - {step}\n")
    with pytest.raises(FormatError) as e:
        load_scenario(p)
    assert any(f"{p}:6: steps.0." in line and what in line for line in e.value.problems), e.value.problems


def test_read_step_raises_value_error_directly():
    from tdream.platform.protocol import ScenarioContext
    ctx = ScenarioContext(None, None, ["A", "B"], {"A": 0, "B": 1}, {})
    with pytest.raises(ValueError, match="end is yes or no"):
        GAME.scenario.read_step("end", "perhaps", ctx)
    with pytest.raises(ValueError, match="unknown step kind"):
        GAME.scenario.read_step("roll", 3, ctx)


def test_offboard_square_in_a_step_is_an_illegal_answer_not_a_bad_file(tmp_path):
    p = write(tmp_path, "to_move: A\nsteps:\n  - illegal: {place: {square: k2, size: 1}}\n  - illegal: {demolish: z9}\n")
    s = load_scenario(p)
    assert run_scenario(s) == []


def test_failing_expect_reports_every_difference(tmp_path):
    p = write(tmp_path, "to_move: A\ntowers: {c4: {owner: A, size: 2}}\nsteps: []\n"
                        "expect: {towers: {c4: {owner: B, size: 3}, d4: {owner: A}, e4: none}, score: {A: 9},"
                        " double_turns: {B: 0}, to_move: B, claimed: {A: [a1], none: [c4]}}\n")
    fails = run_scenario(load_scenario(p))
    text = "\n".join(fails)
    for what in ("towers.c4.owner: expected B, got A", "towers.c4.size: expected 3, got 2", "towers.d4: expected",
                 "score of A: expected 9, got 2", "double_turns of B: expected 0, got 2",
                 "to_move: expected B, got A", "claimed.none: c4 holds a tower"):
        assert what in text, what


def test_scenario_with_cpu_seats_plays_itself():
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        p = Path(d) / "cpu.yaml"
        p.write_text("format: tdream-scenario\nversion: 1\ngame: towers\nname: cpu\noptions: {size: 6}\n"
                     "players: [{name: A, cpu: cpu}, {name: B, cpu: 'joji:easy'}]\nsteps: []\n"
                     "expect: {game_over: true}\n")
        assert run_scenario(load_scenario(p)) == []

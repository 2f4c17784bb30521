"""Every scenario passes; together they name every rule ID of RULES-cattower.md and use every
option; impossible set-ups and malformed steps are refused."""
import re

import pytest

from tdream.errors import FormatError
from tdream.games.cattower import GAME
from tdream.platform.protocol import PositionError
from tdream.platform.scenario import load_scenario, run_scenario

from ...conftest import ROOT

FILES = sorted((ROOT / "scenarios" / "cattower").glob("*.yaml"))
RULES = (ROOT / "docs" / "RULES-cattower.md").read_text(encoding="utf-8")


def rule_ids() -> list[str]:
    return re.findall(r"^- (CG?\d+\.\d+) ", RULES, re.M)


def option_names() -> list[str]:
    return re.findall(r"^\| `([a-z_]+)` \|", RULES, re.M)


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_scenario_passes(path):
    s = load_scenario(path)
    assert s.game.id == "cattower"
    assert run_scenario(s) == []


def test_scenarios_cover_every_rule_id_and_option():
    ids = rule_ids()
    assert len(ids) == 28 and "CG5.2" in ids and "CG2.4" in ids
    named, options = set(), {}
    for f in FILES:
        s = load_scenario(f)
        if run_scenario(s) == []:
            named |= set(s.rules)
            for k, v in s.options.items():
                options.setdefault(k, set()).add(str(v))
    assert [i for i in ids if i not in named] == []
    assert sorted(option_names()) == sorted(o.name for o in GAME.options)
    assert sorted(options) == sorted(option_names())
    assert options["dishes"] >= {"kinds"} and options["felt_needs_one"] >= {"True"}


def _position_error(**position) -> list[tuple]:
    with pytest.raises(PositionError) as e:
        GAME.load_position(position, ["A", "B"], {}, 0)
    return e.value.problems


def test_impossible_setups_are_refused_with_key_paths():
    probs = dict(_position_error(sheets={"A": {"t1f5": "mouse", "t2f1": "sofa", "t8f1": "felt"}, "Z": {}},
                                 footprints={"A": 16}, parent="Q"))
    assert "off the sheet" in probs[("sheets", "A", "t1f5")]
    assert "unknown good" in probs[("sheets", "A", "t2f1")]
    assert "no tower 8" in probs[("sheets", "A", "t8f1")]
    assert "unknown player" in probs[("sheets", "Z")]
    assert "15 footprints" in probs[("footprints", "A")]
    assert "unknown player" in probs[("parent",)]


def test_impossible_towers_and_houses_are_refused():
    full1 = {"t1f1": "felt", "t1f2": "felt", "t1f3": "felt", "t1f4": "felt"}
    probs = _position_error(sheets={"A": full1, "B": {"t1f1": "house"}}, completed={"B": [[2, 0]]})
    text = "\n".join(f"{'.'.join(map(str, k))}: {w}" for k, w in probs)
    assert "sheets.A: tower 1 is full on A's sheet but not in completed" in text
    assert "completed.B: tower 2 is not full on B's sheet" in text
    assert "B's sheet has 1 house(s) but 0 good(s) chosen" in text
    probs = _position_error(sheets={"A": full1}, completed={"A": [[1, 12]]}, firsts=[2])
    assert any("tower 1 was completed" in w for _, w in probs)
    probs = _position_error(sheets={"A": {"t1f1": "house"}}, houses={"A": [["mouse", 4]]})
    assert any("3 x a count" in w for _, w in probs)


def test_impossible_setup_in_a_file_names_its_line(tmp_path):
    p = tmp_path / "bad.yaml"
    p.write_text("format: tdream-scenario\nversion: 1\ngame: cattower\nname: x\nplayers: [{name: A}, {name: B}]\n"
                 "sheets:\n  A:\n    t1f9: mouse\nsteps: []\n", encoding="utf-8")
    with pytest.raises(FormatError) as e:
        load_scenario(p)
    assert e.value.problems == [f"{p}:8: impossible set-up: sheets.A.t1f9: off the sheet: tower 1 is 4 cells high "
                                f"(CG1.1)"]


@pytest.mark.parametrize("key,value,what", [
    ("roll", 4, "roll takes the dice"),
    ("roll", [1, "x"], "a die must be a whole number"),
    ("draft", "six", "draft"),
    ("draw", {"A": {"good": 4}}, "a drawing is pass, withdraw or"),
    ("draw", {"A": {"good": 4, "cell": "floor2"}}, "a cell is named"),
    ("draw", {"A": {"good": 9, "cell": "t1f1"}}, "goods are numbered 1-6"),
    ("draw", {"A": {"good": "sofa", "cell": "t1f1"}}, "unknown good"),
    ("draw", {"A": {"good": 4, "cell": "t1f1", "spend": [1]}}, "spend is"),
    ("draw", {"Q": "pass"}, "unknown player"),
    ("house", {"A": "sofa"}, "unknown good"),
    ("jump", 1, "unknown step kind"),
])
def test_bad_steps_raise_value_error(key, value, what):
    from tdream.platform.protocol import ScenarioContext
    ctx = ScenarioContext(None, None, ["A", "B"], {"A": 0, "B": 1}, {}, {}, GAME)
    with pytest.raises(ValueError, match=re.escape(what)):
        GAME.scenario.read_step(key, value, ctx)


def test_bad_expect_keys_are_refused(tmp_path):
    p = tmp_path / "bad.yaml"
    p.write_text("format: tdream-scenario\nversion: 1\ngame: cattower\nname: x\nplayers: [{name: A}, {name: B}]\n"
                 "steps: []\nexpect:\n  score: {A: {money: 3}}\n  sheets: {A: {t1f9: mouse}, Q: {}}\n"
                 "  completed: {A: 2}\n  parent: Z\n", encoding="utf-8")
    with pytest.raises(FormatError) as e:
        load_scenario(p)
    text = "\n".join(e.value.problems)
    assert "expect.score.A.money: unknown key" in text
    assert "expect.sheets.A.t1f9: not on the sheet" in text
    assert "expect.sheets.Q: unknown player" in text
    assert "expect.completed.A: must be a list" in text
    assert "expect.parent: unknown player" in text

"""Scenario files (FORMATS.md section 2): every shipped scenario and the worked examples pass;
step semantics; malformed files are refused with file:line messages."""
import textwrap
from pathlib import Path

import pytest

from tdream.errors import FormatError
from tdream.platform.scenario import find_scenarios, load_scenario, run_scenario

from ..conftest import DOCS, ROOT, run_cli

SHIPPED = find_scenarios([str(ROOT / "scenarios")])
EXAMPLES = sorted((DOCS / "examples").glob("*.yaml"))


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: str(p.relative_to(ROOT / "scenarios")))
def test_shipped_scenario_passes(path, ruleset):
    assert run_scenario(load_scenario(path, ruleset)) == []


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_worked_example_passes(path, ruleset):
    assert run_scenario(load_scenario(path, ruleset)) == []


def test_every_rule_id_is_named_by_some_scenario():
    import re
    ids = re.findall(r"^- ((?:R|G)\d+\.\d+)", (DOCS / "RULES.md").read_text(), re.M)
    named = set()
    for path in SHIPPED:
        named |= set(load_scenario(path).rules)
    missing = [i for i in ids if i not in named]
    assert not missing, f"rule IDs no scenario names: {missing}"


def write(tmp_path, body, name="s.yaml"):
    f = tmp_path / name
    f.write_text(textwrap.dedent(body))
    return f


HEAD = """\
format: tdream-scenario
version: 1
name: test
board: classic-7
players: [{name: A}, {name: B}, {name: C}, {name: D}]
"""


def run_text(tmp_path, body, ruleset):
    return run_scenario(load_scenario(write(tmp_path, HEAD + textwrap.dedent(body)), ruleset))


def test_optional_decision_is_answered_none_when_the_next_step_is_another_kind(tmp_path, ruleset):
    failures = run_text(tmp_path, """
        lands: {a1: {owner: A}, a2: {owner: A}}
        companies: {ace: {mark: a1}}
        steps:
          - roll: 2
          - place: b1
          - roll: 3          # A's build is skipped, B rolls
        expect: {at: {A: 2, B: 3}, cash: {A: 1500}, to_move: B}
        """, ruleset)
    assert failures == []


def test_chance_is_drawn_only_before_a_decision(tmp_path, ruleset):
    # expect never draws: the game still awaits the roll.
    assert run_text(tmp_path, "steps:\n  - expect: {awaiting: roll}\n", ruleset) == []
    # a decision step makes the RNG roll the die first: A moves somewhere.
    failures = run_text(tmp_path, "steps:\n  - build: none\nexpect: {at: {A: 0}}\n", ruleset)
    assert failures and ("awaits" in failures[0] or "at of A" in failures[0])


def test_mismatched_step_names_the_step_and_what_the_game_awaits(tmp_path, ruleset):
    failures = run_text(tmp_path, "steps:\n  - draw: crab-lucky-coin\n", ruleset)
    assert len(failures) == 1
    assert "step 1 (draw: crab-lucky-coin" in failures[0] and "awaits roll" in failures[0]


def test_illegal_step_fails_when_the_answer_is_accepted(tmp_path, ruleset):
    failures = run_text(tmp_path, "steps:\n  - illegal: {roll: 4}\n", ruleset)
    assert "accepted" in failures[0]
    assert run_text(tmp_path, "steps:\n  - illegal: {roll: 11}\n  - roll: 4\nexpect: {at: {A: 4}}\n", ruleset) == []


def test_refused_answer_fails_with_the_rule(tmp_path, ruleset):
    failures = run_text(tmp_path, "steps:\n  - roll: 3\n  - place: d4\n", ruleset)
    assert "R7.1" in failures[0] and "step 2" in failures[0]


def test_every_expect_difference_is_reported(tmp_path, ruleset):
    failures = run_text(tmp_path, """
        steps: [{roll: 3}]
        expect: {cash: {A: 1, B: 2}, at: {A: 4}, awaiting: build, game_over: true}
        """, ruleset)
    assert len(failures) == 5


def test_steps_after_the_end_of_the_game_fail(tmp_path, ruleset):
    failures = run_text(tmp_path, """
        options: {max_rounds: 2}
        to_move: D
        steps: [{roll: 3}, {place: c1}, {roll: 3}]
        """, ruleset)
    assert "the game is over" in failures[0]


def test_cpu_seat_decides_for_itself(tmp_path, ruleset):
    body = HEAD.replace("{name: B}", "{name: B, cpu: random}") + textwrap.dedent("""
        steps: [{roll: 3}, {place: c1}, {roll: 5}, {expect: {to_move: C}}]
        """)
    assert run_scenario(load_scenario(write(tmp_path, body), ruleset)) == []


BAD = [
    ("colour: red\nsteps: []\n", "colour: unknown key"),
    ("steps: [{roll: 3}]\nexpect: {cash: {Z: 1}}\n", "expect.cash.Z: unknown player"),
    ("steps: [{pile: squid}, {draw: squid-free-lunch}]\n", "unknown card 'squid-free-lunch'"),
    ("steps: [{slot: [cherry, lemon, bell, bar]}]\n", "unknown symbol 'lemon'"),
    ("lands: {c1: {owner: A, floors: 2}}\nsteps: []\n", "Floors on a loose Land"),
    ("lands: {c1: {owner: A}}\ncompanies: {ace: {mark: c2}}\nsteps: []\n", "c2 holds no Landmark"),
    ("lands: {c1: {owner: A}, c2: {owner: B}}\ncompanies: {ace: {mark: c1}, bloom: {mark: c2}}\nsteps: []\n",
     "two Building Marks in one group"),
    ("lands: {c1: {owner: A, floors: -1}}\nsteps: []\n", "lands.c1.floors: -1 is out of range"),
    ("lands: {c1: {owner: A, floors: 100}}\nsteps: []\n", "lands.c1.floors: 100 is out of range"),
    ("lands: {z9: {owner: A}}\nsteps: []\n", "lands.z9: no Land z9"),
    ("lands: {c1: {owner: Q}}\nsteps: []\n", "lands.c1.owner: unknown player"),
    ("steps: [{teleport: 3}]\n", "unknown step kind"),
    ("steps: [{roll: three}]\n", "roll must be a whole number"),
    ("companies: {zeta: {mark: c1}}\nsteps: []\n", "companies.zeta: unknown Company"),
    ("steps: []\nexpect: {companies: {ace: {top: 3}}}\n", "expect.companies.ace.top: must be a list of players"),
    ("steps: []\nexpect: {lands: 3}\n", "expect.lands: must be a mapping"),
]


@pytest.mark.parametrize("extra,message", BAD, ids=[m for _, m in BAD])
def test_malformed_scenario_is_refused_with_file_line_and_problem(tmp_path, ruleset, extra, message):
    f = write(tmp_path, HEAD + extra)
    with pytest.raises(FormatError) as e:
        load_scenario(f, ruleset)
    text = "\n".join(e.value.problems)
    assert message in text
    assert all(p.startswith(f"{f}:") and p.split(":")[1].isdigit() for p in e.value.problems)


def test_newer_version_and_wrong_format_are_refused(tmp_path, ruleset):
    f = write(tmp_path, HEAD.replace("version: 1", "version: 3") + "steps: []\n")
    with pytest.raises(FormatError, match="newer than this program"):
        load_scenario(f, ruleset)
    f = write(tmp_path, HEAD.replace("tdream-scenario", "tdream-record") + "steps: []\n")
    with pytest.raises(FormatError, match="must be 'tdream-scenario'"):
        load_scenario(f, ruleset)


def test_cli_exit_codes_0_1_2(tmp_path):
    good = write(tmp_path, HEAD + "steps: [{roll: 3}]\nexpect: {at: {A: 3}}\n", "good.yaml")
    fail = write(tmp_path, HEAD + "steps: [{roll: 3}]\nexpect: {at: {A: 4}}\n", "fail.yaml")
    r = run_cli("scenario", "run", str(good))
    assert r.returncode == 0 and r.stdout.strip().splitlines()[-1] == "1 passed, 0 failed"
    r = run_cli("scenario", "run", str(good), str(fail))
    assert r.returncode == 1 and r.stdout.strip().splitlines()[-1] == "1 passed, 1 failed"
    assert "at of A: expected 4, got 3" in r.stdout
    bad = write(tmp_path, "format: tdream-scenario\nversion: 1\nname: [\n", "bad.yaml")
    r = run_cli("scenario", "run", str(tmp_path))
    assert r.returncode == 2 and "Traceback" not in r.stderr and f"{bad}:" in r.stderr


def test_an_illegal_step_from_a_seat_the_point_does_not_wait_for_reaches_the_match(tmp_path):
    """Towers: B, with no tower of 3 (T5.2), may not declare during A's turn: the match refuses
    it (the runner no longer stops at "the game awaits place from A")."""
    p = tmp_path / "s.yaml"
    p.write_text(textwrap.dedent("""
        format: tdream-scenario
        version: 1
        game: towers
        name: "B may not declare"
        rules: [T5.2]
        players: [{name: A}, {name: B}]
        to_move: A
        towers:
          d4: {owner: A, size: 3}
          h8: {owner: B, size: 2}
        steps:
          - illegal: {declare: B}
          - place: {square: d5, size: 1}
        expect: {to_move: B}
        """))
    assert run_scenario(load_scenario(p)) == []
    p.write_text(p.read_text().replace("h8: {owner: B, size: 2}", "h8: {owner: B, size: 3}"))
    failures = run_scenario(load_scenario(p))
    assert failures and "accepted" in failures[0]


def test_an_illegal_step_of_several_seats_checks_each_answer_against_the_same_position(tmp_path):
    """FORMATS.md section 2: ``illegal`` with several seats' answers (the secret picks) checks
    each against the position before the step, nothing applied, and each must be refused."""
    p = tmp_path / "s.yaml"
    base = textwrap.dedent("""
        format: tdream-scenario
        version: 1
        game: towers
        name: "two refused picks"
        rules: [T2.1]
        players: [{name: A}, {name: B}]
        steps:
          - illegal: {pick: {A: 10, B: 0}}
          - pick: {A: 3, B: 7}
        expect: {to_move: B}
        """)
    p.write_text(base)
    assert run_scenario(load_scenario(p)) == []
    p.write_text(base.replace("{A: 10, B: 0}", "{A: 10, B: 4}"))     # B's 4 is a legal pick: it fails
    failures = run_scenario(load_scenario(p))
    assert failures and "accepted" in failures[0] and "4" in failures[0]

"""Mutated scenario and board files: the loaders answer with a FormatError/DataError (one line per
problem) or accept the file; never another exception, never a hang."""
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tdream.games.towerdream.ai import RandomPlayer
from tdream.games.towerdream.data import load_board
from tdream.games.towerdream.rules import new_game
from tdream.errors import DataError, FormatError
from tdream.platform.scenario import find_scenarios, load_scenario, run_scenario

from ..conftest import ROOT

SCENARIOS = find_scenarios([str(ROOT / "scenarios")])
BOARD_FILES = sorted(p for p in (ROOT / "boards" / "towerdream").glob("*.yaml") if p.name != "order.yaml")
JUNK = ["-1", "99999999999999999999", "true", "null", "[]", "{}", "'x'", "[1, [2]]", "{a: {b: c}}", "3.5",
        "!!python/object:os.system ls", "*anchor", "&a [*a]", "'\\x00'", "e9", "bank", "none", "A"]


def mutate(text: str, data) -> str:
    lines = text.splitlines()
    op = data.draw(st.sampled_from(["delete", "swap", "number", "value", "truncate", "dup", "bytes"]))
    if not lines:
        return text
    i = data.draw(st.integers(0, len(lines) - 1))
    if op == "delete":
        del lines[i]
    elif op == "swap":
        j = data.draw(st.integers(0, len(lines) - 1))
        lines[i], lines[j] = lines[j], lines[i]
    elif op == "number":
        nums = list(re.finditer(r"-?\d+", lines[i]))
        if nums:
            m = data.draw(st.sampled_from(nums))
            new = str(data.draw(st.sampled_from([0, -1, 1, 7, 13, 20, 21, 40, 41, 99, 100, 10**30])))
            lines[i] = lines[i][:m.start()] + new + lines[i][m.end():]
    elif op == "value":
        if ":" in lines[i]:
            key = lines[i].split(":", 1)[0]
            lines[i] = f"{key}: {data.draw(st.sampled_from(JUNK))}"
    elif op == "truncate":
        cut = data.draw(st.integers(0, len(text)))
        return text[:cut]
    elif op == "dup":
        lines.insert(i, lines[i])
    elif op == "bytes":
        pos = data.draw(st.integers(0, len(text)))
        junk = data.draw(st.sampled_from(["\x00", "\t", "{", "]", ":", "- ", "\n  ", "é", "\x7f"]))
        return text[:pos] + junk + text[pos:]
    return "\n".join(lines) + "\n"


@settings(max_examples=int(__import__("os").environ.get("TDREAM_FUZZ_SCENARIOS", "250")), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_mutated_scenario_is_refused_cleanly_or_runs(data, tmp_path_factory, ruleset):
    src = data.draw(st.sampled_from(SCENARIOS))
    f = tmp_path_factory.mktemp("fuzz") / "s.yaml"
    f.write_text(mutate(src.read_text(), data))
    try:
        s = load_scenario(f, ruleset)
    except (FormatError, DataError) as e:
        assert e.problems and all(p.startswith(f"{f}:") for p in e.problems), e.problems
        return
    failures = run_scenario(s)
    assert isinstance(failures, list)


@settings(max_examples=int(__import__("os").environ.get("TDREAM_FUZZ_BOARDS", "80")), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_mutated_board_is_refused_cleanly_or_plays(data, tmp_path_factory, ruleset):
    src = data.draw(st.sampled_from(BOARD_FILES))
    d = tmp_path_factory.mktemp("fuzzb")
    f = d / src.name
    f.write_text(mutate(src.read_text(), data))
    try:
        board = load_board(str(f), ruleset)
    except DataError as e:
        assert e.problems and all(p.startswith(f"{f}:") for p in e.problems), e.problems
        return
    g, _ = new_game(ruleset, board, list("ABCD"), seed=1)
    players = [RandomPlayer(i) for i in range(4)]
    for _ in range(3000):
        aw = g.awaiting()
        if aw is None:
            break
        g.apply(g.sample_chance() if aw.player < 0 else players[aw.player].choose(g))


@pytest.mark.parametrize("text", ["", "\x00\x01\x02", "- a\n- b\n", "format: tdream-scenario\n", "[", "a: b: c",
                                  "format: tdream-scenario\nversion: 1\nname: x\nboard: classic-7\nsteps: 5\n"])
def test_degenerate_scenario_files(tmp_path, ruleset, text):
    f = tmp_path / "d.yaml"
    f.write_text(text)
    with pytest.raises(FormatError):
        load_scenario(f, ruleset)


@settings(max_examples=int(__import__("os").environ.get("TDREAM_FUZZ_DATA", "120")), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_mutated_ruleset_data_is_refused_cleanly_or_loads(data, tmp_path_factory):
    import shutil

    from tdream.games.towerdream.data import load_ruleset
    from tdream.games.towerdream.data.loader import DATA_DIR
    d = tmp_path_factory.mktemp("fuzzd")
    for f in DATA_DIR.glob("*.yaml"):
        shutil.copy(f, d / f.name)
    target = d / data.draw(st.sampled_from(["ruleset.yaml", "cards.yaml", "slot.yaml", "events.yaml"]))
    target.write_text(mutate(target.read_text(), data))
    try:
        rs = load_ruleset(d / "ruleset.yaml")
    except DataError as e:
        assert e.problems and all(p.startswith(str(d)) for p in e.problems), e.problems
        return
    assert len(rs.companies) == 9


@pytest.fixture(scope="module")
def a_record(tmp_path_factory, ruleset):
    from tdream.games.towerdream import GAME
    from tdream.platform.simulate import play_game
    path = tmp_path_factory.mktemp("rec") / "g.tdr"
    play_game(GAME, ["random"] * 4, 5, {"board": "classic-7"}, record=str(path))
    return path.read_text()


@settings(max_examples=int(__import__("os").environ.get("TDREAM_FUZZ_RECORDS", "150")), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_mutated_record_is_refused_cleanly_or_verified(data, tmp_path_factory, a_record):
    from tdream.platform.replay import verify_record
    f = tmp_path_factory.mktemp("fuzzr") / "r.tdr"
    text = mutate(a_record, data)
    if data.draw(st.booleans()):
        text = mutate(text, data)
    f.write_text(text)
    try:
        verdict = verify_record(f)
    except FormatError as e:
        assert e.problems and all(p.startswith(f"{f}:") for p in e.problems), e.problems
        return
    assert verdict.ok in (True, False)


@settings(max_examples=int(__import__("os").environ.get("TDREAM_FUZZ_ROSTER", "30")), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_mutated_roster_and_comments_are_refused_cleanly_or_load(data, tmp_path_factory):
    """The roster and a speaker's comments file, mutated: DataError naming file:line, or a load."""
    import shutil

    from tdream.games.towerdream.data.comments import COMMENTS_DIR, load_comments
    from tdream.games.towerdream.ai.roster import ROSTER_PATH, load_roster
    folder = tmp_path_factory.mktemp("roster")
    roster = folder / "roster.yaml"
    roster.write_text(mutate(ROSTER_PATH.read_text(), data))
    try:
        load_roster(roster)
    except DataError as e:
        assert e.problems and all(re.match(r".+:\d+: ", p) for p in e.problems)
    comments = folder / "comments"
    shutil.copytree(COMMENTS_DIR, comments)
    speaker = data.draw(st.sampled_from(sorted(p.name for p in comments.glob("*.yaml"))))
    (comments / speaker).write_text(mutate((comments / speaker).read_text(), data))
    try:
        load_comments(comments)
    except DataError as e:
        assert e.problems and all(re.match(r".+:\d+: ", p) for p in e.problems)

"""Engine speed with pytest-benchmark (run: pytest benchmarks --benchmark-enable).

The same workload as ``tdream bench``: whole 4-player ``random`` games on classic-10, one process.
"""
import pytest

from tdream.data import load_board, load_ruleset
from tdream.runner.simulate import play_game


@pytest.fixture(scope="module")
def setup():
    rs = load_ruleset()
    return rs, load_board("classic-10", rs)


def test_engine_game_classic10(benchmark, setup):
    rs, board = setup
    seeds = iter(range(10**9))
    result = benchmark(lambda: play_game(rs, board, ["random"] * 4, next(seeds)))
    assert result.turns > 0


def test_engine_scenario_load_and_run(benchmark):
    from pathlib import Path

    from tdream.runner.scenario import load_scenario, run_scenario
    path = Path(__file__).resolve().parent.parent / "scenarios" / "company" / "merge_three_way_largest_first.yaml"
    rs = load_ruleset()
    assert benchmark(lambda: run_scenario(load_scenario(path, rs))) == []

"""Engine speed with pytest-benchmark (run: pytest benchmarks --benchmark-enable).

The same workload as ``tdream bench``: whole 4-player ``random`` games on classic-10, one process.
"""
import pytest

from tdream.games.towerdream.data import load_board, load_ruleset
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


@pytest.mark.parametrize("kind", ["hazumi", "hazumi:hard"])
def test_ai_build_decision(benchmark, setup, kind):
    """One CPU decision (a Build, the slowest kind) mid-game on classic-10."""
    from tdream.games.towerdream.ai import make_player
    from tdream.games.towerdream.rules import new_game
    rs, board = setup
    game, _ = new_game(rs, board, list("ABCD"), seed=4, kinds=[kind] * 4)
    players = {i: make_player(kind, i) for i in range(4)}
    while True:
        aw = game.awaiting()
        if aw.player >= 0 and aw.kind == "build" and game.turn > 60:
            break
        game.apply(game.sample_chance() if aw.player < 0 else players[aw.player].choose(game))
    answer = benchmark(lambda: players[aw.player].choose(game))
    assert game.check(answer) is None

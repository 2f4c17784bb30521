"""Tower Dream's speed with pytest-benchmark (run: pytest benchmarks --benchmark-enable).

The same workload as ``tdream bench``: whole 4-player ``random`` games on classic-10, one process,
through the platform's drive loop.
"""
import pytest

from tdream.platform import registry
from tdream.platform.simulate import play_game

GAME = registry.get("towerdream")


def test_engine_game_classic10(benchmark):
    seeds = iter(range(10**9))
    result = benchmark(lambda: play_game(GAME, ["random"] * 4, next(seeds), {"board": "classic-10"}))
    assert result.turns > 0


def test_engine_scenario_load_and_run(benchmark):
    from pathlib import Path

    from tdream.platform.scenario import load_scenario, run_scenario
    path = Path(__file__).resolve().parent.parent / "scenarios" / "towerdream" / "company" / "merge_three_way_largest_first.yaml"
    assert benchmark(lambda: run_scenario(load_scenario(path))) == []


def test_replay_verify(benchmark, tmp_path):
    from tdream.platform.replay import verify_record
    path = tmp_path / "g.tdr"
    play_game(GAME, ["random"] * 4, 3, {"board": "classic-10"}, record=str(path))
    assert benchmark(lambda: verify_record(path)).ok


@pytest.mark.parametrize("kind", ["hazumi", "hazumi:hard"])
def test_ai_build_decision(benchmark, kind):
    """One CPU decision (a Build, the slowest kind) mid-game on classic-10, on the seat's view."""
    from tdream.platform.session import Seat, Session
    session, _ = Session.start(GAME, [Seat(f"{kind}-{i}", kind) for i in range(4)], {"board": "classic-10"}, 4)
    game = session.match
    while True:
        aw = game.awaiting()
        if aw.player >= 0 and aw.kind == "build" and game.turn > 60:
            break
        session.advance()
    player = session.players[aw.player]
    answer = benchmark(lambda: player.choose(game.view(aw.player), aw.player))
    assert game.check(answer) is None

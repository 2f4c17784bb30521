"""The conformance suite (issue 15): every registered game through the protocol alone."""
import os
import subprocess
import sys

import pytest

from tdream.platform import registry
from tdream.platform.conformance import checked_playout, fingerprint_trail

from ..conftest import ROOT

GAMES = registry.ids()


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_random_playout_keeps_the_protocol_to_the_end(game_id, seed):
    game = registry.get(game_id)
    session = checked_playout(game, seed, deep=True)
    assert session.match.over and session.match.awaiting() is None


@pytest.mark.parametrize("game_id", GAMES)
def test_every_seat_count_plays_to_the_end(game_id):
    game = registry.get(game_id)
    lo, hi = game.seats
    for n in range(lo, hi + 1):
        session = checked_playout(game, 100 + n, seats=n, deep=False)
        assert len(session.match.names) == n and session.match.over


@pytest.mark.parametrize("game_id", GAMES)
def test_fingerprints_are_the_same_in_another_process_and_hash_seed(game_id):
    here = fingerprint_trail(game_id, 5)
    code = f"from tdream.platform.conformance import fingerprint_trail; print(fingerprint_trail({game_id!r}, 5))"
    for hash_seed in ("1", "12345"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                             check=True).stdout.strip()
        assert out == here


@pytest.mark.parametrize("game_id", GAMES)
def test_records_verify_and_resume_half_way(game_id, tmp_path):
    from tdream.platform.conformance import record_round_trip
    game = registry.get(game_id)
    assert record_round_trip(game, 3, tmp_path) == []
    assert record_round_trip(game, 4, tmp_path, seats=game.seats[0]) == []


@pytest.mark.parametrize("game_id", GAMES)
def test_a_seats_view_offers_what_the_match_offers(game_id):
    from tdream.platform.conformance import views_agree
    assert views_agree(registry.get(game_id), 6) == []


def test_a_changed_answer_in_a_record_is_a_divergence(tmp_path):
    """The round trip can fail: one die changed in a recorded Tower Dream game is found."""
    import re

    from tdream.platform.replay import verify_record
    from tdream.platform.simulate import play_game
    path = tmp_path / "g.tdr"
    play_game(registry.get("towerdream"), ["random"] * 4, 3, record=str(path))
    text = path.read_text()
    m = re.search(r'\{"roll": (\d+)\}', text)
    other = 3 if m.group(1) != "3" else 4
    path.write_text(text[:m.start()] + '{"roll": %d}' % other + text[m.end():])
    assert not verify_record(path).ok


@pytest.mark.parametrize("game_id", GAMES)
def test_the_fast_loop_plays_the_games_the_recorded_loop_plays(game_id, tmp_path):
    """simulate without records runs Session._run_fast, with records Session.advance: the same
    inputs (out-of-turn answers asked once an input point in both)."""
    from tdream.platform.simulate import play_game
    game = registry.get(game_id)
    for seed in (4, 6):
        kinds = [k for k in game.cpu_kinds() if k != "random"][:1] * 2 + ["random"] * (game.default_seats - 2)
        fast = play_game(game, kinds, seed)
        recorded = play_game(game, kinds, seed, record=str(tmp_path / f"{seed}.tdr"))
        assert (fast.turns, fast.scores) == (recorded.turns, recorded.scores)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_game_s_match_players_and_commentary_have_the_protocol_s_members(game_id):
    """Issue 21 (3): the typed protocol (``Match``, ``CpuPlayer``, ``Commentary``) is what every
    game's objects have."""
    from tdream.platform.conformance import protocol_shapes
    assert protocol_shapes(registry.get(game_id)) == []


def test_the_shape_check_finds_a_missing_member():
    """The check can fail: an object without ``interject`` is no CpuPlayer, one without
    ``fingerprint`` no Match."""
    from tdream.platform.conformance import missing_members
    from tdream.platform.protocol import CpuPlayer, Match

    class Half:
        def choose(self, view, seat):
            return None
    assert missing_members(Half(), CpuPlayer) == ["interject"]
    assert "fingerprint" in missing_members(Half(), Match) and "names" in missing_members(Half(), Match)


def test_the_suite_passes_on_the_pure_build_too():
    """Issue 25: the drive loop and the records (``tdream.platform.session``, ``record``) are
    compiled as Tower Dream's rules are; where this process runs any compiled module, this file
    runs again on pure Python (``TDREAM_PURE=1``), so that both builds keep the protocol."""
    import importlib

    from tdream.native import modules
    if all((importlib.import_module(m).__file__ or "").endswith(".py") for m in modules()):
        pytest.skip("this process runs pure Python already: the tests above are the pure build's")
    env = dict(os.environ, TDREAM_PURE="1")
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", __file__,
                        "-k", "not pure_build"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-2000:]

"""Issue 21: the results offer the same game again with the same seats, on the sitting's next seed."""
from tdream.frontend.constants import A, X
from tdream.frontend.match import MatchSetup
from tdream.frontend.run import Headless
from tdream.frontend.scenes.results import ResultsScene


def _to_results(h, frames=40000):
    for _ in range(frames):
        if isinstance(h.machine.stack[-1], ResultsScene):
            return h.machine.stack[-1]
        h.step((0, 0, 0, 0))
    raise AssertionError("no results")


def _tap(h, button, wait=3):
    h.step((button, 0, 0, 0))
    for _ in range(wait):
        h.step((0, 0, 0, 0))


def test_x_on_the_results_plays_the_same_seats_again_on_a_new_seed():
    setup = MatchSetup("towers", 5, ["kenta", "yuka"], {"size": 6}, mode="spectate")
    h = Headless(seed=5, setup=setup)
    results = _to_results(h)
    old = results.table
    for _ in range(40):
        h.step((0, 0, 0, 0))
    _tap(h, X)
    m = h.machine
    table = m.stack[-1]
    assert table is not old and not isinstance(table, ResultsScene) and len(m.stack) == 1
    assert table.setup.game == "towers" and table.setup.seats == ["kenta", "yuka"]
    assert table.setup.options["size"] == 6 and table.setup.mode == "spectate"
    assert table.setup.seed != 5 and table.setup.seed == __import__("tdream.rng", fromlist=["x"]).derive_seed(5, 1)
    assert table.game.progress() == 0 and table.game.fingerprint() != old.game.fingerprint()


def test_a_watched_record_offers_no_rematch(tmp_path):
    from tdream.platform.record import load_record
    from tdream.platform.simulate import play_game
    from tdream.platform import registry
    path = tmp_path / "g.tdr"
    play_game(registry.get("towers"), ["random", "random"], 3, {"size": 6}, record=str(path))
    record = load_record(path)
    setup = MatchSetup("towers", record.setup.seed, record.setup.kinds, dict(record.setup.options), replay=record,
                       speed=16)
    h = Headless(seed=3, setup=setup)
    results = _to_results(h)
    assert results.rematch_setup() is None
    for _ in range(40):
        h.step((0, 0, 0, 0))
    _tap(h, X)
    assert h.machine.stack[-1] is results            # X means nothing there; A leaves
    _tap(h, A)
    assert not isinstance(h.machine.stack[-1], ResultsScene)

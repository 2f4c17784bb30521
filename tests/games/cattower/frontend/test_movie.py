"""The shipped CAT TOWER movie (``data/whole-game.tdm``): it verifies with ``tdream movie
verify``, it is a whole game from power on, and ``pytest --update-goldens`` makes it again."""
from tdream.frontend.run import run_movie
from tdream.frontend.constants import game_time
from tests.conftest import run_cli

from .movies import SHIPPED, make_movie


def test_the_shipped_movie_verifies(shipped):
    r = run_cli("movie", "verify", str(SHIPPED))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "ok" in r.stdout and str(shipped.end["frames"]) in r.stdout


def test_the_shipped_movie_plays_a_whole_game_of_cat_tower_from_power_on(shipped):
    from tdream.frontend.scenes.results import ResultsScene
    assert shipped.games == ["cattower"]
    seen = set()

    def look(h, n):
        top = h.machine.stack[-1]
        seen.add(type(top).__name__)
        if isinstance(top, ResultsScene):
            seen.add("over" if h.machine.stack[-2].game.over else "")
    m, verdict = run_movie(shipped, look)
    assert verdict.ok, verdict.message
    assert {"TitleScene", "SetupScene", "TableScene", "CatTowerResults", "over"} <= seen
    assert shipped.end["time"] == game_time(shipped.end["frames"])


def test_a_movie_made_again_is_the_same(shipped, tmp_path):
    from tdream.frontend.movie import load_movie
    again = tmp_path / "again.tdm"
    make_movie(again)
    assert load_movie(again).end == shipped.end

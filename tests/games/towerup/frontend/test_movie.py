"""Tower Up's shipped input movie (FORMATS.md section 4): a whole game from power on that
``tdream movie verify`` re-plays to the frame; ``pytest --update-goldens`` makes it again."""
import pytest

from tdream.frontend.movie import data_hash, load_movie
from tdream.frontend.run import run_movie
from tests.conftest import run_cli

from .movies import SHIPPED, make_movie


@pytest.fixture(scope="module")
def shipped(update_goldens):
    if update_goldens or not SHIPPED.exists():
        make_movie(SHIPPED)
    return load_movie(SHIPPED)


def test_the_shipped_movie_verifies(shipped):
    r = run_cli("movie", "verify", str(SHIPPED))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "ok" in r.stdout and str(shipped.end["frames"]) in r.stdout


def test_the_shipped_movie_is_a_whole_tower_up_game_from_power_on(shipped):
    from tdream.frontend.scenes.results import ResultsScene
    seen = set()

    def look(h, n):
        top = h.machine.stack[-1]
        seen.add(type(top).__name__)
        if isinstance(top, ResultsScene) and h.machine.stack[-2].game.over:
            seen.add("over")
            seen.add(h.machine.stack[-2].host.game.id)
    m, verdict = run_movie(shipped, look)
    assert verdict.ok, verdict.message
    assert {"TitleScene", "SetupScene", "TableScene", "TowerUpResults", "over", "towerup"} <= seen
    assert shipped.games == ["towerup"] and shipped.data_hash == data_hash(["towerup"])


def test_a_movie_of_other_pads_diverges(shipped, tmp_path):
    """One press a frame later (A on a prompt, swapped with the idle frame after it) is another
    game: verify names the first stretch that differs, exit 1."""
    text = SHIPPED.read_text().splitlines()
    idle = "1 " + " ".join(["." * 12] * 4) + " 1"
    k = next(k for k in range(len(text) // 2, len(text) - 1)
             if text[k].startswith("1 ....A") and text[k + 1] == idle)
    text[k], text[k + 1] = text[k + 1], text[k]
    moved = tmp_path / "moved.tdm"
    moved.write_text("\n".join(text) + "\n")
    r = run_cli("movie", "verify", str(moved))
    assert r.returncode == 1 and "diverges" in r.stdout, r.stdout + r.stderr

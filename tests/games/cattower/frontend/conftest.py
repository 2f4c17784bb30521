import pytest


@pytest.fixture(scope="session")
def update_goldens(request):
    return request.config.getoption("--update-goldens")


@pytest.fixture(scope="session")
def watched_record(tmp_path_factory):
    """A whole CPU game of CAT TOWER recorded by ``tdream simulate`` (for watching and resuming)."""
    from tests.conftest import run_cli
    d = tmp_path_factory.mktemp("cattower-rec")
    r = run_cli("simulate", "--game", "cattower", "--games", "1", "--seed", "21", "--cpus", "joji,yuka,kenta,hazumi",
                "--records", str(d))
    assert r.returncode == 0, r.stderr
    return sorted(d.glob("*.tdr"))[0]


@pytest.fixture(scope="session")
def screens(watched_record):
    """Every CAT TOWER screen's frame, from scripted runs (screens.py)."""
    from .screens import capture
    return capture(watched_record)


@pytest.fixture(scope="session")
def shipped(request):
    """The shipped movie (data/whole-game.tdm), made again first with ``--update-goldens``."""
    from tdream.frontend.movie import load_movie

    from .movies import SHIPPED, make_movie
    if request.config.getoption("--update-goldens") or not SHIPPED.exists():
        make_movie(SHIPPED)
    return load_movie(SHIPPED)

import pytest


@pytest.fixture(scope="session")
def update_goldens(request):
    return request.config.getoption("--update-goldens")


@pytest.fixture(scope="session")
def watched_record(tmp_path_factory):
    """A whole CPU game of Tower Up recorded by ``tdream simulate`` (for watching and resuming)."""
    from tests.conftest import run_cli
    d = tmp_path_factory.mktemp("towerup-rec")
    r = run_cli("simulate", "--game", "towerup", "--games", "1", "--seed", "21", "--cpus", "joji,yuka,kenta,hazumi",
                "--records", str(d))
    assert r.returncode == 0, r.stderr
    return sorted(d.glob("*.tdr"))[0]


@pytest.fixture(scope="session")
def screens(watched_record):
    """Every screen's frame, from scripted runs from power on (screens.py)."""
    from .screens import capture
    return capture(watched_record)

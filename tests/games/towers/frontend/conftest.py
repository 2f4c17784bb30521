import pytest


@pytest.fixture(scope="session")
def screens():
    """Every Towers screen's frame, from scripted runs (tests/games/towers/frontend/screens.py)."""
    from .screens import capture
    return capture()


@pytest.fixture(scope="session")
def update_goldens(request):
    return request.config.getoption("--update-goldens")


@pytest.fixture(scope="session")
def shipped(request):
    """The shipped movie (data/whole-game.tdm), made again first with ``--update-goldens``."""
    from tdream.frontend.movie import load_movie

    from .movies import SHIPPED, make_movie
    if request.config.getoption("--update-goldens"):
        make_movie(SHIPPED)
    return load_movie(SHIPPED)

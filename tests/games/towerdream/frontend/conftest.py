import pytest


@pytest.fixture(scope="session")
def td_screens():
    """Tower Dream's screens of issue 36, from scripted runs (tests/games/towerdream/frontend/screens.py)."""
    from .screens import capture
    return capture()


@pytest.fixture(scope="session")
def update_goldens(request):
    return request.config.getoption("--update-goldens")

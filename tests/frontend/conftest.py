import pytest


@pytest.fixture(scope="session")
def screens():
    """Every screen's frame, from one scripted run from power on (tests/frontend/screens.py)."""
    from .screens import capture
    return capture()


@pytest.fixture(scope="session")
def update_goldens(request):
    return request.config.getoption("--update-goldens")

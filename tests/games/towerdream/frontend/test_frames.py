"""Golden frames of Tower Dream's screens of issue 36 (its older ones are tests/frontend/test_frames.py's),
compared pixel for pixel with ``goldens/``; ``pytest --update-goldens`` rewrites them (look at
them before you commit); on a difference the actual frame is written beside the golden as
``NAME.actual.png``. Every one passes the layout check (tests/frontend/layout.py)."""
from pathlib import Path

import pygame
import pytest

from tests.frontend import layout

GOLDENS = Path(__file__).parent / "goldens"
BOTH = ("long-card-1", "long-event-1", "take-back-offered", "take-back", "taken-back", "company-prices", "build-back",
        "refused-rule", "rule", "ubbo-preview", "merge-banner", "merge-sale", "merge-bonus", "log", "last-landmark",
        "last-build", "slot-result") + tuple(f"howto-{k}" for k in range(1, 9))
NAMES = BOTH + ("long-card-2", "overlays-table", "overlays-status", "overlays-lines", "overlays-setup") + \
    tuple("ja-" + n for n in BOTH)


def _pixels(surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def test_every_screen_is_a_golden(td_screens):
    assert set(td_screens) == set(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_golden_frame(name, td_screens, update_goldens):
    frame = td_screens[name]
    assert frame.get_size() == (256, 224)
    path = GOLDENS / f"{name}.png"
    actual = GOLDENS / f"{name}.actual.png"
    if update_goldens or not path.exists():
        if not update_goldens:
            pygame.image.save(frame, str(actual))
            pytest.fail(f"no golden {path.name}; the frame is in {actual.name} (run pytest --update-goldens)")
        GOLDENS.mkdir(exist_ok=True)
        tmp = path.with_suffix(".tmp.png")
        pygame.image.save(frame, str(tmp))
        tmp.replace(path)
        actual.unlink(missing_ok=True)
        return
    golden = pygame.image.load(str(path))
    if golden.get_size() != frame.get_size() or _pixels(golden) != _pixels(frame):
        pygame.image.save(frame, str(actual))
        diff = sum(1 for a, b in zip(_pixels(golden), _pixels(frame)) if a != b)
        pytest.fail(f"{name}: the frame differs from goldens/{path.name} ({diff} channel values); "
                    f"the actual frame is in goldens/{actual.name}")
    actual.unlink(missing_ok=True)


@pytest.mark.parametrize("name", NAMES)
def test_text_fits_on_the_frame_in_its_window_and_apart(name, td_screens):
    from .screens import DRAWN
    assert not layout.problems(DRAWN[name]), f"{name}: " + "; ".join(layout.problems(DRAWN[name]))


def test_frames_use_only_15_bit_colours(td_screens):
    for name, frame in td_screens.items():
        bad = {v for v in set(_pixels(frame)) if v % 8}
        assert not bad, (name, sorted(bad)[:5])

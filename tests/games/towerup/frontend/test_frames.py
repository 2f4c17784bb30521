"""Golden frames of every Tower Up screen, compared pixel for pixel with goldens/ (``pytest
--update-goldens`` rewrites them; look at them before you commit); a difference writes
``NAME.actual.png`` beside the golden. Each frame is also held to 15-bit colours, drawing that
changes no hashed state, and text that fits (tests/frontend/layout.py)."""
from pathlib import Path

import pygame
import pytest

from tests.frontend import layout

from .screens import HOWTO, JAPANESE

GOLDENS = Path(__file__).parent / "goldens"
NAMES = ("title", "demo", "title-menu") + HOWTO + ("setup", "setup-talk", "setup-human", "setup-seat", "setup-players",
         "setup-two", "setup-option",
         "board", "objectives", "comment", "start-floors", "start-floors-refused", "turn-market", "turn-take",
         "turn-wild",
         "turn-city", "city-refused", "turn-colour", "colour-refused", "turn-roof", "take", "build", "extra-turn",
         "objective", "end-begins", "final-turns", "final-panels", "scored", "status-players", "status-objectives",
         "status-how", "labels", "panel", "pause", "results", "wild-refused", "practice-city-2", "take-discard",
         "discard",
         "discard-refused", "replay", "replay-jump", "long-names", "pause-quit", "box-lines",
         "results-long-names", "turn-roof-2", "log", "three-players", "overlays", "overlays-status",
         "take-back-offer", "take-back") + JAPANESE


def _pixels(surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


@pytest.mark.parametrize("name", NAMES)
def test_golden_frame(name, screens, update_goldens):
    frame = screens[name]
    assert frame.get_size() == (256, 224)
    path = GOLDENS / f"{name}.png"
    actual = GOLDENS / f"{name}.actual.png"
    if update_goldens or not path.exists():
        if not update_goldens:
            pygame.image.save(frame, str(actual))
            pytest.fail(f"no golden {path.name}; the frame is in {actual.name} (run pytest --update-goldens)")
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


def test_every_screen_is_a_golden(screens):
    assert set(screens) == set(NAMES)


def test_frames_use_only_15_bit_colours(screens):
    for name, frame in screens.items():
        bad = {v for v in set(_pixels(frame)) if v % 8}
        assert not bad, (name, sorted(bad)[:5])


def test_drawing_never_changes_the_hashed_state(screens):
    from tests.frontend.screens import IMPURE
    assert not IMPURE, f"drawing changed the state at (frame, scenes): {IMPURE}"


@pytest.mark.parametrize("name", NAMES)
def test_text_fits_on_the_frame_in_its_window_and_apart(name, screens):
    """On every golden screen every visible text lies wholly on the frame, clear of every other
    text, and inside the inner line of the window it stands in (tests/frontend/layout.py)."""
    from .screens import DRAWN
    assert not layout.problems(DRAWN[name]), f"{name}: " + "; ".join(layout.problems(DRAWN[name]))

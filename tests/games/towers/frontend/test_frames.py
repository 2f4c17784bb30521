"""Golden frames of every Towers screen, compared pixel for pixel with ``goldens/`` (as
tests/frontend/test_frames.py does for Tower Dream). ``pytest --update-goldens`` rewrites them
(look at them before you commit); on a difference the actual frame is written beside the golden
as ``NAME.actual.png``."""
from pathlib import Path

import pygame
import pytest

from tests.frontend import layout

GOLDENS = Path(__file__).parent / "goldens"
NAMES = ("title", "demo", "title-menu", "setup", "setup-seat", "setup-options", "setup-size",
         "pick", "reveal", "comment", "build", "board", "declare-refused", "place-occupied", "place-refused", "place",
         "size", "size-too-tall", "size-refused", "turn-menu", "turn-menu-double", "menu-refused", "pass",
         "status-players", "status-board", "status-building", "status-turns", "pause", "double-turn", "results",
         "pick-secret", "pick-peek", "reveal-two", "threat", "threat-square", "walled-in", "end", "demolish",
         "collapse", "board-four", "status-four", "status-board-four", "board-three", "replay", "replay-jump",
         "long-names", "pause-quit", "box-lines", "results-long-names",
         "walled-prompt", "walled-menu", "demolish-walls", "threat-double", "threat-double-square", "menu-double-threat",
         "declare", "menu-take-back", "take-back", "refused-rule", "rule", "howto", "howto-building", "log",
         "last-square", "overlays-2", "overlays-4", "pick-overlays", "declare-out-of-turn", "status-overlays",
         "setup-overlays")
JAPANESE = ("ja-title", "ja-title-menu", "ja-setup", "ja-setup-seat", "ja-setup-options", "ja-setup-size", "ja-pick",
            "ja-reveal", "ja-comment", "ja-build", "ja-board", "ja-declare-refused", "ja-place-occupied",
            "ja-place-refused", "ja-place", "ja-size", "ja-size-too-tall", "ja-size-refused", "ja-turn-menu",
            "ja-turn-menu-double", "ja-menu-refused", "ja-pass", "ja-status-players", "ja-status-board",
            "ja-status-building", "ja-status-turns", "ja-pause", "ja-double-turn", "ja-results", "ja-threat",
            "ja-threat-square", "ja-declare", "ja-menu-take-back", "ja-take-back", "ja-refused-rule", "ja-rule",
            "ja-howto", "ja-howto-building", "ja-log", "ja-last-square", "ja-long-names", "ja-pause-quit",
            "ja-results-long-names")
ALL = NAMES + JAPANESE


def _pixels(surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


@pytest.mark.parametrize("name", ALL)
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
    assert set(screens) == set(ALL)
    kept = {p.stem for p in GOLDENS.glob("*.png") if not p.stem.endswith((".actual", ".tmp"))}
    assert kept <= set(ALL), f"goldens no screen makes: {sorted(kept - set(ALL))}"


def test_frames_use_only_15_bit_colours(screens):
    """Every pixel a colour the SFC can show: each channel a multiple of 8 (PRESENTATION.md)."""
    for name, frame in screens.items():
        bad = {v for v in set(_pixels(frame)) if v % 8}
        assert not bad, (name, sorted(bad)[:5])


def test_drawing_never_changes_the_hashed_state(screens):
    """What drawing fills is a ``_`` cache, never state: the scripted routes draw and check every
    few frames that the machine's hash stayed as it was."""
    from tests.frontend.screens import IMPURE
    assert not IMPURE, f"drawing changed the state at (frame, scenes): {IMPURE}"


@pytest.mark.parametrize("name", ALL)
def test_text_fits_on_the_frame_in_its_window_and_apart(name, screens):
    """On every golden screen every visible text lies wholly on the frame, clear of every other
    text, and inside the inner line of the window it stands in (tests/frontend/layout.py)."""
    from .screens import DRAWN
    assert not layout.problems(DRAWN[name]), f"{name}: " + "; ".join(layout.problems(DRAWN[name]))

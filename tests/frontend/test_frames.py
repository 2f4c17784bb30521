"""Golden frames (issue 5): every screen compared pixel for pixel with tests/frontend/goldens.

``pytest --update-goldens`` rewrites them from the current code (look at them before you commit);
on a difference the actual frame is written beside the golden as ``NAME.actual.png``.
"""
from pathlib import Path

import pygame
import pytest

from .screens import JAPANESE, capture  # noqa: F401  (the fixture's source)

GOLDENS = Path(__file__).parent / "goldens"
NAMES = ("records", "records-games", "records-erase", "profile", "name-entry", "profile-prefs", "campaign",
         "title", "demo", "title-menu", "options", "controls", "setup-board", "setup-seat", "board", "dice", "walk", "fee",
         "comment", "place", "company", "build-land", "build-floors", "sell", "merge", "status-companies",
         "status-players", "status-lines", "overview", "panel", "pause", "results",
         "pile-choice", "slot-stop", "piles", "card", "slot", "event", "jackpot-drop") + JAPANESE


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
    """Every pixel a colour the SFC can show: each channel a multiple of 8 (PRESENTATION.md)."""
    for name, frame in screens.items():
        data = _pixels(frame)
        bad = {v for v in set(data) if v % 8}
        assert not bad, (name, sorted(bad)[:5])


def test_drawing_never_changes_the_hashed_state(screens):
    """Issue 14 (1): whatever drawing fills (pictures, laid-out text) is a ``_`` cache, never
    state. The golden routes draw and check every few frames: drawing left every hash alone."""
    from .screens import IMPURE
    assert not IMPURE, f"drawing changed the state at (frame, scenes): {IMPURE}"


def _apart(a, b) -> bool:
    """Two texts' boxes do not overlap (the font's blank top and bottom rows may touch)."""
    _, ax, ay, aw, ah = a
    _, bx, by, bw, bh = b
    return ax + aw <= bx or bx + bw <= ax or ay + ah <= by + 2 or by + bh <= ay + 2


@pytest.mark.parametrize("name", NAMES)
def test_no_text_is_cut_or_laid_over_another(name, screens):
    """Issue 14 (9): on every golden screen, every text that no window covers lies wholly on the
    screen and clear of every other text."""
    from .screens import LAYOUT
    texts = LAYOUT.get(name)
    if texts is None:
        pytest.skip(f"{name} is not a scripted shot")
    off = [t for t in texts if t[1] < 0 or t[2] < 0 or t[1] + t[3] > 256 or t[2] + t[4] > 224]
    assert not off, f"off the screen: {off}"
    clash = [(a[0], b[0]) for i, a in enumerate(texts) for b in texts[i + 1:] if not _apart(a, b)]
    assert not clash, f"texts over each other: {clash[:6]}"

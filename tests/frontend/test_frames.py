"""Golden frames (issue 5): every screen compared pixel for pixel with tests/frontend/goldens.

``pytest --update-goldens`` rewrites them from the current code (look at them before you commit);
on a difference the actual frame is written beside the golden as ``NAME.actual.png``.
"""
from pathlib import Path

import pygame
import pytest

from . import layout
from .screens import JAPANESE, RECORDS, capture  # noqa: F401  (the fixture's source)

GOLDENS = Path(__file__).parent / "goldens"
NAMES = ("records", "records-games", "records-erase", "profile", "name-entry", "profile-prefs", "campaign",
         "title", "demo", "title-menu", "options", "controls", "setup-board", "setup-seat", "board", "dice", "walk", "fee",
         "comment", "place", "company", "build-land", "build-floors", "sell", "merge", "status-companies",
         "status-players", "status-lines", "overview", "panel", "pause", "results",
         "pile-choice", "slot-stop", "piles", "card", "slot", "event", "jackpot-drop",
         "long-names", "pause-quit", "box-lines", "results-long-names") + JAPANESE + \
    tuple(n for n in RECORDS if n not in JAPANESE)


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


@pytest.mark.parametrize("name", NAMES)
def test_text_fits_on_the_frame_in_its_window_and_apart(name, screens):
    """Issues 14 (9) and 21: on every golden screen every visible text lies wholly on the frame,
    clear of every other text, and inside the inner line of the window it stands in (the text
    box, a menu, a dialog over a dialog): tests/frontend/layout.py."""
    from .screens import DRAWN
    assert name in DRAWN, f"{name} is not a scripted shot"
    assert not layout.problems(DRAWN[name]), f"{name}: " + "; ".join(layout.problems(DRAWN[name]))


@pytest.mark.parametrize("name", ("records", "records-games", "records-erase") + RECORDS)
def test_records_and_continue_keep_their_texts_off_the_borders(name, screens):
    """Issue 21 (Tower Dream's leftovers): the Records screen's footer lay on its panel's border,
    and Continue's rows touched each other. On the Records and Continue screens of every game no
    text lies on a window's border, and no two texts touch (a row apart from the next)."""
    from .screens import DRAWN, LAYOUT
    texts = LAYOUT[name]
    assert texts and any(item[0] == "window" for item in DRAWN[name])
    crossing = layout.borders_crossed(DRAWN[name], texts)
    assert not crossing, f"texts on a border: {crossing[:4]}"
    touching = layout.over_each_other(texts, touch=0)
    assert not touching, f"texts touching: {touching[:4]}"

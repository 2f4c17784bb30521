"""Golden frames of every CAT TOWER screen, compared pixel for pixel with ``goldens/`` (as
tests/frontend/test_frames.py does for Tower Dream). ``pytest --update-goldens`` rewrites them
(look at them before you commit); on a difference the actual frame is written beside the golden
as ``NAME.actual.png``."""
from pathlib import Path

import pygame
import pytest

from tests.frontend import layout

GOLDENS = Path(__file__).parent / "goldens"
GAME_SHOTS = ("roll", "draft", "draft-taken", "draft-refused", "draw", "draw-points", "draw-filled", "draw-refused",
              "draw-rule", "draw-cost-refused", "pass", "status", "pause", "turn-log", "house", "house-refused", "ready",
              "own-roll", "results")
HOWTO = tuple(f"howto-{k}" for k in range(1, 9)) + ("howto-rule",)      # issue 36: How to play, a rule
LONG = ("long-names", "pause-quit", "box-lines", "results-long-names")
END = ("end-warning", "end-confirm")                                   # issue 36: a drawing that ends the game
NAMES = ("title", "demo", "title-menu") + HOWTO + ("setup", "setup-seat", "setup-options") + GAME_SHOTS + (
    "comment", "drawn", "tower", "near-end", "two-draw", "two-ready", "two-peek", "two-peek-towers", "two-taken-back",
    "three-peek", "two-players", "three-players", "replay",
    "replay-jump", "practice-near-end") + LONG + END + ("overlays",)
JAPANESE = tuple("ja-" + n for n in ("title", "title-menu") + HOWTO + ("setup", "setup-seat", "setup-options")
                 + GAME_SHOTS + ("comment", "drawn", "tower", "near-end", "practice-near-end", "three-players") + LONG
                 + END)
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
    extra = set(screens) - set(ALL)
    assert not extra and set(ALL) <= set(screens), (sorted(extra), sorted(set(ALL) - set(screens)))
    kept = {p.stem for p in GOLDENS.glob("*.png") if not p.stem.endswith((".actual", ".tmp"))}
    assert kept <= set(ALL), f"goldens no screen makes: {sorted(kept - set(ALL))}"


def test_frames_use_only_15_bit_colours(screens):
    for name, frame in screens.items():
        bad = {v for v in set(_pixels(frame)) if v % 8}
        assert not bad, (name, sorted(bad)[:5])


def test_drawing_never_changes_the_hashed_state(screens):
    from tests.frontend.screens import IMPURE
    assert not IMPURE, f"drawing changed the state at (frame, scenes): {IMPURE}"


@pytest.mark.parametrize("name", ALL)
def test_text_fits_on_the_frame_in_its_window_and_apart(name, screens):
    """On every golden screen every visible text lies wholly on the frame, clear of every other
    text, and inside the inner line of the window it stands in (tests/frontend/layout.py)."""
    from .screens import DRAWN
    assert not layout.problems(DRAWN[name]), f"{name}: " + "; ".join(layout.problems(DRAWN[name]))

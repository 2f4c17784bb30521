"""The luck watch (issue 38, FORMATS.md section 4): on every frame of a spin a person stops with
A, ``press_preview`` says what A pressed on this frame would give, and reading it changes
nothing.

Each spin test drives a shipped movie to a human's spin, then, frame by frame without a press, at
several frames: reads the preview (the machine's hash the same before and after), takes a
savestate, presses A on the answering pad in a copy restored from it, steps until the chance
outcome reaches the match (the session's inputs grow) and checks that the outcome is the one
the preview named. Every loop is bounded in frames.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from tdream.native import compiled_loaded
from tdream.frontend.constants import A
from tdream.frontend.movie import BlankUser, load_movie
from tdream.frontend.pads import PadFrame
from tdream.frontend.prompt_kit import press_words
from tdream.frontend.run import headless_on, run_movie
from tdream.frontend.savestate import Freezer
from tdream.frontend.settings import Settings
from tdream.frontend.table import TableScene
from tdream.frontend.text import set_language

# Savestates pickle the machine, which the compiled engine's classes do not allow: in a process
# whose engine is compiled this file runs through test_tas_pure.py, in a pure one.
pytestmark = pytest.mark.skipif(compiled_loaded(load=True), reason="run on the pure engine by test_tas_pure.py")

ROOT = Path(__file__).resolve().parents[2]
MOVIES = {
    "towerdream": ROOT / "tests/frontend/data/whole-game.tdm",
    "cattower": ROOT / "tests/games/cattower/frontend/data/whole-game.tdm",
    "towers": ROOT / "tests/games/towers/frontend/data/whole-game.tdm",
    "towerup": ROOT / "tests/games/towerup/frontend/data/whole-game.tdm",
}
SPINS = ("DicePrompt", "SlotPrompt", "RollPrompt")      # every prompt where a press decides a chance
WAIT = 900                                              # frames an answer may take to reach the match


def table_of(m) -> TableScene | None:
    top = m.stack[-1] if m.stack else None
    return top if isinstance(top, TableScene) and top.started else None


def spin_prompt(m, kind: str):
    """(seat, prompt) of the top table's prompt of class ``kind``, or None."""
    table = table_of(m)
    for seat, prompt in (table.prompts.items() if table is not None else ()):
        if type(prompt).__name__ == kind:
            return seat, prompt
    return None


class Drive:
    """A shipped movie played headless on a blank user folder, up to a spin of ``kind`` (the
    ``nth`` one the movie meets), with a Freezer over its machine."""

    def __init__(self, folder: BlankUser, game: str, kind: str, nth: int = 0) -> None:
        movie = load_movie(MOVIES[game])
        settings = Settings(**movie.settings)
        settings.last = {**settings.last, "game": movie.game}
        self.m = headless_on(folder, movie.seed, settings).machine
        self.freezer = Freezer((self.m.font, self.m.art, folder.db), folder.root, folder.db)
        self.connected = movie.runs[0][2]
        met, was = -1, None
        frames = (PadFrame(buttons, connected) for count, buttons, connected in movie.runs for _ in range(count))
        for frame in frames:                         # bounded: the movie's frames
            self.m.step(frame)
            self.connected = frame.connected
            got = spin_prompt(self.m, kind)
            if got is not None and got[1] is not was:
                met += 1
                if met == nth:
                    self.seat, self.prompt = got
                    break
            was = got[1] if got is not None else None
        else:
            raise AssertionError(f"{game}'s movie meets no {kind} number {nth}")
        self.pad = table_of(self.m).pad_of[self.seat]

    def idle(self, m=None) -> None:
        (m or self.m).step(PadFrame((0, 0, 0, 0), self.connected))

    def press(self, m, pad: int) -> None:
        buttons = [0, 0, 0, 0]
        buttons[pad] = A
        m.step(PadFrame(tuple(buttons), self.connected | 1 << pad))

    def preview(self, m=None) -> str | None:
        """The top scene's luck watch, checked to change nothing."""
        m = m or self.m
        before = m.state_hash()
        words = m.stack[-1].press_preview(m)
        assert m.state_hash() == before, "reading the luck watch changed the machine"
        return words


def given_answers(m) -> list:
    """The answers the table's session gives from now on (an observer on a machine thrown away after)."""
    got: list = []
    table_of(m).host.session.observers.append(lambda session, seat, answer, events, given: got.append(answer))
    return got


def press_until_given(d: Drive, m, pad: int, got: list) -> None:
    """A pressed on ``pad`` now (then released), and again each time the spin waits for another
    press (a slot's next reel), until the match takes an answer; bounded by WAIT frames."""
    d.press(m, pad)
    for k in range(WAIT):
        if got:
            return
        if k % 2 == 1:
            d.press(m, pad)
        else:
            d.idle(m)
    raise AssertionError(f"no answer reached the match {WAIT} frames after A")


def watch_spin(d: Drive, expected, probes: int = 6, every: int = 5, limit: int = 80) -> list[str]:
    """At frames of the spin (every ``every`` frames, up to ``limit``): the preview read, A
    pressed on a restored copy, the outcome checked by ``expected(words, answer, prompt)``.
    Returns the previews checked (None before the guard, where A is not taken)."""
    table = table_of(d.m)
    checked: list[str] = []
    for k in range(limit):
        prompt = spin_prompt(d.m, type(d.prompt).__name__)
        assert prompt is not None and prompt[1].answer is None, "the spin ended without a press"
        words = d.preview()
        if prompt[1].age < table.prompt_guard:
            assert words is None, f"a press is not taken before the guard, yet the watch says {words!r}"
        else:
            assert words is not None, f"frame {k} of the spin: no preview at a prompt that takes A"
        if words is not None and k % every == 0:
            snap = d.freezer.take(d.m)
            copy = d.freezer.restore(snap)
            assert copy.state_hash() == snap.hash
            assert d.preview(copy) == words
            before = table_of(copy).host.session.inputs
            got = given_answers(copy)
            press_until_given(d, copy, d.pad, got)
            assert table_of(copy).host.session.inputs > before
            expected(words, got[0], prompt[1])
            checked.append(words)
            d.m = d.freezer.restore(snap)            # the live sitting goes on from where it was
            table = table_of(d.m)
            if len(checked) == probes:
                return checked
        d.idle()
    return checked


@pytest.fixture()
def folder():
    with BlankUser() as f:
        yield f


def test_dice_preview_is_the_roll_a_press_gives_tower_dream(folder):
    d = Drive(folder, "towerdream", "DicePrompt", nth=1)

    def expected(words, answer, prompt):
        assert words == f"A now: {answer.value}"

    seen = watch_spin(d, expected)
    assert len(seen) == 6 and len(set(seen)) > 1          # the die turns: the frame of the press matters


def test_slot_preview_is_the_symbol_each_reel_stops_on_tower_dream(folder):
    d = Drive(folder, "towerdream", "SlotPrompt")
    names = {"cherry": "CHERRY", "bell": "BELL", "bar": "BAR", "star": "STAR", "seven": "SEVEN", "tower": "TOWER"}
    guard = table_of(d.m).prompt_guard
    for _ in range(guard):                                       # the guard's frames: A not taken yet
        if d.prompt.age >= guard:
            break
        assert d.preview() is None
        d.idle()
    assert d.prompt.age >= guard
    checked = 0
    for reel in range(4):
        for _ in range(3 + 4 * reel):                            # a few frames of spinning for this reel
            d.idle()
        words = d.preview()
        assert words is not None and words.startswith(f"A now: reel {reel + 1} ")
        snap = d.freezer.take(d.m)
        copy = d.freezer.restore(snap)
        got = given_answers(copy)
        press_until_given(d, copy, d.pad, got)
        assert words == f"A now: reel {reel + 1} {names[got[0].symbols[reel]]}"
        checked += 1
        d.m = d.freezer.restore(snap)
        d.press(d.m, d.pad)                                      # this reel stopped: on to the next
        d.idle()
        d.prompt = spin_prompt(d.m, "SlotPrompt")[1] if reel < 3 else None
    assert checked == 4


def test_roll_preview_is_the_dice_a_press_gives_cat_tower(folder):
    d = Drive(folder, "cattower", "RollPrompt", nth=2)

    def expected(words, answer, prompt):
        assert words == "A now: " + " ".join(map(str, answer.dice))
        assert len(answer.dice) == prompt.count

    seen = watch_spin(d, expected)
    assert len(seen) == 6 and len(set(seen)) > 1


def test_preview_names_the_answering_pad_when_it_is_not_the_only_pad_1(folder):
    d = Drive(folder, "towerdream", "DicePrompt")
    for _ in range(20):
        d.idle()
    snap = d.freezer.take(d.m)
    m = d.freezer.restore(snap)
    table = table_of(m)
    table.pad_of[d.seat] = 1                      # the same seat on pad 2 (a copy thrown away after)
    d.connected = 0b0011
    d.idle(m)
    words = d.preview(m)
    assert words is not None and words.startswith("2P A now: ")
    got = given_answers(m)
    for _ in range(4):
        d.press(m, 0)                              # pad 1's A stops nothing
        d.idle(m)
    assert got == [] and d.preview(m) is not None
    words = d.preview(m)
    press_until_given(d, m, 1, got)
    assert words == f"2P A now: {got[0].value}"


def test_preview_is_none_while_a_is_still_held(folder):
    """A held from before the guard ended is no press: the watch says nothing until it is let go."""
    d = Drive(folder, "cattower", "RollPrompt")
    guard = table_of(d.m).prompt_guard
    for _ in range(guard + 8):                   # bounded: past the guard, A held all along
        d.press(d.m, d.pad)
    roll = spin_prompt(d.m, "RollPrompt")
    assert roll is not None and roll[1].answer is None and roll[1].age >= guard
    assert d.preview() is None
    d.idle()
    assert d.preview() is not None


def test_preview_words_in_japanese(folder):
    d = Drive(folder, "towerdream", "SlotPrompt")
    for _ in range(20):
        d.idle()
    set_language("ja")
    try:
        words = d.preview()
    finally:
        set_language("en")
    assert words is not None and words.startswith("いまAで：リール1 ")
    assert words.split(" ")[-1] in {"チェリー", "ベル", "バー", "スター", "セブン", "タワー"}
    assert press_words("7") == "A now: 7"


@pytest.mark.parametrize("game", sorted(MOVIES))
def test_movie_verifies_with_the_watch_read_every_frame(game):
    """The shipped movie still verifies with the luck watch read on every frame; it speaks only
    at a human's spin (Towers and Tower Up have none: no press decides a chance there)."""
    movie = load_movie(MOVIES[game])
    spoken: list[int] = []
    spinning: list[int] = []

    def on_frame(h, n):
        m = h.machine
        if m.stack[-1].press_preview(m) is not None:
            spoken.append(n)
        if any(spin_prompt(m, kind) is not None for kind in SPINS):
            spinning.append(n)

    _, verdict = run_movie(movie, on_frame)
    assert verdict.ok, verdict.message
    assert set(spoken) <= set(spinning)
    if game in ("towers", "towerup"):
        assert spoken == [] and spinning == []
    else:
        assert len(spoken) >= 3

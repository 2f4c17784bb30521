"""What the games' prompts share (the table's ``Prompt``, docs/ARCHITECTURE.md "The table").

- ``Offers``: an answer the match checks before the prompt gives it (``offer``): the answer and its
  sound, or the match's reason said the prompt's way (``refuse``), nothing given;
- ``AskPrompt``: a prompt with the shell's refusal line (``RefusalPrompt``) that offers its answers
  that way and shows a refusal in the place of its own lines (``asked``);
- ``steps``: the steps a pad's repeating keys give this frame (a count picker, a cursor on a row);
- ``nearest`` and ``move_nearest``: a cursor over points on a board (legal squares, Lands, sites),
  to the nearest point in the direction pressed;
- ``Spins``: dice a person stops with A (a chance outcome he supplies), new faces every frame from
  the spin RNG (seeded by the match when the spin starts, ``start``), so the same presses give the
  same roll (movies replay); ``press_preview``, the luck watch, says what A on this frame gives
  (``press_words``: "A now: 7", the outcome in the game's words, ``spin_words``).

A prompt's instance fields are state (the machine's state hash reads them): nothing here sets one
a game's prompt did not set itself.
"""
from __future__ import annotations

from typing import Any, Sequence

from ..rng import Rng
from .constants import DOWN, LEFT, RED, RIGHT, UP, A
from .draw_shapes import nearest as nearest_ahead
from .table import Prompt, RefusalPrompt
from .text import language

DIRECTIONS = ((LEFT, (-1, 0)), (RIGHT, (1, 0)), (UP, (0, -1)), (DOWN, (0, 1)))   # the +Control Pad, on screen


def steps(b, pad: int, *pairs: tuple[int, int]) -> list[int]:
    """The steps of ``pairs`` ((buttons, step), ...) whose buttons repeat on ``pad`` this frame, in
    their order (a prompt applies each in turn, so a bound met halfway holds as it did)."""
    return [d for mask, d in pairs if b.repeat(pad, mask)]


def nearest(points: Sequence[tuple[int, int]], i: int, dx: int, dy: int) -> int:
    """The point nearest ``points[i]`` in direction (dx, dy) (``draw_shapes.nearest``: a step
    across counts double, the first of equals), or ``i`` when none lies that way."""
    j = nearest_ahead(points, points[i], dx, dy)
    return i if j is None else j


def move_nearest(b, pad: int, points: Sequence[tuple[int, int]], i: int) -> int:
    """A board cursor on ``points[i]`` after this frame's presses: to the nearest point the way
    pressed, or, with none that way, to the next (right, down) or the one before (left, up)."""
    for mask, (dx, dy) in DIRECTIONS:
        if b.repeat(pad, mask):
            j = nearest(points, i, dx, dy)
            i = j if j != i else (i + (1 if dx + dy > 0 else -1)) % len(points)
    return i


def play(m, sound: str) -> None:
    """``sound`` played when there is a machine to play it (a prompt answered headless has none)."""
    if m is not None and sound:
        m.sound(sound)


# The luck watch's words (issue 38): what A on this frame gives. In Python, the Japanese beside
# it: a movie's data hash reads the words' YAML, and the watch is no part of what a movie plays.
A_NOW = {"en": "A now: {what}", "ja": "いまAで：{what}"}


def press_words(what: str) -> str:
    """The luck watch's line for the outcome ``what`` (the game's words), in the language on
    screen: short, it stands in a strip of small letters beside the picture."""
    return A_NOW.get(language(), A_NOW["en"]).format(what=what)


class Spins:
    """Dice that spin until A (``handle``): each frame ``spin()`` turns them (``spun`` counts the
    frames; every 28th from the first sounds ``spin_sound``); A gives ``stopped()`` with
    ``stop_sound``. The frame of the press picks the outcome.

    ``stopped()`` only reads the faces (the luck watch, ``press_preview``, asks it on every frame
    and must change nothing); ``spin_words(answer)`` says an outcome in the game's words."""

    spin_sound = "blip"
    stop_sound = "select"
    spun: int
    rng: Rng
    answer: Any

    def start(self, match, state: str | None = None) -> None:
        """The spin begun: its RNG seeded by ``state`` (a fingerprint) or by the match's fingerprint
        now, the first faces turned, no frame spun yet."""
        self.rng = Rng(int((state or match.fingerprint())[:16], 16))
        self.spin()
        self.spun = 0

    def spin(self) -> None:
        raise NotImplementedError

    def stopped(self) -> Any:
        """The answer A gives on this frame: the faces showing (pure: reads, never turns)."""
        raise NotImplementedError

    def spin_words(self, answer) -> str:
        """``answer`` (an outcome ``stopped`` gives) in a few of the game's words: "7", "1 3 4"."""
        return str(answer)

    def press_preview(self, m) -> str | None:
        """The luck watch: "A now: ..." with what A on this frame gives (``stopped``, read
        only). The table asks it only when the press would reach this prompt."""
        return press_words(self.spin_words(self.stopped()))

    def handle(self, m, b, pad: int) -> None:
        if b.press(pad, A):
            self.answer = self.stopped()
            play(m, self.stop_sound)
            return
        self.spin()
        self.spun += 1
        if self.spun % 28 == 1:
            play(m, self.spin_sound)


class Offers:
    """A prompt whose answers the match checks first (``match``, ``seat``, ``answer``; ``refuse``
    says a reason the prompt's way): ``offer`` gives what the match takes and refuses the rest."""

    match: Any
    seat: int
    answer: Any

    def refuse(self, m, why: str | None) -> None:
        raise NotImplementedError

    def offer(self, m, answer, sound: str = "select") -> bool:
        """``answer`` given (with ``sound``, "" for none) when the match takes it, True; else the
        match's reason refused (``refuse``), False."""
        why = self.match.check(answer, self.seat)
        if why is not None:
            self.refuse(m, why)
            return False
        self.give(m, answer, sound)
        return True

    def give(self, m, answer, sound: str = "select") -> None:
        """``answer`` given (with ``sound``, "" for none) as it is: the prompt has checked it."""
        self.answer = answer
        play(m, sound)


class AskPrompt(Offers, RefusalPrompt):
    """A question with the shell's refusal line: a refusal stands in its lines' place (``lines``:
    the message in red, else ``asked``); ``text`` is the question."""

    def refuse(self, m, why: str | None) -> None:
        RefusalPrompt.refuse(self, m, why)

    def text(self) -> str:
        """The text box's first line while the prompt is up."""
        return ""

    def lines(self, m) -> list:
        return [(self.message, RED)] if self.message else self.asked(m)

    def asked(self, m) -> list:
        """Its own small lines under the question, (text, colour), the most important first."""
        return []


__all__ = ["DIRECTIONS", "A_NOW", "press_words", "play", "steps", "nearest", "move_nearest", "Spins", "Offers",
           "AskPrompt", "Prompt"]

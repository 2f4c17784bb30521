"""A synthetic player for the CAT TOWER front end: it looks at the screen's state and presses
buttons as a person would (tests, movies, ``bench``). Deterministic: the same machine state
gives the same presses.

From power on it chooses CAT TOWER on the title (right until the title shows it), opens the
mode, starts the set-up as it stands (``humans=2``: seat 2 made a human first), and at the table
answers its seats' prompts as the plain CPU player would on its view: the roll as the parent
(A), the die (left/right, A),
the drawing (the cursor moved with the d-pad, the good with L/R, A, and A again when it ends the
game; a pass with B, A), the
house's good (down, A); then from the results back to the title (``again``).
"""
from __future__ import annotations

from ....frontend.constants import A, B, DOWN, L, LEFT, R, RIGHT, START, UP


class Autopilot:
    def __init__(self, pad: int = 0, again: bool = False, mode: str = "", spectate: bool = False,
                 humans: int = 1, profile: str | None = None) -> None:
        self.pad = pad                    # the pad it plays on (-1: every pad, each for its own seat)
        self.again = again
        self.mode = mode or ("Spectate" if spectate else "Free play")
        self.humans = humans
        self.profile = profile
        self.count = 0
        self.prompts: dict[str, int] = {}
        self.tables = 0
        self.table = None
        self.player = None
        self.planned: dict = {}           # seat -> (the prompt it has a plan for, the plan)
        self.seen: dict = {}

    def buttons(self, m) -> tuple[int, int, int, int]:
        self.count += 1
        if self.pad < 0:
            return tuple(self._press(m, p) for p in range(4))  # type: ignore[return-value]
        out = [0, 0, 0, 0]
        out[self.pad] = self._press(m, self.pad)
        return tuple(out)  # type: ignore[return-value]

    def _press(self, m, pad: int) -> int:
        from ....frontend.scenes.modes import ProfileScene
        from ....frontend.scenes.results import ResultsScene
        from ....frontend.scenes.title import TitleScene
        from .setup import SetupScene
        from .table import TableScene
        top = m.stack[-1]
        if self.count % 2 != 0:              # a press is a change: every other frame
            return 0
        if isinstance(top, TitleScene):
            if top.menu is None:
                return RIGHT if top.game != "cattower" else START
            if top.game != "cattower":
                return R
            want = top.menu.items.index(self.mode)
            return DOWN if top.menu.index != want else A
        if isinstance(top, SetupScene):
            if pad != (self.pad if self.pad >= 0 else 0):
                return 0
            if self.profile and top.profiles[0] != self.profile:
                return DOWN if top.index != 0 else A
            if self.humans >= 2 and top.seats[1] != "human":
                return UP if top.index > 1 else DOWN if top.index < 1 else LEFT
            return START
        if isinstance(top, ProfileScene):
            items = top.menu.items
            want = items.index(self.profile) if self.profile in items else len(items) - 1
            return DOWN if top.menu.index != want else A
        if isinstance(top, ResultsScene):
            return A if self.again and pad == max(self.pad, 0) else 0
        if isinstance(top, TableScene):
            if top is not self.table:
                self.table = top
                self.tables += 1
            seat = top.seat_of_pad(pad)
            prompt = top.prompts.get(seat) if seat is not None else None
            if (top.beat is not None and top.beat.kind not in ("ready", "unready")) or prompt is None:
                if seat is None or pad != top.control_pad:
                    return 0
                return A if self.count % 6 == 0 and top.beat is not None else 0     # hurry the text now and then
            if prompt.age < top.prompt_guard or prompt.answer is not None:
                return 0
            if self.seen.get(seat) is not prompt:
                self.seen[seat] = prompt
                self.prompts[prompt.kind] = self.prompts.get(prompt.kind, 0) + 1
            return self._answer(top.game, prompt, seat)
        return B

    def plan(self, match, prompt, seat: int):
        """The plain CPU player's choice on the seat's view (asked once a prompt)."""
        got = self.planned.get(seat)
        if got is None or got[0] is not prompt:
            from .. import GAME
            if self.player is None:
                self.player = GAME.make_player("cpu", 7 + max(self.pad, 0))
            got = self.planned[seat] = (prompt, self.player.choose(match.view(seat), seat))
        return got[1]

    def _answer(self, match, prompt, seat: int) -> int:
        from ..answers import Pass
        if prompt.kind == "roll":                # its parent's dice: A stops them at once
            return A
        answer = self.plan(match, prompt, seat)
        if prompt.kind == "draft":
            return A if prompt.value == answer.value else RIGHT
        if prompt.kind == "house":
            return A if prompt.good == answer.good else DOWN
        if type(answer) is Pass:
            return A if prompt.mode == "pass" else B
        if prompt.mode == "pass":
            return B
        if prompt.mode == "end":                 # a drawing that ends the game: asked once more
            return A if (match.sheet.cells[prompt.cursor], prompt.good) == (answer.cell, answer.good) else B
        sheet = match.sheet
        target = sheet.index(answer.cell)
        tt, tf = sheet.tower_of[target], sheet.floor_of[target]
        ct, cf = sheet.tower_of[prompt.cursor], sheet.floor_of[prompt.cursor]
        if ct != tt:
            return RIGHT if tt > ct else LEFT
        if cf != tf:
            return UP if tf > cf else DOWN
        if prompt.good != answer.good:
            return R if (answer.good - prompt.good) % 6 <= 3 else L
        return A

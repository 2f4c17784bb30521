"""A synthetic player for the Towers front end: it looks at the screen's state and presses
buttons as a person would (tests, movies, ``bench``). Deterministic: the same machine state
gives the same presses.

From power on it chooses Towers on the title (right until the title shows it), opens the mode,
starts the set-up as it stands (``humans=2``: seat 2 made a human first), and at the table
answers its seat's prompts as the plain CPU player would on its view (the square moved to with
the d-pad, A, the size, A; a double turn with Y and A; a pass or a demolition through the B menu),
a secret pick of its own (with another person picking: the pad held toward it and A), "end the
game?" (yes when ahead); then from the results back to the title (``again``).
"""
from __future__ import annotations

from ....frontend.constants import A, B, DOWN, LEFT, R, RIGHT, START, UP, Y


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
        self.player = None                # the plain CPU player it asks what to do (its own seed)
        self.planned = None               # the prompt it has a plan for, and the plan
        self.answer = None
        self.seen = None

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
        odd = self.count % 2 == 0            # a press is a change: every other frame
        if not odd:
            return 0
        if isinstance(top, TitleScene):
            if top.menu is None:
                return RIGHT if top.game != "towers" else START
            if top.game != "towers":
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
            match = top.game
            prompt = top.prompts.get(seat) if seat is not None else None
            if top.beat is not None or prompt is None:
                if seat is None or pad != top.control_pad:
                    return 0
                return A if self.count % 6 == 0 else 0       # hurry the text now and then
            if prompt.age < top.prompt_guard:
                return 0
            kind = type(prompt).__name__
            if prompt is not self.seen:
                self.seen = prompt
                self.prompts[kind] = self.prompts.get(kind, 0) + 1
            if kind == "PickPrompt":
                want = 1 + (self.tables * 4 + seat * 3 + match.pick_rounds * 5) % 9
                if prompt.secret:                # the pad held toward it on the grid, and A (TG2.1)
                    from .prompts import grid_buttons
                    return grid_buttons(want) | A
                return RIGHT if prompt.size < want else LEFT if prompt.size > want else A
            if kind == "EndPrompt":
                scores = match.scores()
                ahead = scores[seat] > max(s for p, s in enumerate(scores) if p != seat)
                want = 0 if ahead else 1
                return DOWN if prompt.menu.index != want else A
            return self._turn(match, prompt, seat)
        return B

    def plan(self, match, prompt, seat: int):
        """What to answer at this prompt: the plain CPU player's choice on the seat's view (asked
        once a prompt)."""
        if self.planned is not prompt:
            from .. import GAME
            if self.player is None:
                self.player = GAME.make_player("cpu", 7 + self.pad)
            self.planned, self.answer = prompt, self.player.choose(match.view(seat), seat)
        return self.answer

    def _turn(self, match, prompt, seat: int) -> int:
        from ..answers import Declare, Demolish, Pass
        answer = self.plan(match, prompt, seat)
        t = type(answer)
        if t is Declare:                        # Y, then A to confirm it
            return A if prompt.mode == "declare" else Y if prompt.mode == "board" else B
        if t is Pass:
            if prompt.mode == "board":
                return B
            if prompt.mode == "menu":
                want = prompt.items.index("Pass the turn")
                return DOWN if prompt.menu.index != want else A
            if prompt.mode == "pass":
                return UP if prompt.confirm.index != 0 else A
            return B
        n = match.n
        target = match.geo.index[answer.square]
        if t is Demolish:
            if prompt.mode == "board":
                return B
            if prompt.mode == "menu":
                want = prompt.items.index("Demolish a tower")
                return DOWN if prompt.menu.index != want else A
            if prompt.mode != "demolish":
                return B
            here = prompt.demolish_cursor
        else:
            if prompt.mode == "size":
                if prompt.cursor != target:
                    return B
                return A if prompt.size == answer.size else RIGHT if prompt.size < answer.size else LEFT
            if prompt.mode != "board":
                return B
            here = prompt.cursor
        cx, cy = here % n, here // n
        tx, ty = target % n, target // n
        if cx != tx:
            return RIGHT if tx > cx else LEFT
        if cy != ty:
            return DOWN if ty > cy else UP
        return A

"""A synthetic player for Tower Up's front end: it looks at the screen's state and presses
buttons, as a person would (tests, benchmarks, the shipped movie). Deterministic: the same
machine state gives the same presses. From power on it chooses Tower Up on the title (L: the
registry's last game, one step left of the first, whichever games have front ends),
opens the mode, starts the set-up as it stands, answers every prompt (every other turn a build
on the gold site the cursor goes to, its first colour and roof; else the card under the cursor
with the suggested colours; the suggested floors to start with and to give back), and after
the results goes back to the title when ``again``."""
from __future__ import annotations

from ....frontend.constants import A, B, DOWN, L, RIGHT, START

GAME_ID = "towerup"


class Autopilot:
    def __init__(self, pad: int = 0, spectate: bool = False, again: bool = False, mode: str = "",
                 build_every: int = 2, profile: str | None = None, hurry: bool = True) -> None:
        self.pad = pad
        self.spectate = spectate
        self.again = again
        self.mode = mode or ("Spectate" if spectate else "Free play")
        self.build_every = build_every
        self.profile = profile
        self.hurry = hurry                   # A now and then while the text types out (a person in a hurry)
        self.count = 0
        self.turns = 0
        self.builds = 0
        self.prompts: dict[str, int] = {}
        self.last = None
        self.table = None
        self.tables = 0
        self.waited = 0

    def buttons(self, m) -> tuple[int, int, int, int]:
        """This frame's pad states: on pad ``pad``, or on every pad when ``pad`` is -1."""
        press = self._press(m)
        if self.pad < 0:
            return (press, press, press, press)
        out = [0, 0, 0, 0]
        out[self.pad] = press
        return tuple(out)  # type: ignore[return-value]

    def _press(self, m) -> int:
        from ....frontend.scenes.modes import ProfileScene
        from ....frontend.scenes.results import ResultsScene
        from ....frontend.scenes.title import TitleScene
        from .setup import SetupScene
        from .table import TableScene
        top = m.stack[-1]
        self.count += 1
        odd = self.count % 2 == 0            # a press is a change: every other frame
        if isinstance(top, TitleScene):
            if top.game != GAME_ID:
                return L if odd else 0                  # Tower Up is the registry's last: one step left

            if top.menu is None:
                return START if odd else 0
            want = top.menu.items.index(self.mode)
            if top.menu.index != want:
                return DOWN if odd else 0
            return A if odd else 0
        if isinstance(top, SetupScene):
            if self.profile and "human" in top.seats and top.profiles[0] != self.profile:
                if top.index != 0:
                    return DOWN if odd else 0
                return A if odd else 0
            return START if odd else 0
        if isinstance(top, ProfileScene):
            items = top.menu.items
            want = items.index(self.profile) if self.profile in items else len(items) - 1
            if top.menu.index != want:
                return DOWN if odd else 0
            return A if odd else 0
        if isinstance(top, ResultsScene):
            return A if odd and self.again else 0
        if isinstance(top, TableScene):
            if top is not self.table:
                self.table = top
                self.tables += 1
            prompt = top.prompt if top.beat is None else None
            if prompt is None:
                self.last = None
                return A if self.hurry and self.count % 6 == 0 else 0      # hurry the text now and then
            if prompt is not self.last:
                self.last = prompt
                self.prompts[prompt.kind] = self.prompts.get(prompt.kind, 0) + 1
                if prompt.kind == "turn":
                    self.turns += 1
                return 0
            if top.prompt_age < top.prompt_guard:
                return 0
            if prompt.kind == "turn" and prompt.stage == "market":
                if prompt.legal_sites and self.turns % self.build_every == 0:
                    return DOWN if odd else 0
                return A if odd else 0
            if prompt.kind == "turn" and prompt.stage == "city" and prompt.site not in prompt.builds:
                return B if odd else 0                      # not a gold site (a person moved it): back
            if prompt.kind == "turn" and prompt.stage == "colour" and \
                    prompt.build_preview(prompt.site, prompt.colour).reason is not None:
                return RIGHT if odd else 0
            if prompt.kind == "turn" and prompt.stage == "wild" and prompt._wild_reason(prompt.pick) is not None:
                return RIGHT if odd else 0
            if prompt.kind == "turn" and prompt.stage == "roof" and odd:
                self.builds += 1
            return A if odd else 0
        return B if odd else 0

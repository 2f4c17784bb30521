"""A synthetic player for the front end: it looks at the screen's state and presses buttons, as
a person would, for tests, benchmarks and smoke runs. Deterministic: the same machine state
gives the same presses.
"""
from __future__ import annotations

from ....frontend.constants import A, B, START


class Autopilot:
    """Presses for pad ``pad``: through the title and set-up to a game, answering every prompt
    (the die stopped after ``spin`` frames; a Floor built on the first Land offered, every other
    time), then from the results back to the title when ``again``."""

    def __init__(self, pad: int = 0, spin: int = 5, spectate: bool = False, again: bool = False,
                 mode: str = "", profile: str | None = None) -> None:
        self.pad = pad
        self.spin = spin
        self.spectate = spectate
        self.again = again
        self.mode = mode or ("Spectate" if spectate else "Free play")      # the title menu's item
        self.profile = profile            # a profile (already in the database) for seat 1 / the campaign
        self.count = 0
        self.builds = 0
        self.prompts: dict[str, int] = {}
        self.last = None
        self.table = None
        self.tables = 0                   # games seen

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
        from .campaign import CampaignScene
        from ....frontend.scenes.results import ResultsScene
        from .setup import SetupScene
        from .table import BuildBackScene, TableScene
        from ....frontend.scenes.title import TitleScene
        top = m.stack[-1]
        self.count += 1
        odd = self.count % 2 == 0           # a press is a change: every other frame
        if isinstance(top, TitleScene):
            if top.menu is None:
                return START if odd else 0
            want = top.menu.items.index(self.mode)
            if top.menu.index != want:
                return (1 << 1) if odd else 0           # down
            return A if odd else 0
        if isinstance(top, SetupScene):
            if self.profile and "human" in top.seats and top.profiles[0] != self.profile:
                if top.index != 1:
                    return (1 << 1) if odd else 0       # down to seat 1
                return A if odd else 0                  # choose its profile
            return START if odd else 0
        if isinstance(top, ProfileScene):
            want = top.menu.items.index(self.profile) if self.profile in top.menu.items else len(top.menu.items) - 1
            if top.menu.index != want:
                return (1 << 1) if odd else 0
            return A if odd else 0
        if isinstance(top, CampaignScene):
            return A if odd and (self.again or not self.tables) else 0
        if isinstance(top, ResultsScene):
            return A if odd and (self.again or self.mode == "Campaign") else 0
        if isinstance(top, BuildBackScene):             # B at a Build that might take back: build nothing
            return A if odd else 0
        if isinstance(top, TableScene):
            if top is not self.table:
                self.table = top
                self.tables += 1
            prompt = top.prompt if top.beat is None else None
            if prompt is None:
                self.last = None
                return A if self.count % 6 == 0 else 0        # hurry the text now and then
            kind = type(prompt).__name__
            if prompt is not self.last:
                self.last = prompt
                self.prompts[kind] = self.prompts.get(kind, 0) + 1
                self.waited = 0
                if kind == "BuildPrompt":
                    self.builds += 1
                return 0
            if top.prompt_age < top.prompt_guard:              # not taking presses yet: a person waits too
                return 0
            self.waited += 1
            if kind == "DicePrompt":
                return A if self.waited == self.spin else 0
            if kind == "BuildPrompt" and self.builds % 2 == 0 and prompt.count == 0:
                return B if odd else 0
            return A if odd else 0
        return B if odd else 0

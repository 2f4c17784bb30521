"""Tower Dream's pilot for the shell's autopilot (``frontend/autopilot.py``): its table asks one
seat at a time through the text box, and the autopilot answers that prompt on every pad: the die
stopped after ``spin`` frames (an option, 5), a Floor built on the first Land offered every other
Build (B builds nothing on the others), A on everything else; on the Campaign's screen A (once,
or every time with ``again``), and A at "No Build?".
"""
from __future__ import annotations

from ....frontend.autopilot import Pilot
from ....frontend.constants import A, B
from .campaign import CampaignScene
from .prompts import BuildPrompt, DicePrompt
from .table import BuildBackScene


class TowerDreamPilot(Pilot):
    each_seat = False

    def answer(self, ap, table, prompt, seat: int) -> int:
        odd = ap.count % 2 == 0
        if type(prompt) is DicePrompt:
            return A if ap.waited == ap.options.get("spin", 5) else 0
        if type(prompt) is BuildPrompt and ap.prompts.get("BuildPrompt", 0) % 2 == 0 and prompt.count == 0:
            return B if odd else 0
        return A if odd else 0

    def screen(self, ap, top, pad: int) -> int | None:
        if isinstance(top, CampaignScene):
            return A if ap.again or not ap.tables else 0
        if isinstance(top, BuildBackScene):     # B at a Build that might take back: build nothing
            return A
        return None


PILOT = TowerDreamPilot  # the shell's GameFrontend.autopilot takes it

"""Tower Up's pilot for the shell's autopilot (``frontend/autopilot.py``): its table asks one seat
at a time through the text box, and the autopilot answers that prompt on every pad: every
``build_every``-th turn (an option, 2) a build on the gold site the cursor goes to, its first
colour and roof; else the card under the cursor with the suggested colours; the suggested floors
to start with and to give back. It counts its builds (``tally["builds"]``).
"""
from __future__ import annotations

from ....frontend.autopilot import Pilot
from ....frontend.constants import A, B, DOWN, RIGHT


class TowerUpPilot(Pilot):
    each_seat = False

    def answer(self, ap, table, prompt, seat: int) -> int:
        odd = ap.count % 2 == 0
        turn = prompt.kind == "turn"
        if turn and prompt.stage == "market":
            if prompt.legal_sites and ap.prompts.get("turn", 0) % ap.options.get("build_every", 2) == 0:
                return DOWN if odd else 0
            return A if odd else 0
        if turn and prompt.stage == "city" and prompt.site not in prompt.builds:
            return B if odd else 0                      # not a gold site (a person moved it): back
        if turn and prompt.stage == "colour" and prompt.build_preview(prompt.site, prompt.colour).reason is not None:
            return RIGHT if odd else 0
        if turn and prompt.stage == "wild" and prompt._wild_reason(prompt.pick) is not None:
            return RIGHT if odd else 0
        if turn and prompt.stage == "roof" and odd:
            ap.tally["builds"] = ap.tally.get("builds", 0) + 1
        return A if odd else 0


PILOT = TowerUpPilot  # the shell's GameFrontend.autopilot takes it

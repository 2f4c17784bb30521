"""CAT TOWER's pilot for the shell's autopilot (``frontend/autopilot.py``): how a person's prompts
are answered at its table. Each pad answers its own seat (the drafts and drawings are
simultaneous), as the plain CPU player would on the seat's view: the roll as the parent (A), the
die (left/right, A), the drawing (the cursor moved with the d-pad, the good with L/R, A, and A
again when it ends the game; a pass with B, A), the house's good (down, A). It hurries the text
only while a beat plays.
"""
from __future__ import annotations

from ....frontend.autopilot import Pilot
from ....frontend.constants import A, B, DOWN, L, R, RIGHT
from ..answers import Pass


class CatTowerPilot(Pilot):
    def idle(self, ap, table, pad: int, seat: int | None) -> int:
        if table.beat is None:
            return 0
        return super().idle(ap, table, pad, seat)

    def answer(self, ap, table, prompt, seat: int) -> int:
        if prompt.answer is not None:            # given: waiting for the others
            return 0
        if prompt.kind == "roll":                # its parent's dice: A stops them at once
            return A
        return self.press(table.game, prompt, ap.plan(table, prompt, seat))

    def press(self, match, prompt, answer) -> int:
        """The next button at ``prompt`` toward the CPU player's ``answer``."""
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
        here, there = (sheet.tower_of[prompt.cursor], -sheet.floor_of[prompt.cursor]), \
            (sheet.tower_of[target], -sheet.floor_of[target])          # floors count up the screen
        if here != there:
            return self.walk(here, there)
        if prompt.good != answer.good:
            return R if (answer.good - prompt.good) % 6 <= 3 else L
        return A


PILOT = CatTowerPilot  # the shell's GameFrontend.autopilot takes it

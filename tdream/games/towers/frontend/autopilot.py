"""Towers' pilot for the shell's autopilot (``frontend/autopilot.py``): how a person's prompts
are answered at its table. Each pad answers its own seat (the secret picks are simultaneous):
the plain CPU player's choice on the seat's view (the square moved to with the d-pad, A, the
size, A; a double turn with Y and A; a pass or a demolition through the B menu), a secret pick of
its own (with another person picking: the pad held toward it and A), "end the game?" (yes when
ahead).
"""
from __future__ import annotations

from ....frontend.autopilot import Pilot
from ....frontend.constants import A, B, DOWN, LEFT, RIGHT, UP, Y
from ..answers import Declare, Demolish, Pass
from .prompts import EndPrompt, PickPrompt, grid_buttons


class TowersPilot(Pilot):
    def player(self, ap, game):
        return game.make_player("cpu", ap.seed + ap.pad)

    def answer(self, ap, table, prompt, seat: int) -> int:
        match = table.game
        if type(prompt) is PickPrompt:
            want = 1 + (ap.tables * 4 + seat * 3 + match.pick_rounds * 5) % 9
            if prompt.secret:                # the pad held toward it on the grid, and A (TG2.1)
                return grid_buttons(want) | A
            return RIGHT if prompt.size < want else LEFT if prompt.size > want else A
        if type(prompt) is EndPrompt:
            scores = match.scores()
            ahead = scores[seat] > max(s for p, s in enumerate(scores) if p != seat)
            return DOWN if prompt.menu.index != (0 if ahead else 1) else A
        return self.turn(match, prompt, ap.plan(table, prompt, seat))

    def turn(self, match, prompt, answer) -> int:
        """The next button of a turn toward the CPU player's ``answer``."""
        t = type(answer)
        if t is Declare:                        # Y, then A to confirm it
            return A if prompt.mode == "declare" else Y if prompt.mode == "board" else B
        if t in (Pass, Demolish) and prompt.mode == "board":      # B opens the turn's menu
            return B
        if t in (Pass, Demolish) and prompt.mode == "menu":
            want = prompt.items.index("Pass the turn" if t is Pass else "Demolish a tower")
            return DOWN if prompt.menu.index != want else A
        if t is Pass:
            return (UP if prompt.confirm.index != 0 else A) if prompt.mode == "pass" else B
        n = match.n
        target = match.geo.index[answer.square]
        if t is Demolish:
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
        return self.walk((here % n, here // n), (target % n, target // n))


PILOT = TowersPilot  # the shell's GameFrontend.autopilot takes it

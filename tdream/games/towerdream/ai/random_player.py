"""The ``random`` baseline player: uniform over the legal answers, with its own seeded RNG."""
from __future__ import annotations

from ....buildattrs import mypyc_attr
from ....rng import Rng
from ....platform.protocol import Player


@mypyc_attr(serializable=True)      # a savestate pickles it (tdream/buildattrs.py)
class RandomPlayer(Player):
    kind = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed ^ 0x5EED_0F_AA11)

    def choose(self, game, seat: int | None = None):
        """One of ``game.legal_answers(seat)``, each equally likely."""
        answers = game.legal_answers(seat)
        return answers[self.rng.below(len(answers))]

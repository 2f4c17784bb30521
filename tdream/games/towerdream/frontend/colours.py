"""Tower Dream's colours on the board (the players' are the front end's: constants.PLAYER_COLOURS)."""
from __future__ import annotations

from typing import Final

from ....frontend.constants import rgb15

# Company tints for their areas (the logos carry the shape; the status screen has the legend).
# Chosen to stand apart from the grass they are dithered over and from every player colour
# (whose buildings stand on them) for normal sight and the three colour blindnesses, by their
# lightness as much as their hue: tests/frontend/test_colours.py holds them to it.
COMPANY_COLOURS: Final = {
    "ace": rgb15(128, 0, 80), "bloom": rgb15(112, 80, 144), "crest": rgb15(0, 0, 240),
    "dyna": rgb15(240, 240, 144), "echo": rgb15(192, 16, 240), "falcon": rgb15(208, 240, 240),
    "gaia": rgb15(16, 0, 32), "helix": rgb15(128, 96, 240), "iris": rgb15(192, 16, 160),
}

"""Tower Up's colours on screen (15-bit). The four floor colours (black, white, brown, grey,
``data.COLOURS``' order) stand apart by lightness first and each has its own window pattern, so
colour is never the only cue; roofs are in the players' colours (constants.PLAYER_COLOURS)."""
from __future__ import annotations

from typing import Final

from ....frontend.constants import GOLD, RED, rgb15

# per floor colour: (fill, light edge, dark edge, windows)
FLOOR: Final = (
    (rgb15(56, 56, 72), rgb15(104, 104, 128), rgb15(24, 24, 32), rgb15(144, 144, 176)),      # black
    (rgb15(224, 224, 216), rgb15(248, 248, 248), rgb15(160, 160, 160), rgb15(120, 152, 200)),  # white
    (rgb15(168, 96, 40), rgb15(216, 136, 72), rgb15(104, 56, 16), rgb15(248, 208, 120)),      # brown
    (rgb15(128, 136, 152), rgb15(176, 184, 200), rgb15(80, 88, 104), rgb15(224, 232, 248)),   # grey
)
GROUND: Final = (rgb15(56, 80, 64), rgb15(72, 72, 96), rgb15(88, 72, 64), rgb15(48, 72, 96), rgb15(80, 88, 56),
                 rgb15(64, 64, 64))                 # districts 1-5 (a sixth and more: the last)
BORDER: Final = rgb15(136, 144, 120)                # between districts
STREET: Final = rgb15(152, 152, 160)
STREET_DARK: Final = rgb15(96, 96, 112)
LOT: Final = rgb15(112, 104, 96)
LOT_EDGE: Final = rgb15(176, 168, 152)
PARK: Final = rgb15(64, 160, 72)
TREE: Final = rgb15(24, 104, 40)
CARD: Final = rgb15(200, 192, 168)
CARD_EDGE: Final = rgb15(120, 104, 80)
STAR: Final = GOLD                                  # a star column's mark: the shell's gold
TRACK: Final = rgb15(24, 24, 48)
LOW: Final = RED                                    # a colour near empty in the supply

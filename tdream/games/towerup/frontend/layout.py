"""Where Tower Up's table parts sit on the 256x224 frame (RULES-towerup.md section 7;
cities.yaml's ``area`` leaves the top 40 px for the market strip and the right 80 px for the
players' panels)."""
from __future__ import annotations

STRIP = (0, 0, 176, 40)              # the market's three cards, the deck, the supply
CARD_W, CARD_H = 40, 27
CARD_X = (3, 45, 87)                 # each market card's left edge
CARD_Y = 3
SUPPLY_X = 130                       # the supply's 2x2 block
PANEL_X, PANEL_W = 176, 80           # the players' panels, one above the other
MAP = (0, 40, 176, 184)              # the city's ground (the data's area is inside it)
MAP_DY = 6                           # the city is drawn this much below its data's ``at``: room for
                                     # the top row's towers under the market strip
FLOOR_W, FLOOR_H = 12, 4             # one floor of a tower
LINE_H = 11                          # a line of the text box (the 12-pixel font)
SMALL_H = 9                          # a line of the small font
BOX_H = 38                           # the text box: three lines beside the speaker's small face
BOX_LOW = 224 - BOX_H                # where it sits when the action is in the city's top half
BOX_HIGH = 40                        # ... and when it is in the bottom half

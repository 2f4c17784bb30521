"""Where Tower Up's table parts sit on the 256x224 frame (RULES-towerup.md section 7).

The left 176 columns: the market strip on top, the city under it, the text box under the city
(a prompt's window takes the text box's place); the right 80 columns: the players' panels. The
city's ground is the board area the shell's table keeps clear: no text box, banner, REPLAY line
or window is ever drawn over it (cities.yaml's ``area`` holds every site inside it)."""
from __future__ import annotations

STRIP = (0, 0, 176, 40)              # the market's three cards, the deck, the supply
CARD_W, CARD_H = 40, 27
CARD_X = (3, 45, 87)                 # each market card's left edge
CARD_Y = 3
SUPPLY_X = 130                       # the supply's 2x2 block
PANEL_X, PANEL_W = 176, 80           # the players' panels, one above the other
MAP = (0, 40, 176, 128)              # the city's ground: the board area (the data's area is inside it)
LOTS = (10, 52, 166, 156)            # where a site's lot may stand (x0, y0, x1, y1; cities.yaml's area):
                                     # its outline and its Select label inside MAP, towers room to rise
FLOOR_W, FLOOR_H = 12, 4             # one floor of a tower
LINE_H = 11                          # a line of the text box (the 12-pixel font)
SMALL_H = 8                          # a line of the small font in the text box and a prompt's window
BOX = (0, MAP[1] + MAP[3], 176, 224 - MAP[1] - MAP[3])   # the text box under the city: four lines beside
                                     # the speaker's small face; a prompt's window in its place
OBJECTIVES_WINDOW = (PANEL_X, 0, PANEL_W, 224)   # the game's three objectives at the start, over the
                                                 # panels (everyone's are the same then)
PANEL_WINDOW = OBJECTIVES_WINDOW     # L/R: one player's details, over the panels (never the city, nor
                                     # the text box and what it tells)
JUMP = BOX                           # watching a record: the jump window, in the text box's place
# The speedrun overlays (Options: Timer, Input display; issue 36), where they cover nothing a player
# needs: the timer at the end of the deck line under the cards (the line's words then briefer), the
# pads a column in a gutter at the right of the text box (the text box and the prompts' windows
# narrower by it while the input display is on: their words go on over pages, none lost).
TIMER_AT = (STRIP[2] - 50, 31, "right")          # (126, 31): right-aligned before the supply
GUTTER = 30                                      # four pads of 28 px and a margin
PADS_AT = (BOX[2] - 1, BOX[1] + 2, "column")     # (175, 170): 4 pads, 12 px a row, inside the box's height
BOX_NARROW = (BOX[0], BOX[1], BOX[2] - GUTTER, BOX[3])

"""CAT TOWER on the shell's set-up (``scenes/setup.py``): its data (``SETUP``: the seats offered,
what is remembered, its help lines, the characters' ways of playing) and its preview at Start,
the six goods of the die's faces. The options' words and help lines are in ``GAME.options``."""
from __future__ import annotations

from ....frontend.constants import GOLD, WHITE
from ....frontend.scenes.setup import SetupScreen
from ....frontend.text import tr
from ....frontend.widgets import fit
from ....platform.roster import CHARACTER_IDS
from . import sheetview as sv
from .prompts import good_word

PLAYS = {
    "kenta": "Grabs the die with the best face.",
    "yuka": "Fights for the most felt in each tower.",
    "joji": "Races to complete towers first.",
    "marimo": "Builds one big group of mice.",
    "tamasaburo": "Happy to stand second in the felt.",
    "hikozaemon": "Hoards footprints.",
    "hazumi": "Sets up dishes among empty cells.",
    "cosmic-will": "Draws houses early, all in.",
    "yuderu": "Cuts in to complete a tower a rival is close to.",
}


def preview(scene, m, surface, row: str, y: int) -> int:
    """The goods, each with its die face (the shell lists the seats under them)."""
    font = m.font
    font.draw(surface, tr("Goods (die face):"), 154, y, GOLD, "small")
    for g in range(1, 7):
        gy = y + 1 + g * 9
        sv.icon(surface, g, 156, gy + 1)
        font.draw(surface, fit(font, f"{g} {good_word(g)}", 84), 166, gy, WHITE, "small")
    return y + 70


SETUP = SetupScreen(
    title="SET UP CAT TOWER", seat_kinds=tuple(CHARACTER_IDS) + ("random",), human_takes_place=True,
    remember=("options", "level", "profile"),
    helps={"level": "How well the characters play: easy, normal or hard.",
           "start": "Each player drafts a die, then everyone draws at once on his own pad.",
           "few": "CAT TOWER is for 2 to 4 players (C1.1)."},
    style_title="CAT TOWER style:", style=PLAYS.__getitem__, preview=preview, preview_rows=("start",),
    # the speedrun overlays on the skyline under the rows' window: never over a window, the title
    # or the keys' line (issue 36)
    overlay_at=(4, 152, "left"), timer_at=(4, 164, "left"))

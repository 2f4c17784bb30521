"""Towers on the shell's set-up (``scenes/setup.py``): its data (``SETUP``: the seats offered, what
is remembered, its help lines) and its preview, the empty board at the size chosen. The options'
words and help lines are in ``GAME.options``."""
from __future__ import annotations

from pathlib import Path

from ....frontend.scenes.setup import SetupScreen, plays_in
from ....platform.roster import CHARACTER_IDS
from . import boardview as bv


def plays() -> dict[str, str]:
    """Each character's way of playing Towers (``styles.yaml``: ``plays``)."""
    return plays_in(Path(__file__).resolve().parents[1] / "styles.yaml")


def preview(scene, m, surface, row: str, y: int) -> int:
    """The empty board at the chosen size (the shell lists the seats under it)."""
    n = scene.options["size"]
    cell = min(10, 88 // n)
    pic = bv.board_picture(m.font, n, cell, [-1] * (n * n), [0] * (n * n), [-1] * (n * n), (0, 1, 2, 3))
    surface.blit(pic, (200 - cell * n // 2, y))
    return y + cell * n + 4


SETUP = SetupScreen(
    title="SET UP TOWERS", seat_kinds=tuple(CHARACTER_IDS) + ("random",), human_takes_place=True,
    remember=("options", "level", "profile", "seats"),
    helps={"level": "How well the characters play: easy, normal or hard.", "start": ""},
    style_title="Towers style:", style=lambda cid: plays().get(cid, ""),
    preview=preview, preview_rows=("size", "start"), lineup_rows=("size", "start"),
    # the timer and pads (options): under the rows, over the skyline, clear of the title, both
    # windows' words and the keys' line (a refusal to start goes under the rows, above them)
    message_under_rows=True, overlay_at=(6, 201, "left"))

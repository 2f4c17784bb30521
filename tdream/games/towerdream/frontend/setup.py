"""Tower Dream on the shell's set-up (``scenes/setup.py``): its data (``SETUP``: the board row
first, the seats offered, what is remembered) and its preview, the board chosen (its picture,
size, luck and description) beside every row but the seats. The house rules' words are in
``GAME.options`` (RULES.md section 10)."""
from __future__ import annotations

from types import SimpleNamespace

from ....frontend.constants import GOLD, INFO, WHITE
from ....frontend.scenes.setup import SetupScreen
from ....frontend.text import tr
from ..ai import CHARACTER_IDS, roster
from ..rules.game import VACANT
from .. import GAME
from .boardview import BoardView


def board_name(board_id: str) -> str:
    return tr(GAME.board(board_id).name)


def preview(scene, m, surface, row: str, y: int) -> int:
    """The board chosen: its picture, name, size and luck, and its description (scrolling, a line
    every 1.5 s, when too long for the panel)."""
    font, board_id = m.font, scene.options["board"]
    got = scene._cache.get(board_id)
    if got is None:
        board = GAME.board(board_id)
        got = scene._cache[board_id] = (board, BoardView(m.art, m.font, board, GAME.ruleset()))
    board, view = got
    n = board.land_count                        # the board empty: no owner, Floor, Company or player on it
    blank = SimpleNamespace(owner=[VACANT] * n, floors=[0] * n, company=[-1] * n, mark=[], pos=[], jackpot=1)
    view.draw_overview(surface, (150, y - 4, 100, 70), blank, m.frame)
    y += 68
    for line in font.wrap(board_name(board_id), 96, "small"):
        font.draw(surface, line, 200, y, GOLD, "small", align="centre")
        y += 9
    size = " + ".join(f"{len(lv[0])}x{len(lv)}" for lv in board.levels)
    font.draw(surface, tr("{size}, {k} space(s)", size=size, k=board.road_length), 200, y, WHITE, "small",
              align="centre")
    font.draw(surface, tr("Luck: {luck}", luck=tr(board.luck)), 200, y + 9, WHITE, "small", align="centre")
    lines = font.wrap(tr(board.description), 96, "small")
    room = (204 - (y + 21)) // 9
    first = 0
    if len(lines) > room:
        first = min(len(lines) - room, max(0, (m.frame // 90) % (len(lines) - room + 3) - 1))
    for i, line in enumerate(lines[first:first + room]):
        font.draw(surface, line, 152, y + 21 + i * 9, INFO, "small")
    return 204


SETUP = SetupScreen(
    title="SET UP THE GAME", rows=("board", "seats", "level", "options", "talk", "start"),
    seat_kinds=tuple(CHARACTER_IDS) + ("random",), human_takes_place=True, remember=("board", "profile"),
    seats_in_options=False, helps={"level": "", "talk": "", "start": "", "board": "", "options": "",
                                   "few": "Two seats at least."},
    value_words={"board": board_name}, style=lambda cid: roster()[cid].strategy,
    preview=preview, preview_rows=("board", "level", "options", "talk", "start"), lineup_rows=(),
    # the speedrun overlays (issue 36): the timer at the top right, beside the header; the pads in
    # a row under the rows' window, over neither the rows, the message nor the keys' line
    overlay_at=(4, 187, "left"), timer_at=(254, 5, "right"))

"""Tower Dream's own commands of the command line (FORMATS.md section 1), added by
``TowerDream.program.commands``: ``tdream board list`` (the boards) and ``tdream board show ID``
(a board's map and every Road space with its Line: the global numbering scenarios use, ``at:``)."""
from __future__ import annotations

import sys

from .data import load_board


def add_commands(game, sub) -> None:
    """``board list|show`` on the command line's sub-parsers ``sub``."""
    board = sub.add_parser("board", help="Tower Dream's boards")
    board.set_defaults(run=lambda args: show_boards(game, args))
    bsub = board.add_subparsers(dest="action", metavar="ACTION", parser_class=type(board))
    bsub.add_parser("list", help="the boards")
    show = bsub.add_parser("show", help="a board's Lands and Road, with every Line")
    show.add_argument("board", help="a board's id (tdream board list) or a board file")


def show_boards(game, args, out=None) -> int:
    """``board list`` (also ``board`` alone), or ``board show ID`` (an id or a board file: the
    loader's errors, file and line, are one line each and exit 2)."""
    out = out or sys.stdout
    if args.action == "list" or args.action is None:
        for b in game.board_ids():
            board = game.board(b)
            print(f"{b:14} {board.name:26} {board.land_count:4} Lands {board.road_length:3} Road spaces  "
                  f"luck {board.luck}", file=out)
        return 0
    board = load_board(args.board, game.ruleset())
    print(f"{board.id}: {board.name} ({board.land_count} Lands, {board.road_length} Road spaces, luck {board.luck})",
          file=out)
    for li, rows in enumerate(board.levels):
        print(f"level {li}:" if len(board.levels) > 1 else "map:", file=out)
        first = board.first_rows[li]
        print("     " + " ".join("abcdefghijklmnopqrstuvwxyz"[c] for c in range(len(rows[0]))), file=out)
        for r, row in enumerate(rows):
            print(f"{first + r + 1:4} " + " ".join(row), file=out)
    print("road:", file=out)
    for s in board.spaces:
        if s.kind == "line":
            print(f"{s.index:4}  {s.axis:10} Line: {' '.join(board.land_names[x] for x in s.line)}", file=out)
        else:
            print(f"{s.index:4}  {s.kind}", file=out)
    return 0

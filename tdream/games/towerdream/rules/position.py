"""A position to start a game at (scenarios, practice), read and checked: ``Game.from_position``
sets the game up from it. Pure: the data in, the position or every problem out."""
from __future__ import annotations

from typing import NamedTuple

from ....platform.protocol import PositionError
from .board import VACANT, Board
from .ruleset import Ruleset


class Position(NamedTuple):
    cash: list[int]
    pos: list[int]
    owner: list[int]
    floors: list[int]
    company: list[int]
    mark: list[int]


def read_position(ruleset: Ruleset, board: Board, seats: list[dict], starting_cash: int,
                  lands: dict, companies: dict) -> Position:
    """The position of ``seats`` ([{name, cash, at}], in turn order), ``lands`` ({land: (owner
    seat|BANK, floors)}) and ``companies`` ({company id: mark land}). Raises PositionError naming
    every impossible part of it by its key path."""
    problems: list[tuple[tuple, str]] = []
    road = len(board.spaces)
    cash = [s.get("cash", starting_cash) for s in seats]
    pos = [s.get("at", 0) for s in seats]
    for i in range(len(seats)):
        if not 0 <= pos[i] < road:
            problems.append((("players", i, "at"), f"no Road space {pos[i]} on {board.id} (0-{road - 1})"))
        if cash[i] < 0:
            problems.append((("players", i, "cash"), f"negative cash {cash[i]}"))
    n = board.land_count
    land_index = {name: i for i, name in enumerate(board.land_names)}
    ids = [c.id for c in ruleset.companies]
    owner, floors, company, mark = [VACANT] * n, [0] * n, [-1] * n, [-1] * len(ids)
    for name, (own, fl) in lands.items():
        li = land_index.get(name)
        if li is None:
            problems.append((("lands", name), f"no Land {name} on {board.id}"))
            continue
        owner[li] = own
        floors[li] = fl
    marks: dict[int, int] = {}        # the mark's Land -> its Company
    for cid, at in companies.items():
        if cid not in ids:
            problems.append((("companies", cid), f"no such Company (known: {', '.join(ids)})"))
            continue
        mi = land_index.get(at)
        if mi is None:
            problems.append((("companies", cid, "mark"), f"no Land {at} on {board.id}"))
        elif owner[mi] == VACANT:
            problems.append((("companies", cid, "mark"), f"{at} holds no Landmark"))
        elif mi in marks:
            problems.append((("companies", cid, "mark"), f"{at} already holds the mark of {ids[marks[mi]]}"))
        else:
            marks[mi] = ids.index(cid)
    for grp in _groups(board, owner):         # groups of Landmarks, and which Company each is
        in_group = [m for m in grp if m in marks]
        if len(in_group) > 1:
            problems.append((("companies",), "two Building Marks in one group: "
                             + ", ".join(f"{ids[marks[m]]} ({board.land_names[m]})" for m in in_group)))
        elif in_group:
            ci = marks[in_group[0]]
            if len(grp) < 2:
                problems.append((("companies", ids[ci]), "its group is one Landmark; a Company has 2 or more (R7.2)"))
                continue
            mark[ci] = in_group[0]
            for li in grp:
                company[li] = ci
    for li in range(n):
        if floors[li] and company[li] < 0:
            what = "vacant" if owner[li] == VACANT else "loose"
            problems.append((("lands", board.land_names[li]), f"Floors on a {what} Land"))
    if problems:
        raise PositionError(problems)
    return Position(cash, pos, owner, floors, company, mark)


def _groups(board: Board, owner: list[int]) -> list[list[int]]:
    """The connected groups of Landmarks, each from its first Land in board order."""
    seen = [False] * len(owner)
    out = []
    for start in range(len(owner)):
        if owner[start] == VACANT or seen[start]:
            continue
        seen[start] = True
        stack, grp = [start], []
        while stack:
            x = stack.pop()
            grp.append(x)
            for n in board.adjacent[x]:
                if not seen[n] and owner[n] != VACANT:
                    seen[n] = True
                    stack.append(n)
        out.append(grp)
    return out

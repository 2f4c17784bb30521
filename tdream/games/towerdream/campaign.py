"""The Campaign's stages (``data/campaign.yaml``): a board, a grade and rivals of that grade each.
Read above the data and the characters (it checks both), so that the data never imports the AI."""
from __future__ import annotations

from pathlib import Path

from .ai.roster import roster
from .data.loader import DATA_DIR, board_ids
from ...errors import DataError
from ...yamlio import check_header, read_checked, short


def load_campaign(path: Path | str | None = None) -> tuple[tuple[str, str, tuple[str, ...]], ...]:
    """The Campaign's stages (board, grade, rivals) from ``campaign.yaml``. Raises DataError."""
    path = Path(path) if path else DATA_DIR / "campaign.yaml"
    data, pr, sc = read_checked(path, DataError)
    stages = []
    if check_header(data, pr, "tdream-campaign") and sc.mapping(data, "", ("format", "version", "stages")) \
            and sc.sequence(data, "stages", "stages"):
        boards = board_ids()
        people = roster()
        for i, st in enumerate(data["stages"]):
            sp = f"stages.{i}"
            if not sc.mapping(st, sp, ("board", "grade", "rivals"), (), data["stages"], i):
                continue
            if sc.string(st, "board", f"{sp}.board") and st["board"] not in boards:
                pr.at(st, "board", f"{sp}.board", f"{short(st['board'])}: no such board")
            sc.string(st, "grade", f"{sp}.grade", choices=("A", "B", "C", "D"))
            if not sc.sequence(st, "rivals", f"{sp}.rivals") or not 1 <= len(st["rivals"]) <= 3:
                pr.at(st, "rivals", f"{sp}.rivals", "one to three characters")
                continue
            for k, r in enumerate(st["rivals"]):
                if r not in people:
                    pr.at(st["rivals"], k, f"{sp}.rivals.{k}", f"{short(r)}: not a character of the roster")
                elif people[r].grade != st["grade"]:
                    pr.at(st["rivals"], k, f"{sp}.rivals.{k}", f"{r} is grade {people[r].grade}, not {st['grade']}")
            stages.append((st["board"], st["grade"], tuple(st["rivals"])))
    pr.raise_if_any()
    return tuple(stages)

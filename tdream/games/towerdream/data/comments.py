"""Tower Dream's comment files (issue 4, PRESENTATION.md): ``comments/slots.yaml`` is the fixed
list of slots, the same for every speaker; each speaker (the nine characters and the two hosts)
has a file with lines (English, Japanese) for every slot."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ....errors import DataError
from ....platform.comments import Line, read_lines
from ....platform.roster import CHARACTER_IDS
from ....yamlio import Problems, Schema, check_header, read_checked, read_yaml, short

COMMENTS_DIR = Path(__file__).resolve().parent / "comments"
HOSTS = ("taxi-driver", "old-man")
SPEAKERS = CHARACTER_IDS + HOSTS


def load_slots(folder: Path | None = None) -> tuple[str, ...]:
    path = (folder or COMMENTS_DIR) / "slots.yaml"
    data, pr, sc = read_checked(path, DataError)
    if check_header(data, pr, "tdream-comment-slots") and sc.mapping(data, "", ("format", "version", "slots")) \
            and sc.mapping(
            data["slots"], "slots", (), tuple(data["slots"]) if isinstance(data["slots"], dict) else (), data, "slots"):
        for k in data["slots"]:
            if not isinstance(k, str) or not k.replace("_", "").isalnum() or not k.islower():
                pr.at(data["slots"], k, f"slots.{k}", "a slot id is lower-case letters, digits and '_'")
    pr.raise_if_any()
    return tuple(data["slots"])


def load_comments(folder: Path | None = None) -> dict[str, dict[str, tuple[Line, ...]]]:
    """Every speaker's lines by slot. Raises DataError naming every missing slot, bad line or file."""
    folder = folder or COMMENTS_DIR
    slots = load_slots(folder)
    out: dict[str, dict[str, tuple[Line, ...]]] = {}
    problems: list[str] = []
    for speaker in SPEAKERS:
        path = folder / f"{speaker}.yaml"
        pr = Problems(str(path), DataError)
        if not path.exists():
            problems.append(f"{path}:0: missing: every speaker ({', '.join(SPEAKERS)}) has a comments file")
            continue
        try:
            data = read_yaml(path, DataError)
        except DataError as e:
            problems.extend(e.problems)
            continue
        sc = Schema(pr)
        if check_header(data, pr, "tdream-comments") and sc.mapping(data, "", ("format", "version", "speaker", "lines")):
            if data["speaker"] != speaker:
                pr.at(data, "speaker", "speaker", f"{short(data['speaker'])}: this file is {speaker!r}'s")
            lines = data["lines"]
            if sc.mapping(lines, "lines", (), slots, data, "lines"):
                table: dict[str, tuple[Line, ...]] = {}
                for slot in slots:
                    if slot not in lines:
                        pr.at(lines, None, f"lines.{slot}", "missing (every speaker has a line for every slot)")
                        continue
                    got = read_lines(lines, slot, f"lines.{slot}", sc, ja_needed=False)
                    if got is not None:
                        table[slot] = got
                out[speaker] = table
        problems.extend(pr.items)
    if problems:
        raise DataError(problems)
    return out


@lru_cache(maxsize=2)
def comments() -> dict[str, dict[str, tuple[Line, ...]]]:
    return load_comments()


@lru_cache(maxsize=2)
def slots() -> tuple[str, ...]:
    return load_slots()


__all__ = ["COMMENTS_DIR", "HOSTS", "SPEAKERS", "load_slots", "load_comments", "comments", "slots"]

"""The characters' comments on any game: one data file per game, validated on load.

A game's comments file (``tdream/games/<id>/comments.yaml``)::

    format: tdream-game-comments
    version: 1
    game: towers
    slots:                          # the game's moments, the same for every character
      first_tower: "a player places his first tower"
      ...
    lines:
      joji:                         # every character of the roster, every slot, English and Japanese
        first_tower:
          - {en: "Up we go.", ja: "のぼるぞ。"}
        ...

``load_game_comments(path, game_id)`` returns {character: {slot: (Line, ...)}} or raises DataError
naming file, line and problem (a missing character or slot, an empty line, a Japanese line
missing). ``commentary.py``'s ``Commentator`` voices a game's moments with these lines.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from ..errors import DataError
from ..yamlio import Schema, read_checked, short
from .roster import CHARACTER_IDS

TALK = {"never": 0.0, "rarely": 0.15, "sometimes": 0.35, "often": 0.6, "always": 1.0}
FORMAT = "tdream-game-comments"


@dataclass(frozen=True)
class Line:
    en: str
    ja: str


class Comment(NamedTuple):
    speaker: str        # a character id (or a host id)
    slot: str
    about: int          # the seat whose moment it is (-1: nobody in particular)
    en: str
    ja: str

    def text(self, language: str = "en") -> str:
        return self.ja if language == "ja" and self.ja else self.en


def load_game_comments(path: Path | str, game_id: str, speakers: tuple[str, ...] | None = None,
                       min_slots: int = 12) -> tuple[tuple[str, ...], dict[str, dict[str, tuple[Line, ...]]]]:
    """(slots, {speaker: {slot: lines}}) of a game's comments file; raises DataError."""
    speakers = speakers or CHARACTER_IDS
    path = Path(path)
    data, pr, sc = read_checked(path, DataError)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        pr.at(data, "format" if isinstance(data, dict) else None, "format", f"must be {FORMAT!r}")
        pr.raise_if_any()
    if data.get("version") != 1:
        pr.at(data, "version", "version", f"{short(data.get('version'))}: must be 1")
        pr.raise_if_any()
    if not sc.mapping(data, "", ("format", "version", "game", "slots", "lines")):
        pr.raise_if_any()
    if data["game"] != game_id:
        pr.at(data, "game", "game", f"{short(data['game'])}: this is {game_id!r}'s file")
    slots_node = data["slots"]
    slots: list[str] = []
    if not isinstance(slots_node, dict) or not slots_node:
        pr.at(data, "slots", "slots", "must be a mapping of slot id to what the moment is")
    else:
        for k, v in slots_node.items():
            if not isinstance(k, str) or not k.replace("_", "").isalnum() or not k.islower():
                pr.at(slots_node, k, f"slots.{k}", "a slot id is lower-case letters, digits and '_'")
            elif not isinstance(v, str) or not v.strip():
                pr.at(slots_node, k, f"slots.{k}", "say what the moment is, as text")
            else:
                slots.append(k)
        if len(slots_node) < min_slots:
            pr.at(data, "slots", "slots", f"{len(slots_node)} slots; a game has at least {min_slots}")
    out: dict[str, dict[str, tuple[Line, ...]]] = {}
    lines_node = data["lines"]
    if sc.mapping(lines_node, "lines", speakers, (), data, "lines"):
        for who in speakers:
            node = lines_node[who]
            wp = f"lines.{who}"
            if not sc.mapping(node, wp, tuple(slots), (), lines_node, who):
                continue
            table: dict[str, tuple[Line, ...]] = {}
            for slot in slots:
                got = read_lines(node, slot, f"{wp}.{slot}", sc)
                if got is not None:
                    table[slot] = got
            out[who] = table
    pr.raise_if_any()
    return tuple(slots), out


def read_lines(node, slot: str, path: str, sc: Schema, ja_needed: bool = True) -> tuple[Line, ...] | None:
    """The lines of ``node[slot]``, a list of one or more ``{en, ja}``; None (and a problem in
    ``sc``'s) when it is not one. ``ja_needed`` False: a line may leave its Japanese out."""
    pr = sc.p
    items = node[slot]
    if not isinstance(items, list) or not items:
        pr.at(node, slot, path, "must be a list of one or more {en, ja} lines")
        return None
    required, optional = (("en", "ja"), ()) if ja_needed else (("en",), ("ja",))
    got = []
    for i, item in enumerate(items):
        ip = f"{path}.{i}"
        if sc.mapping(item, ip, required, optional, items, i) and sc.string(item, "en", f"{ip}.en") \
                and ("ja" not in item or sc.string(item, "ja", f"{ip}.ja")):
            empty = "en" if not item["en"].strip() else "ja" if ja_needed and not item["ja"].strip() else None
            if empty is not None:
                pr.at(item, empty, f"{ip}.{empty}", "empty")
            else:
                got.append(Line(item["en"], item.get("ja", "")))
    return tuple(got)


__all__ = ["TALK", "Line", "Comment", "load_game_comments", "read_lines"]

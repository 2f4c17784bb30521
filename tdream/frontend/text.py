"""Words on screen in English or Japanese (PRESENTATION.md; the ``language`` setting).

``tr(template, **values)`` gives the template in the current language, filled in with
``str.format``. The English template is the key: Japanese templates live in
``assets/text/ja.yaml`` (``"English {name}": "日本語 {name}"``: the shell's) and in each game's
own ``tdream/games/<id>/frontend/ja.yaml`` (its screens and its data texts: cards, boards, ...). Each game's file is its own namespace: a
``tr`` called from a module of ``tdream.games.<id>`` looks in that game's file first, then in the
shared one, so two games may say one English word two ways ("Plays:"). Called from the shell (a
menu item, a label a game hands over), ``tr`` looks in the shared file, then in the games' files
in registry order; ``tr_in(game, template)`` says a game's own words the shell draws for it (a
status page's title) as that game's modules would. A template with no Japanese stays English. The language is the
machine's setting, set once a frame (``set_language``); it changes how long text takes to type,
so movies name it in their header.
"""
from __future__ import annotations

import importlib
import inspect
import re
import string
import sys
from pathlib import Path

from ..datadirs import assets_root
from ..errors import DataError
from ..platform import registry
from ..platform.roster import characters
from ..yamlio import Problems, read_yaml

JA_FILE = assets_root() / "text" / "ja.yaml"
_LANG = ["en"]
_JA: dict[str, str] = {}


def set_language(language: str) -> None:
    _LANG[0] = language


def language() -> str:
    return _LANG[0]


def fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


def load_ja(path: Path = JA_FILE) -> dict[str, str]:
    """The Japanese templates, checked: text to text, the same {fields} on both sides."""
    data = read_yaml(path, DataError)
    probs = Problems(str(path), DataError)
    if not isinstance(data, dict) or data.get("format") != "tdream-text" or data.get("version") != 1:
        probs.add(1, "", "not a tdream-text file (format: tdream-text, version: 1)")
        raise DataError(probs.items)
    texts = data.get("texts")
    if not isinstance(texts, dict):
        probs.at(data, "texts", "texts", "a mapping of English templates to Japanese ones")
        raise DataError(probs.items)
    for en, ja in texts.items():
        if not isinstance(en, str) or not isinstance(ja, str) or not ja:
            probs.at(texts, en, f"texts.{en!r}"[:60], "both sides must be text")
            continue
        try:
            if fields(en) != fields(ja):
                probs.at(texts, en, f"texts.{en!r}"[:60], f"fields {sorted(fields(ja))} differ from {sorted(fields(en))}")
        except ValueError as e:
            probs.at(texts, en, f"texts.{en!r}"[:60], f"bad template: {e}")
    if probs.items:
        raise DataError(probs.items)
    return dict(texts)


# English plurals: "word(s)" is "word" after a count of 1, else "words". The count is the template's
# field it follows ("{k} Floor(s)", "< {k} > Floor(s)", "{k} open site(s)", "{k} pt(s)") or a
# number written in the template ("1 Floor(s)"), never a digit in another field's value (the
# "1" of "Player 1").
_COUNTED = re.compile(r"\{(\w+)[^{}]*\}((?:[ <>]+[\w'-]+){1,3})\(s\)")
_NUMBERED = re.compile(r"(?<![\w.,{}])([+-]?\d[\d,]*)((?: [\w'-]+){1,3})\(s\)")


def _one(value) -> bool:
    return str(value).strip().lstrip("+-") == "1"


def plurals(template: str, values: dict) -> str:
    """``template`` with every "(s)" settled by its count (above), before it is filled in."""
    template = _COUNTED.sub(lambda m: m.group(0)[:-3] + ("" if _one(values.get(m.group(1))) else "s"), template)
    template = _NUMBERED.sub(lambda m: m.group(0)[:-3] + ("" if _one(m.group(1)) else "s"), template)
    return template.replace("(s)", "s")


def ja_files() -> list[Path]:
    """The shared Japanese texts, then every registered game's own (``frontend/ja.yaml``)."""
    out = [JA_FILE] if JA_FILE.exists() else []
    for gid in registry.ids():
        folder = Path(inspect.getfile(importlib.import_module(registry.GAMES[gid]))).parent
        if (folder / "frontend" / "ja.yaml").exists():
            out.append(folder / "frontend" / "ja.yaml")
    return out


def load_all_ja() -> dict[str, str]:
    """Every file's templates, merged: the shared file's first, then each game's in registry order
    (what the shell's own ``tr`` calls see)."""
    merged: dict[str, str] = {}
    for path in ja_files():
        for en, ja in load_ja(path).items():
            merged.setdefault(en, ja)
    return merged


def load_game_ja() -> dict[str, dict[str, str]]:
    """Each registered game's own templates (its ``frontend/ja.yaml``), by game id."""
    out: dict[str, dict[str, str]] = {}
    for gid in registry.ids():
        path = Path(inspect.getfile(importlib.import_module(registry.GAMES[gid]))).parent / "frontend" / "ja.yaml"
        out[gid] = load_ja(path) if path.exists() else {}
    return out


_BY_GAME: dict[str, dict[str, str]] = {}
_SEAT = re.compile(r"^(.+?) (\d+)$")


def shown_name(name: str, human: bool | None = None) -> str:
    """A seat's name as the screen says it in its language: a character's name and "Player k"
    in Japanese letters in Japanese ("Kenta 2": the second Kenta at the table); a profile's name
    as its player typed it (``human``: the seat is a person's, so only "Player k" is his seat's
    word, a profile named "Hikozaemon" is his own name). Records and the match keep the names."""
    if _LANG[0] != "ja":
        return name
    if human and not name.startswith("Player "):
        return name
    known = {c.name for c in characters().values()} | {"Random", "CPU"}
    base, k = name, ""
    numbered = _SEAT.match(name)
    if numbered and (numbered.group(1) in known or numbered.group(1) == "Player"):
        base, k = numbered.groups()
    if base == "Player" and k:
        return tr("Player {k}", k=k)
    if base in known:
        return tr(base) + k
    return name


def tr(template: str, **values) -> str:
    if _LANG[0] == "ja":
        caller = sys._getframe(1).f_globals.get("__name__", "")
        template = _japanese(template, caller.split(".")[2] if caller.startswith("tdream.games.") else None)
    if "(s)" in template:
        template = plurals(template, values)
    return template.format(**values) if values else template


def tr_in(game_id: str, template: str, **values) -> str:
    """``tr`` as a module of the game ``game_id`` calls it: its own words first (the shell's
    set-up saying a game's option words and help lines)."""
    if _LANG[0] == "ja":
        template = _japanese(template, game_id)
    if "(s)" in template:
        template = plurals(template, values)
    return template.format(**values) if values else template


def _japanese(template: str, game_id: str | None) -> str:
    if not _JA:
        _BY_GAME.update(load_game_ja())
        _JA.update(load_all_ja())
    own = _BY_GAME.get(game_id) if game_id else None
    return (own.get(template) if own else None) or _JA.get(template, template)

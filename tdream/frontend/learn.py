"""What a game gives a player to learn it at the table, as data: its How-to-play pages and the
text of its rules, each in English and Japanese (issue 36).

A game's front-end folder holds both files (``GameFrontend.howto()`` and ``rule_texts()`` read
them; the shell's scenes in ``scenes/learn.py`` show them):

``howto.yaml``, a few illustrated pages::

    format: tdream-howto
    version: 1
    pages:
      - title: {en: "What you play for", ja: "..."}
        picture: goal            # optional: drawn by the game (GameFrontend.draw_howto; the steps of
                                 # each in howto-pictures.yaml, frontend/howto_paint.py)
        text: {en: "...", ja: "..."}
        rules: [T1.1, T3.3]      # optional: the rules the page sums up (A on the page shows them)

``rules.yaml``, every rule of the game's RULES file by its ID, its English the file's own words
(a test holds them to the file)::

    format: tdream-rules
    version: 1
    source: docs/RULES-towers.md
    rules:
      T1.1: {en: "Two players on an 8x8 square grid.", ja: "..."}

Each is validated on load (file, line and problem; a DataError).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..errors import DataError
from ..yamlio import Problems, Schema, read_yaml, type_name

RULE_ID = re.compile(r"\b([A-Z]{1,3}\d+\.\d+[a-z]?)\b")
LANGUAGES = ("en", "ja")


@dataclass(frozen=True)
class Page:
    title: dict                  # language -> text
    text: dict
    picture: str = ""
    rules: tuple[str, ...] = ()


def _both(schema, probs, node, key, path: str) -> dict:
    """A text in both languages: {en: ..., ja: ...}, each non-empty."""
    value = node[key]
    if not isinstance(value, dict):
        probs.at(node, key, path, f"must be a mapping of en and ja texts, not {type_name(value)}")
        return {}
    if not schema.mapping(value, path, required=LANGUAGES, parent=node, key=key):
        return {}
    out = {}
    for lang in LANGUAGES:
        if schema.string(value, lang, f"{path}.{lang}"):
            if not value[lang].strip():
                probs.at(value, lang, f"{path}.{lang}", "is empty")
            out[lang] = tidy(value[lang])
    return out


def tidy(text: str) -> str:
    """A text as written in YAML, as shown: its paragraphs (split by a blank line) each one line,
    its lines joined by a space, or by nothing between two Japanese characters."""
    paras = []
    for para in re.split(r"\n\s*\n", text.strip()):
        out = ""
        for line in (ln.strip() for ln in para.splitlines()):
            if not line:
                continue
            if out and not (ord(out[-1]) >= 0x2E80 and ord(line[0]) >= 0x2E80):
                out += " "
            out += line
        out = " ".join(out.split())
        paras.append(_WIDE_GAP.sub("", out))     # a folded (>-) line break between two Japanese characters
    return "\n".join(p for p in paras if p)


_WIDE_GAP = re.compile(r"(?<=[\u2e80-\uffef]) (?=[\u2e80-\uffef])")


def load_howto(path: Path | str) -> list[Page]:
    """A game's How-to-play pages. Raises DataError naming the file, line and problem."""
    data = read_yaml(path, DataError)
    probs = Problems(str(path), DataError)
    schema = Schema(probs)
    if not schema.mapping(data, "", required=("format", "version", "pages")):
        probs.raise_if_any()
    if data.get("format") != "tdream-howto":
        probs.at(data, "format", "format", f"{data.get('format')!r} is not tdream-howto")
    if data.get("version") != 1:
        probs.at(data, "version", "version", f"{data.get('version')!r} is not a version this program reads (1)")
    pages: list[Page] = []
    if schema.sequence(data, "pages", "pages"):
        if not data["pages"]:
            probs.at(data, "pages", "pages", "has no page")
        for i, node in enumerate(data["pages"]):
            path_i = f"pages[{i}]"
            if not schema.mapping(node, path_i, required=("title", "text"), optional=("picture", "rules"),
                                  parent=data["pages"], key=i):
                continue
            title = _both(schema, probs, node, "title", f"{path_i}.title")
            text = _both(schema, probs, node, "text", f"{path_i}.text")
            picture = ""
            if "picture" in node and schema.string(node, "picture", f"{path_i}.picture", slug=True):
                picture = node["picture"]
            rules: tuple[str, ...] = ()
            if "rules" in node and schema.sequence(node, "rules", f"{path_i}.rules"):
                bad = [r for r in node["rules"] if not isinstance(r, str) or not RULE_ID.fullmatch(r)]
                if bad:
                    probs.at(node, "rules", f"{path_i}.rules", f"{bad[0]!r} is not a rule ID (T3.3, CG2.1, ...)")
                rules = tuple(r for r in node["rules"] if isinstance(r, str))
            pages.append(Page(title, text, picture, rules))
    probs.raise_if_any()
    return pages


def load_rules(path: Path | str) -> dict[str, dict]:
    """A game's rules by ID, in the file's order: {ID: {en: text, ja: text}}. Raises DataError."""
    data = read_yaml(path, DataError)
    probs = Problems(str(path), DataError)
    schema = Schema(probs)
    if not schema.mapping(data, "", required=("format", "version", "source", "rules")):
        probs.raise_if_any()
    if data.get("format") != "tdream-rules":
        probs.at(data, "format", "format", f"{data.get('format')!r} is not tdream-rules")
    if data.get("version") != 1:
        probs.at(data, "version", "version", f"{data.get('version')!r} is not a version this program reads (1)")
    schema.string(data, "source", "source")
    out: dict[str, dict] = {}
    rules = data.get("rules")
    if not isinstance(rules, dict) or not rules:
        probs.at(data, "rules", "rules", "must be a mapping of rule IDs to their texts")
    else:
        for rid in rules:
            if not isinstance(rid, str) or not RULE_ID.fullmatch(rid):
                probs.at(rules, rid, f"rules.{rid}", "is not a rule ID (T3.3, CG2.1, ...)")
                continue
            out[rid] = _both(schema, probs, rules, rid, f"rules.{rid}")
    probs.raise_if_any()
    return out


def rule_ids_in(text: str) -> list[str]:
    """The rule IDs a text names (a refusal: "T3.3: ..."), in order, each once."""
    out: list[str] = []
    for rid in RULE_ID.findall(text or ""):
        if rid not in out:
            out.append(rid)
    return out


__all__ = ["Page", "load_howto", "load_rules", "rule_ids_in", "RULE_ID"]

"""YAML reading that keeps line numbers, refuses duplicate keys, and reports problems as
``file:line: key.path: what is wrong`` (STYLE.md rule 8)."""
from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any

import yaml

from .errors import FormatError


class LDict(dict):
    """A mapping that remembers the line of itself and of each key (1-based)."""

    line: int = 0
    key_lines: dict


class LList(list):
    line: int = 0
    item_lines: list


class _Loader(yaml.SafeLoader):
    pass


def _construct_mapping(loader: _Loader, node: yaml.MappingNode, deep: bool = False) -> LDict:
    loader.flatten_mapping(node)
    out = LDict()
    out.line = node.start_mark.line + 1
    out.key_lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        try:
            hash(key)
        except TypeError:
            raise yaml.constructor.ConstructorError(None, None, f"unhashable key {key!r}", key_node.start_mark)
        if key in out:
            raise yaml.constructor.ConstructorError(
                None, None, f"duplicate key {key!r} (first on line {out.key_lines[key]})", key_node.start_mark)
        out.key_lines[key] = key_node.start_mark.line + 1
        out[key] = loader.construct_object(value_node, deep=True)
    return out


def _construct_sequence(loader: _Loader, node: yaml.SequenceNode, deep: bool = False) -> LList:
    out = LList(loader.construct_object(child, deep=True) for child in node.value)
    out.line = node.start_mark.line + 1
    out.item_lines = [child.start_mark.line + 1 for child in node.value]
    return out


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)

# The same reader over libyaml's C parser, where PyYAML has it: the same values and lines (the
# constructors are the ones above), about six times faster (the art files alone took a tenth of a
# second pure, at every start and every movie verify). Anything it refuses is read again by the
# pure reader, so every message is worded and placed as it always was.
_FastLoader: type | None = None
if getattr(yaml, "__with_libyaml__", False):
    class _CLoader(yaml.CSafeLoader):
        pass

    _CLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
    _CLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)
    _FastLoader = _CLoader


def parse_yaml(text: str, name: str, error=FormatError):
    """Parse YAML text; a syntax error becomes ``error`` with ``name:line: what``."""
    if _FastLoader is not None:
        try:
            return yaml.load(text, Loader=_FastLoader)  # noqa: S506 - a CSafeLoader subclass
        except (yaml.YAMLError, RecursionError, ValueError, TypeError):
            pass        # the pure reader below says what is wrong, as it always has
    try:
        return yaml.load(text, Loader=_Loader)  # noqa: S506 - a SafeLoader subclass
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line = mark.line + 1 if mark else 0
        what = e.problem or str(e)
        if e.context and e.context not in what:
            what = f"{what} ({e.context})"
        raise error([f"{name}:{line}: {what}"]) from None
    except yaml.YAMLError as e:
        raise error([f"{name}:0: {e}"]) from None
    except RecursionError:
        raise error([f"{name}:0: nested too deeply"]) from None


def read_yaml(path: Path | str, error=FormatError):
    """Read and parse a YAML file (UTF-8); unreadable or binary files become ``error``."""
    return parse_yaml(read_text(path, error), str(path), error)


def read_text(path: Path | str, error=FormatError) -> str:
    """A UTF-8 text file's text; unreadable, undecodable or binary files become ``error``."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as e:
        raise error([f"{path}:0: cannot read: {e.strerror or e}"]) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line = raw[: e.start].count(b"\n") + 1
        raise error([f"{path}:{line}: not UTF-8 text"]) from None
    if "\x00" in text:
        raise error([f"{path}:{text[: text.index(chr(0))].count(chr(10)) + 1}: not a text file (NUL byte)"])
    return text


def line_of(node, key=None) -> int:
    """The line of ``node[key]`` (or of ``node``), 0 if unknown."""
    if key is not None:
        if isinstance(node, LDict) and key in node.key_lines:
            return node.key_lines[key]
        if isinstance(node, LList) and isinstance(key, int) and 0 <= key < len(node.item_lines):
            return node.item_lines[key]
    return getattr(node, "line", 0)


class Problems:
    """Collects ``file:line: key.path: what`` problems; ``raise_if_any`` raises them together."""

    def __init__(self, name: str, error=FormatError) -> None:
        self.name = name
        self.error = error
        self.items: list[str] = []

    def add(self, line: int, path: str, what: str) -> None:
        self.items.append(f"{self.name}:{line}: {path}: {what}" if path else f"{self.name}:{line}: {what}")

    def at(self, node, key, path: str, what: str) -> None:
        self.add(line_of(node, key), path, what)

    def raise_if_any(self) -> None:
        if self.items:
            raise self.error(self.items)

    def __bool__(self) -> bool:
        return bool(self.items)


def read_checked(path: Path | str, error=FormatError) -> tuple[Any, Problems, Schema]:
    """A data file to check: its parsed YAML, the ``Problems`` that name it and a ``Schema`` over
    them (``data, pr, sc = read_checked(path, DataError)``)."""
    problems = Problems(str(path), error)
    return read_yaml(path, error), problems, Schema(problems)


def check_header(data, problems: Problems, fmt: str) -> bool:
    """The ``format`` and ``version: 1`` every data file starts with; False (and a problem) if not."""
    if not isinstance(data, dict):
        problems.add(line_of(data), "", f"must be a YAML mapping with format: {fmt}, not {type_name(data)}")
        return False
    if data.get("format") != fmt:
        problems.at(data, "format", "format", f"must be {fmt!r}, not {short(data.get('format'))}")
        return False
    if data.get("version") != 1:
        v = data.get("version")
        what = "newer than this program reads (1)" if isinstance(v, int) and v > 1 else "must be 1"
        problems.at(data, "version", "version", f"{short(v)}: {what}")
        return False
    return True


def join(path: str, key) -> str:
    return f"{path}.{key}" if path else str(key)


class Schema:
    """Tiny structural checks over parsed YAML, adding to ``Problems``."""

    def __init__(self, problems: Problems) -> None:
        self.p = problems

    def mapping(self, node, path: str, required: tuple = (), optional: tuple = (), parent=None, key=None) -> bool:
        if not isinstance(node, dict):
            self.p.at(parent if parent is not None else node, key, path or "(top)",
                      f"must be a mapping, not {type_name(node)}")
            return False
        ok = True
        for k in node:
            if k not in required and k not in optional:
                allowed = ", ".join(map(str, list(required) + list(optional)))
                self.p.at(node, k, join(path, k), f"unknown key (allowed: {allowed})")
        for k in required:
            if k not in node:
                self.p.at(node, None, join(path, k), "missing")
                ok = False
        return ok

    def integer(self, node, key, path: str, lo=None, hi=None) -> bool:
        v = node[key]
        if isinstance(v, bool) or not isinstance(v, int):
            self.p.at(node, key, path, f"must be a whole number, not {type_name(v)} {short(v)}")
            return False
        if (lo is not None and v < lo) or (hi is not None and v > hi):
            rng = f"{lo}..{hi}" if hi is not None else f">= {lo}"
            self.p.at(node, key, path, f"{v} is out of range ({rng})")
            return False
        return True

    def string(self, node, key, path: str, choices=None, slug=False) -> bool:
        v = node[key]
        if not isinstance(v, str):
            self.p.at(node, key, path, f"must be text, not {type_name(v)} {short(v)}")
            return False
        if choices is not None and v not in choices:
            self.p.at(node, key, path, f"{v!r} is not one of {', '.join(map(str, choices))}")
            return False
        if slug and not is_slug(v):
            self.p.at(node, key, path, f"{v!r} is not an id (lower-case letters, digits and '-')")
            return False
        return True

    def sequence(self, node, key, path: str) -> bool:
        v = node[key]
        if not isinstance(v, list):
            self.p.at(node, key, path, f"must be a list, not {type_name(v)}")
            return False
        return True


def number(node, key, path: str, problems: Problems, lo: float, hi: float) -> float | None:
    """``node[key]`` as a float in ``lo..hi``, or None (and a problem) if it is not a number in range."""
    v = node[key]
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        problems.at(node, key, path, f"must be a number, not {type_name(v)} {short(v)}")
        return None
    if not lo <= v <= hi:
        problems.at(node, key, path, f"{v} is out of range ({lo}..{hi})")
        return None
    return float(v)


def is_slug(v) -> bool:
    return isinstance(v, str) and re.fullmatch(r"[a-z0-9][a-z0-9-]*", v) is not None


def type_name(v) -> str:
    if v is None:
        return "nothing"
    if isinstance(v, bool):
        return "true/false"
    return {int: "a number", float: "a decimal", str: "text", LDict: "a mapping", dict: "a mapping",
            LList: "a list", list: "a list"}.get(type(v), type(v).__name__)


def short(v) -> str:
    s = repr(v)
    return s if len(s) <= 40 else s[:37] + "..."


def content_hash(parts) -> str:
    """16 hex digits over named plain data (each part's canonical JSON): a data hash that changes
    only with what is hashed. ``parts``: (name, value) pairs; a game passes what changes play, its
    display-only keys (grades, where a site is drawn) left out."""
    h = hashlib.sha256()
    for name, value in parts:
        h.update(name.encode() + b"\0")
        h.update(json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode() + b"\0")
    return h.hexdigest()[:16]


def plain_yaml(path) -> object:
    """A YAML file as plain data (no line numbers): what ``content_hash`` hashes."""
    return yaml.safe_load(Path(path).read_text(encoding="utf-8"))


def check_earlier_hashes(data, pr, key: str = "earlier_hashes") -> None:
    """``earlier_hashes``, when a data file has it: a mapping of earlier 16-hex data hashes to the
    hash they play the same as (records made with them verify); a problem reported through ``pr``."""
    if not isinstance(data, dict) or key not in data:
        return
    node = data[key]
    hexes = re.compile(r"[0-9a-f]{16}")
    if not isinstance(node, dict) or not all(isinstance(k, str) and isinstance(v, str) and hexes.fullmatch(k)
                                             and hexes.fullmatch(v) for k, v in node.items()):
        pr.at(data, key, key, "a mapping of 16-hex data hashes to 16-hex data hashes")


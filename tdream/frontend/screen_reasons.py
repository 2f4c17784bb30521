r"""A game's refusals said again in the screen's language: ``Reasons``, the forms a game lists.

A match says why an answer is refused in English, its rule ID first (``X3.1: d4 holds Kenta's 5``).
The screen matches that reason against the forms the game lists and says it again from the form's
template through the game's words (``tr_in``: the same English, the Japanese from its ``ja.yaml``),
the rule ID kept in front; a field a game says its own way (a seat's name, a good, a colour) goes
through the function it gives for that field. A reason of a form not listed is shown as the
engine wrote it. A game lists its forms as data (``Reasons.of``)::

    REASONS = Reasons.of("<game id>", patterns={"square": r"\w+", "size": r"\d"}, forms=(
        "X3.1: {square} holds {who}'s {size}",         # a template: its pattern is its words and its
                                                       # fields' patterns (.+ where none is given)
        (r"XG1\.1: no square (?P<square>\S+) on the (?P<n>\d+)x\d+ board",   # a pattern of its own
         "XG1.1: no square {square} on the {n}x{n} board"),
    ), own=(...), say={"who": shown_name})             # own: said to the seat it is about, his name left out

(The forms are code, not data files: a game's package YAML is what its movies hash.)
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable, Mapping

from .text import tr_in

Form = tuple[str, str]                  # (the pattern, the template it is said from)
_FIELD = re.compile(r"\{(\w+)\}")


def pattern_of(template: str, patterns: Mapping[str, str]) -> str:
    """The pattern a template's reason has: its words as they stand, each ``{field}`` a named
    group of the field's pattern (``.+`` when it has none)."""
    out, at = [], 0
    for m in _FIELD.finditer(template):
        out.append(re.escape(template[at:m.start()]))
        out.append(f"(?P<{m.group(1)}>{patterns.get(m.group(1), '.+')})")
        at = m.end()
    return "".join(out) + re.escape(template[at:])


@dataclass(frozen=True)
class Reasons:
    """A game's forms of refusal (``forms``, and ``own``, said to the seat they are about), and
    how it says a field its own way (``say``: a field's name to a function of the engine's text)."""

    game: str
    forms: tuple[Form, ...]
    own: tuple[Form, ...] = ()
    say: Mapping[str, Callable[[str], object]] = field(default_factory=dict)
    first: Callable[[str], str | None] | None = None      # a game's own sayings, tried before the forms
    _forms: tuple = field(init=False, repr=False, compare=False)       # the forms compiled
    _own: tuple = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_forms", tuple((re.compile(p + "$"), t) for p, t in self.forms))
        object.__setattr__(self, "_own", tuple((re.compile(p + "$"), t) for p, t in self.own))

    @classmethod
    def of(cls, game: str, forms: tuple, own: tuple = (), patterns: Mapping[str, str] | None = None,
           say: Mapping[str, Callable[[str], object]] | None = None,
           first: Callable[[str], str | None] | None = None) -> Reasons:
        """The reasons of ``game``: each form a template (its pattern from ``pattern_of`` and
        ``patterns``) or a (pattern, template) pair; ``say``: how a field is said (``{"who": shown_name}``);
        ``first``: a reason said the game's own way before the forms are tried (or None: not one of those).
        Raises ValueError for a template naming a field its pattern has not (re.error: a bad pattern)."""
        def form(entry) -> Form:
            pattern, template = (pattern_of(entry, patterns or {}), entry) if isinstance(entry, str) else entry
            missing = set(_FIELD.findall(template)) - set(re.compile(pattern).groupindex)
            if missing:
                raise ValueError(f"{game}: {template!r} says {', '.join(sorted(missing))}, which {pattern!r} has not")
            return pattern, template
        return cls(game, tuple(map(form, forms)), tuple(map(form, own)), say or {}, first)

    def said(self, fields: Mapping[str, str]) -> dict:
        """A reason's fields as the screen says them (each through ``say``, an empty one as it is)."""
        return {k: self.say[k](v) if k in self.say and v else v for k, v in fields.items()}

    def match(self, reason: str) -> tuple[str, dict] | None:
        """The template of ``reason``'s form and its fields as the screen says them, or None."""
        for pattern, template in self._forms:
            got = pattern.match(reason)
            if got:
                return template, self.said(got.groupdict())
        return None

    def said_to(self, reason: str, subject: str) -> str | None:
        """``reason`` said to ``subject`` (the match's name of the seat it is about) by an ``own``
        form, his name left out; None when no ``own`` form is about him."""
        for pattern, template in self._own:
            got = pattern.match(reason)
            if got and got.group("who") == subject:
                return tr_in(self.game, template, **{k: v for k, v in got.groupdict().items() if k != "who"})
        return None

    def explain(self, reason: str | None, subject: str | None = None) -> str:
        """``reason`` (the engine's, its rule ID first) in the screen's language; ``subject``: the
        name (the match's) of the seat it is said to, left out where an ``own`` form is about him."""
        if not reason:
            return ""
        said = self.said_to(reason, subject) if subject else None
        if said is None and self.first is not None:
            said = self.first(reason)
        if said is not None:
            return said
        found = self.match(reason)
        return tr_in(self.game, found[0], **found[1]) if found else reason


__all__ = ["Form", "Reasons", "pattern_of"]

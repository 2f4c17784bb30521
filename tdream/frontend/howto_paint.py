"""How-to-play pictures drawn from data (issue 37): a game's ``howto-pictures.yaml``, beside its
``howto.yaml``, describes each picture of its pages as a list of steps, and ``Pictures`` draws
them; the game's ``howto.py`` gives only its pieces (the functions that draw one of its own
things, mostly calls into its board, sheet or city drawing)::

    format: tdream-howto-pictures
    version: 1
    pictures:
      turn:
        - [die, 8, 28, 4]                  # a piece of the game: name, x, y, its arguments
        - [arrow, 120, 8, LABEL]           # a step every game has (STEPS)
        - [text, 40, 2, "+1", WHITE, {face: small, align: centre}]

A step is a list: its name, its place (x, y: pixels from the picture's top-left), then its
arguments; a last mapping gives arguments by name. A colour is the name of one of the shell's
(``GOLD``, ``SEAT0``..``SEAT3`` the players', ``DARK0``..``DARK3`` their dark ones), one the
game names, or ``rgb(r, g, b)``, cut to 15 bits. Each step is checked on load against what its
painter takes (a DataError names the file, line and problem). A piece and a step are called
``fn(m, surface, x, y, *args, **kwargs)``; the blinking ones follow ``m.frame``.
"""
from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import pygame

from . import constants
from ..errors import DataError
from ..yamlio import Problems, Schema, read_yaml, type_name
from .constants import GOLD, PLAYER_COLOURS, PLAYER_DARK, rgb15
from .widgets import big_text

Painter = Callable[..., Any]            # a step or a piece: fn(m, surface, x, y, *args, **kwargs)
_RGB = re.compile(r"rgb\((\d+), *(\d+), *(\d+)\)")


def rect(m, surface, x: int, y: int, w: int, h: int, colour, width: int = 0, radius: int = 0) -> None:
    """A rectangle, filled (or its edge ``width`` wide), its corners rounded by ``radius``."""
    pygame.draw.rect(surface, colour, (x, y, w, h), width, border_radius=radius)


def line(m, surface, x: int, y: int, dx: int, dy: int, colour, width: int = 1) -> None:
    """A line from (x, y) to (x + dx, y + dy)."""
    pygame.draw.line(surface, colour, (x, y), (x + dx, y + dy), width)


def circle(m, surface, x: int, y: int, r: int, colour, width: int = 0) -> None:
    """A disc centred on (x, y) (or its ring ``width`` wide)."""
    pygame.draw.circle(surface, colour, (x, y), r, width)


def polygon(m, surface, x: int, y: int, points: list, colour) -> None:
    """A filled polygon, its corners [dx, dy] from (x, y)."""
    pygame.draw.polygon(surface, colour, [(x + dx, y + dy) for dx, dy in points])


def text(m, surface, x: int, y: int, words: str, colour, face: str = "main", align: str = "left") -> None:
    """Digits, signs or the buttons' letters, which read the same in every language."""
    m.font.draw(surface, words, x, y, colour, face, align=align)


def big(m, surface, x: int, y: int, words: str, colour, scale: int = 2) -> None:
    """Text at a whole-number scale, centred on x."""
    big_text(m, surface, words, x, y, colour, scale)


def arrow(m, surface, x: int, y: int, colour=GOLD, shaft: int = 5, head: int = 3) -> None:
    """A small arrow pointing right from (x, y), its tip ``shaft + head`` pixels on."""
    pygame.draw.rect(surface, colour, (x, y - 1, shaft, 3))
    pygame.draw.polygon(surface, colour, [(x + shaft, y - 4), (x + shaft + head, y), (x + shaft, y + 4)])


def _takes(piece: Painter, params: list[inspect.Parameter]) -> Painter:
    """``piece`` as taking (m, surface, x, y) and ``params``: what a step is checked against."""
    place = list(inspect.signature(lambda m, surface, x, y: None).parameters.values())
    setattr(piece, "__signature__", inspect.Signature(place + params))
    return piece


def placed(draw: Callable[..., Any], before: int = 0) -> Painter:
    """A piece made of one of a game's drawing functions, ``draw(surface, *args[:before], x, y,
    *args[before:])`` (its surface first, its place after ``before`` of its arguments)."""
    def piece(m, surface, x: int, y: int, *args, **kwargs) -> None:
        draw(surface, *args[:before], x, y, *args[before:], **kwargs)
    params = list(inspect.signature(draw).parameters.values())
    return _takes(piece, params[1:1 + before] + params[3 + before:])


def picture(make: Callable[..., pygame.Surface | None]) -> Painter:
    """A piece that puts one of a game's pictures, ``make(m, *args)``, at (x, y), scaled to ``size``
    when given (nothing where the game has no such picture)."""
    def piece(m, surface, x: int, y: int, *args, size: tuple | None = None) -> None:
        art = make(m, *args)
        if art is not None:
            surface.blit(pygame.transform.scale(art, size) if size else art, (x, y))
    params = list(inspect.signature(make).parameters.values())[1:]
    return _takes(piece, params + [inspect.Parameter("size", inspect.Parameter.KEYWORD_ONLY, default=None)])


STEPS: dict[str, Painter] = {"rect": rect, "line": line, "circle": circle, "polygon": polygon, "text": text,
                             "big": big, "arrow": arrow}


def colour_names() -> dict[str, tuple]:
    """The colours a step may name: the shell's constants, and the players' by seat."""
    out = {k: v for k, v in vars(constants).items()
           if k.isupper() and isinstance(v, tuple) and len(v) == 3 and all(isinstance(c, int) for c in v)}
    out.update({f"SEAT{k}": c for k, c in enumerate(PLAYER_COLOURS)})
    out.update({f"DARK{k}": c for k, c in enumerate(PLAYER_DARK)})
    return out


def _value(v: Any, colours: dict) -> Any:
    """A step's argument as its painter takes it: a colour's name or rgb(...) made a colour, a list
    a tuple (the steps are drawn again and again: nothing of them may change)."""
    if isinstance(v, list):
        return tuple(_value(x, {}) for x in v)
    if isinstance(v, str):
        if v in colours:
            return colours[v]
        found = _RGB.fullmatch(v)
        if found:
            return rgb15(*map(int, found.groups()))
    return v


def load_pictures(path: Path | str, painters: Mapping[str, Painter], colours: Mapping[str, tuple] | None = None
                  ) -> dict[str, Painter]:
    """The pictures of a howto-pictures.yaml, each a function ``fn(m, surface, x, y, w, h)`` drawing
    its steps with ``painters`` (the shell's ``STEPS`` and the game's pieces) and the game's own
    named ``colours``. Raises DataError."""
    data = read_yaml(path, DataError)
    probs = Problems(str(path), DataError)
    if not Schema(probs).mapping(data, "", required=("format", "version", "pictures")):
        probs.raise_if_any()
    if data["format"] != "tdream-howto-pictures":
        probs.at(data, "format", "format", f"{data['format']!r} is not tdream-howto-pictures")
    if data["version"] != 1:
        probs.at(data, "version", "version", f"{data['version']!r} is not a version this program reads (1)")
    named = {**colour_names(), **(colours or {})}
    out: dict[str, Painter] = {}
    found = data["pictures"]
    if not isinstance(found, dict):
        probs.at(data, "pictures", "pictures", f"must be a mapping of pictures, not {type_name(found)}")
        found = {}
    for name, steps in found.items():
        where = f"pictures.{name}"
        if not isinstance(steps, list) or not steps:
            probs.at(found, name, where, "must be a list of steps")
            continue
        ready = []
        for i, step in enumerate(steps):
            made = _step(probs, steps, i, f"{where}[{i}]", step, painters, named)
            if made is not None:
                ready.append(made)
        out[name] = _picture(ready)
    probs.raise_if_any()
    return out


def _step(probs: Problems, steps: list, i: int, where: str, step: Any, painters: Mapping[str, Painter],
          colours: dict) -> tuple | None:
    """One step checked: (painter, x, y, args, kwargs), or None and a problem noted."""
    if not isinstance(step, list) or len(step) < 3:
        probs.at(steps, i, where, "must be a list: a step's name, x, y and its arguments")
        return None
    name, x, y, *args = step
    fn = painters.get(name) if isinstance(name, str) else None
    if fn is None:
        probs.at(steps, i, where, f"{name!r} is not a step or piece (known: {', '.join(sorted(painters))})")
        return None
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (x, y)):
        probs.at(steps, i, where, f"{name}'s place must be two whole numbers, not {x!r}, {y!r}")
        return None
    kwargs = args.pop() if args and isinstance(args[-1], dict) else {}
    args = [_value(v, colours) for v in args]
    kwargs = {k: _value(v, colours) for k, v in kwargs.items()}
    try:
        inspect.signature(fn).bind(None, None, x, y, *args, **kwargs)
    except TypeError as e:
        probs.at(steps, i, where, f"{name}: {e}")
        return None
    return fn, x, y, args, kwargs


def _picture(steps: list) -> Painter:
    def draw(m, surface, x: int, y: int, w: int, h: int) -> None:
        for fn, dx, dy, args, kwargs in steps:
            fn(m, surface, x + dx, y + dy, *args, **kwargs)
    return draw


class Pictures(Mapping):
    """A game's How-to-play pictures by name (its ``howto.py``'s ``PICTURES``): those of the
    ``howto-pictures.yaml`` beside it drawn with the shell's steps, the game's ``pieces`` and its
    ``colours``, read when first asked (the title loads no game's pictures)."""

    def __init__(self, module_file: str, pieces: Mapping[str, Painter], colours: Mapping[str, tuple] | None = None
                 ) -> None:
        self.path = Path(module_file).parent / "howto-pictures.yaml"
        self.pieces = pieces
        self.colours = colours or {}
        self._known: dict[str, Painter] | None = None

    def _all(self) -> dict[str, Painter]:
        if self._known is None:
            self._known = load_pictures(self.path, {**STEPS, **self.pieces}, self.colours)
        return self._known

    def __getitem__(self, name: str) -> Painter:
        return self._all()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


__all__ = ["Painter", "Pictures", "STEPS", "arrow", "load_pictures", "picture", "placed"]

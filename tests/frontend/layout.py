"""Text fits (issues 14 and 21): one layout check for every golden screen of every game.

While a shot is drawn, ``watch()`` logs every text drawn on the 256x224 frame, every window
(``widgets.window``: the shell's menus, text boxes, status screens, the pause menu and its notices,
every game's windows) and every opaque panel, in the order drawn (``DRAWING``). ``problems(drawn)``
then names what does not fit, on the texts left visible (those no later window or panel lies on):

- a text not wholly on the frame;
- two texts over each other (their boxes overlap; the font's blank top and bottom rows may touch);
- a text past the inner edge of the window it stands in, or on its border: a window's double edge
  and the dark line inside it are 3 pixels a side, and a text that meets a window (the last one
  drawn before it that it meets: a window over a window is the one it stands in) lies wholly
  inside that line;
- a text cut by a window over its own: a later window or panel of the same scene that lies on a
  text standing in a window but not on the whole of that window (the quit confirmation over the
  pause menu's record notice, the graph over the results' last line; a window of a later scene
  is a dialog over the picture, and a window wholly over another takes its place, as the jump
  window the text box's).

Every game's ``test_frames.py`` (and the fifth game's goldens) runs it on every golden.
"""
from __future__ import annotations

import sys

EDGE = 3                 # a window's double edge and dark line, on each side
DRAWING: list = []       # while a shot is drawn: ("text", text, x, y, w, h), ("cover", x, y, w, h),
                         # ("window", x, y, w, h), ("scene", n: the scene drawing from here) in order
_SCENES: list = []       # the scenes being drawn, innermost last


def _watch_scenes() -> None:
    """Every scene class's ``draw`` marks where that scene's drawing begins (and where the scene
    around it goes on, after a scene drawn inside another, as the title's demo)."""
    from tdream.frontend.machine import Scene
    todo = [Scene]
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        draw = cls.__dict__.get("draw")
        if draw is None or getattr(draw, "watched", False):
            continue

        def logged(self, m, surface, *args, _draw=draw, **kwargs):
            outer = _SCENES[-1] if _SCENES else None
            if self is not outer:
                DRAWING.append(("scene", id(self)))
            _SCENES.append(self)
            try:
                return _draw(self, m, surface, *args, **kwargs)
            finally:
                _SCENES.pop()
                if outer is not None and self is not outer:
                    DRAWING.append(("scene", id(outer)))
        logged.watched = True
        cls.draw = logged


def watch() -> None:
    """Log every text, window and opaque panel drawn on the 256x224 frame from now on (the
    windows of modules imported later too: ``watch`` again before each shot)."""
    import pygame

    from tdream.frontend import font, widgets
    if not getattr(font.Font.draw, "watched", False):
        draw, window = font.Font.draw, widgets.window

        def logged_draw(self, surface, text, x, y, colour=(248, 248, 248), face="main", shadow=None, align="left"):
            w = draw(self, surface, text, x, y, colour, face, shadow, align)
            if surface.get_size() == (256, 224) and text.strip():
                left = x - w if align == "right" else x - w // 2 if align == "centre" else x
                DRAWING.append(("text", text, left, y, w, self.height(face)))
            return w

        def logged_prefix(self, surface, text, count, x, y, colour=(248, 248, 248), face="main"):
            draw(self, surface, text[:count], x, y, colour, face) if count < len(text) else draw(
                self, surface, text, x, y, colour, face)
            if surface.get_size() == (256, 224) and text.strip():
                DRAWING.append(("text", text, x, y, self.width(text, face), self.height(face)))

        def logged_window(surface, rect, *args, **kwargs):
            window(surface, rect, *args, **kwargs)
            if surface.get_size() == (256, 224):
                DRAWING.append(("cover",) + tuple(pygame.Rect(rect)))
                DRAWING.append(("window",) + tuple(pygame.Rect(rect)))
        rect = pygame.draw.rect

        def logged_rect(surface, colour, r, width=0, *args, **kwargs):
            out = rect(surface, colour, r, width, *args, **kwargs)
            box = pygame.Rect(r)
            if width == 0 and surface.get_size() == (256, 224) and box.w * box.h >= 400:
                DRAWING.append(("cover",) + tuple(box))
            return out
        logged_draw.watched = True
        logged_window.original = window
        font.Font.draw, font.Font.draw_prefix = logged_draw, logged_prefix
        pygame.draw.rect = logged_rect
        widgets.window = logged_window
    _watch_scenes()
    logged = widgets.window
    original = logged.original
    for name, module in list(sys.modules.items()):
        if name.startswith("tdream.") and getattr(module, "window", None) is original:
            module.window = logged


def visible_texts(drawn: list) -> list:
    """The texts of a frame that no later window or panel lies on (those are the picture behind
    a dialog), each once (a shadow is its own text)."""
    out: list = []
    for i, item in enumerate(drawn):
        if item[0] != "text":
            continue
        _, text, x, y, w, h = item
        covered = any(c[0] == "cover" and c[1] < x + w and x < c[1] + c[3] and c[2] < y + h and y < c[2] + c[4]
                      for c in drawn[i + 1:])
        if covered or any(t == text and abs(x - a) <= 1 and abs(y - b) <= 1 for t, a, b, _, _ in out):
            continue
        out.append((text, x, y, w, h))
    return out


def apart(a, b, touch: int = 2) -> bool:
    """Two texts' boxes do not overlap (by more than ``touch`` rows: the font's blank top and
    bottom rows may touch)."""
    _, ax, ay, aw, ah = a
    _, bx, by, bw, bh = b
    return ax + aw <= bx or bx + bw <= ax or ay + ah <= by + touch or by + bh <= ay + touch


def off_the_frame(visible: list) -> list:
    return [t for t in visible if t[1] < 0 or t[2] < 0 or t[1] + t[3] > 256 or t[2] + t[4] > 224]


def over_each_other(visible: list, touch: int = 2) -> list:
    return [(a[0], b[0]) for i, a in enumerate(visible) for b in visible[i + 1:] if not apart(a, b, touch)]


def borders_crossed(drawn: list, visible: list) -> list:
    """The visible texts that meet a window (the last one drawn before them that they meet: the
    window they stand in) and are not wholly inside its inner line (``EDGE`` pixels a side)."""
    shown = {(t, x, y) for t, x, y, _, _ in visible}
    out = []
    for i, item in enumerate(drawn):
        if item[0] != "text" or item[1:4] not in shown:
            continue
        _, text, tx, ty, tw, th = item
        under = [w[1:] for w in drawn[:i] if w[0] == "window" and tx < w[1] + w[3] and w[1] < tx + tw
                 and ty < w[2] + w[4] and w[2] < ty + th]
        if under:
            x, y, w, h = under[-1]
            if not (x + EDGE <= tx and tx + tw <= x + w - EDGE and y + EDGE <= ty and ty + th <= y + h - EDGE):
                out.append((text, (tx, ty, tw, th), under[-1]))
    return out


def _meets(a, b) -> bool:
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah


def _holds(outer, inner) -> bool:
    ox, oy, ow, oh = outer
    ix, iy, iw, ih = inner
    return ox <= ix and oy <= iy and ix + iw <= ox + ow and iy + ih <= oy + oh


def cut_by_windows(drawn: list) -> list:
    """The texts that stand in a window and that a later window or panel of the same scene lies
    on without lying on the whole of their window (whether or not the text shows: a line hidden
    is cut too)."""
    scene, scenes = None, []
    for item in drawn:
        if item[0] == "scene":
            scene = item[1]
        scenes.append(scene)
    out = []
    for i, item in enumerate(drawn):
        if item[0] != "text":
            continue
        box = item[2:6]
        under = [w[1:] for j, w in enumerate(drawn[:i]) if w[0] == "window" and scenes[j] == scenes[i]
                 and _meets(w[1:], box)]
        if not under:
            continue
        own = under[-1]
        over = [c[1:] for j, c in enumerate(drawn[i + 1:], i + 1) if c[0] == "cover" and scenes[j] == scenes[i]
                and _meets(c[1:], box) and not _holds(_window_of(drawn, j), own)]
        if over:
            out.append((item[1], box, over[0]))
    return out


def _window_of(drawn: list, j: int) -> tuple:
    """The rectangle of the cover at ``j``: the window's whole rectangle when it is a window's field."""
    rect = drawn[j][1:]
    for item in drawn[j + 1:j + 4]:
        if item[0] == "window" and _holds(item[1:], rect):
            return item[1:]
    return rect


def problems(drawn: list) -> list[str]:
    """What does not fit on a shot drawn as ``drawn`` (the module's docstring), one line a kind."""
    visible = visible_texts(drawn)
    out = []
    off = off_the_frame(visible)
    if off:
        out.append(f"off the frame: {off[:4]}")
    clash = over_each_other(visible)
    if clash:
        out.append(f"texts over each other: {clash[:6]}")
    crossed = borders_crossed(drawn, visible)
    if crossed:
        out.append(f"texts past a window's inner line (text box, window): {crossed[:4]}")
    cut = cut_by_windows(drawn)
    if cut:
        out.append(f"texts cut by a window over theirs (text box, window): {cut[:4]}")
    return out

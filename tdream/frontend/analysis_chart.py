"""An analysis's chart (``tdream analyze --png``, the Analysis screen): each player's chance to win
across the turns, in the player's colour, the costly decisions marked on the deciding player's line.

Drawn as the results screen draws its graph (the same ground, frame and quarter lines, the
player colours, the bitmap font), from the report dict alone (``platform.analysis``, FORMATS.md
section 9): nothing here changes the report or reads a clock. ``save_png`` draws the 256x224
picture off screen (no display needed) and scales it up with whole pixels, written atomically.
"""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pygame

from ..errors import TdreamError
from ..platform import registry
from .constants import GOLD, INK, LABEL, PLAYER_COLOURS, WHITE, H, W, rgb15
from .font import Font
from .widgets import fit, window

GROUND = rgb15(16, 24, 56)          # the results graph's ground, frame and quarter lines
FRAME = rgb15(88, 96, 160)
QUARTER = rgb15(40, 48, 96)
HALF = rgb15(64, 72, 128)
MARKS = ("?!", "?", "??")           # mildest first
MARK_SIZE = {"?!": 1, "?": 2, "??": 2}


def seat_colours(names: list[str], colours: dict[str, int] | None = None) -> list[int]:
    """Each seat's colour (0-3) as a table gives them: the record's (a seat's name -> its colour)
    where given and free, then the free ones in seat order (``MatchHost.start``'s rule)."""
    colours = colours or {}
    out = [-1] * len(names)
    for i, name in enumerate(names):
        want = colours.get(name, -1)
        if 0 <= want < 4 and want not in out:
            out[i] = want
    free = [c for c in range(4) if c not in out]
    return [c if c >= 0 else (free.pop(0) if free else i % 4) for i, c in enumerate(out)]


def colours_of(report: dict, colours: dict[str, int] | None = None) -> list[tuple[int, int, int]]:
    """The RGB of each seat's line: the shell's player colours, by the record's seat colours
    (``colours``: name -> 0-3, ``Record.setup.colours``) when it has them."""
    return [PLAYER_COLOURS[c] for c in seat_colours(list(report["record"]["names"]), colours)]


def turn_index(report: dict, position: int) -> int:
    """The chart's point (an index into ``report["turns"]``) of the turn that holds the record's
    input ``position``: the last turn start at or before it."""
    k = 0
    for i, t in enumerate(report["turns"]):
        if t["input"] <= position:
            k = i
    return k


def marked(report: dict) -> list[int]:
    """The indexes (into ``report["decisions"]``) of the marked decisions, in the record's order."""
    return [i for i, d in enumerate(report["decisions"]) if d.get("mark")]


def _point(rect: pygame.Rect, k: int, last: int, p: float) -> tuple[int, int]:
    x = rect.left + 1 + (rect.width - 3) * k // max(1, last)
    y = rect.bottom - 2 - round((rect.height - 4) * max(0.0, min(1.0, p)))
    return x, y


def cursor_x(rect: pygame.Rect, report: dict, k: int) -> int:
    return _point(rect, k, len(report["turns"]) - 1, 0.0)[0]


def draw_mark(surface: pygame.Surface, mark: str, x: int, y: int, colour) -> None:
    """A decision's mark on its line: ?! a small square, ? a larger one, ?? a larger one ringed
    in white (told apart without the colour, too)."""
    s = MARK_SIZE.get(mark, 1)
    if mark == "??":
        pygame.draw.rect(surface, WHITE, (x - s - 1, y - s - 1, 2 * s + 3, 2 * s + 3))
    pygame.draw.rect(surface, INK, (x - s, y - s, 2 * s + 1, 2 * s + 1))
    pygame.draw.rect(surface, colour, (x - s + (1 if s > 1 else 0), y - s + (1 if s > 1 else 0),
                                       2 * s + (-1 if s > 1 else 1), 2 * s + (-1 if s > 1 else 1)))


def draw_chart(surface: pygame.Surface, rect, report: dict, colours=None, cursor: int | None = None,
               font: Font | None = None, focus: int | None = None) -> None:
    """The chart inside ``rect``: 0-100% up (quarter lines, the half brighter), the turns
    across, a line a player in ``colours`` (RGB by seat; ``colours_of`` by default), the marked
    decisions on the deciding player's line; ``cursor``: a turn (an index into ``report["turns"]``)
    shown by a line down the chart and a dot on each player's line; ``focus``: a decision (an index
    into ``report["decisions"]``) ringed in gold. With a ``font``, "100%" and "50%" on the left."""
    rect = pygame.Rect(rect)
    colours = colours or colours_of(report)
    turns = report["turns"]
    pygame.draw.rect(surface, GROUND, rect)
    for q in (1, 2, 3):
        y = rect.bottom - 2 - (rect.height - 4) * q // 4
        pygame.draw.line(surface, HALF if q == 2 else QUARTER, (rect.left + 1, y), (rect.right - 2, y))
    pygame.draw.rect(surface, FRAME, rect, 1)
    last = len(turns) - 1
    if cursor is not None and turns:
        x = cursor_x(rect, report, cursor)
        for y in range(rect.top + 1, rect.bottom - 1, 2):
            surface.set_at((x, y), LABEL)
    if last >= 1:
        seats = len(colours)
        for s in range(seats):                     # the first seat drawn last: on top where they meet
            seat = seats - 1 - s
            points = [_point(rect, k, last, t["chances"][seat]) for k, t in enumerate(turns)]
            pygame.draw.lines(surface, colours[seat], False, points, 1)
    for i in marked(report):
        d = report["decisions"][i]
        k = turn_index(report, d["input"])
        x, y = _point(rect, k, last, turns[k]["chances"][d["seat"]])
        draw_mark(surface, d["mark"], x, y, colours[d["seat"]])
    if focus is not None and 0 <= focus < len(report["decisions"]) and turns:
        d = report["decisions"][focus]
        k = turn_index(report, d["input"])
        x, y = _point(rect, k, last, turns[k]["chances"][d["seat"]])
        pygame.draw.rect(surface, GOLD, (x - 4, y - 4, 9, 9), 1)
    if cursor is not None and turns:
        for seat, colour in enumerate(colours):
            x, y = _point(rect, cursor, last, turns[cursor]["chances"][seat])
            pygame.draw.rect(surface, WHITE, (x - 1, y - 1, 3, 3))
            surface.set_at((x, y), colour)
    if font is not None:
        font.draw(surface, "100%", rect.left + 2, rect.top + 2, LABEL, "small")
        font.draw(surface, "50%", rect.left + 2, rect.bottom - 2 - (rect.height - 4) // 2 - 9, LABEL, "small")


def marks_text(counts: dict) -> str:
    """A seat's marks as the legend counts them: "?! 1  ? 0  ?? 2"."""
    return "  ".join(f"{k} {counts.get(k, 0)}" for k in MARKS)


def luck_text(luck: float) -> str:
    """A seat's total luck in points of winning chance: "+12", "-3", "0"."""
    v = round(100 * luck)
    return f"{v:+d}" if v else "0"


def game_name(report: dict) -> str:
    gid = report["record"].get("game", "")
    try:
        return registry.get(gid).name
    except (TdreamError, KeyError):       # an analysis of a game this tdream does not have: its id
        return str(gid)


def draw_legend(surface: pygame.Surface, font: Font, report: dict, colours, x: int, y: int, w: int,
                chances: list[float] | None = None, step: int = 10) -> int:
    """A row a seat: its colour, its name, (``chances``: its chance at the cursor), its total luck,
    the points its decisions lost and its marks; the headings first. Returns where it ends."""
    right = x + w
    mark_x = [right - 36, right - 18, right]            # ?!, ?, ?? (right-aligned)
    luck_x, lost_x, chance_x = right - 82, right - 54, right - 110
    font.draw(surface, "luck", luck_x, y, LABEL, "small", align="right")
    font.draw(surface, "lost", lost_x, y, LABEL, "small", align="right")
    for mark, mx in zip(MARKS, mark_x):
        font.draw(surface, mark, mx, y, LABEL, "small", align="right")
    if chances is not None:
        font.draw(surface, "win", chance_x, y, LABEL, "small", align="right")
    name_w = (chance_x - 22 if chances is not None else luck_x - 26) - (x + 8)
    totals = report["totals"]
    for seat, name in enumerate(report["record"]["names"]):
        y += step
        colour = colours[seat]
        pygame.draw.rect(surface, colour, (x, y + 1, 5, 6))
        font.draw(surface, fit(font, str(name), name_w), x + 8, y, colour, "small")
        font.draw(surface, luck_text(totals["luck"][seat]), luck_x, y, WHITE, "small", align="right")
        font.draw(surface, f"{totals['cost'][seat]:.0f}", lost_x, y, WHITE, "small", align="right")
        counts = totals["marks"][seat]
        for mark, mx in zip(MARKS, mark_x):
            n = counts.get(mark, 0)
            font.draw(surface, str(n), mx, y, WHITE if n else LABEL, "small", align="right")
        if chances is not None:
            font.draw(surface, f"{round(100 * chances[seat])}%", chance_x, y, GOLD, "small", align="right")
    return y + step


def chart_surface(report: dict, colours=None, font: Font | None = None) -> pygame.Surface:
    """The chart at 256x224 as the window shows an analysis: the title and the game, the chart in
    a window, then the legend (names, each one's total luck, points lost and marks) and the method."""
    surface = pygame.Surface((W, H))
    font = font or Font()
    colours = colours or colours_of(report)
    surface.fill(INK)
    window(surface, (0, 0, W, H))
    font.draw(surface, "ANALYSIS", 128, 6, GOLD, align="centre")
    rec = report["record"]
    sub = f"{game_name(report)}, {max(0, len(report['turns']) - 1)} turn(s)" + ("" if rec.get("finished") else
                                                                                ", unfinished")
    font.draw(surface, fit(font, sub, 240), 128, 20, LABEL, "small", align="centre")
    draw_chart(surface, pygame.Rect(12, 31, 232, 112), report, colours, font=font)
    font.draw(surface, "turns", 244, 144, LABEL, "small", align="right")
    y = draw_legend(surface, font, report, colours, 12, 156, 232)
    m = report.get("method", {})
    words = (f"{m.get('playouts', '?')} playouts ({m.get('policy', '?')}), seed {m.get('seed', '?')}, "
             f"rated: {m.get('decisions', '?')}")
    font.draw(surface, fit(font, words, 232), 12, max(y + 2, 206), LABEL, "small")
    return surface


def save_png(report: dict, path: str | Path, scale: int = 3, colours=None) -> None:
    """The chart as a PNG at ``path``, ``scale`` times 256x224 with whole pixels (nearest
    neighbour): written to a temporary file in the same folder, then put in place (atomically)."""
    image = chart_surface(report, colours)
    if scale > 1:
        image = pygame.transform.scale(image, (image.get_width() * scale, image.get_height() * scale))
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".png", dir=str(path.parent))
    os.close(fd)
    try:
        pygame.image.save(image, tmp)
        mask = os.umask(0)                 # mkstemp makes 0600; a saved picture is as any other file
        os.umask(mask)
        os.chmod(tmp, 0o666 & ~mask)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise

__all__ = ["draw_chart", "draw_legend", "chart_surface", "save_png", "colours_of", "seat_colours", "turn_index",
           "marked", "marks_text", "luck_text", "draw_mark"]

"""Status (X at the table) for every game: one paged screen, ``StatusScene``.

A game's table gives what its screen shows as data, ``TableScene.status`` (a ``Status``): its
pages in order, each a title and a function that draws the page (``Page``), and where its rows
go. The shell owns the screen: the window, the pages' titles across the top (the one shown in
gold), L/R or left/right turning the page, B or X closing it (and the keys ``Status.close`` adds),
the keys' line at the foot, and, while a seat answers in secret, no pad on the input display.
The shell's own page (``OVERVIEW``, every game's unless it gives its own) is made from the
``GameDef`` and the match alone: the turn (or round), whose turn it is, each seat's name, who
plays it (a pad, a CPU and its level), its score (``score_label``) and the parts of it
(``score_parts``, ``part_labels``), and the options in play.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..constants import B, GOLD, INFO, INK, L, LABEL, LEFT, PLAYER_COLOURS, R, RED, RIGHT, WHITE, X, rgb15
from ..machine import Scene
from ..text import tr, tr_in
from ..widgets import fit, window
from .setup import option_text

TAB = rgb15(120, 128, 168)          # a page's title when another page is shown


@dataclass(frozen=True)
class Page:
    """One page of a status screen: its title (the English template, said in the game's words:
    ``tr_in``) and ``draw(scene, m, surface, y)``, the page from ``y`` down (``scene.table``
    is the table; ``scene._cache``, a dict, keeps what drawing works out, never state)."""

    title: str
    draw: Callable


@dataclass(frozen=True)
class Status:
    """A game's status screen: its pages, and where its rows go. One page: no titles across the
    top (the page draws its own heading) and "B: back" at the foot; several: their titles every
    ``tab_step`` pixels (0: each 10 after the one before) and "L/R: page   B: back"."""

    pages: tuple[Page, ...]
    tab_step: int = 0
    top: int = 22                    # where a page starts (below the titles)
    foot: tuple[int, int] = (213, 213)       # the keys' line: its y, and its y with the timer or pads on
    close: int = B | X               # the keys that close it
    overlay_at: tuple = (2, 214, "left")     # the timer and pads (``Scene.overlay_at``)
    timer_at: tuple | None = None


def seat_kind(table, seat: int) -> str:
    """Who plays a seat: a person's pad, or the CPU player and its level."""
    kind = table.kinds[seat]
    if kind == "human":
        return tr("pad {k}", k=table.pad_of.get(seat, 0) + 1)
    base, _, level = kind.partition(":")
    if base == "random":
        return tr("Random")
    return tr("CPU, {level}", level=tr(level or "normal"))


def waiting(match) -> tuple[int, ...]:
    """The seats the match waits for now (the mover at a chance point; () once over)."""
    aw = match.awaiting()
    if aw is None:
        return ()
    return (match.to_move,) if aw.player < 0 else (aw.seats or (aw.player,))


def draw_overview(scene, m, surface, y: int) -> None:
    """The shell's page: the turn, and every seat's name, kind, score and its parts (whose turn
    it is marked); then the options in play."""
    t, font = scene.table, m.font
    game, match = t.gamedef, t.game
    font.draw(surface, tr("STATUS"), 8, 6, GOLD)
    word = "Turn {turn}" if game.progress_unit == "turns" else "Round {turn}"
    when = tr("Game over") if match.over else tr(word, turn=match.progress() + 1)
    font.draw(surface, when, 248, 6, WHITE, align="right")
    scores = match.scores()
    now = waiting(match)
    y = 24
    for p in range(len(t.names)):
        colour = PLAYER_COLOURS[t.colour_of[p]]
        surface.blit(m.art.tokens[t.colour_of[p]], (8, y))
        font.draw(surface, fit(font, t.names[p], 120, "main"), 24, y, colour)
        font.draw(surface, seat_kind(t, p), 248, y + 2, LABEL, "small", align="right")
        if p in now:
            font.draw(surface, tr("to play"), 160, y + 2, RED if t.is_cpu(p) else GOLD, "small", align="right")
        parts = [f"{tr(game.words.part(k))} {v:,}"
                 for k, v in game.score_parts(match, p)]
        head = f"{tr(game.words.score)} {scores[p]:,}{game.words.unit}"
        font.draw(surface, fit(font, "   ".join([head] + parts), 224), 24, y + 13, WHITE, "small")
        y += 28
    options = t.host.session.options
    shown = [o for o in game.options if o.name != game.seat_option and o.name in options]
    if shown:
        font.draw(surface, tr("Options"), 8, y + 4, GOLD)
        y += 18
        for o in shown:
            if y > 200:
                break
            font.draw(surface, tr(o.name.replace("_", " ").capitalize()), 16, y, INFO, "small")
            font.draw(surface, option_text(options[o.name]), 248, y, WHITE, "small", align="right")
            y += 9


OVERVIEW = Status((Page("Status", draw_overview),))


class StatusScene(Scene):
    """The status screen of ``table`` opened from ``pad`` (``TableScene.status_scene``): its
    pages (``table.status``), the one shown ``page``."""

    def __init__(self, table, pad: int) -> None:
        self.table = table
        self.pad = pad
        self.page = 0
        self._cache: dict = {}

    @property
    def status(self) -> Status:
        return self.table.status or OVERVIEW

    @property
    def overlay_at(self):  # type: ignore[override]
        return self.status.overlay_at

    @property
    def timer_at(self):  # type: ignore[override]
        return self.status.timer_at

    def hidden_pads(self, m) -> int:
        """The table's: opened while a seat answers in secret, it shows no pad's buttons either."""
        return self.table.hidden_pads(m)

    def handle(self, m, b) -> None:
        status = self.status
        if b.press(self.pad, status.close):
            m.pop()
        elif len(status.pages) > 1 and b.repeat(self.pad, R | RIGHT):
            self.page = (self.page + 1) % len(status.pages)
        elif len(status.pages) > 1 and b.repeat(self.pad, L | LEFT):
            self.page = (self.page - 1) % len(status.pages)

    def draw(self, m, surface) -> None:
        status, font = self.status, m.font
        pages = status.pages
        surface.fill(INK)
        window(surface, (0, 0, 256, 224))
        if len(pages) > 1:
            x = 8
            for i, page in enumerate(pages):
                w = font.draw(surface, tr_in(self.table.gamedef.id, page.title), x, 6, GOLD if i == self.page else TAB)
                x = 8 + (i + 1) * status.tab_step if status.tab_step else x + w + 10
        pages[self.page].draw(self, m, surface, status.top)
        on = m.settings.timer or m.settings.input_display        # the timer and pads take the foot's left
        keys = tr("L/R: page   B: back") if len(pages) > 1 else tr("B: back")
        font.draw(surface, keys, 250, status.foot[1 if on else 0], LABEL, "small", align="right")


__all__ = ["Page", "Status", "StatusScene", "OVERVIEW", "seat_kind", "waiting", "draw_overview"]

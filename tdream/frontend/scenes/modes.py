"""Modes and profiles (issue 8): choosing or making a profile with the pad, the Campaign's
run through the eight boards, and the Records screen.

The records database is ``m.records`` (None: no database; the screens say so). Reading it in a
menu is the one place the logic looks outside its input; games are written to it only when they
end (``TableScene.count``).
"""
from __future__ import annotations

import datetime
import os
from pathlib import Path

import pygame

from ...errors import TdreamError
from ...platform import registry
from ...platform.options import full_options
from ...platform.record import load_record
from ...platform.replay import check_data, resume_record, start_of
from ...platform.roster import CHARACTER_IDS, character
from ..constants import DOWN, GOLD, GREY, INFO, INK, LABEL, LEFT, RIGHT, START, UP, WHITE, A, B, X, Y
from ..frontends import frontend_of
from ..machine import Scene
from ..match import MatchSetup
from ..text import shown_name, tr
from ..widgets import Menu, cursor, fit, skyline, window
from .analysis import AnalysisScene

KEYS = ("ABCDEFGHIJKLM", "NOPQRSTUVWXYZ", "abcdefghijklm", "nopqrstuvwxyz", "0123456789 -.")
MAX_NAME = 10



def header(m, surface, title: str, game: str) -> None:
    """A screen's title and the game it is about, on the top line's left: the right of it is the
    input display's, the bottom right corner the timer's (``HEADED``)."""
    w = m.font.draw(surface, title, 8, 4, GOLD, shadow=INK)
    m.font.draw(surface, fit(m.font, game, 120 - w), 8 + w + 6, 6, WHITE, "small", INK)


# The speedrun overlays of a screen with a ``header``: the pads right of it, the timer in the
# bottom right corner (issue 36: never over the header).
HEADED = {"overlay_at": (254, 1, "right"), "timer_at": (254, 213, "right")}


class NameEntry(Scene):
    """A name typed with the pad: a letter grid, A types, B deletes, Start (or END) is done."""

    opaque = False

    def __init__(self, done, taken=()) -> None:
        self.done = done                    # called with the name, or None when cancelled
        self.taken = {t.lower() for t in taken}
        self.name = ""
        self.row = 0
        self.col = 0
        self.message = ""

    def handle(self, m, b) -> None:
        pad = next((p for p in range(4) if b.pressed[p]), 0)
        rows = len(KEYS) + 1
        if b.repeat(pad, UP):
            self.row = (self.row - 1) % rows
        elif b.repeat(pad, DOWN):
            self.row = (self.row + 1) % rows
        elif b.repeat(pad, LEFT):
            self.col = (self.col - 1) % 13
        elif b.repeat(pad, RIGHT):
            self.col = (self.col + 1) % 13
        if b.press(pad, B):
            if self.name:
                self.name = self.name[:-1]
            else:
                m.pop()
                self.done(None)
            return
        end = b.press(pad, START) or (b.press(pad, A) and self.row == len(KEYS))
        if end:
            name = self.name.strip()
            if not name:
                self.message = tr("Type a name first.")
            elif name.lower() in self.taken or name.lower() in CHARACTER_IDS or name.startswith("Player "):
                self.message = tr("That name is taken.")
            else:
                m.pop()
                self.done(name)
            return
        if b.press(pad, A) and len(self.name) < MAX_NAME:
            ch = KEYS[self.row][self.col]
            if ch != " " or self.name:
                self.name += ch
            m.sound("blip")

    def draw(self, m, surface) -> None:
        window(surface, (24, 30, 208, 150))
        m.font.draw(surface, tr("New profile: your name"), 128, 36, GOLD, align="centre")
        pygame.draw.rect(surface, INK, (64, 52, 128, 14))
        m.font.draw(surface, self.name + ("_" if (m.frame // 15) % 2 else " "), 68, 53, WHITE)
        for r, keys in enumerate(KEYS):
            for c, ch in enumerate(keys):
                x, y = 40 + c * 14, 74 + r * 14
                sel = r == self.row and c == self.col
                if sel:
                    pygame.draw.rect(surface, GOLD, (x - 2, y - 1, 12, 13), 1)
                m.font.draw(surface, ch if ch != " " else "_", x + 1, y, WHITE if sel else INFO)
        y = 74 + len(KEYS) * 14
        m.font.draw(surface, tr("END"), 128, y, GOLD if self.row == len(KEYS) else WHITE, align="centre")
        if self.row == len(KEYS):
            cursor(surface, 108, y + 3, m.frame)
        m.font.draw(surface, self.message or tr("A: type  B: delete  Start: done"), 128, 168, GREY, "small",
                    align="centre")


class ProfileScene(Scene):
    """Pick a profile for a seat, or make a new one (name, colour, pad)."""

    opaque = False

    def __init__(self, done, allow_none: bool = True, title: str = "Who is playing?") -> None:
        self.done = done
        self.allow_none = allow_none
        self.title = title
        self.menu: Menu                  # made at enter (``refresh``)

    def enter(self, m) -> None:
        self.refresh(m)

    def refresh(self, m) -> None:
        names = [p["name"] for p in m.records.profiles()] if m.records is not None else []
        self.names = names
        items = names + ["New profile..."] + (["No profile"] if self.allow_none else [])
        self.menu = Menu(items, cancel=True, rows=8)

    def handle(self, m, b) -> None:
        pad = next((p for p in range(4) if b.pressed[p]), 0)
        self.menu.handle(b, pad, m)
        if b.press(pad, X) and self.menu.index < len(self.names) and m.records is not None:
            name = self.names[self.menu.index]               # X: change this profile's colour and pad
            prefs = {p["name"]: p for p in m.records.profiles()}[name]
            edit = ProfilePrefs(name, lambda colour, pad_: m.records.set_prefs(name, colour, pad_), prefs["colour"])
            edit.pad = prefs["pad"]
            m.push(edit)
            return
        if self.menu.cancelled:
            m.pop()
            self.done(False)
            return
        if self.menu.chosen is None:
            return
        k = self.menu.chosen
        self.menu.chosen = None
        if k < len(self.names):
            m.pop()
            self.done(self.names[k])
        elif k == len(self.names):
            if m.records is None:
                return
            m.push(NameEntry(lambda name: self.made(m, name), self.names))
        else:
            m.pop()
            self.done(None)

    def made(self, m, name) -> None:
        if name is None:
            return
        m.push(ProfilePrefs(name, lambda colour, pad: self.saved(m, name, colour, pad), len(self.names) % 4))

    def saved(self, m, name: str, colour: int, pad: int) -> None:
        m.records.profile(name, "human", colour=colour, pad=pad)
        m.pop()
        self.done(name)

    def draw(self, m, surface) -> None:
        self.menu.draw(m, surface, 64, 40, 128, self.title)
        if m.records is None:
            m.font.draw(surface, tr("No records database: profiles are off."), 128, 190, GOLD, "small", INK,
                        align="centre")
        elif self.menu.index < len(self.names):
            m.font.draw(surface, tr("A: choose   X: colour and pad"), 128, 190, WHITE, "small", INK, align="centre")


COLOUR_NAMES = ("Blue", "Orange", "Green", "Pink")


class ProfilePrefs(Scene):
    """A new profile's colour (one of the four player colours) and pad (1-4)."""

    opaque = False

    def __init__(self, name: str, done, colour: int = 0) -> None:
        self.name = name
        self.done = done
        self.colour = colour
        self.pad = 1
        self.row = 0

    def handle(self, m, b) -> None:
        p = next((k for k in range(4) if b.pressed[k]), 0)
        if b.repeat(p, UP | DOWN):
            self.row = (self.row + (1 if b.repeat(p, DOWN) else -1)) % 3
        for mask, d in ((LEFT, -1), (RIGHT, 1)):
            if b.repeat(p, mask):
                if self.row == 0:
                    self.colour = (self.colour + d) % 4
                elif self.row == 1:
                    self.pad = (self.pad - 1 + d) % 4 + 1
        if b.press(p, START) or (b.press(p, A) and self.row == 2):
            m.pop()
            self.done(self.colour, self.pad)

    def draw(self, m, surface) -> None:
        window(surface, (48, 60, 160, 76))
        m.font.draw(surface, self.name, 128, 64, GOLD, align="centre")
        rows = [(tr("Colour"), tr(COLOUR_NAMES[self.colour])), (tr("Pad"), str(self.pad)), (tr("OK"), "")]
        for i, (label, value) in enumerate(rows):
            y = 80 + i * 14
            m.font.draw(surface, label, 68, y, WHITE)
            if value:
                m.font.draw(surface, f"< {value} >", 196, y, INFO, align="right")
            if i == self.row:
                cursor(surface, 58, y + 3, m.frame)
        surface.blit(m.art.tokens[self.colour], (118, 79))


class RecordsScene(Scene):
    """Records (issue 8): in the game chosen on the title (issue 15), each profile's and
    character's games, wins, last places, win rate, largest lead, best score, favourite variant
    and the last games (A watches one), in the game's own words (issue 21: ``GameDef.words.best``,
    ``score_unit``, ``variant_label``; no "Favourite" line for a game with none); X erases a
    profile's records (after a confirmation)."""

    overlay_at = HEADED["overlay_at"]
    timer_at = HEADED["timer_at"]

    LIST_ROWS = 16                  # profiles and characters shown at once

    def __init__(self, game: str | None = None) -> None:
        self.index = 0
        self.game = 0
        self.confirm: Menu | None = None
        self.focus = "list"
        self.of = game or registry.DEFAULT       # the game whose records these are

    def enter(self, m) -> None:
        self.refresh(m)

    def refresh(self, m) -> None:
        if m.records is None:
            self.entries = []
            return
        self.entries = [p["name"] for p in m.records.profiles("human")] + \
                       [c for c in CHARACTER_IDS if m.records.stats(c, game=self.of).games]
        self.index = min(self.index, max(0, len(self.entries) - 1))
        self.stats = m.records.stats(self.entries[self.index], game=self.of) if self.entries else None

    def handle(self, m, b) -> None:
        pad = next((p for p in range(4) if b.pressed[p]), 0)
        if self.confirm is not None:
            self.confirm.handle(b, pad, m)
            if self.confirm.chosen == 0:
                m.records.erase(self.entries[self.index])
                self.confirm = None
                self.refresh(m)
            elif self.confirm.chosen is not None or self.confirm.cancelled:
                self.confirm = None
            return
        if b.press(pad, B):
            if self.focus == "games":
                self.focus = "list"
            else:
                m.pop()
            return
        if not self.entries:
            return
        if self.focus == "list":
            if b.repeat(pad, UP):
                self.index = (self.index - 1) % len(self.entries)
                self.refresh(m)
            elif b.repeat(pad, DOWN):
                self.index = (self.index + 1) % len(self.entries)
                self.refresh(m)
            elif b.press(pad, A) and self.stats and self.stats.last_games:
                self.focus, self.game = "games", 0
            elif b.press(pad, X) and self.stats and self.stats.kind == "human":
                self.confirm = Menu(["Erase", "Keep"], cancel=True, index=1)
            return
        if self.stats is None:           # the list of games opens only on a profile's stats
            return
        games = self.stats.last_games
        if b.repeat(pad, UP):
            self.game = (self.game - 1) % len(games)
        elif b.repeat(pad, DOWN):
            self.game = (self.game + 1) % len(games)
        elif b.press(pad, A):
            self.watch(m, games[self.game])
        elif b.press(pad, Y):
            record = self.load(games[self.game])
            if record is not None:
                m.push(AnalysisScene(record))

    def load(self, game: dict):
        """A listed game's record, if its file is still there (else None, and why in ``message``)."""
        path = game.get("record")
        if not path:
            self.message = tr("Cannot watch it: {why}", why="no record was kept")
            return None
        try:
            record = load_record(path)
            check_data(record)
            start_of(record)
        except (TdreamError, OSError, TypeError) as e:
            self.message = tr("Cannot watch it: {why}", why=str(e).splitlines()[0][:40])
            return None
        return record

    def watch(self, m, game: dict) -> None:
        """Watch a listed game's record, if its file is still there."""
        record = self.load(game)
        if record is None:
            return
        setup = MatchSetup(record.setup.game, record.setup.seed, record.setup.kinds, dict(record.setup.options),
                           replay=record, speed=4)
        m.push(frontend_of(record.setup.game).table_scene(setup))

    def rows(self, st) -> list[tuple[str, str]]:
        """The figures of ``st`` with their labels, in the game's words (``best_label``,
        ``score_unit``: "Best sum 40"): a variant's line only for a game whose variants have a name."""
        game = registry.get(self.of)
        unit = game.words.unit
        rows = [(tr("Games"), str(st.games)), (tr("Wins"), str(st.wins)), (tr("Last places"), str(st.last_places)),
                (tr("Win rate"), f"{st.win_rate * 100:.1f}%"), (tr("Largest lead"), f"{st.largest_lead:,}{unit}"),
                (tr(game.words.best), f"{st.best_score:,}{unit}")]
        if game.words.variant:
            rows.append((tr("Favourite {variant}", variant=tr(game.words.variant)),
                         tr(variant_text(self.of, st.favourite_variant)) if st.favourite_variant else "-"))
        return rows

    def draw(self, m, surface) -> None:
        font = m.font
        skyline(surface, 0)
        header(m, surface, tr("RECORDS"), tr(registry.get(self.of).name))
        if m.records is None:
            window(surface, (16, 60, 224, 40))
            font.draw(surface, tr("No records database: nothing is counted."), 128, 76, WHITE, "small", align="centre")
            return
        window(surface, (4, 18, 80, 190))
        if not self.entries:
            font.draw(surface, tr("No games yet."), 12, 26, WHITE, "small")
        first = max(0, self.index - (self.LIST_ROWS - 1))
        for i, name in enumerate(self.entries[first:first + self.LIST_ROWS]):
            k = first + i
            colour = WHITE if name not in CHARACTER_IDS else INFO
            label = shown_name(character(name).name) if name in CHARACTER_IDS else name     # a profile's as typed
            font.draw(surface, fit(font, label, 62), 16, 24 + i * 11, GOLD if k == self.index else colour, "small")
            if k == self.index:
                cursor(surface, 8, 25 + i * 11, m.frame)
        st = getattr(self, "stats", None)
        window(surface, (88, 18, 164, 190))
        if st is not None and self.confirm is None:      # the question stands in the figures' place
            self.draw_stats(m, surface, st)
        if self.focus == "games":
            hint = tr("A: watch   B: back")
            if st is not None and self.game < len(st.last_games) and st.last_games[self.game].get("record"):
                hint += "   Y: analysis"
        else:
            hint = tr("A: last games   X: erase   B: back") if st is not None else tr("B: back")
        if getattr(self, "message", ""):
            font.draw(surface, fit(font, self.message, 196), 110, 212, GOLD, "small", INK, align="centre")
        else:                                           # under the panels, left of the timer's corner
            font.draw(surface, fit(font, hint, 196), 110, 212, WHITE, "small", INK, align="centre")
        if self.confirm is not None:                    # the question in the figures' place (a long name wraps)
            lines = font.wrap(tr("Erase {name}'s records?", name=self.entries[self.index]), 148)
            for i, line in enumerate(lines):
                font.draw(surface, line, 170, 64 + i * 12, GOLD, align="centre")
            self.confirm.draw(m, surface, 122, 70 + 12 * len(lines), 96)

    def draw_stats(self, m, surface, st) -> None:
        """The figures (a value too long for its label's line goes on the next one, right-aligned),
        then the last games: the date, the variant (if the game names one), the place."""
        font = m.font
        width = 150                                   # the panel's inside: x 96 to 246
        y = 24
        for label, value in self.rows(st):
            font.draw(surface, label, 96, y, INFO, "small")
            if font.width(label, "small") + 6 + font.width(value, "small") > width:
                y += 9
            font.draw(surface, fit(font, value, width), 246, y, WHITE, "small", align="right")
            y += 10
        y += 6
        font.draw(surface, tr("Last games"), 96, y, GOLD, "small")
        named = bool(registry.get(self.of).words.variant)
        for i, g in enumerate(st.last_games):
            row = y + 11 + i * 10
            colour = GOLD if self.focus == "games" and i == self.game else WHITE
            where = tr(variant_name(self.of, g["variant"])) if named and g["variant"] else ""
            where = fit_words(font, where, 136 - font.width(g["date"] + " ", "small"))
            font.draw(surface, f"{g['date']} {where}".rstrip(), 96, row, colour, "small")
            font.draw(surface, f"#{g['rank']}", 246, row, colour, "small", align="right")
            if self.focus == "games" and i == self.game:
                cursor(surface, 91, row + 1, m.frame)     # clear of the panel's border


def fit_words(font, text: str, width: int) -> str:
    """``text`` cut to ``width`` small pixels after a whole word (and without the comma before
    the cut), with a full stop where it was cut: "dishes by kind." rather than "dishes by kind,."
    (``fit`` for a text with no space, Japanese)."""
    if font.width(text, "small") <= width:
        return text
    words = text.split(" ")
    while len(words) > 1:
        words.pop()
        cut = " ".join(words).rstrip(",;:") + "."
        if font.width(cut, "small") <= width:
            return cut
    return fit(font, text, width)


def variant_name(game_id: str, variant: str) -> str:
    """How a game names the variant its records group by (a board's name)."""
    try:
        return registry.get(game_id).variant_name(variant)
    except (TdreamError, KeyError):
        return variant


def variant_text(game_id: str, variant: str) -> str:
    """A variant as the records name it after the game's ``variant_label`` ("8x8" after "board
    size", a board's name after "board")."""
    try:
        return registry.get(game_id).variant_text(variant)
    except (TdreamError, KeyError):
        return variant


def saved_games(folder, limit: int = 12, game: str | None = None, today: str | None = None) -> list[dict]:
    """The unfinished game records in ``folder`` (Pause > Save and quit, or a game cut off),
    of ``game`` (or of every game), newest first: {file (its name in ``folder``), game, variant,
    turn, seats, date}. Damaged files are left out. ``today``: the date of every one (a movie's
    blank folder holds only the games saved in it, on its date), else each file's own; the list
    holds no path, so a movie's folder may be anywhere (FORMATS.md section 4)."""

    if not folder or not os.path.isdir(folder):
        return []
    files = sorted(Path(folder).glob("*.tdr"), key=lambda p: (-p.stat().st_mtime_ns, p.name))
    out = []
    for path in files[:limit * 4]:
        try:
            record = load_record(path)
        except (TdreamError, OSError):
            continue
        if record.finished or (game is not None and record.setup.game != game):
            continue
        turns = record.turns()
        g = record.game
        out.append({"file": path.name, "game": g.id, "variant": g.variant(full_options(g, record.setup.options)),
                    "turn": turns + 1,
                    "seats": list(record.setup.names), "humans": [seat.human for seat in record.setup.seats],
                    "date": today or datetime.date.fromtimestamp(path.stat().st_mtime).isoformat()})
        if len(out) == limit:
            break
    return out


class ContinueScene(Scene):
    """Continue a saved game (issue 14): the unfinished records of the game chosen on the title
    in the records folder, newest first; A goes on from the last whole turn, B goes back."""

    overlay_at = HEADED["overlay_at"]
    timer_at = HEADED["timer_at"]

    ROWS = 9                        # saved games shown at once (the list scrolls)

    def __init__(self, game: str | None = None) -> None:
        self.index = 0
        self.message = ""
        self.of = game or registry.DEFAULT

    def enter(self, m) -> None:
        if not hasattr(self, "games"):
            self.games = saved_games(m.record_dir, game=self.of, today=m.today if m.movie else None)

    def handle(self, m, b) -> None:
        pad = next((p for p in range(4) if b.pressed[p]), 0)
        if b.press(pad, B):
            m.pop()
            return
        if not self.games:
            if b.press(pad, A):
                m.pop()
            return
        if b.repeat(pad, UP):
            self.index = (self.index - 1) % len(self.games)
        elif b.repeat(pad, DOWN):
            self.index = (self.index + 1) % len(self.games)
        elif b.press(pad, A | START):
            self.resume(m, os.path.join(m.record_dir, self.games[self.index]["file"]))

    def resume(self, m, path: str) -> None:
        try:
            r = resume_record(path)
        except (TdreamError, OSError) as e:
            self.message = tr("Cannot continue it: {why}", why=str(e).splitlines()[0][-48:])
            return
        setup = MatchSetup(r.record.setup.game, r.record.setup.seed, r.record.setup.kinds,
                           dict(r.record.setup.options), resume=r)
        m.replace(frontend_of(r.record.setup.game).table_scene(setup))

    def at(self, g: dict) -> str:
        """The turn (or round, as the game's progress counts) a saved game goes on at."""
        rounds = registry.get(g["game"]).progress_unit == "rounds"
        return tr("round {turn}", turn=g["turn"]) if rounds else tr("turn {turn}", turn=g["turn"])

    def draw(self, m, surface) -> None:
        font = m.font
        skyline(surface, 0)
        header(m, surface, tr("CONTINUE"), tr(registry.get(self.of).name))
        window(surface, (4, 18, 248, 190))
        if not self.games:
            font.draw(surface, tr("No saved game. Pause > Save and quit keeps one."), 128, 100, WHITE, "small",
                      align="centre")
        first = max(0, self.index - (self.ROWS - 1))
        for i, g in enumerate(self.games[first:first + self.ROWS]):
            y = 24 + i * 20                          # two lines a game, a gap between games
            chosen = first + i == self.index
            colour = GOLD if chosen else WHITE
            at = self.at(g)                          # the variant (if named), the turn, the date
            font.draw(surface, at, 192, y, colour, "small", align="right")
            name = tr(variant_name(g["game"], g["variant"])) if g["variant"] else ""
            font.draw(surface, fit_words(font, name, 172 - font.width(at, "small")), 16, y, colour, "small")
            font.draw(surface, g["date"], 246, y, INFO, "small", align="right")
            seats = [shown_name(n, h) for n, h in zip(g["seats"], g.get("humans") or [True] * len(g["seats"]))]
            font.draw(surface, fit(font, tr(", ").join(seats), 226), 20, y + 9, LABEL, "small")
            if chosen:
                cursor(surface, 8, y + 1, m.frame)
        font.draw(surface, fit(font, self.message or tr("A: continue   B: back"), 196), 110, 212, WHITE, "small", INK,
                  align="centre")

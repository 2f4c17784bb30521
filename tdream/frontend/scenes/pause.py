"""Pause menu and options (PRESENTATION.md screen 16)."""
from __future__ import annotations

import pygame

from ..art import dither
from ..constants import DOWN, GOLD, INFO, LEFT, RIGHT, START, UP, WHITE, A, B
from ..frontends import frontend_of
from ..hint import LABEL_HINT, HintScene, hint_seat
from ..machine import Scene
from ..text import tr
from ..widgets import Menu, cursor, window
from .learn import HowToScene, LogScene
from .remap import RemapScene

OPTION_ROWS = (
    ("text_speed", "Text speed", ("slow", "normal", "fast", "instant")),
    ("anim_speed", "Animation speed", ("slow", "normal", "fast")),
    ("skip_cpu", "Skip CPU animations", (False, True)),
    ("talk", "Comments", ("never", "rarely", "sometimes", "often", "always")),
    ("music", "Music volume", tuple(range(11))),
    ("sound", "Sound volume", tuple(range(11))),
    ("scale", "Scale", tuple(range(0, 9))),
    ("fullscreen", "Fullscreen", (False, True)),
    ("aspect_87", "8:7 pixels", (False, True)),
    ("scanlines", "Scanlines", (False, True)),
    ("language", "Language", ("en", "ja")),
    ("timer", "Timer", (False, True)),
    ("input_display", "Input display", (False, True)),
    ("livesplit", "LiveSplit splits", (False, True)),
)


LANGUAGE_NAMES = {"en": "English", "ja": "日本語"}     # each language in its own words


def _show(value) -> str:
    if value is True:
        return "on"
    if value is False:
        return "off"
    return str(value)


def shown_value(key: str, value) -> str:
    """An option's value as the Options screen shows it."""
    if key == "scale" and value == 0:
        return tr("fit")
    if key == "language":
        return LANGUAGE_NAMES.get(value, str(value))
    return tr(_show(value))


class OptionsScene(Scene):
    overlay_at = (2, 214, "left")

    opaque = False

    def __init__(self, pad: int) -> None:
        self.pad = pad
        self.index = 0

    def extras(self, m) -> tuple[str, ...]:
        """The rows under the options: Controls, TAS tools (on the title of a game in a window:
        a window's reader runs; never in a movie, a TAS, a match's pause or a headless run), Done."""
        title = m.reader is not None and not m.movie and not any(isinstance(sc, PauseScene) for sc in m.stack)
        return ("Controls...", "TAS tools...", "Done") if title else ("Controls...", "Done")

    def handle(self, m, b) -> None:
        pad = self.pad
        extras = self.extras(m)
        rows = len(OPTION_ROWS) + len(extras)
        if b.repeat(pad, UP):
            self.index = (self.index - 1) % rows
        elif b.repeat(pad, DOWN):
            self.index = (self.index + 1) % rows
        if self.index < len(OPTION_ROWS):
            key, _, values = OPTION_ROWS[self.index]
            for mask, d in ((LEFT, -1), (RIGHT, 1)):
                if b.repeat(pad, mask) or (d == 1 and b.press(pad, A)):
                    cur = getattr(m.settings, key)
                    i = values.index(cur) if cur in values else 0
                    setattr(m.settings, key, values[(i + d) % len(values)])
                    m.settings_changed = True
        elif b.press(pad, A) and self.index == len(OPTION_ROWS):
            m.push(RemapScene(pad))
            return
        elif b.press(pad, A) and extras[self.index - len(OPTION_ROWS)] == "TAS tools...":
            # A new TAS from power on: the window closes this sitting and opens the TAS window
            # (run.run_window's ``tas``); asked through an attribute that is never state.
            m.tas_asked = True
            return
        if b.press(pad, B) or b.press(pad, START) or (b.press(pad, A) and self.index == rows - 1):
            m.pop()

    def draw(self, m, surface) -> None:
        extras = self.extras(m)
        top = 12 if len(extras) == 2 else 1         # a row more: the window starts higher
        window(surface, (32, top, 192, 26 + 11 * (len(OPTION_ROWS) + len(extras))))
        m.font.draw(surface, tr("OPTIONS"), 128, top + 4, GOLD, align="centre")
        for i, (key, label, _) in enumerate(OPTION_ROWS):
            y = top + 18 + i * 11
            m.font.draw(surface, tr(label), 48, y, WHITE, "small")
            value = shown_value(key, getattr(m.settings, key))
            if key == "scale" and m.shortfall is not None:      # the window's own fact: drawn, never state
                value = tr("{k}: {shown}x fits", k=m.shortfall[0], shown=m.shortfall[1])
            m.font.draw(surface, f"< {value} >", 216, y, INFO, "small", align="right")
            if i == self.index:
                cursor(surface, 40, y + 1, m.frame)
        for j, label in enumerate(extras):
            i = len(OPTION_ROWS) + j
            y = top + 18 + i * 11
            m.font.draw(surface, tr(label), 48, y, GOLD, "small")
            if i == self.index:
                cursor(surface, 40, y + 1, m.frame)


_SHADE: list = []


def _shade() -> pygame.Surface:
    """The game behind the pause menu, dimmed: every other pixel dark (15-bit, no blending)."""
    if not _SHADE:
        _SHADE.append(dither((256, 224), (0, 0, 24)))
    return _SHADE[0]


class PauseScene(Scene):
    opaque = False

    def __init__(self, table, pad: int, connected: int = 0xF) -> None:
        self.table = table
        self.pad = pad
        self.overlay_at, self.timer_at = table.overlay_at, table.timer_at    # where the table has them
        watching = table.replaying
        learn = ["How to play"] if frontend_of(table.gamedef.id).howto() else []
        # Practice only, the pad's own seat asked a decision (``hint.hint_seat``); an item only
        # then, so the menu of Free play, the Campaign and a record watched is as it was; just
        # above the last item, so that every other item is where it was (Down to the turn log,
        # Up from Resume to the last: an older movie's presses choose what they chose)
        hint = [LABEL_HINT] if hint_seat(table, pad) is not None else []
        # A person's seat whose pad is unplugged (a netplay guest gone, a pad that died) may be
        # handed to the CPU: its words name the seat (in English, as netplay's screens: the shared
        # Japanese words are part of every movie's data hash)
        self.handovers = {} if watching or table.demo else {
            "CPU plays for {who}".format(who=table.names[seat]): seat
            for seat, pad in sorted(table.pad_of.items()) if not connected >> pad & 1}
        self.menu = Menu(["Resume"] + learn + ["Turn log", "Options"] + list(self.handovers) + hint
                         + ["Stop watching" if watching else "Save and quit"], cancel=True)
        self.confirm: Menu | None = None

    def handle(self, m, b) -> None:
        if self.confirm is not None:
            self.confirm.handle(b, self.pad, m)
            if self.confirm.cancelled or self.confirm.chosen == 1:
                self.confirm = None
            elif self.confirm.chosen == 0:
                m.reset(m.home_scene())
            return
        if b.press(self.pad, START):
            m.pop()
            return
        self.menu.handle(b, self.pad, m)
        if self.menu.cancelled:
            m.pop()
            return
        if self.menu.chosen is not None:
            choice = self.menu.items[self.menu.chosen]
            self.menu.chosen = None
            if choice == "Resume":
                m.pop()
            elif choice == LABEL_HINT:
                seat = hint_seat(self.table, self.pad)
                m.pop()
                if seat is not None:
                    m.push(HintScene(self.table, self.pad, seat))
            elif choice == "How to play":
                m.push(HowToScene(self.table.gamedef.id))
            elif choice == "Turn log":
                m.push(LogScene(self.table, self.pad))
            elif choice == "Options":
                m.push(OptionsScene(self.pad))
            elif choice in self.handovers:
                self.table.hand_to_cpu(m, self.handovers[choice])
                m.pop()
            elif choice == "Stop watching":     # watching a record: nothing to save; back where it was chosen
                m.pop()                         # the pause menu
                m.pop()                         # the table
                if not m.stack:                 # watched from the command line: the title
                    m.quit = False
                    m.home()
            else:
                self.confirm = Menu(["Quit to the title", "Keep playing"], cancel=True)

    def notice_top(self) -> int:
        """Where the record's notice goes: under the menu (or the quit question), never over its
        last items."""
        below = 60 + (self.confirm.height("Quit this game?") if self.confirm is not None else self.menu.height("PAUSE"))
        return max(118, below + 4)

    def draw(self, m, surface) -> None:
        """The menu (the quit confirmation in its place once asked), the record's notice under it."""
        surface.blit(_shade(), (0, 0))
        if self.confirm is not None:
            self.confirm.draw(m, surface, 64, 60, 128, "Quit this game?")
        else:
            self.menu.draw(m, surface, 80, 60, 96, "PAUSE")
        w = self.table.writer
        warning = self.table.host.warning
        text = ""
        if warning:             # the folder could not be written: said, never a crash (issue 36)
            text = tr("This game is not recorded ({why}): it cannot be continued later.", why=warning)
        elif w is not None:
            if m.movie:         # a movie's user folder is its own, and goes with it (FORMATS.md section 4)
                text = tr("A movie is recording: this game's record lives in the movie's own blank user folder "
                          "and goes with it (Continue finds it until the movie ends).")
            else:
                text = tr("The game is saved as you play: Continue, on the title, goes on with it.")
        if text:
            lines = m.font.wrap(text, 216, "small")
            top = self.notice_top()
            window(surface, (14, top, 228, 12 + 9 * len(lines)))
            for i, line in enumerate(lines):
                m.font.draw(surface, line, 20, top + 6 + i * 9, WHITE, "small")

"""Set-up (PRESENTATION.md screen 2) for any game, by pad alone: the shell's default, which
``GameFrontend.mode_scene`` opens for a game with no set-up of its own.

Made from the ``GameDef`` alone: a row a seat (a human on a pad, with a profile by A, or one of
``cpu_kinds()``; the seats past the fewest may be empty), the CPU level when the game has several
(``cpu_levels``), a row an option (``options``: a closed list, a range or on/off; the seat option
is the seats filled), how often the characters talk when the game has comments, and Start.
Modes: Free play (seat 1 a human), Practice (the same, never counted), Spectate (CPUs only). The
match plays the machine's next seed (``Machine.match_seed``), which also draws the line-up. B
backs out; Start (or A on the last row) plays.
"""
from __future__ import annotations

import pygame

from ...platform import registry
from ...platform.protocol import GameDef
from ...platform.roster import CHARACTER_IDS, character
from ...rng import Rng
from ..constants import A, B, DOWN, GOLD, INK, LEFT, PLAYER_COLOURS, RIGHT, START, UP, WHITE, rgb15
from ..machine import Scene
from ..match import MatchSetup, seat_names, seat_problem
from ..text import tr
from ..widgets import cursor, fit, skyline, window
from ..frontends import frontend_of
from ...platform.options import option, options_for

TALK = ("never", "rarely", "sometimes", "often", "always")
INFO = rgb15(200, 216, 248)
ROWS_SHOWN = 14                      # rows the list shows at once (it scrolls past them)


def has_comments(game) -> bool:
    """The game's characters comment on it (its ``GameDef.commentary`` is its own)."""
    return type(game).commentary is not GameDef.commentary


def option_text(value) -> str:
    """An option's value as the set-up shows it."""
    if value is None:
        return tr("none")
    if isinstance(value, bool):
        return tr("on" if value else "off")
    return tr(str(value))


class SeatRows(Scene):
    """What every game's set-up screen shares: rows (``self.rows``, the cursor ``self.index``) on
    the pad last pressed (``self.pad``); up/down a row, left/right (and A) change it
    (``change(row, step)``), A on a human seat (``seatN``) chooses his profile, Start (or A on
    ``start``) starts (``start(m)``), B goes back."""

    pad: int
    index: int
    rows: list[str]
    seats: list[str]
    profiles: list
    prefs: dict

    def change(self, row: str, step: int) -> None:
        raise NotImplementedError

    def start(self, m) -> None:
        raise NotImplementedError

    def handle(self, m, b) -> None:
        p = b.any_press(0xFFF)
        if p >= 0:
            self.pad = p
        pad = self.pad
        if b.repeat(pad, UP):
            self.index = (self.index - 1) % len(self.rows)
        elif b.repeat(pad, DOWN):
            self.index = (self.index + 1) % len(self.rows)
        row = self.rows[self.index]
        if b.repeat(pad, LEFT):
            self.change(row, -1)
        elif b.repeat(pad, RIGHT):
            self.change(row, 1)
        if b.press(pad, B):
            m.pop()
        elif b.press(pad, START) or (b.press(pad, A) and row == "start"):
            self.start(m)
        elif b.press(pad, A) and row.startswith("seat") and self.seats[int(row[4:])] == "human":
            self.choose_profile(m, int(row[4:]))
        elif b.press(pad, A):
            self.change(row, 1)

    def choose_profile(self, m, i: int) -> None:
        """The profile of seat ``i`` (a human's), from the profiles screen."""
        from .modes import ProfileScene

        def chosen(name) -> None:
            if name is not False:
                self.profiles[i] = name
                self.prefs = {p["name"]: p for p in m.records.profiles()} if m.records is not None else {}
        m.push(ProfileScene(chosen))


class SetupScene(SeatRows):
    def __init__(self, game_id: str, mode: str = "Free play") -> None:
        self.game_id = game_id
        self.mode = mode
        self.spectate = mode == "Spectate"
        self.practice = mode == "Practice"

    @property
    def gamedef(self):
        return registry.get(self.game_id)

    def enter(self, m) -> None:
        if hasattr(self, "rows"):
            return
        game = self.gamedef
        lo, hi = game.seats
        kinds = game.cpu_kinds()
        pool = [k for k in kinds if k in CHARACTER_IDS]
        Rng(m.match_seed).shuffle(pool)              # the line-up of the match it starts
        line = iter(pool + [k for k in kinds if k not in CHARACTER_IDS and k != "random"] + ["random"] * hi)
        self.seats: list = [None] * hi
        for i in range(game.default_seats):
            self.seats[i] = "human" if i == 0 and not self.spectate else next(line)
        self.profiles: list = [None] * hi
        self.prefs: dict = {}
        self.levels = list(game.cpu_levels)
        self.level = self.levels.index("normal") if "normal" in self.levels else 0
        self.specs = [o for o in game.options if o.name != game.seat_option]
        self.options = {o.name: o.default for o in self.specs}
        last = m.settings.last.get(game.id, {})     # the set-up last started
        for k, v in (last.get("options") or {}).items():
            if k in self.options and option(game, k).check(v) is None:
                self.options[k] = v
        if last.get("level") in self.levels:
            self.level = self.levels.index(last["level"])
        known = {p["name"]: p for p in m.records.profiles()} if m.records is not None else {}
        if not self.spectate and last.get("profile") in known:
            self.profiles[0], self.prefs = last["profile"], known
        self.talk = TALK.index(m.settings.talk) if m.settings.talk in TALK else 2
        self.rows = [f"seat{i}" for i in range(hi)] + (["level"] if len(self.levels) > 1 else [])
        self.rows += [f"option:{o.name}" for o in self.specs] + (["talk"] if has_comments(game) else []) + ["start"]
        self.index = len(self.rows) - 1
        self.pad = 0
        self.message = ""

    # ---------------------------------------------------------------- values
    def spec(self, row: str):
        return option(self.gamedef, row.split(":", 1)[1])

    def kinds(self) -> list[str]:
        """The seats filled, each a human or a CPU kind with the level chosen."""
        level = self.levels[self.level] if self.levels else "normal"
        return [k if k in ("human", "random") or level == "normal" else f"{k}:{level}" for k in self.seats
                if k is not None]

    def label(self, row: str) -> tuple[str, str]:
        if row.startswith("seat"):
            i = int(row[4:])
            k = self.seats[i]
            head = tr("Seat {k}", k=i + 1)
            if k is None:
                return head, tr("(empty)")
            if k == "human":
                pad = sum(1 for s in self.seats[:i + 1] if s == "human")
                name = self.profiles[i]
                if name and self.prefs.get(name):
                    pad = self.prefs[name]["pad"]
                return head, tr("{name} (pad {k})", name=name, k=pad) if name else tr("Player {k} (pad {k})", k=pad)
            grade = self.gamedef.grade(k)
            name = tr(seat_names([k])[0])
            return head, f"{name} ({grade})" if grade else name
        if row == "level":
            return tr("CPU level"), tr(self.levels[self.level])
        if row.startswith("option:"):
            spec = self.spec(row)
            return tr(spec.name.replace("_", " ").capitalize()), option_text(self.options[spec.name])
        if row == "talk":
            return tr("Comments"), tr(TALK[self.talk])
        return tr("Start the game"), ""

    def change(self, row: str, d: int) -> None:
        self.message = ""
        if row.startswith("seat"):
            i = int(row[4:])
            kinds = ["human"] + list(self.gamedef.cpu_kinds()) + ([None] if i >= self.gamedef.seats[0] else [])
            j = kinds.index(self.seats[i]) if self.seats[i] in kinds else 0
            for _ in range(len(kinds)):                  # a character sits once
                j = (j + d) % len(kinds)
                if kinds[j] not in CHARACTER_IDS or kinds[j] not in self.seats:
                    break
            self.seats[i] = kinds[j]
        elif row == "level":
            self.level = (self.level + d) % len(self.levels)
        elif row.startswith("option:"):
            spec = self.spec(row)
            self.options[spec.name] = step_option(spec, self.options[spec.name], d)
        elif row == "talk":
            self.talk = (self.talk + d) % len(TALK)

    def match_setup(self, m):
        """The match the set-up stands for, or None (and why not, on screen)."""
        game = self.gamedef
        kinds = self.kinds()
        profiles = [self.profiles[i] for i, k in enumerate(self.seats) if k == "human"]
        why = seat_problem(kinds, profiles)
        if why:                          # two seats of one name: a match no game can seat
            self.message = why
            return None
        chosen = [p for p in profiles if p]
        try:
            options_for(game, self.options, len(kinds))
        except ValueError as e:
            self.message = str(e)
            return None
        prefs = {p["name"]: p for p in m.records.profiles()} if m.records is not None else {}
        colours = {name: prefs[name]["colour"] for name in chosen if name in prefs}
        pads = [prefs[name]["pad"] - 1 if name in prefs else k for k, name in enumerate(profiles)]
        if len(set(pads)) != len(pads):
            pads = list(range(len(profiles)))
        mode = "practice" if self.practice else "free" if "human" in kinds else "spectate"
        return MatchSetup(game.id, m.match_seed, kinds, dict(self.options), mode=mode, profiles=profiles,
                          colours=colours, pads=pads)

    def start(self, m) -> None:
        setup = self.match_setup(m)
        if setup is None:
            m.sound("cancel")
            return
        if has_comments(self.gamedef):
            m.settings.talk = TALK[self.talk]
        m.settings.last = {**m.settings.last, self.game_id: {
            "options": dict(self.options), "level": self.levels[self.level] if self.levels else "normal",
            "profile": setup.profiles[0] if setup.profiles else None}}
        m.settings_changed = True
        m.match_started()
        m.replace(frontend_of(self.gamedef.id).table_scene(setup))

    # ---------------------------------------------------------------- drawing
    def draw(self, m, surface) -> None:
        skyline(surface, 0)
        font = m.font
        name = tr(self.gamedef.name).upper()
        title = tr("PRACTICE (not counted)") if self.practice else tr("SET UP {game}", game=name)
        font.draw(surface, title, 8, 4, GOLD, shadow=INK)
        first = max(0, min(self.index - ROWS_SHOWN + 2, len(self.rows) - ROWS_SHOWN))
        shown = self.rows[first:first + ROWS_SHOWN]
        window(surface, (4, 18, 140, 12 * len(shown) + 8))
        for i, row in enumerate(shown):
            y = 22 + i * 12
            label, value = self.label(row)
            w = font.draw(surface, fit(font, label, 84), 14, y, GOLD if row == "start" else WHITE,
                          "main" if row == "start" else "small")
            if value:
                font.draw(surface, fit(font, value, 140 - 14 - w - 8), 138, y + 1, INFO, "small", align="right")
            if first + i == self.index:
                cursor(surface, 6, y + 2, m.frame)
        self.draw_info(m, surface, self.rows[self.index])
        font.draw(surface, tr("Left/Right change  A next  B back  Start: play"), 128, 214, WHITE, "small", INK,
                  align="centre")
        if self.message:
            font.draw(surface, fit(font, self.message, 240), 8, 202, GOLD, "small", INK)

    def draw_info(self, m, surface, row: str) -> None:
        """What the row chosen means: a character's face and strength, an option's help, the line-up."""
        font, game = m.font, self.gamedef
        window(surface, (148, 18, 104, 190))
        k = self.seats[int(row[4:])] if row.startswith("seat") else ""
        if k in CHARACTER_IDS:
            ch = character(k)
            face = m.art.portrait(k)
            if face is not None:
                surface.blit(face, (184, 26))
            font.draw(surface, ch.name, 200, 62, rgb15(*ch.colour), align="centre")
            font.draw(surface, tr("Age {age}", age=tr(ch.age)), 200, 76, WHITE, "small", align="centre")
            if game.grade(k):
                font.draw(surface, tr("Strength {grade}", grade=game.grade(k)), 200, 85, WHITE, "small",
                          align="centre")
            return
        if row.startswith("seat"):
            text = {"human": tr("A person with a pad: the keyboard is pad 1. A: choose a profile."),
                    "random": tr("Plays any legal move at random."),
                    None: tr("Nobody sits here. {game} is for {lo} to {hi} player(s).", game=tr(game.name),
                             lo=game.seats[0], hi=game.seats[1])}.get(k, tr("One of the game's own CPU players."))
        elif row == "level":
            text = tr("How well the CPU players play: {levels}.", levels=", ".join(tr(v) for v in self.levels))
        elif row.startswith("option:"):
            spec = self.spec(row)
            text = tr(spec.help) + (f" ({spec.rule})" if spec.rule else "")
        elif row == "talk":
            text = tr("How often the characters comment on the game.")
        else:
            text = tr("Start: play with these seats.")
        y = 26
        for line in font.wrap(text, 94, "small"):
            font.draw(surface, line, 154, y, WHITE, "small")
            y += 9
        if row == "start":
            profiles = [self.profiles[i] for i, s in enumerate(self.seats) if s == "human"]
            for i, name in enumerate(seat_names(self.kinds(), profiles)):
                pygame.draw.rect(surface, PLAYER_COLOURS[i % 4], (156, y + 7, 6, 6))
                font.draw(surface, fit(font, name, 80), 166, y + 6, WHITE, "small")
                y += 9


def step_option(spec, value, d: int):
    """The value ``d`` steps from ``value`` (a closed list cycles, on/off flips, a range stops at
    its ends; a nullable option has "none" past them)."""
    if spec.choices:
        choices = list(spec.choices)
        return choices[(choices.index(value) + d) % len(choices)] if value in choices else choices[0]
    if isinstance(spec.default, bool):
        return not value
    if value is None:
        return spec.lo if d > 0 else spec.hi
    new = value + d
    if spec.check(new) is None:
        return new
    return None if spec.nullable else value


__all__ = ["SetupScene", "step_option", "option_text", "has_comments"]

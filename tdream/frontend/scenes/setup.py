"""Set-up (PRESENTATION.md screen 2) for every game, by pad alone: one screen, drawn from data.

Made from the ``GameDef`` (seats, CPU levels, ``options``: each ``OptionSpec`` with its label,
its values' words and help lines) and the game's ``SetupScreen`` (``GameFrontend.setup_screen``:
the rows' order, the seat kinds offered, what is remembered, help lines of its own, its preview
drawing). Rows: a row a seat (a human on a pad, with a profile by A, or a CPU kind; the seats
past the fewest may be empty), the seat count when the game lists its seat option, the CPU level
when the game has several, a row an option (a closed list, a range or on/off), how often the
characters talk when the game has comments, and Start. The panel on the right shows a
character's face and way of playing, or the row's help line, the game's preview and the line-up.
Modes: Free play (seat 1 a human), Practice (the same, never counted), Spectate (CPUs only). The
match plays the machine's next seed (``Machine.match_seed``), which also draws the line-up. B
backs out; Start (or A on the last row) plays.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping

import pygame

from ...errors import DataError
from ...platform import registry
from ...platform.options import option, options_for
from ...platform.protocol import GameDef, OptionSpec
from ...platform.roster import CHARACTER_IDS, character
from ...rng import Rng
from ...yamlio import read_yaml
from ..constants import DOWN, GOLD, INFO, INK, LEFT, PLAYER_COLOURS, RIGHT, START, UP, WHITE, A, B, rgb15
from ..frontends import frontend_of
from ..machine import Scene
from ..setups import MatchSetup, seat_names, seat_problem
from ..text import shown_name, tr, tr_in
from ..widgets import cursor, fit, skyline, window
from .modes import ProfileScene

TALK = ("never", "rarely", "sometimes", "often", "always")
ROWS_SHOWN = 14                      # rows the list shows at once (it scrolls past them)
FIXED_ROWS = ("seats", "level", "options", "talk", "start")
REMEMBERED = ("options", "level", "profile", "seats", "players")


@dataclass(frozen=True)
class SetupScreen:
    """What a game's set-up shows beyond its ``GameDef``: its data, and a preview drawing.
    Words are English; the screen says them in the game's own words (``text.tr_in``)."""

    title: str = ""                              # the header ("": "SET UP <the game's name>")
    #: the rows in order: "seats" (a row each), "level", "options" (every option not named
    #: alone), "talk", "start", an option's name (that option alone) or the game's seat option
    #: (the number of seats filled: left/right empties or fills the seats past the fewest)
    rows: tuple[str, ...] = FIXED_ROWS
    seat_kinds: tuple[str, ...] | None = None    # the CPU kinds a seat offers after "human" (None: cpu_kinds())
    #: seat 1 takes the line-up's first place (the others sit by their place), not the line-up
    #: starting at seat 2; the line-up is the offered characters shuffled by the match's seed
    human_takes_place: bool = False
    #: what the set-up keeps for the next time (``settings.last[game]``): "options", "level",
    #: "profile" (seat 1's), "seats" (every seat where it still can be), "players" (the number
    #: of seats filled), or an option's name (that option alone)
    remember: tuple[str, ...] = ("options", "level", "profile")
    seats_in_options: bool = True                # the match's options name the seats filled (its seat option)
    #: a help line of the game's own instead of the shell's, by row or seat kind: "human",
    #: "random", "empty", "cpu", "level", "talk", "start", "options" (every option row), an
    #: option's name; "" shows none (the preview stands there); "few": the refusal to start
    #: with fewer seats filled than the game seats
    helps: Mapping[str, str] = field(default_factory=dict)
    #: an option's words where its ``OptionSpec`` cannot list them (a board's name, a city's
    #: sites): the value -> the words, already in the screen's language
    value_words: Mapping[str, Callable[[Any], str]] = field(default_factory=dict)
    style_title: str = ""                        # the heading over a character's way of playing
    style: Callable[[str], str] | None = None    # a character's way of playing this game (English)
    #: the game's picture in the panel: ``preview(scene, m, surface, row, y)`` draws it from
    #: ``y`` down (under the help line) and returns the y under it
    preview: Callable[..., int] | None = None
    preview_rows: tuple[str, ...] = ()           # the rows it is drawn on ("options": every option row)
    lineup_rows: tuple[str, ...] = ("start",)    # the rows whose panel lists the seats' names
    message_under_rows: bool = False             # why it cannot start: under the rows (else over the keys)
    overlay_at: tuple[int, int, str] | None = None   # the speedrun overlays (``Scene.overlay_at``)
    timer_at: tuple[int, int, str] | None = None


@functools.lru_cache(maxsize=None)
def plays_in(path: Path) -> dict[str, str]:
    """Each character's way of playing a game, in English (a ``styles.yaml``'s
    ``characters.<id>.plays``; "" where it says none): a ``SetupScreen.style``'s words, read once.
    Raises DataError for a file that cannot be read."""
    data = read_yaml(path, DataError)
    return {cid: node.get("plays", "") for cid, node in data["characters"].items()}


def has_comments(game) -> bool:
    """The game's characters comment on it (its ``GameDef.commentary`` is its own)."""
    return type(game).commentary is not GameDef.commentary


def option_text(value) -> str:
    """An option's value as the screens show it (no words of its own)."""
    if value is None:
        return tr("none")
    if isinstance(value, bool):
        return tr("on" if value else "off")
    return tr(str(value))


class SetupScene(Scene):
    """Rows (``rows``, the cursor ``index``) on the pad last pressed (``pad``): up/down a row,
    left/right (and A) change it (``change(row, step)``), A on a human seat (``seatN``) chooses
    his profile, Start (or A on ``start``) starts (``start(m)``), B goes back."""

    def __init__(self, game_id: str, mode: str = "Free play") -> None:
        self.game_id = game_id
        self.mode = mode
        self.spectate = mode == "Spectate"
        self.practice = mode == "Practice"
        self._cache: dict = {}           # the preview's pictures, made when first drawn: never state

    # ---------------------------------------------------------------- the game's data
    @property
    def gamedef(self):
        return registry.get(self.game_id)

    @property
    def look(self) -> SetupScreen:
        """The game's ``SetupScreen`` (``GameFrontend.setup_screen``)."""
        return frontend_of(self.gamedef.id).setup_screen()

    @property
    def overlay_at(self):                        # type: ignore[override]
        return self.look.overlay_at or Scene.overlay_at

    @property
    def timer_at(self):                          # type: ignore[override]
        return self.look.timer_at

    def tr(self, template: str, **values) -> str:
        """``template`` in the game's own words (a label, value or help line the game gave)."""
        return tr_in(self.game_id, template, **values)

    def offered(self) -> list:
        """The CPU kinds a seat offers after "human"."""
        look = self.look
        return list(self.gamedef.cpu_kinds() if look.seat_kinds is None else look.seat_kinds)

    def spec(self, row: str) -> OptionSpec:
        return option(self.gamedef, row)

    @property
    def players(self) -> int:
        """The seats filled."""
        return sum(1 for k in self.seats if k is not None)

    # ---------------------------------------------------------------- start
    def enter(self, m) -> None:
        if hasattr(self, "rows"):
            return
        game, look = self.gamedef, self.look
        lo, hi = game.seats
        kinds = self.offered()
        pool = [k for k in kinds if k in CHARACTER_IDS]
        Rng(m.match_seed).shuffle(pool)              # the line-up of the match it starts
        line = pool + [k for k in kinds if k not in CHARACTER_IDS and k != "random"] + ["random"] * hi
        self.seats: list = [None] * hi
        if look.human_takes_place:
            self.seats[:game.default_seats] = line[:game.default_seats]
            if not self.spectate:
                self.seats[0] = "human"
        else:
            rest = iter(line)
            for i in range(game.default_seats):
                self.seats[i] = "human" if i == 0 and not self.spectate else next(rest)
        self.profiles: list = [None] * hi
        self.prefs: dict = {}
        self.levels = list(game.cpu_levels)
        self.level = self.levels.index("normal") if "normal" in self.levels else 0
        self.options = {o.name: o.default for o in game.options if o.name != game.seat_option}
        self.recall(m, pool)
        self.talk = TALK.index(m.settings.talk) if m.settings.talk in TALK else 2
        self.rows = self.layout()
        self.index = len(self.rows) - 1
        self.pad = 0
        self.message = ""

    def layout(self) -> list[str]:
        """The rows, in the game's order (``SetupScreen.rows``)."""
        game, order = self.gamedef, self.look.rows
        alone = [r for r in order if r not in FIXED_ROWS]
        for r in alone:
            if r != game.seat_option and r not in self.options:
                raise ValueError(f"{game.id}: the set-up's row {r!r} is neither an option nor the seat option")
        rows: list[str] = []
        for r in order:
            if r == "seats":
                rows += [f"seat{i}" for i in range(game.seats[1])]
            elif r == "level":
                rows += ["level"] if len(self.levels) > 1 else []
            elif r == "options":
                rows += [name for name in self.options if name not in alone]
            elif r == "talk":
                rows += ["talk"] if has_comments(game) else []
            else:
                rows.append(r)
        return rows

    def recall(self, m, pool: list) -> None:
        """The set-up last started, as far as the game keeps it (``SetupScreen.remember``)."""
        game, keep = self.gamedef, self.look.remember
        lo, hi = game.seats
        last = m.settings.last.get(game.id, {})
        if "players" in keep:                        # the seats past this many empty
            n = last.get("players")
            if isinstance(n, int) and not isinstance(n, bool) and lo <= n < hi:
                self.seats[n:] = [None] * (hi - n)
        if "seats" in keep:
            self.seats = self.remembered(last.get("seats"), pool)
        given = dict(last.get("options") or {}) if "options" in keep else {}
        given.update({k: last[k] for k in keep if k in self.options and k in last})
        for k, v in given.items():
            if k in self.options and option(game, k).check(v) is None:
                self.options[k] = v
        if "level" in keep and last.get("level") in self.levels:
            self.level = self.levels.index(last["level"])
        known = {p["name"]: p for p in m.records.profiles()} if m.records is not None else {}
        if "profile" in keep and not self.spectate and last.get("profile") in known:
            self.profiles[0], self.prefs = last["profile"], known

    def remembered(self, last, pool: list) -> list:
        """The seats as last started: seat 1 stays as the mode says (a person, or a character to
        watch), the others as they were where they still can be (a kind offered, the fewest never
        empty, a character once, no person when spectating); as they are where nothing is kept."""
        seats, lo = self.seats, self.gamedef.seats[0]
        if not isinstance(last, list) or len(last) != len(seats):
            return seats
        kinds = ["human"] + self.offered()
        out = [seats[0]] + [k if (k in kinds or (k is None and i >= lo)) else seats[i]
                            for i, k in enumerate(last[1:], 1)]
        if self.spectate:
            out = [k if k != "human" else None for k in out]
        free = [c for c in pool if c not in out]
        for i, k in enumerate(out):
            if k in CHARACTER_IDS and k in out[:i] or (k is None and i < lo):
                out[i] = free.pop(0)
        return out

    # ---------------------------------------------------------------- values
    def kinds(self) -> list[str]:
        """The seats filled, each a human or a CPU kind with the level chosen."""
        level = self.levels[self.level] if self.levels else "normal"
        return [k if k in ("human", "random") or level == "normal" else f"{k}:{level}" for k in self.seats
                if k is not None]

    def past_seats(self, spec: OptionSpec) -> bool:
        """The option does not count with the seats filled (``OptionSpec.upto_seats``)."""
        return bool(spec.upto_seats) and self.players > spec.upto_seats

    def words(self, name: str, value) -> str:
        """An option's value (or the seat count's) in the screen's words."""
        spec = self.spec(name)
        if name in self.options and self.past_seats(spec):
            return self.tr(spec.past_seats[0])
        own = self.look.value_words.get(name)
        if own is not None:
            return own(value)
        template, values = spec.shown(value)
        return self.tr(template, **values)

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
            name = shown_name(seat_names([k])[0])
            return head, f"{name} ({grade})" if grade else name
        if row == "level":
            return tr("CPU level"), tr(self.levels[self.level])
        if row == self.gamedef.seat_option and row not in self.options:
            return self.tr(self.spec(row).shown_label()), self.words(row, self.players)
        if row in self.options:
            return self.tr(self.spec(row).shown_label()), self.words(row, self.options[row])
        if row == "talk":
            return tr("Comments"), tr(TALK[self.talk])
        return tr("Start the game"), ""

    def change(self, row: str, d: int) -> None:
        self.message = ""
        game = self.gamedef
        lo, hi = game.seats
        if row.startswith("seat"):
            i = int(row[4:])
            kinds = ["human"] + self.offered() + ([None] if i >= lo else [])
            j = kinds.index(self.seats[i]) if self.seats[i] in kinds else 0
            for _ in range(len(kinds)):                  # a character sits once
                j = (j + d) % len(kinds)
                if kinds[j] not in CHARACTER_IDS or kinds[j] not in self.seats:
                    break
            self.seats[i] = kinds[j]
        elif row == "level":
            self.level = (self.level + d) % len(self.levels)
        elif row in self.options:
            self.options[row] = self.spec(row).stepped(self.options[row], d)
        elif row == game.seat_option:                    # the seats past the fewest, filled or emptied
            n = max(lo, min(hi, self.players + d))
            while self.players > n:                      # the last seated of them leaves
                self.seats[max(i for i in range(lo, hi) if self.seats[i] is not None)] = None
            while self.players < n:                      # an empty seat takes a character not seated
                i = min(i for i in range(lo, hi) if self.seats[i] is None)
                self.seats[i] = next((c for c in self.offered() if c in CHARACTER_IDS and c not in self.seats),
                                     "random")
        elif row == "talk":
            self.talk = (self.talk + d) % len(TALK)

    # ---------------------------------------------------------------- input
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

        def chosen(name) -> None:
            if name is not False:
                self.profiles[i] = name
                self.prefs = {p["name"]: p for p in m.records.profiles()} if m.records is not None else {}
        m.push(ProfileScene(chosen))

    def match_setup(self, m):
        """The match the set-up stands for, or None (and why not, on screen)."""
        game = self.gamedef
        kinds = self.kinds()
        if len(kinds) < game.seats[0]:
            few = self.look.helps.get("few")
            self.message = self.tr(few) if few else tr("Nobody sits here. {game} is for {lo} to {hi} player(s).",
                                                       game=tr(game.name), lo=game.seats[0], hi=game.seats[1])
            return None
        profiles = [self.profiles[i] for i, k in enumerate(self.seats) if k == "human"]
        why = seat_problem(kinds, profiles)
        if why:                          # two seats of one name: a match no game can seat
            self.message = why
            return None
        options = dict(self.options)
        if self.look.seats_in_options and game.seat_option:
            options[game.seat_option] = len(kinds)
        try:
            options_for(game, options, len(kinds))
        except ValueError as e:
            self.message = str(e)
            return None
        chosen = [p for p in profiles if p]
        prefs = {p["name"]: p for p in m.records.profiles()} if m.records is not None else {}
        colours = {name: prefs[name]["colour"] for name in chosen if name in prefs}
        pads = [prefs[name]["pad"] - 1 if name in prefs else k for k, name in enumerate(profiles)]
        if len(set(pads)) != len(pads):
            pads = list(range(len(profiles)))            # two seats want one pad: pads in seat order
        mode = "practice" if self.practice else "free" if "human" in kinds else "spectate"
        return MatchSetup(game.id, m.match_seed, kinds, options, mode=mode, profiles=profiles,
                          colours=colours, pads=pads)

    def start(self, m) -> None:
        """Start: the match this screen sets up, remembered for the next time as the game keeps it."""
        setup = self.match_setup(m)
        if setup is None:
            m.sound("cancel")
            return
        if has_comments(self.gamedef):
            m.settings.talk = TALK[self.talk]
        kept = {"options": dict(self.options), "level": self.levels[self.level] if self.levels else "normal",
                "profile": setup.profiles[0] if setup.profiles else None, "seats": list(self.seats),
                "players": len(setup.seats)}
        m.settings.last = {**m.settings.last, self.game_id: {
            k: kept[k] if k in REMEMBERED else self.options[k] for k in self.look.remember}}
        m.settings_changed = True
        m.match_started()
        m.replace(frontend_of(self.gamedef.id).table_scene(setup))

    # ---------------------------------------------------------------- drawing
    def draw(self, m, surface) -> None:
        skyline(surface, 0)
        font, look = m.font, self.look
        if self.practice:
            title = tr("PRACTICE (not counted)")
        else:
            title = self.tr(look.title) if look.title else tr("SET UP {game}", game=tr(self.gamedef.name).upper())
        font.draw(surface, title, 8, 4, GOLD, shadow=INK)
        first = max(0, min(self.index - ROWS_SHOWN + 2, len(self.rows) - ROWS_SHOWN))
        shown = self.rows[first:first + ROWS_SHOWN]
        window(surface, (4, 18, 140, 12 * len(shown) + 8))
        for i, row in enumerate(shown):
            y = 22 + i * 12
            label, value = self.label(row)
            w = font.draw(surface, fit(font, label, 120), 14, y, GOLD if row == "start" else WHITE,
                          "main" if row == "start" else "small")
            if value:
                font.draw(surface, fit(font, value, 140 - 14 - w - 6), 138, y + 1, INFO, "small", align="right")
            if first + i == self.index:
                cursor(surface, 6, y + 2, m.frame)
        self.draw_info(m, surface, self.rows[self.index])
        font.draw(surface, tr("Left/Right change  A next  B back  Start: play"), 128, 214, WHITE, "small", INK,
                  align="centre")
        if self.message and look.message_under_rows:     # why it cannot start: under the rows, whole
            for i, line in enumerate(font.wrap(self.message, 134, "small")):
                font.draw(surface, line, 8, 30 + 12 * len(shown) + i * 9, GOLD, "small", INK)
        elif self.message:                               # wrapped whole, its last line over the keys
            lines = font.wrap(self.message, 244, "small")
            for i, line in enumerate(lines):
                font.draw(surface, line, 8, 202 - 9 * (len(lines) - 1 - i), GOLD, "small", INK)

    def help_line(self, row: str) -> str:
        """The row's help line, in the screen's language ("" for none)."""
        game, helps = self.gamedef, self.look.helps
        if row.startswith("seat"):
            k = self.seats[int(row[4:])]
            key = {"human": "human", "random": "random", None: "empty"}.get(k, "cpu")
            if key in helps:
                return self.tr(helps[key])
            if key == "empty":
                return tr("Nobody sits here. {game} is for {lo} to {hi} player(s).", game=tr(game.name),
                          lo=game.seats[0], hi=game.seats[1])
            return tr({"human": "A person with a pad: the keyboard is pad 1. A: choose a profile.",
                       "random": "Plays any legal move at random.",
                       "cpu": "One of the game's own CPU players."}[key])
        if row in helps:
            return self.tr(helps[row])
        if row in self.options:
            spec = self.spec(row)
            if "options" in helps:
                return self.tr(helps["options"])
            if self.past_seats(spec):
                return self.tr(spec.past_seats[1])
            return self.tr(spec.shown_help(self.options[row]))
        if row == game.seat_option:
            return self.tr(self.spec(row).shown_help(self.players))
        if row == "level":
            return tr("How well the CPU players play: {levels}.", levels=", ".join(tr(v) for v in self.levels))
        if row == "talk":
            return tr("How often the characters comment on the game.")
        return tr("Start: play with these seats.")

    def draw_info(self, m, surface, row: str) -> None:
        """What the row chosen means: a character's face, strength and way of playing; else the
        row's help line, the game's preview and the line-up."""
        font, game, look = m.font, self.gamedef, self.look
        window(surface, (148, 18, 104, 190))
        k = self.seats[int(row[4:])] if row.startswith("seat") else ""
        if k in CHARACTER_IDS:
            ch = character(k)
            face = m.art.portrait(k)
            if face is not None:
                surface.blit(face, (184, 26))
            font.draw(surface, shown_name(ch.name), 200, 62, rgb15(*ch.colour), align="centre")
            font.draw(surface, tr("Age {age}", age=tr(ch.age)), 200, 76, WHITE, "small", align="centre")
            if game.grade(k):
                font.draw(surface, tr("Strength {grade}", grade=game.grade(k)), 200, 85, WHITE, "small",
                          align="centre")
            y = 99
            if look.style is not None:
                if look.style_title:
                    font.draw(surface, self.tr(look.style_title), 154, y, GOLD, "small")
                    y += 9
                for line in font.wrap(self.tr(look.style(k)), 94, "small")[:(204 - y) // 9]:
                    font.draw(surface, line, 154, y, INFO, "small")
                    y += 9
            return
        y = 26
        text = self.help_line(row)
        if text:
            for line in font.wrap(text, 94, "small"):
                font.draw(surface, line, 154, y, WHITE, "small")
                y += 9
            y += 6
        drawn = look.preview_rows
        if look.preview is not None and (row in drawn or ("options" in drawn and row in self.options)):
            y = look.preview(self, m, surface, row, y)
        if row in look.lineup_rows:
            profiles = [self.profiles[i] for i, s in enumerate(self.seats) if s == "human"]
            for i, name in enumerate(seat_names(self.kinds(), profiles)):
                if y > 196:
                    break
                pygame.draw.rect(surface, PLAYER_COLOURS[i % 4], (156, y + 1, 6, 6))
                font.draw(surface, fit(font, shown_name(name), 80), 166, y, WHITE, "small")
                y += 9


__all__ = ["SetupScene", "SetupScreen", "option_text", "has_comments", "TALK"]

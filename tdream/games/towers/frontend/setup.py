"""Set-up (PRESENTATION.md screen 2) for Towers, by pad alone: four seats (a human's pad, one of
the nine characters, the random player, or empty for seats 3 and 4: 2-4 players), the CPU
level, every option of ``GAME.options`` (territory, first player, demolition, the board's
size; ``players`` is the seats filled) and how often the characters talk; Start plays."""
from __future__ import annotations

from functools import lru_cache

import pygame

from ....frontend.constants import GOLD, INK, PLAYER_COLOURS, WHITE, rgb15
from ....frontend.scenes.setup import SeatRows
from ....frontend.match import seat_problem
from ....frontend.text import shown_name, tr
from ....frontend import widgets
from ....frontend.widgets import cursor, fit, skyline
from ....platform.roster import CHARACTER_IDS, character
from ....rng import Rng
from .. import GAME
from . import boardview as bv
from .table import TableScene, TowersSetup
from ....platform.options import default_options, option

SEAT_KINDS = ("human",) + tuple(CHARACTER_IDS) + ("random", None)
LEVELS = ("easy", "normal", "hard")
TALK = ("never", "rarely", "sometimes", "often", "always")
INFO = rgb15(200, 216, 248)
OPTION_ROWS = ("claim_mode", "first_player", "demolish", "size")
LABELS = {"claim_mode": "Territory", "first_player": "First player", "demolish": "Demolition", "size": "Board"}
VALUES = {"grace": "grace", "literal": "literal", "enclosed": "enclosed", "pick": "picks",
          "random": "coin", "none": "none", "advanced": "advanced", "war": "corporate war"}
HELP = {
    ("claim_mode", "grace"): "Territory counts once every player has a tower on the board (TG4.2). The usual game.",
    ("claim_mode", "literal"): "T4.1 as written: after the first tower the whole board is claimed, so the game "
                               "ends at once. For the curious.",
    ("claim_mode", "enclosed"): "As grace, and ground that touches the board's edge is never claimed (TG4.2).",
    ("first_player", "pick"): "Each player picks a size 1-9 in secret; the sum decides who goes first (T2.1).",
    ("first_player", "random"): "The first player is drawn at random (TG2.1).",
    ("demolish", "none"): "No demolition: a tower stands for good.",
    ("demolish", "advanced"): "On his turn a player may remove one of his towers when no tower is left "
                              "unsupported, then build as usual (T7.1).",
    ("demolish", "war"): "Corporate war: remove one of your towers anyway; every tower left unsupported falls, "
                         "again and again (T7.2).",
}


@lru_cache(maxsize=1)
def plays() -> dict[str, str]:
    """Each character's way of playing Towers (``styles.yaml``: ``plays``)."""
    from pathlib import Path

    from ....errors import DataError
    from ....yamlio import read_yaml
    data = read_yaml(Path(__file__).resolve().parents[1] / "styles.yaml", DataError)
    return {cid: node.get("plays", "") for cid, node in data["characters"].items()}


def remembered(seats: list, last, pool: list, spectate: bool) -> list:
    """The seats of the set-up last started (issue 36: seat 2 went back to a random character
    each game): seat 1 stays as the mode says (a person, or a character to watch), the others
    as they were where they still can be (a seat kind this screen offers, seat 2 never empty, a
    character once, no person when spectating); ``seats`` where nothing is remembered."""
    if not isinstance(last, list) or len(last) != len(seats):
        return seats
    out = [seats[0]] + [k if k in SEAT_KINDS and (k is not None or i >= 2) else seats[i]
                        for i, k in enumerate(last[1:], 1)]
    if spectate:
        out = [k if k != "human" else None for k in out]
    free = [c for c in pool if c not in out]
    for i, k in enumerate(out):
        if k in CHARACTER_IDS and k in out[:i] or (k is None and i < 2):
            out[i] = free.pop(0)
    return out


class SetupScene(SeatRows):
    # the timer and pads (options): under the rows, over the skyline, clear of the title, both
    # windows' words and the keys' line (a refusal to start goes under the rows, above them)
    overlay_at = (6, 201, "left")

    def __init__(self, spectate: bool = False, practice: bool = False) -> None:
        self.spectate = spectate
        self.practice = practice
        self.profiles: list = [None, None, None, None]
        self.prefs: dict = {}

    def enter(self, m) -> None:
        if hasattr(self, "rows"):
            return
        pool = list(CHARACTER_IDS)
        Rng(m.match_seed).shuffle(pool)          # the line-up of the match it starts
        self.seats = [pool[0] if self.spectate else "human", pool[1], None, None]
        self.level = 1
        self.options = default_options(GAME)
        self.options.pop("players", None)
        last = m.settings.last.get("towers", {})                # the set-up last started
        self.seats = remembered(self.seats, last.get("seats"), pool, self.spectate)
        for k, v in (last.get("options") or {}).items():
            if k in self.options and option(GAME, k).check(v) is None:
                self.options[k] = v
        if last.get("level") in LEVELS:
            self.level = LEVELS.index(last["level"])
        known = {p["name"] for p in m.records.profiles()} if m.records is not None else set()
        if not self.spectate and last.get("profile") in known:
            self.profiles[0] = last["profile"]
            self.prefs = {p["name"]: p for p in m.records.profiles()}
        self.talk = TALK.index(m.settings.talk) if m.settings.talk in TALK else 2
        self.rows = ["seat0", "seat1", "seat2", "seat3", "level"] + list(OPTION_ROWS) + ["talk", "start"]
        self.index = len(self.rows) - 1
        self.pad = 0
        self.message = ""

    # ---------------------------------------------------------------- values
    def players(self) -> int:
        return sum(1 for k in self.seats if k is not None)

    def label(self, row: str) -> tuple[str, str]:
        if row.startswith("seat"):
            i = int(row[4])
            k = self.seats[i]
            head = tr("Seat {k}", k=i + 1)
            if k is None:
                return head, tr("(empty)")
            if k == "human":
                pad = sum(1 for s in self.seats[:i + 1] if s == "human")
                if self.profiles[i] and self.prefs.get(self.profiles[i]):
                    pad = self.prefs[self.profiles[i]]["pad"]
                if self.profiles[i]:
                    return head, tr("{name} (pad {k})", name=self.profiles[i], k=pad)
                return head, tr("Player {k} (pad {k})", k=pad)
            if k == "random":
                return head, tr("Random")
            return head, f"{shown_name(character(k).name)} ({GAME.grade(k)})"
        if row == "level":
            return tr("CPU level"), tr(LEVELS[self.level])
        if row in OPTION_ROWS:
            v = self.options[row]
            if row == "size":
                return tr(LABELS[row]), f"{v}x{v}"
            if row == "first_player" and self.players() > 2:
                return tr(LABELS[row]), tr("drawn")
            return tr(LABELS[row]), tr(VALUES[v])
        if row == "talk":
            return tr("Comments"), tr(TALK[self.talk])
        return tr("Start the game"), ""

    def change(self, row: str, d: int) -> None:
        self.message = ""
        if row.startswith("seat"):
            i = int(row[4])
            kinds = list(SEAT_KINDS) if i >= 2 else list(SEAT_KINDS[:-1])
            k = self.seats[i]
            j = kinds.index(k) if k in kinds else 0
            for _ in range(len(kinds)):
                j = (j + d) % len(kinds)
                cand = kinds[j]
                if cand is None or cand in ("human", "random") or cand not in self.seats:
                    break
            self.seats[i] = kinds[j]
        elif row == "level":
            self.level = (self.level + d) % len(LEVELS)
        elif row == "size":
            spec = option(GAME, "size")
            self.options["size"] = max(spec.lo, min(spec.hi, self.options["size"] + d))
        elif row in OPTION_ROWS:
            choices = list(option(GAME, row).choices)
            self.options[row] = choices[(choices.index(self.options[row]) + d) % len(choices)]
        elif row == "talk":
            self.talk = (self.talk + d) % len(TALK)

    def match_setup(self, m):
        seats = [k for k in self.seats if k is not None]
        level = LEVELS[self.level]
        kinds = [k if k in ("human", "random") or level == "normal" else f"{k}:{level}" for k in seats]
        profiles = [self.profiles[i] for i, k in enumerate(self.seats) if k == "human"]
        why = seat_problem(kinds, profiles)
        if why:                          # two seats of one name: a match no game can seat
            self.message = why
            return None
        chosen = [p for p in profiles if p]
        prefs = {p["name"]: p for p in m.records.profiles()} if m.records is not None else {}
        colours = {name: prefs[name]["colour"] for name in chosen if name in prefs}
        pads = [prefs[name]["pad"] - 1 if name in prefs else k for k, name in enumerate(profiles)]
        if len(set(pads)) != len(pads):
            pads = list(range(len(profiles)))
        mode = "practice" if self.practice else "spectate" if "human" not in kinds else "free"
        options = dict(self.options, players=len(kinds))
        return TowersSetup(m.match_seed, kinds, options, mode=mode, profiles=profiles, colours=colours, pads=pads)

    # ---------------------------------------------------------------- input
    def start(self, m) -> None:
        """Start: the match this screen sets up, remembered for the next time (``SeatRows``)."""
        setup = self.match_setup(m)
        if setup is not None:
            m.settings.talk = TALK[self.talk]
            m.settings.last = {**m.settings.last, "towers": {
                "options": {k: v for k, v in self.options.items()}, "level": LEVELS[self.level],
                "profile": setup.profiles[0] if setup.profiles else None, "seats": list(self.seats)}}
            m.settings_changed = True
            m.match_started()
            m.replace(TableScene(setup))

    # ---------------------------------------------------------------- drawing
    def draw(self, m, surface) -> None:
        skyline(surface, 0)
        font = m.font
        font.draw(surface, tr("PRACTICE (not counted)") if self.practice else tr("SET UP TOWERS"), 8, 4, GOLD,
                  shadow=INK)
        widgets.window(surface, (4, 18, 140, 12 * len(self.rows) + 8))
        for i, row in enumerate(self.rows):
            y = 22 + i * 12
            name, value = self.label(row)
            colour = GOLD if row == "start" else WHITE
            w = font.draw(surface, name, 14, y, colour, "small" if row != "start" else "main")
            if value:
                font.draw(surface, fit(font, value, 140 - 14 - w - 8), 138, y + 1, INFO, "small", align="right")
            if i == self.index:
                cursor(surface, 6, y + 2, m.frame)
        self.draw_info(m, surface, self.rows[self.index])
        font.draw(surface, tr("Left/Right change  A next  B back  Start: play"), 128, 214, WHITE, "small", INK,
                  align="centre")
        if self.message:                        # why it cannot start: under the rows, whole
            for i, line in enumerate(font.wrap(self.message, 134, "small")):
                font.draw(surface, line, 8, 30 + 12 * len(self.rows) + i * 9, GOLD, "small", INK)

    def draw_info(self, m, surface, row: str) -> None:
        font = m.font
        widgets.window(surface, (148, 18, 104, 190))
        text = ""
        if row.startswith("seat"):
            k = self.seats[int(row[4])]
            if k in CHARACTER_IDS:
                ch = character(k)
                face = m.art.portrait(k)
                if face is not None:
                    surface.blit(face, (184, 26))
                font.draw(surface, shown_name(ch.name), 200, 62, rgb15(*ch.colour), align="centre")
                font.draw(surface, tr("Age {age}", age=tr(ch.age)), 200, 76, WHITE, "small", align="centre")
                font.draw(surface, tr("Strength {grade}", grade=GAME.grade(k)), 200, 85, WHITE, "small", align="centre")
                font.draw(surface, tr("Towers style:"), 154, 99, GOLD, "small")
                for i, line in enumerate(font.wrap(tr(plays().get(k, "")), 94, "small")[:9]):
                    font.draw(surface, line, 154, 108 + i * 9, INFO, "small")
                return
            text = {"human": "A person with a pad: the keyboard is pad 1. A: choose a profile.",
                    "random": "Plays any legal move at random.",
                    None: "Nobody sits here. Towers is for 2 to 4 players."}[k]
        elif row == "level":
            text = "How well the characters play: easy, normal or hard."
        elif row == "talk":
            text = "How often the characters comment on the game."
        elif row == "size":
            text = "The board's side, 6 to 12 squares (T1.1). 8x8 is the game as written."
        elif row == "first_player" and self.players() > 2:
            text = "With 3 or 4 players the first player is drawn: secret picks are for two (TG2.1)."
        elif row in OPTION_ROWS:
            text = HELP[(row, self.options[row])]
        y = 26
        if text:
            for line in font.wrap(tr(text), 94, "small"):
                font.draw(surface, line, 154, y, WHITE, "small")
                y += 9
            if row not in ("size", "start"):
                return
            y += 6
        self.draw_preview(m, surface, y)

    def draw_preview(self, m, surface, y: int) -> None:
        """The empty board at the chosen size and the seats in their colours."""
        n = self.options["size"]
        cell = min(10, 88 // n)
        x0 = 200 - cell * n // 2
        pic = bv.board_picture(m.font, n, cell, [-1] * (n * n), [0] * (n * n), [-1] * (n * n), (0, 1, 2, 3))
        surface.blit(pic, (x0, y))
        yy = y + cell * n + 4
        from ....frontend.match import seat_names
        kinds = [k for k in self.seats if k is not None]
        profiles = [self.profiles[i] for i, k in enumerate(self.seats) if k == "human"]
        for i, name in enumerate(seat_names(kinds, profiles)):
            if yy > 196:
                break
            pygame.draw.rect(surface, PLAYER_COLOURS[i], (156, yy + 1, 6, 6))
            m.font.draw(surface, fit(m.font, shown_name(name), 80), 166, yy, WHITE, "small")
            yy += 9

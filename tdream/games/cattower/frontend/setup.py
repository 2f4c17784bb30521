"""Set-up (PRESENTATION.md screen 2) for CAT TOWER, by pad alone: four seats (a human's pad, one
of the nine characters, the random player, or empty for seats 3 and 4: 2-4 players, C1.1), the
CPU level, every option of ``GAME.options`` (footprints for a pass, how dishes score, felt with
none) and how often the characters talk; Start plays."""
from __future__ import annotations

import pygame

from ....frontend.constants import GOLD, INK, PLAYER_COLOURS, WHITE, rgb15
from ....frontend.scenes.setup import SeatRows
from ....frontend.match import seat_problem
from ....frontend.text import tr
from ....frontend import widgets
from ....frontend.widgets import cursor, fit, skyline
from ....platform.roster import CHARACTER_IDS, character
from ....rng import Rng
from .. import GAME
from . import sheetview as sv
from .table import CatTowerSetup, TableScene
from ....platform.options import default_options, option

SEAT_KINDS = ("human",) + tuple(CHARACTER_IDS) + ("random", None)
LEVELS = ("easy", "normal", "hard")
TALK = ("never", "rarely", "sometimes", "often", "always")
INFO = rgb15(200, 216, 248)
OPTION_ROWS = ("pass_footprints", "dishes", "felt_needs_one")
LABELS = {"pass_footprints": "Pass gives", "dishes": "Dishes count", "felt_needs_one": "Felt with none"}
HELP = {
    "pass_footprints": "Footprints a player circles when he passes (C2.3); 1 is the game as written.",
    ("dishes", "goods"): "A dish scores 2 for each good beside it (C5.4). The game as written.",
    ("dishes", "kinds"): "A dish scores 2 for each different good beside it (C5.4).",
    ("felt_needs_one", False): "Every player is ranked for felt in every tower, none included (CG5.2).",
    ("felt_needs_one", True): "A player with no felt in a tower scores nothing there (CG5.2).",
}
PLAYS = {
    "kenta": "Grabs the die with the best face.",
    "yuka": "Fights for the most felt in each tower.",
    "joji": "Races to complete towers first.",
    "marimo": "Builds one big group of mice.",
    "tamasaburo": "Happy to stand second in the felt.",
    "hikozaemon": "Hoards footprints.",
    "hazumi": "Sets up dishes among empty cells.",
    "cosmic-will": "Draws houses early, all in.",
    "yuderu": "Cuts in to complete a tower a rival is close to.",
}


class SetupScene(SeatRows):
    # the speedrun overlays on the skyline under the rows' window: never over a window, the title
    # or the keys' line (issue 36)
    overlay_at = (4, 152, "left")
    timer_at = (4, 164, "left")

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
        self.seats = [pool[0] if self.spectate else "human", pool[1], pool[2], pool[3]]
        self.level = 1
        self.options = default_options(GAME)
        last = m.settings.last.get("cattower", {})
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
            return head, f"{character(k).name} ({GAME.grade(k)})"
        if row == "level":
            return tr("CPU level"), tr(LEVELS[self.level])
        if row == "pass_footprints":
            return tr(LABELS[row]), tr("{k} footprint(s)", k=self.options[row])
        if row == "dishes":
            return tr(LABELS[row]), tr({"goods": "each good", "kinds": "each kind"}[self.options[row]])
        if row == "felt_needs_one":
            return tr(LABELS[row]), tr("scores 0") if self.options[row] else tr("is ranked")
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
        elif row == "pass_footprints":
            spec = option(GAME, row)
            self.options[row] = max(spec.lo, min(spec.hi, self.options[row] + d))
        elif row == "dishes":
            choices = list(option(GAME, row).choices)
            self.options[row] = choices[(choices.index(self.options[row]) + d) % len(choices)]
        elif row == "felt_needs_one":
            self.options[row] = not self.options[row]
        elif row == "talk":
            self.talk = (self.talk + d) % len(TALK)

    def match_setup(self, m):
        seats = [k for k in self.seats if k is not None]
        if len(seats) < 2:
            self.message = tr("CAT TOWER is for 2 to 4 players (C1.1).")
            return None
        level = LEVELS[self.level]
        kinds = [k if k in ("human", "random") or level == "normal" else f"{k}:{level}" for k in seats]
        profiles = [self.profiles[i] for i, k in enumerate(self.seats) if k == "human"]
        why = seat_problem(kinds, profiles)
        if why:                          # two seats of one name: a match no game can seat
            self.message = why
            return None
        prefs = {p["name"]: p for p in m.records.profiles()} if m.records is not None else {}
        colours = {name: prefs[name]["colour"] for name in profiles if name and name in prefs}
        pads = [prefs[name]["pad"] - 1 if name in prefs else k for k, name in enumerate(profiles)]
        if len(set(pads)) != len(pads):
            pads = list(range(len(profiles)))
        mode = "practice" if self.practice else "spectate" if "human" not in kinds else "free"
        return CatTowerSetup(m.match_seed, kinds, dict(self.options), mode=mode, profiles=profiles, colours=colours,
                             pads=pads)

    # ---------------------------------------------------------------- input
    def start(self, m) -> None:
        """Start: the match this screen sets up, remembered for the next time (``SeatRows``)."""
        setup = self.match_setup(m)
        if setup is not None:
            m.settings.talk = TALK[self.talk]
            m.settings.last = {**m.settings.last, "cattower": {
                "options": dict(self.options), "level": LEVELS[self.level],
                "profile": setup.profiles[0] if setup.profiles else None}}
            m.settings_changed = True
            m.match_started()
            m.replace(TableScene(setup))

    # ---------------------------------------------------------------- drawing
    def draw(self, m, surface) -> None:
        skyline(surface, 0)
        font = m.font
        font.draw(surface, tr("PRACTICE (not counted)") if self.practice else tr("SET UP CAT TOWER"), 8, 4, GOLD,
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
        if self.message:                     # wrapped whole, its last line over the keys (a name may be long)
            lines = font.wrap(self.message, 244, "small")
            for i, line in enumerate(lines):
                font.draw(surface, line, 8, 202 - 9 * (len(lines) - 1 - i), GOLD, "small", INK)

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
                font.draw(surface, ch.name, 200, 62, rgb15(*ch.colour), align="centre")
                font.draw(surface, tr("Age {age}", age=tr(ch.age)), 200, 76, WHITE, "small", align="centre")
                font.draw(surface, tr("Strength {grade}", grade=GAME.grade(k)), 200, 85, WHITE, "small", align="centre")
                font.draw(surface, tr("CAT TOWER style:"), 154, 99, GOLD, "small")
                for i, line in enumerate(font.wrap(tr(PLAYS[k]), 94, "small")[:9]):
                    font.draw(surface, line, 154, 108 + i * 9, INFO, "small")
                return
            text = {"human": "A person with a pad: the keyboard is pad 1. A: choose a profile.",
                    "random": "Plays any legal move at random.",
                    None: "Nobody sits here. CAT TOWER is for 2 to 4 players."}[k]
        elif row == "level":
            text = "How well the characters play: easy, normal or hard."
        elif row == "talk":
            text = "How often the characters comment on the game."
        elif row == "pass_footprints":
            text = HELP[row]
        elif row in OPTION_ROWS:
            text = HELP[(row, self.options[row])]
        elif row == "start":
            text = "Each player drafts a die, then everyone draws at once on his own pad."
        y = 26
        for line in font.wrap(tr(text), 94, "small"):
            font.draw(surface, line, 154, y, WHITE, "small")
            y += 9
        if row != "start":
            return
        y += 6
        from .prompts import good_word
        font.draw(surface, tr("Goods (die face):"), 154, y, GOLD, "small")
        for g in range(1, 7):
            gy = y + 1 + g * 9
            sv.icon(surface, g, 156, gy + 1)
            font.draw(surface, fit(font, f"{g} {good_word(g)}", 84), 166, gy, WHITE, "small")
        y += 70
        from ....frontend.match import seat_names
        kinds = [k for k in self.seats if k is not None]
        profiles = [self.profiles[i] for i, k in enumerate(self.seats) if k == "human"]
        for i, name in enumerate(seat_names(kinds, profiles)):
            pygame.draw.rect(surface, PLAYER_COLOURS[i], (156, y + 1, 6, 6))
            m.font.draw(surface, fit(m.font, name, 80), 166, y, WHITE, "small")
            y += 9

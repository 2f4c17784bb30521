"""Tower Up's set-up, by pad alone: four seats (a human's pad, one of the nine characters, Random,
or empty for seats 3 and 4: 2-4 players, UG1.2), the number of players (which city is played),
the CPU level, the game's option (``extra_turn_on_last_roof``, UG4.1), how often the characters
talk, Start. The panel on the right shows the character, the city or what the row means."""
from __future__ import annotations

from functools import lru_cache

import pygame

from ....frontend.constants import GOLD, INK, WHITE, rgb15
from ....frontend.scenes.setup import SeatRows
from ....frontend.match import seat_problem
from ....frontend.text import shown_name, tr
from ....frontend.widgets import cursor, fit, skyline, window
from ....platform.roster import CHARACTER_IDS, character
from ....rng import Rng
from .. import GAME
from .table import GameSetup, TableScene
from ....platform.options import option

SEAT_KINDS = ("human",) + tuple(CHARACTER_IDS) + ("random", None)
LEVELS = ("easy", "normal", "hard")
TALK = ("never", "rarely", "sometimes", "often", "always")
BLUE = rgb15(200, 216, 248)

INFO = {
    "level": "How well the characters play: easy slips now and then, normal weighs every move, hard looks two "
             "turns ahead.",
    "extra": "UG4.1: an extra turn earned by placing one's last roof (or by the build that fills the city, UG5.2) "
             "is lost; on: it is played.",
    "talk": "How often the characters comment on the game.",
    "start": "Start: play. Each turn: take a card or build; roofs move your vehicles. X: status, how to play.",
}


@lru_cache(maxsize=1)
def _plays() -> dict:
    from ....errors import DataError
    from ....yamlio import read_yaml
    from ..data import HERE
    return {cid: node["plays"] for cid, node in read_yaml(HERE / "styles.yaml", DataError)["characters"].items()}


def plays(cid: str) -> str:
    """How a character plays Tower Up (styles.yaml), in English (the screen translates it)."""
    return _plays()[cid]


class SetupScene(SeatRows):
    overlay_at = (4, 152, "left")        # the speedrun overlays on the skyline under the rows: never
    timer_at = (4, 140, "left")          # over the title, a window or the keys (issue 36)

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
        first = pool[0] if self.spectate else "human"
        self.seats = [first, pool[1], pool[2], pool[3]]
        last = m.settings.last.get("towerup", {})
        players = last.get("players")
        if isinstance(players, int) and 2 <= players < 4:
            for i in range(players, 4):
                self.seats[i] = None
        self.level = 1
        self.extra = bool(last.get("extra_turn_on_last_roof", option(GAME, "extra_turn_on_last_roof").default))
        self.talk = TALK.index(m.settings.talk) if m.settings.talk in TALK else 2
        self.rows = ["seat0", "seat1", "seat2", "seat3", "players", "level", "extra", "talk", "start"]
        self.index = len(self.rows) - 1
        self.pad = 0
        self.message = ""
        self._maps: dict = {}                 # the cities' pictures: a cache of drawing

    # ---------------------------------------------------------------- values
    @property
    def players(self) -> int:
        return sum(1 for k in self.seats if k is not None)

    def label(self, row: str) -> tuple[str, str]:
        if row.startswith("seat"):
            i = int(row[4])
            k = self.seats[i]
            if k is None:
                return tr("Seat {k}", k=i + 1), tr("(empty)")
            if k == "human":
                pad = sum(1 for s in self.seats[:i + 1] if s == "human")
                if self.profiles[i] and self.prefs.get(self.profiles[i]):
                    pad = self.prefs[self.profiles[i]]["pad"]
                if self.profiles[i]:
                    return tr("Seat {k}", k=i + 1), tr("{name} (pad {k})", name=self.profiles[i], k=pad)
                return tr("Seat {k}", k=i + 1), tr("Player {k} (pad {k})", k=pad)
            if k == "random":
                return tr("Seat {k}", k=i + 1), tr("Random")
            p = character(k)
            return tr("Seat {k}", k=i + 1), f"{shown_name(p.name)} ({GAME.grade(k)})"
        if row == "players":
            return tr("Players"), tr("{k} ({sites} site(s))", k=self.players, sites=len(self.city().sites))
        if row == "level":
            return tr("CPU level"), tr(LEVELS[self.level])
        if row == "extra":
            return tr("Last-roof extra turn"), tr("on") if self.extra else tr("off")
        if row == "talk":
            return tr("Comments"), tr(TALK[self.talk])
        return tr("Start the game"), ""

    def city(self):
        return GAME.rules_for(max(2, self.players)).city

    def change(self, row: str, d: int) -> None:
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
            self.message = ""
        elif row == "players":
            n = max(2, min(4, self.players + d))
            while self.players > n:                  # the last seated of seats 3-4 leaves
                i = max(i for i in (2, 3) if self.seats[i] is not None)
                self.seats[i] = None
            while self.players < n:                  # an empty seat takes a character not seated
                i = min(i for i in (2, 3) if self.seats[i] is None)
                self.seats[i] = next(c for c in CHARACTER_IDS if c not in self.seats)
            self.message = ""
        elif row == "level":
            self.level = (self.level + d) % len(LEVELS)
        elif row == "extra":
            self.extra = not self.extra
        elif row == "talk":
            self.talk = (self.talk + d) % len(TALK)

    def game_setup(self, m):
        seats = [k for k in self.seats if k is not None]
        if len(seats) < 2:
            self.message = tr("Two seats at least.")
            return None
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
        options = {"extra_turn_on_last_roof": self.extra, "players": len(kinds)}
        return GameSetup(m.match_seed, kinds, options, mode=mode, profiles=profiles, colours=colours, pads=pads)

    # ---------------------------------------------------------------- input
    def start(self, m) -> None:
        """Start: the match this screen sets up, remembered for the next time (``SeatRows``)."""
        setup = self.game_setup(m)
        if setup is not None:
            m.settings.talk = TALK[self.talk]
            m.settings.last = {**m.settings.last, "towerup": {"players": len(setup.seats),
                                                              "extra_turn_on_last_roof": self.extra}}
            m.settings_changed = True
            m.match_started()
            m.replace(TableScene(setup))

    # ---------------------------------------------------------------- drawing
    def draw(self, m, surface) -> None:
        skyline(surface, 0)
        font = m.font
        title = tr("PRACTICE (not counted)") if self.practice else tr("SET UP TOWER UP")
        font.draw(surface, title, 8, 4, GOLD, shadow=INK)
        window(surface, (4, 18, 140, 12 * len(self.rows) + 8))
        for i, row in enumerate(self.rows):
            y = 22 + i * 12
            name, value = self.label(row)
            colour = GOLD if row == "start" else WHITE
            w = font.draw(surface, fit(font, name, 120), 14, y, colour, "small" if row != "start" else "main")
            if value:
                font.draw(surface, fit(font, value, 140 - 14 - w - 8), 140, y + 1, BLUE, "small", align="right")
            if i == self.index:
                cursor(surface, 6, y + 2, m.frame)
        self.draw_info(m, surface, self.rows[self.index])
        font.draw(surface, tr("Left/Right change  A next  B back  Start: play"), 128, 214, WHITE, "small", INK,
                  align="centre")
        if self.message:
            font.draw(surface, self.message, 8, 200, GOLD, "small", INK)

    def draw_info(self, m, surface, row: str) -> None:
        font = m.font
        window(surface, (148, 18, 104, 190))
        if row.startswith("seat"):
            k = self.seats[int(row[4])]
            if k in CHARACTER_IDS:
                p = character(k)
                face = m.art.portrait(p.id)
                if face is not None:
                    surface.blit(face, (184, 26))
                font.draw(surface, shown_name(p.name), 200, 62, rgb15(*p.colour), align="centre")
                font.draw(surface, tr("Age {age}", age=tr(p.age)), 200, 76, WHITE, "small", align="centre")
                font.draw(surface, tr("Strength {grade}", grade=GAME.grade(k)), 200, 85, WHITE, "small", align="centre")
                font.draw(surface, tr("Style:"), 154, 99, GOLD, "small")
                for i, line in enumerate(font.wrap(tr(plays(p.id)), 92, "small")[:9]):
                    font.draw(surface, line, 154, 108 + i * 9, BLUE, "small")
                return
            text = {"human": "A person with a pad. Keyboard is pad 1. A: choose a profile.",
                    "random": "Picks any legal move at random.",
                    None: "Nobody sits here (2 or 3 players)."}[k]
            self.draw_text(m, surface, tr(text), 26)
            return
        if row == "players":
            self.draw_city(m, surface)
            city = self.city()
            text = tr("{k} player(s): {sites} site(s) in {d} district(s), {p} by a park (UG1.2).", k=self.players,
                      sites=len(city.sites), d=len(city.districts), p=sum(city.park))
            self.draw_text(m, surface, text, 126)
            return
        if row == "start":                       # the city to be played, and how a turn goes
            self.draw_city(m, surface)
            self.draw_text(m, surface, tr(INFO[row]), 126)
            return
        self.draw_text(m, surface, tr(INFO[row]), 26)

    def draw_text(self, m, surface, text: str, y: int) -> None:
        for i, line in enumerate(m.font.wrap(text, 92, "small")[:(204 - y) // 9]):
            m.font.draw(surface, line, 154, y + i * 9, WHITE, "small")

    def draw_city(self, m, surface) -> None:
        """The city of this many players, small: districts, parks, streets and its empty sites."""
        city = self.city()
        pic = self._maps.get(city.id)
        if pic is None:
            from types import SimpleNamespace

            from .cityview import CityView
            from .layout import MAP
            view = CityView(city)
            full = pygame.Surface((256, 224))
            empty = SimpleNamespace(fl=[[] for _ in city.sites], rf=[[] for _ in city.sites])
            view.draw(full, empty, 0, [0, 1, 2, 3])
            pic = self._maps[city.id] = pygame.transform.scale(full.subsurface(MAP), (96, 96 * MAP[3] // MAP[2]))
        surface.blit(pic, (152, 22 + (100 - pic.get_height()) // 2))


__all__ = ["SetupScene", "SEAT_KINDS", "LEVELS", "TALK", "plays"]

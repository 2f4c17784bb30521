"""Set-up (PRESENTATION.md screen 2): the board (with its picture, size and luck), the four
seats (a human's pad or one of the nine CPU characters, with portrait and style), the CPU level,
the house rules of RULES.md section 10, all by pad alone."""
from __future__ import annotations

from ..ai import CHARACTER_IDS, roster
from ..data import board_ids
from ..rules.game import VACANT
from ....rng import Rng
from .boardview import BoardView
from ....frontend.constants import GOLD, INK, WHITE, rgb15
from ....frontend.scenes.setup import SeatRows
from ....frontend.match import seat_problem
from ....frontend.text import shown_name, tr
from ....frontend.widgets import cursor, fit, window
from .. import GAME
from .table import GameSetup, TableScene
from ....frontend.widgets import skyline

# The cartridge's order (boards/order.yaml).
BOARD_ORDER = tuple(board_ids())
SEAT_KINDS = ("human",) + tuple(CHARACTER_IDS) + ("random", None)
LEVELS = ("easy", "normal", "hard")
TALK = ("never", "rarely", "sometimes", "often", "always")


class _Blank:
    """An empty board to draw as the board's picture."""

    def __init__(self, board, seats: int = 0) -> None:
        n = board.land_count
        self.owner = [VACANT] * n
        self.floors = [0] * n
        self.company = [-1] * n
        self.mark = []
        self.pos = [0] * seats
        self.jackpot = 1


class SetupScene(SeatRows):
    # The speedrun overlays (issue 36): the timer at the top right, beside the header; the pads in a
    # row under the rows' window, over neither the rows, the message nor the keys' line
    overlay_at = (4, 187, "left")
    timer_at = (254, 5, "right")

    def __init__(self, spectate: bool = False, practice: bool = False) -> None:
        self.spectate = spectate
        self.practice = practice          # Practice: any board and options, never counted in records
        self.profiles: list = [None, None, None, None]   # per seat: a profile name for a human seat
        self.prefs: dict = {}                            # the chosen profiles' colour and pad

    def enter(self, m) -> None:
        if hasattr(self, "rows"):
            return
        rs = GAME.ruleset()
        self.boards = [b for b in BOARD_ORDER]
        self.board_i = 1                          # King of Tokyo, the classic
        pool = list(CHARACTER_IDS)
        Rng(m.match_seed).shuffle(pool)          # the line-up of the match it starts
        first = pool[0] if self.spectate else "human"
        self.seats = [first, pool[1], pool[2], pool[3]]
        last = m.settings.last.get("towerdream", {})          # the set-up last started (issue 14)
        if last.get("board") in self.boards:
            self.board_i = self.boards.index(last["board"])
        known = {p["name"] for p in m.records.profiles()} if m.records is not None else set()
        if not self.spectate and last.get("profile") in known:
            self.profiles[0] = last["profile"]
            self.prefs = {p["name"]: p for p in m.records.profiles()}
        self.level = 1
        o = rs.options
        self.cash = o["starting_cash"]
        self.salary = o["salary"]
        self.end = o["end_percent"]
        self.scope = o["build_scope"]
        self.rounds = o["max_rounds"] or 0
        self.talk = TALK.index(m.settings.talk) if m.settings.talk in TALK else 2
        self.rows = ["board", "seat0", "seat1", "seat2", "seat3", "level", "cash", "salary", "end", "scope",
                     "rounds", "talk", "start"]
        self.index = len(self.rows) - 1
        self.pad = 0
        self._views: dict[str, tuple] = {}      # board pictures, made when first drawn: never state
        self.message = ""

    def view(self, m, board_id: str):
        v = self._views.get(board_id)
        if v is None:
            board = GAME.board(board_id)
            v = self._views[board_id] = (board, BoardView(m.art, m.font, board, GAME.ruleset()))
        return v

    # ---------------------------------------------------------------- values
    def label(self, row: str) -> tuple[str, str]:
        if row == "board":
            return tr("Board"), self.view_board_name
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
            p = roster()[k]
            return tr("Seat {k}", k=i + 1), f"{shown_name(p.name)} ({p.grade})"
        if row == "level":
            return tr("CPU level"), tr(LEVELS[self.level])
        if row == "cash":
            return tr("Starting cash"), f"{self.cash:,}G"
        if row == "salary":
            return tr("Salary"), f"{self.salary:,}G"
        if row == "end":
            return tr("Game ends at"), tr("{percent}% covered", percent=self.end)
        if row == "scope":
            return tr("Build on"), tr("any Company Land") if self.scope == "any" else tr("the Line's Lands")
        if row == "rounds":
            return tr("Round limit"), tr("none") if not self.rounds else str(self.rounds)
        if row == "talk":
            return tr("Comments"), tr(TALK[self.talk])
        return tr("Start the game"), ""

    @property
    def view_board_name(self) -> str:
        from .. import GAME
        return tr(GAME.board(self.boards[self.board_i]).name)

    def change(self, row: str, d: int) -> None:
        if row == "board":
            self.board_i = (self.board_i + d) % len(self.boards)
        elif row.startswith("seat"):
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
            if self.seats[2] is None and self.seats[3] is not None and i == 2:
                pass
        elif row == "level":
            self.level = (self.level + d) % len(LEVELS)
        elif row == "cash":
            self.cash = max(500, min(10000, self.cash + 500 * d))
        elif row == "salary":
            self.salary = max(0, min(5000, self.salary + 250 * d))
        elif row == "end":
            self.end = max(40, min(100, self.end + 5 * d))
        elif row == "scope":
            self.scope = "line" if self.scope == "any" else "any"
        elif row == "rounds":
            self.rounds = max(0, min(99, self.rounds + 5 * d))
        elif row == "talk":
            self.talk = (self.talk + d) % len(TALK)

    def game_setup(self, m) -> GameSetup | None:
        seats = [k for k in self.seats if k is not None]
        if len(seats) < 2:
            self.message = tr("Two seats at least.")
            return None
        kinds = [k if k in ("human", "random") else f"{k}:{LEVELS[self.level]}" if LEVELS[self.level] != "normal"
                 else k for k in seats]
        options = {"starting_cash": self.cash, "salary": self.salary, "end_percent": self.end,
                   "build_scope": self.scope, "max_rounds": self.rounds or None}
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
            pads = list(range(len(profiles)))            # two seats want one pad: pads in seat order
        mode = "practice" if self.practice else "spectate" if "human" not in kinds else "free"
        return GameSetup(self.boards[self.board_i], m.match_seed, kinds, options, mode=mode, profiles=profiles,
                         colours=colours, pads=pads)

    # ---------------------------------------------------------------- input
    def start(self, m) -> None:
        """Start: the match this screen sets up, remembered for the next time (``SeatRows``)."""
        setup = self.game_setup(m)
        if setup is not None:
            m.settings.talk = TALK[self.talk]
            m.settings.last = {**m.settings.last, "towerdream": {"board": setup.options["board"],
                                                                 "profile": setup.profiles[0] if setup.profiles else None}}
            m.settings_changed = True
            m.match_started()
            m.replace(TableScene(setup))

    # ---------------------------------------------------------------- drawing
    def draw(self, m, surface) -> None:
        skyline(surface, 0)
        font = m.font
        font.draw(surface, tr("PRACTICE (not counted)") if self.practice else tr("SET UP THE GAME"), 8, 4, GOLD,
                  shadow=INK)
        window(surface, (4, 18, 140, 12 * len(self.rows) + 8))
        for i, row in enumerate(self.rows):
            y = 22 + i * 12
            name, value = self.label(row)
            colour = GOLD if row == "start" else WHITE
            w = font.draw(surface, name, 14, y, colour, "small" if row != "start" else "main")
            if value:
                font.draw(surface, fit(font, value, 140 - 14 - w - 6), 140, y + 1, rgb15(200, 216, 248), "small",
                          align="right")
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
        if row.startswith("seat") and self.seats[int(row[4])] not in (None, "human", "random"):
            p = roster()[self.seats[int(row[4])]]
            face = m.art.portrait(p.id)
            if face is not None:
                surface.blit(face, (184, 26))
            font.draw(surface, shown_name(p.name), 200, 62, rgb15(*p.colour), align="centre")
            font.draw(surface, tr("Age {age}", age=tr(p.age)), 200, 76, WHITE, "small", align="centre")
            font.draw(surface, tr("Strength {grade}", grade=p.grade), 200, 85, WHITE, "small", align="centre")
            for i, line in enumerate(font.wrap(tr(p.strategy), 92, "small")[:6]):
                font.draw(surface, line, 154, 99 + i * 9, rgb15(200, 216, 248), "small")
            return
        if row.startswith("seat"):
            k = self.seats[int(row[4])]
            text = {"human": "A person with a pad. Keyboard is pad 1. A: choose a profile.",
                    "random": "Picks any legal move at random.",
                    None: "Nobody sits here (2 or 3 players)."}[k]
            for i, line in enumerate(font.wrap(tr(text), 92, "small")):
                font.draw(surface, line, 154, 26 + i * 9, WHITE, "small")
            return
        board, view = self.view(m, self.boards[self.board_i])
        view.draw_overview(surface, (150, 22, 100, 70), _Blank(board), m.frame)
        y = 94
        for line in font.wrap(self.view_board_name, 96, "small"):
            font.draw(surface, line, 200, y, GOLD, "small", align="centre")
            y += 9
        size = " + ".join(f"{len(lv[0])}x{len(lv)}" for lv in board.levels)
        font.draw(surface, tr("{size}, {k} space(s)", size=size, k=board.road_length), 200, y, WHITE, "small",
                  align="centre")
        font.draw(surface, tr("Luck: {luck}", luck=tr(board.luck)), 200, y + 9, WHITE, "small", align="centre")
        lines = font.wrap(tr(board.description), 96, "small")
        room = (204 - (y + 21)) // 9
        first = 0
        if len(lines) > room:                # too long for the panel: it scrolls, a line every 1.5 s
            first = min(len(lines) - room, max(0, (m.frame // 90) % (len(lines) - room + 3) - 1))
        for i, line in enumerate(lines[first:first + room]):
            font.draw(surface, line, 152, y + 21 + i * 9, rgb15(200, 216, 248), "small")

"""The CAT TOWER table on the shell's table (``frontend/table.py``): four sheets in quadrants
around the dice tray (or two or three larger sheets over it); what is CAT TOWER's own.

The match's events become *beats* (the dice rolling, a die taken, the drawings appearing cell by
cell, a house's count, a tower completed; lines and banners in the shell's text box); the sheets
and the band draw ``shown``, the match as far as the beats have got. The draft asks one seat at a
time; the drawings (and the houses) every seat at once (CG2.1): each human on his own pad
(``host.pad_of``) with his own cursor and preview on his own sheet, the CPU seats through their
players after a short pause; nobody's choice shows before all are in (a seat that has answered
shows READY, and may take his drawing back with B while another still draws, CG2.4). A human
parent rolls the dice himself (``chance_prompt``: A stops them). X opens the status screen, or,
while another human still chooses at once, that seat's own status over his own sheet (the others
play on); Start the pause menu.
"""
from __future__ import annotations

import pygame

from ....frontend import widgets
from ....frontend.constants import (GOLD, INK, LABEL, PLAYER_COLOURS, PLAYER_DARK, RED, TABLE_INFO, WHITE, B, game_time,
                                    rgb15)
from ....frontend.match import setups_of
from ....frontend.table import Beat, BoxStyle, TableScene as Table
from ....frontend.table_beats import Line, Show, Step
from ....frontend.text import language, tr
from ....frontend.widgets import fit
from .. import events as ev, queries, scoring
from ..answers import WITHDRAW
from . import sheetview as sv
from .layout import BAND_H, BOX_H, BOX_Y, LINE_H, SMALL_H, TRAY_X, band_y, sheet_layouts
from .prompts import DraftPrompt, DrawPrompt, HousePrompt, Prompt, RollPrompt, good_word
from .results import CatTowerResults
from .status import STATUS

THINK = 24                           # frames a CPU seat "thinks" before it answers (a person can follow)
ROLL = 24                            # frames the dice tumble
DRAWN = 10                           # frames a drawing takes to appear
BG = rgb15(40, 32, 56)
ROW = 9                              # a line of the small face in a peek or a refusal window
MARK_TEXT = {"open": "-", "crossed": "x"}
CLOSED = -1                          # a peek closed this frame (``handle_peek``)
PAGE_FRAMES = 90                     # a refusal's page stays this long before the next (a prompt's message_frames)
LIST = {"en": ", ", "ja": "、"}       # names in a list, as each language writes them
BOX_ROWS = 2                         # the small rows under a prompt's question in the text box
MARK_COLOUR = {"open": LABEL, "crossed": RED, "first": GOLD, "later": WHITE}
TOLD: dict[type, tuple[Step, ...]] = {   # the events told the same way each time (``TableScene.tell``)
    ev.RoundStarted: (Show("sync"),),
    ev.DieTaken: (Show("take", 8, "seat", ("value", "left"), "blip", None),),
    ev.SharedDie: (Show("shared", data=("value",)), Line("The shared die is {v}: everyone draws now.", hold=24,
                                                          of=(("v", "value"),))),
    ev.AnswerGiven: (Show("ready", 1, "seat", sound="select"),),
    ev.AnswerWithdrawn: (Show("unready", 1, "seat", sound="cancel"),),
    ev.GoodDrawn: (Show("draw", DRAWN, "seat", ("cell", "good", "footprints", "spent"), "build", True),),
    ev.Passed: (Show("pass", 1, "seat", ("footprints",)), Line("{who} passes: +{k} footprint(s).", "seat", 20,
                                                              of=(("k", "gained"),))),
    ev.HouseScored: (Show("house", 1, "seat", ("cell", "good", "points")),
                     Line("{who}'s house counts {good}: {k} x 3 = {points}.", "seat", 30, of=(("k", "count"),),
                          said=(("good", good_word),))),
    ev.FirstCrossedOut: (Show("crossed", data=("tower", "seats")),),
    ev.OneCellFromEnd: (Line("{who} is one cell from a third tower ({cell}): if drawn, the game ends (C4.2)!", "seat",
                             50),),
    ev.RoundEnded: (),                   # the round as the beats left it while it is commented
}


def refusal_pages(font, message: str, width: int, lines: int) -> list[str]:
    """A refusal in pages of ``lines`` small lines ``width`` pixels wide (every word kept)."""
    return widgets.paginate(font, message, width, lines, face="small")


def k4(lay) -> bool:
    """A quadrant (four players), not a larger sheet."""
    return lay.h == 88


CatTowerSetup = setups_of("cattower", ["human", "joji", "yuka", "kenta"])     # a CAT TOWER match's set-up


class TableScene(Table):
    y_fast_forwards = False          # Y is not used, but a person drawing should not skip by accident
    board_area = (0, 0, 256, BOX_Y)  # the sheets and the dice band
    box_style = BoxStyle((0, BOX_Y, 256, BOX_H), "small", lines=2, line_h=LINE_H, small_h=SMALL_H)
    jump_rect = (64, 34, 128, 40)    # over the top sheets: the band (the round, the keys) and the overlays' line stay in view
    think_frames = THINK
    status = STATUS                      # X: the scores, the towers, the felt
    results = CatTowerResults
    hurried_lines = True                 # a line with no player, the table's own, hurries like a CPU's
    told = TOLD

    @property
    def overlay_at(self) -> tuple[int, int, str]:  # type: ignore[override]   # a value of Scene's, here the layout's
        """The timer and pads (options) at the band's right end in X's key's place, the tray
        moving left of them (``draw_band``): never on a sheet nor the text box. Watching a record
        (nobody chooses: the line under each sheet is empty), on the top sheets' last line."""
        host = getattr(self, "host", None)
        seats = len(host.names) if host is not None else 4
        if self.replaying:
            return 254, sheet_layouts(seats)[0].strip_y + 1, "right"
        return 254, band_y(seats) + 4, "right"

    def overlay_room(self, m) -> int:
        """The pixels the speedrun overlays take at the band's right end (0: none there)."""
        if self.replaying:
            return 0
        room = 0
        if m.settings.timer:
            room += m.font.width(game_time(m.frame), "small") + 4 + 3
        if m.settings.input_display:
            room += 30 * bin(m.buttons.connected & 0xF).count("1")
        return room

    def prepare(self, m) -> None:
        self.ready: list[int] = []           # seats that have answered the simultaneous point
        self.flash: list = []                # (seat, cell index, frames left): a drawing just shown
        self.cursors: dict[int, int] = {}    # each seat's cursor at his last drawing
        self.hand_rolled = False             # the last input: dice a person rolled (no tumble after)
        s = self.setup
        if s.resume is not None or s.replay is not None or s.scenario is not None:
            self.say(tr("Round {r}.", r=self.game.round), hold=20)     # no set-up events to tell

    def sync_shown(self) -> None:
        self.shown = self.game.copy()
        if self.game.phase not in ("draw", "house"):
            self.ready = []

    def after_jump(self, m) -> None:
        self.ready = []

    @property
    def prompt(self) -> Prompt | None:
        """The prompt the text box shows: the first still open, in seat order."""
        if not self.prompts:
            return None
        return self.prompts[min(self.prompts)]

    def music(self, m) -> str:
        return "tension" if queries.near_end(self.game) else "play"

    # ---------------------------------------------------------------- events to beats
    def narrate(self, m, events: list) -> None:
        """The match's events become beats (the shell's table tells the comments between rounds)."""
        n = self.names
        for e in events:
            t = type(e)
            if self.tell(e):
                continue
            if t is ev.ParentDrawn:
                self.say(tr("CAT TOWER: {names}. {who} is the first parent (drawn).", names=LIST[language()].join(n),
                            who=n[e.parent]), e.parent, 50)
                start = self.starting_felt()
                if start:
                    self.say(tr("Everyone starts with {k} point(s): nobody has felt yet, so all share the felt "
                                "places of every tower (9 and 3, CG5.2).", k=start), hold=60)
            elif t is ev.DiceRolled:
                frames = 1 if getattr(self, "hand_rolled", False) else ROLL
                self.hand_rolled = False
                self.add(Beat("roll", frames, data=tuple(e.dice), player=e.parent, sound="select", cpu=True))
                self.say(tr("Round {r}: {who} rolls {dice}.", r=self.game.round,
                            who=n[e.parent], dice=" ".join(map(str, e.dice))), e.parent, 24)
            elif t is ev.TowerCompleted:
                self.add(Beat("tower", 1, player=e.seat, data=(e.tower, e.points, e.first)))
                text = tr("{who} completes tower {t} first: {points} point(s) (C4.1).", who=n[e.seat], t=e.tower,
                          points=e.points) if e.first else \
                    tr("{who} completes tower {t}: {points} point(s) (C4.1).", who=n[e.seat], t=e.tower,
                       points=e.points)
                self.banner(tr("TOWER {t}!", t=e.tower), text, e.seat, "fanfare", 40)
            elif t is ev.GameOver:
                self.add(Beat("sync", 1))
                first = e.ranking[0]
                if len(first) > 1:
                    head = tr("A shared first place at {score}.", score=e.scores[first[0]])
                else:
                    head = tr("{who} wins with {score}.", who=n[first[0]], score=e.scores[first[0]])
                self.banner(tr("GAME OVER"), tr("Three towers: the game ends (C4.2). {head}", head=head), -1,
                            "fanfare", 80)

    def starting_felt(self) -> int:
        """The points every seat has before anything is drawn: the felt places of the five towers
        shared by all, none having felt (CG5.2); 0 with ``felt_needs_one``."""
        match = self.game
        counts = [scoring.felt_counts(match.sheet, [0] * len(c)) for c in match.cells]
        return sum(scoring.felt_points(counts, bool(match.options.get("felt_needs_one", False)))[0])

    # ---------------------------------------------------------------- input
    def live_beat(self, beat: Beat) -> bool:
        """A seat's READY (or its end, a drawing taken back): the others go on choosing."""
        return beat.kind in ("ready", "unready")

    def handle(self, m, b) -> None:
        """The table's input, then B of a human who has answered the round's drawing while
        another seat still draws: his answer taken back (CG2.4, an out-of-turn ``withdraw``), his
        prompt back where he left it. A press that closes a seat's status peek does nothing else
        (issue 36: the B that closed it neither asks his prompt to pass nor takes a drawing back)."""
        peeking = set(self.peeks)
        super().handle(m, b)
        for pad in [p for p, page in self.peeks.items() if page == CLOSED]:
            del self.peeks[pad]                  # closed this frame: gone before anything is drawn
        if self.done or self.replaying or m.stack[-1] is not self:
            return
        self.withdraw_press(m, b, peeking)

    def handle_peek(self, m, b, pad: int) -> None:
        """The shell's peek keys; a peek closed stays marked ``CLOSED`` until the end of this
        frame's ``handle``, so the prompt of its pad does not read the same press."""
        super().handle_peek(m, b, pad)
        if pad not in self.peeks:
            self.peeks[pad] = CLOSED

    def withdraw_press(self, m, b, peeking=()) -> None:
        """B of a seat that has answered the round's drawing (CG2.4): his answer withdrawn, out of
        turn, for a seat ``Session.next`` says may answer so (the shell's ``out_of_turn`` and ``answer``)."""
        for seat in self.out_of_turn():
            pad = self.pad_of.get(seat)
            if pad is None or pad in peeking or pad in self.peeks or seat in self.prompts:
                continue
            if m.buttons.connected >> pad & 1 and b.press(pad, B):
                self.answer(m, WITHDRAW, seat)
                return

    def after_input(self, seat) -> None:
        """The answering seat's prompt goes (a drawing's cursor kept for his next, across rounds;
        dice a person rolled stand still at once: no tumble after his A)."""
        prompt = self.prompts.get(seat) if seat is not None else None
        if isinstance(prompt, DrawPrompt):
            self.cursors[seat] = prompt.cursor
        self.hand_rolled = seat is None and any(isinstance(p, RollPrompt) for p in self.prompts.values())
        super().after_input(seat)

    def chance_prompt(self, m, aw):
        """A human parent rolls the round's dice himself (A stops them: ``RollPrompt``)."""
        if aw.kind != "roll":
            return None
        seat = self.game.parent
        return RollPrompt(self.game, seat, self.names[seat], self.game.fingerprint())

    def make_prompt(self, m, kind: str, seat: int) -> Prompt:
        match, name = self.game, self.names[seat]
        if kind == "draft":
            return DraftPrompt(match, seat, name)
        if kind == "house":
            return HousePrompt(match, seat, name)
        return DrawPrompt(match, seat, name, self.cursors.get(seat))

    def peek_pages(self) -> int:
        """Four players: his score, then his towers (a quadrant holds one); else one page."""
        return 2 if len(self.names) == 4 else 1

    def seat_area(self, seat: int) -> tuple[int, int, int, int]:
        lay = sheet_layouts(len(self.names))[seat]
        return lay.x, lay.y, lay.w, lay.h

    # ---------------------------------------------------------------- beats
    def tick_time(self, m) -> None:
        self.flash = [(s, c, k - 1) for s, c, k in self.flash if k > 1]

    def start_beat(self, m, beat: Beat) -> None:
        shown = self.shown
        k = beat.kind
        if k == "roll":
            shown.dice = list(beat.data)
            shown.pool = list(beat.data)
            shown.own = [0] * len(self.names)
            shown.shared = 0
            shown.phase = "draft"
            self.ready = []
        elif k == "take":
            value, left = beat.data
            shown.own[beat.player] = value
            shown.pool = list(left)
            self.log_note(tr("{who} takes a {v} ({good}).", who=self.names[beat.player], v=value, good=good_word(value)))
        elif k == "shared":
            shown.shared = beat.data[0]          # the die left over leaves the tray's pool (C2.1)
            shown.pool = []
            shown.phase = "draw"
        elif k == "ready":
            if beat.player not in self.ready:
                self.ready.append(beat.player)
        elif k == "unready":
            if beat.player in self.ready:
                self.ready.remove(beat.player)
            self.log_note(tr("{who} takes his answer back (CG2.4).", who=self.names[beat.player]))
        elif k == "draw":
            cell, good, fp, spent = beat.data
            self.log_note(tr("{who} draws {good} on {cell}, {k} footprint(s) spent.", who=self.names[beat.player],
                         good=good_word(good), cell=cell, k=spent) if spent > 0 else
                      tr("{who} draws {good} on {cell}.", who=self.names[beat.player], good=good_word(good), cell=cell))
            i = shown.sheet.index(cell)
            shown.cells[beat.player][i] = good
            shown.footprints[beat.player] = fp
            self.flash.append((beat.player, i, 40))
            self.ready = []
        elif k == "pass":
            shown.footprints[beat.player] = beat.data[0]
            self.ready = []
        elif k == "house":
            cell, good, points = beat.data
            shown.houses[beat.player].append([good, points, cell])
            self.ready = []
        elif k == "tower":
            tower, points, first = beat.data
            shown.completed[beat.player].append([tower, points, 1 if first else 0])
        elif k == "crossed":
            if beat.data[0] not in shown.firsts:
                shown.firsts.append(beat.data[0])
            self.log_note(tr("Tower {t}: its left value is crossed out for {names} (C4.1).", t=beat.data[0],
                         names=LIST[language()].join(self.names[x] for x in beat.data[1])))

    # ---------------------------------------------------------------- drawing
    def breakdown(self) -> list[dict]:
        """The shown sheets' scores by part (C5.7), kept while the sheets do not change."""
        s = self.shown
        key = (tuple(tuple(c) for c in s.cells), repr(s.houses), repr(s.completed), tuple(s.firsts))
        cached = getattr(self, "_bd", None)
        if cached is None or cached[0] != key:
            cached = self._bd = (key, scoring.breakdown(s.sheet, s.cells, s.houses, s.completed, s.options))
        return cached[1]

    def marks(self) -> tuple[list, list]:
        s = self.shown
        key = (tuple(tuple(c) for c in s.cells), repr(s.completed), tuple(s.firsts))
        cached = getattr(self, "_marks", None)
        if cached is None or cached[0] != key:
            cached = self._marks = (key, queries.completion_marks(s), queries.near_end(s))
        return cached[1], cached[2]

    def draw_board(self, m, surface) -> None:
        """The sheets (each seat's prompt on his own: cursor, costs, preview, a refusal) and the band."""
        surface.fill(BG)
        k = len(self.names)
        lays = sheet_layouts(k)
        bd = self.breakdown()
        marks, near = self.marks()
        near_cell = {ne.seat: ne.cell for ne in near}
        live = self.beat is None or self.live_beat(self.beat)
        for seat in range(k):
            self.draw_seat(m, surface, seat, lays[seat], bd[seat], [tm.seats[seat] for tm in marks],
                           near_cell.get(seat, ""), self.prompts.get(seat) if live else None)
        self.draw_band(m, surface)

    def prompt_lines(self, m, prompt) -> list:
        """Under the prompt's question, in the rows the text box has (``BOX_ROWS``): the prompt's
        fullest lines that fit them whole (``Prompt.line_forms``; never a word cut off). A rival
        one cell from the end comes first (C4.2), on one row; the keys stay the last row (what the
        cursor's drawing does is on the line under his sheet, ``strips``): the box never loses
        its keys to the warning. A refusal stays whole: the prompt's own lines give way to it."""
        forms = prompt.line_forms(m)
        others = [ne for ne in self.marks()[1] if ne.seat != prompt.seat]
        own_end = isinstance(prompt, DrawPrompt) and (prompt.mode == "end" or prompt.mode == "sheet" and prompt.ends())
        if others and not prompt.message and not own_end:      # his own end first: it is his answer
            ne = others[0]
            warns = [tr("C4.2: {who} is 1 cell from the end ({cell})!", who=self.names[ne.seat], cell=ne.cell),
                     tr("C4.2: a rival is 1 cell from the end ({cell})!", cell=ne.cell),
                     tr("C4.2: 1 cell from the end ({cell})!", cell=ne.cell)]
            warn = next((f for f in warns if m is None or self.rows(m, [(f, RED)]) == 1), warns[-1])
            forms = [[(warn, RED)] + lines[-1:] for lines in forms]
        if m is None:
            return forms[0]
        return next((lines for lines in forms if self.rows(m, lines) <= BOX_ROWS), forms[-1])

    def rows(self, m, lines: list) -> int:
        """The text box's small rows ``lines`` take (as the shell wraps them)."""
        x0, _, w, _ = self.box_rect()
        width = x0 + w - 8 - (x0 + self.box_style.text_x)
        return sum(len(m.font.wrap(t, width, "small")) for t, _ in lines)

    def help_lines(self, m, prompt, lines: list) -> list:
        """The shell's hints (Select: the rule a refusal names) only where the box has a row left
        for them: every refusal's window on the seat's sheet has its own (``draw_refusal``)."""
        more = super().help_lines(m, prompt, lines)
        used = self.rows(m, lines)
        return [h for k, h in enumerate(more) if used + k + 1 <= BOX_ROWS]

    def fit(self, font, text: str, width: int) -> str:
        """``widgets.fit`` (small face), kept: the same texts are fitted every frame."""
        cache: dict[tuple[str, int], str] | None = getattr(self, "_fits", None)
        if cache is None or len(cache) > 512:
            cache = {}
            self._fits = cache
        key = (text, width)
        got = cache.get(key)
        if got is None:
            got = cache[key] = fit(font, text, width)
        return got

    def draw_seat(self, m, surface, seat: int, lay, row: dict, marks: list, near: str, prompt) -> None:
        """One seat's quadrant: header (name, total), sheet with marks, the running score by good,
        footprints and dice; while he draws, his cursor, costs and preview."""
        font = m.font
        shown = self.shown
        c = self.colour_of[seat]
        x, y, w, h = lay.x, lay.y, lay.w, lay.h
        pygame.draw.rect(surface, PLAYER_DARK[c], (x, y, w, h))
        on = prompt is not None
        pygame.draw.rect(surface, PLAYER_COLOURS[c] if on and (m.frame // 16) % 2 == 0 else INK, (x, y, w, h), 1)
        total = str(row["total"])
        tw = font.width(total, "small")
        parent = seat == shown.parent
        # the name takes every pixel up to the total (and the parent's die): "Tamasaburo" whole
        name = self.names[seat]
        room = w - 12 - 3 - tw - 3 - (10 if parent else 0)
        narrow = font.width(name, "small") > room      # a narrow column (three players): the header is the name's
        if narrow:
            sv.token(m, surface, c, seat, x + 1, y + 1)
            font.draw(surface, self.fit(font, name, w - 13), x + 10, y + 1, WHITE, "small")
        else:
            sv.token(m, surface, c, seat, x + 2, y + 1)
            font.draw(surface, name, x + 12, y + 1, WHITE, "small")
            font.draw(surface, total, x + w - 3, y + 1, GOLD, "small", align="right")
            if parent:                                 # the parent (C2.1): a little gold die
                sv.die(surface, 1, x + w - 3 - tw - 10, y + 1, 7, face=GOLD)
        draw = prompt if isinstance(prompt, DrawPrompt) else None
        flash = [fc for s, fc, _ in self.flash if s == seat]
        sv.draw_sheet(m, surface, lay, shown.sheet, shown.cells[seat], c, marks, near, m.frame,
                      costs=draw.costs() if draw is not None and draw.mode == "sheet" else None,
                      cursor=draw.cursor if draw is not None else flash[-1] if flash else -1,
                      affordable=draw.affordable() if draw is not None else None,
                      points=draw.points() if draw is not None and draw.mode == "sheet" and draw.overlay == "points"
                      else None)
        dx, dy = lay.dice
        own = shown.own[seat]                  # the dice: his own and the shared one
        if own:
            sv.die(surface, own, dx, dy, 10)
        if shown.shared and own:
            font.draw(surface, "+", dx + 13, dy + 1, LABEL, "small")
            sv.die(surface, shown.shared, dx + 19, dy, 10, face=GOLD)
        if narrow and parent:                  # the parent's die after the dice (the header is the name's)
            sv.die(surface, 1, dx + 33, dy + 2, 7, face=GOLD)
        status, scol = self.status_of(seat, prompt)
        if status:
            font.draw(surface, self.fit(font, status, 32), lay.status[0], lay.status[1], scol,
                      "small", align="right")
        adds = None
        if draw is not None and draw.mode == "sheet" and draw.drawable(draw.good, draw.cursor):
            adds = draw.preview(draw.good, draw.cursor)["adds"]
        if isinstance(prompt, HousePrompt):
            self.draw_house_menu(m, surface, lay, prompt)
        if not (isinstance(prompt, HousePrompt) and k4(lay)):     # a larger sheet's house menu is a window
            px, py, cols, col_w = lay.parts
            sv.draw_parts(m, surface, px, py, row, adds, cols, col_w)
            if narrow:                         # the total in the parts' last free place, as "= 63"
                font.draw(surface, "= " + total, px + cols * col_w - 3, py + 3 * 8, GOLD, "small", align="right")
        spend = draw.cost(draw.good, shown.sheet.floor_of[draw.cursor]) if draw is not None and adds else 0
        if not (isinstance(prompt, HousePrompt) and k4(lay)):
            sv.footprint_track(surface, lay.track[0], lay.track[1], shown.footprints[seat],
                               shown.sheet.footprint_cap, lay.track[2], spend)
        cx, cy = lay.costs
        if isinstance(prompt, HousePrompt):
            pass
        elif draw is not None:
            self.draw_floor_costs(m, surface, lay, draw)
        elif near:
            font.draw(surface, tr("1 CELL LEFT!"), cx, cy + 1, RED if (m.frame // 10) % 2 == 0 else GOLD, "small")
        else:
            font.draw(surface, tr("{k} footprint(s)", k=shown.footprints[seat]), cx, cy + 1, LABEL, "small")
        if prompt is not None:
            forms = prompt.strips()                      # the fullest form the sheet holds whole
            text, colour = next(((t, c) for t, c in forms if font.width(t, "small") <= w - 6), forms[-1])
            font.draw(surface, self.fit(font, text, w - 6), x + 3, lay.strip_y, colour, "small")
            if prompt.message:
                self.draw_refusal(m, surface, lay, prompt)
        elif self.may_take_back(seat):
            font.draw(surface, self.fit(font, tr("B: take back"), w - 6), x + 3, lay.strip_y, LABEL, "small")

    def may_take_back(self, seat: int) -> bool:
        """A human who has answered the round's drawing while another still draws (CG2.4)."""
        if self.done or self.replaying or seat not in self.ready or seat not in self.pad_of:
            return False
        aw = self.game.awaiting()
        return aw is not None and aw.kind == "draw" and seat in aw.others

    def status_of(self, seat: int, prompt) -> tuple[str, tuple]:
        shown = self.shown
        if self.done:
            return "", WHITE
        if seat in self.ready:
            return tr("READY"), GOLD
        if prompt is not None and isinstance(prompt, DrawPrompt) and prompt.mode == "pass":
            return tr("pass?"), GOLD
        if prompt is not None and isinstance(prompt, DrawPrompt) and prompt.mode == "end":
            return tr("end?"), RED
        aw = self.game.awaiting()
        if aw is None or self.beat is not None and not self.live_beat(self.beat):
            return "", WHITE
        if seat in (aw.seats or ()) and shown.phase == self.game.phase:
            if self.is_cpu(seat) and not self.replaying:
                return tr("thinks"), LABEL
            return {"draft": tr("takes"), "draw": tr("draws"), "house": tr("house")}.get(aw.kind, ""), TABLE_INFO
        return "", WHITE

    def draw_floor_costs(self, m, surface, lay, draw: DrawPrompt) -> None:
        """The cursor's floor: what each good costs there (C3.2), the chosen one framed."""
        font = m.font
        floor = self.game.sheet.floor_of[draw.cursor]
        ix, iy = lay.costs
        step = 11 if k4(lay) else 13                     # a quadrant holds six of 11 pixels, no more
        for g in range(1, 7):
            gx = ix + (g - 1) * step
            cost = draw.cost(g, floor)
            sv.icon(surface, g, gx, iy + 1)
            ok = cost <= draw.fp
            if cost < 10:                     # the digit beside its picture, never over it
                font.draw(surface, str(cost), gx + 7, iy, sv.GREEN if ok and cost == 0 else WHITE if ok else RED,
                          "small")
            if g == draw.good:
                pygame.draw.rect(surface, WHITE if (m.frame // 8) % 2 == 0 else GOLD, (gx - 1, iy - 1, 12, 10), 1)

    def draw_house_menu(self, m, surface, lay, prompt: HousePrompt) -> None:
        font = m.font
        ix, iy = lay.parts[0], lay.parts[1]
        if not k4(lay):                        # larger sheets: the menu in a window over the sheet
            iy = lay.marks_y - 58
            widgets.window(surface, (ix - 3, iy - 4, 73, 61))
        for g in range(1, 7):
            gy = iy + (g - 1) * 9
            done = g in prompt.chosen
            sv.icon(surface, g, ix + 1, gy + 1, sv.DIM if done else None)     # "butterfly" whole before its value
            font.draw(surface, fit(font, good_word(g), 46), ix + 8, gy, LABEL if done else WHITE, "small")
            font.draw(surface, "-" if done else str(prompt.values[g]), ix + 65, gy, LABEL if done else GOLD, "small",
                      align="right")
            if g == prompt.good:
                pygame.draw.rect(surface, WHITE if (m.frame // 8) % 2 == 0 else GOLD, (ix, gy - 1, 66, 10), 1)

    def draw_refusal(self, m, surface, lay, prompt) -> None:
        """Why not (the rule first), in a window over the seat's own sheet, every word of it: as
        many lines as the sheet holds under its header, more going on over pages turned by time
        (the arrow: more); under it, Select's rule (issue 36)."""
        font = m.font
        top = lay.y + 12
        width = lay.w - 14
        rules = self.rules_named(m, prompt, [(prompt.message, RED)])
        hint = fit(font, tr("Select: the rule {rule}", rule=rules[0]), width) if rules else ""
        room = max(1, (lay.y + lay.h - 2 - top - 8) // ROW - (1 if hint else 0))
        pages = refusal_pages(font, prompt.message, width, room)
        page = pages[(prompt.message_age // PAGE_FRAMES) % len(pages)]
        lines = font.wrap(page, width, "small")
        hh = 8 + ROW * (len(lines) + (1 if hint else 0))
        widgets.window(surface, (lay.x + 2, top, lay.w - 4, hh))
        for i, line in enumerate(lines):
            font.draw(surface, line, lay.x + 7, top + 4 + i * ROW, RED, "small")
        if hint:
            font.draw(surface, hint, lay.x + 7, top + 4 + len(lines) * ROW, LABEL, "small")
        if len(pages) > 1 and (m.frame // 15) % 2 == 0:
            ax, ay = lay.x + lay.w - 12, top + hh - 7
            pygame.draw.polygon(surface, WHITE, [(ax, ay), (ax + 6, ay), (ax + 3, ay + 3)])

    def draw_band(self, m, surface) -> None:
        """The middle band: the round, the dice tray (the draft's cursor on it), X's key; watching
        a record, the speed and keys instead of X's (never over a sheet)."""
        font = m.font
        shown = self.shown
        x, y, w, h = 0, band_y(len(self.names)), 256, BAND_H
        pygame.draw.rect(surface, INK, (x, y, w, h))
        reserved = self.overlay_room(m)               # the speedrun overlays' end of the band (issue 36)
        full = len(self.names) + 1                    # the tray holds the round's dice (C1.1)
        box_w = full * 14 + 6
        box_left = TRAY_X - (full * 14) // 2 - 4
        limit = 254 - reserved - 2 if reserved else 256
        if box_left + box_w > limit:                  # the tray moves left of the overlays, whole
            box_left = max(2, limit - box_w)
        label = tr("Round {r}", r=shown.round)
        if 4 + font.width(label, "small") + 3 <= box_left:
            font.draw(surface, label, 4, y + 4, WHITE, "small")
        if self.replaying:
            font.draw(surface, tr("REPLAY x{speed}", speed=self.speed), 252, y, GOLD, "small", align="right")
            font.draw(surface, tr("L/R speed  B jump"), 252, y + 8, GOLD, "small", align="right")
        elif not reserved:
            font.draw(surface, tr("X: status"), 252, y + 4, LABEL, "small", align="right")
        dice = list(shown.dice) if shown.phase != "roll" or (self.beat is not None and self.beat.kind == "roll") else []
        beat = self.beat
        prompt = self.prompt
        roll = prompt if isinstance(prompt, RollPrompt) and beat is None else None
        if roll is not None:                          # the human parent's dice tumble until his A
            dice = list(roll.faces)
        draft = prompt if isinstance(prompt, DraftPrompt) and (beat is None or self.live_beat(beat)) else None
        n = len(dice)
        x0 = box_left + 4 + ((full - n) * 14) // 2
        pygame.draw.rect(surface, rgb15(64, 40, 24), (x0 - 4, y + 1, n * 14 + 6, 14))
        rolling = beat is not None and beat.kind == "roll" and beat.age < m.anim(beat.frames, True)
        left = list(shown.pool) + ([shown.shared] if shown.shared else [])
        taken_by = list(shown.own)
        for i, v in enumerate(dice):
            dx = x0 + i * 14
            if rolling and beat is not None:
                face = 1 + (v + beat.age // 3 + i) % 6
                sv.die(surface, face, dx, y + 3 - (beat.age // 2 + i) % 2, 10)
                continue
            if roll is not None:
                sv.die(surface, v, dx, y + 3 - (m.frame // 2 + i) % 2, 10)
                continue
            if v in left:
                left.remove(v)
                col = GOLD if shown.phase in ("draw", "house") and v == shown.shared else WHITE
                sv.die(surface, v, dx, y + 3, 10, face=col)
            else:
                owner = next((s for s, o in enumerate(taken_by) if o == v), -1)
                if owner >= 0:
                    taken_by[owner] = 0
                sv.die(surface, v, dx, y + 3, 10, face=LABEL)
                if owner >= 0:
                    pygame.draw.rect(surface, PLAYER_COLOURS[self.colour_of[owner]], (dx, y + 13, 10, 2))
            if draft is not None and i == draft.index:
                pygame.draw.rect(surface, WHITE if (m.frame // 8) % 2 == 0 else GOLD, (dx - 2, y + 1, 14, 14), 1)

    def draw_replay_label(self, m, surface) -> None:
        """Watching: the speed and keys stand in the band (``draw_band``)."""

    # ---------------------------------------------------------------- X at once: one seat's status
    def draw_peek(self, m, surface, seat: int, rect, page: int) -> None:
        """X while another human still chooses: this seat's status over his own sheet, as the
        beats have shown it (nobody's answer before all are in, CG2.1): his score by part (C5.7),
        footprints and houses chosen (C5.1), then per tower his felt against the best rival's,
        the felt points (C5.2) and his completion mark (C4.1). A quadrant shows the score and the
        towers as two pages (L/R); a larger sheet both. Every line is fitted to the sheet."""
        font = m.font
        x, y, w, h = rect
        widgets.window(surface, rect)
        row = self.breakdown()[seat]
        total = str(row["total"])
        font.draw(surface, total, x + w - 6, y + 4, GOLD, align="right")
        name_w = w - 12 - font.width(total) - 4
        font.draw(surface, fit(font, self.names[seat], name_w, "main"), x + 6, y + 4,
                  PLAYER_COLOURS[self.colour_of[seat]])
        pages = self.peek_pages()
        foot = tr("L/R: page   B: back") if pages > 1 else tr("B: back")
        bottom = y + h - 12                            # the keys' line
        font.draw(surface, fit(font, foot, w - 12), x + 6, bottom + 1, LABEL, "small")
        ry = y + 17
        if pages == 1 or page == 0:
            ry = self.peek_score(m, surface, seat, row, x, ry, w, bottom)
        if pages == 1 or page == 1:
            self.peek_towers(m, surface, seat, x, ry, w, bottom)

    def peek_score(self, m, surface, seat: int, row: dict, x: int, y: int, w: int, bottom: int) -> int:
        """His score by part in two columns (each part's word too where a column holds it); his
        footprints and houses. The next y."""
        font = m.font
        shown = self.shown
        cols = 2
        col_w = (w - 12) // cols
        for i, part in enumerate(scoring.PARTS):
            cx, cy = x + 6 + (i % cols) * col_w, y + (i // cols) * ROW
            if cy + ROW > bottom:
                break
            sv.icon(surface, sv.PART_GOOD[part], cx, cy + 1)
            value = str(row[part])
            font.draw(surface, value, cx + col_w - 4, cy, WHITE, "small", align="right")
            if col_w >= 50:
                word = tr("towers") if part == "towers" else good_word(sv.PART_GOOD[part])
                font.draw(surface, fit(font, word, col_w - 16 - font.width(value, "small")), cx + 9, cy, TABLE_INFO,
                          "small")
        y += ((len(scoring.PARTS) + cols - 1) // cols) * ROW
        if y + ROW <= bottom:
            font.draw(surface, fit(font, tr("footprints {k}", k=shown.footprints[seat]), w - 12), x + 6, y, WHITE,
                      "small")
            y += ROW
        if y + ROW <= bottom:
            label = tr("houses:")
            font.draw(surface, label, x + 6, y, LABEL, "small")
            hx = x + 6 + font.width(label, "small") + 3
            chosen = [house[0] for house in shown.houses[seat]]
            for j, g in enumerate(chosen):
                if hx + j * 8 + 6 <= x + w - 6:
                    sv.icon(surface, g, hx + j * 8, y + 1)
            if not chosen:
                font.draw(surface, "-", hx, y, LABEL, "small")
            y += ROW
        return y

    def peek_towers(self, m, surface, seat: int, x: int, y: int, w: int, bottom: int) -> int:
        """A legend, then per tower: its number, his felt / the best rival's (green ahead, red
        behind), his felt points, his mark (a completed tower's points; x: its left value gone;
        -: open)."""
        font = m.font
        shown = self.shown
        standing = queries.felt_standing(shown, seat)
        room = max(1, (bottom - y) // ROW - len(standing))            # the legend's lines: the towers' rows first
        legend = font.wrap(tr("Felt: you/rival, points"), w - 12, "small")
        if len(legend) > room:
            legend = legend[:room - 1] + [fit(font, " ".join(legend[room - 1:]), w - 12)]
        for line in legend:
            if y + ROW > bottom:
                return y
            font.draw(surface, line, x + 6, y, LABEL, "small")
            y += ROW
        points = scoring.felt_points([scoring.felt_counts(shown.sheet, c) for c in shown.cells],
                                     bool(shown.options.get("felt_needs_one", False)))[seat]
        marks = queries.completion_marks(shown)
        for t, (mine, best) in enumerate(standing):
            if y + ROW > bottom:
                break
            sv.icon(surface, 7, x + 6, y + 1)
            font.draw(surface, str(t + 1), x + 14, y, WHITE, "small")
            sv.icon(surface, 2, x + 23, y + 1)
            colour = sv.GREEN if mine > best else RED if mine < best else WHITE
            font.draw(surface, f"{mine}/{best}", x + 31, y, colour, "small")
            font.draw(surface, str(points[t]), x + w - 30, y, sv.GOOD_COLOURS[2], "small", align="right")
            sm = marks[t].seats[seat]
            font.draw(surface, MARK_TEXT.get(sm.status, str(sm.points)), x + w - 6, y, MARK_COLOUR[sm.status],
                      "small", align="right")
            y += ROW
        return y


__all__ = ["TableScene", "CatTowerSetup", "Beat"]

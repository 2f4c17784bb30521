"""The Towers table on the shell's table (``frontend/table.py``): the board, the players' panels;
what is Towers' own.

The match's events become beats (a tower rising, towers falling, the picks revealed; lines and
banners in the shell's text box); the board draws ``Shown``, the match as far as the beats have
got; the board's edges are labelled (TG1.1: the squares every message names). Both secret picks
are asked at once, each on its own pad: with two people on the screen nothing of a pick shows or
sounds before both are in, only "ready" (the input display hides the human pads until the picks
are revealed). Y on any human's pad asks that seat to confirm a double turn (a small window over
his own panel; A declares it, B backs out), in turn or out of turn (TG5.1). A prompt's keys stand
in the players' column; its windows stand on the board away from the cursor. The last tower
built stays outlined until the next.
"""
from __future__ import annotations

import pygame

from ....frontend import widgets
from ....frontend.constants import GOLD, INK, LABEL, PLAYER_COLOURS, PLAYER_DARK, RED, TABLE_INFO, WHITE, A, B, Y
from ....frontend.match import setups_of
from ....frontend.table import Beat, BoxStyle, TableScene as Table, TakeBackScene
from ....frontend.table_beats import Line, Show, Step
from ....frontend.text import tr
from ....frontend.widgets import big_text, fit
from .. import board as bd, events as ev
from ..answers import DECLARE, Declare, Demolish, Place
from ..data import rules
from . import boardview as bv
from .explain import explain
from .layout import (BOARD, BOX_H, BOX_Y, LABEL_H, LINE_H, PANEL_W, PANEL_X, SMALL_H, cell_size, name_rows, origin,
                     panel_height)
from .prompts import EndPrompt, PickPrompt, PlacePrompt, Prompt
from .results import TowersResults
from .status import STATUS

THINK = 30                           # frames a CPU seat "thinks" before it answers (a person can follow)
BUILD = 18                           # frames a tower takes to rise
REASONS = {"full": "no empty square is left (T6.1)", "ended": "the end was declared after a pass (T6.1)",
           "passes": "a round of passes: every player passed (TG6.1)"}


def storeys(size: int) -> int:
    """A tower's storeys (its size in the rules' storeys)."""
    return size * rules().storeys_per_size


TOLD: dict[type, tuple[Step, ...]] = {   # the events told the same way each time (``TableScene.tell``)
    ev.PickGiven: (Show("ready", 1, "player", sound="select"),),
    ev.TowerPlaced: (Show("build", BUILD, "player", ("square", "size"), "build", None),
                     Line("{who} builds a {size} at {square} ({storeys} storey(s)).", "player", 24,
                          of=(("storeys", "size"),), said=(("storeys", storeys),))),
    ev.ClaimsBegin: (Show("claims"), Line("Every player has a tower: territory counts from now on (TG4.2).", hold=50)),
}


TowersSetup = setups_of("towers", ["human", "joji"])     # a Towers match's set-up


class Shown:
    """The match as the beats have shown it so far (the board, the panels)."""

    def __init__(self, match) -> None:
        self.enclosed = match.options["claim_mode"] == "enclosed"
        self.sync(match)

    def sync(self, match) -> None:
        self.owner = list(match.owner)
        self.size = list(match.size)
        self.counting = match.counting
        self.doubles = list(match.doubles)
        self.phase = match.phase
        self.ready = [p is not None for p in match.picks]
        self.player = match.to_move
        self.turn = max(1, match.turn)

    def claims(self, geo) -> list[int]:
        key = (tuple(self.owner), self.counting)
        cached = getattr(self, "_claims", None)
        if cached is None or cached[0] != key:
            cached = self._claims = (key, bd.claims(geo, self.owner, self.counting, self.enclosed))
        return cached[1]

    def scores(self, seats: int) -> list[int]:
        out = [0] * seats
        for o, s in zip(self.owner, self.size):
            if o >= 0:
                out[o] += s
        return out


class TableScene(Table):
    y_fast_forwards = False              # Y declares a double turn (TG5.1): holding it must not also hurry
    board_area = BOARD
    box_style = BoxStyle((0, BOX_Y, 256, BOX_H), "small", lines=3, line_h=LINE_H, small_h=SMALL_H, wrap_prompt=True)
    jump_rect = (32, 76, 128, 40)
    think_frames = THINK
    status = STATUS                      # X: players, board, building, turns
    results = TowersResults
    told = TOLD
    take_backs = {Place: "the tower", Demolish: "the demolition"}     # and a double turn in his turn (below)

    @property
    def overlay_at(self) -> tuple[int, int, str]:  # type: ignore[override]   # a value of Scene's, here the layout's
        """The timer and the pads (options) in a column at the foot of the players' column, right
        of its lines and under the panels (``draw_panels`` makes the panels and lines room for
        it): never over the board, a panel or the text box."""
        return getattr(self, "_overlay", (254, BOX_Y - 10, "column"))

    def prepare(self, m) -> None:
        self.cursors: dict[int, int] = {}     # each seat's cursor at his last turn (his next starts there)
        self.marks: list[int] = []            # the squares built on, in order: the last stays outlined
        self.vacated = -1                     # the square demolished this turn (TG7.3), told so far
        self.confirms: dict[int, int] = {}    # seat -> the turn: a double turn to confirm, out of turn

    def make_shown(self, match):
        return Shown(match)

    def sync_shown(self) -> None:
        self.shown.sync(self.game)

    def music(self, m) -> str:
        match = self.game
        return "tension" if match.empties() * 5 <= match.geo.cells else "play"

    def narrate(self, m, events: list) -> None:
        """The match's events become beats (the shell's table tells the comments between turns)."""
        n = self.names
        split = rules().pick_split
        for e in events:
            t = type(e)
            if self.tell(e):
                continue
            if t is ev.GameStarted:
                self.say(tr("Towers on the {n}x{n} board: {names}.", n=e.size, names=", ".join(n)), hold=50)
            elif t is ev.PicksRevealed:
                a, b = e.picks[0], e.picks[1]
                if e.first < 0:
                    text = tr("Equal picks ({a} and {b}): pick again (T2.1).", a=a, b=b)
                elif a + b <= split:
                    text = tr("{a} + {b} = {sum}, {split} or less: the larger pick goes first (T2.1).", a=a, b=b,
                              sum=a + b, split=split)
                else:
                    text = tr("{a} + {b} = {sum}, {more} or more: the smaller pick goes first (T2.1).", a=a, b=b,
                              sum=a + b, more=split + 1)
                self.beats.append(Beat("reveal", 90, text, data=(tuple(e.picks), e.first), sound="fanfare"))
            elif t is ev.FirstPlayer:
                how = {"pick": "{who} goes first (by the picks).", "random": "{who} goes first (drawn at random).",
                       "given": "{who} goes first (as set up)."}.get(e.how, "{who} goes first (as set up).")
                self.say(tr(how, who=n[e.player]), e.player, 40)
            elif t is ev.TurnStarted:
                self.vacated = -1
                self.beats.append(Beat("focus", 1, player=e.player, data=(e.turn,)))
                if e.extra:
                    self.say(tr("{who}'s extra turn (a double turn, T5.1).", who=n[e.player]), e.player, 30)
            elif t is ev.Passed:
                self.say(tr("{who} can build nowhere and passes (T3.4).", who=n[e.player]) if e.forced
                         else tr("{who} passes.", who=n[e.player]), e.player, 36)
            elif t is ev.Declared:
                self.beats.append(Beat("doubles", 1, player=e.player, data=(e.left,)))
                template = ("{who} declares a double turn: an extra turn after this one ({left} left)." if e.in_turn
                            else "{who} declares a double turn out of turn: an extra turn after this one ({left} left).")
                self.banner(tr("DOUBLE TURN!"), tr(template, who=n[e.player], left=e.left), e.player, "fanfare")
            elif t is ev.Demolished:
                self.vacated = self.game.geo.index[e.square]
                self.beats.append(Beat("raze", 16, player=e.player, data=(e.square, e.size), sound="cash_out"))
                self.say(tr("{who} demolishes the {size} at {square} (T7.1).", who=n[e.player], size=e.size,
                            square=e.square), e.player, 36)
            elif t is ev.Collapsed:
                self.beats.append(Beat("fall", 24, data=tuple(e.towers), sound="broke"))
                fallen = tr(", ").join(tr("{who}'s {size} at {square}", who=n[o], size=s, square=sq)
                                       for sq, o, s in e.towers)
                self.say(tr("Unsupported, they fall: {towers} (T7.2).", towers=fallen), hold=50)
            elif t is ev.WalledIn:
                built = [x for x in events if type(x) is ev.TowerPlaced and x.player == e.player]
                if e.by == e.player and built and (self.vacated < 0 or built[-1].square ==
                                                   self.game.geo.names[self.vacated]):
                    # he built on the last square open to him (his own ground filled): no rival did it
                    self.say(tr("{who} has built on the last square open to him: from now on he can only pass "
                                "(TG4.3).", who=n[e.player]), e.player, 50)
                    continue
                if e.by == e.player:             # the end of his demolition's turn (TG7.3)
                    text = tr("{who} is walled in: the square he vacated is his alone no more (TG7.3, TG4.3).",
                              who=n[e.player])
                elif e.by >= 0:
                    text = tr("{who} is walled in by {by}: nowhere left to build (TG4.3).", who=n[e.player], by=n[e.by])
                else:
                    text = tr("{who} is walled in: nowhere left to build (TG4.3).", who=n[e.player])
                self.banner(tr("WALLED IN!"), text, e.player, "broke")
            elif t is ev.EndAsked:
                self.beats.append(Beat("focus", 1, player=e.player, data=(0,)))
                if self.is_cpu(e.player) or self.replaying:
                    self.say(tr("{who} is asked: end the game? (T6.1)", who=n[e.player]), e.player, 36)
            elif t is ev.EndAnswered:
                self.say(tr("{who}: yes, end the game.", who=n[e.player]) if e.yes
                         else tr("{who}: no, play on.", who=n[e.player]), e.player, 36)
            elif t is ev.GameOver:
                self.beats.append(Beat("sync", 1))
                first = e.ranking[0]
                if len(first) > 1:
                    head = tr("A draw at {score}.", score=e.scores[first[0]])
                else:
                    head = tr("{who} wins with {score}.", who=n[first[0]], score=e.scores[first[0]])
                self.banner(tr("GAME OVER"), tr("Game over: {why}. {head}", why=tr(REASONS.get(e.reason, e.reason)),
                                                head=head), -1, "fanfare", 80)

    # ---------------------------------------------------------------- input
    def handle(self, m, b) -> None:
        super().handle(m, b)
        for seat, prompt in self.prompts.items():       # "Take back" chosen in the turn's menu: confirm it
            if isinstance(prompt, PlacePrompt) and prompt.undo_asked:
                prompt.undo_asked = False
                if self.can_take_back(seat) and m.stack[-1] is self:
                    m.push(TakeBackScene(self, self.pad_of.get(seat, self.control_pad)))
                return

    def handle_keys(self, m, b) -> None:
        """Y on a human's pad: "declare a double turn?" for his seat (a window over his panel), at
        any time but watching a record; A or B there answer it."""
        if self.replaying:
            return
        for p in sorted(set(self.pad_of.values())):
            seat = self.seat_of_pad(p)
            if seat is None:
                continue
            if seat in self.confirms:
                if b.press(p, A):
                    self.declare(m, seat)
                elif b.press(p, B):
                    del self.confirms[seat]
                    m.sound("cancel")
            elif b.press(p, Y):
                self.ask_declare(m, seat)

    def ask_declare(self, m, seat: int) -> None:
        """Y on a human's pad: the match's reason why not, or the confirmation (in his prompt on his
        turn, else the table's, which holds the CPUs meanwhile)."""
        match = self.game
        if match.over:
            return
        why = self.declare_reason(seat)
        if why is not None:
            self.refuse(m, seat, explain(why, self.host.names[seat]))
            return
        self.toast = ""
        prompt = self.prompts.get(seat)
        if isinstance(prompt, PlacePrompt) and self.beat is None:
            prompt.declare(m)
        else:
            self.confirms[seat] = match.turn
            m.sound("select")

    def declare_reason(self, seat: int) -> str | None:
        """Why ``seat`` may not declare a double turn now (T5.1, T5.2, TG5.1), or None."""
        match = self.game
        why = match.check(DECLARE, seat)
        if why is not None and match.phase != "place":       # the picks or "end the game?": no turn is on (E8)
            why = "TG5.1: a double turn is declared during a turn, before its placement or pass"
        return why

    def declare(self, m, seat: int) -> None:
        """A confirmed double turn, out of turn (TG5.1), answered through the drive loop (the
        shell's ``answer``: ``Session.next`` names his seat), or the match's reason why it is too late."""
        self.confirms.pop(seat, None)
        why = self.declare_reason(seat)
        if why is None:
            self.toast = ""
            why = self.answer(m, DECLARE, seat)  # at once, even while the show plays (its beats queue)
        if why is not None:
            self.refuse(m, seat, explain(why, self.host.names[seat]))

    def after_input(self, seat) -> None:
        """The match has moved on: a pick's prompt goes; after anything else every prompt is made
        again when asked (a turn's cursor kept)."""
        if seat is not None and seat in self.prompts and isinstance(self.prompts[seat], PickPrompt):
            self.prompts.pop(seat, None)
            return
        for s, p in self.prompts.items():         # his next turn's cursor: where he was (a demolished square)
            if isinstance(p, PlacePrompt):
                self.cursors[s] = p.demolish_cursor if type(p.answer) is Demolish else p.cursor
        self.prompts = {}

    # ---------------------------------------------------------------- take-backs (issue 36)
    def take_back_words(self, answer, seat: int) -> str:
        """What a person may take back before anyone else answers (RULES-towers.md; the shell keeps
        it until the next chance or another seat's answer): a tower he built, a demolition, a
        double turn declared in his own turn (each followed by his own turn's prompt again: a
        demolition, a declaration; an extra turn of his after a placement). Never a pick (secret,
        and the other's is in), a pass (the next player answers) or "end the game?"."""
        if type(answer) is Declare:
            return "the double turn" if self.game.player == seat and self.game.phase == "place" else ""
        return super().take_back_words(answer, seat)

    def after_take_back(self, m) -> None:
        """The board as it stood: the outlined tower, the turn's demolition, no window open."""
        match = self.game
        del self.marks[sum(match.placed):]
        self.vacated = match.vacated if match.phase == "place" else -1
        self.confirms = {}

    def after_jump(self, m) -> None:
        self.marks, self.vacated, self.confirms = [], -1, {}

    def hidden_pads(self, m) -> int:
        """Every human pad while two people pick in secret, until the picks are revealed: one who
        has picked may still hold his direction, before and after the other's A (TG2.1)."""
        mask = super().hidden_pads(m)
        beat = self.beat
        if self.shown.phase == "pick" and not (beat is not None and beat.kind == "reveal") \
                and not self.is_cpu(0) and not self.is_cpu(1):
            for pad in self.pad_of.values():
                mask |= 1 << pad
        return mask

    # ---------------------------------------------------------------- time
    def tick_time(self, m) -> None:
        """A confirmation of a double turn out of turn closes when its turn is over; while one is
        open the CPU seats wait (the turn it is declared in stays the one it names)."""
        if self.confirms:
            match = self.game
            for seat, turn in list(self.confirms.items()):
                if match.over or match.phase != "place" or match.turn != turn or isinstance(
                        self.prompts.get(seat), PlacePrompt):
                    del self.confirms[seat]
                    prompt = self.prompts.get(seat)
                    if isinstance(prompt, PlacePrompt) and not match.over and match.turn == turn:
                        prompt.declare(None)             # his own turn's prompt takes the question over
            if self.confirms:
                self.think = 0

    def make_prompt(self, m, kind: str, seat: int) -> Prompt:
        match, name = self.game, self.names[seat]
        if kind == "pick":
            others = [s for s in (0, 1) if s != seat and not self.is_cpu(s)]
            return PickPrompt(seat, name, secret=bool(others), pickers=tuple(self.names[:2]))
        if kind == "end":
            return EndPrompt(match, seat, name, self.names)
        tb = self.host.take_back
        undo = tb.words if tb is not None and self.can_take_back(seat) else ""
        return PlacePrompt(match, seat, name, self.cursors.get(seat), self.names, undo)

    def start_beat(self, m, beat: Beat) -> None:
        shown, match = self.shown, self.game
        k = beat.kind
        if k == "focus":
            shown.player = beat.player
            if beat.data and beat.data[0]:
                shown.turn = beat.data[0]
                self.log.append(("", tr("Turn {turn}: {who}.", turn=beat.data[0], who=self.names[beat.player])))
            shown.phase = "place" if shown.phase == "pick" else shown.phase
        elif k == "ready":
            if 0 <= beat.player < len(shown.ready):
                shown.ready[beat.player] = True
        elif k == "doubles":
            shown.doubles[beat.player] = beat.data[0]
        elif k == "claims":
            shown.counting = True

    def end_text_beat(self, m, beat: Beat) -> None:
        if beat.kind == "reveal":
            picks, first = beat.data
            self.shown.ready = [False] * len(self.shown.ready)
            if first >= 0:
                self.shown.phase = "place"

    def tick_beat(self, m, beat: Beat) -> bool:
        """One frame of a beat; True when it is over."""
        k = beat.kind
        length = m.anim(beat.frames, beat.cpu)
        over = beat.age >= length or (m.fast() and beat.age >= 2)
        if over:
            shown, match = self.shown, self.game
            if k == "build":
                sq, size = beat.data
                i = match.geo.index[sq]
                shown.owner[i], shown.size[i] = beat.player, size
                self.marks.append(i)
            elif k == "raze":
                i = match.geo.index[beat.data[0]]
                shown.owner[i], shown.size[i] = -1, 0
            elif k == "fall":
                for sq, _, _ in beat.data:
                    i = match.geo.index[sq]
                    shown.owner[i], shown.size[i] = -1, 0
        return over

    # ---------------------------------------------------------------- drawing
    def draw_hud(self, m, surface) -> None:
        self.draw_panels(m, surface)

    def draw_replay_label(self, m, surface) -> None:
        """Watching: the speed and keys stand in the players' column (``draw_panels``)."""

    def thinking_lines(self, m) -> list:
        if any(self.game.can_declare(s) for s in self.pad_of):
            return [(tr("Y: declare a double turn now (your extra turn comes right after this one)."), TABLE_INFO)]
        return []

    def draw_over(self, m, surface) -> None:
        """The secret picks' window, the turn's menus: small windows on the board, on the side
        away from the cursor (the square he is on, its neighbours and the warnings stay in view)."""
        beat = self.beat
        if self.shown.phase == "pick" or (beat is not None and beat.kind == "reveal"):
            self.draw_picks(m, surface)
        prompt = self.prompt if beat is None else None
        if isinstance(prompt, PlacePrompt):
            if prompt.mode == "menu":
                w, h = self.menu_size(m, prompt.menu)
                x, y = self.window_at(prompt.cursor, w, h)
                prompt.menu.draw(m, surface, x, y, w)
            elif prompt.mode == "pass":
                title = tr("Pass this turn?")
                w, h = self.menu_size(m, prompt.confirm, title)
                x, y = self.window_at(prompt.cursor, w, h)
                prompt.confirm.draw(m, surface, x, y, w, title)
        elif isinstance(prompt, EndPrompt):
            title = tr("End the game?")
            w, h = self.menu_size(m, prompt.menu, title)
            n = self.game.n
            ox, oy = origin(n)
            side = cell_size(n) * n
            prompt.menu.draw(m, surface, ox + (side - w) // 2, oy + (side - h) // 2, w, title)

    def menu_size(self, m, menu, title: str = "") -> tuple[int, int]:
        """A menu window's size: as wide as its longest word (the cursor before it), as tall as its rows."""
        font = m.font
        w = max([font.width(tr(label)) + 22 for label in menu.items] + ([font.width(title) + 14] if title else []))
        return w, 12 * len(menu.items) + 8 + (12 if title else 0)

    def window_at(self, square: int, w: int, h: int) -> tuple[int, int]:
        """Where a window of ``w`` x ``h`` stands on the board: in the corner across from ``square``
        (the left or right half, the top or bottom half the square is not in)."""
        n = self.game.n
        cell, (ox, oy) = cell_size(n), origin(n)
        col, row = square % n, square // n
        x = ox + n * cell - w - 3 if col < n / 2 else ox + 3
        y = oy + n * cell - h - 3 if row < n / 2 else oy + 3
        return x, y

    def draw_board(self, m, surface) -> None:
        match, shown = self.game, self.shown
        n = match.n
        cell = cell_size(n)
        ox, oy = origin(n)
        claims = shown.claims(match.geo)
        pic = bv.board_picture(m.font, n, cell, shown.owner, shown.size, claims, self.colour_of)
        surface.blit(pic, (ox, oy))
        self.draw_labels(m, surface, n, cell, ox, oy)
        beat = self.beat
        xy = lambda i: (ox + (i % n) * cell, oy + (i // n) * cell)  # noqa: E731
        if beat is not None and beat.kind == "build":          # the tower rises
            sq, size = beat.data
            i = match.geo.index[sq]
            x, y = xy(i)
            total = max(1, m.anim(beat.frames, beat.cpu))
            grown = max(1, size * min(beat.age, total) // total)
            bv.draw_tower(m.font, surface, x, y, cell, grown, self.colour_of[beat.player])
            bv.cursor_frame(surface, x, y, cell, m.frame, WHITE)
        elif beat is not None and beat.kind in ("raze", "fall"):
            towers = [(beat.data[0], beat.player, beat.data[1])] if beat.kind == "raze" else list(beat.data)
            total = max(1, m.anim(beat.frames, beat.cpu))
            sink = max(1, 100 * min(beat.age, total) // total)
            for sq, o, size in towers:
                x, y = xy(match.geo.index[sq])
                surface.blit(bv.lot(cell, ((match.geo.index[sq] % n) + match.geo.index[sq] // n) % 2 == 1), (x, y))
                if sink < 100:
                    bv.draw_tower(m.font, surface, x, y, cell, size, self.colour_of[o], sink=sink)
                bv.mark_frame(surface, x, y, cell, RED)
        if self.marks and shown.owner[self.marks[-1]] >= 0:       # the last tower built, until the next
            x, y = xy(self.marks[-1])
            bv.mark_frame(surface, x, y, cell, WHITE)
        prompt = self.prompt if beat is None else None
        if isinstance(prompt, PlacePrompt):
            seat = prompt.seat
            colour = self.colour_of[seat]
            for sq in [sq for sq, _ in prompt.threats] + [sq for a, b, _ in prompt.doubles for sq in (a, b)]:
                x, y = xy(match.geo.index[sq])           # TG4.3: one more enemy tower, or a double turn's two
                bv.warning_mark(surface, x, y, cell)
            if prompt.mode == "demolish":
                x, y = xy(prompt.demolish_cursor)
                bv.cursor_frame(surface, x, y, cell, m.frame, RED if (m.frame // 8) % 2 else WHITE)
                preview = match.demolition(match.geo.names[prompt.demolish_cursor], seat)
                for sq in preview.falls:
                    fx, fy = xy(match.geo.index[sq])
                    bv.mark_frame(surface, fx, fy, cell, RED)
            elif prompt.mode in ("board", "size", "menu", "pass", "declare"):
                x, y = xy(prompt.cursor)
                size = prompt.size if prompt.mode == "size" else prompt.top
                if size > 0:
                    legal = size <= prompt.top
                    bv.draw_tower(m.font, surface, x, y, cell, size, colour, ghost=True,
                                  digit_colour=WHITE if legal else RED)
                elif match.owner[prompt.cursor] < 0:
                    pygame.draw.line(surface, RED, (x + 4, y + 4), (x + cell - 6, y + cell - 6), 2)
                    pygame.draw.line(surface, RED, (x + cell - 6, y + 4), (x + 4, y + cell - 6), 2)
                bv.cursor_frame(surface, x, y, cell, m.frame)

    def draw_labels(self, m, surface, n: int, cell: int, ox: int, oy: int) -> None:
        """The board's edges named (TG1.1), as on the status page: the columns' letters above
        it, the rows' numbers at its left, off the squares (``layout.origin`` leaves the room)."""
        font = m.font
        for i in range(n):
            font.draw(surface, bv.COLUMNS[i], ox + i * cell + cell // 2, oy - LABEL_H, LABEL, "small", align="centre")
            font.draw(surface, str(i + 1), ox - 2, oy + i * cell + (cell - 7) // 2, LABEL, "small", align="right")

    def overlay_room(self, m) -> int:
        """The top of the timer and pads' column at the foot of the players' column (``overlay_at``,
        kept as a drawing cache, ``_overlay``); ``BOX_Y`` when neither is on."""
        timer, pads = m.settings.timer, m.settings.input_display
        k = bin(m.buttons.connected & 0xF).count("1") if pads else 0
        if timer:                            # the timer, then a pad a row, the last just above the text box
            y = BOX_Y - 10 - 12 * k
            top = y - 1
        elif k:
            y = BOX_Y + 1 - 12 * k
            top = y - 1
        else:
            y, top = BOX_Y - 10, BOX_Y
        self._overlay = (PANEL_X + PANEL_W - 2, y, "column")
        return top

    def panel_rows(self, m, k: int) -> tuple[int, bool]:
        """(each panel's height, a line of the turn under them): as tall as ``layout.panel_height``
        says where the overlays leave the room, else shorter (``draw_panel``'s compact rows)."""
        top = self.overlay_room(m)
        ph = panel_height(k)
        if k * ph + 12 <= top:
            return ph, True
        ph = (top - 12) // k
        if ph >= 28:
            return ph, True
        return (top - 2) // k, False

    def draw_panels(self, m, surface) -> None:
        """Each player: name, face (or his tower) with his seat's number, his sum, his double turns
        left (T5.1) and what he is doing; then the turn, the empty squares and the keys, above the
        timer and pads when they are on (``overlay_at``)."""
        match, shown = self.game, self.shown
        k = len(self.names)
        ph, more = self.panel_rows(m, k)
        font = m.font
        pygame.draw.rect(surface, INK, (PANEL_X, 0, PANEL_W, BOX_Y))
        for p in range(k):
            self.draw_panel(m, surface, p, p * ph, ph)
        for p in range(k):                          # a double turn to confirm: over his own panel
            prompt = self.prompts.get(p)
            if p in self.confirms or (isinstance(prompt, PlacePrompt) and prompt.mode == "declare"
                                      and self.beat is None):
                self.draw_confirm(m, surface, p, p * ph, ph)
        if not more:
            return
        y = k * ph + 3
        bottom = self.overlay_room(m) - 2
        lines = [(tr("Turn {turn}", turn=shown.turn), WHITE)]
        if k < 4:
            lines.append((tr("{k} empty", k=shown.owner.count(-1)), LABEL))
        if not shown.counting and shown.phase != "pick":
            lines.append((tr("No claims"), LABEL))
        prompt = self.prompt if self.beat is None else None
        if isinstance(prompt, Prompt) and not self.replaying:
            lines += [(key, TABLE_INFO) for key in prompt.keys()]
        elif self.replaying:
            lines += [(tr("REPLAY x{speed}", speed=self.speed), GOLD), (tr("L/R: speed"), GOLD), (tr("B: jump"), GOLD)]
        elif not self.prompts:
            human = [s for s in self.pad_of if match.can_declare(s)]
            if human:
                lines.append((tr("Y: double"), TABLE_INFO))
        for text, colour in lines:
            if y + SMALL_H > bottom:
                break
            font.draw(surface, fit(font, text, PANEL_W - 6), PANEL_X + 3, y, colour, "small")
            y += SMALL_H + 1

    def draw_panel(self, m, surface, p: int, y: int, ph: int) -> None:
        """One player's panel, ``ph`` high: two players get a row for the double turns of their
        own (52 or more), three or four a face beside the sum (38 or more), and shorter panels
        (the overlays' room) the seat's number, pips and sum in a row, what he is doing under it.
        A name wider than the panel (コズミック・ウィル in Japanese) goes on over two rows, the
        second beside the face, never cut."""
        font, shown = m.font, self.shown
        x = PANEL_X
        c = self.colour_of[p]
        on = p == shown.player and not self.done and shown.phase != "pick"
        pygame.draw.rect(surface, PLAYER_DARK[c], (x, y, PANEL_W, ph))
        pygame.draw.rect(surface, PLAYER_COLOURS[c] if on and (m.frame // 16) % 2 == 0 else INK, (x, y, PANEL_W, ph), 1)
        rows = name_rows(font, self.names[p], PANEL_W - 5)
        font.draw(surface, rows[0], x + 3, y + 2, WHITE, "small")
        two = len(rows) > 1
        score = str(shown.scores(len(self.names))[p])
        status, colour = self.panel_status(p)
        if ph < 38:                                   # compact: no face
            pygame.draw.rect(surface, PLAYER_COLOURS[c], (x + 3, y + 11, 7, 9))
            font.draw(surface, str(p + 1), x + 4, y + 12, INK, "small")
            self.draw_pips(surface, p, x + 13, y + 12, c)
            if two:                                   # the name's end beside the pips, the sum under them
                font.draw(surface, rows[1], x + PANEL_W - 3, y + 11, WHITE, "small", align="right")
                w = font.draw(surface, score, x + 3, y + 20, WHITE, "small")
                if status:
                    font.draw(surface, fit(font, status, PANEL_W - 10 - w), x + PANEL_W - 3, y + 20, colour,
                              "small", align="right")
                return
            font.draw(surface, score, x + PANEL_W - 4, y + 10, WHITE, "main", INK, align="right")
            if status:
                font.draw(surface, fit(font, status, PANEL_W - 6), x + PANEL_W - 3, y + 20, colour, "small",
                          align="right")
            return
        kind = self.kinds[p]
        face = m.art.portrait(kind.split(":")[0], small=True) if kind != "human" else None
        if face is not None:
            surface.blit(face, (x + 3, y + 11))
        else:                                         # a person: a tower of his colour and roof
            t = bv.tower(5, c, 16)
            surface.blit(t, (x + 3 + (16 - t.get_width()) // 2, y + 11 + 15 - t.get_height()))
        tall = ph >= 52                               # two players: a row for the double turns of its own
        ty = y + 21 if tall else y + 19
        pygame.draw.rect(surface, PLAYER_COLOURS[c], (x + 14, ty, 7, 9))
        font.draw(surface, str(p + 1), x + 15, ty + 1, INK, "small")
        if two:
            font.draw(surface, rows[1], x + 22, y + 11, WHITE, "small")
        if not two:
            font.draw(surface, score, x + PANEL_W - 4, y + 12, WHITE, "main", INK, align="right")
        elif tall:                                    # the sum under the name's end
            font.draw(surface, score, x + PANEL_W - 4, y + 19, WHITE, "main", INK, align="right")
        else:
            font.draw(surface, score, x + PANEL_W - 4, y + 20, WHITE, "small", align="right")
        if tall:
            font.draw(surface, tr("sum"), x + PANEL_W - 4, y + (30 if two else 25), LABEL, "small", align="right")
        px, py = (x + 3, y + ph - 18) if tall else (x + 24, y + 22)
        self.draw_pips(surface, p, px, py, c)
        if tall:
            font.draw(surface, fit(font, tr("doubles"), PANEL_W - 22), x + 19, py, LABEL, "small")
        if status:
            font.draw(surface, fit(font, status, PANEL_W - 6), x + PANEL_W - 3, y + ph - 10, colour, "small",
                      align="right")

    def draw_pips(self, surface, p: int, px: int, py: int, c: int) -> None:
        """His double turns left (T5.1): a gold pip each, an empty one for each used."""
        for d in range(rules().double_turns):
            left = d < self.shown.doubles[p]
            pygame.draw.rect(surface, GOLD if left else PLAYER_COLOURS[c], (px + d * 7, py + 1, 5, 5), 0 if left else 1)

    def draw_confirm(self, m, surface, p: int, y: int, ph: int) -> None:
        """"Declare?" over seat ``p``'s own panel (Y pressed on his pad): A declares, B backs out."""
        font = m.font
        h = min(38, max(ph, 36))
        y = min(y, BOX_Y - h)
        widgets.window(surface, (PANEL_X, y, PANEL_W, h))
        font.draw(surface, fit(font, tr("Declare?"), PANEL_W - 8, "main"), PANEL_X + 4, y + 4, GOLD)
        font.draw(surface, fit(font, tr("A: declare"), PANEL_W - 8), PANEL_X + 4, y + 17, WHITE, "small")
        font.draw(surface, fit(font, tr("B: back"), PANEL_W - 8), PANEL_X + 4, y + 26, WHITE, "small")

    def panel_status(self, p: int) -> tuple[str, tuple]:
        shown, match = self.shown, self.game
        if shown.phase == "pick" and p < 2:
            return (tr("READY"), GOLD) if shown.ready[p] else (tr("picking"), LABEL)
        if self.beat is None and match.walled_in(p) and shown.owner == match.owner:
            return tr("walled in"), RED
        if p == shown.player and not self.done and self.beat is None and self.is_cpu(p) and not self.replaying:
            return tr("thinking"), LABEL
        return "", WHITE

    def draw_picks(self, m, surface) -> None:
        """The secret picks (TG2.1): each seat's state, never another's value, until both are in;
        then the two picks side by side. With two people on the screen (``secret``) no pick is
        drawn at all while they choose, only the grid the pads point at, the same for both."""
        font = m.font
        beat = self.beat
        revealed = beat is not None and beat.kind == "reveal"
        secret = not revealed and not self.is_cpu(0) and not self.is_cpu(1)
        top, step = (30, 14) if secret else (36, 28)
        widgets.window(surface, (12, top, 168, 148 if secret else 120))
        font.draw(surface, tr("SECRET PICKS"), 96, top + 6, GOLD, align="centre")
        split = rules().pick_split
        lines = font.wrap(tr("Each player picks a size 1-9 in secret. Sum {split} or less: the larger pick goes "
                             "first; {more} or more: the smaller (T2.1).", split=split, more=split + 1), 156, "small")
        for i, line in enumerate(lines[:4]):
            font.draw(surface, line, 19, top + 20 + i * 9, TABLE_INFO, "small")
        for seat in (0, 1):
            y = top + 61 + seat * step
            c = self.colour_of[seat]
            prompt = self.prompts.get(seat)
            digits = not revealed and not self.shown.ready[seat] and isinstance(prompt, PickPrompt) \
                and not prompt.secret and self.beat is None
            font.draw(surface, fit(font, self.names[seat], 62 if digits else 80, "main"), 20, y, PLAYER_COLOURS[c])
            if revealed and beat is not None:
                picks, first = beat.data
                big_text(m, surface, str(picks[seat]), 110, y - 6, GOLD if seat == first else WHITE, 2)
                if seat == first and beat.box is not None and not beat.box.typing():
                    font.draw(surface, tr("goes first"), 172, y + 2, GOLD, "small", align="right")
                continue
            if self.shown.ready[seat]:
                font.draw(surface, tr("READY"), 172, y, GOLD, align="right")
                continue
            prompt = self.prompts.get(seat)
            if isinstance(prompt, PickPrompt) and not prompt.secret and self.beat is None:
                for s in range(1, 10):
                    x = 86 + (s - 1) * 10
                    chosen = s == prompt.size
                    if chosen:
                        pygame.draw.rect(surface, GOLD, (x - 2, y - 1, 10, 14), 1)
                    font.draw(surface, str(s), x, y, GOLD if chosen else WHITE)
                font.draw(surface, tr("Left/Right, A"), 172, y + 13, LABEL, "small", align="right")
            else:
                font.draw(surface, tr("picking..."), 172, y, LABEL, align="right")
        if secret:
            self.draw_grid(m, surface, top + 94)

    def draw_grid(self, m, surface, y0: int) -> None:
        """The picks' grid (TG2.1, two people on one screen): the sizes where the +Control Pad
        points (``prompts.grid_pick``), the same for both, never a cursor on it; how to pick."""
        font = m.font
        x0 = 27
        pygame.draw.rect(surface, LABEL, (x0 - 5, y0 - 2, 33, 33), 1)
        for s in range(1, 10):
            font.draw(surface, str(s), x0 + ((s - 1) % 3) * 9, y0 + ((s - 1) // 3) * 10, WHITE)
        words = font.wrap(tr("Hold your pad toward your size (none: 5) and press A. Nothing shows or sounds it."),
                          108, "small")
        for i, line in enumerate(words[:4]):
            font.draw(surface, line, 64, y0 + i * 9, TABLE_INFO, "small")


__all__ = ["TableScene", "TowersSetup", "Beat", "Shown"]

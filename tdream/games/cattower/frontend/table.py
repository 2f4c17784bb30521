"""The CAT TOWER table: four sheets in quadrants around the dice tray, the text box; the match
asked for the next input whenever the show (the beats) has caught up with it (STYLE.md rule 10).

The match's events become *beats* played one after another (the dice rolling, a die taken, the
drawings appearing cell by cell, a house's count, a tower completed, a line of text); the sheets
draw ``shown``, the match as far as the beats have got. The draft asks one seat at a time; the
drawings (and the houses) every seat at once (CG2.1): each human on his own pad
(``host.pad_of``) with his own cursor and preview on his own sheet, the CPU seats through their
players after a short pause; nobody's choice shows before all are in (a seat that has answered
shows READY). X opens the status screen, Start the pause menu.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from ....frontend.constants import A, GOLD, INK, PLAYER_COLOURS, PLAYER_DARK, RED, START, WHITE, X, rgb15
from ....frontend.machine import Scene
from ....frontend.match import MatchHost, MatchSetup, ReplayControls
from ....frontend.scenes.pause import PauseScene
from ....frontend.text import tr
from ....frontend import widgets
from ....frontend.widgets import TextBox, fit
from ....platform.protocol import CHANCE
from ....platform.roster import CHARACTER_IDS, character
from .. import events as ev
from .. import queries
from .. import scoring
from . import sheetview as sv
from .layout import BAND_H, BOX_H, BOX_Y, LINE_H, SMALL_H, TRAY_X, band_y, sheet_layouts
from .prompts import DraftPrompt, DrawPrompt, HousePrompt, Prompt, good_word

PROMPT_GUARD = 12                    # frames a prompt is shown before it takes a press
THINK = 24                           # frames a CPU seat "thinks" before it answers (a person can follow)
ROLL = 24                            # frames the dice tumble
DRAWN = 10                           # frames a drawing takes to appear
DIM = rgb15(160, 168, 200)
INFO = rgb15(200, 224, 248)
BG = rgb15(40, 32, 56)


def k4(lay) -> bool:
    """A quadrant (four players), not a larger sheet."""
    return lay.h == 88


def CatTowerSetup(seed: int = 0, seats=None, options=None, **kwargs) -> MatchSetup:
    """A CAT TOWER match's set-up: seed, seats (``human`` or a CPU kind), options (``GAME.options``)."""
    return MatchSetup("cattower", seed, list(seats or ["human", "joji", "yuka", "kenta"]), dict(options or {}),
                      **kwargs)


def speaker_name(speaker: str) -> str:
    base = speaker.split(":")[0]
    return character(base).name if base in CHARACTER_IDS else base.title()


def speech_colour(speaker: str):
    base = speaker.split(":")[0]
    return rgb15(*character(base).colour) if base in CHARACTER_IDS else WHITE


@dataclass
class Beat:
    """One step of the show: ``frames`` long (0: until its text box is done), with an effect."""

    kind: str                        # say, roll, take, shared, ready, draw, pass, house, tower, crossed, sync, banner
    frames: int = 0
    text: str = ""
    speaker: str | None = None
    name: str | None = None
    colour: tuple = WHITE
    player: int = -1
    data: tuple = ()
    cpu: bool = False
    age: int = 0
    box: TextBox | None = None
    sound: str = ""
    title: str = ""


class TableScene(ReplayControls, Scene):
    overlay_at = (254, 94, "right")
    y_fast_forwards = False          # Y is not used, but a person drawing should not skip by accident

    def __init__(self, setup: MatchSetup, demo: bool = False) -> None:
        self.setup = setup
        self.started = False
        self.demo = demo

    # ---------------------------------------------------------------- set-up
    def enter(self, m) -> None:
        if self.started:
            return
        self.started = True
        s = self.setup
        self.host = MatchHost(s, self.demo)
        events = self.host.start(m)
        self.replaying = self.host.replaying
        self.speed = s.speed
        self.jump: int | None = None
        self.note = ""
        self.colour_of = self.host.colour_of
        self.pad_of = self.host.pad_of
        self.control_pad = self.host.control_pad
        self.commentary = self.host.game.commentary(self.host.kinds, s.seed, m.settings.talk)
        self.shown = self.game.copy()
        self.ready: list[int] = []           # seats that have answered the simultaneous point
        self.flash: list = []                # (seat, cell index, frames left): a drawing just shown
        self.beats: list[Beat] = []
        self.beat: Beat | None = None
        self.last_box: TextBox | None = None
        self.prompts: dict[int, Prompt] = {}
        self.cursors: dict[int, int] = {}    # each seat's cursor at his last drawing
        self.think = 0
        self.done = False
        self.narrate(m, events)
        if not events:
            self.say(tr("Round {r}.", r=self.game.round), hold=20)

    def exit(self, m) -> None:
        self.host.close()

    @property
    def game(self):
        return self.host.match

    @property
    def writer(self):
        return self.host.writer

    @property
    def history(self) -> list:
        return self.host.history

    @property
    def kinds(self) -> list[str]:
        return self.host.kinds

    @property
    def names(self) -> list[str]:
        return self.host.names

    def is_cpu(self, seat: int) -> bool:
        return self.host.is_cpu(seat)

    @property
    def prompt(self) -> Prompt | None:
        """The prompt the text box shows: the first still open, in seat order."""
        if not self.prompts:
            return None
        return self.prompts[min(self.prompts)]

    def seat_of_pad(self, pad: int) -> int | None:
        for seat, p in self.pad_of.items():
            if p == pad:
                return seat
        return None

    # ---------------------------------------------------------------- events to beats
    def say(self, text: str, player: int = -1, hold: int = 40) -> None:
        self.beats.append(Beat("say", hold, text, player=player, cpu=self.is_cpu(player) if player >= 0 else True))

    def banner(self, title: str, text: str, player: int, sound: str, hold: int = 50) -> None:
        self.beats.append(Beat("banner", hold, text, player=player, sound=sound, title=title))

    def narrate(self, m, events: list) -> None:
        """The match's events become beats; the characters' comments on them come after."""
        n = self.names
        for e in events:
            t = type(e)
            if t is ev.ParentDrawn:
                self.say(tr("CAT TOWER: {names}. {who} is the first parent (drawn).", names=", ".join(n),
                            who=n[e.parent]), e.parent, 50)
            elif t is ev.RoundStarted:
                self.beats.append(Beat("sync", 1))
            elif t is ev.DiceRolled:
                self.beats.append(Beat("roll", ROLL, data=tuple(e.dice), player=e.parent, sound="select", cpu=True))
                self.say(tr("Round {r}: {who} rolls {dice}.", r=self.game.round,
                            who=n[e.parent], dice=" ".join(map(str, e.dice))), e.parent, 24)
            elif t is ev.DieTaken:
                self.beats.append(Beat("take", 8, player=e.seat, data=(e.value, tuple(e.left)), sound="blip",
                                       cpu=self.is_cpu(e.seat)))
            elif t is ev.SharedDie:
                self.beats.append(Beat("shared", 1, data=(e.value,)))
                self.say(tr("The shared die is {v}: everyone draws now.", v=e.value), hold=24)
            elif t is ev.AnswerGiven:
                self.beats.append(Beat("ready", 1, player=e.seat, sound="select"))
            elif t is ev.GoodDrawn:
                self.beats.append(Beat("draw", DRAWN, player=e.seat, data=(e.cell, e.good, e.footprints),
                                       cpu=True, sound="build"))
            elif t is ev.Passed:
                self.beats.append(Beat("pass", 1, player=e.seat, data=(e.footprints,)))
                self.say(tr("{who} passes: +{k} footprint(s).", who=n[e.seat], k=e.gained), e.seat, 20)
            elif t is ev.HouseScored:
                self.beats.append(Beat("house", 1, player=e.seat, data=(e.cell, e.good, e.points)))
                self.say(tr("{who}'s house counts {good}: {k} x 3 = {points}.", who=n[e.seat],
                            good=good_word(e.good), k=e.count, points=e.points), e.seat, 30)
            elif t is ev.TowerCompleted:
                self.beats.append(Beat("tower", 1, player=e.seat, data=(e.tower, e.points, e.first)))
                text = tr("{who} completes tower {t} first: {points} points (C4.1).", who=n[e.seat], t=e.tower,
                          points=e.points) if e.first else \
                    tr("{who} completes tower {t}: {points} points (C4.1).", who=n[e.seat], t=e.tower,
                       points=e.points)
                self.banner(tr("TOWER {t}!", t=e.tower), text, e.seat, "fanfare", 40)
            elif t is ev.FirstCrossedOut:
                self.beats.append(Beat("crossed", 1, data=(e.tower, tuple(e.seats))))
            elif t is ev.OneCellFromEnd:
                self.say(tr("{who} is one cell from a third tower ({cell}): if drawn, the game ends (C4.2)!",
                            who=n[e.seat], cell=e.cell), e.seat, 50)
            elif t is ev.RoundEnded:
                self.beats.append(Beat("sync", 1))
            elif t is ev.GameOver:
                self.beats.append(Beat("sync", 1))
                first = e.ranking[0]
                if len(first) > 1:
                    head = tr("A shared first place at {score}.", score=e.scores[first[0]])
                else:
                    head = tr("{who} wins with {score}.", who=n[first[0]], score=e.scores[first[0]])
                self.banner(tr("GAME OVER"), tr("Three towers: the game ends (C4.2). {head}", head=head), -1,
                            "fanfare", 80)
        self.comment(m, events)

    def comment(self, m, events: list) -> None:
        if not events or self.commentary is None:
            return
        seated = {k.split(":")[0] for k in self.kinds}
        for c in self.commentary.react(self.game, events):
            name = speaker_name(c.speaker)
            if c.speaker.split(":")[0] not in seated:
                name = tr("{name}, watching", name=name)
            self.beats.append(Beat("say", 90, c.text(m.settings.language), speaker=c.speaker, name=name,
                                   colour=speech_colour(c.speaker), cpu=True))

    # ---------------------------------------------------------------- input
    def handle(self, m, b) -> None:
        if self.done:
            return
        pads = sorted(set(self.pad_of.values())) or [0, 1, 2, 3]
        for p in pads:
            if b.press(p, START):
                m.push(PauseScene(self, p))
                return
            if b.press(p, X):
                from .status import StatusScene
                m.push(StatusScene(self, p))
                return
        if self.replaying:
            self.handle_replay(m, b)
            return
        if self.beat is not None and self.beat.kind != "ready":
            return
        for seat, prompt in list(self.prompts.items()):
            pad = self.pad_of.get(seat, 0)
            if prompt.age >= PROMPT_GUARD and m.buttons.connected >> pad & 1 and prompt.answer is None:
                prompt.handle(m, b, pad)

    def give(self, m, answer, seat: int) -> None:
        if isinstance(self.prompts.get(seat), DrawPrompt):
            self.cursors[seat] = self.prompts[seat].cursor
        events = self.host.give(m, answer, seat)
        self.prompts.pop(seat, None)
        self.narrate(m, events)

    def count(self, m) -> None:
        self.host.count(m)

    # ---------------------------------------------------------------- watching a record
    def jump_to(self, m, turn: int) -> None:
        self.host.jump_to(turn)
        self.commentary = self.host.game.commentary(self.host.kinds, self.setup.seed, m.settings.talk)
        self.beats, self.beat, self.last_box = [], None, None
        self.shown = self.game.copy()
        self.ready = []
        self.say(tr("Round {r}.", r=self.game.progress() + 1), hold=20)

    def replay_input(self, m) -> bool:
        events, why = self.host.replay_input()
        if events is None:
            self.note = why or self.note
            return False
        self.narrate(m, events)
        return True

    # ---------------------------------------------------------------- time
    def update(self, m) -> None:
        match = self.game
        m.song = "tension" if queries.near_end(match) else "board"
        if self.replaying:
            if self.jump is None:
                for _ in range(self.speed):
                    self.update_once(m)
            return
        self.update_once(m)

    def update_once(self, m) -> None:
        self.flash = [(s, c, k - 1) for s, c, k in self.flash if k > 1]
        if self.run_beats(m):
            return
        for prompt in self.prompts.values():
            prompt.tick()
        for seat, prompt in list(self.prompts.items()):
            if prompt.answer is not None:
                self.give(m, prompt.answer, seat)
                return
        match = self.game
        if self.replaying:
            if not self.replay_input(m) and not self.done and (match.awaiting() is None or self.note):
                self.done = True
                self.push_results(m)
            return
        aw = match.awaiting()
        if aw is None:
            if not self.done:
                self.done = True
                self.host.close()
                self.count(m)
                if not self.demo:
                    self.push_results(m)
            return
        if aw.player == CHANCE:
            self.narrate(m, self.host.chance(m))
            return
        seats = aw.seats or (aw.player,)
        for seat in list(self.prompts):
            if seat not in seats:
                del self.prompts[seat]
        for seat in seats:
            if not self.is_cpu(seat) and seat not in self.prompts:
                self.prompts[seat] = self.make_prompt(aw.kind, seat)
        cpus = [s for s in seats if self.is_cpu(s)]
        if cpus:
            if self.think < m.anim(THINK, cpu=True):
                self.think += 1
                return
            self.think = 0
            self.narrate(m, self.host.cpu(m, cpus[0]))

    def push_results(self, m) -> None:
        from .results import CatTowerResults
        m.push(CatTowerResults(self))

    def make_prompt(self, kind: str, seat: int) -> Prompt:
        match, name = self.game, self.names[seat]
        if kind == "draft":
            return DraftPrompt(match, seat, name)
        if kind == "house":
            return HousePrompt(match, seat, name)
        return DrawPrompt(match, seat, name, self.cursors.get(seat))

    def run_beats(self, m) -> bool:
        """Advance the show; True while something is still playing."""
        while True:
            if self.beat is None:
                if not self.beats:
                    return False
                self.beat = self.beats.pop(0)
                self.start_beat(m, self.beat)
            if self.tick(m, self.beat):
                self.beat = None
                continue
            return True

    def start_beat(self, m, beat: Beat) -> None:
        shown = self.shown
        k = beat.kind
        if beat.sound:
            m.sound(beat.sound)
        if k in ("say", "banner"):
            beat.box = TextBox(beat.text, beat.speaker, beat.name, beat.colour, hold=m.anim(beat.frames, beat.cpu))
            self.last_box = beat.box
        elif k == "roll":
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
        elif k == "shared":
            shown.shared = beat.data[0]
            shown.phase = "draw"
        elif k == "ready":
            if beat.player not in self.ready:
                self.ready.append(beat.player)
        elif k == "draw":
            cell, good, fp = beat.data
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
        elif k == "sync":
            self.shown = self.game.copy()
            if self.game.phase not in ("draw", "house"):
                self.ready = []

    def tick(self, m, beat: Beat) -> bool:
        """One frame of a beat; True when it is over."""
        beat.age += 1
        if beat.box is not None:
            a = bool(m.buttons.pressed[self.control_pad] & A) if self.pad_of else False
            beat.box.update(m, a)
            return beat.box.done
        length = m.anim(beat.frames, beat.cpu)
        return beat.age >= length or (m.fast() and beat.age >= 2)

    # ---------------------------------------------------------------- drawing
    def breakdown(self) -> list[dict]:
        """The shown sheets' scores by part (C5.7), kept while the sheets do not change."""
        s = self.shown
        key = (tuple(tuple(c) for c in s.cells), repr(s.houses), repr(s.completed), tuple(s.firsts))
        cached = getattr(self, "_bd", None)
        if cached is None or cached[0] != key:
            cached = self._bd = (key, scoring.breakdown(s.sheet, s.cells, s.houses, s.completed, s.options))
        return cached[1]

    def marks(self) -> list:
        s = self.shown
        key = (tuple(tuple(c) for c in s.cells), repr(s.completed), tuple(s.firsts))
        cached = getattr(self, "_marks", None)
        if cached is None or cached[0] != key:
            cached = self._marks = (key, queries.completion_marks(s), queries.near_end(s))
        return cached[1], cached[2]

    def draw(self, m, surface) -> None:
        surface.fill(BG)
        k = len(self.names)
        lays = sheet_layouts(k)
        bd = self.breakdown()
        marks, near = self.marks()
        near_cell = {ne.seat: ne.cell for ne in near}
        live = self.beat is None or self.beat.kind == "ready"
        for seat in range(k):
            self.draw_seat(m, surface, seat, lays[seat], bd[seat], [tm.seats[seat] for tm in marks],
                           near_cell.get(seat, ""), self.prompts.get(seat) if live else None)
        self.draw_band(m, surface)
        beat = self.beat
        if beat is not None and beat.kind == "banner":
            self.draw_banner(m, surface, beat)
        self.draw_box(m, surface)
        if self.replaying:
            self.draw_replay(m, surface)
        prompt = self.prompt
        if prompt is not None and not self.replaying:
            pad = self.pad_of.get(prompt.seat, 0)
            if not m.buttons.connected >> pad & 1:
                widgets.window(surface, (48, 82, 160, 28))
                m.font.draw(surface, tr("Connect pad {pad} to go on", pad=pad + 1), 128, 90, GOLD, align="centre")

    def fit(self, font, text: str, width: int) -> str:
        """``widgets.fit`` (small face), kept: the same texts are fitted every frame."""
        cache = getattr(self, "_fits", None)
        if cache is None or len(cache) > 512:
            cache = self._fits = {}
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
        sv.token(m, surface, c, seat, x + 2, y + 1)
        total = str(row["total"])
        tw = font.width(total, "small")
        parent = seat == shown.parent
        # the name takes every pixel up to the total (and the parent's die): "Tamasaburo" whole
        room = w - 12 - 3 - tw - 3 - (10 if parent else 0)
        font.draw(surface, self.fit(font, self.names[seat], room), x + 12, y + 1, WHITE, "small")
        font.draw(surface, total, x + w - 3, y + 1, GOLD, "small", align="right")
        if parent:                                     # the parent (C2.1): a little gold die
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
            font.draw(surface, "+", dx + 13, dy + 1, DIM, "small")
            sv.die(surface, shown.shared, dx + 19, dy, 10, face=GOLD)
        status, scol = self.status_of(seat, prompt)
        if status:
            font.draw(surface, self.fit(font, status, 32), lay.status[0], lay.status[1], scol,
                      "small", align="right")
        adds = None
        if draw is not None and draw.mode == "sheet" and draw.drawable(draw.good, draw.cursor):
            adds = draw.preview(draw.good, draw.cursor)["adds"]
        if isinstance(prompt, HousePrompt):
            self.draw_house_menu(m, surface, lay, prompt)
        else:
            px, py, cols, col_w = lay.parts
            sv.draw_parts(m, surface, px, py, row, adds, cols, col_w)
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
            font.draw(surface, tr("{k} footprint(s)", k=shown.footprints[seat]), cx, cy + 1, DIM, "small")
        if prompt is not None:
            text, colour = prompt.strip()
            font.draw(surface, self.fit(font, text, w - 6), x + 3, lay.strip_y, colour, "small")
            if prompt.message:
                self.draw_refusal(m, surface, lay, prompt.message)
        elif near:
            pass

    def status_of(self, seat: int, prompt) -> tuple[str, tuple]:
        shown = self.shown
        if self.done:
            return "", WHITE
        if seat in self.ready:
            return tr("READY"), GOLD
        if prompt is not None and isinstance(prompt, DrawPrompt) and prompt.mode == "pass":
            return tr("pass?"), GOLD
        aw = self.game.awaiting()
        if aw is None or self.beat is not None and self.beat.kind != "ready":
            return "", WHITE
        if seat in (aw.seats or ()) and shown.phase == self.game.phase:
            if self.is_cpu(seat) and not self.replaying:
                return tr("thinks"), DIM
            return {"draft": tr("takes"), "draw": tr("draws"), "house": tr("house")}.get(aw.kind, ""), INFO
        return "", WHITE

    def draw_floor_costs(self, m, surface, lay, draw: DrawPrompt) -> None:
        """The cursor's floor: what each good costs there (C3.2), the chosen one framed."""
        font = m.font
        floor = self.game.sheet.floor_of[draw.cursor]
        ix, iy = lay.costs
        for g in range(1, 7):
            gx = ix + (g - 1) * 11
            cost = draw.cost(g, floor)
            sv.icon(surface, g, gx, iy + 1)
            ok = cost <= draw.fp
            font.draw(surface, str(cost), gx + 9, iy, sv.GREEN if ok and cost == 0 else WHITE if ok else RED,
                      "small", align="right") if cost < 10 else None
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
            sv.icon(surface, g, ix + 2, gy + 1, sv.DIM if done else None)
            font.draw(surface, fit(font, good_word(g), 44), ix + 10, gy, DIM if done else WHITE, "small")
            font.draw(surface, "-" if done else str(prompt.values[g]), ix + 65, gy, DIM if done else GOLD, "small",
                      align="right")
            if g == prompt.good:
                pygame.draw.rect(surface, WHITE if (m.frame // 8) % 2 == 0 else GOLD, (ix, gy - 1, 66, 10), 1)

    def draw_refusal(self, m, surface, lay, message: str) -> None:
        font = m.font
        lines = font.wrap(message, lay.w - 14, "small")[:4]
        hh = 8 + 9 * len(lines)
        top = lay.y + 12
        widgets.window(surface, (lay.x + 2, top, lay.w - 4, hh))
        for i, line in enumerate(lines):
            font.draw(surface, line, lay.x + 7, top + 4 + i * 9, RED, "small")

    def draw_band(self, m, surface) -> None:
        """The middle band: the round, the parent, the dice tray (the draft's cursor on it)."""
        font = m.font
        shown = self.shown
        x, y, w, h = 0, band_y(len(self.names)), 256, BAND_H
        pygame.draw.rect(surface, INK, (x, y, w, h))
        font.draw(surface, tr("Round {r}", r=shown.round), 4, y + 4, WHITE, "small")
        font.draw(surface, tr("X: status"), 252, y + 4, DIM, "small", align="right")
        dice = list(shown.dice) if shown.phase != "roll" or (self.beat is not None and self.beat.kind == "roll") else []
        beat = self.beat
        prompt = self.prompt
        draft = prompt if isinstance(prompt, DraftPrompt) and (beat is None or beat.kind == "ready") else None
        n = len(dice)
        x0 = TRAY_X - (n * 14) // 2
        pygame.draw.rect(surface, rgb15(64, 40, 24), (x0 - 4, y + 1, n * 14 + 6, 14))
        rolling = beat is not None and beat.kind == "roll" and beat.age < m.anim(beat.frames, True)
        left = list(shown.pool)
        taken_by = list(shown.own)
        for i, v in enumerate(dice):
            dx = x0 + i * 14
            if rolling:
                face = 1 + (v + beat.age // 3 + i) % 6
                sv.die(surface, face, dx, y + 3 - (beat.age // 2 + i) % 2, 10)
                continue
            if v in left:
                left.remove(v)
                col = GOLD if shown.phase in ("draw", "house") and v == shown.shared else WHITE
                sv.die(surface, v, dx, y + 3, 10, face=col)
            else:
                owner = next((s for s, o in enumerate(taken_by) if o == v), -1)
                if owner >= 0:
                    taken_by[owner] = 0
                sv.die(surface, v, dx, y + 3, 10, face=DIM)
                if owner >= 0:
                    pygame.draw.rect(surface, PLAYER_COLOURS[self.colour_of[owner]], (dx, y + 13, 10, 2))
            if draft is not None and i == draft.index:
                pygame.draw.rect(surface, WHITE if (m.frame // 8) % 2 == 0 else GOLD, (dx - 2, y + 1, 14, 14), 1)

    def draw_banner(self, m, surface, beat: Beat) -> None:
        y = band_y(len(self.names)) - 2
        colour = GOLD if (beat.age // 6) % 2 == 0 else WHITE
        pygame.draw.rect(surface, INK, (0, y, 256, 20))
        pygame.draw.line(surface, colour, (0, y), (255, y))
        pygame.draw.line(surface, colour, (0, y + 19), (255, y + 19))
        m.font.draw(surface, beat.title, 128, y + 4, colour, align="centre")

    def draw_box(self, m, surface) -> None:
        """The text box: a line typing out beside the speaker's face; a prompt's question and,
        under it, what the cursor is on."""
        font = m.font
        widgets.window(surface, (0, BOX_Y, 256, BOX_H))
        beat = self.beat
        box = beat.box if beat is not None and beat.box is not None else None
        prompt = self.prompt if beat is None or beat.kind == "ready" else None
        extra: list = []
        if box is None and prompt is not None:
            text, speaker, name, colour, shown = prompt.text(), None, None, WHITE, None
            extra = prompt.lines(m)
            others = [ne for ne in self.marks()[1] if ne.seat != prompt.seat]
            if others and not prompt.message:
                extra = [(tr("Careful: {who} is one cell from the end ({cell}, C4.2).", who=self.names[others[0].seat],
                             cell=others[0].cell), RED)] + extra
        elif box is not None:
            text, speaker, name, colour, shown = box.text, box.speaker, box.name, box.colour, box.visible()
        elif self.last_box is not None:
            b = self.last_box
            text, speaker, name, colour, shown = b.text, b.speaker, b.name, b.colour, None
        else:
            return
        x = 6
        if speaker:
            face = m.art.portrait(speaker.split(":")[0], small=True)
            if face is not None:
                pygame.draw.rect(surface, INK, (4, BOX_Y + 4, 18, 18))
                surface.blit(face, (5, BOX_Y + 5))
                x = 26
        width = 250 - x
        y = BOX_Y + 3
        if extra:
            font.draw(surface, fit(font, text, width, "main"), x, y, WHITE)
            rows = [(line, c) for t, c in extra for line in font.wrap(t, 248 - x, "small")][:2]
            for j, (line, line_colour) in enumerate(rows):
                font.draw(surface, line, x, y + 12 + j * SMALL_H, line_colour, "small")
            return
        head = (name + ": ") if name else ""
        head_w = font.width(head) if head else 0
        lines = font.wrap(text, width, first=width - head_w if head else None)[:2]
        left = len(text) if shown is None else shown
        if head:
            font.draw(surface, name + ":", x, y, colour)
        for i, line in enumerate(lines):
            if left <= 0:
                break
            lx = x + head_w if i == 0 else x
            font.draw_prefix(surface, line, left, lx, y + i * LINE_H, WHITE)
            left -= len(line) + 1
        if box is not None and box.visible() >= len(box.text) and (m.frame // 15) % 2 == 0:
            pygame.draw.polygon(surface, WHITE, [(246, 216), (252, 216), (249, 219)])

    def draw_replay(self, m, surface) -> None:
        font = m.font
        label = tr("REPLAY x{speed}  L/R speed  B jump", speed=self.speed)
        w = font.width(label, "small") + 4
        pygame.draw.rect(surface, INK, (128 - w // 2, BOX_Y - 9, w, 9))
        font.draw(surface, label, 128, BOX_Y - 9, GOLD, "small", align="centre")
        if self.jump is not None:
            widgets.window(surface, (64, 72, 128, 40))
            font.draw(surface, tr("Jump to round"), 128, 78, GOLD, align="centre")
            font.draw(surface, tr("< {turn} >  of {last}", turn=self.jump, last=self.host.last_turn()), 128, 94,
                      WHITE, align="centre")


__all__ = ["TableScene", "CatTowerSetup", "Beat", "PROMPT_GUARD"]

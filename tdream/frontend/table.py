"""The table: every game's match on screen, driven by the drive loop (docs/ARCHITECTURE.md).

``TableScene`` is what every game's table is built on. It owns what is the same in every game:
the ``MatchHost`` (the session, the record, the splits, the records database), the *beats* (the
match's events told one after another: a line typing out, a banner, the game's own effects),
the characters' comments (before the next turn and before the game-over line), the text box,
the prompts of the human seats on their own pads (one per seat, several at once at a simultaneous
point), the CPU seats' "thinking", Start (pause), X (status), watching a record (speed, jump to a
turn), the end (results, the records database). The board, the HUD and what the game's
events look like are the game's: a game's table subclasses this one and gives

- ``narrate(m, events)``: its events as beats (``say``, ``banner``, ``add(Beat(...))``);
- ``make_prompt(m, kind, seat)``: a human seat's prompt (a ``Prompt``); ``chance_prompt(m,
  awaiting)``: a prompt for a chance point a person resolves (a die stopped with A), or None to
  draw it;
- ``make_shown(match)`` / ``sync_shown()``: the match as the beats have shown it (the board and
  the HUD draw that, never the live match, which is ahead while beats play);
- ``start_beat(m, beat)`` / ``tick_beat(m, beat)``: its own beats' effects and length;
- ``draw_board(m, surface)``, ``draw_hud(m, surface)``, ``draw_over(m, surface)`` (its prompts'
  windows, set pieces);
- its layout: ``board_area`` (nothing the table draws covers it: text box, banners, the REPLAY line,
  toasts, notices), ``box_style`` (the text box), ``replay_at`` and ``jump_rect``, ``seat_area(seat)``
  (where one seat's status peek goes at a simultaneous point);
- optionally ``status`` (X: its status screen's pages, a ``scenes/status.Status``; the shell's
  one page by default) and ``pilot(prompt, answer)``: the button that gives ``answer`` at one of
  its prompts (the shell's autopilot, ``frontend/autopilot.py``, presses it unless the game's
  ``Pilot`` answers its own way).

The table gives an input once every beat of the last one has played, so the live match is the
position after the input being told. A person's answer outside his prompt (an out-of-turn answer
on a key of the game's: a declaration on another's turn, an answer taken back) is the one exception: the
game's key asks ``answer(m, answer, seat)``, which gives it at once (its beats queue after the
others) when ``Session.next`` says the seat answers now (``Next.others``: the human seats that may
answer out of turn), and nothing otherwise.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from ..platform.roster import CHARACTER_IDS, character
from ..platform.session import CPU, DRAW, OFFER, OVER
from .constants import GOLD, INK, LABEL, LEFT, RED, RIGHT, SELECT, START, TABLE_INFO, WHITE, A, B, L, R, X, rgb15
from .frontends import frontend_of
from .learn import rule_ids_in
from .machine import Scene
from .match import MatchHost, MatchSetup, ReplayControls
from .scenes.learn import RuleScene
from .scenes.pause import PauseScene
from .scenes.results import ResultsScene
from .scenes.status import Status, StatusScene
from .table_beats import Show, Step, words
from .text import shown_name, tr
from .widgets import EDGE, Menu, TextBox, fit, paginate, window

TOAST_FRAMES = 150
LOG_LINES = 120                  # the turn log keeps this many told lines (the last turns')


@dataclass
class Beat:
    """One step of the show: ``frames`` long (0: until its text box is done), with an effect."""

    kind: str                        # say, banner, sync, and each game's own
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
    sound: str = ""                  # an effect when it starts
    title: str = ""                  # a banner's word (a game's big moment: "GOAL!"), flashing in the text box
    tag: str = ""                    # what moment it is (a game's own mark)


@dataclass(frozen=True)
class BoxStyle:
    """Where the text box is and how it is laid out (each game's own proportions)."""

    rect: tuple[int, int, int, int]
    face: str = "small"              # the speaker's portrait: "small" (16 px) or "big" (32 px)
    lines: int = 2                   # lines of the main font
    line_h: int = 11
    small_h: int = 8                 # a prompt's own lines, in the small font
    face_at: tuple[int, int] = (4, 4)     # the portrait's dark frame, from the box's corner
    text_x: int = 6                  # the text's left edge, without a portrait and with one
    face_text_x: int = 26
    text_y: int = 3
    right: int = 6                   # the margin on the right
    arrow_at: tuple[int, int] = (10, 8)   # the "more" arrow, from the box's right and bottom
    fit_prompt: bool = True          # a prompt's question on one line (its own lines under it), else wrapped
    wrap_prompt: bool = False        # with fit_prompt: the question wrapped to the lines it needs, then its own
                                     # lines while each fits whole (``draw_prompt``)


class Prompt:
    """A human seat's question at the table (``make_prompt``, ``chance_prompt``): what the table
    asks of every game's prompts, with its defaults. Every game's prompts derive from it and add
    their own (the keys, the cursor, ``text()``, how it is drawn). Only class attributes here: a
    prompt's state (the machine's state hash reads it) is what the game's own prompt sets."""

    answer: Any = None               # the answer once the person has given it (the table gives it)
    seat: int = -1                   # whose it is
    age: int = 0                     # frames it has been up (the table's guard)
    given: bool = False              # a chance outcome the person supplied (a die stopped with A)
    secret: bool = False             # what the pad does here is secret from the others at the screen
    speaker: str | None = None       # a host of the game's who asks it (his face beside the text)
    kind: str = ""                   # what it asks, as the autopilot counts it ("": its class's name)

    def tick(self) -> None:
        """One frame of it (``TableScene.prompt_tick``): it ages."""
        self.age += 1

    def handle(self, m, b, pad: int) -> None:
        """The presses of its seat's pad."""

    def lines(self, m) -> list:
        """Its small lines under the question ((text, colour), ...)."""
        return []

    def back_free(self) -> bool:
        """B means nothing at this prompt now (the table then offers on it to take back the
        seat's last answer, where the game allows one: ``TableScene.take_back_words``)."""
        return False

    def press_preview(self, m) -> str | None:
        """The luck watch: what A pressed on this frame gives when a press decides a chance
        outcome here (``prompt_kit.Spins``: "A now: 7"), read without changing anything; None:
        nothing a press decides by chance."""
        return None


class RefusalPrompt(Prompt):
    """A prompt that says why the match refused a person's last choice: ``refuse(m, why)`` puts
    the match's reason in the game's words (``refusal_text``, its rule ID first) in ``message``,
    with the cancel sound, for ``message_frames`` frames or until a press clears it; the game
    draws ``message`` where its prompt's lines go. Nothing refused ever goes to the match."""

    message_frames = 150             # a refusal stays this long (or until the next press)

    def __init__(self, seat: int, name: str) -> None:
        self.seat = seat
        self.name = name
        self.age = 0
        self.message = ""            # a refusal: why the last choice is not allowed
        self.message_age = 0

    def refusal_text(self, why: str | None) -> str:
        """The match's reason as the screen says it (the game's words)."""
        return why or ""

    def refuse(self, m, why: str | None) -> None:
        self.message = self.refusal_text(why)
        self.message_age = 0
        if m is not None:
            m.sound("cancel")

    def tick(self) -> None:
        self.age += 1
        if self.message:
            self.message_age += 1
            if self.message_age > self.message_frames:
                self.message = ""

    def closed_message(self, b, pad: int) -> bool:
        """A press with a refusal up: B closes it and does nothing else (issue 36: the B that
        closed a refusal must not also go back or pass), True; any other press but A closes it
        and goes on (False)."""
        if not self.message or not b.pressed[pad]:
            return False
        if b.press(pad, B):
            self.message = ""
            return True
        if not b.press(pad, A):
            self.message = ""
        return False


def speaker_info(speaker: str) -> tuple[str, tuple]:
    """A character's name and speech colour (the platform's nine)."""
    base = speaker.split(":")[0]
    if base in CHARACTER_IDS:
        return shown_name(character(base).name), rgb15(*character(base).colour)
    return base.replace("-", " ").capitalize(), WHITE


def rects_meet(a, b) -> bool:
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah


class TableScene(ReplayControls, Scene):
    """The table of one match (see the module's docstring for what a game gives)."""

    box_style = BoxStyle((0, 192, 256, 32))
    think_frames = 12                # frames a CPU seat "thinks" before it answers (a person can follow)
    prompt_guard = 12                # frames a prompt is shown before it takes a press (a press that
                                     # hurried the text before it never answers it)
    comment_hold = 90                # frames a comment stays once typed
    hosts: tuple[str, ...] = ()      # speakers of the game's own who never "watch" (event hosts)
    status: Status | None = None     # the status screen's pages (X; None: the shell's one page)
    results: type = ResultsScene     # the results screen at the end (the game's own, a ``ResultsScene``)
    told: dict[type, tuple[Step, ...]] = {}   # event class -> how it is told (``tell``, ``table_beats``)
    hurried_lines = False            # a line about no seat hurries as a CPU's does (Y, the speed)
    replaying = False                # watching a record (set from the host once the table starts)
    done = False                     # the match is over and its end has been shown (results pushed)

    def __init__(self, setup: MatchSetup, demo: bool = False) -> None:
        self.setup = setup
        self.started = False
        self.demo = demo                 # the title's demo: no record, no results, no splits

    # ---------------------------------------------------------------- where things are (a game's value, or a
    # property of its own where the speedrun overlays' options move them)
    @property
    def board_area(self) -> tuple[int, int, int, int]:
        """The board's room: nothing the table draws covers it (text box, banners, REPLAY, toasts)."""
        return (0, 0, 256, 184)

    @property
    def replay_at(self) -> tuple[int, int, str]:
        """The REPLAY line's anchor (x, y, align)."""
        return (254, 0, "right")

    @property
    def jump_rect(self) -> tuple[int, int, int, int]:
        """Watching a record: the jump window."""
        return (64, 72, 128, 40)

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
        self.jump: int | None = None     # watching: the turn chosen in the jump window
        self.note = ""                   # why watching stopped early (a record that does not fit)
        self.colour_of = self.host.colour_of
        self.pad_of = self.host.pad_of
        self.control_pad = self.host.control_pad
        self.commentary = self.host.game.commentary(self.host.kinds, s.seed, m.settings.talk)
        self.beats: list[Beat] = []
        self.beat: Beat | None = None
        self.last_box: TextBox | None = None
        self.prompts: dict = {}          # seat -> its prompt, for every human seat awaited now
        self.think = 0
        self.done = False
        self.toast = ""                  # a refused press outside a prompt, with its seat
        self.toast_seat = -1
        self.toast_age = 0
        self.peeks: dict[int, int] = {}  # pad -> status page: one seat's status over his part
        self.log: list[tuple[str, str]] = []   # (who, text): every line told, the last LOG_LINES (the turn log)
        self.shown = self.make_shown(self.game)
        self.prepare(m)
        if self.host.warning:            # the record cannot be written: said at once, the match goes on
            self.toast, self.toast_seat = tr("This game is not recorded ({why}).", why=self.host.warning), -1
        self.narrate_input(m, events)

    def prepare(self, m) -> None:
        """The game's own state, made once the match is there (before the first events)."""

    def exit(self, m) -> None:
        self.host.close()

    @property
    def game(self):
        """The match, as the host's session plays it (ahead of the show while beats play)."""
        return self.host.match

    @property
    def gamedef(self):
        return self.host.game

    @property
    def writer(self):
        """The record written as the match goes (None: not recorded)."""
        return self.host.writer

    @property
    def history(self) -> list:
        """The scores at the start and after every turn (the results' graph)."""
        return self.host.history

    @property
    def kinds(self) -> list[str]:
        """Each seat's kind: "human" or a CPU kind ("joji:hard")."""
        return self.host.kinds

    @property
    def names(self) -> list[str]:
        """The seats' names as the screen says them (``text.shown_name``: a character's in the
        language on screen); the match and the record keep ``host.names``."""
        return [shown_name(seat.name, seat.human) for seat in self.host.session.seats]

    def is_cpu(self, seat: int) -> bool:
        return self.host.is_cpu(seat)

    def seat_of_pad(self, pad: int) -> int | None:
        for seat, p in self.pad_of.items():
            if p == pad:
                return seat
        return None

    @property
    def prompt(self):
        """The prompt the text box shows: the awaited seat's, or the first in seat order."""
        if not self.prompts:
            return None
        aw = self.game.awaiting()
        if aw is not None and aw.player in self.prompts:
            return self.prompts[aw.player]
        return self.prompts[min(self.prompts)]

    @property
    def prompt_age(self) -> int:
        """Frames the text box's prompt has been up (the guard)."""
        p = self.prompt
        return p.age if p is not None else 0

    @property
    def prompt_seat(self) -> int:
        p = self.prompt
        return p.seat if p is not None else -1

    # ---------------------------------------------------------------- what the game gives
    def make_shown(self, match):
        """The match as the beats have shown it: by default a copy, made again at each sync."""
        return match.copy()

    def sync_shown(self) -> None:
        """Bring ``shown`` up to the live match (a ``sync`` beat: the end of an input's beats)."""
        self.shown = self.make_shown(self.game)

    def narrate(self, m, events: list) -> None:
        """A stretch of one input's events (one turn's at most) as beats."""

    def make_prompt(self, m, kind: str, seat: int):
        """The prompt of a human seat for an input point of ``kind``."""
        raise NotImplementedError

    def chance_prompt(self, m, aw):
        """A prompt for a chance point a person resolves on his pad (a die he stops), or None
        for one the match's RNG draws."""
        return None

    def start_beat(self, m, beat: Beat) -> None:
        """A game beat starts (the text beats, banners and syncs are the table's)."""

    def tick_beat(self, m, beat: Beat) -> bool:
        """One frame of a game beat; True when it is over (default: its frames, Y hurries it)."""
        return beat.age >= m.anim(beat.frames, beat.cpu) or (m.fast() and beat.age >= 2)

    def live_beat(self, beat: Beat) -> bool:
        """The prompts take presses while this beat plays (a seat's "ready" at a simultaneous point)."""
        return False

    def music(self, m) -> str:
        return "play"

    def handle_keys(self, m, b) -> None:
        """The game's own keys at any time (Select, L/R panels, ...), after Start and X: called
        on the frames where some pad presses a button (held buttons and their repeats are a
        prompt's, which is handled every frame)."""

    def tick_time(self, m) -> None:
        """The game's own timers, once a logic step (before the beats)."""

    def after_beats(self, m) -> None:
        """Once a logic step, after the beats have moved on (a camera that follows them)."""

    def prompt_tick(self, prompt) -> None:
        """A prompt's frame (its age: the guard)."""
        prompt.tick()

    def status_scene(self, pad: int):
        """The status screen (X): the shell's, paged, showing the game's ``status``."""
        return StatusScene(self, pad)

    def question_at(self, w: int, h: int) -> tuple[int, int]:
        """Where a question of the shell's over the table goes (a take-back's ``w`` x ``h``
        window): over the text box, whose prompt it stands for, never over the board."""
        x0, y0, bw, bh = self.box_rect()
        return max(0, min(256 - w, x0 + (bw - w) // 2)), max(0, min(224 - h, y0 + bh - h))

    def hidden_pads(self, m) -> int:
        """While any seat answers in secret (a prompt's ``secret``), every human seat's pad: the
        input display shows none of their buttons (one who has answered may still hold the
        direction he answered with)."""
        if not any(prompt.secret for prompt in self.prompts.values()):
            return 0
        mask = 0
        for pad in self.pad_of.values():
            mask |= 1 << pad
        return mask

    def hand_to_cpu(self, m, seat: int) -> None:
        """The pause menu's "CPU plays for ...": a person's seat whose pad is unplugged is played
        by the CPU from now on (``MatchHost.hand_to_cpu``); his open prompt goes."""
        self.host.hand_to_cpu(seat)
        self.prompts.pop(seat, None)

    def secret_pads(self, m) -> int:
        """The pads of the seats whose prompt is answered in secret (netplay seals their A)."""
        mask = 0
        for seat, prompt in self.prompts.items():
            if prompt.secret and seat in self.pad_of:
                mask |= 1 << self.pad_of[seat]
        return mask

    def seat_area(self, seat: int) -> tuple[int, int, int, int]:
        """Where one seat's part of the screen is (his status peek at a simultaneous point)."""
        return self.board_area

    def draw_board(self, m, surface) -> None:
        pass

    def draw_hud(self, m, surface) -> None:
        pass

    def draw_over(self, m, surface) -> None:
        """The game's windows over its board (a prompt's menu, a set piece)."""

    def prompt_text(self, prompt) -> str:
        """A prompt's question in the text box."""
        return prompt.text()

    def prompt_lines(self, m, prompt) -> list:
        """A prompt's own small lines under its question ((text, colour), ...; a game may add a
        warning of its own)."""
        return prompt.lines(m)

    def help_lines(self, m, prompt, lines: list) -> list:
        """The shell's own small lines under a prompt's: B takes back the seat's last answer
        (where it may), Select shows the rule a refusal names."""
        out = []
        tb = self.host.take_back
        if tb is not None and self.can_take_back(prompt.seat) and prompt.back_free():
            out.append((tr("B: take back {what}", what=tr(tb.words)), TABLE_INFO))
        rules = self.rules_named(m, prompt, lines)
        if rules:
            out.append((tr("Select: the rule {rule}", rule=rules[0]), LABEL))
        return out

    def rules_named(self, m, prompt: Any = None, lines: list | None = None) -> list[str]:
        """The rules the prompt's words (or a refusal shown for a moment) name, that the game
        has the text of: Select shows the first (``show_rule``)."""
        texts = []
        if prompt is not None:
            texts.append(self.prompt_text(prompt))
            texts += [t for t, _ in (lines if lines is not None else self.prompt_lines(m, prompt))]
        if self.toast:
            texts.append(self.toast)
        known = frontend_of(self.gamedef.id).rule_texts()
        return [r for r in rule_ids_in(" ".join(texts)) if r in known]

    def show_rule(self, m, pad: int) -> bool:
        """Select on ``pad``: the rule its seat's prompt (or the refusal shown) names, on a page of
        its own (``scenes/learn.RuleScene``); False when none is named."""
        seat = self.seat_of_pad(pad)
        prompt = self.prompts.get(seat) if seat is not None else None
        if prompt is None and not (self.toast and self.toast_seat == seat):
            return False
        rules = self.rules_named(m, prompt)
        if not rules:
            return False
        m.push(RuleScene(self.gamedef.id, rules[0]))
        return True

    def prompt_speaker(self, prompt) -> str | None:
        """Who asks it (a host's face beside it), or None."""
        return prompt.speaker

    def thinking_lines(self, m) -> list:
        """The text box's small lines while a CPU seat thinks (a key a human may press now)."""
        return []

    def pilot(self, prompt, answer) -> int:
        """The button a person presses next at ``prompt`` (one of this table's) to give ``answer``,
        0 to wait: the shell's autopilot (``frontend/autopilot.py``: movies, bench) plays a game
        that gives it. The default: the game's prompts have no pilot."""
        raise NotImplementedError(f"{type(self).__name__} gives no pilot for the shell's autopilot")

    # ---------------------------------------------------------------- events to beats
    def add(self, beat: Beat) -> None:
        self.beats.append(beat)

    def say(self, text: str, player: int = -1, hold: int = 40, tag: str = "") -> None:
        cpu = self.is_cpu(player) if player >= 0 else self.hurried_lines
        self.beats.append(Beat("say", hold, text, player=player, cpu=cpu, tag=tag))

    def banner(self, title: str, text: str, player: int = -1, sound: str = "fanfare", hold: int = 50,
               tag: str = "") -> None:
        """A moment's word (a game's own, "GOAL!") flashing in the text box while its sentence
        types out after it: never over the board."""
        self.beats.append(Beat("banner", hold, text, player=player, sound=sound, title=title, tag=tag,
                               cpu=self.is_cpu(player)))

    def fanfare_words(self, text: str) -> tuple[str, str]:
        """A moment's sentence as its banner's word and the rest ("BIG NEWS! A did B." -> "BIG NEWS!",
        "A did B."; a Japanese "！" too); ("", text) when it has no word of its own."""
        cut = min((i for i in (text.find("!"), text.find("！")) if i >= 0), default=-1)
        return (text[:cut + 1], text[cut + 1:].lstrip()) if cut >= 0 else ("", text)

    def tell(self, event) -> bool:
        """``event`` told as the game's table says (``told``: its lines, banners and beats, in
        order); False for an event the table does not hold (the game's ``narrate`` tells it)."""
        steps = self.told.get(type(event))
        if steps is None:
            return False
        for step in steps:
            seat = getattr(event, step.seat) if step.seat else -1
            if isinstance(step, Show):
                data = tuple(getattr(event, f) for f in step.data)     # a list the event holds: kept as it is now
                self.add(Beat(step.kind, step.frames, player=seat, data=tuple(tuple(d) if isinstance(d, list) else d
                                                                              for d in data),
                              sound=step.sound, cpu=self.is_cpu(seat) if step.cpu is None else step.cpu))
            elif step.banner:
                title, rest = self.fanfare_words(words(self.gamedef.id, step, event, self.names))
                self.banner(title, rest, seat, step.sound, step.hold, step.tag)
            else:
                self.say(words(self.gamedef.id, step, event, self.names), seat, step.hold, step.tag)
        return True

    def narrate_input(self, m, events: list) -> None:
        """One input's events as beats: each turn's lines, then the comments on it before the next
        turn's (``GameDef.turn_breaks``) and before the game-over line (``GameDef.ends_at``); a
        sync at the end brings what the board and HUD show up to the match."""
        game = self.gamedef
        cuts = sorted({c for c in game.narration.turn_breaks(events) if 0 < c < len(events)})
        end = game.narration.ends_at(events)
        start = 0
        for cut in cuts + [len(events)]:
            segment = events[start:cut]
            start = cut
            if not segment:
                continue
            at = end - (cut - len(segment)) if end is not None and cut - len(segment) <= end < cut else None
            if at is None:
                self.narrate(m, segment)
                self.comment(m, segment)
            else:                        # the comments on the last turn, then the game over line
                self.narrate(m, segment[:at])
                self.comment(m, segment)
                self.narrate(m, segment[at:])
        self.add(Beat("sync", 1))

    def comment(self, m, events: list) -> None:
        """The characters' comments on ``events``; one who is not seated is shown watching."""
        if not events or self.commentary is None:
            return
        seated = {k.split(":")[0] for k in self.kinds}
        for c in self.commentary.react(self.game, events):
            name, colour = self.speaker(c.speaker)
            base = c.speaker.split(":")[0]
            if base not in seated and base not in self.hosts:
                name = tr("{name}, watching", name=name)
            self.beats.append(Beat("say", self.comment_hold, c.text(m.settings.language), speaker=c.speaker, name=name,
                                   colour=colour, cpu=True))

    def speaker(self, speaker: str) -> tuple[str, tuple]:
        """A speaker's name and colour (the characters; a game adds its own hosts)."""
        return speaker_info(speaker)

    # ---------------------------------------------------------------- input
    def handle(self, m, b) -> None:
        if self.done:
            return
        pressed = b.pressed
        peeking = set(self.peeks)            # a press that closes a peek is the peek's alone (issue 36)
        if pressed[0] | pressed[1] | pressed[2] | pressed[3] or self.peeks:    # most frames press nothing
            for p in self.key_pads():
                if p in self.peeks:
                    self.handle_peek(m, b, p)
                    continue
                if b.press(p, START):
                    m.push(PauseScene(self, p, m.buttons.connected))
                    return
                if b.press(p, SELECT) and not self.replaying and self.show_rule(m, p):
                    return
                if b.press(p, X):
                    if self.peek_open(p):
                        continue
                    scene = self.status_scene(p)
                    if scene is not None:
                        m.push(scene)
                        return
            self.handle_keys(m, b)
        if self.replaying:
            self.handle_replay(m, b)
            return
        if self.beat is not None and not self.live_beat(self.beat):
            return
        for seat, prompt in list(self.prompts.items()):
            pad = self.pad_of.get(seat, 0)
            if pad not in peeking and self.takes_press(m, prompt, pad):
                if b.press(pad, B) and prompt.back_free() and self.can_take_back(seat):
                    m.push(TakeBackScene(self, pad))
                    return
                prompt.handle(m, b, pad)

    def takes_press(self, m, prompt, pad: int) -> bool:
        """``prompt`` (on ``pad``) reads its pad this frame: not answered yet, shown past the
        guard, its pad connected and not showing a peek (``handle``; the luck watch asks it too)."""
        return (prompt.answer is None and pad not in self.peeks and prompt.age >= self.prompt_guard
                and bool(m.buttons.connected >> pad & 1))

    def press_preview(self, m) -> str | None:
        """The luck watch (issue 38): what A pressed alone on this frame gives at the prompt that
        would take the press, where it decides a chance outcome (the prompt's ``press_preview``:
        a die, a reel), the answering pad named ("2P A now: 7") unless pad 1 is the table's only
        human pad. None when no prompt takes a press on this frame (a beat playing, the guard,
        A still held from the frame before: no new press) or none decides a chance. The pads
        are taken as connected on the frame before. Reads only: nothing turned, nothing set."""
        if self.done or self.replaying or (self.beat is not None and not self.live_beat(self.beat)):
            return None
        for seat, prompt in self.prompts.items():
            pad = self.pad_of.get(seat, 0)
            if not self.takes_press(m, prompt, pad) or m.buttons.held[pad] & A:
                continue
            words = prompt.press_preview(m)
            if words is not None:
                return words if set(self.pad_of.values()) <= {0} else f"{pad + 1}P {words}"
        return None

    def key_pads(self) -> list[int]:
        """The pads whose keys the table reads: the human seats' (every pad at a table of CPUs)."""
        return sorted(set(self.pad_of.values())) or [0, 1, 2, 3]

    def seat_after(self, b, pad: int, seat: int) -> int:
        """R or L on ``pad``: the seat after ``seat`` or the one before it, round the table (a
        player's details shown in turn); -1 for neither."""
        if b.press(pad, R):
            return (seat + 1) % len(self.names)
        if b.press(pad, L):
            return (seat - 1) % len(self.names)
        return -1

    def peek_open(self, pad: int) -> bool:
        """X while another human is still answering (a simultaneous point, or another's turn):
        the status of this pad's seat over his own part of the screen, the others playing on,
        even once he has answered himself (True); else False (the whole status screen)."""
        seat = self.seat_of_pad(pad)
        others = [s for s, p in self.prompts.items() if s != seat and p.answer is None]
        if seat is None or not others:
            return False
        self.peeks[pad] = 0
        return True

    def handle_peek(self, m, b, pad: int) -> None:
        if b.press(pad, B | X | START):
            del self.peeks[pad]
        elif b.repeat(pad, R | RIGHT):
            self.peeks[pad] = (self.peeks[pad] + 1) % max(1, self.peek_pages())
        elif b.repeat(pad, L | LEFT):
            self.peeks[pad] = (self.peeks[pad] - 1) % max(1, self.peek_pages())

    def peek_pages(self) -> int:
        return 1

    def refuse(self, m, seat: int, why: str) -> None:
        """A press outside a prompt the match refuses (an out-of-turn answer): its reason, for a
        moment, in the text box."""
        self.toast, self.toast_seat, self.toast_age = why, seat, 0
        m.sound("cancel")

    def give(self, m, answer, seat: int | None = None, given: bool = False) -> None:
        """Apply an input through the host and tell its events (a person's answer the game lets
        him take back, ``take_back_words``, is kept for that until the next chance or another
        seat's answer)."""
        words = self.take_back_words(answer, seat) if seat is not None and seat >= 0 and not given else ""
        events = self.host.give(m, answer, seat, given, undo=words)
        self.after_input(seat)
        self.narrate_input(m, events)

    def out_of_turn(self) -> tuple[int, ...]:
        """The human seats that may answer out of turn now (``Session.next``'s ``Next.others``):
        the seats a game's out-of-turn key (``answer``) is for."""
        return self.host.next().others

    def answer(self, m, answer, seat: int) -> str | None:
        """A person's answer outside his prompt, on a key of the game's (an out-of-turn answer:
        a declaration on another's turn, an answer taken back), given through the drive loop: at once, even
        while the show plays (its beats queue after the others), when ``Session.next`` says his
        seat answers now (``out_of_turn()``, or a seat the point waits for) and the match takes
        it. None once given; else the match's reason why not, and nothing is given."""
        why = self.game.check(answer, seat)
        if why is None and not self.host.may_answer(seat):
            why = f"{self.host.names[seat]} does not answer now"      # a game whose check and input point disagree
        if why is None:
            self.give(m, answer, seat)
        return why

    # ---------------------------------------------------------------- take-backs (issue 36)
    take_backs: dict[type, str] = {}     # an answer's class -> its words, for those taken back whatever they hold

    def take_back_words(self, answer, seat: int) -> str:
        """A person's answer he may take back at his next prompt (before the next chance or
        another seat's answer), as the confirmation names it ("the sale"); "" for one he may not.
        The default: the answer's class in ``take_backs`` (none: nothing is taken back). Only in
        Free play and Practice (``MatchHost``)."""
        return self.take_backs.get(type(answer), "")

    def can_take_back(self, seat: int) -> bool:
        """``seat``'s last answer may be taken back now."""
        tb = self.host.take_back
        return tb is not None and tb.seat == seat and not self.replaying

    def take_back(self, m) -> None:
        """Take back the answer kept (``MatchHost.undo``): the match, the record and the scores
        as they stood, the board shown again, the seat asked again."""
        tb = self.host.undo()
        if tb is None:
            return
        self.beats, self.beat, self.prompts, self.peeks = [], None, {}, {}
        self.think = 0
        self.shown = self.make_shown(self.game)
        self.after_take_back(m)
        m.sound("cancel")
        self.say(tr("{who} takes back {what}.", who=self.names[tb.seat], what=tr(tb.words)), tb.seat, hold=30)

    def after_take_back(self, m) -> None:
        """The game's own state after a take-back (its views of the match made again): as after a jump."""
        self.after_jump(m)

    def after_input(self, seat: int | None) -> None:
        """The match has moved on: the answering seat's prompt goes (the others', at a
        simultaneous point, stay as their players left them; None: every prompt goes)."""
        if seat is None:
            self.prompts = {}
        else:
            self.prompts.pop(seat, None)

    def count(self, m) -> None:
        self.host.count(m)

    # ---------------------------------------------------------------- watching a record
    def last_turn(self) -> int:
        return self.host.last_turn()

    def jump_start(self) -> int:
        """The jump window opens on the next turn, or the record's last."""
        return max(1, min(self.last_turn(), self.game.progress() + 1))

    def replay_input(self, m) -> bool:
        """Apply the record's next input; False when there is none (or it does not fit)."""
        events, why = self.host.replay_input()
        if events is None:
            self.note = why or self.note
            return False
        self.narrate_input(m, events)
        return True

    def jump_to(self, m, turn: int) -> None:
        """Start again from the record's header and apply its inputs, silently, up to ``turn``."""
        self.host.jump_to(turn)
        self.commentary = self.host.game.commentary(self.host.kinds, self.setup.seed, m.settings.talk)
        self.beats, self.beat, self.last_box, self.prompts, self.log = [], None, None, {}, []
        self.shown = self.make_shown(self.game)
        self.after_jump(m)
        word = "Turn {turn}." if self.gamedef.progress_unit == "turns" else "Round {turn}."
        self.say(tr(word, turn=self.game.progress() + 1), hold=20)

    def after_jump(self, m) -> None:
        """The game's own state after a jump (its views of the match made again)."""

    # ---------------------------------------------------------------- time
    def update(self, m) -> None:
        m.song = self.music(m)
        if self.replaying:
            if self.jump is None:
                for _ in range(self.speed):
                    self.update_once(m)
            return
        self.update_once(m)

    def update_once(self, m) -> None:
        if self.toast:
            self.toast_age += 1
            if self.toast_age > TOAST_FRAMES:
                self.toast = ""
        self.tick_time(m)
        playing = self.run_beats(m)
        self.after_beats(m)
        if playing:
            return
        for prompt in self.prompts.values():
            self.prompt_tick(prompt)
        if self.replaying:
            if not self.replay_input(m) and not self.done and (self.game.awaiting() is None or self.note):
                self.done = True
                self.push_results(m)
            return
        for seat, prompt in list(self.prompts.items()):
            if prompt.answer is not None:
                aw = self.game.awaiting()
                chance = aw is not None and aw.player < 0
                self.give(m, prompt.answer, None if chance else seat, prompt.given)
                return
        n = self.host.next()
        if n.what == OVER:
            if not self.done:
                self.finish(m)
            return
        if n.what == DRAW:
            seat = self.game.to_move
            for other in [s for s in self.prompts if s != seat]:
                del self.prompts[other]
            if seat in self.pad_of and seat not in self.prompts:
                prompt = self.chance_prompt(m, n.awaiting)
                if prompt is not None:
                    prompt.seat = seat
                    self.prompts[seat] = prompt
                    return
            if seat in self.prompts:
                return
            self.narrate_input(m, self.host.chance(m))
            return
        if n.what == OFFER:
            said = self.host.offer(m, n.offered)
            if said is not None:
                self.after_input(None)
                self.narrate_input(m, said)
                return
            n = self.host.next()                     # nobody answered out of turn: on with the point
        for seat in list(self.prompts):
            if seat not in n.humans:
                del self.prompts[seat]
        for seat in n.humans:
            if seat not in self.prompts:
                prompt = self.make_prompt(m, n.awaiting.kind, seat)
                if prompt is not None:
                    prompt.seat = seat
                    self.prompts[seat] = prompt
        if n.what == CPU:
            if self.think < m.anim(self.think_frames, cpu=True):
                self.think += 1
                return
            self.think = 0
            self.narrate_input(m, self.host.cpu(m, n.seat))

    def finish(self, m) -> None:
        """The match is over: the record closed, the game counted, the results."""
        self.done = True
        self.host.close()
        self.count(m)
        if not self.demo:
            self.push_results(m)

    def push_results(self, m) -> None:
        m.push(self.results(self))

    def run_beats(self, m) -> bool:
        """Advance the show; True while something is still playing."""
        while True:
            if self.beat is None:
                if not self.beats:
                    return False
                self.beat = self.beats.pop(0)
                self._start(m, self.beat)
            if self._tick(m, self.beat):
                self.beat = None
                continue
            return True

    def _start(self, m, beat: Beat) -> None:
        if beat.sound:
            m.sound(beat.sound)
        if beat.text:
            beat.box = TextBox(beat.text, beat.speaker, beat.name, beat.colour, hold=m.anim(beat.frames, beat.cpu),
                               pages=self.pages(m, beat.text, beat.speaker, beat.name, beat.title))
            self.last_box = beat.box
            self.log_line(beat)
        if beat.kind == "sync":
            self.sync_shown()
        self.start_beat(m, beat)

    def _tick(self, m, beat: Beat) -> bool:
        beat.age += 1
        if beat.box is not None:
            a = m.buttons.pressed[self.control_pad] & A if self.pad_of else 0
            beat.box.update(m, bool(a))
            done = beat.box.done
            if done:
                self.end_text_beat(m, beat)
            return done
        if beat.kind == "sync":
            return True
        return self.tick_beat(m, beat)

    def end_text_beat(self, m, beat: Beat) -> None:
        """A text beat's box is done (a game may finish the beat's effect then)."""

    # ---------------------------------------------------------------- drawing
    def draw(self, m, surface) -> None:
        surface.fill(INK)
        self.draw_board(m, surface)
        self.draw_hud(m, surface)
        self.draw_over(m, surface)
        if self.shows_box():
            self.draw_box(m, surface)
        for pad, page in self.peeks.items():
            seat = self.seat_of_pad(pad)
            if seat is not None:
                self.draw_peek(m, surface, seat, self.seat_area(seat), page)
        if self.replaying:
            self.draw_replay(m, surface)

    def demo_label_at(self) -> tuple[int, int]:
        """Where the title's demo says DEMO PLAY (its centre and top): the text box's lower right
        corner, never over the board."""
        x, y, w, h = self.box_rect()
        return x + w - 46, y + h - 15

    def shows_box(self) -> bool:
        """The text box is drawn (a game's whole-board view may take its room)."""
        return True

    def box_rect(self) -> tuple[int, int, int, int]:
        """Where the text box is now (a game may move it)."""
        return self.box_style.rect

    def box_content(self, m):
        """(text, speaker, name, colour, visible characters or None for all, small lines, title,
        the box typing now): what the text box shows this frame."""
        beat = self.beat
        box = beat.box if beat is not None and beat.box is not None else None
        prompt = self.prompt if beat is None or self.live_beat(beat) else None
        title = beat.title if beat is not None and beat.box is not None else ""
        toast = []
        if self.toast:
            who = self.names[self.toast_seat] if 0 <= self.toast_seat < len(self.names) else ""
            toast = [(f"{who}: {self.toast}" if who else self.toast, RED)]
        if box is None and prompt is not None:
            pad = self.pad_of.get(prompt.seat, self.control_pad)
            if not self.replaying and not m.buttons.connected >> pad & 1:
                return (tr("Connect pad {pad} to go on", pad=pad + 1), None, None, GOLD, None, [], "", None)
            speaker = self.prompt_speaker(prompt)
            name, colour = self.speaker(speaker) if speaker else (None, WHITE)
            lines = self.prompt_lines(m, prompt)
            return (self.prompt_text(prompt), speaker, name, colour, None, toast + lines + self.help_lines(m, prompt, lines),
                    "", None)
        if toast and box is None:
            return ("", None, None, WHITE, None, toast, "", None)
        if box is None and beat is None and not self.done and not self.replaying:
            aw = self.game.awaiting()
            if aw is not None and aw.player >= 0 and self.is_cpu(aw.player) and not self.prompts:
                return (tr("{who} is thinking...", who=self.names[aw.player]), None, None, WHITE, None,
                        self.thinking_lines(m), "", None)
        if box is not None:
            return (box.page_text, box.speaker, box.name, box.colour, box.visible(), [], title, box)
        if self.last_box is not None:
            b = self.last_box
            return (b.pages[-1], b.speaker, b.name, b.colour, None, [], "", None)
        return None

    def text_area(self, m, speaker: str | None) -> tuple[int, int]:
        """(left, width) of the text box's lines: beside the speaker's face when he has one."""
        st = self.box_style
        x0, _, w, _ = self.box_rect()
        x = x0 + st.text_x
        if speaker and m.art.portrait(speaker.split(":")[0], small=st.face == "small") is not None:
            x = x0 + st.face_text_x
        return x, x0 + w - st.right - x

    def pages(self, m, text: str, speaker: str | None, name: str | None, title: str = "") -> list[str]:
        """A told line in the text box's pages (``widgets.paginate``: as many lines a page as the
        box shows, the speaker's name or the banner's word before each page's first line)."""
        _, width = self.text_area(m, speaker)
        head = (title + " ") if title else (name + ": ") if name else ""
        return paginate(m.font, text, width, self.box_style.lines, m.font.width(head) if head else 0)

    def log_line(self, beat: Beat) -> None:
        """A told line goes into the turn log (the pause menu's page of what happened lately)."""
        if beat.title:                   # a banner: its word, then its sentence
            self.log_note(f"{beat.title} {beat.text}")
        else:
            self.log_note(beat.text, beat.name or "")

    def log_note(self, text: str, who: str = "") -> None:
        """A line of the turn log (the last ``LOG_LINES``): a told one, or what the board shows
        without a word (a roll, a die taken), so that a player who looked away can read it."""
        self.log.append((who, text))
        if len(self.log) > LOG_LINES:
            del self.log[:len(self.log) - LOG_LINES]

    def draw_box(self, m, surface) -> None:
        """The text box: a line typing out beside the speaker's face (his name first, in his
        colour; a banner's word first, flashing), a page at a time (the arrow: A goes on); a
        prompt's question and its own lines."""
        content = self.box_content(m)
        st = self.box_style
        x0, y0, w, h = self.box_rect()
        title = content[6] if content is not None else ""
        beat = self.beat
        window(surface, (x0, y0, w, h))
        if title and beat is not None:
            edge = GOLD if (beat.age // 6) % 2 == 0 else WHITE
            pygame.draw.rect(surface, edge, (x0 + 1, y0 + 1, w - 2, h - 2), 1)
        if content is None:
            return
        text, speaker, name, colour, shown, extra, title, box = content
        font = m.font
        if speaker:
            face = m.art.portrait(speaker.split(":")[0], small=st.face == "small")
            if face is not None:
                fx, fy = st.face_at
                size = face.get_width() + 2
                pygame.draw.rect(surface, INK, (x0 + fx, y0 + fy, size, size))
                surface.blit(face, (x0 + fx + 1, y0 + fy + 1))
        x, width = self.text_area(m, speaker)
        y = y0 + st.text_y
        if extra and st.fit_prompt and st.wrap_prompt:
            self.draw_prompt(m, surface, text, colour, extra, x, y, width)
            return
        if extra and st.fit_prompt:               # the question on one line, its own lines under it
            font.draw(surface, fit(font, text, width, "main"), x, y, colour)
            rows = [(line, c) for t, c in extra for line in font.wrap(t, x0 + w - 8 - x, "small")]
            top, step, room = self.small_rows(len(rows), y + st.line_h, y0 + h - EDGE, font.height("small"))
            for j, (line, line_colour) in enumerate(rows[:room]):
                font.draw(surface, line, x, top + j * step, line_colour, "small")
            return
        head = (title + " ") if title else (name + ": ") if name else ""
        head_w = font.width(head) if head else 0
        room = st.lines if not extra else max(1, (h - 4 - st.small_h * len(extra)) // st.line_h)
        lines = font.wrap(text, width, first=width - head_w if head else None)[:min(room, st.lines)] if text else []
        typed = len(text) if shown is None else shown
        if title:
            flash = GOLD if beat is not None and (beat.age // 6) % 2 == 0 else WHITE
            font.draw(surface, title, x, y, flash)
        elif name:
            font.draw(surface, name + ":", x, y, colour)
        pos = 0                          # where each line stands in the text: a line break may take a
        for i, line in enumerate(lines):  # space (English) or nothing (Japanese, a word broken)
            start = text.find(line, pos) if line else pos
            start = pos if start < 0 else start
            if typed <= start:
                break
            lx = x + head_w if i == 0 else x
            font.draw_prefix(surface, line, typed - start, lx, y + i * st.line_h, WHITE if head else colour)
            pos = start + len(line)
        for j, (line, line_colour) in enumerate(extra[:2]):
            font.draw(surface, line, x, y + len(lines) * st.line_h + j * st.small_h + 1, line_colour, "small")
        if box is not None and not box.typing() and (m.frame // 15) % 2 == 0:
            ax, ay = x0 + w - st.arrow_at[0], y0 + h - st.arrow_at[1]
            pygame.draw.polygon(surface, WHITE, [(ax, ay), (ax + 6, ay), (ax + 3, ay + 3)])

    def draw_prompt(self, m, surface, text: str, colour, extra: list, x: int, y: int, width: int) -> None:
        """A prompt's question wrapped to the lines it needs (as many as the box holds; only past
        them is it cut), then its own small lines in their order, each whole while it fits (a
        blank row between where they all fit, ``small_h`` apart): the last, the least important,
        are the first left out. The first of them is shown in part rather than not at all."""
        font, st = m.font, self.box_style
        x0, y0, w, h = self.box_rect()
        bottom = y0 + h - EDGE
        main_h, small_h = font.height("main"), font.height("small")
        asked = font.wrap(text, width, "main") if text else []
        most = max(1, (bottom - y - main_h) // st.line_h + 1)
        if len(asked) > most:
            asked = asked[:most - 1] + [fit(font, " ".join(asked[most - 1:]), width, "main")]
        for i, line in enumerate(asked):
            font.draw(surface, line, x, y + i * st.line_h, colour)
        top = y + len(asked) * st.line_h              # the question's last blank row
        items = [[(line, c) for line in font.wrap(t, x0 + w - 8 - x, "small")] for t, c in extra]
        rows = sum(len(item) for item in items)
        ry = top + 1 if top + 1 + st.small_h * (rows - 1) + small_h <= bottom else top
        for k, item in enumerate(items):
            room = (bottom - ry - small_h) // st.small_h + 1 if ry + small_h <= bottom else 0
            if len(item) > room and (k > 0 or room <= 0):
                break
            for line, line_colour in item[:room]:
                font.draw(surface, line, x, ry, line_colour, "small")
                ry += st.small_h

    def small_rows(self, n: int, top: int, bottom: int, font_h: int) -> tuple[int, int, int]:
        """(the first row's y, the step, how many) for ``n`` rows of the small font (``font_h``
        high) under a box's main line (``top``: the y of its last row) and above the box's inner
        line (``bottom``): ``small_h`` apart where they fit, else sharing a blank row (the top one
        of the font, as the main lines share theirs), else as many as fit so."""
        st = self.box_style
        for first, step in ((top + 1, st.small_h), (top, st.small_h), (top, font_h - 1)):
            if first + step * (n - 1) + font_h <= bottom:
                return first, step, n
        return top, font_h - 1, max(0, min(n, (bottom - top - font_h) // (font_h - 1) + 1))

    def draw_replay(self, m, surface) -> None:
        """Watching a record: the speed and keys (outside the board), the jump window."""
        font = m.font
        self.draw_replay_label(m, surface)
        if self.jump is not None:
            jx, jy, jw, jh = self.jump_rect
            window(surface, self.jump_rect)
            word = "Jump to turn" if self.gamedef.progress_unit == "turns" else "Jump to round"
            font.draw(surface, tr(word), jx + jw // 2, jy + 6, GOLD, align="centre")
            font.draw(surface, tr("< {turn} >  of {last}", turn=self.jump, last=self.last_turn()), jx + jw // 2,
                      jy + 22, WHITE, align="centre")

    def draw_replay_label(self, m, surface) -> None:
        """The speed and keys on one line at ``replay_at`` (a game may show them its own way)."""
        font = m.font
        label = tr("REPLAY x{speed}  L/R speed  B jump", speed=self.speed)
        x, y, align = self.replay_at
        w = font.width(label, "small") + 4
        left = x - w + 2 if align == "right" else x - w // 2 if align == "centre" else x - 2
        pygame.draw.rect(surface, INK, (left, y, w, 9))
        font.draw(surface, label, x, y, GOLD, "small", align=align)

    def draw_peek(self, m, surface, seat: int, rect, page: int) -> None:
        """One seat's status over his own part of the screen (X at a simultaneous point): his
        name, score and its parts (``GameDef.score_parts``); B or X closes it."""
        font = m.font
        x, y, w, h = rect
        window(surface, rect)
        font.draw(surface, fit(font, self.names[seat], w - 12), x + 6, y + 4, GOLD)
        match = self.game
        rows = [(tr(self.gamedef.words.part(k)), v)
                for k, v in self.gamedef.score_parts(match, seat)]
        rows.append((tr(self.gamedef.words.score), match.scores()[seat]))
        for i, (label, value) in enumerate(rows):
            ry = y + 18 + i * 9
            if ry + 9 > y + h - 12:
                break
            font.draw(surface, fit(font, label, w - 40), x + 6, ry, TABLE_INFO, "small")
            font.draw(surface, str(value), x + w - 6, ry, WHITE, "small", align="right")
        font.draw(surface, fit(font, tr("B: back"), w - 12), x + 6, y + h - 11, LABEL, "small")


__all__ = ["TableScene", "Prompt", "RefusalPrompt", "Beat", "BoxStyle", "speaker_info", "rects_meet", "TableMenu",
           "TakeBackScene"]


class TableMenu(Scene):
    """A small menu over the table on one pad (``pad``, ``menu``): once an item is chosen, or the
    menu left with B, it closes and ``act`` does what was chosen (its index; -1 for B)."""

    opaque = False
    pad: int
    menu: Menu

    def handle(self, m, b) -> None:
        self.menu.handle(b, self.pad, m)
        if self.menu.cancelled or self.menu.chosen is not None:
            m.pop()
            self.act(m, -1 if self.menu.cancelled or self.menu.chosen is None else self.menu.chosen)

    def act(self, m, chosen: int) -> None:
        """What the item ``chosen`` does (-1: the menu was left)."""


class TakeBackScene(TableMenu):
    """"Take back ...?" over the table: A on the first item takes the last answer back, B or the
    second item keeps it."""

    def __init__(self, table: TableScene, pad: int) -> None:
        self.overlay_at = table.overlay_at           # the overlays where the table has them
        self.timer_at = table.timer_at
        self.table = table
        self.pad = pad
        self.menu = Menu(["Take it back", "Keep it"], cancel=True)

    def act(self, m, chosen: int) -> None:
        if chosen == 0:
            self.table.take_back(m)

    def draw(self, m, surface) -> None:
        tb = self.table.host.take_back
        words = tr(tb.words) if tb is not None else ""
        title = tr("Take back {what}?", what=words)
        w = min(252, max(128, m.font.width(title) + 20))
        x, y = self.table.question_at(w, 44)
        self.menu.draw(m, surface, x, y, w, fit(m.font, title, w - 12, "main"))

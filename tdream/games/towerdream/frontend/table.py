"""The game table (PRESENTATION.md screens 3-10): the board, the HUD, the text box, and the
engine asked for the next input whenever the animation queue is empty (STYLE.md rule 10).

Engine events become *beats* (a line of text, the die, the token's walk, a Line lit up) played
one after another; the board shows ``Shown``, the game as far as the beats have got. CPU seats
answer through their players; human seats through prompts read from their own pad; a human's
die is spun by the spin RNG (prompts.DicePrompt). The game record is written as the game goes.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from ..ai.commentary import Commentary, speaker_name
from ..rules import events as ev
from .boardview import BoardView, Shown
from ....frontend.constants import (A, GOLD, INK, L, PLAYER_COLOURS, PLAYER_DARK, R, RED, SELECT, START, WHITE, X,
                                    rgb15)
from .. import GAME
from ....frontend.machine import Scene
from ....frontend.match import MatchHost, MatchSetup, ReplayControls
from ....frontend.scenes.pause import PauseScene
from ....frontend.scenes.results import ResultsScene
from ....frontend.text import language, tr
from ....frontend.widgets import TextBox, fit, window
from . import prompts as pr
from . import setpieces as sp
from .setpieces import PilePrompt, SlotPrompt
from .status import StatusScene

from .layout import BOX_H, BOX_Y, DIE_XY, HUD_H, INFO_H, LINE_H, MAP, SMALL_H, VIEW  # noqa: E402
PROMPT_GUARD = 12                    # frames a prompt is shown before it takes a press: a press that
                                     # hurried the text before it never answers it (issue 14)


def GameSetup(board: str = "classic-10", seed: int = 0, seats=None, options=None, **kwargs) -> MatchSetup:
    """A Tower Dream match's set-up: its board, seed and seats (a human's pad or a CPU kind), its
    house rules, and how it starts (``MatchSetup``)."""
    return MatchSetup("towerdream", seed, list(seats or ["human", "joji", "yuka", "kenta"]),
                      {"board": board, **(options or {})}, **kwargs)


@dataclass
class Beat:
    """One step of the show: ``frames`` long (0: until its text box is done), with an effect."""

    kind: str                        # say, walk, die, light, apply
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


class TableScene(ReplayControls, Scene):
    overlay_at = (254, 32, "right")      # the info line's end (it is shorter when they are on)

    def __init__(self, setup: GameSetup, demo: bool = False) -> None:
        self.setup = setup
        self.started = False
        self.demo = demo                 # the title's demo: no record, no results, no splits

    # ---------------------------------------------------------------- set-up
    def enter(self, m) -> None:
        if self.started:
            return
        self.started = True
        s = self.setup
        rs = GAME.ruleset()
        self.host = MatchHost(s, self.demo)
        events = self.host.start(m)
        game = self.game
        self.board = game.board
        self.replaying = self.host.replaying
        self.speed = s.speed
        self.jump: int | None = None         # watching: the turn chosen in the jump window
        self.note = ""
        self.colour_of = self.host.colour_of
        self.pad_of = self.host.pad_of
        self.control_pad = self.host.control_pad
        self.commentary = Commentary(self.host.kinds, s.seed, m.settings.talk)
        self.view = BoardView(m.art, m.font, self.board, rs)
        self.view.colour_of = self.colour_of
        self.shown = Shown(game)
        self.beats: list[Beat] = []
        self.beat: Beat | None = None
        self.prompt: pr.Prompt | None = None
        self.prompt_seat = -1
        self.prompt_age = 0              # frames the prompt has been shown (PROMPT_GUARD)
        self.prompt_lang = ""            # the language it was made in (remade in another, issue 14)
        self.think = 0
        self.overview = False
        self.panel = -1              # L/R: a player's details shown
        self.panel_frames = 0
        self.walk_pos: list = [None] * len(game.names)
        self.popups: list[list] = []     # [seat, amount, frames left]
        self.done = False
        self.die_value = 0
        self.last_box: TextBox | None = None
        self.narrate(m, events)
        self.view.follow(*self.view.geo.space_xy(self.shown.pos[0]))
        self.view.update_camera(VIEW[2], VIEW[3], snap=True)

    def exit(self, m) -> None:
        self.host.close()

    @property
    def game(self):
        """The match (Tower Dream's ``Game``), as the host's session plays it."""
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

    # ---------------------------------------------------------------- events to beats
    def is_cpu(self, seat: int) -> bool:
        return self.host.is_cpu(seat)

    def say(self, text: str, player: int = -1, hold: int = 40) -> None:
        self.beats.append(Beat("say", hold, text, player=player, cpu=self.is_cpu(player)))

    def narrate(self, m, events: list) -> None:
        """Engine events become beats; the comments on a turn come when it ends, before the next
        turn is announced (issue 14: never over the next player's die)."""
        game = self.game
        n = game.names
        segment: list = []
        for e in events:
            t = type(e)
            if t is ev.TurnStarted and segment:
                self.comment(m, segment)
                segment = []
            segment.append(e)
            if t is ev.TurnOrderDrawn:
                self.say(tr("Turn order: {seats}.", seats=", ".join(e.seats)), hold=70)
            elif t is ev.TurnStarted:
                self.beats.append(Beat("focus", 1, player=e.player))
                self.say(tr("{who}'s turn. (Turn {turn}, round {round})", who=n[e.player], turn=e.turn,
                            round=e.round), e.player, 30)
            elif t is ev.TurnSkipped:
                self.say(tr("{who} sits this turn out.", who=n[e.player]), e.player)
            elif t is ev.DiceRolled:
                self.beats.append(Beat("die", 40, player=e.player, data=(e.value,), cpu=self.is_cpu(e.player)))
            elif t is ev.Moved:
                self.beats.append(Beat("walk", 0, player=e.player, data=(e.start, e.end, e.steps),
                                       cpu=self.is_cpu(e.player)))
            elif t is ev.Passed:
                if e.kind == "jackpot":
                    self.say(tr("{who} passes the Jackpot: one more Floor on the stack.", who=n[e.player]),
                             e.player, 25)
            elif t is ev.Landed:
                if e.kind != "line":
                    self.say(tr("{who} lands on {space}.", who=n[e.player], space=_space_name(game, e.kind)),
                             e.player, 30)
            elif t is ev.LineFee:
                payees = ", ".join(tr("{who} {amount}G", who=n[o], amount=f"{a:,}") for o, a in zip(e.owners, e.amounts))
                self.beats.append(Beat("light", 50, tr("Line Fee! {who} pays {payees}.", who=n[e.player],
                                                        payees=payees), player=e.player, data=(e.space,)))
            elif t is ev.Payment:
                self.beats.append(Beat("pay", 1, data=(e.payer, e.payee, e.amount)))
                amount = f"{e.amount:,}"
                if e.reason == "salary":
                    self.say(tr("{who} collects the salary: +{amount}G.", who=n[e.payee], amount=amount), e.payee, 30)
                elif e.reason in ("bonus_top", "bonus_sub"):
                    template = ("{who} wins the Top Owner Bonus of {company}: +{amount}G." if e.reason == "bonus_top"
                                else "{who} wins the Sub-Owner Bonus of {company}: +{amount}G.")
                    self.say(tr(template, who=n[e.payee], company=_company(game, e.detail), amount=amount), e.payee, 30)
                elif e.reason in ("slot", "card", "event", "offer") and e.payee >= 0:
                    self.say(tr("{who} receives {amount}G.", who=n[e.payee], amount=amount), e.payee, 30)
                elif e.reason in ("card", "event") and e.payer >= 0:
                    self.say(tr("{who} pays {amount}G.", who=n[e.payer], amount=amount), e.payer, 30)
            elif t in (ev.LandmarkPlaced, ev.LandmarkClaimed):
                self.beats.append(Beat("land", 1, data=(e.land,)))
                template = ("{who} places a Landmark on {land}." if t is ev.LandmarkPlaced
                            else "{who} claims the Bank's Landmark on {land}.")
                self.say(tr(template, who=n[e.player], land=e.land), e.player, 30)
            elif t is ev.CompanyStarted:
                self.beats.append(Beat("companies", 1, sound="fanfare"))
                self.say(tr("{who} starts {company} on {land}!", who=n[e.player], company=_company(game, e.company),
                            land=e.land), e.player, 50)
            elif t is ev.CompanyGrew:
                self.beats.append(Beat("companies", 1))
                self.say(tr("{company} grows to Level {level}.", company=_company(game, e.company), level=e.level),
                         hold=30)
                self.ubbo(game, e.company, e.level)
            elif t is ev.Merged:
                self.beats.append(Beat("companies", 1))
                self.beats.append(Beat("fanfare", 60, tr("MERGER! {survivor} absorbs {absorbed} (Level {level}).",
                                                          survivor=_company(game, e.survivor),
                                                          absorbed=", ".join(_company(game, c) for c in e.absorbed),
                                                          level=e.level), sound="merge"))
                self.ubbo(game, e.survivor, e.level)
            elif t is ev.Absorbed:
                pass
            elif t in (ev.FloorsBuilt, ev.FloorsGained):
                self.beats.append(Beat("land", 1, data=(e.land,), sound="build"))
                template = ("{who} builds {k} Floor(s) on {land} ({total} now)." if t is ev.FloorsBuilt
                            else "{who} gains {k} Floor(s) on {land} ({total} now).")
                self.say(tr(template, who=n[e.player], k=e.floors, land=e.land, total=e.total), e.player, 35)
            elif t in (ev.FloorsSold, ev.FloorsLost, ev.LandmarkSold):
                self.beats.append(Beat("land", 1, data=(e.land,)))
                if t is ev.LandmarkSold:
                    self.say(tr("{who} sells the Landmark on {land} to the Bank.", who=n[e.player], land=e.land),
                             e.player, 35)
                else:
                    template = ("{who} sells {k} Floor(s) on {land}." if t is ev.FloorsSold
                                else "{who} loses {k} Floor(s) on {land}.")
                    self.say(tr(template, who=n[e.player], k=e.floors, land=e.land), e.player, 35)
            elif t is ev.JackpotGrew:
                self.beats.append(Beat("jackpot", 1, data=(e.floors,)))
            elif t is ev.JackpotWon:
                self.beats.append(Beat("drop", 40, player=e.player, data=(e.land, e.floors)))
                self.beats.append(Beat("land", 1, data=(e.land,)))
                self.beats.append(Beat("fanfare", 60, tr("JACKPOT! {who} drops {k} Floors on {land}!", who=n[e.player],
                                                          k=e.floors, land=e.land), sound="jackpot"))
            elif t is ev.JackpotMissed:
                self.say(tr("{who} has no Company Land: the Jackpot stays.", who=n[e.player]), e.player)
            elif t is ev.PileChosen:
                self.beats.append(Beat("piles", 36, player=e.player, data=(e.pile,), cpu=self.is_cpu(e.player)))
            elif t is ev.CardDrawn:
                card = game.ruleset.card(e.card)
                self.beats.append(Beat("card", 70, sound="card_flip",
                                       text=tr("{who}'s {pile} card: {text}", who=n[e.player], pile=tr(e.pile.title()),
                                               text=tr(card.text)),
                                       speaker="old-man", name=speaker_name("old-man"), colour=_speech_colour("old-man"),
                                       player=e.player, data=(e.pile,), cpu=self.is_cpu(e.player)))
            elif t is ev.SlotSpun:
                symbols = " | ".join(tr(s.upper()) for s in e.symbols)
                text = (tr("{who} at the slot: {symbols}: {k} matched!", who=n[e.player], symbols=symbols, k=e.matched)
                        if e.matched > 1 else tr("{who} at the slot: {symbols}: no match.", who=n[e.player],
                                                 symbols=symbols))
                self.beats.append(Beat("slot", 40, player=e.player, data=(e.symbols, e.matched, self.is_cpu(e.player)),
                                       cpu=self.is_cpu(e.player)))
                self.say(text, e.player, 40)
            elif t is ev.EventResolved:
                k = game.ruleset.event_kinds[e.kind]
                host = k.host if k.host not in ("none", "") else None
                self.beats.append(Beat("event", 60, tr(k.text), sound="event", speaker=host,
                                       name=speaker_name(host) if host else None,
                                       colour=_speech_colour(host) if host else WHITE, player=e.player,
                                       data=(e.kind,), cpu=self.is_cpu(e.player)))
            elif t is ev.TurnsToSkip:
                self.say(tr("{who} will sit out {k} turn(s).", who=n[e.player], k=e.turns), e.player)
            elif t is ev.WentBroke:
                self.beats.append(Beat("fanfare", 60, tr("{who} goes broke!", who=n[e.player]), sound="broke"))
            elif t is ev.TurnEnded:
                self.beats.append(Beat("sync", 1))
            elif t is ev.GameOver:
                self.beats.append(Beat("sync", 1))
                self.say(tr("The game is over ({why})!", why=_over(e.reason)), hold=80)
        self.comment(m, segment)

    def ubbo(self, game, company: str, level: int) -> None:
        """A Company that has just reached the Level no merger can absorb (R7.10): an Ubbo Company,
        as the cartridge calls it."""
        lim = game.ruleset.unabsorbable_level
        c = game.company_index(company)
        before = sum(1 for x in self.shown.company if x == c)
        if level >= lim > before:
            self.say(tr("{company} is an Ubbo Company now: no merger can absorb it.", company=_company(game, company)),
                     hold=50)

    def comment(self, m, events: list) -> None:
        """The characters' comments on ``events``; one who is not seated is shown watching."""
        if not events:
            return
        seated = {k.split(":")[0] for k in self.kinds}
        for c in self.commentary.react(self.game, events):
            name = speaker_name(c.speaker)
            if c.speaker not in seated and c.speaker not in ("taxi-driver", "old-man"):
                name = tr("{name}, watching", name=name)
            self.beats.append(Beat("say", 90, c.text(m.settings.language), speaker=c.speaker, name=name,
                                   colour=_speech_colour(c.speaker), cpu=True))

    # ---------------------------------------------------------------- input
    def handle(self, m, b) -> None:
        if self.done:
            return
        pads = sorted(set(self.pad_of.values())) or [0, 1, 2, 3]
        for p in pads:
            if b.press(p, START):
                m.push(PauseScene(self, p))
                return
            if b.press(p, X):                # the status screen, at any time (the spinning die waits)
                m.push(StatusScene(self, p))
                return
            if b.press(p, SELECT):
                self.overview = not self.overview
            if self.replaying:
                continue
            if b.press(p, L) or b.press(p, R):
                k = len(self.game.names)
                self.panel = ((self.panel if self.panel >= 0 else self.game.to_move) + (1 if b.press(p, R) else -1)) % k
                self.panel_frames = 150
        if self.replaying:
            self.handle_replay(m, b)
            return
        if self.prompt is not None and self.prompt_age >= PROMPT_GUARD:
            pad = self.pad_of.get(self.prompt_seat, 0)
            if m.buttons.connected >> pad & 1:
                self.prompt.handle(m, b, pad)

    def count(self, m) -> None:
        self.host.count(m)

    # ---------------------------------------------------------------- watching a record
    def jump_start(self) -> int:
        """The jump window opens on the turn being played."""
        return self.game.turn

    def last_turn(self) -> int:
        """The turns the record holds (as the results count them; the jump goes to the start of one)."""
        return self.host.last_turn()

    def replay_input(self, m, quiet: bool = False) -> bool:
        """Apply the record's next input; False when there is none (or it does not fit)."""
        events, why = self.host.replay_input()
        if events is None:
            self.note = why or self.note
            return False
        if not quiet:
            self.narrate(m, events)
        return True

    def jump_to(self, m, turn: int) -> None:
        """Start again from the record's header and apply its inputs, silently, up to ``turn``."""
        self.host.jump_to(turn)
        self.commentary = Commentary(self.host.kinds, self.setup.seed, m.settings.talk)
        self.beats, self.beat, self.last_box, self.walk_pos = [], None, None, [None] * len(self.game.names)
        self.shown.sync(self.game)
        self.say(tr("Turn {turn}.", turn=self.game.turn), hold=20)

    def give(self, m, answer, given: bool = False) -> None:
        self.narrate(m, self.host.give(m, answer, None, given))

    # ---------------------------------------------------------------- time
    def update(self, m) -> None:
        game = self.game
        near_end = game.covered * 100 >= game.end_threshold * 85 or (
            game.options.get("max_rounds") and game.round >= game.options["max_rounds"] - 1)
        m.song = "tension" if near_end else "board"
        if self.replaying and self.jump is None:
            for _ in range(self.speed):
                self.update_once(m)
            return
        if self.replaying:
            return
        self.update_once(m)

    def update_once(self, m) -> None:
        if self.panel_frames:
            self.panel_frames -= 1
        for p in self.popups:
            p[2] -= 1
        self.popups = [p for p in self.popups if p[2] > 0]
        if self.run_beats(m):
            self.camera(m)
            return
        self.camera(m)
        if self.prompt is not None:
            if self.prompt.answer is not None:
                a, given = self.prompt.answer, self.prompt.given
                self.prompt = None
                self.give(m, a, given)
                return
            if self.prompt_lang != language():             # the options changed the language: say it anew
                again = self.make_prompt(m, self.game.awaiting(), self.prompt_seat)
                if again is not None:
                    again.adopt(self.prompt)
                    self.prompt = again
                self.prompt_lang = language()
            if not self.overview:
                self.prompt_age += 1
            return
        game = self.game
        if self.replaying:
            if not self.replay_input(m) and not self.done and (game.awaiting() is None or self.note):
                self.done = True
                m.push(ResultsScene(self))
            return
        aw = game.awaiting()
        if aw is None:
            if not self.done:
                self.done = True
                self.host.close()
                self.count(m)
                if not self.demo:
                        m.push(ResultsScene(self))
            return
        seat = game.to_move if aw.player < 0 else aw.player
        if not self.is_cpu(seat):
            self.prompt = self.make_prompt(m, aw, seat)
            self.prompt_seat = seat
            self.prompt_age = 0
            self.prompt_lang = language()
            if self.prompt is None:                  # chance the engine draws (cards, a CPU's reels)
                self.narrate(m, self.host.chance(m))
            return
        if aw.player < 0:
            self.narrate(m, self.host.chance(m))
            return
        if self.think < m.anim(12, cpu=True):
            self.think += 1
            return
        self.think = 0
        self.narrate(m, self.host.cpu(m, seat))

    def make_prompt(self, m, aw, seat: int) -> pr.Prompt | None:
        game = self.game
        name = game.names[seat]
        geo = self.view.geo
        k = aw.kind
        if k in ("roll", "slot"):
            # The spin RNG's seed: the state's fingerprint as it was when the seats' kinds were
            # part of it (version 1), so that the same presses give the same rolls and reels as
            # before issue 15 (speedrun routes carry over).
            state = game.fingerprint(list(self.host.kinds))
            return pr.DicePrompt(game, name, state) if k == "roll" else SlotPrompt(game, name, state)
        if k == "draw":
            return None
        legal = game.legal_answers()
        if k == "sell":
            text = None if game.after_sell == "roll" else tr("{who}: an offer to buy Floors. Sell some?", who=name)
            return pr.SellPrompt(game, name, text)
        if k == "place":
            return pr.place_prompt(game, geo, name)
        if k == "build":
            return pr.BuildPrompt(game, geo, name)
        if k == "company":
            labels = [_company(game, a.company) for a in legal]
            icons = [m.art.logo(a.company) for a in legal]
            return pr.MenuPrompt(tr("{who}: choose the new Company's Building Mark.", who=name), labels, list(legal),
                                 icons, tr("Start a Company"))
        if k == "survivor":
            labels = [tr("{company}  Lv {level}", company=_company(game, a.company),
                         level=len(game.members[game.company_index(a.company)])) for a in legal]
            icons = [m.art.logo(a.company) for a in legal]
            return pr.MenuPrompt(tr("{who}: which Company survives the merger?", who=name), labels, list(legal), icons,
                                 tr("The survivor"), 180)
        if k == "pile":
            return PilePrompt(game, name)
        if k in ("jackpot", "floors"):
            template = ("{k} Floors now; the Jackpot's Floors go here." if k == "jackpot"
                        else "{k} Floors now; the free Floors go here.")
            options = [(game.land_index(a.land), a, tr(template, k=game.floors[game.land_index(a.land)]))
                       for a in legal]
            text = tr("{who}: where does the Jackpot drop?" if k == "jackpot" else "{who}: where do the free Floors go?",
                      who=name)
            return pr.LandPrompt(game, geo, text, options)
        if k == "forced_sale":
            labels, details = [], []
            for a in legal:
                x = game.land_index(a.land)
                labels.append(tr("{land}: sell a Floor" if game.floors[x] else "{land}: sell the Landmark",
                                 land=a.land))
                details.append(tr("Cash {cash}G; a debt must be paid.", cash=f"{game.cash[seat]:,}"))
            return pr.MenuPrompt(tr("{who} is short of cash and must sell.", who=name), labels, list(legal), None,
                                 tr("Forced sale"), 160, details)
        raise ValueError(f"no prompt for {k}")

    def run_beats(self, m) -> bool:
        """Advance the show; True while something is still playing."""
        while True:
            if self.beat is None:
                if not self.beats:
                    return False
                self.beat = self.beats.pop(0)
                self.start_beat(m, self.beat)
            beat = self.beat
            if self.tick(m, beat):
                self.beat = None
                continue
            return True

    def start_beat(self, m, beat: Beat) -> None:
        shown, game = self.shown, self.game
        k = beat.kind
        if beat.sound:
            m.sound(beat.sound)
        if k in ("say", "light", "fanfare", "card", "event"):
            name = beat.name
            hold = m.anim(beat.frames, beat.cpu)
            beat.box = TextBox(beat.text, beat.speaker, name, beat.colour, hold=hold)
            self.last_box = beat.box
        elif k == "pay":
            payer, payee, amount = beat.data
            m.sound("cash_in" if payee >= 0 else "cash_out")
            if payer >= 0:
                shown.cash[payer] -= amount
                self.popups.append([payer, -amount, 45])
            if payee >= 0:
                shown.cash[payee] += amount
                self.popups.append([payee, amount, 45])
        elif k == "land":
            x = game.land_index(beat.data[0])
            shown.owner[x] = game.owner[x]
            shown.floors[x] = game.floors[x]
            self.view.follow(*self.view.geo.land_xy(x))
        elif k == "companies":
            shown.company = list(game.company)
            shown.mark = list(game.mark)
        elif k == "jackpot":
            shown.jackpot = game.jackpot
        elif k == "sync":
            shown.sync(game)
        elif k == "focus":
            self.view.follow(*self.view.geo.space_xy(shown.pos[beat.player]))
        elif k == "walk":
            start, end, steps = beat.data
            beat.frames = abs(steps) * m.anim(7, beat.cpu)
        elif k == "drop":
            x = game.land_index(beat.data[0])
            self.view.follow(*self.view.geo.land_xy(x))
            shown.jackpot = game.jackpot

    def tick(self, m, beat: Beat) -> bool:
        """One frame of a beat; True when it is over."""
        k = beat.kind
        beat.age += 1
        if beat.box is not None:
            a = m.buttons.pressed[self.control_pad] & A if self.pad_of else 0
            beat.box.update(m, bool(a))
            return beat.box.done
        if k == "walk":
            start, end, steps = beat.data
            n = abs(steps)
            per = max(1, beat.frames // max(1, n))
            done = min(n, beat.age // per)
            if beat.age % per == 1 and done < n:
                m.sound("step")
            road = self.board.road_length
            d = 1 if steps > 0 else -1
            here = (start + d * done) % road if n else end
            nxt = (start + d * min(n, done + 1)) % road
            hx, hy = self.view.geo.space_xy(here)
            nx, ny = self.view.geo.space_xy(nxt)
            frac = (beat.age % per) / per if done < n else 0
            if self.board.spaces[here].level != self.board.spaces[nxt].level:
                frac = 0
            pos = (int(hx + (nx - hx) * frac), int(hy + (ny - hy) * frac - (2 if (beat.age // 3) % 2 else 0)))
            self.walk_pos[beat.player] = pos
            self.view.follow(*pos)
            if beat.age >= beat.frames or m.fast() and beat.age * 4 >= beat.frames:
                self.walk_pos[beat.player] = None
                self.shown.pos[beat.player] = end
                self.view.follow(*self.view.geo.space_xy(end))
                return True
            return False
        if k == "die":
            self.die_value = beat.data[0]
            if beat.age == 1:
                m.sound("dice")
            elif beat.age == m.anim(beat.frames, beat.cpu) // 2:
                m.sound("dice_stop")
            return beat.age >= m.anim(beat.frames, beat.cpu) or m.fast()
        if k == "slot" and beat.data[2]:
            per, first = max(1, m.anim(10, beat.cpu)), m.anim(24, beat.cpu)
            if beat.age >= first and (beat.age - first) % per == 0 and (beat.age - first) // per < 4:
                m.sound("slot_stop")
            elif beat.age < first and beat.age % 12 == 1:
                m.sound("slot_reel")
        if k == "slot" and beat.age == m.anim(self.beat_length(beat), beat.cpu) - beat.frames + 1 and beat.data[1] > 1:
            m.sound("slot_win")
        if k in ("slot", "piles", "drop"):
            return beat.age >= m.anim(self.beat_length(beat), beat.cpu) or (m.fast() and beat.age > 4)
        return beat.age >= beat.frames

    @staticmethod
    def beat_length(beat: Beat) -> int:
        """Frames a set piece takes at normal speed."""
        if beat.kind == "slot":
            return (24 + 4 * 10 if beat.data[2] else 0) + beat.frames
        return beat.frames

    def camera(self, m) -> None:
        if self.prompt is not None and self.prompt.board_cursor:
            self.view.follow(*self.view.geo.land_xy(self.prompt.cursor_land))
        self.view.update_camera(VIEW[2], VIEW[3])

    # ---------------------------------------------------------------- drawing
    def draw(self, m, surface) -> None:
        surface.fill(INK)
        shown = self.shown
        tokens = [self.walk_pos[p] if self.walk_pos[p] is not None else shown.pos[p] for p in range(len(shown.pos))]
        if self.overview:
            # The whole board: the view and the text box's room (the HUD stays), as large as fits
            self.view.draw_overview(surface, MAP, shown, m.frame, tokens)
        else:
            prompt = self.prompt if self.beat is None else None
            lands = prompt.lands if prompt is not None else ()
            cur = prompt.cursor_land if prompt is not None else -1
            spaces = ()
            if self.beat is not None and self.beat.kind == "light":
                space = self.beat.data[0]
                spaces = (space,)
                lands = self.board.spaces[space].line
            self.view.draw(surface, VIEW, shown, m.frame, tokens, lands, cur, spaces)
            self.view.draw_offscreen(surface, VIEW, tokens)
        self.draw_hud(m, surface)
        if not self.overview:
            self.draw_info(m, surface)
        beat = self.beat
        if beat is not None and beat.kind == "die":
            v = beat.data[0] if beat.age > m.anim(beat.frames, beat.cpu) // 2 else 1 + (beat.age * 7 + 3) % 10
            pr.draw_die(m, surface, DIE_XY[0], DIE_XY[1], v, spinning=False)
        if beat is not None and beat.kind == "fanfare":
            self.draw_fanfare(m, surface, beat)
        if beat is not None and beat.kind in ("piles", "card", "slot", "event", "drop"):
            self.draw_setpiece(m, surface, beat)
        if self.beat is None and self.prompt is not None and not self.overview:
            self.prompt.draw(m, surface)
        if not self.overview:
            self.draw_box(m, surface)
        if self.panel_frames and self.panel >= 0:
            self.draw_player(m, surface, self.panel)
        if self.replaying:
            label = tr("REPLAY x{speed}  L/R speed  B jump", speed=self.speed)
            pygame.draw.rect(surface, INK, (0, VIEW[1], 256, INFO_H + 1))
            m.font.draw(surface, label, 253, VIEW[1], GOLD, "small", align="right")
            if self.jump is not None:
                window(surface, (64, 80, 128, 40))
                m.font.draw(surface, tr("Jump to turn"), 128, 86, GOLD, align="centre")
                m.font.draw(surface, tr("< {turn} >  of {last}", turn=self.jump, last=self.last_turn()), 128, 102, WHITE,
                            align="centre")
        if self.prompt is not None and self.beat is None:
            pad = self.pad_of.get(self.prompt_seat, 0)
            if not m.buttons.connected >> pad & 1:
                window(surface, (48, 90, 160, 28))
                m.font.draw(surface, tr("Connect pad {pad} to go on", pad=pad + 1), 128, 98, GOLD, align="centre")

    def draw_hud(self, m, surface) -> None:
        """The players' panels: the whole name on top, the face (or token) below it with the
        seat's number on its corner, cash and Wealth on the right; money won or paid shows for a
        moment in the Wealth's place, never over the cash (issue 14)."""
        game, shown = self.game, self.shown
        n = len(game.names)
        w = 256 // n
        font = m.font
        for p in range(n):
            x = p * w
            turn = p == game.to_move and not self.done
            c = self.colour_of[p]
            pygame.draw.rect(surface, PLAYER_DARK[c], (x, 0, w, HUD_H))
            pygame.draw.rect(surface, PLAYER_COLOURS[c] if turn and (m.frame // 16) % 2 == 0 else INK,
                             (x, 0, w, HUD_H), 1)
            kind = self.kinds[p]
            face = m.art.portrait(kind.split(":")[0], small=True) if kind != "human" else None
            if face is not None:
                surface.blit(face, (x + 2, 12))
            else:
                surface.blit(m.art.tokens[c], (x + 2, 12))
            pygame.draw.rect(surface, PLAYER_COLOURS[c], (x + 13, 22, 7, 9))
            font.draw(surface, str(p + 1), x + 14, 23, INK, "small")
            font.draw(surface, fit(font, game.names[p], w - 4), x + 2, 2, WHITE, "small")
            cash = shown.cash[p]
            font.draw(surface, f"{cash:,}G", x + w - 2, 12, RED if cash < 0 else WHITE, "small", align="right")
            pop = next((q for q in reversed(self.popups) if q[0] == p), None)
            if pop is not None:                  # money won or paid, where the Wealth is, for a moment
                amount, left = pop[1], pop[2]
                if left > 8 or left % 2:
                    label = f"{'+' if amount > 0 else ''}{amount:,}G"
                    font.draw(surface, label, x + w - 2, 22, GOLD if amount > 0 else RED, "small", align="right")
            else:
                font.draw(surface, f"W{shown.wealth[p]:,}", x + w - 2, 22, rgb15(184, 200, 232), "small",
                          align="right")

    def draw_info(self, m, surface) -> None:
        game = self.game
        values = dict(turn=self.turn_number(), round=game.round, jackpot=self.shown.jackpot, covered=game.covered,
                      threshold=game.end_threshold)
        if m.settings.timer or m.settings.input_display:         # they sit at this line's end
            text = tr("T{turn} R{round} J{jackpot}F {covered}/{threshold}", **values)
        else:
            text = tr("Turn {turn}  Round {round}  Jackpot {jackpot}F  Covered {covered}/{threshold}", **values)
        pygame.draw.rect(surface, INK, (0, HUD_H, 256, INFO_H))
        m.font.draw(surface, text, 3, HUD_H, rgb15(200, 208, 232), "small")

    def turn_number(self) -> int:
        """The turn being played; once the game is over, the last one played (the results' count)."""
        return self.game.turn - 1 if self.game.over else self.game.turn

    def draw_box(self, m, surface) -> None:
        """The text box: three lines beside the speaker's face, his name first in his colour;
        a prompt's own lines (the Land under the cursor) in it too, never over the board."""
        box = self.beat.box if self.beat is not None and self.beat.box is not None else None
        text, speaker, name, colour, shown = "", None, None, WHITE, 0
        extra: list = []
        if box is not None:
            text, speaker, name, colour, shown = box.text, box.speaker, box.name, box.colour, box.visible()
        elif self.prompt is not None:
            text = self.prompt.text
            speaker = getattr(self.prompt, "speaker", None)
            if speaker:
                name, colour = speaker_name(speaker), _speech_colour(speaker)
            shown = len(text)
            extra = self.prompt.lines(m) if not self.overview else []
        elif self.last_box is not None:           # between lines: the last one stays up
            box = self.last_box
            text, speaker, name, colour, shown = box.text, box.speaker, box.name, box.colour, len(box.text)
            box = None
        window(surface, (0, BOX_Y, 256, BOX_H))
        x = 8
        if speaker:
            face = m.art.portrait(speaker)
            if face is not None:
                pygame.draw.rect(surface, INK, (5, BOX_Y + 3, 34, 34))
                surface.blit(face, (6, BOX_Y + 4))
            x = 44
        width = 248 - x
        head_w = m.font.width(name + ": ") if name else 0
        lines = m.font.wrap(text, width, first=width - head_w if name else None) if text else []
        room = (BOX_H - 4 - SMALL_H * len(extra)) // LINE_H      # main lines that fit above the prompt's own
        lines = lines[:max(1, room)]
        left = shown
        y = BOX_Y + 2
        if name:
            m.font.draw(surface, name + ":", x, y, colour)
        for i, line in enumerate(lines[:3]):
            if left <= 0:
                break
            lx = x + head_w if i == 0 else x
            m.font.draw_prefix(surface, line, left, lx, y + i * LINE_H, WHITE)
            left -= len(line) + 1
        for j, (line, line_colour) in enumerate(extra[:2]):
            m.font.draw(surface, line, x, y + len(lines) * LINE_H + j * SMALL_H + 1, line_colour, "small")
        if box is not None and box.visible() >= len(box.text) and (m.frame // 15) % 2 == 0:
            pygame.draw.polygon(surface, WHITE, [(244, BOX_Y + BOX_H - 7), (250, BOX_Y + BOX_H - 7),
                                                 (247, BOX_Y + BOX_H - 4)])

    def draw_setpiece(self, m, surface, beat: Beat) -> None:
        k = beat.kind
        if k == "piles":
            chosen = sp.PILES.index(beat.data[0])
            sp.draw_piles(m, surface, chosen=chosen, highlight=chosen, lift=min(beat.age, 8))
        elif k == "card":
            sp.draw_piles(m, surface, chosen=sp.PILES.index(beat.data[0]), lift=8)
            sp.draw_card_flip(m, surface, beat.data[0], beat.age)
        elif k == "slot":
            symbols, matched, spin = beat.data
            per = max(1, m.anim(10, beat.cpu)) if spin else 0     # a human's reels were stopped by his pad
            first = m.anim(24, beat.cpu) if spin else 0
            strips = self.game.ruleset.slot.reels
            reels = []
            for r, (strip, sym) in enumerate(zip(strips, symbols)):
                stopped = beat.age >= first + r * per
                index = strip.index(sym) if stopped else (beat.age * 3 + r * 5) % len(strip)
                reels.append((strip, index, stopped))
            done = beat.age >= first + len(strips) * per
            sp.draw_slot(m, surface, reels, m.frame, matched if done and matched > 1 else 0)
        elif k == "event":
            sp.draw_event(m, surface, self.game.ruleset.event_kinds[beat.data[0]], beat.age)
        elif k == "drop":
            land, floors = beat.data
            x = self.game.land_index(land)
            lx, ly = self.view.geo.land_xy(x)
            t = min(beat.age, m.anim(30, beat.cpu))
            total = max(1, m.anim(30, beat.cpu))
            y = VIEW[1] + (ly - self.view.cam[1] + 12) * t // total
            sp.draw_stack(surface, VIEW[0] + lx - self.view.cam[0] + 2, y, floors)

    def draw_fanfare(self, m, surface, beat: Beat) -> None:
        y = 70
        colour = GOLD if (beat.age // 6) % 2 == 0 else WHITE
        pygame.draw.rect(surface, INK, (0, y, 256, 20))
        pygame.draw.line(surface, colour, (0, y), (255, y))
        pygame.draw.line(surface, colour, (0, y + 19), (255, y + 19))
        cut = min((i for i in (beat.text.find("!"), beat.text.find("！")) if i >= 0), default=len(beat.text) - 1)
        title = beat.text[:cut + 1]            # "MERGER!", "合併！": the banner's word
        m.font.draw(surface, title, 128, y + 4, colour, align="centre")

    def draw_player(self, m, surface, p: int) -> None:
        game = self.game
        window(surface, (150, 44, 104, 74))
        m.font.draw(surface, game.names[p], 156, 48, PLAYER_COLOURS[self.colour_of[p]])
        lands = sum(1 for o in self.shown.owner if o == p)
        floors = sum(f for o, f in zip(self.shown.owner, self.shown.floors) if o == p)
        rows = [tr("Cash   {v}G", v=f"{self.shown.cash[p]:,}"), tr("Wealth {v}G", v=f"{self.shown.wealth[p]:,}"),
                tr("Lands  {v}", v=lands), tr("Floors {v}", v=floors), tr("Space  {v}", v=self.shown.pos[p])]
        for i, r in enumerate(rows):
            m.font.draw(surface, r, 156, 62 + i * 10, WHITE, "small")


def _company(game, cid: str) -> str:
    for c in game.ruleset.companies:
        if c.id == cid:
            return tr(c.name)
    return cid


def _space_name(game, kind: str) -> str:
    if kind in game.ruleset.event_kinds:
        return tr(game.ruleset.event_kinds[kind].name)
    return tr({"start": "Start", "card": "a Card space", "jackpot": "the Jackpot", "slot": "the Slot"}.get(kind, kind))


def _over(reason: str) -> str:
    return tr({"percent": "the Lands are covered", "broke": "a player went broke", "stalemate": "no more moves",
               "rounds": "the last round is played"}.get(reason, reason))


def _speech_colour(speaker: str):
    from ..ai import CHARACTER_IDS, roster
    base = speaker.split(":")[0]
    if base in CHARACTER_IDS:
        c = roster()[base].colour
        return rgb15(*c)
    return {"taxi-driver": rgb15(248, 216, 64), "old-man": rgb15(200, 200, 248)}.get(base, WHITE)


__all__ = ["TableScene", "GameSetup", "VIEW", "HUD_H"]

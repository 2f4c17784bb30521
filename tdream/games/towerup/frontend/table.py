"""Tower Up's table (RULES-towerup.md section 7): the city, the market strip with the supply,
the players' panels, the text box; the match asked for its next input whenever the show is over.

Engine events become *beats* played one after another (a card taken, a build with its
neighbours, a fanfare for an extra turn, an objective, the end; a line of text); the map and the
panels draw ``shown``, a copy of the match as far as the beats have got (a ``sync`` beat brings it
up to the state after the input). CPU seats answer through their players after a short pause;
human seats through prompts read from their own pad (``prompts.py``). ``MatchHost`` (the shell's)
plays the match, writes the record, watches a record and counts the game at the end.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from ....frontend.constants import A, GOLD, INK, L, PLAYER_COLOURS, R, SELECT, START, WHITE, X, rgb15
from ....frontend.machine import Scene
from ....frontend.match import MatchHost, MatchSetup, ReplayControls
from ....frontend.scenes.pause import PauseScene
from ....frontend.text import tr
from ....frontend.widgets import TextBox, window
from ....platform.protocol import CHANCE
from .. import GAME
from .. import events as ev
from . import prompts as pr
from .cityview import CityView
from .hud import DIM, draw_card, draw_panel, draw_strip, panel_rects
from .layout import BOX_H, BOX_HIGH, BOX_LOW, CARD_X, CARD_Y, LINE_H, MAP

PROMPT_GUARD = 12                    # frames a prompt is shown before it takes a press (a press that
                                     # hurried the text before it never answers it)


def GameSetup(seed: int = 0, seats=None, options=None, **kwargs) -> MatchSetup:
    """A Tower Up match's set-up: its seed, seats (a human's pad or a CPU kind), options."""
    return MatchSetup("towerup", seed, list(seats or ["human", "joji", "yuka", "kenta"]), dict(options or {}),
                      **kwargs)


@dataclass
class Beat:
    """One step of the show: ``frames`` long (0: until its text box is done), with an effect."""

    kind: str                        # say, fanfare, objectives, sync, turn, take, deal, build, place
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
    tag: str = ""                    # what moment it is (extra, objective, end, finals, scored, over)


def speaker_name(speaker: str) -> str:
    from ....platform.textplay import speaker as name
    return name(speaker)


def speech_colour(speaker: str):
    from ....platform.roster import CHARACTER_IDS, character
    base = speaker.split(":")[0]
    if base in CHARACTER_IDS:
        return rgb15(*character(base).colour)
    return WHITE


REASONS = {"roof": "a player placed his last roof (U5.1)", "supply": "a colour ran out in the supply (U5.2)",
           "city": "no site is left to build on (UG5.2)", "stuck": "nobody could play (E10)"}


def reason_text(reason: str) -> str:
    return tr(REASONS.get(reason, reason))


class TableScene(ReplayControls, Scene):
    overlay_at = (126, 31, "right")      # the timer at the end of the deck line, before the supply

    def __init__(self, setup: MatchSetup, demo: bool = False) -> None:
        self.setup = setup
        self.started = False
        self.demo = demo                 # the title's demo: no record, no results, no splits

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
        self.commentary = GAME.commentary(self.host.kinds, s.seed, m.settings.talk)
        self._view = CityView(self.game.rules.city)
        self.shown = self.game.copy()
        self.beats: list[Beat] = []
        self.beat: Beat | None = None
        self.prompt: pr.Prompt | None = None
        self.prompt_seat = -1
        self.prompt_age = 0
        self.think = 0
        self.labels = False              # Select: every site's name and height on the map
        self.panel = -1                  # L/R: a player's details shown
        self.panel_frames = 0
        self.focus = -1                  # the site the show is about (the text box keeps clear of it)
        self.done = False
        self.last_box: TextBox | None = None
        self.narrate(m, events)

    def exit(self, m) -> None:
        self.host.close()

    @property
    def game(self):
        """The match (``TowerUpMatch``), as the host's session plays it."""
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

    def is_cpu(self, seat: int) -> bool:
        return self.host.is_cpu(seat)

    # ---------------------------------------------------------------- events to beats
    def say(self, text: str, player: int = -1, hold: int = 40, tag: str = "") -> None:
        self.beats.append(Beat("say", hold, text, player=player, cpu=self.is_cpu(player) if player >= 0 else True,
                               tag=tag))

    def fanfare(self, text: str, player: int = -1, sound: str = "fanfare", tag: str = "") -> None:
        self.beats.append(Beat("fanfare", 70, text, player=player, sound=sound, tag=tag))

    def narrate(self, m, events: list) -> None:
        """One input's events become beats: what it did shown on the map and the strip, then told;
        the characters' comments on a turn come when it ends, before the next one is announced."""
        game = self.game
        n = game.names
        city = game.rules.city
        after = game.copy()
        synced = [False]

        def sync() -> None:
            if not synced[0]:
                synced[0] = True
                self.beats.append(Beat("sync", 1, data=(after,)))

        moved = {}
        for e in events:
            if type(e) is ev.VehicleMoved:
                moved.setdefault(e.player, []).append(e)
        segment: list = []
        told_start = told_sites = False
        for e in events:
            t = type(e)
            if t is ev.TurnStarted and segment:
                self.comment(m, segment)
                segment = []
            segment.append(e)
            if t is ev.ObjectivesDrawn:
                cat = game.rules.objectives
                names = ", ".join(pr.objective_name(cat[o]) for o in e.objectives)
                self.beats.append(Beat("objectives", 150, tr("Objectives this game: {names}.", names=names)))
            elif t is ev.FirstPlayerDrawn:
                sync()
                self.say(tr("{who} goes first.", who=n[e.player]), e.player, 40)
            elif t is ev.StartingFloors:
                if e.chosen:
                    sync()
                    self.say(tr("{who} chooses {floors}.", who=n[e.player], floors=pr.floors_text(list(e.colours))),
                             e.player, 30)
                elif not told_start:
                    told_start = True
                    self.say(tr("Everyone takes one floor of each colour (UG1.1)."), hold=30)
            elif t is ev.CardDealt:
                sync()
                self.beats.append(Beat("deal", 10, data=(after.market.index(e.card) if e.card in after.market else 2,)))
            elif t is ev.StartFloorPlaced:
                sync()
                s = city.index[e.site]
                self.beats.append(Beat("place", 14, data=(s,)))
                if not told_sites:
                    told_sites = True
                    self.say(tr("Each market card starts a tower of its bottom colour (UG2.1)."), hold=30)
            elif t is ev.StartSiteMissing:
                self.say(tr("No empty site may take a {colour} first floor.", colour=pr.colour_name(e.colour)))
            elif t is ev.DeckReshuffled:
                self.say(tr("The discards are shuffled into a new deck of {k} cards.", k=e.cards))
            elif t is ev.MarketShrank:
                self.say(tr("No card is left to deal: the market holds {k}.", k=e.size))
            elif t is ev.TurnStarted:
                sync()
                self.beats.append(Beat("turn", 1, player=e.player))
                if e.extra:
                    text = tr("{who}: an extra turn!", who=n[e.player])
                elif e.final:
                    text = tr("{who}'s final turn.", who=n[e.player])
                else:
                    text = tr("{who}'s turn.", who=n[e.player])
                self.say(text, e.player, 20)
            elif t is ev.TurnPassed:
                self.say(tr("{who} can neither take a card nor build, and passes (E10).", who=n[e.player]), e.player)
            elif t is ev.CardTaken:
                index = self.shown.market.index(e.card) if e.card in self.shown.market else -1
                text = tr("{who} takes {floors}.", who=n[e.player], floors=pr.floors_text(list(e.colours)))
                for v in moved.get(e.player, []):
                    text += " " + tr("The {colour} vehicle moves {start}>{end}.", colour=pr.colour_name(v.colour),
                                     start=v.start, end=v.end)
                self.beats.append(Beat("take", 35, text, player=e.player, data=(index,), cpu=self.is_cpu(e.player),
                                       sound="card_flip"))
                sync()
            elif t is ev.ColourRanOut:
                if e.instead:
                    self.say(tr("No {colour} floor is left: {who} takes {instead} instead (U3.2).",
                                colour=pr.colour_name(e.colour), who=n[e.player], instead=pr.colour_name(e.instead)),
                             e.player, 40)
                else:
                    self.say(tr("No {colour} floor is left, and the supply is empty.", colour=pr.colour_name(e.colour)),
                             e.player, 40)
            elif t is ev.FloorsDiscarded:
                sync()
                self.say(tr("{who} gives back {floors} to keep ten (U3.3).", who=n[e.player],
                            floors=pr.floors_text(list(e.colours))), e.player, 30)
            elif t is ev.Built:
                s = city.index[e.site]
                nb = tuple(city.index[x] for x in e.neighbours)
                text = tr("{who} builds {colour} on {site}", who=n[e.player], colour=pr.colour_name(e.colour),
                          site=e.site)
                text += tr(", a floor on {sites}.", sites=", ".join(e.neighbours)) if e.neighbours else "."
                self.beats.append(Beat("build", 30, text, player=e.player, data=(s, nb), cpu=self.is_cpu(e.player)))
                sync()
                self.beats.append(Beat("place", 1, data=(s,), sound="build"))
            elif t is ev.RoofPlaced:
                text = tr("Roof on {site} ({h} high); {k} roof(s) left.", site=e.site, h=e.height, k=e.left)
                for v in moved.get(e.player, []):
                    text += " " + tr("The {colour} vehicle moves {start}>{end}.", colour=pr.colour_name(v.colour),
                                     start=v.start, end=v.end)
                    if v.lost:
                        text += " " + tr("({k} column(s) lost at the end of the track.)", k=v.lost)
                self.say(text, e.player, 35)
            elif t is ev.RoofCovered:
                if e.owner == e.by:
                    self.say(tr("{who} covers his own roof on {site}.", who=n[e.by], site=e.site), e.by, 30)
                else:
                    self.say(tr("{who} covers {owner}'s roof on {site}.", who=n[e.by], owner=n[e.owner], site=e.site),
                             e.by, 30)
            elif t is ev.ExtraTurnEarned:
                self.fanfare(tr("EXTRA TURN! All of {who}'s vehicles reach star column {star} (U4.2).", who=n[e.player],
                                star=e.star), e.player, tag="extra")
            elif t is ev.ExtraTurnLost:
                self.say(tr("{who}'s extra turn is lost with the last roof (UG4.1)." if e.reason == "last_roof"
                            else "{who}'s extra turn is lost: the build closed the city (UG5.2).", who=n[e.player]),
                         e.player, 40)
            elif t is ev.ObjectiveMet:
                obj = game.rules.objectives[e.objective]
                self.fanfare(tr("OBJECTIVE! {who} meets {name} and takes the {chip} chip (U4.3).", who=n[e.player],
                                name=pr.objective_name(obj), chip=e.chip), e.player, "jackpot", "objective")
            elif t is ev.EndBegun:
                if e.reason == "roof":
                    text = tr("THE END BEGINS! {who} has placed his last roof (U5.1).", who=n[e.player])
                elif e.reason == "supply":
                    text = tr("THE END BEGINS! A colour has run out in the supply (U5.2).")
                else:
                    text = tr("THE END BEGINS! No site is left to build on (UG5.2).")
                self.fanfare(text, e.player, "merge", "end")
                if e.final_turns:
                    self.say(tr("Final turns: {names}; each scores at the end of his own.",
                                names=", ".join(n[p] for p in e.final_turns)), hold=60)
            elif t is ev.FinalTurnsBegin:
                self.fanfare(tr("FINAL TURNS! {names}, one more turn each (UG5.1).",
                                names=", ".join(n[p] for p in e.final_turns)), tag="finals")
            elif t is ev.Scored:
                self.say(tr("{who} scores {total}: vehicles {v}, cone {c} ({k} visible roof(s)), chips {ch} (U5.3).",
                            who=n[e.player], total=e.total, v=e.vehicles, c=e.cone, k=e.visible, ch=e.chips),
                         e.player, 60, "scored")
            elif t is ev.GameEnded:
                win = e.ranking[0]
                if len(win) > 1:
                    text = tr("The game is over: {names} share the win with {score} (U5.4)!",
                              names=", ".join(n[p] for p in win), score=e.scores[win[0]])
                else:
                    text = tr("The game is over: {who} wins with {score}!", who=n[win[0]], score=e.scores[win[0]])
                self.say(text, hold=90, tag="over")
        sync()
        self.comment(m, segment)

    def comment(self, m, events: list) -> None:
        """The characters' comments on ``events``; one who is not seated is shown watching."""
        if not events:
            return
        seated = {k.split(":")[0] for k in self.kinds}
        for c in self.commentary.react(self.game, events):
            name = speaker_name(c.speaker)
            if c.speaker not in seated:
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
            if b.press(p, SELECT):
                self.labels = not self.labels
            if self.replaying:
                continue
            if b.press(p, L) or b.press(p, R):
                k = len(self.game.names)
                self.panel = ((self.panel if self.panel >= 0 and self.panel_frames else self.game.to_move)
                              + (1 if b.press(p, R) else -1)) % k
                self.panel_frames = 150
        if self.replaying:
            self.handle_replay(m, b)
            return
        if self.prompt is not None and self.beat is None and self.prompt_age >= PROMPT_GUARD:
            pad = self.pad_of.get(self.prompt_seat, 0)
            if m.buttons.connected >> pad & 1:
                self.prompt.handle(m, b, pad)

    def count(self, m) -> None:
        self.host.count(m)

    # ---------------------------------------------------------------- watching a record
    def jump_start(self) -> int:
        """The jump window opens on the next turn, or the record's last."""
        return min(self.last_turn(), self.game.progress() + 1)

    def last_turn(self) -> int:
        return self.host.last_turn()

    def replay_input(self, m) -> bool:
        events, why = self.host.replay_input()
        if events is None:
            self.note = why or self.note
            return False
        self.narrate(m, events)
        return True

    def jump_to(self, m, turn: int) -> None:
        """Start again from the record's header and apply its inputs, silently, up to ``turn``."""
        self.host.jump_to(turn)
        self.commentary = GAME.commentary(self.host.kinds, self.setup.seed, m.settings.talk)
        self.beats, self.beat, self.last_box = [], None, None
        self.shown = self.game.copy()
        self.say(tr("Turn {turn}.", turn=self.game.progress() + 1), hold=20)

    # ---------------------------------------------------------------- time
    def update(self, m) -> None:
        game = self.game
        m.song = "tension" if game.ending or min(game.supply) <= game.rules.components.near_empty else "board"
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
        if self.run_beats(m):
            return
        if self.prompt is not None:
            if self.prompt.answer is not None:
                a = self.prompt.answer
                self.prompt = None
                self.narrate(m, self.host.give(m, a, self.prompt_seat))
                return
            self.prompt_age += 1
            return
        game = self.game
        if self.replaying:
            if not self.replay_input(m) and not self.done and (game.awaiting() is None or self.note):
                self.done = True
                m.push(self.results_scene())
            return
        aw = game.awaiting()
        if aw is None:
            if not self.done:
                self.done = True
                self.host.close()
                self.count(m)
                if not self.demo:
                    m.push(self.results_scene())
            return
        if aw.player == CHANCE:
            self.narrate(m, self.host.chance(m))
            return
        seat = aw.player
        if not self.is_cpu(seat):
            self.prompt = self.make_prompt(aw, seat)
            self.prompt_seat = seat
            self.prompt_age = 0
            return
        if self.think < m.anim(12, cpu=True):
            self.think += 1
            return
        self.think = 0
        self.narrate(m, self.host.cpu(m, seat))

    def results_scene(self):
        from .results import TowerUpResults
        return TowerUpResults(self)

    def make_prompt(self, aw, seat: int) -> pr.Prompt:
        game = self.game
        if aw.kind == "start_floors":
            return pr.StartFloorsPrompt(game, seat)
        if aw.kind == "discard":
            return pr.DiscardPrompt(game, seat)
        if aw.kind == "turn":
            return pr.TurnPrompt(game, seat, self._view)
        raise ValueError(f"no prompt for {aw.kind}")

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
        k = beat.kind
        if beat.sound:
            m.sound(beat.sound)
        if k in ("say", "fanfare", "objectives") or (k in ("take", "build") and beat.text):
            hold = m.anim(beat.frames, beat.cpu)
            beat.box = TextBox(beat.text, beat.speaker, beat.name, beat.colour, hold=hold)
            self.last_box = beat.box
        elif k == "sync":
            self.shown = beat.data[0]
        elif k == "turn":
            self.focus = -1
        elif k in ("build", "place"):
            self.focus = beat.data[0]

    def tick(self, m, beat: Beat) -> bool:
        """One frame of a beat; True when it is over."""
        beat.age += 1
        if beat.box is not None:
            a = m.buttons.pressed[self.control_pad] & A if self.pad_of else 0
            beat.box.update(m, bool(a))
            return beat.box.done
        if beat.kind in ("take", "build", "deal", "place"):
            return beat.age >= m.anim(beat.frames, beat.cpu) or (m.fast() and beat.age > 2)
        return beat.age >= beat.frames

    # ---------------------------------------------------------------- drawing
    def draw(self, m, surface) -> None:
        surface.fill(INK)
        shown = self.shown
        beat = self.beat
        prompt = self.prompt if beat is None else None
        state, new, marks = shown, None, None
        legal: tuple = ()
        cursor = -1
        focus: tuple = ()
        chosen = lifted = -1
        if prompt is not None:
            pv = prompt.preview()
            if pv is not None:
                state, new, marks = pv
            legal = getattr(prompt, "legal_here", ())
            focus = prompt.focus_sites
            cursor = prompt.cursor_site
            chosen = prompt.chosen_card
        elif beat is not None and beat.kind == "build":
            cursor = beat.data[0]
            focus = beat.data[1]
        elif beat is not None and beat.kind == "place":
            focus = (beat.data[0],)
        if beat is not None and beat.kind == "take":
            chosen = lifted = beat.data[0]
        self._view.draw(surface, state, m.frame, self.colour_of, legal, cursor, new, marks, self.labels, focus, m.font)
        note, note_colour = "", WHITE
        if self.replaying:
            note, note_colour = tr("REPLAY x{speed}  L/R  B: jump", speed=self.speed), GOLD
        elif shown.ending and not shown.over:
            left = len(shown.final_turns) + (1 if shown.closing >= 0 and shown.closing not in shown.final_turns else 0)
            note = tr("FINAL TURNS: {k} to play", k=left) if left else tr("FINAL TURNS")
            note_colour = GOLD
        draw_strip(m, surface, shown, chosen, lifted, note, note_colour)
        if beat is not None and beat.kind == "deal":
            i = beat.data[0]
            if 0 <= i < len(shown.market):
                t = min(beat.age, 10)
                pygame.draw.rect(surface, rgb15(16, 24, 56), (CARD_X[i] - 2, 0, 44, 31))
                draw_card(surface, shown.rules.cards[shown.market[i]], CARD_X[i], CARD_Y - 28 + 28 * t // 10,
                          band=shown.setup == "game")
        self.draw_panels(m, surface)
        if beat is not None and beat.kind == "fanfare":
            self.draw_fanfare(m, surface, beat)
        if beat is not None and beat.kind == "objectives":
            self.draw_objectives(m, surface)
        if prompt is not None:
            prompt.draw(m, surface, self)
        else:
            self.draw_box(m, surface)
        if self.panel_frames and self.panel >= 0:
            from .status import draw_player
            window(surface, (2, 44, 252, 54))
            draw_player(m, surface, self, self.panel, 8, 48, 240)
        if self.replaying:
            if self.jump is not None:
                window(surface, (24, 90, 128, 40))
                m.font.draw(surface, tr("Jump to turn"), 88, 96, GOLD, align="centre")
                m.font.draw(surface, tr("< {turn} >  of {last}", turn=self.jump, last=self.last_turn()), 88, 112, WHITE,
                            align="centre")
        if prompt is not None:
            pad = self.pad_of.get(self.prompt_seat, 0)
            if not m.buttons.connected >> pad & 1:
                window(surface, (8, 110, 160, 28))
                m.font.draw(surface, tr("Connect pad {pad} to go on", pad=pad + 1), 88, 118, GOLD, align="centre")

    def draw_panels(self, m, surface) -> None:
        shown = self.shown
        for p, rect in enumerate(panel_rects(len(shown.names))):
            tag = ""
            if shown.final[p] is not None:
                tag = tr("{k} pts", k=shown.final[p][0])
            elif shown.ending and (p in shown.final_turns or shown.closing == p):
                tag = tr("FINAL")
            to_move = p == shown.to_move and not shown.over
            draw_panel(m, surface, shown, p, rect, self.colour_of[p], self.kinds[p], to_move, tag)

    def box_y(self) -> int:
        """The text box keeps clear of the site the show is about."""
        if self.focus >= 0 and self._view.xy[self.focus][1] >= MAP[1] + MAP[3] // 2:
            return BOX_HIGH
        return BOX_LOW

    def draw_box(self, m, surface) -> None:
        """The text box over the city: three lines beside the speaker's small face, his name first
        in his colour; between lines the last one stays up."""
        beat = self.beat
        box = beat.box if beat is not None and beat.box is not None else None
        if box is None and self.last_box is None:
            return
        shown_chars = box.visible() if box is not None else len(self.last_box.text)
        b = box or self.last_box
        text, speaker, name, colour = b.text, b.speaker, b.name, b.colour
        if beat is not None and beat.kind == "fanfare":
            text = _after_banner(text)
            shown_chars = max(0, shown_chars - (len(b.text) - len(text)))
        y0 = self.box_y()
        window(surface, (0, y0, 176, BOX_H))
        x = 6
        if speaker:
            face = m.art.portrait(speaker, small=True)
            if face is not None:
                pygame.draw.rect(surface, INK, (4, y0 + 3, 18, 18))
                surface.blit(face, (5, y0 + 4))
            x = 25
        width = 172 - x
        head_w = m.font.width(name + ": ") if name else 0
        lines = m.font.wrap(text, width, first=width - head_w if name else None) if text else []
        y = y0 + 2
        if name:
            m.font.draw(surface, name + ":", x, y, colour)
        left = shown_chars
        for i, line in enumerate(lines[:3]):
            if left <= 0:
                break
            lx = x + head_w if i == 0 else x
            m.font.draw_prefix(surface, line, left, lx, y + i * LINE_H, WHITE)
            left -= len(line) + 1
        if box is not None and box.visible() >= len(box.text) and (m.frame // 15) % 2 == 0:
            pygame.draw.polygon(surface, WHITE, [(166, y0 + BOX_H - 7), (172, y0 + BOX_H - 7), (169, y0 + BOX_H - 4)])

    def draw_fanfare(self, m, surface, beat: Beat) -> None:
        """A banner across the city with the moment's word (EXTRA TURN!, OBJECTIVE!, ...)."""
        y = 96
        colour = GOLD if (beat.age // 6) % 2 == 0 else WHITE
        pygame.draw.rect(surface, INK, (0, y, 176, 22))
        pygame.draw.line(surface, colour, (0, y), (175, y))
        pygame.draw.line(surface, colour, (0, y + 21), (175, y + 21))
        title = beat.text[:len(beat.text) - len(_after_banner(beat.text))].strip()
        m.font.draw(surface, title, 88, y + 5, colour, align="centre")
        if beat.player >= 0:
            pygame.draw.rect(surface, PLAYER_COLOURS[self.colour_of[beat.player]], (4, y + 4, 6, 14))
            pygame.draw.rect(surface, PLAYER_COLOURS[self.colour_of[beat.player]], (166, y + 4, 6, 14))

    def draw_objectives(self, m, surface) -> None:
        """The three objectives of this game (UG1.5): name, condition, chips."""
        game = self.game
        cat = game.rules.objectives
        font = m.font
        window(surface, (4, 44, 168, 17 + 31 * len(game.objectives)))
        font.draw(surface, tr("OBJECTIVES (U4.3)"), 88, 47, GOLD, align="centre")
        y = 59
        for j, oid in enumerate(game.objectives):
            obj = cat[oid]
            font.draw(surface, pr.objective_name(obj), 10, y, WHITE)
            chips = " ".join(str(c) for c in game.chips_left[j])
            font.draw(surface, tr("chips {chips}", chips=chips), 166, y + 2, GOLD, "small", align="right")
            for i, line in enumerate(font.wrap(tr(obj.text), 154, "small")[:2]):
                font.draw(surface, line, 14, y + 12 + i * 8, DIM, "small")
            y += 31


def _after_banner(text: str) -> str:
    """A fanfare's text after its banner word ("EXTRA TURN! ..." -> "..."; "終了！..." too)."""
    cut = min((i for i in (text.find("!"), text.find("！")) if i >= 0), default=-1)
    return text[cut + 1:].lstrip() if cut >= 0 else text


__all__ = ["TableScene", "GameSetup", "Beat", "PROMPT_GUARD", "reason_text", "REASONS"]

"""Tower Up's table (RULES-towerup.md section 7) on the shell's table (``frontend/table.py``): the
city, the market strip with the supply, the players' panels; what is Tower Up's own.

The city is the board area: the text box stands under it (fixed, never over a site or a street),
and so do the prompts' windows (in the text box's place), a player's details (L/R) and the jump
window; the three objectives at the start stand over the panels. Engine events become beats
(a card taken, a build with its neighbours, a banner for an extra turn, an objective, the end; a
line of text); the map, the strip and the panels draw ``shown``, a copy of the match as far as
the beats have got: the first ``sync`` beat of an input brings it up to the state after the input
(a card lifted first, a build outlined first), as this table always showed it.
"""
from __future__ import annotations

from typing import Any

import pygame

from ....frontend.constants import GOLD, LABEL, SELECT, WHITE, game_time, rgb15
from ....frontend.frontends import frontend_of
from ....frontend.learn import rule_ids_in
from ....frontend.match import setups_of
from ....frontend.table import Beat, BoxStyle, TableScene as Table
from ....frontend.table_beats import Line, Step
from ....frontend.text import tr
from ....frontend.widgets import window
from .. import events as ev
from ..answers import Build, Discard, StartFloors
from . import prompts as pr
from .cityview import CityView
from .hud import draw_card, draw_panel, draw_strip, panel_rects
from .layout import (BOX, BOX_NARROW, CARD_X, CARD_Y, LINE_H, MAP, OBJECTIVES_WINDOW, PADS_AT, PANEL_WINDOW, SMALL_H,
                     TIMER_AT)
from .results import TowerUpResults
from .status import STATUS, draw_player_tall

PANEL_FRAMES = 150                   # frames a player's details (L/R) stay up
TOLD: dict[type, tuple[Step, ...]] = {   # the events told the same way each time (``TableScene.tell``)
    ev.StartSiteMissing: (Line("No empty site may take a {colour} first floor.", said=(("colour", pr.colour_name),)),),
    ev.DeckReshuffled: (Line("The discards are shuffled into a new deck of {k} card(s).", of=(("k", "cards"),)),),
    ev.MarketShrank: (Line("No card is left to deal: the market holds {k}.", of=(("k", "size"),)),),
    ev.TurnPassed: (Line("{who} can neither take a card nor build, and passes (E10).", "player"),),
    ev.ExtraTurnEarned: (Line("EXTRA TURN! All of {who}'s vehicles reach star column {star} (U4.2).", "player", 70,
                              "extra", banner=True),),
    ev.Scored: (Line("{who} scores {total}: vehicles {v}, cone {c} ({k} visible roof(s)), chips {ch} (U5.3).",
                     "player", 60, "scored",
                     of=(("v", "vehicles"), ("c", "cone"), ("k", "visible"), ("ch", "chips"))),),
}


GameSetup = setups_of("towerup", ["human", "joji", "yuka", "kenta"])     # a Tower Up match's set-up


class TableScene(Table):
    overlay_at = PADS_AT                 # the pads: a column in the gutter right of the text box
    timer_at = TIMER_AT                  # the timer: at the end of the deck line, before the supply
    board_area = MAP
    box_style = BoxStyle(BOX, "small", lines=4, line_h=LINE_H, small_h=SMALL_H, face_at=(4, 3), text_x=6,
                         face_text_x=25, text_y=3, right=4, arrow_at=(10, 7))
    think_frames = 12
    status = STATUS                      # X: players, objectives, how to play
    results = TowerUpResults
    told = TOLD
    hurried_lines = True                 # a line with no player, the table's own, hurries like a CPU's
    # What a person may take back at his next prompt (before the next chance or another seat's answer,
    # docs/games/towerup.md "Take-backs"): a build (U3.4, U3.5: nothing unknown comes of it; his next
    # prompt is the extra turn it earned), the floors he gave back (U3.3) or chose at set-up (UG1.1);
    # never a take (U3.1: the market refills from the deck, a chance).
    take_backs = {Build: "the build", Discard: "the floors given back", StartFloors: "the floors chosen"}

    def box_rect(self) -> tuple[int, int, int, int]:
        """The text box (and a prompt's window in its place): narrower by the pads' gutter while the
        input display is on (layout.PADS_AT)."""
        st = getattr(self, "_settings", None)
        return BOX_NARROW if st is not None and st.input_display else BOX

    @property
    def jump_rect(self) -> tuple[int, int, int, int]:
        """Watching a record: the jump window, in the text box's place."""
        return self.box_rect()

    def prepare(self, m) -> None:
        self._settings = m.settings      # the overlays' options (a service, never state)
        self._view = CityView(self.game.rules.city)
        self.labels = False              # Select: every site's name and height on the map
        self.panel = -1                  # L/R: a player's details shown
        self.panel_frames = 0
        self.synced = False              # this input's beats have brought ``shown`` up to the match

    def music(self, m) -> str:
        game = self.game
        return "tension" if game.ending or min(game.supply) <= game.rules.components.near_empty else "play"

    def make_prompt(self, m, kind: str, seat: int) -> pr.Prompt:
        game = self.game
        names = tuple(self.names)
        if kind == "start_floors":
            return pr.StartFloorsPrompt(game, seat, names)
        if kind == "discard":
            return pr.DiscardPrompt(game, seat, names)
        if kind == "turn":
            return pr.TurnPrompt(game, seat, self._view, names)
        raise ValueError(f"no prompt for {kind}")

    def rules_named(self, m, prompt: Any = None, lines: list | None = None) -> list[str]:
        """The rule a refusal names (the prompt's red line, or a refusal shown for a moment), that
        Select shows; none for the rule IDs a prompt's own words cite (there Select shows the sites'
        names and heights, as it always did)."""
        refusal: str = getattr(prompt, "refusal", "") if prompt is not None else ""
        texts = [refusal] if refusal else []
        if self.toast:
            texts.append(self.toast)
        known = frontend_of(self.gamedef.id).rule_texts()
        return [r for r in rule_ids_in(" ".join(texts)) if r in known]

    # ---------------------------------------------------------------- take-backs (issue 36)
    def after_take_back(self, m) -> None:
        """A take-back: the map and the panels show the match as it stood (``shown``, made again by
        the shell); the next input's beats start afresh."""
        self.synced = False
        self.panel_frames = 0

    def handle_keys(self, m, b) -> None:
        """Select: the sites' names and heights; L/R (not watching a record: there they set the
        speed): a player's details for a moment, the next or the one before."""
        for p in self.key_pads():
            if b.press(p, SELECT):
                self.labels = not self.labels
            start = self.panel if self.panel >= 0 and self.panel_frames else self.game.to_move
            seat = -1 if self.replaying else self.seat_after(b, p, start)
            if seat >= 0:
                self.panel, self.panel_frames = seat, PANEL_FRAMES

    def tick_time(self, m) -> None:
        if self.panel_frames:
            self.panel_frames -= 1

    # ---------------------------------------------------------------- events to beats
    def fanfare(self, text: str, player: int = -1, sound: str = "fanfare", tag: str = "") -> None:
        """A moment's banner (EXTRA TURN!, OBJECTIVE!, THE END BEGINS!, FINAL TURNS!): its word
        flashing in the text box, the sentence after it."""
        self.banner(*self.fanfare_words(text), player, sound, 70, tag)

    def sync(self) -> None:
        """``shown`` up to the match after this input, once an input (the shell syncs at its end)."""
        if not self.synced:
            self.synced = True
            self.add(Beat("sync", 1))

    def narrate_input(self, m, events: list) -> None:
        self.synced = False
        super().narrate_input(m, events)

    def narrate(self, m, events: list) -> None:
        """A stretch of one input's events (a turn's at most) becomes beats: what it did shown on
        the map and the strip, then told (the shell tells the characters' comments between turns
        and before the game-over line)."""
        game = self.game                 # the match after this input: beats play before the next one
        n = self.names                   # the seats' names as the screen says them
        city = game.rules.city
        moved: dict[int, list] = {}
        for e in events:
            if type(e) is ev.VehicleMoved:
                moved.setdefault(e.player, []).append(e)
        told_start = False
        for e in events:
            t = type(e)
            if self.tell(e):
                continue
            if t is ev.ObjectivesDrawn:
                cat = game.rules.objectives
                names = ", ".join(pr.objective_name(cat[o]) for o in e.objectives)
                self.add(Beat("objectives", 150, tr("Objectives this game: {names}.", names=names)))
            elif t is ev.FirstPlayerDrawn:
                self.sync()
                self.say(tr("{who} goes first.", who=n[e.player]), e.player, 40)
            elif t is ev.StartingFloors:
                if e.chosen:
                    self.sync()
                    self.say(tr("{who} chooses {floors}.", who=n[e.player], floors=pr.floors_text(list(e.colours))),
                             e.player, 30)
                elif not told_start:
                    told_start = True
                    self.say(tr("Everyone takes one floor of each colour (UG1.1)."), hold=30)
            elif t is ev.CardDealt:
                self.sync()
                self.add(Beat("deal", 10, data=(game.market.index(e.card) if e.card in game.market else 2,)))
            elif t is ev.StartFloorPlaced:
                self.sync()
                self.add(Beat("place", 14, data=(city.index[e.site],)))
                self.say(tr("A market card's {colour} floor starts a tower on {site} (UG2.1).",
                            colour=pr.colour_name(e.colour), site=e.site), hold=20)
            elif t is ev.TurnStarted:
                self.sync()
                self.add(Beat("turn", 1, player=e.player))
                if e.extra:
                    text = tr("{who}: an extra turn!", who=n[e.player])
                elif e.final:
                    text = tr("{who}'s final turn.", who=n[e.player])
                else:
                    text = tr("{who}'s turn.", who=n[e.player])
                self.say(text, e.player, 20)
            elif t is ev.CardTaken:
                index = self.shown.market.index(e.card) if e.card in self.shown.market else -1
                text = tr("{who} takes {floors}.", who=n[e.player], floors=pr.floors_text(list(e.colours)))
                for v in moved.get(e.player, []):
                    text += " " + tr("The {colour} vehicle moves {start}>{end}.", colour=pr.colour_name(v.colour),
                                     start=v.start, end=v.end)
                self.add(Beat("take", 35, text, player=e.player, data=(index,), cpu=self.is_cpu(e.player),
                              sound="card_flip"))
                self.sync()
            elif t is ev.ColourRanOut:
                if e.instead:
                    self.say(tr("No {colour} floor is left: {who} takes {instead} instead (U3.2).",
                                colour=pr.colour_name(e.colour), who=n[e.player], instead=pr.colour_name(e.instead)),
                             e.player, 40)
                else:
                    self.say(tr("No {colour} floor is left, and the supply is empty.", colour=pr.colour_name(e.colour)),
                             e.player, 40)
            elif t is ev.FloorsDiscarded:
                self.sync()
                self.say(tr("{who} gives back {floors} to keep ten (U3.3).", who=n[e.player],
                            floors=pr.floors_text(list(e.colours))), e.player, 30)
            elif t is ev.Built:
                s = city.index[e.site]
                nb = tuple(city.index[x] for x in e.neighbours)
                text = tr("{who} builds {colour} on {site}", who=n[e.player], colour=pr.colour_name(e.colour),
                          site=e.site)
                text += tr(", a floor on {sites}.", sites=", ".join(e.neighbours)) if e.neighbours else "."
                self.add(Beat("build", 30, text, player=e.player, data=(s, nb), cpu=self.is_cpu(e.player)))
                self.sync()
                self.add(Beat("place", 1, data=(s,), sound="build"))
            elif t is ev.RoofPlaced:
                text = tr("{who} roofs {site} ({h} high); {k} roof(s) left.", who=n[e.player], site=e.site, h=e.height,
                          k=e.left)
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
            elif t is ev.GameEnded:
                self.sync()
                win = e.ranking[0]
                if len(win) > 1:
                    text = tr("The game is over: {names} share the win with {score} (U5.4)!",
                              names=", ".join(n[p] for p in win), score=e.scores[win[0]])
                else:
                    text = tr("The game is over: {who} wins with {score}!", who=n[win[0]], score=e.scores[win[0]])
                self.say(text, hold=90, tag="over")

    # ---------------------------------------------------------------- beats
    def tick_beat(self, m, beat: Beat) -> bool:
        """One frame of a card taken, a build, a card dealt or a floor placed (Y hurries them)."""
        if beat.kind in ("take", "build", "deal", "place"):
            return beat.age >= m.anim(beat.frames, beat.cpu) or (m.fast() and beat.age > 2)
        return beat.age >= beat.frames

    # ---------------------------------------------------------------- drawing
    def shown_prompt(self):
        """The prompt on screen: the awaited seat's, once the show is over."""
        return self.prompt if self.beat is None else None

    def draw_board(self, m, surface) -> None:
        """The city as the beats have shown it; a prompt's preview, gold sites and cursor; a
        build's site and neighbours, a floor placed."""
        beat = self.beat
        prompt = self.shown_prompt()
        state, new, marks = self.shown, None, None
        legal: tuple = ()
        cursor = -1
        focus: tuple = ()
        if prompt is not None:
            pv = prompt.preview()
            if pv is not None:
                state, new, marks = pv
            legal = getattr(prompt, "legal_here", ())
            focus = prompt.focus_sites
            cursor = prompt.cursor_site
        elif beat is not None and beat.kind == "build":
            cursor = beat.data[0]
            focus = beat.data[1]
        elif beat is not None and beat.kind == "place":
            focus = (beat.data[0],)
        self._view.draw(surface, state, m.frame, self.colour_of, legal, cursor, new, marks, self.labels, focus, m.font)

    def draw_hud(self, m, surface) -> None:
        """The market strip (a card lifted, a card dealt sliding in; the REPLAY line or FINAL TURNS
        under the cards) and the players' panels."""
        shown, beat = self.shown, self.beat
        prompt = self.shown_prompt()
        chosen = prompt.chosen_card if prompt is not None else -1
        lifted = -1
        if beat is not None and beat.kind == "take":
            chosen = lifted = beat.data[0]
        note, note_colour = "", WHITE
        room = self.note_room(m)
        if self.replaying:
            note, note_colour = self.brief(m, room, tr("REPLAY x{speed}  L/R  B: jump", speed=self.speed),
                                           tr("REPLAY x{speed}", speed=self.speed)), GOLD
        elif shown.ending and not shown.over:
            left = len(shown.final_turns) + (1 if shown.closing >= 0 and shown.closing not in shown.final_turns else 0)
            note = self.brief(m, room, tr("FINAL TURNS: {k} to play", k=left) if left else tr("FINAL TURNS"),
                              tr("FINAL TURNS"))
            note_colour = GOLD
        draw_strip(m, surface, shown, chosen, lifted, note, note_colour, room)
        if beat is not None and beat.kind == "deal":
            i = beat.data[0]
            if 0 <= i < len(shown.market):
                t = min(beat.age, 10)
                pygame.draw.rect(surface, rgb15(16, 24, 56), (CARD_X[i] - 2, 0, 44, 31))
                draw_card(surface, shown.rules.cards[shown.market[i]], CARD_X[i], CARD_Y - 28 + 28 * t // 10,
                          band=shown.setup == "game")
        self.draw_panels(m, surface)

    def note_room(self, m) -> int:
        """The deck line's pixels: to the supply, or to the speedrun timer when it is on."""
        if not m.settings.timer:
            return 124
        return TIMER_AT[0] - (m.font.width(game_time(m.frame), "small") + 4) - 6

    @staticmethod
    def brief(m, room: int, *forms: str) -> str:
        """The first of ``forms`` (the fullest first) that fits ``room``: words briefer, never cut."""
        return next((f for f in forms if m.font.width(f, "small") <= room), forms[-1])

    def draw_replay_label(self, m, surface) -> None:
        """Watching: the speed and keys stand in the market strip, under the cards (``draw_hud``)."""

    def draw_over(self, m, surface) -> None:
        """The three objectives at the start, over the panels."""
        beat = self.beat
        if beat is not None and beat.kind == "objectives":
            self.draw_objectives(m, surface)

    def draw_box(self, m, surface) -> None:
        """The text box; a prompt's own window in its place (the shell's box when its pad is not
        connected: "Connect pad N to go on")."""
        prompt = self.shown_prompt()
        if prompt is not None and (self.replaying or m.buttons.connected >> self.pad_of.get(prompt.seat, 0) & 1):
            prompt.draw(m, surface, self)
            return
        super().draw_box(m, surface)

    def draw(self, m, surface) -> None:
        super().draw(m, surface)
        if self.panel_frames and self.panel >= 0:
            window(surface, PANEL_WINDOW)
            draw_player_tall(m, surface, self, self.panel, PANEL_WINDOW)

    def draw_panels(self, m, surface) -> None:
        shown = self.shown
        for p, rect in enumerate(panel_rects(len(shown.names))):
            tag = ""
            if shown.final[p] is not None:
                tag = tr("{k} pt(s)", k=shown.final[p][0])
            elif shown.ending and (p in shown.final_turns or shown.closing == p):
                tag = tr("FINAL {k}", k=shown.score_parts(p)[0])      # his final turn to come, his score now
            to_move = p == shown.to_move and not shown.over
            draw_panel(m, surface, shown, p, rect, self.colour_of[p], self.kinds[p], to_move, tag, self.names[p])

    def draw_objectives(self, m, surface) -> None:
        """The three objectives of this game (UG1.5): name, chips, condition (every row of it: the
        longest three of the ten fill the window, in English), over the panels."""
        game = self.game
        cat = game.rules.objectives
        font = m.font
        x, y, w, h = OBJECTIVES_WINDOW
        window(surface, OBJECTIVES_WINDOW)
        head = font.wrap(tr("OBJECTIVES (U4.3)"), w - 8)
        for i, line in enumerate(head):
            font.draw(surface, line, x + w // 2, y + 3 + i * 10, GOLD, align="centre")
        yy = y + 7 + 10 * len(head)
        for j, oid in enumerate(game.objectives):
            obj = cat[oid]
            font.draw(surface, pr.objective_name(obj), x + 5, yy, WHITE)
            chips = " ".join(str(c) for c in game.chips_left[j])
            font.draw(surface, tr("chips {chips}", chips=chips), x + 5, yy + 11, GOLD, "small")
            rows = font.wrap(tr(obj.text), w - 12, "small")
            for i, line in enumerate(rows):
                font.draw(surface, line, x + 7, yy + 19 + i * 8, LABEL, "small")
            yy += 19 + 8 * len(rows) + 4


__all__ = ["TableScene", "GameSetup", "Beat"]

"""Tower Dream's table (PRESENTATION.md screens 3-10) on the shell's table (``frontend/table.py``):
the board, the HUD, the set pieces; what is Tower Dream's own.

Engine events become *beats* (the die, the token's walk, a Line lit up, money popping on the
panels, the card piles, the slot machine, the Jackpot's drop; lines and banners in the shell's
text box); the board and the HUD show ``Shown``, the game as far as the beats have got (its turn,
whose turn, cash and Wealth). A human's die is spun by the spin RNG (prompts.DicePrompt).
"""
from __future__ import annotations

import pygame

from ....frontend.constants import GOLD, INK, PLAYER_COLOURS, PLAYER_DARK, RED, SELECT, WHITE, B, rgb15
from ....frontend.match import MatchSetup
from ....frontend.table import Beat, BoxStyle, TableMenu, TableScene as Table
from ....frontend.table_beats import Line, Show, Step
from ....frontend.text import language, shown_name, tr
from ....frontend.widgets import Menu, fit, window
from .. import GAME
from ..ai import CHARACTER_IDS, roster
from ..ai.commentary import speaker_name
from ..rules import answers as an, events as ev
from ..rules.game import VACANT
from . import pictures, prompts as pr, setpieces as sp
from .boardview import BoardView, Shown
from .layout import (BOX_H, BOX_Y, HUD_H, LINE_H, SMALL_H, TIMER_AT, VIEW, die_xy, info_h, map_rect,  # noqa: E402
                     pads_at, view_rect)
from .prompts import company_name as _company
from .setpieces import PilePrompt, SlotPrompt
from .status import STATUS, space_name


def _over(reason: str) -> str:
    return tr({"percent": "the Lands are covered", "broke": "a player went broke", "stalemate": "no more moves",
               "rounds": "the last round is played"}.get(reason, reason))


TOLD: dict[type, tuple[Step, ...]] = {   # the events told the same way each time (``TableScene.tell``)
    ev.TurnStarted: (Show("focus", 1, "player", ("turn", "round")),
                     Line("{who}'s turn. (Turn {turn}, round {round})", "player", 30)),
    ev.TurnSkipped: (Line("{who} sits this turn out.", "player"),),
    ev.DiceRolled: (Show("die", 40, "player", ("value",), cpu=None),),
    ev.Moved: (Show("walk", 0, "player", ("start", "end", "steps"), cpu=None),),
    ev.LandmarkPlaced: (Show("land", data=("land",)), Line("{who} places a Landmark on {land}.", "player", 30)),
    ev.LandmarkClaimed: (Show("land", data=("land",)),
                         Line("{who} claims the Bank's Landmark on {land}.", "player", 30)),
    ev.FloorsBuilt: (Show("land", data=("land",), sound="build"),
                     Line("{who} builds {k} Floor(s) on {land} ({total} now).", "player", 35, of=(("k", "floors"),))),
    ev.JackpotGrew: (Show("jackpot", data=("floors",)),),
    ev.JackpotMissed: (Line("{who} has no Company Land: the Jackpot stays.", "player"),),
    ev.PileChosen: (Show("piles", 36, "player", ("pile",), cpu=None),),
    ev.TurnsToSkip: (Line("{who} will sit out {k} turn(s).", "player", of=(("k", "turns"),)),),
    ev.TurnEnded: (Show("sync"),),
    ev.GameOver: (Show("sync"),
                  Line("The game is over ({why})!", hold=80, of=(("why", "reason"),), said=(("why", _over),))),
}


def GameSetup(board: str = "classic-10", seed: int = 0, seats=None, options=None, **kwargs) -> MatchSetup:
    """A Tower Dream match's set-up: its board, seed and seats (a human's pad or a CPU kind), its
    house rules, and how it starts (``MatchSetup``)."""
    return MatchSetup("towerdream", seed, list(seats or ["human", "joji", "yuka", "kenta"]),
                      {"board": board, **(options or {})}, **kwargs)


class TableScene(Table):
    box_style = BoxStyle((0, BOX_Y, 256, BOX_H), "big", lines=3, line_h=LINE_H, small_h=SMALL_H, face_at=(5, 3),
                         text_x=8, face_text_x=44, text_y=3, right=8, arrow_at=(12, 7), fit_prompt=False)
    jump_rect = (64, 80, 128, 40)
    hosts = ("taxi-driver", "old-man")   # the Events' and the card piles' hosts never watch
    status = STATUS                      # X: Companies, players' Wealth, Line Owners
    told = TOLD
    _settings = None                     # the machine's settings (the overlays' places follow them): never state

    # ---------------------------------------------------------------- where things are (layout.py)
    @property
    def board_area(self) -> tuple[int, int, int, int]:
        """The board's view, clear of the speedrun overlays (issue 36)."""
        return view_rect(self._settings)

    @property
    def overlay_at(self) -> tuple[int, int, str]:  # type: ignore[override]   # a value of Scene's, here the layout's
        """The input display's pads: a column in the gutter at the right of the view."""
        return pads_at(self._settings)

    @property
    def timer_at(self) -> tuple[int, int, str]:  # type: ignore[override]   # a value of Scene's, here the layout's
        """The timer: at the end of the info line (its words then briefer, never letters alone)."""
        return TIMER_AT

    @property
    def replay_at(self) -> tuple[int, int, str]:
        """The REPLAY line: at the info line's end, before the timer when it is on."""
        return (TIMER_AT[0] - 57 if self._settings is not None and self._settings.timer else 253), HUD_H, "right"

    def prepare(self, m) -> None:
        game = self.game
        self._settings = m.settings
        self.board = game.board
        self.art = m.art
        self.view = BoardView(m.art, m.font, self.board, GAME.ruleset())
        self.view.colour_of = self.colour_of
        self.prompt_lang = ""            # the language the prompt was made in (remade in another, issue 14)
        self.overview = False
        self.panel = -1                  # L/R: a player's details shown
        self.panel_frames = 0
        self.walk_pos: list = [None] * len(game.names)
        self.popups: list[list] = []     # [seat, amount, frames left]
        self.die_value = 0
        self.view.follow(*self.view.geo.space_xy(self.shown.pos[0]))
        self.view.update_camera(*view_rect(m.settings)[2:], snap=True)

    def make_shown(self, match):
        return Shown(match)

    def sync_shown(self) -> None:
        self.shown.sync(self.game)

    def speaker(self, speaker: str) -> tuple[str, tuple]:
        """A speaker's name as the screen says it (a character's and a host's in the language on
        screen, issue 36) and his colour of speech."""
        return tr(shown_name(speaker_name(speaker))), _speech_colour(speaker)

    def music(self, m) -> str:
        game = self.game
        near_end = game.covered * 100 >= game.end_threshold * 85 or (
            game.options.get("max_rounds") and game.round >= game.options["max_rounds"] - 1)
        return "tension" if near_end else "play"

    # ---------------------------------------------------------------- events to beats
    def narrate(self, m, events: list) -> None:
        """Engine events become beats (the shell's table tells the comments on a turn before the
        next turn is announced: issue 14, never over the next player's die). Names are the
        screen's (``self.names``). A merger is told in the order a player follows it (issue 36):
        the MERGER banner first, then each absorbed Company's forced sale to the Bank (R7.8) and
        its Owner Bonuses, then the survivor's new Level."""
        game = self.game
        n = self.names
        told: set[int] = set()           # events already told with an earlier one (a merger's sales)
        slot: tuple | None = None        # the slot machine's last result: its prize is told with the machine up
        for i, e in enumerate(events):
            if i in told:
                continue
            if self.tell(e):
                slot = None
                continue
            t = type(e)
            if t is ev.TurnOrderDrawn:
                self.say(tr("Turn order: {seats}.", seats=", ".join(shown_name(s) for s in e.seats)), hold=70)
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
                amount = f"{e.amount:,}"
                if slot is not None and e.reason == "slot" and e.payee >= 0:
                    self.pay_beat(e)
                    self.slot_line(tr("{who} receives {amount}G.", who=n[e.payee], amount=amount), e.payee, slot)
                    continue
                self.pay_beat(e)
                if e.reason == "salary":
                    self.say(tr("{who} collects the salary: +{amount}G.", who=n[e.payee], amount=amount), e.payee, 30)
                elif e.reason in ("bonus_top", "bonus_sub"):
                    self.bonus_line(game, e)
                elif e.reason in ("slot", "card", "event", "offer") and e.payee >= 0:
                    self.say(tr("{who} receives {amount}G.", who=n[e.payee], amount=amount), e.payee, 30)
                elif e.reason in ("card", "event") and e.payer >= 0:
                    self.say(tr("{who} pays {amount}G.", who=n[e.payer], amount=amount), e.payer, 30)
            elif t is ev.CompanyStarted:
                self.beats.append(Beat("companies", 1, sound="fanfare"))
                self.say(tr("{who} starts {company} on {land}!", who=n[e.player], company=_company(game, e.company),
                            land=e.land), e.player, 50)
            elif t is ev.CompanyGrew:
                self.beats.append(Beat("companies", 1))
                self.say(tr("{company} grows to Level {level}.", company=_company(game, e.company), level=e.level),
                         hold=30)
                self.ubbo(game, e.company, e.level)
            elif t is ev.Absorbed:
                if not any(type(f) is ev.Absorbed for f in events[:i]):     # the merger's first: its banner
                    merged = next((f for f in events[i:] if type(f) is ev.Merged), None)
                    if merged is not None:
                        self.merger(game, merged)
                told.update(self.absorbed(game, events, i))
            elif t is ev.Merged:
                self.beats.append(Beat("companies", 1))
                if not any(type(f) is ev.Absorbed for f in events[:i]):     # never without its Absorbed, but told
                    self.merger(game, e)
                self.ubbo(game, e.survivor, e.level)
            elif t is ev.FloorsGained:
                self.beats.append(Beat("land", 1, data=(e.land,), sound="build"))
                line = tr("{who} gains {k} Floor(s) on {land} ({total} now).", who=n[e.player], k=e.floors,
                          land=e.land, total=e.total)
                if slot is not None:
                    self.slot_line(line, e.player, slot)
                else:
                    self.say(line, e.player, 35)
            elif t in (ev.FloorsSold, ev.FloorsLost, ev.LandmarkSold):
                self.beats.append(Beat("land", 1, data=(e.land,)))
                paid = events[i + 1] if i + 1 < len(events) else None
                paid = paid if type(paid) is ev.Payment and paid.reason == "forced_sale" else None
                if t is ev.FloorsLost:
                    self.say(tr("{who} loses {k} Floor(s) on {land}.", who=n[e.player], k=e.floors, land=e.land),
                             e.player, 35)
                elif t is ev.LandmarkSold or e.reason == "forced_sale":     # R6.4: forced, told as forced
                    if paid is not None:
                        told.add(i + 1)
                        self.pay_beat(paid)
                    template = ("{who} must sell the Landmark on {land} to pay the debt: +{amount}G."
                                if t is ev.LandmarkSold else
                                "{who} must sell {k} Floor(s) on {land} to pay the debt: +{amount}G.")
                    self.say(tr(template, who=n[e.player], k=getattr(e, "floors", 0), land=e.land,
                                amount=f"{paid.amount if paid is not None else 0:,}"), e.player, 35)
                else:
                    self.say(tr("{who} sells {k} Floor(s) on {land}.", who=n[e.player], k=e.floors, land=e.land),
                             e.player, 35)
            elif t is ev.JackpotWon:
                self.beats.append(Beat("drop", 40, player=e.player, data=(e.land, e.floors)))
                self.beats.append(Beat("land", 1, data=(e.land,)))
                self.fanfare(tr("JACKPOT! {who} drops {k} Floor(s) on {land}!", who=n[e.player], k=e.floors,
                                land=e.land), "jackpot")
            elif t is ev.CardDrawn:
                card = game.ruleset.card(e.card)
                host, colour = self.speaker("old-man")
                self.beats.append(Beat("card", 70, sound="card_flip",
                                       text=tr("{who}'s {pile} card: {text}", who=n[e.player], pile=tr(e.pile.title()),
                                               text=tr(card.text)),
                                       speaker="old-man", name=host, colour=colour,
                                       player=e.player, data=(e.pile,), cpu=self.is_cpu(e.player)))
            elif t is ev.SlotSpun:
                symbols = " | ".join(tr(s.upper()) for s in e.symbols)
                text = (tr("{who} at the slot: {symbols}: {k} matched!", who=n[e.player], symbols=symbols, k=e.matched)
                        if e.matched > 1 else tr("{who} at the slot: {symbols}: no match.", who=n[e.player],
                                                 symbols=symbols))
                cpu = self.is_cpu(e.player)
                if cpu:                          # a CPU's reels spin and stop one by one (a person's stopped on his pad)
                    self.beats.append(Beat("slot", 40, player=e.player, data=(e.symbols, e.matched, True), cpu=cpu))
                slot = (e.symbols, e.matched)    # the machine stays up while its result and prize are told
                self.slot_line(text, e.player, slot, sound="slot_win" if e.matched > 1 else "")
            elif t is ev.EventResolved:
                k = game.ruleset.event_kinds[e.kind]
                voice = k.host if k.host not in ("none", "") else None
                name, colour = self.speaker(voice) if voice else (None, WHITE)
                self.beats.append(Beat("event", 60, tr(k.text), sound="event", speaker=voice, name=name,
                                       colour=colour, player=e.player, data=(e.kind,), cpu=self.is_cpu(e.player)))
            elif t is ev.WentBroke:
                self.fanfare(tr("{who} goes broke!", who=n[e.player]), "broke")
            if t not in (ev.Payment, ev.FloorsGained, ev.SlotSpun):
                slot = None

    def pay_beat(self, e) -> None:
        """Money moving between the panels (the amount pops where the Wealth is)."""
        self.beats.append(Beat("pay", 1, data=(e.payer, e.payee, e.amount)))

    def slot_line(self, text: str, player: int, slot: tuple, sound: str = "") -> None:
        """A line told with the slot machine still up, its reels stopped and the matched ones
        flashing (issue 36: the result is never typed after the machine is gone)."""
        symbols, matched = slot
        self.beats.append(Beat("slot", 40, text, player=player, data=(symbols, matched, False), sound=sound,
                               cpu=self.is_cpu(player)))

    def bonus_line(self, game, e) -> None:
        template = ("{who} wins the Top Owner Bonus of {company}: +{amount}G." if e.reason == "bonus_top"
                    else "{who} wins the Sub-Owner Bonus of {company}: +{amount}G.")
        self.say(tr(template, who=self.names[e.payee], company=_company(game, e.detail), amount=f"{e.amount:,}"),
                 e.payee, 30)

    def absorbed(self, game, events: list, i: int) -> list[int]:
        """An absorbed Company (``events[i]``, R7.8): its Floors and Building Mark sold to the Bank
        at once, told as what the merger does (never as a player's sale), each owner's money in one
        line; then its Owner Bonuses. Returns the indices of the events told here."""
        e = events[i]
        n = self.names
        told, order = [], []
        sold: dict[int, list[int]] = {}          # seat -> [Floors, G]
        for j in range(i + 1, len(events)):
            f = events[j]
            if type(f) is ev.FloorsSold and f.reason == "merge_sale":
                self.beats.append(Beat("land", 1, data=(f.land,)))
                sold.setdefault(f.player, [0, 0])[0] += f.floors
            elif type(f) is ev.Payment and f.reason == "merge_sale" and f.detail == e.company:
                self.pay_beat(f)
                if f.payee not in sold:
                    sold[f.payee] = [0, 0]
                sold[f.payee][1] += f.amount
            elif type(f) is ev.Payment and f.reason in ("bonus_top", "bonus_sub") and f.detail == e.company:
                order.append(f)
            else:
                break
            told.append(j)
        if sold:
            self.say(tr("{company}'s Floors and Building Mark go to the Bank at {price}G each.",
                        company=_company(game, e.company), price=f"{e.price:,}"), hold=35)
        for seat, (k, amount) in sold.items():             # in the order the engine sold them
            mark = amount > k * e.price
            template = ("{who} receives {amount}G for {k} Floor(s) and the Building Mark." if k and mark
                        else "{who} receives {amount}G for {k} Floor(s)." if k
                        else "{who} receives {amount}G for the Building Mark.")
            self.say(tr(template, who=n[seat], amount=f"{amount:,}", k=k), seat, 30)
        for f in sorted(order, key=lambda f: f.reason != "bonus_top"):      # the Top Owner's first (R7.9)
            self.pay_beat(f)
            self.bonus_line(game, f)
        return told

    def merger(self, game, e) -> None:
        """The MERGER banner (R7.8): the survivor, the Companies it absorbs, its new Level."""
        self.fanfare(tr("MERGER! {survivor} absorbs {absorbed} (Level {level}).", survivor=_company(game, e.survivor),
                        absorbed=", ".join(_company(game, c) for c in e.absorbed), level=e.level), "merge")

    def fanfare(self, text: str, sound: str) -> None:
        """A moment's banner: its word ("MERGER!", "合併！") flashing in the text box, the rest
        of the sentence after it."""
        title, rest = self.fanfare_words(text)
        self.beats.append(Beat("fanfare", 60, rest or text, title=title if rest else "", sound=sound))

    def ubbo(self, game, company: str, level: int) -> None:
        """A Company that has just reached the Level no merger can absorb (R7.10): an Ubbo Company,
        as the cartridge calls it."""
        lim = game.ruleset.unabsorbable_level
        c = game.company_index(company)
        before = sum(1 for x in self.shown.company if x == c)
        if level >= lim > before:
            self.say(tr("{company} is an Ubbo Company now: no merger can absorb it.", company=_company(game, company)),
                     hold=50)

    # ---------------------------------------------------------------- input
    def handle(self, m, b) -> None:
        """The shell's table's keys; and B at the Build prompt's Lands while the seat's placement
        may be taken back asks which it means (``BuildBackScene``: build none, or take it back)."""
        if not self.replaying and not self.done and self.beat is None:
            for seat, prompt in self.prompts.items():
                pad = self.pad_of.get(seat, 0)
                if (isinstance(prompt, pr.BuildPrompt) and prompt.answer is None and prompt.asks_back()
                        and prompt.age >= self.prompt_guard and pad not in self.peeks and b.press(pad, B)):
                    m.push(BuildBackScene(self, pad, prompt))
                    return
        super().handle(m, b)

    def handle_keys(self, m, b) -> None:
        """Select: the whole board; L/R: a player's details (not while watching: they set the speed)."""
        for p in self.key_pads():
            if b.press(p, SELECT):
                self.overview = not self.overview
            start = self.panel if self.panel >= 0 else self.shown.to_move
            seat = -1 if self.replaying else self.seat_after(b, p, start)
            if seat >= 0:
                self.panel, self.panel_frames = seat, 150

    # ---------------------------------------------------------------- watching a record
    def after_jump(self, m) -> None:
        self.walk_pos = [None] * len(self.game.names)
        self.popups = []
        self.overview = False
        self.panel_frames = 0
        self.prompt_lang = ""

    # ---------------------------------------------------------------- take-backs (issue 36)
    def take_back_words(self, answer, seat: int) -> str:
        """What a person may take back at his next prompt, before the next chance (his roll, a
        card, the reels) or another seat's answer (docs/games/towerdream.md, "Take-backs"): a sale
        (before the roll, or one item of a forced sale), a placement or claim (with the Building
        Mark or survivor chosen after it, until his Build), a build, where the Jackpot's or the
        free Floors went. The Building Mark and the survivor are part of the placement ("" keeps
        the placement's)."""
        kind = getattr(answer, "kind", "")
        if kind == "sell":
            return "the sale" if answer.items else ""
        if kind == "place":
            return "the claim" if isinstance(answer, an.Claim) else "the placement"
        if kind == "build":
            return "the build" if answer.land is not None else ""
        return {"jackpot": "the Jackpot's Land", "floors": "the free Floors' Land",
                "forced_sale": "the sale"}.get(kind, "")

    def after_take_back(self, m) -> None:
        """The board, the panels and the camera as the match stood before the answer taken back."""
        self.after_jump(m)
        self.view.follow(*self.view.geo.space_xy(self.shown.pos[self.shown.to_move]))

    # ---------------------------------------------------------------- time
    def tick_time(self, m) -> None:
        if self.panel_frames:
            self.panel_frames -= 1
        for p in self.popups:
            p[2] -= 1
        self.popups = [p for p in self.popups if p[2] > 0]

    def after_beats(self, m) -> None:
        self.camera(m)

    def prompt_tick(self, prompt) -> None:
        """The prompt ages (the guard) except under the whole-board view; one made in another
        language is made again in this one, keeping what the player did (issue 14)."""
        if self.prompt_lang != language():
            aw = self.game.awaiting()
            again = (self.chance_prompt(None, aw) if aw is not None and aw.player < 0
                     else self.make_prompt(None, aw.kind, prompt.seat)) if aw is not None else None
            if again is not None:
                again.adopt(prompt)
                again.seat, again.age = prompt.seat, prompt.age
                self.prompts[prompt.seat] = again
                prompt = again
            self.prompt_lang = language()
        if not self.overview:
            prompt.age += 1

    def help_lines(self, m, prompt, lines: list) -> list:
        """The shell's hints under a prompt (B takes back the seat's last answer, Select shows
        the rule a refusal names) in the rows the text box has left under the question and the
        prompt's own lines: one row, the two joined where they fit (issue 36: nothing drawn past
        the box, no question cut short to make room)."""
        out = super().help_lines(m, prompt, lines)
        if not out:
            return out
        speaker = self.prompt_speaker(prompt)
        _, width = self.text_area(m, speaker)
        head = self.speaker(speaker)[0] + ": " if speaker else ""
        asked = len(m.font.wrap(self.prompt_text(prompt), width, first=width - m.font.width(head) if head else None))
        left = {1: 2, 2: 1}.get(asked, 0) - len(lines)
        if left <= 0:
            return []
        joined = "  ".join(text for text, _ in out)
        if m.font.width(joined, "small") <= pr.ROW_W:
            return [(joined, out[0][1])]
        return out[:left]

    def chance_prompt(self, m, aw):
        """A human's die and slot reels are his to stop (the spin RNG); the card draw is drawn."""
        game = self.game
        if aw.kind not in ("roll", "slot"):
            return None
        self.prompt_lang = language()
        name = self.names[game.to_move]
        # The spin RNG's seed: the state's fingerprint as it was when the seats' kinds were
        # part of it (version 1), so that the same presses give the same rolls and reels as
        # before issue 15 (speedrun routes carry over).
        state = game.fingerprint(list(self.host.kinds))
        return pr.DicePrompt(game, name, state) if aw.kind == "roll" else SlotPrompt(game, name, state)

    def prompt_text(self, prompt) -> str:
        return prompt.text

    def make_prompt(self, m, kind: str, seat: int) -> pr.Prompt | None:
        game = self.game
        name = self.names[seat]
        geo = self.view.geo
        k = kind
        self.prompt_lang = language()
        legal = game.legal_answers()
        if k == "sell":
            text = None if game.after_sell == "roll" else tr("{who}: an offer to buy Floors. Sell some?", who=name)
            return pr.SellPrompt(game, name, text)
        if k == "place":
            return pr.place_prompt(game, geo, name)
        if k == "build":
            tb = self.host.take_back
            undo = tb.words if tb is not None and self.can_take_back(seat) else ""
            return pr.BuildPrompt(game, geo, name, undo)
        ending = tr("The game ends after this turn.") if len(legal) and pr.ends_after(game, legal[0]) else ""
        if k == "company":
            return self.company_prompt(game, name, legal, ending)
        if k == "survivor":
            labels = [tr("{company}  Lv {level}", company=_company(game, a.company),
                         level=len(game.members[game.company_index(a.company)])) for a in legal]
            icons = [pictures.logo(self.art, a.company) for a in legal]
            values = [f"{game.price(a.company):,}G" for a in legal]
            return pr.MenuPrompt(tr("{who}: which Company survives the merger?", who=name), labels, list(legal), icons,
                                 tr("The survivor"), 200, values=values, warning=ending)
        if k == "pile":
            return PilePrompt(game, name)
        if k in ("jackpot", "floors"):
            template = ("{k} Floor(s) now; the Jackpot's Floors go here." if k == "jackpot"
                        else "{k} Floor(s) now; the free Floors go here.")
            options = [(game.land_index(a.land), a, tr(template, k=game.floors[game.land_index(a.land)])
                        + (" " + ending if ending else "")) for a in legal]
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
            broke = all(pr.ends_after(game, a) for a in legal)
            return pr.MenuPrompt(tr("{who} is short of cash and must sell.", who=name), labels, list(legal), None,
                                 tr("Forced sale"), 200, details,
                                 warning=tr("No sale can cover it: the game ends (R6.5).") if broke else "")
        raise ValueError(f"no prompt for {k}")

    def company_prompt(self, game, name: str, legal, ending: str) -> pr.MenuPrompt:
        """Start a Company (R7.4): each free Building Mark with the Floor price the new Company
        would have at its Level and how much each further Level adds (G8.3; issue 36: never
        chosen blind)."""
        labels, values, details = [], [], []
        specs = {c.id: c for c in game.ruleset.companies}
        for a in legal:
            trial = game.copy()
            events = trial.apply(a)
            level = next((e.level for e in events if type(e) is ev.CompanyStarted), 2)
            spec = specs[a.company]
            price, step = spec.price(level), spec.price(level + 1) - spec.price(level)
            labels.append(_company(game, a.company))
            values.append(tr("{price}G +{step}", price=f"{price:,}", step=step))
            details.append(tr("Lv {level}: {price}G a Floor, +{step}G a Level", level=level, price=f"{price:,}",
                              step=step))
        icons = [pictures.logo(self.art, a.company) for a in legal]
        return pr.MenuPrompt(tr("{who}: choose the new Company's Building Mark.", who=name), labels, list(legal),
                             icons, tr("Start a Company"), 200, details, values, warning=ending)

    def start_beat(self, m, beat: Beat) -> None:
        shown, game = self.shown, self.game
        k = beat.kind
        if k == "pay":
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
            shown.covered = sum(1 for o in shown.owner if o != VACANT)      # R9.1: Landmarks on the board
            self.view.follow(*self.view.geo.land_xy(x))
        elif k == "companies":
            shown.company = list(game.company)
            shown.mark = list(game.mark)
        elif k == "jackpot":
            shown.jackpot = game.jackpot
        elif k == "focus":                   # a turn begins: the HUD lights its player, its turn and round
            shown.to_move = beat.player
            shown.turn, shown.round = beat.data
            self.view.follow(*self.view.geo.space_xy(shown.pos[beat.player]))
        elif k == "walk":
            start, end, steps = beat.data
            beat.frames = abs(steps) * m.anim(7, beat.cpu)
        elif k == "die":                     # the roll is shown, not told: the turn log says it (issue 36)
            self.log_note(tr("{who} rolls {k}.", who=self.names[beat.player], k=beat.data[0]))
        elif k == "drop":
            x = game.land_index(beat.data[0])
            self.view.follow(*self.view.geo.land_xy(x))
            shown.jackpot = game.jackpot

    def tick_beat(self, m, beat: Beat) -> bool:
        """One frame of a beat; True when it is over."""
        k = beat.kind
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
        self.view.update_camera(*view_rect(m.settings)[2:])

    # ---------------------------------------------------------------- drawing
    def draw_board(self, m, surface) -> None:
        shown = self.shown
        tokens = [self.walk_pos[p] if self.walk_pos[p] is not None else shown.pos[p] for p in range(len(shown.pos))]
        if self.overview:
            # The whole board: the view and the text box's room (the HUD stays), as large as fits
            self.view.draw_overview(surface, map_rect(m.settings), shown, m.frame, tokens)
            return
        prompt = self.prompt if self.beat is None else None
        lands = prompt.lands if prompt is not None else ()
        cur = prompt.cursor_land if prompt is not None else -1
        spaces: tuple[int, ...] = ()
        if self.beat is not None and self.beat.kind == "light":
            space = self.beat.data[0]
            spaces = (space,)
            lands = self.board.spaces[space].line
        view = view_rect(m.settings)
        self.view.draw(surface, view, shown, m.frame, tokens, lands, cur, spaces)
        self.view.draw_offscreen(surface, view, tokens)

    def draw_over(self, m, surface) -> None:
        """The die, the set pieces and the prompt's own drawing over the board; a player's details (L/R)."""
        beat = self.beat
        if beat is not None and beat.kind == "die":
            v = beat.data[0] if beat.age > m.anim(beat.frames, beat.cpu) // 2 else 1 + (beat.age * 7 + 3) % 10
            pr.draw_die(m, surface, *die_xy(m), v, spinning=False)
        if beat is not None and beat.kind in ("piles", "card", "slot", "event", "drop"):
            self.draw_setpiece(m, surface, beat)
        if self.beat is None and self.prompt is not None and not self.overview:
            self.prompt.draw(m, surface)
        if self.panel_frames and self.panel >= 0:
            self.draw_player(m, surface, self.panel)

    def shows_box(self) -> bool:
        """The whole board (Select) and a player's details (L/R) take the text box's room."""
        return not self.overview and not (self.panel_frames and self.panel >= 0)

    def draw_hud(self, m, surface) -> None:
        """The players' panels: the whole name on top, the face (or token) below it with the
        seat's number on its corner, cash and Wealth on the right; money won or paid shows for a
        moment in the Wealth's place, never over the cash (issue 14). Whose turn it is, the turn
        and the cash and Wealth are the beats' (``shown``), never ahead of what is told."""
        self.draw_panels(m, surface)
        if not self.overview:
            self.draw_info(m, surface)

    def draw_panels(self, m, surface) -> None:
        game, shown = self.game, self.shown
        n = len(game.names)
        w = 256 // n
        font = m.font
        for p in range(n):
            x = p * w
            turn = p == shown.to_move and not self.done
            c = self.colour_of[p]
            pygame.draw.rect(surface, PLAYER_DARK[c], (x, 0, w, HUD_H))
            rows = name_rows(font, self.names[p], w - 4)
            face_y = 12 if len(rows) == 1 else 16      # a name on two rows: the face a little lower
            kind = self.kinds[p]
            face = m.art.portrait(kind.split(":")[0], small=True) if kind != "human" else None
            if face is not None:
                surface.blit(face, (x + 2, face_y))
            else:
                surface.blit(m.art.tokens[c], (x + 2, face_y))
            pygame.draw.rect(surface, PLAYER_COLOURS[c], (x + 13, 22, 7, 9))
            font.draw(surface, str(p + 1), x + 14, 23, INK, "small")
            for k, row in enumerate(rows):
                font.draw(surface, row, x + 2, (2 if len(rows) == 1 else 1) + 8 * k, WHITE, "small")
            pygame.draw.rect(surface, PLAYER_COLOURS[c] if turn and (m.frame // 16) % 2 == 0 else INK,
                             (x, 0, w, HUD_H), 1)
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
        """The info line under the panels: the turn, the round, the Jackpot's Floors and the
        Lands covered against the end (R9.1), in words. The timer may stand at its end (its words
        then briefer, the turn said in the text box each turn); watching a record, the REPLAY
        line stands there and the turn alone is said."""
        game, shown = self.game, self.shown
        values = dict(turn=shown.turn, round=shown.round, jackpot=shown.jackpot, covered=shown.covered,
                      threshold=game.end_threshold)
        if self.replaying and m.settings.timer:
            text = tr("Turn {turn}", **values)
        elif self.replaying:
            text = tr("Turn {turn}  Round {round}", **values)
        elif m.settings.timer:
            text = tr("Round {round}  Jackpot {jackpot}F  Covered {covered}/{threshold}", **values)
        else:
            text = tr("Turn {turn}  Round {round}  Jackpot {jackpot}F  Covered {covered}/{threshold}", **values)
        pygame.draw.rect(surface, INK, (0, HUD_H, 256, info_h(m.settings)))
        m.font.draw(surface, text, 3, HUD_H + (1 if m.settings.timer else 0), rgb15(200, 208, 232), "small")

    def turn_number(self) -> int:
        """The turn being played; once the game is over, the last one played (the results' count)."""
        return self.game.turn - 1 if self.game.over else self.game.turn

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
            vx, vy = view_rect(m.settings)[:2]
            y = vy + (ly - self.view.cam[1] + 12) * t // total
            sp.draw_stack(surface, vx + lx - self.view.cam[0] + 2, y, floors)

    def draw_player(self, m, surface, p: int) -> None:
        """A player's details (L/R) in the text box's place: over no prompt's window, set piece or
        the board's own windows (issue 21: text fits)."""
        game = self.game
        x, y, w, h = self.box_rect()
        window(surface, (x, y, w, h))
        m.font.draw(surface, self.names[p], x + 8, y + 3, PLAYER_COLOURS[self.colour_of[p]])
        lands = sum(1 for o in self.shown.owner if o == p)
        floors = sum(f for o, f in zip(self.shown.owner, self.shown.floors) if o == p)
        rows = [tr("Cash   {v}G", v=f"{self.shown.cash[p]:,}"), tr("Wealth {v}G", v=f"{self.shown.wealth[p]:,}"),
                tr("Lands  {v}", v=lands), tr("Floors {v}", v=floors),
                tr("At {v}", v=space_name(self.game, self.shown.pos[p]))]      # the last: the rest of its row
        for i, r in enumerate(rows):
            m.font.draw(surface, r, x + 8 + (i % 3) * 82, y + 16 + (i // 3) * 10, WHITE, "small")


class BuildBackScene(TableMenu):
    """B at the Build prompt's Lands while the seat's placement may still be taken back: build
    nothing, take the placement back (the shell's ``TableScene.take_back``), or back to the Lands."""

    @property
    def overlay_at(self) -> tuple[int, int, str]:  # type: ignore[override]   # a value of Scene's, here the table's
        return self.table.overlay_at        # the overlays where the table has them

    @property
    def timer_at(self) -> tuple[int, int, str]:  # type: ignore[override]
        return self.table.timer_at

    def __init__(self, table: TableScene, pad: int, prompt) -> None:
        self.table = table
        self.pad = pad
        self.prompt = prompt
        self.menu = Menu(["Build nothing", tr("Take back {what}", what=tr(prompt.undo)), "Back to the Lands"],
                         cancel=True)

    def act(self, m, chosen: int) -> None:
        if chosen == 0:
            self.prompt.answer = an.NO_BUILD
        elif chosen == 1:
            self.table.take_back(m)

    def draw(self, m, surface) -> None:
        w = max(m.font.width(tr(item)) for item in self.menu.items) + 24
        x = view_rect(m.settings)[2] // 2 - w // 2
        self.menu.draw(m, surface, x, 64, w, tr("No Build?"))


def name_rows(font, name: str, width: int) -> list[str]:
    """A seat's name in a panel: one row when it fits, else two (a name in katakana wider than a
    panel, "コズミック・ウィル": split after its dot, else where the row is full), never cut."""
    if font.width(name, "small") <= width:
        return [name]
    dot = name.find("・")
    if 0 < dot < len(name) - 1 and font.width(name[:dot + 1], "small") <= width:
        return [name[:dot + 1], name[dot + 1:]]
    rows = font.wrap(name, width, "small")
    return rows[:2] if len(rows) <= 2 else [rows[0], fit(font, "".join(rows[1:]), width)]


def _space_name(game, kind: str) -> str:
    if kind in game.ruleset.event_kinds:
        return tr(game.ruleset.event_kinds[kind].name)
    return tr({"start": "Start", "card": "a Card space", "jackpot": "the Jackpot", "slot": "the Slot"}.get(kind, kind))


def _speech_colour(speaker: str):
    base = speaker.split(":")[0]
    if base in CHARACTER_IDS:
        c = roster()[base].colour
        return rgb15(*c)
    return {"taxi-driver": rgb15(248, 216, 64), "old-man": rgb15(200, 200, 248)}.get(base, WHITE)


__all__ = ["TableScene", "GameSetup", "VIEW", "HUD_H"]

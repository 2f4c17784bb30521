"""Tower Dream's table (PRESENTATION.md screens 3-10) on the shell's table (``frontend/table.py``):
the board, the HUD, the set pieces; what is Tower Dream's own.

Engine events become *beats* (the die, the token's walk, a Line lit up, money popping on the
panels, the card piles, the slot machine, the Jackpot's drop; lines and banners in the shell's
text box); the board and the HUD show ``Shown``, the game as far as the beats have got (its turn,
whose turn, cash and Wealth). A human's die is spun by the spin RNG (prompts.DicePrompt).
"""
from __future__ import annotations

import pygame

from ..ai.commentary import speaker_name
from ..rules import events as ev
from ..rules.game import VACANT
from .boardview import BoardView, Shown
from ....frontend.constants import GOLD, INK, L, PLAYER_COLOURS, PLAYER_DARK, R, RED, SELECT, WHITE, rgb15
from .. import GAME
from .. import GAME
from ....frontend.match import MatchSetup
from ....frontend.table import Beat, BoxStyle, TableScene as Table
from ....frontend.text import language, tr
from ....frontend.widgets import fit, window
from . import pictures
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


class TableScene(Table):
    overlay_at = (254, 32, "right")      # the info line's end (it is shorter when they are on)
    board_area = VIEW
    box_style = BoxStyle((0, BOX_Y, 256, BOX_H), "big", lines=3, line_h=LINE_H, small_h=SMALL_H, face_at=(5, 3),
                         text_x=8, face_text_x=44, text_y=3, right=8, arrow_at=(12, 7), fit_prompt=False)
    replay_at = (253, HUD_H, "right")    # on the info line (which is short while watching)
    jump_rect = (64, 80, 128, 40)
    hosts = ("taxi-driver", "old-man")   # the Events' and the card piles' hosts never watch

    def prepare(self, m) -> None:
        game = self.game
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
        self.view.update_camera(VIEW[2], VIEW[3], snap=True)

    def make_shown(self, match):
        return Shown(match)

    def sync_shown(self) -> None:
        self.shown.sync(self.game)

    def speaker(self, speaker: str) -> tuple[str, tuple]:
        return speaker_name(speaker), _speech_colour(speaker)

    def status_scene(self, pad: int):
        return StatusScene(self, pad)

    def music(self, m) -> str:
        game = self.game
        near_end = game.covered * 100 >= game.end_threshold * 85 or (
            game.options.get("max_rounds") and game.round >= game.options["max_rounds"] - 1)
        return "tension" if near_end else "play"

    # ---------------------------------------------------------------- events to beats
    def narrate(self, m, events: list) -> None:
        """Engine events become beats (the shell's table tells the comments on a turn before the
        next turn is announced: issue 14, never over the next player's die)."""
        game = self.game
        n = game.names
        for e in events:
            t = type(e)
            if t is ev.TurnOrderDrawn:
                self.say(tr("Turn order: {seats}.", seats=", ".join(e.seats)), hold=70)
            elif t is ev.TurnStarted:
                self.beats.append(Beat("focus", 1, player=e.player, data=(e.turn, e.round)))
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
                self.fanfare(tr("MERGER! {survivor} absorbs {absorbed} (Level {level}).",
                                survivor=_company(game, e.survivor),
                                absorbed=", ".join(_company(game, c) for c in e.absorbed), level=e.level), "merge")
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
                self.fanfare(tr("JACKPOT! {who} drops {k} Floor(s) on {land}!", who=n[e.player], k=e.floors,
                                land=e.land), "jackpot")
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
                self.fanfare(tr("{who} goes broke!", who=n[e.player]), "broke")
            elif t is ev.TurnEnded:
                self.beats.append(Beat("sync", 1))
            elif t is ev.GameOver:
                self.beats.append(Beat("sync", 1))
                self.say(tr("The game is over ({why})!", why=_over(e.reason)), hold=80)

    def fanfare(self, text: str, sound: str) -> None:
        """A moment's banner: its word ("MERGER!", "合併！") flashing in the text box, the rest
        of the sentence after it."""
        cut = min((i for i in (text.find("!"), text.find("！")) if i >= 0), default=-1)
        title, rest = (text[:cut + 1], text[cut + 1:].lstrip()) if cut >= 0 else ("", text)
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
    def handle_keys(self, m, b) -> None:
        """Select: the whole board; L/R: a player's details (not while watching: they set the speed)."""
        for p in sorted(set(self.pad_of.values())) or [0, 1, 2, 3]:
            if b.press(p, SELECT):
                self.overview = not self.overview
            if self.replaying:
                continue
            if b.press(p, L) or b.press(p, R):
                k = len(self.game.names)
                self.panel = ((self.panel if self.panel >= 0 else self.shown.to_move) + (1 if b.press(p, R) else -1)) % k
                self.panel_frames = 150

    # ---------------------------------------------------------------- watching a record
    def after_jump(self, m) -> None:
        self.walk_pos = [None] * len(self.game.names)

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

    def chance_prompt(self, m, aw):
        """A human's die and slot reels are his to stop (the spin RNG); the card draw is drawn."""
        game = self.game
        if aw.kind not in ("roll", "slot"):
            return None
        self.prompt_lang = language()
        name = game.names[game.to_move]
        # The spin RNG's seed: the state's fingerprint as it was when the seats' kinds were
        # part of it (version 1), so that the same presses give the same rolls and reels as
        # before issue 15 (speedrun routes carry over).
        state = game.fingerprint(list(self.host.kinds))
        return pr.DicePrompt(game, name, state) if aw.kind == "roll" else SlotPrompt(game, name, state)

    def prompt_text(self, prompt) -> str:
        return prompt.text

    def make_prompt(self, m, kind: str, seat: int) -> pr.Prompt | None:
        game = self.game
        name = game.names[seat]
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
            return pr.BuildPrompt(game, geo, name)
        if k == "company":
            labels = [_company(game, a.company) for a in legal]
            icons = [pictures.logo(self.art, a.company) for a in legal]
            return pr.MenuPrompt(tr("{who}: choose the new Company's Building Mark.", who=name), labels, list(legal),
                                 icons, tr("Start a Company"))
        if k == "survivor":
            labels = [tr("{company}  Lv {level}", company=_company(game, a.company),
                         level=len(game.members[game.company_index(a.company)])) for a in legal]
            icons = [pictures.logo(self.art, a.company) for a in legal]
            return pr.MenuPrompt(tr("{who}: which Company survives the merger?", who=name), labels, list(legal), icons,
                                 tr("The survivor"), 180)
        if k == "pile":
            return PilePrompt(game, name)
        if k in ("jackpot", "floors"):
            template = ("{k} Floor(s) now; the Jackpot's Floors go here." if k == "jackpot"
                        else "{k} Floor(s) now; the free Floors go here.")
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
        self.view.update_camera(VIEW[2], VIEW[3])

    # ---------------------------------------------------------------- drawing
    def draw_board(self, m, surface) -> None:
        shown = self.shown
        tokens = [self.walk_pos[p] if self.walk_pos[p] is not None else shown.pos[p] for p in range(len(shown.pos))]
        if self.overview:
            # The whole board: the view and the text box's room (the HUD stays), as large as fits
            self.view.draw_overview(surface, MAP, shown, m.frame, tokens)
            return
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

    def draw_over(self, m, surface) -> None:
        """The die, the set pieces and the prompt's own drawing over the board; a player's details (L/R)."""
        beat = self.beat
        if beat is not None and beat.kind == "die":
            v = beat.data[0] if beat.age > m.anim(beat.frames, beat.cpu) // 2 else 1 + (beat.age * 7 + 3) % 10
            pr.draw_die(m, surface, DIE_XY[0], DIE_XY[1], v, spinning=False)
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
        game, shown = self.game, self.shown
        values = dict(turn=shown.turn, round=shown.round, jackpot=shown.jackpot, covered=shown.covered,
                      threshold=game.end_threshold)
        if m.settings.timer or m.settings.input_display or self.replaying:     # they sit at this line's end
            text = tr("T{turn} R{round} J{jackpot}F {covered}/{threshold}", **values)
        else:
            text = tr("Turn {turn}  Round {round}  Jackpot {jackpot}F  Covered {covered}/{threshold}", **values)
        pygame.draw.rect(surface, INK, (0, HUD_H, 256, INFO_H))
        m.font.draw(surface, text, 3, HUD_H, rgb15(200, 208, 232), "small")

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
            y = VIEW[1] + (ly - self.view.cam[1] + 12) * t // total
            sp.draw_stack(surface, VIEW[0] + lx - self.view.cam[0] + 2, y, floors)

    def draw_player(self, m, surface, p: int) -> None:
        """A player's details (L/R) in the text box's place: over no prompt's window, set piece or
        the board's own windows (issue 21: text fits)."""
        game = self.game
        x, y, w, h = self.box_rect()
        window(surface, (x, y, w, h))
        m.font.draw(surface, game.names[p], x + 8, y + 3, PLAYER_COLOURS[self.colour_of[p]])
        lands = sum(1 for o in self.shown.owner if o == p)
        floors = sum(f for o, f in zip(self.shown.owner, self.shown.floors) if o == p)
        rows = [tr("Cash   {v}G", v=f"{self.shown.cash[p]:,}"), tr("Wealth {v}G", v=f"{self.shown.wealth[p]:,}"),
                tr("Space  {v}", v=self.shown.pos[p]), tr("Lands  {v}", v=lands), tr("Floors {v}", v=floors)]
        for i, r in enumerate(rows):
            m.font.draw(surface, r, x + 8 + (i % 3) * 82, y + 16 + (i // 3) * 10, WHITE, "small")


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

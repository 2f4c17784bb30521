"""What a human answers with (PRESENTATION.md screens 6-10): one prompt per decision kind.

A prompt reads its seat's pad, draws itself over the table and sets ``answer`` (an engine
answer) when the player has chosen; the table gives it to the engine. Nothing here decides for a
player, and every answer is one the engine lists as legal (or checks as legal).
"""
from __future__ import annotations

import re

from typing import Sequence

from ....frontend.constants import DOWN, GOLD, INK, LEFT, RED, RIGHT, TABLE_INFO, UP, WHITE, A, B
from ....frontend.prompt_kit import Prompt as TablePrompt, Spins, move_nearest, steps
from ....frontend.text import tr
from ....frontend.widgets import Menu, window
from ..rules import answers as an, events as ev
from ..rules.game import VACANT
from .layout import die_xy, view_centre
from .pictures import die


class Prompt(TablePrompt):
    """A Tower Dream question (the shell's ``Prompt``): its text, the Lands it highlights, the
    cursor the board's camera follows, a warning under it (the game's end), its own window."""

    text = ""                    # what the text box says while the prompt is up
    lands: tuple = ()            # Lands to highlight
    board_cursor = False         # the board camera follows the cursor
    warning = ""                 # a line under the question (what every answer leads to: the game's end)
    keep: tuple = ()             # what the player has done so far: kept when the prompt is made again
                                 # in another language (the table remakes it, ``adopt``)

    def adopt(self, old: "Prompt") -> None:
        """Take over what the player did in ``old`` (the same prompt in the language before)."""
        for name in self.keep:
            if "." in name:
                a, b = name.split(".")
                setattr(getattr(self, a), b, getattr(getattr(old, a), b))
            elif hasattr(old, name):
                setattr(self, name, getattr(old, name))

    @property
    def cursor_land(self) -> int:
        """The Land the cursor is on (-1: none)."""
        return -1

    def draw(self, m, surface) -> None:
        pass

    def lines(self, m) -> list[tuple[str, tuple]]:
        """Lines the text box shows under the prompt's text (what the cursor is on), with colours."""
        return [(self.warning, GOLD)] if self.warning else []


def g(amount: int) -> str:
    return f"{amount:,}G"


class DicePrompt(Spins, Prompt):
    """The d10 spins, one face a frame from the spin RNG (seeded by the game state when the spin
    starts), until A: the frame of the press picks the roll (FORMATS.md section 4)."""

    keep = ("rng", "face", "spun")
    spin_sound, stop_sound = "dice", "dice_stop"

    def __init__(self, game, name: str, state: str | None = None) -> None:
        self.rolls = [a for a in game.legal_answers()]
        self.start(game, state)
        self.text = tr("{who}: press A to stop the die!", who=name)
        self.given = True
        self.warning = tr("The game's last turn (the round limit).") if last_turn(game) else ""

    def back_free(self) -> bool:
        return True                      # only A stops the die

    def spin(self) -> None:
        self.face = self.rolls[self.rng.below(len(self.rolls))]

    def stopped(self):
        return self.face

    def spin_words(self, answer) -> str:
        """The roll as the die shows it."""
        return str(answer.value)

    def draw(self, m, surface) -> None:
        draw_die(m, surface, *die_xy(m), self.face.value, spinning=True)


def draw_die(m, surface, x: int, y: int, value: int, spinning: bool = False) -> None:
    """The d10 with a window behind it; while it spins it hops a pixel every other frame."""
    window(surface, (x - 10, y - 8, 52, 56))
    hop = (m.frame // 2) % 2 if spinning else 0         # the die hops; its key stays inside the window
    surface.blit(die(), (x, y + hop))
    m.font.draw(surface, str(value), x + 16, y + hop + 6, INK, "main", align="centre")
    if spinning:
        m.font.draw(surface, tr("A: stop"), x + 16, y + 37, GOLD, "small", align="centre")


class MenuPrompt(Prompt):
    """A choice from a list (Building Mark, survivor, pile, ...): each item's label, a value
    beside it (a Company's Floor price), its icon, and the item's details under the menu."""

    keep = ("menu.index", "menu.first")

    def __init__(self, text: str, labels: list[str], answers: list, icons=None, title: str | None = None,
                 width: int = 160, details: list[str] | None = None, values: list[str] | None = None,
                 warning: str = "") -> None:
        self.text = text
        self.menu = Menu(labels, cancel=False, rows=7)
        self.answers = answers
        self.icons = icons
        self.title = title
        self.width = width
        self.details = details
        self.values = values
        self.warning = warning          # what every answer here leads to (the game's end), under the question

    def handle(self, m, b, pad: int) -> None:
        self.menu.handle(b, pad, m)
        if self.menu.chosen is not None:
            self.answer = self.answers[self.menu.chosen]

    def back_free(self) -> bool:
        return True                     # B chooses nothing here

    def draw(self, m, surface) -> None:
        x = view_centre(m) - self.width // 2
        self.menu.draw(m, surface, x, 44, self.width, self.title)
        ty = 48 + (12 if self.title else 0)
        shown = range(self.menu.first, min(len(self.menu.items), self.menu.first + self.menu.rows))
        for i in shown:
            y = ty + (i - self.menu.first) * 12
            icon = self.icons[i] if self.icons else None
            if icon is not None:
                surface.blit(icon, (x + self.width - 18, y))
            if self.values:
                m.font.draw(surface, self.values[i], x + self.width - (22 if self.icons else 8), y + 2,
                            TABLE_INFO, "small", align="right")
        if self.details:
            d = self.details[self.menu.index]
            if d:
                top = 44 + 12 * len(shown) + 8 + (12 if self.title else 0) + 2
                window(surface, (x, top, self.width, 22))
                m.font.draw(surface, d, x + 6, top + 5, WHITE, "small")


class LandPrompt(Prompt):
    """A cursor over candidate Lands on the board (screen 8): each with a line saying what it
    would do; ``blocked`` Lands are shown with why they cannot be chosen."""

    board_cursor = True
    keep = ("index",)

    def __init__(self, game, geo, text: str, options: list[tuple[int, object, str]],
                 blocked: Sequence[tuple[int, str]] = (), none_answer=None, none_label: str = "",
                 warning: str = "") -> None:
        self.game = game
        self.text = text
        self.warning = warning          # a row under the Land's own when there is room (the game's end)
        self.options = options + [(x, None, why) for x, why in blocked]
        self.cells = [geo.land_cells[x] for x, _, _ in self.options]
        self.index = 0
        self.lands = tuple(x for x, a, _ in self.options if a is not None)
        self.none_answer = none_answer
        self.none_label = none_label

    @property
    def cursor_land(self) -> int:
        return self.options[self.index][0]

    def handle(self, m, b, pad: int) -> None:
        self.index = move_nearest(b, pad, self.cells, self.index)
        if b.press(pad, A) and self.options[self.index][1] is not None:
            self.answer = self.options[self.index][1]
        elif b.press(pad, B) and self.none_answer is not None:
            self.answer = self.none_answer

    def back_free(self) -> bool:
        return self.none_answer is None

    def lines(self, m) -> list[tuple[str, tuple]]:
        """The Land under the cursor and what choosing it does, in the text box (not over the
        board: issue 14), in at most two rows of the small font (``ROW_W``), never cut: a
        refusal names its rule and that Select shows it (issue 36)."""
        x, a, info = self.options[self.index]
        text = f"{self.game.land_name(x)}: {info}"
        if self.none_answer is not None:
            text += "  " + tr("B: {what}", what=self.none_label)
        colour = TABLE_INFO if a is not None else RED
        out = [(line, colour) for line in m.font.wrap(text, ROW_W, "small")]
        if self.warning and len(out) < 2 and a is not None:
            out.append((self.warning, GOLD))
        return out


ROW_W = 240              # a small row of the text box (its inner width less the margins)


def explain(game, why: str) -> str:
    """A refusal of the engine's (English, naming its rule) in the words on screen: the one a
    placement shows (R7.10); any other as the engine says it."""
    hit = re.match(r"R7\.10: (\S+) is next to two Companies of Level (\d+) or more", why or "")
    if hit:
        return tr("no, next to two Level {level}+ Companies (R7.10).", level=hit.group(2))
    return why


def ends_after(game, answer) -> bool:
    """The game is over once ``answer`` and the rest of its player's turn are played (R9.1, G9.2,
    the round limit): tried on a copy, the player's own later decisions of the turn answered with
    the first legal answer (none for a Build), up to a chance or another seat's decision."""
    trial = game.copy()
    seat = game.to_move
    trial.apply(answer)
    for _ in range(12):
        aw = trial.awaiting()
        if aw is None or aw.player != seat:
            break
        legal = trial.legal_answers()
        if not len(legal):
            break
        trial.apply(an.NO_BUILD if aw.kind == "build" else an.NO_SELL if aw.kind == "sell" else legal[0])
    return trial.over


def last_turn(game) -> bool:
    """This is the game's last turn by the round limit (RULES.md section 10, ``max_rounds``)."""
    limit = game.options.get("max_rounds")
    return bool(limit) and game.round >= limit and game.to_move == len(game.names) - 1


def place_prompt(game, geo, name: str) -> LandPrompt:
    """Landmark placement (R7.1-R7.3): each legal Land previewed on a copy of the game; a Land
    the rules refuse, with why; a Landmark that ends the game says so (issue 36)."""
    legal = game.legal_answers()
    options, ends = [], []
    for a in legal:
        end = ends_after(game, a)
        ends.append(end)
        options.append((game.land_index(a.land), a, preview_place(game, a)))
    if any(ends) and not all(ends):          # some answers end the game, some not: each says which
        options = [(x, a, info + " " + tr("The game ends after this turn (R9.1).") if end else info)
                   for (x, a, info), end in zip(options, ends)]
    seen = {x for x, _, _ in options}
    blocked = []
    space = game.board.spaces[game.pos[game.to_move]]
    for x in space.line:
        if x not in seen and game.owner[x] == VACANT:
            why = game.check(an.Place(game.land_name(x))) or "not now"
            blocked.append((x, explain(game, why)))
    last = bool(ends) and all(ends)
    text = (tr("{who}: this Landmark ends the game.", who=name) if last
            else tr("{who}: where does your Landmark go?", who=name))
    return LandPrompt(game, geo, text, options, blocked,
                      warning=tr("The game ends after this turn (R9.1).") if last else "")


def company_name(game, cid: str | None) -> str:
    """A Company's name as the cartridge gives it (G8.3), in the language on screen."""
    if cid is None:
        return "-"
    return next((tr(c.name) for c in game.ruleset.companies if c.id == cid), cid)


def ubbo_level(game, level: int) -> str:
    """A Level in words, with the cartridge's "Ubbo" from the Level that can no longer be
    absorbed (R7.10): "Level 14, Ubbo"."""
    if level >= game.ruleset.unabsorbable_level:
        return tr("Level {level}, Ubbo", level=level)
    return tr("Level {level}", level=level)


def preview_place(game, answer) -> str:
    """What placing here would do, found by trying it on a copy (start, join, merge...)."""
    if isinstance(answer, an.Claim):          # G7.5: a claim places nothing: no Company changes
        return tr("claims the Bank's Landmark and all on it.")
    trial = game.copy()
    events = trial.apply(answer)
    aw = trial.awaiting()
    name = lambda cid: company_name(game, cid)  # noqa: E731
    for e in events:
        if isinstance(e, ev.Merged):
            return tr("merges {absorbed} into {survivor} ({level}).", absorbed=", ".join(name(c) for c in e.absorbed),
                      survivor=name(e.survivor), level=ubbo_level(game, e.level))
        if isinstance(e, ev.CompanyGrew):
            return tr("joins {company}: {level}, {price}G a Floor.", company=name(e.company),
                      level=ubbo_level(game, e.level), price=f"{trial.price(e.company):,}")
        if isinstance(e, ev.CompanyStarted):
            return tr("starts {company}.", company=name(e.company))
    if aw is not None and aw.kind == "company":
        return tr("starts a new Company (you choose its Building Mark).")
    if aw is not None and aw.kind == "survivor":
        names = [name(trial.company_id(c)) for c in trial.candidates]
        return tr("merges Companies; you choose the survivor ({names}).", names=", ".join(names))
    return tr("a loose Landmark (no Company yet).")


class BuildPrompt(Prompt):
    """Build (screen 10): a Land, then 1-3 Floors with the price and cash shown; B builds none
    (or, while the seat's placement may be taken back, asks which: ``BuildBackScene``)."""

    board_cursor = True
    keep = ("index", "count")

    def __init__(self, game, geo, name: str, undo: str = "") -> None:
        self.game = game
        self.name = name
        self.undo = undo              # what B may take back besides building none ("the placement"), or ""
        self.by_land: dict[int, list] = {}
        for a in game.legal_answers():
            if a.land is not None:
                self.by_land.setdefault(game.land_index(a.land), []).append(a)
        lands = sorted(self.by_land, key=lambda x: (geo.land_cells[x][1], geo.land_cells[x][0]))
        self.cells = [geo.land_cells[x] for x in lands]
        self.order = lands
        self.index = 0
        self.count = 0            # 0: choosing the Land; else Floors chosen
        self.lands = tuple(lands)
        self.last = ends_after(game, an.NO_BUILD)      # the game ends after this Build (issue 36)
        self.text = (tr("{who}: the last Build of the game.", who=name) if self.last
                     else tr("{who}: build Floors? Choose a Land.", who=name))

    @property
    def cursor_land(self) -> int:
        return self.order[self.index]

    def handle(self, m, b, pad: int) -> None:
        x = self.order[self.index]
        choices = self.by_land[x]
        if self.count == 0:
            self.index = move_nearest(b, pad, self.cells, self.index)
            if b.press(pad, A):
                self.count = 1
            elif b.press(pad, B) and not self.undo:
                self.answer = an.NO_BUILD
            return
        most = max(a.floors for a in choices)
        if b.repeat(pad, RIGHT | UP):
            self.count = min(most, self.count + 1)
        elif b.repeat(pad, LEFT | DOWN):
            self.count = max(1, self.count - 1)
        if b.press(pad, A):
            for a in choices:
                if a.floors == self.count:
                    self.answer = a
        elif b.press(pad, B):
            self.count = 0

    def asks_back(self) -> bool:
        """B now asks what it means (build none, or take back the placement): the table opens
        ``BuildBackScene``."""
        return self.count == 0 and bool(self.undo)

    def lines(self, m) -> list[tuple[str, tuple]]:
        """The Land under the cursor, its Company's price, and the Floors chosen, in the text box."""
        game = self.game
        x = self.order[self.index]
        info = game.land(game.land_name(x))
        price = game.price(info.company) if info.company else 0
        cash = game.cash_of(game.to_move)
        out = [(tr("{land} ({k}F): {company}, {price} a Floor", land=game.land_name(x),
                   company=company_name(game, info.company), price=g(price), k=info.floors), TABLE_INFO)]
        if self.count:
            cost = price * self.count
            out.append((tr("< {k} > Floor(s): {cost}   cash {cash} -> {after}", k=self.count, cost=g(cost),
                           cash=g(cash), after=g(cash - cost)), GOLD))
        elif self.undo:
            out.append((tr("Cash {cash}.  A: this Land  B: none/take back", cash=g(cash)), WHITE))
        else:
            out.append((tr("Cash {cash}.   A: this Land   B: none", cash=g(cash)), WHITE))
        return out


class SellPrompt(Prompt):
    """Before the roll (R3.1): roll, or sell up to the limit of Floors at the sale price."""

    keep = ("items", "menu.index", "menu.first")

    def __init__(self, game, name: str, text: str | None = None) -> None:
        self.game = game
        self.name = name
        self.items: dict[int, int] = {}
        lands = []
        for a in game.legal_answers():
            for land, _ in a.items:
                x = game.land_index(land)
                if x not in lands:
                    lands.append(x)
        self.candidates = sorted(lands)
        self.none_label = tr("Roll the die") if game.after_sell == "roll" else tr("Sell nothing")
        self.menu = Menu([""] * (len(self.candidates) + 2), cancel=False, rows=6,
                         index=len(self.candidates) + 1)        # on "Roll the die": the usual answer
        self.text = text or tr("{who}: sell Floors before you roll? Left/right: how many.", who=name)
        self.warning = tr("The game's last turn (the round limit).") if last_turn(game) else ""
        self._refresh()

    def back_free(self) -> bool:
        return True                      # the menu has no B of its own

    def _answer(self):
        items = tuple((self.game.land_name(x), n) for x, n in sorted(self.items.items()) if n)
        return an.Sell(items)

    def _refresh(self) -> None:
        """The menu's lines and the sale's value (a trial on a copy), after each change."""
        game = self.game
        labels = []
        total = 0
        for x in self.candidates:
            n = self.items.get(x, 0)
            labels.append(tr("{land} {floors}F  sell <{k}>", land=f"{game.land_name(x):4}", floors=f"{game.floors[x]:2}",
                             k=n))
            total += n
        a = self._answer()
        value = 0
        if a.items:
            trial = game.copy()
            before = trial.cash[game.to_move]
            trial.apply(a)
            value = trial.cash[game.to_move] - before
        labels.append(tr("Sell {k} Floor(s) for {value}", k=total, value=g(value)))
        labels.append(self.none_label)
        self.menu.items = labels
        self.menu.enabled = [True] * len(self.candidates) + [bool(a.items), True]

    def handle(self, m, b, pad: int) -> None:
        menu = self.menu
        menu.handle(b, pad, m)
        i = menu.index
        if i < len(self.candidates):
            x = self.candidates[i]
            n = self.items.get(x, 0)
            for d in steps(b, pad, (RIGHT, 1), (LEFT, -1)):
                trial = dict(self.items)
                trial[x] = max(0, min(self.game.floors[x], n + d))
                items = tuple((self.game.land_name(y), k) for y, k in sorted(trial.items()) if k)
                if not items or self.game.check(an.Sell(items)) is None:
                    self.items = trial
                    self._refresh()
            menu.chosen = None
            return
        if menu.chosen is not None:
            if i == len(self.candidates):          # sell
                a = self._answer()
                if a.items and self.game.check(a) is None:
                    self.answer = a
            else:
                self.answer = an.NO_SELL
            menu.chosen = None

    def adopt(self, old) -> None:
        super().adopt(old)
        self._refresh()

    def draw(self, m, surface) -> None:
        self.menu.draw(m, surface, view_centre(m) - 88, 40, 176, tr("Sell Floors"))


__all__ = ["Prompt", "DicePrompt", "MenuPrompt", "LandPrompt", "BuildPrompt", "SellPrompt", "place_prompt",
           "draw_die", "g", "company_name", "ubbo_level", "explain", "ends_after", "last_turn", "ROW_W"]

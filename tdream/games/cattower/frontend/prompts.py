"""What a human answers with, on his own pad: the round's roll when he is the parent (C2.1: the
dice tumble until A), the die he takes (C2.1), his drawing (C2.2, C3.2) or pass (C2.3), and the
good a house counts (C5.1).

A prompt reads its seat's pad and sets ``answer`` (an engine answer) when the player has chosen;
the table gives it to the match. Every answer is checked by the match first: a refused choice
stays on screen with the match's reason (its rule ID first) and never goes to the match. Words
are made when drawn (``tr``), so a language changed in the options shows at once. Caches are
``_``-prefixed (the machine's state hash skips them).
"""
from __future__ import annotations

from ....frontend.constants import DOWN, LEFT, RIGHT, TABLE_INFO, UP, WARN, A, B, L, R, Y, rgb15
from ....frontend.prompt_kit import AskPrompt, Spins, play, steps
from ....frontend.text import tr
from .. import scoring
from ..answers import GOOD_OF, GOODS, HOUSE, MOUSE, PASS, Draft, Drawing, House, Pass, Roll
from ..queries import drawing_previews, no_drawing
from .explain import explain, good_word

END = rgb15(248, 88, 72)             # a drawing that ends the game (C4.2)
def pair_spend(x: int, y: int, good: int, floor: int) -> tuple[int, int]:
    """The cheapest (own, shared) change that turns the numbers x, y into ``good`` and ``floor``
    (C3.2): either number may be the good."""
    a = (good - x, floor - y)
    b = (floor - x, good - y)
    return a if abs(a[0]) + abs(a[1]) <= abs(b[0]) + abs(b[1]) else b


class Prompt(AskPrompt):
    """One seat's question (``age``: frames it has been up, the table's guard against a press
    meant for the text before it), with the match's refusal of his last choice (the shell's; B
    that closes it, ``closed_message``, must not ask to pass: issue 36's C3.2 window)."""

    message_frames = 180                 # a refusal stays this long (or until the next press)

    def __init__(self, match, seat: int, name: str) -> None:
        self.match = match
        super().__init__(seat, name)

    def refusal_text(self, why: str | None) -> str:
        return explain(why)

    def line_forms(self, m) -> list[list[tuple[str, tuple]]]:
        """``lines``, then shorter forms of them (``shorter``; none of a refusal): the table shows
        the first the text box holds whole (its two small rows), so a long name or a long word
        never cuts one off."""
        full = self.lines(m)
        return [full] if self.message else [full] + self.shorter(full)

    def shorter(self, full: list[tuple[str, tuple]]) -> list[list[tuple[str, tuple]]]:
        """Shorter forms of ``full`` (its lines), the fullest first."""
        return []

    def strip(self) -> tuple[str, tuple]:
        """The line under the seat's sheet: what the cursor is on (a short form)."""
        return "", TABLE_INFO

    def strips(self) -> list[tuple[str, tuple]]:
        """``strip``'s forms, the fullest first: the table shows the first its sheet holds whole."""
        return [self.strip()]


# ---------------------------------------------------------------- the roll (C1.1, C2.1)
class RollPrompt(Spins, Prompt):
    """The human parent rolls: players + 1 dice (C1.1) tumble, new faces every frame from the
    spin RNG (seeded by the match's fingerprint when the tumble starts), until A: the frame of
    the press picks the roll, given to the match as a supplied chance outcome (``given``: the
    record says so), so the same presses give the same roll (movies replay)."""

    kind = "roll"
    given = True

    def __init__(self, match, seat: int, name: str, state: str | None = None) -> None:
        super().__init__(match, seat, name)
        self.count = len(match.names) + 1
        self.start(match, state)

    def spin(self) -> None:
        self.faces = tuple(self.rng.below(6) + 1 for _ in range(self.count))

    def stopped(self) -> Roll:
        return Roll(tuple(sorted(self.faces)))

    def spin_words(self, answer: Roll) -> str:
        """The round's dice as the table tells a roll ("1 3 4 6", ascending)."""
        return " ".join(map(str, answer.dice))

    def text(self) -> str:
        return tr("{who}: press A to roll the dice!", who=self.name)

    def asked(self, m) -> list[tuple[str, tuple]]:
        return [(tr("A: roll"), TABLE_INFO)]

    def strip(self) -> tuple[str, tuple]:
        return tr("A: roll"), TABLE_INFO


# ---------------------------------------------------------------- the draft (C2.1)
class DraftPrompt(Prompt):
    """The drafter takes a die from the tray: left/right over the round's dice (the ones taken
    are shown too: choosing one is refused, C2.1), A takes it."""

    kind = "draft"

    def __init__(self, match, seat: int, name: str) -> None:
        super().__init__(match, seat, name)
        self.dice = list(match.dice)
        left = list(match.pool)
        self.left = []                   # per die of the roll: still in the tray
        for v in self.dice:
            if v in left:
                left.remove(v)
                self.left.append(True)
            else:
                self.left.append(False)
        self.index = max(range(len(self.dice)), key=lambda i: (self.left[i], self.dice[i], -i))

    @property
    def value(self) -> int:
        return self.dice[self.index]

    def handle(self, m, b, pad: int) -> None:
        if self.closed_message(b, pad):
            return
        for d in steps(b, pad, (LEFT | UP, -1), (RIGHT | DOWN, 1)):
            self.index = (self.index + d) % len(self.dice)
            play(m, "blip")
        if b.press(pad, A):
            self.offer(m, Draft(self.value))         # a die taken: "C2.1: no die showing 4 is left"

    def text(self) -> str:
        return tr("{who}: take a die ({value})?", who=self.name, value=self.value)

    def asked(self, m) -> list[tuple[str, tuple]]:
        v = self.value
        return [(tr("With it and the shared die: good {v} ({good}) on the other's floor, or floor {v}.", v=v,
                    good=good_word(v)), TABLE_INFO), (tr("Left/Right: die  A: take"), TABLE_INFO)]

    def shorter(self, full: list[tuple[str, tuple]]) -> list[list[tuple[str, tuple]]]:
        v = self.value
        return [[(tr("Good {v} ({good}) or floor {v} (C2.2).", v=v, good=good_word(v)), TABLE_INFO), full[-1]],
                [(tr("Good {v} or floor {v}, with the shared die (C2.2).", v=v), TABLE_INFO), full[-1]]]

    def strip(self) -> tuple[str, tuple]:
        return tr("Take a die: {v} ({good})", v=self.value, good=good_word(self.value)), TABLE_INFO


# ---------------------------------------------------------------- the drawing (C2.2, C3.2, C2.3)
class DrawPrompt(Prompt):
    """A cursor on the seat's own sheet (the d-pad: towers left/right, floors up/down) and a good
    (L/R): the sheet shows on every empty cell the footprints that good costs there (C3.2), the
    column beside it what the drawing would add by part (the mouse group's new square, felt
    places, the house's value now) and what each good costs on the cursor's floor. A draws (the
    cheapest spend), B passes (A to confirm)."""

    kind = "draw"

    def __init__(self, match, seat: int, name: str, cursor: int | None = None) -> None:
        super().__init__(match, seat, name)
        self.x, self.y = match.own[seat], match.shared
        self.fp = match.footprints[seat]
        self.mode = "sheet"                       # sheet, pass, end (A on a drawing that ends the game: sure?)
        self.overlay = "costs"                    # what the empty cells show: costs, points (Y switches)
        legal = [a for a in match.legal_answers(seat) if type(a) is Drawing]
        self.legal = sorted({(a.good, a.cell) for a in legal})
        self._previews: dict = {}
        sheet = match.sheet
        self.scores = list(match.scores())
        self.end_cells = self.last_cells(match, seat)
        self.only_pass = not legal                # C2.2: no drawing is possible: the cursor on Pass
        if self.only_pass:
            self.mode = "pass"
        if legal:
            # the first cursor: the cheapest drawing that adds the most, never one that ends the
            # game (C4.2) while another may be drawn, unless he would then lead (issue 36)
            safe = [a for a in legal if not self.ends(sheet.index(a.cell))
                    or self.leads_after(a.good, sheet.index(a.cell))]
            pool = safe or legal
            best = min(a.cost for a in pool)
            cheap = [a for a in pool if a.cost == best]
            pick = max(cheap, key=lambda a: (self.preview(a.good, sheet.index(a.cell))["adds"]["total"], -a.good))
            self.good, self.cursor = pick.good, sheet.index(pick.cell)
        else:
            self.good = self.x
            self.cursor = cursor if cursor is not None else 0
        if cursor is not None and legal and not match.cells[seat][cursor]:
            self.cursor = cursor
            if not self.drawable(self.good, cursor):
                goods = [g for g in range(1, 7) if self.drawable(g, cursor)]
                if goods:
                    self.good = min(goods, key=lambda g: self.cost(g, sheet.floor_of[cursor]))

    # ---------------------------------------------------------------- sums
    @staticmethod
    def last_cells(match, seat: int) -> tuple[int, ...]:
        """The cells whose drawing completes the seat's third tower (C4.2: the game ends with
        the round): with two towers completed, the one empty cell of each tower that has one."""
        if len(match.completed[seat]) < 2:
            return ()
        done = {t[0] for t in match.completed[seat]}
        cells = match.cells[seat]
        out = []
        for tw in match.sheet.towers:
            empty = [c for c in tw.cells if not cells[c]]
            if tw.number not in done and len(empty) == 1:
                out.append(empty[0])
        return tuple(out)

    def ends(self, c: int | None = None) -> bool:
        """Drawing there ends the game (C4.2: his third tower complete, this round is the last)."""
        c = self.cursor if c is None else c
        return c in self.end_cells

    def leads_after(self, good: int, c: int) -> bool:
        """After that drawing his score is above every rival's as they stand (their drawings of
        this round unknown)."""
        mine = self.scores[self.seat] + self.preview(good, c)["adds"]["total"]
        return all(mine > v for s, v in enumerate(self.scores) if s != self.seat)

    def standing(self) -> tuple[int, int]:
        """(his score after the cursor's drawing, the best rival's score now)."""
        mine = self.scores[self.seat] + self.preview(self.good, self.cursor)["adds"]["total"]
        return mine, max((v for s, v in enumerate(self.scores) if s != self.seat), default=0)

    def cost(self, good: int, floor: int) -> int:
        a, b = pair_spend(self.x, self.y, good, floor)
        return abs(a) + abs(b)

    def drawable(self, good: int, c: int) -> bool:
        return (good, self.match.sheet.cells[c]) in self.legal

    def drawing(self, good: int | None = None, c: int | None = None) -> Drawing:
        good = self.good if good is None else good
        c = self.cursor if c is None else c
        sheet = self.match.sheet
        return Drawing(good, sheet.cells[c], pair_spend(self.x, self.y, good, sheet.floor_of[c]))

    def preview(self, good: int, c: int) -> dict:
        """What drawing ``good`` on cell ``c`` (a legal drawing) adds now, its cheapest spend: the
        game's ``queries.drawing_previews`` as a dict, a house's goods by number, the cell's tower."""
        got = self._previews.get((good, c))
        if got is None:                       # one drawing at a time: the prompt opens within a frame
            sheet = self.match.sheet
            q = drawing_previews(self.match, self.seat, only=(good, sheet.cells[c]))[0]
            house = tuple((GOOD_OF[name], v) for name, v in q.house)
            got = self._previews[(good, c)] = dict(q._asdict(), house=house, tower=sheet.tower_of[c])
        return got

    def costs(self) -> dict:
        """Cell index -> footprints the chosen good costs there, for every empty cell."""
        got = getattr(self, "_costs", None)
        if got is None or got[0] != self.good:
            sheet, cells = self.match.sheet, self.match.cells[self.seat]
            costs = {c: self.cost(self.good, sheet.floor_of[c]) for c in range(len(sheet.cells)) if not cells[c]}
            got = self._costs = (self.good, costs, {c: k <= self.fp for c, k in costs.items()})
        return got[1]

    def points(self) -> dict:
        """Cell index -> what the chosen good adds there now (its cheapest spend), for every cell
        it may be drawn in."""
        got = getattr(self, "_points", None)
        if got is None or got[0] != self.good:
            sheet = self.match.sheet
            pts = {c: self.preview(self.good, c)["adds"]["total"] for c in range(len(sheet.cells))
                   if self.drawable(self.good, c)}
            got = self._points = (self.good, pts)
        return got[1]

    def affordable(self) -> dict:
        self.costs()
        return self._costs[2]

    # ---------------------------------------------------------------- input
    def move(self, b, pad: int) -> None:
        sheet = self.match.sheet
        t = sheet.tower_of[self.cursor] - 1
        f = sheet.floor_of[self.cursor]
        n = len(sheet.towers)
        for mask, dt, df in ((LEFT, -1, 0), (RIGHT, 1, 0), (UP, 0, 1), (DOWN, 0, -1)):
            if b.repeat(pad, mask):
                t = (t + dt) % n
                f = max(1, min(sheet.towers[t].height, f + df))
        self.cursor = sheet.towers[t].cells[f - 1]

    def handle(self, m, b, pad: int) -> None:
        if self.closed_message(b, pad):
            return
        if self.mode in ("pass", "end"):        # sure? A passes, or draws (the game ends with the round); B back
            if b.press(pad, A):
                self.give(m, PASS if self.mode == "pass" else self.drawing())
            elif b.press(pad, B):
                play(m, "cancel" if self.mode == "end" else "")
                self.mode = "sheet"
            return
        before = (self.cursor, self.good)
        self.move(b, pad)
        for mask, d in ((L, -1), (R, 1)):
            if b.repeat(pad, mask):
                self.good = (self.good - 1 + d) % 6 + 1
        if b.press(pad, Y):
            self.overlay = "points" if self.overlay == "costs" else "costs"
        if (self.cursor, self.good) != before and m is not None:
            m.sound("blip")
        if b.press(pad, A):
            answer = self.drawing()
            why = self.match.check(answer, self.seat)
            if why is None and self.ends():
                self.mode = "end"                # the game would end: asked once more (issue 36)
                play(m, "blip")
            elif why is None:
                self.give(m, answer)
            else:
                self.refuse(m, why)
        elif b.press(pad, B):
            self.mode = "pass"

    # ---------------------------------------------------------------- words
    def text(self) -> str:
        if self.mode == "end":
            return tr("{who}: end the game (C4.2)?", who=self.name)
        if self.mode == "pass" and self.only_pass:
            return tr("{who}: nothing to draw. A: pass", who=self.name)
        if self.mode == "pass":
            return tr("{who}: pass this round?", who=self.name)
        return tr("{who}: draw {good} on {cell}?", who=self.name, good=good_word(self.good),
                  cell=self.match.sheet.cells[self.cursor])

    def why_only_pass(self) -> str:
        """Why no drawing is possible (``queries.no_drawing``): the empty cells the footprints
        do not reach (C3.2: the fewest any needs), and those where only a house fits, all six
        goods chosen (CG5.1)."""
        got = getattr(self, "_why", None)
        if got is None:
            far, houses = self.unreachable()
            parts = []
            if far:
                near = min(far, key=lambda u: u.cost)
                parts.append(tr("every empty cell needs at least {k} footprint(s) ({cell}), you have {have} (C3.2)",
                                k=near.cost, cell=near.cell, have=self.fp))
            if houses:
                parts.append(tr("a house only on {cells}: all six goods are chosen (CG5.1)",
                                cells=", ".join(u.cell for u in houses)))
            if far and houses:
                parts[0] = tr("the other cells need at least {k} footprint(s) ({cell}), you have {have} (C3.2)",
                              k=min(u.cost for u in far), cell=min(far, key=lambda u: u.cost).cell, have=self.fp)
                parts.reverse()
            said = "; ".join(parts) or tr("no empty cell")
            got = self._why = said[:1].upper() + said[1:] + "."
        return got

    def unreachable(self) -> tuple[list, list]:
        """The empty cells no drawing reaches (``queries.no_drawing``): (those the footprints do
        not reach, C3.2; those where only a house fits, CG5.1)."""
        why = no_drawing(self.match, self.seat)
        return [u for u in why if u.reason.startswith("C3.2")], [u for u in why if u.reason.startswith("CG5.1")]

    def why_only_pass_short(self) -> str:
        """``why_only_pass`` in fewer words (no list of cells) for the text box's two rows."""
        far, houses = self.unreachable()
        if far and houses:
            return tr("All six house goods chosen (CG5.1); other cells need {k} footprint(s), you have {have} (C3.2).",
                      k=min(u.cost for u in far), have=self.fp)
        if houses:
            return tr("Only a house fits the empty cells: all six goods are chosen (CG5.1).")
        if far:
            return tr("Every empty cell needs {k} footprint(s) or more, you have {have} (C3.2).",
                      k=min(u.cost for u in far), have=self.fp)
        return tr("No empty cell.")

    def gain(self) -> int:
        return min(self.match.options.get("pass_footprints", 1), self.match.sheet.footprint_cap - self.fp)

    def describe(self) -> tuple[str, tuple]:
        """What the cursor's drawing would do, or why it may not be drawn (short of the rule's
        whole reason, which a press of A shows): the fullest of ``strips``."""
        return self.strips()[0]

    def strips(self) -> list[tuple[str, tuple]]:
        """What the cursor's drawing would do (or why not), then shorter forms of it (a narrow
        sheet: three players), the last the shortest: the line under the sheet is never cut (issue 23)."""
        sheet = self.match.sheet
        c, g = self.cursor, self.good
        cells = self.match.cells[self.seat]
        cost = self.cost(g, sheet.floor_of[c])
        colour = WARN
        if self.mode == "pass":
            k = self.gain()
            forms = [tr("Pass: +{k} footprint(s) (C2.3).", k=k),
                     tr("no drawing: pass") if self.only_pass else tr("Pass: +{k} footprint(s)", k=k),
                     tr("pass +{k}", k=k)]
            colour = TABLE_INFO
        elif self.mode == "end":
            a, b = self.standing()
            forms = [tr("The last round: you {a}, best rival {b} now.", a=a, b=b),
                     tr("the game ends: you {a}, rival {b}", a=a, b=b), tr("ends: {a} to {b}", a=a, b=b),
                     tr("A: end it")]
            colour = END
        elif cells[c]:
            forms = [tr("{cell} is filled ({good}).", cell=sheet.cells[c], good=good_word(cells[c])),
                     tr("{cell} is filled", cell=sheet.cells[c])]
        elif not self.drawable(g, c) and cost > self.fp:
            forms = [tr("{good} on floor {f}: {k} footprint(s), you have {have}.", good=good_word(g),
                        f=sheet.floor_of[c], k=cost, have=self.fp),
                     tr("{k} footprint(s), you have {have}", k=cost, have=self.fp),
                     tr("costs {k}, has {have}", k=cost, have=self.fp), tr("cost {k} > {have}", k=cost, have=self.fp)]
        elif not self.drawable(g, c):
            forms = [tr("No more houses: all six goods are chosen (CG5.1)."), tr("no goods left (CG5.1)"),
                     tr("all 6 chosen")]
        else:
            total = self.preview(g, c)["adds"]["total"]
            extra = self.effect(g, c)
            if cost:
                extra = tr("{what}, {k} footprint(s)", what=extra, k=cost) if extra else tr("{k} footprint(s)", k=cost)
            forms = [f"{total:+d}" + (f"  {extra}" if extra else "")]
            if self.ends(c):
                forms += [f"{total:+d} " + tr("ends the game (C4.2)"), f"{total:+d} " + tr("ends the game"),
                          tr("ends the game")]
                colour = END
            else:
                forms += [f"{total:+d}, " + tr("{k} footprint(s)", k=cost) if cost else f"{total:+d}", f"{total:+d}"]
                colour = TABLE_INFO
        return [(text, colour) for text in forms]

    def effect(self, g: int, c: int) -> str:
        """What drawing ``g`` on cell ``c`` does beside its points: the game's end, a tower
        completed, or the good's own (a mouse's group, a house's count, felt, ...)."""
        p = self.preview(g, c)
        if self.ends(c):
            return tr("ends the game (C4.2)")
        if p["completes"]:
            return tr("completes tower {t}", t=p["completes"])
        if g == MOUSE:
            return tr("mouse group of {k}", k=p["group"])
        if g == HOUSE:
            top = max(p["house"], key=lambda t: t[1]) if p["house"] else (0, 0)
            return tr("house: {good} now {v}", good=good_word(top[0]) if top[0] else "-", v=top[1])
        if g == 2:
            return tr("felt in tower {t}: {v}", t=p["tower"], v=p["felt"][p["tower"] - 1])
        if g == 3:
            return tr("+1 footprint (C3.1)")
        if g == 4:
            return tr("dishes: {v} point(s)", v=p["adds"]["dishes"])
        return tr("cushion on floor {f}", f=self.match.sheet.floor_of[c]) if g == 5 else ""

    def asked(self, m) -> list[tuple[str, tuple]]:
        text, colour = self.describe()
        if self.mode == "pass" and self.only_pass:                 # the keys are in the question
            return [(self.why_only_pass(), WARN)]
        if self.mode == "pass":
            return [(tr("A: pass  B: back.  {what}", what=text), colour)]
        if self.mode == "end":
            return [(text, colour), (tr("A: draw, the game ends  B: back"), TABLE_INFO)]
        # two rows: what the cursor's drawing does, then the keys (one row each, never cut: seen live)
        return [(text, colour), (tr("L/R: good  A: draw  B: pass  Y: costs/points"), TABLE_INFO)]

    def shorter(self, full: list[tuple[str, tuple]]) -> list[list[tuple[str, tuple]]]:
        if self.mode == "pass" and self.only_pass:
            return [[(self.why_only_pass_short(), WARN)]]
        return [[short, full[-1]] for short in self.strips()[1:]] if self.mode == "sheet" else []

    def strip(self) -> tuple[str, tuple]:
        return self.describe()


# ---------------------------------------------------------------- a house's good (C5.1, CG5.1)
class HousePrompt(Prompt):
    """Up/down over the six goods (those chosen before dimmed: choosing one is refused, C5.1),
    each with what the house would score (3 x the count on the sheet now); A chooses."""

    kind = "house"

    def __init__(self, match, seat: int, name: str) -> None:
        super().__init__(match, seat, name)
        self.chosen = [h[0] for h in match.houses[seat]]
        cells = match.cells[seat]
        self.values = {g: scoring.HOUSE_FACTOR * sum(1 for x in cells if x == g) for g in range(1, 7)}
        free = [g for g in range(1, 7) if g not in self.chosen]
        self.good = max(free, key=lambda g: (self.values[g], -g)) if free else 1

    def handle(self, m, b, pad: int) -> None:
        if self.closed_message(b, pad):
            return
        for d in steps(b, pad, (UP | LEFT, -1), (DOWN | RIGHT, 1)):
            self.good = (self.good - 1 + d) % 6 + 1
            play(m, "blip")
        if b.press(pad, A):
            self.offer(m, House(self.good))

    def text(self) -> str:
        return tr("{who}: the house counts {good}?", who=self.name, good=good_word(self.good))

    def asked(self, m) -> list[tuple[str, tuple]]:
        return [(tr("3 x {k} {good} = {v} point(s), kept to the end (C5.1).", k=self.values[self.good] // 3,
                    good=good_word(self.good), v=self.values[self.good]), TABLE_INFO),
                (tr("Up/Down: good  A: choose"), TABLE_INFO)]

    def shorter(self, full: list[tuple[str, tuple]]) -> list[list[tuple[str, tuple]]]:
        return [[(tr("3 x {k} = {v} point(s), kept to the end (C5.1).", k=self.values[self.good] // 3,
                      v=self.values[self.good]), TABLE_INFO), full[-1]]]

    def strip(self) -> tuple[str, tuple]:
        if self.good in self.chosen:
            return tr("{good}: chosen before (C5.1)", good=good_word(self.good)), WARN
        return tr("House: {good} = {v}", good=good_word(self.good), v=self.values[self.good]), TABLE_INFO


__all__ = ["Prompt", "RollPrompt", "DraftPrompt", "DrawPrompt", "HousePrompt", "pair_spend", "good_word",
           "GOODS", "Pass"]

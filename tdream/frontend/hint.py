"""A hint in Practice (issue 40): the pause menu's "Hint" asks the analysis (``platform/analysis.py``
``Hint``) for the best answer of the decision a person's seat is asked now and each leading
answer's chance to win, and shows them in a panel over the table.

It is offered only in Practice (``MatchSetup.mode``), never in Free play, the Campaign, a demo or a
record watched, and only while the pad's own seat is asked a decision with two or more legal
answers and no secret answer (``hint_seat``). ``HintScene`` plays the answers out a fixed number of
playouts a frame (``PLAYOUTS_PER_FRAME``: no clock, thread or process decides how far it is, so a
movie that asks for a hint replays the same), a progress bar while it runs, then the panel; B
closes it. It reads the match and changes nothing in it: the table below it is not stepped while
it is up.

The words are English constants (the shared Japanese file is part of every movie's data hash).
An answer is said in the game's words where its narration says what the seat did
(``answer_words``), else as its kind and values (``analysis.answer_text``)."""
from __future__ import annotations

from ..platform.analysis import Hint, Method, answer_text
from ..platform.protocol import CHANCE
from ..rng import derive_seed
from .constants import GOLD, INK, LABEL, WHITE, A, B, START
from .machine import Scene
from .text import plurals
from .widgets import fit, window

#: the analysis's method for a hint (None: ``analysis.yaml``'s, as ``tdream analyze`` rates a
#: decision); the tests set a tiny one
METHOD: Method | None = None
PLAYOUTS_PER_FRAME = 4           # the work of a frame (a fixed count: the same frames, the same hint)

LABEL_HINT = "Hint"              # the pause menu's item
TITLE = "HINT: {who}"
RUNNING = "Playing each answer out..."
BEST = "Best: {words}"
HEADING = "Win chance if you choose:"
FOOT = "{n} playout(s) each, random play"
CLOSE = "B: close"
CANCEL = "B: cancel"

PANEL = (12, 28, 232, 0)         # the panel's window over the board (x, y, w; its height: what it shows)
MOST_ROWS = 8                    # leaders listed at most (the method's leaders, and the first answer)


def hint_seat(table, pad: int) -> int | None:
    """The seat a hint is for when ``pad`` pauses ``table``: the pad's own seat, in Practice, while
    it is asked a decision (not a chance point) with two or more legal answers and has not
    answered yet; None otherwise (Free play, the Campaign, a demo, a record watched, a finished
    match, another seat's turn). A secret answer (sealed until every seat's is in) gets none:
    the match holds the answers the others have sealed already, and a hint played out from
    it would know them."""
    if table.setup.mode != "practice" or table.demo or table.replaying or table.done:
        return None
    seat = table.seat_of_pad(pad)
    prompt = table.prompts.get(seat) if seat is not None else None
    if prompt is None or prompt.answer is not None:
        return None
    if prompt.secret:
        return None
    aw = table.game.awaiting()
    if aw is None or aw.player == CHANCE or seat not in (aw.seats or (aw.player,)):
        return None
    if len(table.game.legal_answers(seat)) < 2:
        return None
    return seat


def hint_seed(match, seat: int) -> int:
    """The playouts' seed: the position's own (its fingerprint) and the seat, so that the same
    position gives the same hint whenever it is asked."""
    return derive_seed(int(match.fingerprint()[:15], 16), seat)


def answer_words(game, match, seat: int, answer) -> str:
    """What the game's narration says ``seat`` does with ``answer`` (applied to a copy): the first
    line of its events that starts with the seat's name, the name left out ("Builds 2 homes
    on c3."); "" when none does (an answer that only says its seat is ready). Only the seat's own line
    is taken: the others' lines may tell what they chose in secret."""
    after = match.copy()
    events = after.apply(answer, True, seat)
    name = match.names[seat]
    for event in events:
        line = game.narration.describe(event, after)
        if not line or line[:1].isspace():
            continue                     # a detail under a line (a fee paid), never the answer itself
        for head in (name + " ", name + "'s "):
            if line.startswith(head):
                rest = line[len(head):].strip()
                return rest[:1].upper() + rest[1:]
    return ""


def leader_rows(game, match, seat: int, report: dict) -> list[tuple[float, str, str]]:
    """The hint's rows, best first: (chance to win 0..1, the answer in words, its values alone).
    The words are the game's where they tell every row apart, else the answer's kind and values
    (``answer_text``); the values alone are the short form the panel lists when the words, cut to
    its width, would not tell the rows apart."""
    answers = list(match.legal_answers(seat))
    kind = match.awaiting().kind
    chosen = [answers[r["index"]] for r in report["answers"]]
    said = [answer_words(game, match, seat, a) for a in chosen]
    return [(r["chance"], w if w and said.count(w) == 1 else f"{kind}: {answer_text(a)}", answer_text(a))
            for r, w, a in zip(report["answers"], said, chosen)]


class HintScene(Scene):
    """The hint over the table: the playouts stepped ``PLAYOUTS_PER_FRAME`` a frame with a progress
    bar, then the best answer and each leader's chance to win. B (or Start) closes it, also while it
    runs; A closes it once shown."""

    opaque = False

    def __init__(self, table, pad: int, seat: int, method: Method | None = None) -> None:
        self.overlay_at, self.timer_at = table.overlay_at, table.timer_at    # where the table has them
        self.table = table
        self.pad = pad
        self.seat = seat
        match = table.game
        self.hint = Hint(table.gamedef, match, seat, hint_seed(match, seat), method or METHOD)
        self.playouts = self.hint.method.playouts
        self.played = 0                  # playouts done (the machine's state hash reads it)
        self.rows: list = []             # once done: (chance, words, values), best first

    @property
    def done(self) -> bool:
        return self.hint.stepper.done

    def handle(self, m, b) -> None:
        if b.press(self.pad, B | START) or (self.done and b.press(self.pad, A)):
            m.sound("cancel")
            m.pop()

    def update(self, m) -> None:
        stepper = self.hint.stepper
        if stepper.done:
            return
        stepper.step(PLAYOUTS_PER_FRAME)
        self.played = stepper.done_playouts
        if stepper.report is not None:
            t = self.table
            self.rows = leader_rows(t.gamedef, t.game, self.seat, stepper.report)
            m.sound("select")

    def draw(self, m, surface) -> None:
        """The panel over the board, as high as what it shows: the progress while the answers are
        played out, then the best answer (wrapped, two lines at most) and the leaders' chances."""
        font = m.font
        x, y, w, _ = PANEL
        inner = w - 16
        best = []
        if self.rows:
            best = font.wrap(BEST.format(words=self.rows[0][1]), inner, "main")
            if len(best) > 2:
                best = best[:1] + [fit(font, " ".join(best[1:]), inner, "main")]
            rows = self.rows[:MOST_ROWS]
            h = 20 + 11 * len(best) + 3 + 10 + 10 * len(rows) + 6 + 14
        else:
            rows = []
            h = 20 + 50 + 14
        window(surface, (x, y, w, h))
        font.draw(surface, fit(font, TITLE.format(who=self.table.names[self.seat]), inner, "main"), x + 8, y + 6,
                  GOLD)
        if not self.rows:
            self.draw_progress(m, surface, x + 8, y + 22, inner)
            font.draw(surface, CANCEL, x + 8, y + h - 14, LABEL, "small")
            return
        ty = y + 20
        for line in best:
            font.draw(surface, line, x + 8, ty, WHITE)
            ty += 11
        ty += 3
        font.draw(surface, HEADING, x + 8, ty, LABEL, "small")
        ty += 10
        shown = [fit(font, words, inner - 28) for _, words, _ in rows]
        if len(set(shown)) < len(shown):          # cut to the panel, the words no longer tell them apart
            shown = [fit(font, short, inner - 28) for _, _, short in rows]
        for i, ((chance, _, _), words) in enumerate(zip(rows, shown)):
            colour = GOLD if i == 0 else WHITE
            font.draw(surface, f"{round(100 * chance)}%", x + 30, ty, colour, "small", align="right")
            font.draw(surface, words, x + 34, ty, colour, "small")
            ty += 10
        foot = plurals(FOOT, {"n": self.playouts}).format(n=self.playouts)
        font.draw(surface, fit(font, foot, inner - font.width(CLOSE, "small") - 8), x + 8, y + h - 14, LABEL, "small")
        font.draw(surface, CLOSE, x + w - 8, y + h - 14, LABEL, "small", align="right")

    def draw_progress(self, m, surface, x: int, y: int, w: int) -> None:
        """While the answers are played out: what it does, a bar, how far it is."""
        font = m.font
        font.draw(surface, RUNNING, x, y, WHITE, "small")
        fraction = self.hint.stepper.fraction
        bar = (x, y + 14, w, 10)
        surface.fill(INK, bar)
        surface.fill(GOLD, (x + 1, y + 15, max(0, int((w - 2) * fraction)), 8))
        surface.fill(LABEL, (x, y + 14, w, 1))
        surface.fill(LABEL, (x, y + 23, w, 1))
        surface.fill(LABEL, (x, y + 14, 1, 10))
        surface.fill(LABEL, (x + w - 1, y + 14, 1, 10))
        font.draw(surface, f"{int(100 * fraction)}%", x + w // 2, y + 30, WHITE, "small", align="centre")


__all__ = ["METHOD", "PLAYOUTS_PER_FRAME", "LABEL_HINT", "HintScene", "hint_seat", "hint_seed", "answer_words",
           "leader_rows"]

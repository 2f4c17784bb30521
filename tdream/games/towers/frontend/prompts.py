"""What a human answers with, on his own pad: the secret pick, his turn (a square and a size, or
a double turn, a demolition, a pass) and "end the game?".

A prompt reads its seat's pad and sets ``answer`` (an engine answer) when the player has chosen;
the table gives it to the match. Every answer is one the match checks as legal first: a refused
choice stays on screen with the match's reason (its rule ID first), never goes to the match.
Words are made when drawn (``tr``), so a language changed in the options shows at once.
"""
from __future__ import annotations

from ....frontend.constants import A, B, DOWN, GOLD, LEFT, RED, RIGHT, TABLE_INFO, UP, WARN
from ....frontend.prompt_kit import DIRECTIONS, AskPrompt, play, steps
from ....frontend.text import shown_name, tr
from ....frontend.widgets import Menu
from ..answers import DECLARE, END_NO, END_YES, PASS, Demolish, Pass, Pick, Place
from ..data import rules
from .explain import explain, refused_size

class Prompt(AskPrompt):
    """One seat's question (``age``: frames it has been up, the table's guard against a press
    meant for the text before it), with the match's refusal of his last choice (the shell's)."""

    def refusal_text(self, why: str | None) -> str:
        return explain(why)

    def keys(self) -> list[str]:
        """Its keys, for the players' column (``TableScene.draw_panels``)."""
        return []


# ---------------------------------------------------------------- the secret pick (T2.1, TG2.1)
def grid_pick(held: int) -> int:
    """The size the +Control Pad points to on the picks' grid (1 2 3 / 4 5 6 / 7 8 9, as on a
    phone: up and left is 1, nothing held is 5, down and right is 9)."""
    dx = (1 if held & RIGHT else 0) - (1 if held & LEFT else 0)
    dy = (1 if held & DOWN else 0) - (1 if held & UP else 0)
    return 5 + dx + 3 * dy


def grid_buttons(size: int) -> int:
    """The +Control Pad held to point to ``size`` on the picks' grid (``grid_pick``'s inverse)."""
    dx, dy = (size - 1) % 3 - 1, (size - 1) // 3 - 1
    return (RIGHT if dx > 0 else LEFT if dx < 0 else 0) | (DOWN if dy > 0 else UP if dy < 0 else 0)


class PickPrompt(Prompt):
    """A size 1-9 given with A. Alone against the characters (nobody else looks at the screen)
    it is chosen with left/right on a row that shows it. ``secret`` (another person picks on the
    same screen, TG2.1): nothing on the screen or in the sound may tell it before both picks are
    in, so nothing moves or sounds until A: the size is where the +Control Pad points on the
    grid (``grid_pick``) in the frame A is pressed, and A sounds the same whatever the size; the
    text box speaks to both pickers (``pickers``) in the same words whoever is still picking."""

    def __init__(self, seat: int, name: str, secret: bool, pickers: tuple[str, ...] = ()) -> None:
        super().__init__(seat, name)
        self.secret = secret
        self.pickers = tuple(pickers) or (name,)
        self.size = 5                    # alone: the row's cursor (secret: never used)

    def handle(self, m, b, pad: int) -> None:
        if self.secret:
            if b.press(pad, A):
                self.give(m, Pick(grid_pick(b.held[pad])))
            return
        for d in steps(b, pad, (LEFT | DOWN, -1), (RIGHT | UP, 1)):
            self.size = max(1, min(9, self.size + d))
            play(m, "blip")
        if b.press(pad, A):
            self.give(m, Pick(self.size))

    def shows(self) -> bool:
        """The choice is on the screen (alone against the characters)."""
        return not self.secret

    def text(self) -> str:
        if self.secret:
            return tr("{a} and {b}: pick in secret.", a=self.pickers[0], b=self.pickers[-1])
        return tr("{who}: pick a size 1-9, then A.", who=self.name)

    def asked(self, m) -> list[tuple[str, tuple]]:
        return [(tr("Hold your pad toward your size on the grid, then press A." if self.secret
                    else "Left/Right: size, A: pick. Nobody sees it until both are in."), TABLE_INFO)]

    def keys(self) -> list[str]:
        return [tr("Pad+A: pick")] if self.secret else [tr("</>: size"), tr("A: pick")]


# ---------------------------------------------------------------- a turn (TG3.3)
class PlacePrompt(Prompt):
    """The acting seat's turn: a cursor on the board shows the largest size each square takes
    and why the next size up is refused (T3.3); A on a square chooses the size (the largest
    first), A again builds. B opens the turn's menu (a small window away from the cursor): a
    double turn, a demolition (options ``advanced``/``war``), a pass; and, where his last answer
    may still be taken back (``undo``: its words), that first. Y (the table's) asks to confirm a
    double turn (``declare``). Walled in, B then A passes (T3.4: there is nothing else to do);
    every answer that ends the game says so first (a pass that completes a round, TG6.1; the
    tower on the last empty square, T6.1)."""

    MENU = ("Build a tower", "Take back", "Declare a double turn", "Demolish a tower", "Pass the turn")
    LABELS = {"Build a tower": "Build", "Take back": "Take back", "Declare a double turn": "Double turn",
              "Demolish a tower": "Demolish", "Pass the turn": "Pass"}      # the menu's short words

    def __init__(self, match, seat: int, name: str, cursor: int | None = None, names=None, undo: str = "") -> None:
        super().__init__(seat, name)
        self.match = match
        self.n = match.n
        self.names = list(names) if names is not None else [shown_name(n) for n in match.names]
        self.undo = undo                 # his last answer he may still take back ("the tower"), or ""
        self.undo_asked = False          # chosen in the menu: the table asks to confirm it
        self.mode = "board"             # board, size, menu, demolish, pass, declare
        self.back = "board"             # the mode a declaration's confirmation goes back to
        self.items = [i for i in self.MENU if (i != "Demolish a tower" or match.options["demolish"] != "none")
                      and (i != "Take back" or undo)]
        self.menu = Menu([self.LABELS[i] for i in self.items], cancel=True, rows=len(self.items))
        self.confirm = Menu(["Yes, pass", "No, back"], cancel=True, index=1)
        self.threats = [(sq, e) for sq, e in match.wall_threats(seat)]         # TG4.3's warning
        self.doubles = [] if self.threats else [(a, b, e) for a, b, e in match.double_threats(seat)]  # with T5.1
        self.size = 1
        self.walled = not match.placements(seat)          # TG4.3, T3.4: nowhere to build, only pass (or declare)
        self.only_pass = all(type(a) is Pass for a in match.legal_answers(seat))
        self.pass_ends = match.pass_ends(seat)            # TG6.1: his pass would end the game at once
        self.last = match.empties() == 1                  # T6.1: a tower on the last empty square ends it
        self.cursor = self._start(cursor)
        self.demolish_cursor = self.cursor
        self.square_info()

    def _start(self, near: int | None) -> int:
        """Where the cursor starts: at ``near`` (his cursor of the turn before, or the square he
        has just demolished) or the nearest square he may build on from there, the tallest first;
        with none, the square that takes the tallest tower, nearest the centre."""
        spots = self.match.placements(self.seat)
        if not spots:
            return near if near is not None else 0
        n = self.n
        if near is None:
            c = (n - 1) / 2
            return max(spots, key=lambda t: (t[1], -abs(t[0] % n - c) - abs(t[0] // n - c), -t[0]))[0]
        nx, ny = near % n, near // n
        return min(spots, key=lambda t: (max(abs(t[0] % n - nx), abs(t[0] // n - ny)), -t[1], t[0]))[0]

    @property
    def square(self) -> str:
        return self.match.geo.names[self.cursor]

    def square_info(self) -> None:
        """The cursor's square: the largest size there and why one more is refused."""
        self.top, self.why = self.match.largest_size(self.square, self.seat)

    def refusal_text(self, why: str | None) -> str:
        """A refusal said to him (his name is in the question above it already)."""
        return explain(why, self.match.names[self.seat])

    def declare(self, m) -> None:
        """Y on his pad (the table's): "declare a double turn?", A yes, B back to where he was."""
        if self.mode != "declare":
            self.back, self.mode = self.mode, "declare"
            self.message = ""
            play(m, "select")

    # ---------------------------------------------------------------- input
    def move(self, b, pad: int, cursor: int) -> int:
        n = self.n
        x, y = cursor % n, cursor // n
        for mask, (dx, dy) in DIRECTIONS:
            if b.repeat(pad, mask):
                x, y = (x + dx) % n, (y + dy) % n
        return y * n + x

    def handle(self, m, b, pad: int) -> None:
        if b.pressed[pad] and self.message and not b.press(pad, A):
            self.message = ""
        mode = self.mode
        if mode == "board":
            c = self.move(b, pad, self.cursor)
            if c != self.cursor:
                self.cursor = c
                self.square_info()
                self.message = ""
            if b.press(pad, A):
                if self.top > 0:
                    self.mode, self.size = "size", self.top
                    play(m, "select")
                else:
                    self.refuse(m, self.why)
            elif b.press(pad, B):
                self.mode = "menu"              # walled in: on Pass, the answer left to him (T3.4)
                self.menu.index = self.items.index("Pass the turn") if self.walled else 0
        elif mode == "size":
            for d in steps(b, pad, (RIGHT | UP, 1), (LEFT | DOWN, -1)):
                self.size = max(1, min(9, self.size + d))
                self.message = ""
            if b.press(pad, A):
                self.offer(m, Place(self.square, self.size), sound="")
            elif b.press(pad, B):
                self.mode = "board"
        elif mode == "menu":
            self.menu.handle(b, pad, m)
            if self.menu.cancelled:
                self.menu.cancelled = False
                self.mode = "board"
            elif self.menu.chosen is not None:
                item = self.items[self.menu.chosen]
                self.menu.chosen = None
                self.choose(m, item)
        elif mode == "demolish":
            c = self.move(b, pad, self.demolish_cursor)
            if c != self.demolish_cursor:
                self.demolish_cursor = c
                self.message = ""
            if b.press(pad, A):
                sq = self.match.geo.names[self.demolish_cursor]
                preview = self.match.demolition(sq, self.seat)
                if preview.allowed:
                    self.answer = Demolish(sq)
                else:
                    self.refuse(m, preview.reason)
            elif b.press(pad, B):
                self.mode = "menu"
        elif mode == "pass":
            self.confirm.handle(b, pad, m)
            if self.confirm.cancelled or self.confirm.chosen == 1:
                self.confirm.cancelled, self.confirm.chosen = False, None
                self.mode = "menu"
            elif self.confirm.chosen == 0:
                self.answer = PASS
        elif mode == "declare":
            if b.press(pad, A):
                if not self.offer(m, DECLARE, sound=""):
                    self.mode = self.back
            elif b.press(pad, B):
                self.mode = self.back           # back where he was, nothing else done
                play(m, "cancel")

    def choose(self, m, item: str) -> None:
        match, seat = self.match, self.seat
        if item == "Build a tower":
            if self.walled:
                self.refuse(m, f"TG4.3: {match.names[seat]} is walled in: nowhere to build")
            else:
                self.mode = "board"
        elif item == "Take back":
            self.undo_asked = True
        elif item == "Declare a double turn":
            self.offer(m, DECLARE, sound="")
        elif item == "Demolish a tower":
            own = [i for i in range(match.geo.cells) if match.owner[i] == seat]
            if match.demolished:
                self.refuse(m, "T7.1: one demolition a turn")
            elif not own:
                self.refuse(m, f"T7.1: {self.square} holds no tower of {match.names[seat]}'s")
            else:
                if match.owner[self.demolish_cursor] != seat:
                    self.demolish_cursor = own[0]
                self.mode = "demolish"
        elif self.walled:                  # T3.4: nothing else he can do (the menu said what it does)
            self.answer = PASS
        else:
            self.mode = "pass"
            self.confirm.index = 1

    # ---------------------------------------------------------------- words
    def text(self) -> str:
        if self.mode == "size":
            return tr("{who}: a < {size} > at {square}?", who=self.name, square=self.square, size=self.size)
        asks = {"menu": tr("{who}: what now?", who=self.name),
                "demolish": tr("{who}: demolish which tower?", who=self.name),
                "pass": tr("{who}: pass this turn?", who=self.name),
                "declare": tr("{who}: declare a double turn?", who=self.name)}
        if self.mode in asks:
            return asks[self.mode]
        if self.only_pass:
            return tr("{who}: walled in: pass (T3.4).", who=self.name)
        if self.walled:
            return tr("{who}: walled in (TG4.3).", who=self.name)
        if self.top > 0:
            return tr("{who}: {square} takes a tower up to {size}.", who=self.name, square=self.square, size=self.top)
        return tr("{who}: nothing of yours can go on {square}.", who=self.name, square=self.square)

    def asked(self, m) -> list[tuple[str, tuple]]:
        """What the text box says under the question: the cursor's square (why no taller tower
        stands there: T3.3), TG4.3's warning, that the answer ends the game."""
        out: list[tuple[str, tuple]] = []
        mode, match, names = self.mode, self.match, self.names
        if mode == "board":
            if self.walled:
                if self.pass_ends:
                    return [(tr("Nowhere is left to build: B, then A passes, and your pass ends the game (TG6.1)."),
                             GOLD)]
                return [(tr("Nowhere is left to build: B, then A passes the turn (T3.4)."), TABLE_INFO)]
            if self.last and self.top > 0:        # T6.1: the answer that ends the game says so
                out.append((tr("The last empty square: a tower here ends the game (T6.1)."), GOLD))
            threat = [e for sq, e in self.threats if sq == self.square]
            pair = [(a, b, e) for a, b, e in self.doubles if self.square in (a, b)]
            if threat:                    # TG4.3's warnings first: the text box leaves out the last line first
                out.append((tr("Danger: a tower of {who}'s here walls you in (TG4.3). Build here yourself?",
                               who=names[threat[0]]), WARN))
            elif pair:
                a, b, e = pair[0]
                out.append((tr("Danger: a double turn of {who}'s on {a} and {square} walls you in (TG4.3, T5.1).",
                               who=names[e], a=a, square=b), WARN))
            elif self.threats:
                out.append((tr("Careful: one more enemy tower on a red corner walls you in (TG4.3)."), WARN))
            elif self.doubles:
                out.append((tr("Careful: a double turn of {who}'s on two red corners walls you in (TG4.3, T5.1).",
                               who=names[self.doubles[0][2]]), WARN))
            if self.top > 0:
                out.append((refused_size(self.why, self.top + 1), TABLE_INFO))
            else:
                out.append((explain(self.why), RED))
        elif mode == "size":
            if self.last and self.size <= self.top:
                out.append((tr("The last empty square: this tower ends the game (T6.1)."), GOLD))
            if self.size <= self.top:
                storeys = self.size * rules().storeys_per_size
                out.append((tr("A {size} is {storeys} storey(s): your sum grows by {size}. The tallest here: {top}.",
                               size=self.size, storeys=storeys, top=self.top), TABLE_INFO))
            elif self.size == self.top + 1:
                out.append((refused_size(self.why, self.size), RED))
            else:
                out.append((tr("Not {size}: the tallest here is {top} (T3.3).", size=self.size, top=self.top), RED))
        elif mode == "menu":
            item = self.items[self.menu.index]
            left = match.double_turns_left(self.seat)
            text = {"Build a tower": tr("Walled in: no square is left to build on (TG4.3).") if self.walled else
                    tr("Back to the board: choose a square."),
                    "Take back": tr("Take back {what}: as if it had not been given.", what=tr(self.undo)),
                    "Declare a double turn": tr("An extra turn after this one ({k} left, T5.1).", k=left),
                    "Demolish a tower": tr("Remove one of your towers, then build as usual (T7.1).")
                    if match.options["demolish"] == "advanced" else
                    tr("Remove one of your towers; every tower left unsupported falls (T7.2)."),
                    "Pass the turn": self.pass_words()}[item]
            out.append((text, GOLD if item == "Pass the turn" and self.pass_ends else TABLE_INFO))
            if item == "Declare a double turn" and self.doubles:      # TG4.3: what a rival's would do
                a, b, e = self.doubles[0]
                out.append((tr("{who} can wall you in with a double turn on {a} and {b} (TG4.3).",
                               who=names[e], a=a, b=b), WARN))
        elif mode == "demolish":
            sq = match.geo.names[self.demolish_cursor]
            preview = match.demolition(sq, self.seat)
            if preview.allowed:
                if preview.walls_in:                   # TG7.3, TG4.3: first, it matters most
                    out.append((explain(preview.warning), RED))
                if preview.falls:
                    out.append((tr("{square}: demolish it; these fall with it: {falls}.", square=sq,
                                   falls=", ".join(preview.falls)), WARN))
                else:
                    out.append((tr("{square}: demolish it; nothing else falls.", square=sq), TABLE_INFO))
            else:
                out.append((explain(preview.reason, match.names[self.seat]), RED))
        elif mode == "pass":
            out.append((self.pass_words(), GOLD if self.pass_ends else TABLE_INFO))
        elif mode == "declare":
            left = match.double_turns_left(self.seat)
            out.append((tr("A: an extra turn right after this one ({k} left after it, T5.1). B: back.", k=left - 1),
                        TABLE_INFO))
        return out

    def pass_words(self) -> str:
        """What a pass does now (TG6.1): it ends the game at once, or the next player is asked."""
        if self.pass_ends:
            return tr("Everyone else has passed since the last tower: your pass ends the game (TG6.1).")
        if self.walled:
            return tr("You can only pass (T3.4); the next player may then end the game (T6.1).")
        return tr("Build nothing this turn; the next player may then end the game (T6.1).")

    def keys(self) -> list[str]:
        mode = self.mode
        if mode == "board":
            keys = [tr("B: pass")] if self.walled else [tr("A: build"), tr("B: more")]
            if self.match.can_declare(self.seat):
                keys.append(tr("Y: double"))
            return keys + [tr("X: status")]
        first = {"size": [tr("</>: size"), tr("A: build")], "demolish": [tr("A: demolish")],
                 "declare": [tr("A: declare")]}
        return first.get(mode, [tr("A: choose")]) + [tr("B: back")]


# ---------------------------------------------------------------- end the game? (T6.1, TG6.1)
class EndPrompt(Prompt):
    """After a pass, the next seat is asked: yes ends the game (the higher sum wins), no plays on
    (TG6.1: a pass that completes a round of passes ends it with nobody asked). What each answer
    does and the sums stand under the question (the seats named as the screen names them)."""

    def __init__(self, match, seat: int, name: str, names=None) -> None:
        super().__init__(seat, name)
        self.scores = list(match.scores())
        self.names = list(names) if names is not None else [shown_name(n) for n in match.names]
        self.passer = self.names[match.passer] if match.passer >= 0 else ""
        first = match.ranking()[0]
        self.leader = -1 if len(first) > 1 else first[0]       # who wins if it ends now (-1: a draw)
        self.top = self.scores[first[0]]
        self.next = match.turns_ahead(1)[0]                    # whose turn comes if it goes on
        self.menu = Menu(["Yes, end the game", "No, play on"], cancel=False, index=1)

    def handle(self, m, b, pad: int) -> None:
        self.menu.handle(b, pad, m)
        if self.menu.chosen is not None:
            self.answer = END_YES if self.menu.chosen == 0 else END_NO

    def text(self) -> str:
        return tr("{passer} passed: end the game, {who}?", passer=self.passer, who=self.name)

    def asked(self, m) -> list[tuple[str, tuple]]:
        """What each answer does (T6.1, T6.2, TG6.2), then the sums."""
        nxt = self.names[self.next]
        if self.leader < 0:
            does = tr("Yes: it ends in a draw at {score} (TG6.2). No: {name} plays on.", score=self.top, name=nxt)
        else:
            does = tr("Yes: it ends, {who} wins with {score} (T6.2). No: {name} plays on.",
                      who=self.names[self.leader], score=self.top, name=nxt)
        sums = ", ".join(f"{n} {s}" for n, s in zip(self.names, self.scores))
        return [(does, TABLE_INFO), (tr("The sums now: {sums}.", sums=sums), TABLE_INFO)]

    def keys(self) -> list[str]:
        return [tr("A: choose")]


__all__ = ["Prompt", "PickPrompt", "PlacePrompt", "EndPrompt", "grid_pick", "grid_buttons"]

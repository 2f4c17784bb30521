"""The autopilot: a synthetic player that plays whole games from power on by pressing buttons as
a person would (movies, ``tdream bench``, tests), for every game. Deterministic: the same machine
state gives the same presses.

``Autopilot(game, ...)`` drives one pad (``pad``) or every pad (``pad=-1``, each for its own seat).
On the title it goes left or right to the game (left/right, or L/R once the menu is open), opens
its menu and chooses the mode; on the set-up (the shell's ``SetupScene``, every game's) it chooses seat 1's
``profile`` and makes seats 2 to ``humans`` people (``humans=2``: seat 2) where asked, then starts; on the profiles
screen it chooses the profile (the last item, a new one, when it is not there yet); at the table
it answers its seats' prompts after the table's guard, hurrying the text now and then; from the
results it goes back to the title (``again``, and in the Campaign); any other screen it closes
with B. A press is a change: it presses every other frame.

What a game does its own way is its ``Pilot`` (``GameFrontend.autopilot`` hands it over): how its
prompts are answered (by default the answer its CPU player would give, pressed through the
table's ``TableScene.pilot``), whether its table asks one seat at a time through the text box
(``each_seat = False``: that prompt, the same press on every pad) or several seats at once (each
pad its own seat's prompt), its own screens, and its CPU player. ``options`` are the game's own
settings of its pilot (how long a die spins, how often to build).
"""
from __future__ import annotations

from typing import Any

from .constants import A, B, DOWN, L, LEFT, R, RIGHT, START, UP
from .scenes.modes import ProfileScene
from .scenes.results import ResultsScene
from .scenes.setup import SetupScene
from .scenes.title import TitleScene, playable
from .table import TableScene


class Pilot:
    """What a game's autopilot does that is its own (the shell's defaults: answers its CPU player
    would give, pressed through ``TableScene.pilot``)."""

    each_seat = True                 # each pad answers its own seat's prompt (False: the text box's, on every pad)

    def player(self, ap: "Autopilot", game):
        """The CPU player the autopilot asks what to answer (its own seed)."""
        kind = ap.kind or next((k for k in game.cpu_kinds() if k != "random"), "random")
        return game.make_player(kind, ap.seed + max(ap.pad, 0))

    def answer(self, ap: "Autopilot", table, prompt, seat: int) -> int:
        """The button at ``prompt`` (past the table's guard) of ``seat`` on this frame (0: wait)."""
        return table.pilot(prompt, ap.plan(table, prompt, seat))

    def idle(self, ap: "Autopilot", table, pad: int, seat: int | None) -> int:
        """The button while its seat has no prompt to answer: A now and then on the table's
        control pad (a person hurrying the text)."""
        if seat is None or pad != table.control_pad:
            return 0
        return A if ap.hurry and ap.count % 6 == 0 else 0

    @staticmethod
    def walk(here: tuple[int, int], there: tuple[int, int]) -> int:
        """The d-pad button that moves a cursor at ``here`` (column, row; rows counted down the
        screen) toward ``there``: along the row first, then the column; A once there."""
        if here[0] != there[0]:
            return RIGHT if there[0] > here[0] else LEFT
        if here[1] != there[1]:
            return DOWN if there[1] > here[1] else UP
        return A

    def screen(self, ap: "Autopilot", top, pad: int) -> int | None:
        """The button on a screen of the game's own (pressed on every other frame), or None: not
        one of its own."""
        return None


class Autopilot:
    def __init__(self, game: str, pad: int = 0, again: bool = False, mode: str = "", spectate: bool = False,
                 profile: str | None = None, humans: int = 1, kind: str = "", seed: int = 7, hurry: bool = True,
                 pilot: Pilot | None = None, **options: Any) -> None:
        self.game = game
        self.pad = pad                    # the pad it plays on (-1: every pad, each for its own seat)
        self.again = again
        self.mode = mode or ("Spectate" if spectate else "Free play")      # the title menu's item
        self.profile = profile            # a profile (already in the database) for seat 1 / the campaign
        self.humans = humans              # seats made people at the set-up (2: seat 2 too, 3: seats 2 and 3)
        self.kind = kind                  # the CPU player it asks (default: the game's first but random)
        self.seed = seed
        self.hurry = hurry                # A now and then while the text types out (a person in a hurry)
        self.pilot = pilot or Pilot()
        self.options = options            # the game's own settings of its pilot
        self.count = 0                    # frames
        self.prompts: dict[str, int] = {}     # prompts seen, by kind
        self.tally: dict[str, int] = {}       # what the game's pilot counts of its own
        self.tables = 0                   # tables seen
        self.table: TableScene | None = None
        self.player: Any = None           # the CPU player it asks (``Pilot.player``)
        self.planned: dict[int, tuple] = {}   # seat -> (the prompt it has a plan for, the plan)
        self.seen: dict[int, Any] = {}    # seat -> the prompt last counted
        self.last: Any = None             # the text box's prompt last seen (``each_seat`` False)
        self.waited = 0                   # frames at that prompt past the table's guard

    def buttons(self, m) -> tuple[int, int, int, int]:
        """This frame's pad states: on pad ``pad``, or on every pad when ``pad`` is -1."""
        self.count += 1
        top = m.stack[-1]
        if self.pad >= 0:
            out = [0, 0, 0, 0]
            out[self.pad] = self.press(m, self.pad)
            return tuple(out)  # type: ignore[return-value]
        if isinstance(top, TableScene) and not self.pilot.each_seat:
            press = self.press(m, 0)
            return (press, press, press, press)
        return tuple(self.press(m, p) for p in range(4))  # type: ignore[return-value]

    def press(self, m, pad: int) -> int:
        top = m.stack[-1]
        odd = self.count % 2 == 0            # a press is a change: every other frame
        if isinstance(top, TableScene):
            if top is not self.table:
                self.table = top
                self.tables += 1
            if self.pilot.each_seat:
                return self.at_seat(top, pad) if odd else 0
            return self.at_box(top)
        if not odd:
            return 0
        own = self.pilot.screen(self, top, pad)
        if own is not None:
            return own
        if isinstance(top, TitleScene):
            return self.at_title(top)
        if isinstance(top, SetupScene):
            return self.at_setup(top) if pad == max(self.pad, 0) else 0
        if isinstance(top, ProfileScene):
            items = top.menu.items
            want = items.index(self.profile) if self.profile in items else len(items) - 1
            return DOWN if top.menu.index != want else A
        if isinstance(top, ResultsScene):
            return A if (self.again or self.mode == "Campaign") and pad == max(self.pad, 0) else 0
        return B

    def at_title(self, top) -> int:
        games = playable()
        if top.game != self.game:
            ahead = (games.index(self.game) - games.index(str(top.game))) % len(games)
            step = (R, L) if top.menu is not None else (RIGHT, LEFT)
            return step[0] if ahead <= len(games) // 2 else step[1]
        if top.menu is None:
            return START
        want = top.menu.items.index(self.mode)
        return DOWN if top.menu.index != want else A

    def at_setup(self, top) -> int:
        seat0 = top.rows.index("seat0")
        if self.profile and "human" in top.seats and top.profiles[0] != self.profile:
            return DOWN if top.index != seat0 else A
        for k in range(1, min(self.humans, len(top.seats))):     # seats 2..humans made people, in order
            if top.seats[k] != "human":
                row = top.rows.index(f"seat{k}")
                return UP if top.index > row else DOWN if top.index < row else LEFT
        return START

    def at_seat(self, table, pad: int) -> int:
        """Pad ``pad`` at a table where each seat answers on its own pad."""
        seat = table.seat_of_pad(pad)
        prompt = table.prompts.get(seat) if seat is not None else None
        if (table.beat is not None and not table.live_beat(table.beat)) or prompt is None:
            return self.pilot.idle(self, table, pad, seat)
        if prompt.age < table.prompt_guard:
            return 0
        if self.seen.get(seat) is not prompt:
            self.seen[seat] = prompt
            self.count_prompt(prompt)
        return self.pilot.answer(self, table, prompt, seat)

    def at_box(self, table) -> int:
        """A table that asks one seat at a time through its text box: that prompt, on every pad
        (the first frame it is seen, nothing)."""
        prompt = table.prompt if table.beat is None else None
        if prompt is None:
            self.last = None
            return A if self.hurry and self.count % 6 == 0 else 0      # hurry the text now and then
        if prompt is not self.last:
            self.last = prompt
            self.waited = 0
            self.count_prompt(prompt)
            return 0
        if table.prompt_age < table.prompt_guard:         # not taking presses yet: a person waits too
            return 0
        self.waited += 1
        return self.pilot.answer(self, table, prompt, prompt.seat)

    def count_prompt(self, prompt) -> None:
        kind = prompt.kind or type(prompt).__name__
        self.prompts[kind] = self.prompts.get(kind, 0) + 1

    def plan(self, table, prompt, seat: int):
        """What the game's CPU player would answer at ``prompt`` on ``seat``'s view (asked once
        a prompt)."""
        got = self.planned.get(seat)
        if got is None or got[0] is not prompt:
            if self.player is None:
                self.player = self.pilot.player(self, table.gamedef)
            got = self.planned[seat] = (prompt, self.player.choose(table.game.view(seat), seat))
        return got[1]


__all__ = ["Autopilot", "Pilot"]

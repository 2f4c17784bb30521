"""The shell's autopilot: a synthetic player that plays a whole game from power on by pressing
buttons as a person would (movies, ``tdream bench``, tests), for a game whose front end is the
shell's (``GameFrontend.autopilot``) and whose table gives ``TableScene.pilot``. Deterministic:
the same machine state gives the same presses.

On the title it goes left or right to the game, opens its menu and chooses the mode; it starts
the shell's set-up as it stands (``scenes/setup.py``); at the table it answers its seat's prompts
as the game's CPU player of ``kind`` would on the seat's view (asked once a prompt), each button
from the table's ``pilot``; it hurries the text now and then, closes any other screen with B,
and from the results goes back to the title (``again``).
"""
from __future__ import annotations

from typing import Any

from .constants import A, B, DOWN, L, LEFT, R, RIGHT, START


class Autopilot:
    def __init__(self, game: str, pad: int = 0, again: bool = False, mode: str = "", spectate: bool = False,
                 kind: str = "", seed: int = 7) -> None:
        self.game = game
        self.pad = pad                    # the pad it plays on
        self.again = again
        self.mode = mode or ("Spectate" if spectate else "Free play")
        self.kind = kind                  # the CPU player it asks (default: the game's first but random)
        self.seed = seed
        self.count = 0
        self.prompts = 0                  # prompts answered
        self.player: Any = None           # the game's CPU player it asks (its own seed)
        self.planned = None               # the prompt it has a plan for, and the plan
        self.answer = None

    def buttons(self, m) -> tuple[int, int, int, int]:
        self.count += 1
        out = [0, 0, 0, 0]
        if self.count % 2 == 0:           # a press is a change: every other frame
            out[self.pad] = self.press(m)
        return tuple(out)  # type: ignore[return-value]

    def press(self, m) -> int:
        from .scenes.results import ResultsScene
        from .scenes.setup import SetupScene
        from .scenes.title import TitleScene, playable
        from .table import TableScene
        top = m.stack[-1]
        if isinstance(top, TitleScene):
            games = playable()
            if top.game != self.game:
                ahead = (games.index(self.game) - games.index(str(top.game))) % len(games)
                step = (R, L) if top.menu is not None else (RIGHT, LEFT)
                return step[0] if ahead <= len(games) // 2 else step[1]
            if top.menu is None:
                return START
            want = top.menu.items.index(self.mode)
            return DOWN if top.menu.index != want else A
        if isinstance(top, SetupScene):
            return START
        if isinstance(top, ResultsScene):
            return A if self.again else 0
        if isinstance(top, TableScene):
            return self.play(top)
        return B

    def play(self, table) -> int:
        seat = table.seat_of_pad(self.pad)
        prompt = table.prompts.get(seat) if seat is not None else None
        if table.beat is not None or prompt is None:
            return A if seat is not None and self.count % 6 == 0 else 0      # hurry the text now and then
        if prompt.age < table.prompt_guard:
            return 0
        if self.planned is not prompt:
            game = table.gamedef
            if self.player is None:
                kind = self.kind or next((k for k in game.cpu_kinds() if k != "random"), "random")
                self.player = game.make_player(kind, self.seed + self.pad)
            self.planned, self.answer = prompt, self.player.choose(table.game.view(seat), seat)
            self.prompts += 1
        return table.pilot(prompt, self.answer)


__all__ = ["Autopilot"]

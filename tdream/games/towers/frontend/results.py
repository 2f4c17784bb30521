"""Results (PRESENTATION.md screen 15) for Towers: the shell's results beside the final board,
each player's sum of sizes (T6.2) broken down by tower size under his name, the verdict. Each
player is marked by a small tower of his colour and roof (the board's own), not a token."""
from __future__ import annotations

from ....frontend.scenes.results import Column, Ranking, ResultsScene
from ....frontend.text import tr
from . import boardview as bv

REASONS = {"full": "the board is full", "ended": "ended after a pass", "passes": "a round of passes"}


class TowersResults(ResultsScene):
    def subtitle(self, m) -> str:
        match = self.table.host.match
        reason = match.result().reason
        return tr("{n}x{n} board, {k} turn(s): {why}", n=match.n, k=match.progress(),
                  why=tr(REASONS.get(reason, reason)))

    def ranking(self, m) -> Ranking:
        host = self.table.host
        match = host.match
        res = match.result()
        under = []
        for p in range(len(match.names)):
            parts = dict(host.game.score_parts(match, p))
            under.append(tr("= {a} + {b} + {c}", a=parts.get("towers 1-3", 0), b=parts.get("towers 4-6", 0),
                            c=parts.get("towers 7-9", 0)))
        verdict = (tr("A draw: equal sums (TG6.2).") if len(res.ranking[0]) > 1 else
                   tr("{who} wins: the higher sum of sizes (T6.2).", who=self.table.names[res.ranking[0][0]]))
        return Ranking([Column(tr("Sums (sizes 1-3/4-6/7-9)"), best=True)], [[str(s)] for s in res.scores],
                       under=under, verdict=verdict)

    def draw_aside(self, m, surface) -> tuple[int, int]:
        """The final board, left of the ranking."""
        host = self.table.host
        match = host.match
        cell = 104 // match.n
        pic = bv.board_picture(m.font, match.n, cell, match.owner, match.size, match.claims(), host.colour_of)
        surface.blit(pic, (8, 32))
        return 122, 32 + pic.get_height()

    def draw_mark(self, m, surface, p: int, x: int, y: int) -> None:
        """His tower, never a token like a cup."""
        t = bv.tower(5, self.table.host.colour_of[p], 16)
        surface.blit(t, (x - 1, y + 9 - t.get_height()))

"""Results (PRESENTATION.md screen 15) for CAT TOWER: the ranking with each player's breakdown
by good (C5.7: house, felt, butterfly, dishes, cushion, mouse, towers), his completed towers,
the scores over the game, the record."""
from __future__ import annotations

from ....frontend.constants import GOLD, GREY, INK, PLAYER_COLOURS, WHITE, rgb15
from ....frontend.scenes.results import ResultsScene, record_note
from ....frontend.text import shown_name, tr
from ....platform.protocol import places
from ....frontend import widgets
from ....frontend.widgets import fit
from ..scoring import PARTS
from . import sheetview as sv

DIM = rgb15(160, 168, 200)


class CatTowerResults(ResultsScene):
    def draw(self, m, surface) -> None:
        host = self.table.host
        match = host.match
        font = m.font
        surface.fill(INK)
        widgets.window(surface, (0, 0, 256, 224))
        font.draw(surface, tr("RESULTS"), 128, 5, GOLD, align="centre")
        res = match.result()
        font.draw(surface, tr("{k} round(s): three towers (C4.2)", k=match.progress()), 128, 18, INFO, "small",
                  align="centre")
        names = [shown_name(n) for n in match.names]  # as the screen says them (issue 36: TableScene.names)
        bd = match.breakdown()
        rights = self.columns(m, bd, res.scores)
        for part, r in zip(PARTS, rights):           # the parts' pictures as column heads
            sv.icon(surface, sv.PART_GOOD[part], r - 6, 31)
        font.draw(surface, tr("total"), 250, 30, DIM, "small", align="right")
        name_w = min(72, rights[0] - 5 - max(font.width(str(bd[p][PARTS[0]]), "small") for p in range(len(names)))
                     - 3 - 32)
        y = 42
        for rank, group in places(res.ranking):
            for p in group:
                colour = PLAYER_COLOURS[host.colour_of[p]]
                font.draw(surface, f"{rank}.", 8, y, GOLD if rank == 1 else WHITE, "small")
                surface.blit(m.art.tokens[host.colour_of[p]], (18, y - 2))
                font.draw(surface, fit(font, names[p], name_w), 32, y, colour, "small")
                for part, r in zip(PARTS, rights):
                    font.draw(surface, str(bd[p][part]), r, y, WHITE, "small", align="right")
                font.draw(surface, str(res.scores[p]), 250, y, GOLD if rank == 1 else WHITE, "small", align="right")
                towers = ", ".join(f"{t}" + ("*" if first else "") for t, _, first in match.completed[p])
                font.draw(surface, tr("towers {list}", list=towers or "-"), 32, y + 9, DIM, "small")
                y += 20
        font.draw(surface, tr("* completed first (the left value, C4.1)"), 250, y, DIM, "small", align="right")
        if len(res.ranking[0]) > 1:
            verdict = tr("A shared first place (CG4.1).")
        else:
            verdict = tr("{who} wins with {score} (C5.7).", who=names[res.ranking[0][0]],
                         score=res.scores[res.ranking[0][0]])
        font.draw(surface, fit(font, verdict, 240, "main"), 128, y + 10, GOLD, align="centre")
        self.draw_graph(m, surface, (16, 158, 228, 28))
        note = record_note(m, host)                  # the shell's one short line, over the keys
        if note:
            font.draw(surface, fit(font, note, 244), 6, 189, GREY, "small")
        self.draw_footer(m, surface)

    @staticmethod
    def columns(m, bd: list, scores) -> list[int]:
        """Each part's column's right edge: as wide as its widest value (its picture at least), a
        gap of 5 between, laid from the total's column leftwards (three digits never run into the
        next column's; a name of 72 pixels keeps its room while the numbers allow)."""
        font = m.font
        edge = 250 - max([font.width(tr("total"), "small")] + [font.width(str(v), "small") for v in scores]) - 5
        rights: list[int] = []
        for part in reversed(PARTS):
            w = max([7] + [font.width(str(row[part]), "small") for row in bd])
            rights.insert(0, edge)
            edge -= w + 5
        return rights


INFO = rgb15(200, 216, 248)

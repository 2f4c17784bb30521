"""Results (PRESENTATION.md screen 15) for CAT TOWER: the shell's results, ranked by each
player's breakdown by good (C5.7: house, felt, butterfly, dishes, cushion, mouse, towers) under
the goods' pictures, his completed towers under his name, and the verdict."""
from __future__ import annotations

from ....frontend.scenes.results import Column, Ranking, ResultsScene
from ....frontend.text import tr
from ..scoring import PARTS
from . import sheetview as sv


def _picture(part: str):
    """A part's column heading: its good's picture over the column's right edge."""
    return lambda surface, right, y: sv.icon(surface, sv.PART_GOOD[part], right - 6, y - 1)


class CatTowerResults(ResultsScene):
    def subtitle(self, m) -> str:
        return tr("{k} round(s): three towers (C4.2)", k=self.table.host.match.progress())

    def ranking(self, m) -> Ranking:
        match = self.table.host.match
        res = match.result()
        bd = match.breakdown()
        seats = range(len(match.names))
        towers = [", ".join(f"{t}" + ("*" if first else "") for t, _, first in match.completed[p]) for p in seats]
        win = res.ranking[0]
        verdict = (tr("A shared first place (CG4.1).") if len(win) > 1 else
                   tr("{who} wins with {score} (C5.7).", who=self.table.names[win[0]], score=res.scores[win[0]]))
        return Ranking([Column(least=7, picture=_picture(part)) for part in PARTS] + [Column(tr("total"), best=True)],
                       [[str(bd[p][part]) for part in PARTS] + [str(res.scores[p])] for p in seats],
                       under=[tr("towers {list}", list=t or "-") for t in towers], verdict=verdict,
                       notes=(tr("* completed first (the left value, C4.1)"),), gap=5)

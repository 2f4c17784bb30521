"""Tower Up's results (U5.3, U5.4): the shell's results, ranked by the game's own breakdown (the
vehicles' points, visible roofs, the cone's points, objective chips, the total), and under each
name the four vehicles' columns and points beside their roof swatches, his chips."""
from __future__ import annotations

from ....frontend.constants import LABEL
from ....frontend.scenes.results import Column, Ranking, ResultsScene
from ....frontend.text import tr
from .. import GAME
from .cityview import swatch


class TowerUpResults(ResultsScene):
    def subtitle(self, m) -> str:
        match = self.table.host.match
        why = tr(GAME.words.reason(match.result().reason)) if match.over else tr("not over")
        return tr("{k} turn(s): {why}", k=match.progress(), why=why)

    def ranking(self, m) -> Ranking:
        match = self.table.host.match
        cells = []
        for p in range(len(match.names)):
            total, vehicles, cone, chips, visible = match.score_parts(p)
            cells.append([str(vehicles), str(visible), str(cone), str(chips), str(total)])
        columns = [Column(tr(k)) for k in ("Vehicles", "Roofs", "Cone", "Chips")] + [Column(tr("Score"), best=True)]
        return Ranking(columns, cells, tall=True, notes=(tr("Roofs: the visible ones, the cone's column."),
                                                         tr("Under a name: each vehicle's column:points.")))

    def draw_under(self, m, surface, p: int, x: int, y: int, right: list[int]) -> None:
        """Each vehicle's column and its points beside its roof's swatch; his chips' values."""
        match = self.table.host.match
        vals = match.rules.tracks.values
        for c in range(4):
            col = match.veh[p][c]
            swatch(surface, c, x + c * 33, y, 6, 6)
            m.font.draw(surface, f"{col}:{vals[col]}", x + c * 33 + 7, y - 1, LABEL, "small")
        held = " ".join(str(v) for _o, v in match.chips[p])
        if held:
            m.font.draw(surface, held, right[3], y - 1, LABEL, "small", align="right")


__all__ = ["TowerUpResults"]

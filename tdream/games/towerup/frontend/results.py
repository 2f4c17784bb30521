"""Tower Up's results (U5.3, U5.4): the shell's results screen with each player's breakdown in
the game's own words: the four vehicles' columns and points, visible roofs and the cone's
points, objective chips, the total; why the game ended; the scores over the game."""
from __future__ import annotations

from ....frontend.constants import GOLD, GREY, INK, PLAYER_COLOURS, WHITE, rgb15
from ....frontend.scenes.results import ResultsScene, record_note
from ....frontend.text import tr
from ....platform.protocol import places
from ....frontend.widgets import fit, window
from .. import GAME
from .cityview import swatch

HEAD = rgb15(160, 168, 200)


class TowerUpResults(ResultsScene):
    def draw(self, m, surface) -> None:
        host = self.table.host
        match = host.match
        font = m.font
        surface.fill(INK)
        window(surface, (0, 0, 256, 224))
        font.draw(surface, tr("RESULTS"), 128, 4, GOLD, align="centre")
        res = match.result()
        why = tr(GAME.words.reason(res.reason)) if match.over else tr("not over")
        font.draw(surface, fit(font, tr("{k} turn(s): {why}", k=match.progress(), why=why), 244), 128, 17, HEAD,
                  "small", align="centre")
        labels = [tr("Vehicles"), tr("Roofs"), tr("Cone"), tr("Chips"), tr("Score")]
        rows = {}
        for p in range(len(match.names)):
            total, vehicles, cone, chips, visible = match.score_parts(p)
            rows[p] = [str(vehicles), str(visible), str(cone), str(chips), str(total)]
        widths = [max([font.width(label, "small")] + [font.width(r[i], "small") for r in rows.values()])
                  for i, label in enumerate(labels)]
        right, edge = [], 250
        for w in reversed(widths):
            right.insert(0, edge)
            edge -= w + 8
        y = 28
        for label, r in zip(labels, right):
            font.draw(surface, label, r, y, HEAD, "small", align="right")
        y += 9
        vals = match.rules.tracks.values
        values_w = max(font.width(r[0], "small") for r in rows.values())   # the labels stand on their own row
        name_w = right[0] - values_w - 30 - 6
        for rank, group in places(res.ranking):
            for p in group:
                font.draw(surface, f"{rank}.", 6, y, GOLD if rank == 1 else WHITE, "small")
                surface.blit(m.art.tokens[host.colour_of[p]], (16, y - 2))
                font.draw(surface, fit(font, self.table.names[p], name_w, "small"), 30, y,
                          PLAYER_COLOURS[host.colour_of[p]], "small")
                for i, (value, r) in enumerate(zip(rows[p], right)):
                    font.draw(surface, value, r, y, GOLD if i == 4 else WHITE, "small", align="right")
                y += 9
                for c in range(4):                       # each vehicle's column and its points
                    col = match.veh[p][c]
                    x = 30 + c * 33
                    swatch(surface, c, x, y, 6, 6)
                    font.draw(surface, f"{col}:{vals[col]}", x + 7, y - 1, HEAD, "small")
                held = " ".join(str(v) for _o, v in match.chips[p])
                if held:
                    font.draw(surface, held, right[3], y - 1, HEAD, "small", align="right")
                y += 11
        font.draw(surface, tr("Roofs: the visible ones, the cone's column."), 128, 118, HEAD, "small", align="centre")
        font.draw(surface, tr("Under a name: each vehicle's column:points."), 128, 127, HEAD, "small", align="centre")
        self.draw_graph(m, surface, (16, 146, 228, 40))
        note = record_note(m, host)                     # where to watch it again, never a file's path
        if note:                                        # (the shell's results say it so too)
            font.draw(surface, fit(font, note, 244), 6, 189, GREY, "small")
        self.draw_footer(m, surface)


__all__ = ["TowerUpResults"]

"""Style figures: how each seat played a game of Tower Up, counted from the engine's events
(issue 24, as Tower Dream's ``style.py``). ``simulate --json`` and ``tournament`` average them per
character (``GameDef.style``: ``STYLE``, a ``StyleFigures``).

Per seat and game: builds and takes (turns of each), the share of his turns that built, rivals'
roofs he covered and his roofs rivals covered (U3.4), roofs he placed on a tower a rival had
roofed, the mean height of his roofs (U3.5), builds on odd sites (1-2 streets, or a park), extra
turns earned (U4.2), objectives met and their chip points (U4.3), floors taken from cards and
given back (U3.3), the floors he held after each of his turns (mean), and at the end his
vehicles' furthest column and his visible roofs (the cone, U5.3).
"""
from __future__ import annotations

from ...platform import style
from ...platform.protocol import StyleFigures
from . import events as ev
from .answers import Build, Take

FIGURES = ("builds", "takes", "build_share", "roofs_covered", "roofs_lost", "roofs_on_rivals", "roof_height",
           "odd_sites", "extra_turns", "objectives", "chip_points", "floors_taken", "floors_given_back",
           "floors_held", "track_top", "visible_roofs")
# The figure that is each character's style (docs/games/towerup.md, "The CPU").
SIGNATURE = {
    "kenta": "roofs_on_rivals", "yuka": "objectives", "joji": "roof_height", "marimo": "track_top",
    "tamasaburo": "visible_roofs", "hikozaemon": "floors_held", "hazumi": "odd_sites",
    "cosmic-will": "build_share", "yuderu": "roofs_covered",
}
_COUNTED = ("builds", "takes", "roofs_covered", "roofs_lost", "roofs_on_rivals", "odd_sites", "extra_turns",
            "objectives", "chip_points", "floors_taken", "floors_given_back")


class StyleCounter:
    """Feed it every apply's events (``observe``); ``figures(match)`` at the end."""

    def __init__(self, seats: int) -> None:
        self.n = seats
        self.count = {f: [0] * seats for f in _COUNTED}
        self.heights = [0] * seats           # the sum of his roofs' heights
        self.roofs = [0] * seats             # roofs he placed
        self.held = [0] * seats              # the sum of the floors he held after each of his turns
        self.turns = [0] * seats

    def observe(self, match, seat: int, answer, events: list) -> None:
        """The events of ``answer``, given by ``seat`` (-1 for chance)."""
        c = self.count
        t = type(answer)
        if t is Take:
            c["takes"][seat] += 1
        elif t is Build:
            c["builds"][seat] += 1
            city = match.rules.city
            s = city.index[answer.site]
            if len(city.adj[s]) <= 2 or city.park[s]:
                c["odd_sites"][seat] += 1
        for e in events:
            k = type(e)
            if k is ev.RoofCovered:
                if e.owner != e.by:
                    c["roofs_covered"][e.by] += 1
                    c["roofs_lost"][e.owner] += 1
            elif k is ev.RoofPlaced:
                self.roofs[e.player] += 1
                self.heights[e.player] += e.height
                below = match.rf[match.rules.city.index[e.site]][:-1]
                if any(o >= 0 and o != e.player for o in below):
                    c["roofs_on_rivals"][e.player] += 1
            elif k is ev.ExtraTurnEarned:
                c["extra_turns"][e.player] += 1
            elif k is ev.ObjectiveMet:
                c["objectives"][e.player] += 1
                c["chip_points"][e.player] += e.chip
            elif k is ev.CardTaken:
                c["floors_taken"][e.player] += len(e.colours)
            elif k is ev.FloorsDiscarded:
                c["floors_given_back"][e.player] += len(e.colours)
        if t in (Take, Build) and 0 <= seat < self.n:
            self.turns[seat] += 1
            self.held[seat] += sum(match.stock[seat])

    def figures(self, match) -> list[dict]:
        """Each seat's figures for the game (by seat)."""
        out = []
        for p in range(self.n):
            f: dict[str, float] = {k: v[p] for k, v in self.count.items()}
            played = f["builds"] + f["takes"]
            f["build_share"] = round(f["builds"] / played, 4) if played else 0.0
            f["roof_height"] = round(self.heights[p] / self.roofs[p], 3) if self.roofs[p] else 0.0
            f["floors_held"] = round(self.held[p] / self.turns[p], 3) if self.turns[p] else 0.0
            f["track_top"] = max(match.veh[p])
            f["visible_roofs"] = match.score_parts(p)[4]
            out.append({k: f[k] for k in FIGURES})
        return out


def summary(results, kinds: list[str]) -> dict:
    """``StyleFigures.summary``: the means per kind, each figure's leader, and whether each
    character leads his own figure (``SIGNATURE``)."""
    return style.summary(results, kinds, FIGURES, SIGNATURE)


STYLE = StyleFigures(tuple(FIGURES), StyleCounter, summary)

__all__ = ["FIGURES", "SIGNATURE", "StyleCounter", "summary", "STYLE"]

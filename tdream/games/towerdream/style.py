"""Style figures: how each seat played a game, counted from the engine's events (issue 4).

Per seat and game: Landmarks placed, stray Landmarks (placed with no Landmark beside them),
Floors built, Floors per build, "all in" (the share of his cash he spends at each Build decision,
building nothing counting 0),
merges triggered, Owner Bonuses as Top and as Sub (how many),
Line Fee income, Floors sold (sell phase and offers), forced sales, and at the end his share of
all players' cash, his Towers (13-19 Floors, R6.3) and Grand Towers (20+). ``simulate --json`` and
``tournament`` average them per character.
"""
from __future__ import annotations

from ...platform import style
from ...platform.protocol import StyleFigures
from .rules import events as ev

FIGURES = ("landmarks", "stray_landmarks", "floors_built", "floors_per_build", "all_in", "merges", "bonus_top",
           "bonus_sub", "fee_income", "floors_sold", "forced_sales", "cash_share", "towers", "grand_towers")
# The figure that is each character's strategy (PRESENTATION.md's roster table).
SIGNATURE = {
    "kenta": "merges", "yuka": "fee_income", "joji": "towers", "marimo": "grand_towers",
    "tamasaburo": "bonus_sub", "hikozaemon": "cash_share", "hazumi": "stray_landmarks",
    "cosmic-will": "all_in", "yuderu": "bonus_top",
}


class StyleCounter:
    """Feed it every apply's events (``observe``); ``figures(game)`` at the end."""

    def __init__(self, seats: int) -> None:
        self.n = seats
        self.count = {f: [0] * seats for f in FIGURES if f not in ("floors_per_build", "cash_share", "all_in")}
        self.builds = [0] * seats
        self.spent_share = [0.0] * seats     # sum over his Build decisions of (cash spent / cash before)
        self.build_turns = [0] * seats       # Build decisions (building nothing included)
        self.placer = -1

    def observe(self, game, seat: int, answer, events: list) -> None:
        """The events of ``answer``, given by ``seat`` (-1 for chance)."""
        c = self.count
        if answer.kind == "build":
            self.build_turns[seat] += 1
        for e in events:
            t = type(e)
            if t is ev.LandmarkPlaced:
                c["landmarks"][e.player] += 1
                self.placer = e.player
                x = game.land_index(e.land)
                if all(game.owner[v] == -1 for v in game.board.adjacent[x]):
                    c["stray_landmarks"][e.player] += 1
            elif t is ev.FloorsBuilt:
                c["floors_built"][e.player] += e.floors
                self.builds[e.player] += 1
            elif t is ev.Merged:
                if self.placer >= 0:
                    c["merges"][self.placer] += 1
            elif t is ev.Payment:
                if e.reason == "build" and e.payer >= 0:
                    before = game.cash[e.payer] + e.amount
                    if before > 0:
                        self.spent_share[e.payer] += e.amount / before
                elif e.reason == "bonus_top" and e.payee >= 0:
                    c["bonus_top"][e.payee] += 1
                elif e.reason == "bonus_sub" and e.payee >= 0:
                    c["bonus_sub"][e.payee] += 1
                elif e.reason == "fee" and e.payee >= 0:
                    c["fee_income"][e.payee] += e.amount
            elif t is ev.FloorsSold:
                if e.reason in ("sell", "offer"):
                    c["floors_sold"][e.player] += e.floors
                elif e.reason == "forced_sale":
                    c["forced_sales"][e.player] += e.floors
            elif t is ev.LandmarkSold:
                c["forced_sales"][e.player] += 1

    def figures(self, game) -> list[dict]:
        """Each seat's figures for the game (in turn order)."""
        total_cash = sum(max(0, c) for c in game.cash) or 1
        out = []
        for p in range(self.n):
            f: dict[str, float] = {k: v[p] for k, v in self.count.items()}
            f["floors_per_build"] = round(f["floors_built"] / self.builds[p], 3) if self.builds[p] else 0.0
            f["all_in"] = round(self.spent_share[p] / self.build_turns[p], 4) if self.build_turns[p] else 0.0
            f["cash_share"] = round(max(0, game.cash[p]) / total_cash, 4)
            floors = [game.floors[x] for x in game.holdings[p]]
            tower, grand = game.ruleset.tower_floors, game.ruleset.grand_tower_floors   # R6.3
            f["towers"] = sum(1 for n in floors if tower <= n < grand)
            f["grand_towers"] = sum(1 for n in floors if n >= grand)
            out.append(f)
        return out


def average_by_kind(results) -> dict[str, dict[str, float]]:
    """{kind: {figure: mean per game seated}} over GameResults that carry ``style``."""
    return style.average_by_kind(results, FIGURES)


def leaders(averages: dict[str, dict[str, float]]) -> dict[str, str]:
    """For each figure, the kind with the highest average."""
    return style.leaders(averages, FIGURES)


def summary(results, kinds: list[str]) -> dict:
    """``StyleFigures.summary``: the means per kind, each figure's leader, and whether each
    character leads his own figure (``SIGNATURE``)."""
    return style.summary(results, kinds, FIGURES, SIGNATURE)


STYLE = StyleFigures(tuple(FIGURES), StyleCounter, summary)

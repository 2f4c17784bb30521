"""The characters' comments on Tower Up: its moments (slots of ``comments.yaml``); the platform's
``Commentary`` voices them, at most two an input, the biggest moments first.

A moment belongs to a seat: the character seated there voices it; a rival's side of it (his roof
covered) is the rival's. Characters not seated are spectators and, now and then, comment from the
side (``about=-1``) on the table's moments (``WORLD``: the start, a colour running out, the city
full, the final turns), which read as well from a spectator's mouth as from the trigger's: always
when the moment is the table's (``side``) and the seat says nothing, one time in three when it is
a player's own.
"""
from __future__ import annotations

from pathlib import Path

from ...platform.commentary import SEAT, SEAT_OR_WATCHER, Commentator, game_lines
from . import events as ev

PATH = Path(__file__).resolve().parent / "comments.yaml"
BIG = frozenset({"build_high", "cover_rival", "extra_chain", "objective", "last_roof", "colour_out", "city_full",
                 "final_turns", "win", "lose"})
WORLD = ("game_start", "final_turns", "colour_out", "city_full")
HIGH = 4            # a roof on a tower this high or higher is "building high"
END = {"roof": "last_roof", "supply": "colour_out", "city": "city_full"}


def game_comments():
    """(slots, lines by speaker) of the shipped file; raises DataError."""
    return game_lines(PATH, "towerup")


def _covered(com, match, e) -> list:
    return [("cover_rival", e.by, "own"), ("roof_covered", e.owner, "rival")] if e.owner != e.by else []


def _ended(com, match, e) -> list:
    return [("win", p, "own") for p in e.ranking[0]] + [("lose", p, "own") for g in e.ranking[1:] for p in g]


class TowerUpCommentary(Commentator):
    """``react(match, events) -> [Comment]``: (slot, seat, role) moments, role own, rival or side."""

    COMMENTS, GAME = PATH, "towerup"
    MOMENTS = {ev.FirstPlayerDrawn: lambda com, match, e: [("game_start", e.player, "side")],
               ev.CardTaken: "take_card", ev.FloorsDiscarded: "discard",
               ev.RoofPlaced: lambda com, match, e: [("build_high" if e.height >= HIGH else "build", e.player, "own")],
               ev.RoofCovered: _covered,
               ev.ExtraTurnEarned: lambda com, match, e: [("extra_chain" if e.chain > 1 else "extra_turn", e.player,
                                                           "own")],
               ev.ObjectiveMet: "objective",
               ev.EndBegun: lambda com, match, e: [(END[e.reason], e.player, "own")] if e.reason in END else [],
               ev.FinalTurnsBegin: lambda com, match, e: [("final_turns", e.final_turns[0] if e.final_turns else -1,
                                                           "side")],
               ev.GameEnded: _ended}
    ROLES = {"own": SEAT, "rival": SEAT, "side": SEAT_OR_WATCHER}
    BIG = BIG
    CHORUS = frozenset(WORLD)
    MOST = 2
    SALT = 0x70E2


__all__ = ["TowerUpCommentary", "game_comments", "BIG", "PATH"]

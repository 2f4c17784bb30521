"""The characters' comments on Tower Up (``comments.yaml``, read by tdream/platform/comments.py).

``TowerUpCommentary(seat_kinds, seed, talk).react(match, events)`` turns the events of one input
into at most two comments. A moment belongs to a seat: the character seated there voices it; a
rival's side of it (his roof covered) is the rival's. Characters not seated are spectators and,
now and then, comment from the side (``about=-1``) on the table's moments: the start, a colour
running out, the city full, the final turns. Every choice comes from ``Chatter``'s own
cosmetic RNG, seeded apart from the match's: comments never change an outcome. Every line is the
speaker's own moment, except the table's moments (``WORLD``), which spectators may voice too.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ...platform.comments import Chatter, load_game_comments
from ...platform.roster import CHARACTER_IDS
from ...rng import derive_seed
from . import events as ev

PATH = Path(__file__).resolve().parent / "comments.yaml"
BIG = {"build_high", "cover_rival", "extra_chain", "objective", "last_roof", "colour_out", "city_full",
       "final_turns", "win", "lose"}
# Moments of the whole table: their lines read as well from a spectator's mouth as from the trigger's.
WORLD = ("game_start", "final_turns", "colour_out", "city_full")
HIGH = 4            # a roof on a tower this high or higher is "building high"
MAX_COMMENTS = 2


@lru_cache(maxsize=1)
def game_comments():
    """(slots, lines by speaker) of the shipped file; raises DataError."""
    return load_game_comments(PATH, "towerup")


class TowerUpCommentary:
    def __init__(self, seat_kinds: list[str], seed: int = 0, talk: str = "sometimes") -> None:
        slots, lines = game_comments()
        self.slots = slots
        self.voices = [k.split(":")[0] if k.split(":")[0] in CHARACTER_IDS else None for k in seat_kinds]
        seated = [v for v in self.voices if v]
        self.spectators = [c for c in CHARACTER_IDS if c not in seated]
        self.chatter = Chatter(lines, derive_seed(seed, 0x70E2), talk)
        self.fired: list[str] = []          # every moment's slot, spoken or not (tests)

    def moments(self, match, events: list) -> list[tuple[str, int, str]]:
        """(slot, seat, role) for the moments in ``events``; role: own, rival or side."""
        out: list[tuple[str, int, str]] = []
        for e in events:
            t = type(e)
            if t is ev.FirstPlayerDrawn:
                out.append(("game_start", e.player, "side"))
            elif t is ev.CardTaken:
                out.append(("take_card", e.player, "own"))
            elif t is ev.FloorsDiscarded:
                out.append(("discard", e.player, "own"))
            elif t is ev.RoofPlaced:
                out.append(("build_high" if e.height >= HIGH else "build", e.player, "own"))
            elif t is ev.RoofCovered and e.owner != e.by:
                out.append(("cover_rival", e.by, "own"))
                out.append(("roof_covered", e.owner, "rival"))
            elif t is ev.ExtraTurnEarned:
                out.append(("extra_chain" if e.chain > 1 else "extra_turn", e.player, "own"))
            elif t is ev.ObjectiveMet:
                out.append(("objective", e.player, "own"))
            elif t is ev.EndBegun:
                slot = {"roof": "last_roof", "supply": "colour_out", "city": "city_full"}.get(e.reason)
                if slot:
                    out.append((slot, e.player, "own"))
            elif t is ev.FinalTurnsBegin:
                out.append(("final_turns", e.final_turns[0] if e.final_turns else -1, "side"))
            elif t is ev.GameEnded:
                for p in e.ranking[0]:
                    out.append(("win", p, "own"))
                for group in e.ranking[1:]:
                    for p in group:
                        out.append(("lose", p, "own"))
        return out

    def react(self, match, events: list) -> list:
        """The comments on one input's events (at most two; the biggest moments first)."""
        said = []
        moments = self.moments(match, events)
        moments.sort(key=lambda m: m[0] not in BIG)          # stable: the events' order within each
        for slot, seat, role in moments:
            self.fired.append(slot)
            if len(said) >= MAX_COMMENTS:
                continue
            big = slot in BIG
            voice = self.voices[seat] if 0 <= seat < len(self.voices) else None
            c = None
            if voice is not None and role in ("own", "rival", "side"):
                c = self.chatter.say(slot, voice, seat, big)
            if c is None and slot in WORLD and self.spectators and (role == "side" or self.chatter.rng.below(3) == 0):
                who = self.spectators[self.chatter.rng.below(len(self.spectators))]
                c = self.chatter.say(slot, who, -1, big)
            if c is not None:
                said.append(c)
        return said


__all__ = ["TowerUpCommentary", "game_comments", "BIG", "PATH"]

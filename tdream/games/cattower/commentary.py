"""The characters' comments on CAT TOWER (``comments.yaml`` beside this file; the format and
``Chatter`` of ``tdream.platform.comments``).

``CatTowerCommentary(seat_kinds, seed, talk).react(match, events)`` turns the events of one input
into comments. Each moment belongs to a seat: the seated character there voices it (a human's or
the ``random`` player's moment is left unvoiced); some moments are the rivals' (a left value
crossed out, a rival one cell from the end); the characters not seated (spectators) speak now
and then from the side (``about = -1``): the start, big moments, the last round, between rounds.
Every choice comes from the commentary's own cosmetic RNG: comments never change an outcome,
and never tell a drawing before everyone has drawn (they read events only).
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ...platform.comments import Chatter, Comment, load_game_comments
from ...platform.roster import CHARACTER_IDS
from ...rng import Rng, derive_seed
from . import events as ev
from .answers import CUSHION, FELT, MOUSE

COMMENTS_PATH = Path(__file__).resolve().parent / "comments.yaml"
BIG = ("mouse_group", "house_big", "tower_first", "one_cell", "won", "lost", "game_start")
SPECTATOR_SLOTS = ("game_start", "sideline", "spectator_wow")


@lru_cache(maxsize=2)
def game_comments() -> tuple[tuple[str, ...], dict]:
    """(slots, lines) of the shipped comments file."""
    return load_game_comments(COMMENTS_PATH, "cattower")


class CatTowerCommentary:
    def __init__(self, seat_kinds: list[str], seed: int = 0, talk: str = "sometimes") -> None:
        self.voices = [k.split(":")[0] if k.split(":")[0] in CHARACTER_IDS else None for k in seat_kinds]
        seated = [v for v in self.voices if v]
        self.spectators = [c for c in CHARACTER_IDS if c not in seated]
        self.slots, lines = game_comments()
        self.chatter = Chatter(lines, derive_seed(seed, 0xCA7), talk)
        self.rng = Rng(derive_seed(seed, 0xCA7_5EE))        # cosmetic: who of the spectators speaks
        self.leader = -1
        self.fired: list[str] = []                          # every slot that fired (spoken or not): tests

    # ------------------------------------------------------------------ events -> moments
    def moments(self, match, events: list) -> list[tuple[str, int]]:
        """(slot, seat) for every moment in ``events``; seat -1 for a spectator's."""
        out: list[tuple[str, int]] = []
        n = len(match.names)
        for e in events:
            t = type(e)
            if t is ev.RoundStarted and e.round == 1:
                out.append(("game_start", -1))
            elif t is ev.DieTaken:
                if len(e.choices) > 1 and e.value >= 5 and match.dice and e.value == match.dice[-1]:
                    out.append(("best_die", e.seat))            # the highest of the roll, by choice
                elif e.choices[-1] <= 2 and match.dice and match.dice[-1] >= 5:
                    out.append(("leftover_die", e.seat))
            elif t is ev.Passed:
                out.append(("passes", e.seat))
            elif t is ev.GoodDrawn:
                if e.spent >= 3:
                    out.append(("footprints_many", e.seat))
                if e.good == MOUSE and e.group >= 5:
                    out.append(("mouse_group", e.seat))
                    if e.group >= 7:
                        out.append(("spectator_wow", -1))
                elif e.good == CUSHION and e.cell.endswith("f6"):
                    out.append(("cushion_top", e.seat))
                elif e.good == FELT and _sole_felt_lead(match, e.seat, e.cell):
                    out.append(("felt_lead", e.seat))
            elif t is ev.HouseScored:
                if e.points >= 15:
                    out.append(("house_big", e.seat))
                    if e.points >= 21:
                        out.append(("spectator_wow", -1))
                elif e.points <= 3:
                    out.append(("house_early", e.seat))
            elif t is ev.TowerCompleted:
                out.append(("tower_first" if e.first else "tower_later", e.seat))
            elif t is ev.FirstCrossedOut:
                tw = match.sheet.tower(e.tower)
                for s in e.seats:
                    if sum(1 for c in tw.cells if match.cells[s][c]) * 2 >= tw.height:
                        out.append(("crossed_out", s))
            elif t is ev.OneCellFromEnd:
                out.append(("one_cell", e.seat))
                for s in range(n):
                    if s != e.seat:
                        out.append(("rival_one_cell", s))
            elif t is ev.RoundEnded:
                s = e.scores
                top = max(s)
                leaders = [p for p in range(n) if s[p] == top]
                if len(leaders) == 1 and leaders[0] != self.leader and e.round > 2:
                    out.append(("lead", leaders[0]))
                self.leader = leaders[0] if len(leaders) == 1 else -1
                out.append(("sideline", -1))
            elif t is ev.GameOver:
                for place, group in enumerate(e.ranking):
                    for p in group:
                        out.append(("won" if place == 0 else "lost", p))
        return out

    # ------------------------------------------------------------------ moments -> comments
    def react(self, match, events: list) -> list[Comment]:
        said: list[Comment] = []
        for slot, seat in self.moments(match, events):
            self.fired.append(slot)
            if seat < 0:
                pool = self.spectators or [v for v in self.voices if v]
                if not pool:
                    continue
                speaker = pool[self.rng.below(len(pool))]
                if slot == "sideline" and self.rng.below(4):
                    continue                           # between rounds: a quarter as often
                c = self.chatter.say(slot, speaker, -1, big=slot in BIG)
            else:
                speaker = self.voices[seat] if 0 <= seat < len(self.voices) else None
                if speaker is None:
                    continue
                c = self.chatter.say(slot, speaker, seat, big=slot in BIG)
            if c is not None:
                said.append(c)
        return said


def _sole_felt_lead(match, seat: int, cell: str) -> bool:
    """The felt just drawn in ``cell`` put ``seat`` alone on top of its tower's felt, from level
    or below."""
    sheet = match.sheet
    tw = sheet.tower(sheet.tower_of[sheet.index(cell)])
    mine = sum(1 for c in tw.cells if match.cells[seat][c] == FELT)
    best_other = max((sum(1 for c in tw.cells if match.cells[s][c] == FELT) for s in range(len(match.names))
                      if s != seat), default=0)
    return mine > best_other and mine - 1 <= best_other


__all__ = ["CatTowerCommentary", "game_comments", "COMMENTS_PATH", "SPECTATOR_SLOTS"]

"""The characters' comments on CAT TOWER: its moments (slots of ``comments.yaml`` beside this
file); the platform's ``Commentary`` voices them.

Each moment belongs to a seat: the seated character there voices it (a human's or the
``random`` player's moment is left unvoiced); some moments are the rivals' (a left value crossed
out, a rival one cell from the end); the characters not seated (spectators) speak now and then
from the side (``about = -1``): the start, big moments, the last round, between rounds (a
quarter as often). Every choice comes from the commentary's own cosmetic RNG: comments never
change an outcome, and never tell a drawing before everyone has drawn (they read events only).
"""
from __future__ import annotations

from pathlib import Path

from ...platform.commentary import Commentator, game_lines
from . import events as ev
from .answers import CUSHION, FELT, MOUSE

COMMENTS_PATH = Path(__file__).resolve().parent / "comments.yaml"
SPECTATOR_SLOTS = ("game_start", "sideline", "spectator_wow")


def game_comments() -> tuple[tuple[str, ...], dict]:
    """(slots, lines) of the shipped comments file."""
    return game_lines(COMMENTS_PATH, "cattower")


def _taken(com, match, e) -> list:
    if len(e.choices) > 1 and e.value >= 5 and match.dice and e.value == match.dice[-1]:
        return [("best_die", e.seat)]               # the highest of the roll, by choice
    if e.choices[-1] <= 2 and match.dice and match.dice[-1] >= 5:
        return [("leftover_die", e.seat)]
    return []


def _drawn(com, match, e) -> list:
    out = [("footprints_many", e.seat)] if e.spent >= 3 else []
    if e.good == MOUSE and e.group >= 5:
        out += [("mouse_group", e.seat)] + ([("spectator_wow", -1)] if e.group >= 7 else [])
    elif e.good == CUSHION and e.cell.endswith("f6"):
        out.append(("cushion_top", e.seat))
    elif e.good == FELT and _sole_felt_lead(match, e.seat, e.cell):
        out.append(("felt_lead", e.seat))
    return out


def _house(com, match, e) -> list:
    if e.points >= 15:
        return [("house_big", e.seat)] + ([("spectator_wow", -1)] if e.points >= 21 else [])
    return [("house_early", e.seat)] if e.points <= 3 else []


def _crossed(com, match, e) -> list:
    tw = match.sheet.tower(e.tower)
    return [("crossed_out", s) for s in e.seats if sum(1 for c in tw.cells if match.cells[s][c]) * 2 >= tw.height]


def _round_ended(com, match, e) -> list:
    s = e.scores
    leaders = [p for p in range(len(match.names)) if s[p] == max(s)]
    out = [("lead", leaders[0])] if len(leaders) == 1 and leaders[0] != com.leader and e.round > 2 else []
    com.leader = leaders[0] if len(leaders) == 1 else -1
    return out + [("sideline", -1)]


class CatTowerCommentary(Commentator):
    """``react(match, events) -> [Comment]``; a moment is ``(slot, seat)``, seat -1 a spectator's."""

    COMMENTS, GAME = COMMENTS_PATH, "cattower"
    MOMENTS = {ev.RoundStarted: lambda com, match, e: [("game_start", -1)] if e.round == 1 else [],
               ev.DieTaken: _taken, ev.Passed: "passes", ev.GoodDrawn: _drawn, ev.HouseScored: _house,
               ev.TowerCompleted: lambda com, match, e: [("tower_first" if e.first else "tower_later", e.seat)],
               ev.FirstCrossedOut: _crossed,
               ev.OneCellFromEnd: lambda com, match, e: [("one_cell", e.seat)] + [
                   ("rival_one_cell", s) for s in range(len(match.names)) if s != e.seat],
               ev.RoundEnded: _round_ended,
               ev.GameOver: lambda com, match, e: [("won" if place == 0 else "lost", p)
                                                   for place, group in enumerate(e.ranking) for p in group]}
    SEAT_FIELD, OWN = "seat", None
    BIG = frozenset({"mouse_group", "house_big", "tower_first", "one_cell", "won", "lost", "game_start"})
    ONE_IN = {"sideline": 4}                        # between rounds: a quarter as often
    SALT, WATCH_SALT = 0xCA7, 0xCA7_5EE

    def __init__(self, kinds: list[str], seed: int = 0, talk: str = "sometimes") -> None:
        super().__init__(kinds, seed, talk)
        self.leader = -1


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

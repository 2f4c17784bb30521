"""The characters' comments on Towers: events become moments (slots of ``comments.yaml``) and the
platform's ``Chatter`` picks the lines (its own cosmetic RNG and the ``talk`` option: comments
never change an outcome).

Who speaks (PRESENTATION.md "The CPU roster"):

- the seat's own moments (his first tower, a 7-8, a 9, walling a rival in, being walled in,
  declaring, passing, ending the game while ahead or playing on when the game goes on,
  demolishing, his towers falling, a big lead, the end) are voiced by the character in that seat,
  when one sits there;
- a rival seated character reacts to a declaration (``rival_declares``, the next such seat);
- characters not seated (spectators) open the game, chat from the side between turns now and
  then (``sideline``) and remark on anyone's big moment (``spectator_big``), always ``about=-1``.
"""
from __future__ import annotations

from functools import lru_cache

from ...platform.comments import Chatter, load_game_comments
from ...platform.roster import CHARACTER_IDS
from ...rng import Rng, derive_seed
from . import events as ev
from .data import COMMENTS_PATH

BIG = {"tower_nine", "walls_in", "walled_in", "collapse", "won", "lost", "draw", "big_lead"}
LEAD = 10                   # points ahead that make a big lead
REARM = 5                   # the lead falls below this before it is called again


@lru_cache(maxsize=2)
def comments():
    """(slots, {character: {slot: lines}}) of the shipped file."""
    return load_game_comments(COMMENTS_PATH, "towers")


class TowersCommentary:
    """``react(match, events) -> [Comment]`` for one match. ``kinds``: what plays each seat
    (character ids, ``cpu``, ``random``, ``human``; ``joji:hard`` counts as Joji)."""

    def __init__(self, kinds: list[str], seed: int = 0, talk: str = "sometimes") -> None:
        slots, lines = comments()
        self.slots = slots
        self.voices = [k.split(":")[0] if k.split(":")[0] in CHARACTER_IDS else None for k in kinds]
        seated = {v for v in self.voices if v}
        self.spectators = [c for c in CHARACTER_IDS if c not in seated]
        self.chatter = Chatter(lines, derive_seed(seed, 0x70E5), talk)
        self.rng = Rng(derive_seed(seed, 0x70E6))          # cosmetic: who of the spectators speaks
        self.leading = [False] * len(kinds)
        self.fired: list[tuple[str, int]] = []              # every moment found (spoken or not): tests

    def moments(self, match, events: list) -> list[tuple[str, int, str]]:
        """(slot, seat, who) for every moment in ``events``; who: "own", "rival" or "spectator"."""
        out: list[tuple[str, int, str]] = []
        fell: list[int] = []
        for e in events:
            t = type(e)
            if t is ev.GameStarted:
                out.append(("game_start", -1, "spectator"))
            elif t is ev.FirstPlayer:
                out.append(("goes_first", e.player, "own"))
            elif t is ev.TowerPlaced:
                if e.size == 9:
                    out.append(("tower_nine", e.player, "own"))
                    out.append(("spectator_big", e.player, "spectator"))
                elif e.size >= 7:
                    out.append(("tall_tower", e.player, "own"))
                elif e.first:
                    out.append(("first_tower", e.player, "own"))
            elif t is ev.WalledIn:
                out.append(("walled_in", e.player, "own"))
                if e.by >= 0 and e.by != e.player:          # a player who walls himself in walls in nobody
                    out.append(("walls_in", e.by, "own"))
                out.append(("spectator_big", e.player, "spectator"))
            elif t is ev.Declared:
                out.append(("declares", e.player, "own"))
                out.append(("rival_declares", e.player, "rival"))
            elif t is ev.Passed:
                out.append(("passes", e.player, "own"))
            elif t is ev.EndAnswered:
                if e.yes and _leads(match, e.player):
                    out.append(("ends_game", e.player, "own"))
                elif not e.yes:
                    out.append(("plays_on", e.player, "own"))     # TG6.1: a "no" always plays on
            elif t is ev.Demolished:
                out.append(("demolishes", e.player, "own"))
            elif t is ev.Collapsed:
                for _, o, _ in e.towers:
                    if o not in fell:
                        fell.append(o)
                        out.append(("collapse", o, "own"))
                if e.wave == 1:
                    out.append(("spectator_big", -1, "spectator"))
            elif t is ev.TurnStarted:
                out.extend(self._standings(match))
                out.append(("sideline", -1, "spectator"))
            elif t is ev.GameOver:
                first = e.ranking[0]
                for p in range(len(e.scores)):
                    if p in first:
                        out.append(("draw" if len(first) > 1 else "won", p, "own"))
                    else:
                        out.append(("lost", p, "own"))
        return out

    def _standings(self, match) -> list[tuple[str, int, str]]:
        s = match.scores()
        out = []
        for p in range(len(s)):
            lead = s[p] - max(s[q] for q in range(len(s)) if q != p)
            if lead >= LEAD and not self.leading[p]:
                self.leading[p] = True
                out.append(("big_lead", p, "own"))
            elif lead < REARM:
                self.leading[p] = False
        return out

    def react(self, match, events: list) -> list:
        """The comments on one input's events (most moments pass in silence, as ``talk`` says)."""
        said = []
        for slot, seat, who in self.moments(match, events):
            self.fired.append((slot, seat))
            big = slot in BIG
            if who == "own":
                voice = self.voices[seat] if 0 <= seat < len(self.voices) else None
                if voice:
                    c = self.chatter.say(slot, voice, seat, big)
                    if c is not None:
                        said.append(c)
            elif who == "rival":
                n = len(self.voices)
                for k in range(1, n):
                    q = (seat + k) % n
                    if self.voices[q]:
                        c = self.chatter.say(slot, self.voices[q], seat, big)
                        if c is not None:
                            said.append(c)
                        break
            elif self.spectators:
                speaker = self.spectators[self.rng.below(len(self.spectators))]
                c = self.chatter.say(slot, speaker, -1, slot == "spectator_big")
                if c is not None:
                    said.append(c)
        return said


def _leads(match, seat: int) -> bool:
    """``seat``'s sum is above every other seat's (T6.2)."""
    s = match.scores()
    return all(s[seat] > s[q] for q in range(len(s)) if q != seat)


__all__ = ["TowersCommentary", "comments"]

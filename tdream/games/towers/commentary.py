"""The characters' comments on Towers: events become moments (slots of ``comments.yaml``) and the
platform's ``Chatter`` picks the lines (its own cosmetic RNG and the ``talk`` option: comments
never change an outcome).

Who speaks (PRESENTATION.md "The CPU roster"):

- the seat's own moments (his first tower, an ordinary 4-6 now and then, a 7-8, a 9, ground of
  his own closed off, walling a rival in, being walled in, declaring, passing, ending the game
  while ahead or playing on when the game goes on, demolishing, his towers falling, a big lead,
  falling far behind, the end) are voiced by the character in that seat, when one sits there;
- a rival seated character reacts to a declaration (``rival_declares``, the next such seat);
- characters not seated (spectators) open the game, chat from the side between turns now and
  then (``sideline``: one chance every ``SIDELINE_GAP`` turns, each of their lines once a
  game) and remark on anyone's big moment (``spectator_big``: a 9, a rival walled in, a
  collapse), always ``about=-1``. Issue 36: the watchers had most of the words (~190 of 219
  comments over 8 games from 18 sideline lines); the players now speak about their own game.
"""
from __future__ import annotations

from functools import lru_cache

from ...platform.comments import Chatter, Comment, load_game_comments
from ...platform.roster import CHARACTER_IDS
from ...rng import Rng, derive_seed
from . import events as ev
from .data import COMMENTS_PATH

BIG = {"tower_nine", "walls_in", "walled_in", "collapse", "won", "lost", "draw", "big_lead", "claims"}
LEAD = 10                   # points ahead that make a big lead (and behind that make trailing)
REARM = 5                   # the lead falls below this before it is called again
GROUND = 3                  # squares of his territory one tower of his must close off (claims)
SIDELINE_GAP = 12           # turns between two sideline remarks at most (issue 36: watchers spoke most)
BUILDS_GAP = 2              # a player's ordinary towers between two remarks on them


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
        self.trailing = [False] * len(kinds)
        self.ground = [0] * len(kinds)                      # each seat's territory, as last seen
        self.built = [BUILDS_GAP] * len(kinds)             # ordinary towers since his last remark on one
        self.quiet = SIDELINE_GAP                           # turns since the last sideline remark
        self.heard: set[tuple[str, int]] = set()            # (spectator, line) said this game: never again
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
                elif e.size >= 4:
                    out.append(("builds", e.player, "own"))
                out.extend(self._ground(match, e.player))
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
            if lead <= -LEAD and not self.trailing[p]:
                self.trailing[p] = True
                out.append(("trailing", p, "own"))
            elif lead > -REARM:
                self.trailing[p] = False
        return out

    def _ground(self, match, p: int) -> list[tuple[str, int, str]]:
        """``claims`` when the tower just built closed off ``GROUND`` squares or more of his own
        territory (T4.1); each seat's territory remembered (a fall or a rival's tower may take it)."""
        if match is None or not getattr(match, "counting", False):
            return []
        claims = match.claims()
        ground = [claims.count(q) for q in range(len(self.ground))]
        grew = 0 <= p < len(ground) and ground[p] - self.ground[p] >= GROUND
        self.ground = ground
        return [("claims", p, "own")] if grew else []

    def react(self, match, events: list) -> list:
        """The comments on one input's events (most moments pass in silence, as ``talk`` says)."""
        said = []
        for slot, seat, who in self.moments(match, events):
            self.fired.append((slot, seat))
            big = slot in BIG
            if slot == "sideline":
                c = self._sideline(said)
                if c is not None:
                    said.append(c)
                continue
            if who == "own":
                voice = self.voices[seat] if 0 <= seat < len(self.voices) else None
                if voice and slot == "builds":        # an ordinary tower: now and then, not every time
                    self.built[seat] += 1
                    if self.built[seat] <= BUILDS_GAP:
                        continue
                if voice:
                    c = self.chatter.say(slot, voice, seat, big)
                    if c is not None:
                        said.append(c)
                        if slot == "builds":
                            self.built[seat] = 0
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


    def _sideline(self, said: list):
        """A spectator's chat between turns: none while anything was said about this turn, at
        most once every ``SIDELINE_GAP`` turns, from a spectator with a line not yet said this
        game (each said once), as often as ``talk`` says."""
        self.quiet += 1
        if said or self.quiet < SIDELINE_GAP or not self.spectators:
            return None
        self.quiet = 0                                  # one chance a stretch of turns, said or not
        chatter = self.chatter
        if chatter.rate <= 0 or chatter.rng.below(1000) >= chatter.rate * 1000:
            return None
        fresh = [(who, k) for who in self.spectators for k in range(len(chatter.lines[who]["sideline"]))
                 if (who, k) not in self.heard]
        if not fresh:
            return None
        who, k = fresh[self.rng.below(len(fresh))]
        self.heard.add((who, k))
        line = chatter.lines[who]["sideline"][k]
        return Comment(who, "sideline", -1, line.en, line.ja)


def _leads(match, seat: int) -> bool:
    """``seat``'s sum is above every other seat's (T6.2)."""
    s = match.scores()
    return all(s[seat] > s[q] for q in range(len(s)) if q != seat)


__all__ = ["TowersCommentary", "comments"]

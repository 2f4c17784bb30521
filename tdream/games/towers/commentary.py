"""The characters' comments on Towers: its moments (slots of ``comments.yaml``); the platform's
``Commentary`` voices them (its own cosmetic RNG and the ``talk`` option: comments never change
an outcome).

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

from ...platform.commentary import NEXT, SEAT, WATCHER, Commentator, game_lines
from . import events as ev
from .data import COMMENTS_PATH

LEAD = 10                   # points ahead that make a big lead (and behind that make trailing)
REARM = 5                   # the lead falls below this before it is called again
GROUND = 3                  # squares of his territory one tower of his must close off (claims)


def comments():
    """(slots, {character: {slot: lines}}) of the shipped file."""
    return game_lines(COMMENTS_PATH, "towers")


def _placed(com, match, e) -> list:
    p = e.player
    out = [("tower_nine", p, "own"), ("spectator_big", p, "spectator")] if e.size == 9 else \
        [("tall_tower", p, "own")] if e.size >= 7 else [("first_tower", p, "own")] if e.first else \
        [("builds", p, "own")] if e.size >= 4 else []
    return out + com.claims(match, p)


def _walled(com, match, e) -> list:
    out = [("walled_in", e.player, "own")]
    if e.by >= 0 and e.by != e.player:          # a player who walls himself in walls in nobody
        out += [("walls_in", e.by, "own"), ("spectator_big", e.player, "spectator")]
    return out


def _answered(com, match, e) -> list:
    if e.yes:
        return [("ends_game", e.player, "own")] if _leads(match, e.player) else []
    return [("plays_on", e.player, "own")]      # TG6.1: a "no" always plays on


def _collapsed(com, match, e) -> list:
    out = []
    for _, o, _ in e.towers:
        if o not in com.fell:
            com.fell.append(o)
            out.append(("collapse", o, "own"))
    return out + ([("spectator_big", -1, "spectator")] if e.wave == 1 else [])


def _over(com, match, e) -> list:
    first = e.ranking[0]
    return [("draw" if len(first) > 1 else "won", p, "own") if p in first else ("lost", p, "own")
            for p in range(len(e.scores))]


class TowersCommentary(Commentator):
    """``react(match, events) -> [Comment]`` for one match. ``kinds``: what plays each seat
    (character ids, ``cpu``, ``random``, ``human``; ``joji:hard`` counts as Joji)."""

    COMMENTS, GAME = COMMENTS_PATH, "towers"
    MOMENTS = {ev.GameStarted: lambda com, match, e: [("game_start", -1, "spectator")],
               ev.FirstPlayer: "goes_first", ev.TowerPlaced: _placed, ev.WalledIn: _walled,
               ev.Declared: lambda com, match, e: [("declares", e.player, "own"),
                                                   ("rival_declares", e.player, "rival")],
               ev.Passed: "passes", ev.EndAnswered: _answered, ev.Demolished: "demolishes", ev.Collapsed: _collapsed,
               ev.TurnStarted: lambda com, match, e: com.standings(match) + [("sideline", -1, "spectator")],
               ev.GameOver: _over}
    ROLES = {"own": SEAT, "rival": NEXT, "spectator": WATCHER}
    BIG = frozenset({"tower_nine", "walls_in", "walled_in", "collapse", "won", "lost", "draw", "big_lead", "claims",
                     "spectator_big"})
    GAPS = {"builds": 2}        # a player's ordinary towers between two remarks on them
    SIDELINE_GAP = 12           # turns between two sideline remarks at most (issue 36: watchers spoke most)
    SALT, WATCH_SALT = 0x70E5, 0x70E6

    def __init__(self, kinds: list[str], seed: int = 0, talk: str = "sometimes") -> None:
        super().__init__(kinds, seed, talk)
        self.leading = [False] * len(kinds)
        self.trailing = [False] * len(kinds)
        self.ground = [0] * len(kinds)                      # each seat's territory, as last seen
        self.fell: list[int] = []                           # the owners fallen in this input

    def moments(self, match, events: list) -> list:
        """(slot, seat, who) for every moment in ``events``; who: "own", "rival" or "spectator"."""
        self.fell = []
        return super().moments(match, events)

    def note(self, slot: str, seat: int) -> None:
        self.fired.append((slot, seat))

    def standings(self, match) -> list[tuple[str, int, str]]:
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

    def claims(self, match, p: int) -> list[tuple[str, int, str]]:
        """``claims`` when the tower just built closed off ``GROUND`` squares or more of his own
        territory (T4.1); each seat's territory remembered (a fall or a rival's tower may take it)."""
        if match is None or not getattr(match, "counting", False):
            return []
        claims = match.claims()
        ground = [claims.count(q) for q in range(len(self.ground))]
        grew = 0 <= p < len(ground) and ground[p] - self.ground[p] >= GROUND
        self.ground = ground
        return [("claims", p, "own")] if grew else []


def _leads(match, seat: int) -> bool:
    """``seat``'s sum is above every other seat's (T6.2)."""
    s = match.scores()
    return all(s[seat] > s[q] for q in range(len(s)) if q != seat)


__all__ = ["TowersCommentary", "comments"]

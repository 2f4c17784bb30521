"""The nine CPU characters: one evaluation, nine sets of weights, three difficulties.

A character answers through the engine's public API only: it reads the state a player sees
(cash, positions, the board's Landmarks, Floors and Companies), lists ``legal_answers()``, and
looks ahead by applying its own candidate answers to ``game.copy()``. It never draws from the
game's RNG and never asks for chance outcomes (which would show the shuffled card order); where
it looks past a die roll it counts each face 1-10 alike (G4.1). Its own choices between equal
answers, and its blunders, come from its own seeded RNG.

How a position is valued, for the seat ``p`` (docs/games/towerdream.md has the reasoning):

- Wealth (R9.3: cash, properties at the Floor price, the Owner Bonuses of standing Companies),
  minus ``rival`` times the rivals' mean Wealth;
- ``fee``: Line Fee income expected for the rest of the game, less the rivals' (next move from
  where everyone stands, blended with the long-run average over the Road);
- ``liquidity``: what a forced sale at 25% would lose on his own next roll if his cash falls short
  (raising S in a forced sale costs about 3S of Wealth);
- the character terms: Towers, Grand Towers, the tallest Land, Sub-Owner Bonuses, bonuses in
  Companies about to be absorbed, stray Landmarks one Land from a group, cash kept, and for an
  answer itself a joined or merged Company and Floors built.

Difficulty: ``easy`` lapses often (30% more than its grade); ``normal`` lapses now and then (8%
more than its grade) and weighs one Floor or the most on each Land; ``hard`` never lapses, weighs
every Build, plans the Landmark and the Build of a turn together, and for a Landmark, a Sell, a
Build or a Jackpot Land values its two best answers again over the ten faces of the next die roll
(``_past_roll``), where the next seat, landing on a Line, places the Landmark that gains him most
Wealth over this player (``_reply``). The weights (the style) are the same at every difficulty.
"""
from __future__ import annotations

from ..rules import events as ev
from ..rules.answers import NO_SELL, Build, Sell
from ....rng import Rng
from .roster import DIFFICULTIES, Profile, Weights
from ....platform.protocol import Player

FOLLOW_UPS = ("company", "survivor")
# ``hard`` looks past the next die roll for these decisions (a Sell: his own roll; a Landmark
# (with the Build it plans), a Build or a Jackpot Land, which end his turn: the next player's roll).
DEEP_KINDS = ("place", "sell", "build", "jackpot")
# Lapses (any answer he weighed instead of his best) added to his grade's, by difficulty: hard
# never lapses.
LAPSES = {"easy": 0.3, "normal": 0.08, "hard": 0.0}


class CharacterPlayer(Player):
    """A CPU player with a character's profile and a difficulty."""

    DEEP = 2          # hard: how many of the best plans it values again past the next die roll
    REPLY = True      # hard: past the roll, the next seat places his best Landmark (``_reply``)

    def __init__(self, profile: Profile, difficulty: str = "normal", seed: int = 0) -> None:
        if difficulty not in DIFFICULTIES:
            raise ValueError(f"unknown difficulty {difficulty!r} (known: {', '.join(DIFFICULTIES)})")
        self.profile = profile
        self.kind = profile.id
        self.difficulty = difficulty
        self.w: Weights = profile.weights
        self.rng = Rng(seed ^ 0xC4A2_AC7E_2)
        self.blunder = 0.0 if difficulty == "hard" else self.w.blunder + LAPSES[difficulty]
        self._board_id = ""
        self._answer_terms = bool(self.w.merge or self.w.build)

    # ------------------------------------------------------------------ decisions
    def choose(self, game, seat: int | None = None):
        """The answer this character gives now (``game.awaiting()`` is one of its decisions;
        ``seat``, its seat, is the one the game waits for)."""
        aw = game.awaiting()
        answers = game.legal_answers()
        if len(answers) == 1:
            return answers[0]
        p = aw.player
        self._prepare(game)
        if self.difficulty == "hard" and self.DEEP and aw.kind in DEEP_KINDS:
            return self._choose_hard(game, p, aw.kind, answers)
        if aw.kind == "pile":
            piles = self.w.piles
            scored = [(piles.get(a.pile, 0.0) + self.rng.below(50), i, a) for i, a in enumerate(answers)]
        elif aw.kind == "sell":
            scored = [(self._value_after(game, p, a), i, a) for i, a in enumerate(self._sell_candidates(game, p))]
        elif aw.kind == "build" and self.difficulty != "hard":
            scored = [(self._value_after(game, p, a), i, a) for i, a in enumerate(self._build_plans(game))]
        else:
            scored = [(self._value_after(game, p, a), i, a) for i, a in enumerate(answers)]
        scored.sort(key=lambda t: (-t[0], t[1]))
        if len(scored) > 1 and self.blunder > 0 and self.rng.below(1000) < self.blunder * 1000:
            return scored[self.rng.below(len(scored))][2]     # a lapse: any answer he weighed
        return scored[0][2]

    # ------------------------------------------------------------------ hard: a look past the next roll
    def _choose_hard(self, game, p: int, kind: str, answers):
        """``hard``, for a Landmark, a Sell, a Build or a Jackpot Land: every answer valued as at
        ``normal`` (a Landmark with its follow-ups and the best Build after it, as one plan); then
        the ``DEEP`` best valued again past the next die roll (``_past_roll``), and the best of
        those taken."""
        cands = self._sell_candidates(game, p) if kind == "sell" else answers
        scored = []
        for i, a in enumerate(cands):
            value, bonus, g = self._plan(game, p, a)
            scored.append((value, i, a, bonus, g))
        scored.sort(key=lambda t: (-t[0], t[1]))
        # the first of the best past the roll (``max`` keeps the first of equals)
        return max(scored[:self.DEEP], key=lambda t: self._past_roll(t[4], p) + t[3])[2]

    def _plan(self, game, p: int, answer) -> tuple:
        """An answer as a plan: the answer with its follow-ups, then, after a Landmark, the best
        Build (of those ``_build_plans`` weighs). Returns (value, answer terms, position)."""
        g, bonus = self._settled(game, p, answer)
        aw = g.awaiting()
        if aw is None or aw.player != p or aw.kind != "build":
            return self.evaluate(g, p) + bonus, bonus, g
        plans = (self._settled(g, p, b) for b in self._build_plans(g))     # each weighed as it is made
        v, b2, g2 = max(((self.evaluate(g2, p) + b2, b2, g2) for g2, b2 in plans), key=lambda t: t[0])
        return v + bonus, b2 + bonus, g2

    def _settled(self, game, p: int, answer) -> tuple:
        """A copy of ``game`` after ``answer`` and the follow-ups of the same seat (a Building
        Mark, a survivor), with the answer terms of all of them."""
        g = game.copy()
        bonus = self._answer_bonus(g.apply(answer, True), p)
        while True:
            aw = g.awaiting()
            if aw is None or aw.player != p or aw.kind not in FOLLOW_UPS:
                return g, bonus
            follow = max(g.legal_answers(), key=lambda a: self._quick_follow_up(g, p, a))
            bonus += self._answer_bonus(g.apply(follow, True), p)

    def _past_roll(self, g, p: int) -> float:
        """The value of ``g`` (his turn's answers given) averaged over the next die roll: each face
        alike, the fees paid, forced sales made (cheapest items first), anyone going broke, and a
        rival who lands on a Line placing his Landmark (``_reply``)."""
        for _ in range(4):
            aw = g.awaiting()
            if aw is None:
                return self.evaluate(g, p)
            if aw.kind == "sell" and aw.player != p:
                g.apply(NO_SELL, True)              # a rival keeps his Floors at the start of his turn
                continue
            if aw.kind != "roll":
                return self.evaluate(g, p)
            break
        else:
            return self.evaluate(g, p)
        faces = g.legal_answers()
        total = 0.0
        for face in faces:
            c = g.copy()
            c.apply(face, True)
            self._settle_forced_sales(c)
            if self.REPLY:
                c = self._reply(c, p)
            total += self.evaluate(c, p)
        return total / len(faces)

    def _reply(self, g, p: int):
        """A rival about to place a Landmark in ``g``: the position after the one (with its
        follow-ups) that gains him most R9.3 Wealth over ``p`` (the bonuses of a merger and the
        properties it moves count; his own style is not known). ``g`` itself otherwise."""
        aw = g.awaiting()
        if aw is None or aw.kind != "place" or aw.player == p:
            return g
        q = aw.player

        def gain(c) -> int:
            wealth = c.wealth()
            return wealth[q] - wealth[p]
        return max((self._settled(g, q, a)[0] for a in g.legal_answers()), key=gain)

    def _settle_forced_sales(self, g) -> None:
        for _ in range(200):
            aw = g.awaiting()
            if aw is None or aw.kind != "forced_sale":
                return
            g.apply(min(g.legal_answers(), key=lambda a: self._sale_loss(g, a)), True)

    @staticmethod
    def _sale_loss(g, a) -> tuple:
        x = g.land_index(a.land)
        c = g.company[x]
        return (g.price_of(c) if c >= 0 else 0, x)

    def _sell_candidates(self, game, p: int) -> list:
        """None, or 1-3 Floors from the cheapest Company Lands (a short purse sells cheapest first)."""
        limit = game.offer[0]
        lands = [x for x in game.holdings[p] if game.floors[x] > 0 and game.company[x] >= 0]
        lands.sort(key=lambda x: (game.price_of(game.company[x]), x))
        out = [NO_SELL]
        chosen: dict[int, int] = {}
        for k in range(limit):
            for x in lands:
                if chosen.get(x, 0) < game.floors[x]:
                    chosen[x] = chosen.get(x, 0) + 1
                    break
            else:
                break
            items = tuple((game.land_name(x), n) for x, n in sorted(chosen.items()))
            answer = Sell(items)
            if game.check(answer) is None:
                out.append(answer)
        return out

    # ------------------------------------------------------------------ looking ahead
    def _value_after(self, game, p: int, answer) -> float:
        g, bonus = self._settled(game, p, answer)
        return self.evaluate(g, p) + bonus

    def _build_plans(self, g) -> list:
        """The Builds weighed at ``normal`` and in a joint Landmark-and-Build plan: none, and one
        Floor or the most Floors on each Land."""
        out = []
        most: dict[str, int] = {}
        for a in g.legal_answers():
            if a.land is None or a.floors == 1:
                out.append(a)
            if a.land is not None:
                most[a.land] = max(most.get(a.land, 0), a.floors)
        out.extend(Build(land, n) for land, n in most.items() if n > 1)
        return out

    def _quick_follow_up(self, g, p: int, a) -> float:
        if a.kind == "company":       # the priciest free Mark: bigger bonuses, dearer property
            return g.ruleset.companies[g.company_index(a.company)].prices[2]
        c = g.company_index(a.company)   # survivor: the Company where he holds most
        mine = sum(1 + g.floors[x] for x in g.members[c] if g.owner[x] == p)
        return mine * 1000 - c

    def _answer_bonus(self, events: list, p: int) -> float:
        w = self.w
        bonus = 0.0
        if not self._answer_terms:       # no weight on mergers or Floors built: nothing to count
            return bonus
        for e in events:
            t = type(e)
            if t is ev.Merged:
                bonus += w.merge
            elif t is ev.CompanyGrew:
                bonus += w.merge / 4
            elif t is ev.Payment and e.reason == "build" and e.payer == p:
                bonus += w.build * e.amount
        return bonus

    # ------------------------------------------------------------------ the evaluation
    def _prepare(self, game) -> None:
        b = game.board
        if self._board_id == b.id:
            return
        self._board_id = b.id
        adj = self._adj = b.adjacent
        # Each Land's Lands two steps away (not itself), for ``_strays``.
        self._ring2 = [tuple(sorted({u for v in adj[x] for u in adj[v] if u != x})) for x in range(len(adj))]

    def evaluate(self, g, p: int) -> float:
        """The value of position ``g`` for seat ``p`` (in G)."""
        w = self.w
        wealth = g.wealth()
        n = len(wealth)
        mine = wealth[p]
        rivals = (sum(wealth) - mine) / (n - 1)
        if g.over:
            best_rival = max(wealth[q] for q in range(n) if q != p)
            return 3.0 * (mine - best_rival) + (10_000 if mine > best_rival else 0)
        value = mine - w.rival * rivals
        cash = g.cash[p]
        # Line Fees: income per round, next move and long run, for every seat.
        nextmove, longrun, pay = g.fee_outlook()
        remaining = max(0.5, (g.end_threshold - g.covered) / (n * 0.6))
        income = [0.5 * (a + b) for a, b in zip(nextmove, longrun)]
        own = income[p]
        # Every character weighs the fees he and his rivals stand to collect; ``fee`` above 1 adds
        # the fee hunter's extra appetite for his own.
        value += remaining * (w.fee * own - w.rival * (sum(income) - own) / (n - 1))
        # A short purse on his own next roll: a forced sale at 25% loses about 3x the shortfall.
        short = 0
        for f in pay[p]:
            if f > cash:
                short += f - cash
        value -= w.liquidity * 0.3 * short
        if w.reserve and cash < w.reserve:
            value -= w.reserve - cash
        value += w.cash * cash
        if w.tower or w.grand or w.tall:
            tallest = 0
            floors = g.floors
            tower, grand = g.ruleset.tower_floors, g.ruleset.grand_tower_floors     # R6.3
            for x in g.holdings[p]:
                f = floors[x]
                if f >= tower:
                    value += w.tower
                    if f >= grand:
                        value += w.grand
                elif f > 3:          # on the way: every Land climbing toward a Tower counts a little
                    value += w.tower * (f / tower) ** 2 * 0.5
                if f > tallest:
                    tallest = f
            value += w.tall * tallest
        if w.sub or w.cutin:
            value += self._bonus_terms(g, p)
        if w.stray:
            value += w.stray * self._strays(g, p)
        return value

    def _bonus_terms(self, g, p: int) -> float:
        w = self.w
        out = 0.0
        lim = g.ruleset.unabsorbable_level
        for c, mark in enumerate(g.mark):
            if mark < 0:
                continue
            bonuses = g.owner_bonuses(c)
            if p not in bonuses:
                continue
            amount, role = bonuses[p]
            if role == "bonus_sub":
                out += w.sub * amount
            if w.cutin and len(g.members[c]) < lim and self._about_to_be_absorbed(g, c):
                out += w.cutin * amount
        return out

    def _about_to_be_absorbed(self, g, c: int) -> bool:
        """A vacant Land touches Company ``c`` and a Company at least as large: the next Landmark
        there would absorb ``c`` (R7.7)."""
        level = len(g.members[c])
        adj, owner, company = self._adj, g.owner, g.company
        for x in g.members[c]:
            for v in adj[x]:
                if owner[v] != -1:
                    continue
                for u in adj[v]:
                    c2 = company[u]
                    if c2 >= 0 and c2 != c and len(g.members[c2]) >= level:
                        return True
        return False

    def _strays(self, g, p: int) -> int:
        """His lone Landmarks (no neighbour) one vacant Land away from someone's group."""
        adj, ring2, owner = self._adj, self._ring2, g.owner
        count = 0
        for x in g.holdings[p]:
            for v in adj[x]:
                if owner[v] != -1:
                    break
            else:
                for u in ring2[x]:
                    if owner[u] != -1:
                        count += 1
                        break
        return count

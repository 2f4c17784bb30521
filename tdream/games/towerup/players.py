"""Tower Up's CPU players (docs/games/towerup.md "The CPU").

Every player answers through the view it is given (``choose(view, seat)``), only among the view's
legal answers, never sampling chance, with its own seeded ``Rng``:

- ``random``: uniform over the legal answers;
- ``cpu`` and the nine characters, at three levels. ``normal`` weighs every legal answer once
  (``Thinker.turn_values``): the track points a move will be worth at the end (from the column
  each vehicle is projected to end on, where the value row is steeper), an extra turn (U4.2) and
  getting near one, the chips it would take (U4.3) and progress toward them, the expected cone
  (visible roofs, each discounted by the empty sites next to it that could still cover it), rivals'
  roofs it covers, the floors and the roof it spends (dearer when time is left to use every roof),
  the chances it opens to rivals (taller towers next to empty sites), whether ending the game now
  wins it and, for a card, how much better its floors make his best build next turn. ``hard``
  searches: for the best ``width`` answers of that weighing (and always the best card and the best
  build), it plays each on a copy of the view, plays his own extra turns, lets every rival reply in
  turn as ``cpu`` would, plays his own next turn (``depth`` 2), with the player counts in
  ``reply_with`` lets the rivals reply to that too (so his fresh roofs and the race to end are weighed
  after their answer, not before), and values the position reached:
  his holding (score with the cone as expected and the vehicles half-way to their projected
  columns, his best next build, floors, extra-turn nearness, objective progress, roofs left)
  against his rivals' (the best and the mean); a finished game counts by its result. ``easy`` is
  ``normal`` with noise on every value and, now and then, a lapse to one of his next best answers.

Chance on a look-ahead copy is the middle outcome of the (sorted) deck: a fixed guess, never a
draw. A character's style is a set of weights (``styles.yaml``) over the same terms, and a few
terms of his own (Joji: tall towers; Marimo: his leading colour; Kenta: others' towers; Hazumi:
odd sites; Yuderu: covering roofs; Cosmic Will: building; Hikozaemon: floors in hand;
Tamasaburo: roofs nothing can cover; Yuka: objectives).
"""
from __future__ import annotations

from ...buildattrs import mypyc_attr
from ...rng import Rng
from .answers import DISCARD, START_FLOORS, Build, Discard, StartFloors, Take
from .data import COLOUR_INDEX, COLOURS, WILD, styles
from .match import LIMIT, TOP, _combos
from .objectives import Summary, measure, measure_after_build
from ...platform.protocol import Player
from ...platform.protocol import RandomPlayer as BaseRandom

BIG = 1_000_000.0


@mypyc_attr(serializable=True)      # a savestate pickles it (tdream/buildattrs.py)
class RandomPlayer(BaseRandom):
    """Uniform over the legal answers."""

    def interject(self, view, seat: int):
        return None


# ---------------------------------------------------------------------------- the board, read once
@mypyc_attr(serializable=True)      # a savestate pickles it (tdream/buildattrs.py)
class Board:
    """What one decision reads of a match: candidate sites (empty, next to a tower, not shut by
    all four colours) with their neighbour towers, the colours they demand and the threats on
    each tower (buildable empty sites next to it). The candidates are the match's own, kept up
    to date as it is played (``match.TowerUpMatch``: ``cands``, ``near``, ``need``, ``mask``)."""

    __slots__ = ("m", "cands", "threat", "vals", "stars", "tables")

    def __init__(self, m) -> None:
        self.m = m
        near: list[tuple[int, ...]] = m.near
        need: list[tuple[int, int, int, int]] = m.need
        mask: list[int] = m.mask
        threat = [0] * len(near)
        cands: list[tuple[int, tuple[int, ...], tuple[int, int, int, int], int]] = []
        for x in m.cands:
            nb = near[x]
            cands.append((x, nb, need[x], mask[x]))
            for t in nb:
                threat[t] += 1
        self.cands = cands
        self.threat = threat
        self.vals: tuple[int, ...] = m.rules.tracks.values
        self.stars: tuple[int, ...] = m.rules.tracks.stars
        self.tables: dict = {}


def pgain(vals: tuple[int, ...], v: list[int], F: list[int], c: int, steps: int) -> int:
    """The points ``steps`` columns of colour ``c`` will be worth at the end: the real steps (U4.1
    caps them) counted from the column the vehicle is projected to end on (``F``), where the value
    row is steeper than where it stands now."""
    real = min(TOP, v[c] + steps) - v[c]
    f = F[c]
    return vals[min(TOP, f + real)] - vals[f]


def star_passed(stars: tuple[int, ...], before: int, after: int) -> bool:
    for s in stars:
        if before < s <= after:
            return True
    return False


def cone_value(vals: tuple[int, ...], x: float) -> float:
    """The cone's points at a fractional number of visible roofs (linear between columns)."""
    if x <= 0:
        return 0.0
    if x >= TOP:
        return float(vals[TOP])
    i = int(x)
    return vals[i] + (vals[i + 1] - vals[i]) * (x - i)


def extra_nearness(stars: tuple[int, ...], v: list[int]) -> float:
    """How near all four vehicles are to the next star column: 1 when one step away, less when farther."""
    lo = min(v)
    nxt = -1                                   # the next star column (star columns are 1-15)
    for s in stars:
        if s > lo:
            nxt = s
            break
    if nxt < 0:
        return 0.0
    deficit = 0
    for c in v:
        if nxt > c:
            deficit += nxt - c
    return 1.0 / deficit


@mypyc_attr(serializable=True)      # a savestate pickles it (tdream/buildattrs.py)
class Thinker:
    """The weighing of answers for one style and level."""

    w: dict[str, float]
    level: dict
    rng: Rng
    noise: float
    blunder: float
    gamma: float
    survive: float

    def __init__(self, style, level: dict, rng: Rng) -> None:
        w = dict(style.weights)
        self.w = w
        self.level = level
        self.rng = rng
        self.noise = level["noise"] + w["noise"]
        self.blunder = min(1.0, level["blunder"] + w["blunder"])
        self.gamma = 0.7
        self.survive = w["exposure"]

    # ---------------------------------------------------------------- small parts
    def sigma(self, threats: int) -> float:
        """The chance a visible roof stays visible with ``threats`` empty buildable sites next to it."""
        return 1.0 / (1.0 + self.survive * threats) if threats else 1.0

    def expected_visible(self, m, b: Board, p: int) -> float:
        e = 0.0
        for s, owners in enumerate(m.rf):
            if owners and owners[-1] == p:
                e += self.sigma(b.threat[s])
        return e

    def build_table(self, m, b: Board, v: list[int], F: list[int]) -> list[tuple[float, tuple[int, ...]]]:
        """Every (value, floors needed) of a build on board ``b`` for vehicles ``v`` (projected to
        ``F``), best first: track value, extra turn, the new roof's expected visibility."""
        key = (tuple(v), tuple(F))
        got = b.tables.get(key)
        if got is not None:
            return got
        vals, stars = b.vals, b.stars
        lo = min(v)
        fl = m.fl
        w = self.w
        w_track, w_height, w_extra, w_cone = w["track"], w["height"], w["extra"], w["cone"]
        others_min = [min(v[k] for k in range(4) if k != c) for c in range(4)]
        moves: dict = {}

        def move(col: int, h: int) -> float:
            got = moves.get((col, h))
            if got is None:
                got = pgain(vals, v, F, col, h) * w_track + w_height * max(0, h - 2)
                if v[col] == lo and star_passed(stars, lo, min(others_min[col], min(TOP, v[col] + h))):
                    got += w_extra
                moves[(col, h)] = got
            return got
        sigma = self.sigma
        threat = b.threat
        base_move = [pgain(vals, v, F, c, 1) * w_track for c in range(4)]
        out = []
        for _x, nb, need, mask in b.cands:
            top = -BIG
            for t in nb:
                f = fl[t]
                g = move(f[-1], len(f) + 1) + sigma(threat[t] - 1) * w_cone
                if g > top:
                    top = g
            cone_base = sigma(len(nb)) * 0.5 * w_cone
            for c in range(4):
                if mask >> c & 1:
                    continue
                g = base_move[c] + cone_base
                n2 = list(need)
                n2[c] += 1
                out.append((top if top > g else g, tuple(n2)))
        out.sort(key=lambda e: (-e[0], e[1]))
        b.tables[key] = out
        return out

    def best_build(self, m, b: Board, p: int, stock: list[int], v: list[int], F: list[int] | None = None) -> float:
        """The value of the best build ``stock`` pays for on board ``b`` (the potential of floors in
        hand; 0 when none)."""
        if F is None:
            F = self.projection(m, b, p)
        key = ("B", tuple(v), tuple(F), tuple(stock))
        got = b.tables.get(key)
        if got is not None:
            return got
        s0, s1, s2, s3 = stock
        best = 0.0
        for val, (n0, n1, n2, n3) in self.build_table(m, b, v, F):
            if n0 <= s0 and n1 <= s1 and n2 <= s2 and n3 <= s3:
                best = max(0.0, val)
                break
        b.tables[key] = best
        return best

    def turns_left(self, m, b: Board) -> float:
        """About how many turns each player has left: until someone's last roof, the supply's end
        or the city's."""
        if m.ending:
            return 1.0
        n = m.n
        by_roofs = 2.2 * min(m.left)
        by_supply = sum(m.supply) / (1.6 * n)
        by_city = 2.0 * len(b.cands) / n + 3.0
        return max(1.0, min(by_roofs, by_supply, by_city))

    def projection(self, m, b: Board, p: int) -> list[int]:
        """The columns p's vehicles might end on: his expected builds spread over the colours."""
        key = ("F", p)
        got = b.tables.get(key)
        if got is not None:
            return got
        builds = min(m.left[p], 0.5 * self.turns_left(m, b))
        share = int(round(0.6 * builds * 2.5 / 4))
        out = [min(TOP, c + share) for c in m.veh[p]]
        b.tables[key] = out
        return out

    def stage(self, m, b: Board, p: int) -> float:
        """How far the game is, 0 (start) .. 1 (about to end): roofs, supply, city."""
        roofs = m.rules.components.roofs_for(m.n)
        least = min(m.left)
        by_roofs = 1.0 - least / roofs if roofs else 1.0
        sup = m.rules.components.supply_for(m.n) * 4
        by_supply = 1.0 - sum(m.supply) / sup if sup else 1.0
        empty = sum(1 for f in m.fl if not f)
        by_city = 1.0 - len(b.cands) / max(1, empty) * min(1.0, empty / 8)
        return max(0.0, min(1.0, max(by_roofs, by_supply * 0.9, by_city * 0.5)))

    # ---------------------------------------------------------------- weighing a turn
    def turn_values(self, m, p: int) -> list[tuple[float, int, object]]:
        """(value, index, answer) for every legal turn answer, unsorted (index: legal order)."""
        b = Board(m)
        w = self.w
        vals, stars = b.vals, b.stars
        v = m.veh[p]
        st = m.stock[p]
        lo = min(v)
        fl, rf = m.fl, m.rf
        city = m.rules.city
        e_before = self.expected_visible(m, b, p)
        cone_before = cone_value(vals, e_before)
        F = self.projection(m, b, p)
        bb_now = self.best_build(m, b, p, st, v, F)
        near_before = extra_nearness(stars, v)
        tl = self.turns_left(m, b)
        builds_possible = 0.55 * tl
        roof_cost = w["tempo"] * 3.0 * max(0.0, min(1.0, builds_possible / max(1, m.left[p]) - 0.3)) \
            if m.left[p] > 1 else 0.0
        floor_value = w["hoard"] * max(0.2, min(1.0, tl / 6.0)) * (1.0 if sum(st) < 7 else 0.6)
        focus = max(range(4), key=lambda c: (v[c], -c))
        objs = self._open_objectives(m, p)
        # A build adds one roof: only objectives one roof away can be met (progress counts for a
        # style that weighs objectives above their chips).
        near_objs = objs if w["objective"] > 1.0 else [o for o in objs if o[2] + 1 >= o[3]]
        summary = Summary(m, p) if near_objs else None
        out: list[tuple[float, int, object]] = []
        idx = 0
        # ---- takes
        seen: dict = {}
        for cid in m.market:
            card = m.rules.cards[cid]
            for a in m.takes_of(cid):                # the legal Take answers of the card, in their order
                wilds = a.wilds
                key = (cid, wilds if card.floors.count(WILD) == 0 else tuple(sorted(wilds)))
                if key in seen:
                    out.append((seen[key] - 1e-6, idx, a))
                    idx += 1
                    continue
                val = self._take_value(m, b, p, card, wilds, v, st, lo, bb_now, near_before, floor_value, objs,
                                       focus, F)
                seen[key] = val
                out.append((val, idx, a))
                idx += 1
        # ---- builds
        cone0 = cone_value(vals, e_before)
        last = m.left[p] == 1 and not m.ending
        moves: dict = {}                 # (colour, height) -> what the move is worth
        cones: dict = {}                 # (mine covered, threats on the new roof) -> cone change
        site_part = None
        w_track, w_height, w_focus, w_extra = w["track"], w["height"], w["focus"], w["extra"]
        w_cone, w_others = w["cone"], w["others"]
        for s, c, nb in m.build_options(p):
            if site_part is None or site_part[0] != s:
                cost = 1 + len(nb)
                base = -floor_value * cost - roof_cost + w["build"]
                if w["odd"]:
                    deg = len(city.adj[s])
                    base += w["odd"] * ((deg <= 2) + 0.5 * city.park[s] + (deg >= 5) * -0.5)
                covered_mine = 0.0
                covered_rival = 0.0
                for t in nb:
                    o = rf[t][-1]
                    if o == p:
                        covered_mine += self.sigma(b.threat[t])
                    elif o >= 0:
                        covered_rival += 0.5 + self.sigma(b.threat[t])
                base += -w["rival"] * 0.35 * self._opened(m, b, s, nb) + w["cover"] * covered_rival
                empties_s = sum(1 for y in city.adj[s] if not fl[y])
                site_part = (s, base, covered_mine, empties_s)
            _s, base, covered_mine, empties_s = site_part
            answers = m.bopts[s][c]                  # the legal Build answers here, roof by roof
            for j, r in enumerate([s] + nb):
                if r == s:
                    col, h, k = c, 1, empties_s
                else:
                    col, h, k = fl[r][-1], len(fl[r]) + 1, b.threat[r] - 1
                mk = (col, h)
                mv = moves.get(mk)
                if mv is None:
                    g = pgain(vals, v, F, col, h)
                    mv = w_track * g + w_height * max(0, h - 2) + (w_focus * g if col == focus else 0.0)
                    newv = list(v)
                    newv[col] = min(TOP, v[col] + h)
                    if star_passed(stars, lo, min(newv)):
                        mv += w_extra
                    mv += w_extra * 0.6 * (extra_nearness(stars, newv) - near_before)
                    mv = (mv, g)
                    moves[mk] = mv
                ck = (covered_mine, k)
                cv = cones.get(ck)
                if cv is None:
                    e_after = e_before - covered_mine + self.sigma(k)
                    cv = (cone_value(vals, e_after) - cone0)
                    cones[ck] = cv
                val = base + mv[0] + w_cone * cv
                if r != s and w_others and any(o >= 0 and o != p for o in rf[r]):
                    val += w_others
                if near_objs:
                    newv = list(v)
                    newv[col] = min(TOP, v[col] + h)
                    val += self._objective_gain_build(m, p, near_objs, summary, s, c, nb, r, newv)
                if last:
                    val += self._ending_value(m, b, p, mv[1] + cv + (cone0 - cone_before))
                out.append((val, idx, answers[j]))
                idx += 1
        return out

    def _open_objectives(self, m, p: int) -> list:
        held = [o for o, _v in m.chips[p]]
        out = []
        cat = m.rules.objectives
        for j, oid in enumerate(m.objectives):
            if oid in held or not m.chips_left[j]:
                continue
            obj = cat[oid]
            have, need = measure(obj, m, p)
            out.append((obj, m.chips_left[j][0], have, need))
        return out

    def _objective_gain_build(self, m, p, objs, sm, s, c, nb, r, newv) -> float:
        """Chips a build would take, and progress toward the rest (``objectives.measure_after_build``)."""
        worth = 0.0
        wo = self.w["objective"]
        for obj, chip, have, _need in objs:
            h2, n2 = measure_after_build(obj, m, p, sm, s, c, nb, r, newv)
            if h2 >= n2:
                worth += wo * chip
            elif h2 > have:
                worth += wo * chip * 0.3 * (h2 - have) / n2
        return worth

    def _objective_gain_take(self, m, p, objs, steps) -> float:
        v = m.veh[p]
        old = v[:]
        for c in range(4):
            v[c] = min(TOP, v[c] + steps[c])
        worth = 0.0
        wo = self.w["objective"]
        for obj, chip, have, _need in objs:
            if obj.primitive != "vehicles_at_least":
                continue
            h2, n2 = measure(obj, m, p)
            if h2 >= n2:
                worth += wo * chip
            elif h2 > have:
                worth += wo * chip * 0.3 * (h2 - have) / n2
        v[:] = old
        return worth

    def _opened(self, m, b: Board, s: int, nb: list[int]) -> float:
        """How much taller the towers rivals could roof from empty sites get (the build's new
        tower and the neighbours' new floors)."""
        fl = m.fl
        adj = m.rules.city.adj
        total = 0.0
        for t in [s] + nb:
            for x in adj[t]:
                if fl[x] or x == s:
                    continue
                before = 0
                after = 0
                for y in adj[x]:
                    if y == s:
                        after = max(after, 2)
                    elif fl[y]:
                        h = len(fl[y]) + 1
                        before = max(before, h)
                        after = max(after, h + (1 if y in nb else 0))
                if after > before:
                    total += after - before
        return total

    def _ending_value(self, m, b: Board, p: int, my_gain: float) -> float:
        """U5.1: his last roof ends the game; worth it when he stays ahead of everyone's final turn."""
        s = m.scores()
        mine = s[p] + my_gain
        rivals = max(s[q] + 6 for q in range(m.n) if q != p)
        margin = mine - rivals
        return 8.0 if margin > 0 else max(-20.0, 1.5 * margin)

    def _take_value(self, m, b, p, card, wilds, v, st, lo, bb_now, near_before, floor_value, objs, focus,
                    F) -> float:
        w = self.w
        vals, stars = b.vals, b.stars
        new = list(st)
        sup = list(m.supply)
        k = 0
        ran_out = False
        for icon in card.floors:
            if icon != WILD and sup[icon] > 0:
                c = icon
            else:
                if icon != WILD:
                    ran_out = True
                if not any(sup[x] > 0 and x != icon for x in range(4)):
                    continue
                c = COLOUR_INDEX[wilds[k]]
                k += 1
            sup[c] -= 1
            new[c] += 1
        usable = min(LIMIT, sum(new)) - sum(st)
        val = floor_value * max(0, usable)
        steps = [0, 0, 0, 0]
        for x in card.vehicles:
            steps[x] += 1
        if card.vehicles:
            newv = list(v)
            for c in range(4):
                if steps[c]:
                    g = pgain(vals, v, F, c, steps[c])
                    val += w["track"] * g + (w["focus"] * g if c == focus else 0.0)
                    newv[c] = min(TOP, v[c] + steps[c])
            if star_passed(stars, lo, min(newv)):
                val += w["extra"]
            val += w["extra"] * 0.6 * (extra_nearness(stars, newv) - near_before)
            if objs:
                val += self._objective_gain_take(m, p, objs, steps)
        bb = self.best_build(m, b, p, new, v, F)     # a build needs at most 6 floors: the best 10 kept pay it
        val += self.gamma * (bb - bb_now)
        # Diversity: floors of colours he lacks open more sites later.
        val += 0.15 * w["hoard"] * (sum(1 for c in range(4) if new[c] > 0) - sum(1 for c in range(4) if st[c] > 0))
        if ran_out and not m.ending:
            s = m.scores()
            margin = s[p] - max(s[q] for q in range(m.n) if q != p)
            val += 3.0 if margin > 0 else max(-10.0, 0.5 * margin)
        return val

    # ---------------------------------------------------------------- floors to keep
    def choose_counts(self, m, p: int, kind: str):
        b = Board(m)
        v = m.veh[p]
        if kind == DISCARD:
            st = m.stock[p]
            options = _combos(sum(st) - LIMIT, st)
            best = None
            for d in options:
                left = [st[c] - d[c] for c in range(4)]
                val = self.best_build(m, b, p, left, v) + 0.3 * sum(1 for c in range(4) if left[c] > 0)
                val += self._jitter()
                if best is None or val > best[0] + 1e-9:
                    best = (val, d)
            assert best is not None             # one way at least to give back the floors over 10
            return Discard(best[1])
        k = m.setup_floors[0][1]
        st = m.stock[p]
        best = None
        for d in _combos(k, m.supply):
            new = [st[c] + d[c] for c in range(4)]
            val = self.best_build(m, b, p, new, v) + 0.2 * sum(1 for c in range(4) if d[c] > 0) + self._jitter()
            if best is None or val > best[0] + 1e-9:
                best = (val, d)
        assert best is not None                 # one way at least to take the k floors
        return StartFloors(best[1])

    def _jitter(self) -> float:
        if self.noise <= 0:
            return 0.0
        return (self.rng.below(2001) - 1000) / 1000.0 * self.noise

    # ---------------------------------------------------------------- choosing
    def choose(self, view, p: int):
        aw = view.awaiting()
        if aw.kind in (DISCARD, START_FLOORS):
            return self.choose_counts(view, p, aw.kind)
        ranked = self.ranked(view, p)
        if self.level["depth"] > 0 and len(ranked) > 1:
            return self.search(view, p, ranked)
        if self.blunder > 0 and len(ranked) > 1 and self.rng.below(1000) < self.blunder * 1000:
            return ranked[1 + self.rng.below(min(4, len(ranked) - 1))][2]
        return ranked[0][2]

    def ranked(self, m, p: int) -> list[tuple[float, int, object]]:
        vals = self.turn_values(m, p)
        if self.noise > 0:
            vals = [(v + self._jitter(), i, a) for v, i, a in vals]
        vals.sort(key=lambda t: (-t[0], t[1]))
        return vals

    # ---------------------------------------------------------------- search (hard)
    def search(self, view, p: int, ranked):
        width = self.level["width"]
        picks = ranked[:width]
        # Always weigh the best take and the best build, whatever their rank.
        for kind in (Take, Build):
            if not any(type(a) is kind for _v, _i, a in picks):
                extra = next((t for t in ranked if type(t[2]) is kind), None)
                if extra is not None:
                    picks.append(extra)
        best = None
        for v0, i, a in picks:
            sim = view.copy()
            sim.apply(a, True, p)
            self._settle(sim, p)
            self._play_own_extra(sim, p)
            self._rivals_reply(sim, p)
            if self.level["depth"] >= 2:
                self._play_own_turn(sim, p)
                if sim.n in self.level["reply_with"]:
                    self._rivals_reply(sim, p)      # his own next roof is weighed after their reply
            val = self.position_value(sim, p) + 0.05 * v0
            if best is None or val > best[0] + 1e-9 or (abs(val - best[0]) <= 1e-9 and i < best[1]):
                best = (val, i, a)
        assert best is not None                 # ranked holds a move at least (choose calls only then)
        return best[2]

    def _settle(self, sim, p: int) -> None:
        """Resolve chance and discards on a look-ahead copy: the first card of the (sorted) deck is
        dealt, a discard keeps the best floors."""
        while True:
            aw = sim.awaiting()
            if aw is None:
                return
            if aw.player < 0:
                outs = sim.chance_outcomes()
                sim.apply(outs[len(outs) // 2][0], True, -1)
            elif aw.kind == DISCARD:
                sim.apply(self.choose_counts(sim, aw.player, DISCARD), True, aw.player)
            elif aw.kind == START_FLOORS:
                sim.apply(self.choose_counts(sim, aw.player, START_FLOORS), True, aw.player)
            else:
                return

    def _play_own_extra(self, sim, p: int) -> None:
        for _ in range(3):
            aw = sim.awaiting()
            if aw is None or aw.player != p or not sim.extra:
                return
            ranked = self.turn_values(sim, p)
            if not ranked:
                return
            ranked.sort(key=lambda t: (-t[0], t[1]))
            sim.apply(ranked[0][2], True, p)
            self._settle(sim, p)

    def _play_own_turn(self, sim, p: int) -> None:
        """His next turn on a look-ahead copy: his best answer by the one-ply weighing."""
        aw = sim.awaiting()
        if aw is None or aw.player != p or aw.kind != "turn":
            return
        ranked = self.turn_values(sim, p)
        if ranked:
            ranked.sort(key=lambda t: (-t[0], t[1]))
            sim.apply(ranked[0][2], True, p)
            self._settle(sim, p)
            self._play_own_extra(sim, p)

    def _rivals_reply(self, sim, p: int) -> None:
        """Each rival plays his turn (and extra turns) until it is p's turn again."""
        for _ in range(2 * sim.n + 2):
            aw = sim.awaiting()
            if aw is None or aw.player == p:
                return
            q = aw.player
            ranked = rival_thinker().turn_values(sim, q)
            ranked.sort(key=lambda t: (-t[0], t[1]))
            sim.apply(ranked[0][2], True, q)
            self._settle(sim, p)

    def position_value(self, m, p: int) -> float:
        """p's position against his rivals' (see the module docstring)."""
        if m.over:
            s = m.scores()
            best_other = max(s[q] for q in range(m.n) if q != p)
            return 1000.0 * (s[p] > best_other) + 300.0 * (s[p] == best_other) + 5.0 * (s[p] - best_other)
        b = Board(m)
        mine = self.holding(m, b, p)
        others = [self.holding(m, b, q) for q in range(m.n) if q != p]
        w = self.w["rival"]
        return mine - w * (0.5 * max(others) + 0.5 * sum(others) / len(others))

    def holding(self, m, b: Board, q: int) -> float:
        """What q holds: score (cone as expected), best next build, floors, extra-turn nearness,
        objective progress; a seat that has scored holds his score."""
        if m.final[q] is not None:
            return float(m.final[q][0])
        vals = b.vals
        v = m.veh[q]
        F = self.projection(m, b, q)
        total = sum(0.5 * vals[c] + 0.5 * vals[f] for c, f in zip(v, F)) + sum(x for _o, x in m.chips[q])
        total += cone_value(vals, self.expected_visible(m, b, q))
        stage = self.stage(m, b, q)
        total += self.gamma * self.best_build(m, b, q, m.stock[q], v, F) * (1.0 - 0.5 * stage)
        total += 0.5 * min(LIMIT, sum(m.stock[q])) * (1.0 - stage)
        total += 3.0 * extra_nearness(b.stars, v) * (1.0 - stage)
        for _obj, chip, have, need in self._open_objectives(m, q):
            total += chip * 0.5 * (have / need) ** 2 * (1.0 - stage)
        total += m.left[q] * 0.8 * (1.0 - stage)
        return total


_RIVAL: list = []


def rival_thinker() -> "Thinker":
    """How a search expects a rival to answer: the one-ply weighing of ``cpu`` (no noise, no lapse)."""
    if not _RIVAL:
        st = styles()
        _RIVAL.append(Thinker(st.base, st.levels["normal"], Rng(0)))
    return _RIVAL[0]


@mypyc_attr(serializable=True)      # a savestate pickles it (tdream/buildattrs.py)
class CpuPlayer(Player):
    """``cpu`` and the characters at a level (``styles.yaml``)."""

    def __init__(self, kind: str, level: str, seed: int) -> None:
        st = styles()
        style = st.base if kind == "cpu" else st.characters[kind]
        self.kind = kind
        self.level = level
        self.thinker = Thinker(style, st.levels[level], Rng(seed))

    def choose(self, view, seat: int):
        return self.thinker.choose(view, seat)

    def interject(self, view, seat: int):
        return None


__all__ = ["RandomPlayer", "CpuPlayer", "Thinker", "Board", "rival_thinker"]

"""The CPU's look-ahead for Towers: a position model, an evaluation and an alpha-beta search
(docs/games/towers.md, "How the CPU thinks").

The search works on its own light copy of the board read from the seat's view (two lists and
the counting flag), with the rules' own pure functions (``board.py``: the support rule), and
groups its empty squares as ``board.claims`` does (T4.1; the tests hold the two equal); it only
plays placements (and, at the root, a demolition followed by a placement), in the turn order the
view gives (``turns_ahead``).

Evaluation, for the deciding seat ``r`` with ``mover`` to move next (every term in points of
tower size, T6.2):

    V_p = material * towers(p) + territory * claimed(p) + potential * sizes(p on his claimed squares)
          + contest * sizes(p on unclaimed squares) + stack * tallest(p)
    E   = (V_r - danger(r)) - max over rivals o of (V_o - danger(o))

Danger is counted in walls (a wall = ``WALLED + 2 * empty squares``, scaled by ``safety`` for
``r`` and ``attack`` for his rivals): a seat who can place nowhere has a whole wall against him
(TG4.3); a seat without territory (a claimed group cannot be entered, T3.1) whose liberties the
mover can fill with his turns in a row (``capacity``: his turn and a double turn for each
declaration he can make, T5.2) has ``KILL`` of one; one or two liberties more, a little. Claims
count only once TG4.2's grace is over. A finished game is worth +-``WIN`` plus the score
difference.

The largest size each seat could place on each empty square (``m`` tables) is kept per node and
recomputed only around the square just built (``board.raise_support``): a placement changes the
support rule only at its eight neighbours. A node is plain lists (the board, each seat's table,
each seat's towers, sum and tallest); ``analyse`` adds, in one pass over the groups of empty
squares, the claims and per seat what the evaluation counts of them (claimed squares, the sizes
placeable on them and on any claimed square, liberties).

Compiled with mypyc (``tdream native``; ``Towers.program.native_modules``): the weights are read once
into floats of the model, the nodes are native classes of ``list[int]``, and the evaluation
adds its terms in the same order as ever, so that the build values every position exactly as
interpreted Python does (the same choices, bit for bit).
"""
from __future__ import annotations

from typing import Any, Final

from ...buildattrs import mypyc_attr
from . import board as bd

WIN: Final = 1000.0
WALLED: Final = 40.0
KILL: Final = 0.8       # a seat the mover can wall in with his turns in a row: most of a wall
EMPTY: Final = -1       # board.EMPTY
# the seats in a set of seats (bit q: seat q), for every set of the four seats at most
_SEATS: Final[list[list[int]]] = [[q for q in range(4) if bits >> q & 1] for bits in range(16)]


@mypyc_attr(serializable=True)      # a savestate pickles it (tdream/buildattrs.py)
class Node:
    """A position in the search: the board (``owner``, ``size``), each seat's towers (``ntowers``),
    sum (``scores``) and tallest (``tall``), the counting flag, the ``m`` tables (largest size per
    seat per empty square, 0 where a tower stands) with their sums (``tot``), the empty squares;
    once ``analyse`` has run, the claims (``claim``: a seat per square, -1 unclaimed or a tower)
    and per seat the squares he claims (``terr``), the sizes he could place on them (``pot``), the
    sizes he could place on any claimed square (``taken``) and his liberties (``nlibs``, TG4.3);
    ``call``: the claimed squares in all."""

    __slots__ = ("owner", "size", "ntowers", "counting", "m", "tot", "scores", "tall", "empties",
                 "claim", "terr", "pot", "taken", "nlibs", "call")

    def __init__(self, owner: list[int], size: list[int], ntowers: list[int], counting: bool, m: list[list[int]],
                 tot: list[int], scores: list[int], tall: list[int], empties: int) -> None:
        self.owner = owner
        self.size = size
        self.ntowers = ntowers
        self.counting = counting
        self.m = m
        self.tot = tot
        self.scores = scores
        self.tall = tall
        self.empties = empties
        self.claim: list[int] | None = None
        self.terr: list[int] = []
        self.pot: list[int] = []
        self.taken: list[int] = []
        self.nlibs: list[int] = []
        self.call = 0


@mypyc_attr(serializable=True)      # a savestate pickles it (tdream/buildattrs.py)
class Model:
    """The game's shape as the search needs it: geometry, seats, claim mode and the weights."""

    def __init__(self, geo: bd.Geometry, players: int, claim_mode: str, weights: Any, doubles: list[int] | None = None,
                 declare_min: int = 3) -> None:
        self.geo = geo
        self.players = players
        self.enclosed = claim_mode == "enclosed"
        self.w = weights
        # the evaluation's weights, read once (float() of a whole number is exact: the same sums)
        self.material: float = float(weights.material)
        self.territory: float = float(weights.territory)
        self.potential: float = float(weights.potential)
        self.contest: float = float(weights.contest)
        self.stack: float = float(weights.stack)
        self.safety: float = float(weights.safety)
        self.attack: float = float(weights.attack)
        self.doubles: list[int] = list(doubles) if doubles is not None else [0] * players
        self.declare_min = declare_min
        self.evals = 0                  # evaluations done
        self.order_cap = 0              # inner plies: children valued at most (0: all)

    def capacity(self, node: Node, q: int) -> int:
        """How many turns in a row ``q`` could play from his next turn: one, and a double turn
        for each declaration he still has once T5.2 lets him declare."""
        return 1 + (self.doubles[q] if node.tall[q] >= self.declare_min else 0)

    # ---------------------------------------------------------------- nodes
    def root(self, owner: list[int], size: list[int], counting: bool) -> Node:
        P = self.players
        geo = self.geo
        m = [bd.support_table(geo, owner, size, p) for p in range(P)]
        tot = [sum(t) for t in m]
        ntowers = [0] * P
        scores = [0] * P
        tall = [0] * P
        empties = 0
        for i in range(geo.cells):
            o = owner[i]
            if o == EMPTY:
                empties += 1
            else:
                ntowers[o] += 1
                scores[o] += size[i]
                if size[i] > tall[o]:
                    tall[o] = size[i]
        counting = counting or all(ntowers)
        return Node(list(owner), list(size), ntowers, counting, m, tot, scores, tall, empties)

    def child(self, node: Node, sq: int, p: int, s: int) -> Node:
        """``node`` after ``p`` places a size-``s`` tower at ``sq``: the lists copied, the ``m``
        tables brought up to date around ``sq`` (``board.raise_support``)."""
        owner = node.owner[:]
        size = node.size[:]
        empties = node.empties - (1 if owner[sq] == EMPTY else 0)
        owner[sq] = p
        size[sq] = s
        m = [t[:] for t in node.m]
        tot = node.tot[:]
        bd.raise_support(self.geo, owner, size, m, tot, sq, s)
        ntowers = node.ntowers[:]
        ntowers[p] += 1
        scores = node.scores[:]
        scores[p] += s
        tall = node.tall
        if s > tall[p]:
            tall = tall[:]
            tall[p] = s
        counting = node.counting or all(ntowers)
        return Node(owner, size, ntowers, counting, m, tot, scores, tall, empties)

    def rebuilt(self, owner: list[int], size: list[int], counting: bool) -> Node:
        """A node from scratch (after a demolition and its collapse)."""
        return self.root(owner, size, counting)

    def analyse(self, node: Node) -> None:
        """Claims (T4.1, TG4.1, TG4.2) and, per seat, the claimed squares, the sizes placeable on
        them and on any claimed square, and the liberties (TG4.3): one pass over the groups of
        empty squares, as ``board.claims`` makes them (the tests hold the two equal), counting the
        liberties on the way."""
        if node.claim is not None:
            return
        geo = self.geo
        P = self.players
        owner = node.owner
        m = node.m
        cells = geo.cells
        orth = geo.orth
        edge = geo.edge
        counting = node.counting
        enclosed = self.enclosed
        claim = [EMPTY] * cells
        seen = [False] * cells
        terr = [0] * P
        pot = [0] * P
        taken = [0] * P
        nlibs = [0] * P
        call = 0
        for start in range(cells):
            if seen[start] or owner[start] != EMPTY:
                continue
            seen[start] = True
            group = [start]
            mask = 0                           # the seats with a tower next to the group
            touches = False
            for i in group:                    # the group grows as it is read (the squares appended)
                if edge[i]:
                    touches = True
                near = 0                       # the seats with a tower next to i: it is a liberty of each
                for j in orth[i]:
                    o = owner[j]
                    if o == EMPTY:
                        if not seen[j]:
                            seen[j] = True
                            group.append(j)
                    else:
                        near |= 1 << o
                if near:
                    mask |= near
                    for q in _SEATS[near]:
                        nlibs[q] += 1
            if counting and mask and not (mask & (mask - 1)) and not (enclosed and touches):
                who = mask.bit_length() - 1
                mw = m[who]
                terr[who] += len(group)
                call += len(group)
                for i in group:
                    claim[i] = who
                    pot[who] += mw[i]
                    for q in range(P):
                        taken[q] += m[q][i]
        node.claim = claim
        node.terr = terr
        node.pot = pot
        node.taken = taken
        node.nlibs = nlibs
        node.call = call

    # ---------------------------------------------------------------- evaluation
    def evaluate(self, node: Node, r: int, mover: int = -1) -> float:
        """E of the module docstring, for seat ``r``, with ``mover`` to move next (-1: unknown)."""
        self.analyse(node)
        self.evals += 1
        P = self.players
        empties = node.empties
        unclaimed = empties - node.call
        walled = WALLED + 2.0 * empties
        cap_mover = self.capacity(node, mover) if mover >= 0 else 1
        best = 0.0
        rivals = False                   # best is a rival's value yet
        own = 0.0
        for p in range(P):
            terr = node.terr[p]
            pot = node.pot[p]
            cont = node.tot[p] - node.taken[p]
            v = self.material * node.scores[p] + self.territory * terr + self.potential * pot + self.contest * cont
            if self.stack:
                v += self.stack * node.tall[p]
            d = 0.0                      # danger in "walls": 1 is a wall's worth
            if node.counting and empties:
                if terr + unclaimed == 0:
                    d = 1.0
                elif terr == 0 and node.ntowers[p]:
                    lp = node.nlibs[p]
                    if mover >= 0 and mover != p:
                        # the mover can fill that many liberties in his turns in a row
                        if lp <= cap_mover:
                            d = KILL
                        elif lp == cap_mover + 1:
                            d = 0.06
                        elif lp == cap_mover + 2:
                            d = 0.02
                    else:
                        t = max([self.capacity(node, q) for q in range(P) if q != p])
                        if lp < t:
                            d = 0.06
                        elif lp <= t + 1:
                            d = 0.02
            if p == r:
                own = v - d * walled * (max(1.0, self.safety / 10.0) if d >= KILL else self.safety / 10.0)
            else:
                val = v - d * walled * (max(1.0, self.attack / 10.0) if d >= KILL else self.attack / 10.0)
                if not rivals or val > best:
                    best = val
                    rivals = True
        return own - (best if best else 0.0)

    def walled(self, node: Node, q: int) -> bool:
        """``q`` can place nowhere while empty squares are left (TG4.3)."""
        self.analyse(node)
        return node.empties > 0 and node.counting and node.empties - node.call + node.terr[q] == 0

    def final(self, node: Node, r: int) -> float:
        """A finished game's worth for ``r`` (T6.2, TG6.2)."""
        s = node.scores
        mine = s[r]
        other = max([s[p] for p in range(self.players) if p != r])
        diff = float(mine - other)
        if mine > other:
            return WIN + diff
        if mine < other:
            return -WIN + diff
        return diff

    # ---------------------------------------------------------------- moves
    def can_place(self, node: Node, sq: int, p: int) -> bool:
        """T3.1: ``sq`` is empty and unclaimed or his."""
        self.analyse(node)
        claim = node.claim
        assert claim is not None
        c = claim[sq]
        return node.owner[sq] == EMPTY and (c == EMPTY or c == p)

    def moves(self, node: Node, p: int) -> list[tuple[int, int]]:
        """(square, largest size) for every square where ``p`` may place (T3.1-T3.3), by square."""
        self.analyse(node)
        claim = node.claim
        assert claim is not None
        owner = node.owner
        mp = node.m[p]
        out: list[tuple[int, int]] = []
        for i in range(self.geo.cells):
            if owner[i] == EMPTY:
                c = claim[i]
                if c == EMPTY or c == p:
                    out.append((i, mp[i]))
        return out

    def liberties(self, node: Node, q: int) -> list[int]:
        """The empty squares next to ``q``'s towers (TG4.3), by square."""
        owner = node.owner
        orth = self.geo.orth
        out: list[int] = []
        for i in range(self.geo.cells):
            if owner[i] == EMPTY:
                for j in orth[i]:
                    if owner[j] == q:
                        out.append(i)
                        break
        return out

    def quick(self, node: Node, p: int, sq: int, s: int, lib_need: list[int]) -> float:
        """A cheap guess at a placement's worth, to order replies: its size, more on unclaimed
        squares (contested first, own ground later) and on a liberty of a seat nearly walled in."""
        claim = node.claim
        assert claim is not None
        v = float(s)
        if claim[sq] == EMPTY:
            v += 2.0
        if lib_need and node.owner[sq] == EMPTY:
            owner = node.owner
            orth = self.geo.orth[sq]
            for q in lib_need:
                for j in orth:
                    if owner[j] == q:
                        v += 6.0
                        break
        return v

    def lib_short(self, node: Node) -> list[int]:
        """Seats without territory whose liberties a rival's turns in a row could fill
        (worth attacking or defending)."""
        self.analyse(node)
        if not node.counting:
            return []
        P = self.players
        cap = [self.capacity(node, q) for q in range(P)]
        out: list[int] = []
        for q in range(P):
            if node.ntowers[q] and not node.terr[q]:
                t = max([cap[o] for o in range(P) if o != q])
                if node.nlibs[q] <= t + 1:
                    out.append(q)
        return out

    def _by_quick(self, node: Node, p: int, moves: list[tuple[int, int]], keep: int) -> list[tuple[int, int]]:
        """The ``keep`` best of ``moves`` by the quick look (ties by square)."""
        short = self.lib_short(node)
        keyed = [(-self.quick(node, p, sq, s, short), sq, s) for sq, s in moves]
        keyed.sort()
        return [(sq, s) for _, sq, s in keyed[:keep]]

    # ---------------------------------------------------------------- search
    def value(self, node: Node, seq: list[int], ply: int, depth: int, r: int, alpha: float, beta: float,
              width: int, passed: int = 0) -> float:
        """Alpha-beta value for ``r`` of ``node`` with ``seq[ply]`` to move and ``depth`` plies left;
        ``passed``: the seats (bits) who have passed since the last placement (TG6.1)."""
        if node.empties == 0:
            return self.final(node, r)
        if depth == 0 or ply >= len(seq):
            return self.evaluate(node, r, seq[ply] if ply < len(seq) else -1)
        p = seq[ply]
        moves = self.moves(node, p)
        if not moves:
            # a pass (T3.4): a round of passes (every seat has passed) ends the game at once; else
            # the next seat is asked and ends it if he leads (TG6.1). One seat's passes in a row
            # (a double turn) end nothing by themselves.
            passed |= 1 << p
            asked = (p + 1) % self.players
            scores = node.scores
            if passed == (1 << self.players) - 1 or all([scores[asked] > scores[q] for q in range(self.players)
                                                         if q != asked]):
                return self.final(node, r)
            return self.value(node, seq, ply + 1, depth - 1, r, alpha, beta, width, passed)
        maximize = p == r
        if depth == 1:
            # the last ply: every reply valued in full (exact one-ply minimax), or the ``width``
            # best by the quick look when there are more (big boards: the time budget)
            if len(moves) > width:
                moves = self._by_quick(node, p, moves, width)
            best = -1e18 if maximize else 1e18
            nxt = seq[ply + 1] if ply + 1 < len(seq) else -1
            for sq, s in moves:
                child = self.child(node, sq, p, s)
                v = self.final(child, r) if child.empties == 0 else self.evaluate(child, r, nxt)
                if maximize:
                    if v > best:
                        best = v
                        if best >= beta:
                            return best
                elif v < best:
                    best = v
                    if best <= alpha:
                        return best
            return best
        # order by each child's static value (the mover's best first), keep ``width``; on a big
        # board only the ``order_cap`` best by the quick look are valued (the time budget)
        nxt = seq[ply + 1] if ply + 1 < len(seq) else -1
        if self.order_cap and len(moves) > self.order_cap:
            moves = self._by_quick(node, p, moves, self.order_cap)
        kids: list[tuple[float, int, Node]] = []
        for sq, s in moves:
            child = self.child(node, sq, p, s)
            v = self.final(child, r) if child.empties == 0 else self.evaluate(child, r, nxt)
            kids.append((-v if maximize else v, sq, child))
        kids.sort(key=_by_value)
        best = -1e18 if maximize else 1e18
        for _, sq, child in kids[:width]:
            v = self.value(child, seq, ply + 1, depth - 1, r, alpha, beta, width)
            if maximize:
                if v > best:
                    best = v
                if best > alpha:
                    alpha = best
            else:
                if v < best:
                    best = v
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        return best


def _by_value(kid: tuple[float, int, Node]) -> tuple[float, int]:
    return kid[0], kid[1]


__all__ = ["Model", "Node", "WIN", "WALLED"]

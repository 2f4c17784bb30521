"""The CPU's look-ahead for Towers: a position model, an evaluation and an alpha-beta search
(docs/games/towers.md, "How the CPU thinks").

The search works on its own light copy of the board read from the seat's view (two lists and
the counting flag), with the rules' own pure functions (``board.py``: the support rule, territory),
so it never re-derives a rule; it only plays placements (and, at the root, a demolition followed
by a placement), in the turn order the view gives (``turns_ahead``).

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
recomputed only around the square just built: a placement changes the support rule only at its
eight neighbours.
"""
from __future__ import annotations

from . import board as bd

WIN = 1000.0
WALLED = 40.0
KILL = 0.8          # a seat the mover can wall in with his turns in a row: most of a wall


class Masks:
    """Bitboards of an ``n`` x ``n`` board (bit ``i`` = square ``i``): for the flood fills."""

    __slots__ = ("n", "full", "west", "east", "edge", "bits")

    def __init__(self, geo) -> None:
        n = geo.n
        self.n = n
        self.full = (1 << geo.cells) - 1
        col0 = sum(1 << (r * n) for r in range(n))
        last = col0 << (n - 1)
        self.west = self.full & ~last          # where a shift to the west may land
        self.east = self.full & ~col0          # where a shift to the east may land
        self.edge = sum(1 << i for i in range(geo.cells) if geo.edge[i])
        self.bits = tuple(1 << i for i in range(geo.cells))

    def grow(self, x: int) -> int:
        """``x`` and its orthogonal neighbours."""
        return (x | ((x >> 1) & self.west) | ((x << 1) & self.east) | (x >> self.n) | (x << self.n)) & self.full


_MASKS: dict = {}


def masks(geo) -> Masks:
    m = _MASKS.get(geo.n)
    if m is None:
        m = _MASKS[geo.n] = Masks(geo)
    return m


def _squares(x: int) -> list[int]:
    out = []
    while x:
        low = x & -x
        out.append(low.bit_length() - 1)
        x ^= low
    return out


class Node:
    """A position in the search: the board (lists and bitboards), the counting flag, the ``m``
    tables (largest size per seat per empty square) with their sums, and, once ``analyse`` has
    run, the claimed squares and liberties per seat."""

    __slots__ = ("owner", "size", "towers", "empty", "counting", "m", "tot", "scores", "tall", "claimed",
                 "claimed_all", "libs", "empties")

    def __init__(self, owner, size, towers, empty, counting, m, tot, scores, tall) -> None:
        self.owner = owner
        self.size = size
        self.towers = towers
        self.empty = empty
        self.counting = counting
        self.m = m
        self.tot = tot
        self.scores = scores
        self.tall = tall
        self.claimed = None
        self.claimed_all = 0
        self.libs = None
        self.empties = empty.bit_count()


class Model:
    """The game's shape as the search needs it: geometry, seats, claim mode and the weights."""

    def __init__(self, geo, players: int, claim_mode: str, weights, doubles: list | None = None,
                 declare_min: int = 3) -> None:
        self.geo = geo
        self.mk = masks(geo)
        self.players = players
        self.enclosed = claim_mode == "enclosed"
        self.w = weights
        self.doubles = list(doubles) if doubles is not None else [0] * players
        self.declare_min = declare_min
        self.evals = 0                  # evaluations done
        self.order_cap = 0              # inner plies: children valued at most (0: all)

    def capacity(self, node: "Node", q: int) -> int:
        """How many turns in a row ``q`` could play from his next turn: one, and a double turn
        for each declaration he still has once T5.2 lets him declare."""
        return 1 + (self.doubles[q] if node.tall[q] >= self.declare_min else 0)

    # ---------------------------------------------------------------- nodes
    def root(self, owner: list, size: list, counting: bool) -> Node:
        P = self.players
        geo = self.geo
        m = [[0] * geo.cells for _ in range(P)]
        tot = [0] * P
        towers = [0] * P
        empty = 0
        scores = [0] * P
        tall = [0] * P
        for i in range(geo.cells):
            o = owner[i]
            if o == bd.EMPTY:
                empty |= 1 << i
                for p in range(P):
                    v = m[p][i] = bd.largest_size(geo, owner, size, i, p)
                    tot[p] += v
            else:
                towers[o] |= 1 << i
                scores[o] += size[i]
                if size[i] > tall[o]:
                    tall[o] = size[i]
        counting = counting or all(towers)
        return Node(list(owner), list(size), towers, empty, counting, m, tot, scores, tall)

    def child(self, node: Node, sq: int, p: int, s: int) -> Node:
        """``node`` after ``p`` places a size-``s`` tower at ``sq``. A new tower only ever raises
        the largest sizes around it, and only to ``s + 1`` at most: the others are kept."""
        owner = node.owner[:]
        size = node.size[:]
        owner[sq] = p
        size[sq] = s
        geo = self.geo
        P = self.players
        m = [t[:] for t in node.m]
        tot = node.tot[:]
        for q in range(P):
            tot[q] -= m[q][sq]
        largest = bd.largest_size
        reach = s + 1
        for j in geo.near[sq]:
            if owner[j] == bd.EMPTY:
                for q in range(P):
                    mq = m[q]
                    old = mq[j]
                    if reach > old:
                        new = largest(geo, owner, size, j, q)
                        if new != old:
                            mq[j] = new
                            tot[q] += new - old
        bit = 1 << sq
        towers = node.towers[:]
        towers[p] |= bit
        scores = node.scores[:]
        scores[p] += s
        tall = node.tall
        if s > tall[p]:
            tall = tall[:]
            tall[p] = s
        counting = node.counting or all(towers)
        return Node(owner, size, towers, node.empty & ~bit, counting, m, tot, scores, tall)

    def rebuilt(self, owner: list, size: list, counting: bool) -> Node:
        """A node from scratch (after a demolition and its collapse)."""
        return self.root(owner, size, counting)

    def analyse(self, node: Node) -> None:
        """Claims (T4.1, TG4.1, TG4.2) and liberties (TG4.3) per seat, by flood fills."""
        if node.claimed is not None:
            return
        mk = self.mk
        P = self.players
        empty = node.empty
        towers = node.towers
        claimed = [0] * P
        call = 0
        if node.counting:
            west, east, n, edge = mk.west, mk.east, mk.n, mk.edge
            enclosed = self.enclosed
            rem = empty
            while rem:
                g = rem & -rem
                while True:
                    x = (g | ((g >> 1) & west) | ((g << 1) & east) | (g >> n) | (g << n)) & empty
                    if x == g:
                        break
                    g = x
                rem ^= g
                if enclosed and g & edge:
                    continue
                border = ((g >> 1) & west) | ((g << 1) & east) | (g >> n) | (g << n)
                who = -1
                for q in range(P):
                    if border & towers[q]:
                        if who >= 0:
                            who = -2
                            break
                        who = q
                if who >= 0:
                    claimed[who] |= g
                    call |= g
        grow = mk.grow
        node.libs = [grow(t) & empty for t in towers]
        node.claimed = claimed
        node.claimed_all = call

    # ---------------------------------------------------------------- evaluation
    def evaluate(self, node: Node, r: int, mover: int = -1) -> float:
        """E of the module docstring, for seat ``r``, with ``mover`` to move next (-1: unknown)."""
        self.analyse(node)
        self.evals += 1
        w = self.w
        P = self.players
        m = node.m
        claimed = node.claimed
        call = node.claimed_all
        empties = node.empties
        unclaimed = empties - call.bit_count()
        taken = _squares(call) if call else ()
        walled = WALLED + 2.0 * empties
        cap_mover = self.capacity(node, mover) if mover >= 0 else 1
        best = None
        own = 0.0
        for p in range(P):
            mp = m[p]
            cp = claimed[p]
            terr = cp.bit_count()
            pot = sum([mp[j] for j in _squares(cp)]) if cp else 0
            cont = node.tot[p] - (sum([mp[j] for j in taken]) if taken else 0)
            v = w.material * node.scores[p] + w.territory * terr + w.potential * pot + w.contest * cont
            if w.stack:
                v += w.stack * node.tall[p]
            d = 0.0                      # danger in "walls": 1 is a wall's worth
            if node.counting and empties:
                if terr + unclaimed == 0:
                    d = 1.0
                elif terr == 0 and node.towers[p]:
                    lp = node.libs[p].bit_count()
                    if mover >= 0 and mover != p:
                        # the mover can fill that many liberties in his turns in a row
                        if lp <= cap_mover:
                            d = KILL
                        elif lp == cap_mover + 1:
                            d = 0.06
                        elif lp == cap_mover + 2:
                            d = 0.02
                    else:
                        t = max(self.capacity(node, q) for q in range(P) if q != p)
                        if lp < t:
                            d = 0.06
                        elif lp <= t + 1:
                            d = 0.02
            if p == r:
                own = v - d * walled * (max(1.0, w.safety / 10.0) if d >= KILL else w.safety / 10.0)
            else:
                val = v - d * walled * (max(1.0, w.attack / 10.0) if d >= KILL else w.attack / 10.0)
                if best is None or val > best:
                    best = val
        return own - (best or 0.0)

    def walled(self, node: "Node", q: int) -> bool:
        """``q`` can place nowhere while empty squares are left (TG4.3)."""
        return node.empties > 0 and node.counting and not self.placeable(node, q)

    def final(self, node: Node, r: int) -> float:
        """A finished game's worth for ``r`` (T6.2, TG6.2)."""
        s = node.scores
        mine = s[r]
        other = max(s[p] for p in range(self.players) if p != r)
        diff = float(mine - other)
        if mine > other:
            return WIN + diff
        if mine < other:
            return -WIN + diff
        return diff

    # ---------------------------------------------------------------- moves
    def placeable(self, node: Node, p: int) -> int:
        """The bitboard of squares where ``p`` may place (T3.1)."""
        self.analyse(node)
        return node.empty & ~(node.claimed_all & ~node.claimed[p])

    def can_place(self, node: Node, sq: int, p: int) -> bool:
        return bool(self.placeable(node, p) >> sq & 1)

    def moves(self, node: Node, p: int) -> list[tuple[int, int]]:
        """(square, largest size) for every square where ``p`` may place (T3.1-T3.3)."""
        mp = node.m[p]
        return [(i, mp[i]) for i in _squares(self.placeable(node, p))]

    def quick(self, node: Node, p: int, sq: int, s: int, lib_need: list[int]) -> float:
        """A cheap guess at a placement's worth, to order replies: its size, more on unclaimed
        squares (contested first, own ground later) and on a liberty of a seat nearly walled in."""
        v = float(s)
        if not node.claimed_all >> sq & 1:
            v += 2.0
        for q in lib_need:
            if node.libs[q] >> sq & 1:
                v += 6.0
        return v

    def lib_short(self, node: Node) -> list[int]:
        """Seats without territory whose liberties a rival's turns in a row could fill
        (worth attacking or defending)."""
        self.analyse(node)
        if not node.counting:
            return []
        cap = [self.capacity(node, q) for q in range(self.players)]
        out = []
        for q in range(self.players):
            if node.towers[q] and not node.claimed[q]:
                t = max(cap[o] for o in range(self.players) if o != q)
                if node.libs[q].bit_count() <= t + 1:
                    out.append(q)
        return out

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
            s = node.scores
            if passed == (1 << self.players) - 1 or all(s[asked] > s[q] for q in range(self.players) if q != asked):
                return self.final(node, r)
            return self.value(node, seq, ply + 1, depth - 1, r, alpha, beta, width, passed)
        maximize = p == r
        if depth == 1:
            # the last ply: every reply valued in full (exact one-ply minimax), or the ``width``
            # best by the quick look when there are more (big boards: the time budget)
            if len(moves) > width:
                short = self.lib_short(node)
                moves.sort(key=lambda t: (-self.quick(node, p, t[0], t[1], short), t[0]))
                moves = moves[:width]
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
            short = self.lib_short(node)
            moves.sort(key=lambda t: (-self.quick(node, p, t[0], t[1], short), t[0]))
            moves = moves[:self.order_cap]
        kids = []
        for sq, s in moves:
            child = self.child(node, sq, p, s)
            v = self.final(child, r) if child.empties == 0 else self.evaluate(child, r, nxt)
            kids.append((-v if maximize else v, sq, child))
        kids.sort(key=lambda x: (x[0], x[1]))
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


__all__ = ["Model", "Node", "WIN", "WALLED"]

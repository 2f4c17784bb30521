"""CPU players of Towers: ``random`` and the searching player (``cpu`` and the nine characters,
at ``easy``, ``normal`` and ``hard``; docs/games/towers.md, "How the CPU thinks").

A player answers only through the view it is given (``choose(view, seat)``, and
``interject(view, seat)`` for a double-turn declaration out of turn), never samples chance and
draws its own choices (ties, noise, lapses, picks) from its own seeded ``Rng``.
"""
from __future__ import annotations

from ...rng import Rng
from . import board as bd
from .answers import DECLARE, END_NO, END_YES, PASS, Demolish, Pick, Place
from .data import Level, Style, rules, styles
from .search import Model
from ...platform.protocol import Player
from ...platform.protocol import RandomPlayer as BaseRandom


ENDGAME = (12, 6)           # hard searches a ply deeper with this few candidates left, and again
TIE = 1e-9                 # values this close are equal (ties broken by the player's own RNG)


class RandomPlayer(BaseRandom):
    """The baseline: uniform over the legal answers. Out of turn it has two choices, declare or
    keep quiet, and takes each half the time."""

    kind = "random"
    salt = 0x70_3E25_AA11

    def interject(self, view, seat: int):
        if DECLARE in view.legal_answers(seat) and self.rng.below(2) == 0:
            return DECLARE
        return None


class CpuPlayer(Player):
    """The searching player: a style (weights) and a level (depth, widths, noise, lapses)."""

    def __init__(self, style: Style, level: Level, seed: int = 0, kind: str = "cpu") -> None:
        self.style = style
        self.level = level
        self.kind = kind
        self.rng = Rng(seed ^ 0x70_3E25_C0DE)
        self.last_evals = 0             # evaluations of the last decision (tests, benchmarks)
        self._last: Model | None = None     # the model of his last decision (its evaluations)
        # the boards his demolitions (and the rebuilding planned with them) have made: he never
        # demolishes into one again, so two CPUs cannot demolish and rebuild in a loop forever
        # (under ``war`` the rules allow a position to repeat without end)
        self._demolished_into: set[tuple] = set()

    # ---------------------------------------------------------------- the three input points
    def choose(self, view, seat: int):
        ph = view.phase
        if ph == "pick":
            return self._pick()
        if ph == "end":
            return END_YES if self._leads(view, seat) else END_NO
        self._last = None
        answer = self._turn(view, seat)
        self.last_evals = self._last.evals if self._last is not None else 0
        if view.check(answer, seat) is not None:      # never expected: the model is the rules' own
            return PASS
        return answer

    def interject(self, view, seat: int):
        """Declare out of turn (TG5.1) when a rival's double turn could wall him in (two liberties
        or fewer, no territory, and the rival able to declare), or when the game is nearly over
        and a declaration would be lost."""
        if not view.can_declare(seat):
            return None
        model = self._model(view)
        root = model.root(view.owner, view.size, view.counting)
        if len(model.moves(root, seat)) >= 2 and self._endgame(view, seat, root):
            return DECLARE
        actor = view.player
        model.analyse(root)
        if root.ntowers[seat] and not root.terr[seat] and root.counting:
            run = 1 + (view.doubles[actor] if view.can_declare(actor) else 0)
            if root.nlibs[seat] <= run:
                if self.level.name != "easy" or self.rng.below(2) == 0:
                    return DECLARE
        return None

    # ---------------------------------------------------------------- pick, end
    def _pick(self):
        fav = int(self.style.pick)
        if fav and self.rng.below(2) == 0:
            return Pick(fav)
        return Pick(1 + self.rng.below(9))

    @staticmethod
    def _leads(view, seat: int) -> bool:
        s = view.scores()
        return all(s[seat] > s[q] for q in range(len(s)) if q != seat)

    # ---------------------------------------------------------------- a turn
    def _model(self, view) -> Model:
        return Model(view.geo, view.players, view.options["claim_mode"], self.style, view.doubles,
                     rules().declare_min_size)

    def _endgame(self, view, seat: int, root) -> bool:
        """Few turns are left: a declaration still held would be lost (TG5.1)."""
        left = view.doubles[seat]
        return left > 0 and root.empties <= view.players * (2 * left + 2)

    def _turn(self, view, seat: int):
        level, w = self.level, self.style
        model = self._last = self._model(view)
        root = model.root(view.owner, view.size, view.counting)
        geo = view.geo
        moves = model.moves(root, seat)
        free = view.vacated_for(seat)   # TG7.3: his demolition's square is his to build on this turn
        if free >= 0 and all(sq != free for sq, _ in moves):
            moves.append((free, root.m[seat][free]))
        cands = []                      # (answer, child node, move terms)
        terms = self._terms(view, root, seat)
        for sq, s in moves:
            cands.append((Place(geo.names[sq], s), model.child(root, sq, seat, s), terms(sq, s)))
        if view.options["demolish"] != "none" and not view.demolished:
            cands.extend(self._demolitions(view, model, root, seat, terms))
        if not cands:
            return PASS
        # candidates valued in full: every one at depth 2 and more (within the time budget);
        # at depth 1 the ``width`` best by the quick look
        cap = max(8, level.budget // geo.cells)
        if level.depth == 1:
            cap = min(cap, level.width)
        if len(cands) > cap:
            short = model.lib_short(root)
            keyed = []
            for k, (a, child, t) in enumerate(cands):
                sq = geo.index[a.square]
                keyed.append((-(model.quick(root, seat, sq, child.scores[seat] - root.scores[seat], short) + t), k))
            keyed.sort()
            keep = sorted(k for _, k in keyed[:cap])
            cands = [cands[k] for k in keep]
            moves = [(geo.index[a.square], child.scores[seat] - root.scores[seat]) for a, child, _ in cands
                     if type(a) is Place]
        kill = self._kill(view, model, root, seat)
        if kill is not None:
            return kill
        declare = view.can_declare(seat) and len(moves) >= 2
        if declare and (level.depth < 2 or self.style.early >= 1 or self._endgame(view, seat, root)):
            if self._declare(view, model, root, seat, moves):
                return DECLARE
            declare = False
        # 1 ply: every candidate valued, the best first
        nxt = view.turns_ahead(1)[0]
        scored = [(model.evaluate(child, seat, nxt) + t, k, a, child, t) for k, (a, child, t) in enumerate(cands)]
        scored.sort(key=lambda x: (-x[0], x[1]))
        if level.depth >= 2 and len(scored) > 1:
            scored = self._deepen(view, model, seat, scored)
            if declare and self._declare_deep(view, model, root, seat, scored):
                return DECLARE
        if level.noise:
            scale = level.noise
            scored = [(v + (self.rng.below(2001) - 1000) / 1000.0 * scale, k, a, c, t) for v, k, a, c, t in scored]
            scored.sort(key=lambda x: (-x[0], x[1]))
        pick = 0
        if level.lapse and len(scored) > 1 and self.rng.below(1000) < int(level.lapse * 1000):
            pick = 1 + self.rng.below(min(3, len(scored) - 1))
        else:
            # equal best values (an empty board's many alike squares): his own RNG chooses
            ties = 1
            while ties < len(scored) and scored[ties][0] >= scored[0][0] - TIE:
                ties += 1
            if ties > 1:
                pick = self.rng.below(ties)
        answer, child = scored[pick][2], scored[pick][3]
        if type(answer) is Demolish:
            self._demolished_into.add(_board(child))
        return answer

    def _kill(self, view, model: Model, root, seat: int):
        """TG4.3's sharpest tactic: when a rival without territory has no more liberties than
        the turns in a row he can play now (his turn, the extra turns waiting for him, and a
        double turn for each declaration he can make), fill them: a placement on one, or a
        declaration first when he needs more turns. Checked by playing it out on the model."""
        ahead = view.turns_ahead(4)
        run = 1
        for q in ahead:
            if q != seat:
                break
            run += 1
        avail = view.doubles[seat] if view.can_declare(seat) else 0
        model.analyse(root)
        for o in range(view.players):
            if o == seat or not root.ntowers[o] or root.terr[o]:
                continue
            libs = model.liberties(root, o)
            if not libs or not all(model.can_place(root, i, seat) for i in libs):
                continue
            need = len(libs)
            if need > run + avail:
                continue
            order = sorted(libs, key=lambda i: (-root.m[seat][i], i))
            node = root
            ok = True
            for sq in order:
                if not model.can_place(node, sq, seat):
                    ok = False
                    break
                node = model.child(node, sq, seat, node.m[seat][sq])
            if not ok or not model.walled(node, o):
                continue
            if node.scores[seat] + node.empties < node.scores[o]:
                continue
            if need <= run:
                return Place(view.geo.names[order[0]], root.m[seat][order[0]])
            return DECLARE
        return None

    def _deepen(self, view, model: Model, seat: int, scored: list) -> list:
        level = self.level
        cells = view.geo.cells
        width, reply = level.width, level.reply
        # the budget: squares evaluated at most (each evaluation looks at every square)
        room = level.budget // cells - len(scored)
        while width > 2 and width * reply > room:
            if reply > 4:
                reply -= 1
            else:
                width -= 1
        top = scored[:width]
        model.order_cap = max(12, level.budget // cells // (2 * max(1, width)))
        depth = level.depth
        # the endgame, few squares left: deeper, a ply more for each halving (ENDGAME)
        n = len(scored)
        for few in ENDGAME:
            if n <= few and depth >= 3:
                depth += 1
        seq = view.turns_ahead(depth)
        # the replies each candidate may look at: the reply width, and at the last ply what the
        # budget leaves (every reply on the 8x8 board)
        each = max(reply, room // max(1, len(top))) if depth == 2 else reply
        out = []
        best = -1e18
        for v1, k, a, child, t in top:
            v = model.value(child, seq, 0, depth - 1, seat, best - t, 1e18, max(1, each)) + t
            out.append((v, k, a, child, t))
            if v > best:
                best = v
        out.sort(key=lambda x: (-x[0], x[1]))
        return out + scored[width:]

    def _declare_deep(self, view, model: Model, root, seat: int, scored: list) -> bool:
        """``hard``: declare when the search, given his extra turn right after this one, values
        the position more than without it by ``keep`` (less as the board fills)."""
        level = self.level
        best = scored[0][0]
        seq = [seat] + view.turns_ahead(level.depth)
        top = sorted(scored[:level.width], key=lambda x: (-x[0], x[1]))[:max(2, level.width // 2)]
        got = -1e18
        for _, k, a, child, t in top:
            v = model.value(child, seq, 0, level.depth - 1, seat, got - t, 1e18, max(1, level.reply)) + t
            if v > got:
                got = v
        keep = self.style.keep * root.empties / view.geo.cells
        return got - best > keep

    def _terms(self, view, root, seat: int):
        """The style's move terms of a placement (on top of the position's value)."""
        w = self.style
        geo = view.geo
        owner = root.owner
        late = owner.count(bd.EMPTY) * 2 <= geo.cells
        dist = _distances(geo, owner) if w.stray else None

        def terms(sq: int, s: int) -> float:
            t = 0.0
            if w.tall and s > 6:
                t += w.tall * (s - 6)
            if w.contact or (w.cutin and late):
                rivals = sum(1 for j in geo.near[sq] if owner[j] >= 0 and owner[j] != seat)
                t += w.contact * rivals + (w.cutin * rivals if late else 0.0)
            if w.line:
                own = [j for j in geo.orth[sq] if owner[j] == seat]
                straight = any(owner[a] == seat and owner[b] == seat for a, b in _opposite(geo, sq))
                t += w.line * (len(own) + (1 if straight else 0))
            if dist is not None:
                t += w.stray * min(dist[sq], 4)
            return t
        return terms

    def _demolitions(self, view, model: Model, root, seat: int, terms) -> list:
        """T7.1/T7.2 at the root: demolish one of his towers and build again on its square,
        bigger (the support rule ignores the tower itself, TG7.1); under ``war`` the towers
        left unsupported fall first. Never a demolition that rebuilds no bigger and brings down
        nothing its owner could not place again as it was on his next turn (a null turn, or a
        wash: it starts a new round of passes, TG6.1, and the board can come back as it was, so
        the rules would let it go on forever), nor one into a board his demolitions have made
        before."""
        geo = view.geo
        out = []
        war = view.options["demolish"] == "war"
        for i in range(geo.cells):
            if view.owner[i] != seat:
                continue
            if view.check(Demolish(geo.names[i]), seat) is not None:
                continue
            owner, size = list(view.owner), list(view.size)
            old = size[i]
            owner[i], size[i] = bd.EMPTY, 0
            falls = war and bool(bd.newly_unsupported(geo, view.owner, view.size, i))
            if falls:
                bd.collapse(geo, owner, size)
            node = model.rebuilt(owner, size, view.counting)    # TG7.3: square i is his to build on, this turn
            s = node.m[seat][i]
            if s <= old and not falls:
                continue
            child = model.child(node, i, seat, s)
            fallen = [j for j in range(geo.cells) if owner[j] == bd.EMPTY and view.owner[j] not in (bd.EMPTY, seat)]
            if s <= old and all(model.can_place(child, j, view.owner[j]) and child.m[view.owner[j]][j] >= view.size[j]
                                for j in fallen):
                continue                # nothing gained that cannot be undone at once
            if _board(child) in self._demolished_into:
                continue                # the position would repeat: no demolition loops
            out.append((Demolish(geo.names[i]), child, terms(i, s)))
        return out

    def _declare(self, view, model: Model, root, seat: int, moves: list) -> bool:
        """Declare a double turn (T5.1) now? As soon as he can when his style says so (``early``);
        when few turns are left (held ones would be lost); and when a second move in a row gains
        more than a first one by ``keep`` (closing a wall, escaping one)."""
        if len(moves) < 2:
            return False
        if self.style.early >= 1:
            return True
        if self._endgame(view, seat, root):
            return True
        after = next((q for q in view.turns_ahead(view.players + 2) if q != seat), seat)
        nxt = view.turns_ahead(1)[0]
        now = model.evaluate(root, seat, seat)
        firsts = sorted(((model.evaluate(model.child(root, sq, seat, s), seat, nxt), sq, s) for sq, s in moves),
                        key=lambda x: (-x[0], x[1]))
        single = firsts[0][0]
        k = 4 if self.level.name == "easy" else 6
        dbl = single
        for _, sq, s in firsts[:k]:
            child = model.child(root, sq, seat, s)
            nxt = model.moves(child, seat)
            short = model.lib_short(child)
            nxt.sort(key=lambda t: (-model.quick(child, seat, t[0], t[1], short), t[0]))
            for sq2, s2 in nxt[:k]:
                v = model.evaluate(model.child(child, sq2, seat, s2), seat, after)
                if v > dbl:
                    dbl = v
        return (dbl - single) - (single - now) > self.style.keep


def _board(node) -> tuple:
    """A node's board (owners and sizes), as his demolitions remember it."""
    return tuple(node.owner), tuple(node.size)


def _opposite(geo, sq: int):
    n = geo.n
    r, c = divmod(sq, n)
    out = []
    if 0 < c < n - 1:
        out.append((sq - 1, sq + 1))
    if 0 < r < n - 1:
        out.append((sq - n, sq + n))
    return out


def _distances(geo, owner: list) -> list[int]:
    """Each square's distance (king moves) to the nearest tower (0 on a tower; 0 on an empty board)."""
    cells = geo.cells
    dist = [-1] * cells
    frontier = [i for i in range(cells) if owner[i] != bd.EMPTY]
    if not frontier:
        return [0] * cells
    for i in frontier:
        dist[i] = 0
    k = 0
    while k < len(frontier):
        i = frontier[k]
        k += 1
        for j in geo.near[i]:
            if dist[j] < 0:
                dist[j] = dist[i] + 1
                frontier.append(j)
    return dist


def make_player(kind: str, seed: int, cpu_kinds: tuple[str, ...]):
    """``random``, ``cpu`` or a character id, with an optional ``:easy``/``:hard``."""
    base, _, level = kind.partition(":")
    if base not in cpu_kinds:
        raise ValueError(f"unknown CPU player {kind!r} (known: {', '.join(cpu_kinds)})")
    if base == "random":
        if level:
            raise ValueError(f"{kind!r}: the random player has no level")
        return RandomPlayer(seed)
    level = level or "normal"
    table = styles()
    if level not in table.levels:
        raise ValueError(f"{kind!r}: unknown level {level!r} (known: {', '.join(table.levels)})")
    return CpuPlayer(table.styles[base], table.levels[level], seed, kind)


__all__ = ["RandomPlayer", "CpuPlayer", "make_player"]


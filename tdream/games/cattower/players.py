"""CAT TOWER's CPU players: ``random``, ``cpu`` at three levels and the nine characters.

Every player answers through the view it is given (``choose(view, seat)``), only with one of
``view.legal_answers(seat)``, never samples chance, and draws its ties, noise and lapses from
its own seeded ``Rng``: the same seed gives the same game.

- ``random``: uniform over the legal answers.
- ``cpu`` and the characters (``joji``, ``joji:hard``, ...): the model of ``brain.py`` with the
  weights of ``styles.yaml`` (the plain ``cpu`` weights, or a character's), at a level:
  ``easy`` (depth 1 with noise on every value and lapses among its best few), ``normal``
  (depth 1: each answer by the position it leaves) or ``hard`` (depth 2: its best drawings valued
  again past the next roll, its next die the best of the dice left at its place in the next
  draft, each shared die alike; the draft with the later drafters' picks foreseen, its numbers'
  best drawings valued past the roll, and what the shared die gives the rivals).
"""
from __future__ import annotations

from ...rng import Rng
from .answers import Draft, Drawing, House, Pass
from .brain import NEG, NEUTRAL, Outlook, Sit, after_drawing, tables
from .styles import default_styles
from ...platform.protocol import Player
from ...platform.protocol import RandomPlayer as BaseRandom

DENIAL = 0.5           # hard's draft: how much of what the shared die gives the rivals counts
DRAFT_WIDTH = 3        # hard's draft: the drawings of each die valued past the next roll
END_CHANCE = 0.6       # hard: the chance a rival one cell from his third tower draws it this round


class RandomPlayer(BaseRandom):
    """Uniform over the legal answers, with its own seeded RNG. Like every CPU player it never
    takes its drawing back (CG2.4: ``Player.interject`` gives nothing)."""

    kind = "random"
    salt = 0x5EED_CA77


class CpuPlayer(Player):
    """The model player (``brain.py``) with a style's weights at a level (``styles.yaml``)."""

    def __init__(self, style: str, level: str, seed: int = 0) -> None:
        styles = default_styles()
        self.style = style
        self.level = styles.levels[level]
        self.kind = style if level == "normal" else f"{style}:{level}"
        self.w = dict(styles.weights(style))
        self.rng = Rng(seed ^ 0xC0DE_CA7)
        self._past: dict = {}

    # ------------------------------------------------------------------ the protocol
    def choose(self, view, seat: int):
        legal = view.legal_answers(seat)
        if len(legal) == 1:
            return legal[0]
        phase = view.phase
        tb = tables(view.sheet)
        sit = Sit.of(view)
        self._past = {}                                    # this decision's looks past the roll
        if phase == "draft":
            return self._draft(view, seat, legal, tb, sit)
        if phase == "draw":
            return self._draw(seat, legal, tb, sit, view.parent)
        if phase == "house":
            return self._house(seat, legal, tb, sit)
        return legal[self.rng.below(len(legal))]          # pragma: no cover - no other decision

    def interject(self, view, seat: int):
        return None                          # a CPU never takes its drawing back (CG2.4)

    # ------------------------------------------------------------------ picking
    def _pick(self, scored: list[tuple[float, int]], answers: list):
        """The best of ``scored`` ((value, index into answers)), with the level's noise and
        lapses; ties go to the earlier answer (legal order)."""
        lv = self.level
        if lv.noise > 0:
            scored = [(v + lv.noise * (self.rng.below(2001) - 1000) / 1000.0, i) for v, i in scored]
        scored.sort(key=lambda x: (-x[0], x[1]))
        if lv.lapse > 0 and len(scored) > 1 and self.rng.below(1000) < lv.lapse * 1000:
            pool = scored[:max(1, min(lv.lapse_pool, len(scored)))]
            return answers[pool[self.rng.below(len(pool))][1]]
        return answers[scored[0][1]]

    # ------------------------------------------------------------------ draft (C2.1)
    def _draft(self, view, seat: int, legal: list, tb, sit: Sit):
        ol = Outlook(tb, sit, seat, self.w)
        pool = list(view.pool)
        n = len(view.names)
        after = [(view.parent + k) % n for k in range(view.drafted + 1, n)]     # the drafters after him
        scored = []
        hard = self.level.depth >= 2
        rival_ol = {}
        if hard:
            for q in range(n):
                if q != seat:
                    rival_ol[q] = Outlook(tb, sit, q, NEUTRAL)
        for i, a in enumerate(legal):
            rest = list(pool)
            rest.remove(a.value)
            if hard:
                own = dict((q, view.own[q]) for q in range(n) if view.own[q])
                left = list(rest)
                for q in after:
                    pick = _greedy_pick(rival_ol[q], left, last=(q == after[-1]))
                    own[q] = pick
                    left.remove(pick)
                shared = left[0]
                v = self._draft_past_roll(ol, tb, sit, seat, view.parent, a.value, shared)
                gains = 0.0
                for q, o in own.items():
                    if q == seat:
                        continue
                    rq = rival_ol[q]
                    gains += ol.omega[q] * (rq.best(o, shared) - rq.pass_value())
                v -= DENIAL * ol.rho * gains
            elif not after:
                v = ol.best(a.value, rest[0])
            else:
                v = sum(ol.best(a.value, s) for s in rest) / len(rest)
            v += self.w["greed"] * a.value
            scored.append((v, i))
        return self._pick(scored, legal)

    def _draft_past_roll(self, ol: Outlook, tb, sit: Sit, seat: int, parent: int, x: int, y: int) -> float:
        """Hard's draft: the numbers x and y valued by their best few drawings past the next roll."""
        cands = [(ol.pass_value(), 0, 0, 0)]
        fp = ol.fp
        for g in range(1, 7):
            if g == 1 and not ol.house_ok:
                continue
            for f in range(1, 7):
                cost = min(abs(x - g) + abs(y - f), abs(x - f) + abs(y - g))
                if cost > fp:
                    continue
                for c in tb.by_floor[f]:
                    if ol.me.empty >> c & 1:
                        cands.append((ol.value(g, c, cost), g, c, cost))
        cands.sort(key=lambda z: (-z[0], z[1], z[2]))
        return max(self._past_roll(ol, tb, sit, seat, parent, g, c, cost, v)
                   for v, g, c, cost in cands[:DRAFT_WIDTH])

    # ------------------------------------------------------------------ drawing (C2.2, C3.2)
    def _draw(self, seat: int, legal: list, tb, sit: Sit, parent: int):
        ol = Outlook(tb, sit, seat, self.w)
        index = tb.names
        seen: set = set()
        scored = []
        for i, a in enumerate(legal):
            if type(a) is Pass:
                scored.append((ol.pass_value(stall=True), i))
                continue
            key = (a.good, a.cell)
            if key in seen:            # legal answers come cheapest first: keep the cheapest spend
                continue
            seen.add(key)
            c = _cell_index(tb, a.cell, index)
            scored.append((ol.value(a.good, c, a.cost), i))
        if self.level.depth >= 2 and len(scored) > 1:
            scored = self._look_past_roll(ol, tb, sit, seat, legal, scored, parent)
        return self._pick(scored, legal)

    def _look_past_roll(self, ol: Outlook, tb, sit: Sit, seat: int, legal: list, scored: list,
                        parent: int) -> list:
        """Depth 2: the ``width`` best drawings valued again past the next roll (``_past_roll``)."""
        top = sorted(scored, key=lambda x: (-x[0], x[1]))[:self.level.width]
        out = []
        for v1, i in top:
            a = legal[i]
            if type(a) is Pass:
                out.append((self._past_roll(ol, tb, sit, seat, parent, 0, 0, 0, v1), i))
            else:
                out.append((self._past_roll(ol, tb, sit, seat, parent, a.good, tb.index[a.cell], a.cost, v1), i))
        return out

    def _past_roll(self, ol: Outlook, tb, sit: Sit, seat: int, parent: int, good: int, c: int, cost: int,
                   now: float) -> float:
        """A drawing (``good`` 0: a pass) valued past the next roll. Next round this seat drafts
        from the dice left at its place in the draft (clockwise from the next parent): its die
        is reckoned the best of that many, each face alike, for the drawings it allows with every
        shared die. If a rival may end the game this round (C4.2), the position as the drawing
        leaves it counts for that chance; a drawing that ends it keeps ``now``."""
        key = (good, c, cost)
        got = self._past.get(key)
        if got is not None:
            return got
        n = sit.n
        if good:
            t = tb.tower_of[c]
            if t not in sit.done[seat] and ol.me.e[t] == 1 and len(sit.done[seat]) == 2:
                return now
        s1 = after_drawing(tb, sit, seat, good, c, cost, ol.house_good if good == 1 else 0)
        ol1 = Outlook(tb, s1, seat, self.w)
        choices = n + 1 - (seat - (parent + 1)) % n
        f = sorted(sum(ol1.best(v, x) for x in range(1, 7)) / 6.0 for v in range(1, 7))
        later = 0.0
        for j in range(6):                                 # E[max of `choices` faces of f]
            later += f[j] * (((j + 1) / 6.0) ** choices - (j / 6.0) ** choices)
        cont = 1.0
        for q in range(n):
            if q != seat and ol.needs[q] == 1:
                cont *= 1.0 - END_CHANCE
        if cont < 1.0:
            later = cont * later + (1.0 - cont) * (ol1.base - ol1.rho * ol1.rival_base)
        self._past[key] = later
        return later

    # ------------------------------------------------------------------ house (C5.1)
    def _house(self, seat: int, legal: list, tb, sit: Sit):
        ol = Outlook(tb, sit, seat, self.w)
        good = ol.house_choice()
        for i, a in enumerate(legal):
            if a.good == good:
                return a
        return legal[0]                     # pragma: no cover - house_choice picks a legal good


def _cell_index(tb, name: str, names) -> int:
    return tb.index[name]


def _greedy_pick(ol: Outlook, left: list[int], last: bool) -> int:
    """A later drafter's pick as hard foresees it: the value that serves him best, the shared die
    the mean of the rest (or the one left, when he is last)."""
    best_v, best = NEG, left[0]
    done: list[int] = []
    for v in left:
        if v in done:
            continue
        done.append(v)
        rest = list(left)
        rest.remove(v)
        if last:
            val = ol.best(v, rest[0])
        else:
            val = sum(ol.best(v, s) for s in rest) / len(rest)
        if val > best_v:
            best_v, best = val, v
    return best


__all__ = ["RandomPlayer", "CpuPlayer", "Draft", "Drawing", "House"]

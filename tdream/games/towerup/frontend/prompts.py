"""What a human answers with: one prompt per input point of Tower Up (docs/games/towerup.md
section 2), read from his own pad, drawn over the table.

- ``StartFloorsPrompt`` (``start_floors``, UG1.1): the k floors of his choice at set-up;
- ``TurnPrompt`` (``turn``, U3.1-U3.5): a market card (with the colour of each wild or substitute),
  or a build: a site, the base floor's colour, then the roof, each step with its preview (the
  floors it costs, every roof choice with the columns it moves, the roofs it covers and which of
  his visible roofs a neighbour could later cover) and B to step back;
- ``DiscardPrompt`` (``discard``, U3.3): the floors over ten given back.

A prompt sets ``answer`` to an answer the engine checked; a choice the engine refuses shows the
engine's reason (its rule ID first) in red and answers nothing. Nothing here decides for a player.
"""
from __future__ import annotations

from ....frontend.constants import A, B, DOWN, GOLD, LEFT, RED, RIGHT, UP, WHITE, rgb15
from ....frontend.text import tr
from ....frontend.widgets import cursor, fit, window
from .. import queries as q
from ..answers import Build, Discard, StartFloors, Take
from ..data import COLOURS, WILD
from ..match import LIMIT
from .cityview import swatch
from .layout import MAP

INFO = rgb15(200, 224, 248)
DIM = rgb15(160, 168, 200)
WIN_X, WIN_W = 2, 172                 # a prompt's window spans the city, never the panels


def colour_name(c) -> str:
    """A floor colour's name on screen (an index or its data name)."""
    return tr(COLOURS[c] if isinstance(c, int) else c)


def floors_text(counts) -> str:
    """Floors per colour as words: "2 black, 1 white" (``counts``: 4 counts, or colour names)."""
    if counts and isinstance(counts[0], str):
        per = [0, 0, 0, 0]
        for name in counts:
            per[COLOURS.index(name)] += 1
        counts = per
    parts = [tr("{n} {colour}", n=n, colour=colour_name(c)) for c, n in enumerate(counts) if n]
    return ", ".join(parts) if parts else tr("nothing")


def card_text(card) -> str:
    """A market card as words: its floors, wilds and vehicle moves."""
    per = [0, 0, 0, 0]
    wilds = 0
    for f in card.floors:
        if f == WILD:
            wilds += 1
        else:
            per[f] += 1
    parts = [floors_text(per)] if any(per) else []
    if wilds:
        parts.append(tr("{n} wild", n=wilds))
    for v in sorted(set(card.vehicles)):
        parts.append(tr("{colour} vehicle +{k}", colour=colour_name(v), k=card.vehicles.count(v)))
    return ", ".join(parts)


class Prompt:
    answer = None
    focus_sites: tuple = ()           # sites outlined (a build's neighbours)
    refusal = ""                      # the engine's reason for the last choice refused (shown in red)
    cursor_site = -1                  # the site the map's cursor is on (-1: none)
    legal_sites: tuple = ()           # sites outlined in gold
    chosen_card = -1                  # the market card outlined
    kind = ""

    def handle(self, m, b, pad: int) -> None:
        pass

    def draw(self, m, surface, table) -> None:
        pass

    def preview(self):
        """(state, {site: first new floor}, {site: colour} marks) to draw the map from, or None."""
        return None

    def focus_y(self, table) -> int:
        return table._view.xy[self.cursor_site][1] if self.cursor_site >= 0 else 0


class Line:
    """A line of a prompt's window: text (wrapped to the window), colour, face, an indent, and a
    ``tag`` to find where it was drawn (a swatch or a cursor goes beside it)."""

    __slots__ = ("text", "colour", "face", "tag", "indent")

    def __init__(self, text: str, colour=WHITE, face: str = "small", tag: str = "", indent: int = 0) -> None:
        self.text, self.colour, self.face, self.tag, self.indent = text, colour, face, tag, indent


def _layout(m, lines: list) -> list:
    """The window's lines wrapped to its width: (text, colour, face, tag, indent, height)."""
    out = []
    for ln in lines:
        width = WIN_W - 10 - ln.indent
        parts = m.font.wrap(ln.text, width, ln.face) if ln.text else [""]
        for i, part in enumerate(parts):
            out.append((part, ln.colour, ln.face, ln.tag if i == 0 else "", ln.indent,
                        12 if ln.face == "main" else 9))
    return out


def draw_window(m, surface, lines: list, where="low", focus_y: int = 0) -> dict:
    """A window over the city with ``lines`` (``Line``s); ``where``: "low" (the city's foot),
    "centre", "away" (the half away from ``focus_y``, the site the cursor is on) or a y. Returns
    {tag: the y of its line}."""
    rows = _layout(m, lines)
    h = 6 + sum(r[5] for r in rows)
    if where == "centre":
        y = MAP[1] + (MAP[3] - h) // 2
    elif where == "away" and focus_y >= MAP[1] + MAP[3] // 2:
        y = MAP[1] + 1
    elif isinstance(where, int):
        y = where
    else:
        y = 224 - h
    window(surface, (WIN_X, y, WIN_W, h))
    yy = y + 3
    tags = {}
    for text, colour, face, tag, indent, lh in rows:
        if text:
            m.font.draw(surface, text, WIN_X + 5 + indent, yy, colour, face)
        if tag:
            tags[tag] = yy
        yy += lh
    return tags


class CountsPrompt(Prompt):
    """Floors per colour, set with up/down (the colour) and left/right (how many); A gives them,
    B sets them back to the suggestion."""

    def __init__(self, match, seat: int, total: int, limit: list[int], suggestion: tuple) -> None:
        self.match = match
        self.seat = seat
        self.total = total
        self.limit = list(limit)
        self.counts = list(suggestion)
        self.suggestion = tuple(suggestion)
        self.row = 0
        self.refusal = ""

    def make(self, counts) -> object:
        raise NotImplementedError

    def handle(self, m, b, pad: int) -> None:
        if b.repeat(pad, UP):
            self.row = (self.row - 1) % 4
        elif b.repeat(pad, DOWN):
            self.row = (self.row + 1) % 4
        for mask, d in ((LEFT, -1), (RIGHT, 1)):
            if b.repeat(pad, mask):
                n = self.counts[self.row] + d
                if n < 0:
                    continue
                if n > self.limit[self.row]:
                    self.refusal = self.over_limit(self.row)
                    m.sound("cancel")
                    continue
                self.counts[self.row] = n
                self.refusal = ""
        if b.press(pad, A):
            answer = self.make(tuple(self.counts))
            why = self.match.check(answer, self.seat)
            if why is None:
                self.answer = answer
                m.sound("select")
            else:
                self.refusal = why
                m.sound("cancel")
        elif b.press(pad, B):
            self.counts = list(self.suggestion)
            self.refusal = ""

    def over_limit(self, c: int) -> str:
        """Why colour ``c`` cannot go higher (its rule first)."""
        raise NotImplementedError

    def draw_counts(self, m, surface, heading: list, have: str) -> None:
        """The window centred over the city: ``heading`` lines, a row per colour (its swatch, the
        count, what there is), how many are chosen, the refusal if any."""
        lines = list(heading)
        for c in range(4):
            n = self.counts[c]
            lines.append(Line(tr("{colour}: < {n} >  ({have} {k})", colour=colour_name(c), n=n, have=have,
                                 k=self.limit[c]), WHITE if n else DIM, tag=f"c{c}", indent=18))
        given = sum(self.counts)
        lines.append(Line(tr("{n} of {total} chosen", n=given, total=self.total),
                          GOLD if given == self.total else INK_LIGHT))
        lines.append(Line(tr("Up/Down colour, Left/Right count"), WHITE))
        lines.append(Line(tr("A: done   B: start again"), WHITE))
        if self.refusal:
            lines.append(Line(self.refusal, RED))
        tags = draw_window(m, surface, lines, "centre")
        for c in range(4):
            yy = tags[f"c{c}"]
            swatch(surface, c, WIN_X + 14, yy, 7, 7)
            if c == self.row:
                cursor(surface, WIN_X + 5, yy + 1, m.frame)


INK_LIGHT = rgb15(200, 200, 216)


class StartFloorsPrompt(CountsPrompt):
    """UG1.1: the k-th player after the first takes k floors of his choice."""

    kind = "start_floors"

    def __init__(self, match, seat: int) -> None:
        k = match.setup_floors[0][1]
        legal = [a.counts for a in match.legal_answers(seat)]
        wish = [0, 0, 0, 0]
        for i in range(k):
            wish[i % 4] += 1
        suggestion = tuple(wish) if tuple(wish) in legal else legal[0]
        super().__init__(match, seat, k, list(match.supply), suggestion)

    def make(self, counts):
        return StartFloors(counts)

    def over_limit(self, c: int) -> str:
        return tr("UG1.1: the supply has only {k} {colour}.", k=self.limit[c], colour=colour_name(c))

    def draw(self, m, surface, table) -> None:
        who = self.match.names[self.seat]
        heading = [Line(tr("Choose {k} floors", k=self.total), GOLD, "main"),
                   Line(tr("{who}: {k} more floors of your choice, one for each seat you play after the first "
                           "(UG1.1).", who=who, k=self.total), DIM)]
        self.draw_counts(m, surface, heading, tr("supply"))


class DiscardPrompt(CountsPrompt):
    """U3.3: more than ten floors: give back the floors over ten."""

    kind = "discard"

    def __init__(self, match, seat: int) -> None:
        stock = match.stock[seat]
        excess = sum(stock) - LIMIT
        wish = [0, 0, 0, 0]
        have = list(stock)
        for _ in range(excess):                       # the suggestion: from the colours he holds most of
            c = max(range(4), key=lambda i: (have[i], -i))
            have[c] -= 1
            wish[c] += 1
        super().__init__(match, seat, excess, list(stock), tuple(wish))

    def make(self, counts):
        return Discard(counts)

    def over_limit(self, c: int) -> str:
        return tr("U3.3: {who} holds only {k} {colour}.", who=self.match.names[self.seat], k=self.limit[c],
                  colour=colour_name(c))

    def draw(self, m, surface, table) -> None:
        who = self.match.names[self.seat]
        held = sum(self.match.stock[self.seat])
        heading = [Line(tr("Give back {k} floor(s)", k=self.total), GOLD, "main"),
                   Line(tr("{who} holds {n} floors; U3.3: at most {limit}. They go back to the supply.", who=who,
                           n=held, limit=LIMIT), DIM)]
        self.draw_counts(m, surface, heading, tr("held"))


class TurnPrompt(Prompt):
    """U3.1-U3.5: take a market card, or build. Stages: ``market`` (left/right a card, A takes it,
    down to the city), ``wild`` (left/right a colour for each chosen floor), ``city`` (the cursor
    over every site, the ones he can build on in gold; A chooses one, up or B back to the market),
    ``colour`` (the base floor's colour and what it costs), ``roof`` (where the roof goes: each
    choice with the columns it moves; A builds)."""

    kind = "turn"

    def __init__(self, match, seat: int, view) -> None:
        self.match = match
        self.seat = seat
        self.stage = "market"
        self.card = 0
        self.picked: list[str] = []          # colours chosen for the card's wilds so far
        self.pick = 0                        # the colour the wild cursor is on
        self.colour = 0
        self.roof = 0
        self.refusal = ""
        self.takes: dict[str, list] = {}
        self.builds: dict[int, dict[int, list]] = {}
        city = match.rules.city
        for a in match.legal_answers(seat):
            if type(a) is Take:
                self.takes.setdefault(a.card, []).append(a.wilds)
            else:
                s = city.index[a.site]
                self.builds.setdefault(s, {}).setdefault(COLOURS.index(a.colour), []).append(a)
        self.legal_sites = tuple(sorted(self.builds))
        self.site = self.legal_sites[0] if self.legal_sites else 0
        self.pick = self._first_pick()
        self._previews: dict = {}            # (site, colour) -> BuildPreview; a cache (never state)
        self._exposed: dict = {}             # (site, colour, roof) -> exposed roofs after it; a cache
        self._view = view

    # ---------------------------------------------------------------- what it shows
    @property
    def cursor_site(self) -> int:
        return self.site if self.stage in ("city", "colour") else self.roof_site() if self.stage == "roof" else -1

    @property
    def chosen_card(self) -> int:
        return self.card if self.stage in ("market", "wild") else -1

    @property
    def legal_here(self) -> tuple:
        return self.legal_sites if self.stage == "city" else ()

    @property
    def focus_sites(self) -> tuple:
        """The towers next to the chosen site (each takes a floor), outlined on the map."""
        if self.stage not in ("colour", "roof"):
            return ()
        near = tuple(t for t in self.match.rules.city.adj[self.site] if self.match.fl[t])
        return near + ((self.site,) if self.stage == "roof" else ())

    def card_id(self) -> str:
        return self.match.market[self.card]

    def build_preview(self, site: int, colour: int):
        key = (site, colour)
        p = self._previews.get(key)
        if p is None:
            p = self._previews[key] = q.build_preview(self.match, self.seat, self.match.rules.city.sites[site],
                                                      COLOURS[colour])
        return p

    def choices(self) -> tuple:
        return self.build_preview(self.site, self.colour).roofs

    def roof_site(self) -> int:
        ch = self.choices()
        if not ch:
            return self.site
        return self.match.rules.city.index[ch[min(self.roof, len(ch) - 1)].roof]

    def exposed(self, choice) -> tuple:
        """The seat's visible roofs a later build could cover, after this build (with its roof)."""
        key = (self.site, self.colour, choice.roof)
        e = self._exposed.get(key)
        if e is None:
            sim = self.match.copy()
            sim.apply(choice.answer, True, self.seat)
            e = self._exposed[key] = tuple(q.exposed_roofs(sim, self.seat))
        return e

    def preview(self):
        if self.stage != "roof":
            return None
        ch = self.choices()
        if not ch:
            return None
        choice = ch[min(self.roof, len(ch) - 1)]
        sim = self.match.copy()
        sim.apply(choice.answer, True, self.seat)
        new = {s: len(self.match.fl[s]) for s in range(len(sim.fl)) if len(sim.fl[s]) != len(self.match.fl[s])}
        index = self.match.rules.city.index
        marks = {index[site]: RED for site, _ in self.exposed(choice)}
        return sim, new, marks

    # ---------------------------------------------------------------- wild choices
    def wild_slots(self) -> list[int]:
        """The card's icons that need a chosen colour, with the supply as it stands (E4): each a
        floor colour index (a substitute for that colour) or WILD."""
        card = self.match.rules.cards[self.card_id()]
        sup = list(self.match.supply)
        out = []
        picked = [COLOURS.index(c) for c in self.picked]
        k = 0
        for icon in card.floors:
            if icon != WILD and sup[icon] > 0:
                sup[icon] -= 1
                continue
            if not any(sup[c] > 0 and c != icon for c in range(4)):
                continue
            out.append(icon)
            if k < len(picked):
                sup[picked[k]] -= 1
            k += 1
        return out

    def _first_pick(self) -> int:
        if not self.match.market:
            return 0
        options = self.takes.get(self.card_id(), [()])
        prefix = tuple(self.picked)
        for wilds in options:
            if wilds[:len(prefix)] == prefix and len(wilds) > len(prefix):
                return COLOURS.index(wilds[len(prefix)])
        return 0

    def _wild_reason(self, colour: int) -> str | None:
        """None when ``colour`` may be the next chosen colour, else the engine's reason."""
        prefix = tuple(self.picked) + (COLOURS[colour],)
        options = self.takes.get(self.card_id(), [])
        if any(w[:len(prefix)] == prefix for w in options):
            return None
        rest = options[0][len(prefix):] if options else ()
        return self.match.check(Take(self.card_id(), prefix + tuple(rest)), self.seat) or tr("not now")

    # ---------------------------------------------------------------- input
    def handle(self, m, b, pad: int) -> None:
        getattr(self, "handle_" + self.stage)(m, b, pad)

    def _refuse(self, m, why: str) -> None:
        self.refusal = why
        m.sound("cancel")

    def handle_market(self, m, b, pad: int) -> None:
        n = len(self.match.market)
        for mask, d in ((LEFT, -1), (RIGHT, 1)):
            if b.repeat(pad, mask) and n:
                self.card = (self.card + d) % n
                self.refusal = ""
        if b.repeat(pad, DOWN):
            self.stage = "city"
            self.refusal = ""
            if self.legal_sites:                    # the gold site nearest the card
                x = 3 + self.card * 42 + 20
                self.site = min(self.legal_sites, key=lambda s: (abs(self._view.xy[s][0] - x) + self._view.xy[s][1], s))
            return
        if b.press(pad, A) and n:
            options = self.takes.get(self.card_id(), [])
            if options and not options[0]:
                self.answer = Take(self.card_id(), ())
                m.sound("select")
            elif options:
                self.stage = "wild"
                self.picked = []
                self.pick = self._first_pick()
                self.refusal = ""
            else:
                self._refuse(m, self.match.check(Take(self.card_id(), ()), self.seat) or tr("not now"))

    def handle_wild(self, m, b, pad: int) -> None:
        for mask, d in ((LEFT, -1), (RIGHT, 1)):
            if b.repeat(pad, mask):
                self.pick = (self.pick + d) % 4
                self.refusal = ""
        if b.press(pad, A):
            why = self._wild_reason(self.pick)
            if why is not None:
                self._refuse(m, why)
                return
            self.picked.append(COLOURS[self.pick])
            self.refusal = ""
            options = self.takes[self.card_id()]
            if tuple(self.picked) in options:
                self.answer = Take(self.card_id(), tuple(self.picked))
                m.sound("select")
                return
            self.pick = self._first_pick()
        elif b.press(pad, B):
            self.refusal = ""
            if self.picked:
                self.picked.pop()
                self.pick = self._first_pick()
            else:
                self.stage = "market"

    def handle_city(self, m, b, pad: int) -> None:
        sites = list(range(len(self.match.fl)))
        for mask, d in ((LEFT, (-1, 0)), (RIGHT, (1, 0)), (UP, (0, -1)), (DOWN, (0, 1))):
            if b.repeat(pad, mask):
                t = self._view.nearest(sites, self.site, *d)
                if t == self.site and d == (0, -1):
                    self.stage = "market"
                    self.refusal = ""
                    return
                self.site = t
                self.refusal = ""
        if b.press(pad, A):
            if self.site in self.builds:
                self.stage = "colour"
                self.colour = min(self.builds[self.site])
                self.refusal = ""
            else:
                self._refuse(m, self.site_reason(self.site))
        elif b.press(pad, B):
            self.stage = "market"
            self.refusal = ""

    def site_reason(self, site: int) -> str:
        """Why he cannot build on ``site``: the engine's reason, the cost's when one colour's is."""
        name = self.match.rules.city.sites[site]
        reasons = [self.match.check(Build(name, c, name), self.seat) for c in COLOURS]
        reasons = [r for r in reasons if r]
        for r in reasons:
            if "costs" in r:
                return r
        return reasons[0] if reasons else tr("not now")

    def handle_colour(self, m, b, pad: int) -> None:
        for mask, d in ((LEFT, -1), (RIGHT, 1), (UP, -1), (DOWN, 1)):
            if b.repeat(pad, mask):
                self.colour = (self.colour + d) % 4
                self.refusal = ""
        if b.press(pad, A):
            p = self.build_preview(self.site, self.colour)
            if p.reason is None:
                self.stage = "roof"
                self.roof = 0
                self.refusal = ""
            else:
                self._refuse(m, p.reason)
        elif b.press(pad, B):
            self.stage = "city"
            self.refusal = ""

    def handle_roof(self, m, b, pad: int) -> None:
        ch = self.choices()
        for mask, d in ((LEFT, -1), (RIGHT, 1), (UP, -1), (DOWN, 1)):
            if b.repeat(pad, mask) and ch:
                self.roof = (self.roof + d) % len(ch)
        if b.press(pad, A) and ch:
            a = ch[self.roof].answer
            why = self.match.check(a, self.seat)
            if why is None:
                self.answer = a
                m.sound("select")
            else:
                self._refuse(m, why)
        elif b.press(pad, B):
            self.stage = "colour"
            self.refusal = ""

    # ---------------------------------------------------------------- drawing
    def draw(self, m, surface, table) -> None:
        getattr(self, "draw_" + self.stage)(m, surface, table)

    def who(self) -> str:
        return self.match.names[self.seat]

    def draw_market(self, m, surface, table) -> None:
        card = self.match.rules.cards[self.card_id()]
        k = len(self.legal_sites)
        lines = [Line(tr("{who}: your turn", who=self.who()), GOLD, "main"),
                 Line(tr("Gives {what}.", what=card_text(card)), INFO),
                 Line(tr("Left/Right, A: take a card"), WHITE)]
        if k:
            lines.append(Line(tr("Down: build ({k} gold site(s))", k=k), WHITE))
        else:
            lines.append(Line(tr("You can pay for no site: take a card."), DIM))
        if self.refusal:
            lines.append(Line(self.refusal, RED))
        draw_window(m, surface, lines, "low")

    def draw_wild(self, m, surface, table) -> None:
        slots = self.wild_slots()
        i = len(self.picked)
        icon = slots[i] if i < len(slots) else WILD
        if icon == WILD:
            head = tr("Wild floor {i} of {n}", i=i + 1, n=len(slots))
            why = tr("Its colour: any still in the supply (UG3.1).")
        else:
            head = tr("No {colour} left", colour=colour_name(icon))
            why = tr("U3.2: take a floor of another colour instead; the end begins.")
        lines = [Line(head, GOLD, "main"), Line(why, INFO)]
        if self.picked:
            lines.append(Line(tr("Chosen so far: {floors}", floors=floors_text(self.picked)), INFO))
        lines += [Line("", WHITE, tag="colours"), Line(tr("Left/Right, A: choose   B: back"), WHITE)]
        if self.refusal:
            lines.append(Line(self.refusal, RED))
        tags = draw_window(m, surface, lines, "low")
        self.draw_colours(m, surface, tags["colours"], self.pick,
                          lambda c: self._wild_reason(c) is None, None)

    def draw_colours(self, m, surface, y: int, current: int, ok, extra) -> None:
        """The four colours in a row: swatch, name (dim when refused), ``extra(c)``; the cursor."""
        for c in range(4):
            x = WIN_X + 12 + c * 41
            swatch(surface, c, x, y, 7, 7)
            text = colour_name(c) + (" " + extra(c) if extra else "")
            m.font.draw(surface, fit(m.font, text, 31), x + 9, y, WHITE if ok(c) else DIM, "small")
            if c == current:
                cursor(surface, x - 5, y + 1, m.frame)

    def site_line(self, site: int) -> str:
        """What stands on ``site``: empty, or its tower (colour, height, roofs)."""
        match = self.match
        name = match.rules.city.sites[site]
        fl, rf = match.fl[site], match.rf[site]
        park = tr(" (park)") if match.rules.city.park[site] else ""
        district = match.rules.city.district[site]
        if not fl:
            near = [t for t in match.rules.city.adj[site] if match.fl[t]]
            if not near:
                return tr("{site}{park}, district {d}: an empty lot, next to no tower.", site=name, park=park,
                          d=district)
            towers = ", ".join(f"{match.rules.city.sites[t]} {colour_name(match.fl[t][-1])}" for t in near)
            return tr("{site}{park}, district {d}: empty, next to {towers}.", site=name, park=park, d=district,
                      towers=towers)
        owners = [match.names[o] for o in rf if o >= 0]
        roofs = ", ".join(owners) if owners else tr("none")
        return tr("{site}{park}, district {d}: {colour} tower, {h} high; roofs: {roofs}.", site=name, park=park,
                  d=district, colour=colour_name(fl[-1]), h=len(fl), roofs=roofs)

    def draw_city(self, m, surface, table) -> None:
        lines = [Line(tr("Build where?"), GOLD, "main"),
                 Line(self.site_line(self.site), INFO)]
        if self.site in self.builds:
            lines.append(Line(tr("A: build here   B: back"), WHITE))
        else:
            lines.append(Line(tr("Not a gold site.   B: back"), DIM))
        if self.refusal:
            lines.append(Line(self.refusal, RED))
        draw_window(m, surface, lines, "away", self.focus_y(table))

    def cost_line(self, p) -> str:
        stock = self.match.stock[self.seat]
        need = [0, 0, 0, 0]
        for name, n in p.cost:
            need[COLOURS.index(name)] = n
        have = ", ".join(tr("{n} {colour}", n=stock[c], colour=colour_name(c)) for c in range(4) if need[c])
        return tr("Costs {cost} (you hold {have}).", cost=floors_text(need), have=have)

    def draw_colour(self, m, surface, table) -> None:
        p = self.build_preview(self.site, self.colour)
        name = self.match.rules.city.sites[self.site]
        lines = [Line(tr("{site}: base floor colour?", site=name), GOLD, "main"), Line("", tag="colours"),
                 Line(self.cost_line(p), INFO)]
        if p.neighbours:
            lines.append(Line(tr("A floor goes on each of {sites}; the base differs from them (U3.4).",
                                 sites=", ".join(p.neighbours)), DIM))
        if p.reason:
            lines.append(Line(p.reason, RED))
        elif self.refusal:
            lines.append(Line(self.refusal, RED))
        lines.append(Line(tr("Left/Right, A: choose   B: back"), WHITE))
        tags = draw_window(m, surface, lines, "away", self.focus_y(table))
        self.draw_colours(m, surface, tags["colours"], self.colour,
                          lambda c: self.build_preview(self.site, c).reason is None, None)

    def choice_line(self, ch) -> str:
        vals = self.match.rules.tracks.values
        gain = vals[ch.end] - vals[ch.start]
        text = tr("{site} {h} high: {colour} {start}>{end} +{pts}", site=ch.roof, h=ch.height,
                  colour=colour_name(ch.colour), start=ch.start, end=ch.end, pts=gain)
        extras = []
        if ch.extra_turn:
            extras.append(tr("extra turn"))
        if ch.lost:
            extras.append(tr("{k} column(s) lost", k=ch.lost))
        return text + ("  " + ", ".join(extras) if extras else "")

    def draw_roof(self, m, surface, table) -> None:
        p = self.build_preview(self.site, self.colour)
        ch = p.roofs
        cur = ch[min(self.roof, len(ch) - 1)]
        objectives = self.match.rules.objectives
        need = [0, 0, 0, 0]
        for name, n in p.cost:
            need[COLOURS.index(name)] = n
        lines = [Line(tr("Roof on which floor? (U3.5)"), GOLD, "main"),
                 Line(tr("Costs {cost}.", cost=floors_text(need)), INFO)]
        for i, c in enumerate(ch):
            lines.append(Line(self.choice_line(c), WHITE if c is cur else DIM, tag=f"r{i}", indent=18))
        notes = []
        for oid in cur.objectives:
            notes.append(tr("meets {name}", name=objective_name(objectives[oid])))
        if cur.ends_game:
            notes.append(tr("your last roof: the end begins (U5.1)") if cur.ends_game == "roof"
                         else tr("the city is full: the end begins (UG5.2)"))
        if notes:
            lines.append(Line("; ".join(notes) + ".", GOLD))
        if p.covers:
            me = self.match.names[self.seat]
            lines.append(Line(tr("Covers {roofs}.", roofs=", ".join(
                tr("your roof on {site}", site=s) if w == me else tr("{who}'s roof on {site}", who=w, site=s)
                for s, w in p.covers)), INFO))
        exposed = self.exposed(cur)
        if exposed:
            lines.append(Line(tr("Open to cover later (red !): {roofs}.", roofs="; ".join(
                tr("{site} from {sites}", site=s, sites=", ".join(near)) for s, near in exposed)), RED))
        else:
            lines.append(Line(tr("No roof of yours open to cover."), DIM))
        if self.refusal:
            lines.append(Line(self.refusal, RED))
        lines.append(Line(tr("Up/Down, A: build   B: back"), WHITE))
        tags = draw_window(m, surface, lines, "away", table._view.xy[self.site][1])
        for i, c in enumerate(ch):
            yy = tags[f"r{i}"]
            if c is cur:
                cursor(surface, WIN_X + 5, yy + 1, m.frame)
            swatch(surface, COLOURS.index(c.colour), WIN_X + 13, yy, 6, 7)


def objective_name(obj) -> str:
    """An objective's name in the language on screen (the data has both)."""
    from ....frontend.text import language
    return obj.name_ja if language() == "ja" and obj.name_ja else obj.name


__all__ = ["Prompt", "StartFloorsPrompt", "TurnPrompt", "DiscardPrompt", "floors_text", "card_text", "colour_name",
           "objective_name"]

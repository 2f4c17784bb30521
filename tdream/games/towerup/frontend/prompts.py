"""What a human answers with: one prompt per input point of Tower Up (docs/games/towerup.md
section 2), read from his own pad, its window in the text box's place under the city (never over
it: the city is the table's board area).

- ``StartFloorsPrompt`` (``start_floors``, UG1.1): the floors of his choice at set-up;
- ``TurnPrompt`` (``turn``, U3.1-U3.5): a market card (with the colour of each wild or substitute,
  then what the take does, confirmed with A: ``queries.take_preview``), or a build: a site, the base floor's colour, then the roof, each step with its preview (the
  floors it costs, every roof choice with the columns it moves, the roofs it covers and which of
  his visible roofs a neighbour could later cover) and B to step back;
- ``DiscardPrompt`` (``discard``, U3.3): the floors over ten given back.

A prompt sets ``answer`` to an answer the engine checked; a choice the engine refuses shows the
engine's reason (its rule ID first) in red and answers nothing. Nothing here decides for a player.
"""
from __future__ import annotations

from typing import Any

import pygame

from ....frontend.constants import DOWN, GOLD, LABEL, LEFT, RED, RIGHT, TABLE_INFO, UP, WHITE, A, B, Y, rgb15
from ....frontend.prompt_kit import DIRECTIONS, Offers, Prompt as TablePrompt, nearest, steps
from ....frontend.text import language, shown_name, tr
from ....frontend.widgets import cursor, fit, window
from .. import queries as q
from ..answers import Build, Discard, StartFloors, Take
from ..data import COLOURS, WILD
from ..match import LIMIT
from .cityview import swatch
from .explain import colour_name, explain
from .layout import SMALL_H

KEYS, NOTE, MAIN, MUST = 0, 1, 2, 3   # what a line of a window is worth (MUST: on every page of it)
PAGE_FRAMES = 180                     # frames a page of a full window stays before the next (Y: at once)


def floors_text(counts) -> str:
    """Floors per colour as words: "2 black, 1 white" (``counts``: 4 counts, or colour names)."""
    if counts and isinstance(counts[0], str):
        counts = [list(counts).count(name) for name in COLOURS]
    parts = [tr("{n} {colour}", n=n, colour=colour_name(c)) for c, n in enumerate(counts) if n]
    return ", ".join(parts) if parts else tr("nothing")


def card_text(card) -> str:
    """A market card as words: its floors, wilds and vehicle moves."""
    per = [card.floors.count(c) for c in range(4)]
    wilds = card.floors.count(WILD)
    parts = [floors_text(per)] if any(per) else []
    if wilds:
        parts.append(tr("{n} wild", n=wilds))
    for v in sorted(set(card.vehicles)):
        parts.append(tr("{colour} vehicle +{k}", colour=colour_name(v), k=card.vehicles.count(v)))
    return ", ".join(parts)


class Prompt(Offers, TablePrompt):
    """A Tower Up question (the shell's ``Prompt``, its answers offered to the match first): its
    window in the text box's place, the sites and the card it marks on the city."""

    match: Any
    refusal = ""                      # the engine's reason for the last choice refused (shown in red)
    legal_sites: tuple = ()           # sites outlined in gold
    page = 0                          # a window with more lines than it holds: the page shown (of its
    page_age = 0                      # lines that are not on every page), and frames it has been up
    names: tuple = ()                 # the seats' names as the screen says them (the table's ``names``)

    def tick(self) -> None:
        """A frame: it ages; a full window turns to its next page every PAGE_FRAMES."""
        self.age += 1
        self.page_age += 1
        if self.page_age >= PAGE_FRAMES:
            self.page += 1
            self.page_age = 0

    def handle(self, m, b, pad: int) -> None:
        """Y turns a full window's page; any other press starts its pages again (``answer``)."""
        if b.press(pad, Y):
            self.page += 1
            self.page_age = 0
            return
        if b.pressed[pad]:
            self.page = 0
            self.page_age = 0
        self.answer_keys(m, b, pad)

    @property
    def focus_sites(self) -> tuple:   # sites outlined (a build's neighbours)
        return ()

    @property
    def cursor_site(self) -> int:     # the site the map's cursor is on (-1: none)
        return -1

    @property
    def chosen_card(self) -> int:     # the market card outlined (-1: none)
        return -1

    def answer_keys(self, m, b, pad: int) -> None:
        """The prompt's own keys."""

    def draw(self, m, surface, table) -> None:
        """The prompt's window at the table's text box (``table.box_rect()``)."""

    def text(self) -> str:
        """The question, for a text box that shows it in words only (the shell's)."""
        return ""

    def lines(self, m) -> list:
        """Its small lines under the question, (text, colour), for the same."""
        return [(self.refusal, RED)] if self.refusal else []

    def preview(self):
        """(state, {site: first new floor}, {site: colour} marks) to draw the map from, or None."""
        return None

    def name(self, seat: int) -> str:
        """A seat's name as the screen says it."""
        return self.names[seat] if 0 <= seat < len(self.names) else shown_name(self.match.names[seat])

    def refuse(self, m, why: str | None) -> None:
        """A choice the engine refuses: its reason (in the screen's words, rule ID first), in red."""
        self.refusal = explain(why)
        m.sound("cancel")

    def refused(self) -> list:
        """The refusal's line of its window (none when nothing was refused)."""
        return [Line(self.refusal, RED, keep=MUST)] if self.refusal else []


class Line:
    """A line of a prompt's window: text (wrapped to the window), colour, an indent, a ``tag`` to
    find where it was drawn (a swatch or a cursor goes beside it), what it is worth (``keep``: KEYS,
    NOTE, MAIN, MUST: a MUST line, a choice, a refusal or a warning, stands on every page of a
    window too full for all its lines)."""

    __slots__ = ("text", "colour", "tag", "indent", "keep", "right")

    def __init__(self, text: str, colour=WHITE, tag: str = "", indent: int = 0, keep: int = MAIN,
                 right: int = 0) -> None:
        self.text, self.colour, self.tag, self.indent, self.keep = text, colour, tag, indent, keep
        self.right = right                # pixels kept free at its right (a choice's scroll arrow)


def room(rect) -> int:
    """Small lines a window of ``rect`` holds under its title."""
    return (rect[3] - 16) // SMALL_H


def pages(m, lines: list, width: int, rows: int) -> list[list]:
    """``lines`` wrapped to ``width`` in the pages of a window of ``rows`` small rows: one page, in
    their order, when they all fit. Else every page holds the tagged lines (a choice, the colours'
    row) first, then its share of the others' rows, the MUST ones first (a refusal, a warning, the
    keys the table adds) and the rest in their order, above a last row that says there is more.
    Each page: [(line, its rows)]. No row is ever left out: a line too long for a page goes on
    over the next."""
    wrapped = [(ln, m.font.wrap(ln.text, width - ln.indent - ln.right, "small") if ln.text else [""])
               for ln in lines]
    if sum(len(r) for _, r in wrapped) <= rows:
        return [wrapped]
    pinned = [w for w in wrapped if w[0].tag]
    rest = [w for w in wrapped if not w[0].tag and w[0].keep >= MUST] + \
        [w for w in wrapped if not w[0].tag and w[0].keep < MUST]
    per = max(1, rows - 1 - sum(len(r) for _, r in pinned))
    flat = [(ln, row) for ln, r in rest for row in r]
    out = []
    for k in range(0, max(1, len(flat)), per):
        page = list(pinned)
        for ln, row in flat[k:k + per]:
            if page and page[-1][0] is ln and page[-1] not in pinned:
                page[-1] = (ln, page[-1][1] + [row])
            else:
                page.append((ln, [row]))
        out.append(page)
    return out


def draw_title(m, surface, rect, title: str, colour=GOLD) -> int:
    """A window's title on its first line: in the main font, or the small one when it is too long
    for the window (the text box narrower beside the pads), or wrapped over two small rows as a last
    resort. Returns the rows of small lines it takes from under it (0 or 1)."""
    x, y, w, h = rect
    font = m.font
    if font.width(title, "main") <= w - 10:
        font.draw(surface, title, x + 5, y + 3, colour)
        return 0
    if font.width(title, "small") <= w - 10:
        font.draw(surface, title, x + 5, y + 4, colour, "small")
        return 0
    rows = font.wrap(title, w - 10, "small")[:2]
    for i, row in enumerate(rows):
        font.draw(surface, row, x + 5, y + 3 + i * SMALL_H, colour, "small")
    return len(rows) - 1


def draw_window(m, surface, rect, title: str, lines: list, title_colour=GOLD, page: int = 0) -> dict:
    """A prompt's window at ``rect`` (the table's text box, under the city): ``title`` in the main
    font, then ``lines`` (``Line``s) in the small font: all of them, or a page of them (``pages``:
    ``page`` turns them) and on the last row "Y: more", the page and the pages. Returns {tag: the y
    of its line}."""
    x, y, w, h = rect
    window(surface, rect)
    font = m.font
    extra = draw_title(m, surface, rect, title, title_colour)
    yy = y + 13 + extra * SMALL_H
    rows = room(rect) - extra
    shown = pages(m, lines, w - 10, rows)
    tags = {}
    for ln, wrapped in shown[page % len(shown)]:
        for j, row in enumerate(wrapped):
            if row:
                font.draw(surface, row, x + 5 + ln.indent, yy, ln.colour, "small")
            if j == 0 and ln.tag:
                tags[ln.tag] = yy
            yy += SMALL_H
    if len(shown) > 1:
        more = tr("Y: more {i}/{n}", i=page % len(shown) + 1, n=len(shown))
        font.draw(surface, more, x + w - 5, y + 13 + (extra + rows - 1) * SMALL_H, GOLD, "small", align="right")
    return tags


class CountsPrompt(Prompt):
    """Floors per colour, set with up/down (the colour) and left/right (how many); A gives them,
    B sets them back to the suggestion."""

    make: Any                         # the answer's type, made of the counts (StartFloors, Discard)

    def __init__(self, match, seat: int, total: int, limit: list[int], suggestion: tuple, names=()) -> None:
        self.match = match
        self.seat = seat
        self.names = tuple(names) or tuple(shown_name(n) for n in match.names)
        self.total = total
        self.limit = list(limit)
        self.counts = list(suggestion)
        self.suggestion = tuple(suggestion)
        self.row = 0
        self.refusal = ""

    def back_free(self) -> bool:
        """B would set the counts back to the suggestion, and they are the suggestion."""
        return tuple(self.counts) == self.suggestion

    def answer_keys(self, m, b, pad: int) -> None:
        if b.repeat(pad, UP):
            self.row = (self.row - 1) % 4
        elif b.repeat(pad, DOWN):
            self.row = (self.row + 1) % 4
        for d in steps(b, pad, (LEFT, -1), (RIGHT, 1)):
            n = self.counts[self.row] + d
            if n > self.limit[self.row]:
                self.refusal = self.over_limit(self.row)
                m.sound("cancel")
            elif d > 0 and sum(self.counts) >= self.total:     # all chosen: one goes off another first
                self.refusal = tr("{k} chosen already: Left on another colour first.", k=self.total)
                m.sound("cancel")
            elif n >= 0:
                self.counts[self.row] = n
                self.refusal = ""
        if b.press(pad, A):
            self.offer(m, self.make(tuple(self.counts)))
        elif b.press(pad, B):
            self.counts = list(self.suggestion)
            self.refusal = ""

    def over_limit(self, c: int) -> str:
        """Why colour ``c`` cannot go higher (its rule first)."""
        raise NotImplementedError

    def side_rows(self, m, width: int, help_lines=()) -> list:
        """The right column's rows, (text, colour): how many are chosen; then the refusal and the
        shell's help (Select: its rule; B: take back), or what there is of the cursor's colour and
        the keys."""
        font = m.font
        given = sum(self.counts)
        said = [(tr("{n} of {total} chosen", n=given, total=self.total), GOLD if given == self.total else INK_LIGHT)]
        if self.refusal:                              # the engine's reason in the keys' place
            said.append((self.refusal, RED))
        else:
            said.append((tr("{have} {k}", have=self.have_word(), k=self.limit[self.row]), TABLE_INFO))
            said.append((tr("Up/Down colour, Left/Right count"), WHITE))
        if self.ends_game():
            said.append((tr("This ends the game: it is its last turn (U5.3)."), GOLD))
        said += list(help_lines)
        return [(row, colour) for text, colour in said for row in font.wrap(text, width, "small")]

    def have_word(self) -> str:
        return ""

    def ends_game(self) -> bool:
        """The answer is the game's last (the give-back after the last take, E13)."""
        return False

    def draw(self, m, surface, table) -> None:
        self.draw_counts(m, surface, table.box_rect(), self.text(), table.help_lines(m, self, []))

    def draw_counts(self, m, surface, rect, title: str, help_lines=()) -> None:
        """The window at ``rect``: ``title``; a row per colour on the left (its swatch, the count;
        up/down moves the cursor); on the right how many are chosen, what there is of the
        cursor's colour and the keys, or the refusal (four rows: more go on over pages of three, Y
        or time turning them); at the foot A and B."""
        x, y, w, h = rect
        font = m.font
        window(surface, rect)
        draw_title(m, surface, (x, y, w, SMALL_H + 16), title)
        for c in range(4):
            yy = y + 13 + c * SMALL_H
            n = self.counts[c]
            if c == self.row:
                cursor(surface, x + 4, yy + 1, m.frame)
            swatch(surface, c, x + 11, yy, 7, 7)
            font.draw(surface, fit(font, tr("{colour} < {n} >", colour=colour_name(c), n=n), 66), x + 20, yy,
                      WHITE if n else LABEL, "small")
        rx = x + 90
        side = self.side_rows(m, x + w - 5 - rx, help_lines)
        if len(side) > 4:                             # three rows a page, then "Y: more"
            chunks = [side[k:k + 3] for k in range(0, len(side), 3)]
            k = self.page % len(chunks)
            side = chunks[k] + [(tr("Y: more {i}/{n}", i=k + 1, n=len(chunks)), GOLD)]
        for i, (text, colour) in enumerate(side):
            font.draw(surface, text, rx, y + 13 + i * SMALL_H, colour, "small")
        font.draw(surface, fit(font, tr("A: done   B: start again"), w - 10), x + 5, y + 13 + 4 * SMALL_H, WHITE,
                  "small")

    def lines(self, m) -> list:
        out = [(tr("{colour} < {n} >", colour=colour_name(c), n=self.counts[c]), GOLD if c == self.row else WHITE)
               for c in range(4)]
        return [(", ".join(t for t, _ in out), WHITE)] + super().lines(m)


INK_LIGHT = rgb15(200, 200, 216)


class StartFloorsPrompt(CountsPrompt):
    """UG1.1: a seat after the first takes the floors of his choice (as many as ``later_floors``
    gives his place for the player count)."""

    kind = "start_floors"
    make = StartFloors

    def __init__(self, match, seat: int, names=()) -> None:
        k = match.setup_floors[0][1]
        legal = [a.counts for a in match.legal_answers(seat)]
        wish = [0, 0, 0, 0]
        for i in range(k):
            wish[i % 4] += 1
        suggestion = tuple(wish) if tuple(wish) in legal else legal[0]
        super().__init__(match, seat, k, list(match.supply), suggestion, names)

    def over_limit(self, c: int) -> str:
        return tr("UG1.1: the supply has only {k} {colour}.", k=self.limit[c], colour=colour_name(c))

    def have_word(self) -> str:
        return tr("supply")

    def text(self) -> str:
        return tr("Choose {k} floor(s) (UG1.1)", k=self.total)


class DiscardPrompt(CountsPrompt):
    """U3.3: more than ten floors: give back the floors over ten."""

    kind = "discard"
    make = Discard

    def __init__(self, match, seat: int, names=()) -> None:
        stock = match.stock[seat]
        excess = sum(stock) - LIMIT
        wish = [0, 0, 0, 0]
        have = list(stock)
        for _ in range(excess):                       # the suggestion: from the colours he holds most of
            c = max(range(4), key=lambda i: (have[i], -i))
            have[c] -= 1
            wish[c] += 1
        super().__init__(match, seat, excess, list(stock), tuple(wish), names)

    def over_limit(self, c: int) -> str:
        return tr("U3.3: {who} holds only {k} {colour}.", who=self.name(self.seat), k=self.limit[c],
                  colour=colour_name(c))

    def have_word(self) -> str:
        return tr("held")

    def ends_game(self) -> bool:
        return self.match._turn_ends_game()

    def text(self) -> str:
        return tr("Give back {k} floor(s) (U3.3)", k=self.total)


class TurnPrompt(Prompt):
    """U3.1-U3.5: take a market card, or build. Stages: ``market`` (left/right a card, A chooses
    it, down to the city), ``wild`` (left/right a colour for each chosen floor), ``take`` (what the
    take does: floors, vehicle moves with their points, an extra turn, a chip, a discard; A takes
    it, B back), ``city`` (the cursor
    over every site, the ones he can build on in gold; A chooses one, up or B back to the market),
    ``colour`` (the base floor's colour and what it costs), ``roof`` (where the roof goes: each
    choice with the columns it moves; A builds)."""

    kind = "turn"

    def __init__(self, match, seat: int, view, names=()) -> None:
        self.match = match
        self.seat = seat
        self.names = tuple(names) or tuple(shown_name(n) for n in match.names)
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
        self.pending: Any = None             # the Take the ``take`` stage shows (A answers it)
        self._previews: dict = {}            # (site, colour) -> BuildPreview; a cache (never state)
        self._take_previews: dict = {}       # Take -> TakePreview; a cache (never state)
        self._exposed: dict = {}             # (site, colour, roof) -> exposed roofs after it; a cache
        self._view = view

    # ---------------------------------------------------------------- what it shows
    @property
    def cursor_site(self) -> int:
        return self.site if self.stage in ("city", "colour") else self.roof_site() if self.stage == "roof" else -1

    @property
    def chosen_card(self) -> int:
        return self.card if self.stage in ("market", "wild", "take") else -1

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

    def take_preview(self, a=None):
        """What the pending take (or ``a``) does (``queries.take_preview``, cached)."""
        a = a if a is not None else self.pending
        p = self._take_previews.get(a)
        if p is None:
            p = self._take_previews[a] = q.take_preview(self.match, self.seat, a.card, a.wilds)
        return p

    def to(self, stage: str) -> None:
        """On to ``stage`` (the refusal of the one before gone)."""
        self.stage = stage
        self.refusal = ""

    def _to_take(self, m, a) -> None:
        """The take chosen: show what it does before it is done (the ``take`` stage)."""
        self.pending = a
        self.to("take")
        m.sound("select")

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
            e = self._exposed[key] = tuple(q.exposed_roofs(self.after(choice), self.seat))
        return e

    def after(self, choice):
        """The match after the roof choice ``choice`` (a copy)."""
        sim = self.match.copy()
        sim.apply(choice.answer, True, self.seat)
        return sim

    def preview(self):
        if self.stage != "roof":
            return None
        ch = self.choices()
        if not ch:
            return None
        choice = ch[min(self.roof, len(ch) - 1)]
        sim = self.after(choice)
        new = {s: len(self.match.fl[s]) for s in range(len(sim.fl)) if len(sim.fl[s]) != len(self.match.fl[s])}
        index = self.match.rules.city.index
        marks = {index[site]: RED for site, _ in self.exposed(choice)} if not self.scores_after(choice) else {}
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
    def answer_keys(self, m, b, pad: int) -> None:
        getattr(self, "handle_" + self.stage)(m, b, pad)

    def back_free(self) -> bool:
        """B does nothing at the market (the top of a turn): the table may offer a take-back."""
        return self.stage == "market"

    def handle_market(self, m, b, pad: int) -> None:
        n = len(self.match.market)
        for d in steps(b, pad, (LEFT, -1), (RIGHT, 1)) if n else ():
            self.card = (self.card + d) % n
            self.refusal = ""
        if b.repeat(pad, DOWN):
            self.to("city")
            if self.legal_sites:                    # the gold site nearest the card
                x = 3 + self.card * 42 + 20
                self.site = min(self.legal_sites, key=lambda s: (abs(self._view.xy[s][0] - x) + self._view.xy[s][1], s))
            return
        if b.press(pad, A) and n:
            options = self.takes.get(self.card_id(), [])
            if options and not options[0]:
                self._to_take(m, Take(self.card_id(), ()))
            elif options:
                self.to("wild")
                self.picked = []
                self.pick = self._first_pick()
            else:
                self.refuse(m, self.match.check(Take(self.card_id(), ()), self.seat) or tr("not now"))

    def handle_wild(self, m, b, pad: int) -> None:
        for d in steps(b, pad, (LEFT, -1), (RIGHT, 1)):
            self.pick = (self.pick + d) % 4
            self.refusal = ""
        if b.press(pad, A):
            why = self._wild_reason(self.pick)
            if why is not None:
                self.refuse(m, why)
                return
            self.picked.append(COLOURS[self.pick])
            self.refusal = ""
            options = self.takes[self.card_id()]
            if tuple(self.picked) in options:
                self._to_take(m, Take(self.card_id(), tuple(self.picked)))
                return
            self.pick = self._first_pick()
        elif b.press(pad, B):
            self.refusal = ""
            if self.picked:
                self.picked.pop()
                self.pick = self._first_pick()
            else:
                self.stage = "market"

    def handle_take(self, m, b, pad: int) -> None:
        if b.press(pad, A):
            self.offer(m, self.pending)
        elif b.press(pad, B):
            self.to("wild" if self.pending.wilds else "market")
            if self.pending.wilds:                  # back to the last colour chosen
                self.picked = list(self.pending.wilds[:-1])
                self.pick = COLOURS.index(self.pending.wilds[-1])
            self.pending = None

    def handle_city(self, m, b, pad: int) -> None:
        for mask, d in DIRECTIONS:
            if b.repeat(pad, mask):
                t = nearest(self._view.xy, self.site, *d)       # every site is the cursor's
                if t == self.site and d == (0, -1):
                    self.to("market")
                    return
                self.site = t
                self.refusal = ""
        if b.press(pad, A):
            if self.site in self.builds:
                self.to("colour")
                self.colour = min(self.builds[self.site])
            else:
                self.refuse(m, self.site_reason(self.site))
        elif b.press(pad, B):
            self.to("market")

    def site_reason(self, site: int) -> str:
        """Why he cannot build on ``site``: the engine's reason, the cost's when one colour's is."""
        name = self.match.rules.city.sites[site]
        reasons = [self.match.check(Build(name, c, name), self.seat) for c in COLOURS]
        reasons = [r for r in reasons if r]
        return next((r for r in reasons if "costs" in r), reasons[0] if reasons else tr("not now"))

    def handle_colour(self, m, b, pad: int) -> None:
        for d in steps(b, pad, (LEFT, -1), (RIGHT, 1), (UP, -1), (DOWN, 1)):
            self.colour = (self.colour + d) % 4
            self.refusal = ""
        if b.press(pad, A):
            p = self.build_preview(self.site, self.colour)
            if p.reason is None:
                self.to("roof")
                self.roof = 0
            else:
                self.refuse(m, p.reason)
        elif b.press(pad, B):
            self.to("city")

    def handle_roof(self, m, b, pad: int) -> None:
        ch = self.choices()
        for d in steps(b, pad, (LEFT, -1), (RIGHT, 1), (UP, -1), (DOWN, 1)) if ch else ():
            self.roof = (self.roof + d) % len(ch)
        if b.press(pad, A) and ch:
            self.offer(m, ch[self.roof].answer)
        elif b.press(pad, B):
            self.to("colour")

    # ---------------------------------------------------------------- drawing
    def draw(self, m, surface, table) -> None:
        """The stage's window at the text box: its title and lines (``window``; the shell's help
        after them: Select shows the rule a refusal names, B takes back his last build), the
        colours' row or the roof choices' cursor and swatches beside them."""
        rect = table.box_rect()
        title, lines = self.window(m, rect)
        lines += [Line(text, colour, keep=MUST) for text, colour in table.help_lines(m, self, [])]
        tags = draw_window(m, surface, rect, title, lines, page=self.page)
        if self.stage == "wild" and "colours" in tags:
            self.draw_colours(m, surface, rect, tags["colours"], self.pick, lambda c: self._wild_reason(c) is None)
        elif self.stage == "colour" and "colours" in tags:
            self.draw_colours(m, surface, rect, tags["colours"], self.colour,
                              lambda c: self.build_preview(self.site, c).reason is None)
        elif self.stage == "roof":
            ch = self.choices()
            first, shown = self.roof_rows(m, rect)
            for i in range(first, first + shown):
                yy = tags.get(f"r{i}")
                if yy is None:
                    continue
                if i == min(self.roof, len(ch) - 1):
                    cursor(surface, rect[0] + 5, yy + 1, m.frame)
                swatch(surface, COLOURS.index(ch[i].colour), rect[0] + 13, yy, 6, 7)
                more = (i == first and first > 0, i == first + shown - 1 and first + shown < len(ch))
                ax = rect[0] + rect[2] - 9
                if more[0]:                           # more choices above, and below: a small arrow
                    pygame.draw.polygon(surface, GOLD, [(ax, yy + 5), (ax + 4, yy + 5), (ax + 2, yy + 2)])
                if more[1]:
                    pygame.draw.polygon(surface, GOLD, [(ax, yy + 2), (ax + 4, yy + 2), (ax + 2, yy + 5)])

    def window(self, m, rect) -> tuple[str, list]:
        """(title, ``Line``s) of the stage's window."""
        return getattr(self, "window_" + self.stage)(m, rect)

    def text(self) -> str:
        return self.window(None, (0, 0, 176, 56))[0]

    def lines(self, m) -> list:
        return [(ln.text, ln.colour) for ln in self.window(m, (0, 0, 176, 56))[1] if ln.text]

    def who(self) -> str:
        return self.name(self.seat)

    def final_turn(self) -> bool:
        """This is his final turn (U5.1, U5.2): he scores at its end (unless it earns an extra turn)."""
        m = self.match
        return bool(m.ending) and m.closing == self.seat

    def end_warning(self, reason: str, last: bool) -> list:
        """What an answer ends, on the prompt before it is given (issue 36): the game's end begun
        (a last roof U5.1, a colour out U5.2, the city full UG5.2) or the game over at once (the
        last answer of the last final turn)."""
        ends = {"roof": tr("Your last roof: the game will end (U5.1)."),
                "city": tr("No site is left after it: the game will end (UG5.2)."),
                "supply": tr("A colour runs out: the game will end (U5.2).")}
        said = tr("This ends the game: it is its last turn (U5.3).") if last else ends.get(reason)
        return [Line(said, GOLD, keep=MUST)] if said else []

    def window_market(self, m, rect) -> tuple[str, list]:
        match = self.match
        card = match.rules.cards[self.card_id()]
        k = len(self.legal_sites)
        lines = [Line(tr("Gives {what}.", what=card_text(card)), TABLE_INFO)]
        options = self.takes.get(self.card_id(), [])
        if options:                                   # the card's take starts the end (U5.2, with its
            pv = self.take_preview(Take(self.card_id(), options[0]))      # first colours: the same end)
            if pv.ends_game == "supply" or pv.game_over:
                lines += self.end_warning(pv.ends_game, pv.game_over)
        lines.append(Line(tr("Left/Right, A: take a card"), WHITE, keep=KEYS))
        if k:
            lines.append(Line(tr("Down: build ({k} gold site(s))", k=k), WHITE, keep=KEYS))
            if match.left[self.seat] == 1 and not match.ending:
                lines.append(Line(tr("Your last roof: a build ends the game (U5.1)."), GOLD, keep=MUST))
        else:
            lines.append(Line(tr("You can pay for no site: take a card."), LABEL))
        if self.final_turn():
            lines.append(Line(tr("Your final turn: you score at its end (U5.3)."), GOLD))
        lines += self.refused()
        if self.final_turn():
            title = tr("{who}: your final turn", who=self.who())
        elif match.extra:                              # an extra turn (U4.2): B may take back what earned it
            title = tr("{who}: your extra turn", who=self.who())
        else:
            title = tr("{who}: your turn", who=self.who())
        return title, lines

    def window_wild(self, m, rect) -> tuple[str, list]:
        slots = self.wild_slots()
        i = len(self.picked)
        icon = slots[i] if i < len(slots) else WILD
        lines = []
        if icon == WILD:
            head = tr("Wild floor {i} of {n}", i=i + 1, n=len(slots))
            lines.append(Line(tr("Its colour: any still in the supply (UG3.1)."), TABLE_INFO, keep=NOTE))
        else:
            head = tr("No {colour} left", colour=colour_name(icon))
            lines.append(Line(tr("U3.2: take a floor of another colour instead."), TABLE_INFO, keep=NOTE))
            if not self.match.ending:
                lines += self.end_warning("supply", False)
        if self.picked:
            lines.append(Line(tr("Chosen so far: {floors}", floors=floors_text(self.picked)), TABLE_INFO))
        lines += [self.colours_line(m, rect),
                  Line(tr("Left/Right, A: choose   B: back"), WHITE, keep=KEYS)]
        lines += self.refused()
        return head, lines

    def window_take(self, m, rect) -> tuple[str, list]:
        """What the take does, before it is done (as a build's roof choices say): the floors gained,
        a colour missing and the one taken instead, each vehicle move with its points, an extra
        turn, a chip, the end it starts (or the game's end), the floors he will give back."""
        p = self.take_preview()
        lines = [Line(tr("Gains {floors}.", floors=floors_text(list(p.floors))), TABLE_INFO, keep=MUST)]
        lines += self.end_warning(p.ends_game, p.game_over)
        for missing, instead in p.substitutes:
            lines.append(Line(tr("No {colour} left: {instead} instead (U3.2).", colour=colour_name(missing),
                                 instead=colour_name(instead)) if instead
                              else tr("No {colour} left: nothing instead (UG3.1).", colour=colour_name(missing)),
                              TABLE_INFO))
        for v in p.moves:
            text = tr("{colour} vehicle {start}>{end} +{pts}", colour=colour_name(v.colour), start=v.start, end=v.end,
                      pts=v.points)
            if v.lost:
                text += "  " + tr("{k} column(s) lost", k=v.lost)
            lines.append(Line(text, WHITE))
        objectives = self.match.rules.objectives
        notes = [tr("extra turn (U4.2)")] if p.extra_turn else []
        notes += [tr("meets {name}: the {chip} chip", name=objective_name(objectives[oid]), chip=chip)
                  for oid, chip in p.objectives]
        if notes:
            lines.append(Line("; ".join(notes) + ".", GOLD))
        if p.discard:
            lines.append(Line(tr("Then give back {k} floor(s): ten at most (U3.3).", k=p.discard), RED))
        lines += self.refused()
        lines.append(Line(tr("A: take it   B: back"), WHITE, keep=KEYS))
        return tr("Take this card?"), lines

    @staticmethod
    def colour_rows(m, rect) -> int:
        """The colours' row in one row, or two (two colours each) in a window too narrow for the
        four names whole (the text box beside the pads' gutter)."""
        if m is None:
            return 1
        need = max(m.font.width(colour_name(c), "small") for c in range(4)) + 10
        return 1 if need * 4 <= rect[2] - 12 else 2

    def colours_line(self, m, rect):
        """The window's line the colours stand on (one row or two)."""
        return Line("\n" if self.colour_rows(m, rect) == 2 else "", tag="colours", keep=MUST)

    def draw_colours(self, m, surface, rect, y: int, current: int, ok) -> None:
        """The four colours: swatch, name (dim when refused), whole; the cursor. In a row, or two."""
        per_row = 4 if self.colour_rows(m, rect) == 1 else 2
        step = (rect[2] - 12) // per_row
        for c in range(4):
            x = rect[0] + 12 + (c % per_row) * step
            yy = y + (c // per_row) * SMALL_H
            swatch(surface, c, x, yy, 7, 7)
            m.font.draw(surface, colour_name(c), x + 9, yy, WHITE if ok(c) else LABEL, "small")
            if c == current:
                cursor(surface, x - 5, yy + 1, m.frame)

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
        owners = [self.name(o) for o in rf if o >= 0]
        roofs = ", ".join(owners) if owners else tr("none")
        return tr("{site}{park}, district {d}: {colour} tower, {h} high; roofs: {roofs}.", site=name, park=park,
                  d=district, colour=colour_name(fl[-1]), h=len(fl), roofs=roofs)

    def window_city(self, m, rect) -> tuple[str, list]:
        lines = [Line(self.site_line(self.site), TABLE_INFO)]
        if self.site in self.builds:
            lines.append(Line(tr("A: build here   B: back"), WHITE, keep=KEYS))
        else:
            lines.append(Line(tr("Not a gold site.   B: back"), LABEL, keep=KEYS))
        lines += self.refused()
        return tr("Build where?"), lines

    @staticmethod
    def needs(p) -> list[int]:
        """A build preview's cost, floors per colour."""
        cost = dict(p.cost)
        return [cost.get(name, 0) for name in COLOURS]

    def cost_line(self, p) -> str:
        stock = self.match.stock[self.seat]
        need = self.needs(p)
        have = ", ".join(tr("{n} {colour}", n=stock[c], colour=colour_name(c)) for c in range(4) if need[c])
        return tr("Costs {cost} (you hold {have}).", cost=floors_text(need), have=have)

    def window_colour(self, m, rect) -> tuple[str, list]:
        p = self.build_preview(self.site, self.colour)
        name = self.match.rules.city.sites[self.site]
        lines = [self.colours_line(m, rect), Line(self.cost_line(p), TABLE_INFO)]
        lines += [Line(explain(p.reason), RED, keep=MUST)] if p.reason else self.refused()
        if p.roofs and all(c.ends_game == p.roofs[0].ends_game for c in p.roofs) and p.roofs[0].ends_game:
            lines += self.end_warning(p.roofs[0].ends_game, all(c.game_over for c in p.roofs))
        if p.neighbours:
            lines.append(Line(tr("A floor goes on each of {sites}; the base differs from them (U3.4).",
                                 sites=", ".join(p.neighbours)), LABEL, keep=NOTE))
        lines.append(Line(tr("Left/Right, A: choose   B: back"), WHITE, keep=KEYS))
        return tr("{site}: base floor colour?", site=name), lines

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

    def roof_notes(self, cur) -> list:
        """What the roof choice ``cur`` does beyond its vehicle: the end it starts (or the game's end),
        the objectives it meets, the roofs it covers, his roofs a later build could cover (``Line``s)."""
        p = self.build_preview(self.site, self.colour)
        objectives = self.match.rules.objectives
        out = self.end_warning(cur.ends_game, cur.game_over)
        notes = [tr("meets {name}", name=objective_name(objectives[oid])) for oid in cur.objectives]
        if notes:
            out.append(Line("; ".join(notes) + ".", GOLD))
        if p.covers:
            me = self.match.names[self.seat]
            out.append(Line(tr("Covers {roofs}.", roofs=", ".join(
                tr("your roof on {site}", site=s) if w == me else tr("{who}'s roof on {site}", who=shown_name(w), site=s)
                for s, w in p.covers)), TABLE_INFO))
        exposed = self.exposed(cur) if not self.scores_after(cur) else ()
        if self.scores_after(cur):
            out.append(Line(tr("Your score is fixed at the end of this turn (U5.3)."), LABEL, keep=NOTE))
        elif exposed:
            out.append(Line(tr("Open to cover later (red !): {roofs}.", roofs="; ".join(
                tr("{site} from {sites}", site=s, sites=", ".join(near)) for s, near in exposed)), RED))
        else:
            out.append(Line(tr("No roof of yours open to cover."), LABEL, keep=NOTE))
        return out

    def scores_after(self, cur) -> bool:
        """He scores at the end of this turn (U5.3): the build places his last roof or fills the
        city (U5.1, UG5.2), or it is his final turn and earns no extra turn; a roof of his left
        open then can no longer cost him."""
        m = self.match
        return cur.ends_game in ("roof", "city") or m.left[self.seat] <= 1 or \
            (bool(m.ending) and m.closing == self.seat and not cur.extra_turn)

    def roof_rows(self, m, rect) -> tuple[int, int]:
        """(the first roof choice shown, how many): every choice when the window holds them with
        what the current one does; else as many as leave two rows for what it does (the rest of
        it on the window's other pages), at least two (one when there is one), the cursor's among
        them."""
        ch = self.choices()
        cur = ch[min(self.roof, len(ch) - 1)]
        rows = room(rect)
        width = rect[2] - 10
        if m is None:
            return 0, len(ch)
        wrap = lambda text, indent=0: len(m.font.wrap(text, width - indent, "small"))   # noqa: E731
        choice_rows = [wrap(self.choice_line(c), 22) for c in ch]
        said = self.roof_notes(cur) + self.refused()
        must = sum(wrap(ln.text) for ln in said if ln.keep >= MUST)
        notes = sum(wrap(ln.text) for ln in said if ln.keep < MUST) + 2     # the cost, the keys
        if sum(choice_rows) + must + notes <= rows:
            return 0, len(ch)
        shown = len(ch)
        while shown > min(2, len(ch)) and sum(sorted(choice_rows, reverse=True)[:shown]) + must > rows - 3:
            shown -= 1
        first = max(0, min(min(self.roof, len(ch) - 1) - (shown - 1) // 2, len(ch) - shown))
        return first, shown

    def window_roof(self, m, rect) -> tuple[str, list]:
        p = self.build_preview(self.site, self.colour)
        ch = p.roofs
        cur = ch[min(self.roof, len(ch) - 1)]
        first, shown = self.roof_rows(m, rect)
        lines = [Line(self.choice_line(c), WHITE if c is cur else LABEL, tag=f"r{i}", indent=16, keep=MUST, right=6)
                 for i, c in enumerate(ch) if first <= i < first + shown]
        lines += self.roof_notes(cur)
        lines += self.refused()
        lines.append(Line(tr("Costs {cost}.", cost=floors_text(self.needs(p))), TABLE_INFO, keep=NOTE))
        lines.append(Line(tr("Up/Down, A: build   B: back"), WHITE, keep=KEYS))
        return tr("Roof on which floor? (U3.5)"), lines


def objective_name(obj) -> str:
    """An objective's name in the language on screen (the data has both)."""
    return obj.name_ja if language() == "ja" and obj.name_ja else obj.name


__all__ = ["Prompt", "StartFloorsPrompt", "TurnPrompt", "DiscardPrompt", "floors_text", "card_text", "colour_name",
           "objective_name"]

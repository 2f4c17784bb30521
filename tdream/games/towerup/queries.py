"""What the front end asks of a Tower Up match for its previews and warnings (RULES-towerup.md
section 7). Pure functions of a match (or a seat's view): nothing here changes it.

- ``build_sites(m, seat)``: the sites the seat can build on now;
- ``build_preview(m, seat, site, colour)``: the floors it costs per colour, and each roof choice
  with the vehicle columns it moves, whether it earns an extra turn, the objectives it meets and
  the roofs it covers; and which of the seat's visible roofs a later build could cover;
- ``take_preview(m, seat, card, wilds)``: what a take does, as the build preview says a build's: the
  floors gained (and the colours chosen for wilds and missing colours), each vehicle move with its
  points, an extra turn, objective chips, the end it starts and the floors it will make him give back;
- ``exposed_roofs(m, seat)``: the seat's visible roofs an empty site next to them could cover;
- ``supply(m)``, ``near_empty(m)``: floors left per colour, the colours near empty;
- ``market(m)``: the market's cards and their icons;
- ``panel(m, seat)``: a player's panel (stock per colour, roofs left, four tracks with stars,
  cone, chips, score).
"""
from __future__ import annotations

from dataclasses import dataclass

from . import events as ev
from .answers import Build, Take
from .data import COLOUR_INDEX, COLOURS, WILD
from .match import LIMIT, TOP


@dataclass(frozen=True)
class RoofChoice:
    roof: str                                  # the site whose new floor takes the roof
    height: int                                # that tower's height after the build
    colour: str                                # the vehicle it moves (the tower's colour)
    start: int                                 # the vehicle's column before ...
    end: int                                   # ... and after
    lost: int                                  # columns lost at the end of the track (U4.1)
    extra_turn: bool                           # U4.2 (False when the last roof loses it, UG4.1)
    objectives: tuple[str, ...]                # objectives the seat would meet (U4.3)
    ends_game: str                             # "" or the end it starts (roof, city)
    answer: Build
    game_over: bool = False                    # the build is the game's last answer (E13, U5.3)


@dataclass(frozen=True)
class BuildPreview:
    site: str
    colour: str
    cost: tuple[tuple[str, int], ...]          # floors it costs, per colour (only colours it needs)
    reason: str | None                         # why he cannot build it (a rule ID first), or None
    neighbours: tuple[str, ...]                # the towers that take a floor
    covers: tuple[tuple[str, str], ...]        # (site, owner's name) of the visible roofs it covers
    roofs: tuple[RoofChoice, ...]              # every roof choice (empty when he cannot build)
    exposed: tuple[tuple[str, tuple[str, ...]], ...]   # after the base-roof build: see exposed_roofs


@dataclass(frozen=True)
class VehicleMove:
    colour: str
    start: int                                 # the vehicle's column before ...
    end: int                                   # ... and after
    lost: int                                  # columns lost at the end of the track (U4.1)
    points: int                                # the track points it gains (UG1.4's value row)


@dataclass(frozen=True)
class TakePreview:
    card: str
    wilds: tuple[str, ...]
    reason: str | None                         # why he cannot take it so (a rule ID first), or None
    floors: tuple[str, ...]                    # the floors gained, in the card's order (E4)
    substitutes: tuple[tuple[str, str], ...]   # (missing colour, the colour taken instead or "") (U3.2)
    moves: tuple[VehicleMove, ...]             # the card's vehicle icons as one move (UG4.0)
    extra_turn: bool                           # U4.2
    objectives: tuple[tuple[str, int], ...]    # (objective, chip) he would take (U4.3)
    ends_game: str                             # "" or the end it starts ("supply", U5.2)
    discard: int                               # floors over ten he will give back (U3.3)
    answer: Take
    game_over: bool = False                    # the take is the game's last answer (E13: his give-back
                                               # after it, if any, changes no score)


@dataclass(frozen=True)
class Track:
    colour: str
    column: int
    value: int


@dataclass(frozen=True)
class Panel:
    name: str
    stock: tuple[tuple[str, int], ...]
    floors: int
    roofs_left: int
    tracks: tuple[Track, ...]
    stars: tuple[int, ...]                     # the star columns (UG1.4)
    stars_reached: tuple[int, ...]             # the star columns all four vehicles have reached
    visible_roofs: int                         # the cone's column if he scored now
    cone: int                                  # its points
    chips: tuple[tuple[str, int], ...]         # (objective id or "", value)
    score: int
    scored: bool                               # he has scored his final score (U5.3)
    to_move: bool


@dataclass(frozen=True)
class CardInfo:
    id: str
    bottom: str
    floors: tuple[str, ...]                    # colours, "wild" for a wild
    vehicles: tuple[str, ...]


def supply(m) -> dict[str, int]:
    """Floors left in the supply, per colour."""
    return {COLOURS[c]: m.supply[c] for c in range(4)}


def near_empty(m) -> list[str]:
    """The colours with no more than the components' ``near_empty`` floors left (shown red)."""
    lim = m.rules.components.near_empty
    return [COLOURS[c] for c in range(4) if m.supply[c] <= lim]


def market(m) -> list[CardInfo]:
    out = []
    for cid in m.market:
        c = m.rules.cards[cid]
        out.append(CardInfo(cid, COLOURS[c.bottom], tuple("wild" if f == WILD else COLOURS[f] for f in c.floors),
                            tuple(COLOURS[v] for v in c.vehicles)))
    return out


def build_sites(m, seat: int) -> list[str]:
    """The sites ``seat`` can build on now, in city order (any colour, any roof; none when it is
    not his turn to build)."""
    aw = m.awaiting()
    if aw is None or aw.kind != "turn" or aw.player != seat:
        return []
    names = m.rules.city.sites
    out: list[str] = []
    for s, _c, _nb in m.build_options(seat):
        if not out or out[-1] != names[s]:
            out.append(names[s])
    return out


def _coverable(m, t: int) -> tuple[str, ...]:
    """The empty sites next to tower t where someone could still build (their neighbours do not
    show all four colours): a build there would put a floor on t."""
    fl, adj, names = m.fl, m.rules.city.adj, m.rules.city.sites
    out = []
    for x in adj[t]:
        if fl[x]:
            continue
        mask = 0
        for y in adj[x]:
            if fl[y]:
                mask |= 1 << fl[y][-1]
        if mask != 15:
            out.append(names[x])
    return tuple(out)


def exposed_roofs(m, seat: int) -> list[tuple[str, tuple[str, ...]]]:
    """(site, the empty sites that could cover it) for each visible roof of ``seat`` that a later
    build could cover, in city order."""
    names = m.rules.city.sites
    out = []
    for s in m.visible_roofs(seat):
        near = _coverable(m, s)
        if near:
            out.append((names[s], near))
    return out


def build_preview(m, seat: int, site: str, colour: str) -> BuildPreview:
    """Everything the build screen shows for a base floor of ``colour`` on ``site`` by ``seat``."""
    city = m.rules.city
    s = city.index.get(site)
    if s is None:
        return BuildPreview(site, colour, (), f"U3.4: no site {site} in the city", (), (), (), ())
    fl, rf = m.fl, m.rf
    nb = [t for t in city.adj[s] if fl[t]] if not fl[s] else []
    need = [0, 0, 0, 0]
    if colour in COLOUR_INDEX:
        need[COLOUR_INDEX[colour]] += 1
    for t in nb:
        need[fl[t][-1]] += 1
    cost = tuple((COLOURS[c], need[c]) for c in range(4) if need[c])
    covers = tuple((city.sites[t], m.names[rf[t][-1]]) for t in nb if rf[t][-1] >= 0)
    reason = m.check(Build(site, colour, site), seat)
    if reason is not None:
        return BuildPreview(site, colour, cost, reason, tuple(city.sites[t] for t in nb), covers, (), ())
    roofs = []
    exposed: tuple = ()
    for r in [s] + nb:
        a = Build(site, colour, city.sites[r])
        sim = m.copy()
        events = sim.apply(a, True, seat)
        moved = next(e for e in events if type(e) is ev.VehicleMoved and e.player == seat)
        extra = any(type(e) is ev.ExtraTurnEarned for e in events) and \
            not any(type(e) is ev.ExtraTurnLost for e in events)
        objs = tuple(e.objective for e in events if type(e) is ev.ObjectiveMet and e.player == seat)
        end = next((e.reason for e in events if type(e) is ev.EndBegun), "")
        placed = next(e for e in events if type(e) is ev.RoofPlaced)
        roofs.append(RoofChoice(city.sites[r], placed.height, moved.colour, moved.start, moved.end, moved.lost,
                                extra, objs, end, a, sim.over))
        if r == s:
            exposed = tuple(exposed_roofs(sim, seat))
    return BuildPreview(site, colour, cost, None, tuple(city.sites[t] for t in nb), covers, tuple(roofs), exposed)


def take_preview(m, seat: int, card: str, wilds: tuple[str, ...] = ()) -> TakePreview:
    """Everything the take screen shows for ``seat`` taking ``card`` with ``wilds`` (the colours
    chosen, in card order). Played on a copy: what it says is what the engine will do."""
    a = Take(card, tuple(wilds))
    reason = m.check(a, seat)
    if reason is not None:
        return TakePreview(card, a.wilds, reason, (), (), (), False, (), "", 0, a)
    sim = m.copy()
    events = sim.apply(a, True, seat)
    vals = m.rules.tracks.values
    taken = next(e for e in events if type(e) is ev.CardTaken)
    subs = tuple((e.colour, e.instead) for e in events if type(e) is ev.ColourRanOut and e.player == seat)
    moves = tuple(VehicleMove(e.colour, e.start, e.end, e.lost, vals[e.end] - vals[e.start])
                  for e in events if type(e) is ev.VehicleMoved and e.player == seat)
    extra = any(type(e) is ev.ExtraTurnEarned and e.player == seat for e in events)
    objs = tuple((e.objective, e.chip) for e in events if type(e) is ev.ObjectiveMet and e.player == seat)
    end = next((e.reason for e in events if type(e) is ev.EndBegun), "")
    discard = max(0, sum(sim.stock[seat]) - LIMIT)
    aw = sim.awaiting()
    last = sim.over or (aw is not None and aw.kind == "discard" and sim._turn_ends_game())
    return TakePreview(card, a.wilds, None, taken.colours, subs, moves, extra, objs, end, discard, a, last)


def panel(m, seat: int) -> Panel:
    vals, stars = m.rules.tracks.values, m.rules.tracks.stars
    v = m.veh[seat]
    total, _veh, cone, _chips, visible = m.score_parts(seat)
    return Panel(
        m.names[seat], tuple((COLOURS[c], m.stock[seat][c]) for c in range(4)), sum(m.stock[seat]), m.left[seat],
        tuple(Track(COLOURS[c], v[c], vals[v[c]]) for c in range(4)), tuple(stars),
        tuple(s for s in stars if min(v) >= s), visible if m.final[seat] is None else m.final[seat][4], cone,
        tuple((o or "", x) for o, x in m.chips[seat]), total, m.final[seat] is not None,
        m.to_move == seat and not m.over)


def panels(m) -> list[Panel]:
    return [panel(m, p) for p in range(m.n)]


__all__ = ["RoofChoice", "BuildPreview", "VehicleMove", "TakePreview", "take_preview",
           "Track", "Panel", "CardInfo", "supply", "near_empty", "market",
           "build_sites", "exposed_roofs", "build_preview", "panel", "panels", "TOP"]

"""Status (X; the shell's paged screen): every player's holding and score as it stands, the game's
three objectives with their chips and each player's progress, and how a turn goes, a page each."""
from __future__ import annotations

from ....frontend.constants import GOLD, LABEL, PLAYER_COLOURS, WHITE
from ....frontend.scenes.status import Page, Status
from ....frontend.screen_text import draw_paragraphs, text_page
from ....frontend.text import tr
from ....frontend.widgets import fit
from ..objectives import measure
from .cityview import swatch
from .prompts import colour_name, objective_name

HOW = (                               # a turn in brief
    "Your turn: take a market card, or build (U3.1, U3.4).",
    "A card gives its floors (a wild: any colour left in the supply) and moves a vehicle one column for each car "
    "on it. Hold at most 10 floors (U3.3).",
    "Build on an empty site next to a tower: a base floor of a colour no neighbour has, and one floor on each "
    "neighbour, in its colour (U3.4).",
    "Then roof one of the floors you placed: that tower's colour moves its vehicle as many columns as the tower is "
    "high (U3.5).",
    "All four of your vehicles past a gold star: an extra turn (U4.2).",
    "The end: a last roof, a colour out, or a full city. Final turns, then each scores his vehicles, his visible "
    "roofs (the cone) and his chips (U5.1-U5.3).",
)
MAP_KEY = ("On the map: districts are the ground's shades, parks are green; a cap is a visible roof, a band between "
           "floors a covered one.")


def draw_player(m, surface, table, p: int, x: int, y: int, width: int = 240) -> int:
    """A player's holding in five small lines from (x, y): name and score now; the four tracks
    (column = points); floors held and roofs left; visible roofs (the cone's column and points)
    and the next star column; chips with their objectives. Returns the height."""
    game = table.shown
    font = m.font
    vals = game.rules.tracks.values
    total, _vehicles, cone, _chips, visible = game.score_parts(p)
    colour = PLAYER_COLOURS[table.colour_of[p]]
    font.draw(surface, fit(font, table.names[p], width - 80), x, y, colour, "small")
    head = tr("{k} pt(s) final", k=total) if game.final[p] is not None else tr("{k} pt(s) now", k=total)
    font.draw(surface, head, x + width, y, GOLD if game.final[p] is not None else WHITE, "small", align="right")
    veh = game.veh[p]
    step = width // 4
    for c in range(4):
        cx = x + c * step
        swatch(surface, c, cx, y + 9, 7, 7)
        font.draw(surface, fit(font, tr("col {k}={pts}", k=veh[c], pts=vals[veh[c]]), step - 12), cx + 9, y + 9,
                  WHITE, "small")
    roofs = tr("{k} roof(s) left", k=game.left[p])
    font.draw(surface, roofs, x + width, y + 18, WHITE, "small", align="right")
    hx = x + font.draw(surface, tr("Holds:"), x, y + 18, LABEL, "small") + 5      # floors in hand per colour
    for c in range(4):
        swatch(surface, c, hx, y + 18, 7, 7)
        hx += 9 + font.draw(surface, str(game.stock[p][c]), hx + 9, y + 18, WHITE, "small") + 6
    nxt = next((s for s in game.rules.tracks.stars if min(veh) < s), None)
    cone_text = tr("Visible roofs {k}: cone {pts} pt(s)", k=visible, pts=cone)
    room = width - font.width(cone_text, "small") - 8
    stars = [tr("next star: column {k}", k=nxt), tr("next star {k}", k=nxt)] if nxt is not None else \
        [tr("every star reached"), tr("every star")]
    star = next((t for t in stars if font.width(t, "small") <= room), stars[-1])   # briefer, never cut
    font.draw(surface, star, x + width, y + 27, LABEL, "small", align="right")
    font.draw(surface, cone_text, x, y + 27, LABEL, "small")
    held = ", ".join(f"{objective_name(game.rules.objectives[o])} {v}" if o else str(v) for o, v in game.chips[p])
    chips = tr("Chips: {chips}", chips=held or tr("none"))
    if font.width(chips, "small") > width:        # the values alone (the Objectives page says whose)
        chips = tr("Chips: {chips}", chips=", ".join(str(v) for _o, v in game.chips[p]))
    font.draw(surface, chips, x, y + 36, LABEL, "small")
    return 45


def draw_player_tall(m, surface, table, p: int, rect) -> None:
    """A player's holding in a tall window over the panels (L/R at the table, ``rect``): name, score
    now, each vehicle's column and points, floors held, roofs left, visible roofs and the cone,
    the next star, chips; every line wrapped to the window, none cut."""
    game = table.shown
    font = m.font
    x, y, w, h = rect
    left, width = x + 6, w - 12
    vals = game.rules.tracks.values
    total, _vehicles, cone, _chips, visible = game.score_parts(p)
    yy = y + 5
    for line in font.wrap(table.names[p], width, "main"):
        font.draw(surface, line, left, yy, PLAYER_COLOURS[table.colour_of[p]])
        yy += 12
    head = tr("{k} pt(s) final", k=total) if game.final[p] is not None else tr("{k} pt(s) now", k=total)
    for line in font.wrap(head, width, "small"):
        font.draw(surface, line, left, yy, GOLD if game.final[p] is not None else WHITE, "small")
        yy += 9
    yy += 3
    veh = game.veh[p]
    for c in range(4):
        swatch(surface, c, left, yy, 7, 7)
        font.draw(surface, fit(font, tr("col {k}={pts}", k=veh[c], pts=vals[veh[c]]), width - 9), left + 9, yy, WHITE,
                  "small")
        yy += 9
    yy += 3
    font.draw(surface, tr("Holds:"), left, yy, LABEL, "small")
    yy += 9
    hx = left
    for c in range(4):
        swatch(surface, c, hx, yy, 7, 7)
        hx += 9 + font.draw(surface, str(game.stock[p][c]), hx + 9, yy, WHITE, "small") + 4
    yy += 12
    nxt = next((s for s in game.rules.tracks.stars if min(veh) < s), None)
    star = tr("next star: column {k}", k=nxt) if nxt is not None else tr("every star reached")
    held = ", ".join(f"{objective_name(game.rules.objectives[o])} {v}" if o else str(v) for o, v in game.chips[p])
    for text, colour in ((tr("{k} roof(s) left", k=game.left[p]), WHITE),
                         (tr("Visible roofs {k}: cone {pts} pt(s)", k=visible, pts=cone), LABEL), (star, LABEL),
                         (tr("Chips: {chips}", chips=held or tr("none")), LABEL)):
        for line in font.wrap(text, width, "small"):
            if yy + 8 <= y + h - 4:
                font.draw(surface, line, left, yy, colour, "small")
            yy += 9
        yy += 2


def draw_players(status, m, surface, y: int) -> None:
    """Every player's holding (``draw_player``), one under the other."""
    for p in range(len(status.table.shown.names)):
        y += draw_player(m, surface, status.table, p, 8, y, 240) + 3


def draw_objectives(status, m, surface, y: int) -> None:
    """The three objectives: name, condition, chips left; who holds a chip and everyone's
    progress (have / need)."""
    game = status.table.shown
    font = m.font
    cat = game.rules.objectives
    for j, oid in enumerate(game.objectives):
        obj = cat[oid]
        font.draw(surface, objective_name(obj), 8, y, GOLD)
        left = " ".join(str(c) for c in game.chips_left[j]) or tr("none")
        font.draw(surface, tr("chips left {chips}", chips=left), 248, y + 2, WHITE, "small", align="right")
        y += 12
        for line in font.wrap(tr(obj.text), 236, "small"):
            font.draw(surface, line, 14, y, LABEL, "small")
            y += 9
        x = 14
        for p in range(len(game.names)):
            have, need = measure(obj, game, p)
            chip = next((v for o, v in game.chips[p] if o == oid), None)
            who = status.table.names[p]
            text = (tr("{who} {chip}", who=who, chip=tr("chip {k}", k=chip)) if chip is not None
                    else tr("{who} {have}/{need}", who=who, have=min(have, need), need=need))
            w = font.width(text, "small")
            if x > 14 and x + w > 248:                # the next line rather than cut (four long names)
                x, y = 14, y + 9
            text = fit(font, text, 248 - x)
            x += font.draw(surface, text, x, y, PLAYER_COLOURS[status.table.colour_of[p]], "small") + 8
        y += 14
    if not game.objectives:
        font.draw(surface, tr("No objectives in this game."), 8, y, WHITE)
    y += 4
    x = 8 + font.draw(surface, tr("Colours:"), 8, y, LABEL, "small") + 6
    for c in range(4):
        swatch(surface, c, x, y, 7, 7)
        x += 9 + font.draw(surface, colour_name(c), x + 9, y, WHITE, "small") + 8
    draw_paragraphs(m, surface, "towerup", [MAP_KEY], 8, y + 12, 240, LABEL, 0, last=203)   # clear of the keys


# the pages' names in a row (each 10 after the one before), the timer at the top right after them,
# the pads on the foot line left of the keys
STATUS = Status((Page("Players", draw_players), Page("Objectives", draw_objectives), Page("How to play", text_page(HOW, 8, 240, WHITE, 3))),
                overlay_at=(2, 214, "left"), timer_at=(251, 4, "right"))

__all__ = ["STATUS", "draw_player", "draw_player_tall", "draw_players", "draw_objectives", "HOW", "MAP_KEY"]

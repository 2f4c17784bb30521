"""Status screen's pages (X; PRESENTATION.md screen 14; the shell's paged screen): Companies,
players' Wealth, and the Line Owners of every Road space, a page each."""
from __future__ import annotations

import pygame

from ....frontend.constants import GOLD, INFO, INK, LABEL, PLAYER_COLOURS, WHITE, rgb15
from ....frontend.scenes.status import Page, Status
from ....frontend.text import tr
from ....frontend.widgets import fit
from . import pictures
from .boardview import BoardView
from .colours import COMPANY_COLOURS
from .prompts import company_name


def space_name(game, s: int) -> str:
    """A Road space as a player finds it on the board: its Line by its Lands ("the c1-c10
    Line"), or its Event ("Start", "the Slot"), never its number (issue 36)."""
    sp = game.board.spaces[s]
    if sp.kind == "line" and sp.line:
        return tr("the {lands} Line", lands=line_label(game, sp.line))
    if sp.kind in game.ruleset.event_kinds:
        return tr(game.ruleset.event_kinds[sp.kind].name)
    return tr({"start": "Start", "card": "a Card space", "jackpot": "the Jackpot", "slot": "the Slot"}.get(sp.kind,
                                                                                                  sp.kind))


def line_label(game, lands) -> str:
    """A Line's Lands as a span, in reading order: "c1-c10", "a4-j4" (one Land: "c4")."""
    order = sorted(lands, key=lambda x: (game.board.land_pos[x][0], game.board.land_pos[x][2], game.board.land_pos[x][1]))
    first, last = game.land_name(order[0]), game.land_name(order[-1])
    return first if first == last else f"{first}-{last}"


def line_rows(game) -> list[tuple[str, tuple, tuple]]:
    """Each Line of the board once, in the Road's order (a Line reached from two Road spaces is
    one Line, R1.3): its Lands' span as a player reads it on the board ("c1-c10", "a4-j4"), its
    Line Owners and what each collects (R6.2, R6.3)."""
    owners = game.all_line_owners()
    out, seen = [], set()
    for s, sp in enumerate(game.board.spaces):
        if sp.kind != "line" or not sp.line:
            continue
        key = tuple(sorted(sp.line))
        if key in seen:
            continue
        seen.add(key)
        out.append((line_label(game, sp.line), *owners[s]))
    return out


def bottom(m) -> int:
    """Where a page's rows end: above the keys' line, and the timer's and pads' under it when on."""
    return 201 if m.settings.timer or m.settings.input_display else 212


def draw_players(status, m, surface, y: int) -> None:
    """Each player's Wealth (R9.3) in its parts, cash, properties and bonuses; under it his
    Lands, Floors and where he stands."""
    game, font, table = status.table.game, m.font, status.table
    font.draw(surface, tr("Player        Cash  Property  Bonuses   Wealth"), 8, y, INFO, "small")
    y += 12
    wealth = game.wealth()
    for p, (cash, props, bonus) in enumerate(game.wealth_parts()):
        figures = f"{cash:>8,} {props:>9,} {bonus:>8,} {wealth[p]:>9,}"
        name = table.names[p]
        if 8 + font.width(name, "small") + 4 > 250 - font.width(figures.lstrip(), "small") - 2:
            y += 2                      # a name as wide as the figures' row: the figures under it
            font.draw(surface, name, 8, y, PLAYER_COLOURS[table.colour_of[p]], "small")
            y += 9
        else:
            font.draw(surface, name, 8, y, PLAYER_COLOURS[table.colour_of[p]], "small")
        font.draw(surface, figures, 250, y, WHITE, "small", align="right")
        lands = sum(1 for o in game.owner if o == p)
        floors = sum(f for o, f in zip(game.owner, game.floors) if o == p)
        font.draw(surface, tr("{lands} Land(s), {floors} Floor(s), at {space}", lands=lands, floors=floors,
                              space=space_name(game, game.pos[p])), 20, y + 10,
                  LABEL, "small")
        y += 24


def draw_lines(status, m, surface, y: int) -> None:
    """Every Line once, named by its Lands ("c1-c10", not a Road space's number: issue 36),
    with the fee its Line Owners collect, in each owner's colour (two at most shown, then
    how many more), in columns down the page; the players' colours named at the foot."""
    table = status.table
    game, font = table.game, m.font
    dim = LABEL
    lines = line_rows(game)
    foot = bottom(m) - 8
    room = max(1, (foot - 4 - y) // 8)
    cols = max(2, -(-len(lines) // room))
    col_w = 242 // cols
    rows = -(-len(lines) // cols)
    label_w = max((font.width(label, "small") for label, _, _ in lines), default=0) + 5
    for k, (label, who, amounts) in enumerate(lines):
        x = 8 + (k // rows) * col_w
        yy = y + (k % rows) * 8
        font.draw(surface, label, x, yy, dim, "small")
        xx = x + label_w
        if not who:
            font.draw(surface, tr("-"), xx, yy, rgb15(120, 128, 168), "small")
        for j, (p, a) in enumerate(zip(who, amounts)):
            if j == 2:
                font.draw(surface, f"+{len(who) - 2}", xx, yy, WHITE, "small")
                break
            xx += font.draw(surface, f"{a:,}", xx, yy, PLAYER_COLOURS[table.colour_of[p]], "small") + 5
    x = 8
    for p, name in enumerate(table.names):
        x += font.draw(surface, name, x, foot, PLAYER_COLOURS[table.colour_of[p]], "small") + 8


def draw_companies(status, m, surface, y: int) -> None:
    """Every Company on the board, two lines each: its tint as it shows on the board with its
    logo (the legend of the board's colours, issue 14), the cartridge's name and business,
    Level ("Ubbo" from the Level that can no longer be absorbed), price and Floors; then its
    Top and Sub Owners by their whole names."""
    game = status.table.game
    font = m.font
    comps = game.companies()
    if not comps:
        font.draw(surface, tr("No Company stands yet."), 8, y + 4, WHITE)
        return
    land = pictures.tile("land")
    step = min(21, (bottom(m) - y) // max(1, len(comps)))    # nine Companies at once still fit
    for c in game.ruleset.companies:
        info = comps.get(c.id)
        if info is None:
            continue
        surface.blit(land, (8, y + 1))
        surface.blit(BoardView._overlay(COMPANY_COLOURS[c.id]), (8, y + 1))
        surface.blit(pictures.logo(m.art, c.id), (12, y + 5))
        x = font.draw(surface, company_name(game, c.id), 28, y, WHITE) + 32
        stats = tr("Lv {level}  {price}G  {floors}F", level=info["level"], price=info["price"], floors=info["floors"])
        right = 250 - font.width(stats, "small")
        font.draw(surface, stats, 250, y + 3, WHITE, "small", align="right")
        if info["level"] >= game.ruleset.unabsorbable_level:
            badge = font.width(tr("UBBO"), "small") + 4
            right -= badge + 3
            pygame.draw.rect(surface, GOLD, (right, y + 2, badge, 9))
            font.draw(surface, tr("UBBO"), right + badge // 2, y + 3, INK, "small", align="centre")
        font.draw(surface, fit(font, tr(c.business), right - 4 - x), x, y + 3, rgb15(150, 160, 200), "small")
        draw_owners(status, m, surface, 28, y + 12, 250, info)
        y += step


def draw_owners(status, m, surface, x: int, y: int, right: int, info) -> None:
    """A Company's Top and Sub Owners (R7.9) by their whole names; when ties make them wider
    than the row, each by his seat's number in his colour, as on his panel (never a name cut)."""
    font = m.font
    table = status.table
    names = table.names
    parts = [(tr(label), seats) for label, seats in (("Top", info["top"]), ("Sub", info["sub"])) if seats]
    whole = sum(font.width(label, "small") + 4 + sum(font.width(names[p], "small") + 5 for p in seats) + 6
                for label, seats in parts)
    fits = x + whole - 6 <= right
    for label, seats in parts:
        x += font.draw(surface, label, x, y, rgb15(150, 160, 200), "small") + 4
        for p in seats:
            colour = PLAYER_COLOURS[table.colour_of[p]]
            if fits:
                x += font.draw(surface, names[p], x, y, colour, "small") + 5
            else:
                pygame.draw.rect(surface, colour, (x, y, 7, 9))
                font.draw(surface, str(p + 1), x + 1, y + 1, INK, "small")
                x += 10
        x += 6


# the pages' rows end above the keys' line (``bottom``), which goes a row up when the timer or
# pads take the bottom row, inside the window's edge
STATUS = Status((Page("Companies", draw_companies), Page("Players", draw_players), Page("Line Owners", draw_lines)),
                tab_step=84, top=24, foot=(213, 202), overlay_at=(4, 212, "left"))

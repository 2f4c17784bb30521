"""Status screen (X; PRESENTATION.md screen 14): Companies, players' Wealth, and the Line Owners
of every Road space, a page each (L/R or left/right to turn, B or X to close)."""
from __future__ import annotations

import pygame

from . import pictures
from .colours import COMPANY_COLOURS
from ....frontend.constants import B, GOLD, INK, L, LEFT, PLAYER_COLOURS, R, RIGHT, WHITE, X, rgb15
from ....frontend.machine import Scene
from ....frontend.text import tr
from ....frontend.widgets import fit, window

PAGES = ("Companies", "Players", "Line Owners")


def wealth_parts(game) -> list[tuple[int, int, int]]:
    """Per seat: (cash, properties, bonuses) that add up to R9.3 Wealth."""
    wealth = game.wealth()
    bonus = [0] * len(game.names)
    for c, mark in enumerate(game.mark):
        if mark >= 0:
            for seat, (amount, _) in game.owner_bonuses(c).items():
                bonus[seat] += amount
    return [(game.cash[p], wealth[p] - game.cash[p] - bonus[p], bonus[p]) for p in range(len(game.names))]


class StatusScene(Scene):
    overlay_at = (2, 214, "left")        # the timer and pads beside the page's hint line

    def __init__(self, table, pad: int) -> None:
        self.table = table
        self.pad = pad
        self.page = 0

    def handle(self, m, b) -> None:
        if b.press(self.pad, B | X):
            m.pop()
        elif b.repeat(self.pad, R | RIGHT):
            self.page = (self.page + 1) % len(PAGES)
        elif b.repeat(self.pad, L | LEFT):
            self.page = (self.page - 1) % len(PAGES)

    def draw(self, m, surface) -> None:
        game = self.table.game
        font = m.font
        surface.fill(INK)
        window(surface, (0, 0, 256, 224))
        for i, name in enumerate(PAGES):
            font.draw(surface, tr(name), 8 + i * 84, 6, GOLD if i == self.page else rgb15(120, 128, 168))
        y = 24
        if self.page == 0:
            self.draw_companies(m, surface, y)
        elif self.page == 1:
            font.draw(surface, tr("Player        Cash  Property  Bonuses   Wealth"), 8, y, rgb15(200, 216, 248), "small")
            y += 12
            wealth = game.wealth()
            for p, (cash, props, bonus) in enumerate(wealth_parts(game)):
                font.draw(surface, game.names[p][:12], 8, y, PLAYER_COLOURS[self.table.colour_of[p]], "small")
                font.draw(surface, f"{cash:>8,} {props:>9,} {bonus:>8,} {wealth[p]:>9,}", 250, y, WHITE, "small",
                          align="right")
                lands = sum(1 for o in game.owner if o == p)
                floors = sum(f for o, f in zip(game.owner, game.floors) if o == p)
                font.draw(surface, tr("{lands} Land(s), {floors} Floor(s), on space {space}", lands=lands, floors=floors,
                                      space=game.pos[p]), 20, y + 10,
                          rgb15(160, 168, 200), "small")
                y += 24
        else:
            self.draw_lines(m, surface, y)
        font.draw(surface, tr("L/R: page   B: back"), 250, 213, rgb15(160, 168, 200), "small", align="right")

    def draw_lines(self, m, surface, y: int) -> None:
        """Every Line space with the fee its Line Owners collect, in each owner's colour (two at
        most shown, then how many more), three columns down the page; the players' colours named
        at the foot."""
        game, font = self.table.game, m.font
        owners = game.all_line_owners()
        spaces = [s for s, sp in enumerate(game.board.spaces) if sp.kind == "line"]
        rows = -(-len(spaces) // 3)
        dim = rgb15(160, 168, 200)
        for col, s in enumerate(spaces):
            x = 8 + (col // rows) * 82
            yy = y + (col % rows) * 8
            font.draw(surface, f"{s:2}", x, yy, dim, "small")
            who, amounts = owners[s]
            if not who:
                font.draw(surface, tr("-"), x + 14, yy, rgb15(120, 128, 168), "small")
            xx = x + 14
            for j, (p, a) in enumerate(zip(who, amounts)):
                if j == 2:
                    font.draw(surface, f"+{len(who) - 2}", xx, yy, WHITE, "small")
                    break
                xx += font.draw(surface, f"{a}", xx, yy, PLAYER_COLOURS[self.table.colour_of[p]], "small") + 5
        x = 8
        for p, name in enumerate(game.names):
            x += font.draw(surface, name, x, 204, PLAYER_COLOURS[self.table.colour_of[p]], "small") + 8

    def draw_companies(self, m, surface, y: int) -> None:
        """Every Company on the board, two lines each: its tint as it shows on the board with its
        logo (the legend of the board's colours, issue 14), the cartridge's name and business,
        Level ("Ubbo" from the Level that can no longer be absorbed), price and Floors; then its
        Top and Sub Owners by their whole names."""
        from .boardview import BoardView
        from .prompts import company_name
        game = self.table.game
        font = m.font
        comps = game.companies()
        if not comps:
            font.draw(surface, tr("No Company stands yet."), 8, y + 4, WHITE)
            return
        land = pictures.tile("land")
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
            x = 28
            for label, seats in ((tr("Top"), info["top"]), (tr("Sub"), info["sub"])):
                if not seats:
                    continue
                x += font.draw(surface, label, x, y + 12, rgb15(150, 160, 200), "small") + 4
                for p in seats:
                    x += font.draw(surface, game.names[p], x, y + 12, PLAYER_COLOURS[self.table.colour_of[p]],
                                   "small") + 5
                x += 6
            y += 21

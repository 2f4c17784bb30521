"""The board drawn from tiles (PRESENTATION.md screen 3): Road ring, Land grid, Landmarks as
buildings that grow with their Floors, Company areas tinted, Building Marks as logos, tokens.

World coordinates: 16-pixel cells; each level's ring is (columns + 2) x (rows + 2) cells, levels
side by side. The camera shows a window of the world and follows the action; ``draw_overview``
shows the whole board at 8 pixels a cell (Select).
"""
from __future__ import annotations

import pygame

from ....frontend.art import dither
from ....frontend.constants import BLACK, GOLD, GREY, INK, PLAYER_COLOURS, PLAYER_DARK, WHITE, rgb15
from ....frontend.draw_shapes import box
from ..rules.game import BANK, VACANT
from . import pictures
from .colours import COMPANY_COLOURS
from .pictures import building
from .setpieces import draw_stack

CELL = 16
BANK_COLOUR = rgb15(168, 168, 176)
BANK_DARK = rgb15(96, 96, 112)
TOKEN_OFFSETS = ((-3, -3), (3, -3), (-3, 3), (3, 3))
ARROWS = {"left": ((-3, 0), (1, -3), (1, 3)), "right": ((3, 0), (-1, -3), (-1, 3)),     # off the view's edge
          "up": ((0, -3), (-3, 1), (3, 1)), "down": ((0, 3), (-3, -1), (3, -1))}


def ring_cell(columns: int, rows: int, ring_index: int) -> tuple[int, int]:
    """The cell (x, y) of a ring space (G1.2's order: corner 0 top-left, then clockwise). Raises
    ValueError for an index past the ring."""
    i = ring_index
    right, bottom = columns + 1, rows + 1
    for x, y, dx, dy, n in ((0, 0, 1, 0, right), (right, 0, 0, 1, bottom), (right, bottom, -1, 0, right),
                            (0, bottom, 0, -1, bottom)):     # each side from its first corner
        if i < n:
            return x + dx * i, y + dy * i
        i -= n
    raise ValueError(f"ring space {ring_index} is past a ring of {columns} x {rows} Lands")


class BoardGeometry:
    hashed = False          # drawn from the match, never state (the machine's state hash)

    def __init__(self, board) -> None:
        self.board = board
        self.sizes = [(len(grid[0]), len(grid)) for grid in board.levels]      # each level's Lands: columns, rows
        widths = [cols + 2 + 1 for cols, _ in self.sizes]                       # its ring, and a cell between
        self.level_x = [sum(widths[:lv]) for lv in range(len(widths))]
        self.cols = sum(widths) - 1
        self.rows = max(r for _, r in self.sizes) + 2
        self.space_cells = []
        for s in board.spaces:
            cols, rows = self.sizes[s.level]
            cx, cy = ring_cell(cols, rows, s.ring_index)
            self.space_cells.append((self.level_x[s.level] + cx, cy))
        self.land_cells = [(self.level_x[lv] + c + 1, r + 1) for lv, c, r in board.land_pos]
        self.width = self.cols * CELL
        self.height = self.rows * CELL

    def space_xy(self, s: int) -> tuple[int, int]:
        cx, cy = self.space_cells[s]
        return cx * CELL, cy * CELL

    def land_xy(self, x: int) -> tuple[int, int]:
        cx, cy = self.land_cells[x]
        return cx * CELL, cy * CELL

    def token_xy(self, t) -> tuple[int, int]:
        """A token's world position: its space's (``t`` a space) or ``t`` itself (walking)."""
        return self.space_xy(t) if isinstance(t, int) else t


class Shown:
    """What the board shows now: the game as far as the animations have got."""

    hashed = False          # a copy of the match's, never state of its own (the machine's state hash)

    def __init__(self, game) -> None:
        self.sync(game)

    def sync(self, game) -> None:
        self.to_move = game.to_move
        self.turn = game.turn - 1 if game.over else game.turn     # once over, the last one played
        self.round = game.round
        self.covered = game.covered
        self.pos = list(game.pos)
        self.cash = list(game.cash)
        self.owner = list(game.owner)
        self.floors = list(game.floors)
        self.company = list(game.company)
        self.mark = list(game.mark)
        self.jackpot = game.jackpot
        self.wealth = game.wealth()


class BoardView:
    hashed = False          # drawn from the match, never state (the machine's state hash)

    def __init__(self, art, font, board, ruleset) -> None:
        self.art = art
        self.font = font
        self.geo = BoardGeometry(board)
        self.board = board
        self.company_ids = [c.id for c in ruleset.companies]
        self.tower = ruleset.tower_floors          # R6.3: a Tower's Floor count is shown in gold
        self.world = self._static_world()
        self.overlays = {cid: self._overlay(COMPANY_COLOURS.get(cid, GREY)) for cid in self.company_ids}
        self.cam = [0, 0]
        self.colour_of = [0, 1, 2, 3]     # seat -> player colour (and token shape); profiles may choose
        g = self.geo
        self.jackpot_spaces = [sp.index for sp in board.spaces if sp.kind == "jackpot"]
        self.order = sorted(range(board.land_count), key=lambda x: (g.land_cells[x][1], g.land_cells[x][0]))
        self.focus = (self.geo.width // 2, self.geo.height // 2)

    @staticmethod
    def _overlay(colour) -> pygame.Surface:
        """A Company's area: its colour dithered over the grass, edged in it."""
        s = dither((CELL, CELL), colour)
        pygame.draw.rect(s, (*colour, 255), (0, 0, CELL, CELL), 1)
        return s

    def _static_world(self) -> pygame.Surface:
        g, b, art = self.geo, self.board, self.art
        world = pygame.Surface((g.width, g.height))
        world.fill(rgb15(32, 56, 40))
        for lv, grid in enumerate(b.levels):
            x0 = g.level_x[lv]
            for r, row in enumerate(grid):
                for c, ch in enumerate(row):
                    world.blit(pictures.tile("land" if ch == "." else "blocked"), ((x0 + c + 1) * CELL, (r + 1) * CELL))
        for s in b.spaces:
            x, y = g.space_xy(s.index)
            world.blit(pictures.tile("road" if s.kind == "line" else "corner"), (x, y))
            if s.kind != "line":
                icon = pictures.icon(art, s.kind)
                if icon is not None:
                    world.blit(icon, (x + 2, y + 2))
        for x, name in enumerate(b.land_names):          # the Land's name, faint, for reading the board
            lx, ly = g.land_xy(x)
            self.font.draw(world, name, lx + 1, ly + 1, rgb15(56, 128, 56), "small")
        return world

    def _building(self, floors: int, owner: int) -> pygame.Surface:
        """A Landmark in its owner's colours (``owner`` -1: the Bank's)."""
        if owner < 0:
            return building(floors, BANK_COLOUR, BANK_DARK)
        return building(floors, PLAYER_COLOURS[self.colour_of[owner]], PLAYER_DARK[self.colour_of[owner]])

    # ---------------------------------------------------------------- camera
    def follow(self, x: int, y: int) -> None:
        self.focus = (x + CELL // 2, y + CELL // 2)

    def update_camera(self, vw: int, vh: int, snap: bool = False) -> None:
        g = self.geo
        tx = self.focus[0] - vw // 2
        ty = self.focus[1] - vh // 2
        tx = (g.width - vw) // 2 if g.width <= vw else max(0, min(g.width - vw, tx))
        ty = (g.height - vh) // 2 if g.height <= vh else max(0, min(g.height - vh, ty))
        if snap:
            self.cam = [tx, ty]
            return
        for i, t in enumerate((tx, ty)):       # a quarter of the way a frame, the last pixels at once
            d = t - self.cam[i]
            self.cam[i] += d // 4 if abs(d) >= 4 else d

    # ---------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface, rect, shown: Shown, frame: int, tokens=None,
             highlight=(), cursor_land: int = -1, highlight_spaces=(), cam=None) -> None:
        """Draw the world into ``rect`` of ``surface`` with the camera (or ``cam``, a world
        position for the view's top-left). ``tokens``: per seat a space or an (x, y) world
        position (walking)."""
        vx, vy, vw, vh = rect
        cx, cy = cam if cam is not None else self.cam
        prev = surface.get_clip()
        surface.set_clip(rect)
        surface.blit(self.world, (vx, vy), (cx, cy, vw, vh))
        g = self.geo
        ox, oy = vx - cx, vy - cy
        blink = (frame // 10) % 2 == 0
        for s in highlight_spaces:
            x, y = g.space_xy(s)
            pygame.draw.rect(surface, GOLD if blink else WHITE, (ox + x, oy + y, CELL, CELL), 1)
        # Company areas under the buildings
        for x, c in enumerate(shown.company):
            if c >= 0:
                lx, ly = g.land_xy(x)
                surface.blit(self.overlays[self.company_ids[c]], (ox + lx, oy + ly))
        for x in highlight:
            lx, ly = g.land_xy(x)
            if blink:
                pygame.draw.rect(surface, GOLD, (ox + lx + 1, oy + ly + 1, CELL - 2, CELL - 2), 1)
        # Buildings in row order, so nearer rows cover the ones behind (3/4 view)
        marks = {m: c for c, m in enumerate(shown.mark) if m >= 0}
        for x in self.order:
            o = shown.owner[x]
            if o == VACANT:
                continue
            lx, ly = g.land_xy(x)
            b = self._building(shown.floors[x], o if o != BANK else -1)
            surface.blit(b, (ox + lx + 2, oy + ly + CELL - 1 - b.get_height()))
            if x in marks:
                surface.blit(pictures.logo(self.art, self.company_ids[marks[x]]), (ox + lx + 4, oy + ly + 3))
            f = shown.floors[x]
            if f:
                label = str(f)
                w = self.font.width(label, "small")
                pygame.draw.rect(surface, INK, (ox + lx + CELL - w - 1, oy + ly + CELL - 8, w + 1, 8))
                self.font.draw(surface, label, ox + lx + CELL - w, oy + ly + CELL - 8,
                               GOLD if f >= self.tower else WHITE, "small")
        if cursor_land >= 0:
            lx, ly = g.land_xy(cursor_land)
            c = WHITE if blink else BLACK
            pygame.draw.rect(surface, c, (ox + lx - 1, oy + ly - 1, CELL + 2, CELL + 2), 2)
        for sx in self.jackpot_spaces:                 # the Jackpot's stack of Floors (screen 13)
            x, y = g.space_xy(sx)
            draw_stack(surface, ox + x + 2, oy + y + 10, shown.jackpot)
        if tokens is not None:
            for p, t in enumerate(tokens):
                if t is None:
                    continue
                x, y = g.token_xy(t)
                dx, dy = TOKEN_OFFSETS[p]
                surface.blit(self.art.tokens[self.colour_of[p]], (ox + x + 2 + dx, oy + y + 2 + dy))
        surface.set_clip(prev)

    def overview_cell(self, rect) -> int:
        """The largest cell size at which the whole board fits ``rect`` (16: the tiles themselves)."""
        g = self.geo
        for cell in (16, 12, 10, 8, 6):
            if g.cols * cell <= rect[2] and g.rows * cell <= rect[3]:
                return cell
        return 5

    def draw_overview(self, surface: pygame.Surface, rect, shown: Shown, frame: int, tokens=None) -> None:
        """The whole board at once (Select), as large as fits ``rect``: the tiles themselves when
        it fits at 16 pixels a cell, else a map of 12, 10 or 8 pixels a cell with every Landmark in
        its owner's colour, its Floors, the Company areas and the tokens."""
        vx, vy, vw, vh = rect
        g = self.geo
        cell = self.overview_cell(rect)
        pygame.draw.rect(surface, rgb15(16, 24, 32), rect)
        if cell == 16:
            cam = (-(vw - g.width) // 2, -(vh - g.height) // 2)
            self.draw(surface, rect, shown, frame, tokens, cam=cam)
            return
        x0 = vx + (vw - g.cols * cell) // 2
        y0 = vy + (vh - g.rows * cell) // 2
        for lv, grid in enumerate(self.board.levels):
            for r, row in enumerate(grid):
                for c, ch in enumerate(row):
                    if ch != ".":
                        pygame.draw.rect(surface, rgb15(40, 96, 184),
                                         (x0 + (g.level_x[lv] + c + 1) * cell, y0 + (r + 1) * cell, cell, cell))
        for sp in self.board.spaces:
            cx, cy = g.space_cells[sp.index]
            col = rgb15(184, 176, 160) if sp.kind == "line" else rgb15(232, 200, 96)
            pygame.draw.rect(surface, col, (x0 + cx * cell, y0 + cy * cell, cell - 1, cell - 1))
        marks = {m: c for c, m in enumerate(shown.mark) if m >= 0}
        for x, (cx, cy) in enumerate(g.land_cells):
            px, py = x0 + cx * cell, y0 + cy * cell
            pygame.draw.rect(surface, pictures.GRASS, (px, py, cell - 1, cell - 1))
            c = shown.company[x]
            if c >= 0:
                surface.blit(self.overlays[self.company_ids[c]], (px, py), (0, 0, cell - 1, cell - 1))
            o = shown.owner[x]
            if o != VACANT:
                oc = PLAYER_COLOURS[self.colour_of[o]] if o >= 0 else BANK_COLOUR
                box(surface, (px + 1, py + 1, cell - 3, cell - 3), oc, INK)
                f = shown.floors[x]
                if x in marks and cell >= 10:
                    surface.blit(pictures.logo(self.art, self.company_ids[marks[x]]),
                                 (px + (cell - 8) // 2, py + (cell - 9) // 2))
                elif f and cell >= 10:
                    self.font.draw(surface, str(f), px + cell // 2, py + (cell - 8) // 2,
                                   GOLD if f >= self.tower else INK, "small", align="centre")
        for p, t in enumerate(tokens if tokens is not None else shown.pos):
            if t is None:
                continue
            x, y = g.token_xy(t)
            tx, ty = x0 + (x + CELL // 2) * cell // CELL, y0 + (y + CELL // 2) * cell // CELL
            dx, dy = TOKEN_OFFSETS[p]
            r = 3 if cell >= 10 else 2
            pygame.draw.circle(surface, INK, (tx + dx * cell // 16, ty + dy * cell // 16), r + 1)
            pygame.draw.circle(surface, PLAYER_COLOURS[self.colour_of[p]], (tx + dx * cell // 16, ty + dy * cell // 16), r)

    def draw_offscreen(self, surface: pygame.Surface, rect, tokens) -> None:
        """A token the camera does not show: a mark in its colour at the edge of the view, on
        the side where it is (issue 14: nobody's piece is ever out of sight without a sign)."""
        vx, vy, vw, vh = rect
        cx, cy = self.cam
        g = self.geo
        for p, t in enumerate(tokens):
            if t is None:
                continue
            x, y = g.token_xy(t)
            sx, sy = x + CELL // 2 - cx, y + CELL // 2 - cy
            if 2 <= sx < vw - 2 and 2 <= sy < vh - 2:
                continue
            ex = max(4, min(vw - 5, sx)) + TOKEN_OFFSETS[p][0]
            ey = max(4, min(vh - 5, sy)) + TOKEN_OFFSETS[p][1]
            px, py = vx + ex, vy + ey
            side = "left" if sx < 2 else "right" if sx >= vw - 2 else "up" if sy < 2 else "down"
            pts = [(px + dx, py + dy) for dx, dy in ARROWS[side]]
            pygame.draw.polygon(surface, INK, [(a + (1 if a > px else -1 if a < px else 0),
                                                b + (1 if b > py else -1 if b < py else 0)) for a, b in pts])
            pygame.draw.polygon(surface, PLAYER_COLOURS[self.colour_of[p]], pts)


__all__ = ["BoardView", "BoardGeometry", "Shown", "CELL"]

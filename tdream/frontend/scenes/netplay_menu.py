"""Netplay on the title (issue 39): host a table, join one or watch one, with a pad alone.

The title's "Netplay..." (a game in a window only: a window's reader runs, never in a movie, a
TAS or a headless run) opens this menu. Host: the pads this machine plays (1-4) and the port
guests connect to. Join and Watch: the host's address typed on a character grid (0-9 . : a-z
[ ] with Backspace and OK; the keyboard's digits, dot and Backspace type too). Choosing sets
the machine's ``net_asked`` (what to open: never state, as Options > TAS tools' ``tas_asked``);
the window then closes this sitting and opens the netplay window as ``tdream netplay`` would.
The machine never holds a socket. Its words are English, as the TAS window's are (a tool's).
"""
from __future__ import annotations

import pygame

from ..constants import DOWN, GOLD, GREY, INFO, INK, LABEL, LEFT, PLAYER_COLOURS, RIGHT, START, UP, WHITE, A, B, H, W
from ..machine import Scene
from ..widgets import Menu, cursor, skyline, window

PORT = 7476                  # netplay's port unless told (netplay.PORT: the shell's menu loads no socket module)
ITEMS = ("Host a table", "Join a table", "Watch a table", "Back")
GRID = ("0123456789", ".:[]abcdef", "ghijklmnop", "qrstuvwxyz")
KEYS = ("Backspace", "OK")
MAX_ADDRESS = 40             # characters an address may have (an IPv6 address in brackets and a port fit)
KEYBOARD = {**{getattr(pygame, f"K_{i}"): str(i) for i in range(10)},           # digits and dot (the keypad's too)
            **{getattr(pygame, f"K_KP{i}"): str(i) for i in range(10)},
            pygame.K_PERIOD: ".", pygame.K_KP_PERIOD: ".", pygame.K_COLON: ":"}


class NetplayMenuScene(Scene):
    """Host / Join / Watch / Back, then the host's pads or the address to join or watch."""

    def __init__(self, pad: int, last: str = "") -> None:
        self.pad = pad
        self.menu = Menu(list(ITEMS), cancel=True, rows=4)
        self.page = "menu"                 # menu, host, join, watch
        self.seats = 1                     # host: the pads this machine plays
        self.host_row = 0                  # host: 0 pads, 1 start, 2 back
        self.address = last                # join/watch: what is typed so far
        self.gx = 0                        # the grid's cursor: column, row (row len(GRID): the keys)
        self.gy = 0

    def handle(self, m, b) -> None:
        pad = self.pad
        if self.page == "menu":
            self.menu.handle(b, pad, m)
            if self.menu.cancelled:
                m.pop()
                return
            if self.menu.chosen is not None:
                choice = ITEMS[self.menu.chosen]
                self.menu.chosen = None
                if choice == "Back":
                    m.pop()
                else:
                    self.page = choice.split()[0].lower()
                    self.gx, self.gy, self.host_row = 0, 0, 0
            return
        if self.page == "host":
            self.handle_host(m, b)
        else:
            self.handle_grid(m, b)

    def handle_host(self, m, b) -> None:
        pad = self.pad
        if b.repeat(pad, UP):
            self.host_row = (self.host_row - 1) % 3
        elif b.repeat(pad, DOWN):
            self.host_row = (self.host_row + 1) % 3
        if self.host_row == 0:
            for mask, d in ((LEFT, -1), (RIGHT, 1)):
                if b.repeat(pad, mask):
                    self.seats = max(1, min(4, self.seats + d))
                    m.sound("select")
        if b.press(pad, B) or (b.press(pad, A) and self.host_row == 2):
            self.page = "menu"
            m.sound("cancel")
        elif b.press(pad, START) or (b.press(pad, A) and self.host_row == 1):
            m.sound("select")
            m.net_asked = ("host", {"seats": self.seats})

    def handle_grid(self, m, b) -> None:
        pad = self.pad
        rows = len(GRID) + 1
        width = len(GRID[0]) if self.gy < len(GRID) else len(KEYS)
        if b.repeat(pad, UP) or b.repeat(pad, DOWN):
            was_keys = self.gy == len(GRID)
            self.gy = (self.gy + (-1 if b.repeat(pad, UP) else 1)) % rows
            now_keys = self.gy == len(GRID)
            if now_keys and not was_keys:
                self.gx = 0 if self.gx < len(GRID[0]) // 2 else 1
            elif was_keys and not now_keys:
                self.gx = 0 if self.gx == 0 else len(GRID[0]) - 1
        elif b.repeat(pad, LEFT):
            self.gx = (self.gx - 1) % width
        elif b.repeat(pad, RIGHT):
            self.gx = (self.gx + 1) % width
        reader = m.reader                   # the keyboard's digits and dot type too (a window's; never a movie's)
        if reader is not None and reader.raw_keys:
            for code in reader.raw_keys:
                if code in KEYBOARD:
                    self.type(m, KEYBOARD[code])
                elif code == pygame.K_BACKSPACE:
                    self.address = self.address[:-1]
            reader.raw_keys.clear()
        if b.press(pad, B):
            if self.address:
                self.address = self.address[:-1]
                m.sound("cancel")
            else:
                self.page = "menu"
                m.sound("cancel")
            return
        if b.press(pad, START):
            self.ok(m)
            return
        if b.press(pad, A):
            if self.gy < len(GRID):
                self.type(m, GRID[self.gy][self.gx])
            elif KEYS[self.gx] == "Backspace":
                self.address = self.address[:-1]
                m.sound("cancel")
            else:
                self.ok(m)

    def type(self, m, ch: str) -> None:
        if len(self.address) < MAX_ADDRESS:
            self.address += ch
            m.sound("select")

    def ok(self, m) -> None:
        if self.address:
            m.sound("select")
            m.net_asked = (self.page, {"address": self.address})
        else:
            m.sound("cancel")

    # ---------------------------------------------------------------- drawing
    def draw(self, m, surface) -> None:
        font = m.font
        skyline(surface, m.frame)
        if self.page == "menu":
            h = self.menu.height("Netplay")
            x, y = 64, (H - h) // 2
            self.menu.draw(m, surface, x, y, 128, "Netplay")
            font.draw(surface, "Play with friends over the network", W // 2, y + h + 4, INFO, "small", INK,
                      align="centre")
            return
        if self.page == "host":
            self.draw_host(m, surface)
        else:
            self.draw_grid(m, surface)

    def draw_host(self, m, surface) -> None:
        font = m.font
        x, y, w, h = 24, 50, 208, 124
        window(surface, (x, y, w, h))
        font.draw(surface, "Host a table", W // 2, y + 5, GOLD, align="centre")
        rows = (f"Pads on this machine: < {self.seats} >", "Open the table", "Back")
        for i, label in enumerate(rows):
            ry = y + 22 + i * 14
            font.draw(surface, label, x + 18, ry, WHITE)
            if i == self.host_row:
                cursor(surface, x + 8, ry + 3, m.frame)
        for p in range(4):                    # the pads this machine plays, in the players' colours
            colour = PLAYER_COLOURS[p] if p < self.seats else GREY
            font.draw(surface, f"Pad {p + 1}", x + 30 + p * 40, y + 68, colour, "small")
        font.draw(surface, "Guests take the next free pads", W // 2, y + 79, LABEL, "small", align="centre")
        font.draw(surface, f"Port {PORT}: guests join THIS-MACHINE:{PORT}", W // 2, y + 92, INFO, "small",
                  align="centre")
        font.draw(surface, "A: choose   B: back   Start: open", W // 2, y + h - 14, LABEL, "small", align="centre")

    def draw_grid(self, m, surface) -> None:
        font = m.font
        x, y, w, h = 16, 36, 224, 152
        window(surface, (x, y, w, h))
        title = "Join a table" if self.page == "join" else "Watch a table"
        font.draw(surface, title, W // 2, y + 5, GOLD, align="centre")
        font.draw(surface, "The host's address (HOST or HOST:PORT)", W // 2, y + 19, LABEL, "small",
                  align="centre")
        shown = self.address[-30:] if self.address else ""
        box = (x + 12, y + 30, w - 24, 14)
        window(surface, box)
        text_w = font.width(shown) if shown else 0
        font.draw(surface, shown, x + 17, y + 33, WHITE)
        if (m.frame // 20) % 2 == 0:          # the caret
            font.draw(surface, "_", x + 17 + text_w, y + 33, GOLD)
        gx0, gy0, cell = x + 22, y + 54, 18
        for r, chars in enumerate(GRID):
            for c, ch in enumerate(chars):
                cx, cy = gx0 + c * cell, gy0 + r * 14
                on = r == self.gy and c == self.gx
                font.draw(surface, ch, cx + 5, cy, GOLD if on else WHITE, align="centre")
                if on:
                    cursor(surface, cx - 6, cy + 3, m.frame)
        ky = gy0 + len(GRID) * 14 + 4
        for c, label in enumerate(KEYS):
            kx = gx0 + 8 + c * 100
            on = self.gy == len(GRID) and self.gx == c
            font.draw(surface, label, kx + 4, ky, GOLD if on else WHITE)
            if on:
                cursor(surface, kx - 6, ky + 3, m.frame)
        font.draw(surface, "A: type   B: erase/back   Start: OK", W // 2, y + h - 12, LABEL, "small",
                  align="centre")

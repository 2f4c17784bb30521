"""The set pieces (PRESENTATION.md screens 11-13, and the boards' Events): the card piles, the
slot machine, the Jackpot's stack, each Event's short sequence.

Humans choose a pile and stop the reels with their pad (``PilePrompt``, ``SlotPrompt``); a
human's reels spin with a spin RNG seeded from the game state, so the frame of each press picks
the symbol (FORMATS.md section 4). CPU players' choices and reels come from the engine; the same
pictures show them. Drawing changes nothing.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

import pygame

from ....frontend.constants import GOLD, INFO, INK, LEFT, RED, RIGHT, WHITE, A, rgb15
from ....frontend.draw_shapes import box, canvas, paint
from ....frontend.prompt_kit import press_words
from ....frontend.text import language, tr
from ....frontend.widgets import cursor, window
from ....rng import Rng
from ....yamlio import read_yaml
from ..data.loader import DATA_DIR
from ..rules import answers as an
from . import pictures
from .layout import view_centre, view_rect
from .pictures import PILES
from .prompts import Prompt

PILE_DX = (-100, -46, 8, 62)         # each pile's left edge from the view's middle (the window is 232 wide,
                                     # 216 in a view narrowed by the input display's gutter)
CARD_W, CARD_H = 32, 48
NAMES_Y = 118                        # the piles' names: nothing drawn over them while a card is told (issue 36)


# ---------------------------------------------------------------- card piles (screen 11)
@lru_cache(maxsize=None)
def _scaled(art, sprite_id: str, size: tuple[int, int]) -> pygame.Surface:
    """A sprite at a whole-number-ish size, made once (drawing every frame must stay cheap)."""
    return pygame.transform.scale(pictures.sprite(art, sprite_id), size)


def pile_x(m, i: int) -> int:
    """Pile ``i``'s left edge: the four spread across the window, in the middle of the view."""
    cx = view_centre(m)
    return cx + PILE_DX[i] if view_rect(m.settings)[2] >= 240 else cx - 96 + 50 * i


def draw_piles(m, surface, chosen: int = -1, highlight: int = -1, lift: int = 0, flavours=None) -> None:
    """The four animal-backed piles on the old man's table, at 2x; ``chosen`` lifted."""
    cx = view_centre(m)
    wide = view_rect(m.settings)[2] >= 240
    window(surface, (cx - 116, 44, 232, 100) if wide else (cx - 108, 44, 216, 100))
    m.font.draw(surface, tr("The old man's card piles"), cx, 48, GOLD, "small", align="centre")
    for i, pile in enumerate(PILES):
        back = _scaled(m.art, f"pile-{pile}", (CARD_W, CARD_H))
        x, y = pile_x(m, i), 64 - (lift if i == chosen else 0)
        for k in (3, 2, 1):                     # the deck's thickness
            box(surface, (x + k, y + k, CARD_W, CARD_H), rgb15(200, 192, 168), INK)
        surface.blit(back, (x, y))
        m.font.draw(surface, tr(pile.title()), x + CARD_W // 2 + 1, NAMES_Y, WHITE if i != highlight else GOLD,
                    "small", align="centre")
        if i == highlight:
            w = m.font.width(tr(pile.title()), "small")
            cursor(surface, x + CARD_W // 2 - w // 2 - 8, NAMES_Y + 1, m.frame)
    if flavours and 0 <= highlight < 4:
        m.font.draw(surface, tr("\"{flavour}\"", flavour=tr(flavours[highlight])), cx, 131, INFO,
                    "small", align="centre")


FACE_W, FACE_H = 64, 62              # the card turned over: over the piles, never over their names


def draw_card_flip(m, surface, pile: str, age: int, text_colour=INK) -> None:
    """The top card turned over: the back narrows to nothing over its pile, the face widens back
    in the middle of the table (16 frames), above the piles' names (issue 36: the names stay in
    sight while the card is told)."""
    x0, y0 = pile_x(m, PILES.index(pile)) + CARD_W // 2, 56
    t = min(age, 16)
    if t < 8:
        w = max(1, CARD_W * (8 - t) // 8)
        surface.blit(_scaled(m.art, f"pile-{pile}", (w, CARD_H)), (x0 - w // 2, y0))
        return
    w = max(1, FACE_W * (t - 8) // 8)
    face = pygame.Surface((FACE_W, FACE_H))
    box(face, (0, 0, FACE_W, FACE_H), rgb15(248, 240, 216), INK)
    pygame.draw.rect(face, rgb15(200, 168, 96), (2, 2, FACE_W - 4, FACE_H - 4), 1)
    face.blit(pictures.pile(m.art, pile), (24, 6))
    m.font.draw(face, tr(pile.title()), 32, 32, text_colour, "small", align="centre")
    m.font.draw(face, tr("CARD"), 32, 42, text_colour, "small", align="centre")
    surface.blit(pygame.transform.scale(face, (w, FACE_H)), (view_centre(m) - w // 2, NAMES_Y - 2 - FACE_H))


class PilePrompt(Prompt):
    """Choose one of the four piles (left/right, A)."""

    keep = ("index",)

    def __init__(self, game, name: str) -> None:
        self.legal = {a.pile: a for a in game.legal_answers()}
        self.index = next(i for i, p in enumerate(PILES) if p in self.legal)
        self.text = tr("\"Pick a pile, any pile, {who}...\" he grins.", who=name)
        self.speaker = "old-man"          # he asks it (his face and name beside it): one speaker, issue 36

    def back_free(self) -> bool:
        return True

    def handle(self, m, b, pad: int) -> None:
        for mask, d in ((LEFT, -1), (RIGHT, 1)):
            if b.repeat(pad, mask):                 # the next pile that way one may take (round the table)
                self.index = next((j % 4 for j in range(self.index + d, self.index + 5 * d, d)
                                   if PILES[j % 4] in self.legal), self.index)
        if b.press(pad, A) and PILES[self.index] in self.legal:
            self.answer = self.legal[PILES[self.index]]
            m.sound("select")

    def draw(self, m, surface) -> None:
        draw_piles(m, surface, highlight=self.index, flavours=pile_flavours())


@lru_cache(maxsize=None)
def pile_flavours() -> list[str]:
    """Each pile's flavour line, from the card data (Tower Dream's cards.yaml)."""
    data = read_yaml(DATA_DIR / "cards.yaml")
    return [str(data["piles"][p].get("flavour", "")) for p in PILES]


# ---------------------------------------------------------------- slot machine (screen 12)
STEM = rgb15(48, 136, 48)
BELL = ((8, 1), (12, 5), (13, 12), (3, 12), (4, 5))
STAR = ((8, 0), (10, 6), (15, 6), (11, 9), (13, 15), (8, 11), (3, 15), (5, 9), (1, 6), (6, 6))
SEVEN = ((2, 2), (14, 2), (14, 4), (8, 14), (5, 14), (10, 5), (2, 5))
# The six reel symbols (16x16) as shapes (the shell's draw_shapes.paint).
SYMBOLS = {
    "cherry": (("line", STEM, ((5, 9), (9, 2))), ("line", STEM, ((11, 10), (9, 2))),
               ("circle", rgb15(216, 32, 48), ((5, 11), 3)), ("circle", rgb15(232, 48, 64), ((11, 12), 3)),
               ("dots", WHITE, ((4, 10),))),
    "bell": (("poly", rgb15(240, 200, 40), BELL, rgb15(160, 112, 16)), ("rect", rgb15(160, 112, 16), (2, 12, 13, 2)),
             ("circle", rgb15(160, 112, 16), ((8, 14), 1))),
    "bar": (("rect", INK, (1, 5, 14, 7)), ("frame", WHITE, (2, 6, 12, 5))),
    "star": (("poly", rgb15(248, 216, 48), STAR, rgb15(184, 120, 16)),),
    "seven": (("poly", rgb15(224, 40, 40), SEVEN, rgb15(120, 16, 16)),),
    "tower": (("rect", rgb15(72, 112, 216), (5, 3, 6, 12), rgb15(24, 40, 104)),
              ("poly", GOLD, ((8, 0), (6, 3), (10, 3))),
              ("dots", rgb15(248, 240, 160), ((7, 5), (8, 5), (7, 8), (8, 8), (7, 11), (8, 11)))),
}


@lru_cache(maxsize=None)
def symbol_art() -> dict[str, pygame.Surface]:
    """The six reel symbols, 16x16, drawn by code once (pictures: never state)."""
    return {name: paint(canvas(16, 16), shapes) for name, shapes in SYMBOLS.items()}


def draw_slot(m, surface, reels: list[tuple[tuple[str, ...], int, bool]], frame: int, matched: int = 0,
              title: str = "SLOT MACHINE") -> None:
    """Four reels: (strip, index, stopped). A spinning reel scrolls; a stopped one shows its
    symbol in the window, with the symbols above and below it; matched reels flash."""
    art = symbol_art()
    cx = view_centre(m)
    window(surface, (cx - 88, 44, 176, 96))
    m.font.draw(surface, tr(title), cx, 48, GOLD, align="centre")
    for i, (strip, index, stopped) in enumerate(reels):
        x = cx - 72 + i * 38
        box(surface, (x, 64, 28, 56), rgb15(248, 248, 232), INK)
        shift = 0 if stopped else (frame * 6) % 18
        prev = surface.get_clip()
        surface.set_clip((x + 1, 65, 26, 54))
        for k in (-2, -1, 0, 1, 2):                 # the symbol in the window, two above and two below
            surface.blit(art[strip[(index + k) % len(strip)]], (x + 6, 84 + k * 18 + shift))
        surface.set_clip(prev)
        flash = i < matched and (frame // 6) % 2 == 0
        pygame.draw.rect(surface, GOLD if flash else RED, (x - 2, 82, 32, 20), 1)
        if not stopped:
            m.font.draw(surface, "A", x + 14, 124, WHITE if (frame // 8) % 2 else GOLD, "small", align="centre")


class SlotPrompt(Prompt):
    """Stop the four reels one by one with A. Each spinning reel shows a new stop every frame,
    drawn from the spin RNG (seeded from the game state when the spin starts)."""

    given = True
    answer: Any = None           # the reels' SlotStop once the fourth has stopped
    keep = ("rng", "index", "stopped", "age")

    def __init__(self, game, name: str, state: str | None = None) -> None:
        self.strips = game.ruleset.slot.reels
        self.rng = Rng(int((state or game.fingerprint())[16:32], 16))
        self.index = [self.rng.below(len(s)) for s in self.strips]
        self.stopped = 0
        self.age = 0
        self.text = tr("{who}: the slot machine! A stops each reel.", who=name)

    def back_free(self) -> bool:
        return True

    def handle(self, m, b, pad: int) -> None:
        self.age += 1
        if b.press(pad, A):
            self.stopped += 1
            m.sound("slot_stop")
            if self.stopped == len(self.strips):
                self.answer = an.SlotStop(tuple(s[i] for s, i in zip(self.strips, self.index)))
                return
        for r in range(self.stopped, len(self.strips)):
            self.index[r] = self.rng.below(len(self.strips[r]))
        if self.age % 12 == 1:
            m.sound("slot_reel")

    def would_stop(self) -> tuple[int, str]:
        """What A on this frame stops: (the reel, counted from 0, the symbol in its window). Reads
        only (the luck watch asks it every frame)."""
        r = self.stopped
        return r, self.strips[r][self.index[r]]

    def press_preview(self, m) -> str | None:
        """The luck watch: "A now: reel 2 BELL", the reel the next press stops and its symbol in
        the words the slot's result uses."""
        if self.stopped >= len(self.strips):
            return None
        r, symbol = self.would_stop()
        return press_words(REEL_WORDS.get(language(), REEL_WORDS["en"]).format(k=r + 1, symbol=tr(symbol.upper())))

    def draw(self, m, surface) -> None:
        draw_slot(m, surface, [(s, i, r < self.stopped) for r, (s, i) in enumerate(zip(self.strips, self.index))],
                  m.frame)


# A reel and its symbol in the luck watch (Python, not ja.yaml: a movie's data hash reads that)
REEL_WORDS = {"en": "reel {k} {symbol}", "ja": "リール{k} {symbol}"}


# ---------------------------------------------------------------- Jackpot (screen 13)
def draw_stack(surface, x: int, y: int, floors: int, colour=GOLD) -> None:
    """The Jackpot's stack of Floors: a block a Floor, up to 12 shown (then a number)."""
    for k in range(min(floors, 12)):
        box(surface, (x, y - 3 * k, 12, 3), colour, rgb15(136, 96, 16))


# ---------------------------------------------------------------- Events
def draw_event(m, surface, kind, age: int) -> None:
    """An Event's moment: its icon at 3x bouncing in, its name."""
    icon = pictures.icon(m.art, kind.id)
    cx = view_centre(m)
    window(surface, (cx - 64, 52, 128, 76))
    m.font.draw(surface, tr(kind.name), cx, 56, GOLD, align="centre")
    if icon is not None:
        bounce = max(0, 12 - age) if age < 12 else (2 if (age // 10) % 2 else 0)
        surface.blit(_scaled(m.art, f"icon-{kind.id}", (36, 36)), (cx - 18, 76 - bounce))

"""Learning a game at the table (issue 36): How to play, a rule's text, the turn log.

- ``HowToScene``: the game's few illustrated pages (``GameFrontend.howto()``, its picture drawn
  by ``GameFrontend.draw_howto``), in the language on screen; a page longer than the screen goes
  on over screens (``widgets.paginate``), never losing words. Left/Right (L/R) turn the pages, A
  shows the rules a page sums up, B goes back. From the title and from the pause menu.
- ``RuleScene``: one rule's text by its ID (``GameFrontend.rule_texts()``); up/down its screens,
  left/right (L/R) the rules before and after it, B back. From a How-to-play page, and from any
  prompt or message that names a rule (Select: ``TableScene.show_rule``).
- ``LogScene``: the turn log, what the text box told in the last turns (``TableScene.log``), the
  newest last; up/down scroll, B back. From the pause menu.

None of them changes the match or the settings: they read and show.
"""
from __future__ import annotations

from ...platform import registry
from ..constants import A, B, DOWN, GOLD, INFO, INK, L, LABEL, LEFT, R, RIGHT, START, UP, WHITE
from ..machine import Scene
from ..text import language, tr
from ..widgets import fit, paginate, window
from ..frontends import frontend_of

LINE_H = 12
TEXT_W = 236                         # a page's lines: the screen's window less its edges and margins
PICTURE = (10, 24, 236, 96)          # where a page's picture goes (x, y, w, h)
TEXT_TOP = 24
TEXT_BOTTOM = 200                    # the keys' line below it, then the speedrun overlays' strip
KEYS_Y = 203
OVERLAYS = {"overlay_at": (2, 214, "left"), "timer_at": (254, 213, "right")}


def _lines_between(top: int, bottom: int = TEXT_BOTTOM) -> int:
    return max(1, (bottom - top) // LINE_H)


class Page(Scene):
    """A full-screen page of words (How to play, a rule, the turn log): the window it stands in,
    its bottom line left to the speedrun overlays, B (or Start) back."""

    overlay_at = OVERLAYS["overlay_at"]
    timer_at = OVERLAYS["timer_at"]

    def backdrop(self, surface) -> None:
        surface.fill(INK)
        window(surface, (0, 0, 256, 224))

    def leave(self, m) -> None:
        m.sound("cancel")
        m.pop()


class HowToScene(Page):
    """The game's How-to-play pages, a screen at a time."""

    def __init__(self, game: str, page: int = 0) -> None:
        self.game = game
        self.index = 0                   # the screen shown (a page may take several)
        self.start_page = page

    @property
    def front(self):
        return frontend_of(self.game)

    def screens(self, m) -> list[tuple[int, str]]:
        """(page index, text) of every screen, in the language on screen."""
        out: list[tuple[int, str]] = []
        lang = language()
        for i, page in enumerate(self.front.howto()):
            top = PICTURE[1] + PICTURE[3] + 5 if page.picture else TEXT_TOP
            for text in paginate(m.font, page.text.get(lang) or page.text["en"], TEXT_W, _lines_between(top)):
                out.append((i, text))
        return out

    def enter(self, m) -> None:
        if self.start_page:
            shown = self.screens(m)
            self.index = next((k for k, (i, _) in enumerate(shown) if i == self.start_page), 0)
            self.start_page = 0

    def handle(self, m, b) -> None:
        pad = b.any_press(0xFFF)
        if pad < 0:
            return
        n = len(self.screens(m))
        if b.press(pad, RIGHT | R):
            if self.index + 1 < n:
                self.index += 1
                m.sound("select")
        elif b.press(pad, LEFT | L):
            if self.index > 0:
                self.index -= 1
                m.sound("select")
        elif b.press(pad, A):
            page = self.front.howto()[self.screens(m)[self.index][0]]
            known = self.front.rule_texts()
            rules = [r for r in page.rules if r in known] or list(known)[:1]
            if rules:
                m.push(RuleScene(self.game, rules[0]))
        elif b.press(pad, B | START):
            self.leave(m)

    def draw(self, m, surface) -> None:
        font = m.font
        self.backdrop(surface)
        shown = self.screens(m)
        if not shown:
            return
        self.index = min(self.index, len(shown) - 1)
        i, text = shown[self.index]
        page = self.front.howto()[i]
        lang = language()
        title = page.title.get(lang) or page.title["en"]
        font.draw(surface, fit(font, title, 180, "main"), 8, 6, GOLD)
        font.draw(surface, f"{self.index + 1}/{len(shown)}", 248, 8, LABEL, "small", align="right")
        top = TEXT_TOP
        if page.picture:
            x, y, w, h = PICTURE
            self.front.draw_howto(m, surface, page.picture, PICTURE)
            top = y + h + 5
        for k, line in enumerate(font.wrap(text, TEXT_W, "main")):
            font.draw(surface, line, 10, top + k * LINE_H, WHITE)
        keys = tr("</>: page  B: back")
        if page.rules or self.front.rule_texts():
            keys = tr("</>: page  A: the rules  B: back")
        font.draw(surface, keys, 128, KEYS_Y, LABEL, "small", align="centre")
        if self.index + 1 < len(shown) and (m.frame // 15) % 2 == 0:
            font.draw(surface, ">", 246, KEYS_Y, GOLD, "small")


class RuleScene(Page):
    """One rule's text (its ID first), the rules before and after it a press away."""

    def __init__(self, game: str, rule: str) -> None:
        self.game = game
        self.rule = rule
        self.screen = 0                  # the screen of a long rule's text

    @property
    def rules(self) -> dict:
        return frontend_of(self.game).rule_texts()

    def screens(self, m) -> list[str]:
        texts = self.rules.get(self.rule)
        if texts is None:
            return [tr("No text for the rule {rule}.", rule=self.rule)]
        text = texts.get(language()) or texts["en"]
        return paginate(m.font, text, TEXT_W, _lines_between(TEXT_TOP + 4))

    def handle(self, m, b) -> None:
        pad = b.any_press(0xFFF)
        if pad < 0:
            return
        ids = list(self.rules)
        if b.press(pad, RIGHT | R) or b.press(pad, LEFT | L):
            step = 1 if b.press(pad, RIGHT | R) else -1
            if self.rule in ids:
                self.rule = ids[(ids.index(self.rule) + step) % len(ids)]
                self.screen = 0
                m.sound("select")
        elif b.press(pad, DOWN | A):
            if self.screen + 1 < len(self.screens(m)):
                self.screen += 1
        elif b.press(pad, UP):
            self.screen = max(0, self.screen - 1)
        elif b.press(pad, B | START):
            self.leave(m)

    def draw(self, m, surface) -> None:
        font = m.font
        self.backdrop(surface)
        name = tr(registry.get(self.game).name)
        font.draw(surface, tr("RULE {rule}", rule=self.rule), 8, 6, GOLD)
        font.draw(surface, fit(font, name, 120), 248, 8, LABEL, "small", align="right")
        shown = self.screens(m)
        self.screen = min(self.screen, len(shown) - 1)
        for k, line in enumerate(font.wrap(shown[self.screen], TEXT_W, "main")):
            font.draw(surface, line, 10, TEXT_TOP + 4 + k * LINE_H, WHITE)
        more = tr("  v: more") if self.screen + 1 < len(shown) else ""
        font.draw(surface, tr("</>: other rules  B: back") + more, 128, KEYS_Y, LABEL, "small", align="centre")


class LogScene(Page):
    """The turn log: each line the text box told (its speaker's name first), the newest last."""

    def __init__(self, table, pad: int) -> None:
        self.table = table
        self.pad = pad
        self.back = 0                    # rows scrolled up from the newest

    def rows(self, m) -> list[tuple[str, tuple]]:
        out: list[tuple[str, tuple]] = []
        for who, text in self.table.log:
            line = f"{who}: {text}" if who and not text.startswith(who) else text
            colour = INFO if who else WHITE          # what was said in blue, what happened in white
            for k, row in enumerate(m.font.wrap(line, TEXT_W - 8, "small")):
                out.append(("  " + row if k else row, colour))
        return out

    def room(self) -> int:
        return (TEXT_BOTTOM - TEXT_TOP) // 9

    def handle(self, m, b) -> None:
        pad = self.pad
        most = max(0, len(self.rows(m)) - self.room())
        if b.repeat(pad, UP):
            self.back = min(most, self.back + 1)
        elif b.repeat(pad, DOWN):
            self.back = max(0, self.back - 1)
        elif b.repeat(pad, L | LEFT):
            self.back = min(most, self.back + self.room())
        elif b.repeat(pad, R | RIGHT):
            self.back = max(0, self.back - self.room())
        if b.press(pad, B | START | A):
            self.leave(m)

    def draw(self, m, surface) -> None:
        font = m.font
        self.backdrop(surface)
        font.draw(surface, tr("TURN LOG"), 8, 6, GOLD)
        rows = self.rows(m)
        if not rows:
            font.draw(surface, tr("Nothing has happened yet."), 10, TEXT_TOP + 4, WHITE, "small")
        room = self.room()
        end = len(rows) - self.back
        for k, (row, colour) in enumerate(rows[max(0, end - room):end]):
            font.draw(surface, row, 10, TEXT_TOP + 2 + k * 9, colour, "small")
        keys = tr("Up/Down: scroll  L/R: a page  B: back")
        font.draw(surface, keys, 128, KEYS_Y, LABEL, "small", align="centre")
        if end < len(rows):
            font.draw(surface, "v", 246, TEXT_BOTTOM - 9, GOLD, "small")
        if end - room > 0:
            font.draw(surface, "^", 246, TEXT_TOP, GOLD, "small")


__all__ = ["HowToScene", "RuleScene", "LogScene"]

"""Status (X at the table) for any game: the shell's default, ``TableScene.status_scene``.

Made from the ``GameDef`` and the match alone: the turn (or round), whose turn it is, each seat's
name, who plays it (a pad, a CPU and its level), its score (``score_label``) and the parts of it
(``score_parts``, ``part_labels``), and the options in play. B or X closes it.
"""
from __future__ import annotations

from ..constants import B, GOLD, INK, PLAYER_COLOURS, RED, WHITE, X, rgb15
from ..machine import Scene
from ..text import tr
from ..widgets import fit, window
from .setup import option_text

DIM = rgb15(160, 168, 200)
INFO = rgb15(200, 216, 248)


def seat_kind(table, seat: int) -> str:
    """Who plays a seat: a person's pad, or the CPU player and its level."""
    kind = table.kinds[seat]
    if kind == "human":
        return tr("pad {k}", k=table.pad_of.get(seat, 0) + 1)
    base, _, level = kind.partition(":")
    if base == "random":
        return tr("Random")
    return tr("CPU, {level}", level=tr(level or "normal"))


class StatusScene(Scene):
    overlay_at = (2, 214, "left")

    def __init__(self, table, pad: int) -> None:
        self.table = table
        self.pad = pad

    def handle(self, m, b) -> None:
        if b.press(self.pad, B | X):
            m.pop()

    def waiting(self) -> tuple[int, ...]:
        """The seats the match waits for now (the mover at a chance point; () once over)."""
        match = self.table.game
        aw = match.awaiting()
        if aw is None:
            return ()
        return (match.to_move,) if aw.player < 0 else (aw.seats or (aw.player,))

    def draw(self, m, surface) -> None:
        t, font = self.table, m.font
        game, match = t.gamedef, t.game
        surface.fill(INK)
        window(surface, (0, 0, 256, 224))
        font.draw(surface, tr("STATUS"), 8, 6, GOLD)
        word = "Turn {turn}" if game.progress_unit == "turns" else "Round {turn}"
        when = tr("Game over") if match.over else tr(word, turn=match.progress() + 1)
        font.draw(surface, when, 248, 6, WHITE, align="right")
        scores = match.scores()
        now = self.waiting()
        y = 24
        for p in range(len(t.names)):
            colour = PLAYER_COLOURS[t.colour_of[p]]
            surface.blit(m.art.tokens[t.colour_of[p]], (8, y))
            font.draw(surface, fit(font, t.names[p], 120, "main"), 24, y, colour)
            font.draw(surface, seat_kind(t, p), 248, y + 2, DIM, "small", align="right")
            if p in now:
                font.draw(surface, tr("to play"), 160, y + 2, RED if t.is_cpu(p) else GOLD, "small", align="right")
            parts = [f"{tr(game.words.part(k))} {v:,}"
                     for k, v in game.score_parts(match, p)]
            head = f"{tr(game.words.score)} {scores[p]:,}{game.words.unit}"
            font.draw(surface, fit(font, "   ".join([head] + parts), 224), 24, y + 13, WHITE, "small")
            y += 28
        options = t.host.session.options
        shown = [o for o in game.options if o.name != game.seat_option and o.name in options]
        if shown:
            font.draw(surface, tr("Options"), 8, y + 4, GOLD)
            y += 18
            for o in shown:
                if y > 200:
                    break
                font.draw(surface, tr(o.name.replace("_", " ").capitalize()), 16, y, INFO, "small")
                font.draw(surface, option_text(options[o.name]), 248, y, WHITE, "small", align="right")
                y += 9
        font.draw(surface, tr("B: back"), 250, 213, DIM, "small", align="right")

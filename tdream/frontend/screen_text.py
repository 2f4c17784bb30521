"""Words a game's screens show as written, paragraph by paragraph (a status page's rules in brief,
how a turn goes), drawn wrapped in the game's words (``draw_paragraphs``, or a status screen's
page, ``text_page``). A paragraph is English text (``tr_in``: its Japanese from the game's
``ja.yaml``), or a ``Paragraph`` shown only while the options in play say so::

    TURNS = ("Extra turns: twice a game, ...",
             Paragraph("Trading (B menu): ...", {"trade": "advanced"}))
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Mapping

from .text import tr_in


@dataclass(frozen=True)
class Paragraph:
    """One paragraph in English, and the options' values it is shown under (none: always)."""

    text: str
    when: Mapping[str, object] = field(default_factory=dict)

    def shown(self, options: Mapping[str, object]) -> bool:
        return all(options.get(k) == v for k, v in self.when.items())


def draw_paragraphs(m, surface, game: str, paras, x: int, y: int, width: int, colour, gap: int,
                    last: int = 224) -> int:
    """``paras`` (English texts) in the game's words, each wrapped to ``width`` in the small face
    from (x, y), ``gap`` pixels after each; no line starts below ``last`` (the rest is left out).
    Returns the y under them."""
    font = m.font
    for text in paras:
        for line in font.wrap(tr_in(game, text), width, "small"):
            if y > last:
                return y
            font.draw(surface, line, x, y, colour, "small")
            y += 9
        y += gap
    return y


def text_page(paras: tuple[str | Paragraph, ...], x: int, width: int, colour, gap: int, last: int = 224) -> Callable:
    """A status page (``scenes.status.Page``'s ``draw``) of ``paras``, those the match's options
    show, from the page's top (``draw_paragraphs``)."""
    def draw(scene, m, surface, y: int) -> None:
        options = scene.table.host.session.options
        shown = [p if isinstance(p, str) else p.text for p in paras if isinstance(p, str) or p.shown(options)]
        draw_paragraphs(m, surface, scene.table.gamedef.id, shown, x, y, width, colour, gap, last)
    return draw


__all__ = ["Paragraph", "draw_paragraphs", "text_page"]

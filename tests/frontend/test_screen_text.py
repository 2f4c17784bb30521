"""Words a game's screens show as written (tdream/frontend/screen_text.py): every paragraph the
games' status pages show has its Japanese, a paragraph shows under its options, and the lines stop
where told."""
from types import SimpleNamespace

import pytest

from tdream.frontend.screen_text import Paragraph, draw_paragraphs
from tdream.frontend.text import fields, load_game_ja
from tdream.games.towers.frontend import status as towers
from tdream.games.towerup.frontend import status as towerup


@pytest.mark.parametrize("game, paras", [("towers", towers.BUILDING + towers.TURNS),
                                         ("towerup", towerup.HOW + (towerup.MAP_KEY,))])
def test_every_paragraph_of_the_status_pages_has_its_japanese(game, paras):
    ja = load_game_ja()[game]
    for p in paras:
        text = p if isinstance(p, str) else p.text
        assert text in ja and fields(ja[text]) == fields(text), text


def test_a_paragraph_shows_under_its_options():
    p = Paragraph("Demolition", {"demolish": "advanced"})
    assert p.shown({"demolish": "advanced", "size": 8}) and not p.shown({"demolish": "war"})
    assert Paragraph("Always").shown({})


class _Font:
    def wrap(self, text, width, face):
        return text.split("|")

    def draw(self, surface, line, x, y, colour, face):
        surface.append((line, x, y))


def test_the_lines_stop_at_the_last_row_given():
    drawn: list = []
    m = SimpleNamespace(font=_Font())
    y = draw_paragraphs(m, drawn, "towers", ["a|b", "c|d"], 8, 100, 200, (0, 0, 0), 5, last=118)
    assert drawn == [("a", 8, 100), ("b", 8, 109)] and y == 123          # "c" would start below 118
    drawn.clear()
    assert draw_paragraphs(m, drawn, "towers", ["a|b", "c"], 8, 100, 200, (0, 0, 0), 5) == 137
    assert [d[2] for d in drawn] == [100, 109, 123]

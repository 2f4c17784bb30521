"""How-to-play pictures drawn from data (``frontend/howto_paint.py``, issue 37): a step is checked
on load (a DataError names the file, line and problem), drawn at its place from the picture's
top-left in the colour it names, and every word a picture says has its Japanese."""
from __future__ import annotations

import pygame
import pytest

from tdream.errors import DataError
from tdream.frontend.constants import GOLD, INK, rgb15
from tdream.frontend.howto_paint import STEPS, Pictures, load_pictures, picture, placed
from tdream.frontend.text import set_language, tr_in
from tdream.platform import registry
from tdream.yamlio import plain_yaml
from tests.conftest import ROOT

HEAD = "# a picture\nformat: tdream-howto-pictures\nversion: 1\n"


def test_a_damaged_step_names_its_line(tmp_path):
    path = tmp_path / "howto-pictures.yaml"
    path.write_text(HEAD + "pictures:\n  one:\n    - [arrow, 1, 2]\n    - [nope, 1, 2]\n    - [rect, 1, 2, 3]\n"
                    "    - [text, a, 2, x, GOLD]\n", encoding="utf-8")
    with pytest.raises(DataError) as e:
        load_pictures(path, STEPS)
    text = str(e.value)
    assert "howto-pictures.yaml:7: pictures.one[1]: 'nope' is not a step or piece" in text
    assert "howto-pictures.yaml:8: pictures.one[2]: rect: missing a required argument: 'h'" in text
    assert "howto-pictures.yaml:9: pictures.one[3]: text's place must be two whole numbers" in text
    assert ":6:" not in text                                     # the arrow is right


def test_a_piece_made_of_a_games_drawing_is_checked_against_what_that_takes(tmp_path):
    def die(surface, value: int, x: int, y: int, size: int = 11) -> None:
        pygame.draw.rect(surface, GOLD, (x, y, size, value))

    path = tmp_path / "howto-pictures.yaml"
    path.write_text(HEAD + "pictures:\n  one:\n    - [die, 1, 2, 4]\n    - [die, 1, 2]\n    - [die, 1, 2, 4, 9, 9]\n"
                    "    - [art, 1, 2, 3, {size: [2, 2]}]\n    - [art, 1, 2, {size: [2, 2]}]\n", encoding="utf-8")
    with pytest.raises(DataError) as e:
        load_pictures(path, {"die": placed(die, 1), "art": picture(lambda m, n: pygame.Surface((n, n)))})
    text = str(e.value)
    assert ":7: pictures.one[1]: die: missing a required argument: 'value'" in text
    assert ":8: pictures.one[2]: die: too many positional arguments" in text
    assert ":10: pictures.one[4]: art: missing a required argument: 'n'" in text
    assert ":6:" not in text and ":9:" not in text


def test_a_pictures_file_says_its_format(tmp_path):
    path = tmp_path / "howto-pictures.yaml"
    path.write_text("format: tdream-howto\nversion: 2\npictures: {}\n", encoding="utf-8")
    with pytest.raises(DataError) as e:
        load_pictures(path, STEPS)
    assert ":1: format: 'tdream-howto' is not tdream-howto-pictures" in str(e.value)
    assert ":2: version: 2 is not a version this program reads (1)" in str(e.value)


def test_a_step_draws_at_its_place_in_the_colour_it_names(tmp_path):
    (tmp_path / "howto-pictures.yaml").write_text(HEAD + "pictures:\n  one:\n    - [rect, 3, 4, 2, 2, GOLD]\n"
                                         "    - [rect, 5, 4, 1, 1, \"rgb(250, 10, 100)\"]\n", encoding="utf-8")
    pictures = Pictures(str(tmp_path / "piece.py"), {})
    surface = pygame.Surface((64, 64))
    surface.fill(INK)
    pictures["one"](None, surface, 20, 30, 40, 30)
    assert surface.get_at((23, 34))[:3] == GOLD and surface.get_at((24, 35))[:3] == GOLD
    assert surface.get_at((25, 34))[:3] == rgb15(250, 10, 100)
    assert surface.get_at((22, 34))[:3] == INK and surface.get_at((3, 4))[:3] == INK


def test_every_word_a_picture_says_has_its_japanese():
    """A picture's words (the ``words`` piece) go through ``tr``: each has its game's Japanese."""
    said = []
    for gid in registry.ids():
        path = ROOT / "tdream" / "games" / gid / "frontend" / "howto-pictures.yaml"
        pictures = plain_yaml(path).get("pictures", {}) if path.exists() else {}
        said += [(gid, step[3]) for steps in pictures.values() for step in steps if step[0] == "words"]
    assert said
    set_language("ja")
    try:
        missing = [(gid, text) for gid, text in said if tr_in(gid, text, cost="x") == text.format(cost="x")]
    finally:
        set_language("en")
    assert not missing, missing

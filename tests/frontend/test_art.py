"""Pictures (tdream/frontend/art.py): the shell's sprite file and each game's own, in its namespace."""
from pathlib import Path

import pytest

from tdream.errors import DataError
from tdream.frontend import art as art_module
from tdream.frontend.art import REQUIRED, Art, Sheet, game_sheets
from tdream.platform import registry

SPRITE = '''  {sid}:
    palette: {{".": none, "o": [248, 0, 0]}}
    rows:
{rows}
'''


def sheet_file(tmp_path: Path, sprites: dict[str, list[str]]) -> Path:
    """A tdream-art file of square-ish test sprites ({id: rows})."""
    body = "".join(SPRITE.format(sid=sid, rows="".join(f'      - "{r}"\n' for r in rows)) for sid, rows in sprites.items())
    path = tmp_path / "sprites.yaml"
    path.write_text(f"format: tdream-art\nversion: 1\nsprites:\n{body}", encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def art():
    return Art()


def test_the_shells_file_holds_what_every_game_shows(art):
    assert set(art.sprites) == set(REQUIRED)
    assert len(art.tokens) == 4 and all(t.get_size() == (12, 12) for t in art.tokens)


def test_a_games_sprites_live_in_its_own_namespace(art):
    assert set(art.games) == set(game_sheets())
    assert art.sprite("towerdream", "logo-ace").get_size() == (12, 12)
    assert art.sprite("towerdream", "pile-crab").get_size() == (16, 24)
    assert "logo-ace" not in art.sprites
    with pytest.raises(KeyError, match="towerdream has no sprite 'logo-nobody'"):
        art.sprite("towerdream", "logo-nobody")


def test_a_portrait_comes_from_whichever_file_draws_it(art):
    assert art.portrait("kenta").get_size() == (32, 32)
    assert art.portrait("joji:hard", small=True).get_size() == (16, 16)
    assert art.portrait("taxi-driver").get_size() == (32, 32)           # a game's own speaker
    assert art.portrait("nobody") is None


def test_a_games_file_is_checked_with_file_and_line(tmp_path):
    path = sheet_file(tmp_path, {"logo-a": ["oo", "oo"], "logo-c": ["o.", "x."]})
    with pytest.raises(DataError) as e:
        Art(sheets={"somegame": Sheet(path, {"logo-a": (12, 12), "logo-b": (12, 12)})})
    problems = "\n".join(e.value.problems)
    assert f"{path}:4: sprites.logo-a: is 2x2, should be 12x12" in problems
    assert "logo-b is missing" in problems
    assert f"{path}:14: sprites.logo-c.rows[1]: 'x' is not in the palette" in problems


def test_a_portrait_drawn_in_two_files_is_refused(tmp_path):
    path = sheet_file(tmp_path, {"portrait-kenta": ["o" * 32] * 32})
    with pytest.raises(DataError, match=rf"{path}:4: sprites.portrait-kenta: .*sprites.yaml draws it already"):
        Art(sheets={"somegame": Sheet(path)})


def test_the_moved_sprite_files_are_in_their_games_data_hash():
    for gid, sheet in game_sheets().items():
        assert sheet.path.resolve() in [Path(f).resolve() for f in registry.get(gid).data_files()], gid


def test_the_shells_art_module_names_no_game():
    text = Path(art_module.__file__).read_text(encoding="utf-8").lower()
    for word in (*registry.ids(), "company", "jackpot", "slot", "reel", "landmark", "wealth", "board", "pile",
                 "logo"):
        assert word not in text, word

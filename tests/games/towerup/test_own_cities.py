"""Issue 37 (6) for Tower Up: a player's own city file dropped in ``boards/towerup/`` is offered as
the ``city`` option (set-up, ``--option city=ID``) once it passes the shipped cities' checks, and
recorded in the match's options; a file that does not load is left out with one line on stderr
naming the file, the line and the problem. With no own file the options are OPTIONS alone."""
import shutil

import pytest

from tdream import cli, datadirs
from tdream.datadirs import board_folder
from tdream.games import towerup
from tdream.games.towerup import data
from tdream.platform.options import parse_option
from tdream.platform.record import load_record
from tdream.platform.replay import resume_record, verify_record
from tdream.platform.simulate import play_game

SHIPPED_HASH = towerup.GAME.data_hash()


def _forget():
    for f in (data.own_cities, data.shipped, data._make_rules, towerup._options):
        f.cache_clear()


def _own_file(city_id: str, name: str, players: str) -> str:
    """The shipped 36-site city as a file of one's own: its lines of cities.yaml, under ``city:``."""
    text = (board_folder("towerup") / "cities.yaml").read_text(encoding="utf-8")
    block = text[text.index("  city-4:\n"):text.index("\n  city-2:")].splitlines()[1:]
    body = "\n".join(line[2:] for line in block).replace("players: [3, 4]", f"players: {players}")
    return f"format: tdream-towerup-city\nversion: 1\nid: {city_id}\nname: {name}\ncity:\n{body}\n"


@pytest.fixture
def own_folder(tmp_path, monkeypatch):
    """The shipped folder with a good own city (for 3 or 4 players) and two bad files beside it."""
    shutil.copy(board_folder("towerup") / "cities.yaml", tmp_path / "cities.yaml")
    mine = _own_file("my-town", "My Town", "[3, 4]").replace("\n    - [s1, s2]", "")      # a street fewer
    (tmp_path / "my-town.yaml").write_text(mine, encoding="utf-8")
    crowded = _own_file("crowded", "Crowded", "[2]").replace("s2: {at: [43, 58]", "s2: {at: [25, 58]")
    (tmp_path / "crowded.yaml").write_text(crowded, encoding="utf-8")
    (tmp_path / "taken.yaml").write_text(_own_file("city-2", "Taken", "[2]"), encoding="utf-8")
    monkeypatch.setattr(data, "board_folder", lambda game_id: tmp_path)
    shipped_folder = datadirs.board_folder
    monkeypatch.setattr(datadirs, "board_folder", lambda game_id: tmp_path if game_id == "towerup"
                        else shipped_folder(game_id))
    _forget()
    yield tmp_path
    _forget()


def _line_of(path, text: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if text in line)


def test_no_own_file_leaves_the_options_as_they_were():
    _forget()
    assert [p.name for p in board_folder("towerup").glob("*.yaml")] == ["cities.yaml"]
    assert towerup.GAME.options is towerup.OPTIONS
    assert [o.name for o in towerup.GAME.options] == ["extra_turn_on_last_roof", "players"]
    assert towerup.GAME.variant({"players": 2}) == "city-2"
    assert towerup.GAME.rules_for(3).city.id == "city-4"


def test_an_own_city_is_offered_and_bad_ones_left_out_with_one_line(own_folder, capsys):
    city = next(o for o in towerup.GAME.options if o.name == "city")
    err = capsys.readouterr().err.splitlines()
    assert city.choices == ("standard", "my-town") and city.default == "standard"
    assert city.shown("my-town") == ("My Town", {})
    assert err == [
        f"tdream: city left out: {own_folder / 'crowded.yaml'}:{_line_of(own_folder / 'crowded.yaml', 's2: {')}: "
        "city.sites.s2.at: 9.1 px from s1; sites are >= 16 apart",
        f"tdream: city left out: {own_folder / 'taken.yaml'}:3: id: 'city-2' is taken (by a shipped city, another "
        "file or the option's 'standard')"]
    assert towerup.GAME.variant({"players": 3, "city": "my-town"}) == "my-town"
    assert towerup.GAME.variant_name("my-town") == "My Town"
    assert towerup.GAME.variant({"players": 2, "city": "my-town"}) == "city-2"    # not for 2: the shipped one
    assert own_folder / "my-town.yaml" in towerup.GAME.data_files()       # in the movies' hash: they are refused
    assert towerup.GAME.data_hash() == SHIPPED_HASH                        # the records' hash: the shipped data's


def test_a_match_on_an_own_city_is_played_to_the_end_recorded_and_verified(own_folder, tmp_path):
    rec = tmp_path / "mine.tdr"
    result = play_game(towerup.GAME, ["joji", "yuka", "random"], 5, {"city": "my-town", "players": 3},
                       record=str(rec))
    assert result.reason in ("roof", "supply", "city", "stuck")
    record = load_record(rec)
    assert record.setup.options["city"] == "my-town"
    assert verify_record(rec).ok
    assert len(record.setup.options) == 3 and towerup.GAME.variant(record.setup.options) == "my-town"
    cut = tmp_path / "cut.tdr"
    text = rec.read_text()
    cut.write_text(text[:int(len(text) * 0.6)])
    match = resume_record(cut).session.match
    assert match.rules.city.id == "my-town" and len(match.rules.city.streets) == 57
    again = towerup.GAME.match_from_json(match.to_json())    # Continue: the state names the city again
    assert again.rules.city.id == "my-town" and again.to_json() == match.to_json()


def test_the_command_line_refuses_an_unknown_city_with_the_known_ones(own_folder, capsys):
    assert parse_option(towerup.GAME, "city", "my-town") == "my-town"
    assert cli.main(["play", "--game", "towerup", "--option", "city=nowhere", "--headless-frames", "3"]) == 2
    assert "--option city=nowhere: no such city nowhere (known: standard, my-town)" in capsys.readouterr().err


def test_the_set_up_offers_the_city_and_starts_on_it(own_folder):
    from tdream.frontend.run import Headless
    from tdream.frontend.scenes.setup import SetupScene
    h = Headless(seed=2)
    scene = SetupScene("towerup")
    h.machine.push(scene)
    h.step(0, draw=True)
    assert "city" in scene.rows
    scene.index = scene.rows.index("city")
    h.step(0, draw=True)
    shipped_frame = h.surface.copy()
    scene.change("city", 1)
    h.step(0, draw=True)                                  # the preview: the own city of the four seats
    assert scene.options["city"] == "my-town"
    assert h.surface.get_view("2").raw != shipped_frame.get_view("2").raw
    setup = scene.match_setup(h.machine)
    assert setup is not None and setup.options["city"] == "my-town"

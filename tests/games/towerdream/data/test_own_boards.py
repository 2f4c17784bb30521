"""Issue 37 (6): the boards sit in ``boards/towerdream/`` at the top of the repository; a player's
own board file dropped there (or in ``$TDREAM_BOARDS``, which takes the folder's place) is offered
like the shipped ones once it loads, and a file that does not load is left out with one line on
stderr naming the file, the line and the problem."""
import shutil

import pytest

from tdream.datadirs import board_folder, boards_root
from tdream.games import towerdream
from tdream.games.towerdream.data import loader

from tests.conftest import ROOT, run_cli

SHIPPED = ["classic-7", "classic-10", "bora-bora", "hong-kong", "nightmare-13", "lucky-star", "meringue", "shangri-la"]


def _forget():
    for f in (towerdream._playable, towerdream._options, towerdream._board):
        f.cache_clear()


@pytest.fixture
def own_folder(tmp_path, monkeypatch):
    """A copy of the shipped folder with the player's own files beside it, as the folder read."""
    for f in board_folder("towerdream").glob("*.yaml"):
        shutil.copy(f, tmp_path / f.name)
    mine = (tmp_path / "classic-7.yaml").read_text(encoding="utf-8")
    mine = mine.replace("id: classic-7", "id: my-town").replace("name: Times Square", "name: My Town")
    (tmp_path / "my-town.yaml").write_text(mine, encoding="utf-8")
    (tmp_path / "broken.yaml").write_text("format: tdream-board\nversion: 1\nid: broken\nname: Broken\n"
                                          "luck: wild\nlevels: []\n", encoding="utf-8")
    (tmp_path / "garbled.yaml").write_text("format: [\n", encoding="utf-8")
    monkeypatch.setattr(loader, "board_folder", lambda game_id: tmp_path)
    _forget()
    yield tmp_path
    _forget()


def test_the_boards_live_at_the_top_of_the_repository():
    assert boards_root() == ROOT / "boards"
    assert {p.name for p in boards_root().iterdir() if p.is_dir()} >= {"towerdream", "towerup", "cattower"}
    assert loader.boards_dir() == ROOT / "boards" / "towerdream"
    assert loader.board_ids() == SHIPPED
    assert towerdream.GAME.board_ids() == SHIPPED


def test_an_own_board_is_offered_and_a_bad_one_left_out_with_one_line(own_folder, capsys):
    ids = towerdream.GAME.board_ids()
    err = capsys.readouterr().err.splitlines()
    assert ids == SHIPPED + ["my-town"]
    board_option = next(o for o in towerdream.GAME.options if o.name == "board")
    assert board_option.choices == tuple(SHIPPED + ["my-town"])
    assert err == [f"tdream: board left out: {own_folder / 'broken.yaml'}:5: luck: 'wild' is not one of low, medium, high",
                   f"tdream: board left out: {own_folder / 'garbled.yaml'}:2: expected the node content, but found "
                   "'<stream end>' (while parsing a flow node)"]
    match, _ = towerdream.GAME.new_match(["a", "b"], {"board": "my-town"}, 1)
    assert match.to_json()["board"] == "my-town"


def test_the_command_line_lists_an_own_board_and_names_a_bad_file(own_folder):
    env_folder = own_folder      # the same files, through $TDREAM_BOARDS in a fresh process
    r = run_cli("board", "list", env={"TDREAM_BOARDS": str(env_folder)})
    assert r.returncode == 0, r.stderr
    assert [line.split()[0] for line in r.stdout.splitlines()] == SHIPPED + ["my-town"]
    assert r.stderr.splitlines() == [
        f"tdream: board left out: {env_folder / 'broken.yaml'}:5: luck: 'wild' is not one of low, medium, high",
        f"tdream: board left out: {env_folder / 'garbled.yaml'}:2: expected the node content, but found "
        "'<stream end>' (while parsing a flow node)"]


def test_the_set_up_screen_shows_and_starts_an_own_board(own_folder):
    from tdream.frontend.constants import START
    from tdream.frontend.run import Headless
    from tdream.frontend.scenes.setup import SetupScene
    from tdream.frontend.settings import Settings
    settings = Settings()
    h = Headless(seed=2, settings=settings)
    scene = SetupScene("towerdream")
    h.machine.push(scene)
    h.step(0, draw=True)
    shipped_frame = h.surface.copy()
    scene.options["board"] = "my-town"
    h.step(0, draw=True)                           # its preview drawn: the board's picture, name and size
    assert h.surface.get_view("2").raw != shipped_frame.get_view("2").raw
    h.step(START)
    assert settings.last["towerdream"]["board"] == "my-town"

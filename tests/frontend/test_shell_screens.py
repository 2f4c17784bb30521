"""Issue 37: the screens every game shares are the shell's, written once. A game gives its status
pages as data and its autopilot's pilot, never a status scene, an autopilot class or a prompt
guard of its own; the shell's status screen pages, closes and shows one page as each game says."""
import importlib
import inspect
import pkgutil

import pytest

from tdream.frontend.autopilot import Autopilot, Pilot
from tdream.frontend.constants import B, L, R, START, X
from tdream.frontend.machine import Scene
from tdream.frontend.run import Headless
from tdream.frontend.scenes.status import OVERVIEW, Status, StatusScene
from tdream.frontend.table import TableScene
from tdream.platform import registry
from tdream.frontend.frontends import frontend_of

GAMES = [g for g in registry.ids() if g != "coinxo"]


def frontend_modules(game: str):
    package = importlib.import_module(f"tdream.games.{game}.frontend")
    for info in pkgutil.iter_modules(package.__path__):
        yield importlib.import_module(f"{package.__name__}.{info.name}")


def own_classes(game: str):
    for module in frontend_modules(game):
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ == module.__name__:
                yield module, cls


@pytest.mark.parametrize("game", GAMES)
def test_no_game_writes_its_own_status_scene_autopilot_or_prompt_guard(game):
    for module, cls in own_classes(game):
        where = f"{module.__name__}.{cls.__name__}"
        assert not (issubclass(cls, Scene) and "Status" in cls.__name__), f"{where}: the shell's StatusScene serves"
        assert not hasattr(cls, "buttons"), f"{where}: a pad of its own; the shell's Autopilot serves (give a Pilot)"
        if issubclass(cls, TableScene):
            assert cls.status_scene is TableScene.status_scene, f"{where}: its own status screen"
            assert cls.prompt_guard == TableScene.prompt_guard and "prompt_guard" not in vars(cls), where
            assert cls.status is None or isinstance(cls.status, Status), where
        assert not hasattr(module, "PROMPT_GUARD"), f"{module.__name__}: TableScene.prompt_guard is the one"


@pytest.mark.parametrize("game", GAMES)
def test_every_games_autopilot_is_the_shells_with_its_pilot(game):
    ap = frontend_of(game).autopilot(pad=-1)
    assert type(ap) is Autopilot and isinstance(ap.pilot, Pilot) and ap.game == game and ap.pad == -1


def _status_of(setup):
    h = Headless(seed=1, setup=setup)
    t = h.machine.stack[0]
    for _ in range(200):
        h.step()
    h.machine.push(t.status_scene(0))
    return h, h.machine.stack[-1]


def test_the_status_screen_turns_its_pages_with_l_and_r_round_and_closes_with_b():
    from tdream.games.towers.frontend.table import TowersSetup
    h, scene = _status_of(TowersSetup(1, ["human", "joji"]))
    assert isinstance(scene, StatusScene) and len(scene.status.pages) == 4
    for want in (1, 2, 3, 0):
        h.step((R, 0, 0, 0))
        h.step()
        assert scene.page == want
    h.step((L, 0, 0, 0))
    assert scene.page == 3
    h.step()
    h.step((START, 0, 0, 0))                 # Start is not Towers' to close it
    assert h.machine.stack[-1] is scene
    h.step()
    h.step((B, 0, 0, 0))
    assert h.machine.stack[-1] is not scene


def test_a_one_page_status_screen_stays_on_its_page_and_closes_with_the_keys_its_game_adds():
    from tdream.games.cattower.frontend.table import CatTowerSetup
    h, scene = _status_of(CatTowerSetup(1, ["human", "joji", "yuka", "kenta"]))
    assert len(scene.status.pages) == 1 and scene.status.close == B | X | START
    h.step((R, 0, 0, 0))
    assert scene.page == 0 and h.machine.stack[-1] is scene
    h.step()
    h.step((START, 0, 0, 0))                 # CAT TOWER's: Start closes it too
    assert h.machine.stack[-1] is not scene


def test_a_game_that_gives_no_pages_shows_the_shells_page():
    scene = StatusScene(type("Table", (), {"status": None})(), 0)
    assert scene.status is OVERVIEW and scene.overlay_at == OVERVIEW.overlay_at and scene.timer_at is None


def test_the_pause_menus_record_notice_sits_under_its_last_item(tmp_path):
    """A recorded game's pause menu (Save and quit its last item) with the notice under it, not
    over it: in a movie the notice is three lines and still fits on the screen."""
    from tdream.frontend.constants import START, H
    from tdream.frontend.run import Headless
    from tdream.frontend.scenes.pause import PauseScene
    from tdream.frontend.settings import Settings
    from tdream.frontend.setups import MatchSetup
    for movie in (False, True):
        h = Headless(3, Settings(), MatchSetup("cattower", 3, ["human", "joji", "yuka"], {}),
                     record_path=str(tmp_path / f"{movie}.tdr"), movie=movie)
        for _ in range(200):
            h.step(0)
        h.step(START)
        h.step(0)
        pause = h.machine.top
        assert isinstance(pause, PauseScene) and pause.menu.items[-1] == "Save and quit"
        assert pause.notice_top() >= 60 + pause.menu.height("PAUSE")
        h.frame()
        text = ("A movie is recording: this game's record lives in the movie's own blank user folder and goes "
                "with it (Continue finds it until the movie ends).")
        lines = h.machine.font.wrap(text, 216, "small")
        assert pause.notice_top() + 12 + 9 * len(lines) <= H
        h.machine.close()

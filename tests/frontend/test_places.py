"""Ties ranked 1, 2, 2, 4 (issue 21, "fixed once, for every game"): the results screen of every
game numbers its places by standard competition ranking, never 1, 2, 2, 3."""
from types import SimpleNamespace

import pytest

from tdream.platform import registry
from tdream.platform.protocol import Result
from tdream.platform.session import Seat, Session
from tests.frontend import layout
from tdream.platform.options import default_options


def results_scene(gid: str):
    from tdream.frontend.scenes.results import ResultsScene
    from tdream.games.cattower.frontend.results import CatTowerResults
    from tdream.games.towers.frontend.results import TowersResults
    from tdream.games.towerup.frontend.results import TowerUpResults
    return {"towerdream": ResultsScene, "towers": TowersResults, "cattower": CatTowerResults,
            "towerup": TowerUpResults}[gid]


class Tied:
    """A finished match whose result is ``ranking`` (a tie in it), its scores made to agree."""

    def __init__(self, match, ranking) -> None:
        self._match = match
        res = match.result()
        scores = [0] * len(match.names)
        for i, group in enumerate(ranking):
            for p in group:
                scores[p] = 100 - 10 * i
        self._result = Result(tuple(tuple(g) for g in ranking), tuple(scores), res.reason)

    def result(self):
        return self._result

    def __getattr__(self, name):
        return getattr(self._match, name)


def drawn_places(gid: str, ranking) -> list[tuple[str, int]]:
    """(place, seat) as the game's results screen draws them, top to bottom, for a four-player
    match of random players whose result is ``ranking``."""
    import pygame

    from tdream.frontend.match import MatchSetup
    from tdream.frontend.run import Headless
    game = registry.get(gid)
    options = {"players": 4} if "players" in default_options(game) else {}
    session, _ = Session.start(game, [Seat(n, "random") for n in ("Ann", "Bob", "Cy", "Di")], options, 3)
    session.run()
    match = Tied(session.match, ranking)
    setup = MatchSetup(gid, 3, ["random"] * 4, options)
    host = SimpleNamespace(match=match, game=game, setup=setup, colour_of=[0, 1, 2, 3], writer=None, replaying=False,
                           warning="",
                           demo=False, session=session, pad_of={}, history=[(0, 0, 0, 0), match.scores()])
    scene = results_scene(gid)(SimpleNamespace(host=host, setup=setup, names=list(match.names)))
    m = Headless(seed=1).machine
    scene.enter(m)
    layout.watch()
    layout.DRAWING.clear()
    scene.draw(m, pygame.Surface((256, 224)))
    texts = layout.visible_texts(layout.DRAWING)
    marks = sorted((y, t[:-1]) for t, x, y, _, _ in texts if t[:-1].isdigit() and t.endswith(".") and x < 128)
    names = [(y, session.match.names.index(t)) for t, _, y, _, _ in texts if t in session.match.names]
    return [(place, next(p for ny, p in names if abs(ny - y) <= 4)) for y, place in marks]


@pytest.mark.parametrize("gid", ["towerdream", "towers", "cattower", "towerup"])
def test_a_tie_for_second_shares_it_and_the_next_place_is_fourth(gid):
    assert drawn_places(gid, [[2], [0, 3], [1]]) == [("1", 2), ("2", 0), ("2", 3), ("4", 1)]


@pytest.mark.parametrize("gid", ["towers", "towerup"])
def test_a_tie_for_first_is_followed_by_third(gid):
    assert [p for p, _ in drawn_places(gid, [[1, 2], [0], [3]])] == ["1", "1", "3", "4"]

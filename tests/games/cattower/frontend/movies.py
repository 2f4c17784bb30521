"""The CAT TOWER movie shipped with the tests: synthetic input from power on (the title shows Tower
Dream; the autopilot chooses CAT TOWER with right), a whole game against three characters with the
autopilot on pad 1, and back to the title. ``pytest --update-goldens`` makes it again (the front
end's timing changed: text, beats, menus)."""
from pathlib import Path

from tdream.frontend.run import record_headless
from tdream.frontend.pads import PadFrame
from tdream.frontend.settings import Settings
from tdream.games.cattower.frontend import FRONTEND

SHIPPED = Path(__file__).parent / "data" / "whole-game.tdm"


def make_movie(path, seed: int = 1, settings=None):
    """Record the autopilot's whole game as a movie; returns the machine at its end."""
    from tdream.frontend.scenes.results import ResultsScene
    from tdream.frontend.scenes.title import TitleScene
    ap = FRONTEND.autopilot(again=True)
    seen = {"results": False}

    def press(m):
        return PadFrame(ap.buttons(m), 0b0001)

    def stop(m):
        if isinstance(m.stack[-1], ResultsScene):
            seen["results"] = True
        return seen["results"] and isinstance(m.stack[-1], TitleScene)

    return record_headless(path, seed, settings or Settings(), press, 200000, stop)

"""Movies recorded live (issue 21), the short run of ``tests/live/live_movies.py``: a real window
(Xvfb), keys from xdotool, two CPU burners beside it; each movie ends by Quit and verifies on a
fresh user folder. Skipped where Xvfb, xdotool or xwd are missing (the whole run, every title item
of every game: ``python tests/live/live_movies.py``)."""
import pytest

from . import live_movies


@pytest.mark.skipif(bool(live_movies.missing_tools()),
                    reason=f"needs {', '.join(live_movies.TOOLS)} (apt-get install xvfb xdotool x11-apps)")
def test_movies_recorded_in_a_window_on_a_busy_machine_end_by_quit_and_verify_on_a_fresh_folder(tmp_path, capsys):
    game = next(iter(live_movies.title_items()))
    code = live_movies.main(["--games", game, "--items", "Free play,Options", "--seconds", "5",
                             "--out", str(tmp_path)])
    said = capsys.readouterr().out
    assert code == 0, said
    assert said.count("\nok   ") + said.startswith("ok   ") == 2, said

"""Nothing of the player's is changed by watching (issue 36), and a user folder that cannot be
written never stops a game.

Playing or verifying a movie, watching a record or a demo writes none of the user's settings,
profiles, records or saves: every shipped movie is watched in a window (SDL's dummy driver, a busy
clock) on a lived-in user folder, which is compared byte for byte before and after."""
from __future__ import annotations

import hashlib
import itertools
from pathlib import Path

import pytest

from tdream import cli
from tdream.frontend import run
from tdream.frontend.constants import FRAME_S
from tdream.frontend.pads import PadFrame, PadReader
from tests.conftest import ROOT
from tests.frontend.test_blank_user import lived_in, user_env

SHIPPED = sorted(ROOT.glob("tests/**/whole-game.tdm"))


class FastClock:
    """A clock that has moved on four frames at every look: the window steps as fast as it draws."""

    def __init__(self) -> None:
        self.t = 100.0

    def perf_counter(self) -> float:
        self.t += 4 * FRAME_S
        return self.t

    def sleep(self, seconds: float) -> None:
        self.t += seconds


def snapshot(folder: Path) -> dict[str, str]:
    """Every file under ``folder`` by its path, as the sha256 of its bytes."""
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def settled(folder: Path, monkeypatch) -> Path:
    """A lived-in user folder (two profiles, a saved game) whose settings file says what a movie
    would change: another language, the timer and input display off, another game last shown."""
    lived_in(folder, monkeypatch)
    from tdream.frontend.settings import Settings, save_settings, settings_path
    save_settings(Settings(language="en", timer=False, input_display=False, livesplit=False,
                           last={"game": "towerup"}))
    assert settings_path().is_file() and str(folder) in str(settings_path())
    return folder


def window(monkeypatch, limit: int):
    """The window's clock runs fast; the window is closed after ``limit`` frames at most."""
    monkeypatch.setattr(run, "time", FastClock())
    real = PadReader.frame
    count = itertools.count()

    def frame(reader):
        if next(count) > limit:
            reader.quit = True
        return real(reader)
    monkeypatch.setattr(PadReader, "frame", frame)


@pytest.mark.parametrize("movie", SHIPPED, ids=lambda p: p.parts[-4] if p.parts[-4] != "tests" else "towerdream")
def test_watching_a_shipped_movie_writes_nothing_of_the_players(movie, tmp_path, monkeypatch, capsys):
    """``tdream movie play`` and ``movie verify`` of every shipped movie, on a lived-in folder:
    the folder is the same byte for byte after (a movie that goes through the title's games and
    the Options wrote its settings into the viewer's file before issue 36)."""
    folder = settled(tmp_path / "user", monkeypatch)
    before = snapshot(folder)
    frames = int(movie.read_text().rsplit('"frames": ', 1)[1].split(",", 1)[0])
    window(monkeypatch, frames + 600)
    assert cli.main(["movie", "play", str(movie)]) == 0
    assert cli.main(["movie", "verify", str(movie)]) == 0
    capsys.readouterr()
    assert snapshot(folder) == before


def test_watching_a_record_and_the_demo_writes_nothing_of_the_players(tmp_path, monkeypatch, capsys):
    """``tdream replay play`` of the saved game (to its end and a while after), and the title's
    demo played for a minute in a window: nothing of the folder changes."""
    folder = settled(tmp_path / "user", monkeypatch)
    saved = folder / "data" / "tdream" / "records" / "saved.tdr"
    before = snapshot(folder)
    window(monkeypatch, 1500)
    assert cli.main(["replay", "play", str(saved), "--speed", "16"]) == 0
    window(monkeypatch, 4000)                         # the title, idle: the demo after 15 s
    assert cli.main(["play", "--seed", "2"]) == 0
    capsys.readouterr()
    after = snapshot(folder)
    assert after == before


def test_a_folder_that_cannot_be_written_plays_on_unrecorded_and_says_why(tmp_path):
    """Issue 36: with a records folder that cannot be made (a read-only or broken user folder) the
    window vanished at Free play; now the match starts, unrecorded, and the table, the pause menu
    and the results say why."""
    from tdream.frontend.constants import START
    from tdream.frontend.run import Headless
    from tdream.frontend.scenes.pause import PauseScene
    from tdream.games.towerdream.frontend import FRONTEND
    from tdream.games.towerdream.frontend.table import TableScene
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the records folder should be")
    h = Headless(seed=3, record_dir=str(blocker / "records"))
    m = h.machine
    pilot = FRONTEND.autopilot()
    for _ in range(4000):
        h.step(pilot.buttons(m))
        if isinstance(m.stack[-1], TableScene) and m.stack[-1].game.turn >= 2:
            break
    table = m.stack[-1]
    assert isinstance(table, TableScene) and table.writer is None
    assert "not-a-folder" in table.host.warning
    m.push(PauseScene(table, 0))
    texts = []
    from tests.frontend.layout import visible_texts, watch, DRAWING
    watch()
    DRAWING.clear()
    h.frame()
    texts = " ".join(t for t, *_ in visible_texts(DRAWING))
    assert "not recorded" in texts
    h.step(START)


def test_the_pause_menu_and_the_results_name_no_file_and_no_command(tmp_path):
    """Issue 36: the pause menu showed the record's path and "tdream play --resume FILE", the
    results "Record: ~/.local/share/..."; a player is told where to go on (Continue, Records)."""
    from tdream.frontend.match import MatchSetup
    from tdream.frontend.scenes.pause import PauseScene
    from tests.frontend.layout import DRAWING, visible_texts, watch
    from tdream.frontend.run import Headless
    (tmp_path / "deep" / "folder").mkdir(parents=True)
    h = Headless(2, record_path=str(tmp_path / "deep" / "folder" / "game.tdr"),
                 setup=MatchSetup("towers", 2, ["human", "joji"], {}))
    m = h.machine
    table = m.stack[-1]
    m.push(PauseScene(table, 0))
    watch()
    DRAWING.clear()
    h.frame()
    said = " ".join(t for t, *_ in visible_texts(DRAWING))
    assert "Continue" in said and "folder" not in said and "tdream play" not in said
    from tdream.frontend.scenes.results import record_note
    note = record_note(m, table.host)
    assert "Records" in note and "folder" not in note and "/" not in note
    assert (tmp_path / "deep" / "folder" / "game.tdr").exists()

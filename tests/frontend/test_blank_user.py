"""A movie starts from a blank user folder (issue 21, FORMATS.md section 4): what this machine's
profiles, records database and saved games hold never changes what the same pads do, so a movie
recorded in one user folder verifies in any other."""
import itertools

import pytest

from tdream import cli
from tdream.frontend import run
from tdream.frontend.constants import A, B, DOWN, FRAME_S, START, UP
from tdream.frontend.movie import load_movie
from tdream.frontend.run import run_movie
from tdream.frontend.pads import PadFrame, PadReader
from tests.conftest import run_cli

# From power on, by pad: Free play, seat 1's profile: a new one named "A" (colour and pad as
# offered); back to the title; Records (a line down; How to play stands before it); Continue; Quit.
TAPS = ([START, A, DOWN, DOWN, A, A, A, START, START, B] + [DOWN] * 6 + [A, DOWN, B] + [UP] * 5 + [A, B]
        + [UP, UP, A])
VISITS = {"SetupScene", "ProfileScene", "NameEntry", "ProfilePrefs", "RecordsScene", "ContinueScene"}


def pads():
    taps = itertools.chain.from_iterable([t, 0, 0, 0] for t in TAPS)
    return (PadFrame((b, 0, 0, 0), 1) for b in itertools.chain(taps, itertools.repeat(0)))


class BusyClock:
    """A loaded machine's clock: several frames gone by at every look (the window catches up)."""

    def __init__(self) -> None:
        self.t = 50.0

    def perf_counter(self) -> float:
        self.t += 3 * FRAME_S
        return self.t

    def sleep(self, seconds: float) -> None:
        self.t += seconds


def user_env(folder) -> dict:
    return {"XDG_DATA_HOME": str(folder / "data"), "XDG_CONFIG_HOME": str(folder / "config")}


def lived_in(folder, monkeypatch):
    """A user folder with two profiles and a saved game (two turns of a game told in text)."""
    import platformdirs

    from tdream.frontend.scenes.modes import saved_games
    from tdream.platform.database import RecordsDB
    for k, v in user_env(folder).items():
        monkeypatch.setenv(k, v)
    db = RecordsDB()
    db.profile("Ann")
    db.profile("Bob")
    db.close()
    records = folder / "data" / "tdream" / "records"
    assert records == __import__("pathlib").Path(platformdirs.user_data_dir("tdream")) / "records"
    records.mkdir(parents=True)
    assert cli.main(["play", "--text", "--turns", "2", "--seed", "4", "--record", str(records / "saved.tdr")]) == 0
    assert len(saved_games(str(records))) == 1
    return records


def record(path, folder, monkeypatch) -> None:
    """``tdream play --movie`` in a window (SDL's dummy driver) on a busy machine, by TAPS."""
    for k, v in user_env(folder).items():
        monkeypatch.setenv(k, v)
    monkeypatch.setattr(run, "time", BusyClock())
    frames, count = pads(), itertools.count()

    def frame(reader):
        if next(count) > 4 * len(TAPS) + 600:       # the script went astray: the window is closed
            reader.quit = True
        return next(frames)
    monkeypatch.setattr(PadReader, "frame", frame)
    assert cli.main(["play", "--movie", str(path), "--seed", "3"]) == 0


@pytest.mark.parametrize("made_in", ["lived-in", "fresh"])
def test_a_movie_through_profiles_records_and_continue_verifies_in_another_user_folder(made_in, tmp_path,
                                                                                      monkeypatch, capsys):
    lived = tmp_path / "lived-in"
    records = lived_in(lived, monkeypatch)
    capsys.readouterr()
    fresh = tmp_path / "fresh"
    fresh.mkdir()
    path = tmp_path / "visits.tdm"
    record(path, lived if made_in == "lived-in" else fresh, monkeypatch)
    seen = set()
    m, verdict = run_movie(load_movie(path), lambda h, n: seen.add(type(h.machine.stack[-1]).__name__))
    assert verdict.ok and m.quit, verdict.message
    assert VISITS <= seen
    other = fresh if made_in == "lived-in" else lived
    r = run_cli("movie", "verify", str(path), env=user_env(other))
    assert r.returncode == 0, r.stdout + r.stderr
    from tdream.platform.database import RecordsDB
    for k, v in user_env(lived).items():
        monkeypatch.setenv(k, v)
    db = RecordsDB()
    assert [p["name"] for p in db.profiles()] == ["Ann", "Bob"]      # the profile made in the movie is its own
    db.close()
    assert [f.name for f in records.iterdir()] == ["saved.tdr"]


def test_a_game_saved_in_a_movie_is_listed_by_its_continue_and_goes_on(tmp_path):
    """The movie's own folder holds what it saves: Pause > Save and quit, then Continue lists
    that game (named by file, dated by the movie: nothing of where the folder is) and goes on."""
    from tdream.frontend.movie import BlankUser, MOVIE_DATE
    from tdream.frontend.run import headless_on
    from tdream.frontend.scenes.modes import ContinueScene
    from tdream.frontend.settings import Settings
    from tdream.games.towerdream.frontend import FRONTEND
    from tdream.games.towerdream.frontend.table import TableScene
    with BlankUser() as user:
        h = headless_on(user, 5, Settings())
        m = h.machine
        pilot = FRONTEND.autopilot()
        while not (isinstance(m.stack[-1], TableScene) and m.stack[-1].game.turn >= 2):
            h.step(pilot.buttons(m))
        m.reset(m.home_scene())                       # Pause > Save and quit
        m.push(ContinueScene())
        listed = m.stack[-1].games
        assert [(g["file"], g["date"]) for g in listed] == [("game-5-1.tdr", MOVIE_DATE)]
        assert user.root not in repr(listed)
        h.step(0)
        h.step(A)
        assert isinstance(m.stack[-1], TableScene) and m.stack[-1].setup.resume is not None, m.stack[-1].message


def test_a_movie_records_no_game_with_record(tmp_path, capsys):
    """``--record FILE`` would put a movie's game outside its blank folder: refused in one line."""
    code = cli.main(["play", "--movie", str(tmp_path / "m.tdm"), "--record", str(tmp_path / "g.tdr")])
    err = capsys.readouterr().err
    assert code == 2 and "blank user folder" in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "m.tdm").exists()

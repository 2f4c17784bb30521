"""The TAS tools (issue 38): savestates exact in every game, recording with rerecords, branches,
edits in the roll, read-only's refusals, the project file, and the movie a TAS writes verifying
from power on on a fresh user folder."""
import random
from pathlib import Path

import pytest

from tdream.errors import FormatError
from tdream.platform.record import load_record
from tdream.native import compiled_loaded
from tdream.frontend.movie import BlankUser, load_movie
from tdream.frontend.pads import PadFrame
from tdream.frontend.run import headless_on, init_pygame, make_machine
from tdream.frontend.savestate import Freezer
from tdream.frontend.settings import Settings
from tdream.frontend.setups import MatchSetup
from tdream.frontend.tas import PROJECT_SUFFIX, Tas

from ..conftest import run_cli

# Savestates pickle the machine, which the compiled engine's classes do not allow: in a process
# whose engine is compiled this file runs through test_tas_pure.py, in a pure one.
pytestmark = pytest.mark.skipif(compiled_loaded(load=True), reason="run on the pure engine by test_tas_pure.py")

HERE = Path(__file__).parent
MOVIES = {"towerdream": HERE / "data" / "whole-game.tdm",
          **{g: HERE.parent / "games" / g / "frontend" / "data" / "whole-game.tdm"
             for g in ("towers", "cattower", "towerup")}}
A = 1 << 4


def _movie(game):
    movie = load_movie(MOVIES[game])
    settings = Settings(**movie.settings)
    settings.last = {**settings.last, "game": movie.game}
    return movie, settings, [PadFrame(b, c) for b, c in movie.frames()]


@pytest.mark.parametrize("game", sorted(MOVIES))
def test_a_savestate_loaded_ten_times_is_the_state_saved_and_the_movie_still_verifies(game):
    """Issue 38's exactness: 20 random frames of the shipped movie, each saved and loaded ten
    times, the machine's hash equal to the one saved every time; the machine loaded last goes on
    and reaches the movie's end hash."""
    movie, settings, frames = _movie(game)
    points = set(random.Random(38).sample(range(1, len(frames) - 1), 20))
    with BlankUser() as folder:
        m = headless_on(folder, movie.seed, settings).machine
        freezer = Freezer((m.font, m.art, m.records), folder.root, folder.db)
        loads = 0
        for n, pads in enumerate(frames, 1):
            m.step(pads)
            if n in points:
                snap = freezer.take(m)
                assert snap.hash == m.state_hash() and snap.frame == n
                for _ in range(10):
                    m = freezer.restore(snap)
                    loads += 1
                    assert m.state_hash() == snap.hash, f"frame {n}: the state loaded differs from the one saved"
            if m.quit:
                break
        assert loads == 200
        assert m.frame == movie.end["frames"] and m.state_hash() == movie.end["hash"]


def _tas_of(game, frames=1500, loads=50, seed=1):
    """A TAS recorded along the shipped movie's input: ``loads`` savestate loads in recording
    mode, each followed by the movie's input again from the state's frame."""
    movie, settings, inputs = _movie(game)
    tas = Tas(movie.seed, settings)
    rnd = random.Random(seed)
    done = 0
    while tas.frame < frames:
        assert tas.advance(inputs[tas.frame])
        if tas.frame % 37 == 0:
            tas.save(rnd.randint(1, 9))
        if tas.frame % 23 == 0 and tas.slots and done < loads:
            assert tas.load(rnd.choice(sorted(tas.slots))), tas.message
            done += 1
    assert done == loads and tas.rerecords == loads
    return tas, inputs


@pytest.mark.parametrize("game", sorted(MOVIES))
def test_a_tas_with_fifty_rerecords_a_branch_and_an_edit_writes_a_movie_that_verifies(game, tmp_path):
    tas, inputs = _tas_of(game)
    try:
        assert tas.inputs == inputs[:tas.frame]
        assert tas.lag_count > 0 and tas.lag_count < tas.frame
        # a branch brought back: cut the movie by loading an early state, then bring the old tail back
        long = len(tas.inputs)
        tas.save(1)
        tas.seek(200)
        tas.save(2)
        tas.seek(long)
        assert tas.load(2)                       # recording: the movie cut at 200, its tail a branch
        assert len(tas.inputs) == 200 and tas.rerecords == 51
        k = next(i for i, b in enumerate(tas.branches) if b.frame == 200 and len(b.inputs) == long - 200)
        assert tas.restore_branch(k)
        assert tas.inputs == inputs[:long] and tas.frame == 200
        tas.seek(long)
        # an input toggled at a past frame: Select on pad 1, 300 frames back; the machine re-run
        before = tas.machine.state_hash()
        tas.toggle(long - 300, 0, 11)
        assert tas.frame == long and tas.inputs[long - 301].buttons[0] & (1 << 11)
        edited = tas.machine.state_hash()
        tas.toggle(long - 300, 0, 11)
        assert tas.machine.state_hash() == before
        tas.toggle(long - 300, 0, 11)
        assert tas.machine.state_hash() == edited
        path = tmp_path / f"{game}.tdm"
        tas.write(str(path))
    finally:
        tas.close()
    written = load_movie(path)
    assert written.rerecords == 51 and written.end["frames"] == long
    assert (tmp_path / f"{game}.tdm{PROJECT_SUFFIX}").exists()
    r = run_cli("movie", "verify", str(path), env={"XDG_CONFIG_HOME": str(tmp_path / "cfg"),
                                                   "XDG_DATA_HOME": str(tmp_path / "data")})
    assert r.returncode == 0, r.stdout + r.stderr
    assert "ok" in r.stdout.lower() or str(long) in r.stdout


def test_read_only_refuses_a_state_from_another_branch_and_keeps_the_movie():
    tas, inputs = _tas_of("towers", frames=600, loads=3)
    try:
        tas.seek(300)
        tas.toggle(250, 0, 11)                   # the movie now differs at frame 250 ...
        tas.save(3)                              # ... a state on this branch
        tas.toggle(250, 0, 11)                   # back to the other: the state is another branch's
        tas.readonly = True
        kept = list(tas.inputs)
        here = tas.machine.state_hash()
        assert not tas.load(3)
        assert "another branch or movie" in tas.message and "frame 250" in tas.message
        assert tas.inputs == kept and tas.machine.state_hash() == here and tas.rerecords == 3
        tas.seek(100)
        tas.save(4)
        tas.seek(500)
        assert tas.load(4) and tas.frame == 100 and tas.inputs == kept and tas.rerecords == 3
        assert tas.advance(PadFrame((A, A, A, A), 0b1111)) and tas.inputs == kept     # read-only: the movie plays
        assert tas.machine.frame == 101
    finally:
        tas.close()


def test_a_damaged_project_file_is_refused_with_its_line_and_the_movie_opens_without_it(tmp_path):
    tas, _ = _tas_of("towerup", frames=400, loads=2)
    path = tmp_path / "run.tdm"
    try:
        tas.mark(120, "first press")
        tas.write(str(path))
    finally:
        tas.close()
    project = Path(str(path) + PROJECT_SUFFIX)
    good = project.read_text()
    back = Tas.open(str(path))
    try:
        assert back.markers == {120: "first press"} and len(back.slots) == len(tas.slots)
        assert back.readonly is False and back.frame == 400
        assert len(back.branches) == len(tas.branches)
    finally:
        back.close()
    movie_bytes = path.read_bytes()
    lines = good.split("\n")
    first_item = next(n for n, line in enumerate(lines, 1) if line.startswith(("branch: ", "slot: ")))
    for damage, where, why in ((good.replace("format: tdream-tas", "format: tdream-tax"), 1, "not a TAS project"),
                               (good.replace('"frame": ', '"frame": -', 1), first_item, "frame"),
                               (good + "1 ....A....... ...zzz...... ............ ............ 1\n", len(lines),
                                "not a frame run")):
        project.write_text(damage)
        with pytest.raises(FormatError) as e:
            Tas.open(str(path))
        assert f"{project}:{where}: " in e.value.problems[0] and why in e.value.problems[0]
        assert path.read_bytes() == movie_bytes


@pytest.mark.parametrize("game", ["towers", "towerup"])
def test_a_shipped_movie_opened_plays_read_only_to_its_own_end(game):
    """``Tas.open``: the movie's game at power on, read-only, the movie's input to its end hash;
    a savestate in the middle loaded later gives the state there again."""
    movie, _, frames = _movie(game)
    tas = Tas.open(str(MOVIES[game]))
    try:
        assert tas.readonly and tas.frame == 0 and tas.inputs == frames
        tas.seek(len(frames) // 2)
        tas.save(5)
        half = tas.machine.state_hash()
        while tas.advance(PadFrame((A, 0, 0, 0), 1)):
            pass
        assert tas.frame == movie.end["frames"] and tas.machine.state_hash() == movie.end["hash"]
        assert "end of the movie" in tas.message or "quit" in tas.message
        assert tas.load(5) and tas.machine.state_hash() == half and tas.rerecords == 0
    finally:
        tas.close()


def test_an_edit_that_quits_the_game_earlier_ends_the_movie_there_and_keeps_the_rest(tmp_path):
    """On the title, Start, then Up (the menu's last item, Quit) and A quit the machine. A movie
    that pressed Down there and went on, edited to press Up, ends at the quit's frame (no frame
    after a quit is in a movie), the rest kept as a branch; the movie written verifies."""
    movie, settings, _ = _movie("towers")
    pad = lambda bit: PadFrame((bit, 0, 0, 0), 1)  # noqa: E731
    frames = [pad(0)] * 60 + [pad(1 << 10)] + [pad(0)] * 30 + [pad(1 << 1)] + [pad(0)] * 10 + [pad(A)] + [pad(0)] * 10
    tas = Tas(movie.seed, settings)
    try:
        for f in frames:
            assert tas.advance(f)
        assert not tas.machine.quit and len(tas.inputs) == len(frames)
        tas.set_input(92, pad(1 << 0))           # Down made Up: A now chooses Quit
        assert tas.machine.quit and len(tas.inputs) == tas.frame < len(frames)
        assert "quits at frame" in tas.message
        assert any(b.frame == tas.frame and len(b.inputs) == len(frames) - tas.frame for b in tas.branches)
        path = tmp_path / "quit.tdm"
        tas.write(str(path))
    finally:
        tas.close()
    assert load_movie(path).end["frames"] == len(tas.inputs)
    r = run_cli("movie", "verify", str(path))
    assert r.returncode == 0, r.stdout + r.stderr


@pytest.mark.parametrize("game", sorted(MOVIES))
def test_savestates_are_exact_while_a_record_is_watched(game):
    """A record watched (its replay told to the table through the session's observers): a state
    taken now and then, restored, runs on as the machine it was taken from."""
    record = load_record(HERE.parent / "platform" / "data" / "issue-15" / f"{game}-game-00001.tdr")
    init_pygame(True)
    m = make_machine(3, Settings(), MatchSetup(record.setup.game, record.setup.seed, replay=record))
    freezer = Freezer((m.font, m.art))
    rnd = random.Random(7)
    checked = 0
    for n in range(1, 1501):
        m.step(PadFrame((rnd.choice([0, 0, 0, A, 1 << 9]), 0, 0, 0), 1))   # A and R: on, faster
        if n % 250 == 0:
            snap = freezer.take(m)
            again = freezer.restore(snap)
            assert again.state_hash() == snap.hash
            for _ in range(60):
                pads = PadFrame((rnd.choice([0, 0, A]), 0, 0, 0), 1)
                m.step(pads)
                again.step(pads)
            assert again.state_hash() == m.state_hash(), f"frame {n}: the state restored ran on otherwise"
            m = again
            checked += 1
    assert checked == 6 and m.stack and type(m.stack[-1]).__name__ == "TableScene"


def test_a_screen_holding_a_closure_is_not_saved_and_says_so():
    """A function that closes over values would keep the live machine's values after a load:
    the savestate refuses it in one line instead (and the greenzone goes on without it)."""
    movie, settings, _ = _movie("towers")
    tas = Tas(movie.seed, settings)
    try:
        tas.advance(PadFrame((0, 0, 0, 0), 1))
        made = [1]
        tas.machine.top.hook = lambda: made[0]            # the closure under test
        assert not tas.save(1) and 1 not in tas.slots
        assert "closes over values" in tas.message and "<lambda>" in tas.message
        del tas.machine.top.hook
        assert tas.save(1) and tas.slots[1].frame == 1
    finally:
        tas.close()

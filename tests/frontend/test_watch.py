"""Watching game records (issue 7: ``tdream replay play``) and practice from a scenario
(``tdream play --scenario``)."""
import pytest

from tdream.frontend.run import Headless
from tdream.frontend.scenes.results import ResultsScene
from tdream.games.towerdream.frontend.table import GameSetup
from tdream.platform.record import load_record
from tests.conftest import ROOT, run_cli


@pytest.fixture(scope="module")
def record_path(tmp_path_factory):
    d = tmp_path_factory.mktemp("rec")
    r = run_cli("simulate", "--games", "1", "--board", "classic-7", "--seed", "21", "--cpus", "joji,yuka,kenta,hazumi",
                "--records", str(d))
    assert r.returncode == 0, r.stderr
    return sorted(d.glob("*.tdr"))[0]


def watch(path, speed):
    record = load_record(path)
    setup = GameSetup(record.setup.options['board'], record.setup.seed, list(record.setup.kinds), replay=record,
                      speed=speed)
    return record, Headless(record.setup.seed, None, setup)


def test_watching_a_record_plays_it_to_its_end_at_any_speed(record_path):
    from tdream.platform.record import Checkpoint
    frames = {}
    for speed in (16, 4):
        record, h = watch(record_path, speed)
        m = h.machine
        for n in range(200000):
            h.step()
            if isinstance(m.stack[-1], ResultsScene):
                break
        table = m.stack[0]
        last = [i for i in record.items if isinstance(i, Checkpoint)][-1]
        assert table.game.over and table.game.fingerprint() == last.state
        frames[speed] = n
    assert frames[16] < frames[4]


def test_jump_to_a_turn_and_speed_by_the_pad(record_path):
    from tdream.frontend.constants import A, B, R, UP
    record, h = watch(record_path, 1)
    m = h.machine
    t = m.stack[0]
    h.step(R)
    h.step(0)
    assert t.speed == 2
    h.step(B)
    h.step(0)
    assert t.jump == t.game.turn
    h.step(UP)
    h.step(0)
    target = t.jump
    assert target == min(t.last_turn(), t.game.turn + 10)
    h.step(A)
    assert t.jump is None and t.game.turn == target
    h.frame()


def test_replay_play_and_practice_commands(record_path, tmp_path):
    r = run_cli("replay", "play", str(record_path), "--speed", "16", "--headless-frames", "300")
    assert r.returncode == 0, r.stderr
    bad = tmp_path / "bad.tdr"
    bad.write_text("format: tdream-record\nversion: 9\n")
    r = run_cli("replay", "play", str(bad), "--headless-frames", "3")
    assert r.returncode == 2 and "Traceback" not in r.stderr
    scenario = ROOT / "scenarios" / "towerdream" / "company" / "claim_starts_nothing.yaml"
    r = run_cli("play", "--scenario", str(scenario), "--headless-frames", "120", "--record", str(tmp_path / "p.tdr"))
    assert r.returncode == 0, r.stderr
    assert "start:" in (tmp_path / "p.tdr").read_text()
    r = run_cli("play", "--scenario", str(tmp_path / "nope.yaml"), "--headless-frames", "3")
    assert r.returncode == 2 and "Traceback" not in r.stderr


def test_an_unfinished_record_jumps_to_the_turn_it_stops_before_never_past_it(record_path, tmp_path):
    """Issue 21 (Tower Dream's leftovers): watching a record cut after 8 turns said "Jump to turn 9
    of 8". The last turn the jump window offers is the one the record stops before; it opens on
    no turn past it, and jumping there lands after the record's whole turns."""
    from tdream.frontend.constants import B
    from tdream.platform.record import Checkpoint
    lines = record_path.read_text().splitlines()
    checks = [i for i, line in enumerate(lines) if line.startswith('- {"check": ')]
    cut = tmp_path / "cut.tdr"
    cut.write_text("\n".join(lines[:checks[7] + 1]) + "\n")        # eight whole turns, no end
    record, h = watch(cut, 16)
    turns = max(i.turn for i in record.items if isinstance(i, Checkpoint))
    assert turns == 8 and not record.finished
    table = h.machine.stack[0]
    for _ in range(20000):                                       # to the record's end: the jump opens on turn 9
        h.step()
        if table.host.replay.done and table.beat is None and not table.beats:
            break
    assert table.last_turn() == turns + 1
    h.step((B, 0, 0, 0))
    assert table.jump is not None and 1 <= table.jump <= table.last_turn()
    table.jump_to(h.machine, table.last_turn())
    assert table.game.progress() == turns
    finished, _ = watch(record_path, 16)
    assert finished.finished and max(i.turn for i in finished.items if isinstance(i, Checkpoint)) >= 8


def test_stop_watching_goes_back_to_records_where_the_game_was_chosen(record_path):
    """Issue 36: "Stop watching" went to the title; a game watched from Records goes back to
    Records. From the command line (nothing under the table) it goes to the title."""
    from tdream.frontend.constants import A, START, UP
    from tdream.frontend.scenes.modes import RecordsScene
    from tdream.frontend.scenes.pause import PauseScene
    from tdream.frontend.scenes.title import TitleScene
    from tdream.frontend.table import TableScene
    h = Headless(2)
    m = h.machine
    records = RecordsScene()
    m.push(records)
    records.watch(m, {"record": str(record_path)})
    assert isinstance(m.stack[-1], TableScene)
    for _ in range(30):
        h.step()
    for button in (START, UP, A):                  # pause, its last item: Stop watching
        h.step(button)
        h.step()
        h.step()
    assert m.stack[-1] is records and not any(isinstance(s, (TableScene, PauseScene)) for s in m.stack)
    record, h = watch(record_path, 4)
    for _ in range(30):
        h.step()
    for button in (START, UP, A):
        h.step(button)
        h.step()
        h.step()
    assert isinstance(h.machine.stack[-1], TitleScene) and not h.machine.quit

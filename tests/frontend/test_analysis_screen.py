"""The Analysis screen (issue 40): opened from the results and from Records (and a record being
watched), its cursor, A watching from the cursor's turn, the background work stepped by the
machine deterministically and kept in a savestate, the chart's PNG. A short record (a few turns
of a four-seat game, seat 1 a person's) and a tiny method keep it cheap."""
import shutil
from pathlib import Path

import pygame
import pytest

from tdream.frontend.analysis_chart import save_png
from tdream.frontend.constants import A, B, L, LEFT, RIGHT, SELECT, Y
from tdream.frontend.match import MatchSetup
from tdream.frontend.pads import PadFrame
from tdream.frontend.run import Headless
from tdream.frontend.scenes import analysis as screen
from tdream.frontend.scenes.analysis import AnalysisScene
from tdream.frontend.scenes.modes import RecordsScene
from tdream.frontend.scenes.results import ResultsScene
from tdream.frontend.table import TableScene
from tdream.native import compiled_loaded
from tdream.platform.analysis import Analysis, Method, keep, kept_path, open_record, read_report
from tdream.platform.database import RecordsDB, SeatResult

DATA = Path(__file__).parent / "data" / "analysis-short.tdr"
TINY = Method(playouts=6, order_playouts=2, leaders=1, block=3)
IDLE = PadFrame((0, 0, 0, 0), 0b0001)
FRAMES = 3000                    # the tiny analysis of the short record takes some 60 frames


@pytest.fixture(autouse=True)
def tiny(monkeypatch):
    monkeypatch.setattr(screen, "METHOD", TINY)


@pytest.fixture
def record(tmp_path):
    path = tmp_path / "short.tdr"
    shutil.copy(DATA, path)
    return open_record(path)


@pytest.fixture(scope="module")
def report():
    """The short record's tiny analysis, made once (as the screen's job makes it)."""
    return Analysis(open_record(DATA), screen.SEED, "human", TINY).run()


@pytest.fixture
def analysed(record, report):
    """The record with its analysis kept beside it: the screen shows it at once."""
    keep(record, report)
    return record


def watching(record, records=None) -> Headless:
    """A machine watching ``record`` (its table at the bottom of the stack)."""
    setup = MatchSetup(record.setup.game, record.setup.seed, list(record.setup.kinds), dict(record.setup.options),
                       replay=record, speed=1)
    return Headless(record.setup.seed, None, setup, records=records)


def tap(h, button, wait: int = 2) -> None:
    h.step(button)
    for _ in range(wait):
        h.step(0)


def finish(h) -> None:
    """Step until no background work is left (bounded), and a frame after (the screen takes the report)."""
    for _ in range(FRAMES):
        if not h.machine.jobs:
            h.step(0)
            return
        h.step(0)
    raise AssertionError("the analysis did not finish")


def opened(h) -> AnalysisScene:
    top = h.machine.stack[-1]
    assert isinstance(top, AnalysisScene)
    return top


def test_results_offer_the_analysis_which_runs_in_the_background_and_is_kept(record, report):
    h = watching(record)
    m = h.machine
    table = m.stack[0]
    m.push(table.results(table))
    results = m.stack[-1]
    assert isinstance(results, ResultsScene) and results.analysable()
    for _ in range(32):
        h.step(0)
    tap(h, Y)
    scene = opened(h)
    assert scene.report is None and m.jobs and 0 < m.jobs[0].playouts <= 3 * 3
    h.frame()                                              # the progress bar draws
    tap(h, B)                                              # left: the work goes on under the results
    assert m.stack[-1] is results and m.jobs
    finish(h)
    assert scene.job.report == report and read_report(kept_path(record.path)) == report
    tap(h, Y)                                              # again: read from the kept file at once
    again = opened(h)
    assert again.report is not None and again.job is None and not m.jobs
    h.frame()


def test_a_damaged_kept_analysis_is_made_anew(record):
    kept_path(record.path).write_text("{not json", encoding="utf-8")
    h = watching(record)
    h.machine.push(AnalysisScene(record))
    scene = opened(h)
    assert scene.report is None and scene.job is not None
    h.step(0)
    assert scene.job.playouts > 0


def test_records_and_the_replay_controls_open_it(record, tmp_path):
    db = RecordsDB(tmp_path / "r.db")
    db.add_game(record.setup.game, "x", {}, "free", "2026-11-01", str(record.path),
                [SeatResult(n, "human" if k == "human" else "cpu", i + 1, 10 - i)
                 for i, (n, k) in enumerate(zip(record.setup.names, record.setup.kinds))])
    h = watching(record, records=db)
    m = h.machine
    m.push(RecordsScene(record.setup.game))
    tap(h, A)                                              # the first profile's last games
    assert m.stack[-1].focus == "games"
    tap(h, Y)
    assert opened(h).record.path == record.path and opened(h).watching is None
    tap(h, B)
    tap(h, B)
    tap(h, B)                                              # Records closed: the table watching the record
    assert isinstance(m.stack[-1], TableScene)
    tap(h, SELECT)
    assert opened(h).watching is m.stack[0]
    db.close()


def test_the_cursor_moves_and_a_watches_from_its_turn(analysed):
    record = analysed
    h = watching(record)
    m = h.machine
    table = m.stack[0]
    m.push(AnalysisScene(record, watching=table))
    scene = opened(h)
    assert not m.jobs
    report = scene.report
    assert report is not None and len(report["turns"]) >= 3
    marks = [i for i, d in enumerate(report["decisions"]) if d["mark"]]
    assert scene.focus == (marks[0] if marks else None)
    h.frame()
    scene.cursor, scene.focus = 0, None
    tap(h, RIGHT)
    assert scene.cursor == 1
    tap(h, LEFT)
    tap(h, LEFT)
    assert scene.cursor == 0
    for _ in range(40):                                    # held: it repeats, and stops at the last turn
        h.step(RIGHT)
    assert scene.cursor == len(report["turns"]) - 1
    if marks:                                              # L/R: from the last turn back to a mark
        tap(h, L)
        assert scene.focus == marks[-1]
        h.frame()
    scene.cursor, scene.focus = 1, None
    want = report["turns"][1]["turn"]
    tap(h, A)
    assert m.stack[-1] is table and table.game.progress() == want


def test_a_watches_in_a_new_table_when_opened_from_results(analysed):
    record = analysed
    h = watching(record)
    m = h.machine
    m.push(AnalysisScene(record))
    scene = opened(h)
    scene.cursor = len(scene.report["turns"]) // 2
    want = scene.report["turns"][scene.cursor]["turn"]
    tap(h, A)
    top = m.stack[-1]
    assert isinstance(top, TableScene) and top is not m.stack[0] and top.replaying
    assert top.game.progress() == want and isinstance(m.stack[-2], AnalysisScene)


def run_frames(record, frames: int) -> list[str]:
    h = watching(record)
    h.machine.push(AnalysisScene(record))
    hashes = []
    for i in range(frames):
        h.step(RIGHT if i % 7 == 0 else 0)
        if i % 4 == 3:
            hashes.append(h.machine.state_hash())
    return hashes


def test_the_background_work_is_the_same_on_the_same_frames_wherever_the_record_is(record, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    shutil.copy(record.path, elsewhere / "game.tdr")
    one = run_frames(record, 12)
    two = run_frames(open_record(elsewhere / "game.tdr"), 12)
    assert one == two and len(set(one)) == len(one)        # and it moves on: each hash a new one


@pytest.mark.skipif(compiled_loaded(load=True), reason="savestates pickle the pure engine's matches")
def test_a_savestate_taken_while_it_runs_restores_it(record):
    from tdream.frontend.savestate import Freezer
    h = watching(record)
    m = h.machine
    m.push(AnalysisScene(record))
    for _ in range(10):
        h.step(0)
    freezer = Freezer((m.font, m.art))
    snap = freezer.take(m)
    done = m.jobs[0].playouts
    for _ in range(15):
        h.step(0)
    ahead = m.state_hash()
    back = freezer.restore(snap)
    assert back.state_hash() == snap.hash and back.jobs[0].playouts == done
    for _ in range(15):
        back.step(IDLE)
    assert back.state_hash() == ahead
    assert back.jobs[0].analysis.work.results == m.jobs[0].analysis.work.results


def test_save_png_writes_the_chart_at_three_times_the_screen(report, tmp_path):
    out = tmp_path / "chart.png"
    save_png(report, out)
    assert pygame.image.load(str(out)).get_size() == (768, 672)
    save_png(report, out, scale=1)
    assert pygame.image.load(str(out)).get_size() == (256, 224)
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".chart.png")] == []

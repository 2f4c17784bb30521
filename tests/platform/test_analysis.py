"""Game analysis (issue 40; FORMATS.md section 9): the figures' shape (chances, luck, costs,
marks), their determinism (seed, --jobs, the Stepper, Ray), Practice's hint, ``tdream analyze``
and its bad input (one line, exit 2, the record untouched), and a bad ``analysis.yaml``.

Every analysis here uses a tiny method (a few playouts) on short CAT TOWER records, so the whole
file stays cheap in pure Python."""
from __future__ import annotations

import json
import math
import shutil
from pathlib import Path

import pytest

from tdream.cli import main
from tdream.errors import DataError, FormatError
from tdream.platform import analysis, registry
from tdream.platform.analysis import (METHOD_FILE, SUFFIX, Analysis, Hint, Method, Positions, answer_text, dumps, keep,
                                      kept_for, kept_path, open_record, read_method, read_report, record_digest)
from tdream.platform.simulate import play_game

from ..conftest import run_cli

TINY = Method(playouts=6, order_playouts=2, leaders=1, block=3)
TINIER = Method(playouts=3, order_playouts=1, leaders=1, block=3)     # a whole game's chart only
INPUTS = 14                  # the short record's input lines (answers, outcomes and checkpoints)


@pytest.fixture(scope="module")
def records(tmp_path_factory) -> dict[str, Path]:
    """A whole CPU game (finished) and its first lines (unfinished) with its second seat made a
    human's, so its decisions are the ones ``--decisions human`` rates."""
    d = tmp_path_factory.mktemp("analysis")
    full = d / "full.tdr"
    play_game(registry.get("cattower"), ["random", "random"], 3, record=str(full))
    lines = full.read_text(encoding="utf-8").splitlines(keepends=True)
    start = lines.index("inputs:\n") + 1
    head = "".join(lines[:start + INPUTS])
    human = head.replace('"kind": "random"}]', '"kind": "human"}]')
    assert human != head
    short = d / "short.tdr"
    short.write_text(human, encoding="utf-8")
    return {"full": full, "short": short}


@pytest.fixture(scope="module")
def short_report(records) -> dict:
    return Analysis(open_record(records["short"]), seed=1, who="human", meth=TINY).run()


@pytest.fixture(scope="module")
def full_report(records) -> dict:
    return Analysis(open_record(records["full"]), seed=1, who="human", meth=TINIER).run()


@pytest.fixture
def tiny(monkeypatch) -> Method:
    """The command's method (analysis.yaml's) made the tiny one."""
    monkeypatch.setattr(analysis, "_METHOD", [TINY])
    return TINY


@pytest.fixture(scope="module")
def zero_report(records) -> dict:
    """The command's analysis of the short record (seed 0, the tiny method)."""
    return Analysis(open_record(records["short"]), seed=0, who="human", meth=TINY).run()


@pytest.fixture
def kept(rec, tiny, zero_report) -> dict:
    """The record's analysis kept beside it, as the command keeps one."""
    keep(open_record(rec), zero_report)
    return zero_report


@pytest.fixture
def rec(records, tmp_path) -> Path:
    """A copy of the short record in a folder of the test's own (the command keeps files beside it)."""
    path = tmp_path / "game.tdr"
    shutil.copyfile(records["short"], path)
    return path


# ---------------------------------------------------------------------- the figures' shape
def test_the_chances_of_every_turn_sum_to_one(short_report, full_report):
    for report in (short_report, full_report):
        seats = len(report["record"]["names"])
        assert len(report["turns"]) >= 2
        for t in report["turns"]:
            assert len(t["chances"]) == len(t["se"]) == seats
            assert all(0.0 <= c <= 1.0 for c in t["chances"]) and all(0.0 <= s <= 0.5 for s in t["se"])
            assert math.isclose(sum(t["chances"]), 1.0, abs_tol=1e-3), t
        inputs = [t["input"] for t in report["turns"]]
        assert inputs == sorted(set(inputs)) and inputs[0] == 0 and inputs[-1] == report["record"]["inputs"]


def test_a_finished_games_last_position_is_exact(records, full_report):
    record = open_record(records["full"])
    last = Positions(record).states[-1]
    ranking = last.result().ranking
    assert full_report["record"]["finished"] is True
    end = full_report["turns"][-1]
    assert end["se"] == [0.0, 0.0]
    assert [end["chances"][s] for s in ranking[0]] == [1.0 / len(ranking[0])] * len(ranking[0])
    if len(ranking[0]) == 1:
        assert end["chances"][ranking[0][0]] == 1.0 and sorted(end["chances"]) == [0.0, 1.0]


def test_an_unfinished_record_says_so(short_report):
    assert short_report["record"]["finished"] is False
    assert short_report["record"]["kinds"] == ["random", "human"]


def test_luck_is_the_chance_after_a_chance_run_less_the_chance_before(short_report, full_report):
    for report in (short_report, full_report):
        assert report["luck"], "CAT TOWER rolls dice every turn"
        total, var = [0.0, 0.0], [0.0, 0.0]
        turn_of = {t["input"]: (t["chances"], t["se"]) for t in report["turns"]}
        for run in report["luck"]:
            assert run["outcome"] and run["seat"] in (0, 1)
            for s in range(2):
                assert run["luck"][s] == pytest.approx(run["after"][s] - run["before"][s], abs=2e-4)
                total[s] += run["luck"][s]
                var[s] += run["se"][s] ** 2
            assert math.isclose(sum(run["luck"]), 0.0, abs_tol=1e-3)     # one seat's luck is the other's loss
            if run["input"] in turn_of:                 # a turn that starts with its roll: the chart's figure
                chances, se = turn_of[run["input"]]
                assert run["before"] == chances and all(x >= y for x, y in zip(run["se"], se))
        assert report["totals"]["luck"] == pytest.approx(total, abs=1e-3)
        assert report["totals"]["luck_se"] == pytest.approx([math.sqrt(v) for v in var], abs=1e-3)


def test_a_decisions_cost_is_the_best_chance_less_its_own(short_report):
    decisions = short_report["decisions"]
    assert decisions and all(d["seat"] == 1 for d in decisions)     # the human seat's only
    cost = [0.0, 0.0]
    marks = [{"?!": 0, "?": 0, "??": 0}, {"?!": 0, "?": 0, "??": 0}]
    for d in decisions:
        assert d["legal"] >= 2
        # measured on the half of the playouts that did not choose the best: never below nothing
        assert d["cost"] == pytest.approx(max(0.0, 100 * (d["best_chance"] - d["chance"])), abs=0.02)
        assert d["cost"] >= 0 and d["se"] >= 0
        leaders = d["leaders"]
        assert d["best"] in [x["answer"] for x in leaders]
        assert [x["chance"] for x in leaders] == sorted((x["chance"] for x in leaders), reverse=True)
        assert d["answer"] in [x["answer"] for x in leaders] and len(leaders) <= TINY.leaders + 1
        cost[d["seat"]] += d["cost"]
        if d["mark"]:
            marks[d["seat"]][d["mark"]] += 1
    assert short_report["totals"]["cost"] == pytest.approx(cost, abs=0.05)
    assert short_report["totals"]["marks"] == marks


def test_marks_follow_the_thresholds_and_sure(short_report):
    for d in short_report["decisions"]:
        if abs(d["cost"] - TINY.sure * d["se"]) > 0.05 and min(abs(d["cost"] - at) for _, at in TINY.marks) > 0.05:
            assert d["mark"] == TINY.mark(d["cost"], d["se"]), d     # far from a boundary: the rounding cannot matter
    m = Method(sure=2.0)
    assert [m.mark(c) for c in (0.0, 4.99, 5.0, 9.9, 10.0, 14.9, 15.0, 80.0)] == ["", "", "?!", "?!", "?", "?", "??", "??"]
    assert m.mark(20.0, 10.0) == "??" and m.mark(19.9, 10.0) == ""           # within 2 standard errors: noise
    assert Method(sure=0.0).mark(5.0, 100.0) == "?!"
    assert short_report["method"]["marks"] == {"?!": 5.0, "?": 10.0, "??": 15.0} and short_report["method"]["sure"] == 2.0


def test_the_report_holds_every_documented_key(short_report):
    r = short_report
    assert r["format"] == "tdream-analysis" and r["version"] == 1 and r["program"].startswith("tdream ")
    assert set(r) == {"format", "version", "program", "record", "method", "turns", "luck", "decisions", "totals"}
    assert set(r["record"]) == {"game", "digest", "seed", "names", "kinds", "inputs", "finished"}
    assert set(r["method"]) == {"policy", "playouts", "order_playouts", "leaders", "sure", "marks", "seed", "decisions",
                                "calibration"}
    assert r["method"]["seed"] == 1 and r["method"]["decisions"] == "human" and r["method"]["playouts"] == 6
    assert set(r["turns"][0]) == {"turn", "input", "chances", "se"}
    assert set(r["luck"][0]) == {"input", "turn", "seat", "outcome", "before", "after", "luck", "se"}
    assert set(r["decisions"][0]) == {"input", "turn", "seat", "answer", "legal", "chance", "best", "best_chance",
                                      "cost", "se", "mark", "leaders"}
    assert set(r["totals"]) == {"luck", "luck_se", "cost", "marks"}


# ---------------------------------------------------------------------- determinism
def test_the_same_seed_gives_the_same_bytes_run_again(records, short_report):
    twice = Analysis(open_record(records["short"]), seed=1, who="human", meth=TINY)
    assert dumps(twice.run()) == dumps(short_report)
    seen: list[tuple[int, int]] = []
    again = twice.run(progress=lambda d, t: seen.append((d, t)))      # the first run's playouts not counted again
    assert dumps(again) == dumps(short_report)
    assert seen and all(d <= t for d, t in seen)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen) and seen[-1][0] == seen[-1][1]


def test_one_process_or_two_give_the_same_bytes(records, tmp_path):
    # in processes of their own, as a person runs it: forking this test process (threads and
    # handlers left by the window's tests) is not what --jobs ever does
    record = tmp_path / "short.tdr"
    shutil.copyfile(records["short"], record)
    args = ("analyze", str(record), "--json", "--no-keep", "--playouts", "3", "--seed", "1")
    one, two = run_cli(*args), run_cli(*args, "--jobs", "2")
    assert one.returncode == 0 and two.returncode == 0, one.stderr + two.stderr
    assert two.stdout == one.stdout and json.loads(one.stdout)["decisions"]


def test_the_stepper_in_odd_chunks_gives_the_report_of_run(records, short_report):
    stepper = Analysis(open_record(records["short"]), seed=1, who="human", meth=TINY).stepper()
    fractions = [stepper.fraction]
    for _ in range(2000):
        before = stepper.done_playouts
        finished = stepper.step(7)
        assert stepper.done_playouts - before <= 7
        fractions.append(stepper.fraction)
        if finished:
            break
    assert stepper.done and stepper.fraction == 1.0
    assert fractions == sorted(fractions) and max(fractions[:-1]) < 1.0
    assert dumps(stepper.report) == dumps(short_report)


@pytest.mark.parametrize("game_id", registry.ids())
def test_every_game_is_analysed(tmp_path, game_id):
    """A few opening inputs of each game, every seat's decisions rated (Tower Dream's own chance
    draw, Towers' secret picks among them): the chart, the luck and the costs."""
    path = tmp_path / "opening.tdr"
    small = {"size": 6} if game_id == "towers" else None          # Towers' smallest board: shorter playouts
    play_game(registry.get(game_id), ["random", "random"], 5, small, record=str(path))
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    path.write_text("".join(lines[:lines.index("inputs:\n") + 9]), encoding="utf-8")
    meth = Method(playouts=2, order_playouts=1, leaders=1, block=2)
    report = Analysis(open_record(path), seed=2, who="all", meth=meth).run()
    assert report["record"]["game"] == game_id and report["decisions"] and len(report["turns"]) >= 2
    for t in report["turns"]:
        assert math.isclose(sum(t["chances"]), 1.0, abs_tol=1e-3)
    for d in report["decisions"]:
        assert d["cost"] == pytest.approx(max(0.0, 100 * (d["best_chance"] - d["chance"])), abs=0.02)


# ---------------------------------------------------------------------- the hint
def test_a_hint_lists_the_legal_answers_leaders_best_first(records):
    record = open_record(records["short"])
    p = Positions(record, "human")
    d = max(p.decisions, key=lambda d: len(d.answers))
    match = p.states[d.index]
    legal = list(match.legal_answers(d.seat))
    fingerprint = match.fingerprint()

    def hint() -> dict:
        h = Hint(record.game, match, d.seat, seed=5, meth=TINY)
        for _ in range(1000):
            if h.stepper.step(5):
                break
        assert h.stepper.done and h.stepper.report is not None
        return h.stepper.report

    got = hint()["answers"]
    assert 1 <= len(got) <= TINY.leaders + 1
    assert len({a["index"] for a in got}) == len(got)
    for a in got:
        assert 0 <= a["index"] < len(legal) and a["answer"] == answer_text(legal[a["index"]])
        assert 0.0 <= a["chance"] <= 1.0
    assert [a["chance"] for a in got] == sorted((a["chance"] for a in got), reverse=True)
    assert hint()["answers"] == got                                  # the same seed, the same hint
    assert match.fingerprint() == fingerprint                        # the match asked about is untouched


def test_a_hint_for_a_seat_with_no_answer_to_give_is_empty(records):
    record = open_record(records["full"])
    over = Positions(record).states[-1]
    assert over.awaiting() is None
    h = Hint(record.game, over, 0, meth=TINY)
    assert h.stepper.step(1) and h.stepper.report == {"answers": []}


# ---------------------------------------------------------------------- the command
def _analyze(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["analyze", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def _one_line(err: str) -> str:
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


def test_analyze_json_parses_and_is_kept_beside_the_record(tiny, rec, capsys, zero_report):
    text = rec.read_bytes()
    code, out, err = _analyze(capsys, str(rec), "--json")
    assert code == 0, err
    report = json.loads(out)
    assert out == dumps(zero_report)
    assert report["format"] == "tdream-analysis" and report["record"]["game"] == "cattower"
    assert report["record"]["digest"] == record_digest(open_record(rec))
    cal = analysis.calibration_of(registry.get("cattower")).digest
    assert report["method"] == dict(tiny.to_json(), seed=0, decisions="human", calibration=cal)
    assert kept_path(rec) == Path(str(rec) + SUFFIX)
    assert kept_path(rec).read_text(encoding="utf-8") == out
    assert rec.read_bytes() == text


def test_a_second_analyze_reads_the_kept_file_and_again_analyses_anew(kept, tiny, rec, capsys, monkeypatch):
    first = dumps(kept)
    runs = []
    real = analysis.Analysis.run

    def counted(self, *a, **k):
        runs.append(1)
        return real(self, *a, **k)

    monkeypatch.setattr(analysis.Analysis, "run", counted)
    code, second, err = _analyze(capsys, str(rec), "--json")
    assert code == 0 and second == first and runs == []               # read, not analysed
    code, summary, err = _analyze(capsys, str(rec))
    assert code == 0 and runs == [] and "random-2" in summary and "method: 6 playouts" in summary
    code, again, err = _analyze(capsys, str(rec), "--json", "--again")
    assert code == 0 and again == first and runs == [1]
    record = open_record(rec)                  # kept for this record, seed, raters and method only
    assert kept_for(record, 0, "human", tiny) == json.loads(first)
    assert kept_for(record, 4, "human", tiny) is None and kept_for(record, 0, "all", tiny) is None
    assert kept_for(record, 0, "human", Method(playouts=7, order_playouts=2, leaders=1, block=3)) is None
    rec.write_text(rec.read_text(encoding="utf-8") + '- {"roll": [1, 2, 3]}\n', encoding="utf-8")
    assert kept_for(open_record(rec), 0, "human", tiny) is None             # another record's


def test_no_keep_leaves_no_file_beside_the_record(tiny, rec, capsys):
    code, out, err = _analyze(capsys, str(rec), "--json", "--no-keep")
    assert code == 0, err
    assert json.loads(out)["version"] == 1
    assert not kept_path(rec).exists()
    assert sorted(p.name for p in rec.parent.iterdir()) == [rec.name]


def test_an_analysis_file_given_is_shown_and_drawn(kept, rec, capsys, tmp_path):
    out = dumps(kept)
    png = tmp_path / "chart.png"
    code, again, err = _analyze(capsys, str(kept_path(rec)), "--json", "--png", str(png))
    assert code == 0, err
    assert again == out and png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def _damage(text: str, how: str) -> str | bytes:
    if how == "cut":                          # an input line cut off in the middle
        line = next(x for x in text.splitlines() if x.startswith('- {"roll"'))
        return text.replace(line, line[:12], 1)
    if how == "roll":                         # an outcome no die shows
        line = next(x for x in text.splitlines() if x.startswith('- {"roll"'))
        return text.replace(line, '- {"roll": [9, 9, 9]}', 1)
    if how == "data":                         # made with other rules data
        assert 'data_hash: "' in text
        start = text.index('data_hash: "') + len('data_hash: "')
        return text[:start] + "0123456789abcdef" + text[start + 16:]
    if how == "text":
        return "a shopping list\n- eggs\n"
    if how == "binary":
        return b"\x89PNG\r\n\x1a\n\x00\xff\xfe\x00"
    if how == "header":                       # no inputs at all
        return text[:text.index("inputs:\n") + len("inputs:\n")]
    raise AssertionError(how)


@pytest.mark.parametrize("how", ["cut", "roll", "data", "text", "binary", "header"])
def test_a_bad_record_is_one_line_exit_2_and_untouched(tiny, rec, capsys, how):
    bad = _damage(rec.read_text(encoding="utf-8"), how)
    if isinstance(bad, bytes):
        rec.write_bytes(bad)
    else:
        rec.write_text(bad, encoding="utf-8")
    before = rec.read_bytes()
    code, out, err = _analyze(capsys, str(rec), "--json")
    line = _one_line(err)
    assert code == 2 and out == ""
    assert line.startswith(f"{rec}:"), line
    assert rec.read_bytes() == before
    assert not kept_path(rec).exists()


def test_a_record_of_other_rules_data_is_analysed_with_force(tiny, rec, capsys):
    rec.write_text(_damage(rec.read_text(encoding="utf-8"), "data"), encoding="utf-8")
    code, _, err = _analyze(capsys, str(rec))
    assert code == 2 and "other rules data" in _one_line(err) and "--force" in err
    code, out, err = _analyze(capsys, str(rec), "--json", "--force", "--no-keep")
    assert code == 0 and json.loads(out)["record"]["digest"] == record_digest(open_record(rec, force=True))


def test_an_analysis_of_another_version_is_one_line_exit_2(kept, rec, capsys):
    kept = kept_path(rec)
    data = json.loads(kept.read_text(encoding="utf-8"))
    data["version"] = 2
    kept.write_text(json.dumps(data), encoding="utf-8")
    record_bytes, kept_bytes = rec.read_bytes(), kept.read_bytes()
    for given in (rec, kept):                           # beside the record, or given in its place
        code, out, err = _analyze(capsys, str(given), "--json")
        line = _one_line(err)
        assert code == 2 and out == "" and line.startswith(f"{kept}:1:") and "version 2" in line
    assert rec.read_bytes() == record_bytes and kept.read_bytes() == kept_bytes
    code, out, err = _analyze(capsys, str(rec), "--json", "--again")      # the way out the docs give
    assert code == 0 and json.loads(out)["version"] == 1 and kept.read_text(encoding="utf-8") == out


@pytest.mark.parametrize("text", ["{not json", '{"format": "tdream-record"}', '[1, 2]',
                                  '{"format": "tdream-analysis", "version": 1, "turns": []}'])
def test_a_bad_analysis_file_is_one_line_exit_2(capsys, tmp_path, text):
    path = tmp_path / "x.analysis.json"
    path.write_text(text, encoding="utf-8")
    code, out, err = _analyze(capsys, str(path))
    assert code == 2 and _one_line(err).startswith(f"{path}:")
    with pytest.raises(FormatError):
        read_report(path)


@pytest.mark.parametrize("part, damage", [
    ("record.names", lambda r: r["record"].update(names=[])),
    ("turns[1].chances", lambda r: r["turns"][1].update(chances=[0.5])),
    ("turns", lambda r: r.update(turns=[])),
    ("luck[0].outcome", lambda r: r["luck"][0].pop("outcome")),
    ("decisions[0].seat", lambda r: r["decisions"][0].update(seat=7)),
    ("decisions[0].cost", lambda r: r["decisions"][0].update(cost="a lot")),
    ("totals.marks", lambda r: r["totals"].update(marks=[{"?": "one"}, {}])),
    ("totals.luck_se", lambda r: r["totals"].update(luck_se=[0.1])),
    ("luck[0].se", lambda r: r["luck"][0].update(se=None)),
    ("method.playouts", lambda r: r["method"].pop("playouts")),
])
def test_an_analysis_damaged_inside_is_one_line_exit_2(zero_report, capsys, tmp_path, part, damage):
    report = json.loads(dumps(zero_report))
    damage(report)
    path = tmp_path / "game.tdr.analysis.json"
    path.write_text(json.dumps(report), encoding="utf-8")
    for args in ([], ["--json"], ["--png", str(tmp_path / "chart.png")]):       # the summary, the JSON, the chart
        code, out, err = _analyze(capsys, str(path), *args)
        line = _one_line(err)
        assert code == 2 and out == "" and line == f"{path}:1: a damaged analysis file ({part} missing or not what it should be)"
    assert not (tmp_path / "chart.png").exists()


def test_png_on_a_path_that_cannot_be_written_is_one_line_exit_2(kept, rec, capsys):
    before = rec.read_bytes()
    where = rec / "chart.png"                             # a file's "folder": never writable, even as root
    code, out, err = _analyze(capsys, str(kept_path(rec)), "--png", str(where))
    line = _one_line(err)
    assert code == 2 and line.startswith(f"{where}:") and "chart" in line
    assert rec.read_bytes() == before


# ---------------------------------------------------------------------- the method's file
def _method_file(tmp_path: Path, *edits: tuple[str, str]) -> Path:
    """analysis.yaml with each (old, new) edit made once."""
    text = METHOD_FILE.read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text
        text = text.replace(old, new, 1)
    path = tmp_path / "analysis.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def _line_of(path: Path, start: str) -> int:
    return next(n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if line.startswith(start))


def test_the_shipped_method_reads():
    m = read_method(METHOD_FILE)
    assert m == analysis.method()
    assert m.order_playouts <= m.playouts and m.marks[0][1] >= m.marks[-1][1]


@pytest.mark.parametrize("old, new, key, said", [
    ("playouts: 100", "playouts: 0", "playouts:", "out of range"),
    ("leaders: 3", "leaders: three", "leaders:", "must be a number"),
    ("order_playouts: 8", "order_playouts: 500", "order_playouts:", "must not be more than playouts"),
    ("block: 25", "block: 2.5", "block:", "whole number"),
    ("policy: random", "policy: [random]", "policy:", "CPU kind"),
    ("sure: 2", "sure: 2\ncolour: red", "colour:", "unknown key"),
    ('"?": 10', '"?": 300', '  "?":', "out of range"),
    ("version: 1", "version: 99", "version:", "newer"),
])
def test_a_bad_method_file_names_its_line(tmp_path, old, new, key, said):
    path = _method_file(tmp_path, (old, new))
    with pytest.raises(DataError) as e:
        read_method(path)
    line = f"{path}:{_line_of(path, key)}:"
    assert any(p.startswith(line) and said in p for p in e.value.problems), e.value.problems


def test_a_policy_no_game_has_is_one_line_before_any_playout(rec, capsys, monkeypatch):
    monkeypatch.setattr(analysis, "_METHOD", [Method(policy="nobody", playouts=6, order_playouts=2, leaders=1, block=3)])
    code, out, err = _analyze(capsys, str(rec), "--json")
    line = _one_line(err)
    assert code == 2 and line.startswith(f"{METHOD_FILE}: policy: ") and "'nobody'" in line and "random" in line
    assert not kept_path(rec).exists()


def test_a_method_file_reports_every_problem_at_once(tmp_path):
    path = _method_file(tmp_path, ("playouts: 100", "playouts: -1"), ("leaders: 3", "leaders: 0"))
    with pytest.raises(DataError) as e:
        read_method(path)
    assert len(e.value.problems) == 2
    assert {p.split(": ")[0] for p in e.value.problems} == {f"{path}:{_line_of(path, k)}" for k in ("playouts:", "leaders:")}


# ---------------------------------------------------------------------- a game's calibration
def _calibration_file(tmp_path: Path, knots: str) -> Path:
    path = tmp_path / "calibration.yaml"
    path.write_text(f"format: tdream-analysis-calibration\nversion: 1\nknots: {knots}\n", encoding="utf-8")
    return path


def test_a_calibration_maps_raw_estimates_and_keeps_a_positions_chances_adding_to_one(tmp_path):
    cal = analysis.read_calibration(_calibration_file(tmp_path, "[[0, 0.1], [0.5, 0.5], [1, 0.7]]"))
    assert cal(0.0) == pytest.approx(0.1) and cal(0.25) == pytest.approx(0.3) and cal(1.0) == pytest.approx(0.7)
    chances, ses = cal.chances([0.9, 0.1], [0.02, 0.02])
    assert sum(chances) == pytest.approx(1.0) and chances[0] > chances[1]
    assert chances[0] < 0.9                                # a raw 90% is worth less in this game
    assert 0 < ses[0] < 0.02 and cal.spread(0.25, 0.1) == pytest.approx(0.08)
    assert analysis.IDENTITY(0.37) == pytest.approx(0.37)
    assert cal.digest != analysis.IDENTITY.digest


@pytest.mark.parametrize("knots, said", [
    ("[[0, 0.2], [0.5, 0.1], [1, 0.9]]", "knots[1]: raw must rise and chance never fall"),
    ("[[0.1, 0.2], [1, 0.9]]", "knots: must run from raw 0 to raw 1"),
    ("[[0, 0.2], [1, 1.5]]", "knots[1]: must be [raw, chance], two numbers 0 to 1"),
    ("[[0, 0.2]]", "knots: must list at least two"),
])
def test_a_bad_calibration_file_names_file_line_and_problem(tmp_path, knots, said):
    with pytest.raises(DataError) as e:
        analysis.read_calibration(_calibration_file(tmp_path, knots))
    assert any(said in p and "calibration.yaml:" in p for p in e.value.problems), e.value.problems


def test_a_games_calibration_is_not_hashed_into_movies():
    for gid in registry.ids():
        assert all(f.name != analysis.CALIBRATION for f in registry.get(gid).data_files())

"""benchmarks/side_by_side.py: the ratio of two builds' figures, measured round robin (issue 25, 4)."""
import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("side_by_side", ROOT / "benchmarks" / "side_by_side.py")
sbs = importlib.util.module_from_spec(spec)
spec.loader.exec_module(sbs)


def test_a_rate_and_a_time_both_read_as_speedups_above_one_when_today_is_faster():
    today = [{"towers_turns_per_s": 200.0, "towers_ai_decision_ms_p99": 10.0, "engine": "python"},
             {"towers_turns_per_s": 300.0, "towers_ai_decision_ms_p99": 30.0, "engine": "python"},
             {"towers_turns_per_s": 250.0, "towers_ai_decision_ms_p99": 20.0, "engine": "python"}]
    ref = [{"towers_turns_per_s": 100.0, "towers_ai_decision_ms_p99": 40.0},
           {"towers_turns_per_s": 125.0, "towers_ai_decision_ms_p99": 80.0},
           {"towers_turns_per_s": 150.0, "towers_ai_decision_ms_p99": 60.0}]
    out = sbs.summary(today, ref, None)
    assert set(out) == {"towers_turns_per_s", "towers_ai_decision_ms_p99"}     # "engine" is no figure
    assert out["towers_turns_per_s"] == {"today_min": 200.0, "today_median": 250.0, "ref_min": 100.0,
                                         "ref_median": 125.0, "speedup": 2.0}
    assert out["towers_ai_decision_ms_p99"]["speedup"] == 3.0                  # 60 ms / 20 ms
    assert list(sbs.summary(today, ref, ["towers_turns_per_s"])) == ["towers_turns_per_s"]


def test_which_figures_are_times():
    assert sbs.lower_is_better("frame_ms_p99") and sbs.lower_is_better("startup_s")
    assert sbs.lower_is_better("peak_rss_mb")
    assert not sbs.lower_is_better("engine_turns_per_s") and not sbs.lower_is_better("movie_verify_frames_per_s")

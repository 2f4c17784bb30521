"""The optional mypyc build of the engine: same games as pure Python, never stale."""
import json

import pytest

from tdream.native import MODULES, TOP, _compiled

from .conftest import run_cli

COMPILED = all(any(p.name.count(".") >= 2 and "__mypyc" not in p.name for p in _compiled(m)) for m in MODULES)


def kind(env=None) -> str:
    import os
    import subprocess
    import sys

    from .conftest import ROOT
    code = "import tdream.native as n; print(n.engine_kind())"
    e = dict(os.environ)
    e.update(env or {})
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=e, cwd=ROOT,
                          check=True).stdout.strip()


def test_pure_python_engine_is_always_available():
    assert kind({"TDREAM_PURE": "1"}) == "python"


@pytest.mark.skipif(not COMPILED, reason="the engine is not compiled here (tdream native)")
def test_compiled_engine_is_used_when_fresh():
    assert kind({"TDREAM_PURE": ""}) == "compiled"


@pytest.mark.skipif(not COMPILED, reason="the engine is not compiled here (tdream native)")
def test_a_stale_build_is_passed_over(tmp_path):
    stamp = tmp_path / "stamp.json"
    stamp.write_text(json.dumps({m: "0" * 64 for m in MODULES}))
    assert kind({"TDREAM_NATIVE_STAMP": str(stamp), "TDREAM_PURE": ""}) == "python"


def test_compiled_and_pure_engines_play_the_same_games():
    args = ("simulate", "--games", "6", "--board", "hong-kong", "--seed", "12", "--json")
    pure = json.loads(run_cli(*args, env={"TDREAM_PURE": "1"}).stdout)
    other = json.loads(run_cli(*args, env={"TDREAM_PURE": ""}).stdout)
    for key in ("games", "turns", "wins", "endings", "avg_turns"):
        assert pure[key] == other[key]


def test_native_build_without_mypyc_says_so_and_succeeds(tmp_path):
    # A Python with no mypyc on its path: the build reports one line and exits 0.
    import subprocess
    import sys
    from .conftest import ROOT
    code = ("import sys; sys.modules['mypyc'] = None\n"
            "from tdream.native import build\nraise SystemExit(build())")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0 and "mypyc is not installed" in r.stdout
    assert TOP.exists()


def test_native_build_leaves_a_fresh_build_alone():
    """Issue 14 (11): every README command runs ``tdream native``; with sources unchanged since
    the last build it compiles nothing (it used to take 30 s each time)."""
    from tdream.native import up_to_date
    if not (COMPILED and up_to_date()):
        pytest.skip("no fresh build here to leave alone (tdream native)")
    before = {p.name: p.stat().st_mtime_ns for m in MODULES for p in _compiled(m)}
    r = run_cli("native")
    assert r.returncode == 0 and "already compiled" in r.stdout
    assert {p.name: p.stat().st_mtime_ns for m in MODULES for p in _compiled(m)} == before

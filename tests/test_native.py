"""The optional mypyc build of the engine: same games as pure Python, never stale, never in the
way of the first window (issue 21: the modules the games name, built in the background)."""
import json
import os
import shutil
import subprocess
import sys

import pytest

from tdream.native import PLATFORM, builds, modules

from .conftest import ROOT, run_cli

COMPILED = all(any(p.name.count(".") >= 2 and "__mypyc" not in p.name for p in builds(m)) for m in modules())


def kind(env=None) -> str:
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
    stamp.write_text(json.dumps({m: "0" * 64 for m in modules()}))
    assert kind({"TDREAM_NATIVE_STAMP": str(stamp), "TDREAM_PURE": ""}) == "python"


def test_compiled_and_pure_engines_play_the_same_games():
    args = ("simulate", "--games", "6", "--board", "hong-kong", "--seed", "12", "--json")
    pure = json.loads(run_cli(*args, env={"TDREAM_PURE": "1"}).stdout)
    other = json.loads(run_cli(*args, env={"TDREAM_PURE": ""}).stdout)
    for key in ("games", "turns", "wins", "endings", "avg_turns"):
        assert pure[key] == other[key]


def test_native_build_without_mypyc_says_so_and_succeeds():
    # A Python with no mypyc on its path: the build reports one line and exits 0, the background one too.
    code = ("import sys; sys.modules['mypyc'] = None\n"
            "from tdream.native import build, start_background\nraise SystemExit(build() + start_background())")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0 and r.stdout.count("mypyc is not installed") == 2, r.stdout + r.stderr


def test_native_build_without_a_compiler_says_so_and_succeeds(tmp_path):
    pytest.importorskip("mypyc")
    r = run_cli("native", "--background", env={"PATH": str(tmp_path)})
    assert r.returncode == 0 and "no C compiler found" in r.stdout and not r.stderr, r.stdout + r.stderr
    r = run_cli("native", env={"PATH": str(tmp_path)})
    assert r.returncode == 0 and "no C compiler found" in r.stdout


def test_native_build_leaves_a_fresh_build_alone():
    """Issue 14 (11): every README command runs ``tdream native``; with sources unchanged since
    the last build it compiles nothing (it used to take 30 s each time)."""
    from tdream.native import up_to_date
    if not (COMPILED and up_to_date()):
        pytest.skip("no fresh build here to leave alone (tdream native)")
    before = {p.name: p.stat().st_mtime_ns for m in modules() for p in builds(m)}
    r = run_cli("native")
    assert r.returncode == 0 and "already compiled" in r.stdout
    r = run_cli("native", "--background")
    assert r.returncode == 0 and "fresh" in r.stdout
    assert {p.name: p.stat().st_mtime_ns for m in modules() for p in builds(m)} == before


def test_the_modules_built_are_the_platform_s_then_each_game_s():
    """Issue 21: no game is named by the build; each declares its own (GameDef.program.native_modules)."""
    from tdream.platform import registry
    declared = [m for g in registry.ids() for m in registry.get(g).program.native_modules]
    assert modules()[:len(PLATFORM)] == PLATFORM and list(modules()[len(PLATFORM):]) == declared
    assert "tdream.games.towerdream.rules.game" in declared
    # Issue 25: the platform's own are the RNG, the drive loop and the records, the RNG first
    assert PLATFORM == ("tdream.rng", "tdream.platform.session", "tdream.platform.record", "tdream.platform.replay")
    for path in (ROOT / "tdream" / "native.py", ROOT / "tdream" / "nativeload.py"):
        text = path.read_text()
        assert not any(g in text for g in registry.ids()), path


# ---------------------------------------------------------------- builds in a copy of the program
# Every test below builds in a copy of tdream/ (with a stand-in for mypyc that writes a file no
# loader can load): the program's own builds are never touched, and a module loaded from such a
# build fails to import, which tells which file the import took.

FAKE = """
import importlib.machinery, time
def fake(module, tree, seconds=0.0):
    time.sleep(seconds)
    from tdream.nativeload import TOP, source
    folder = tree / source(module).relative_to(TOP.parent).parent
    out = folder / (source(module).stem + importlib.machinery.EXTENSION_SUFFIXES[0])
    out.write_bytes(b"not a module")
    return [out], ""
"""


@pytest.fixture
def tree(tmp_path):
    shutil.copytree(ROOT / "tdream", tmp_path / "tdream",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", "_native.*"))
    (tmp_path / "assets").symlink_to(ROOT / "assets")          # the font and art the front end reads
    env = {k: v for k, v in os.environ.items() if k not in ("TDREAM_PURE", "TDREAM_NATIVE_STAMP")}
    env["PYTHONPATH"] = str(tmp_path)

    def run(code: str, **more) -> subprocess.CompletedProcess:
        r = subprocess.run([sys.executable, "-c", FAKE + code], capture_output=True, text=True, cwd=tmp_path,
                           env={**env, **more}, timeout=120)
        assert r.returncode == 0, r.stdout + r.stderr
        return r
    run.root = tmp_path
    return run


def test_a_module_that_fails_to_build_stays_pure_and_the_others_are_built(tree):
    """One module's failed build (a construct mypyc refuses, say) costs that module alone."""
    r = tree("import io, json\nfrom tdream import native\n"
             "def picky(module, tree):\n"
             "    return ([], 'error: refused') if module == 'tdream.platform.session' else fake(module, tree)\n"
             "out = io.StringIO()\nnative.build(out, compile=picky)\nprint(json.dumps([sorted(native.stamp()), "
             "native.up_to_date(), native.modules(), out.getvalue()]))")
    stamped, fresh, mods, said = json.loads(r.stdout)
    assert stamped == sorted(m for m in mods if m != "tdream.platform.session") and not fresh
    assert "building tdream.platform.session failed (error: refused); it stays pure Python" in said
    assert said.splitlines()[-1].endswith("; tdream.platform.session stays pure Python")
    top = tree.root / "tdream"
    assert sorted(p.name.split(".")[0] for p in (top / "platform").iterdir()
                  if p.name.endswith((".so", ".pyd"))) == ["record", "replay"]


def test_a_game_s_native_modules_are_built_and_a_fresh_build_is_loaded(tree):
    """The build compiles exactly the modules declared (a game that adds one gets it), stamps
    them, and the loader takes a build only while its source is unchanged and TDREAM_PURE unset."""
    r = tree("import io, json\nfrom tdream import native\nfrom tdream.platform import registry\n"
             "from tdream.platform.protocol import Program\n"
             "registry.get('towers').program = Program(native_modules=('tdream.values',))\n"
             "out = io.StringIO()\nnative.build(out, compile=fake)\nprint(json.dumps([native.modules(), "
             "sorted(native.stamp()), native.up_to_date(), out.getvalue()]))")
    mods, stamped, fresh, said = json.loads(r.stdout)
    assert "tdream.values" in mods and sorted(mods) == stamped and fresh and "compiled" in said
    top = tree.root / "tdream"
    assert sorted(p.name.split(".")[0] for p in top.iterdir() if p.name.endswith((".so", ".pyd"))) == ["rng", "values"]
    assert sorted(p.name.split(".")[0] for p in (top / "platform").iterdir()
                  if p.name.endswith((".so", ".pyd"))) == ["record", "replay", "session"]

    which = "import importlib.util\norigin = importlib.util.find_spec('tdream.values').origin\n" \
            "print('source' if origin.endswith('.py') else 'build')"
    assert tree(which).stdout.strip() == "build"                       # fresh: the build is taken
    assert tree(which, TDREAM_PURE="1").stdout.strip() == "source"     # TDREAM_PURE: never
    with open(top / "values.py", "a") as f:
        f.write("\n# an edit\n")
    assert tree(which).stdout.strip() == "source"                      # stale: the edit takes effect
    (top / "_native.json").write_text("{}")
    with open(top / "values.py", "a") as f:
        f.write("# the edit undone is not the build either: the stamp has forgotten it\n")
    assert tree(which).stdout.strip() == "source"                      # a build the stamp does not know


def test_the_background_build_does_not_block_play(tree):
    """Issue 21: ``tdream native --background`` returns at once; the build holds the lock while it
    runs (a second build waits for it), the game starts meanwhile, and the title's notice says it is
    being built, then that it is ready."""
    go = tree.root / "go"                     # the stand-in compiler waits for it: the build runs till then
    build = (FAKE + "import os, time\nfrom tdream import native\n"
             f"def slow(m, t):\n    while not os.path.exists({str(go)!r}):\n        time.sleep(0.05)\n"
             "    return fake(m, t)\nnative.build(compile=slow)\n")
    r = tree("import io, json, subprocess, sys, time\nfrom pathlib import Path\nfrom tdream import native\n"
             "import tdream.rng, tdream.games.towerdream.rules.game\n"     # a running game's, from source
             "out = io.StringIO()\nt0 = time.perf_counter()\n"
             f"native.start_background(out, argv=[sys.executable, '-c', {build!r}])\n"
             "back = time.perf_counter() - t0\n"
             "while native.builder() is None and time.perf_counter() - t0 < 60:\n    time.sleep(0.05)\n"
             "building = native.notice()\n"
             "play = subprocess.run([sys.executable, '-m', 'tdream', 'play', '--headless-frames', '5', '--seed', '1'],"
             " capture_output=True, text=True)\n"
             "during = native.builder() is not None\n"
             "import threading\nsecond = io.StringIO()\n"       # a second build, started while the first runs
             "waiter = threading.Thread(target=lambda: native.build(second, compile=fake))\nwaiter.start()\n"
             "time.sleep(0.5)\n"
             f"Path({str(go)!r}).touch()\n"
             "waiter.join(120)\n"
             "print(json.dumps([back, out.getvalue(), building, play.returncode, play.stderr, during, "
             "second.getvalue(), native.builder(), native.notice()]))")
    back, said, building, rc, err, during, second, after, ready = json.loads(r.stdout)
    assert back < 2 and "in the background" in said, said
    assert building == "Compiling a faster engine in the background"
    assert rc == 0 and not err and during, err
    assert "waiting for the build already running" in second and "already compiled" in second, second
    assert after is None and ready == "Faster engine ready: restart to use it"
    assert "compiled tdream.rng" in (tree.root / "tdream" / "_native.log").read_text()


def test_a_lock_left_by_a_build_that_died_is_taken_over(tree):
    r = tree("import subprocess, sys\nfrom tdream import native\n"
             "p = subprocess.Popen([sys.executable, '-c', 'pass'])\np.wait()\n"
             "native.LOCK.write_text(str(p.pid))\n"                    # a process that is gone
             "print(native.builder(), native.notice())\nnative.build(compile=fake)\nprint(native.LOCK.exists())")
    lines = r.stdout.splitlines()
    assert lines[0] == "None None" and "compiled tdream.rng" in r.stdout and lines[-1] == "False", r.stdout


def test_the_notices_are_translated():
    from tdream.frontend import text
    text.set_language("ja")
    try:
        for line in ("Compiling a faster engine in the background", "Faster engine ready: restart to use it"):
            assert text.tr(line) != line
    finally:
        text.set_language("en")


def test_the_title_shows_the_notice_only_when_given():
    """The window sets ``machine.notice`` (from ``native.notice``); headless runs, movies and
    goldens never do, so the title they see is the same."""
    import pygame
    from tdream.frontend.run import Headless
    h = Headless(1)
    h.step(draw=True)
    plain = pygame.image.tobytes(h.frame(), "RGB")
    h.machine.notice = "Compiling a faster engine in the background"
    shown = pygame.image.tobytes(h.frame(), "RGB")
    h.machine.notice = None
    assert plain != shown and pygame.image.tobytes(h.frame(), "RGB") == plain
    assert Headless(1).machine.notice is None

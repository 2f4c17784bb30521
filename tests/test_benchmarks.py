"""The benchmarks stay runnable: they are not timed tests, but a refactor must not leave them
broken (the suite's testpaths leave ``benchmarks/`` out)."""
import subprocess
import sys

import pytest

from .conftest import ROOT

SCRIPTS = sorted(p.name for p in (ROOT / "benchmarks").glob("*_strength.py"))


def test_the_pytest_benchmarks_run_once():
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--benchmark-disable",
                        str(ROOT / "benchmarks")], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]


@pytest.mark.parametrize("script", SCRIPTS)
def test_each_strength_script_starts(script):
    r = subprocess.run([sys.executable, str(ROOT / "benchmarks" / script), "--help"], cwd=ROOT,
                       capture_output=True, text=True)
    assert r.returncode == 0 and "usage" in r.stdout.lower(), r.stderr[-2000:]


def test_the_instruction_counter_imports_what_it_runs():
    """benchmarks/instructions.py runs its WORK under valgrind; here it is compiled and its
    imports resolved (valgrind may be missing)."""
    import ast
    import importlib
    import importlib.util
    src = (ROOT / "benchmarks" / "instructions.py").read_text()
    work = next(n.value.value for n in ast.walk(ast.parse(src))
                if isinstance(n, ast.Assign) and getattr(n.targets[0], "id", "") == "WORK")
    for node in ast.walk(ast.parse(work)):
        if isinstance(node, ast.ImportFrom):
            mod = importlib.import_module(node.module)
            for alias in node.names:          # a name in the module, or a submodule of it
                assert hasattr(mod, alias.name) or importlib.util.find_spec(f"{node.module}.{alias.name}"), \
                    (node.module, alias.name)

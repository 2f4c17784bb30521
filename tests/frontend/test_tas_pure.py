"""The TAS tools' tests on the pure engine, from a process whose engine is compiled (CI builds
it): savestates pickle the machine, which mypyc's classes do not allow, so ``tdream play --tas``
runs on the pure engine and so do its tests. ``conftest.py`` starts them in a process of their
own as soon as this test is collected; this test waits for them."""
import pytest

from tdream.native import compiled_loaded


@pytest.mark.skipif(not compiled_loaded(load=True), reason="the engine is pure here: those files ran in this process")
def test_the_tas_tools_pass_on_the_pure_engine(tas_pure_run):
    code, out = tas_pure_run
    assert code == 0, out[-6000:]
    last = out.strip().splitlines()[-1]
    assert " passed" in last and "skipped" not in last and "failed" not in last, out[-1000:]

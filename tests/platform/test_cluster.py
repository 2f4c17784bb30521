"""``simulate`` and ``tournament`` on a Ray cluster (``--cluster``, issue 25 point 3): the same
results as a local run, byte for byte, on a local Ray instance this test starts (``ray start
--head``, as a real cluster's head is started); without Ray, or with nothing at the address, one
line and exit 2."""
from __future__ import annotations

import dataclasses
import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from tdream.cli import main
from tdream.platform import analysis, cluster, registry
from tdream.platform.simulate import play_game

from ..conftest import run_cli

RAY = Path(sys.executable).parent / "ray"
ENV = {"RAY_AUTH_MODE": "token", "RAY_USAGE_STATS_ENABLED": "0"}   # Ray's own secure default, on both sides
TIMED = ("seconds", "games_per_s", "turns_per_s")                # measured, so never the same twice


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def head():
    """A Ray head on this machine (2 CPUs), as ``ray start --head`` makes one; its address."""
    port = _free_port()
    token = {"RAY_AUTH_TOKEN": secrets.token_hex(32)}   # the cluster's token, given to the driver too
    env = {**os.environ, **ENV, **token}
    start = subprocess.run([str(RAY), "start", "--head", f"--port={port}", "--num-cpus=2",
                            "--include-dashboard=false", "--disable-usage-stats"],
                           capture_output=True, text=True, env=env, timeout=240)
    assert start.returncode == 0, start.stdout + start.stderr
    try:
        yield f"127.0.0.1:{port}", {**ENV, **token}
    finally:
        subprocess.run([str(RAY), "stop", "--force"], capture_output=True, env=env, timeout=120)


def _timeless(text: str) -> dict:
    out = json.loads(text)
    for key in TIMED:
        assert key in out
        del out[key]
    return out


def test_simulate_on_a_cluster_plays_the_local_games_and_writes_the_same_records(head, tmp_path):
    address, env = head
    args = ("simulate", "--game", "towers", "--games", "10", "--cpus", "yuka,joji", "--seed", "21", "--json")
    local = run_cli(*args, "--records", str(tmp_path / "local"), env=env)
    there = run_cli(*args, "--records", str(tmp_path / "there"), "--cluster", address, env=env)
    assert local.returncode == 0, local.stderr
    assert there.returncode == 0, there.stderr
    assert _timeless(there.stdout) == _timeless(local.stdout)
    assert json.dumps(_timeless(there.stdout), sort_keys=True) == json.dumps(_timeless(local.stdout), sort_keys=True)
    names = sorted(p.name for p in (tmp_path / "local").iterdir())
    assert len(names) == 10 and names == sorted(p.name for p in (tmp_path / "there").iterdir())
    for name in names:
        assert (tmp_path / "there" / name).read_bytes() == (tmp_path / "local" / name).read_bytes(), name


def test_a_tournament_on_a_cluster_is_the_local_one_byte_for_byte(head):
    address, env = head
    args = ("tournament", "--game", "cattower", "--characters", "kenta,yuka,joji,marimo", "--seed", "4", "--json")
    local = run_cli(*args, env=env)
    there = run_cli(*args, "--cluster", address, "--jobs", "2", env=env)
    assert local.returncode == 0, local.stderr
    assert there.returncode == 0, there.stderr
    assert there.stdout == local.stdout and json.loads(there.stdout)["games"] > 0


def test_an_analysis_on_a_cluster_is_the_local_one_byte_for_byte(head, tmp_path):
    """Issue 40: ``tdream analyze --cluster`` gives the local --json, byte for byte (the playouts
    seeded by position and playout, whoever runs them); a CAT TOWER game: chances and luck."""
    address, env = head
    record = str(tmp_path / "game.tdr")
    play_game(registry.get("cattower"), ["yuka", "joji", "yuka", "joji"], 4, record=record)
    there = run_cli("analyze", record, "--json", "--no-keep", "--playouts", "3", "--seed", "9", "--cluster", address,
                    env=env)
    assert there.returncode == 0, there.stderr
    three = dataclasses.replace(analysis.method(), playouts=3, order_playouts=3, block=3)    # --playouts 3
    local = analysis.dumps(analysis.Analysis(analysis.open_record(record), 9, "human", three).run())
    assert there.stdout == local
    report = json.loads(local)
    assert report["luck"] and report["method"]["playouts"] == 3


def test_a_worker_with_other_code_stops_the_run():
    with pytest.raises(Exception, match="other tdream code"):
        cluster.check_fingerprint("0" * 16 if cluster.code_fingerprint() != "0" * 16 else "1" * 16)
    cluster.check_fingerprint(cluster.code_fingerprint())     # its own passes


def test_without_ray_cluster_says_how_to_install_it(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "ray", None)            # import ray fails as where it is not installed
    code = main(["simulate", "--game", "towers", "--games", "2", "--cluster", "auto"])
    err = capsys.readouterr().err
    assert code == 2
    assert "pip install 'tdream[cluster]'" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("address, said", [("127.0.0.1:1", "nothing answers there"),
                                           ("no-port", "give auto, host:port")])
def test_a_bad_cluster_address_is_one_line(address, said):
    r = run_cli("tournament", "--game", "towers", "--characters", "kenta,yuka", "--cluster", address, timeout=60)
    assert r.returncode == 2, r.stderr
    assert said in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_ray_is_installed_by_the_test_command():
    assert shutil.which(str(RAY)) is not None, "the README's test command installs the cluster extra"

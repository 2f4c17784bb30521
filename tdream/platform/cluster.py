"""``--cluster ADDRESS``: ``simulate`` and ``tournament`` on a Ray cluster (docs/FORMATS.md, section 1).

The same matches as ``--jobs``, seeded the same way (game i plays seed (S, i) whatever runs it),
given out to Ray's process pool (``ray.util.multiprocessing.Pool``: one actor per worker process,
``imap`` in index order), so a run's results are the same locally and on a cluster. A worker
writes a match's record in a folder of its own and sends its text back; the machine that asked
writes it (atomically) where ``--records`` says, so a cluster needs no shared disk.

Every result carries the worker's *code fingerprint* (a hash of the tdream package's source and
data files): a worker with other code would play other games, and the run stops with one line.
Ray is an optional extra (``pip install 'tdream[cluster]'``); without it, ``--cluster`` says so.
"""
from __future__ import annotations

import hashlib
import os
import socket
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

from ..errors import TdreamError

INSTALL = "pip install 'tdream[cluster]'"
LOCAL = "auto"          # the cluster running on this machine, else one started for this run

_FINGERPRINT: list[str] = []


def code_fingerprint() -> str:
    """16 hex digits of the tdream package's source and data (every ``.py`` and ``.yaml`` under
    it, by relative path): equal on two machines when they play the same games."""
    if not _FINGERPRINT:
        root = Path(__file__).resolve().parent.parent
        h = hashlib.sha256()
        for path in sorted(p for ext in ("*.py", "*.yaml") for p in root.rglob(ext)):
            h.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
        _FINGERPRINT.append(h.hexdigest()[:16])
    return _FINGERPRINT[0]


def _ray() -> Any:
    try:
        import ray  # Ray: only for --cluster
        from ray.util.multiprocessing import Pool  # noqa: F401 - Ray's process pool
    except ImportError:
        raise TdreamError(f"--cluster: Ray is not installed (an optional extra): {INSTALL}") from None
    return ray


def _answers(address: str, timeout: float = 5.0) -> None:
    """A head's ``host:port`` (or Ray Client's ``ray://host:port``) must answer on TCP before Ray
    is asked to join it (Ray itself waits for ever on an address where nothing listens)."""
    if address == LOCAL:
        return
    where = address.removeprefix("ray://")
    host, _, port = where.rpartition(":")
    if not host or not port.isdigit():
        raise TdreamError(f"--cluster {address!r}: give auto, host:port (a Ray head) or ray://host:port")
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=timeout).close()
    except OSError as e:
        raise TdreamError(f"--cluster {address}: nothing answers there ({e.strerror or e}); "
                          "start the head with: ray start --head") from None


@contextmanager
def connected(address: str) -> Iterator[Any]:
    """Ray, connected to the cluster at ``address`` for the block (``auto``: this machine's, or a
    new local one that ends with the block); one line and exit 2 when nothing answers there."""
    ray = _ray()
    started = not ray.is_initialized()
    if started:
        _answers(address)
        try:
            ray.init(address=None if address == LOCAL else address, include_dashboard=False,
                     logging_level="ERROR", log_to_driver=False, configure_logging=True)
        except (ConnectionError, ValueError, RuntimeError, TimeoutError) as e:
            first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
            hint = "" if os.environ.get("RAY_AUTH_MODE") else \
                " (a cluster with token authentication: set RAY_AUTH_MODE=token, docs/FORMATS.md)"
            raise TdreamError(f"--cluster {address}: no Ray cluster to join there ({first}){hint}") from None
    try:
        yield ray
    finally:
        if started:
            ray.shutdown()


def pool_map(address: str, processes: int | None, initializer, initargs: tuple, work, tasks: list,
             total: int) -> Iterator:
    """``work(task)`` for every task on the cluster, in the tasks' order; ``processes``: how many
    worker processes (None: one per CPU of the cluster)."""
    with connected(address) as ray:
        from ray.util.multiprocessing import Pool  # Ray: only for --cluster
        cpus = int(ray.cluster_resources().get("CPU", 1))
        n = max(1, processes or cpus)
        with Pool(n, initializer=initializer, initargs=initargs) as pool:
            for out in pool.imap(work, tasks, chunksize=max(1, min(64, total // (n * 8) or 1))):
                if isinstance(out, BaseException):        # Ray's pool hands a task's error back as a value
                    raise RuntimeError(f"a match on the cluster failed: {out!r}")
                yield out


def remote_record(play, record_name: str, records: str | None):
    """(what ``play(path)`` returns, the record's text or None): the record written in a folder of
    the worker's own (``records``: the folder asked for, on the machine that asked)."""
    if not records:
        return play(None), None
    with tempfile.TemporaryDirectory(prefix="tdream-cluster-") as tmp:
        path = os.path.join(tmp, record_name)
        result = play(path)
        return result, Path(path).read_text(encoding="utf-8")


def check_fingerprint(theirs: str) -> None:
    if theirs != code_fingerprint():
        raise TdreamError(f"--cluster: a worker runs other tdream code (fingerprint {theirs}, here "
                          f"{code_fingerprint()}): install this same tdream on every node")


__all__ = ["INSTALL", "LOCAL", "code_fingerprint", "connected", "pool_map", "remote_record", "check_fingerprint"]

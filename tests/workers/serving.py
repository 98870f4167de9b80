"""A real ``scorekeeper serve --workers N`` on a free port for the tests of several workers."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

from scorekeeper.paths import is_server_database
from tests.test_serve import free_port, start_serving

ROOT = Path(__file__).resolve().parents[2]


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (Linux /proc): gunicorn's workers."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def wait_for_workers(master: int, count: int, base: str, seconds: float = 60) -> list[int]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        workers = children(master)
        if len(workers) >= count:
            try:
                with urllib.request.urlopen(base + "/", timeout=5) as response:
                    if response.status == 200:
                        return workers
            except OSError:
                pass
        time.sleep(0.2)
    raise AssertionError(f"{count} workers did not start")


@contextmanager
def serving(instance: Path, workers: int = 2, database: str | None = None):
    """(master process, base URL, worker pids) of ``scorekeeper serve --workers N`` on ``instance``, with
    ``database`` (a SQLite file, or a PostgreSQL URL given as SCOREKEEPER_DATABASE_URL) when given."""
    port = free_port()
    env = {key: value for key, value in os.environ.items() if not key.startswith("SCOREKEEPER_")}
    env.update(SCOREKEEPER_INSTANCE=str(instance), PYTHONUNBUFFERED="1")
    if database:
        env["SCOREKEEPER_DATABASE_URL" if is_server_database(database) else "SCOREKEEPER_DATABASE"] = database
    command = [sys.executable, "-m", "scorekeeper.cli", "serve", "--host", "127.0.0.1", "--port", str(port),
               "--workers", str(workers)]
    process, output = start_serving(command, ROOT, env)
    base = f"http://127.0.0.1:{port}"
    try:
        assert process.poll() is None, output
        yield process, base, wait_for_workers(process.pid, workers, base)
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=20)
        finally:
            process.stdout.close()

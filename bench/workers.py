"""Benchmark of the multi-process servers for ``scorekeeper serve --workers N`` (issue 22): waitress as `serve`
runs it today (one process, ``cli.SERVER``), gunicorn (gthread workers, as ``serve --workers 2`` runs it) and
granian (its WSGI interface), each with two processes, under the loads of the aims (bench/scorepad.py): 20
tables saving within 100 ms, and the mixed load of 20 clients.

Each server serves a fresh database of its own on 127.0.0.1. The configurations are measured in turns, round
after round, so that a busy moment of the shared machine falls on all of them alike; the figures are medians over
the rounds, each p95 also as a ratio to waitress's, and the CPU of the whole process group per request. Every save
is checked to have been answered with a fresh form (an error counts against the server).

One run compares 1 and 2 worker processes on SQLite (waitress with one, gunicorn with two, as ``serve`` runs them;
granian too when it is installed) and 2 on PostgreSQL (gunicorn with ``SCOREKEEPER_DATABASE_URL``, on a server the
run starts itself with tests/pgcluster.py, commits waiting for the disk; its processes' CPU is counted with the
app's) against the aims of issue 22 on this 2-core machine: burst p95 under 50 ms,
mixed p95 under 100 ms, every deal recorded exactly once (the deals the database holds after a scenario are the
saves it acknowledged, none twice).

Adding a database engine to the same run: the store a server uses is a context manager of ``ENGINES`` (see
``sqlite_store``): given a fresh folder it sets the store up, yields a ``Store`` with the server's environment and
a function counting the deals saved (all and distinct), and clears it away. Register it under its name, e.g.
``ENGINES["postgresql"] = postgresql_store``, and add ``("gunicorn", 2, "postgresql")`` to ``CONFIGURATIONS``.

Writes bench/results/workers.json and prints a summary. Run with `make bench` or `.venv/bin/python bench/workers.py`
(a few minutes; Linux: it reads /proc).
"""

from __future__ import annotations

import atexit
import json
import os
import shutil
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

import scorepad  # noqa: E402
import psycopg  # noqa: E402
from scorepad import HOST, bursts, figures, mixed  # noqa: E402
from server import group_cpu_seconds  # noqa: E402

sys.path.insert(0, str(ROOT))
from tests.pgcluster import Cluster  # noqa: E402

ROUNDS = 3
THREADS = 6  # cli.SERVER["threads"]
RESULTS = ROOT / "bench" / "results" / "workers.json"
BIN = Path(sys.executable).parent

#: The app granian imports: built once per worker process from the environment's database.
GRANIAN_APP = """
import os
from scorekeeper import create_app
app = create_app({"DATABASE": os.environ["BENCH_DATABASE"], "SECRET_KEY": "bench"})
"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def command(kind: str, port: int, workers: int) -> list[str]:
    if kind == "granian":
        return [str(BIN / "granian"), "--interface", "wsgi", "--host", HOST, "--port", str(port), "--workers",
                str(workers), "--blocking-threads", str(THREADS), "--no-access-log", "--log-level", "error",
                "bench_granian_app:app"]
    return [sys.executable, "-m", "scorekeeper.cli", "serve", "--host", HOST, "--port", str(port),
            "--threads", str(THREADS), "--workers", str(workers)]


def wait_until_up(base: str, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(base + "/", timeout=5):
                return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"no server at {base}")


@dataclass
class Store:
    """A database a server under measure uses: the environment that points the server at it, and a count of the
    deals it holds as (all, distinct by game and number)."""

    environment: dict[str, str]
    count_deals: Callable[[], tuple[int, int]]
    #: CPU seconds used so far by the database's own processes (a database server), counted with the server's.
    cpu_seconds: Callable[[], float] = lambda: 0.0


@contextmanager
def sqlite_store(folder: Path) -> Iterator[Store]:
    """The embedded default: a SQLite file in the server's data folder."""
    path = folder / "scorekeeper.sqlite"

    def count_deals() -> tuple[int, int]:
        if not path.exists():
            return 0, 0
        with sqlite3.connect(path, timeout=30) as conn:
            return conn.execute("SELECT COUNT(*), COUNT(DISTINCT game_id || '/' || seq) FROM deals").fetchone()

    yield Store({"BENCH_DATABASE": str(path)}, count_deals)


#: The run's own PostgreSQL server (tests/pgcluster.py: initdb in a temporary folder, a unix socket there only,
#: commits waiting for the disk as a real server's do), started at its first use and stopped at the end.
_cluster = None


@contextmanager
def postgresql_store(folder: Path) -> Iterator[Store]:
    """PostgreSQL (SCOREKEEPER_DATABASE_URL): a fresh, empty database on the run's own server; the server under
    measure makes its schema at start, as a new deployment's does."""
    global _cluster
    if _cluster is None:
        _cluster = Cluster(durable=True)
        atexit.register(_cluster.stop)
    url = _cluster.database()

    def count_deals() -> tuple[int, int]:
        with psycopg.connect(url) as conn:
            return conn.execute("SELECT COUNT(*), COUNT(DISTINCT CONCAT(game_id, '/', seq)) FROM deals").fetchone()

    try:
        yield Store({"BENCH_DATABASE": url, "SCOREKEEPER_DATABASE_URL": url}, count_deals,
                    lambda: group_cpu_seconds(_cluster.server_pid()))
    finally:
        _cluster.drop(url)


#: The database engines a configuration can name (module docstring: adding one).
ENGINES: dict[str, Callable[[Path], object]] = {"sqlite": sqlite_store, "postgresql": postgresql_store}


def exactly_once(run: dict, before: tuple[int, int], after: tuple[int, int]) -> dict:
    """Whether the deals the scenario added are the saves it acknowledged, none twice."""
    saves = run["kinds"].get("save", [])
    refused = sum(1 for error in run["errors"] if error.startswith("save:"))
    added, distinct = after[0] - before[0], after[1] - before[1]
    return {"saves_acknowledged": len(saves) - refused, "deals_recorded": added,
            "exactly_once": added == distinct == len(saves) - refused}


def measure(kind: str, workers: int, engine: str, seed: int) -> dict:
    results = {}
    with tempfile.TemporaryDirectory() as tmp, ENGINES[engine](Path(tmp)) as store:
        (Path(tmp) / "bench_granian_app.py").write_text(GRANIAN_APP)
        env = {**{k: v for k, v in os.environ.items() if not k.startswith("SCOREKEEPER_")},
               "SCOREKEEPER_INSTANCE": tmp, "SCOREKEEPER_SECRET_KEY": "bench",
               "PYTHONPATH": f"{tmp}{os.pathsep}{ROOT}", **store.environment}
        port = free_port()
        server = subprocess.Popen(command(kind, port, workers), cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL, start_new_session=True)
        base = f"http://{HOST}:{port}"
        try:
            wait_until_up(base)
            time.sleep(0.5 * workers)  # every process up before the clock starts
            for name, scenario in (("tables_20_burst", bursts), ("mixed_20", mixed)):
                deals_before, mark = store.count_deals(), {}
                scorepad.TABLES_OPEN = lambda: mark.update(cpu=group_cpu_seconds(server.pid) + store.cpu_seconds(),
                                                           client=time.process_time())
                run = scenario(base, seed)
                used = group_cpu_seconds(server.pid) + store.cpu_seconds() - mark["cpu"]
                # The phones' side runs on the same cores: its CPU per request says how much it takes from them.
                run["client_cpu_ms_per_request"] = round((time.process_time() - mark["client"]) * 1000
                                                         / len(run["timings"]), 1)
                run["server_cores_used"] = round(used / run["seconds"], 2)
                run["server_cpu_ms_per_request"] = round(used * 1000 / len(run["timings"]), 1)
                results[name] = {**figures(run), **exactly_once(run, deals_before, store.count_deals()),
                                 "client_cpu_ms_per_request": run["client_cpu_ms_per_request"]}
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=20)
    return results


#: (server, worker processes, database engine), measured in turns; the first is the one the others are compared
#: with. granian is measured only where it is installed (it is not a dependency).
CONFIGURATIONS = [("waitress", 1, "sqlite"), ("gunicorn", 2, "sqlite"), ("granian", 2, "sqlite"),
                  ("gunicorn", 2, "postgresql")]
KEYS = ("p50_ms", "p95_ms", "per_second", "server_cores_used", "server_cpu_ms_per_request",
        "client_cpu_ms_per_request")
AIMS = {"tables_20_burst": 50, "mixed_20": 100}  # p95 in ms, issue 22


def configurations() -> list[tuple[str, int, str]]:
    return [c for c in CONFIGURATIONS if c[0] != "granian" or (BIN / "granian").exists() or shutil.which("granian")]


def main() -> None:
    if not sys.platform.startswith("linux"):
        raise SystemExit("bench/workers.py reads /proc: run it on Linux")
    began = time.perf_counter()
    chosen = configurations()
    rounds: dict[str, list[dict]] = {f"{engine}, {kind}, {n} process(es)": [] for kind, n, engine in chosen}
    for seed in range(ROUNDS):
        for (kind, n, engine), name in zip(chosen, rounds):
            rounds[name].append(measure(kind, n, engine, seed))
            print(f"round {seed + 1}, {name}: " + ", ".join(
                f"{k} p95 {v['p95_ms']} ms errors {v.get('errors', 0)} exactly once {v['exactly_once']}"
                for k, v in rounds[name][-1].items()), flush=True)
    summary = summarise(rounds)
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps({
        "benchmark": "1 and 2 worker processes (and each database engine configured) under the 20-table burst and "
                     "the mixed load of 20 clients", "aims_p95_ms": AIMS,
        "rounds": ROUNDS, "threads": THREADS, "load_average_after": os.getloadavg(),
        "summary": summary, "rounds_figures": rounds, "seconds": round(time.perf_counter() - began, 1),
    }, indent=2) + "\n")
    print(f"\n  {'configuration':<34} {'scenario':<16} {'p50':>7} {'p95':>7} {'aim':>5} {'vs first':>8} {'cores':>6} "
          f"{'cpu ms':>7} {'client':>7} {'once':>5}")
    for name, row in summary.items():
        for scenario, f in row.items():
            print(f"  {name:<34} {scenario:<16} {f['p50_ms']:>7} {f['p95_ms']:>7} {AIMS[scenario]:>5} "
                  f"{f['p95_ratio_to_first']:>8} {f['server_cores_used']:>6} {f['server_cpu_ms_per_request']:>7} "
                  f"{f['client_cpu_ms_per_request']:>7} {str(f['exactly_once']):>5}")
    print(f"written {RESULTS} in {time.perf_counter() - began:.0f} s")


def summarise(rounds: dict[str, list[dict]]) -> dict:
    """Medians over the rounds, each p95 as a ratio to the first configuration's, the aim met, exactly once."""
    summary = {name: {scenario: {key: statistics.median(run[scenario][key] for run in runs) for key in KEYS}
                      for scenario in runs[0]} for name, runs in rounds.items()}
    first = next(iter(summary))
    for name, row in summary.items():
        for scenario, figures_ in row.items():
            figures_["p95_ratio_to_first"] = round(statistics.median(
                run[scenario]["p95_ms"] / base[scenario]["p95_ms"] for run, base in zip(rounds[name], rounds[first])), 2)
            figures_["p95_aim_met"] = figures_["p95_ms"] < AIMS[scenario]
            figures_["exactly_once"] = all(run[scenario]["exactly_once"] for run in rounds[name])
            figures_["errors"] = sum(run[scenario].get("errors", 0) for run in rounds[name])
    return summary


if __name__ == "__main__":
    main()

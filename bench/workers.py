"""Benchmark of the multi-process servers for ``scorekeeper serve --workers N`` (issue 22): waitress as `serve`
runs it today (one process, ``cli.SERVER``), gunicorn (gthread workers, as ``serve --workers 2`` runs it) and
granian (its WSGI interface), each with two processes, under the loads of the aims (bench/scorepad.py): 20
tables saving within 100 ms, and the mixed load of 20 clients.

Each server serves a fresh database of its own on 127.0.0.1. The configurations are measured in turns, round
after round, so that a busy moment of the shared machine falls on all of them alike; the figures are medians over
the rounds, each p95 also as a ratio to waitress's, and the CPU of the whole process group per request. Every save
is checked to have been answered with a fresh form (an error counts against the server).

Writes bench/results/workers.json and prints a summary. Run with `make bench` or `.venv/bin/python bench/workers.py`
(a few minutes; Linux: it reads /proc).
"""

from __future__ import annotations

import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from scorepad import HOST, bursts, figures, mixed  # noqa: E402
from server import group_cpu_seconds  # noqa: E402

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


def measure(kind: str, workers: int, seed: int) -> dict:
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "bench_granian_app.py").write_text(GRANIAN_APP)
        env = {**{k: v for k, v in os.environ.items() if not k.startswith("SCOREKEEPER_")},
               "SCOREKEEPER_INSTANCE": tmp, "SCOREKEEPER_SECRET_KEY": "bench", "BENCH_DATABASE":
               str(Path(tmp) / "scorekeeper.sqlite"), "PYTHONPATH": f"{tmp}{os.pathsep}{ROOT}"}
        port = free_port()
        server = subprocess.Popen(command(kind, port, workers), cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL, start_new_session=True)
        base = f"http://{HOST}:{port}"
        try:
            wait_until_up(base)
            time.sleep(0.5 * workers)  # every process up before the clock starts
            for name, scenario in (("tables_20_burst", bursts), ("mixed_20", mixed)):
                before = group_cpu_seconds(server.pid)
                run = scenario(base, seed)
                used = group_cpu_seconds(server.pid) - before
                run["server_cores_used"] = round(used / run["seconds"], 2)
                run["server_cpu_ms_per_request"] = round(used * 1000 / len(run["timings"]), 1)
                results[name] = figures(run)
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=20)
    return results


CONFIGURATIONS = [("waitress", 1), ("gunicorn", 2), ("granian", 2)]
KEYS = ("p50_ms", "p95_ms", "per_second", "server_cores_used", "server_cpu_ms_per_request")


def main() -> None:
    if not sys.platform.startswith("linux"):
        raise SystemExit("bench/workers.py reads /proc: run it on Linux")
    began = time.perf_counter()
    rounds: dict[str, list[dict]] = {f"{kind}, {n} process(es)": [] for kind, n in CONFIGURATIONS}
    for seed in range(ROUNDS):
        for (kind, n), name in zip(CONFIGURATIONS, rounds):
            rounds[name].append(measure(kind, n, seed))
            print(f"round {seed + 1}, {name}: "
                  + ", ".join(f"{k} p95 {v['p95_ms']} ms errors {v.get('errors', 0)}"
                              for k, v in rounds[name][-1].items()), flush=True)
    summary = {name: {scenario: {key: statistics.median(run[scenario][key] for run in runs) for key in KEYS}
                      for scenario in runs[0]} for name, runs in rounds.items()}
    default = next(iter(summary))
    for name, row in summary.items():
        for scenario, figures_ in row.items():
            figures_["p95_ratio_to_waitress"] = round(statistics.median(
                run[scenario]["p95_ms"] / base[scenario]["p95_ms"] for run, base in zip(rounds[name], rounds[default])), 2)
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps({
        "benchmark": "waitress (1 process) against gunicorn and granian (2 processes) under the 20-table burst and "
                     "the mixed load of 20 clients",
        "rounds": ROUNDS, "threads": THREADS, "load_average_after": os.getloadavg(),
        "summary": summary, "rounds_figures": rounds, "seconds": round(time.perf_counter() - began, 1),
    }, indent=2) + "\n")
    print(f"\n  {'server':<24} {'scenario':<16} {'p50':>7} {'p95':>7} {'vs waitress':>11} {'cores':>6} {'cpu ms':>7}")
    for name, row in summary.items():
        for scenario, f in row.items():
            print(f"  {name:<24} {scenario:<16} {f['p50_ms']:>7} {f['p95_ms']:>7} {f['p95_ratio_to_waitress']:>11} "
                  f"{f['server_cores_used']:>6} {f['server_cpu_ms_per_request']:>7}")
    print(f"written {RESULTS} in {time.perf_counter() - began:.0f} s")


if __name__ == "__main__":
    main()

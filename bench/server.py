"""Benchmark of the server's shape: how many waitress threads, and whether a second process (the second core)
helps, under the two loads of the aims (bench/scorepad.py): 20 tables saving within 100 ms, and the mixed load
of 20 clients.

Python runs one thread of a process at a time (the interpreter lock), so waitress' threads overlap only while
they wait (the network, SQLite's disk writes); a second core can only be used by a second process. Waitress has no
such mode; here, on Linux, a listening socket is opened first and the server process forks after it, so both
processes accept from the same socket (each with its own app and SQLite connections, the database shared
through WAL). The configurations are measured in turns, round after round, so that a busy moment of the shared
machine falls on all of them alike; the figures are medians over the rounds, and each p95 is also given as a
ratio to the default configuration (``scorekeeper serve``: one process, 4 threads).

Writes bench/results/server.json and prints a summary. Run with `make bench` or `.venv/bin/python bench/server.py`
(a few minutes).
"""

from __future__ import annotations

import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from scorepad import HOST, bursts, figures, mixed  # noqa: E402

ROUNDS = 3
#: (processes, threads per process); the first is what `scorekeeper serve` runs.
CONFIGURATIONS = [(1, 4), (1, 2), (1, 8), (2, 4)]
RESULTS = ROOT / "bench" / "results" / "server.json"

SERVER = """
import logging
import os
import socket
import sys
sys.path.insert(0, sys.argv[2])
logging.getLogger("waitress.queue").setLevel(logging.ERROR)
from waitress.server import create_server
processes, threads = int(sys.argv[3]), int(sys.argv[4])
sock = socket.socket()
sock.bind(("%s", 0))
sock.listen(1024)
from scorekeeper.db import migrate
migrate(sys.argv[1])  # once, before the processes part: two at once would race to create the tables
print(sock.getsockname()[1], flush=True)
for _ in range(processes - 1):
    if os.fork() == 0:
        break
from scorekeeper import create_app
app = create_app({"DATABASE": sys.argv[1], "SECRET_KEY": "bench"})
create_server(app, sockets=[sock], threads=threads).run()
""" % HOST


def group_cpu_seconds(group: int) -> float:
    """CPU seconds used so far by every process of a process group (Linux)."""
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == group:
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def measure(processes: int, threads: int, seed: int) -> dict:
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        server = subprocess.Popen(
            [sys.executable, "-c", SERVER, str(Path(tmp) / "bench.sqlite"), str(ROOT), str(processes), str(threads)],
            stdout=subprocess.PIPE, text=True, start_new_session=True)
        base = f"http://{HOST}:{int(server.stdout.readline())}"
        time.sleep(0.5 * processes)  # every process up before the clock starts
        try:
            for name, scenario in (("tables_20_burst", bursts), ("mixed_20", mixed)):
                before = group_cpu_seconds(server.pid)
                run = scenario(base, seed)
                used = group_cpu_seconds(server.pid) - before
                run["server_cores_used"] = round(used / run["seconds"], 2)
                run["server_cpu_ms_per_request"] = round(used * 1000 / len(run["timings"]), 1)
                results[name] = figures(run)
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=10)
            server.stdout.close()
    return results


def main() -> None:
    if not sys.platform.startswith("linux"):
        raise SystemExit("bench/server.py forks and reads /proc: run it on Linux")
    began = time.perf_counter()
    rounds: dict[str, list[dict]] = {f"{p} process(es), {t} threads": [] for p, t in CONFIGURATIONS}
    for seed in range(ROUNDS):
        for (processes, threads), name in zip(CONFIGURATIONS, rounds):
            rounds[name].append(measure(processes, threads, seed))
            print(f"round {seed + 1}, {name}: "
                  + ", ".join(f"{k} p95 {v['p95_ms']} ms" for k, v in rounds[name][-1].items()), flush=True)
    summary = {}
    for name, runs in rounds.items():
        summary[name] = {
            scenario: {key: statistics.median(run[scenario][key] for run in runs)
                       for key in ("p50_ms", "p95_ms", "per_second", "server_cores_used", "server_cpu_ms_per_request")}
            for scenario in runs[0]}
    default = next(iter(summary))
    for name, row in summary.items():
        for scenario, figures_ in row.items():
            ratios = [run[scenario]["p95_ms"] / base[scenario]["p95_ms"]
                      for run, base in zip(rounds[name], rounds[default])]
            figures_["p95_ratio_to_default"] = round(statistics.median(ratios), 2)
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps({
        "benchmark": "waitress threads and processes under the 20-table burst and the mixed load of 20 clients",
        "how": __doc__.split("\n\n")[1].replace("\n", " "),
        "rounds": ROUNDS,
        "load_average_after": os.getloadavg(),
        "summary": summary,
        "rounds_figures": rounds,
        "seconds": round(time.perf_counter() - began, 1),
    }, indent=2) + "\n")
    print(f"\n  {'configuration':<28} {'scenario':<16} {'p50':>7} {'p95':>7} {'vs default':>10} {'cores':>6} {'cpu ms':>7}")
    for name, row in summary.items():
        for scenario, f in row.items():
            print(f"  {name:<28} {scenario:<16} {f['p50_ms']:>7} {f['p95_ms']:>7} {f['p95_ratio_to_default']:>10} "
                  f"{f['server_cores_used']:>6} {f['server_cpu_ms_per_request']:>7}")
    print(f"written {RESULTS} in {time.perf_counter() - began:.0f} s")


if __name__ == "__main__":
    main()

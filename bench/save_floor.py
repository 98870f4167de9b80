"""Benchmark: how near a save is to the floor of its stack (issue 22, "a save near the floor of its stack").

Server CPU per save of the real app against a minimal Flask + SQLite app doing the same write, measured side by
side in one process and one run, interleaved save by save so that a busy moment of the shared machine falls on
both alike:

- "save": the real save of a deal as a phone makes it (the htmx POST of the deal form by totals, CSRF on, the
  session cookie, ``board_version`` as the page sends it; answered with what changed and a fresh form), in the
  real app on a real SQLite file, its summary cache warm (one worker process, or the worker that saved before);
- "save_after_other_worker": the same save when the previous deal of the game was saved by another worker
  process (this process's summary cache emptied first), as happens every other save with ``--workers 2``;
- "save_after_other_worker_80_deal_games": the same in games of 80 deals (a long evening's game);
- "minimal": a minimal Flask app on its own SQLite file (WAL, as the real one) that reads the same posted form,
  claims the game's version, inserts the deal as JSON and commits, and answers with a Jinja template rendering
  as many bytes as the real answer (escaped values in a loop).

Each save's server CPU is ``time.process_time()`` around the WSGI call alone (the environ is built before, the
body read inside), so the client's work is not counted. Games hold ``DEALS_PER_GAME`` deals, then a new one is
started (untimed). Reported: medians and p90 in milliseconds, the answer's bytes, and the ratios to the
minimal app. A cProfile run of warm saves lists where the time goes (cumulative, the functions that matter).

Then, in the same run, the same two apps served over real HTTP as a club serves them (issue 32, "the save near its
floor"): the real app as ``scorekeeper serve`` runs it (waitress, ``cli.SERVER``, its own process and data
folder), the minimal app under waitress with the same settings in a process of its own, 20 tables each saving a
deal on its own game within the same 100 ms window (``SERVED_BURSTS`` bursts per app, the two apps' bursts taken
in turns). Reported: each server process's CPU per save (``/proc``, over its bursts alone) and the p95 of the
saves' times as the phones see them, and the two ratios with their aims: server CPU per save at most 2x the
minimal app's, the p95 at most 6x.

Writes bench/results/save_floor.json and prints a summary. Run with `make bench` or
`.venv/bin/python bench/save_floor.py [--saves N]`.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import random
import re
import signal
import socket
import sqlite3
import subprocess
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

from flask import Flask, render_template_string, request
from werkzeug.test import EnvironBuilder

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from scorekeeper import create_app  # noqa: E402
from scorekeeper.rules import get_profile, profile_options  # noqa: E402
from scorekeeper.stores.summary import summary_cache  # noqa: E402
from scorekeeper.cli import SERVER  # noqa: E402
from tests.recording import Phone  # noqa: E402
from scorepad import BURST_WINDOW, HOST, TABLES, open_game, percentile  # noqa: E402
from server import group_cpu_seconds  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "save_floor.json"
SAVES = 240  # timed saves of each kind
DEALS_PER_GAME = 12
LONG_GAME = 80  # a long game: the previous deal saved by the other worker costs a re-scoring that grows with it
PROFILED_SAVES = 150
SERVED_BURSTS = 15  # bursts of 20 tables saving within 100 ms, per app
AIMS = {"server_cpu_per_save": 2.0, "p95_of_20_tables": 6.0}  # at most these times the minimal app's (issue 32)
DEAL = {  # the typical deal of bench/scorepad.py, by totals
    "mode": "totals",
    "we-went_out": "yes", "we-canasta_natural": "1", "we-canasta_mixed": "1", "we-meld_points": "100+85",
    "we-red_threes": "1", "they-went_out": "no", "they-canasta_mixed": "1", "they-meld_points": "120",
    "they-hand_points": "45",
}
VERSION = re.compile(r'name="version"[^>]*value="(\d+)"')
TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')


class Wsgi:
    """A phone talking straight to a WSGI app: keeps its cookies, times the server's CPU of each call."""

    def __init__(self, app):
        self.app = app
        self.cookies: dict[str, str] = {}

    def call(self, path: str, data: dict | None = None, headers: dict | None = None) -> tuple[int, str, dict, float]:
        """(status, body, headers, server CPU ms) of a GET, or a POST of ``data``."""
        headers = dict(headers or {})
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        builder = EnvironBuilder(path=path, method="POST" if data is not None else "GET", data=data,
                                 headers=headers, base_url="http://127.0.0.1:8000")
        environ = builder.get_environ()
        builder.close()
        answer: dict = {}

        def start_response(status, response_headers, exc_info=None):
            answer["status"] = int(status.split()[0])
            answer["headers"] = response_headers

        began = time.process_time()
        body_iter = self.app(environ, start_response)
        try:
            body = b"".join(body_iter)
        finally:
            if hasattr(body_iter, "close"):
                body_iter.close()
        cpu_ms = (time.process_time() - began) * 1000
        for name, value in answer["headers"]:
            if name.lower() == "set-cookie":
                key, _, rest = value.partition("=")
                self.cookies[key] = rest.split(";", 1)[0]
        return answer["status"], body.decode(), dict(answer["headers"]), cpu_ms


class RealTable:
    """One table's phone on the real app: its game, session and CSRF token."""

    def __init__(self, app, *, other_worker: bool = False, deals_per_game: int = DEALS_PER_GAME):
        self.phone = Wsgi(app)
        self.other_worker = other_worker
        self.deals_per_game = deals_per_game
        self.saves = 0
        self.open_game()

    def open_game(self) -> None:
        _, html, _, _ = self.phone.call("/games/new")
        data = {"csrf_token": TOKEN.search(html).group(1), "rules": "bicycle", "first_dealer": "0",
                "we_name": "We", "they_name": "They"}
        for option in profile_options(get_profile("bicycle")):
            value = 995_000 if option.name == "target" else option.default
            data[f"opt_{option.name}"] = ("yes" if value else "no") if option.kind == "bool" else str(value)
        status, _, headers, _ = self.phone.call("/games/new", data)
        assert status == 303, status
        self.path = urlsplit(headers["Location"]).path  # the game's address, whatever its form
        _, html, _, _ = self.phone.call(self.path)
        self.token = TOKEN.search(html).group(1)
        self.version = VERSION.search(html).group(1)

    def save(self) -> tuple[float, int]:
        """One save: (server CPU ms, bytes answered)."""
        if self.saves and self.saves % self.deals_per_game == 0:
            self.open_game()
        self.saves += 1
        if self.other_worker:
            summary_cache.clear()
        status, html, _, cpu_ms = self.phone.call(
            f"{self.path}/deals", {**DEAL, "csrf_token": self.token, "version": self.version,
                                   "board_version": self.version},
            {"HX-Request": "true", "X-CSRFToken": self.token})
        found = VERSION.search(html) if status == 200 else None
        if found is None:
            raise SystemExit(f"the real save answered {status}: {html[:300]}")
        self.version = found.group(1)
        return cpu_ms, len(html.encode())


MINIMAL_TEMPLATE = """<div id="answer">{% for row in rows %}<p class="row" data-n="{{ row.n }}">
<label for="f{{ row.n }}">{{ row.label }}</label><input id="f{{ row.n }}" name="{{ row.name }}" value="{{ row.value }}">
</p>{% endfor %}<input type="hidden" name="version" value="{{ version }}"></div>"""


def minimal_app(path: str, answer_bytes: int, games: int = 1) -> Flask:
    """A minimal Flask app on SQLite: the same write (a version claim and one deal row, as JSON, committed) and a
    Jinja answer of ``answer_bytes``; ``games`` games (ids from 1), each at version 1."""
    app = Flask("minimal")
    conn = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, version INTEGER NOT NULL)")
    conn.execute("CREATE TABLE deals (id INTEGER PRIMARY KEY, game_id INTEGER NOT NULL REFERENCES games(id), "
                  "seq INTEGER NOT NULL, sides TEXT NOT NULL, created_at TEXT NOT NULL)")
    conn.executemany("INSERT INTO games (id, version) VALUES (?, 1)", [(n,) for n in range(1, games + 1)])
    write = threading.Lock()  # one connection shared by waitress' threads: one statement sequence at a time
    row = {"n": 0, "label": "Card points melded", "name": "we-meld_points", "value": "100+85"}
    count = 1
    for _ in range(4):  # as many rows as make the answer the real one's size, to a row
        size = len(render_once(app, [{**row, "n": n} for n in range(count)], 1000).encode())
        count = max(1, round(count * answer_bytes / size))
    rows = [{**row, "n": n} for n in range(count)]

    @app.post("/games/<int:game_id>/deals")
    def save(game_id: int):
        sides = {key: {name: request.form.get(f"{key}-{name}") for name in
                       ("went_out", "canasta_natural", "canasta_mixed", "meld_points", "hand_points", "red_threes")}
                 for key in ("we", "they")}
        version = int(request.form["version"])
        with write:
            conn.execute("BEGIN IMMEDIATE")
            claimed = conn.execute("UPDATE games SET version = version + 1 WHERE id = ? AND version = ?",
                                   [game_id, version]).rowcount
            if claimed:
                conn.execute("INSERT INTO deals (game_id, seq, sides, created_at) VALUES "
                             "(?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM deals WHERE game_id = ?), ?, "
                             "datetime('now'))", [game_id, game_id, json.dumps(sides)])
            conn.execute("COMMIT")
        return render_template_string(MINIMAL_TEMPLATE, rows=rows, version=version + 1)

    return app


def render_once(app: Flask, rows: list, version: int) -> str:
    with app.app_context():
        return render_template_string(MINIMAL_TEMPLATE, rows=rows, version=version)


class MinimalTable:
    def __init__(self, app):
        self.phone = Wsgi(app)
        self.version = "1"

    def save(self) -> tuple[float, int]:
        status, html, _, cpu_ms = self.phone.call(
            "/games/1/deals", {**DEAL, "version": self.version}, {"HX-Request": "true"})
        assert status == 200, status
        self.version = VERSION.search(html).group(1)
        return cpu_ms, len(html.encode())


# --- Served over HTTP: 20 tables saving within 100 ms --------------------------------------------------------


class ServedTable:
    """One table's phone over HTTP (its own connection per request, cookies and CSRF token) saving on its own game:
    the real app's (``path`` None: a game is started through the pages) or the minimal app's game ``path``."""

    def __init__(self, base: str, path: str | None = None):
        self.phone, self.real = Phone(base), path is None
        if self.real:
            self.path, self.token, self.version = open_game(self.phone)
        else:
            self.path, self.token, self.version = path, "", "1"

    def save(self) -> tuple[float, int]:
        """One save: (milliseconds as the phone waited, bytes answered)."""
        data = {**DEAL, "version": self.version}
        headers = {"HX-Request": "true"}
        if self.real:
            data.update(csrf_token=self.token, board_version=self.version)
            headers["X-CSRFToken"] = self.token
        began = time.perf_counter()
        status, html, _ = self.phone.call(f"{self.path}/deals", data, headers)
        elapsed = (time.perf_counter() - began) * 1000
        found = VERSION.search(html) if status == 200 else None
        if found is None:
            raise SystemExit(f"a served save answered {status}: {html[:300]}")
        self.version = found.group(1)
        return elapsed, len(html.encode())


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def wait_for(port: int, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            socket.create_connection((HOST, port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    raise SystemExit(f"nothing answers on port {port}")


def serve_minimal(port: int, path: str, answer_bytes: int, games: int) -> None:
    """The minimal app under waitress with ``scorekeeper serve``'s settings (run in a process of its own)."""
    import logging

    from waitress.server import create_server

    logging.getLogger("waitress.queue").setLevel(logging.ERROR)
    create_server(minimal_app(path, answer_bytes, games), host=HOST, port=port, **SERVER).run()


def burst(tables: list[ServedTable], rng: random.Random) -> list[tuple[float, int]]:
    """Every table saves once, each at a moment of its own within the same ``BURST_WINDOW``."""
    found: list[tuple[float, int]] = []
    lock = threading.Lock()
    start = time.perf_counter() + 0.05
    offsets = [rng.uniform(0, BURST_WINDOW) for _ in tables]

    def one(table: ServedTable, offset: float) -> None:
        time.sleep(max(0.0, start + offset - time.perf_counter()))
        result = table.save()
        with lock:
            found.append(result)

    threads = [threading.Thread(target=one, args=pair) for pair in zip(tables, offsets)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return found


def served(tmp: Path, bursts: int) -> dict:
    """The real app (``scorekeeper serve``) and the minimal app, each served by waitress in its own process, under
    20 tables saving within 100 ms, their bursts in turns: each server's CPU per save and the saves' p95."""
    real_port, minimal_port = free_port(), free_port()
    env = {**{k: v for k, v in os.environ.items() if not k.startswith("SCOREKEEPER_")},
           "SCOREKEEPER_INSTANCE": str(tmp / "served"), "SCOREKEEPER_SECRET_KEY": "bench", "PYTHONUNBUFFERED": "1"}
    real = subprocess.Popen([sys.executable, "-m", "scorekeeper.cli", "serve", "--host", HOST, "--port",
                             str(real_port)], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    processes = [real]
    try:
        wait_for(real_port)
        tables = {"real": [ServedTable(f"http://{HOST}:{real_port}") for _ in range(TABLES)]}
        rng = random.Random(32)
        burst(tables["real"], rng)  # each game's first save is answered with the whole scorepad; the next ones not
        answer_bytes = int(statistics.median(size for _, size in burst(tables["real"], rng)))
        minimal = subprocess.Popen([sys.executable, __file__, "--serve-minimal", str(minimal_port),
                                    str(tmp / "served-minimal.sqlite"), str(answer_bytes), str(TABLES)],
                                   cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                   start_new_session=True)
        processes.append(minimal)
        wait_for(minimal_port)
        tables["minimal"] = [ServedTable(f"http://{HOST}:{minimal_port}", f"/games/{n}") for n in range(1, TABLES + 1)]
        pids = {"real": real.pid, "minimal": minimal.pid}
        burst(tables["minimal"], rng)  # warm the minimal app up too
        times: dict[str, list[float]] = {"real": [], "minimal": []}
        sizes: dict[str, list[int]] = {"real": [], "minimal": []}
        cpu = {"real": 0.0, "minimal": 0.0}
        for _ in range(bursts):
            for name in ("real", "minimal"):
                before = group_cpu_seconds(pids[name])
                found = burst(tables[name], rng)
                time.sleep(0.05)  # the last answers' sockets closed before the CPU is read
                cpu[name] += group_cpu_seconds(pids[name]) - before
                times[name] += [ms for ms, _ in found]
                sizes[name] += [size for _, size in found]
                time.sleep(0.2)
    finally:
        for process in processes:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=20)
    result = {name: {"saves": len(times[name]), "server_cpu_ms_per_save": round(cpu[name] * 1000 / len(times[name]), 2),
                     "p50_ms": round(statistics.median(times[name]), 1), "p95_ms": round(percentile(times[name], 95), 1),
                     "answer_bytes": int(statistics.median(sizes[name]))} for name in times}
    result["ratios"] = {
        "server_cpu_per_save": round(result["real"]["server_cpu_ms_per_save"]
                                     / result["minimal"]["server_cpu_ms_per_save"], 2),
        "p95_of_20_tables": round(result["real"]["p95_ms"] / result["minimal"]["p95_ms"], 2)}
    result["aims"] = AIMS
    return result


def figures(values: list[float]) -> dict:
    ordered = sorted(values)
    return {"median_ms": round(statistics.median(ordered), 3),
            "p90_ms": round(ordered[int(0.9 * (len(ordered) - 1))], 3), "saves": len(ordered)}


def profile_saves(table: RealTable) -> list[dict]:
    """Where the time of warm saves goes: the functions that matter, by cumulative time per save."""
    profiler = cProfile.Profile()
    profiler.enable()
    for _ in range(PROFILED_SAVES):
        table.save()
    profiler.disable()
    stats = pstats.Stats(profiler, stream=io.StringIO())
    rows = []
    for (filename, line, name), (_, calls, _, cumulative, _) in stats.stats.items():
        where = filename.replace(str(ROOT) + "/", "")
        if "site-packages/" in where:
            where = where.split("site-packages/", 1)[1]
        rows.append({"function": f"{where}:{line}({name})", "calls_per_save": round(calls / PROFILED_SAVES, 1),
                     "cumulative_ms_per_save": round(cumulative * 1000 / PROFILED_SAVES, 3)})
    rows.sort(key=lambda row: -row["cumulative_ms_per_save"])
    return [row for row in rows if not row["function"].startswith(("~", "<"))][:45]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--saves", type=int, default=SAVES)
    parser.add_argument("--out", type=Path, default=RESULTS)
    parser.add_argument("--no-profile", action="store_true")
    parser.add_argument("--bursts", type=int, default=SERVED_BURSTS, help="served bursts of 20 tables per app")
    parser.add_argument("--serve-minimal", nargs=4, metavar=("PORT", "DATABASE", "ANSWER_BYTES", "GAMES"),
                        help=argparse.SUPPRESS)  # the minimal app's own server process (``served``)
    args = parser.parse_args()
    if args.serve_minimal:
        port, path, answer_bytes, games = args.serve_minimal
        serve_minimal(int(port), path, int(answer_bytes), int(games))
        return
    began = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"DATABASE": str(Path(tmp) / "real.sqlite"), "SECRET_KEY": "bench"})
        warm, cold = RealTable(app), RealTable(app, other_worker=True)
        long_cold = RealTable(app, other_worker=True, deals_per_game=LONG_GAME)
        _, answer_bytes = warm.save()  # the first save answers the whole scorepad; the next ones what changed
        for table in (warm, cold, long_cold):
            table.save()
        _, answer_bytes = warm.save()
        minimal = MinimalTable(minimal_app(str(Path(tmp) / "minimal.sqlite"), answer_bytes))
        for _ in range(20):  # warm up both
            warm.save(), minimal.save()
        times: dict[str, list[float]] = {"save": [], "save_after_other_worker": [],
                                         f"save_after_other_worker_{LONG_GAME}_deal_games": [], "minimal": []}
        sizes: dict[str, list[int]] = {name: [] for name in times}
        for _ in range(args.saves):
            for name, table in (("save", warm), ("minimal", minimal), ("save_after_other_worker", cold),
                                (f"save_after_other_worker_{LONG_GAME}_deal_games", long_cold)):
                cpu_ms, size = table.save()
                times[name].append(cpu_ms)
                sizes[name].append(size)
        profile = [] if args.no_profile else profile_saves(warm)
        over_http = served(Path(tmp), args.bursts)
    summary = {name: {**figures(values), "answer_bytes": int(statistics.median(sizes[name]))}
               for name, values in times.items()}
    floor = summary["minimal"]["median_ms"]
    for name in summary:
        summary[name]["ratio_to_minimal"] = round(summary[name]["median_ms"] / floor, 2)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({
        "benchmark": "server CPU per save: the real save of a deal against a minimal Flask + SQLite write with a "
                     "Jinja answer of the same size, interleaved",
        "aim": "served over HTTP, 20 tables saving within 100 ms: server CPU per save at most 2x the minimal app's, "
               "p95 at most 6x",
        "summary": summary, "served_20_tables_within_100_ms": over_http, "deals_per_game": DEALS_PER_GAME,
        "profile_of_warm_saves": profile,
        "load_average_after": [round(x, 2) for x in __import__("os").getloadavg()],
        "seconds": round(time.perf_counter() - began, 1),
    }, indent=2) + "\n")
    print(f"  {'kind':<40} {'median ms':>10} {'p90 ms':>8} {'bytes':>7} {'x minimal':>10}")
    for name, row in summary.items():
        print(f"  {name:<40} {row['median_ms']:>10} {row['p90_ms']:>8} {row['answer_bytes']:>7} "
              f"{row['ratio_to_minimal']:>10}")
    for row in profile[:25]:
        print(f"    {row['cumulative_ms_per_save']:>8.3f} ms {row['calls_per_save']:>7} x  {row['function']}")
    print(f"  served, {TABLES} tables saving within {int(BURST_WINDOW * 1000)} ms, {args.bursts} bursts each:")
    for name in ("real", "minimal"):
        row = over_http[name]
        print(f"    {name:<8} server CPU {row['server_cpu_ms_per_save']:>6} ms/save   p50 {row['p50_ms']:>6} ms"
              f"   p95 {row['p95_ms']:>6} ms   {row['answer_bytes']} bytes")
    for name, ratio in over_http["ratios"].items():
        verdict = "met" if ratio <= AIMS[name] else "MISSED"
        print(f"  {name.replace('_', ' ')}: real/minimal {ratio}x (aim at most {AIMS[name]}x: {verdict})")
    print(f"written {args.out} in {time.perf_counter() - began:.0f} s")


if __name__ == "__main__":
    main()

"""Benchmark of the scorepad: saving a deal under load, and the taps a typical deal takes.

1. Latency: the real app under waitress on 127.0.0.1 (CSRF on, a fresh database), in its own process. Every
   client is a phone at its own table (its own game, session and CSRF token) saving deals by totals. One
   measured request is the htmx POST of the deal form, answered with the updated scorepad fragment (new
   totals, minimums and a fresh form). Scenarios:
   - closed loop with 1, 5 and 20 clients, each saving again as soon as it is answered (a stress test: far
     more saves per second than any club room makes);
   - "20 tables": a club room. 20 phones each save at random moments, Poisson arrivals averaging one save
     every 2 s per table (about 10 saves/s in all);
   - "20 tables, burst": all 20 tables save within the same 100 ms window (the end of a round), repeated.
   Each scenario runs several times; the figures reported are the medians over the runs of p50 / p95 / max
   in milliseconds (every run's figures are kept under "runs").
2. Taps: a scripted Playwright run on a 360x640 phone enters a typical deal by totals (one side goes out with
   a natural and a mixed canasta and a red three; the other has a mixed canasta and cards left in hand) and
   counts every tap and every key pressed, then checks that the deal was saved with the expected totals.

Writes bench/results/scorepad.json and prints a summary. Run with `make bench` or
`.venv/bin/python bench/scorepad.py` (under a minute). `--threads N` sets waitress' threads, `--app-root DIR`
measures another checkout of the app (to compare before and after a change), `--out FILE` writes elsewhere,
`--no-taps` skips the Playwright run.
"""

from __future__ import annotations

import argparse
import http.cookiejar
import json
import random
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorekeeper import create_app  # noqa: E402
from scorekeeper.rules import get_profile, profile_options  # noqa: E402

CLIENTS = (1, 5, 20)
SAVES_PER_CLIENT = {1: 60, 5: 30, 20: 15}
DEALS_PER_GAME = 12  # a typical game; then the client starts the next one (not timed)
WAITRESS_THREADS = 4  # as `scorekeeper serve` (scorekeeper/cli.py); 8 gave far longer tails on 2 cores
RUNS = 3  # every scenario runs this many times; medians over the runs are reported
TABLES = 20
MEAN_SECONDS_BETWEEN_SAVES = 2.0  # per table, Poisson arrivals
ROOM_SECONDS = 4.5  # length of one "20 tables" run
BURSTS = 3  # bursts per "burst" run
BURST_WINDOW = 0.1  # seconds: every table saves within this window
HOST = "127.0.0.1"  # the benchmark never talks to anything else
RESULTS = ROOT / "bench" / "results" / "scorepad.json"

DEAL = {
    "mode": "totals",
    "we-went_out": "yes", "we-canasta_natural": "1", "we-canasta_mixed": "1", "we-meld_points": "100+85",
    "we-red_threes": "1", "they-went_out": "no", "they-canasta_mixed": "1", "they-meld_points": "120",
    "they-hand_points": "45",
}


class Phone:
    def __init__(self, base: str):
        class NoRedirect(urllib.request.HTTPRedirectHandler):
            def redirect_request(self, *args, **kwargs):
                return None

        self.base = base
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()), NoRedirect())

    def call(self, path, data=None, headers=None):
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        request = urllib.request.Request(self.base + path, data=body, headers=headers or {})
        try:
            with self.opener.open(request, timeout=30) as response:
                return response.status, response.read().decode(), response.headers
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode(), error.headers


def token_of(html: str) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)


def start_game(phone: Phone) -> int:
    _, html, _ = phone.call("/games/new")
    data = {"csrf_token": token_of(html), "rules": "bicycle", "first_dealer": "0", "we_name": "We",
            "they_name": "They"}
    for option in profile_options(get_profile("bicycle")):
        value = 995_000 if option.name == "target" else option.default
        data[f"opt_{option.name}"] = ("yes" if value else "no") if option.kind == "bool" else str(value)
    status, _, headers = phone.call("/games/new", data)
    assert status == 303, status
    return int(headers["Location"].rsplit("/", 1)[1])


def open_game(phone: Phone) -> tuple[int, str, str]:
    game_id = start_game(phone)
    _, html, _ = phone.call(f"/games/{game_id}")
    version = re.search(r'name="version" type="hidden" value="(\d+)"', html).group(1)
    return game_id, token_of(html), version


class Table:
    """One table's phone: its own game and session; saves the typical deal and remembers the new version."""

    def __init__(self, base: str):
        self.phone = Phone(base)
        self.saves = 0
        self.game_id, self.token, self.version = open_game(self.phone)

    def save(self) -> tuple[float, str | None]:
        """One timed save: (milliseconds, error or None). A finished game is replaced first, untimed."""
        if self.saves and self.saves % DEALS_PER_GAME == 0:
            self.game_id, self.token, self.version = open_game(self.phone)
        self.saves += 1
        started = time.perf_counter()
        status, html, _ = self.phone.call(
            f"/games/{self.game_id}/deals", {**DEAL, "csrf_token": self.token, "version": self.version},
            {"HX-Request": "true", "X-CSRFToken": self.token})
        elapsed = (time.perf_counter() - started) * 1000
        if status != 200 or 'id="scoreboard"' not in html:
            return elapsed, f"status {status}"
        self.version = re.search(r'name="version" type="hidden" value="(\d+)"', html).group(1)
        return elapsed, None


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered) + 0.5) - 1))]


def run_tables(base: str, count: int, plan) -> tuple[list[float], list[str], float]:
    """Open ``count`` tables, then run ``plan(index, table, t0, record)`` in one thread per table, all
    starting together at ``t0``; returns (timings, errors, seconds)."""
    tables = [Table(base) for _ in range(count)]
    timings: list[float] = []
    errors: list[str] = []
    lock = threading.Lock()

    def record(ms: float, error: str | None) -> None:
        with lock:
            timings.append(ms)
            if error:
                errors.append(error)

    t0 = time.perf_counter() + 0.2
    workers = [threading.Thread(target=plan, args=(i, t, t0, record)) for i, t in enumerate(tables)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    return timings, errors, time.perf_counter() - t0


def sleep_until(moment: float) -> None:
    delay = moment - time.perf_counter()
    if delay > 0:
        time.sleep(delay)


def closed_loop(base: str, clients: int) -> tuple[list[float], list[str], float]:
    def plan(index, table, t0, record):
        sleep_until(t0)
        for _ in range(SAVES_PER_CLIENT[clients]):
            ms, error = table.save()
            record(ms, error)
            if error:
                return

    return run_tables(base, clients, plan)


def club_room(base: str, seed: int) -> tuple[list[float], list[str], float]:
    """20 tables, each saving at Poisson-distributed moments (a phone cannot save twice at once: a save
    due while its previous one is still being answered goes as soon as that one returns)."""
    def plan(index, table, t0, record):
        rng = random.Random(seed * 1000 + index)
        moment = t0 + rng.expovariate(1 / MEAN_SECONDS_BETWEEN_SAVES)
        while moment < t0 + ROOM_SECONDS:
            sleep_until(moment)
            record(*table.save())
            moment += rng.expovariate(1 / MEAN_SECONDS_BETWEEN_SAVES)

    return run_tables(base, TABLES, plan)


def bursts(base: str, seed: int) -> tuple[list[float], list[str], float]:
    """Every table saves once within the same 100 ms window; a new burst every second."""
    def plan(index, table, t0, record):
        rng = random.Random(seed * 1000 + index)
        for burst in range(BURSTS):
            sleep_until(t0 + burst * 1.0 + rng.uniform(0, BURST_WINDOW))
            record(*table.save())

    return run_tables(base, TABLES, plan)


def figures(timings: list[float], errors: list[str], seconds: float) -> dict:
    return {
        "saves": len(timings),
        "errors": len(errors),
        "p50_ms": round(statistics.median(timings), 1),
        "p95_ms": round(percentile(timings, 95), 1),
        "max_ms": round(max(timings), 1),
        "saves_per_second": round(len(timings) / seconds, 1),
    }


def medians(runs: list[dict]) -> dict:
    keys = ("p50_ms", "p95_ms", "max_ms", "saves_per_second")
    summary = {key: round(statistics.median(run[key] for run in runs), 1) for key in keys}
    summary["saves"] = sum(run["saves"] for run in runs)
    summary["errors"] = sum(run["errors"] for run in runs)
    summary["runs"] = runs
    return summary


SERVER = """
import logging
import sys
sys.path.insert(0, sys.argv[2])
logging.getLogger("waitress.queue").setLevel(logging.ERROR)  # queueing shows in the latencies
from waitress.server import create_server
from scorekeeper import create_app
app = create_app({"DATABASE": sys.argv[1], "SECRET_KEY": "bench"})
assert not app.debug and not app.jinja_env.auto_reload, "templates would be re-read on every render"
server = create_server(app, host="%s", port=0, threads=int(sys.argv[3]))
print(server.effective_port, flush=True)
server.run()
""" % HOST


def measure_latency(app_root: Path, threads: int) -> dict:
    """The server runs in its own process, so the clients' threads do not share its interpreter lock."""
    scenarios = {f"closed_loop_{n}": (lambda base, seed, n=n: closed_loop(base, n)) for n in CLIENTS}
    scenarios["tables_20_poisson"] = club_room
    scenarios["tables_20_burst"] = bursts
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        server = subprocess.Popen(
            [sys.executable, "-c", SERVER, str(Path(tmp) / "bench.sqlite"), str(app_root), str(threads)],
            stdout=subprocess.PIPE, text=True)
        base = f"http://{HOST}:{int(server.stdout.readline())}"
        try:
            for name, scenario in scenarios.items():
                runs = [figures(*scenario(base, seed)) for seed in range(RUNS)]
                results[name] = medians(runs)
                shown = {k: v for k, v in results[name].items() if k != "runs"}
                print(f"{name:>18}: {shown}", flush=True)
        finally:
            server.terminate()
            server.wait(timeout=10)
    return results


def count_taps() -> dict:
    """Enter the typical deal on a 360x640 phone and count the taps and keys it takes."""
    from playwright.sync_api import sync_playwright
    from waitress.server import create_server

    taps = keys = 0
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"DATABASE": str(Path(tmp) / "taps.sqlite"), "SECRET_KEY": "bench"})
        server = create_server(app, host="127.0.0.1", port=0, threads=4)
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        base = f"http://127.0.0.1:{server.effective_port}"
        try:
            game_id = start_game(Phone(base))
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path="/usr/bin/chromium",
                                            args=["--no-sandbox", "--disable-gpu", "--no-first-run"])
                context = browser.new_context(viewport={"width": 360, "height": 640}, has_touch=True,
                                              is_mobile=True)
                page = context.new_page()
                page.goto(f"{base}/games/{game_id}")
                page.wait_for_function("window.htmx !== undefined")

                def tap(selector):
                    nonlocal taps
                    page.locator(selector).tap()
                    taps += 1

                def type_in(selector, text):
                    nonlocal keys
                    tap(selector)
                    page.keyboard.type(text)
                    keys += len(text)

                tap("label:has(input[name='we-went_out'][value='yes'])")
                tap("button[aria-controls='we-canasta_natural'][data-step='1']")
                tap("button[aria-controls='we-canasta_mixed'][data-step='1']")
                tap("button[aria-controls='we-red_threes'][data-step='1']")
                type_in("#we-meld_points", "185")
                tap("button[aria-controls='they-canasta_mixed'][data-step='1']")
                type_in("#they-meld_points", "120")
                type_in("#they-hand_points", "45")
                tap("#deal-form button[type=submit]")
                page.wait_for_selector("li[data-deal='1']")
                saved = (page.inner_text("[data-total='we']"), page.inner_text("[data-total='they']"))
                browser.close()
        finally:
            server.close()
            thread.join(timeout=5)
    return {"taps": taps, "keystrokes": keys, "totals_after_save": {"we": int(saved[0]), "they": int(saved[1])},
            "how": "counted from a scripted Playwright run on a 360x640 phone: every tap on a control or field "
                   "and every key typed; went-out is a segmented button, canastas and red threes are steppers, "
                   "points are typed on the number pad, hand points of the side that went out stay empty (0)"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--threads", type=int, default=WAITRESS_THREADS, help="waitress threads")
    parser.add_argument("--app-root", type=Path, default=ROOT, help="the checkout of the app to measure")
    parser.add_argument("--out", type=Path, default=RESULTS, help="where to write the JSON")
    parser.add_argument("--no-taps", action="store_true", help="skip the Playwright run")
    args = parser.parse_args()
    began = time.perf_counter()
    latency = measure_latency(args.app_root.resolve(), args.threads)
    if args.no_taps:
        taps = {"skipped": "--no-taps"}
    else:
        try:
            taps = count_taps()
        except Exception as error:  # no Chromium on this machine: say so rather than guess
            taps = {"error": f"Playwright run failed: {error}"}
    print("typical deal:", taps)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({
        "benchmark": "scorepad: save a deal (htmx POST answered with the updated scorepad fragment)",
        "server": f"waitress on {HOST} in its own process, {args.threads} threads, CSRF on, SQLite WAL; clients "
                  f"are threads of the bench process on the same 2-core machine",
        "scenarios": {
            "closed_loop_N": "N clients, each saving again as soon as answered (saves per client: "
                             f"{SAVES_PER_CLIENT})",
            "tables_20_poisson": f"{TABLES} tables, each saving at Poisson arrivals, mean "
                                 f"{MEAN_SECONDS_BETWEEN_SAVES} s apart, for {ROOM_SECONDS} s",
            "tables_20_burst": f"{TABLES} tables all saving within the same {int(BURST_WINDOW * 1000)} ms window, "
                               f"{BURSTS} bursts a second apart",
        },
        "runs_per_scenario": RUNS,
        "figures": "medians over the runs of each run's p50 / p95 / max (ms) and saves per second",
        "deals_per_game": DEALS_PER_GAME,
        "latency": latency,
        "typical_deal_by_totals": taps,
        "targets": {"p95_ms_with_20_tables": 50, "taps": 12},
        "seconds": round(time.perf_counter() - began, 1),
    }, indent=2) + "\n")
    print("\nsave a deal (POST + scorepad fragment), ms, medians over %d runs:" % RUNS)
    print(f"  {'scenario':<18} {'p50':>7} {'p95':>7} {'max':>7} {'saves/s':>8} {'errors':>6}")
    for name, row in latency.items():
        print(f"  {name:<18} {row['p50_ms']:>7} {row['p95_ms']:>7} {row['max_ms']:>7} "
              f"{row['saves_per_second']:>8} {row['errors']:>6}")
    print(f"written {args.out} in {time.perf_counter() - began:.0f} s")


if __name__ == "__main__":
    main()

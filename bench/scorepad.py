"""Benchmark of the scorepad: saving a deal under load, and the taps a typical deal takes.

1. Latency: the real app under waitress on 127.0.0.1 (CSRF on, a fresh database), in its own process. Every
   client is a phone at its own table (its own game, session and CSRF token) saving deals by totals. One
   measured request is the htmx POST of the deal form, answered with what changed on the scorepad (new
   totals, minimums and a fresh form). Scenarios:
   - closed loop with 1, 5 and 20 clients, each saving again as soon as it is answered (a stress test: far
     more saves per second than any club room makes);
   - "20 tables": a club room. 20 phones each save at random moments, Poisson arrivals averaging one save
     every 2 s per table (about 10 saves/s in all);
   - "20 tables, burst": all 20 tables save within the same 100 ms window (the end of a round), repeated;
   - "mixed 20": 20 clients in a closed loop asking what phones ask: save a deal, check a meld and score a
     deal (JSON API), poll the scoreboard while nothing changed; p95 over all of them and per kind;
   - "growth": one phone saves as many deals into one game as a game may hold (300 asked; the app stops a game
     at stores.deals.MAX_DEALS, 200); the median save of deals 1-20 ("deal 10") against that of the last 20
     ("deal_last"): a save should not slow down as the game grows.
   For each scenario the server's CPU seconds over the wall-clock seconds show how many cores it kept busy.
   Each scenario runs several times; the figures reported are the medians over the runs of p50 / p95 / max
   in milliseconds (every run's figures are kept under "runs").
2. Taps: a scripted Playwright run on a 360x640 phone enters a typical deal by totals (one side goes out with
   a natural and a mixed canasta and a red three; the other has a mixed canasta and cards left in hand) and
   counts every tap and every key pressed, then checks that the deal was saved with the expected totals.

Writes bench/results/scorepad.json and prints a summary. Run with `make bench` or
`.venv/bin/python bench/scorepad.py` (a few minutes). `--threads N` sets waitress' threads, `--app-root DIR`
measures another checkout of the app (to compare before and after a change), `--out FILE` writes elsewhere,
`--no-taps` skips the Playwright run, `--only mixed_20,growth` runs only the named scenarios.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorekeeper import create_app  # noqa: E402
from scorekeeper.rules import get_profile, profile_options  # noqa: E402
from tests.recording import Phone  # noqa: E402

logging.getLogger("waitress.queue").setLevel(logging.ERROR)  # the in-process server of the taps run

CLIENTS = (1, 5, 20)
SAVES_PER_CLIENT = {1: 60, 5: 30, 20: 15}
DEALS_PER_GAME = 12  # a typical game; then the client starts the next one (not timed)
WAITRESS_THREADS = 4  # as `scorekeeper serve` (scorekeeper/cli/__init__.py); 8 gave far longer tails on 2 cores
RUNS = 3  # every scenario runs this many times; medians over the runs are reported
TABLES = 20
MEAN_SECONDS_BETWEEN_SAVES = 2.0  # per table, Poisson arrivals
ROOM_SECONDS = 4.5  # length of one "20 tables" run
BURSTS = 3  # bursts per "burst" run
BURST_WINDOW = 0.1  # seconds: every table saves within this window
MIXED_ROUNDS = 4  # per client of the mixed load: each round asks all four questions
try:  # a game holds at most this many deals
    from scorekeeper.stores.deals import MAX_DEALS  # noqa: E402
except ImportError:  # an older checkout (--app-root) without the limit
    MAX_DEALS = 300
GROWTH_DEALS = min(300, MAX_DEALS)  # deals saved into one game by one phone
GROWTH_WINDOW = 20  # "deal 10" is the median of deals 1-20, "deal_last" of the last 20
HOST = "127.0.0.1"  # the benchmark never talks to anything else
RESULTS = ROOT / "bench" / "results" / "scorepad.json"

DEAL = {
    "mode": "totals",
    "we-went_out": "yes", "we-canasta_natural": "1", "we-canasta_mixed": "1", "we-meld_points": "100+85",
    "we-red_threes": "1", "they-went_out": "no", "they-canasta_mixed": "1", "they-meld_points": "120",
    "they-hand_points": "45",
}


def token_of(html: str) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)


def start_game(phone: Phone) -> str:
    """Start a game on this phone; its address (``/games/<link>``)."""
    _, html, _ = phone.call("/games/new")
    data = {"csrf_token": token_of(html), "rules": "bicycle", "first_dealer": "0", "we_name": "We",
            "they_name": "They"}
    for option in profile_options(get_profile("bicycle")):
        value = 995_000 if option.name == "target" else option.default
        data[f"opt_{option.name}"] = ("yes" if value else "no") if option.kind == "bool" else str(value)
    status, _, headers = phone.call("/games/new", data)
    assert status == 303, status
    return headers["Location"]


def open_game(phone: Phone) -> tuple[str, str, str]:
    """Start a game and open it: its address, the page's CSRF token and the game's version."""
    game = start_game(phone)
    _, html, _ = phone.call(game)
    version = re.search(r'name="version"[^>]*value="(\d+)"', html).group(1)
    return game, token_of(html), version


VERSION = re.compile(r'name="version"[^>]*value="(\d+)"')


class Table:
    """One table's phone: its own game and session; saves the typical deal and remembers the new version."""

    def __init__(self, base: str, deals_per_game: int = DEALS_PER_GAME):
        self.phone = Phone(base)
        self.saves = 0
        self.deals_per_game = deals_per_game
        self.game, self.token, self.version = open_game(self.phone)

    def save(self) -> tuple[float, str | None]:
        """One timed save: (milliseconds, error or None). A finished game is replaced first, untimed."""
        if self.saves and self.saves % self.deals_per_game == 0:
            self.game, self.token, self.version = open_game(self.phone)
        self.saves += 1
        started = time.perf_counter()
        status, html, _ = self.phone.call(
            f"{self.game}/deals",
            # As htmx sends the form: with the version its scoreboard shows (the page is up to date).
            {**DEAL, "csrf_token": self.token, "version": self.version, "board_version": self.version},
            {"HX-Request": "true", "X-CSRFToken": self.token})
        elapsed = (time.perf_counter() - started) * 1000
        found = VERSION.search(html) if status == 200 else None
        if found is None:  # the answer must carry the fresh form (its new version) for the next save
            return elapsed, f"status {status}"
        self.version = found.group(1)
        return elapsed, None

    def poll(self) -> tuple[float, str | None]:
        """The scorepad's 3-second poll while nothing changed (an empty answer)."""
        started = time.perf_counter()
        status, html, headers = self.phone.call(f"{self.game}/scoreboard?v={self.version}",
                                                headers={"HX-Request": "true"})
        elapsed = (time.perf_counter() - started) * 1000
        return elapsed, None if status in (200, 204) else f"status {status}"

    def ask(self, path: str, body: dict) -> tuple[float, str | None]:
        """One JSON question to the API (a meld check, a deal's score)."""
        started = time.perf_counter()
        status, _, _ = self.phone.call(path, body=json.dumps(body).encode(),
                                       headers={"Content-Type": "application/json"})
        elapsed = (time.perf_counter() - started) * 1000
        return elapsed, None if status == 200 else f"status {status}"


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered) + 0.5) - 1))]


#: Called once every table of a run is open, just before the timed requests (bench/workers.py reads the server's
#: CPU there, so the untimed openings are not counted).
TABLES_OPEN = None


def run_tables(base: str, count: int, plan) -> dict:
    """Open ``count`` tables, then run ``plan(index, table, t0, record)`` in one thread per table, all
    starting together at ``t0``. ``record(ms, error, kind="save")`` notes one timed request."""
    tables = [Table(base) for _ in range(count)]
    run: dict = {"timings": [], "errors": [], "kinds": {}}
    lock = threading.Lock()

    def record(ms: float, error: str | None, kind: str = "save") -> None:
        with lock:
            run["timings"].append(ms)
            run["kinds"].setdefault(kind, []).append(ms)
            if error:
                run["errors"].append(f"{kind}: {error}")

    if TABLES_OPEN is not None:
        TABLES_OPEN()  # a bench measuring the server's CPU starts counting here, after the untimed openings
    t0 = time.perf_counter() + 0.2
    workers = [threading.Thread(target=plan, args=(i, t, t0, record)) for i, t in enumerate(tables)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    run["seconds"] = time.perf_counter() - t0
    return run


def sleep_until(moment: float) -> None:
    delay = moment - time.perf_counter()
    if delay > 0:
        time.sleep(delay)


def closed_loop(base: str, clients: int) -> dict:
    def plan(index, table, t0, record):
        sleep_until(t0)
        for _ in range(SAVES_PER_CLIENT[clients]):
            ms, error = table.save()
            record(ms, error)
            if error:
                return

    return run_tables(base, clients, plan)


def club_room(base: str, seed: int) -> dict:
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


def bursts(base: str, seed: int) -> dict:
    """Every table saves once within the same 100 ms window; a new burst every second."""
    def plan(index, table, t0, record):
        rng = random.Random(seed * 1000 + index)
        for burst in range(BURSTS):
            sleep_until(t0 + burst * 1.0 + rng.uniform(0, BURST_WINDOW))
            record(*table.save())

    return run_tables(base, TABLES, plan)


MELD_CHECK = {"rules": "bicycle", "score": 1200, "melds": ["K K 2", "7 7 7"]}
DEAL_SCORE = {"rules": "bicycle", "before": {"we": 1200, "they": 3100}, "sides": {
    "we": {"melds": ["K K K K K K K", "7 7 2"], "red_threes": 1, "hands": ["5 9", ""], "went_out": True},
    "they": {"meld_points": 30, "canastas": {}, "red_threes": 0, "hand_points": 60}}}


def mixed(base: str, seed: int) -> dict:
    """20 clients in a closed loop, each asking the four things phones ask, in a random order each round:
    save a deal, check a meld (API), score a deal (API), poll the scoreboard (nothing new)."""
    def plan(index, table, t0, record):
        rng = random.Random(seed * 1000 + index)
        asks = {"save": table.save, "poll": table.poll,
                "meld check": lambda: table.ask("/api/v1/check/meld", MELD_CHECK),
                "deal score": lambda: table.ask("/api/v1/score/deal", DEAL_SCORE)}
        sleep_until(t0)
        for _ in range(MIXED_ROUNDS):
            order = list(asks)
            rng.shuffle(order)
            for kind in order:
                record(*asks[kind](), kind)

    return run_tables(base, TABLES, plan)


def figures(run: dict) -> dict:
    timings = run["timings"]
    result = {
        "requests": len(timings),
        "errors": len(run["errors"]),
        "p50_ms": round(statistics.median(timings), 1),
        "p95_ms": round(percentile(timings, 95), 1),
        "max_ms": round(max(timings), 1),
        "per_second": round(len(timings) / run["seconds"], 1),
        "server_cores_used": run.get("server_cores_used"),
        "server_cpu_ms_per_request": run.get("server_cpu_ms_per_request"),
    }
    if len(run["kinds"]) > 1:
        result["p95_ms_by_kind"] = {kind: round(percentile(ms, 95), 1) for kind, ms in run["kinds"].items()}
    return result


def medians(runs: list[dict]) -> dict:
    keys = ("p50_ms", "p95_ms", "max_ms", "per_second", "server_cores_used", "server_cpu_ms_per_request")
    summary = {key: round(statistics.median(run[key] for run in runs), 2 if key == "server_cores_used" else 1)
               for key in keys if runs[0].get(key) is not None}
    summary["requests"] = sum(run["requests"] for run in runs)
    summary["errors"] = sum(run["errors"] for run in runs)
    if "p95_ms_by_kind" in runs[0]:
        summary["p95_ms_by_kind"] = {kind: round(statistics.median(run["p95_ms_by_kind"][kind] for run in runs), 1)
                                     for kind in runs[0]["p95_ms_by_kind"]}
    summary["runs"] = runs
    return summary


def growth(base: str, pid: int) -> dict:
    """One phone saves GROWTH_DEALS deals into one game: is the last as quick as deal 10? Besides the
    wall-clock times, the server's CPU time over the first and the last window (steadier on a busy machine)."""
    table = Table(base, deals_per_game=GROWTH_DEALS + 1)
    timings, errors, cpu = [], [], {}
    for number in range(1, GROWTH_DEALS + 1):
        if number in (1, GROWTH_DEALS - GROWTH_WINDOW + 1):
            cpu[number] = cpu_seconds(pid)
        ms, error = table.save()
        timings.append(ms)
        if error:
            errors.append(error)
        if number in (GROWTH_WINDOW, GROWTH_DEALS):
            cpu[number] = cpu_seconds(pid)
    early = statistics.median(timings[:GROWTH_WINDOW])
    late = statistics.median(timings[-GROWTH_WINDOW:])
    result = {"last_deal": GROWTH_DEALS, "deal_10_ms": round(early, 1), "deal_last_ms": round(late, 1),
              "ratio": round(late / early, 2), "errors": len(errors)}
    if None not in cpu.values():
        early_cpu = (cpu[GROWTH_WINDOW] - cpu[1]) * 1000 / GROWTH_WINDOW
        late_cpu = (cpu[GROWTH_DEALS] - cpu[GROWTH_DEALS - GROWTH_WINDOW + 1]) * 1000 / GROWTH_WINDOW
        result.update(deal_10_cpu_ms=round(early_cpu, 1), deal_last_cpu_ms=round(late_cpu, 1),
                      cpu_ratio=round(late_cpu / early_cpu, 2) if early_cpu else None)
    return result


SERVER = """
import logging
import sys
sys.path.insert(0, sys.argv[2])
logging.getLogger("waitress.queue").setLevel(logging.ERROR)  # queueing shows in the latencies
from waitress.server import create_server
from scorekeeper import create_app
app = create_app({"DATABASE": sys.argv[1], "SECRET_KEY": "bench", "GAMES_PER_HOUR": 0})  # one address starts every table's games
assert not app.debug and not app.jinja_env.auto_reload, "templates would be re-read on every render"
server = create_server(app, host="%s", port=0, threads=int(sys.argv[3]))
print(server.effective_port, flush=True)
server.run()
""" % HOST


def cpu_seconds(pid: int) -> float | None:
    """User plus system CPU time of a process so far (Linux), to see how many cores the server uses."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def timed_run(scenario, base: str, seed: int, pid: int) -> dict:
    before = cpu_seconds(pid)
    run = scenario(base, seed)
    after = cpu_seconds(pid)
    if before is not None and after is not None:
        run["server_cores_used"] = round((after - before) / run["seconds"], 2)
        run["server_cpu_ms_per_request"] = round((after - before) * 1000 / len(run["timings"]), 1)
    return figures(run)


SCENARIOS = {
    **{f"closed_loop_{n}": (lambda base, seed, n=n: closed_loop(base, n)) for n in CLIENTS},
    "tables_20_poisson": club_room,
    "tables_20_burst": bursts,
    "mixed_20": mixed,
}


def measure_latency(app_root: Path, threads: int, only: list[str]) -> dict:
    """The server runs in its own process, so the clients' threads do not share its interpreter lock."""
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        server = subprocess.Popen(
            [sys.executable, "-c", SERVER, str(Path(tmp) / "bench.sqlite"), str(app_root), str(threads)],
            stdout=subprocess.PIPE, text=True)
        base = f"http://{HOST}:{int(server.stdout.readline())}"
        try:
            for name, scenario in SCENARIOS.items():
                if only and name not in only:
                    continue
                results[name] = medians([timed_run(scenario, base, seed, server.pid) for seed in range(RUNS)])
                shown = {k: v for k, v in results[name].items() if k != "runs"}
                print(f"{name:>18}: {shown}", flush=True)
            if not only or "growth" in only:
                runs = [growth(base, server.pid) for _ in range(RUNS)]
                results["growth"] = {key: statistics.median(run[key] for run in runs) for key in runs[0]
                                     if all(run.get(key) is not None for run in runs)}
                results["growth"]["runs"] = runs
                print(f"{'growth':>18}: {runs}", flush=True)
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
            game = start_game(Phone(base))
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path="/usr/bin/chromium-headless-shell",
                                            args=["--no-sandbox", "--disable-gpu", "--no-first-run"])
                context = browser.new_context(viewport={"width": 360, "height": 640}, has_touch=True,
                                              is_mobile=True)
                page = context.new_page()
                page.goto(f"{base}{game}")
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
    return {"taps": taps, "keystrokes": keys, "totals_after_save": {"we": int(saved[0].replace(",", "")), "they": int(saved[1].replace(",", ""))},
            "how": "counted from a scripted Playwright run on a 360x640 phone: every tap on a control or field "
                   "and every key typed; went-out is a segmented button, canastas and red threes are steppers, "
                   "points are typed on the number pad, hand points of the side that went out stay empty (0)"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--threads", type=int, default=WAITRESS_THREADS, help="waitress threads")
    parser.add_argument("--app-root", type=Path, default=ROOT, help="the checkout of the app to measure")
    parser.add_argument("--out", type=Path, default=RESULTS, help="where to write the JSON")
    parser.add_argument("--no-taps", action="store_true", help="skip the Playwright run")
    parser.add_argument("--only", default="", help="comma-separated scenarios to run (names as in the output, "
                                                   "or growth); implies --no-taps")
    args = parser.parse_args()
    only = [name.strip() for name in args.only.split(",") if name.strip()]
    began = time.perf_counter()
    latency = measure_latency(args.app_root.resolve(), args.threads, only)
    if args.no_taps or only:
        taps = {"skipped": "--no-taps or --only"}
    else:
        try:
            taps = count_taps()
        except Exception as error:  # no Chromium on this machine: say so rather than guess
            taps = {"error": f"Playwright run failed: {error}"}
    print("typical deal:", taps)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({
        "benchmark": "scorepad: save a deal (htmx POST answered with what changed on the scorepad)",
        "server": f"waitress on {HOST} in its own process, {args.threads} threads, CSRF on, SQLite WAL; clients "
                  f"are threads of the bench process on the same 2-core machine",
        "scenarios": {
            "closed_loop_N": "N clients, each saving again as soon as answered (saves per client: "
                             f"{SAVES_PER_CLIENT})",
            "tables_20_poisson": f"{TABLES} tables, each saving at Poisson arrivals, mean "
                                 f"{MEAN_SECONDS_BETWEEN_SAVES} s apart, for {ROOM_SECONDS} s",
            "tables_20_burst": f"{TABLES} tables all saving within the same {int(BURST_WINDOW * 1000)} ms window, "
                               f"{BURSTS} bursts a second apart",
            "mixed_20": f"{TABLES} clients in a closed loop, {MIXED_ROUNDS} rounds each of: save a deal, POST "
                        "/api/v1/check/meld, POST /api/v1/score/deal, poll the scoreboard (unchanged), in a "
                        "random order",
            "growth": f"one phone saves {GROWTH_DEALS} deals into one game; deal_10_ms is the median of deals "
                      f"1-{GROWTH_WINDOW}, deal_last_ms of the last {GROWTH_WINDOW} (a game holds at most "
                      f"{MAX_DEALS} deals)",
        },
        "runs_per_scenario": RUNS,
        "figures": "medians over the runs of each run's p50 / p95 / max (ms), requests per second and the cores "
                   "the server process kept busy (its CPU seconds over the run's seconds)",
        "deals_per_game": DEALS_PER_GAME,
        "load_average_after": os.getloadavg() if hasattr(os, "getloadavg") else None,
        "latency": latency,
        "typical_deal_by_totals": taps,
        "targets": {"p95_ms_tables_20_burst": 50, "p95_ms_mixed_20": 100, "growth_ratio": 1.2, "taps": 12},
        "seconds": round(time.perf_counter() - began, 1),
    }, indent=2) + "\n")
    print("\nms, medians over %d runs:" % RUNS)
    print(f"  {'scenario':<18} {'p50':>7} {'p95':>7} {'max':>7} {'per s':>8} {'cores':>6} {'cpu ms':>6} {'errors':>6}")
    for name, row in latency.items():
        if name == "growth":
            print(f"  deal 10: {row['deal_10_ms']} ms, deal {row['last_deal']}: {row['deal_last_ms']} ms, "
                  f"ratio {row['ratio']}; server CPU {row.get('deal_10_cpu_ms')} / {row.get('deal_last_cpu_ms')} ms, "
                  f"ratio {row.get('cpu_ratio')}")
            continue
        print(f"  {name:<18} {row['p50_ms']:>7} {row['p95_ms']:>7} {row['max_ms']:>7} "
              f"{row['per_second']:>8} {row.get('server_cores_used', '-'):>6} "
              f"{row.get('server_cpu_ms_per_request', '-'):>6} {row['errors']:>6}")
    print(f"written {args.out} in {time.perf_counter() - began:.0f} s")


if __name__ == "__main__":
    main()

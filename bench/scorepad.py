"""Benchmark of the scorepad: saving a deal under load, and the taps a typical deal takes.

1. Latency: the real app under waitress on 127.0.0.1 (CSRF on, a fresh database). 1, 5 and 20 clients,
   each a phone at its own table (its own game, its own session and CSRF token), save deals by totals at
   the same time. One measured request is the htmx POST of the deal form, answered with the updated
   scorepad fragment (new totals, minimums and a fresh form). Each client makes a bounded number of saves.
   p50 / p95 / max in milliseconds per client count.
2. Taps: a scripted Playwright run on a 360x640 phone enters a typical deal by totals (one side goes out with
   a natural and a mixed canasta and a red three; the other has a mixed canasta and cards left in hand) and
   counts every tap and every key pressed, then checks that the deal was saved with the expected totals.

Writes bench/results/scorepad.json. Run with `make bench` or `.venv/bin/python bench/scorepad.py`.
"""

from __future__ import annotations

import http.cookiejar
import json
import re
import statistics
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
WAITRESS_THREADS = 8
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


def client_run(base: str, saves: int, barrier: threading.Barrier, timings: list[float], errors: list[str]):
    phone = Phone(base)
    game_id, token, version = open_game(phone)
    barrier.wait()
    for n in range(saves):
        if n and n % DEALS_PER_GAME == 0:
            game_id, token, version = open_game(phone)
        started = time.perf_counter()
        status, html, _ = phone.call(f"/games/{game_id}/deals", {**DEAL, "csrf_token": token, "version": version},
                                     {"HX-Request": "true", "X-CSRFToken": token})
        timings.append((time.perf_counter() - started) * 1000)
        if status != 200 or 'id="scoreboard"' not in html:
            errors.append(f"status {status}")
            return
        version = re.search(r'name="version" type="hidden" value="(\d+)"', html).group(1)


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered) + 0.5) - 1))]


SERVER = """
import sys
sys.path.insert(0, sys.argv[2])
from waitress.server import create_server
from scorekeeper import create_app
app = create_app({"DATABASE": sys.argv[1], "SECRET_KEY": "bench"})
server = create_server(app, host="127.0.0.1", port=0, threads=%d)
print(server.effective_port, flush=True)
server.run()
"""


def measure_latency() -> dict:
    """The server runs in its own process, so the clients' threads do not share its interpreter lock."""
    import subprocess

    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        server = subprocess.Popen(
            [sys.executable, "-c", SERVER % WAITRESS_THREADS, str(Path(tmp) / "bench.sqlite"), str(ROOT)],
            stdout=subprocess.PIPE, text=True)
        base = f"http://127.0.0.1:{int(server.stdout.readline())}"
        try:
            for clients in CLIENTS:
                timings: list[float] = []
                errors: list[str] = []
                barrier = threading.Barrier(clients)
                workers = [threading.Thread(target=client_run,
                                            args=(base, SAVES_PER_CLIENT[clients], barrier, timings, errors))
                           for _ in range(clients)]
                began = time.perf_counter()
                for w in workers:
                    w.start()
                for w in workers:
                    w.join()
                elapsed = time.perf_counter() - began
                results[str(clients)] = {
                    "clients": clients,
                    "saves": len(timings),
                    "errors": len(errors),
                    "p50_ms": round(statistics.median(timings), 1),
                    "p95_ms": round(percentile(timings, 95), 1),
                    "max_ms": round(max(timings), 1),
                    "saves_per_second": round(len(timings) / elapsed, 1),
                }
                print(f"{clients:>2} clients: {results[str(clients)]}")
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
    latency = measure_latency()
    try:
        taps = count_taps()
    except Exception as error:  # no Chromium on this machine: say so rather than guess
        taps = {"error": f"Playwright run failed: {error}"}
    print("typical deal:", taps)
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps({
        "benchmark": "scorepad: save a deal (htmx POST answered with the updated scorepad fragment)",
        "server": f"waitress on 127.0.0.1 in its own process, {WAITRESS_THREADS} threads, CSRF on, SQLite WAL; "
                  f"clients are threads of the bench process, each saving again as soon as answered",
        "saves_per_client": SAVES_PER_CLIENT,
        "deals_per_game": DEALS_PER_GAME,
        "latency": latency,
        "typical_deal_by_totals": taps,
        "targets": {"p95_ms_with_20_clients": 50, "taps": 12},
    }, indent=2) + "\n")
    print(f"written {RESULTS.relative_to(ROOT)}")


if __name__ == "__main__":
    main()

"""Benchmark: does a table's save stay fast while other clients ask for PDF sheets?

The real app runs under waitress in its own process (as bench/scorepad.py), on a fresh database holding a long
game (150 deals). One table phone saves a deal by totals every 100 ms and each save is timed (the htmx POST of the
deal form, answered with the updated scorepad). Scenarios, each run for 40 saves (or 45 s, whichever is first):

- ``quiet``: nobody else is asking for anything;
- ``pdf_same_sheet``: 4 clients fetch the long game's sheet over and over (what anyone on the Wi-Fi could do);
- ``pdf_new_versions``: 4 clients each add a deal to their own long game and fetch its sheet, so every fetch is
  a new version that must really be rendered.

Reports p50 / p95 / max of the table's saves in milliseconds and how many PDFs the clients got. Writes
bench/results/pdf_load.json. Run with `make bench` or `.venv/bin/python bench/pdf_load.py`; `--app-root DIR`
measures another checkout (to compare before and after a change), `--out FILE` writes elsewhere.
"""

from __future__ import annotations

import argparse
import json
import platform
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from scorepad import HOST, SERVER, Phone, Table, percentile  # noqa: E402

SAVES = 40
SCENARIO_SECONDS = 45.0  # a scenario stops after this long even if its saves are not done (slow "before" runs)
SAVE_EVERY = 0.1  # seconds between the table's saves
PDF_CLIENTS = 4
LONG_GAME_DEALS = 150
RESULTS = ROOT / "bench" / "results" / "pdf_load.json"

SETUP = """
import sys
sys.path.insert(0, sys.argv[2])
from scorekeeper import create_app
from scorekeeper.stores.deals import add_deal
from scorekeeper.stores.games import create_game, game_version, get_game
from scorekeeper.db import connect
create_app({"DATABASE": sys.argv[1], "SECRET_KEY": "bench"})
db = connect(sys.argv[1])
sides = [{"key": "we", "name": "We", "players": ["Ann", "Bob"]},
         {"key": "they", "name": "They", "players": ["Cy", "Di"]}]
for _ in range(1 + int(sys.argv[4])):
    game = create_game(db, rules="bicycle", options={}, sides=sides)
    for n in range(int(sys.argv[3])):
        deal = {"we": {"meld_points": 5 + n % 4 * 5, "hand_points": 10},
                "they": {"meld_points": 5, "hand_points": 5 + n % 3 * 5}}
        add_deal(db, game, deal, mode="totals", expected_version=game_version(db, game))
    print("/games/" + get_game(db, game).link, flush=True)
"""

QUIET_DEAL = {"mode": "totals", "we-went_out": "no", "we-meld_points": "10", "we-hand_points": "10",
              "they-went_out": "no", "they-meld_points": "5", "they-hand_points": "5"}


def fetch_sheets(base: str, game: str, stop: threading.Event, new_versions: bool, got: list[int]) -> None:
    phone = Phone(base)
    token = version = None
    while not stop.is_set():
        if new_versions:
            import re

            _, html, _ = phone.call(game)
            token = re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)
            version = re.search(r'name="version" type="hidden" value="(\d+)"', html).group(1)
            phone.call(f"{game}/deals", {**QUIET_DEAL, "csrf_token": token, "version": version})
        request = urllib.request.Request(f"{base}{game}/sheet.pdf")
        try:
            with phone.opener.open(request, timeout=120) as response:
                if response.status == 200 and response.read().startswith(b"%PDF"):
                    got.append(1)
        except urllib.error.HTTPError as error:
            error.read()


def run(base: str, games: list[int], scenario: str) -> dict:
    table = Table(base)
    stop = threading.Event()
    got: list[int] = []
    clients = []
    if scenario != "quiet":
        new_versions = scenario == "pdf_new_versions"
        for i in range(PDF_CLIENTS):
            target = games[1 + i] if new_versions else games[0]
            clients.append(threading.Thread(target=fetch_sheets, args=(base, target, stop, new_versions, got)))
        for client in clients:
            client.start()
        time.sleep(1.0)  # the clients are busy before the first timed save
    timings, errors = [], []
    deadline = time.perf_counter() + SCENARIO_SECONDS
    try:
        for _ in range(SAVES):
            if time.perf_counter() > deadline:
                break
            ms, error = table.save()
            timings.append(ms)
            if error:
                errors.append(error)
            time.sleep(SAVE_EVERY)
    finally:
        stop.set()
        for client in clients:
            client.join(timeout=120)
    return {"saves": len(timings), "errors": len(errors), "p50_ms": round(percentile(timings, 50), 1),
            "p95_ms": round(percentile(timings, 95), 1), "max_ms": round(max(timings), 1), "pdfs_served": len(got)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--app-root", type=Path, default=ROOT)
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        database = str(Path(tmp) / "bench.sqlite")
        setup = subprocess.run([sys.executable, "-c", SETUP, database, str(args.app_root), str(LONG_GAME_DEALS),
                                str(PDF_CLIENTS)], capture_output=True, text=True, check=True)
        games = setup.stdout.split()  # each game's address
        server = subprocess.Popen([sys.executable, "-c", SERVER, database, str(args.app_root), "4"],
                                  stdout=subprocess.PIPE, text=True)
        base = f"http://{HOST}:{int(server.stdout.readline())}"
        try:
            for scenario in ("quiet", "pdf_same_sheet", "pdf_new_versions"):
                results[scenario] = run(base, games, scenario)
                print(f"{scenario:>17}: {results[scenario]}", flush=True)
        finally:
            server.terminate()
            server.wait(timeout=30)
    document = {"benchmark": "pdf_load", "app_root": str(args.app_root), "machine": platform.machine(),
                "python": platform.python_version(), "when": datetime.now(timezone.utc).isoformat(timespec="seconds"),
                "long_game_deals": LONG_GAME_DEALS, "pdf_clients": PDF_CLIENTS, "results": results}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(document, indent=2) + "\n")
    print(f"Written to {args.out}")


if __name__ == "__main__":
    main()

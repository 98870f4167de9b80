"""Speed of a phone's games list (issue 21): the same page for a phone with 10 games and one with 1,000.

Run from the repository root:  .venv/bin/python bench/games_list.py

Each phone's games are started through the store and put in its list (``stores.devices.remember``), two deals
each; a thousand more games of other phones sit in the same database. The timed request is GET /games/ through
Flask's test client with that phone's session, after one untimed warm-up each (the summaries are then cached, as
on a server that has been up a while). The two phones' requests alternate, so a load elsewhere on a shared machine
falls on both alike; each request's wall time and this process's CPU time are kept, and the medians compared.
The aim: the phone with 1,000 games gets its list within 1.5x the time of the phone with 10, since a page reads
and scores only the games it shows (a page of 10: ``web.games.PAGE_SIZE``).

Writes the figures to bench/results/games_list.json and prints them.
"""

from __future__ import annotations

import json
import platform
import statistics
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorekeeper import create_app  # noqa: E402
from scorekeeper.db import connect  # noqa: E402
from scorekeeper.stores import devices  # noqa: E402
from scorekeeper.stores.deals import add_deal  # noqa: E402
from scorekeeper.stores.games import create_game, game_version  # noqa: E402

RUNS = 101
AIM_RATIO = 1.5
SIDES = [{"key": "we", "name": "We", "players": ["Ann", "Bob"]},
         {"key": "they", "name": "They", "players": ["Cid", "Dee"]}]
DEAL = {"we": {"meld_points": 120, "canastas": {"natural": 1}, "hand_points": 0, "went_out": True},
        "they": {"meld_points": 60, "hand_points": 40}}


def fill(db, device: str, games: int) -> None:
    for _ in range(games):
        game_id = create_game(db, rules="bicycle", options={}, sides=SIDES)
        for _ in range(2):
            add_deal(db, game_id, DEAL, mode="totals", expected_version=game_version(db, game_id))
        devices.remember(db, device, "game", game_id)


def phone(app, device: str):
    client = app.test_client()
    with client.session_transaction() as session:
        session["device"] = device
    return client


def timed(client) -> tuple[float, float, int]:
    """One request: its wall time and this process's CPU time in ms, and the page's size."""
    started, cpu = time.perf_counter(), time.process_time()
    response = client.get("/games/")
    wall, used = (time.perf_counter() - started) * 1000, (time.process_time() - cpu) * 1000
    assert response.status_code == 200, response.status_code
    return wall, used, len(response.data)


def medians(clients) -> list[tuple[float, float, int]]:
    """Each client's median wall and CPU time over RUNS requests, the clients taking turns."""
    for client in clients:
        timed(client)  # warm-up: each shown game's summary is cached from here on
    runs = [[timed(client) for client in clients] for _ in range(RUNS)]
    return [(statistics.median(r[i][0] for r in runs), statistics.median(r[i][1] for r in runs), runs[-1][i][2])
            for i in range(len(clients))]


def main() -> None:
    few, many, others = "f" * 43, "m" * 43, "o" * 43
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"TESTING": True, "DATABASE": str(Path(folder) / "bench.sqlite"), "SECRET_KEY": "bench"})
        db = connect(app.config["DATABASE"])
        fill(db, few, 10)
        fill(db, many, 1000)
        fill(db, others, 1000)
        db.close()
        (few_ms, few_cpu, few_bytes), (many_ms, many_cpu, many_bytes) = medians([phone(app, few), phone(app, many)])
    record = {
        "bench": "games_list.py",
        "when": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "python": platform.python_version(),
        "runs": RUNS,
        "list_10_games_ms": round(few_ms, 2),
        "list_1000_games_ms": round(many_ms, 2),
        "list_10_games_cpu_ms": round(few_cpu, 2),
        "list_1000_games_cpu_ms": round(many_cpu, 2),
        "page_bytes_10_games": few_bytes,
        "page_bytes_1000_games": many_bytes,
        "ratio": round(many_ms / few_ms, 2),
        "cpu_ratio": round(many_cpu / few_cpu, 2),
        "aim_ratio": AIM_RATIO,
    }
    results = ROOT / "bench" / "results" / "games_list.json"
    results.parent.mkdir(parents=True, exist_ok=True)
    results.write_text(json.dumps(record, indent=2) + "\n")
    print(f"games list, a phone with 10 games (median of {RUNS}): {few_ms:.2f} ms ({few_cpu:.2f} ms CPU), "
          f"{few_bytes} bytes")
    print(f"games list, a phone with 1,000 games (median of {RUNS}): {many_ms:.2f} ms ({many_cpu:.2f} ms CPU), "
          f"{many_bytes} bytes")
    print(f"ratio {record['ratio']} wall, {record['cpu_ratio']} CPU (aim: within {AIM_RATIO}x)")
    print(f"written to {results.relative_to(ROOT)}")


if __name__ == "__main__":
    main()

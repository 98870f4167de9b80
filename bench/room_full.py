"""Benchmark of a room full of phones (issue 19): a table's saves through `scorekeeper serve` on a quiet server,
then while 80 connections that each loaded a scorepad stay open and 50 clients have sent half a request and
stalled (tests/safety/test_room_full.py checks the same without timing it).

Writes bench/results/room_full.json and prints a summary. Run with `make bench` or
`.venv/bin/python bench/room_full.py` (about half a minute).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.recording import Phone  # noqa: E402
from tests.safety.test_room_full import _new_game, _real_connections, _slow_clients  # noqa: E402
from tests.safety.test_same_key_race import QUIET  # noqa: E402
from tests.test_serve import free_port, start_serving, stop  # noqa: E402
from tests.web.scorepad_helpers import totals_form  # noqa: E402

SAVES = 20
RESULTS = ROOT / "bench" / "results" / "room_full.json"


def saves(phone: Phone, game: str, token: str, first: int) -> list[float]:
    """Milliseconds of each of SAVES saves, one after another."""
    times = []
    for n in range(first, first + SAVES):
        form = totals_form(n, client_key=f"bench-{n:04d}-0123456789", csrf_token=token,
                           **{**QUIET, "we-meld_points": "50"})  # small deals: forty never end the game
        start = time.perf_counter()
        status, _, _ = phone.call(f"{game}/deals", form)
        times.append((time.perf_counter() - start) * 1000)
        assert status == 303, status
    return times


def summary(times: list[float]) -> dict:
    ordered = sorted(times)
    return {"saves": len(times), "p50_ms": round(statistics.median(ordered), 1),
            "p95_ms": round(ordered[int(0.95 * (len(ordered) - 1))], 1), "max_ms": round(ordered[-1], 1)}


def main() -> None:
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "SCOREKEEPER_DATABASE": str(Path(tmp) / "club.sqlite"), "PYTHONUNBUFFERED": "1",
               "SCOREKEEPER_INSTANCE": tmp}
        command = [sys.executable, "-m", "scorekeeper.cli", "serve", "--host", "127.0.0.1", "--port", str(port)]
        process, _ = start_serving(command, ROOT, env)
        real, slow = [], []
        try:
            phone = Phone(f"http://127.0.0.1:{port}")
            game, token = _new_game(phone)
            quiet = saves(phone, game, token, 1)
            real = _real_connections(port, game, 80)
            slow = _slow_clients(port, game, 50)
            crowded = saves(phone, game, token, 1 + SAVES)
        finally:
            for connection in real:
                connection.close()
            for sock in slow:
                sock.close()
            stop(process)
    result = {"measured_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
              "load_average": os.getloadavg()[0], "quiet": summary(quiet),
              "80_open_and_50_stalled": summary(crowded)}
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()

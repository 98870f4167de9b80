"""Speed of the referee: through the engine's Python API and through the JSON API over HTTP.

Run from the repository root:  .venv/bin/python bench/engine.py

Measures, each as the median of several runs:
- meld checks per second and card-by-card deal scores per second, calling the engine directly
  (the loops of bench/engine_core.py, reused);
- POST /api/v1/check/meld requests per second against the real app served by waitress on
  127.0.0.1, over a few keep-alive connections, for a bounded number of requests.

Prints the figures and appends one JSON record to bench/results/engine.json.
"""

from __future__ import annotations

import http.client
import json
import logging
import platform
import statistics
import sys
import tempfile
import threading
import time
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from engine_core import DEAL_CALLS, MELD_CALLS, RUNS, append_result, bench_deals, bench_melds  # noqa: E402

from scorekeeper import create_app  # noqa: E402

HTTP_RUNS = 5
HTTP_REQUESTS = 2_000
HTTP_CONNECTIONS = 4
HTTP_BODIES = [
    json.dumps({"rules": "bicycle", "melds": ["K K K", "A A 2"]}),
    json.dumps({"rules": "silhill", "opened": True, "table": ["Q Q Q"], "melds": ["K K 2 2"], "add": {"Q": "Q"}}),
    json.dumps({"rules": "modern-american", "score": 1600, "melds": ["A A A A", "K K K K 2", "JK 2 2"]}),
]


def median_rate(work, amount: int, runs: int) -> float:
    rates = []
    for _ in range(runs):
        start = time.perf_counter()
        work(amount)
        rates.append(amount / (time.perf_counter() - start))
    return statistics.median(rates)


class Served:
    """The real app (CSRF on, a throwaway database) served by waitress on a free local port."""

    def __init__(self, folder: str):
        from waitress.server import create_server

        # Waitress notes each moment a request waits for a free thread; under a benchmark that is expected.
        logging.getLogger("waitress.queue").setLevel(logging.ERROR)
        app = create_app({"DATABASE": str(Path(folder) / "bench.sqlite"), "SECRET_KEY": "bench-only"})
        self.server = create_server(app, host="127.0.0.1", port=0, threads=HTTP_CONNECTIONS)
        self.port = self.server.effective_port
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> "Served":
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        # Let the worker threads finish their last responses before the sockets go away.
        self.server.task_dispatcher.shutdown()
        self.server.close()
        self.thread.join(timeout=5)


def post_meld_checks(port: int, requests: int) -> None:
    """Send ``requests`` meld checks split over keep-alive connections, one thread per connection."""
    per_connection = requests // HTTP_CONNECTIONS
    failures: list[str] = []

    def client(offset: int) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        try:
            for i in range(per_connection):
                body = HTTP_BODIES[(offset + i) % len(HTTP_BODIES)]
                connection.request("POST", "/api/v1/check/meld", body, {"Content-Type": "application/json"})
                response = connection.getresponse()
                answer = response.read()
                if response.status != 200 or b'"legal"' not in answer:
                    failures.append(f"{response.status} {answer[:200]!r}")
                    return
        finally:
            connection.close()

    threads = [threading.Thread(target=client, args=(k,)) for k in range(HTTP_CONNECTIONS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failures:
        raise SystemExit(f"the API answered unexpectedly: {failures[0]}")


def main() -> None:
    bench_melds(1_000)  # warm the card caches and the profiles
    bench_deals(200)
    meld_rate = median_rate(bench_melds, MELD_CALLS, RUNS)
    deal_rate = median_rate(bench_deals, DEAL_CALLS, RUNS)
    with tempfile.TemporaryDirectory() as folder, Served(folder) as served:
        post_meld_checks(served.port, 200)  # warm-up
        http_rate = median_rate(lambda n: post_meld_checks(served.port, n), HTTP_REQUESTS, HTTP_RUNS)
    record = {
        "bench": "engine.py",
        "when": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "python": platform.python_version(),
        "runs": RUNS,
        "meld_checks_per_s": round(meld_rate),
        "deal_scores_per_s": round(deal_rate),
        "http_runs": HTTP_RUNS,
        "http_requests_per_run": HTTP_REQUESTS,
        "http_connections": HTTP_CONNECTIONS,
        "api_check_meld_requests_per_s": round(http_rate),
    }
    path = append_result(record)
    print(f"meld checks per second, engine API (median of {RUNS}): {meld_rate:,.0f}")
    print(f"card-by-card deal scores per second, engine API (median of {RUNS}): {deal_rate:,.0f}")
    print(
        f"POST /api/v1/check/meld per second, waitress on 127.0.0.1, {HTTP_CONNECTIONS} keep-alive connections, "
        f"{HTTP_REQUESTS} requests (median of {HTTP_RUNS}): {http_rate:,.0f}"
    )
    print(json.dumps(record))
    print(f"appended to {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()

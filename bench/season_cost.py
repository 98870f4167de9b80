"""Benchmark of a season's cost in a club's history (issue 32): two clubs, one with a season of 3 evenings and one
with a season of 48 (8 pairs, 3 rounds of 4 deals per table; the same players, so the same ladder rows but for one
stand-in), and what reading each costs: the season's JSON (``GET /api/v1/seasons/{id}``), its public page
(``/results/season/{id}``), the public page of a member who played 3 of its evenings (the same rows in both clubs:
Olga, for whom Quim stands in on the 45 earlier evenings of the longer season) and of a regular who played every
evening (3 rows against 48), and the JSON of a season of the same evenings that counts each player's best three
quarters of them (best 2 of 3, best 36 of 48). Each is read over HTTP from the app served by waitress (wall-clock
ms, as the issue measured them from outside), warm and with the game summary cache emptied before each read, and
through Flask's test client in this process (CPU ms). Then the 48-evening season's file is imported through ``scorekeeper serve``
over real HTTP, as a director uploads it.

The seasons are made by importing generated season files (tests/seasons/long_season.py: one evening played
through the stores, deal by deal, then repeated a week apart). Writes bench/results/season_cost.json (medians in
ms, the 48/3 ratio of each) and prints it. Run with `make bench` or `.venv/bin/python bench/season_cost.py` (about
a minute). docs/PERFORMANCE.md keeps the figures before and after evenings' standings were kept, and after
the database added the ladder up."""

from __future__ import annotations

import http.client
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from waitress.server import create_server  # noqa: E402

from scorekeeper import create_app  # noqa: E402
from scorekeeper.db import connect  # noqa: E402
from scorekeeper.stores import season_transfer  # noqa: E402
from scorekeeper.stores.summary import summary_cache  # noqa: E402
from scorekeeper.tournaments.ladder import Rules  # noqa: E402
from tests.clubs.helpers import Club  # noqa: E402
from tests.conftest import stop_server  # noqa: E402
from tests.seasons.long_season import Served, file_bytes, one_evening_file, season_file  # noqa: E402

SIZES = (3, 48)
#: A season of the same evenings that counts each player's best three quarters of them (the database ranks each
#: player's evenings, ``ROW_NUMBER``): its JSON only.
BEST = {3: Rules(count="best", best=2, of=3), 48: Rules(count="best", best=36, of=48)}
WARM, COLD = 30, 20
RESULTS = ROOT / "bench" / "results" / "season_cost.json"


def median_ms(reads: dict, times: int, cold: bool, clock=time.perf_counter) -> dict:
    """The median of ``times`` reads by ``clock`` of each of ``reads`` (by season size), each after emptying the
    summary cache when ``cold``: the sizes take turns read by read (the first one changing at every turn), so a
    busy spell of the shared machine falls on both alike and their ratio stays a fair one."""
    taken: dict = {size: [] for size in reads}
    for turn in range(times):
        for size in (list(reads) if turn % 2 == 0 else list(reversed(reads))):
            if cold:
                summary_cache.clear()
            start = clock()
            reads[size]()
            taken[size].append((clock() - start) * 1000)
    return {size: round(statistics.median(values), 2) for size, values in taken.items()}


def over_http(port: int, path: str):
    """A GET of ``path`` from the served app, over one kept-alive connection."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def read():
        connection.request("GET", path)
        answer = connection.getresponse()
        answer.read()
        assert answer.status == 200, (path, answer.status)
    return read


def in_process(client, path: str):
    def read():
        answer = client.get(path)
        assert answer.status_code == 200, (path, answer.status_code)
    return read


def measure(client, port: int, clubs: dict, tokens: dict, best_tokens: dict) -> dict:
    """The reads of each season's club (by size): served over HTTP (wall-clock ms, as the issue measured them from
    outside) and in this process through the test client (CPU ms), warm and with the summary cache emptied; and
    the JSON of the season of the same evenings that counts the best of them."""
    def pages(size: int) -> dict:
        club, token = clubs[size], tokens[size]
        return {"season_json": f"/api/v1/seasons/{token}", "season_page": f"/results/season/{token}",
                "member_page": f"/clubs/{club.public}/players/{club.player('Olga')}",
                "regular_page": f"/clubs/{club.public}/players/{club.player('Ana')}",
                "best_n_json": f"/api/v1/seasons/{best_tokens[size]}"}
    paths = {size: pages(size) for size in clubs}
    figures = {size: {"ladder_rows": len(client.get(paths[size]["season_json"]).get_json()["rows"])}
               for size in clubs}
    for name in paths[SIZES[0]]:
        served = {size: over_http(port, paths[size][name]) for size in clubs}
        local = {size: in_process(client, paths[size][name]) for size in clubs}
        for read in served.values():
            read()  # the first read fills what a first read fills
        for key, found in ((f"{name}_warm_ms", median_ms(served, WARM, cold=False)),
                           (f"{name}_cold_ms", median_ms(served, COLD, cold=True)),
                           (f"{name}_cpu_ms", median_ms(local, WARM, cold=False, clock=time.process_time))):
            for size, value in found.items():
                figures[size][key] = value
    return {str(size): values for size, values in figures.items()}


def served_import(raw: bytes, tmp: str) -> dict:
    """The file imported over real HTTP by a director of a club of a fresh ``scorekeeper serve``."""
    served = Served(Path(tmp))
    try:
        start = time.perf_counter()
        status, _ = served.upload(raw)
        taken = (time.perf_counter() - start) * 1000
    finally:
        served.close()
    return {"bytes": len(raw), "status": status, "imported": status == 303, "ms": round(taken)}


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "DATABASE": str(Path(tmp) / "club.sqlite"),
                          "SECRET_KEY": "bench"})
        pattern_club = Club(app, "Pattern Club", "Ana")
        owners = {size: Club(app, f"Club of {size} evenings", "Ana") for size in SIZES}  # a history of its own each
        best_owners = {size: Club(app, f"Club of {size} evenings, the best counting", "Ana") for size in SIZES}
        db = connect(app.config["DATABASE"])
        try:
            with app.test_request_context():
                pattern = one_evening_file(db, pattern_club.id)
                files = {size: season_file(pattern, size, name=f"{size} evenings", stand_in=("Olga", "Quim"))
                         for size in SIZES}
                best_files = {size: season_file(pattern, size, name=f"Best of {size}", stand_in=("Olga", "Quim"),
                                                rules=BEST[size]) for size in SIZES}
                for size, document in files.items():
                    season_transfer.import_season(db, file_bytes(document), owners[size].id)
                    season_transfer.import_season(db, file_bytes(best_files[size]), best_owners[size].id)
        finally:
            db.close()
        client = app.test_client()
        server = create_server(app, host="127.0.0.1", port=0, threads=4)
        serving = threading.Thread(target=server.run, daemon=True)
        serving.start()
        try:
            figures = measure(client, server.effective_port, owners,
                              {size: files[size]["season"]["results_token"] for size in SIZES},
                              {size: best_files[size]["season"]["results_token"] for size in SIZES})
        finally:
            stop_server(server, serving)
        small, large = figures[str(SIZES[0])], figures[str(SIZES[-1])]
        ratios = {key.removesuffix("_ms"): round(large[key] / small[key], 2) for key in small if key.endswith("_ms")}
        imported = served_import(file_bytes(files[SIZES[-1]]), tmp)
    result = {"measured_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "load_average": os.getloadavg()[0],
              "evenings": figures, "ratio_48_to_3": ratios, "import_48_over_http": imported}
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()

"""Speed of the printable sheets: a game's score sheet and a blank sheet, through the app.

Run from the repository root:  .venv/bin/python bench/sheets.py

Measures, each as the median of several runs, the whole request through Flask's test client (reading the game
and its deals, re-scoring them, rendering the template, WeasyPrint laying it out and writing the PDF):
- GET /games/<id>/sheet.pdf for a game of 10 deals and one of 60 deals;
- GET /sheets/blank.pdf?rules=modern-american (the longest reference panel).
The first request of the process (which imports WeasyPrint) is reported on its own as the cold start.

Writes the figures to bench/results/sheets.json and prints them.
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
from scorekeeper.stores.deals import add_deal  # noqa: E402
from scorekeeper.stores.games import create_game, get_game  # noqa: E402
from scorekeeper.db import connect  # noqa: E402
from tests.recording import game_path  # noqa: E402

RUNS = 7
SIDES = [
    {"key": "we", "name": "We", "players": ["Ann", "Bob"]},
    {"key": "they", "name": "They", "players": ["Cid", "Dee"]},
]
# Two kinds of deal in turn: one entered card by card, one by totals, with a penalty now and then.
DEALS = [
    {
        "we": {"melds": ["K K K K K K K", "7 7 2", "A A A"], "hands": ["5 9", ""], "red_threes": 1, "went_out": True},
        "they": {"meld_points": 90, "canastas": {}, "red_threes": 0, "hand_points": 60, "penalties": ["illegal-meld"]},
    },
    {
        "we": {"meld_points": 120, "canastas": {}, "hand_points": 45},
        "they": {"meld_points": 250, "canastas": {"mixed": 1}, "red_threes": 2, "went_out": True, "hand_points": 0},
    },
]


def make_game(db, deals: int) -> int:
    game_id = create_game(db, rules="bicycle", options={"target": 100000}, sides=SIDES)
    for i in range(deals):
        version = get_game(db, game_id)["version"]
        add_deal(db, game_id, DEALS[i % 2], mode="cards", expected_version=version)
    return game_id


def timed_get(client, url: str) -> float:
    start = time.perf_counter()
    response = client.get(url)
    elapsed = time.perf_counter() - start
    if response.status_code != 200 or not response.data.startswith(b"%PDF-"):
        raise SystemExit(f"{url} answered {response.status_code}: {response.data[:200]!r}")
    return elapsed


def median_seconds(client, url: str) -> float:
    return statistics.median(timed_get(client, url) for _ in range(RUNS))


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"TESTING": True, "DATABASE": str(Path(folder) / "bench.sqlite"), "SECRET_KEY": "bench"})
        db = connect(app.config["DATABASE"])
        short, long = make_game(db, 10), make_game(db, 60)
        db.close()
        client = app.test_client()
        blank = "/sheets/blank.pdf?rules=modern-american&paper=a4"
        cold = timed_get(client, blank)
        figures = {
            "game_sheet_10_deals_s": median_seconds(client, f"{game_path(client, short)}/sheet.pdf"),
            "game_sheet_60_deals_s": median_seconds(client, f"{game_path(client, long)}/sheet.pdf"),
            "blank_sheet_s": median_seconds(client, blank),
        }
    record = {
        "bench": "sheets.py",
        "when": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "python": platform.python_version(),
        "runs": RUNS,
        "first_request_with_weasyprint_import_s": round(cold, 3),
        **{name: round(value, 3) for name, value in figures.items()},
        "goal_game_sheet_10_deals_s": 0.5,
    }
    results = ROOT / "bench" / "results" / "sheets.json"
    results.parent.mkdir(parents=True, exist_ok=True)
    results.write_text(json.dumps(record, indent=2) + "\n")
    print(f"game sheet, 10 deals (median of {RUNS}): {figures['game_sheet_10_deals_s']:.3f} s")
    print(f"game sheet, 60 deals (median of {RUNS}): {figures['game_sheet_60_deals_s']:.3f} s")
    print(f"blank sheet, modern-american (median of {RUNS}): {figures['blank_sheet_s']:.3f} s")
    print(f"first request of the process, importing WeasyPrint: {cold:.3f} s")
    print(json.dumps(record))
    print(f"written to {results.relative_to(ROOT)}")


if __name__ == "__main__":
    main()

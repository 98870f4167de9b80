"""Speed of the rules engine through its Python API: meld checks and card-by-card deal scores per second.

Run from the repository root:  python bench/engine_core.py
Prints one line per measure and appends a JSON record to bench/results/engine.json.
"""
from __future__ import annotations

import json
import platform
import statistics
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorekeeper.rules import (  # noqa: E402
    PROFILES, SideDeal, Situation, check_meld, get_profile, parse_cards, score_deal,
)

RUNS = 7
MELD_CALLS = 20_000
DEAL_CALLS = 5_000


def _meld_cases():
    opened = Situation(1600, True, True, (parse_cards("Q Q Q"),))
    fresh = Situation(0, False, False, ())
    cases = []
    for profile in PROFILES.values():
        cases.append((profile, fresh, (parse_cards("K K K"), parse_cards("A A 2"))))
        cases.append((profile, opened, (parse_cards("9 9 9 2"),)))
        cases.append((profile, opened, (parse_cards("K K 2 2 JK"),)))
    return cases


def _deal_cases():
    we = SideDeal(melds=(parse_cards("K K K K K K K"), parse_cards("7 7 2"), parse_cards("A A A 2")),
                  hands=(parse_cards("5 9"), ()), red_threes=1, went_out=True)
    they = SideDeal(melds=(parse_cards("Q Q Q Q Q 2 JK"), parse_cards("8 8 8")),
                    hands=(parse_cards("4 4 6 J"), parse_cards("JK 2 9")), red_threes=2)
    return [(profile, {"we": we, "they": they}, {"we": 1200, "they": 3100}) for profile in PROFILES.values()]


def _rate(fn, calls: int) -> float:
    rates = []
    for _ in range(RUNS):
        start = time.perf_counter()
        fn(calls)
        rates.append(calls / (time.perf_counter() - start))
    return statistics.median(rates)


def bench_melds(calls: int) -> None:
    cases = _meld_cases()
    n = len(cases)
    for i in range(calls):
        profile, situation, melds = cases[i % n]
        check_meld(profile, situation, melds)


def bench_deals(calls: int) -> None:
    cases = _deal_cases()
    n = len(cases)
    for i in range(calls):
        profile, sides, before = cases[i % n]
        score_deal(profile, sides, before)


def main() -> None:
    get_profile("bicycle")
    bench_melds(1000)
    bench_deals(200)
    meld_rate = _rate(bench_melds, MELD_CALLS)
    deal_rate = _rate(bench_deals, DEAL_CALLS)
    print(f"meld checks per second (median of {RUNS}): {meld_rate:,.0f}")
    print(f"card-by-card deal scores per second (median of {RUNS}): {deal_rate:,.0f}")
    record = {
        "when": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "python": platform.python_version(),
        "runs": RUNS,
        "meld_checks_per_s": round(meld_rate),
        "deal_scores_per_s": round(deal_rate),
    }
    append_result(record)


def append_result(record: dict) -> Path:
    """Add ``record`` to bench/results/engine.json, a list of every run (both engine benchmarks write it)."""
    results = ROOT / "bench" / "results" / "engine.json"
    results.parent.mkdir(parents=True, exist_ok=True)
    history: list = []
    if results.exists():
        try:
            history = json.loads(results.read_text())
        except ValueError:
            history = []
        if not isinstance(history, list):
            history = [history]
    history.append(record)
    results.write_text(json.dumps(history, indent=2) + "\n")
    return results


if __name__ == "__main__":
    main()

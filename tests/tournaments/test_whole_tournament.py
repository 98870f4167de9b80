"""A whole club afternoon through the app: 16 players, 4 rounds, tables saving at the same time, one
correction by the director, and the final standings against figures worked out by hand."""

from __future__ import annotations

import csv
import io
import re
import threading

import pytest

from scorekeeper.stores.tournaments import results, rounds
from scorekeeper.db import connect

from .conftest import card_of, create_tournament, deal_form, enter, entries_of, tables_of
from tests.recording import tournament_path

PLAYERS = ["Ada", "Bea", "Cal", "Dot", "Eli", "Fay", "Gus", "Hal", "Ida", "Jon", "Kim", "Lou", "Max", "Nan",
           "Oli", "Pia"]

# Every table plays two deals (the round ends after 2 deals). Under the Bicycle rules, worked by hand:
#   deal 1: North-South went out with a natural canasta (500 + 100) and melded 100 x table number;
#           East-West melded 50 x round number.
#   deal 2: East-West went out with a mixed canasta (300 + 100) and melded 150;
#           North-South melded 200 and were caught with 30 in hand.
# So North-South end on 100 t + 770 and East-West on 50 r + 550.
EXPECTED_TOTALS = {(r, t): (100 * t + 770, 50 * r + 550) for r in range(1, 5) for t in range(1, 5)}
# The difference 100 t + 220 - 50 r on the 20-VP scale (100-295: 11, 300-495: 12, 500-795: 13).
EXPECTED_VP = {
    (1, 1): 11, (1, 2): 12, (1, 3): 12, (1, 4): 13,
    (2, 1): 11, (2, 2): 12, (2, 3): 12, (2, 4): 13,
    (3, 1): 11, (3, 2): 11, (3, 3): 12, (3, 4): 12,
    (4, 1): 11, (4, 2): 11, (4, 3): 12, (4, 4): 12,
}
# The director's correction of round 2, table 1: 2000 - 600, a difference of 1400: 15 VP to 5.
CORRECTED = (2, 1, 2000, 600, 15)


def version_on(page: str) -> int:
    return int(re.search(r'name="version"[^>]*value="(\d+)"', page).group(1))


def play_table(app, table: dict, round_number: int, failures: list) -> None:
    """One phone: open the table by its code, save two deals, then both sides confirm."""
    try:
        client = app.test_client()
        card = card_of(app, table.tournament_id, table.number)
        opened = client.get(f"/tournaments/join?table={table.number}&code={card.code.lower()}")
        assert opened.status_code == 303 and opened.headers["Location"].endswith(card.token)
        assert f"Table {table.number} · round {round_number}" in client.get(opened.headers["Location"]).get_data(
            as_text=True)
        url = f"/tournaments/table/{table.token}"
        t = table.number
        deals = [
            ({"meld": 100 * t, "natural": 1, "out": "yes"}, {"meld": 50 * round_number}),
            ({"meld": 200, "hand": 30}, {"meld": 150, "mixed": 1, "out": "yes"}),
        ]
        for we, they in deals:
            version = version_on(client.get(url).get_data(as_text=True))
            saved = client.post(f"{url}/deals", data=deal_form(version, we, they, who=f"scorer {t}"))
            assert saved.status_code == 303, saved.get_data(as_text=True)[:500]
        page = client.get(url).get_data(as_text=True)
        version = version_on(page)
        for side in ("we", "they"):
            done = client.post(f"{url}/confirm", data={"side": side, "version": version})
            assert done.status_code == 200
            label = "North-South" if side == "we" else "East-West"
            assert f"✓ {label} confirmed" in done.get_data(as_text=True)
    except AssertionError as error:  # collected: a failure in a thread must fail the test
        failures.append(f"round {round_number} table {table.number}: {error}")


@pytest.mark.slow
def test_a_whole_afternoon_of_individuals(no_csrf_app):
    app = no_csrf_app
    # The four tables play at once, each in a thread of its own, as a server's threads would: on PostgreSQL
    # each needs a connection of the pool (an app of the test client has one otherwise: tests/conftest.py).
    app.config["DATABASE_POOL_SIZE"] = 5
    director = app.test_client()
    tid = create_tournament(director, scoring="vp")
    for name in PLAYERS:
        enter(director, tid, name)

    for round_number in range(1, 5):
        started = director.post(f"{tournament_path(director, tid)}/rounds")
        assert started.status_code == 303
        tables = tables_of(app, tid, round_number)
        assert len(tables) == 4
        failures: list[str] = []
        threads = [threading.Thread(target=play_table, args=(app, t, round_number, failures)) for t in tables]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
        assert failures == []
        overview = director.get(tournament_path(director, tid)).get_data(as_text=True)
        assert "Every table has confirmed." in overview
        closed = director.post(f"{tournament_path(director, tid)}/round/{round_number}/close", data={"confirm": "yes"})
        assert closed.status_code == 303
        if round_number == 2:
            corrected_table = next(t for t in tables if t.number == CORRECTED[1])
            response = director.post(
                f"{tournament_path(director, tid)}/tables/{corrected_table.id}/result",
                data={"kind": "corrected", "we": CORRECTED[2], "they": CORRECTED[3],
                      "reason": "North-South's first deal was typed with a zero too few"},
            )
            assert response.status_code == 303

    finished = director.post(f"{tournament_path(director, tid)}/finish", data={"confirm": "yes"})
    assert finished.status_code == 303

    # Every game's totals are the hand-worked figures (or the correction), read from the scorepad.
    db = connect(app.config["DATABASE"])
    try:
        for table in rounds.list_tables(db, tid):
            status = results.table_status(db, table)
            key = (table.round_number, table.number)
            assert (status.summary.totals["we"], status.summary.totals["they"]) == EXPECTED_TOTALS[key]
            assert status.deals == 2 and status.locked
    finally:
        db.close()

    # The standings, worked out from the seating and the figures above.
    names = {e.id: name for name, e in entries_of(app, tid).items()}
    expected = {name: {"points": 0, "against": 0, "vp": 0, "won": 0} for name in PLAYERS}
    for table in tables_of(app, tid):
        key = (table.round_number, table.number)
        we, they = EXPECTED_TOTALS[key]
        vp = EXPECTED_VP[key]
        if key == CORRECTED[:2]:
            we, they, vp = CORRECTED[2], CORRECTED[3], CORRECTED[4]
        for ids, own, other, own_vp in ((table.we_entries, we, they, vp),
                                        (table.they_entries, they, we, 20 - vp)):
            for entry in ids:
                line = expected[names[entry]]
                line["points"] += own
                line["against"] += other
                line["vp"] += own_vp
                line["won"] += 1 if own > other else 0
    exported = director.get(f"{tournament_path(director, tid)}/results.csv")
    assert exported.status_code == 200 and exported.mimetype == "text/csv"
    rows = list(csv.DictReader(io.StringIO(exported.get_data(as_text=True))))
    assert len(rows) == 16 * 4
    got = {}
    for row in rows:
        got[row["name"]] = {"points": int(row["total_points"]), "vp": float(row["total_vp"]),
                            "won": float(row["total_won"]), "place": row["place"]}
    for name in PLAYERS:
        assert got[name]["points"] == expected[name]["points"], name
        assert got[name]["vp"] == expected[name]["vp"], name
        assert got[name]["won"] == expected[name]["won"], name
    # Ranked by VP, then games won, then point difference, then points.
    order = sorted(PLAYERS, key=lambda n: (-expected[n]["vp"], -expected[n]["won"],
                                           -(expected[n]["points"] - expected[n]["against"]),
                                           -expected[n]["points"]))
    leader = order[0]
    assert got[leader]["place"] in ("1", "1=")
    csv_order = list(dict.fromkeys(row["name"] for row in rows))
    key = lambda n: (expected[n]["vp"], expected[n]["won"], expected[n]["points"] - expected[n]["against"])  # noqa: E731
    assert [key(n) for n in csv_order] == [key(n) for n in order]

    page = director.get(f"{tournament_path(director, tid)}/standings").get_data(as_text=True)
    assert "Final standings after 4 rounds" in page and leader in page
    assert "4,000 or more" in page  # the VP scale is printed

    # The correction is in the log: who, what it was, what it became, why.
    log = director.get(f"{tournament_path(director, tid)}/log").get_data(as_text=True)
    assert "corrected" in log and "a zero too few" in log
    assert "corrected the table&#39;s score: 870 – 650 → 2,000 – 600 (corrected)" in log  # was → became, in English digits

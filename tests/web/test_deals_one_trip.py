"""One trip down per save (issue 32): a deal saved from the scorepad or from a table's phone reads its game's row once
and the phone's key once, and writes in one transaction, counted statement by statement as the database hears
them (``db.contract.heard``), on both engines: after a save this worker answered (its summary cached), and after one
another worker answered (this worker's cache knowing nothing of it)."""

from __future__ import annotations

import re

import pytest

from scorekeeper.db.contract import heard
from scorekeeper.stores.summary import summary_cache
from tests.recording import game_path
from tests.tournaments.conftest import deal_form, game_version, tables_of
from tests.tournaments.test_pages import four_players_in_round_one, play_simple_deal

from .scorepad_helpers import start_game, totals_form

#: The most statements one save may run, its transaction's own included (BEGIN, COMMIT; on PostgreSQL the locks
#: go with BEGIN): measured 7 and 8 for the scorepad (after this worker's save, after another's: the deals read as
#: they stand at the game's version), 11 and 12 for a table's phone (which also reads the table, its round and its
#: tournament in the write); before issue 32, 15 and 23, the key read 2 and 3 times, the game's row 4 and 3 times,
#: and the table's row 3 times until its language was read with it.
MOST = {"scorepad": 8, "table phone": 12}


def tables_read(statement: str) -> str:
    """The table a SELECT reads first ("" for any other statement)."""
    found = re.match(r"\s*SELECT\b.*?\bFROM\s+\"?(\w+)", statement, re.IGNORECASE | re.DOTALL)
    return found.group(1).lower() if found else ""


def counted(statements: list[str]) -> dict[str, int]:
    return {"client key": sum(1 for s in statements if tables_read(s) == "deals" and "client_key =" in s),
            "game row": sum(1 for s in statements if tables_read(s) == "games"),
            "table row": sum(1 for s in statements if tables_read(s) == "tournament_tables"),
            "statements": len(statements)}


def listing(statements: list[str]) -> str:
    return "\n".join(" ".join(s.split())[:110] for s in statements)


@pytest.mark.parametrize("other_worker", [False, True], ids=["same worker", "other worker"])
def test_a_scorepad_save_reads_its_game_and_key_once(client, engine, other_worker):
    game_id = start_game(client, target=99_000)
    path = game_path(client, game_id)
    for version in (1, 2):
        client.post(f"{path}/deals", data=totals_form(version), headers={"HX-Request": "true"})
    client.get(path)  # the page the phone saves from
    if other_worker:
        summary_cache.clear()
    with heard() as statements:
        response = client.post(f"{path}/deals", headers={"HX-Request": "true"},
                               data={**totals_form(3), "board_version": "3", "client_key": "k3-abcdefgh"})
    assert response.status_code == 200 and 'data-deal="4"' in response.get_data(as_text=True)
    found = counted(statements)
    assert (found["client key"], found["game row"]) == (1, 1), listing(statements)
    assert found["statements"] <= MOST["scorepad"], listing(statements)


@pytest.mark.parametrize("other_worker", [False, True], ids=["same worker", "other worker"])
def test_a_table_phone_save_reads_its_game_and_key_once(no_csrf_app, engine, other_worker):
    _, tid = four_players_in_round_one(no_csrf_app, round_limit=4)
    table = tables_of(no_csrf_app, tid, 1)[0]
    play_simple_deal(no_csrf_app, table, 50, 90)
    version = game_version(no_csrf_app, table)
    phone = no_csrf_app.test_client()
    phone.get(f"/tournaments/table/{table.token}")  # the page the phone saves from
    if other_worker:
        summary_cache.clear()
    data = {**deal_form(version, {"meld": 60, "natural": 1, "out": "yes"}, {"meld": 90}), "client_key": "t2-abcdefgh"}
    with heard() as statements:
        response = phone.post(f"/tournaments/table/{table.token}/deals", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)[:300]
    found = counted(statements)
    assert (found["client key"], found["game row"]) == (1, 1), listing(statements)
    # The table's row: by its link once, as routing finds it with the language it fixes; and again inside the
    # write, after the lock, where a director's change made meanwhile is seen.
    assert found["table row"] == 2, listing(statements)
    assert found["statements"] <= MOST["table phone"], listing(statements)
    assert game_version(no_csrf_app, table) == version + 1

"""Nobody gets into a table by guessing its code, or into the director's pages by guessing the password."""

from __future__ import annotations

from datetime import timedelta

import pytest

from scorekeeper.db import connect
from scorekeeper.paths import is_server_database
from scorekeeper import clock as app_clock
from scorekeeper.stores.tournaments import access

from .conftest import create_tournament, enter
from tests.recording import tournament_path


def open_tournament(app, client, names=("Ann", "Ben", "Cy", "Di", "Eve", "Fred", "Gil", "Hana")) -> int:
    tid = create_tournament(client)
    for name in names:
        enter(client, tid, name)
    assert client.post(f"{tournament_path(client, tid)}/rounds").status_code == 303
    return tid


def right_code(app, tid: int, number: int = 1) -> str:
    """The code printed on a table's card."""
    db = connect(app.config["DATABASE"])
    try:
        return access.table_code(db, tid, number)
    finally:
        db.close()


def wrong_code(right: str, n: int) -> str:
    """The n-th made-up code of the same length that is not ``right``."""
    letters = access.CODE_ALPHABET
    code = "".join(letters[(n // len(letters) ** i) % len(letters)] for i in range(len(right)))
    return code if code != right else wrong_code(right, n + 10_000)


@pytest.fixture
def clock(monkeypatch):
    """A clock the test moves by hand."""
    moment = [app_clock.now()]
    monkeypatch.setattr(app_clock, "now", lambda: moment[0])
    return moment


@pytest.mark.parametrize("own_code_in_between", [False, True])
@pytest.mark.slow
def test_guessing_codes_checks_at_most_the_documented_number_of_wrong_codes(no_csrf_app, clock,
                                                                             own_code_in_between):
    """One phone hammering the join page for half an hour, with or without typing its own tournament's right
    code between guesses (which once reset the count), gets at most CODE_GUESSES_PER_CLIENT wrong codes
    looked at in any CODE_WINDOW, and so at most that many per window over the whole run."""
    app = no_csrf_app
    attacker = app.test_client()
    victim = open_tournament(app, app.test_client())
    own = open_tournament(app, attacker)  # anyone can create a tournament and so learn one right code
    own_code = right_code(app, own)
    target = right_code(app, victim)
    checked = []  # when a wrong code was actually looked up (answered 404, not 429)
    n = 0
    minutes = 20  # two whole windows, and every window sliding across them
    for minute in range(minutes):
        for _ in range(10):  # a guess every 6 seconds: 100 in a window that allows 10
            n += 1
            answer = attacker.get(f"/tournaments/join?table=1&code={wrong_code(target, n)}")
            assert answer.status_code in (404, 429)
            if answer.status_code == 404:
                checked.append(clock[0])
            if own_code_in_between:
                attacker.get(f"/tournaments/join?table=1&code={own_code}")
            clock[0] += timedelta(seconds=6)
    window = access.CODE_WINDOW
    limit = access.CODE_GUESSES_PER_CLIENT
    for start in checked:
        assert sum(1 for t in checked if start <= t < start + window) <= limit
    assert len(checked) <= limit * (timedelta(minutes=minutes) // window + 1)


@pytest.mark.slow
def test_many_phones_together_are_held_to_the_limit_of_all_guesses(no_csrf_app, clock):
    """Spreading the guesses over many addresses does not raise the total: CODE_GUESSES_ALL in any window."""
    app = no_csrf_app
    target = right_code(app, open_tournament(app, app.test_client()))
    client = app.test_client()
    checked = 0
    for n in range(3 * access.CODE_GUESSES_ALL):
        answer = client.get(f"/tournaments/join?table=1&code={wrong_code(target, n)}",
                            environ_base={"REMOTE_ADDR": f"10.9.{n // 200}.{n % 200}"})
        checked += answer.status_code == 404
    assert checked <= access.CODE_GUESSES_ALL


def test_the_code_docstring_shows_a_hit_takes_far_longer_than_an_event():
    """The arithmetic in access's docstring: at the allowed rate, guessing any open table takes years."""
    codes = len(access.CODE_ALPHABET) ** access.CODE_LENGTH
    per_hour = access.CODE_GUESSES_ALL * (timedelta(hours=1) / access.CODE_WINDOW)
    running = 10  # ten tournaments at once, each with a table of the number guessed
    hours = codes / running / per_hour
    assert hours > 24 * 365
    assert f"{codes:,}" in access.__doc__


@pytest.mark.slow
def test_creating_tournaments_is_limited_per_address(no_csrf_app, clock):
    """Each new tournament hashes a password and gives away a table code: one address makes CREATE_PER_CLIENT
    an hour, then is asked to wait; another address is not held up."""
    from .conftest import tournament_form

    client = no_csrf_app.test_client()
    for _ in range(access.CREATE_PER_CLIENT):
        assert client.post("/tournaments/new", data=tournament_form()).status_code == 303
    refused = client.post("/tournaments/new", data=tournament_form())
    assert refused.status_code == 429
    assert "Too many tournaments" in refused.get_data(as_text=True)
    other = client.post("/tournaments/new", data=tournament_form(), environ_base={"REMOTE_ADDR": "10.3.3.3"})
    assert other.status_code == 303
    clock[0] += access.CREATE_WINDOW
    assert client.post("/tournaments/new", data=tournament_form()).status_code == 303


def test_the_password_check_runs_outside_any_write_transaction(no_csrf_app, monkeypatch):
    """scrypt is slow on purpose: while it runs, a table's save must be able to take the write lock."""
    import sqlite3

    from scorekeeper.stores.tournaments import access as access_module

    client = no_csrf_app.test_client()
    tid = create_tournament(client)
    seen = []
    real = access_module.check_password_hash

    def check_while_another_writes(stored, password):
        database = no_csrf_app.config["DATABASE"]
        if is_server_database(database):  # no other connection is inside a transaction, locks and all
            other = connect(database)
            open_elsewhere = other.one("SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database() "
                                       "AND pid <> pg_backend_pid() AND xact_start IS NOT NULL")[0]
            other.close()
            seen.append("locked" if open_elsewhere else "free")
            return real(stored, password)
        other = sqlite3.connect(database, timeout=0, isolation_level=None)
        try:
            other.execute("BEGIN IMMEDIATE")
            other.execute("ROLLBACK")
            seen.append("free")
        except sqlite3.OperationalError:
            seen.append("locked")
        finally:
            other.close()
        return real(stored, password)

    monkeypatch.setattr(access_module, "check_password_hash", check_while_another_writes)
    assert no_csrf_app.test_client().post(f"{tournament_path(client, tid)}/login", data={"password": "wrong"}).status_code == 422
    assert seen == ["free"]


@pytest.mark.parametrize("own_code_in_between", [False, True])
@pytest.mark.slow
def test_the_general_join_page_holds_each_tournament_to_its_limit(no_csrf_app, clock, own_code_in_between):
    """The join page without a tournament in its address (table number and code only) counts a wrong code
    against every running tournament it could have opened, with the same limiter as a tournament's own join
    page: many phones guessing there, with or without a right code of their own in between, get at most
    CODE_GUESSES_PER_TOURNAMENT wrong codes looked at in any CODE_WINDOW against one tournament."""
    app = no_csrf_app
    victim = open_tournament(app, app.test_client())
    attacker = app.test_client()
    own = open_tournament(app, attacker)
    own_code, target = right_code(app, own), right_code(app, victim)
    checked = []  # when a wrong code was looked up against the victim (every running tournament has a table 1)
    n = 0
    minutes = 15
    for minute in range(minutes):
        for second in range(0, 60, 6):  # 100 in a window that allows 30 against one tournament
            n += 1
            address = {"REMOTE_ADDR": f"10.8.{n // 250}.{n % 250}"}  # a new address each time
            answer = attacker.get(f"/tournaments/join?table=1&code={wrong_code(target, n)}", environ_base=address)
            assert answer.status_code in (404, 429)
            if answer.status_code == 404:
                checked.append(clock[0])
            if own_code_in_between:
                attacker.get(f"/tournaments/join?table=1&code={own_code}", environ_base=address)
            clock[0] += timedelta(seconds=6)
    window, limit = access.CODE_WINDOW, access.CODE_GUESSES_PER_TOURNAMENT
    assert checked  # the page did look codes up
    for start in checked:
        assert sum(1 for t in checked if start <= t < start + window) <= limit
    assert len(checked) <= limit * (timedelta(minutes=minutes) // window + 1)

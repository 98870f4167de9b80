"""Who may change what: the director's password, table links, closed rounds."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest

from scorekeeper.db import connect
from scorekeeper import clock
from scorekeeper.stores.tournaments import access

from .conftest import PASSWORD, card_of, create_tournament, deal_form, enter, game_version, log_text, tables_of
from tests.recording import game_path, tournament_path
from tests.worlds import Worlds


def _running(app) -> dict:
    """A tournament of eight players with round 1 started, by its director's client (built once, tests/worlds.py)."""
    director = app.test_client()
    tid = create_tournament(director, rounds=2)
    for name in ("Ann", "Ben", "Cy", "Di", "Eve", "Fred", "Gil", "Hana"):
        enter(director, tid, name)
    assert director.post(f"{tournament_path(director, tid)}/rounds").status_code == 303
    return {"director": director, "tid": tid}


WORLDS = Worlds(running=_running)
database, world = WORLDS.database, WORLDS.world


@pytest.fixture
def running(no_csrf_app, world):
    """The tournament's world in this test's database; returns (director client, tournament id, tables)."""
    return world["director"], world["tid"], tables_of(no_csrf_app, world["tid"], 1)


def deals_in(app, table) -> int:
    db = connect(app.config["DATABASE"])
    try:
        return db.execute("SELECT COUNT(*) FROM deals WHERE game_id = ?", [table.game_id]).fetchone()[0]
    finally:
        db.close()


def login_message(response) -> str:
    return re.search(r'role="alert">([^<]*)<', response.get_data(as_text=True)).group(1)


# --- Tables ----------------------------------------------------------------------------------------------


def test_a_table_link_only_reaches_its_own_game(no_csrf_app, running):
    _, _, (first, second) = running
    phone = no_csrf_app.test_client()
    version = game_version(no_csrf_app, first)
    response = phone.post(f"/tournaments/table/{first.token}/deals",
                          data=deal_form(version, {"meld": 120, "natural": 1, "out": "yes"}, {"meld": 40}))
    assert response.status_code == 303
    assert (deals_in(no_csrf_app, first), deals_in(no_csrf_app, second)) == (1, 0)
    # A made-up token reaches nothing.
    assert phone.post("/tournaments/table/not-a-token/deals", data=deal_form(1, {}, {})).status_code == 404
    # The scorepad's own pages refuse to change a tournament game: it is locked outside the table link.
    version = game_version(no_csrf_app, second)
    scorepad = phone.post(f"{game_path(no_csrf_app, second.game_id)}/deals", data=deal_form(version, {"meld": 50}, {"meld": 50}))
    assert scorepad.status_code == 409
    assert deals_in(no_csrf_app, second) == 0


def test_a_table_cannot_change_a_closed_round(no_csrf_app, running):
    director, tid, tables = running
    table = tables[0]
    phone = no_csrf_app.test_client()
    url = f"/tournaments/table/{table.token}"
    assert director.post(f"{tournament_path(director, tid)}/round/1/close", data={"confirm": "yes"}).status_code == 303
    version = game_version(no_csrf_app, table)
    refused = phone.post(f"{url}/deals", data=deal_form(version, {"meld": 120, "natural": 1, "out": "yes"}, {}))
    assert refused.status_code == 403
    assert "round is closed" in refused.get_data(as_text=True)
    assert deals_in(no_csrf_app, table) == 0
    assert phone.post(f"{url}/confirm", data={"side": "we", "version": version}).status_code == 403
    assert phone.post(f"{url}/undo", data={"version": version}).status_code == 403
    # The page still shows the table, read-only; the table's card opens the same, read-only, until a new round.
    page = phone.get(url).get_data(as_text=True)
    assert "Save the deal" not in page and "This round is closed" in page
    card = card_of(no_csrf_app, tid, table.number)
    opened = phone.get(f"/tournaments/join?table={table.number}&code={card.code}")
    assert opened.status_code == 303
    page = phone.get(opened.headers["Location"]).get_data(as_text=True)
    assert "Save the deal" not in page and "This round is closed" in page


def test_two_phones_on_one_table_cannot_both_save_on_the_same_score(no_csrf_app, running):
    _, _, tables = running
    table = tables[0]
    version = game_version(no_csrf_app, table)
    url = f"/tournaments/table/{table.token}/deals"
    first = no_csrf_app.test_client().post(url, data=deal_form(version, {"meld": 120, "natural": 1, "out": "yes"}, {}))
    second = no_csrf_app.test_client().post(url, data=deal_form(version, {"meld": 90, "natural": 1, "out": "yes"}, {}))
    assert (first.status_code, second.status_code) == (303, 409)
    assert "saved a deal first" in second.get_data(as_text=True)
    assert deals_in(no_csrf_app, table) == 1


def test_a_confirmation_of_an_older_score_is_refused(no_csrf_app, running):
    _, _, tables = running
    table = tables[0]
    phone = no_csrf_app.test_client()
    old = game_version(no_csrf_app, table)
    phone.post(f"/tournaments/table/{table.token}/deals",
               data=deal_form(old, {"meld": 120, "natural": 1, "out": "yes"}, {}))
    response = phone.post(f"/tournaments/table/{table.token}/confirm", data={"side": "we", "version": old})
    assert response.status_code == 409
    assert "score changed" in response.get_data(as_text=True)


# --- The director --------------------------------------------------------------------------------------


def test_only_the_director_corrects_or_runs_rounds(no_csrf_app, running):
    _, tid, tables = running
    stranger = no_csrf_app.test_client()
    result_url = f"{tournament_path(no_csrf_app, tid)}/tables/{tables[0].id}/result"
    posted = stranger.post(result_url, data={"kind": "corrected", "we": 5000, "they": 0, "reason": "mine"})
    assert posted.status_code == 403
    assert stranger.get(result_url).status_code == 303  # sent to sign in
    for url in (f"{tournament_path(no_csrf_app, tid)}/round/1/close", f"{tournament_path(no_csrf_app, tid)}/rounds", f"{tournament_path(no_csrf_app, tid)}/finish",
                f"{tournament_path(no_csrf_app, tid)}/entries"):
        assert stranger.post(url, data={"player1": "Zed"}).status_code == 403, url
    assert stranger.get(f"{tournament_path(no_csrf_app, tid)}/log").status_code == 303
    assert stranger.get(f"{tournament_path(no_csrf_app, tid)}/round/1/cards.pdf").status_code == 303
    # The public round page shows seats but never the table codes or links.
    page = stranger.get(f"{tournament_path(no_csrf_app, tid)}/round/1").get_data(as_text=True)
    assert tables[0].code not in page and tables[0].token not in page
    db = connect(no_csrf_app.config["DATABASE"])
    try:
        assert db.execute("SELECT COUNT(*) FROM tournament_log WHERE action = 'corrected'").fetchone()[0] == 0
    finally:
        db.close()


def test_a_signed_in_director_can_correct(no_csrf_app, running):
    _, tid, tables = running
    other = no_csrf_app.test_client()
    signed = other.post(f"{tournament_path(no_csrf_app, tid)}/login", data={"name": "Rosa", "password": PASSWORD})
    assert signed.status_code == 303
    response = other.post(f"{tournament_path(no_csrf_app, tid)}/tables/{tables[0].id}/result",
                          data={"kind": "adjusted", "we": 3000, "they": 2500, "reason": "A player was taken ill"})
    assert response.status_code == 303
    log = other.get(f"{tournament_path(no_csrf_app, tid)}/log").get_data(as_text=True)
    assert "director Rosa" in log and "taken ill" in log
    # Without a reason nothing changes.
    refused = other.post(f"{tournament_path(no_csrf_app, tid)}/tables/{tables[1].id}/result",
                         data={"kind": "corrected", "we": 1, "they": 2, "reason": ""})
    assert refused.status_code == 422


def test_a_wrong_password_gets_the_same_answer_whatever_was_wrong(no_csrf_app, running):
    _, tid, _ = running
    other_tid = create_tournament(no_csrf_app.test_client(), name="Other club", password="other-secret",
                                  password_again="other-secret")
    answers = set()
    for i, attempt in enumerate(["", "green baize", PASSWORD + " ", "other-secret"]):
        client = no_csrf_app.test_client()
        response = client.post(f"{tournament_path(client, tid)}/login", data={"password": attempt},
                               environ_base={"REMOTE_ADDR": f"10.0.0.{i + 1}"})
        assert response.status_code == 422
        answers.add(login_message(response))
    assert answers == {"Wrong password for this tournament&#39;s director."}
    assert other_tid != tid


def test_repeated_wrong_passwords_are_slowed_down(no_csrf_app, running, monkeypatch):
    _, tid, _ = running
    client = no_csrf_app.test_client()
    moment = clock.now()
    monkeypatch.setattr(clock, "now", lambda: moment)
    url = f"{tournament_path(client, tid)}/login"
    for _ in range(access.FREE_ATTEMPTS - 1):
        assert client.post(url, data={"password": "guess"}).status_code == 422
    third = client.post(url, data={"password": "guess"})
    assert third.status_code == 429 and "wait 2 seconds" in third.get_data(as_text=True)
    # While waiting even the right password is not listened to.
    assert client.post(url, data={"password": PASSWORD}).status_code == 429
    # Another address is not held up by this one.
    assert client.post(url, data={"password": PASSWORD}, environ_base={"REMOTE_ADDR": "10.1.1.1"}).status_code == 303
    # Each further wrong password doubles the wait.
    moment += timedelta(seconds=3)
    fourth = client.post(url, data={"password": "guess"})
    assert fourth.status_code == 429 and "wait 4 seconds" in fourth.get_data(as_text=True)
    moment += timedelta(seconds=5)
    assert client.post(url, data={"password": PASSWORD}).status_code == 303


def test_wrong_table_codes_are_limited_and_a_right_one_does_not_reset_the_count(no_csrf_app, running, monkeypatch):
    """Table codes could be guessed: a phone gets CODE_GUESSES_PER_CLIENT wrong ones in a window, then waits,
    and typing a right code between guesses does not give any back."""
    _, tid, tables = running
    client = no_csrf_app.test_client()
    moment = clock.now()
    monkeypatch.setattr(clock, "now", lambda: moment)
    right = card_of(no_csrf_app, tid, 1).code
    wrong = "Z" * len(right) if right != "Z" * len(right) else "Y" * len(right)
    for i in range(access.CODE_GUESSES_PER_CLIENT):
        if i:
            assert client.get(f"/tournaments/join?table=1&code={right}").status_code == 303
        assert client.get(f"/tournaments/join?table=1&code={wrong}").status_code == 404
    held = client.get(f"/tournaments/join?table=1&code={wrong}")
    assert held.status_code == 429 and "wait 10 minutes" in held.get_data(as_text=True)
    # While waiting even the right code is not looked up.
    assert client.get(f"/tournaments/join?table=1&code={right}").status_code == 429
    # Another phone is not held up by this one.
    other = client.get(f"/tournaments/join?table=1&code={right}", environ_base={"REMOTE_ADDR": "10.2.2.2"})
    assert other.status_code == 303
    moment += access.CODE_WINDOW
    assert client.get(f"/tournaments/join?table=1&code={right}").status_code == 303


def test_joining_needs_the_table_number_and_code_and_says_what_is_missing(no_csrf_app, running):
    _, tid, _ = running
    client = no_csrf_app.test_client()
    missing = client.get("/tournaments/join?code=ABCDEF")
    assert missing.status_code == 422 and "Type the table&#39;s number" in missing.get_data(as_text=True)
    card = card_of(no_csrf_app, tid, 2)
    assert client.get(f"/tournaments/join?table=1&code={card.code}").status_code == 404  # table 2's code
    opened = client.get(f"{tournament_path(client, tid)}/join?table=2&code={card.code.lower()}")
    assert opened.status_code == 303 and opened.headers["Location"].endswith(f"/tournaments/phone/{card.token}")


def test_the_password_is_stored_only_as_a_hash(no_csrf_app, running):
    _, tid, _ = running
    db = connect(no_csrf_app.config["DATABASE"])
    try:
        stored = db.execute("SELECT password_hash FROM tournaments WHERE id = ?", [tid]).fetchone()[0]
    finally:
        db.close()
    assert PASSWORD not in stored and stored.startswith(("scrypt:", "pbkdf2:"))


def test_the_app_hashes_a_password_at_werkzeugs_full_scrypt_cost():
    """The suite hashes at a lower cost (tests/conftest.py); the app as its module is written, at werkzeug's own
    default (checked against werkzeug, so a stronger default there shows here)."""
    import runpy

    from werkzeug.security import check_password_hash, generate_password_hash

    from scorekeeper.stores import passwords

    as_written = runpy.run_path(passwords.__file__)  # a fresh copy of the module, not the suite's
    made = as_written["hashed"]("a long pass phrase")
    assert made.split("$")[0] == generate_password_hash("x").split("$")[0] == "scrypt:32768:8:1"
    assert check_password_hash(made, "a long pass phrase") and not check_password_hash(made, "a long pass")


def test_a_deal_changed_after_a_confirmation_is_in_the_directors_log(no_csrf_app, running):
    director, tid, tables = running
    table = tables[0]
    phone = no_csrf_app.test_client()
    url = f"/tournaments/table/{table.token}"
    version = game_version(no_csrf_app, table)
    phone.post(f"{url}/deals", data=deal_form(version, {"meld": 120, "natural": 1, "out": "yes"}, {"meld": 40}))
    version = game_version(no_csrf_app, table)
    assert phone.post(f"{url}/confirm", data={"side": "we", "version": version}).status_code == 200
    phone.post(f"{url}/undo", data={"version": version, "side": "we"})
    log = log_text(director, tid)
    assert "North-South confirmed" in log
    assert "undid deal 1 after a side had confirmed" in log and "table 1" in log
    # The undo cancelled North-South's confirmation: the director sees the table as unconfirmed.
    overview = director.get(tournament_path(director, tid)).get_data(as_text=True)
    assert "not confirmed yet" in overview


def test_the_right_password_during_a_lock_out_says_the_sign_in_is_paused_not_wrong(no_csrf_app, running, monkeypatch):
    _, tid, _ = running
    client = no_csrf_app.test_client()
    moment = clock.now()
    monkeypatch.setattr(clock, "now", lambda: moment)
    url = f"{tournament_path(client, tid)}/login"
    for _ in range(access.FREE_ATTEMPTS + 6):
        client.post(url, data={"password": "guess"})
        moment += timedelta(seconds=access.MAX_WAIT_SECONDS)
    client.post(url, data={"password": "guess"})  # the wait has doubled up to some minutes
    wait = min(access.FIRST_WAIT_SECONDS * 2 ** 7, access.MAX_WAIT_SECONDS)
    assert wait > 120
    paused = client.post(url, data={"password": PASSWORD})
    text = paused.get_data(as_text=True)
    assert paused.status_code == 429
    assert "Wrong password" not in text
    assert "paused" in text and re.search(r"try again in \d+ minutes", text)
    # Seconds while the wait is short, still not "wrong".
    moment += timedelta(seconds=wait - 30)
    short = client.post(url, data={"password": PASSWORD}).get_data(as_text=True)
    assert "Wrong password" not in short and re.search(r"try again in \d+ seconds", short)
    moment += timedelta(seconds=31)
    assert client.post(url, data={"password": PASSWORD}).status_code == 303

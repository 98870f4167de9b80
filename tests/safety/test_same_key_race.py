"""A phone's retry of a save the server already holds, finished or still being written, gets that save's own
answer: never "another phone saved first" (issue 19).

The phone sends a save, its answer is lost or slow, and it sends the same entry again under the same key. When
the retry arrives while the first attempt is still inside its transaction, the retry waits for the game's write
lock (SQLite's, or PostgreSQL's lock of that game); by the time it has it, the first one has moved the game's version on. The store must then read the first
one's deal by its key, not report a lost race. The store is where this is decided (a unique key per game and a
read after the lock), so it holds for several server processes too, not only for threads of one.
"""

from __future__ import annotations

import re
import threading

import pytest

from scorekeeper.db import connect
from scorekeeper.stores.deals import add_deal
from scorekeeper.stores.games import game_version, list_deals
from scorekeeper.stores.tournaments import play, rounds
from tests.recording import Phone, started_id
from tests.tournaments.test_browser import start_tournament

from ..web.scorepad_helpers import option_values, totals_form
from .helpers import new_game, quiet_deal

KEY = "retry-0123456789abcdef"
#: A deal nobody goes out of, so twenty of them never end the game.
QUIET = {"we-went_out": "no", "we-canasta_natural": "0", "we-canasta_mixed": "0", "we-red_threes": "0",
         "we-hand_points": "10", "they-canasta_mixed": "0", "they-meld_points": "5", "they-hand_points": "5"}


def _second_writer(path: str, write) -> tuple[threading.Thread, dict]:
    """Run ``write(db)`` on a connection of its own in a thread; its result or error lands in the dict."""
    outcome: dict = {}

    def run():
        db = connect(path)
        try:
            outcome["result"] = write(db)
        except Exception as error:  # noqa: BLE001 - the test reports what the retry got
            outcome["error"] = error
        finally:
            db.close()

    thread = threading.Thread(target=run)
    thread.start()
    return thread, outcome


def _wait_until_blocked(thread: threading.Thread) -> None:
    """Give the second writer time to reach the game's write lock and wait there (a connection of its own waits as
    long as it takes on PostgreSQL, and its busy timeout on SQLite)."""
    thread.join(timeout=0.5)
    assert thread.is_alive(), "the retry did not wait for the first save's transaction"


def test_a_retry_that_arrives_while_the_first_save_is_being_written_gets_the_first_saves_deal(db, no_csrf_app):
    path = no_csrf_app.config["DATABASE"]
    game = new_game(db)
    with db.write():  # the first attempt, still inside its transaction
        first = add_deal(db, game, quiet_deal(), mode="totals", expected_version=1, client_key=KEY)
        thread, outcome = _second_writer(path, lambda other: add_deal(
            other, game, quiet_deal(), mode="totals", expected_version=1, client_key=KEY))
        _wait_until_blocked(thread)
    thread.join(timeout=15)
    assert "error" not in outcome, f"the retry was refused: {outcome.get('error')!r}"
    assert outcome["result"] == first
    assert len(list_deals(db, game)) == 1
    assert game_version(db, game) == 2


def test_a_retry_based_on_the_version_after_the_first_save_still_gets_the_first_saves_deal(db, no_csrf_app):
    """The unique key, not the version, decides: a retry that carries the next version finds the deal too."""
    path = no_csrf_app.config["DATABASE"]
    game = new_game(db)
    with db.write():
        first = add_deal(db, game, quiet_deal(), mode="totals", expected_version=1, client_key=KEY)
        thread, outcome = _second_writer(path, lambda other: add_deal(
            other, game, quiet_deal(1), mode="totals", expected_version=2, client_key=KEY))
        _wait_until_blocked(thread)
    thread.join(timeout=15)
    assert outcome.get("result") == first, outcome
    assert len(list_deals(db, game)) == 1


@pytest.mark.slow
def test_a_retry_from_another_server_process_waits_for_the_first_save_and_gets_its_deal(db, no_csrf_app):
    """Several server processes share the database (issue 22): the retry is written by another process, which
    holds no lock of this one, and still finds the first save's deal once it has committed."""
    import subprocess
    import sys

    path = no_csrf_app.config["DATABASE"]
    game = new_game(db)
    script = ("import sys; from scorekeeper.db import connect; from scorekeeper.stores.deals import add_deal; "
              "db = connect(sys.argv[1]); "
              "print(add_deal(db, int(sys.argv[2]), {'we': {'meld_points': 5, 'hand_points': 10}, "
              "'they': {'meld_points': 5, 'hand_points': 5}}, mode='totals', expected_version=1, "
              "client_key=sys.argv[3]))")
    with db.write():
        first = add_deal(db, game, quiet_deal(), mode="totals", expected_version=1, client_key=KEY)
        retry = subprocess.Popen([sys.executable, "-c", script, path, str(game), KEY], stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True)
        try:
            retry.wait(timeout=3)
        except subprocess.TimeoutExpired:
            pass  # waiting for this transaction, as it should
        assert retry.returncode is None, f"the retry did not wait: {retry.communicate()}"
    out, err = retry.communicate(timeout=30)
    assert retry.returncode == 0, err[-600:]
    assert int(out.strip()) == first
    assert len(list_deals(db, game)) == 1


def test_another_phones_save_on_the_same_version_is_still_refused(db, no_csrf_app):
    """Only the same key is the same save: a different key on a version that moved on is a lost race."""
    from scorekeeper.stores.errors import StaleGame

    path = no_csrf_app.config["DATABASE"]
    game = new_game(db)
    with db.write():
        add_deal(db, game, quiet_deal(), mode="totals", expected_version=1, client_key=KEY)
        thread, outcome = _second_writer(path, lambda other: add_deal(
            other, game, quiet_deal(), mode="totals", expected_version=1, client_key="other-phone-0123456789"))
        _wait_until_blocked(thread)
    thread.join(timeout=15)
    assert isinstance(outcome.get("error"), StaleGame), outcome
    assert len(list_deals(db, game)) == 1


def test_a_table_phones_retry_while_its_first_save_is_being_written_gets_that_deal(no_csrf_app):
    table, _card = start_tournament(no_csrf_app)
    path = no_csrf_app.config["DATABASE"]
    db = connect(path)
    try:
        table_row = rounds.get_table(db, table.tournament_id, table.id)
        version = game_version(db, table.game_id)
        sides = {"we": {"meld_points": 70, "hand_points": 10}, "they": {"meld_points": 40, "hand_points": 20}}

        def save(conn):
            return play.table_add_deal(conn, table_row, sides, side="we", expected_version=version,
                                       who="table 1 North-South", client_key=KEY)

        with db.write():
            first = save(db)
            thread, outcome = _second_writer(path, save)
            _wait_until_blocked(thread)
        thread.join(timeout=15)
        assert "error" not in outcome, f"the retry was refused: {outcome.get('error')!r}"
        assert (outcome["result"].deal_id, outcome["result"].replayed) == (first.deal_id, True)
        assert len(list_deals(db, table.game_id)) == 1
    finally:
        db.close()


# --- Over HTTP, on a live waitress server: a save and its retry sent at the same moment -------------------


def _new_game_over_http(phone: Phone) -> tuple[str, str]:
    """A game started on ``phone``: its address (``/games/<link>``) and the page's CSRF token."""
    token = phone.token("/games/new")
    status, _, headers = phone.call("/games/new", {
        "csrf_token": token, "rules": "bicycle", "first_dealer": "0", "we_name": "Us", "they_name": "Them",
        "we_player0": "Ann", "we_player1": "Cy", "they_player0": "Bo", "they_player1": "Di",
        **option_values("bicycle")})
    assert status == 303, status
    return headers["Location"], token


def _race(phone: Phone, path: str, form: dict, headers: dict) -> list[tuple[int, str]]:
    """Send the same save twice at the same moment; both answers."""
    start = threading.Barrier(2)
    answers: list = [None, None]

    def send(i):
        start.wait()
        status, text, _ = phone.call(path, form, headers)
        answers[i] = (status, text)

    threads = [threading.Thread(target=send, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return answers


def test_a_save_and_its_retry_sent_together_over_http_both_get_the_saves_answer(live_server):
    phone = Phone(live_server.url)
    game, token = _new_game_over_http(phone)
    htmx = {"HX-Request": "true", "HX-Target": "scorepad", "X-CSRFToken": token}
    refused = []
    for n in range(1, 21):
        form = totals_form(n, client_key=f"race-{n:04d}-0123456789", csrf_token=token, **QUIET,
                           **{"we-meld_points": 100 + 5 * n})
        answers = _race(phone, f"{game}/deals", form, htmx if n % 2 else {})
        for status, text in answers:
            if status not in (200, 303) or (status == 200 and f"Deal {n} saved." not in text):
                refused.append((n, status, re.sub(r"\s+", " ", text)[:200]))
    db = connect(live_server.app.config["DATABASE"])
    try:
        deals = list_deals(db, started_id(db, game))
    finally:
        db.close()
    assert not refused, f"{len(refused)} of 40 answers refused a phone's own retry, first: {refused[0]}"
    assert [d.sides["we"]["meld_points"] for d in deals] == [100 + 5 * n for n in range(1, 21)]

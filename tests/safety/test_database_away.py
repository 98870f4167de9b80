"""The database away or too busy is trouble, not a crash (issue 29): whichever path meets it (the routing's look-up of
a link, a view, a commit, the end of the request) answers 503 with ``Retry-After`` and the words the phones show
(a deal is kept on the phone and sent when the server is back), as a page, as text for htmx and as JSON for the
API; what needs no database keeps answering and opens no connection; the log says it once, and once when it is
back. (The same under load, with a real server stopped and frozen: tests/workers/test_database_away.py.)"""

from __future__ import annotations

import logging

import pytest

from scorekeeper import create_app
from scorekeeper import db as database
from scorekeeper.db import connect, postgres
from scorekeeper.ops.trouble import Outage
from scorekeeper.web import trouble as web_trouble
from scorekeeper.stores.games import list_deals
from tests.recording import started_id

from ..web.scorepad_helpers import option_values, totals_form

pytestmark = pytest.mark.postgres
KEPT = "kept on this phone and sent when the server is back"


def _new_game(client) -> str:
    data = {"rules": "bicycle", "first_dealer": "0", **option_values("bicycle"), "we_name": "Us", "they_name": "Them",
            "we_player0": "Ann", "we_player1": "Cy", "they_player0": "Bo", "they_player1": "Di"}
    response = client.post("/games/new", data=data)
    assert response.status_code == 303
    return response.headers["Location"]


@pytest.fixture
def pg(pg_cluster, monkeypatch, tmp_path):
    """An app on a PostgreSQL database of its own (not in testing mode: errors are answered as in production)."""
    url = pg_cluster.database(template=pg_cluster.template)
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(tmp_path / "instance"))
    monkeypatch.setattr(postgres, "SERVING", postgres.Limits(connect=2, wait=0.5))
    monkeypatch.setattr(postgres, "RETRY_SECONDS", 0.0)  # every request tries the server again
    fresh = Outage()  # this test's outages only
    monkeypatch.setattr(web_trouble, "outage", fresh)
    monkeypatch.setattr(database, "outage", fresh)
    app = create_app({"DATABASE": url, "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False})
    app.url = url
    yield app
    from scorekeeper.db import close_pools

    close_pools()
    pg_cluster.drop(url)


def _away(app, tmp_path) -> None:
    """From now on the app's database names a server that is not there (nothing listens in that folder)."""
    away = app.url.split("?")[0] + f"?host={tmp_path}"
    app.config["DATABASE"] = app.config["DATABASE_URL"] = away


def _says_it_is_away(response, kind: str = "page") -> None:
    assert response.status_code == 503, response.get_data(as_text=True)[:300]
    assert int(response.headers["Retry-After"]) > 0
    if kind == "json":
        assert response.get_json()["error"]["code"] == "storage.unavailable"
        assert KEPT in response.get_json()["error"]["message"]
    else:
        assert KEPT in response.get_data(as_text=True)
        assert response.mimetype == ("text/plain" if kind == "htmx" else "text/html")


def test_what_needs_no_database_answers_while_it_is_away_and_opens_no_connection(pg, tmp_path):
    _away(pg, tmp_path)
    client = pg.test_client()
    for path in ("/", "/static/css/app.css", "/sw.js", "/manifest.webmanifest"):
        with client.get(path) as response:
            assert response.status_code == 200, path
    scored = client.post("/api/v1/score/deal", json={"rules": "bicycle", "sides": {"a": {}, "b": {}}})
    assert scored.status_code == 200
    assert pg.config["DATABASE"] not in database._pools  # no request asked for a connection


def test_a_game_page_a_fragment_and_the_api_say_the_database_is_away(pg, tmp_path):
    client = pg.test_client()
    game = _new_game(client)
    _away(pg, tmp_path)
    _says_it_is_away(client.get(game))  # the link is looked up while the request is routed
    _says_it_is_away(client.get(game, headers={"HX-Request": "true"}), "htmx")
    _says_it_is_away(client.get("/api/v1/rules"), "json")
    _says_it_is_away(client.post(f"{game}/deals", data=totals_form(version=1), headers={"HX-Request": "true"}),
                     "htmx")


def test_a_connection_lost_during_the_request_is_answered_503_and_let_go(pg):
    """The server ends the request's connection under it (as a restart does): the statement that meets it, and the
    end of the request that gives the connection back, answer 503, never 500."""
    from scorekeeper.db import get_db

    cut = {"on": False}

    @pg.before_request
    def lose_the_connection():
        if cut["on"]:
            db = get_db()
            other = connect(pg.url)
            other.execute("SELECT pg_terminate_backend(?)", [db.one("SELECT pg_backend_pid()")[0]])
            other.close()

    client = pg.test_client()
    game = _new_game(client)
    cut["on"] = True
    _says_it_is_away(client.post(f"{game}/deals", data=totals_form(version=1)))
    cut["on"] = False
    assert client.get(game).status_code == 200  # the pool has another connection


def test_a_commit_that_fails_is_answered_503_and_nothing_is_written(pg, monkeypatch):
    client = pg.test_client()
    game = _new_game(client)
    commit = postgres.PostgreSQL._commit

    def lost_at_commit(self):
        other = connect(pg.url)
        other.execute("SELECT pg_terminate_backend(?)", [self.one("SELECT pg_backend_pid()")[0]])
        other.close()
        commit(self)

    monkeypatch.setattr(postgres.PostgreSQL, "_commit", lost_at_commit)
    _says_it_is_away(client.post(f"{game}/deals", data=totals_form(version=1)))
    monkeypatch.setattr(postgres.PostgreSQL, "_commit", commit)
    db = connect(pg.url)
    try:
        assert list_deals(db, started_id(db, game)) == []
    finally:
        db.close()


def test_the_log_says_it_once_and_again_when_it_is_back(pg, tmp_path, caplog):
    client = pg.test_client()
    game = _new_game(client)
    url = pg.config["DATABASE"]
    _away(pg, tmp_path)
    with caplog.at_level(logging.WARNING):
        for _ in range(3):
            assert client.get(game).status_code == 503
        pg.config["DATABASE"] = pg.config["DATABASE_URL"] = url
        assert client.get(game).status_code == 200
        assert client.get(game).status_code == 200
    said = [record.getMessage() for record in caplog.records]
    assert len([line for line in said if "The database cannot be used" in line]) == 1, said
    assert len([line for line in said if "The database is back" in line]) == 1, said
    assert not any(record.exc_info for record in caplog.records)

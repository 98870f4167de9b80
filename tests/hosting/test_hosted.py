"""Hosted safely (issue 21): a proxy trusted only when told, Secure cookies and HSTS over HTTPS, games and
tournaments limited per address, request sizes limited, untouched games retired after a configurable time."""

from __future__ import annotations

from datetime import timedelta

import pytest

from scorekeeper import clock, create_app
from scorekeeper.db import connect
from scorekeeper.stores.tournaments import access
from tests.recording import started_id
from tests.tournaments.conftest import tournament_form
from tests.web.scorepad_helpers import option_values

PUBLIC = "https://canasta.example.org"
GAME = {"rules": "bicycle", "first_dealer": "0", **option_values("bicycle"), "we_name": "Us", "they_name": "Them",
        "we_player0": "Ann", "we_player1": "Cy", "they_player0": "Bo", "they_player1": "Di"}


def hosted(tmp_path, **config):
    return create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "DATABASE": str(tmp_path / "h.sqlite"),
                       "SECRET_KEY": "t", **config})


def test_behind_https_cookies_are_secure_and_hsts_is_sent(tmp_path):
    app = hosted(tmp_path, PUBLIC_URL=PUBLIC, TRUSTED_PROXIES=1)
    client = app.test_client()
    forwarded = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.9", "X-Forwarded-Host": "canasta.example.org"}
    response = client.post("/games/new", data=GAME, headers=forwarded)
    assert response.status_code == 303
    assert response.headers["Strict-Transport-Security"].startswith("max-age=")
    cookie = response.headers["Set-Cookie"]
    assert "Secure" in cookie and "HttpOnly" in cookie and "SameSite=Lax" in cookie
    language = client.post("/language", data={"language": "es", "next": "/"}, headers=forwarded)
    assert "Secure" in language.headers["Set-Cookie"]


def test_on_plain_http_nothing_changes_for_a_club_laptop(tmp_path):
    client = hosted(tmp_path).test_client()
    response = client.post("/games/new", data=GAME)
    assert "Strict-Transport-Security" not in response.headers
    assert "Secure" not in response.headers["Set-Cookie"]


def test_the_proxy_is_believed_only_as_far_as_trusted_proxies_says(tmp_path):
    """Limits count the phone's address: with TRUSTED_PROXIES=1 the one the proxy forwarded; with none set, a
    header any phone can send is ignored (so it cannot dodge the limit)."""
    for trusted, limited in ((1, False), (0, True)):
        app = hosted(tmp_path / str(trusted), TRUSTED_PROXIES=trusted, GAMES_PER_HOUR=2)
        client = app.test_client()
        for n in range(3):
            response = client.post("/games/new", data=GAME, headers={"X-Forwarded-For": f"198.51.100.{n}"})
        assert (response.status_code == 429) is limited


def test_games_per_hour_per_address(tmp_path, monkeypatch):
    moment = [clock.now()]
    monkeypatch.setattr(clock, "now", lambda: moment[0])
    app = hosted(tmp_path, GAMES_PER_HOUR=3)
    client = app.test_client()
    for _ in range(3):
        assert client.post("/games/new", data=GAME).status_code == 303
    refused = client.post("/games/new", data=GAME)
    assert refused.status_code == 429
    assert "Too many games were started from this address lately" in refused.get_data(as_text=True)
    db = connect(app.config["DATABASE"])
    assert db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 3  # nothing half-written
    db.close()
    assert client.post("/games/new", data=GAME, environ_base={"REMOTE_ADDR": "10.9.9.9"}).status_code == 303
    moment[0] += timedelta(hours=1)
    assert client.post("/games/new", data=GAME).status_code == 303


def test_tournaments_per_hour_is_a_setting(tmp_path):
    app = hosted(tmp_path, TOURNAMENTS_PER_HOUR="2")  # as an environment variable gives it
    client = app.test_client()
    assert [client.post("/tournaments/new", data=tournament_form()).status_code for _ in range(3)] == [303, 303, 429]
    assert access.CREATE_PER_CLIENT == 10  # the default when nothing is set


def test_a_request_too_large_is_refused_in_plain_words(tmp_path):
    client = hosted(tmp_path).test_client()
    response = client.post("/games/new", data={**GAME, "we_name": "x" * (2 * 1024 * 1024)})
    assert response.status_code == 413
    assert "far larger than anything" in response.get_data(as_text=True)


@pytest.mark.parametrize("days, retired", [(30, True), (0, False)])
def test_untouched_games_go_to_the_bin_after_the_configured_days(tmp_path, days, retired, monkeypatch):
    from scorekeeper.web import hosting

    app = hosted(tmp_path, UNTOUCHED_GAME_DAYS=days)
    phone = app.test_client()
    old = started_id(app, phone.post("/games/new", data=GAME).headers["Location"])
    fresh = started_id(app, phone.post("/games/new", data=GAME).headers["Location"])
    db = connect(app.config["DATABASE"])
    with db.write():
        db.execute("UPDATE games SET updated_at = ? WHERE id = ?", [clock.stamp(clock.now() - timedelta(days=31)), old])
    monkeypatch.setattr(hosting, "HOUSEKEEPING_SECONDS", 0)  # an hour has passed since the last look
    bin_page = app.test_client().get("/games/bin")
    assert bin_page.status_code == 200
    deleted = {row[0] for row in db.execute("SELECT id FROM games WHERE deleted_at IS NOT NULL")}
    assert deleted == ({old} if retired else set())
    assert fresh not in deleted
    assert ("Us v Them" in phone.get("/games/bin").get_data(as_text=True)) is retired  # restorable from the bin
    db.close()

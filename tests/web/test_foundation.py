"""The app factory, the database, security headers and error pages, through real HTTP requests."""

from __future__ import annotations

import re
import sqlite3

import pytest
from flask import abort

from scorekeeper import create_app
from scorekeeper.db import connect
from scorekeeper.migrations import Migrations, migrations


def test_home_page_lists_only_working_pages(client, no_csrf_app):
    response = client.get("/")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "Canasta Scorekeeper" in html
    for href in re.findall(r'class="tile[^"]*" href="([^"]+)"', html):
        assert client.get(href).status_code == 200, href
    assert "coming soon" not in html.lower()


@pytest.mark.sqlite_only
def test_factory_creates_database_with_wal_and_migrations(no_csrf_app):
    path = no_csrf_app.config["DATABASE"]
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    applied = {row[0] for row in conn.execute("SELECT name FROM _scorekeeper_migrations")}
    assert applied == {m.name for m in migrations.steps}
    conn.close()


@pytest.mark.sqlite_only
def test_connections_enforce_foreign_keys(db):
    assert db.execute("PRAGMA foreign_keys").fetchone()[0] == 1


def test_old_database_file_upgrades_itself(tmp_path):
    from scorekeeper.db.schema import migrate

    path = str(tmp_path / "old.sqlite")
    older = Migrations()
    older.steps = migrations.steps[:-1]
    db = connect(path)
    migrate(db, older)
    db.close()
    create_app({"TESTING": True, "DATABASE": path})
    db = connect(path)
    assert [row[0] for row in db.all("SELECT name FROM _scorekeeper_migrations ORDER BY name")] == [
        m.name for m in migrations.steps]
    db.close()


def test_secret_key_is_generated_into_instance_and_kept(tmp_path, monkeypatch):
    from scorekeeper import paths

    monkeypatch.setattr(paths, "ROOT", tmp_path)
    first = create_app()
    key_file = tmp_path / "instance" / "secret_key"
    assert key_file.exists()
    assert len(first.config["SECRET_KEY"]) >= 32
    second = create_app()
    assert second.config["SECRET_KEY"] == first.config["SECRET_KEY"]
    assert first.config["DATABASE"] == str(tmp_path / "instance" / "scorekeeper.sqlite")


def test_instance_config_overrides_defaults(tmp_path, monkeypatch):
    from scorekeeper import paths

    monkeypatch.setattr(paths, "ROOT", tmp_path)
    (tmp_path / "instance").mkdir()
    (tmp_path / "instance" / "config.py").write_text(f"DATABASE = {str(tmp_path / 'elsewhere.sqlite')!r}\n")
    app = create_app()
    assert app.config["DATABASE"] == str(tmp_path / "elsewhere.sqlite")
    assert (tmp_path / "elsewhere.sqlite").exists()


def test_pages_carry_a_strict_content_security_policy(client):
    response = client.get("/")
    policy = response.headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy
    assert "unsafe-inline" not in policy
    html = response.get_data(as_text=True)
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), "inline script found"
    assert " style=" not in html
    assert "http://" not in html and "https://" not in html, "a page must not load anything from elsewhere"


def test_manifest_and_icons_are_served(client):
    manifest = client.get("/manifest.webmanifest")
    assert manifest.status_code == 200
    assert manifest.mimetype == "application/manifest+json"
    for icon in manifest.get_json()["icons"]:
        icon_response = client.get(icon["src"])
        assert icon_response.status_code == 200
        icon_response.close()


def test_unknown_page_is_a_friendly_404(client):
    response = client.get("/no/such/page")
    assert response.status_code == 404
    assert "Page not found" in response.get_data(as_text=True)


def test_unknown_api_address_answers_json(client):
    response = client.get("/api/v1/no-such-thing")
    assert response.status_code == 404
    assert response.get_json()["error"]["code"] == "http.404"


def test_htmx_error_answers_plain_text_for_the_message_area(client):
    response = client.get("/no/such/page", headers={"HX-Request": "true"})
    assert response.status_code == 404
    assert response.mimetype == "text/plain"


def test_unexpected_error_is_a_friendly_500(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "x.sqlite"), "SECRET_KEY": "t"})

    @app.get("/boom")
    def boom():
        raise RuntimeError("kaboom")

    app.logger.disabled = True
    response = app.test_client().get("/boom")
    assert response.status_code == 500
    assert "Something went wrong" in response.get_data(as_text=True)
    assert "kaboom" not in response.get_data(as_text=True)


def test_post_without_csrf_token_is_refused_with_a_message(csrf_app):
    @csrf_app.post("/echo")
    def echo():
        return "ok"

    client = csrf_app.test_client()
    response = client.post("/echo", data={"x": "1"})
    assert response.status_code == 400
    assert "Reload the page" in response.get_data(as_text=True)


def test_htmx_post_with_token_from_body_header_is_accepted(csrf_app):
    @csrf_app.post("/echo")
    def echo():
        return "ok"

    client = csrf_app.test_client()
    html = client.get("/").get_data(as_text=True)
    token = re.search(r'"X-CSRFToken": "([^"]+)"', html).group(1)
    response = client.post("/echo", headers={"X-CSRFToken": token, "HX-Request": "true"})
    assert response.status_code == 200


def test_a_test_config_without_secret_key_still_gets_a_random_one(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "k.sqlite")})
    assert app.config["SECRET_KEY"] and len(app.config["SECRET_KEY"]) >= 32
    assert app.test_client().get("/").status_code == 200


def test_a_bad_request_is_a_friendly_400_page_and_json_under_the_api(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "x.sqlite"), "SECRET_KEY": "t"})

    @app.get("/bad")
    def bad():
        abort(400)

    @app.get("/api/v1/bad")
    def api_bad():
        abort(400)

    client = app.test_client()
    page = client.get("/bad")
    assert page.status_code == 400 and page.mimetype == "text/html"
    assert "That request did not make sense" in page.get_data(as_text=True)
    assert "<html" in page.get_data(as_text=True)
    answer = client.get("/api/v1/bad")
    assert answer.status_code == 400
    assert answer.get_json()["error"]["code"] == "http.400"


def test_an_unexpected_error_under_the_api_answers_json_without_the_details(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "x.sqlite"), "SECRET_KEY": "t"})

    @app.get("/api/v1/boom")
    def boom():
        raise RuntimeError("kaboom")

    app.logger.disabled = True
    response = app.test_client().get("/api/v1/boom")
    assert response.status_code == 500 and response.mimetype == "application/json"
    error = response.get_json()["error"]
    assert error["code"] == "http.500" and "kaboom" not in error["message"]


def test_server_threads_reuse_their_connection_and_never_carry_a_transaction_over(no_csrf_app, engine):
    """A SQLite connection stays with its server thread; a PostgreSQL one goes back to the pool. Either way what a
    request left open is rolled back before the next one."""
    from flask import g

    from scorekeeper.db import get_db

    with no_csrf_app.app_context():
        first = get_db()
        first.execute("BEGIN")  # a request that opened a transaction and failed before ending it
        first.execute("CREATE TABLE half_done (x INTEGER)")
    with no_csrf_app.app_context():
        second = get_db()
        assert (second is first) == (engine == "sqlite")
        assert not second.in_transaction
        assert second.columns("half_done") == []
        assert "db" in g

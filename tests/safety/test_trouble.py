"""Clear words when the disk or the database is the problem: a 503 that names the cause, and a start that says
in one line what is wrong, with which file, and what to do."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper import create_app
from scorekeeper.db import connect, get_db

from ..web.scorepad_helpers import option_values, totals_form

ROOT = Path(__file__).resolve().parents[2]


def _app(tmp_path, pragma: str):
    """The real app whose database connection is limited by ``pragma`` (the same error SQLite gives when the
    disk fills up, or when the file is read-only)."""
    app = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "DATABASE": str(tmp_path / "t.sqlite"),
                      "SECRET_KEY": "t", "KEEP_CONNECTIONS": False})

    @app.before_request
    def limit():
        db = get_db()
        if pragma == "full":
            pages = db.execute("PRAGMA page_count").fetchone()[0]
            db.execute(f"PRAGMA max_page_count = {pages}")
        else:
            db.execute("PRAGMA query_only = ON")

    return app


def _new_game_form() -> dict:
    data = {"rules": "bicycle", "first_dealer": "0", **option_values("bicycle")}
    data.update({"we_name": "Us", "they_name": "Them", "we_player0": "Ann", "we_player1": "Cy",
                 "they_player0": "Bo", "they_player1": "Di"})
    return data


def _games(tmp_path) -> int:
    db = connect(str(tmp_path / "t.sqlite"))
    try:
        return db.execute("SELECT COUNT(*) FROM games").fetchone()[0]
    finally:
        db.close()


def _fill_the_database(tmp_path):
    """Enough rows that a new game needs a new page."""
    db = connect(str(tmp_path / "t.sqlite"))
    db.execute("CREATE TABLE IF NOT EXISTS ballast (x TEXT)")
    db.close()


@pytest.mark.parametrize("pragma, cause", [("full", "disk is full"), ("read-only", "read-only")])
def test_a_save_the_disk_refuses_answers_503_saying_why_and_that_nothing_was_saved(tmp_path, pragma, cause):
    app = _app(tmp_path, pragma)
    _fill_the_database(tmp_path)
    client = app.test_client()
    for _ in range(30):  # until the new rows need a page the database may not take
        response = client.post("/games/new", data=_new_game_form())
        if response.status_code != 303:
            break
    assert response.status_code == 503, response.get_data(as_text=True)[:300]
    text = response.get_data(as_text=True)
    assert cause in text and "Nothing was saved" in text
    assert "Traceback" not in text
    before = _games(tmp_path)
    assert client.post("/games/new", data=_new_game_form()).status_code == 503
    assert _games(tmp_path) == before


def test_the_api_and_htmx_get_the_same_words(tmp_path):
    app = _app(tmp_path, "read-only")
    client = app.test_client()
    answer = client.post("/games/new", data=_new_game_form(), headers={"HX-Request": "true"})
    assert answer.status_code == 503 and answer.mimetype == "text/plain"
    assert "read-only" in answer.get_data(as_text=True)


def _start(database: str, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "SCOREKEEPER_DATABASE": database}
    command = [sys.executable, "-m", "scorekeeper.cli", *(args or ("init-db",))]
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)


def _one_clear_line(result, path: str, *words: str) -> str:
    assert result.returncode != 0
    assert "Traceback" not in result.stderr + result.stdout
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    assert path in lines[0]
    for word in words:
        assert word in lines[0]
    return lines[0]


@pytest.mark.slow
def test_starting_on_a_corrupt_database_says_so_in_one_line(tmp_path):
    path = tmp_path / "club.sqlite"
    path.write_bytes(b"this is not a database, just some text that got saved by mistake" * 100)
    for args in (("init-db",), ("serve", "--port", "8999")):
        _one_clear_line(_start(str(path), *args), str(path), "damaged", "backup")


@pytest.mark.slow
def test_starting_on_a_database_with_a_damaged_page_says_so(tmp_path):
    path = tmp_path / "club.sqlite"
    db = connect(str(path))
    db.execute("CREATE TABLE t (x TEXT)")
    for i in range(300):
        db.execute("INSERT INTO t VALUES (?)", ["x" * 500])
    db.close()
    data = bytearray(path.read_bytes())
    data[4096 * 3: 4096 * 3 + 200] = b"\xff" * 200  # scribble over a page in the middle
    path.write_bytes(bytes(data))
    _one_clear_line(_start(str(path)), str(path), "damaged")


def test_starting_where_the_database_cannot_be_opened_says_so(tmp_path):
    folder = tmp_path / "a-folder"
    folder.mkdir()
    _one_clear_line(_start(str(folder)), str(folder), "cannot be opened")


def test_starting_where_the_database_cannot_be_written_says_so(tmp_path):
    path = "/proc/scorekeeper-test/club.sqlite"  # nobody, not even root, may create anything there
    _one_clear_line(_start(path), path, "cannot be opened")


def test_a_read_only_database_file_is_named_at_start(tmp_path):
    from scorekeeper.ops.trouble import DatabaseTrouble, start_problem

    error = sqlite3.OperationalError("attempt to write a readonly database")
    error.sqlite_errorname = "SQLITE_READONLY"
    line = start_problem("/srv/club.sqlite", error)
    assert "/srv/club.sqlite" in line and "read but not written" in line and "\n" not in line
    assert issubclass(DatabaseTrouble, Exception)


def _start_in(instance: Path, *args: str) -> subprocess.CompletedProcess:
    env = {key: value for key, value in os.environ.items() if not key.startswith("SCOREKEEPER_")}
    command = [sys.executable, "-m", "scorekeeper.cli", *(args or ("init-db",)), "--instance", str(instance)]
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)


@pytest.mark.slow
def test_an_instance_folder_that_cannot_be_made_is_said_plainly(tmp_path):
    folder = Path("/proc/scorekeeper-test/instance")  # nobody, not even root, may create anything there
    for args in (("init-db",), ("serve", "--port", "8999")):
        line = _one_clear_line(_start_in(folder, *args), str(folder), "data folder")
        assert "cannot be created" in line


@pytest.mark.slow
def test_an_instance_folder_on_a_read_only_disk_is_said_plainly(tmp_path):
    """The data folder exists, but its disk is read-only: the secret key cannot be written there."""
    from .disks import read_only, small_disk

    with small_disk(tmp_path / "stick", 1) as stick:
        read_only(stick)
        for args in (("init-db",), ("serve", "--port", "8999")):
            line = _one_clear_line(_start_in(stick, *args), str(stick), "read-only")
            assert "data folder" in line


@pytest.mark.slow
def test_a_database_on_a_read_only_disk_is_called_that_not_unopenable(tmp_path):
    from .disks import read_only, small_disk

    with small_disk(tmp_path / "stick", 4) as stick:
        path = stick / "club.sqlite"
        assert _start(str(path)).returncode == 0
        read_only(stick)
        for args in (("init-db",), ("serve", "--port", "8999")):
            line = _one_clear_line(_start(str(path), *args), str(path), "read-only")
            assert "cannot be opened" not in line


def _started(client) -> str:
    response = client.post("/games/new", data=_new_game_form())
    assert response.status_code == 303
    return response.headers["Location"]


def test_a_write_kept_waiting_by_another_for_too_long_answers_503_busy(tmp_path, monkeypatch):
    """Another process's long write holds SQLite's lock past the wait a request is given: 503, ask again."""
    from scorekeeper.db import sqlite as sqlite_adapter

    monkeypatch.setattr(sqlite_adapter, "BUSY_SECONDS", 0.3)
    app = create_app({"DATABASE": str(tmp_path / "t.sqlite"), "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False})
    client = app.test_client()
    game = _started(client)
    other = connect(app.config["DATABASE"])
    try:
        with other.write():  # a long write of another process
            answer = client.post(f"{game}/deals", data=totals_form(version=1), headers={"HX-Request": "true"})
            assert answer.status_code == 503 and int(answer.headers["Retry-After"]) > 0
            assert "busy" in answer.get_data(as_text=True)
    finally:
        other.close()
    assert client.post(f"{game}/deals", data=totals_form(version=1)).status_code == 303

"""Backups that are right: a consistent copy taken with SQLite's online backup API while deals are saved."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from scorekeeper.ops import backup
from scorekeeper.db import connect, migrate

from .helpers import add, new_game, quiet_deal

ROOT = Path(__file__).resolve().parents[2]


def _deal_ids(path: Path) -> set[int]:
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        return {row[0] for row in conn.execute("SELECT id FROM deals")}
    finally:
        conn.close()


def test_copying_the_live_file_is_not_a_backup(tmp_path):
    """Why the command exists: right after saves, a plain copy of the file misses deals still in the WAL."""
    path = tmp_path / "club.sqlite"
    migrate(str(path))
    db = connect(str(path))
    game = new_game(db)
    saved = {add(db, game, quiet_deal(i)) for i in range(20)}
    shutil.copyfile(path, tmp_path / "copy.sqlite")
    assert not saved <= _deal_ids(tmp_path / "copy.sqlite")
    backup.backup_database(str(path), str(tmp_path / "backup.sqlite"))
    assert saved <= _deal_ids(tmp_path / "backup.sqlite")
    db.close()


@pytest.mark.slow
def test_backup_command_while_another_thread_saves_deals(tmp_path):
    path = tmp_path / "club.sqlite"
    migrate(str(path))
    setup = connect(str(path))
    game = new_game(setup)
    setup.close()
    acknowledged: list[int] = []
    stop = threading.Event()

    def keep_saving():
        db = connect(str(path))
        n, current = 0, game
        while not stop.is_set():
            if n and n % 150 == 0:  # a game holds at most stores.deals.MAX_DEALS deals
                current = new_game(db)
            acknowledged.append(add(db, current, quiet_deal(n)))
            n += 1
        db.close()

    writer = threading.Thread(target=keep_saving)
    writer.start()
    try:
        while len(acknowledged) < 30:
            time.sleep(0.01)
        before_backup = set(acknowledged)
        target = tmp_path / "copies" / "tonight.sqlite"
        env = {**os.environ, "SCOREKEEPER_DATABASE": str(path)}
        result = subprocess.run([sys.executable, "-m", "scorekeeper.cli", "backup", str(target)], cwd=ROOT,
                                env=env, capture_output=True, text=True, timeout=60)
        during = len(acknowledged)
    finally:
        stop.set()
        writer.join()
    assert result.returncode == 0, result.stderr
    assert str(target) in result.stdout
    assert during > len(before_backup), "the writer kept saving while the backup ran"
    copied = _deal_ids(target)
    assert before_backup <= copied
    assert copied <= set(acknowledged)


def test_backup_into_a_folder_names_the_file_by_date(tmp_path):
    path = tmp_path / "club.sqlite"
    migrate(str(path))
    made = backup.backup_database(str(path), str(tmp_path))
    assert Path(made).parent == tmp_path and Path(made).name.startswith("scorekeeper-")
    assert _deal_ids(Path(made)) == set()


@pytest.mark.slow
def test_backup_of_a_missing_database_says_so_plainly(tmp_path):
    env = {**os.environ, "SCOREKEEPER_DATABASE": str(tmp_path / "nothing.sqlite")}
    result = subprocess.run([sys.executable, "-m", "scorekeeper.cli", "backup", str(tmp_path / "b.sqlite")],
                            cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode != 0
    assert "Traceback" not in result.stderr
    assert "nothing.sqlite" in result.stderr


def test_rotating_backups_keep_the_last_few(tmp_path):
    path = tmp_path / "club.sqlite"
    migrate(str(path))
    folder = tmp_path / "backups"
    keeper = backup.BackupKeeper(str(path), str(folder), interval=3600, keep=3)
    made = []
    for i in range(5):
        made.append(keeper.backup_now(stamp=f"20261123-0700{i:02d}"))
    kept = sorted(p.name for p in folder.iterdir())
    assert kept == sorted(Path(m).name for m in made[-3:])


def _wait_for(folder: Path, count: int) -> list[Path]:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and len(list(folder.glob("*.sqlite"))) < count:
        time.sleep(0.05)
    return sorted(folder.glob("*.sqlite"), key=lambda p: p.stat().st_mtime_ns)


def test_the_server_backs_up_on_a_timer_when_something_changed(tmp_path):
    path = tmp_path / "club.sqlite"
    migrate(str(path))
    db = connect(str(path))
    game = new_game(db)
    folder = tmp_path / "backups"
    keeper = backup.BackupKeeper(str(path), str(folder), interval=0.2, keep=50)
    keeper.start()
    try:
        assert len(_wait_for(folder, 1)) == 1
        deal = add(db, game)
        found = _wait_for(folder, 2)
        assert len(found) == 2 and deal in _deal_ids(found[-1])
        time.sleep(0.6)  # nothing changed: no copy of the same state again
        assert len(list(folder.glob("*.sqlite"))) == 2
    finally:
        keeper.stop()
    db.close()


def test_the_server_backs_up_at_shutdown(tmp_path):
    path = tmp_path / "club.sqlite"
    migrate(str(path))
    db = connect(str(path))
    game = new_game(db)
    folder = tmp_path / "backups"
    keeper = backup.BackupKeeper(str(path), str(folder), interval=3600, keep=5)
    keeper.start()
    last = add(db, game)
    keeper.stop()
    newest = _wait_for(folder, 1)[-1]
    assert last in _deal_ids(newest)
    db.close()


@pytest.mark.slow
def test_scorekeeper_serve_keeps_backups_and_makes_one_when_stopped(tmp_path):
    from ..test_serve import free_port

    port = free_port()
    folder = tmp_path / "backups"
    env = {**os.environ, "SCOREKEEPER_DATABASE": str(tmp_path / "served.sqlite"), "PYTHONUNBUFFERED": "1",
           "SCOREKEEPER_BACKUP_DIR": str(folder), "SCOREKEEPER_BACKUP_INTERVAL": "3600"}
    command = [sys.executable, "-m", "scorekeeper.cli", "serve", "--host", "127.0.0.1", "--port", str(port)]
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        output = ""
        while "Ctrl+C" not in output:
            line = process.stdout.readline()
            assert line, output
            output += line
        assert str(folder) in output
        first = _wait_for(folder, 1)
        db = connect(str(tmp_path / "served.sqlite"))
        game = new_game(db)
        db.close()
    finally:
        process.terminate()
        process.wait(timeout=30)
        output += process.stdout.read()
        process.stdout.close()
    copies = sorted(folder.glob("*.sqlite"))
    assert len(first) == 1 and len(copies) == 2, output
    conn = sqlite3.connect(copies[-1])
    assert conn.execute("SELECT id FROM games").fetchall() == [(game,)]
    conn.close()


def test_a_stop_that_lands_while_the_server_starts_still_makes_the_last_backup(tmp_path, monkeypatch):
    """SIGTERM turns into KeyboardInterrupt wherever the server is: also after its backups started but before it
    serves (printing its address). The last backup is still made; it was lost when the stop landed there."""
    import signal

    from click.testing import CliRunner

    import scorekeeper.cli as cli

    from ..test_serve import free_port

    folder, database = tmp_path / "backups", tmp_path / "served.sqlite"
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(tmp_path / "instance"))
    monkeypatch.setenv("SCOREKEEPER_DATABASE", str(database))
    monkeypatch.setenv("SCOREKEEPER_BACKUP_DIR", str(folder))
    monkeypatch.setenv("SCOREKEEPER_BACKUP_INTERVAL", "3600")
    games = []

    def stopped_while_welcoming(*args):
        _wait_for(folder, 1)
        db = connect(str(database))
        games.append(new_game(db))
        db.close()
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "_welcome", stopped_while_welcoming)
    handler = signal.getsignal(signal.SIGTERM)
    try:
        result = CliRunner().invoke(cli.main, ["serve", "--host", "127.0.0.1", "--port", str(free_port())])
    finally:
        signal.signal(signal.SIGTERM, handler)
    copies = backup.backups_in(folder)
    assert len(copies) == 2, result.output
    conn = sqlite3.connect(copies[-1])
    assert conn.execute("SELECT id FROM games").fetchall() == [(games[0],)]
    conn.close()


# --------------------------------------------------------------------------------------
# Backups that clean up after themselves (issue 19)
# --------------------------------------------------------------------------------------


def _club_on(disk: Path, megabytes_of_history: float) -> tuple[Path, int]:
    """A club database on ``disk`` with a game and some weight of history (a blob stands for years of deals)."""
    path = disk / "club.sqlite"
    migrate(str(path))
    db = connect(str(path))
    game = new_game(db)
    db.execute("CREATE TABLE history (b BLOB)")
    db.execute("INSERT INTO history VALUES (randomblob(?))", [int(megabytes_of_history * 1024 * 1024)])
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    return path, game


def _saving(path: Path, game: int, stop: threading.Event, saved: list, refused: list) -> threading.Thread:
    """A table saving deals one after another until ``stop``, noting each save kept and each refused."""
    def run():
        db = connect(str(path))
        current, n = game, 0
        while not stop.is_set():
            try:
                if n and n % 140 == 0:  # a game holds at most stores.deals.MAX_DEALS deals
                    current = new_game(db)
                saved.append(add(db, current, quiet_deal(n)))
            except sqlite3.Error as error:
                refused.append(str(error))
            n += 1
        db.close()

    thread = threading.Thread(target=run)
    thread.start()
    return thread


def test_a_backup_that_would_fill_the_disk_is_not_made_and_no_save_is_refused(tmp_path, caplog):
    """A real small disk holding the database and its backups, with less room than a copy needs. A copy written
    anyway fills the disk while it grows (every save meanwhile is refused) and fails: so it is not started, nothing
    is left behind, the organiser is told why, and the table's saves all go through."""
    from .disks import fill, small_disk

    with small_disk(tmp_path / "disk", 48) as disk:
        path, game = _club_on(disk, 16)
        fill(disk, leave=12 * 1024 * 1024)
        keeper = backup.BackupKeeper(str(path), str(disk / "backups"), interval=3600, keep=3)
        stop, saved, refused = threading.Event(), [], []
        table = _saving(path, game, stop, saved, refused)
        try:
            for _ in range(3):
                time.sleep(0.2)
                keeper.tick()
        finally:
            stop.set()
            table.join()
            keeper.stop()
        assert refused == []
        assert len(saved) > 10 and set(saved) <= _deal_ids(path)
        assert list((disk / "backups").glob("*.partial")) == [] and list((disk / "backups").glob("*.sqlite")) == []
        assert "No backup made" in keeper.last_error and "MB free" in keeper.last_error
        logged = [r.getMessage() for r in caplog.records if r.name == backup.__name__]
        assert logged and logged[-1] == keeper.last_error  # said in the server's terminal


def test_a_backup_that_runs_out_of_disk_while_written_leaves_nothing_behind(tmp_path, monkeypatch):
    """The disk fills while the copy is written (something else wrote meanwhile, so the room checked before it
    was not there): the half-written copy is deleted, the message says the disk is full, and saves go on."""
    from .disks import fill, small_disk

    monkeypatch.setattr(backup, "check_room", lambda *args: None)
    with small_disk(tmp_path / "disk", 8) as disk:
        path, game = _club_on(disk, 3)
        fill(disk, leave=1024 * 1024)
        keeper = backup.BackupKeeper(str(path), str(disk / "backups"), interval=3600, keep=3)
        for _ in range(3):
            keeper.tick()
            assert [p.name for p in (disk / "backups").iterdir()] == []
            assert "the disk is full" in keeper.last_error and "could not be read" not in keeper.last_error
        db = connect(str(path))
        try:
            saved = [add(db, game, quiet_deal(i)) for i in range(20)]
        finally:
            db.close()
        assert set(saved) <= _deal_ids(path)
        keeper.stop()


@pytest.mark.slow
def test_the_backup_command_on_a_full_disk_leaves_no_partial_and_says_so(tmp_path):
    from .disks import small_disk

    path, _game = _club_on(tmp_path, 2)
    with small_disk(tmp_path / "stick", 1) as stick:
        env = {**os.environ, "SCOREKEEPER_DATABASE": str(path)}
        result = subprocess.run([sys.executable, "-m", "scorekeeper.cli", "backup", str(stick) + "/"], cwd=ROOT,
                                env=env, capture_output=True, text=True, timeout=60)
        assert result.returncode == 1 and "Traceback" not in result.stderr
        assert "disk" in result.stderr.lower() or "space" in result.stderr.lower(), result.stderr
        assert list(stick.iterdir()) == []


def test_a_partial_left_by_a_killed_backup_is_removed_when_backups_start(tmp_path):
    """``kill -9`` during a backup leaves its ``.partial`` file (41.5 MB in the report): the next start clears
    it, and a backup to the same file is not spoiled by it."""
    path = tmp_path / "club.sqlite"
    migrate(str(path))
    folder = tmp_path / "backups"
    folder.mkdir()
    orphan = folder / "scorekeeper-20261123-070000-000.sqlite.partial"
    orphan.write_bytes(b"half a database" * 1000)
    (folder / (orphan.name + "-journal")).write_bytes(b"its journal")
    keeper = backup.BackupKeeper(str(path), str(folder), interval=3600, keep=3)
    keeper.start()
    keeper.stop()
    assert list(folder.glob("*.partial")) == []
    assert len(list(folder.glob("*.sqlite"))) == 1
    target = tmp_path / "tonight.sqlite"
    (tmp_path / "tonight.sqlite.partial").write_bytes(b"half a database" * 1000)
    backup.backup_database(str(path), str(target))
    assert _deal_ids(target) == set() and not (tmp_path / "tonight.sqlite.partial").exists()


def test_rotation_keeps_the_newest_backups_after_the_clock_moves_back(tmp_path, monkeypatch):
    """The clock moves back (a wrong clock corrected, the end of summer time): the backups made after it are the
    newest ones all the same, and rotation keeps them."""
    path = tmp_path / "club.sqlite"
    migrate(str(path))
    folder = tmp_path / "backups"
    keeper = backup.BackupKeeper(str(path), str(folder), interval=3600, keep=3)
    moments = iter(["20261123-210000-000", "20261123-211000-000", "20261123-212000-000",
                    "20261122-090000-000", "20261122-091000-000"])  # the clock went back a day and a half
    monkeypatch.setattr(backup, "_stamp", lambda: next(moments))
    made = [keeper.backup_now() for _ in range(5)]
    kept = sorted(str(p) for p in folder.glob("*.sqlite"))
    assert kept == sorted(made[-3:])

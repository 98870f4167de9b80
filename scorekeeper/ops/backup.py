"""Backups that are right: consistent copies made with SQLite's online backup API.

Copying ``scorekeeper.sqlite`` while the server runs is not a backup: the latest deals are still in the
write-ahead log (``-wal``) beside it, and a copy taken in the middle of a write may not even open. SQLite's
backup API copies the database as one consistent snapshot, through SQLite itself, while others keep writing.

``backup_database`` is what ``scorekeeper backup PATH`` runs; ``BackupKeeper`` is the server's own timer,
which keeps the last few copies in ``instance/backups/`` and makes one more when the server stops.
"""

from __future__ import annotations

import os
import sqlite3
import threading
from datetime import datetime
from pathlib import Path

# The command's messages in the terminal's language (set through rules.i18n by the ``scorekeeper`` command).
from scorekeeper.rules.i18n import _

PREFIX = "scorekeeper-"
#: Defaults of the server's own backups (config BACKUP_INTERVAL in seconds, BACKUP_KEEP copies, BACKUP_DIR).
DEFAULT_INTERVAL = 600
DEFAULT_KEEP = 12


class BackupError(Exception):
    """The backup could not be written; the message says what and where, in plain words."""


def _stamp() -> str:
    return datetime.now().strftime("%Y%m%d-%H%M%S-%f")[:-3]  # to the millisecond: names sort by time


def target_path(target: str, stamp: str | None = None) -> Path:
    """``target`` itself, or a dated file inside it when it is a folder (or ends with a slash)."""
    path = Path(target)
    if path.is_dir() or target.endswith(("/", os.sep)):
        path = path / f"{PREFIX}{stamp or _stamp()}.sqlite"
    return path


def open_existing(database: str) -> sqlite3.Connection:
    """Open a database that must already exist (never create an empty one by mistake)."""
    if not Path(database).is_file():
        raise BackupError(_("There is no database at %(database)s: nothing to back up. Check DATABASE in the "
                            "configuration.", database=database))
    return sqlite3.connect(database, timeout=30, check_same_thread=False)


def backup_database(database: str, target: str, stamp: str | None = None) -> str:
    """Copy ``database`` to ``target`` (a file, or a folder for a dated file) as one consistent snapshot.

    The copy is written beside its final name and renamed into place once complete, so a reader never sees
    half a backup."""
    path = target_path(target, stamp)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(path.name + ".partial")
        source = open_existing(database)
        try:
            copy = sqlite3.connect(partial)
            try:
                source.backup(copy)  # all pages in one step: one snapshot, writers go on meanwhile (WAL)
            finally:
                copy.close()
        finally:
            source.close()
        os.replace(partial, path)
    except sqlite3.Error as error:
        raise BackupError(_("The database %(database)s could not be read for a backup (%(error)s).",
                            database=database, error=error)) from error
    except OSError as error:
        raise BackupError(_("The backup could not be written to %(path)s (%(error)s).", path=path,
                            error=error.strerror or error)) from error
    return str(path)


class BackupKeeper:
    """The server's rotating backups: one every ``interval`` seconds when something changed, one at the end."""

    def __init__(self, database: str, folder: str, interval: float = DEFAULT_INTERVAL, keep: int = DEFAULT_KEEP):
        self.database, self.folder = database, Path(folder)
        self.interval, self.keep = interval, max(1, int(keep))
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._watch: sqlite3.Connection | None = None
        self._seen: int | None = None
        self.last_error: str | None = None

    def _changed(self) -> bool:
        """Whether anyone committed since the last backup (SQLite's data_version, on a connection kept open)."""
        if self._watch is None:
            self._watch = open_existing(self.database)
            self._watch.execute("SELECT 1 FROM sqlite_master LIMIT 1").fetchall()
            return True
        version = self._watch.execute("PRAGMA data_version").fetchone()[0]
        changed = version != self._seen
        self._seen = version
        return changed

    def backup_now(self, stamp: str | None = None) -> str:
        made = backup_database(self.database, str(self.folder) + os.sep, stamp)
        self.rotate()
        return made

    def rotate(self) -> None:
        """Delete all but the newest ``keep`` backups (their names sort by date)."""
        copies = sorted(self.folder.glob(f"{PREFIX}*.sqlite"))
        for old in copies[:-self.keep]:
            old.unlink(missing_ok=True)

    def tick(self) -> None:
        try:
            if self._changed():
                if self._seen is None:
                    self._seen = self._watch.execute("PRAGMA data_version").fetchone()[0]
                self.backup_now()
            self.last_error = None
        except (BackupError, sqlite3.Error, OSError) as error:
            self.last_error = str(error)

    def _run(self) -> None:
        self.tick()
        while not self._stop.wait(self.interval):
            self.tick()

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="scorekeeper-backups", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop the timer and make the last backup (when anything changed since the previous one)."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=60)
        self.tick()
        if self._watch is not None:
            self._watch.close()
            self._watch = None

"""Clear words when the disk or the database is the problem.

At start, ``check_database`` turns a database that cannot be used into ``DatabaseTrouble``, whose message is one
line: what is wrong, with which file, and what to do; the ``scorekeeper`` command prints it and stops.
``InstanceTrouble`` does the same for a data folder that cannot be made or written (``instance_problem``), and a
disk that is read-only is called that (``on_read_only_disk``), not a file that cannot be opened.
While serving, ``write_problem`` names the cause of a refused request (a database out of reach or too busy, a
full disk, a read-only file, a failing disk) for a 503 answer that says nothing was saved, and ``outage`` tells the
log once when the database goes away and once when it is back.
"""

from __future__ import annotations

import errno
import os
import sqlite3
import threading
import time
from pathlib import Path

import psycopg
from psycopg.conninfo import conninfo_to_dict

from scorekeeper.paths import is_server_database

# The web app answers in the request's language, the command in the terminal's (both set through rules.i18n).
from scorekeeper.rules.i18n import N_
from scorekeeper.rules.i18n import gettext

#: Causes of a refused request while serving, by the storage contract's ``reason``: (status, code, what happened,
#: what to do); the words are translated where they are shown.
UNREACHABLE = (503, "storage.unavailable", N_("the scorekeeper cannot reach its database just now"),
               N_("A deal entered on a phone is kept on this phone and sent when the server is back; for anything "
                  "else, try again in a minute."))
WRITE_PROBLEMS = {
    "unreachable": UNREACHABLE,
    "lost": UNREACHABLE,
    "timeout": UNREACHABLE,
    "full": (503, "storage.full", N_("the laptop's disk is full"),
             N_("Free some space on the laptop running the scorekeeper, then try again.")),
    "read_only": (503, "storage.read_only", N_("the database file is read-only"),
                  N_("Whoever runs the laptop must give the scorekeeper write permission on its database, then try "
                     "again.")),
    "io": (503, "storage.io_error", N_("the laptop's disk could not be written"),
           N_("Check the laptop's disk (is a USB stick unplugged?), then try again.")),
    "busy": (503, "storage.busy", N_("the database is busy with another long task"),
             N_("Wait a few seconds and try again.")),
    "corrupt": (503, "storage.corrupt", N_("the database file is damaged"),
                N_("Stop the scorekeeper and restore the newest backup (see the README).")),
}


class DatabaseTrouble(Exception):
    """The database cannot be used; ``str()`` is one line for the person starting the server."""


class InstanceTrouble(DatabaseTrouble):
    """The data folder (the database's and the secret key's) cannot be made or written; one line, like the rest."""


def on_read_only_disk(path: str | Path, error: BaseException | None = None) -> bool:
    """Whether ``path`` (or the nearest folder above it that exists) is on a disk mounted read-only."""
    if getattr(error, "errno", None) == errno.EROFS:
        return True
    folder = Path(path)
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    try:
        return bool(os.statvfs(folder).f_flag & os.ST_RDONLY)
    except (AttributeError, OSError):  # no statvfs (Windows), or the folder cannot be asked
        return False


def instance_problem(folder: Path, error: OSError) -> str:
    """One line on why the data folder cannot be used, and what to do."""
    reason = error.strerror or str(error)
    if on_read_only_disk(folder, error):
        return gettext("Cannot start: the data folder %(folder)s is on a read-only disk, so nothing can be saved there. "
                 "Make the disk writable, or choose another folder with --instance DIR (or SCOREKEEPER_INSTANCE).",
                 folder=folder)
    if not folder.is_dir():
        return gettext("Cannot start: the data folder %(folder)s cannot be created (%(reason)s). Choose another folder "
                 "with --instance DIR (or SCOREKEEPER_INSTANCE).", folder=folder, reason=reason)
    return gettext("Cannot start: the data folder %(folder)s cannot be written (%(reason)s). Give this user write "
             "permission on it, or choose another folder with --instance DIR (or SCOREKEEPER_INSTANCE).",
             folder=folder, reason=reason)


def _name(error: BaseException) -> str:
    return str(getattr(error, "sqlite_errorname", "") or "")


def classify(error: BaseException) -> str | None:
    """The kind of trouble behind a SQLite error, or None when it is not the disk's or the file's."""
    name, text = _name(error), str(error).lower()
    if name.startswith("SQLITE_FULL") or "disk is full" in text:
        return "full"
    if name.startswith(("SQLITE_READONLY", "SQLITE_PERM")) or "readonly database" in text:
        return "read_only"
    if name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")) or "malformed" in text or "not a database" in text:
        return "corrupt"
    if name.startswith("SQLITE_IOERR") or "disk i/o error" in text:
        return "io"
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "database is locked" in text:
        return "busy"
    if name.startswith("SQLITE_CANTOPEN") or "unable to open" in text:
        return "cant_open"
    return None


def write_problem(reason: str) -> tuple[int, str, str] | None:
    """(status, code, message) for a request refused for ``reason`` (the storage contract's word for a database
    that is away or too busy), or None for any other."""
    if reason not in WRITE_PROBLEMS:
        return None
    status, code, what, todo = WRITE_PROBLEMS[reason]
    return status, code, gettext("Nothing was saved: %(what)s. %(todo)s", what=gettext(what), todo=gettext(todo))


#: How long a refused request is told to wait before it asks again (``Retry-After``), by code.
RETRY_SECONDS = {"storage.unavailable": 10, "storage.busy": 5}


class Outage:
    """The database's trouble as this process's log tells it: one line when it starts (not a traceback per
    request), one when a request that began after it used the database without trouble (a request already under
    way when the trouble started may still finish well: it says nothing about now)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._since: float | None = None

    @property
    def ongoing(self) -> bool:
        return self._since is not None

    def noticed(self, reason: str, detail: str, logger) -> None:
        with self._lock:
            if self._since is not None:
                return
            self._since = time.monotonic()
        logger.error("The database cannot be used (%s: %s); requests that need it are answered 503 until it is "
                     "back", reason, detail)

    def over(self, logger, began: float) -> None:
        """A request that began at ``began`` (``time.monotonic()``) used the database without trouble."""
        if self._since is None or began <= self._since:  # the usual case, without taking the lock
            return
        with self._lock:
            since, self._since = self._since, None
        if since is not None:
            logger.warning("The database is back, after %.1f s of trouble", time.monotonic() - since)


outage = Outage()


def start_problem(path: str, error: BaseException) -> str:
    """One line on why the server cannot start on the database at ``path``, and what to do."""
    kind = "cant_open" if isinstance(error, OSError) else classify(error)
    backups = Path(path).parent / "backups"
    if kind != "corrupt" and on_read_only_disk(path, error):
        return gettext("Cannot start: the database %(path)s is on a read-only disk (write-protected, or made read-only "
                 "by the system after a disk error), so no deal could be saved. Make the disk writable, or set "
                 "DATABASE to a copy on another disk.", path=path)
    if kind == "corrupt":
        return gettext("Cannot start: the database %(path)s is damaged or is not a Canasta Scorekeeper database. Restore "
                 "the newest backup (from %(backups)s, see the README) or move the file away to start afresh.",
                 path=path, backups=backups)
    if kind == "read_only":
        return gettext("Cannot start: the database %(path)s can be read but not written. Give this user write permission "
                 "on the file and its folder, or set DATABASE to a copy in a folder you can write.", path=path)
    if kind == "full":
        return gettext("Cannot start: the disk holding the database %(path)s is full. Free some space and start again.",
                 path=path)
    reason = getattr(error, "strerror", None) or str(error)
    return gettext("Cannot start: the database %(path)s cannot be opened or created (%(reason)s). Check that the path "
             "names a file in a folder this user may write, or set DATABASE to another file.", path=path,
             reason=reason)


def check_database(path: str, migrate, failures: tuple[type[Exception], ...] = ()) -> list[str]:
    """Run ``migrate(path)``, then prove the file is sound and writable; DatabaseTrouble if it is not.
    ``failures``: the storage contract's errors, whose cause is SQLite's own."""
    try:
        applied = migrate(path)
        conn = sqlite3.connect(path, timeout=10)
        try:
            verdict = conn.execute("PRAGMA quick_check(1)").fetchone()[0]
            if verdict != "ok":
                raise sqlite3.DatabaseError(f"database disk image is malformed ({verdict})")  # i18n: not for people
            conn.execute("BEGIN IMMEDIATE")  # takes the write lock: fails on a file that cannot be written
            conn.rollback()
        finally:
            conn.close()
    except (sqlite3.Error, OSError, *failures) as error:
        raise DatabaseTrouble(start_problem(path, error.__cause__ or error)) from None
    return applied


def server_name(url: str) -> str:
    """A PostgreSQL URL as people may read it: the server and database, never the user's password."""
    try:
        parts = conninfo_to_dict(url)
    except psycopg.Error:
        return "PostgreSQL"
    where = parts.get("host") or "localhost"
    return f"{parts.get('dbname') or parts.get('user') or ''} @ {where}:{parts.get('port') or 5432}"


def shown_database(database: str) -> str:
    """The database as a terminal shows it: a SQLite file's path, or a server's name without its password."""
    return f"PostgreSQL {server_name(database)}" if is_server_database(database) else database


def check_server(url: str, migrate, failures: tuple[type[Exception], ...] = ()) -> list[str]:
    """Run ``migrate(url)`` on a PostgreSQL database; DatabaseTrouble, in one line, if it cannot be reached or
    used (``failures``: the storage contract's errors)."""
    try:
        return migrate(url)
    except (psycopg.Error, OSError, *failures) as error:
        reason = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        raise DatabaseTrouble(gettext("Cannot start: the PostgreSQL database %(where)s cannot be used (%(reason)s). Check "
                                "that the server runs and that DATABASE_URL names a database this user may "
                                "write.", where=server_name(url), reason=reason)) from None

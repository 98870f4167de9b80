"""Backups that are right: consistent copies made with SQLite's online backup API.

Copying ``scorekeeper.sqlite`` while the server runs is not a backup: the latest deals are still in the
write-ahead log (``-wal``) beside it, and a copy taken in the middle of a write may not even open. SQLite's
backup API copies the database as one consistent snapshot, through SQLite itself, while others keep writing.

``backup_database`` is what ``scorekeeper backup PATH`` runs; ``BackupKeeper`` is the server's own timer,
which keeps the last few copies in ``instance/backups/`` and makes one more when the server stops.
"""

from __future__ import annotations

import logging
import os
import re
import shutil
import sqlite3
import threading
from pathlib import Path

from .. import clock
# The command's messages in the terminal's language (set through rules.i18n by the ``scorekeeper`` command).
from ..rules.i18n import gettext
from ..rules.i18n import number
from .trouble import classify

PREFIX = "scorekeeper-"
#: Defaults of the server's own backups (config BACKUP_INTERVAL in seconds, BACKUP_KEEP copies, BACKUP_DIR).
DEFAULT_INTERVAL = 600
DEFAULT_KEEP = 12
#: Room a backup leaves free on its disk: the saves of the evening need it (the write-ahead log alone grows to
#: about 4 MB between checkpoints), and the database's disk is often the backups' disk.
HEADROOM = 32 * 1024 * 1024
#: ``scorekeeper-000042-20261126T210500Z.sqlite``: the order it was made in, then when (UTC). Rotation goes by the
#: order number, which a clock moved back cannot disturb; a name from before numbering counts as older.
_NUMBERED = re.compile(re.escape(PREFIX) + r"(\d{1,7})-.+\.sqlite")
PARTIAL = ".partial"

log = logging.getLogger(__name__)


class BackupError(Exception):
    """The backup could not be written; the message says what and where, in plain words."""


def _stamp() -> str:
    return clock.now().strftime("%Y%m%dT%H%M%SZ")  # UTC: for people reading the name; order comes from the number


def order_of(path: Path) -> int:
    """The order number in a backup's name (0 for a backup named before numbering, or a stranger's name)."""
    found = _NUMBERED.fullmatch(path.name.removesuffix(PARTIAL))
    return int(found.group(1)) if found else 0


def backups_in(folder: Path) -> list[Path]:
    """The finished backups in ``folder``, oldest first: by the order they were made in, not by their dates."""
    return sorted(folder.glob(f"{PREFIX}*.sqlite"), key=lambda path: (order_of(path), path.name))


def _next_number(folder: Path) -> int:
    if not folder.is_dir():
        return 1
    return 1 + max((order_of(path) for path in folder.glob(f"{PREFIX}*")), default=0)


def target_path(target: str, stamp: str | None = None) -> Path:
    """``target`` itself, or a numbered, dated file inside it when it is a folder (or ends with a slash)."""
    path = Path(target)
    if path.is_dir() or target.endswith(("/", os.sep)):
        path = path / f"{PREFIX}{_next_number(path):06d}-{stamp or _stamp()}.sqlite"
    return path


def _remove(partial: Path) -> None:
    """Delete a half-written copy and the journal SQLite keeps beside it while writing."""
    for path in (partial, partial.with_name(partial.name + "-journal")):
        path.unlink(missing_ok=True)


def remove_partials(folder: Path) -> list[Path]:
    """Delete the ``.partial`` files a backup killed half-way left in ``folder``; those removed."""
    removed = sorted(folder.glob(f"{PREFIX}*.sqlite{PARTIAL}*"))  # i18n: not for people
    for partial in removed:
        partial.unlink(missing_ok=True)
    return removed


def open_existing(database: str) -> sqlite3.Connection:
    """Open a database that must already exist (never create an empty one by mistake)."""
    if not Path(database).is_file():
        raise BackupError(gettext("There is no database at %(database)s: nothing to back up. Check DATABASE in the "
                            "configuration.", database=database))
    return sqlite3.connect(database, timeout=30, check_same_thread=False)


def _size(database: str) -> int:
    """At most what a copy of ``database`` takes: the file and its write-ahead log."""
    return sum(os.path.getsize(p) for p in (database, database + "-wal") if os.path.exists(p))


def check_room(database: str, folder: Path, headroom: int = HEADROOM) -> None:
    """BackupError unless a copy fits on ``folder``'s disk with ``headroom`` to spare.

    A backup that fills the disk as it is written refuses every save made meanwhile, even when it then fails
    and is removed: so one that would not fit is not started."""
    needed = _size(database)
    free = shutil.disk_usage(folder).free
    if free - needed < headroom:
        megabytes = 1024 * 1024
        raise BackupError(gettext("No backup made: the disk holding %(folder)s has %(free)s MB free, and a copy needs "
                            "%(needed)s MB plus %(headroom)s MB kept free for saving deals. Free some space, or set "
                            "BACKUP_DIR to another disk.", folder=folder, free=number(free // megabytes),
                            needed=number(-(-needed // megabytes)), headroom=number(headroom // megabytes)))


def _copy(database: str, partial: Path) -> None:
    source = open_existing(database)
    try:
        copy = sqlite3.connect(partial)
        try:
            source.backup(copy)  # all pages in one step: one snapshot, writers go on meanwhile (WAL)
        finally:
            copy.close()
    finally:
        source.close()


def backup_database(database: str, target: str, stamp: str | None = None, headroom: int = HEADROOM) -> str:
    """Copy ``database`` to ``target`` (a file, or a folder for a numbered, dated file) as one consistent snapshot.

    The copy is written beside its final name and renamed into place once complete, so a reader never sees
    half a backup; a copy that fails is deleted, and so is a half-written one an earlier, killed backup left
    under the same name. A copy that would not fit with ``headroom`` to spare is not started."""
    path = target_path(target, stamp)
    partial = path.with_name(path.name + PARTIAL)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        _remove(partial)
        check_room(database, path.parent, headroom)
        _copy(database, partial)
        os.replace(partial, path)
    except (sqlite3.Error, OSError) as error:
        _remove(partial)
        raise _failure(error, database, path) from error
    except BackupError:
        _remove(partial)
        raise
    return str(path)


def _failure(error: BaseException, database: str, path: Path) -> BackupError:
    if classify(error) == "full" or getattr(error, "errno", None) == 28:  # ENOSPC
        return BackupError(gettext("The backup could not be written to %(path)s: the disk is full. Nothing was left "
                             "behind; free some space, or set BACKUP_DIR to another disk.", path=path))
    if isinstance(error, sqlite3.Error):
        return BackupError(gettext("The database %(database)s could not be read for a backup (%(error)s).",
                             database=database, error=error))
    return BackupError(gettext("The backup could not be written to %(path)s (%(error)s).", path=path,
                         error=error.strerror or error))


class BackupKeeper:
    """The server's rotating backups: one every ``interval`` seconds when something changed, one at the end."""

    def __init__(self, database: str, folder: str, interval: float = DEFAULT_INTERVAL, keep: int = DEFAULT_KEEP,
                 headroom: int = HEADROOM):
        self.database, self.folder = database, Path(folder)
        self.interval, self.keep, self.headroom = interval, max(1, int(keep)), headroom
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
        made = backup_database(self.database, str(self.folder) + os.sep, stamp, self.headroom)
        self.rotate()
        return made

    def rotate(self) -> None:
        """Delete all but the newest ``keep`` backups: the last made, whatever the clock said meanwhile."""
        for old in backups_in(self.folder)[:-self.keep]:
            old.unlink(missing_ok=True)

    def tick(self) -> None:
        try:
            if self._changed():
                if self._seen is None:
                    self._seen = self._watch.execute("PRAGMA data_version").fetchone()[0]
                self.backup_now()
            self.last_error = None
        except (BackupError, sqlite3.Error, OSError) as error:
            if str(error) != self.last_error:
                log.warning("%s", error)  # once, in the server's terminal; again only when it changes
            self.last_error = str(error)
            self._seen = None  # try again at the next tick, changed or not

    def _run(self) -> None:
        self.tick()
        while not self._stop.wait(self.interval):
            self.tick()

    def start(self) -> None:
        if self.folder.is_dir():
            remove_partials(self.folder)  # what a backup killed half-way (kill -9, a power cut) left behind
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

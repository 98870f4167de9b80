"""Heavy work off the save path: a game's sheet is rendered once per game version and paper, then served from
memory (or from the sheet folder another worker process filled), and renders run one at a time across every
worker process of the server.

A long game's sheet takes WeasyPrint a second or more of CPU. Without a cache, anyone asking for it again and
again keeps both cores busy and every table's save waits behind the renders. Keys are (database file, game id,
version, share code, paper, language): every change bumps the version, so a cached sheet is never stale.
"""

from __future__ import annotations

import hashlib
import os
import threading
from contextlib import contextmanager
from collections.abc import Callable, Hashable
from pathlib import Path

from filelock import FileLock, Timeout

from scorekeeper.ops.lru import LRU

#: Sheets kept in memory (a 60-deal sheet is about 60 kB), and in the shared sheet folder.
CACHE_SIZE = 64
#: The folder beside the database where rendered sheets are kept for every worker process.
SHEET_FOLDER = "sheets"
#: How long a render waits for another process's render before the asker is told to come back.
WAIT_SECONDS = 120

#: One render at a time, whatever asks: the rest of the app keeps the other core.
render_lock = threading.RLock()
#: At most one more request waits for the render lock. Every waiting request holds one of the server's few
#: threads; without this bound, a handful of clients asking for sheets would hold them all and a table's save
#: would queue behind the renders.
_waiting = threading.BoundedSemaphore(1)


class SheetsBusy(Exception):
    """A sheet is being rendered and another is already waiting: ask again in a moment (the web answers 503)."""


@contextmanager
def rendering(database: str | None = None):
    """Hold the render lock for one render; SheetsBusy at once when a render runs and another already waits.

    ``database``: the database file; then the same holds across every process serving it (``serve --workers``):
    lock files beside it (filelock; the system releases them when a process dies) make one render run and one
    more wait, whichever worker they came to."""
    locks = _file_locks_of(database)
    if not _take_at_once(locks):
        if not _waiting.acquire(blocking=False):
            raise SheetsBusy()
        try:
            _wait_for_turn(locks)
        finally:
            _waiting.release()
    try:
        yield
    finally:
        if locks is not None:
            locks[0].release()
        render_lock.release()


#: The lock files of each database (render, waiting), made once per process; the render lock is reentrant for
#: the thread holding it, like ``render_lock``.
_file_locks: dict[str, tuple[FileLock, FileLock]] = {}


def _file_locks_of(database: str | None) -> tuple[FileLock, FileLock] | None:
    if not database:
        return None
    if database not in _file_locks:
        _file_locks[database] = (FileLock(f"{database}.render-lock"), FileLock(f"{database}.render-wait"))
    return _file_locks[database]


def _take_at_once(locks) -> bool:
    """Both render locks (this process's and, with ``locks``, every process's) if both are free now."""
    if not render_lock.acquire(blocking=False):
        return False
    if locks is None:
        return True
    try:
        locks[0].acquire(blocking=False)
    except Timeout:
        render_lock.release()
        return False
    return True


def _wait_for_turn(locks) -> None:
    """As the one request that may wait (this process's waiting place is held): take every process's waiting
    place too, then wait for the render locks; SheetsBusy when another process's request already waits."""
    if locks is None:
        render_lock.acquire()
        return
    try:
        locks[1].acquire(blocking=False)
    except Timeout:
        raise SheetsBusy() from None
    try:
        render_lock.acquire()
        try:
            locks[0].acquire(timeout=WAIT_SECONDS)
        except Timeout:
            render_lock.release()
            raise SheetsBusy() from None
    finally:
        locks[1].release()


class PdfCache(LRU[bytes]):
    """A small thread-safe LRU of rendered PDFs; ``get_or_render`` renders a missing one under the render lock.

    With a ``folder``, rendered sheets are also written there (whole, then renamed into place) and read from
    there, so a sheet one worker rendered is not rendered again by the next; a key names a game's version, so a
    file never goes stale, and the folder keeps the newest ``size`` files."""

    def __init__(self, size: int = CACHE_SIZE):
        super().__init__(size)
        self.renders = 0

    def get_or_render(self, key: Hashable | None, render: Callable[[], bytes], folder: Path | None = None) -> bytes:
        """The cached PDF for ``key``, or ``render()`` it once (``key`` None: render, never cache)."""
        if key is not None:
            pdf = self.get(key) or self._read(folder, key)
            if pdf is not None:
                return pdf
        with rendering(_database_of(key)):
            if key is not None:  # someone may have rendered it while this request waited for the lock
                pdf = self.get(key) or self._read(folder, key)
                if pdf is not None:
                    return pdf
            pdf = render()
            self.renders += 1
            if key is not None:
                self._write(folder, key, pdf)
        if key is not None:
            self.put(key, pdf)
        return pdf

    def _read(self, folder: Path | None, key: Hashable) -> bytes | None:
        if folder is None:
            return None
        try:
            pdf = _file_of(folder, key).read_bytes()
        except OSError:
            return None
        self.put(key, pdf)
        return pdf

    def _write(self, folder: Path | None, key: Hashable, pdf: bytes) -> None:
        if folder is None:
            return
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path = _file_of(folder, key)
            draft = path.with_name(f"{path.name}.{os.getpid()}.part")
            draft.write_bytes(pdf)
            os.replace(draft, path)
            kept = sorted(folder.glob("*.pdf"), key=lambda p: p.stat().st_mtime, reverse=True)
            for old in kept[self.size:]:
                old.unlink(missing_ok=True)
        except OSError:
            pass  # a full disk only costs the next worker a render

    def clear(self) -> None:
        super().clear()
        self.renders = 0


def _file_of(folder: Path, key: Hashable) -> Path:
    return folder / (hashlib.sha256(repr(key).encode()).hexdigest() + ".pdf")


def _database_of(key: Hashable | None) -> str | None:
    """The database file a sheet's key starts with (the web layer's keys do), else None."""
    return key[0] if isinstance(key, tuple) and key and isinstance(key[0], str) else None


sheet_cache = PdfCache()

"""Heavy work off the save path: a game's sheet is rendered once per game version and paper, then served from
memory, and renders run one at a time.

A long game's sheet takes WeasyPrint a second or more of CPU. Without a cache, anyone asking for it again and
again keeps both cores busy and every table's save waits behind the renders. Keys are (database file, game id,
version, share code, paper, language): every change bumps the version, so a cached sheet is never stale.
"""

from __future__ import annotations

import threading
from contextlib import contextmanager
from collections.abc import Callable, Hashable

from scorekeeper.ops.lru import LRU

#: Sheets kept in memory (a 60-deal sheet is about 60 kB).
CACHE_SIZE = 64

#: One render at a time, whatever asks: the rest of the app keeps the other core.
render_lock = threading.RLock()
#: At most one more request waits for the render lock. Every waiting request holds one of the server's few
#: threads; without this bound, a handful of clients asking for sheets would hold them all and a table's save
#: would queue behind the renders.
_waiting = threading.BoundedSemaphore(1)


class SheetsBusy(Exception):
    """A sheet is being rendered and another is already waiting: ask again in a moment (the web answers 503)."""


@contextmanager
def rendering():
    """Hold the render lock for one render; SheetsBusy at once when a render runs and another already waits."""
    if not render_lock.acquire(blocking=False):
        if not _waiting.acquire(blocking=False):
            raise SheetsBusy()
        try:
            render_lock.acquire()
        finally:
            _waiting.release()
    try:
        yield
    finally:
        render_lock.release()


class PdfCache(LRU[bytes]):
    """A small thread-safe LRU of rendered PDFs; ``get_or_render`` renders a missing one under the render lock."""

    def __init__(self, size: int = CACHE_SIZE):
        super().__init__(size)
        self.renders = 0

    def get_or_render(self, key: Hashable | None, render: Callable[[], bytes]) -> bytes:
        """The cached PDF for ``key``, or ``render()`` it once (``key`` None: render, never cache)."""
        if key is not None:
            pdf = self.get(key)
            if pdf is not None:
                return pdf
        with rendering():
            if key is not None:  # someone may have rendered it while this request waited for the lock
                pdf = self.get(key)
                if pdf is not None:
                    return pdf
            pdf = render()
            self.renders += 1
        if key is not None:
            self.put(key, pdf)
        return pdf

    def clear(self) -> None:
        super().clear()
        self.renders = 0


sheet_cache = PdfCache()

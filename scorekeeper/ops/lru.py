"""One small thread-safe least-recently-used map, for the caches that keep work off the save path.

The game summary cache (``stores.summary``) and the sheet cache (``sheets.cache``) both hold a bounded number of
values under keys that already name a version, so an entry never goes stale: it is only pushed out by newer ones.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


class LRU(Generic[V]):
    """At most ``size`` values; the least recently used goes first. ``hits`` and ``misses`` count ``get``."""

    def __init__(self, size: int):
        self.size = size
        self._entries: OrderedDict[Hashable, V] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = self.misses = 0

    def get(self, key: Hashable) -> V | None:
        with self._lock:
            value = self._entries.get(key)
            if value is None:
                self.misses += 1
                return None
            self._entries.move_to_end(key)
            self.hits += 1
            return value

    def put(self, key: Hashable, value: V) -> None:
        with self._lock:
            self._entries[key] = value
            self._entries.move_to_end(key)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self.hits = self.misses = 0

    def __len__(self) -> int:
        return len(self._entries)

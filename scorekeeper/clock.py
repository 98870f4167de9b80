"""The one clock every store reads: aware UTC ``datetime`` values, stored as ISO text.

``now()`` is the only place the app asks the time, so a test moves every store's clock at once with
``monkeypatch.setattr(clock, "now", ...)``. ``stamp`` writes a moment as the text the tables hold and
``parse`` reads it back.
"""

from __future__ import annotations

from datetime import datetime, timezone


def now() -> datetime:
    """The current moment, in UTC."""
    return datetime.now(timezone.utc)


def stamp(moment: datetime | None = None) -> str:
    """``moment`` (default: now) as stored: ISO 8601 to the second, with its UTC offset."""
    return (moment or now()).isoformat(timespec="seconds")


def parse(text: str | None) -> datetime | None:
    """A stored stamp back as a ``datetime`` (None for None or "")."""
    return datetime.fromisoformat(text) if text else None

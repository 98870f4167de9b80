"""A club's log: who did what in the club (issue 30). Each line is facts (an action code, what it names, what it
was before and became, as JSON), worded in the reader's language where the log is shown (``web.club_words``).

A line that can be undone (a merge of two players) holds everything its undoing needs; ``undone_at`` marks it once
undone, so it is never undone twice.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from scorekeeper.db.contract import Database

from scorekeeper import clock
from scorekeeper.rows import Row

from .rows import dumps

#: Actions whose line offers an undo (the store that wrote it knows how: ``players.undo_merge``).
UNDOABLE = {"players_merged"}


@dataclass(frozen=True)
class LogItem(Row):
    id: int
    club_id: int
    director_id: int | None
    who: str  # the director's name when they did it
    action: str
    subject: str | None  # what it names, as shown (a player's, season's or evening's name)
    before: dict | None = field(hash=False)
    after: dict | None = field(hash=False)
    at: str
    undone_at: str | None
    undone_by: str | None

    @classmethod
    def from_row(cls, row) -> LogItem:
        values = dict(row)
        for key in ("before", "after"):
            values[key] = json.loads(values[key]) if values[key] else None
        return cls(**values)

    @property
    def undoable(self) -> bool:
        return self.action in UNDOABLE and self.undone_at is None


def log(db: Database, club_id: int, *, action: str, director=None, subject: str | None = None, before=None,
        after=None) -> int:
    """Write one line; ``director`` is who did it (a row with ``id`` and ``name``), None for the server itself."""
    return db.insert("club_log", {
        "club_id": club_id, "director_id": getattr(director, "id", None), "who": getattr(director, "name", "") or "",
        "action": action, "subject": (subject or "")[:120] or None,
        "before": None if before is None else dumps(before), "after": None if after is None else dumps(after),
        "at": clock.stamp(),
    })


def list_log(db: Database, club_id: int, *, limit: int = 200) -> list[LogItem]:
    """The club's log, newest first."""
    rows = db.execute("SELECT * FROM club_log WHERE club_id = ? ORDER BY id DESC LIMIT ?", [club_id, limit]).fetchall()
    return [LogItem.from_row(r) for r in rows]


def get_item(db: Database, club_id: int, item_id: int) -> LogItem | None:
    row = db.execute("SELECT * FROM club_log WHERE club_id = ? AND id = ?", [club_id, item_id]).fetchone()
    return LogItem.from_row(row) if row else None


def mark_undone(db: Database, item: LogItem, director) -> bool:
    """Mark a line undone; False when it already was (another director undid it first)."""
    row = db.execute("UPDATE club_log SET undone_at = ?, undone_by = ? WHERE id = ? AND club_id = ? "
                     "AND undone_at IS NULL RETURNING id",
                     [clock.stamp(), getattr(director, "name", "") or "", item.id, item.club_id]).fetchone()
    return row is not None

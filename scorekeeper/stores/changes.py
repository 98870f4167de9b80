"""The audit log of a game: every change, who made it and why, what it was before and after."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from scorekeeper.db.contract import Database

from .. import clock
from scorekeeper.rows import Row

from .rows import clean_reason, dumps


@dataclass(frozen=True)
class Change(Row):
    """One entry of a game's log. ``before``/``after`` are the records as they were (None when absent)."""

    id: int
    game_id: int
    deal_id: int | None
    action: str  # create, add, edit, delete, undo, redo, lock, unlock, options, language, delete_game, ...: wording.py
    before: dict | None = field(hash=False)
    after: dict | None = field(hash=False)
    who: str | None
    reason: str | None
    undone: bool
    at: str

    @classmethod
    def from_row(cls, row) -> Change:
        """The change as a ``changes`` row stores it (before and after as JSON)."""
        values = dict(row)
        for key in ("before", "after"):
            values[key] = None if values[key] is None else json.loads(values[key])
        values["undone"] = bool(values["undone"])
        return cls(**values)


def record_change(db: Database, *, game_id: int, deal_id: int | None, action: str, before, after,
                  who: str | None, reason: str | None) -> int:
    """Append one entry to the audit log of a game; its id."""
    return logged(db, game_id=game_id, deal_id=deal_id, action=action, before=before, after=after, who=who,
                  reason=reason).id


def logged(db: Database, *, game_id: int, deal_id: int | None, action: str, before, after, who: str | None,
           reason: str | None) -> Change:
    """Append one entry to the audit log of a game; the entry as ``list_changes`` reads it back."""
    who, reason, at = (who or None) and str(who)[:60], clean_reason(reason) or None, clock.stamp()
    before, after = (None if record is None else dumps(record) for record in (before, after))
    change_id = db.execute(
        "INSERT INTO changes (game_id, deal_id, action, before, after, who, reason, undone, at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?) RETURNING id",
        [game_id, deal_id, action, before, after, who, reason, at],
    ).fetchone()[0]
    return Change(change_id, game_id, deal_id, action, None if before is None else json.loads(before),
                  None if after is None else json.loads(after), who, reason, False, at)


def list_changes(db: Database, game_id: int) -> list[Change]:
    rows = db.execute("SELECT * FROM changes WHERE game_id = ? ORDER BY id", [game_id]).fetchall()
    return [Change.from_row(r) for r in rows]


def last_undoable(db: Database, game_id: int) -> Change | None:
    """The latest deal change not yet undone (what "undo" would revert)."""
    row = db.execute(
        "SELECT * FROM changes WHERE game_id = ? AND action IN ('add', 'edit', 'delete') AND undone = 0 "
        "ORDER BY id DESC LIMIT 1",
        [game_id],
    ).fetchone()
    return Change.from_row(row) if row else None


def last_redoable(db: Database, game_id: int) -> Change | None:
    """The latest undo that "redo" would take back: only while no deal was saved, corrected or deleted since."""
    row = db.execute(
        "SELECT * FROM changes WHERE game_id = ? AND action = 'undo' AND undone = 0 AND id > COALESCE("
        "(SELECT MAX(id) FROM changes WHERE game_id = ? AND action IN ('add', 'edit', 'delete')), 0) "
        "ORDER BY id DESC LIMIT 1",
        [game_id, game_id],
    ).fetchone()
    return Change.from_row(row) if row else None


def undone_by(db: Database, undo: Change) -> Change | None:
    """The change an undo reverted (named in its reason: "undid change N (...)")."""
    try:
        change_id = int(str(undo.reason).split()[2])
    except (IndexError, ValueError):
        return None
    row = db.execute("SELECT * FROM changes WHERE id = ? AND game_id = ?", [change_id, undo.game_id]).fetchone()
    return Change.from_row(row) if row else None

"""The director's log: every confirmation, correction, adjusted score, round change and entry change."""

from __future__ import annotations

import json

from sqlite_utils import Database

from .base import dumps, stamp


def log(db: Database, tournament_id: int, *, action: str, who: str, round_number: int | None = None,
        table_id: int | None = None, before=None, after=None, reason: str | None = None) -> int:
    return db["tournament_log"].insert(
        {
            "tournament_id": tournament_id,
            "round_number": round_number,
            "table_id": table_id,
            "action": action,
            "before": None if before is None else dumps(before),
            "after": None if after is None else dumps(after),
            "who": (who or "")[:60],
            "reason": (reason or None) and reason.strip()[:300],
            "at": stamp(),
        }
    ).last_pk


def list_log(db: Database, tournament_id: int) -> list[dict]:
    """The director's log, newest first: the tournament's own entries, and every change the scorepad made
    to a table's deals after one of its sides had confirmed (read from the scorepad's ``changes``)."""
    items = []
    for row in db.execute(
        "SELECT l.*, tt.number AS table_number FROM tournament_log l "
        "LEFT JOIN tournament_tables tt ON tt.id = l.table_id WHERE l.tournament_id = ? ORDER BY l.id",
        [tournament_id],
    ).fetchall():
        item = dict(row)
        item["before"] = json.loads(item["before"]) if item["before"] else None
        item["after"] = json.loads(item["after"]) if item["after"] else None
        item["source"] = "tournament"
        items.append(item)
    # Deal changes on the scorepad after a confirmation: own query, the store has none by time.
    for row in db.execute(
        "SELECT c.*, tt.number AS table_number, tt.round_number FROM changes c "
        "JOIN tournament_tables tt ON tt.game_id = c.game_id "
        "WHERE tt.tournament_id = ? AND c.action IN ('add', 'edit', 'delete', 'undo') AND c.at >= "
        "COALESCE((SELECT MIN(at) FROM tournament_log l WHERE l.table_id = tt.id AND l.action = 'confirmed'), "
        "'9999') ORDER BY c.id",
        [tournament_id],
    ).fetchall():
        item = dict(row)
        item["before"] = _deal_brief(item["before"])
        item["after"] = _deal_brief(item["after"])
        item["action"] = f"deal_{item['action']}_after_confirmation"
        item["source"] = "scorepad"
        items.append(item)
    items.sort(key=lambda i: (i["at"], i["source"] == "tournament", i["id"]), reverse=True)
    return items


def _deal_brief(text: str | None):
    if not text:
        return None
    deal = json.loads(text)
    return {"deal": deal.get("seq"), "sides": deal.get("sides")}

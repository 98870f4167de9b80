"""The director's log: every confirmation, correction, adjusted score, round change and entry change."""

from __future__ import annotations

import json

from sqlite_utils import Database

from .. import clock
from .base import dumps


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
            "at": clock.stamp(),
        }
    ).last_pk


def list_log(db: Database, tournament_id: int, *, round_number: int | None = None,
             table_number: int | None = None) -> list[dict]:
    """The director's log, newest first, each item with its ``sentence``: the tournament's own entries, and
    every change the scorepad made to a table's deals after one of its sides had confirmed (read from the
    scorepad's ``changes``). ``round_number`` and ``table_number`` keep only the items about them."""
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
    items = [i for i in items if (round_number is None or i["round_number"] == round_number)
             and (table_number is None or i["table_number"] == table_number)]
    items.sort(key=lambda i: (i["at"], i["source"] == "tournament", i["id"]), reverse=True)
    for item in items:
        item["sentence"] = sentence(item)
    return items


def _deal_brief(text: str | None):
    if not text:
        return None
    deal = json.loads(text)
    return {"deal": deal.get("seq"), "sides": deal.get("sides")}


SIDE_NAMES = {"we": "North-South", "they": "East-West"}


def _score(value: dict | None) -> str:
    if not value or value.get("we") is None:
        return "no score"
    text = f"{value['we']} – {value['they']}"
    return f"{text} ({value['kind']})" if value.get("kind") else text


def _deal_points(value: dict | None) -> str:
    """A deal as recorded at a table: each side's meld and hand points."""
    if not value or not value.get("sides"):
        return "nothing"
    parts = []
    for key, side in sorted(value["sides"].items(), key=lambda kv: kv[0] != "we"):
        if isinstance(side, dict):
            parts.append(f"{SIDE_NAMES.get(key, key)} {side.get('meld_points', 0)} + {side.get('hand_points', 0)}")
    return ", ".join(parts) or "a deal"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def sentence(item: dict) -> str:
    """What happened, in words: what was done, and what it was before and became (who and why go beside)."""
    before, after, action = item["before"] or {}, item["after"] or {}, item["action"]
    if item.get("source") == "scorepad":
        verb = {"add": "added", "edit": "changed", "delete": "deleted", "undo": "undid"}[action.split("_")[1]]
        deal = (after or before).get("deal")
        return (f"{verb} deal {deal} after a side had confirmed: {_deal_points(before)} → {_deal_points(after)}"
                if verb != "added" else f"added deal {deal} after a side had confirmed: {_deal_points(after)}")
    words = SENTENCES.get(action)
    if words is None:
        return action.replace("_", " ")
    return words(before, after)


SENTENCES = {
    "round_started": lambda b, a: (f"started the round: {_plural(a.get('tables', 0), 'table')}"
                                   + (f", {a['sit_out']} sitting out" if a.get("sit_out") else "")),
    "round_closed": lambda b, a: "closed the round" + (
        f" with table{'s' if len(a['unconfirmed_tables']) != 1 else ''} "
        f"{', '.join(map(str, a['unconfirmed_tables']))} not confirmed" if a.get("unconfirmed_tables") else ""),
    "round_reopened": lambda b, a: "reopened the round: its tables can score and confirm again",
    "finish": lambda b, a: "ended the tournament",
    "tournament_reopened": lambda b, a: "reopened the tournament",
    "password_changed": lambda b, a: "changed the director's password; every other director's sign-in ended",
    "entry_added": lambda b, a: f"entered {a.get('name')} as number {a.get('entry')}, playing from round "
                                f"{a.get('from_round')}",
    "entry_withdrawn": lambda b, a: f"withdrew number {a.get('entry')}",
    "entry_back": lambda b, a: f"brought number {a.get('entry')} back",
    "entry_renamed": lambda b, a: f"renamed number {a.get('entry')}: {b.get('name')} → {a.get('name')}",
    "confirmed": lambda b, a: f"{SIDE_NAMES.get(a.get('side'), a.get('side'))} confirmed {_score(a)} after "
                              f"{_plural(a.get('deals') or 0, 'deal')}",
    "corrected": lambda b, a: f"corrected the table's score: {_score(b)} → {_score(a)}",
    "adjusted": lambda b, a: f"gave the table an adjusted score: {_score(b)} → {_score(a)}",
    "back_to_game_score": lambda b, a: f"went back to the game's own score: {_score(b)} → {_score(a)}",
    "deal_corrected": lambda b, a: f"corrected deal {a.get('deal')}: {_deal_points(b)} → {_deal_points(a)}",
    "disputed": lambda b, a: f"{SIDE_NAMES.get(a.get('side'), a.get('side'))} disagreed with the score "
                             f"{_score(a)}",
    "dispute_settled": lambda b, a: f"settled the dispute ({SIDE_NAMES.get(b.get('side'), b.get('side'))} had "
                                    f"disagreed)",
    "confirmations_cleared": lambda b, a: f"{SIDE_NAMES.get(a.get('side'), a.get('side'))} changed the score after "
                                          f"a confirmation, so both sides must confirm again: {_score(b)} → "
                                          f"{_score(a)}",
}

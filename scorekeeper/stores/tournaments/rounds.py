"""Rounds and their tables as stored, and the round's clock. Starting, closing and reopening them is
``running``'s (which may ask every other tournament store; this one asks none).
"""

from __future__ import annotations

import math

from scorekeeper.db.contract import Database

from scorekeeper import clock
from scorekeeper.rules.i18n import _
from scorekeeper.tournaments import timing
from scorekeeper.tournaments.rows import Round, Table, Tournament

#: The warning on table phones starts this many minutes before the end of a timed round.
WARNING_MINUTES = 10


def list_rounds(db: Database, tournament_id: int) -> list[Round]:
    rows = db.execute(
        "SELECT * FROM tournament_rounds WHERE tournament_id = ? ORDER BY number", [tournament_id]
    ).fetchall()
    return [Round.from_row(r) for r in rows]


def get_round(db: Database, tournament_id: int, number: int) -> Round | None:
    row = db.execute(
        "SELECT * FROM tournament_rounds WHERE tournament_id = ? AND number = ?", [tournament_id, number]
    ).fetchone()
    return Round.from_row(row) if row else None


def latest_round(db: Database, tournament_id: int) -> Round | None:
    row = db.execute(
        "SELECT * FROM tournament_rounds WHERE tournament_id = ? ORDER BY number DESC LIMIT 1", [tournament_id]
    ).fetchone()
    return Round.from_row(row) if row else None


def current_round(db: Database, tournament_id: int) -> Round | None:
    """The round being played, if any."""
    last = latest_round(db, tournament_id)
    return last if last and last.status == "playing" else None


def list_tables(db: Database, tournament_id: int, round_number: int | None = None) -> list[Table]:
    if round_number is None:
        rows = db.execute(
            "SELECT * FROM tournament_tables WHERE tournament_id = ? ORDER BY round_number, number", [tournament_id]
        ).fetchall()
    else:
        rows = db.execute(
            "SELECT * FROM tournament_tables WHERE tournament_id = ? AND round_number = ? ORDER BY number",
            [tournament_id, round_number],
        ).fetchall()
    return [Table.from_row(r) for r in rows]


def get_table(db: Database, tournament_id: int, table_id: int) -> Table | None:
    row = db.execute(
        "SELECT * FROM tournament_tables WHERE tournament_id = ? AND id = ?", [tournament_id, table_id]
    ).fetchone()
    return Table.from_row(row) if row else None


def round_is_open(db: Database, table: Table) -> bool:
    row = db.execute("SELECT status FROM tournament_rounds WHERE id = ?", [table.round_id]).fetchone()
    return bool(row) and row["status"] == "playing"


# --- Seating -----------------------------------------------------------------------------------------------


# --- The clock -------------------------------------------------------------------------------------------


def round_clock(tournament: Tournament, round_row: Round, status=None, table: Table | None = None) -> dict:
    """What the table phones show about the end of the round: time left, deals left, and any warning; for a
    timed round, also how it ends (``rule``), whether this table may still record a deal (``refusal`` says
    why not) and whether it may tap "Deal N started" (``may_mark``); ``complete``: a round of so many deals has
    them all, or a round to the target has its winner, so no next deal is offered."""
    shown = {"kind": tournament.round_end, "closed": round_row.status == "closed", "warning": None,
             "seconds_left": None, "deals_left": None, "ends_at": round_row.ends_at, "rule": None,
             "refusal": None, "may_mark": False, "marked": None, "complete": False}
    if shown["closed"]:
        shown["warning"] = _("This round is closed.")
        return shown
    if tournament.round_end == "minutes" and round_row.ends_at:
        _timed_clock(shown, round_row, status, table)
    elif tournament.round_end == "deals" and status is not None:
        left = tournament.round_limit - status.deals
        shown["deals_left"] = max(0, left)
        if left == 1:
            shown["warning"] = _("Last deal of the round.")
        elif left <= 0:
            shown["warning"] = _("All deals of the round are played: confirm the score.")
            shown["complete"] = True
    elif tournament.round_end == "target" and status is not None and status.game_over:
        shown["warning"] = _("The game is over: confirm the score.")
        shown["complete"] = True
    return shown


def _timed_clock(shown: dict, round_row: Round, status, table: Table | None) -> None:
    left = (clock.parse(round_row.ends_at) - clock.now()).total_seconds()
    deals = status.deals if status is not None else 0
    shown["seconds_left"] = max(0, math.ceil(left))
    shown["warning"] = timing.warning(round_row, table, deals, left, WARNING_MINUTES * 60)
    if round_row.time_up:
        shown["rule"] = timing.rule_text(round_row.time_up)
    if table is not None and status is not None and not status.kind:
        shown["refusal"] = timing.refusal(round_row, table, deals)
        shown["may_mark"] = timing.may_mark(round_row, table, deals)
        if round_row.time_up == "finish" and table.deal_started_number == deals + 1:
            shown["marked"] = {"deal": deals + 1, "at": table.deal_started_at}

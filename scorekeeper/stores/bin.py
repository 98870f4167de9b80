"""The bin: a deleted game waits here, deals and all, and can be restored for ``BIN_DAYS`` days.

``stores.games.delete_game`` puts a game in the bin (it sets ``games.deleted_at``; every query of the store then
leaves it out). After ``BIN_DAYS`` days ``sweep`` deletes it for good; the change log keeps a record.

Why the days are counted by a clock of the bin's own. Deleting for good cannot be undone, and the laptop's clock
can jump: a clock that was wrong and is set right, a dead battery, a time zone chosen by mistake. Counted by the
wall clock alone, one jump forward made every game in the bin look a month old, and the next visit to the bin
emptied it. So the bin keeps its own clock (the table ``bin_clock``), which each ``sweep`` (every visit to the
bin) moves on by the time that has surely passed since the previous sweep. While the server runs, that is what
this process's monotonic clock measured (``_monotonic``: it cannot be set, and counts a laptop's sleep where the
system can); the wall clock is not asked, so a jump either way moves the bin clock by nothing. On the first sweep
after a start, the time the server was not running can only be read from the wall clock: it counts, but never
more than ``RESTART_CREDIT``, a week, so that a club meeting weekly on a laptop switched off in between still
empties its bin, while a jump made while the laptop was off ages the bin by a week at most. Each game put in the
bin gets the bin clock's reading it counts from (``games.bin_mark``, set at the first sweep that sees it, less
the part of the last step it was already in the bin). A game is deleted for good only when it has been in the
bin ``BIN_DAYS`` by both clocks: a jump forward cannot empty the bin, a jump back cannot keep a game for ever
(the bin clock goes on), and the days left shown are the bin clock's.
"""

from __future__ import annotations

import math
import time
from datetime import datetime, timedelta, timezone

from scorekeeper.db.contract import Database

from scorekeeper import clock
from scorekeeper.rules.i18n import _
from scorekeeper.stores import changes
from scorekeeper.stores.devices import device_params
from scorekeeper.stores.errors import GameNotFound
from scorekeeper.scorepad.rows import Game
from scorekeeper.stores.summary import db_file

BIN_DAYS = 30
DAY = 86400.0
#: The most that the first sweep after a start counts of the time the server was not running (see above).
RESTART_CREDIT = 7 * DAY
#: Seconds that a laptop's suspend counts too where the system says (Linux: CLOCK_BOOTTIME).
_monotonic = (lambda: time.clock_gettime(time.CLOCK_BOOTTIME)) if hasattr(time, "CLOCK_BOOTTIME") else time.monotonic
#: This process's last sweep of each database file: the monotonic clock's reading then.
_last_sweep: dict[str, float] = {}


def forget_this_process() -> None:
    """As if the server had just started: the next sweep has no reading of its own to measure from."""
    _last_sweep.clear()


def _moment(text: str) -> datetime:
    moment = clock.parse(text)
    return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)


def _bin_clock(db: Database) -> tuple[str, float]:
    row = db.execute("SELECT seen_at, elapsed FROM bin_clock WHERE id = 1").fetchone()
    return (row[0], row[1]) if row else (clock.stamp(), 0.0)


def binned_games(db: Database, device: str) -> list[dict]:
    """The games of one phone's list (``device``: its id) in the bin, most recently deleted first, each with its
    deal count and the days it has left (by the bin's clock, as of the last sweep)."""
    elapsed = _bin_clock(db)[1]
    rows = db.execute(
        "SELECT games.*, (SELECT COUNT(*) FROM deals WHERE deals.game_id = games.id) AS deal_count "
        "FROM games WHERE deleted_at IS NOT NULL AND games.id IN (SELECT game_id FROM device_games "
        "WHERE device IN (?, ?)) ORDER BY deleted_at DESC, id DESC", device_params(device)
    ).fetchall()
    games = []
    for row in rows:
        game = Game.from_row(row)
        age = elapsed - row["bin_mark"] if row["bin_mark"] is not None else 0.0
        games.append({"id": game.id, "sides": game.sides, "created_at": game.created_at,
                      "deleted_at": row["deleted_at"], "deal_count": row["deal_count"],
                      "days_left": max(1, math.ceil((BIN_DAYS * DAY - age) / DAY))})
    return games


def restore_game(db: Database, game_id: int, *, who: str | None = None) -> None:
    """Take a game out of the bin, as it was; raises GameNotFound when it is not there."""
    with db.write(game=game_id):
        cursor = db.execute(
            "UPDATE games SET deleted_at = NULL, bin_mark = NULL, version = version + 1, updated_at = ? "
            "WHERE id = ? AND deleted_at IS NOT NULL",
            [clock.stamp(), game_id],
        )
        if cursor.rowcount != 1:
            raise GameNotFound(_("That game is not in the bin: it was restored already, or emptied out."))
        changes.record_change(db, game_id=game_id, deal_id=None, action="restore_game", before=None,
                              after={"restored": True}, who=who, reason="taken out of the bin")  # i18n: not for people (an audit note)


def sweep(db: Database, now: datetime | None = None) -> int:
    """Move the bin's clock on by the time that surely passed, give the games new in the bin their mark, and
    delete for good those in the bin ``BIN_DAYS`` by both clocks (the module's docstring says why); how many."""
    now = now or clock.now()
    running = _monotonic()
    key = db_file(db)
    seen_at, elapsed = _bin_clock(db)
    wall = max(0.0, (now - _moment(seen_at)).total_seconds())
    previous = _last_sweep.get(key)
    step = max(0.0, running - previous) if previous is not None else min(wall, RESTART_CREDIT)
    with db.write(key="bin"):
        # Written first, on the reading just made: a sweep by another thread meanwhile wins, and this one counts
        # nothing (the time is counted once).
        moved = db.execute("UPDATE bin_clock SET seen_at = ?, elapsed = elapsed + ? WHERE id = 1 AND seen_at = ? "
                           "AND elapsed = ?", [clock.stamp(now), step, seen_at, elapsed]).rowcount
        elapsed = _bin_clock(db)[1]
        for game_id, deleted_at in db.execute(
                "SELECT id, deleted_at FROM games WHERE deleted_at IS NOT NULL AND bin_mark IS NULL").fetchall():
            credit = min(max(0.0, (now - _moment(deleted_at)).total_seconds()), step if moved else 0.0)
            db.execute("UPDATE games SET bin_mark = ? WHERE id = ?", [elapsed - credit, game_id])
        expired = [row[0] for row in db.execute(
            "SELECT id, deleted_at FROM games WHERE deleted_at IS NOT NULL AND bin_mark <= ?",
            [elapsed - BIN_DAYS * DAY]).fetchall() if _moment(row[1]) <= now - timedelta(days=BIN_DAYS)]
    # After the clock's write: each game is then written under its own lock (tournament, game, then any other
    # key: never a game's lock while holding the bin's).
    expired = purge(db, expired, older_than=elapsed - BIN_DAYS * DAY)
    _last_sweep[key] = running
    return len(expired)


def purge(db: Database, game_ids: list[int], older_than: float | None = None) -> list[int]:
    """Delete for good the games ``game_ids`` of the bin, deals and all (the change log keeps a record); those
    deleted. Each game is written under its own lock, and only while it is still in the bin (with ``older_than``:
    since that reading of the bin's clock at least): a game restored meanwhile, or restored and binned again,
    stays."""
    still = "SELECT 1 FROM games WHERE id = ? AND deleted_at IS NOT NULL" + (
        " AND bin_mark <= ?" if older_than is not None else "")
    purged = []
    for game_id in game_ids:
        with db.write(game=game_id):
            if not db.one(still, [game_id] if older_than is None else [game_id, older_than]):
                continue
            purged.append(game_id)
            db.execute("DELETE FROM deals WHERE game_id = ?", [game_id])
            db.execute("DELETE FROM device_games WHERE game_id = ?", [game_id])
            db.execute("DELETE FROM games WHERE id = ? AND deleted_at IS NOT NULL", [game_id])
            changes.record_change(db, game_id=game_id, deal_id=None, action="purge_game", before=None, after=None,
                                  who=None, reason=f"emptied from the bin after {BIN_DAYS} days")  # i18n: not for people (an audit note)
    return purged


def retire_untouched(db: Database, days: int, now: datetime | None = None) -> int:
    """Move to the bin every casual game nobody changed for ``days`` days (``UNTOUCHED_GAME_DAYS``); how many.

    A retired game waits in the bin ``BIN_DAYS`` more days (counted by ``sweep``), restorable by whoever has it
    in their list, before it is deleted for good. A tournament's games stay with their tournament."""
    if days <= 0:
        return 0
    moment = now or clock.now()
    cutoff = clock.stamp(moment - timedelta(days=days))
    with db.write():
        retired = [row[0] for row in db.execute(
            "UPDATE games SET deleted_at = ?, version = version + 1 WHERE deleted_at IS NULL AND updated_at < ? "
            "AND NOT EXISTS (SELECT 1 FROM tournament_tables t WHERE t.game_id = games.id) RETURNING id",
            [clock.stamp(moment), cutoff]).fetchall()]
        for game_id in retired:
            changes.record_change(db, game_id=game_id, deal_id=None, action="delete_game", before=None, after=None,
                                  who=None, reason=f"untouched for {days} days")  # i18n: not for people (an audit note)
    return len(retired)

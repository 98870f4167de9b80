"""The bin: a deleted game waits here, deals and all, and can be restored for ``BIN_DAYS`` days.

``stores.games.delete_game`` puts a game in the bin (it sets ``games.deleted_at``; every query of the store then
leaves it out). After ``BIN_DAYS`` days ``purge_expired`` deletes it for good; the change log keeps a record.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from sqlite_utils import Database
from flask_babel import gettext as _

from scorekeeper import clock
from scorekeeper.stores import changes
from scorekeeper.stores.errors import GameNotFound
from scorekeeper.stores.games import Game

BIN_DAYS = 30


def _deleted_at(text: str) -> datetime:
    moment = clock.parse(text)
    return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)


def binned_games(db: Database, now: datetime | None = None) -> list[dict]:
    """The games in the bin, most recently deleted first, each with its deal count and the days it has left."""
    now = now or clock.now()
    rows = db.execute(
        "SELECT games.*, (SELECT COUNT(*) FROM deals WHERE deals.game_id = games.id) AS deal_count "
        "FROM games WHERE deleted_at IS NOT NULL ORDER BY deleted_at DESC, id DESC"
    ).fetchall()
    games = []
    for row in rows:
        game = Game.from_row(row)
        left = _deleted_at(row["deleted_at"]) + timedelta(days=BIN_DAYS) - now
        if left.total_seconds() <= 0:
            continue
        games.append({"id": game.id, "sides": game.sides, "created_at": game.created_at,
                      "deleted_at": row["deleted_at"], "deal_count": row["deal_count"],
                      "days_left": max(1, left.days + (1 if left.seconds else 0))})
    return games


def restore_game(db: Database, game_id: int, *, who: str | None = None) -> None:
    """Take a game out of the bin, as it was; raises GameNotFound when it is not there."""
    with db.atomic():
        cursor = db.execute(
            "UPDATE games SET deleted_at = NULL, version = version + 1, updated_at = ? "
            "WHERE id = ? AND deleted_at IS NOT NULL",
            [clock.stamp(), game_id],
        )
        if cursor.rowcount != 1:
            raise GameNotFound(_("That game is not in the bin: it was restored already, or emptied out."))
        changes.record_change(db, game_id=game_id, deal_id=None, action="restore_game", before=None,
                              after={"restored": True}, who=who, reason="taken out of the bin")  # i18n: not for people (an audit note)


def purge_expired(db: Database, now: datetime | None = None) -> int:
    """Delete for good the games that have been in the bin longer than BIN_DAYS; how many."""
    cutoff = (now or clock.now()) - timedelta(days=BIN_DAYS)
    expired = [row[0] for row in db.execute("SELECT id, deleted_at FROM games WHERE deleted_at IS NOT NULL")
               .fetchall() if _deleted_at(row[1]) <= cutoff]
    if not expired:
        return 0
    with db.atomic():
        for game_id in expired:
            db.execute("DELETE FROM deals WHERE game_id = ?", [game_id])
            db.execute("DELETE FROM games WHERE id = ? AND deleted_at IS NOT NULL", [game_id])
            changes.record_change(db, game_id=game_id, deal_id=None, action="purge_game", before=None, after=None,
                                who=None, reason=f"emptied from the bin after {BIN_DAYS} days")  # i18n: not for people (an audit note)
    return len(expired)

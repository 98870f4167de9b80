"""What a table does with its phone: record a deal, undo, confirm the score, say it disagrees.

A table scores only through its own link, one write at a time (a deal through the game's own save,
``deals.record``; undo through ``table_write``), only while its round is open and the director has not set its
score. Each write names the side that made it ("we" is North-South). A side
that changes the score after a confirmation clears both confirmations (they are tied to the game's version),
and the log says which side did it; a side cannot undo the other side's deal once the score was confirmed.
"""

from __future__ import annotations

from scorekeeper.db.contract import Database

from scorekeeper import clock
from scorekeeper.rules.i18n import _
from scorekeeper.stores.changes import last_undoable
from scorekeeper.scorepad.summary import GameSummary, ScorepadRow
from scorekeeper.stores.deals import Saved, record, undo_last
from scorekeeper.stores.errors import DealNotFound, StaleGame
from scorekeeper.stores.games import game_version, get_game
from scorekeeper.stores.summary import game_standing, game_summary
from scorekeeper.stores.tournaments import records, rounds
from scorekeeper.tournaments import timing
from scorekeeper.stores.rows import clean_reason
from scorekeeper.stores.tournaments.base import TournamentError
from scorekeeper.stores.tournaments.log import SIDE_NAMES, log, side_of, side_words, who_at
from scorekeeper.stores.tournaments.results import SIDES, TableStatus, keep_standings, table_status
from scorekeeper.tournaments.rows import Table

__all__ = ["SIDE_NAMES", "Refused", "confirm", "correct_deal", "dispute", "settle", "side_of", "table_add_deal",
           "table_undo", "table_write", "who_at"]


class Refused(TournamentError):
    """The table may not make this write now (the answer is a conflict, not a closed door)."""


def _check_side(side: str) -> None:
    if side not in SIDES:
        raise TournamentError(_("Choose which side is confirming."))


def confirm(db: Database, table: Table, side: str, *, version: int, who: str) -> None:
    """A side agrees with the score shown at game version ``version``."""
    _check_side(side)
    with db.write(game=table.game_id, within=table.tournament_id):
        game = get_game(db, table.game_id)
        if not rounds.round_is_open(db, table):
            raise TournamentError(_("This round is closed: only the director can change its results now."))
        if game.version != version:
            raise TournamentError(_("The score changed after it was shown. Check the new score, then confirm it."))
        db.execute(
            f"UPDATE tournament_tables SET {side}_confirmed_version = ?, {side}_confirmed_at = ? WHERE id = ?",
            [version, clock.stamp(), table.id],
        )
        summary = game_summary(db, table.game_id)
        log(db, table.tournament_id, round_number=table.round_number, table_id=table.id,
            action="confirmed", after={"side": side, "we": summary.totals.get("we"),
                                       "they": summary.totals.get("they"), "deals": len(summary.rows)}, who=who)


def dispute(db: Database, table: Table, side: str, reason: str, *, who: str) -> None:
    """A side says "we disagree": the table is disputed, with the reason, until the director settles it."""
    _check_side(side)
    reason = clean_reason(reason)
    if not reason:
        raise Refused(_("Say what you disagree with; the director reads it."))
    with db.write(game=table.game_id, within=table.tournament_id):
        if not rounds.round_is_open(db, table):
            raise TournamentError(_("This round is closed: only the director can change its results now."))
        db.execute("UPDATE tournament_tables SET disputed_by = ?, dispute_reason = ?, disputed_at = ? WHERE id = ?",
                   [side, reason, clock.stamp(), table.id])
        status = table_status(db, table)
        log(db, table.tournament_id, round_number=table.round_number, table_id=table.id,
            action="disputed", after={"side": side, "we": status.we, "they": status.they}, who=who, reason=reason)


def settle(db: Database, table: Table, reason: str, *, who: str) -> None:
    """The director settles a dispute (the score stands, or they correct it separately)."""
    reason = clean_reason(reason)
    if not reason:
        raise TournamentError(_("Give the reason for the decision; it goes in the log."))
    with db.write(tournament=table.tournament_id):
        db.execute("UPDATE tournament_tables SET disputed_by = NULL, dispute_reason = NULL, disputed_at = NULL "
                   "WHERE id = ?", [table.id])
        log(db, table.tournament_id, round_number=table.round_number, table_id=table.id,
            action="dispute_settled", before={"side": table.disputed_by}, who=who, reason=reason)


# --- Writes to the table's game ---------------------------------------------------------------------------


def table_write(db: Database, table: Table, *, expected_version: int, action):
    """Run one scorepad write for a table other than a deal (undo): ``action(before)`` gets the table's status as
    the phone saw it.

    Tournament games stay locked, so the scorepad's own pages cannot change them; a table writes through its
    secret link only, with the game's own write (``stores.deals``, ``locked_ok``): one claim of the version,
    one change row. The write takes the game's lock (and shares the tournament's with the other tables: a
    director's write waits for it) before anything is read; a phone that saw an older version gets
    ``StaleGame`` and nothing is written.
    """
    with db.write(game=table.game_id, within=table.tournament_id):
        if not rounds.round_is_open(db, table):
            raise TournamentError(_("This round is closed: only the director can change its results now."))
        version = game_version(db, table.game_id)
        if version != expected_version:
            raise StaleGame(version)
        # The table's score as the running totals kept with the deals give it: adding a deal scores only that deal.
        return action(table_status(db, _fresh(db, table), game_standing(db, table.game_id)))


def _fresh(db: Database, table: Table) -> Table:
    return rounds.get_table(db, table.tournament_id, table.id)


def _set_by_director(status: TableStatus) -> Refused:
    return Refused(_("The director set this table's score (%(reason)s): no more deals are recorded here. "
                   "Ask the director if it is wrong.", reason=status.reason))


def _may_add(db: Database, table: Table, status: TableStatus, round_row) -> None:
    """Refused when the director has set the table's score, a deal-limited round has all its deals, or a timed
    round's time is up as the director chose it to end (``timing.refusal``)."""
    if status.kind:
        raise _set_by_director(status)
    tournament = records.get_tournament(db, table.tournament_id)
    if tournament.round_end == "deals" and status.deals >= tournament.round_limit:
        raise Refused(_("This round is %(limit)s deals, and all of them are recorded. Check the score and "
                        "confirm it, or ask the director.", limit=tournament.round_limit))
    if tournament.round_end == "minutes":
        refusal = timing.refusal(round_row, table, status.deals)
        if refusal:
            raise Refused(refusal)


def _log_cleared(db: Database, table: Table, before: TableStatus, side: str, who: str,
                 summary: GameSummary | None = None) -> None:
    """A change after a confirmation: both sides must confirm again, and the log says who changed it (``summary``:
    the game after the change, when the caller has it)."""
    if not before.any_confirmation:
        return
    after = table_status(db, _fresh(db, table), summary)
    log(db, table.tournament_id, round_number=table.round_number, table_id=table.id,
        action="confirmations_cleared", before={"we": before.we, "they": before.they},
        after={"side": side, "we": after.we, "they": after.they}, who=who)


def table_add_deal(db: Database, table: Table, sides_data: dict, *, side: str, expected_version: int,
                   who: str, result=None, summary=None, client_key: str | None = None) -> Saved:
    """Record the next deal, entered by ``side``, through the game's own save (``deals.record``, in one write
    that shares the tournament's lock with the other tables): only while the round is open, the director has not
    set the table's score and the round's deals or time allow another. ``result``: the engine's scoring of the
    deal on ``summary``, the game as the phone saw it (from the deal path; the store records it without scoring
    again); ``client_key``: the key the phone put on its save (a retry is recorded once, and answered as that save
    also while the first attempt is still being written)."""
    _check_side(side)
    seen: dict[str, TableStatus] = {}

    def check(before: GameSummary) -> None:
        fresh = _fresh(db, table)
        round_row = rounds.get_round(db, table.tournament_id, table.round_number)
        if round_row is None or round_row.status != "playing":
            raise TournamentError(_("This round is closed: only the director can change its results now."))
        seen["status"] = table_status(db, fresh, before, corrections=False)
        _may_add(db, fresh, seen["status"], round_row)

    return record(db, table.game_id, sides_data, expected_version=expected_version, who=who, result=result,
                  summary=summary, client_key=client_key, locked_ok=True, within=table.tournament_id, check=check,
                  then=lambda saved: _log_cleared(db, table, seen["status"], side, who, saved.summary))


def table_undo(db: Database, table: Table, *, side: str, expected_version: int, who: str):
    """Undo the table's last change; once the score is confirmed, only the side that made it may."""
    _check_side(side)

    def undo(before):
        change = last_undoable(db, table.game_id)
        made_by = side_of(change.who) if change else None
        if change and before.any_confirmation and made_by != side:
            if made_by is None:
                raise Refused(_("The score was confirmed: only the director can undo that change now."))
            by = side_words(made_by)
            raise Refused(_("%(side)s entered that deal and the score was confirmed: only %(side)s or the "
                            "director can undo it.", side=by))
        result = undo_last(db, table.game_id, expected_version=expected_version, who=who, locked_ok=True)
        _log_cleared(db, table, before, side, who)
        return result

    return table_write(db, table, expected_version=expected_version, action=undo)


def mark_deal_started(db: Database, table: Table, *, who: str) -> int:
    """The table says its next deal has started (it was dealt): under "finish the deal in play", that deal may
    be recorded after time is up when this came before (see ``timing``). Returns the deal's number; logged."""
    with db.write(game=table.game_id, within=table.tournament_id):
        fresh = _fresh(db, table)
        round_row = rounds.get_round(db, table.tournament_id, table.round_number)
        if round_row.status != "playing":
            raise Refused(_("This round is closed: only the director can change its results now."))
        if round_row.time_up != "finish":
            raise Refused(_("Marking a deal as started is for timed rounds in which the deal in play is finished."))
        if timing.time_is_up(round_row):
            raise Refused(_("Time is up: no new deal may start."))
        status = table_status(db, fresh)
        if status.kind:
            raise _set_by_director(status)
        number = status.deals + 1
        if fresh.deal_started_number != number:
            db.execute("UPDATE tournament_tables SET deal_started_number = ?, deal_started_at = ? WHERE id = ?",
                       [number, clock.stamp(), table.id])
            log(db, table.tournament_id, round_number=table.round_number, table_id=table.id,
                action="deal_started", after={"deal": number}, who=who)
    return number


# --- The director's correction of one deal -----------------------------------------------------------------


def correct_deal(db: Database, table: Table, deal_id: int, sides_data: dict, *, reason: str, who: str,
                 summary: GameSummary | None = None, result=None) -> Saved:
    """The director corrects one deal of a table, in any round, open or closed, through the game's own save
    (``deals.record``, holding the whole tournament): the later totals follow, the table's confirmations go (the
    score changed; until the table confirms again, its score reads as the director's correction:
    ``TableStatus.deal_corrected``), and the log keeps the deal as it was and as it became, with its score for each
    side and the game's version the correction made. ``summary``/``result``: the game as the director's page read
    it, and the corrected deal scored on it."""
    reason = clean_reason(reason)
    if not reason:
        raise Refused(_("Give the reason for the correction; it goes in the log."))

    def then(saved: Saved) -> None:
        old = saved.change.before
        log(db, table.tournament_id, round_number=table.round_number, table_id=table.id,
            action="deal_corrected", before={"deal": old["seq"], "sides": old["sides"],
                                             "scores": _deal_scores(saved.previous)},
            after={"deal": old["seq"], "sides": sides_data, "scores": _deal_scores(saved.row),
                   "version": saved.summary.game.version}, who=who, reason=reason)
        keep_standings(db, table.tournament_id)  # a finished evening's standings change with it

    try:
        return record(db, table.game_id, sides_data, expected_version=None, deal_id=deal_id, who=who, reason=reason,
                      summary=summary, result=result, locked_ok=True, tournament=table.tournament_id, then=then)
    except DealNotFound:
        raise Refused(_("That deal is not one of this table's.")) from None


def _deal_scores(row: ScorepadRow | None) -> dict[str, int]:
    """What the deal scored for each side, as the scorepad's row shows it."""
    return {key: side.deal for key, side in row.sides.items()} if row else {}

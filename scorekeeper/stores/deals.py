"""Writing deals: add the next one, correct one, delete one, undo the last change; change the club options
(which scores every deal again).

Each write claims the game's version first (``games.claim``), records its change in the audit log, and
rewrites the game's status from the summary; once committed, that summary is cached, so the scorepad shown
next is not scored again. A deal is scored once per save: the caller hands over the engine's result for
the totals it was scored on, and the store records it.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from scorekeeper.db.contract import Conflict, Database

from .. import clock
from ..rules import DealResult, get_profile
from ..rules.i18n import _
from . import changes
from .errors import DealNotFound, GameOver, InvalidGame, NothingToUndo, StaleGame, TooManyDeals
from .games import MODES, Deal, Game, claim, get_deal, list_deals, side_names
from .rows import dumps
from .summary import (ENGINE, GameSummary, cached_at, extended, from_running, remember, running_of, score, summarise,
                      totals_before_row)


def _set_status(db: Database, game: Game, summary: GameSummary) -> GameSummary:
    """Store the game's status and winner as ``summary`` says; the summary, for the game row as written."""
    game = game.replace(status="finished" if summary.game_over else "playing", winner=summary.winner)
    db.execute("UPDATE games SET status = ?, winner = ? WHERE id = ?", [game.status, game.winner, game.id])
    return summary.replace(game=game)


def _refresh_status(db: Database, game: Game) -> GameSummary:
    """After a change of earlier deals (a correction, a deletion, undo, redo, the options): the game scored from
    its deals, its running totals rewritten from the first deal whose totals changed on, and its status."""
    return _set_status(db, game, _scored(db, game, list_deals(db, game.id)))


def _scored(db: Database, game: Game, deals: list[Deal]) -> GameSummary:
    """The game scored from ``deals`` (as stored now), with each deal's running totals written where they differ
    from what was kept: in the caller's transaction, so the totals kept always match the deals committed."""
    summary = summarise(game, deals)
    for row, deal in zip(summary.rows, deals):
        running = running_of(row)
        if deal.running != running:
            db.execute("UPDATE deals SET running = ? WHERE id = ?", [dumps(running), deal.id])
    return summary


def _keep_running_current(db: Database, game: Game) -> None:
    """Before a deal is added: when the game's last deal has no running totals of this engine (written before
    they were kept, brought in by an import, or scored by another version of the engine), every deal's are
    written now, in this transaction. Every other write keeps all of them current, so the last one says it."""
    last = db.execute("SELECT running FROM deals WHERE game_id = ? ORDER BY seq DESC LIMIT 1", [game.id]).fetchone()
    if last is not None and (json.loads(last[0]) if last[0] else {}).get("engine") != ENGINE:
        _scored(db, game, list_deals(db, game.id))


def _summary_before(db: Database, game: Game, expected_version: int, known: GameSummary | None) -> GameSummary:
    """Inside a write that claimed ``game`` from ``expected_version``: the summary at that version.

    ``known`` (the caller's own summary) or a cached one is exact, because the claim proved the game was at
    that version; otherwise the running totals kept with the deals give it, scoring nothing, and only a game whose
    running totals are not all known yet is scored (and they are written)."""
    for candidate in (known, cached_at(db, game, expected_version)):
        if (candidate is not None and candidate.game.id == game.id
                and candidate.game.code == game.code and candidate.version == expected_version):
            return candidate
    deals = list_deals(db, game.id)
    return from_running(game, deals) or _scored(db, game, deals)


def _check_mode(mode: str) -> None:
    if mode not in MODES:
        raise ValueError(f"mode must be one of {MODES}")  # i18n: not for people


def _result_for(before: GameSummary, sides_data: dict, totals: dict[str, int], result: DealResult | None,
                deal_number: int | None = None):
    """The caller's result when it was scored on these totals, else the engine's (raises RulesError) as deal
    ``deal_number`` (by default the next one)."""
    if result is not None and all(result.sides[k].total - result.sides[k].deal == totals[k] for k in totals
                                  if k in result.sides) and set(result.sides) == set(totals):
        return result
    return score(before.profile, sides_data, totals, side_names(before.game), deal_number or len(before.rows) + 1)


#: The most deals one game may hold. A real game to 5000 takes a few dozen deals; the limit keeps anyone on the
#: Wi-Fi from building a game whose sheet takes the laptop minutes to print (docs/HOSTING.md, "Keeping the club's scores safe").
MAX_DEALS = 200


def deal_by_key(db: Database, game_id: int, client_key: str | None) -> int | None:
    """The deal a phone already saved under ``client_key`` in this game, if any."""
    if not client_key:
        return None
    row = db.execute("SELECT id FROM deals WHERE game_id = ? AND client_key = ?", [game_id, client_key]).fetchone()
    return row[0] if row else None


def add_deal(db: Database, game_id: int, sides_data: dict, *, mode: str, expected_version: int,
             who: str | None = None, reason: str | None = None, summary: GameSummary | None = None,
             result: DealResult | None = None, play_on: bool = False, client_key: str | None = None,
             locked_ok: bool = False) -> int:
    """Add the next deal; raises StaleGame, GameLocked, GameOver (unless ``play_on``: the table chose to play on
    after the game ended) or the engine's RulesError.

    ``summary``: the caller's summary of the game, used when it is at ``expected_version`` (the game is then
    not re-scored); ``result``: the caller's scoring of this deal on that summary's totals (then it is not
    scored again). ``client_key``: the key the phone made for this entry; a deal already saved under it is
    answered with its id instead of being saved twice (a retry after a lost answer), also when the first attempt
    was still being written as the retry arrived (``once_per_key``). ``locked_ok``: a writer allowed to change a
    locked game (``games.claim``)."""
    _check_mode(mode)
    return once_per_key(db, game_id, client_key, lambda: _insert_deal(
        db, game_id, sides_data, mode=mode, expected_version=expected_version, who=who, reason=reason,
        summary=summary, result=result, play_on=play_on, client_key=client_key, locked_ok=locked_ok))


def once_per_key(db: Database, game_id: int, client_key: str | None, write: Callable[[], int]) -> int:
    """``write()`` (a write of the next deal, saved under ``client_key``) unless a deal is already stored under
    that key: then that deal's id. Also when ``write`` fails because the game moved on (``StaleGame``) or the key
    is taken (the unique index on ``(game_id, client_key)``) and a deal now stands under the key: the write was
    a retry of that save, which is answered as that save, never as a lost race.

    Why a read after the failure is enough: every write of a game runs in ``db.write(game=...)``, which waits for
    any transaction already writing to the game (SQLite's write lock, PostgreSQL's lock of that game) before its
    claim. When the claim finds the version moved on, the first attempt has committed, so reading by its key
    sees its deal, from any process. A different key on a version that moved on is still a lost race."""
    existing = deal_by_key(db, game_id, client_key)
    if existing is not None:
        return existing
    try:
        return write()
    except (StaleGame, Conflict):
        existing = deal_by_key(db, game_id, client_key)
        if existing is None:
            raise
        return existing


def _insert_deal(db: Database, game_id: int, sides_data: dict, *, mode: str, expected_version: int,
                 who: str | None, reason: str | None, summary: GameSummary | None, result: DealResult | None,
                 play_on: bool, client_key: str | None, locked_ok: bool) -> int:
    with db.write(game=game_id):
        game = claim(db, game_id, expected_version, locked_ok=locked_ok)
        before = _summary_before(db, game, expected_version, summary)
        _keep_running_current(db, game)
        if before.game_over and not play_on:
            raise GameOver()
        if len(before.rows) >= MAX_DEALS:
            raise TooManyDeals(MAX_DEALS)
        # Score first, so a deal the engine refuses is never written.
        result = _result_for(before, sides_data, before.totals, result if before is summary else None)
        stamp = clock.stamp()
        who = who or None
        # The running totals after the deal, kept with it: the next deal starts from them, in any process.
        running = {"sides": {k: [side.deal, side.total, side.minimum, side.canastas]
                             for k, side in result.sides.items() if k in before.totals}, "engine": ENGINE}
        if result.lone_hand is not None:
            running["lone"] = result.lone_hand
        deal_id, seq = db.execute(
            "INSERT INTO deals (game_id, seq, mode, sides, who, created_at, updated_at, client_key, running) "
            "VALUES (?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM deals WHERE game_id = ?), ?, ?, ?, ?, ?, ?, ?) "
            "RETURNING id, seq",
            [game_id, game_id, mode, dumps(sides_data), who, stamp, stamp, client_key or None, dumps(running)],
        ).fetchall()[0]
        # The stored row, as get_deal would read it back (sides through JSON, as stored).
        stored = Deal(deal_id, game_id, seq, mode, json.loads(dumps(sides_data)), who, stamp, stamp,
                      client_key or None, running)
        changes.record_change(db, game_id=game_id, deal_id=deal_id, action="add", before=None,
                      after=stored.record(), who=who, reason=reason)
        # The new deal is the last one, so scoring it on top of the summary before says how the game stands.
        after = _set_status(db, game, extended(before, game, stored, result))
    remember(db, after)
    return deal_id


def update_deal(db: Database, game_id: int, deal_id: int, sides_data: dict, *, mode: str, expected_version: int,
                who: str | None = None, reason: str | None = None, summary: GameSummary | None = None,
                result: DealResult | None = None, locked_ok: bool = False) -> None:
    """Correct an earlier deal; every later total is recomputed from the deals. ``result``: the caller's
    scoring of the corrected deal on ``summary`` (then the engine is not asked again before writing)."""
    _check_mode(mode)
    with db.write(game=game_id):
        game = claim(db, game_id, expected_version, locked_ok=locked_ok)
        old = get_deal(db, game_id, deal_id)
        if old is None:
            raise DealNotFound()
        before = _summary_before(db, game, expected_version, summary)
        row = before.row_of(deal_id)
        _result_for(before, sides_data, totals_before_row(before, deal_id), result if before is summary else None,
                    row.number if row else None)
        db.execute(
            # A deal's ``who`` stays whoever entered it: the correction and who made it are in the change log.
            "UPDATE deals SET sides = ?, mode = ?, updated_at = ? WHERE id = ?",
            [dumps(sides_data), mode, clock.stamp(), deal_id],
        )
        new = get_deal(db, game_id, deal_id)
        changes.record_change(db, game_id=game_id, deal_id=deal_id, action="edit", before=old.record(),
                      after=new.record(), who=who, reason=reason)
        after = _refresh_status(db, game)
    remember(db, after)


def delete_deal(db: Database, game_id: int, deal_id: int, *, expected_version: int, who: str | None = None,
                reason: str | None = None) -> None:
    with db.write(game=game_id):
        game = claim(db, game_id, expected_version)
        old = get_deal(db, game_id, deal_id)
        if old is None:
            raise DealNotFound()
        db.execute("DELETE FROM deals WHERE id = ?", [deal_id])
        changes.record_change(db, game_id=game_id, deal_id=deal_id, action="delete", before=old.record(),
                      after=None, who=who, reason=reason)
        after = _refresh_status(db, game)
    remember(db, after)


def _put_back(db: Database, game_id: int, deal_id: int, record: dict | None) -> None:
    """Make deal ``deal_id`` be ``record`` again (a deal record of the log), or be gone when ``record`` is None."""
    exists = db.execute("SELECT 1 FROM deals WHERE id = ?", [deal_id]).fetchone()
    if record is None:
        db.execute("DELETE FROM deals WHERE id = ?", [deal_id])
    elif exists:
        db.execute(
            "UPDATE deals SET sides = ?, mode = ?, who = ?, updated_at = ? WHERE id = ?",
            [dumps(record["sides"]), record["mode"], record["who"], clock.stamp(), deal_id],
        )
    else:  # a deleted deal comes back in its old place
        db.insert("deals", {**record, "sides": dumps(record["sides"]), "game_id": game_id})


def _put_back_logged(db: Database, game_id: int, deal_id: int, record: dict | None, *, action: str,
                     who: str | None, reason: str) -> None:
    """Put a deal back as ``record`` (None: no such deal) for an undo or a redo, and log the change from the
    deal as it was to the deal as it is now."""
    current = get_deal(db, game_id, deal_id)
    _put_back(db, game_id, deal_id, record)
    restored = get_deal(db, game_id, deal_id)
    changes.record_change(db, game_id=game_id, deal_id=deal_id, action=action,
                          before=current.record() if current else None,
                          after=restored.record() if restored else None, who=who, reason=reason)


def undo_last(db: Database, game_id: int, *, expected_version: int, who: str | None = None,
              locked_ok: bool = False):
    """Revert the latest deal change that is not yet undone; returns that change."""
    with db.write(game=game_id):
        game = claim(db, game_id, expected_version, locked_ok=locked_ok)
        change = changes.last_undoable(db, game_id)
        if change is None:
            raise NothingToUndo()
        db.execute("UPDATE changes SET undone = 1 WHERE id = ?", [change.id])
        reason = f"undid change {change.id} ({change.action})"  # i18n: not for people (an audit note)
        _put_back_logged(db, game_id, change.deal_id, None if change.action == "add" else change.before,
                         action="undo", who=who, reason=reason)
        after = _refresh_status(db, game)
    remember(db, after)
    return change


def set_options(db: Database, game_id: int, options: dict, *, expected_version: int,
                who: str | None = None) -> tuple[GameSummary, GameSummary]:
    """Change a game's club options mid-game: every deal is scored again under them and the change is logged.

    Returns the summaries before and after, so the caller can say what the change did to the totals. Raises
    the engine's UnknownOption for an option the rules do not have, InvalidGame for a change of the table's
    shape (the number of players or partnerships cannot change once the game has sides)."""
    options = dict(options or {})
    with db.write(game=game_id):
        game = claim(db, game_id, expected_version)
        before = summarise(game, list_deals(db, game.id))
        profile = get_profile(game.rules).with_options(options)
        if (profile.players, profile.partnerships) != (before.profile.players, before.profile.partnerships):
            raise InvalidGame(_("The number of players cannot change during a game; start a new game instead."),
                              "options")
        db.execute("UPDATE games SET options = ?, target = ? WHERE id = ?", [dumps(options), profile.target, game.id])
        changes.record_change(db, game_id=game_id, deal_id=None, action="options",
                              before={"options": game.options}, after={"options": options}, who=who, reason=None)
        after = _refresh_status(db, game.replace(options=options, target=profile.target))
    remember(db, after)
    return before, after


def redo_last(db: Database, game_id: int, *, expected_version: int, who: str | None = None):
    """Take back the latest undo (while nothing was saved since); returns the change it brought back."""
    with db.write(game=game_id):
        game = claim(db, game_id, expected_version)
        undo = changes.last_redoable(db, game_id)
        original = changes.undone_by(db, undo) if undo else None
        if original is None:
            raise NothingToUndo(_("There is nothing to redo: redo only follows an undo."))
        db.execute("UPDATE changes SET undone = 1 WHERE id = ?", [undo.id])
        db.execute("UPDATE changes SET undone = 0 WHERE id = ?", [original.id])
        reason = f"redid change {original.id} ({original.action})"  # i18n: not for people (an audit note)
        _put_back_logged(db, game_id, original.deal_id, original.after, action="redo", who=who, reason=reason)
        after = _refresh_status(db, game)
    remember(db, after)
    return original

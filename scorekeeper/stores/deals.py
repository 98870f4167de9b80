"""Writing deals: record one (the next, or a correction of one), delete one, undo and redo the last change; change
the club options (which scores every deal again).

Every save of a deal, from the scorepad, a table's phone or the director, is one call, ``record``, and one write
transaction: the retry check (the phone's key), the claim of the game's version (``games.claim``), the deal, its
line in the audit log and the game's status, handing back what the page shows next (``Saved``: the game's summary
after it, the deal's row, its log entry). The game is scored once per save: the caller hands over the summary it
read the entry on and the engine's result on its totals, and the store records them; once committed, the summary
is cached, so the scorepad shown next is not scored again.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field

from scorekeeper.db.contract import Conflict, Database
from scorekeeper.rows import Row

from .. import clock
from ..rules import DealResult, get_profile
from ..rules.i18n import _
from ..scorepad.rows import MODES, Deal, Game, side_names
from ..scorepad.summary import (GameSummary, ScorepadRow, extended, from_running, running_of, score, summarise,
                                totals_before_row)
from . import changes
from .changes import Change
from .errors import DealNotFound, GameOver, InvalidGame, NothingToUndo, StaleGame, TooManyDeals
from .games import claim, get_deal, list_deals
from .rows import dumps
from .summary import cached_at, game_summary, remember


@dataclass(frozen=True)
class Saved(Row):
    """A recorded deal, as the page that saved it shows it next."""

    summary: GameSummary  # the game after the save (for a retry: as it stands now)
    deal_id: int
    row: ScorepadRow | None  # the deal's row in ``summary``
    #: A retry of a save already recorded under the phone's key: nothing was written, and the save is answered as
    #: the first one was.
    replayed: bool = False
    change: Change | None = None  # the save's entry in the game's log (what undo would take back next)
    #: A correction: the deal's row before it (the game's summary before the save is not kept).
    previous: ScorepadRow | None = field(default=None, hash=False)


def _set_status(db: Database, game: Game, summary: GameSummary) -> GameSummary:
    """Store the game's status and winner as ``summary`` says, when they changed; the summary, for the game row as
    written."""
    status = "finished" if summary.game_over else "playing"
    if (status, summary.winner) != (game.status, game.winner):
        game = game.replace(status=status, winner=summary.winner)
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


def keep_running(db: Database, game: Game) -> GameSummary:
    """The game scored from its deals as stored, with the running totals a save keeps written for each deal that
    lacks them: for deals written without (an import of a game or of a season's evenings), in the caller's write,
    so that no first read of the game has to score it."""
    return _scored(db, game, list_deals(db, game.id))


def _summary_before(db: Database, game: Game, expected_version: int | None, known: GameSummary | None) -> GameSummary:
    """Inside a write that claimed ``game`` from ``expected_version``: the summary at that version, its deals'
    running totals all kept.

    ``known`` (the caller's own summary) or a cached one is exact, because the claim proved the game was at
    that version; otherwise the running totals kept with the deals give it, scoring nothing. Only a game whose
    running totals are not all kept by this engine (written before they were kept, brought in by an import,
    scored by another version of the engine, or kept without breakdowns) is scored, and they are written."""
    version = game.version - 1 if expected_version is None else expected_version
    for candidate in (known, cached_at(db, game, version)):
        if (candidate is not None and candidate.game.id == game.id and candidate.game.code == game.code
                and candidate.version == version and candidate.kept):
            return candidate
    deals = list_deals(db, game.id)
    kept = from_running(game, deals, breakdowns=False)  # the totals are what a write needs
    return kept if kept is not None and kept.kept else _scored(db, game, deals)


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


def record(db: Database, game_id: int, sides_data: dict, *, expected_version: int | None, mode: str = "totals",
           deal_id: int | None = None, who: str | None = None, reason: str | None = None,
           summary: GameSummary | None = None, result: DealResult | None = None, play_on: bool = False,
           client_key: str | None = None, locked_ok: bool = False, within: int | None = None,
           tournament: int | None = None, check: Callable[[GameSummary], None] | None = None,
           then: Callable[[Saved], None] | None = None) -> Saved:
    """Record a deal in one write transaction: the next deal, or (``deal_id``) a correction of that deal, after
    which every later total is recomputed. Raises StaleGame, GameLocked, GameNotFound, DealNotFound, GameOver
    (unless ``play_on``: the table chose to play on after the game ended), TooManyDeals or the engine's RulesError,
    and then writes nothing.

    ``expected_version``: the version the entry was based on (None: the director's correction, over whatever the
    game is now). ``summary``: the caller's summary of the game, used when it is at that version (the game is then
    not read again); ``result``: the caller's scoring of the deal on that summary's totals (then it is not scored
    again). ``client_key``: the key the phone made for this entry; a deal already saved under it is answered as that
    save (``replayed``) instead of being saved twice (a retry after a lost answer), also when the first attempt was
    still being written as the retry arrived: every write of a game waits for the one before it (the game's lock,
    ``db.write``), so when the claim finds the version moved on, or the key is taken (the unique index on
    ``(game_id, client_key)``), the first attempt has committed and its key is read. ``locked_ok``: a writer
    allowed to change a locked game (``games.claim``). ``within``/``tournament``: the tournament the game belongs
    to, shared by its tables or taken whole (``db.write``). ``check(before)``: the caller's own refusal, run in the
    transaction on the game as it was; ``then(saved)``: the caller's own writes after the deal's, in the same
    transaction."""
    _check_mode(mode)
    saved = None
    try:
        with db.write(game=game_id, within=within, tournament=tournament):
            done = deal_by_key(db, game_id, client_key)
            if done is None:
                write = _correct if deal_id is not None else _add
                saved = write(db, game_id, sides_data, mode=mode, expected_version=expected_version, deal_id=deal_id,
                              who=who, reason=reason, summary=summary, result=result, play_on=play_on,
                              client_key=client_key, locked_ok=locked_ok, check=check)
                if then is not None:
                    then(saved)
                remember(db, saved.summary)
    except (StaleGame, Conflict):  # nothing of this write was kept: a retry of a save committed meanwhile?
        saved, done = None, deal_by_key(db, game_id, client_key)
        if done is None:
            raise
    return saved if saved is not None else _replay(db, game_id, done)


def replayed(db: Database, game_id: int, client_key: str | None) -> Saved | None:
    """A save already recorded under ``client_key``, answered as it was (``record`` answers a retry so; a page
    asks before refusing an entry that no longer reads on the game its first attempt changed), or None."""
    done = deal_by_key(db, game_id, client_key)
    return None if done is None else _replay(db, game_id, done)


def _replay(db: Database, game_id: int, deal_id: int) -> Saved:
    now = game_summary(db, game_id)
    return Saved(now, deal_id, now.row_of(deal_id), replayed=True)


def _add(db: Database, game_id: int, sides_data: dict, *, mode: str, expected_version: int | None, who: str | None,
         reason: str | None, summary: GameSummary | None, result: DealResult | None, play_on: bool,
         client_key: str | None, locked_ok: bool, check, deal_id: None = None) -> Saved:
    """The next deal, inside ``record``'s transaction."""
    game = claim(db, game_id, expected_version, locked_ok=locked_ok)
    before = _summary_before(db, game, expected_version, summary)
    if check is not None:
        check(before)
    if before.game_over and not play_on:
        raise GameOver()
    if len(before.rows) >= MAX_DEALS:
        raise TooManyDeals(MAX_DEALS)
    # Score first, so a deal the engine refuses is never written.
    result = _result_for(before, sides_data, before.totals, result if before is summary else None)
    stamp, who, sides = clock.stamp(), who or None, json.loads(dumps(sides_data))  # sides as stored and read back
    # The row the new deal makes, and the running totals kept with it: the next deal starts from them, in any process.
    draft = Deal(0, game_id, 0, mode, sides, who, stamp, stamp, client_key or None)
    after = extended(before, game, draft, result)
    running = running_of(after.rows[-1])
    new_id, seq = db.execute(
        "INSERT INTO deals (game_id, seq, mode, sides, who, created_at, updated_at, client_key, running) "
        "VALUES (?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM deals WHERE game_id = ?), ?, ?, ?, ?, ?, ?, ?) "
        "RETURNING id, seq",
        [game_id, game_id, mode, dumps(sides_data), who, stamp, stamp, client_key or None, dumps(running)],
    ).fetchall()[0]
    stored = draft.replace(id=new_id, seq=seq, running=running)
    change = changes.logged(db, game_id=game_id, deal_id=new_id, action="add", before=None, after=stored.record(),
                            who=who, reason=reason)
    row = after.rows[-1].replace(deal_id=new_id)
    after = _set_status(db, game, after.replace(rows=(*after.rows[:-1], row)))
    return Saved(after, new_id, row, change=change)


def _correct(db: Database, game_id: int, sides_data: dict, *, mode: str, expected_version: int | None, deal_id: int,
             who: str | None, reason: str | None, summary: GameSummary | None, result: DealResult | None,
             locked_ok: bool, check, play_on: bool = False, client_key: str | None = None) -> Saved:
    """A correction of deal ``deal_id``, inside ``record``'s transaction: every later total follows."""
    game = claim(db, game_id, expected_version, locked_ok=locked_ok)
    old = get_deal(db, game_id, deal_id)
    if old is None:
        raise DealNotFound()
    before = _summary_before(db, game, expected_version, summary)
    if check is not None:
        check(before)
    previous = before.row_of(deal_id)
    _result_for(before, sides_data, totals_before_row(before, deal_id), result if before is summary else None,
                previous.number if previous else None)
    # A deal's ``who`` stays whoever entered it: the correction and who made it are in the change log.
    new = old.replace(sides=json.loads(dumps(sides_data)), mode=mode, updated_at=clock.stamp())
    db.execute("UPDATE deals SET sides = ?, mode = ?, updated_at = ? WHERE id = ?",
               [dumps(sides_data), mode, new.updated_at, deal_id])
    change = changes.logged(db, game_id=game_id, deal_id=deal_id, action="edit", before=old.record(),
                            after=new.record(), who=who, reason=reason)
    after = _refresh_status(db, game)
    return Saved(after, deal_id, after.row_of(deal_id), change=change, previous=previous)


def add_deal(db: Database, game_id: int, sides_data: dict, *, mode: str, expected_version: int, **given) -> int:
    """``record`` the next deal; its id."""
    return record(db, game_id, sides_data, mode=mode, expected_version=expected_version, **given).deal_id


def update_deal(db: Database, game_id: int, deal_id: int, sides_data: dict, *, mode: str, expected_version: int | None,
                **given) -> None:
    """``record`` a correction of deal ``deal_id``; every later total is recomputed from the deals."""
    record(db, game_id, sides_data, mode=mode, expected_version=expected_version, deal_id=deal_id, **given)


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

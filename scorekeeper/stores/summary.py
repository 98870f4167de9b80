"""A game's summary as the pages read it: from the cache that keeps the latest ones, else from the running totals
kept with its deals, else scored from them (``scorepad.summary``, where the summary itself is made).

Every committed change bumps the game's ``version``, so a summary is fully determined by (database, game id,
version, share code), whoever reads it: it holds facts, not words, and ``game_summary`` keeps the latest ones in a
small in-process LRU cache under that key. A summary read inside a transaction is never cached (the transaction may
still roll back and the same version be reused by another change), and the share code guards against SQLite
reusing the id of a deleted game. Summaries are frozen, so the cached ones can be shared between requests.
"""

from __future__ import annotations

from scorekeeper.db.contract import Database

from scorekeeper.ops.lru import LRU
from ..scorepad.rows import Deal, Game
from ..scorepad.summary import GameSummary, from_running, summarise
from .errors import GameNotFound
from .games import deals_at, get_game, list_deals

SUMMARY_CACHE_SIZE = 256


class SummaryCache(LRU[GameSummary]):
    """A small thread-safe LRU of game summaries, keyed by (database file, game id, version, code)."""

    def __init__(self, size: int = SUMMARY_CACHE_SIZE):
        super().__init__(size)


summary_cache = SummaryCache()


def db_file(db: Database) -> str:
    """The name of the database behind ``db`` (its file's absolute path, or its server's address), shared by every
    connection to it ("" for an in-memory or temporary one: nothing is cached for it)."""
    return db.key


def _cache_key(db: Database, game: Game) -> tuple | None:
    """The cache key of the game row ``game`` as this connection reads it; None for a database without a file."""
    path = db_file(db)
    return (path, game.id, game.version, game.code) if path else None


def remember(db: Database, summary: GameSummary) -> None:
    """Cache a summary computed by a write once that write is committed (``db.after_commit``): a write
    that rolls back may see its version number taken by another change."""
    key = _cache_key(db, summary.game)
    if key is not None:
        db.after_commit(lambda: summary_cache.put(key, summary))


def cached_at(db: Database, game: Game, version: int) -> GameSummary | None:
    """The cached summary of ``game`` at ``version``, if there is one."""
    path = db_file(db)
    return summary_cache.get((path, game.id, version, game.code)) if path else None


def cached(db: Database, game: Game, *, complete: bool = True) -> GameSummary | None:
    """The cached summary of the game row ``game`` at its version (with every breakdown when ``complete``)."""
    key = _cache_key(db, game)
    found = summary_cache.get(key) if key is not None else None
    return found if found is not None and (found.complete or not complete) else None


def game_summary(db: Database, game_id: int, game: Game | None = None) -> GameSummary:
    """The game's summary with every row's breakdown (``complete``): from the cache when its version is known, else
    read from the running totals kept with its deals, else scored from its deals.

    Outside a transaction, the deals are read as they stand at the version of the game row read (``deals_at``),
    else the two are read in one read transaction, so a change committed by another connection in between cannot
    pair one version's row with another's deals. Inside one, a cached
    summary of the version read is still exact (only committed versions enter the cache), but one made there
    is not cached: the transaction may yet roll back. ``game``: the game's row as the caller has just read it
    (not read again)."""
    return _summary(db, game_id, game, complete=True)


def game_standing(db: Database, game_id: int, game: Game | None = None) -> GameSummary:
    """The game's summary as adding a deal or a table's score needs it: the cached one, else the totals the running
    totals kept with its deals give, their breakdowns not read (``complete`` is then False), scoring nothing unless
    they are not all known."""
    return _summary(db, game_id, game, complete=False)


def _summary(db: Database, game_id: int, game: Game | None, *, complete: bool) -> GameSummary:
    game = game if game is not None and game.id == game_id else get_game(db, game_id)
    if game is None:
        raise GameNotFound()
    found = cached(db, game, complete=complete)
    if found is not None:
        return found
    if db.in_transaction or _cache_key(db, game) is None:
        return made(game, list_deals(db, game_id), complete=complete)
    deals = deals_at(db, game)  # as they stand at the row's version: no second read of the row
    if deals is None:
        with db.read():
            game = get_game(db, game_id)
            deals = list_deals(db, game_id) if game is not None else []
        if game is None:
            raise GameNotFound()
    summary = made(game, deals, complete=complete)
    summary_cache.put(_cache_key(db, game), summary)
    return summary


def made(game: Game, deals: list[Deal], *, complete: bool = True) -> GameSummary:
    """The summary the running totals kept with ``deals`` give, scoring nothing (with every breakdown when
    ``complete`` is asked, else the totals alone); scored from the deals when they are not all known (or, when
    ``complete`` is asked, were kept without breakdowns)."""
    kept = from_running(game, deals, breakdowns=complete)
    return kept if kept is not None and (kept.complete or not complete) else summarise(game, deals).replace(kept=False)

"""The language a game or a tournament fixes for every phone at it (and for its PDFs); ``None`` when none is.

A game's choice is one of its changes like any other: it claims the game's version (so no cached summary or
sheet of the old version is served again) and is logged. A tournament's is the director's setting.
"""

from __future__ import annotations

from scorekeeper.db.contract import Database

from scorekeeper.stores import changes
from scorekeeper.stores.errors import GameNotFound
from scorekeeper.stores.games import claim

#: For each thing a page names, the query that finds the language it fixed. A game's own choice wins over the
#: tournament it belongs to.
_LOOKUPS = {
    "game": "SELECT COALESCE(g.language, t.language) FROM games g"
            " LEFT JOIN tournament_tables tt ON tt.game_id = g.id"
            " LEFT JOIN tournaments t ON t.id = tt.tournament_id WHERE g.id = ?",
    "game_code": "SELECT language FROM games WHERE code = ?",
    "tournament": "SELECT language FROM tournaments WHERE id = ?",
}
KINDS = tuple(_LOOKUPS)


def fixed_language(db: Database, kind: str, value) -> str | None:
    """The language code fixed by the game, game share code or tournament ``value`` (a table's, with its row:
    ``tournaments.access.table_at_token``)."""
    row = db.execute(_LOOKUPS[kind], [value]).fetchone()
    return row[0] if row else None


def fix_game_language(db: Database, game_id: int, language: str | None, *, who: str | None = None) -> None:
    """Fix (``None``: unfix) a game's language: one claim of its version and one change row; GameNotFound.

    The version is read inside the write (``db.write(game=...)``), after its lock: a version read before could
    be one another phone's save has moved on meanwhile."""
    with db.write(game=game_id):
        row = db.execute("SELECT version, language FROM games WHERE id = ? AND deleted_at IS NULL",
                         [game_id]).fetchone()
        if row is None:
            raise GameNotFound()
        claim(db, game_id, row[0], locked_ok=True)
        db.execute("UPDATE games SET language = ? WHERE id = ?", [language, game_id])
        changes.record_change(db, game_id=game_id, deal_id=None, action="language", before={"language": row[1]},
                              after={"language": language}, who=who, reason=None)


def fix_tournament_language(db: Database, tournament_id: int, language: str | None) -> bool:
    """Fix (``None``: unfix) a tournament's language; False when there is no such tournament."""
    with db.write(tournament=tournament_id):
        return db.execute("UPDATE tournaments SET language = ? WHERE id = ?",
                          [language, tournament_id]).rowcount == 1

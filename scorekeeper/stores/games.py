"""Game and deal records: starting, reading, locking and deleting a game; reading its deals.

A deal is stored exactly as it was entered: its ``sides`` are the ``sides`` object of
``POST /api/v1/score/deal`` (docs/API.md), so the engine reads them as they are. Totals, minimums
and the winner are never stored as truth: ``scorepad.summary`` computes them from the deals. The rows (``Game``,
``Deal``) and the seating are the pure ``scorepad.rows``.

Writes that change a game claim it first (``claim``): a conditional ``UPDATE`` of the game's
``version`` as the first statement of ``db.write(game=...)``. Two phones saving on the same version
cannot both win: the second one's update matches no row and raises ``StaleGame``.
"""

from __future__ import annotations

from scorekeeper.db.contract import Database

from .. import clock
from scorekeeper.stores.codes import unique_code
from ..rules import get_profile
from ..rules.i18n import _
from ..scorepad.rows import Deal, Game
from . import changes
from .devices import device_params, new_link
from .errors import GameLocked, GameNotFound, InvalidGame, StaleGame
from .rows import dumps

CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"


def _new_code(db: Database) -> str:
    return unique_code(db, "games", "code", alphabet=CODE_ALPHABET, length=8)


def _clean_sides(sides) -> list[dict]:
    if not isinstance(sides, list) or len(sides) < 2:
        raise InvalidGame(_("A game needs at least two sides."), "sides")
    keys = set()
    cleaned = []
    for i, side in enumerate(sides):
        key = str(side.get("key") or "").strip()
        name = str(side.get("name") or "").strip()
        if not key or key in keys:
            raise InvalidGame(_("Every side needs its own short key."), f"sides[{i}].key")
        if not name:
            raise InvalidGame(_("Give every side a name."), f"sides[{i}].name")
        players = [str(p).strip() for p in side.get("players") or []]
        if not players or any(not p for p in players):
            raise InvalidGame(_("Give every player a name."), f"sides[{i}].players")
        keys.add(key)
        cleaned.append({"key": key, "name": name[:40], "players": [p[:40] for p in players]})
    return cleaned


def create_game(db: Database, *, rules: str, options: dict | None, sides: list[dict], first_dealer: int = 0,
                who: str | None = None, rule_set: dict | None = None) -> int:
    """Start a game; raises UnknownRules / UnknownOption (from the engine) or InvalidGame. ``rule_set``: the
    club rule set version it starts under ({"key", "version", "name"}), whose options are in ``options``."""
    options = dict(options or {})
    profile = get_profile(rules).with_options(options)
    sides = _clean_sides(sides)
    seats = sum(len(s["players"]) for s in sides)
    if not 0 <= first_dealer < seats:
        raise InvalidGame(_("Choose who deals first among the players."), "first_dealer")
    stamp = clock.stamp()
    row = {
        "code": _new_code(db), "link": new_link(), "rules": profile.id, "options": dumps(options), "sides": dumps(sides),
        "target": profile.target, "first_dealer": first_dealer, "status": "playing", "winner": None,
        "version": 1, "locked": 0, "created_at": stamp, "updated_at": stamp,
        "rule_set": dumps(rule_set) if rule_set else None,
    }
    # A new game: nobody else can be writing it, so the write names nothing to lock. The unique index guards
    # the code picked beforehand.
    with db.write():
        cursor = db.execute(
            f"INSERT INTO games ({', '.join(row)}) VALUES ({', '.join('?' for _ in row)}) RETURNING id",
            list(row.values()),
        )
        game_id = cursor.fetchone()[0]
        changes.record_change(db, game_id=game_id, deal_id=None, action="create", before=None,
                      after={"rules": profile.id, "options": options, "sides": sides, "first_dealer": first_dealer},
                      who=who, reason=None)
    return game_id


def rematch(db: Database, game_id: int, *, who: str | None = None) -> int:
    """Start a new game with the players, rules and options of ``game_id``; the deal moves one seat on."""
    game = get_game(db, game_id)
    if game is None:
        raise GameNotFound()
    seats = sum(len(side.players) for side in game.sides)
    return create_game(db, rules=game.rules, options=game.options, sides=[side.to_dict() for side in game.sides],
                       first_dealer=(game.first_dealer + 1) % seats, who=who, rule_set=game.rule_set)


def get_game(db: Database, game_id: int) -> Game | None:
    row = db.execute("SELECT * FROM games WHERE id = ? AND deleted_at IS NULL", [game_id]).fetchone()
    return Game.from_row(row) if row else None


def game_at_link(db: Database, link: str) -> tuple[int, Game | None, str | None] | None:
    """The game at ``link`` as a request's routing finds it, in one statement: its id (a binned game's too: the bin
    restores it by its link), its row (None when binned) and the language it fixes for its phones (its own, else its
    tournament's: ``languages.fixed_language``)."""
    row = db.execute(
        "SELECT g.*, COALESCE(g.language, t.language) AS fixed_language FROM games g"
        " LEFT JOIN tournament_tables tt ON tt.game_id = g.id"
        " LEFT JOIN tournaments t ON t.id = tt.tournament_id WHERE g.link = ?", [link]).fetchone()
    if row is None:
        return None
    values = dict(row)
    return values["id"], None if values["deleted_at"] else Game.from_row(values), values["fixed_language"]


def get_game_by_code(db: Database, code: str) -> Game | None:
    row = db.execute("SELECT * FROM games WHERE code = ? AND deleted_at IS NULL", [code]).fetchone()
    return Game.from_row(row) if row else None


def game_version(db: Database, game_id: int) -> int | None:
    """The game's version alone: the cheap question a polling phone asks."""
    row = db.execute("SELECT version FROM games WHERE id = ? AND deleted_at IS NULL", [game_id]).fetchone()
    return row[0] if row else None


def list_games(db: Database, *, casual_only: bool = False) -> list[Game]:
    """Every game, newest change first, with its number of deals; ``casual_only`` leaves out the games of
    tournament tables (they are played and opened from their tournament, not resumed from the games list)."""
    casual = ""
    if casual_only:
        casual = "AND NOT EXISTS (SELECT 1 FROM tournament_tables t WHERE t.game_id = games.id)"  # i18n: not for people
    rows = db.execute(
        "SELECT games.*, (SELECT COUNT(*) FROM deals WHERE deals.game_id = games.id) AS deal_count "
        f"FROM games WHERE deleted_at IS NULL {casual} ORDER BY updated_at DESC, id DESC"
    ).fetchall()
    return [Game.from_row(r) for r in rows]


def game_page(db: Database, device: str, *, page: int, size: int) -> tuple[list[Game], bool]:
    """One page of a phone's casual games (``device``: its id; ``stores.devices``), newest change first, with
    each one's number of deals, and whether a further page exists. Only this page's rows are read: the cost does
    not grow with the phone's games."""
    rows = db.execute(
        "SELECT games.*, (SELECT COUNT(*) FROM deals WHERE deals.game_id = games.id) AS deal_count"
        " FROM games WHERE games.deleted_at IS NULL"
        " AND games.id IN (SELECT game_id FROM device_games WHERE device IN (?, ?))"
        " AND NOT EXISTS (SELECT 1 FROM tournament_tables t WHERE t.game_id = games.id)"
        " ORDER BY games.updated_at DESC, games.id DESC LIMIT ? OFFSET ?",
        [*device_params(device), size + 1, (page - 1) * size],
    ).fetchall()
    return [Game.from_row(row) for row in rows[:size]], len(rows) > size


def _game_record(game: Game) -> dict:
    return {"code": game.code, "rules": game.rules, "options": game.options,
            "sides": [side.to_dict() for side in game.sides], "first_dealer": game.first_dealer,
            "created_at": game.created_at}


def delete_game(db: Database, game_id: int, *, expected_version: int | None = None, who: str | None = None) -> None:
    """Move a game to the bin, deals and all: ``scorekeeper.stores.bin`` restores it for 30 days.

    A tournament table's game is refused like a locked one: the tournament still counts it."""
    with db.write(game=game_id):
        version = "" if expected_version is None else "AND version = ? "
        cursor = db.execute(
            "UPDATE games SET version = version + 1, deleted_at = ? WHERE id = ? AND locked = 0 "
            f"AND deleted_at IS NULL {version}"
            "AND NOT EXISTS (SELECT 1 FROM tournament_tables WHERE tournament_tables.game_id = games.id)",
            [clock.stamp(), game_id, *([] if expected_version is None else [expected_version])],
        )
        if cursor.rowcount != 1:
            game = get_game(db, game_id)
            if game is None:
                raise GameNotFound()
            if game.locked:
                raise GameLocked()
            if db.execute("SELECT 1 FROM tournament_tables WHERE game_id = ?", [game_id]).fetchone():
                raise GameLocked(_("This game is a tournament table's: only its tournament can change it."))
            raise StaleGame(game.version)
        game = Game.from_row(db.execute("SELECT * FROM games WHERE id = ?", [game_id]).fetchone())
        changes.record_change(db, game_id=game_id, deal_id=None, action="delete_game", before=_game_record(game),
                              after=None, who=who, reason="moved to the bin")  # i18n: not for people (an audit note)


def set_locked(db: Database, game_id: int, locked: bool, *, who: str | None = None) -> None:
    """Lock or unlock a game (tournaments lock the games of a closed round)."""
    with db.write(game=game_id):
        cursor = db.execute(
            "UPDATE games SET locked = ?, version = version + 1, updated_at = ? WHERE id = ?",
            [1 if locked else 0, clock.stamp(), game_id],
        )
        if cursor.rowcount != 1:
            raise GameNotFound()
        changes.record_change(db, game_id=game_id, deal_id=None, action="lock" if locked else "unlock",
                      before=None, after={"locked": bool(locked)}, who=who, reason=None)


def claim(db: Database, game_id: int, expected_version: int | None, *, locked_ok: bool = False) -> Game:
    """Take the game for this change or raise: the first statement of every write to a game's deals.

    ``expected_version``: the version the change was based on (None: whatever it is now, for the director, who
    corrects a table's game over it). ``locked_ok``: the writer may change a locked game (a tournament table
    through its own link, the director); the scorepad's pages may not. Returns the game row as it now is (the new
    version), read by the claim itself (``RETURNING``).

    The claim runs inside ``db.write(game=game_id)``, whose lock makes every other write of this game wait
    (SQLite's one writer; PostgreSQL's lock of the game), so the version it compares is the one the last
    committed write left."""
    rows = _claim(db, game_id, expected_version, locked_ok)
    if rows:
        return Game.from_row(rows[0])
    game = get_game(db, game_id)
    if game is None:
        raise GameNotFound()
    if game.locked and not locked_ok:
        raise GameLocked()
    raise StaleGame(game.version)


def _claim(db: Database, game_id: int, expected_version: int | None, locked_ok: bool) -> list:
    return db.execute(
        "UPDATE games SET version = version + 1, updated_at = ? WHERE id = ? AND (version = ? OR ? = 1) "
        "AND (locked = 0 OR ? = 1) AND deleted_at IS NULL RETURNING *",
        [clock.stamp(), game_id, expected_version or 0, 1 if expected_version is None else 0, 1 if locked_ok else 0],
    ).fetchall()


# --------------------------------------------------------------------------------------
# Deal records
# --------------------------------------------------------------------------------------


def list_deals(db: Database, game_id: int) -> list[Deal]:
    rows = db.execute("SELECT * FROM deals WHERE game_id = ? ORDER BY seq", [game_id]).fetchall()
    return [Deal.from_row(r) for r in rows]


def get_deal(db: Database, game_id: int, deal_id: int) -> Deal | None:
    row = db.execute("SELECT * FROM deals WHERE id = ? AND game_id = ?", [deal_id, game_id]).fetchone()
    return Deal.from_row(row) if row else None


def deals_at(db: Database, game: Game) -> list[Deal] | None:
    """The deals of the game row ``game`` while the game is still at that row's version, read in one statement, so
    they pair with the row as a read transaction would pair them; None when the game has moved on since, or has no
    deal (the one answer cannot tell these apart: read both in ``db.read()``)."""
    rows = db.execute("SELECT * FROM deals WHERE game_id = ? AND (SELECT version FROM games WHERE id = ?) = ? "
                      "ORDER BY seq", [game.id, game.id, game.version]).fetchall()
    return [Deal.from_row(r) for r in rows] or None

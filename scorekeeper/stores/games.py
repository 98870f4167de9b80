"""Game and deal records: starting, reading, locking and deleting a game; reading its deals.

A deal is stored exactly as it was entered: its ``sides`` are the ``sides`` object of
``POST /api/v1/score/deal`` (docs/API.md), so the engine reads them as they are. Totals, minimums
and the winner are never stored as truth: ``stores.summary`` computes them from the deals.

Writes that change a game claim it first (``claim``): a conditional ``UPDATE`` of the game's
``version`` as the first statement of ``db.write(game=...)``. Two phones saving on the same version
cannot both win: the second one's update matches no row and raises ``StaleGame``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from functools import lru_cache

from scorekeeper.db.contract import Database

from .. import clock
from scorekeeper.stores.codes import unique_code
from ..rules import RuleProfile, get_profile
from ..rules.i18n import _
from ..rules.options import without_retired
from ..rules.tables import dealer_seat, seat_order, sitting_out
from . import changes
from .side_names import side_name
from .devices import device_params, new_link
from .errors import GameLocked, GameNotFound, InvalidGame, StaleGame
from scorekeeper.rows import Row

from .rows import dumps

MODES = ("totals", "cards")
CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"


@dataclass(frozen=True)
class Side(Row):
    """One side of a game: a short key (``we``), its name and its players in seating order."""

    key: str
    name: str
    players: tuple[str, ...]

    @property
    def alone(self) -> bool:
        """A player playing alone: the side is named after its one player."""
        return self.players == (self.name,)

    def to_dict(self) -> dict:
        return {"key": self.key, "name": self.name, "players": list(self.players)}


@dataclass(frozen=True)
class Game(Row):
    """A game as stored: its rules and club options, who plays, and its version for optimistic writes."""

    id: int
    code: str
    rules: str
    options: dict = field(hash=False)
    sides: tuple[Side, ...]
    target: int
    first_dealer: int
    status: str
    winner: str | None
    version: int
    locked: bool
    created_at: str
    updated_at: str
    deal_count: int | None = None  # filled by list_games only
    #: The club rule set the game started under: {"key", "version", "name"} (its rules and options are above).
    rule_set: dict | None = field(default=None, hash=False)
    link: str = ""  # the game's address (/games/<link>): unguessable, so only those given it can open the game

    @property
    def profile(self) -> RuleProfile:
        """The game's profile with its club options applied."""
        return game_profile(self)

    @property
    def side_keys(self) -> list[str]:
        return [side.key for side in self.sides]

    @classmethod
    def from_row(cls, row) -> Game:
        """The game as a ``games`` row stores it (options and sides as JSON)."""
        values = dict(row)
        return cls(
            id=values["id"], code=values["code"], rules=values["rules"],
            options=without_retired(json.loads(values["options"] or "{}")),
            sides=tuple(Side(s["key"], side_name(s["key"], s["name"]), tuple(s["players"])) for s in json.loads(values["sides"])),
            target=values["target"], first_dealer=values["first_dealer"], status=values["status"],
            winner=values["winner"], version=values["version"], locked=bool(values["locked"]),
            created_at=values["created_at"], updated_at=values["updated_at"], deal_count=values.get("deal_count"),
            rule_set=json.loads(values["rule_set"]) if values.get("rule_set") else None,
            link=values.get("link") or "",
        )


@dataclass(frozen=True)
class Deal(Row):
    """A deal as entered: ``sides`` is the API's ``sides`` object; ``seq`` orders the deals of a game."""

    id: int
    game_id: int
    seq: int
    mode: str
    sides: dict = field(hash=False)
    who: str | None
    created_at: str
    updated_at: str
    client_key: str | None = None  # the key the phone put on its save (a retry is recorded once)
    #: The running totals written with the deal (``stores.deals``): each side's [deal, total, minimum, canastas];
    #: None when not yet known (migration 0013_running_totals). Not part of the deal as entered.
    running: dict | None = field(default=None, hash=False, compare=False)

    def record(self) -> dict:
        """The deal as the audit log keeps it."""
        return {"id": self.id, "seq": self.seq, "mode": self.mode, "sides": self.sides, "who": self.who,
                "created_at": self.created_at, "updated_at": self.updated_at}

    @classmethod
    def from_row(cls, row) -> Deal:
        """The deal as a ``deals`` row stores it (sides as JSON)."""
        values = dict(row)
        values["sides"] = json.loads(values["sides"])
        running = values.get("running")
        values["running"] = json.loads(running) if running else None
        return cls(**values)


def game_profile(game: Game) -> RuleProfile:
    """The game's profile with its club options applied (under its club rule set's name, if any)."""
    profile = _profile_of(game.rules, json.dumps(game.options, sort_keys=True))
    return replace(profile, name=game.rule_set["name"]) if game.rule_set else profile


@lru_cache(maxsize=256)
def _profile_of(rules: str, options: str) -> RuleProfile:
    """Profiles are frozen: one built per set of rules and options, asked for by every row of a scorepad."""
    return get_profile(rules).with_options(json.loads(options))


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


def claim(db: Database, game_id: int, expected_version: int, *, locked_ok: bool = False) -> Game:
    """Take the game for this change or raise: the first statement of every write to a game's deals.

    ``locked_ok``: the writer may change a locked game (a tournament table through its own link, the director);
    the scorepad's pages may not. Returns the game row as it now is (the new version), read by the claim
    itself (``RETURNING``).

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


def _claim(db: Database, game_id: int, expected_version: int, locked_ok: bool) -> list:
    return db.execute(
        "UPDATE games SET version = version + 1, updated_at = ? WHERE id = ? AND version = ? "
        "AND (locked = 0 OR ? = 1) AND deleted_at IS NULL RETURNING *",
        [clock.stamp(), game_id, expected_version, 1 if locked_ok else 0],
    ).fetchall()


def seating(game: Game) -> list[dict]:
    """The players in clockwise order (the engine's ``seat_order``): the sides alternate round the table."""
    return [{"side": game.sides[side].key, "name": game.sides[side].players[player]}
            for side, player in seat_order(_sizes(game))]


def _sizes(game: Game) -> tuple[int, ...]:
    return tuple(len(side.players) for side in game.sides)


def dealer_name(game: Game, deal_index: int) -> str:
    """Who deals deal number ``deal_index + 1``: the deal passes clockwise, past a player sitting out."""
    side, player = dealer_seat(_sizes(game), game.profile.trio_sits_out, game.first_dealer, deal_index)
    return game.sides[side].players[player]


def sitting_out_names(game: Game, deal_index: int) -> tuple[str, ...]:
    """Who sits out deal number ``deal_index + 1`` (one of a team of three, in turn, when the table says so)."""
    return tuple(game.sides[side].players[player]
                 for side, player in sitting_out(_sizes(game), game.profile.trio_sits_out, deal_index))


def side_names(game: Game) -> dict[str, str]:
    """Each side's name by its key, so the engine's messages speak of "Ann & Cy", not "we"."""
    return {side.key: side.name for side in game.sides}


# --------------------------------------------------------------------------------------
# Deal records
# --------------------------------------------------------------------------------------


def list_deals(db: Database, game_id: int) -> list[Deal]:
    rows = db.execute("SELECT * FROM deals WHERE game_id = ? ORDER BY seq", [game_id]).fetchall()
    return [Deal.from_row(r) for r in rows]


def get_deal(db: Database, game_id: int, deal_id: int) -> Deal | None:
    row = db.execute("SELECT * FROM deals WHERE id = ? AND game_id = ?", [deal_id, game_id]).fetchone()
    return Deal.from_row(row) if row else None

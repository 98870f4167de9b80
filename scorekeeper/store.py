"""Every query about games, deals and their changes. Functions take ``db`` first.

A deal is stored exactly as it was entered: its ``sides`` are the ``sides`` object of
``POST /api/v1/score/deal`` (docs: ../shared/API.md), so the engine reads them as they are.
Totals, minimums and the winner are never stored as truth: ``game_summary`` computes them
from the deals each time, so correcting an early deal corrects everything after it.

Writes that change a game go through ``_claim``: a conditional ``UPDATE`` of the game's
``version`` as the first statement of ``db.atomic()``. Two phones saving on the same version
cannot both win: the second one's update matches no row and raises ``StaleGame``.

Every committed change bumps ``version``, so a game's summary is fully determined by
(database file, game id, version, share code): ``game_summary`` keeps the latest ones in a small
in-process LRU cache under that key. A summary read inside a transaction is never cached (the
transaction may still roll back and the same version be reused by another change), and the share
code guards against SQLite reusing the id of a deleted game. Cached summaries are shared between
requests: treat them as read-only.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from dataclasses import dataclass, field

from flask_babel import gettext as _
from flask_babel import ngettext
from sqlite_utils import Database

from . import clock
from .codes import unique_code
from .rules import (
    RuleProfile,
    RulesError,
    check_meld,
    game_state,
    get_profile,
    parse_cards,
    parse_deal,
    score_deal,
)
from .rules.melds import Situation

MODES = ("totals", "cards")
CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"


class StoreError(Exception):
    """Base of the store's own errors."""

    message = "The game could not be changed."

    def __init__(self, message: str | None = None):
        super().__init__(message or self.message)
        self.message = message or self.message


class GameNotFound(StoreError):
    message = "There is no such game; it may have been deleted."


class DealNotFound(StoreError):
    message = "There is no such deal in this game; it may have been deleted."


class StaleGame(StoreError):
    """The change was based on an older version of the game: someone else saved first."""

    message = "Someone else saved a change to this game first."

    def __init__(self, current_version: int, message: str | None = None):
        super().__init__(message)
        self.current_version = current_version


class GameLocked(StoreError):
    message = "This game is locked: its tournament round is closed, so its deals can no longer change."


class GameOver(StoreError):
    message = "This game is over: a side has reached the target. Correct an earlier deal instead."


class NothingToUndo(StoreError):
    message = "There is nothing left to undo in this game."


class InvalidGame(StoreError):
    """The players or sides of a new game do not make sense."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.field = field


def _dumps(value) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


# --------------------------------------------------------------------------------------
# Games
# --------------------------------------------------------------------------------------


def game_profile(game: dict) -> RuleProfile:
    """The game's profile with its club options applied."""
    return get_profile(game["rules"]).with_options(game["options"])


def _decode_game(row) -> dict:
    game = dict(row)
    game["options"] = json.loads(game["options"] or "{}")
    game["sides"] = json.loads(game["sides"])
    game["locked"] = bool(game["locked"])
    return game


def _new_code(db: Database) -> str:
    return unique_code(db, "games", "code", alphabet=CODE_ALPHABET, length=8)


def _clean_sides(sides) -> list[dict]:
    if not isinstance(sides, list) or len(sides) < 2:
        raise InvalidGame("A game needs at least two sides.", "sides")
    keys = set()
    cleaned = []
    for i, side in enumerate(sides):
        key = str(side.get("key") or "").strip()
        name = str(side.get("name") or "").strip()
        if not key or key in keys:
            raise InvalidGame("Every side needs its own short key.", f"sides[{i}].key")
        if not name:
            raise InvalidGame("Give every side a name.", f"sides[{i}].name")
        players = [str(p).strip() for p in side.get("players") or []]
        if not players or any(not p for p in players):
            raise InvalidGame("Give every player a name.", f"sides[{i}].players")
        keys.add(key)
        cleaned.append({"key": key, "name": name[:40], "players": [p[:40] for p in players]})
    return cleaned


def create_game(db: Database, *, rules: str, options: dict | None, sides: list[dict], first_dealer: int = 0,
                who: str | None = None) -> int:
    """Start a game; raises UnknownRules / UnknownOption (from the engine) or InvalidGame."""
    options = dict(options or {})
    profile = get_profile(rules).with_options(options)
    sides = _clean_sides(sides)
    seats = sum(len(s["players"]) for s in sides)
    if not 0 <= first_dealer < seats:
        raise InvalidGame("Choose who deals first among the players.", "first_dealer")
    stamp = clock.stamp()
    row = {
        "code": _new_code(db),
        "rules": profile.id,
        "options": _dumps(options),
        "sides": _dumps(sides),
        "target": profile.target,
        "first_dealer": first_dealer,
        "status": "playing",
        "winner": None,
        "version": 1,
        "locked": 0,
        "created_at": stamp,
        "updated_at": stamp,
    }
    # Every write transaction starts with its write, in plain SQL: a read first (sqlite-utils looks
    # the table up before inserting) would leave SQLite unable to wait for a concurrent writer and
    # fail at once with "database is locked". The unique index guards the code picked beforehand.
    with db.atomic():
        cursor = db.execute(
            f"INSERT INTO games ({', '.join(row)}) VALUES ({', '.join('?' for _ in row)})", list(row.values())
        )
        game_id = cursor.lastrowid
        record_change(db, game_id=game_id, deal_id=None, action="create", before=None,
                      after={"rules": profile.id, "options": options, "sides": sides, "first_dealer": first_dealer},
                      who=who, reason=None)
    return game_id


def get_game(db: Database, game_id: int) -> dict | None:
    row = db.execute("SELECT * FROM games WHERE id = ?", [game_id]).fetchone()
    return _decode_game(row) if row else None


def get_game_by_code(db: Database, code: str) -> dict | None:
    row = db.execute("SELECT * FROM games WHERE code = ?", [code]).fetchone()
    return _decode_game(row) if row else None


def game_version(db: Database, game_id: int) -> int | None:
    """The game's version alone: the cheap question a polling phone asks."""
    row = db.execute("SELECT version FROM games WHERE id = ?", [game_id]).fetchone()
    return row[0] if row else None


def list_games(db: Database) -> list[dict]:
    """Every game, newest change first, with its number of deals."""
    rows = db.execute(
        "SELECT games.*, (SELECT COUNT(*) FROM deals WHERE deals.game_id = games.id) AS deal_count "
        "FROM games ORDER BY updated_at DESC, id DESC"
    ).fetchall()
    return [_decode_game(r) for r in rows]


def delete_game(db: Database, game_id: int, *, expected_version: int | None = None, who: str | None = None) -> None:
    """Delete a game and its deals; the changes stay, with a record of the deletion."""
    with db.atomic():
        cursor = db.execute(
            "UPDATE games SET version = version + 1 WHERE id = ? AND locked = 0 AND (? IS NULL OR version = ?)",
            [game_id, expected_version, expected_version],
        )
        game = get_game(db, game_id)
        if cursor.rowcount != 1:
            if game is None:
                raise GameNotFound()
            if game["locked"]:
                raise GameLocked()
            raise StaleGame(game["version"])
        db.execute("DELETE FROM deals WHERE game_id = ?", [game_id])
        db.execute("DELETE FROM games WHERE id = ?", [game_id])
        record_change(db, game_id=game_id, deal_id=None, action="delete_game", before=_game_record(game),
                      after=None, who=who, reason=None)


def set_locked(db: Database, game_id: int, locked: bool, *, who: str | None = None) -> None:
    """Lock or unlock a game (tournaments lock the games of a closed round)."""
    with db.atomic():
        cursor = db.execute(
            "UPDATE games SET locked = ?, version = version + 1, updated_at = ? WHERE id = ?",
            [1 if locked else 0, clock.stamp(), game_id],
        )
        if cursor.rowcount != 1:
            raise GameNotFound()
        record_change(db, game_id=game_id, deal_id=None, action="lock" if locked else "unlock",
                      before=None, after={"locked": bool(locked)}, who=who, reason=None)


def _game_record(game: dict) -> dict:
    return {k: game[k] for k in ("code", "rules", "options", "sides", "first_dealer", "created_at")}


def seating(game: dict) -> list[dict]:
    """The players in clockwise order: partners sit opposite, so the sides alternate."""
    order = []
    longest = max(len(s["players"]) for s in game["sides"])
    for i in range(longest):
        for side in game["sides"]:
            if i < len(side["players"]):
                order.append({"side": side["key"], "name": side["players"][i]})
    return order


def dealer_name(game: dict, deal_index: int) -> str:
    """Who deals deal number ``deal_index + 1``: the deal passes clockwise."""
    seats = seating(game)
    return seats[(game["first_dealer"] + deal_index) % len(seats)]["name"]


# --------------------------------------------------------------------------------------
# Deals
# --------------------------------------------------------------------------------------


def _decode_deal(row) -> dict:
    deal = dict(row)
    deal["sides"] = json.loads(deal["sides"])
    return deal


def list_deals(db: Database, game_id: int) -> list[dict]:
    rows = db.execute("SELECT * FROM deals WHERE game_id = ? ORDER BY seq", [game_id]).fetchall()
    return [_decode_deal(r) for r in rows]


def get_deal(db: Database, game_id: int, deal_id: int) -> dict | None:
    row = db.execute("SELECT * FROM deals WHERE id = ? AND game_id = ?", [deal_id, game_id]).fetchone()
    return _decode_deal(row) if row else None


def side_names(game: dict) -> dict[str, str]:
    """Each side's name by its key, so the engine's messages speak of "Ann & Cy", not "we"."""
    return {side["key"]: side["name"] for side in game["sides"]}


def score(profile: RuleProfile, sides_data: dict, before: dict[str, int], names: dict[str, str] | None = None):
    """Score one deal as entered; raises the engine's RulesError when it cannot be scored."""
    sides, before = parse_deal({"sides": sides_data, "before": before})
    return score_deal(profile, sides, before, names=names)


def canastas_made(profile: RuleProfile, side: dict) -> int:
    """How many canastas a side's entry holds: counted by hand, or read by the engine from the melds."""
    if side.get("melds") is not None:
        melds = [parse_cards(m) for m in side["melds"] if str(m).strip()]
        if not melds:
            return 0
        infos = check_meld(profile, Situation(opened=True), melds=melds, going_out=bool(side.get("went_out"))).melds
        return sum(1 for info in infos if info.canasta)
    return sum(int(n) for n in (side.get("canastas") or {}).values())


def side_summary(profile: RuleProfile, side: dict) -> str:
    """A few words for a scorepad row: "2 canastas, went out"."""
    parts = []
    try:
        count = canastas_made(profile, side)
    except RulesError:
        count = 0
    if count:
        parts.append(ngettext("%(num)d canasta", "%(num)d canastas", count))
    if side.get("concealed"):
        parts.append(_("went out concealed"))
    elif side.get("went_out"):
        parts.append(_("went out"))
    threes = int(side.get("red_threes") or 0)
    if threes:
        parts.append(ngettext("%(num)d red three", "%(num)d red threes", threes))
    return ", ".join(parts) or _("no canasta")


@dataclass
class GameSummary:
    """Everything a scorepad, a sheet or a tournament shows about a game, computed from its deals."""

    game: dict
    profile: RuleProfile
    rows: list[dict] = field(default_factory=list)
    totals: dict[str, int] = field(default_factory=dict)
    minimums: dict[str, int] = field(default_factory=dict)
    game_over: bool = False
    winner: str | None = None
    next_dealer: str = ""
    problems: list[str] = field(default_factory=list)

    @property
    def version(self) -> int:
        return self.game["version"]

    @property
    def side_keys(self) -> list[str]:
        return [s["key"] for s in self.game["sides"]]

    def side_name(self, key: str | None) -> str:
        for side in self.game["sides"]:
            if side["key"] == key:
                return side["name"]
        return ""


def _score_row(summary: GameSummary, keys: list[str], index: int, deal: dict, totals: dict[str, int],
               minimums: dict[str, int], result=None):
    """Score deal number ``index + 1`` on top of ``totals``/``minimums`` (updated in place); its scorepad row
    and the engine's result (None when the engine refuses the stored deal). ``result``: the deal already
    scored on these totals by the caller."""
    profile = summary.profile
    row = {"number": index + 1, "deal_id": deal["id"], "dealer": dealer_name(summary.game, index),
           "mode": deal["mode"], "who": deal.get("who"), "sides": {}, "warnings": [], "error": None}
    try:
        if result is None:
            result = score(profile, deal["sides"], totals, side_names(summary.game))
    except RulesError as error:
        # A stored deal the engine no longer accepts counts nothing, visibly.
        row["error"] = error.message
        summary.problems.append(f"Deal {index + 1}: {error.message}")
        for k in keys:
            row["sides"][k] = {"deal": 0, "total": totals[k], "minimum": minimums[k], "breakdown": [],
                               "summary": ""}
        return row, None
    row["warnings"] = list(result.warnings)
    for k in keys:
        side = result.sides[k]
        totals[k] = side.total
        minimums[k] = side.minimum
        row["sides"][k] = {"deal": side.deal, "total": side.total, "minimum": side.minimum,
                           "breakdown": list(side.breakdown),
                           "summary": side_summary(profile, deal["sides"].get(k, {}))}
    return row, result


def summarise(game: dict, deals: list[dict]) -> GameSummary:
    """Re-score every deal in order and carry the totals forward."""
    profile = game_profile(game)
    keys = [s["key"] for s in game["sides"]]
    totals = {k: 0 for k in keys}
    minimums = {k: profile.minimum(0) for k in keys}
    summary = GameSummary(game=game, profile=profile)
    for index, deal in enumerate(deals):
        row, _ = _score_row(summary, keys, index, deal, totals, minimums)
        summary.rows.append(row)
    summary.totals = totals
    summary.minimums = minimums
    summary.game_over, summary.winner = game_state(profile, totals)
    summary.next_dealer = dealer_name(game, len(deals))
    return summary


def _extended(summary: GameSummary, game: dict, deal: dict, result=None) -> GameSummary:
    """The summary after appending ``deal`` as the last deal, for the game row ``game``; exactly what
    ``summarise(game, deals + [deal])`` gives, scoring only the new deal (``result``: already scored on
    ``summary.totals``). ``summary`` is left as it was (it may be a cached one)."""
    keys = summary.side_keys
    totals, minimums = dict(summary.totals), dict(summary.minimums)
    after = GameSummary(game=game, profile=summary.profile, rows=list(summary.rows),
                        problems=list(summary.problems))
    row, _ = _score_row(after, keys, len(summary.rows), deal, totals, minimums, result)
    after.rows.append(row)
    after.totals = totals
    after.minimums = minimums
    after.game_over, after.winner = game_state(after.profile, totals)
    after.next_dealer = dealer_name(game, len(after.rows))
    return after


# --------------------------------------------------------------------------------------
# The summary cache
# --------------------------------------------------------------------------------------

SUMMARY_CACHE_SIZE = 256


class SummaryCache:
    """A small thread-safe LRU of game summaries, keyed by (database file, game id, version, code)."""

    def __init__(self, size: int = SUMMARY_CACHE_SIZE):
        self.size = size
        self._entries: OrderedDict[tuple, GameSummary] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = self.misses = 0

    def get(self, key: tuple) -> GameSummary | None:
        with self._lock:
            summary = self._entries.get(key)
            if summary is None:
                self.misses += 1
                return None
            self._entries.move_to_end(key)
            self.hits += 1
            return summary

    def put(self, key: tuple, summary: GameSummary) -> None:
        with self._lock:
            self._entries[key] = summary
            self._entries.move_to_end(key)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self.hits = self.misses = 0

    def __len__(self) -> int:
        return len(self._entries)


summary_cache = SummaryCache()


def _db_file(db: Database) -> str:
    """The absolute path of the database file behind ``db`` ("" for an in-memory or temporary one).

    Asked once per connection (connections live for one request) and remembered on the object."""
    path = getattr(db, "_scorekeeper_file", None)
    if path is None:
        path = ""
        for row in db.execute("PRAGMA database_list").fetchall():
            if row[1] == "main":
                path = row[2] or ""
        db._scorekeeper_file = path
    return path


def _cache_key(db: Database, game: dict) -> tuple | None:
    """The cache key of the committed game row ``game``; None when it must not be cached."""
    path = _db_file(db)
    if not path or db.conn.in_transaction:
        return None
    return (path, game["id"], game["version"], game["code"])


def _remember(db: Database, summary: GameSummary) -> None:
    """Cache a summary computed by a write, once that write is committed (not inside an outer transaction)."""
    key = _cache_key(db, summary.game)
    if key is not None:
        summary_cache.put(key, summary)


def game_summary(db: Database, game_id: int) -> GameSummary:
    """The game's summary: from the cache when its version is known, else re-scored from its deals.

    Outside a transaction, the game and its deals are read in one read transaction, so a change
    committed by another connection in between cannot pair one version's row with another's deals."""
    if db.conn.in_transaction or not _db_file(db):
        game = get_game(db, game_id)
        if game is None:
            raise GameNotFound()
        return summarise(game, list_deals(db, game_id))
    game = get_game(db, game_id)
    if game is None:
        raise GameNotFound()
    cached = summary_cache.get(_cache_key(db, game))
    if cached is not None:
        return cached
    db.execute("BEGIN")
    try:
        game = get_game(db, game_id)
        deals = list_deals(db, game_id) if game is not None else []
    finally:
        db.execute("COMMIT")
    if game is None:
        raise GameNotFound()
    summary = summarise(game, deals)
    summary_cache.put(_cache_key(db, game), summary)
    return summary


def totals_before_row(summary: GameSummary, deal_id: int | None) -> dict[str, int]:
    """Each side's total before deal ``deal_id`` (before a new deal when None), read from the summary."""
    if deal_id is not None:
        for index, row in enumerate(summary.rows):
            if row["deal_id"] == deal_id:
                if index == 0:
                    return {k: 0 for k in summary.side_keys}
                return {k: side["total"] for k, side in summary.rows[index - 1]["sides"].items()}
    return dict(summary.totals)


# --------------------------------------------------------------------------------------
# Writing deals
# --------------------------------------------------------------------------------------


def _claim(db: Database, game_id: int, expected_version: int) -> dict:
    """Take the game for this change or raise: the first statement of every deal write.

    Returns the game row as it now is (the new version), read by the claim itself (``RETURNING``)."""
    rows = db.execute(
        "UPDATE games SET version = version + 1, updated_at = ? WHERE id = ? AND version = ? AND locked = 0 "
        "RETURNING *",
        [clock.stamp(), game_id, expected_version],
    ).fetchall()
    if rows:
        return _decode_game(rows[0])
    game = get_game(db, game_id)
    if game is None:
        raise GameNotFound()
    if game["locked"]:
        raise GameLocked()
    raise StaleGame(game["version"])


def _set_status(db: Database, game: dict, summary: GameSummary) -> GameSummary:
    """Store the game's status and winner as ``summary`` says; the summary, for the game row as written."""
    game["status"] = "finished" if summary.game_over else "playing"
    game["winner"] = summary.winner
    db.execute("UPDATE games SET status = ?, winner = ? WHERE id = ?", [game["status"], game["winner"], game["id"]])
    summary.game = game
    return summary


def _refresh_status(db: Database, game: dict) -> GameSummary:
    return _set_status(db, game, summarise(game, list_deals(db, game["id"])))


def _summary_before(db: Database, game: dict, expected_version: int, known: GameSummary | None) -> GameSummary:
    """Inside a write that claimed ``game`` from ``expected_version``: the summary at that version.

    ``known`` (the caller's own summary) or a cached one is exact, because the claim proved the game was at
    that version; otherwise the deals are read and scored again."""
    for candidate in (known, _cached_at(db, game, expected_version)):
        if (candidate is not None and candidate.game["id"] == game["id"]
                and candidate.game["code"] == game["code"] and candidate.version == expected_version):
            return candidate
    return summarise(game, list_deals(db, game["id"]))


def _cached_at(db: Database, game: dict, version: int) -> GameSummary | None:
    path = _db_file(db)
    return summary_cache.get((path, game["id"], version, game["code"])) if path else None


def _deal_record(deal: dict) -> dict:
    return {k: deal[k] for k in ("id", "seq", "mode", "sides", "who", "created_at", "updated_at")}


def _check_mode(mode: str) -> None:
    if mode not in MODES:
        raise ValueError(f"mode must be one of {MODES}")


def add_deal(db: Database, game_id: int, sides_data: dict, *, mode: str, expected_version: int,
             who: str | None = None, reason: str | None = None, summary: GameSummary | None = None) -> int:
    """Add the next deal; raises StaleGame, GameLocked, GameOver or the engine's RulesError.

    ``summary``: the caller's summary of the game, used when it is at ``expected_version`` (the game is then
    not re-scored). Once committed, the new summary is cached, so the scorepad shown next is not re-scored."""
    _check_mode(mode)
    with db.atomic():
        game = _claim(db, game_id, expected_version)
        before = _summary_before(db, game, expected_version, summary)
        if before.game_over:
            raise GameOver()
        # Score first, so a deal the engine refuses is never written.
        result = score(before.profile, sides_data, before.totals, side_names(game))
        stamp = clock.stamp()
        who = who or None
        deal_id, seq = db.execute(
            "INSERT INTO deals (game_id, seq, mode, sides, who, created_at, updated_at) "
            "VALUES (?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM deals WHERE game_id = ?), ?, ?, ?, ?, ?) "
            "RETURNING id, seq",
            [game_id, game_id, mode, _dumps(sides_data), who, stamp, stamp],
        ).fetchall()[0]
        # The stored row, as get_deal would read it back (sides through JSON, as stored).
        stored = {"id": deal_id, "game_id": game_id, "seq": seq, "mode": mode,
                  "sides": json.loads(_dumps(sides_data)), "who": who, "created_at": stamp, "updated_at": stamp}
        record_change(db, game_id=game_id, deal_id=deal_id, action="add", before=None,
                      after=_deal_record(stored), who=who, reason=reason)
        # The new deal is the last one, so scoring it on top of the summary before says how the game stands.
        after = _extended(before, game, stored, result)
        _set_status(db, game, after)
    _remember(db, after)
    return deal_id


def update_deal(db: Database, game_id: int, deal_id: int, sides_data: dict, *, mode: str, expected_version: int,
                who: str | None = None, reason: str | None = None, summary: GameSummary | None = None) -> None:
    """Correct an earlier deal; every later total is recomputed from the deals."""
    _check_mode(mode)
    with db.atomic():
        game = _claim(db, game_id, expected_version)
        old = get_deal(db, game_id, deal_id)
        if old is None:
            raise DealNotFound()
        before = _summary_before(db, game, expected_version, summary)
        score(before.profile, sides_data, totals_before_row(before, deal_id), side_names(game))
        db.execute(
            "UPDATE deals SET sides = ?, mode = ?, who = ?, updated_at = ? WHERE id = ?",
            [_dumps(sides_data), mode, who or old["who"], clock.stamp(), deal_id],
        )
        new = get_deal(db, game_id, deal_id)
        record_change(db, game_id=game_id, deal_id=deal_id, action="edit", before=_deal_record(old),
                      after=_deal_record(new), who=who, reason=reason)
        after = _refresh_status(db, game)
    _remember(db, after)


def delete_deal(db: Database, game_id: int, deal_id: int, *, expected_version: int, who: str | None = None,
                reason: str | None = None) -> None:
    with db.atomic():
        game = _claim(db, game_id, expected_version)
        old = get_deal(db, game_id, deal_id)
        if old is None:
            raise DealNotFound()
        db.execute("DELETE FROM deals WHERE id = ?", [deal_id])
        record_change(db, game_id=game_id, deal_id=deal_id, action="delete", before=_deal_record(old),
                      after=None, who=who, reason=reason)
        after = _refresh_status(db, game)
    _remember(db, after)


def last_undoable(db: Database, game_id: int) -> dict | None:
    """The latest deal change not yet undone (what "undo" would revert)."""
    row = db.execute(
        "SELECT * FROM changes WHERE game_id = ? AND action IN ('add', 'edit', 'delete') AND undone = 0 "
        "ORDER BY id DESC LIMIT 1",
        [game_id],
    ).fetchone()
    return _decode_change(row) if row else None


def undo_last(db: Database, game_id: int, *, expected_version: int, who: str | None = None) -> dict:
    """Revert the latest deal change that is not yet undone; returns that change."""
    with db.atomic():
        game = _claim(db, game_id, expected_version)
        change = last_undoable(db, game_id)
        if change is None:
            raise NothingToUndo()
        deal_id = change["deal_id"]
        current = get_deal(db, game_id, deal_id)
        before = change["before"]
        if change["action"] == "add":
            db.execute("DELETE FROM deals WHERE id = ?", [deal_id])
        elif change["action"] == "edit":
            db.execute(
                "UPDATE deals SET sides = ?, mode = ?, who = ?, updated_at = ? WHERE id = ?",
                [_dumps(before["sides"]), before["mode"], before["who"], clock.stamp(), deal_id],
            )
        else:  # a deleted deal comes back in its old place
            db["deals"].insert({**before, "sides": _dumps(before["sides"]), "game_id": game_id})
        db.execute("UPDATE changes SET undone = 1 WHERE id = ?", [change["id"]])
        restored = get_deal(db, game_id, deal_id)
        record_change(db, game_id=game_id, deal_id=deal_id, action="undo",
                      before=_deal_record(current) if current else None,
                      after=_deal_record(restored) if restored else None,
                      who=who, reason=f"undid change {change['id']} ({change['action']})")
        after = _refresh_status(db, game)
    _remember(db, after)
    return change


# --------------------------------------------------------------------------------------
# Changes
# --------------------------------------------------------------------------------------


def record_change(db: Database, *, game_id: int, deal_id: int | None, action: str, before, after,
                  who: str | None, reason: str | None) -> int:
    """Append one entry to the audit log of a game."""
    # Plain SQL: sqlite-utils' insert() would first look the table up (several PRAGMA queries).
    return db.execute(
        "INSERT INTO changes (game_id, deal_id, action, before, after, who, reason, undone, at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?)",
        [game_id, deal_id, action, None if before is None else _dumps(before),
         None if after is None else _dumps(after), (who or None) and str(who)[:60],
         (reason or None) and str(reason)[:300], clock.stamp()],
    ).lastrowid


def _decode_change(row) -> dict:
    change = dict(row)
    for key in ("before", "after"):
        change[key] = None if change[key] is None else json.loads(change[key])
    change["undone"] = bool(change["undone"])
    return change


def list_changes(db: Database, game_id: int) -> list[dict]:
    rows = db.execute("SELECT * FROM changes WHERE game_id = ? ORDER BY id", [game_id]).fetchall()
    return [_decode_change(r) for r in rows]

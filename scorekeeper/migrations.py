"""The schema, as an ordered set of migrations applied at start, on SQLite and on PostgreSQL alike.

A migration, once released, is never edited: add a new one at the end instead, so an old
database file upgrades itself. Each is handed a ``scorekeeper.db.schema.Schema``: ``db["table"].create(...)``,
``.create_index``, ``.add_column``, ``.drop``, ``.insert`` and ``db.execute`` for a statement both engines read;
``scorekeeper.db.schema.migrate`` applies them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from scorekeeper import clock

if TYPE_CHECKING:
    from scorekeeper.db.schema import Schema as Database


@dataclass(frozen=True)
class Migration:
    name: str
    fn: Callable
    postgresql: Callable | None = None  # its PostgreSQL form, where the released one speaks SQLite only

    def on(self, engine: str) -> Callable:
        """The function that applies this migration on ``engine``."""
        return self.postgresql if engine == "postgresql" and self.postgresql else self.fn


class Migrations:
    """The migrations in order: ``@migrations(name="0014_...")`` adds one at the end."""

    def __init__(self) -> None:
        self.steps: list[Migration] = []

    def __call__(self, *, name: str) -> Callable:
        def add(fn: Callable) -> Callable:
            if any(step.name == name for step in self.steps):
                raise ValueError(f"two migrations named {name}")  # i18n: not for people
            self.steps.append(Migration(name, fn))
            return fn

        return add

    def on_postgresql(self, name: str) -> Callable:
        """The PostgreSQL form of the released migration ``name``, which was written in SQLite's own SQL before
        PostgreSQL was a choice (and is never edited): PostgreSQL runs this function in its place. The schema
        both build is the same (tests/test_schema.py compares them column by column)."""
        def add(fn: Callable) -> Callable:
            index = next(i for i, step in enumerate(self.steps) if step.name == name)
            self.steps[index] = replace(self.steps[index], postgresql=fn)
            return fn

        return add


migrations = Migrations()


@migrations(name="0001_initial")
def initial(db: Database) -> None:
    # A game: the rules it is played under and who plays. Totals are never stored here:
    # they are computed from the deals. ``status`` and ``winner`` are a cache for lists,
    # rewritten from the deals on every change.
    db["games"].create(
        {
            "id": int,
            "code": str,  # the share code in links and QR codes
            "rules": str,  # profile id
            "options": str,  # JSON: club options as chosen
            "sides": str,  # JSON: [{"key": "we", "name": "We", "players": ["Ann", "Bob"]}, ...]
            "target": int,  # the target of the profile with its options (for lists)
            "first_dealer": int,  # index into the clockwise seating order
            "status": str,  # "playing" | "finished"
            "winner": str,  # side key, or null
            "version": int,  # bumped on every change, for optimistic concurrency
            "locked": int,  # 1 when a tournament has closed the game's round
            "created_at": str,
            "updated_at": str,
        },
        pk="id",
        not_null={"code", "rules", "options", "sides", "target", "status", "version", "locked"},
        defaults={"status": "playing", "version": 1, "first_dealer": 0, "options": "{}", "locked": 0},
    )
    db["games"].create_index(["code"], unique=True)
    # A deal exactly as entered: ``sides`` is the ``sides`` object of POST /api/v1/score/deal.
    db["deals"].create(
        {
            "id": int,
            "game_id": int,
            "seq": int,  # order within the game (gaps after deletions)
            "mode": str,  # "totals" | "cards"
            "sides": str,  # JSON
            "who": str,
            "created_at": str,
            "updated_at": str,
        },
        pk="id",
        not_null={"game_id", "seq", "mode", "sides"},
        foreign_keys=[("game_id", "games", "id")],
    )
    db["deals"].create_index(["game_id", "seq"], unique=True)
    # Every change to a game's deals, for undo and for audit logs.
    db["changes"].create(
        {
            "id": int,
            "game_id": int,
            "deal_id": int,
            "action": str,  # "add" | "edit" | "delete" | "undo"
            "before": str,  # JSON of the deal row before (null for add)
            "after": str,  # JSON of the deal row after (null for delete)
            "who": str,
            "reason": str,
            "undone": int,  # 1 once an undo has reverted this change
            "at": str,
        },
        pk="id",
        not_null={"game_id", "action", "undone"},
        defaults={"undone": 0},
    )
    db["changes"].create_index(["game_id", "id"])


@migrations(name="0002_tournaments")
def tournaments(db: Database) -> None:
    # A club tournament: several tables playing rounds, each table's game kept by the scorepad.
    db["tournaments"].create(
        {
            "id": int,
            "name": str,
            "date": str,  # ISO date of the afternoon
            "rules": str,  # profile id every game is played under
            "options": str,  # JSON: club options of every game
            "format": str,  # "pairs" (fixed partnerships) | "individuals" (changing partners)
            "rounds": int,  # rounds planned
            "round_end": str,  # "minutes" | "deals" | "target"
            "round_limit": int,  # minutes or deals per round; null for "target"
            "scoring": str,  # "points" | "vp" (victory points)
            "password_hash": str,  # the director's password, hashed by werkzeug.security
            "status": str,  # "setup" | "playing" | "finished"
            "created_at": str,
            "finished_at": str,
        },
        pk="id",
        not_null={"name", "date", "rules", "options", "format", "rounds", "round_end", "scoring",
                  "password_hash", "status"},
        defaults={"status": "setup", "options": "{}", "scoring": "points"},
    )
    # An entry: a partnership (format "pairs") or one player (format "individuals").
    db["tournament_entries"].create(
        {
            "id": int,
            "tournament_id": int,
            "number": int,  # shown on the cards: pair 3, player 12
            "name": str,
            "players": str,  # JSON list of player names (two for a partnership, one for a player)
            "active": int,  # 0 once withdrawn: no longer seated in later rounds
            "joined_round": int,  # the first round the entry could play
            "left_after": int,  # the last round it played before withdrawing
            "created_at": str,
        },
        pk="id",
        not_null={"tournament_id", "number", "name", "players", "active", "joined_round"},
        defaults={"active": 1, "joined_round": 1},
        foreign_keys=[("tournament_id", "tournaments", "id")],
    )
    db["tournament_entries"].create_index(["tournament_id", "number"], unique=True)
    db["tournament_rounds"].create(
        {
            "id": int,
            "tournament_id": int,
            "number": int,
            "status": str,  # "playing" | "closed"
            "sit_out": str,  # JSON list of entry ids resting this round
            "started_at": str,
            "ends_at": str,  # for rounds limited in minutes
            "closed_at": str,
        },
        pk="id",
        not_null={"tournament_id", "number", "status", "sit_out", "started_at"},
        defaults={"status": "playing", "sit_out": "[]"},
        foreign_keys=[("tournament_id", "tournaments", "id")],
    )
    db["tournament_rounds"].create_index(["tournament_id", "number"], unique=True)
    # One table of one round: its game, the secret in its link, its short code and the confirmations.
    db["tournament_tables"].create(
        {
            "id": int,
            "tournament_id": int,
            "round_id": int,
            "round_number": int,
            "number": int,
            "game_id": int,
            "token": str,  # secret in the table link: whoever holds it scores this table
            "code": str,  # short code typed on a phone to open the table
            "we_entries": str,  # JSON list of entry ids on the game's side "we" (North-South)
            "they_entries": str,  # JSON list of entry ids on side "they" (East-West)
            "we_confirmed_version": int,  # game version the side confirmed; null = not confirmed
            "we_confirmed_at": str,
            "they_confirmed_version": int,
            "they_confirmed_at": str,
            "result_kind": str,  # null = the game's score; "corrected" | "adjusted" by the director
            "result_we": int,
            "result_they": int,
            "result_reason": str,
        },
        pk="id",
        not_null={"tournament_id", "round_id", "round_number", "number", "game_id", "token", "code",
                  "we_entries", "they_entries"},
        foreign_keys=[("tournament_id", "tournaments", "id"), ("round_id", "tournament_rounds", "id"),
                      ("game_id", "games", "id")],
    )
    db["tournament_tables"].create_index(["token"], unique=True)
    db["tournament_tables"].create_index(["code"], unique=True)
    db["tournament_tables"].create_index(["round_id", "number"], unique=True)
    # The director's log: every confirmation, correction, adjusted score, round change and entry change.
    db["tournament_log"].create(
        {
            "id": int,
            "tournament_id": int,
            "round_number": int,
            "table_id": int,
            "action": str,
            "before": str,  # JSON
            "after": str,  # JSON
            "who": str,
            "reason": str,
            "at": str,
        },
        pk="id",
        not_null={"tournament_id", "action", "at"},
        foreign_keys=[("tournament_id", "tournaments", "id")],
    )
    db["tournament_log"].create_index(["tournament_id", "id"])
    # Wrong director passwords, per tournament and client address, to slow down guessing.
    db["tournament_logins"].create(
        {"tournament_id": int, "client": str, "failures": int, "locked_until": str, "last_failure_at": str},
        pk=("tournament_id", "client"),
        not_null={"tournament_id", "client", "failures"},
        defaults={"failures": 0},
        foreign_keys=[("tournament_id", "tournaments", "id")],
    )


@migrations(name="0003_attempts")
def attempts(db: Database) -> None:
    """Failed guesses of any kind (director passwords, table codes), to slow down whoever keeps guessing."""
    db["attempts"].create(
        {"scope": str, "client": str, "failures": int, "locked_until": str, "last_failure_at": str},
        pk=("scope", "client"),
        not_null={"scope", "client", "failures"},
        defaults={"failures": 0},
    )
    db["tournament_logins"].drop(ignore=True)


@migrations(name="0004_languages")
def languages(db: Database) -> None:
    """A game or tournament may fix the language every phone at it shows, and its PDFs print in (null: each
    phone's own)."""
    db["games"].add_column("language", str)
    db["tournaments"].add_column("language", str)


@migrations(name="0005_safekeeping")
def safekeeping(db: Database) -> None:
    """Keys phones put on their saves (a retried save is recorded once) and a bin for deleted games."""
    db.execute("ALTER TABLE deals ADD COLUMN client_key TEXT")
    db.execute("CREATE UNIQUE INDEX idx_deals_game_client_key ON deals (game_id, client_key)")
    # A game in the bin: hidden from lists, restorable until it is purged 30 days after ``deleted_at``.
    db.execute("ALTER TABLE games ADD COLUMN deleted_at TEXT")


@migrations(name="0006_tournament_night")
def tournament_night(db: Database) -> None:
    """A table's phone for the whole event, guesses counted over a window, director sign-ins held here,
    disputes at a table, and the club's roster of players."""
    # One per table number of a tournament: its printed card (link and code) stays valid all event.
    db["tournament_devices"].create(
        {"id": int, "tournament_id": int, "number": int, "token": str, "code": str, "created_at": str},
        pk="id",
        not_null={"tournament_id", "number", "token", "code"},
        foreign_keys=[("tournament_id", "tournaments", "id")],
    )
    db["tournament_devices"].create_index(["tournament_id", "number"], unique=True)
    db["tournament_devices"].create_index(["token"], unique=True)
    db["tournament_devices"].create_index(["code"], unique=True)
    # Each wrong guess (a table code, ...) and each counted action, by scope ("code:client:10.0.0.7").
    db["guesses"].create({"id": int, "scope": str, "at": str}, pk="id", not_null={"scope", "at"})
    db["guesses"].create_index(["scope", "at"])
    # A director's sign-in: the browser holds only the token; ending it here ends it everywhere.
    db["director_sessions"].create(
        {"token_hash": str, "tournament_id": int, "name": str, "created_at": str, "last_seen_at": str,
         "ended_at": str},
        pk="token_hash",
        not_null={"tournament_id", "created_at", "last_seen_at"},
        foreign_keys=[("tournament_id", "tournaments", "id")],
    )
    # A table that disagrees: which side said so, why, and when; null once the director settled it.
    db["tournament_tables"].add_column("disputed_by", str)
    db["tournament_tables"].add_column("dispute_reason", str)
    db["tournament_tables"].add_column("disputed_at", str)
    # Players the club has seen, kept between tournaments; ``key`` is the name folded for comparing.
    db["club_players"].create({"id": int, "name": str, "key": str, "created_at": str}, pk="id",
                              not_null={"name", "key"})
    db["club_players"].create_index(["key"], unique=True)


@migrations(name="0007_timed_round_end")
def timed_round_end(db: Database) -> None:
    """How a timed round ends, as the director chose ("finish": the deal in play may be finished; "stop": no
    deal once time is up; null for a round not timed), and the deal a table said it had started, and when."""
    db["tournament_rounds"].add_column("time_up", str)
    db["tournament_tables"].add_column("deal_started_number", int)
    db["tournament_tables"].add_column("deal_started_at", str)


@migrations(name="0008_seasons")
def seasons(db: Database) -> None:
    """Players as people (each entry's players linked to the club roster, merged records, initials on public
    pages), seasons with their ladder rules, and an unguessable results link for every evening and season."""
    import json
    import secrets
    import unicodedata

    # A record merged into another person's stays as an alias: a name typed its way finds that person.
    db["club_players"].add_column("merged_into", int)
    db["club_players"].add_column("initials", int, not_null_default=0)  # 1: public pages show initials only
    # Which roster player sat in each place of an entry (0, and 1 for a partnership's second player).
    db["entry_players"].create(
        {"entry_id": int, "position": int, "player_id": int},
        pk=("entry_id", "position"), not_null={"entry_id", "position", "player_id"},
        foreign_keys=[("entry_id", "tournament_entries", "id"), ("player_id", "club_players", "id")],
    )
    db["entry_players"].create_index(["player_id"])
    # A season: the club's evenings grouped under the rules its ladder follows.
    db["seasons"].create(
        {
            "id": int,
            "name": str,
            "count": str,  # "all" evenings count | "best" N of M
            "best": int,  # N, for "best"
            "of": int,  # M, the evenings of the season, for "best"
            "minimum": int,  # evenings a player needs to be ranked
            "ranking": str,  # "vp" | "match" | "points"
            "tie_break": str,  # "best_evening" | "evenings" | "shared"
            "password_hash": str,
            "results_token": str,  # secret in the season's public results link
            "status": str,  # "open" | "archived"
            "ladder": str,  # JSON: the ladder as it stood when archived
            "created_at": str,
            "archived_at": str,
        },
        pk="id",
        not_null={"name", "count", "minimum", "ranking", "tie_break", "password_hash", "results_token", "status"},
        defaults={"status": "open", "minimum": 1, "count": "all"},
    )
    db["seasons"].create_index(["results_token"], unique=True)
    db["tournaments"].add_column("season_id", int, fk="seasons", fk_col="id")
    db["tournaments"].add_column("results_token", str)
    for (tournament_id,) in db.execute("SELECT id FROM tournaments").fetchall():
        db.execute("UPDATE tournaments SET results_token = ? WHERE id = ?", [secrets.token_urlsafe(18), tournament_id])
    db["tournaments"].create_index(["results_token"], unique=True)
    # The entries entered before players were people: each name finds (or becomes) its roster record.
    for entry_id, players in db.execute("SELECT id, players FROM tournament_entries").fetchall():
        for position, name in enumerate(json.loads(players)):
            key = " ".join(unicodedata.normalize("NFC", name).split()).casefold()
            row = db.execute("SELECT id FROM club_players WHERE key = ?", [key]).fetchone()
            player_id = row[0] if row else db["club_players"].insert(
                {"name": name, "key": key, "created_at": None}).last_pk
            db["entry_players"].insert({"entry_id": entry_id, "position": position, "player_id": player_id})


@migrations(name="0009_bin_clock")
def bin_clock(db: Database) -> None:
    """The bin's own clock (stores/bin.py: the time the server saw pass, so a clock set forward cannot empty the
    bin at once), and each binned game's reading of it to count its days from. The games already in the bin
    count the days their deletion stamp says, once, as they did before."""
    db["bin_clock"].create({"id": int, "seen_at": str, "elapsed": float}, pk="id")
    db.execute("INSERT INTO bin_clock (id, seen_at, elapsed) VALUES (1, strftime('%Y-%m-%dT%H:%M:%S+00:00', 'now'), 0)")
    db.execute("ALTER TABLE games ADD COLUMN bin_mark REAL")
    db.execute("UPDATE games SET bin_mark = -((julianday('now') - julianday(deleted_at)) * 86400) "
               "WHERE deleted_at IS NOT NULL")


@migrations.on_postgresql("0009_bin_clock")
def bin_clock_on_postgresql(db: Database) -> None:
    """0009 on PostgreSQL: the same table, row and column, the moments written by the clock rather than by
    SQLite's strftime and julianday."""
    db["bin_clock"].create({"id": int, "seen_at": str, "elapsed": float}, pk="id")
    now = clock.now()
    db.execute("INSERT INTO bin_clock (id, seen_at, elapsed) VALUES (1, ?, 0)", [clock.stamp(now)])
    db["games"].add_column("bin_mark", float)
    for game_id, deleted_at in db.execute("SELECT id, deleted_at FROM games WHERE deleted_at IS NOT NULL").fetchall():
        deleted = clock.parse(deleted_at)
        if deleted.tzinfo is None:
            deleted = deleted.replace(tzinfo=now.tzinfo)
        db.execute("UPDATE games SET bin_mark = ? WHERE id = ?", [-(now - deleted).total_seconds(), game_id])


@migrations(name="0010_imported_files")
def imported_files(db: Database) -> None:
    """The key of the file an imported game came from (stores/imports.py), held once: the same file imported
    again gives that game, not a second one."""
    db.execute("ALTER TABLE games ADD COLUMN import_key TEXT")
    db.execute("CREATE UNIQUE INDEX games_import_key ON games (import_key) WHERE import_key IS NOT NULL")


@migrations(name="0011_rule_sets")
def rule_sets(db: Database) -> None:
    """Club rule sets: a profile copied, named, with the club's options and a note. A change is a new version
    (a row of its own), never an edit, so a game or tournament started under a version keeps it; ``rule_set``
    on a game or tournament names that version (``tuesday-rules@2``), its ``rules`` and ``options`` hold what it
    plays under."""
    db["rule_sets"].create(
        {"id": int, "key": str, "version": int, "base": str, "name": str, "options": str, "note": str,
         "created_at": str},
        pk="id", not_null={"key", "version", "base", "name", "options", "created_at"},
        defaults={"options": "{}", "note": ""},
    )
    db["rule_sets"].create_index(["key", "version"], unique=True)
    db["games"].add_column("rule_set", str)
    db["tournaments"].add_column("rule_set", str)


@migrations(name="0012_private_links")
def private_links(db: Database) -> None:
    """Each game and tournament gets an address nobody can guess (``link``), and each phone its own lists: the
    games and tournaments it started or opened, by the hash of its device id. What was there before links
    existed was everyone's, so it stays in everyone's lists (device ``*``)."""
    import secrets

    for table in ("games", "tournaments"):
        db[table].add_column("link", str)
        for (row_id,) in db.execute(f"SELECT id FROM {table}").fetchall():
            db.execute(f"UPDATE {table} SET link = ? WHERE id = ?", [secrets.token_urlsafe(16), row_id])
        db[table].create_index(["link"], unique=True)
    for table, column, parent in (("device_games", "game_id", "games"),
                                  ("device_tournaments", "tournament_id", "tournaments")):
        db[table].create({"device": str, column: int, "seen_at": str}, pk=("device", column),
                         not_null={"device", column, "seen_at"}, foreign_keys=[(column, parent, "id")])
        db.execute(f"INSERT INTO {table} (device, {column}, seen_at) SELECT '*', id, created_at FROM {parent}")
        db[table].create_index([column])


@migrations(name="0013_running_totals")
def running_totals(db: Database) -> None:
    """Each deal's running totals, written in the same transaction as the deal (``stores.deals``): for every side
    the deal's points, the total and the minimum after it, as JSON. Adding a deal then reads the totals before it
    from the last deal instead of scoring the whole game again; a correction rewrites them from that deal on.
    NULL (deals written before this migration, or by an import) means "not yet known": the next write of the game
    scores it once and fills them in."""
    db.execute("ALTER TABLE deals ADD COLUMN running TEXT")


@migrations(name="0014_season_links_and_lists")
def season_links_and_lists(db: Database) -> None:
    """A season gets an address nobody can guess (``link``), like a game and a tournament: its director's pages
    live at ``/seasons/<link>``, never at its number. Each phone gets its own list of seasons and club rule sets:
    those it made, imported, opened or signs in to, by the hash of its device id (``stores.devices``). What was
    there before is in nobody's list (a list for everyone named every club's seasons and rule sets to anyone):
    a season's director finds it again by signing in on a browser that held the sign-in, or from the page of an
    evening it counts; a rule set is back in a phone's list once its page is opened."""
    import secrets

    db["seasons"].add_column("link", str)
    for (row_id,) in db.execute("SELECT id FROM seasons").fetchall():
        db.execute("UPDATE seasons SET link = ? WHERE id = ?", [secrets.token_urlsafe(16), row_id])
    db["seasons"].create_index(["link"], unique=True)
    db["device_seasons"].create({"device": str, "season_id": int, "seen_at": str}, pk=("device", "season_id"),
                                not_null={"device", "season_id", "seen_at"},
                                foreign_keys=[("season_id", "seasons", "id")])
    db["device_seasons"].create_index(["season_id"])
    db["device_rule_sets"].create({"device": str, "rule_key": str, "seen_at": str}, pk=("device", "rule_key"),
                                  not_null={"device", "rule_key", "seen_at"})


@migrations(name="0015_clubs")
def clubs(db: Database) -> None:
    """Clubs (issue 30): each club owns its rule sets, roster, seasons, evenings and permanent table cards, and
    only its directors change them (docs/DEVELOPING.md, "Clubs"). What was there before is gathered into one club,
    named "Club", with no director yet: a director of one of its evenings makes themself its first (README). A season
is now found through its club: 0014's ``device_seasons`` (a phone's own list of seasons) is no longer read."""
    import secrets

    db["clubs"].create(
        {"id": int, "name": str, "link": str, "public_link": str, "meets": str, "template": str, "created_at": str},
        pk="id", not_null={"name", "link", "public_link", "template", "created_at"}, defaults={"template": "{}"},
    )
    db["clubs"].create_index(["link"], unique=True)
    db["clubs"].create_index(["public_link"], unique=True)
    # A director: a name and a password of their own; an invitation not yet taken has only ``invite_hash``.
    db["club_directors"].create(
        {"id": int, "club_id": int, "name": str, "key": str, "password_hash": str, "invite_hash": str,
         "invite_until": str, "invited_by": int, "created_at": str, "joined_at": str, "revoked_at": str,
         "revoked_by": int},
        pk="id", not_null={"club_id", "created_at"}, foreign_keys=[("club_id", "clubs", "id")],
    )
    db["club_directors"].create_index(["club_id", "key"])
    db["club_directors"].create_index(["invite_hash"], unique=True)
    # A director's sign-in, held here: the browser keeps only the token.
    db["club_sessions"].create(
        {"token_hash": str, "club_id": int, "director_id": int, "created_at": str, "last_seen_at": str,
         "ended_at": str},
        pk="token_hash", not_null={"club_id", "director_id", "created_at", "last_seen_at"},
        foreign_keys=[("club_id", "clubs", "id"), ("director_id", "club_directors", "id")],
    )
    # Who did what in the club: facts (an action, before and after as JSON), worded where the log is shown.
    db["club_log"].create(
        {"id": int, "club_id": int, "director_id": int, "who": str, "action": str, "subject": str, "before": str,
         "after": str, "at": str, "undone_at": str, "undone_by": str},
        pk="id", not_null={"club_id", "action", "at"}, foreign_keys=[("club_id", "clubs", "id")],
    )
    db["club_log"].create_index(["club_id", "id"])
    # Table N of the club: one link (its QR code) and code for every evening.
    db["club_tables"].create(
        {"id": int, "club_id": int, "number": int, "token": str, "code": str, "created_at": str},
        pk="id", not_null={"club_id", "number", "token", "code", "created_at"},
        foreign_keys=[("club_id", "clubs", "id")],
    )
    db["club_tables"].create_index(["club_id", "number"], unique=True)
    db["club_tables"].create_index(["token"], unique=True)
    db["club_tables"].create_index(["code"], unique=True)
    for table in ("tournaments", "seasons", "rule_sets", "club_players"):
        db[table].add_column("club_id", int, fk="clubs", fk_col="id")
    db["rule_sets"].add_column("retired_at", str)
    # A player's own choice for public pages: "name", "initials" (as 0008's ``initials`` said) or "hidden".
    db["club_players"].add_column("shown", str, not_null_default="name")
    db["club_players"].add_column("link", str)
    db.execute("UPDATE club_players SET shown = 'initials' WHERE initials = 1")
    for (player_id,) in db.execute("SELECT id FROM club_players").fetchall():
        db.execute("UPDATE club_players SET link = ? WHERE id = ?", [secrets.token_urlsafe(16), player_id])
    db.execute("DROP INDEX idx_club_players_key")
    db["club_players"].create_index(["club_id", "key"], unique=True)
    db["club_players"].create_index(["link"], unique=True)
    for table in ("tournaments", "seasons", "rule_sets"):
        db[table].create_index(["club_id"])
    # What was there before: one club, no director yet.
    if any(db.execute(f"SELECT 1 FROM {table} LIMIT 1").fetchone()
           for table in ("tournaments", "seasons", "rule_sets", "club_players")):
        db.execute("INSERT INTO clubs (name, link, public_link, template, created_at) VALUES (?, ?, ?, '{}', ?)",
                   ["Club", secrets.token_urlsafe(16), secrets.token_urlsafe(16),
                    clock.stamp()])
        club_id = db.execute("SELECT id FROM clubs").fetchone()[0]
        for table in ("tournaments", "seasons", "rule_sets", "club_players"):
            db.execute(f"UPDATE {table} SET club_id = ?", [club_id])


@migrations(name="0016_evening_standings")
def evening_standings(db: Database) -> None:
    """An evening's standings, kept once it is finished (issue 32): one row per entry with the figures a season's
    ladder and a player's page read (``stores.tournaments.results.keep_standings``), written in the transaction
    that finishes the evening and rewritten by every change to it after (a director's correction, its reopening),
    so reading a season no longer scores every deal of every evening. Who played in an entry is read from
    ``entry_players`` as it stands (a merge of two records, a name corrected). ``engine`` is the fingerprint of the
    code that worked them out (``results.STANDINGS_ENGINE``). An evening finished before this migration has no rows
    yet, and one kept by another engine has rows no longer read: the first read of it works them out again and
    keeps them (``stores.tournaments.kept``)."""
    db["evening_standings"].create(
        {"tournament_id": int, "entry_id": int, "place": int, "shared": int, "field": int, "played": int,
         "won": float, "points": int, "against": int, "vp": float, "match_points": float, "sat_out": int,
         "games": int, "high_game": int, "partners": str, "engine": str},
        pk=("tournament_id", "entry_id"),
        not_null={"tournament_id", "entry_id", "place", "shared", "field", "played", "won", "points", "against",
                  "vp", "match_points", "sat_out", "games", "partners", "engine"},
        defaults={"partners": "[]", "engine": ""},
        foreign_keys=[("tournament_id", "tournaments", "id"), ("entry_id", "tournament_entries", "id")],
    )
    db["evening_standings"].create_index(["entry_id"])
    db["tournaments"].create_index(["season_id"])  # a season's evenings, read with their standings

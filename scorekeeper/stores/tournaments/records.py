"""Tournament records: a tournament's own row and its entries (partnerships or players).

Queries take ``db`` first; writes of more than one row run inside ``db.write(tournament=...)``.
"""

from __future__ import annotations

import secrets
import unicodedata
from datetime import date as date_type

from scorekeeper.db.contract import Database
from scorekeeper.stores.passwords import hashed

from scorekeeper import clock
from scorekeeper.rules import get_profile
from scorekeeper.rules.i18n import _
from scorekeeper.stores import devices
from scorekeeper.stores.devices import new_link
from scorekeeper.stores.tournaments import rounds
from scorekeeper.stores.tournaments.base import TournamentError, dumps
from scorekeeper.stores.tournaments.log import log
from scorekeeper.tournaments.rows import Entry, Tournament

FORMATS = {"pairs": _("Fixed partnerships"), "individuals": _("Individuals, new partner every round")}
ROUND_ENDS = {"minutes": _("After a time limit"), "deals": _("After a number of deals"), "target": _("When a side reaches the target")}
SCORINGS = {"points": _("Total points"), "vp": _("Victory points (20-VP scale)")}


# --- Tournaments ---------------------------------------------------------------------------------------------


def check_settings(rules: str, options: dict, date: str, format: str, round_end: str, scoring: str) -> None:
    """Settings a tournament can have, or UnknownRules / UnknownOption (the engine's), ValueError (a date that is
    none) or TournamentError: what a new tournament is held to, and a season file's evenings."""
    get_profile(rules).with_options(options)
    date_type.fromisoformat(date)
    if format not in FORMATS or round_end not in ROUND_ENDS or scoring not in SCORINGS:
        raise TournamentError(_("Choose a format, a way to end rounds and a way to score from the lists."))


def create_tournament(
    db: Database, *, name: str, date: str, rules: str, options: dict, format: str, rounds: int,
    round_end: str, round_limit: int | None, scoring: str, password: str | None, rule_set: dict | None = None,
    club_id: int | None = None,
) -> int:
    """Create a tournament in setup; the password is stored only as a hash. ``rule_set``: the club rule set version
    it starts under ({"key", "version", "name"}), whose options are in ``options``. ``club_id``: the club whose
    evening it is (its directors direct it; a password is then optional, for a visiting director); a tournament
    of no club needs one."""
    check_settings(rules, options, date, format, round_end, scoring)
    name = clean_name(name)[:80]
    if not name:
        raise TournamentError(_("Give the tournament a name."))
    if not password and club_id is None:
        raise TournamentError(_("Choose a password for the director."))
    return db.insert("tournaments",
        {
            "name": name,
            "link": new_link(),
            "date": date,
            "rules": rules,
            "options": dumps(options),
            "format": format,
            "rounds": rounds,
            "round_end": round_end,
            "round_limit": None if round_end == "target" else round_limit,
            "scoring": scoring,
            "password_hash": hashed(password) if password else "",  # "": no password opens it
            "status": "setup",
            "created_at": clock.stamp(),
            "results_token": secrets.token_urlsafe(18),
            "rule_set": dumps(rule_set) if rule_set else None,
            "club_id": club_id,
        }
    )


def get_tournament(db: Database, tournament_id: int) -> Tournament | None:
    row = db.execute("SELECT * FROM tournaments WHERE id = ?", [tournament_id]).fetchone()
    return Tournament.from_row(row) if row else None


def list_tournaments(db: Database, device: str, *, page: int = 1, size: int = 20) -> tuple[list[Tournament], bool]:
    """One page of the tournaments a phone created or opened (``device``: its id), newest date first, and whether
    a further page exists."""
    rows = db.execute(
        "SELECT t.*, (SELECT COUNT(*) FROM tournament_entries e WHERE e.tournament_id = t.id AND e.active = 1)"
        " AS entry_count, (SELECT MAX(number) FROM tournament_rounds r WHERE r.tournament_id = t.id)"
        f" AS round_number FROM tournaments t WHERE {devices.TOURNAMENTS_OF_DEVICE}"
        " ORDER BY date DESC, id DESC LIMIT ? OFFSET ?",
        [*devices.device_params(device), size + 1, (page - 1) * size],
    ).fetchall()
    return [Tournament.from_row(r) for r in rows[:size]], len(rows) > size


# --- Names ---------------------------------------------------------------------------------------------

#: Characters that change the direction of the text around them (U+202A-U+202E, U+2066-U+2069).
BIDI_CONTROLS = set(range(0x202A, 0x202F)) | set(range(0x2066, 0x206A))
NAME_MAX = 40


def clean_name(text: str | None) -> str:
    """A name as typed, made safe to show: NFC, no invisible or direction-changing characters (Unicode
    category Cf: zero-width spaces and joiners, overrides), spaces collapsed, trimmed. "" when nothing
    visible is left."""
    text = unicodedata.normalize("NFC", str(text or ""))
    text = "".join(c for c in text if unicodedata.category(c) != "Cf" and ord(c) not in BIDI_CONTROLS)
    return " ".join(text.split())


def name_key(name: str) -> str:
    """What makes two names the same person: case and spacing aside."""
    return clean_name(name).casefold()


def entry_name(text: str | None) -> str:
    """A player's name as an entry keeps it: cleaned (``clean_name``) and cut to ``NAME_MAX``."""
    return clean_name(text)[:NAME_MAX]


def name_clash(db: Database, tournament: Tournament, name: str, *, partners=(), skip: int | None = None) -> str | None:
    """Why ``name`` cannot be entered in this tournament, or None: it is one of its ``partners`` (the other
    names of the same entry), or a player of another entry (not ``skip``), case, spaces and invisible
    characters aside (``name_key``). The one rule of the save and of the check made while a name is typed."""
    key = name_key(name)
    if any(name_key(p) == key for p in partners):
        return _("%(name)s is written twice: a partnership needs two different players.", name=entry_name(name))
    for entry in list_entries(db, tournament.id):
        same = [p for p in entry.players if name_key(p) == key]
        if entry.id != skip and same:
            return _("%(name)s is already entered (number %(number)s, %(entry)s).", name=same[0],
                     number=entry.number, entry=entry.name)
    return None


def _check_players(db: Database, tournament: Tournament, players: list[str], *, skip: int | None = None) -> list[str]:
    """The players of a new or renamed entry, cleaned; refused when a name is missing, repeated or already
    entered in another entry of this tournament (``name_clash``)."""
    players = [entry_name(p) for p in players]
    players = [p for p in players if p]
    wanted = 2 if tournament.format == "pairs" else 1
    if len(players) != wanted:
        raise TournamentError(_("Enter both partners' names.") if wanted == 2 else _("Enter the player's name."))
    for i, player in enumerate(players):
        problem = name_clash(db, tournament, player, partners=players[:i], skip=skip)
        if problem:
            raise TournamentError(problem)
    return players


def check_name(db: Database, tournament: Tournament, typed: str, *, partners=(), skip: int | None = None) -> dict:
    """What an entry form says next to a name while it is typed: ``warning`` (what the save would refuse, or
    the club roster writing the same player otherwise) or ``known`` (the roster has it, as typed). Correcting
    the names of entry ``skip`` is changing how they are written, so the roster's spelling is not urged then."""
    name = entry_name(typed)
    if not name:
        visible = typed and not typed.isspace()
        return {"warning": _("There is nothing visible in this name: type the player's name.") if visible else None}
    problem = name_clash(db, tournament, name, partners=[p for p in partners if entry_name(p)], skip=skip)
    if problem:
        return {"warning": problem}
    row = db.execute("SELECT COALESCE(m.name, p.name) AS name FROM club_players p LEFT JOIN club_players m "
                     "ON m.id = p.merged_into WHERE p.club_id = ? AND p.key = ?",
                     [tournament.club_id, name_key(name)]).fetchone() if tournament.club_id else None
    if row and row["name"] != name and skip is None:
        return {"warning": _("The club roster writes this player “%(name)s”: if it is the same person, use that "
                             "spelling.", name=row["name"])}
    return {"warning": None, "known": _("In the club roster.") if row else None}


# --- Entries ---------------------------------------------------------------------------------------------


def list_entries(db: Database, tournament_id: int) -> list[Entry]:
    rows = db.execute(
        "SELECT * FROM tournament_entries WHERE tournament_id = ? ORDER BY number", [tournament_id]
    ).fetchall()
    return [Entry.from_row(r) for r in rows]


def get_entry(db: Database, tournament_id: int, entry_id: int) -> Entry | None:
    row = db.execute(
        "SELECT * FROM tournament_entries WHERE tournament_id = ? AND id = ?", [tournament_id, entry_id]
    ).fetchone()
    return Entry.from_row(row) if row else None


def add_entry(db: Database, tournament_id: int, players: list[str], *, who: str) -> int:
    """Enter a partnership (two names) or a player (one name); a late entry plays from the next round."""
    tournament = get_tournament(db, tournament_id)
    if tournament.status == "finished":
        raise TournamentError(_("The tournament is over: no more entries."))
    with db.write(tournament=tournament_id):
        players = _check_players(db, tournament, players)
        number = (db.execute(
            "SELECT MAX(number) FROM tournament_entries WHERE tournament_id = ?", [tournament_id]
        ).fetchone()[0] or 0) + 1
        last = rounds.latest_round(db, tournament_id)
        joined = (last.number + 1) if last else 1
        entry_id = db.insert("tournament_entries",
            {
                "tournament_id": tournament_id,
                "number": number,
                "name": " & ".join(players),
                "players": dumps(players),
                "active": 1,
                "joined_round": joined,
                "created_at": clock.stamp(),
            }
        )
        link_players(db, entry_id, players, tournament.club_id)
        log(db, tournament_id, action="entry_added", after={"entry": number, "name": " & ".join(players),
                                                             "from_round": joined}, who=who)
    return entry_id


def remember_players(db: Database, club_id: int, players: list[str]) -> list[int]:
    """Keep each player in the club's roster (one row per name in a club, case and spacing aside: two clubs'
    "Ann Smith" are two people); returns the roster id of each, the person a merged record now belongs to
    (``merged_into``) for a name written its old way."""
    ids = []
    for player in players:
        db.execute("INSERT INTO club_players (club_id, name, key, link, created_at) VALUES (?, ?, ?, ?, ?) "
                   "ON CONFLICT DO NOTHING", [club_id, player, name_key(player), new_link(), clock.stamp()])
        row = db.execute("SELECT COALESCE(merged_into, id) FROM club_players WHERE club_id = ? AND key = ?",
                         [club_id, name_key(player)]).fetchone()
        ids.append(row[0])
    return ids


def link_players(db: Database, entry_id: int, players: list[str], club_id: int | None) -> None:
    """An entry's players as the club's roster people: each name matched to (or added to) the roster of the
    tournament's club, by ``name_key``. A tournament of no club keeps its players as names only."""
    db.execute("DELETE FROM entry_players WHERE entry_id = ?", [entry_id])
    if club_id is None:
        return
    for position, player_id in enumerate(remember_players(db, club_id, players)):
        db.execute("INSERT INTO entry_players (entry_id, position, player_id) VALUES (?, ?, ?)",
                   [entry_id, position, player_id])


def roster(db: Database, club_id: int | None) -> list[str]:
    """The players the club has entered in any of its evenings, by name: the entry form offers them as typed
    (none for a tournament of no club)."""
    return [row[0] for row in db.execute(
        "SELECT name FROM club_players WHERE club_id = ? AND merged_into IS NULL ORDER BY key", [club_id]).fetchall()]


def rename_entry(db: Database, tournament_id: int, entry_id: int, players: list[str], *, who: str) -> None:
    """Correct an entry's names (a typo); the standings and later rounds show the new ones (logged)."""
    tournament = get_tournament(db, tournament_id)
    entry = get_entry(db, tournament_id, entry_id)
    if entry is None:
        raise TournamentError(_("There is no such entry in this tournament."))
    with db.write(tournament=tournament_id):
        players = _check_players(db, tournament, players, skip=entry_id)
        name = " & ".join(players)
        db.execute("UPDATE tournament_entries SET name = ?, players = ? WHERE id = ?", [name, dumps(players), entry_id])
        link_players(db, entry_id, players, tournament.club_id)
        log(db, tournament_id, action="entry_renamed", before={"entry": entry.number, "name": entry.name},
            after={"entry": entry.number, "name": name}, who=who)


def set_entry_active(db: Database, tournament_id: int, entry_id: int, active: bool, *, who: str) -> None:
    """Withdraw an entry (it is not seated in later rounds) or bring it back."""
    entry = get_entry(db, tournament_id, entry_id)
    if entry is None:
        raise TournamentError(_("There is no such entry in this tournament."))
    last = rounds.latest_round(db, tournament_id)
    with db.write(tournament=tournament_id):
        db.execute(
            "UPDATE tournament_entries SET active = ?, left_after = ? WHERE id = ?",
            [1 if active else 0, None if active else (last.number if last else 0), entry_id],
        )
        log(db, tournament_id, action="entry_back" if active else "entry_withdrawn",
            before={"entry": entry.number, "active": entry.active},
            after={"entry": entry.number, "active": active}, who=who)

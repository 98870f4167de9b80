"""A club's players as people (issue 30): the club's roster, each player's evenings and casual games, and how a
player's name shows on public pages. Merging two records of one person is ``player_merge``.

The roster belongs to one club: two clubs' "Ann Smith" are two people. An entry's players are linked to the
roster of the evening's club when it is entered (``records.link_players``): its names are matched by
``records.name_key`` (case, spaces and invisible characters aside). A player is named by their own ``link`` (never
a row number). Each player chooses how public pages show them (``shown``): their name, their initials, or not at
all. Casual games name their players only as typed, so a director's view finds them by the same key, among the
games of the director's own phone (casual games are private by link). Queries take ``db`` first; a write of more
than one row runs inside ``db.write(key="clubs")``. Facts only: the web layer chooses the words.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace

from scorekeeper.db.contract import Database

from scorekeeper.rows import Row
from scorekeeper.stores.tournaments import kept, records, results
from ..tournaments.history import CasualLine, EveningLine
from ..tournaments.rows import Entry, Tournament
from . import devices
from .club_log import log
from ..scorepad.rows import Game
from ..scorepad.summary import GameSummary
from .summary import game_summary

#: How a player appears on public pages: by name, by initials, or not at all.
SHOWN = ("name", "initials", "hidden")


class PlayerError(Exception):
    """A change to the roster that cannot be made; ``code`` says which (the web layer words it)."""

    def __init__(self, code: str):
        super().__init__(code)
        self.code = code


@dataclass(frozen=True)
class Player(Row):
    id: int
    club_id: int | None
    name: str
    key: str
    link: str
    created_at: str | None
    merged_into: int | None  # the person this record was merged into; None for a person of the roster
    shown: str  # "name", "initials" or "hidden" on public pages
    evenings: int | None = None  # filled by list_players only

    @classmethod
    def from_row(cls, row) -> Player:
        values = dict(row)
        values.pop("initials", None)  # 0008's choice, carried into ``shown`` by 0015
        return cls(**values)


def list_players(db: Database, club_id: int) -> list[Player]:
    """The club's people (merged records aside), by name, each with the number of the club's evenings they
    entered."""
    evenings = ("SELECT COUNT(DISTINCT e.tournament_id) FROM entry_players ep JOIN tournament_entries e "
                "ON e.id = ep.entry_id WHERE ep.player_id = p.id")
    rows = db.execute(f"SELECT p.*, ({evenings}) AS evenings FROM club_players p WHERE p.club_id = ? "
                      "AND p.merged_into IS NULL ORDER BY p.key", [club_id]).fetchall()
    return [Player.from_row(r) for r in rows]


def by_link(db: Database, club_id: int, link: str | None) -> Player | None:
    """The club's player at ``link`` (a merged record too); another club's is not found."""
    row = db.execute("SELECT * FROM club_players WHERE club_id = ? AND link = ?", [club_id, link or ""]).fetchone()
    return Player.from_row(row) if row else None


def get_player(db: Database, club_id: int, player_id: int) -> Player | None:
    row = db.execute("SELECT * FROM club_players WHERE club_id = ? AND id = ?", [club_id, player_id]).fetchone()
    return Player.from_row(row) if row else None


def names(db: Database, player_ids) -> dict[int, str]:
    """The names of roster records, by id."""
    ids = list(player_ids)
    if not ids:
        return {}
    marks = ",".join("?" * len(ids))
    return {r[0]: r[1] for r in db.execute(f"SELECT id, name FROM club_players WHERE id IN ({marks})", ids)}


def aliases(db: Database, club_id: int, player_id: int) -> list[str]:
    """The names of the records merged into this player."""
    return [r[0] for r in db.execute("SELECT name FROM club_players WHERE club_id = ? AND merged_into = ? "
                                     "ORDER BY key", [club_id, player_id]).fetchall()]


def set_shown(db: Database, club_id: int, player: Player, shown: str, *, director) -> None:
    """The player's choice for public pages; logged."""
    if shown not in SHOWN:
        raise PlayerError("shown")
    with db.write(key="clubs"):
        db.execute("UPDATE club_players SET shown = ? WHERE club_id = ? AND id = ?", [shown, club_id, player.id])
        log(db, club_id, action="player_shown", director=director, subject=player.name,
            before={"shown": player.shown}, after={"shown": shown})


def shown_choices(db: Database, club_id: int | None) -> dict[str, str]:
    """How each name of the club's roster (merged spellings included) is shown on public pages, by name key:
    only the names not shown in full. A tournament of no club has no choices."""
    rows = db.execute(
        "SELECT p.key, COALESCE(m.shown, p.shown) FROM club_players p LEFT JOIN club_players m "
        "ON m.id = p.merged_into WHERE p.club_id = ? AND COALESCE(m.shown, p.shown) != 'name'",
        [club_id]).fetchall() if club_id is not None else []
    return {r[0]: r[1] for r in rows}


def player_ids(db: Database, entry_ids) -> dict[int, tuple[int, ...]]:
    """The roster id of each player of the given entries, in their order in the entry."""
    ids = list(entry_ids)
    found: dict[int, list[int]] = {i: [] for i in ids}
    if not ids:
        return {}
    marks = ",".join("?" * len(ids))
    for entry_id, player_id in db.execute(
            f"SELECT entry_id, player_id FROM entry_players WHERE entry_id IN ({marks}) ORDER BY entry_id, "
            "position", ids).fetchall():
        found[entry_id].append(player_id)
    return {k: tuple(v) for k, v in found.items()}


# --- A player's evenings and casual games ---------------------------------------------------------------------


def evenings(db: Database, club_id: int, player_id: int, *, finished: bool = False) -> list[EveningLine]:
    """Each evening of the club the player was entered in, with the standing of their entry (closed rounds
    only); ``finished``: only the evenings that are over. A finished evening is read from its standings as kept
    (``kept``), one still being played from its tables."""
    over = " AND t.status = 'finished'" if finished else ""  # i18n: not for people (SQL)
    rows = db.execute(
        "SELECT ep.entry_id, e.tournament_id, t.status FROM entry_players ep JOIN tournament_entries e "
        f"ON e.id = ep.entry_id JOIN tournaments t ON t.id = e.tournament_id WHERE ep.player_id = ? AND "
        f"t.club_id = ?{over} ORDER BY t.date, t.id", [player_id, club_id]).fetchall()
    done = [(r[0], r[1]) for r in rows if r[2] == "finished"]
    standings = kept.entry_lines(db, done)
    shown = kept.tournaments(db, [evening for _entry, evening in done])
    entries = kept.entries(db, [e for e, _t in done] + [p for line in standings.values() for p in line.partners])
    people = player_ids(db, [r[0] for r in rows])
    lines = []
    for entry_id, tournament_id, status in rows:
        if status == "finished":
            line = standings.get(entry_id)
            if line is not None:
                lines.append(_kept_line(shown[tournament_id], entries, line, people.get(entry_id, ()), player_id))
            continue
        outcome = results.results(db, tournament_id)
        line = next((s for s in outcome.standings if s.entry == entry_id), None)
        if line is not None:
            lines.append(_evening_line(outcome, line, player_id, people.get(entry_id, ())))
    return lines


def _evening_line(outcome: results.Results, line, player_id: int, mine: tuple[int, ...]) -> EveningLine:
    """An evening still being played, from its standings so far."""
    tournament, entry = outcome.tournament, outcome.entries[line.entry]
    partners = [name for name, pid in zip(entry.players, mine) if pid != player_id]
    for game in line.games:
        for other in game.partners:
            partners.extend(outcome.entries[other].players if other in outcome.entries else ())
    played = [g.points for g in line.games if not g.sat_out]
    return EveningLine(
        tournament_id=tournament.id, name=tournament.name, date=tournament.date,
        finished=tournament.status == "finished", entry_id=entry.id, entry_name=entry.name,
        partners=tuple(dict.fromkeys(partners)), place=line.place, shared=line.shared,
        field=len(outcome.standings), played=line.played, won=line.won, points=line.points,
        against=line.against, vp=line.vp, sat_out=line.sat_out, high_game=max(played) if played else None,
    )


def _kept_line(tournament: Tournament, entries: dict[int, Entry], line: kept.KeptStanding, mine: tuple[int, ...],
               player_id: int) -> EveningLine:
    """A finished evening, from its kept standings: the entry's and its partners' names as they stand now."""
    entry = entries[line.entry_id]
    partners = [name for name, pid in zip(entry.players, mine) if pid != player_id]
    for other in line.partners:
        partners.extend(entries[other].players if other in entries else ())
    return EveningLine(
        tournament_id=tournament.id, name=tournament.name, date=tournament.date, finished=True, entry_id=entry.id,
        entry_name=entry.name, partners=tuple(dict.fromkeys(partners)), place=line.place, shared=line.shared,
        field=line.field, played=line.played, won=line.won, points=line.points, against=line.against, vp=line.vp,
        sat_out=line.sat_out, high_game=line.high_game,
    )


def _keys(db: Database, player: Player) -> set[str]:
    return {player.key} | {r[0] for r in db.execute("SELECT key FROM club_players WHERE merged_into = ?",
                                                    [player.id]).fetchall()}


def casual_games(db: Database, player: Player, device: str) -> list[CasualLine]:
    """The games outside tournaments in the phone ``device``'s own list (casual games are private by link) with a
    player named as this player (or a name merged into them)."""
    keys = _keys(db, player)
    rows = db.execute(
        "SELECT * FROM games WHERE deleted_at IS NULL AND NOT EXISTS "
        "(SELECT 1 FROM tournament_tables t WHERE t.game_id = games.id) AND games.id IN "
        "(SELECT game_id FROM device_games WHERE device IN (?, ?)) ORDER BY created_at, id",
        devices.device_params(device)).fetchall()
    lines = []
    for row in rows:
        sides = json.loads(row["sides"])
        mine = next((s for s in sides if any(records.name_key(p) in keys for p in s.get("players", ()))), None)
        if mine is None:
            continue
        summary = game_summary(db, row["id"])
        game = Game.from_row(row)
        others = [s for s in sides if s is not mine]
        own = summary.totals.get(mine["key"], 0)
        best_other = max((summary.totals.get(s["key"], 0) for s in others), default=0)
        lines.append(CasualLine(
            game_id=game.id, date=(game.created_at or "")[:10], rules=game.rules,
            partners=tuple(p for p in mine["players"] if records.name_key(p) not in keys),
            opponents=tuple(p for s in others for p in s.get("players", ())), own=own, best_other=best_other,
            finished=summary.game_over, won=(summary.winner == mine["key"]) if summary.game_over else None,
            deals=len(summary.rows),
        ))
    return lines


# --- Names on public pages ---------------------------------------------------------------------------------


def initials(name: str) -> str:
    """"Ana María Bravo" as "A. M. B.": the first letter of each word, each followed by a full stop."""
    return " ".join(word[0] + "." for word in name.split() if word) or name


def public_name(name: str, choices: dict[str, str]) -> str | None:
    """A player's name as public pages show it (``choices``: ``shown_choices``): the name, its initials, or None
    for a player who chose not to be shown (the page says so in its words)."""
    shown = choices.get(records.name_key(name), "name")
    return None if shown == "hidden" else initials(name) if shown == "initials" else name


def _public(choices: dict[str, str], hidden: str):
    """A name, or a partnership's stored name ("Ann & Bob"), as a visitor reads it; ``hidden`` is the web layer's
    words for a player who chose not to be shown."""
    return lambda name: " & ".join(public_name(part, choices) or str(hidden) for part in name.split(" & "))


def public_entries(db: Database, entries: dict[int, Entry], club_id: int | None,
                   hidden: str) -> dict[int, Entry]:
    """Entries as a visitor reads them, each player as they chose on the club's roster (``shown_choices``), the
    entry's name joined again."""
    choices = shown_choices(db, club_id)
    if not choices:
        return entries
    shown = _public(choices, hidden)
    found = {}
    for entry_id, entry in entries.items():
        names = tuple(shown(p) for p in entry.players)
        found[entry_id] = replace(entry, players=names, name=" & ".join(names))
    return found


def public_summary(db: Database, summary: GameSummary, club_id: int | None, hidden: str) -> GameSummary:
    """A tournament table's game as a visitor reads it: its sides, players and dealers as each player chose."""
    choices = shown_choices(db, club_id)
    if not choices:
        return summary
    shown = _public(choices, hidden)
    game = summary.game
    sides = tuple(replace(side, name=shown(side.name), players=tuple(shown(p) for p in side.players))
                  for side in game.sides)
    rows = tuple(replace(row, dealer=shown(row.dealer)) for row in summary.rows)
    return replace(summary, game=replace(game, sides=type(game.sides)(sides)), rows=rows,
                   next_dealer=shown(summary.next_dealer), next_sits_out=tuple(map(shown, summary.next_sits_out)))


def public_results(db: Database, outcome: results.Results, club_id: int | None, hidden: str) -> results.Results:
    """A tournament's results as a visitor reads them (``public_entries``), its standings' names too."""
    entries = public_entries(db, outcome.entries, club_id, hidden)
    if entries is outcome.entries:
        return outcome
    standings = [replace(line, name=entries[line.entry].name) if line.entry in entries else line
                 for line in outcome.standings]
    return replace(outcome, entries=entries, standings=standings)

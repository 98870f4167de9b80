"""The club's players as people: the roster, each player's evenings and casual games, merging two records of
one person, and how a player's name shows on public pages.

An entry's players are linked to the roster when it is entered (``records.link_players``): its names are
matched by ``records.name_key`` (case, spaces and invisible characters aside). Casual games name their
players only as typed, so they are found by the same key, under the player's own name and every name merged
into it. Queries take ``db`` first; a write of more than one row runs inside ``db.write()``. Facts only:
the web layer chooses the words.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace

from scorekeeper.db.contract import Database

from scorekeeper.stores.tournaments import records, results
from ..tournaments.history import CasualLine, EveningLine
from ..tournaments.rows import Entry
from .games import Game
from scorekeeper.rows import Row

from . import devices
from .summary import GameSummary, game_summary


class PlayerError(Exception):
    """A change to the roster that cannot be made; ``code`` says which (the web layer words it)."""

    def __init__(self, code: str):
        super().__init__(code)
        self.code = code


@dataclass(frozen=True)
class Player(Row):
    id: int
    name: str
    key: str
    created_at: str | None
    merged_into: int | None  # the person this record was merged into; None for a person of the roster
    initials: bool  # public pages show only the initials
    evenings: int | None = None  # filled by list_players only

    @classmethod
    def from_row(cls, row) -> Player:
        values = dict(row)
        values["initials"] = bool(values["initials"])
        return cls(**values)


@dataclass(frozen=True)
class Scope:
    """The part of a shared server one director sees: the tournaments in their phone's list (``device``), those
    they direct and those of the seasons they direct, and the casual games in their phone's list. ``None`` for a
    scope: everything (the command line, an export)."""

    device: str
    seasons: tuple[int, ...] = ()  # the seasons the director is signed in to
    directs: tuple[int, ...] = ()  # the tournaments the director is signed in to

    def tournaments(self, alias: str = "t") -> tuple[str, list]:
        """The SQL condition on a tournaments row ``alias`` in this scope, and its parameters."""
        seasons, directs = (",".join("?" * len(ids)) or "NULL" for ids in (self.seasons, self.directs))
        return (f"({alias}.id IN (SELECT tournament_id FROM device_tournaments WHERE device IN (?, ?)) "
                f"OR {alias}.season_id IN ({seasons}) OR {alias}.id IN ({directs}))",  # i18n: not for people (SQL)
                [*devices.device_params(self.device), *self.seasons, *self.directs])

    def games(self) -> tuple[str, list]:
        """The SQL condition on a games row in this scope, and its parameters."""
        return ("games.id IN (SELECT game_id FROM device_games WHERE device IN (?, ?))",  # i18n: not for people
                devices.device_params(self.device))


def _in(scope: Scope | None) -> tuple[str, list]:
    """The condition that keeps a player's entries (``e``) in ``scope``, with its parameters."""
    if scope is None:
        return "1 = 1", []
    condition, params = scope.tournaments()
    return f"e.tournament_id IN (SELECT t.id FROM tournaments t WHERE {condition})", params  # i18n: not for people


def list_players(db: Database, scope: Scope | None = None) -> list[Player]:
    """The roster's people (merged records aside) with an evening in ``scope``, by name, each with the number of
    its tournaments they entered."""
    condition, params = _in(scope)
    evenings = ("SELECT COUNT(DISTINCT e.tournament_id) FROM entry_players ep JOIN tournament_entries e "
                f"ON e.id = ep.entry_id WHERE ep.player_id = p.id AND {condition}")
    rows = db.execute(
        f"SELECT p.*, ({evenings}) AS evenings FROM club_players p WHERE p.merged_into IS NULL "
        f"AND ({evenings}) > 0 ORDER BY p.key", [*params, *params]
    ).fetchall() if scope is not None else db.execute(
        f"SELECT p.*, ({evenings}) AS evenings FROM club_players p WHERE p.merged_into IS NULL ORDER BY p.key"
    ).fetchall()
    return [Player.from_row(r) for r in rows]


def get_player(db: Database, player_id: int, scope: Scope | None = None) -> Player | None:
    """A roster record; with a ``scope``, only when the player (or a record merged into them) has an evening in
    it, else None, as if there were no such player."""
    row = db.execute("SELECT * FROM club_players WHERE id = ?", [player_id]).fetchone()
    if row is None or scope is None:
        return Player.from_row(row) if row else None
    condition, params = _in(scope)
    person = row["merged_into"] or row["id"]
    seen = db.execute(
        "SELECT 1 FROM entry_players ep JOIN tournament_entries e ON e.id = ep.entry_id JOIN club_players p "
        f"ON p.id = ep.player_id WHERE (p.id = ? OR p.merged_into = ?) AND {condition}",
        [person, person, *params]).fetchone()
    return Player.from_row(row) if seen else None


def aliases(db: Database, player_id: int) -> list[str]:
    """The names of the records merged into this player."""
    return [r[0] for r in db.execute("SELECT name FROM club_players WHERE merged_into = ? ORDER BY key",
                                     [player_id]).fetchall()]


def merge(db: Database, keep: int, gone: int) -> None:
    """Make ``gone`` a record of the person ``keep``: their entries become ``keep``'s, and ``gone``'s name (and
    every name merged into it) stays as an alias that finds ``keep`` when typed again."""
    if keep == gone:
        raise PlayerError("same")
    with db.write(key="roster"):
        kept, merged = get_player(db, keep), get_player(db, gone)
        if kept is None or merged is None:
            raise PlayerError("missing")
        if kept.merged_into or merged.merged_into:
            raise PlayerError("merged")
        clash = db.execute(
            "SELECT 1 FROM entry_players a JOIN entry_players b ON a.entry_id = b.entry_id "
            "WHERE a.player_id = ? AND b.player_id = ?", [keep, gone]).fetchone()
        if clash:
            raise PlayerError("partners")
        db.execute("UPDATE entry_players SET player_id = ? WHERE player_id = ?", [keep, gone])
        db.execute("UPDATE club_players SET merged_into = ? WHERE id = ? OR merged_into = ?", [keep, gone, gone])
        db.execute("UPDATE club_players SET initials = 1 WHERE id = ? AND ? = 1", [keep, int(merged.initials)])


def set_initials(db: Database, player_id: int, initials: bool) -> None:
    db.execute("UPDATE club_players SET initials = ? WHERE id = ?", [int(initials), player_id])


def initials_keys(db: Database) -> set[str]:
    """The name keys (aliases included) of every player who chose to appear by initials on public pages."""
    rows = db.execute(
        "SELECT p.key FROM club_players p LEFT JOIN club_players m ON m.id = p.merged_into "
        "WHERE COALESCE(m.initials, p.initials) = 1").fetchall()
    return {r[0] for r in rows}


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


def evenings(db: Database, player_id: int, scope: Scope | None = None) -> list[EveningLine]:
    """Each tournament (in ``scope``) the player was entered in, with the standing of their entry (closed rounds
    only)."""
    condition, params = _in(scope)
    rows = db.execute(
        "SELECT ep.entry_id, e.tournament_id FROM entry_players ep JOIN tournament_entries e ON e.id = ep.entry_id "
        f"JOIN tournaments t ON t.id = e.tournament_id WHERE ep.player_id = ? AND {condition} ORDER BY t.date, t.id",
        [player_id, *params]).fetchall()
    lines = []
    for entry_id, tournament_id in rows:
        outcome = results.results(db, tournament_id)
        line = next((s for s in outcome.standings if s.entry == entry_id), None)
        if line is None:
            continue
        lines.append(_evening_line(outcome, line, player_id, db))
    return lines


def _evening_line(outcome: results.Results, line, player_id: int, db: Database) -> EveningLine:
    tournament, entry = outcome.tournament, outcome.entries[line.entry]
    mine = player_ids(db, [entry.id]).get(entry.id, ())
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


def _keys(db: Database, player: Player) -> set[str]:
    return {player.key} | {r[0] for r in db.execute("SELECT key FROM club_players WHERE merged_into = ?",
                                                    [player.id]).fetchall()}


def casual_games(db: Database, player: Player, scope: Scope | None = None) -> list[CasualLine]:
    """The games outside tournaments (in ``scope``: in the director's phone's list; casual games are private by
    link) with a player named as this player (or a name merged into them)."""
    keys = _keys(db, player)
    condition, params = scope.games() if scope is not None else ("1 = 1", [])
    rows = db.execute(
        "SELECT * FROM games WHERE deleted_at IS NULL AND NOT EXISTS "
        f"(SELECT 1 FROM tournament_tables t WHERE t.game_id = games.id) AND {condition} ORDER BY created_at, id",
        params).fetchall()
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


def public_name(name: str, hidden: set[str]) -> str:
    """A player's name as public pages show it: initials when the player asked (``initials_keys``)."""
    return initials(name) if records.name_key(name) in hidden else name


def public_entries(db: Database, entries: dict[int, Entry]) -> dict[int, Entry]:
    """Entries as a visitor reads them: each player who chose so by initials, the entry's name joined again."""
    hidden = initials_keys(db)
    if not hidden:
        return entries
    shown = {}
    for entry_id, entry in entries.items():
        names = tuple(public_name(p, hidden) for p in entry.players)
        shown[entry_id] = replace(entry, players=names, name=" & ".join(names))
    return shown


def public_summary(db: Database, summary: GameSummary) -> GameSummary:
    """A tournament table's game as a visitor reads it: its sides, players and dealers by initials where chosen."""
    hidden = initials_keys(db)
    if not hidden:
        return summary

    def shown(name: str) -> str:
        return " & ".join(public_name(part, hidden) for part in name.split(" & "))

    game = summary.game
    sides = tuple(replace(side, name=shown(side.name), players=tuple(shown(p) for p in side.players))
                  for side in game.sides)
    rows = tuple(replace(row, dealer=shown(row.dealer)) for row in summary.rows)
    return replace(summary, game=replace(game, sides=type(game.sides)(sides)), rows=rows,
                   next_dealer=shown(summary.next_dealer), next_sits_out=tuple(map(shown, summary.next_sits_out)))


def public_results(db: Database, outcome: results.Results) -> results.Results:
    """A tournament's results as a visitor reads them (``public_entries``), its standings' names too."""
    entries = public_entries(db, outcome.entries)
    if entries is outcome.entries:
        return outcome
    standings = [replace(line, name=entries[line.entry].name) if line.entry in entries else line
                 for line in outcome.standings]
    return replace(outcome, entries=entries, standings=standings)

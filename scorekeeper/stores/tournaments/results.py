"""A table's result and the standings: the score as it counts, confirmations, the director's corrections.

A table scores through its own link only, one write at a time (``table_write``); its result is the game's
totals unless the director set one; the standings count every table of the closed rounds. Once the evening is
finished its standings are kept as a fact (``keep_standings``, read by ``kept``), rewritten by every write that
changes a finished evening's results.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from scorekeeper.db.contract import Database

from scorekeeper.rules.i18n import _
from scorekeeper.scorepad.summary import ENGINE
from scorekeeper.stores.summary import game_standing, game_summary
from scorekeeper.stores.tournaments import records, rounds
from scorekeeper.stores.rows import clean_reason, dumps
from scorekeeper.stores.tournaments.base import TournamentError
from scorekeeper.stores.tournaments.log import log, standing_correction
from scorekeeper.tournaments.rows import Entry, Table, Tournament
from scorekeeper.tournaments import standings as standings_module
from scorekeeper.tournaments.ladder import match_points
from scorekeeper.tournaments.standings import Standing, TableResult, compute

SIDES = ("we", "they")


@dataclass(frozen=True)
class TableStatus:
    """A table's score as it counts (the game's totals, or the director's), and who has confirmed it."""

    we: int
    they: int
    deals: int
    game_over: bool
    version: int
    locked: bool
    confirmed_we: bool
    confirmed_they: bool
    kind: str | None  # None: the game's own score; "corrected" or "adjusted" by the director
    reason: str | None
    summary: object  # the scorepad's GameSummary of the table's game
    disputed_by: str | None = None  # the side that said "we disagree", until the director settles it
    dispute_reason: str | None = None
    #: The reason the director gave for correcting one of the table's deals, while the score stands as that
    #: correction left it and the table has not confirmed it (in a closed round it never can): the score reads as
    #: the director's, not as "not confirmed".
    deal_corrected: str | None = None

    @property
    def confirmed(self) -> bool:
        """Both sides agreed with the score (and none disputes it), or the director set it."""
        return (self.confirmed_we and self.confirmed_they and not self.disputed_by) or bool(self.kind)

    @property
    def any_confirmation(self) -> bool:
        return self.confirmed_we or self.confirmed_they

    def confirmed_by(self, side: str) -> bool:
        return self.confirmed_we if side == "we" else self.confirmed_they


def table_status(db: Database, table: Table, summary=None, *, whole: bool = True,
                 corrections: bool = True) -> TableStatus:
    """The table's score as it counts, and who has confirmed it. ``summary``: the table's game as the caller has
    it; else read, with every deal's breakdown when ``whole`` (the table's page lists them), else as the running
    totals kept with the deals give it (the score alone: ``game_standing``). ``corrections``: read whether the
    score stands as the director's correction left it (``deal_corrected``; a write deciding whether a deal may be
    added needs not know)."""
    summary = summary or (game_summary if whole else game_standing)(db, table.game_id)
    version = summary.game.version
    if table.result_kind:
        we, they = table.result_we, table.result_they
    else:
        we, they = summary.totals.get("we", 0), summary.totals.get("they", 0)
    confirmed_we, confirmed_they = table.we_confirmed_version == version, table.they_confirmed_version == version
    return TableStatus(
        we=we, they=they, deals=len(summary.rows), game_over=summary.game_over, version=version,
        locked=bool(summary.game.locked), confirmed_we=confirmed_we, confirmed_they=confirmed_they,
        kind=table.result_kind, reason=table.result_reason, summary=summary,
        disputed_by=table.disputed_by, dispute_reason=table.dispute_reason,
        deal_corrected=None if table.result_kind or (confirmed_we and confirmed_they) or not corrections
        else standing_correction(db, table, version),
    )


def _brief(status: TableStatus) -> dict:
    return {"we": status.we, "they": status.they, "kind": status.kind}


def set_result(db: Database, table: Table, *, kind: str, we: int, they: int, reason: str, who: str) -> None:
    """The director's result for a table: "corrected" (the score was wrong) or "adjusted" (could not finish).
    It settles a dispute at the table too."""
    if kind not in ("corrected", "adjusted"):
        raise TournamentError(_("Choose a correction or an adjusted score."))
    reason = clean_reason(reason)
    if not reason:
        raise TournamentError(_("Give the reason for the change; it goes in the log."))
    with db.write(tournament=table.tournament_id):
        before = table_status(db, table)
        db.execute(
            "UPDATE tournament_tables SET result_kind = ?, result_we = ?, result_they = ?, result_reason = ?, "
            "disputed_by = NULL, dispute_reason = NULL, disputed_at = NULL WHERE id = ?",
            [kind, we, they, clean_reason(reason), table.id],
        )
        log(db, table.tournament_id, round_number=table.round_number, table_id=table.id, action=kind,
            before=_brief(before), after={"we": we, "they": they, "kind": kind}, who=who, reason=reason)
        keep_standings(db, table.tournament_id)


def clear_result(db: Database, table: Table, *, reason: str, who: str) -> None:
    """Go back to the game's own score."""
    reason = clean_reason(reason)
    if not reason:
        raise TournamentError(_("Give the reason for the change; it goes in the log."))
    with db.write(tournament=table.tournament_id):
        before = table_status(db, table)
        db.execute(
            "UPDATE tournament_tables SET result_kind = NULL, result_we = NULL, result_they = NULL, "
            "result_reason = NULL WHERE id = ?",
            [table.id],
        )
        after = table_status(db, rounds.get_table(db, table.tournament_id, table.id))
        log(db, table.tournament_id, round_number=table.round_number, table_id=table.id,
            action="back_to_game_score", before=_brief(before), after=_brief(after), who=who, reason=reason)
        keep_standings(db, table.tournament_id)


# --- Where each table is ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class TableProgress:
    """Where a table is in its round, for the room to read: ``state`` "playing" (``deal``: the deal being played,
    ``of``: the round's deals when it is a round of so many), "waiting" (the game is over, or one side has
    confirmed: the score waits for both sides) or "done" (confirmed, set by the director, or its round closed)."""

    state: str
    deal: int
    of: int | None


def table_progress(tournament: Tournament, round_row, table: Table, status: TableStatus) -> TableProgress:
    """Where ``table`` is: its game is over when its round's end says so (``rounds.round_clock``: all the deals of
    a round of so many, the target reached, no deal left before time), when a side has confirmed the score, when
    the director set it, or once the round is closed."""
    of = tournament.round_limit if tournament.round_end == "deals" else None
    if round_row.status == "closed" or status.confirmed:
        return TableProgress("done", status.deals, of)
    clock = rounds.round_clock(tournament, round_row, status, table)
    if clock["complete"] or clock["refusal"] or status.any_confirmation or status.disputed_by:
        return TableProgress("waiting", status.deals, of)
    return TableProgress("playing", status.deals + 1, of)


# --- Standings -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Results:
    tournament: Tournament
    entries: dict[int, Entry]
    tables: list[tuple[Table, TableStatus]]  # every table of closed rounds, with its status
    standings: list[Standing]


def results(db: Database, tournament_id: int, *, provisional: bool = False) -> Results:
    """The standings from every closed round (the round being played counts once it is closed).

    ``provisional``: the round being played counts too, at its tables' scores so far (a table that has not
    scored a deal yet is left out), for the projector while the round is on."""
    tournament = records.get_tournament(db, tournament_id)
    entries = {e.id: e for e in records.list_entries(db, tournament_id)}
    closed = [r for r in rounds.list_rounds(db, tournament_id)
              if r.status == "closed" or (provisional and r.status == "playing")]
    numbers = {r.number for r in closed}
    playing = {r.number for r in closed if r.status == "playing"}
    by_number = {r.number: r for r in closed}
    tables = []
    table_results = []
    for table in rounds.list_tables(db, tournament_id):
        if table.round_number not in numbers:
            continue
        status = table_status(db, table, whole=False)  # the score alone
        if table.round_number in playing and not status.deals and not status.kind:
            continue
        tables.append((table, status))
        finished = table_progress(tournament, by_number[table.round_number], table, status).state != "playing"
        table_results.append(TableResult(table.round_number, table.number, table.we_entries, table.they_entries,
                                         status.we, status.they, finished=finished))
    names = {i: e.name for i, e in entries.items()}
    sit_outs = {r.number: r.sit_out for r in closed}
    standings = compute(names, table_results, sit_outs, scoring=tournament.scoring)
    return Results(tournament, entries, tables, standings)


# --- The standings kept once the evening is finished -----------------------------------------------------------


def _standings_engine() -> str:
    """A fingerprint of what works an evening's standings out: the rules engine (``summary.ENGINE``) and the
    standings' own module. Standings kept by another are worked out again when next read (``kept``), as running
    totals are."""
    digest = hashlib.sha256(ENGINE.encode() + b"\0" + Path(standings_module.__file__).read_bytes())
    return digest.hexdigest()[:16]


STANDINGS_ENGINE = _standings_engine()


def standing_rows(outcome: Results) -> list[dict]:
    """The rows of ``evening_standings`` for a finished evening's standings: each entry's figures, as a season's
    ladder and a player's page read them (``kept``)."""
    rows = []
    for line in outcome.standings:
        played = [g.points for g in line.games if not g.sat_out]
        partners = [other for game in line.games for other in game.partners]
        rows.append({
            "tournament_id": outcome.tournament.id, "entry_id": line.entry, "place": line.place,
            "shared": int(line.shared), "field": len(outcome.standings), "played": line.played, "won": line.won,
            "points": line.points, "against": line.against, "vp": line.vp, "match_points": match_points(line.games),
            "sat_out": line.sat_out, "games": len(line.games), "high_game": max(played) if played else None,
            "partners": dumps(list(dict.fromkeys(partners))), "engine": STANDINGS_ENGINE,
        })
    return rows


def keep_standings(db: Database, tournament_id: int) -> None:
    """Keep the evening's standings as they now stand if it is finished, or forget them if it is not: called in
    the write that finishes it, reopens it or changes a result of it after it finished (a table's score set or
    taken back, a deal corrected), and by an import, so that what a season reads is never older than the
    evening."""
    with db.write(tournament=tournament_id):
        db.execute("DELETE FROM evening_standings WHERE tournament_id = ?", [tournament_id])
        tournament = records.get_tournament(db, tournament_id)
        if tournament is None or tournament.status != "finished":
            return
        for row in standing_rows(results(db, tournament_id)):
            db.insert("evening_standings", row)

"""Running a tournament: planning and starting its rounds, closing and reopening them, finishing the event.

Each table's game is an ordinary game of the scorepad's stores (``scorekeeper.stores``): starting a round creates
one game per table with ``create_game``, and closing it locks the games with ``set_locked``. This module sits
above the other tournament stores (records, rounds, access, results) and is asked by none of them.
"""

from __future__ import annotations

import secrets
from datetime import timedelta

from scorekeeper.db.contract import Database

from scorekeeper import clock
from scorekeeper.rules.i18n import _
from scorekeeper.stores.codes import unique_code
from scorekeeper.stores.games import create_game, game_version, set_locked
from scorekeeper.stores.tournaments import access, records, results
from scorekeeper.stores.tournaments.base import TournamentError, dumps
from scorekeeper.stores.tournaments.log import log
from scorekeeper.stores.tournaments.rounds import current_round, get_round, latest_round, list_rounds, list_tables
from scorekeeper.tournaments.movement import RoundPlan, Seating, next_round
from scorekeeper.tournaments import timing
from scorekeeper.tournaments.rows import Entry, Tournament


def plans(db: Database, tournament_id: int) -> list[RoundPlan]:
    """The rounds played so far, as the movement sees them."""
    tables = list_tables(db, tournament_id)
    result = []
    for r in list_rounds(db, tournament_id):
        seats = tuple(
            Seating(t.number, tuple(t.we_entries), tuple(t.they_entries))
            for t in tables if t.round_number == r.number
        )
        result.append(RoundPlan(r.number, seats, tuple(r.sit_out)))
    return result


def preview_next(db: Database, tournament: Tournament) -> RoundPlan | None:
    """Where everyone would sit next round if nobody arrives or leaves meanwhile."""
    active = [e.id for e in records.list_entries(db, tournament.id) if e.active]
    played = plans(db, tournament.id)
    if len(played) >= tournament.rounds or len(active) < minimum_entries(tournament):
        return None
    return next_round(tournament.format, active, played)


def next_tables(db: Database, tournament: Tournament, number: int) -> dict[int, int]:
    """Entry -> its table in the round after ``number`` (the real one if started, else the planned one)."""
    if get_round(db, tournament.id, number + 1) is not None:
        following = next((p for p in plans(db, tournament.id) if p.number == number + 1), None)
    else:
        latest = latest_round(db, tournament.id)
        following = preview_next(db, tournament) if latest and latest.number == number else None
    if following is None:
        return {}
    return {e: t.table for t in following.tables for e in t.entries}


def minimum_entries(tournament: Tournament) -> int:
    return 2 if tournament.format == "pairs" else 4


def _side(entries: dict[int, Entry], ids: tuple[int, ...], key: str) -> dict:
    """A table's side as its game stores it: named by its players (names, not words: a stored name reads the same
    in every language), cut to a side name's 40 characters."""
    players = [p for i in ids for p in entries[i].players]
    name = entries[ids[0]].name if len(ids) == 1 else " & ".join(players)
    if len(name) > 40:
        name = name[:39].rstrip() + "…"
    return {"key": key, "name": name, "players": players}


# --- Starting and closing ------------------------------------------------------------------------------------


def _plan_next(db: Database, tournament: Tournament) -> RoundPlan:
    """The next round's seating, or TournamentError saying why no round can start now."""
    if tournament.status == "finished":
        raise TournamentError(_("The tournament is over."))
    if current_round(db, tournament.id) is not None:
        raise TournamentError(_("Close the round being played before starting the next one."))
    played = plans(db, tournament.id)
    if len(played) >= tournament.rounds:
        raise TournamentError(_("All %(rounds)s rounds have been played. End the tournament.", rounds=tournament.rounds))
    active = [e.id for e in records.list_entries(db, tournament.id) if e.active]
    if len(active) < minimum_entries(tournament):
        kind = _("two partnerships") if tournament.format == "pairs" else _("four players")
        raise TournamentError(_("A round needs at least %(kind)s.", kind=kind))
    return next_round(tournament.format, active, played)


def start_round(db: Database, tournament_id: int, *, who: str, time_up: str | None = None) -> int:
    """Seat the next round and open one scorepad game per table; returns the round number. A timed round
    ends as ``time_up`` says (``timing.TIME_UP``; by default as the last round did, else the deal in play is
    finished)."""
    tournament = records.get_tournament(db, tournament_id)
    choice = None
    if tournament.round_end == "minutes":
        last = latest_round(db, tournament_id)
        choice = timing.check_choice(time_up or (last.time_up if last else None) or timing.DEFAULT_TIME_UP)
    plan = _plan_next(db, tournament)
    entries = {e.id: e for e in records.list_entries(db, tournament_id)}
    moment = clock.now()
    ends_at = None
    if tournament.round_end == "minutes":
        ends_at = clock.stamp(moment + timedelta(minutes=tournament.round_limit))
    with db.write(tournament=tournament_id):
        round_id = db.insert("tournament_rounds",
            {"tournament_id": tournament_id, "number": plan.number, "status": "playing",
             "sit_out": dumps(list(plan.sit_out)), "started_at": clock.stamp(moment), "ends_at": ends_at,
             "time_up": choice}
        )
        for seat in plan.tables:
            _open_table(db, tournament, entries, plan, seat, round_id, who=who)
        db.execute("UPDATE tournaments SET status = 'playing' WHERE id = ?", [tournament_id])
        after = {"tables": len(plan.tables), "sit_out": len(plan.sit_out)}
        log(db, tournament_id, round_number=plan.number, action="round_started",
            after={**after, "time_up": choice} if choice else after, who=who)
    return plan.number


def set_time_up(db: Database, tournament_id: int, number: int, time_up: str | None, *, who: str) -> None:
    """The director changes how the timed round being played ends (logged, before → after)."""
    choice = timing.check_choice(time_up)
    with db.write(tournament=tournament_id):
        current = current_round(db, tournament_id)
        if current is None or current.number != number:
            raise TournamentError(_("Round %(number)s is not the round being played.", number=number))
        if not current.time_up:
            raise TournamentError(_("This round is not timed."))
        if current.time_up == choice:
            return
        db.execute("UPDATE tournament_rounds SET time_up = ? WHERE id = ?", [choice, current.id])
        log(db, tournament_id, round_number=number, action="time_up_changed", before={"time_up": current.time_up},
            after={"time_up": choice}, who=who)


def round_who(name: str, number: int) -> str:
    """Who opened a table's game, as stored: the tournament and its round, as a token (read back, in the reader's
    words, by ``log.who_words``)."""
    return f"{name[:40]}: round {number}"  # i18n: not for people (stored; see log.who_words)


def _open_table(db: Database, tournament: Tournament, entries: dict, plan: RoundPlan, seat: Seating, round_id: int,
                *, who: str) -> None:
    sides = [_side(entries, seat.ns, "we"), _side(entries, seat.ew, "they")]
    game_id = create_game(
        db, rules=tournament.rules, options=tournament.options, sides=sides,
        first_dealer=(plan.number - 1) % sum(len(s["players"]) for s in sides),
        who=round_who(tournament.name, plan.number),
    )
    # Tournament games stay locked: only the table's own link unlocks one, for one write at a time.
    set_locked(db, game_id, True, who=who)
    access.device(db, tournament.id, seat.table)
    db.insert("tournament_tables",
        {
            "tournament_id": tournament.id,
            "round_id": round_id,
            "round_number": plan.number,
            "number": seat.table,
            "game_id": game_id,
            "token": secrets.token_urlsafe(18),
            # The per-round code of the first schema; phones join with the table's card (access.device).
            "code": unique_code(db, "tournament_tables", "code", alphabet=access.CODE_ALPHABET,
                                length=access.CODE_LENGTH),
            "we_entries": dumps(list(seat.ns)),
            "they_entries": dumps(list(seat.ew)),
        }
    )


def close_round(db: Database, tournament_id: int, *, who: str) -> int:
    """Close the round being played: its games are locked, and its results count in the standings."""
    current = current_round(db, tournament_id)
    if current is None:
        raise TournamentError(_("No round is being played."))
    with db.write(tournament=tournament_id):
        unconfirmed = []
        for table in list_tables(db, tournament_id, current.number):
            status = results.table_status(db, table, whole=False)
            if not status.confirmed:
                unconfirmed.append(table.number)
            if not status.locked:
                set_locked(db, table.game_id, True, who=who)
            # Locking moves the game's version on; a confirmation of the last score stays valid.
            version = game_version(db, table.game_id)
            for side in ("we", "they"):
                if status.confirmed_by(side):
                    db.execute(
                        f"UPDATE tournament_tables SET {side}_confirmed_version = ? WHERE id = ?",
                        [version, table.id],
                    )
        db.execute(
            "UPDATE tournament_rounds SET status = 'closed', closed_at = ? WHERE id = ?", [clock.stamp(), current.id]
        )
        log(db, tournament_id, round_number=current.number, action="round_closed",
            after={"unconfirmed_tables": unconfirmed}, who=who)
    return current.number


def open_tables(db: Database, tournament_id: int) -> list[tuple[int, str]]:
    """The tables of the round being played that are not settled: (number, "disputed" or "unconfirmed")."""
    current = current_round(db, tournament_id)
    if current is None:
        return []
    found = []
    for table in list_tables(db, tournament_id, current.number):
        status = results.table_status(db, table, whole=False)
        if status.disputed_by or not status.confirmed:
            found.append((table.number, "disputed" if status.disputed_by else "unconfirmed"))
    return found


def reopen_round(db: Database, tournament_id: int, number: int, *, who: str) -> None:
    """Open a closed round again, while no later round has started: its tables can score and confirm again."""
    with db.write(tournament=tournament_id):
        latest = latest_round(db, tournament_id)
        if latest is None or latest.number < number:
            raise TournamentError(_("There is no round %(number)s.", number=number))
        if latest.number > number:
            raise TournamentError(_("Round %(number)s has started: only the latest round can be reopened. "
                                    "Correct this round's tables from its page instead.", number=latest.number))
        if latest.status != "closed":
            raise TournamentError(_("Round %(number)s is being played.", number=number))
        if records.get_tournament(db, tournament_id).status == "finished":
            raise TournamentError(_("The tournament is over: reopen the tournament first."))
        db.execute("UPDATE tournament_rounds SET status = 'playing', closed_at = NULL WHERE id = ?", [latest.id])
        log(db, tournament_id, round_number=number, action="round_reopened", who=who)


# --- The whole event ------------------------------------------------------------------------------------


def reopen_tournament(db: Database, tournament_id: int, *, who: str) -> None:
    """Undo the end of a tournament: entries, rounds and corrections are open again (logged)."""
    with db.write(tournament=tournament_id):
        if records.get_tournament(db, tournament_id).status != "finished":
            raise TournamentError(_("The tournament is not over."))
        status = "playing" if latest_round(db, tournament_id) else "setup"
        db.execute("UPDATE tournaments SET status = ?, finished_at = NULL WHERE id = ?", [status, tournament_id])
        results.keep_standings(db, tournament_id)  # no longer a fact: its standings are read as they change
        log(db, tournament_id, action="tournament_reopened", who=who)


def finish_tournament(db: Database, tournament_id: int, *, who: str) -> None:
    with db.write(tournament=tournament_id):
        current = current_round(db, tournament_id)
        if current is not None:
            close_round(db, tournament_id, who=who)
        db.execute(
            "UPDATE tournaments SET status = 'finished', finished_at = ? WHERE id = ?", [clock.stamp(), tournament_id]
        )
        results.keep_standings(db, tournament_id)  # a fact from now on: what its season and players read
        log(db, tournament_id, action="finish", who=who)

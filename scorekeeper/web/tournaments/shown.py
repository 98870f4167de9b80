"""What the public pages, the director's pages and the printed sheets show alike: a round's tables with their
names, scores and confirmations, each table's card (its phone link, QR code and code), and the standings. Shared
by ``public`` and ``exports`` so that neither imports the other's views."""

from __future__ import annotations

from flask import url_for

from ...db import get_db
from scorekeeper.stores import club_tables, players
from scorekeeper.stores.tournaments import access, records, results, rounds
from ...tournaments.rows import Entry, Tournament
from ...tournaments.standings import SIT_OUT_VP, TIE_BREAK_LABELS, TIE_BREAKS, VP_TOTAL, vp_bands
from ..club_words import hidden_name
from .common import STANDINGS_POLL_SECONDS, by_id, entry_label, is_director, phone_url, qr_data_uri


def tie_break_words(tournament: Tournament) -> list[str]:
    """What orders entries equal on the first measure of ``tournament``'s standings, in words, in order."""
    return [TIE_BREAK_LABELS[k] for k in TIE_BREAKS[tournament.scoring]]


def round_tables(db, tournament: Tournament, number: int, entries: dict[int, Entry]) -> list[dict]:
    """The tables of a round with their names, score and confirmations; disputed tables first."""
    rows = []
    for table in rounds.list_tables(db, tournament.id, number):
        rows.append({
            "table": table,
            "status": results.table_status(db, table),
            "we_name": entry_label(entries, table.we_entries),
            "they_name": entry_label(entries, table.they_entries),
        })
    return sorted(rows, key=lambda row: not row["status"].disputed_by)


def room(db, tournament: Tournament, current, entries: dict[int, Entry]) -> list[dict]:
    """Each table of the round being played, by number, with where it is (``results.table_progress``)."""
    rows = sorted(round_tables(db, tournament, current.number, entries), key=lambda row: row["table"].number)
    for row in rows:
        row["progress"] = results.table_progress(tournament, current, row["table"], row["status"])
    return rows


def card_link(tournament_id: int, number: int) -> dict:
    """Table ``number``'s card for the whole event: its phone link, that link's QR code, and its code. A club's
    evening prints the club's permanent card of that table (``club_card_link``), the same every week."""
    tournament = records.get_tournament(get_db(), tournament_id)
    if tournament is not None and tournament.club_id is not None:
        return club_card_link(tournament.club_id, number)
    card = access.device(get_db(), tournament_id, number)
    url = phone_url(url_for("tournaments.phone", token=card.token))
    return {"number": number, "url": url, "qr": qr_data_uri(url), "code": card.code}


def club_card_link(club_id: int, number: int) -> dict:
    """Table ``number``'s card of the club (``stores.club_tables``): it opens that table of whichever evening is
    running."""
    found = club_tables.card(get_db(), club_id, number)
    url = phone_url(url_for("club_tables.open_table", token=found.token))
    return {"number": number, "url": url, "qr": qr_data_uri(url), "code": found.code, "permanent": True}


def add_table_links(rows: list[dict]) -> None:
    """Each table's phone link, QR code and code, for the director's eyes only."""
    for row in rows:
        row.update({k: v for k, v in card_link(row["table"].tournament_id, row["table"].number).items()
                    if k != "number"})


def shown_entries(db, tournament_id: int) -> dict[int, Entry]:
    """The tournament's entries by id as this browser reads them: the director by name, anyone else with each
    player as they chose on the club's roster (``players.public_entries``)."""
    entries = by_id(records.list_entries(db, tournament_id))
    if is_director(tournament_id):
        return entries
    return players.public_entries(db, entries, records.get_tournament(db, tournament_id).club_id, hidden_name())


def standings_context(tournament: Tournament, *, provisional: bool = False) -> dict:
    """What the standings show, names as public pages write them (the projector, a player's line and the PDF are
    read by the room); ``provisional``: while a round is played, its tables' scores so far count."""
    db = get_db()
    current = rounds.current_round(db, tournament.id)
    provisional = bool(provisional and current)
    outcome = players.public_results(db, results.results(db, tournament.id, provisional=provisional),
                                     tournament.club_id, hidden_name())
    played = rounds.list_rounds(db, tournament.id)
    closed = sum(1 for r in played if r.status == "closed")
    return {"provisional": provisional,
        "tournament": tournament, "results": outcome, "standings": outcome.standings, "closed": closed,
        "current": current, "bands": vp_bands(), "tie_breaks": tie_break_words(tournament),
        "sit_out_vp": SIT_OUT_VP, "vp_total": VP_TOTAL, "poll": STANDINGS_POLL_SECONDS,
        "clock": rounds.round_clock(tournament, current) if current else None,
        "room": room(db, tournament, current, outcome.entries) if provisional else [],
    }

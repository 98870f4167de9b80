"""Helpers for the tournament tests: create a tournament through its form, read tables, post deals."""

from __future__ import annotations


import re

import pytest

from scorekeeper.db import connect
from scorekeeper.web.forms import option_text
from scorekeeper.rules import get_profile, profile_options
from scorekeeper.stores.tournaments import access, records, rounds
from scorekeeper.tournaments.rows import Entry
from tests.recording import started_id, tournament_path

PASSWORD = "green baize 42"


def option_form_values(rules: str) -> dict[str, str]:
    """The club options of ``rules`` at their defaults, as the new-tournament form posts them."""
    values = {}
    for option in profile_options(get_profile(rules)):
        values[f"opt_{option.name}"] = option_text(option, option.default)  # what the form itself posts
    return values


def tournament_form(**overrides) -> dict[str, str]:
    data = {
        "name": "Thursday club",
        "date": "2026-11-26",
        "rules": "bicycle",
        "format": "individuals",
        "rounds": "4",
        "round_end": "deals",
        "round_limit": "2",
        "scoring": "points",
        "password": PASSWORD,
        "password_again": PASSWORD,
        **option_form_values(overrides.get("rules", "bicycle")),
    }
    data.update({k: str(v) for k, v in overrides.items()})
    return data


def create_tournament(client, **overrides) -> int:
    """Create a tournament through the form; the client is then its director."""
    response = client.post("/tournaments/new", data=tournament_form(**overrides))
    assert response.status_code == 303, response.get_data(as_text=True)[:2000]
    return started_id(client, response.headers["Location"])


def enter(client, tournament_id: int, *names: str) -> None:
    data = {"player1": names[0]}
    if len(names) > 1:
        data["player2"] = names[1]
    response = client.post(f"{tournament_path(client, tournament_id)}/entries", data=data)
    assert response.status_code == 303


def deal_form(version: int, we: dict, they: dict, who: str | None = None, side: str = "we") -> dict[str, str]:
    """A deal by totals as the table page posts it: ``{"meld": 200, "hand": 30, "natural": 1, "out": "yes"}``,
    entered by ``side`` ("we" is North-South)."""
    data = {"version": str(version), "mode": "totals", "side": side}
    for key, side in (("we", we), ("they", they)):
        data[f"{key}-meld_points"] = str(side.get("meld", 0))
        data[f"{key}-hand_points"] = str(side.get("hand", 0))
        data[f"{key}-canasta_natural"] = str(side.get("natural", 0))
        data[f"{key}-canasta_mixed"] = str(side.get("mixed", 0))
        data[f"{key}-red_threes"] = str(side.get("red_threes", 0))
        data[f"{key}-went_out"] = side.get("out", "no")
    if who:
        data["who"] = who
    return data


def game_version(app, table) -> int:
    db = connect(app.config["DATABASE"])
    try:
        return db.execute("SELECT version FROM games WHERE id = ?", [table.game_id]).fetchone()[0]
    finally:
        db.close()


def tables_of(app, tournament_id: int, round_number: int | None = None) -> list[dict]:
    db = connect(app.config["DATABASE"])
    try:
        return rounds.list_tables(db, tournament_id, round_number)
    finally:
        db.close()


def card_of(app, tournament_id: int, number: int):
    """Table ``number``'s card for the event: its phone ``token`` and ``code``."""
    db = connect(app.config["DATABASE"])
    try:
        return access.device(db, tournament_id, number)
    finally:
        db.close()


def entries_of(app, tournament_id: int) -> dict[str, Entry]:
    db = connect(app.config["DATABASE"])
    try:
        return {e.name: e for e in records.list_entries(db, tournament_id)}
    finally:
        db.close()


@pytest.fixture
def director(no_csrf_app):
    """A test client signed in as the director of a fresh tournament (individuals, 4 rounds of 2 deals)."""
    client = no_csrf_app.test_client()
    client.tournament_id = create_tournament(client)
    return client


def log_text(client, tournament_id: int, query: str = "") -> str:
    """The director's log as a reader reads it: its text without tags, spaces collapsed ("table 1 East-West
    confirmed 770 – 550 after 1 deal", where the side that acted is in bold)."""
    import html

    page = client.get(f"{tournament_path(client, tournament_id)}/log{query}").get_data(as_text=True)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())

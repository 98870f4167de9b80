"""A club's player who chose to appear by initials appears so wherever a visitor reads their name, and one who
chose not to be shown is not: the tournament link's own pages (the tournament, a round, a player's line, the
projector's standings), its results PDF and CSV, and the table phones, as on the public results pages already.
The director's own pages keep the names: they run the evening by them."""

from __future__ import annotations

import subprocess

import pytest

from scorekeeper.db import connect
from scorekeeper.stores import players
from tests.clubs.helpers import Club
from tests.tournaments.conftest import deal_form
from tests.web.formparse import form_values

pytestmark = pytest.mark.sqlite_only


@pytest.fixture
def evening(no_csrf_app):
    """A club's evening of pairs with a round being played, a deal at each table, Evangeline choosing initials and
    Beatrix not to be shown."""
    club = Club(no_csrf_app, "Marsh Club", "Ana")
    director = club.client
    values = form_values(director.get(f"{club.area}/evenings/new").get_data(as_text=True), "new-tournament")
    values.update(round_end="deals", round_limit="3")
    for n, pair in enumerate((("Evangeline Marsh", "Beatrix Quill"), ("Cris", "Dani"), ("Eva", "Fede"),
                              ("Gus", "Hana"))):
        values.update({f"entry-{n}-1": pair[0], f"entry-{n}-2": pair[1]})
    made = director.post(f"{club.area}/evenings/new", data=values)
    assert made.status_code == 303, made.get_data(as_text=True)[:2000]
    path = made.headers["Location"]
    assert director.post(f"{path}/rounds").status_code == 303
    db = connect(no_csrf_app.config["DATABASE"])
    try:
        roster = {p.name: p for p in players.list_players(db, club.id)}
        players.set_shown(db, club.id, roster["Evangeline Marsh"], "initials", director=None)
        players.set_shown(db, club.id, roster["Beatrix Quill"], "hidden", director=None)
        tid = db.execute("SELECT id FROM tournaments WHERE link = ?", [path.rsplit("/", 1)[1]]).fetchone()[0]
        tables = db.execute("SELECT t.token, g.version FROM tournament_tables t JOIN games g ON g.id = t.game_id "
                            "WHERE t.tournament_id = ? ORDER BY t.number", [tid]).fetchall()
    finally:
        db.close()
    for token, version in tables:
        answer = director.post(f"/tournaments/table/{token}/deals",
                               data=deal_form(version, {"meld": 300, "natural": 1, "out": "yes"}, {"meld": 120}))
        assert answer.status_code == 303
    return director, path, [token for token, _version in tables]


def pdf_text(data: bytes) -> str:
    return subprocess.run(["pdftotext", "-", "-"], input=data, capture_output=True, check=True).stdout.decode()


def test_a_visitor_reads_initials_on_every_page_of_the_tournaments_link(no_csrf_app, evening):
    director, path, tokens = evening
    visitor = no_csrf_app.test_client()
    pages = {
        "tournament": visitor.get(path).get_data(as_text=True),
        "round": visitor.get(f"{path}/round/1").get_data(as_text=True),
        "projector": visitor.get(f"{path}/standings?big=1").get_data(as_text=True),
        "player": visitor.get(f"{path}/players/1").get_data(as_text=True),
        "csv": visitor.get(f"{path}/results.csv").get_data(as_text=True),
        "pdf": pdf_text(visitor.get(f"{path}/results.pdf").get_data()),
        **{f"table {n}": visitor.get(f"/tournaments/table/{token}").get_data(as_text=True)
           for n, token in enumerate(tokens, 1)},
    }
    for where, text in pages.items():
        assert "Evangeline" not in text, f"the {where} shows the name of a player who chose initials"
        assert "Beatrix" not in text and "B. Q." not in text, f"the {where} shows a player who chose not to be"
    for where in ("tournament", "round", "projector", "player", "csv", "pdf"):
        assert "E. M." in pages[where] and "Name not shown" in pages[where], where
    assert any("E. M." in pages[f"table {n}"] for n in range(1, len(tokens) + 1))


def test_the_director_reads_the_names(evening):
    director, path, _tokens = evening
    assert "Evangeline Marsh" in director.get(path).get_data(as_text=True)
    assert "Beatrix Quill" in director.get(path).get_data(as_text=True)
    assert "Evangeline Marsh" in director.get(f"{path}/round/1").get_data(as_text=True)

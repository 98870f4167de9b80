"""A club's players as people: each player's page in the director area lists exactly their evenings and the casual
games this phone opened, with the right totals and VP; names typed in an entry form find the club's player; and
player pages are for the club's directors only (another club's director finds none of them)."""

from __future__ import annotations

import re

import pytest

from scorekeeper.db import connect
from scorekeeper.stores import players
from scorekeeper.stores.tournaments import records

from .helpers import PASSWORD, casual_game, evening
from tests.clubs.helpers import Club
from tests.worlds import Worlds
from tests.recording import game_path

# Worked by hand on the 20-VP scale (standings.VP_SCALE):
#   evening 1: Ana & Bea 2600 against Cris & Dani 1200, a difference of 1400: 15 VP to 5;
#   evening 2: Ana & Eva 1800 against Cris & Fede 2000, a difference of 200: 9 VP to 11.
#   A casual game, Ana & Zoe against Cris & Dani, one deal: we melded 100 with a natural canasta and went out
#   (100 + 500 + 100 = 700), they melded 50: 700 to 50, still being played.
E1 = [{frozenset(("Ana & Bea", "Cris & Dani")): {"Ana & Bea": 2600, "Cris & Dani": 1200}}]
E2 = [{frozenset(("Ana & Eva", "Cris & Fede")): {"Ana & Eva": 1800, "Cris & Fede": 2000}}]


def _club(app) -> dict:
    """A club with two evenings, and a casual game its director's phone opened (built once, tests/worlds.py)."""
    made = Club(app, "Monday Club", "Ana")
    db = connect(app.config["DATABASE"])
    try:
        with app.test_request_context():
            evening(db, "Monday one", "2026-10-05", [("Ana", "Bea"), ("Cris", "Dani")], E1, club_id=made.id)
            evening(db, "Monday two", "2026-10-12", [("Ana", "Eva"), ("Cris", "Fede")], E2, club_id=made.id)
            game = casual_game(db, ["Ana", "Zoe"], ["Cris", "Dani"], [({"meld_points": 100,
                                                                         "canastas": {"natural": 1},
                                                                         "went_out": True}, {"meld_points": 50})])
    finally:
        db.close()
    assert made.client.get(game_path(made.client, game)).status_code == 200  # opened from its link
    return {"club": made}


WORLDS = Worlds(club=_club)
database, world = WORLDS.database, WORLDS.world


@pytest.fixture
def club(no_csrf_app, world):
    """The club's world in this test's database (``club.db``: a connection to it), its director signed in."""
    made = world["club"]
    made.db = connect(no_csrf_app.config["DATABASE"])
    yield made
    made.db.close()


def rows_of(page: str, table_id: str) -> list[list[str]]:
    body = re.search(rf'<table class="[^"]*" id="{table_id}">.*?<tbody>(.*?)</tbody>', page, re.S).group(1)
    return [[" ".join(re.sub(r"<[^>]+>", "", cell).split()) for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
            for row in re.findall(r"<tr>(.*?)</tr>", body, re.S)]


def test_a_players_page_lists_exactly_their_evenings_and_games(club):
    page = club.client.get(f"{club.area}/players/{club.player('Ana')}").get_data(as_text=True)
    evenings = rows_of(page, "player-evenings")
    assert evenings == [
        ["Oct 12, 2026", "Monday two", "Eva", "2 of 2", "0 / 1", "1,800", "9"],
        ["Oct 5, 2026", "Monday one", "Bea", "1 of 2", "1 / 1", "2,600", "15"],
    ]
    casual = rows_of(page, "player-casual")
    assert len(casual) == 1 and casual[0][1:] == ["Zoe", "Cris and Dani", "700 – 50", "being played"]
    assert re.search(r'id="evening-count">2<', page) and re.search(r'id="casual-count">1<', page)
    assert re.search(r'id="average-vp">12<', page)  # (15 + 9) / 2 games
    assert re.search(r'id="win-share">50 %<', page)  # 1 of 2 games decided
    assert "Highest score in one game: 2,600" in page
    assert "<svg" in page and "player-chart" in page and page.count("<circle") == 2
    roster = club.client.get(f"{club.area}/players").get_data(as_text=True)
    assert [re.sub(r"<[^>]+>", "", n) for n in re.findall(r'class="player-link"[^>]*>(.*?)</a>', roster)] == \
        ["Ana", "Bea", "Cris", "Dani", "Eva", "Fede"]


def test_a_player_absent_from_an_evening_does_not_get_it(club):
    page = club.client.get(f"{club.area}/players/{club.player('Bea')}").get_data(as_text=True)
    assert [row[1] for row in rows_of(page, "player-evenings")] == ["Monday one"]
    assert "No casual game under this name." in page
    fede = club.client.get(f"{club.area}/players/{club.player('Fede')}").get_data(as_text=True)
    assert [row[1:4] for row in rows_of(fede, "player-evenings")] == [["Monday two", "Cris", "1 of 2"]]


def test_a_name_typed_another_way_is_the_same_player(no_csrf_app, club):
    db = club.db
    with no_csrf_app.test_request_context():
        evening(db, "Monday three", "2026-10-19", [("  ANA ", "Bea"), ("Cris", "dani")],
                [{frozenset(("ANA & Bea", "Cris & dani")): {"ANA & Bea": 100, "Cris & dani": 100}}], club_id=club.id)
    assert {p.name for p in players.list_players(db, club.id)} == {"Ana", "Bea", "Cris", "Dani", "Eva", "Fede"}
    ana = players.by_link(db, club.id, club.player("Ana"))
    assert len(players.evenings(db, club.id, ana.id)) == 3
    # The entry form says how the club's roster writes a name typed another way; a one-off tournament has no roster.
    tid = records.create_tournament(db, name="Next", date="2026-10-26", rules="bicycle", options={}, format="pairs",
                                    rounds=1, round_end="deals", round_limit=2, scoring="vp", password=None,
                                    club_id=club.id)
    assert "“Ana”" in str(records.check_name(db, records.get_tournament(db, tid), "ana ")["warning"])
    loose = records.create_tournament(db, name="Loose", date="2026-10-26", rules="bicycle", options={}, format="pairs",
                                      rounds=1, round_end="deals", round_limit=2, scoring="vp", password=PASSWORD)
    assert records.check_name(db, records.get_tournament(db, loose), "ana ") == {"warning": None, "known": None}


def test_player_pages_are_for_the_clubs_directors_only(no_csrf_app, club):
    stranger, other = no_csrf_app.test_client(), Club(no_csrf_app, "Other Club", "Olga")
    ana = club.player("Ana")
    page = stranger.get(f"{club.area}/players/{ana}")
    assert page.status_code == 303 and "/login" in page.headers["Location"]
    assert stranger.post(f"{club.area}/players/{ana}/shown", data={"shown": "initials"}).status_code == 403
    for path in (f"{other.area}/players/{ana}", f"{other.area}/players/{ana}/merge"):
        assert other.client.get(path).status_code == 404  # not a player of the other club
    assert "Ana" not in other.client.get(f"{other.area}/players").get_data(as_text=True)
    assert stranger.get("/players/").status_code == 404  # no roster for everyone any more
    for bad in ("", "x", "9" * 40, "²", "١٢", ana):
        answer = club.client.post(f"{club.area}/players/{ana}/merge", data={"other": bad}, follow_redirects=True)
        assert answer.status_code in (200, 422)
    assert players.by_link(club.db, club.id, ana).merged_into is None

"""Players as people: each player's page lists exactly their evenings and casual games with the right totals
and VP, names typed in an entry form find the roster's player, and a director merges two records of one person."""

from __future__ import annotations

import re

import pytest

from scorekeeper.db import connect
from scorekeeper.stores import players
from scorekeeper.stores.tournaments import records

from .helpers import PASSWORD, casual_game, evening
from tests.recording import game_path, tournament_path

# Worked by hand on the 20-VP scale (standings.VP_SCALE):
#   evening 1: Ana & Bea 2600 against Cris & Dani 1200, a difference of 1400: 15 VP to 5;
#   evening 2: Ana & Eva 1800 against Cris & Fede 2000, a difference of 200: 9 VP to 11.
#   A casual game, Ana & Zoe against Cris & Dani, one deal: we melded 100 with a natural canasta and went out
#   (100 + 500 + 100 = 700), they melded 50: 700 to 50, still being played.
E1 = [{frozenset(("Ana & Bea", "Cris & Dani")): {"Ana & Bea": 2600, "Cris & Dani": 1200}}]
E2 = [{frozenset(("Ana & Eva", "Cris & Fede")): {"Ana & Eva": 1800, "Cris & Fede": 2000}}]


@pytest.fixture
def club(no_csrf_app):
    db = connect(no_csrf_app.config["DATABASE"])
    with no_csrf_app.test_request_context():
        first = evening(db, "Monday one", "2026-10-05", [("Ana", "Bea"), ("Cris", "Dani")], E1)
        second = evening(db, "Monday two", "2026-10-12", [("Ana", "Eva"), ("Cris", "Fede")], E2)
        game = casual_game(db, ["Ana", "Zoe"], ["Cris", "Dani"], [({"meld_points": 100, "canastas": {"natural": 1},
                                                                     "went_out": True}, {"meld_points": 50})])
    ids = {p.name: p.id for p in players.list_players(db)}
    db.close()
    client = no_csrf_app.test_client()
    signed = client.post(f"{tournament_path(client, first)}/login", data={"password": PASSWORD})
    assert signed.status_code == 303
    # The director's phone has both evenings and the casual game in its lists (opened from their links).
    for opened in (tournament_path(client, second), game_path(client, game)):
        assert client.get(opened).status_code == 200
    return client, ids


def rows_of(page: str, table_id: str) -> list[list[str]]:
    body = re.search(rf'<table class="[^"]*" id="{table_id}">.*?<tbody>(.*?)</tbody>', page, re.S).group(1)
    return [[" ".join(re.sub(r"<[^>]+>", "", cell).split()) for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
            for row in re.findall(r"<tr>(.*?)</tr>", body, re.S)]


def test_a_players_page_lists_exactly_their_evenings_and_games(club):
    client, ids = club
    page = client.get(f"/players/{ids['Ana']}").get_data(as_text=True)
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


def test_a_player_absent_from_an_evening_does_not_get_it(club):
    client, ids = club
    page = client.get(f"/players/{ids['Bea']}").get_data(as_text=True)
    assert [row[1] for row in rows_of(page, "player-evenings")] == ["Monday one"]
    assert "No casual game under this name." in page
    fede = client.get(f"/players/{ids['Fede']}").get_data(as_text=True)
    assert [row[1:4] for row in rows_of(fede, "player-evenings")] == [["Monday two", "Cris", "1 of 2"]]


def test_a_name_typed_another_way_is_the_same_player(no_csrf_app, club):
    client, ids = club
    db = connect(no_csrf_app.config["DATABASE"])
    with no_csrf_app.test_request_context():
        third = evening(db, "Monday three", "2026-10-19", [("  ANA ", "Bea"), ("Cris", "dani")],
                        [{frozenset(("ANA & Bea", "Cris & dani")): {"ANA & Bea": 100, "Cris & dani": 100}}])
    assert {p.name for p in players.list_players(db)} == {"Ana", "Bea", "Cris", "Dani", "Eva", "Fede"}
    assert len(players.evenings(db, ids["Ana"])) == 3
    db.close()
    assert third


def test_the_director_merges_two_records_of_one_person(no_csrf_app, club):
    client, ids = club
    db = connect(no_csrf_app.config["DATABASE"])
    with no_csrf_app.test_request_context():
        third = evening(db, "Monday three", "2026-10-19", [("Anna", "Bea"), ("Cris", "Dani")],
                        [{frozenset(("Anna & Bea", "Cris & Dani")): {"Anna & Bea": 900, "Cris & Dani": 300}}])
        assert client.get(tournament_path(client, third)).status_code == 200  # the director's own evening
        anna = {p.name: p.id for p in players.list_players(db)}["Anna"]
        merged = client.post(f"/players/{ids['Ana']}/merge", data={"other": str(anna)})
        assert merged.status_code == 303
        page = client.get(f"/players/{ids['Ana']}").get_data(as_text=True)
        assert [row[1] for row in rows_of(page, "player-evenings")] == ["Monday three", "Monday two", "Monday one"]
        assert "Also written:" in page and "Anna" in page
        assert client.get(f"/players/{anna}").headers["Location"].endswith(f"/players/{ids['Ana']}")
        # Typed again as "anna", the name finds Ana: the entry form says how the roster writes her, and a new
        # entry under that spelling counts on Ana's page.
        tid = records.create_tournament(db, name="Next", date="2026-10-26", rules="bicycle", options={},
                                        format="pairs", rounds=1, round_end="deals", round_limit=2,
                                        scoring="vp", password=PASSWORD)
        warning = records.check_name(db, records.get_tournament(db, tid), "anna")["warning"]
        assert "“Ana”" in str(warning)  # a fact (rules.i18n.Text), worded where shown
        records.add_entry(db, tid, ["anna", "Zoe"], who="director")
    linked = db.execute("SELECT player_id FROM entry_players ep JOIN tournament_entries e ON e.id = ep.entry_id "
                        "WHERE e.tournament_id = ? AND ep.position = 0", [tid]).fetchone()[0]
    assert linked == ids["Ana"]
    db.close()


def test_two_partners_of_one_entry_cannot_be_merged(club):
    client, ids = club
    refused = client.post(f"/players/{ids['Ana']}/merge", data={"other": str(ids["Bea"])}, follow_redirects=True)
    assert "they cannot be merged" in refused.get_data(as_text=True)
    for bad in ("", "x", "9" * 40, "²", "١٢", str(ids["Ana"])):
        answer = client.post(f"/players/{ids['Ana']}/merge", data={"other": bad}, follow_redirects=True)
        assert answer.status_code == 200


def test_player_pages_are_for_directors_only(no_csrf_app, club):
    _client, ids = club
    stranger = no_csrf_app.test_client()
    page = stranger.get(f"/players/{ids['Ana']}")
    assert page.status_code == 403 and "Zoe" not in page.get_data(as_text=True)
    assert stranger.get("/players/").status_code == 403
    assert stranger.post(f"/players/{ids['Ana']}/initials", data={"initials": "yes"}).status_code == 403
    assert stranger.post(f"/players/{ids['Ana']}/merge", data={"other": str(ids["Bea"])}).status_code == 403


def test_a_director_sees_only_the_players_of_their_own_evenings_and_games(no_csrf_app, club):
    """On a server many clubs and families share (issue 21), directing some tournament opens no door to everyone
    else's players: a stranger who starts a tournament of their own finds no roster but theirs, none of the
    club's players' pages, and no casual game they never opened."""
    from tests.tournaments.conftest import create_tournament, enter

    director, ids = club
    stranger = no_csrf_app.test_client()
    enter(stranger, create_tournament(stranger, format="pairs"), "Xavi", "Yola")
    roster = stranger.get("/players/").get_data(as_text=True)
    assert "Xavi" in roster and "Ana" not in roster and "Cris" not in roster
    for name in ("Ana", "Bea", "Cris"):
        assert stranger.get(f"/players/{ids[name]}").status_code == 404
        assert stranger.post(f"/players/{ids[name]}/initials", data={"initials": "yes"}).status_code == 404
    own = {p.name: p.id for p in players.list_players(connect(no_csrf_app.config["DATABASE"]))}
    assert stranger.post(f"/players/{own['Xavi']}/merge", data={"other": str(ids["Ana"])}).status_code == 303
    assert players.get_player(connect(no_csrf_app.config["DATABASE"]), ids["Ana"]).merged_into is None
    # The club's director sees the club's players, but a casual game only once this browser has opened it.
    page = director.get(f"/players/{ids['Ana']}").get_data(as_text=True)
    assert "Monday one" in page and "Xavi" not in director.get("/players/").get_data(as_text=True)

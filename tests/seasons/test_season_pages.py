"""Seasons through a club's pages: a new season with its counting rules, several of the club's evenings attached and
detached at once from the season's page (and only the club's), the ladder on the season's page, archiving it; and
the read-only results pages of an evening and of a season, reached by their own link, with no control, every
director's POST refused, and each player shown as they chose."""

from __future__ import annotations

import re
import subprocess

import pytest

from scorekeeper.db import connect
from scorekeeper.stores import seasons

from tests.clubs.helpers import Club
from tests.worlds import Worlds
from tests.tournaments.conftest import create_tournament
from .helpers import evening
from .test_ladder import EVENINGS
from tests.recording import tournament_path

SEASON_FORM = {"name": "Autumn 2026", "count": "best", "best": "2", "of": "3", "minimum": "2", "ranking": "vp",
               "tie_break": "best_evening"}


def _club(app) -> dict:
    """A club made through its page, its director signed in."""
    return {"club": Club(app, "Monday Club", "Ana")}


def _played(app) -> dict:
    """The three evenings of test_ladder in a season made through the club's pages, its director signed in."""
    club = Club(app, "Monday Club", "Ana")
    token = club.season(**SEASON_FORM)
    db = connect(app.config["DATABASE"])
    try:
        with app.test_request_context():
            ids = [evening(db, name, date, pairs, [{frozenset(score): score}], season_id=club.season_id(token),
                           club_id=club.id) for name, date, pairs, score in EVENINGS]
        tokens = [db.execute("SELECT results_token FROM tournaments WHERE id = ?", [i]).fetchone()[0] for i in ids]
    finally:
        db.close()
    return {"club": club, "token": token, "ids": ids, "tokens": tokens}


#: Each built once (tests/worlds.py): a test asking for ``played`` starts from its world, else from ``club``'s.
WORLDS = Worlds(played=_played, club=_club)
database, world = WORLDS.database, WORLDS.world


@pytest.fixture
def club(world):
    return world["club"]


def test_a_season_is_made_with_its_counting_rules(club):
    form = club.client.get(f"{club.area}/seasons/new").get_data(as_text=True)
    for name in ("name", "count", "best", "of", "minimum", "ranking", "tie_break"):
        assert f'name="{name}"' in form
    assert 'name="password"' not in form  # the club's directors direct it
    token = club.season(**SEASON_FORM)
    page = club.client.get(f"{club.area}/seasons/{token}").get_data(as_text=True)
    assert "Each player's best 2 of the season's 3 evenings count." in page
    assert "A player is ranked after 2 evenings." in page
    assert "Ladder by Victory points; equal players are split by the better best evening." in page


@pytest.mark.parametrize("changes, message", [
    ({"best": "4"}, "Count at most as many evenings as the season has."),
    ({"best": ""}, "Give the number of evenings that count."),
    ({"minimum": "5"}, "Between 1 and the season&#39;s number of evenings."),
    ({"minimum": "x"}, ""),
    ({"ranking": "elo"}, ""),
    ({"name": " \u200b "}, "Give the season a name."),
])
def test_a_season_that_cannot_work_is_refused_next_to_its_field(club, db, changes, message):
    refused = club.client.post(f"{club.area}/seasons/new", data={**SEASON_FORM, **changes})
    assert refused.status_code == 422
    page = refused.get_data(as_text=True)
    assert 'class="field-error"' in page and message in page
    assert db.execute("SELECT COUNT(*) FROM seasons").fetchone()[0] == 0


def test_the_clubs_evenings_join_and_leave_a_season_several_at_once(no_csrf_app, club, db):
    token = club.season(**{**SEASON_FORM, "count": "all"})
    with no_csrf_app.test_request_context():
        ids = [evening(db, name, date, pairs, [{frozenset(score): score}], club_id=club.id)
               for name, date, pairs, score in EVENINGS]
    links = [db.execute("SELECT link FROM tournaments WHERE id = ?", [i]).fetchone()[0] for i in ids]
    season = seasons.club_season(db, club.id, token)
    page = club.client.get(f"{club.area}/seasons/{token}").get_data(as_text=True)
    assert all(f'name="evening" value="{link}"' in page for link in links)
    evenings = f"{club.area}/seasons/{token}/evenings"
    assert club.client.post(evenings, data={"evening": links, "action": "attach"}).status_code == 303
    assert [t.id for t in seasons.evenings(db, season.id)] == ids
    assert club.client.post(evenings, data={"evening": links[:2], "action": "detach"}).status_code == 303
    assert [t.id for t in seasons.evenings(db, season.id)] == [ids[2]]
    # Only the club's own evenings: another club's, a one-off tournament's, a number or nonsense joins nothing.
    other = Club(no_csrf_app, "Other Club", "Olga")
    with no_csrf_app.test_request_context():
        theirs = evening(db, "Theirs", "2026-10-20", [("X", "Y"), ("Z", "W")],
                         [{frozenset(("X & Y", "Z & W")): {"X & Y": 10, "Z & W": 0}}], club_id=other.id)
    one_off = create_tournament(club.client)
    for bad in ([tournament_path(db, theirs).rsplit("/", 1)[1], links[0]], [tournament_path(db, one_off)[13:]],
                [str(ids[0])], ["nonsense"], []):
        answer = club.client.post(evenings, data={"evening": bad, "action": "attach"}, follow_redirects=True)
        assert answer.status_code == 200
    assert [t.id for t in seasons.evenings(db, season.id)] == [ids[2]]
    # From an evening's own page, by the season's link.
    page = club.client.get(tournament_path(db, ids[0])).get_data(as_text=True)
    assert f'value="{token}"' in page
    club.client.post(f"{tournament_path(db, ids[0])}/season", data={"season": token})
    assert [t.id for t in seasons.evenings(db, season.id)] == [ids[0], ids[2]]


@pytest.fixture
def played(no_csrf_app, club, world):
    """The season's world in this test's database: the club, a connection, the season, its evenings' ids and
    results links."""
    db = connect(no_csrf_app.config["DATABASE"])
    season = seasons.club_season(db, club.id, world["token"])
    yield club, db, season, world["ids"], world["tokens"]
    db.close()


def ladder_rows(page: str) -> list[tuple[str, str, str]]:
    body = re.search(r'id="season-ladder">.*?<tbody>(.*?)</tbody>', page, re.S).group(1)
    rows = []
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S):
        cells = [" ".join(re.sub(r"<[^>]+>", "", c).split()) for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
        rows.append((cells[0], cells[1], cells[3]))
    return rows


LADDER = [("1", "Cris", "29"), ("2", "Eva", "27"), ("3", "Ana", "24"), ("4", "Fede", "13"), ("5", "Dani", "7"),
          ("–", "Bea", "15")]


def test_the_season_page_and_its_archive(played):
    club, db, season, ids, _tokens = played
    page = f"{club.area}/seasons/{season.results_token}"
    assert ladder_rows(club.client.get(page).get_data(as_text=True)) == LADDER
    assert club.client.post(f"{page}/archive", data={"action": "archive"}).status_code == 303
    shown = club.client.get(page).get_data(as_text=True)
    assert "Archived" in shown and ladder_rows(shown) == LADDER
    stranger = club.app.test_client()
    assert stranger.get(page).status_code == 303  # sent to sign in
    assert stranger.post(f"{page}/archive", data={"action": "reopen"}).status_code == 403
    wrong = stranger.post(f"{club.area}/login", data={"director": "Ana", "password": "nope"})
    assert wrong.status_code == 422 and "not those of a director" in wrong.get_data(as_text=True)


def test_the_public_pages_show_results_and_no_control(played, no_csrf_app):
    club, db, season, ids, tokens = played
    reader = no_csrf_app.test_client()  # no director's sign-in
    page = reader.get(f"/results/season/{season.results_token}").get_data(as_text=True)
    assert ladder_rows(page) == LADDER
    evening_page = reader.get(f"/results/{tokens[0]}").get_data(as_text=True)
    assert "Ana &amp; Bea" in evening_page and "2,600 – 1,200" in evening_page  # standings, the table, the lines
    assert 'id="line-' in evening_page and "Each table's deals" in evening_page
    for shown in (page, evening_page):
        assert "<form" not in shown and "method=\"post\"" not in shown
        assert "/login" not in shown and "/director/" not in shown
    assert reader.get("/results/not-a-link").status_code == 404
    assert reader.get("/results/season/not-a-link").status_code == 404
    assert reader.post(f"/results/{tokens[0]}").status_code == 405


def test_every_post_from_a_reader_is_refused(played, no_csrf_app):
    club, db, season, ids, tokens = played
    reader = no_csrf_app.test_client()
    reader.get(f"/results/{tokens[0]}")
    tid = ids[0]
    table_id = db.execute("SELECT id FROM tournament_tables WHERE tournament_id = ?", [tid]).fetchone()[0]
    player = club.player("Ana")
    path = tournament_path(no_csrf_app, tid)
    posts = [f"{path}/reopen", f"{path}/rounds", f"{path}/entries", f"{path}/tables/{table_id}/result",
             f"{path}/season", f"{club.area}/seasons/{season.results_token}/archive",
             f"{club.area}/seasons/{season.results_token}/evenings", f"{club.area}/players/{player}/shown",
             f"{club.area}/players/{player}/merge", f"{club.area}/settings", f"{club.area}/directors/invite"]
    for post in posts:
        answer = reader.post(post, data={"season": "", "shown": "hidden", "other": player, "action": "archive",
                                         "name": "Taken"})
        assert answer.status_code == 403, post
    assert seasons.get_season(db, season.id).status == "open"


def test_each_player_appears_on_public_pages_as_they_chose(played, no_csrf_app):
    club, db, season, ids, tokens = played
    reader = no_csrf_app.test_client()
    choose = f"{club.area}/players/{club.player('Ana')}/shown"
    assert club.client.post(choose, data={"shown": "initials"}).status_code == 303
    ladder = reader.get(f"/results/season/{season.results_token}").get_data(as_text=True)
    assert ("3", "A.", "24") in ladder_rows(ladder) and ">Ana<" not in ladder
    evening_page = reader.get(f"/results/{tokens[0]}").get_data(as_text=True)
    assert "A. &amp; Bea" in evening_page and "Ana" not in re.sub(r"<[^>]+>", " ", evening_page)  # (not a token)
    assert club.client.post(choose, data={"shown": "hidden"}).status_code == 303
    ladder = reader.get(f"/results/season/{season.results_token}").get_data(as_text=True)
    rows = ladder_rows(ladder)
    assert ("3", "Name not shown", "24") in rows and "A." not in [name for _place, name, _points in rows]
    assert reader.get(f"/clubs/{club.public}/players/{club.player('Ana')}").status_code == 404


def test_the_ladder_and_the_standings_show_what_splits_a_tie(played, no_csrf_app):
    """Issue 34: a place below two equal players was unexplained. The ladder (page and PDF) shows each player's
    best evening beside the rule that splits ties by it, and an evening's results say what orders its standings."""
    _club, _db, season, _ids, tokens = played
    reader = no_csrf_app.test_client()
    page = reader.get(f"/results/season/{season.results_token}").get_data(as_text=True)
    body = re.search(r'id="season-ladder">.*?<tbody>(.*?)</tbody>', page, re.S).group(1)
    best = [(" ".join(re.sub(r"<[^>]+>", "", cells[1]).split()), re.sub(r"<[^>]+>", "", cells[4]).strip())
            for cells in (re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
                          for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S))]
    assert best == [("Cris", "18"), ("Eva", "18"), ("Ana", "15"), ("Fede", "11"), ("Dani", "5"), ("Bea", "15")]
    assert ">Best evening</th>" in page and "equal players are split by the better best evening" in page
    pdf = reader.get(f"/results/season/{season.results_token}/ladder.pdf")
    text = subprocess.run(["pdftotext", "-layout", "-", "-"], input=pdf.data, capture_output=True,
                          check=True).stdout.decode()
    assert re.search(r"Points\s+Best evening", text) and re.search(r"Cris\s+3\s+29\s+18\b", text), text
    evening_page = reader.get(f"/results/{tokens[0]}").get_data(as_text=True)
    assert ("Order: by victory points, then games won, then point difference, then total points. Entries equal "
            "on all of these share the place.") in evening_page

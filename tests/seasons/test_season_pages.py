"""Seasons through the app: /seasons/new with its counting rules, a tournament joining a season when created or
from its director's page, the ladder on the season's page, archiving it; and the read-only results pages of an
evening and of a season, reached by their own link, with no control and every director's POST refused."""

from __future__ import annotations

import re
import subprocess

import pytest

from scorekeeper.db import connect
from scorekeeper.stores import players, seasons

from tests.tournaments.conftest import tournament_form
from .helpers import PASSWORD, evening
from .test_ladder import EVENINGS
from tests.recording import season_path, started_id, tournament_path

SEASON_FORM = {"name": "Autumn 2026", "count": "best", "best": "2", "of": "3", "minimum": "2", "ranking": "vp",
               "tie_break": "best_evening", "password": PASSWORD, "password_again": PASSWORD}


def new_season(client, **changes) -> int:
    made = client.post("/seasons/new", data={**SEASON_FORM, **changes})
    assert made.status_code == 303, made.get_data(as_text=True)[:1500]
    return started_id(client, made.headers["Location"])


def test_a_season_is_made_with_its_counting_rules(client):
    form = client.get("/seasons/new").get_data(as_text=True)
    for name in ("name", "count", "best", "of", "minimum", "ranking", "tie_break", "password"):
        assert f'name="{name}"' in form
    season_id = new_season(client)
    page = client.get(season_path(client, season_id)).get_data(as_text=True)
    assert "Each player's best 2 of the season's 3 evenings count." in page
    assert "A player is ranked after 2 evenings." in page
    assert "Ladder by Victory points; equal players are split by the better best evening." in page


@pytest.mark.parametrize("changes, field, message", [
    ({"best": "4"}, "best", "Count at most as many evenings as the season has."),
    ({"best": ""}, "best", "Give the number of evenings that count."),
    ({"minimum": "5"}, "minimum", "Between 1 and the season&#39;s number of evenings."),
    ({"minimum": "x"}, "minimum", ""),
    ({"ranking": "elo"}, "ranking", ""),
    ({"name": " \u200b "}, "name", "Give the season a name."),
    ({"password_again": "other"}, "password_again", "The two passwords differ."),
])
def test_a_season_that_cannot_work_is_refused_next_to_its_field(client, db, changes, field, message):
    refused = client.post("/seasons/new", data={**SEASON_FORM, **changes})
    assert refused.status_code == 422
    page = refused.get_data(as_text=True)
    assert 'class="field-error"' in page and message in page
    assert db.execute("SELECT COUNT(*) FROM seasons").fetchone()[0] == 0


def test_a_tournament_joins_a_season_when_created_or_from_its_page(client, db):
    season_id = new_season(client)
    link = seasons.get_season(db, season_id).link  # a season is chosen by its link, never by its number
    made = client.post("/tournaments/new", data=tournament_form(season=link))
    first = started_id(client, made.headers["Location"])
    second = started_id(client, client.post("/tournaments/new", data=tournament_form()).headers["Location"])
    assert [t.id for t in seasons.evenings(db, season_id)] == [first]
    page = client.get(f"{tournament_path(client, second)}").get_data(as_text=True)
    assert f'action="{tournament_path(client, second)}/season"' in page
    assert f'<option value="{link}">Autumn 2026</option>' in page
    assert client.post(f"{tournament_path(client, second)}/season", data={"season": link}).status_code == 303
    assert [t.id for t in seasons.evenings(db, season_id)] == [first, second]
    client.post(f"{tournament_path(client, first)}/season", data={"season": ""})
    assert [t.id for t in seasons.evenings(db, season_id)] == [second]
    elsewhere = client.application.test_client()  # another phone's season: not this director's to name
    others = seasons.get_season(db, new_season(elsewhere, name="Theirs")).link
    for bad in ("x", "99999", "1" * 40, str(season_id), others):
        assert client.post(f"{tournament_path(client, second)}/season", data={"season": bad}).status_code == 303
    assert [t.id for t in seasons.evenings(db, season_id)] == [second]


@pytest.fixture
def played(no_csrf_app):
    """The three evenings of test_ladder in a season made through the app, its director signed in."""
    client = no_csrf_app.test_client()
    season_id = new_season(client)
    db = connect(no_csrf_app.config["DATABASE"])
    with no_csrf_app.test_request_context():
        ids = [evening(db, name, date, pairs, [{frozenset(score): score}], season_id=season_id)
               for name, date, pairs, score in EVENINGS]
    season = seasons.get_season(db, season_id)
    tokens = [db.execute("SELECT results_token FROM tournaments WHERE id = ?", [i]).fetchone()[0] for i in ids]
    yield client, db, season, ids, tokens
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
    client, db, season, ids, _tokens = played
    assert ladder_rows(client.get(f"/seasons/{season.link}").get_data(as_text=True)) == LADDER
    assert client.post(f"/seasons/{season.link}/archive", data={"action": "archive"}).status_code == 303
    page = client.get(f"/seasons/{season.link}").get_data(as_text=True)
    assert "Archived" in page and ladder_rows(page) == LADDER
    stranger = client.application.test_client()
    assert stranger.get(f"/seasons/{season.link}").status_code == 303  # sent to sign in
    assert stranger.post(f"/seasons/{season.link}/archive", data={"action": "reopen"}).status_code == 403
    wrong = stranger.post(f"/seasons/{season.link}/login", data={"password": "nope"})
    assert wrong.status_code == 422 and "Wrong password" in wrong.get_data(as_text=True)


def test_the_public_pages_show_results_and_no_control(played, no_csrf_app):
    _client, db, season, ids, tokens = played
    reader = no_csrf_app.test_client()  # no director's sign-in
    page = reader.get(f"/results/season/{season.results_token}").get_data(as_text=True)
    assert ladder_rows(page) == LADDER
    evening_page = reader.get(f"/results/{tokens[0]}").get_data(as_text=True)
    assert "Ana &amp; Bea" in evening_page and "2,600 – 1,200" in evening_page  # standings, the table, the lines
    assert 'id="line-' in evening_page and "Each table's deals" in evening_page
    for shown in (page, evening_page):
        assert "<form" not in shown and "method=\"post\"" not in shown
        assert "/login" not in shown and "/seasons/" not in shown.replace("/results/season/", "")
    assert reader.get("/results/not-a-link").status_code == 404
    assert reader.get("/results/season/not-a-link").status_code == 404
    assert reader.post(f"/results/{tokens[0]}").status_code == 405


def test_every_post_from_a_reader_is_refused(played, no_csrf_app):
    _client, db, season, ids, tokens = played
    reader = no_csrf_app.test_client()
    reader.get(f"/results/{tokens[0]}")
    tid = ids[0]
    table_id = db.execute("SELECT id FROM tournament_tables WHERE tournament_id = ?", [tid]).fetchone()[0]
    player = players.list_players(db)[0].id
    posts = [f"{tournament_path(no_csrf_app, tid)}/reopen", f"{tournament_path(no_csrf_app, tid)}/rounds", f"{tournament_path(no_csrf_app, tid)}/entries",
             f"{tournament_path(no_csrf_app, tid)}/tables/{table_id}/result", f"{tournament_path(no_csrf_app, tid)}/season",
             f"/seasons/{season.link}/archive", f"/players/{player}/initials", f"/players/{player}/merge"]
    for path in posts:
        answer = reader.post(path, data={"season": "", "initials": "yes", "other": "1", "action": "archive"})
        assert answer.status_code == 403, path
    assert seasons.get_season(db, season.id).status == "open"


def test_a_player_can_appear_by_initials_on_public_pages(played, no_csrf_app):
    client, db, season, ids, tokens = played
    ana = {p.name: p.id for p in players.list_players(db)}["Ana"]
    client.post(f"/players/{ana}/initials", data={"initials": "yes"})
    reader = no_csrf_app.test_client()
    ladder = reader.get(f"/results/season/{season.results_token}").get_data(as_text=True)
    assert ("3", "A.", "24") in ladder_rows(ladder) and ">Ana<" not in ladder
    evening_page = reader.get(f"/results/{tokens[0]}").get_data(as_text=True)
    assert "A. &amp; Bea" in evening_page and "Ana" not in evening_page


def test_the_ladder_and_the_standings_show_what_splits_a_tie(played, no_csrf_app):
    """Issue 34: a place below two equal players was unexplained. The ladder (page and PDF) shows each player's
    best evening beside the rule that splits ties by it, and an evening's results say what orders its standings."""
    _client, db, season, ids, tokens = played
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

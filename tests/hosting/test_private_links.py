"""Private by link (issue 21): a game or tournament opens only from its unguessable link, and each phone lists
only what it started or opened. Two phones are two test clients, each with its own cookie jar."""

from __future__ import annotations

import re

from scorekeeper.db import connect

from tests.recording import game_path, started_id, tournament_path
from tests.tournaments.conftest import create_tournament, enter
from tests.web.scorepad_helpers import option_values, totals_form

NAMES = {"we_name": "Us", "they_name": "Them", "we_player0": "Ann", "we_player1": "Cy", "they_player0": "Bo",
         "they_player1": "Di"}


def start(phone) -> str:
    data = {"rules": "bicycle", "first_dealer": "0", **option_values("bicycle"), **NAMES}
    response = phone.post("/games/new", data=data)
    assert response.status_code == 303
    return response.headers["Location"]


def test_a_game_is_in_the_list_of_the_phone_that_started_it_and_no_other(no_csrf_app):
    mine, yours = no_csrf_app.test_client(), no_csrf_app.test_client()
    address = start(mine)
    assert address in mine.get("/games/").get_data(as_text=True)
    other_list = yours.get("/games/").get_data(as_text=True)
    assert address not in other_list and "Ann" not in other_list


def test_a_game_opens_by_its_link_and_by_no_other_address(no_csrf_app):
    mine, yours = no_csrf_app.test_client(), no_csrf_app.test_client()
    address = start(mine)
    game_id = started_id(no_csrf_app, address)
    code = connect(no_csrf_app.config["DATABASE"]).execute("SELECT code FROM games").fetchone()[0]
    assert re.fullmatch(r"/games/[A-Za-z0-9_-]{22}", address)
    for guess in (f"/games/{game_id}", f"/games/{game_id}/deals/1/edit", f"/games/{game_id}/delete",
                  f"/games/{game_id}/sheet.pdf", f"/g/{code}", f"/games/{address[-22:-1]}x"):
        assert yours.get(guess).status_code == 404, guess
    assert yours.post(f"/games/{game_id}/deals", data=totals_form(1)).status_code == 404
    assert yours.post(f"/games/{game_id}/delete", data={"version": "1"}).status_code == 404


def test_after_opening_the_link_the_game_is_in_both_lists_and_both_play_it(no_csrf_app):
    mine, yours = no_csrf_app.test_client(), no_csrf_app.test_client()
    address = start(mine)
    assert yours.get(address).status_code == 200
    assert address in mine.get("/games/").get_data(as_text=True)
    assert address in yours.get("/games/").get_data(as_text=True)
    assert yours.post(f"{address}/deals", data=totals_form(1)).status_code == 303
    assert 'data-deal="1"' in mine.get(address).get_data(as_text=True)


def test_the_list_is_newest_first_in_pages_and_only_the_phones_games(no_csrf_app, monkeypatch):
    from scorekeeper.web import games as game_views

    monkeypatch.setattr(game_views, "PAGE_SIZE", 2)
    mine, yours = no_csrf_app.test_client(), no_csrf_app.test_client()
    addresses = [start(mine) for _ in range(5)]
    start(yours)
    first = mine.get("/games/").get_data(as_text=True)
    assert [a for a in addresses if a in first] == addresses[-2:]  # the newest two
    assert first.index(addresses[-1]) < first.index(addresses[-2])
    assert 'href="/games/?page=2"' in first and 'rel="prev"' not in first
    last = mine.get("/games/?page=3").get_data(as_text=True)
    assert [a for a in addresses if a in last] == addresses[:1]
    assert 'href="/games/?page=2"' in last and 'rel="next"' not in last
    for odd in ("0", "-4", "x", "9" * 40):
        assert mine.get(f"/games/?page={odd}").status_code == 200


def test_the_list_scores_only_the_games_it_shows(no_csrf_app, monkeypatch):
    from scorekeeper.stores import summary
    from scorekeeper.web import games as game_views

    monkeypatch.setattr(game_views, "PAGE_SIZE", 3)
    phone = no_csrf_app.test_client()
    for _ in range(7):
        start(phone)
    asked = []
    real = summary.game_summary
    monkeypatch.setattr(game_views.summaries, "game_summary", lambda db, game_id: asked.append(game_id) or real(db, game_id))
    assert phone.get("/games/").status_code == 200
    assert len(asked) == 3


def test_a_tournament_opens_by_its_link_and_is_listed_only_where_opened(no_csrf_app):
    director, player, stranger = (no_csrf_app.test_client() for _ in range(3))
    tid = create_tournament(director, format="pairs")
    enter(director, tid, "Ann", "Bob")
    address = tournament_path(director, tid)
    assert address in director.get("/tournaments/").get_data(as_text=True)
    assert address not in stranger.get("/tournaments/").get_data(as_text=True)
    for guess in (f"/tournaments/{tid}", f"/tournaments/{tid}/standings", f"/tournaments/{tid}/results.csv"):
        assert stranger.get(guess).status_code == 404, guess
    # Standings are open to anyone with the link, and opening it puts the tournament in that phone's list.
    assert player.get(f"{address}/standings").status_code == 200
    assert player.get(address).status_code == 200
    assert address in player.get("/tournaments/").get_data(as_text=True)
    assert address not in stranger.get("/tournaments/").get_data(as_text=True)


def test_the_bin_shows_only_this_phones_deleted_games(no_csrf_app):
    mine, yours = no_csrf_app.test_client(), no_csrf_app.test_client()
    address = start(mine)
    assert mine.post(f"{address}/delete", data={"version": "1"}).status_code == 303
    assert "Us v Them" in mine.get("/games/bin").get_data(as_text=True)
    assert "Us v Them" not in yours.get("/games/bin").get_data(as_text=True)


def test_a_game_from_before_links_existed_stays_in_every_list(no_csrf_app):
    """The upgrade gives old games a link and leaves them in every phone's list, as they were."""
    from scorekeeper.stores import devices

    phone = no_csrf_app.test_client()
    address = start(phone)
    db = connect(no_csrf_app.config["DATABASE"])
    with db.write():
        db.execute("UPDATE device_games SET device = ?", [devices.EVERYONE])
    db.close()
    assert address in no_csrf_app.test_client().get("/games/").get_data(as_text=True)
    assert game_path(no_csrf_app, started_id(no_csrf_app, address)) == address


def test_the_api_answers_results_only_by_a_link_never_by_a_number(no_csrf_app):
    """The JSON API's results are as private as the pages: a tournament's standings by its link or its results
    link, a season's ladder by its results link; counting up numbers finds nothing (issue 21)."""
    from scorekeeper.stores import clubs, seasons
    from scorekeeper.stores.tournaments import records
    from scorekeeper.tournaments.ladder import Rules

    director, stranger = no_csrf_app.test_client(), no_csrf_app.test_client()
    tid = create_tournament(director, format="pairs")
    enter(director, tid, "Ann", "Bob")
    db = connect(no_csrf_app.config["DATABASE"])
    with no_csrf_app.test_request_context():
        club, _first = clubs.create_club(db, name="Club", director="Ann", password="a long password")
        season_id = seasons.create_season(db, club.id, name="Autumn", rules=Rules()).id
    season, tournament = seasons.get_season(db, season_id), records.get_tournament(db, tid)
    db.close()
    for guess in (f"/api/v1/tournaments/{tid}/results", f"/api/v1/seasons/{season_id}", f"/api/v1/clubs/{club.id}",
                  f"/api/v1/clubs/{club.link}"):
        answer = stranger.get(guess)
        assert answer.status_code == 404 and answer.get_json()["error"]["code"] == "request.not_found", guess
    assert stranger.get(f"/api/v1/tournaments/{tournament.link}/results").status_code == 200
    assert stranger.get(f"/api/v1/seasons/{season.results_token}").status_code == 200
    assert stranger.get(f"/api/v1/clubs/{club.public_link}").get_json()["seasons"][0]["name"] == "Autumn"

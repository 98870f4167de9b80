"""Clubs, players, seasons and the public results in Spanish (issue 30): every page of a club's director area and
its public page, each refusal, a member's page, the printed ladders and table cards, and the results pages ask the
catalogue only for messages it holds and show no English of their own."""

from __future__ import annotations

import io
import json
import re

import pytest

from scorekeeper.db import connect
from scorekeeper.stores import club_tables, seasons
from tests.clubs.helpers import Club
from tests.seasons.helpers import PASSWORD, casual_game, evening
from tests.seasons.test_ladder import EVENINGS
from tests.seasons.test_season_pages import SEASON_FORM

from .test_spanish_complete import Walk, missing  # noqa: F401  (a fixture)
from tests.recording import tournament_path

#: Names and words the pages show as they are: the players', evenings', club's and season's names, links' codes.
ALLOWED = {"Monday", "one", "two", "three", "Autumn", "Club", "Ana"}


@pytest.mark.slow
def test_clubs_players_seasons_and_results_speak_spanish(no_csrf_app, missing):  # noqa: F811
    stranger = no_csrf_app.test_client()
    walk = Walk(stranger, missing, allowed=ALLOWED)
    walk.visit("/clubs/")
    walk.visit("/clubs/new")
    walk.visit("/clubs/new", method="post", status=422, data={"name": "Monday Club", "director": "",
                                                               "password": "x", "password_again": "y"})
    club = Club(no_csrf_app, "Monday Club", "Ana")
    walk.client = club.client
    area = club.area
    walk.visit(f"{area}/seasons/new")
    walk.visit(f"{area}/seasons/new", method="post", status=422, data={**SEASON_FORM, "best": "9"})
    made = walk.visit(f"{area}/seasons/new", method="post", status=303, data=SEASON_FORM)
    token = made.headers["Location"].rsplit("/", 1)[1]
    db = connect(no_csrf_app.config["DATABASE"])
    try:
        with no_csrf_app.test_request_context():
            ids = [evening(db, name, date, pairs, [{frozenset(score): score}], club_id=club.id,
                           season_id=club.season_id(token)) for name, date, pairs, score in EVENINGS]
            casual_game(db, ["Ana"], ["Bea"], [({"meld_points": 90}, {"meld_points": 50})])
        season = seasons.get_season(db, club.season_id(token))
        evening_token = db.execute("SELECT results_token FROM tournaments WHERE id = ?", [ids[0]]).fetchone()[0]
        card = club_tables.card(db, club.id, 1)
    finally:
        db.close()
    ana, bea = club.player("Ana"), club.player("Bea")
    club.client.get("/")  # the English flashes of the set-up are shown there
    for url in (area, f"{area}/seasons/{token}", f"{area}/seasons/import", f"{area}/players", f"{area}/players/{ana}",
                f"{area}/players/{ana}/merge", f"{area}/rules/new", f"{area}/evenings/new", f"{area}/directors",
                f"/clubs/{club.public}", f"/clubs/{club.public}/players/{ana}", f"/clubs/{club.public}/ladders.pdf",
                f"{area}/cards.pdf?tables=2", f"/clubs/table/{card.token}",
                f"/results/{evening_token}", f"/results/season/{season.results_token}",
                f"/results/season/{season.results_token}/ladder.pdf", f"{tournament_path(no_csrf_app, ids[0])}/results.pdf"):
        walk.visit(url)
    walk.visit(f"{area}/players/{ana}/merge?other={bea}", status=422)  # they played together: refused
    walk.visit(f"{area}/players/{ana}/shown", method="post", status=303, data={"shown": "initials"})
    walk.visit(f"/clubs/{club.public}")
    walk.visit(f"{area}/seasons/{token}/evenings", method="post", status=303, data={"evening": [], "action": "attach"})
    walk.visit(f"{area}/seasons/{token}")
    walk.visit(f"{area}/seasons/import", method="post", status=400,
               data={"file": (io.BytesIO(json.dumps({"format": "x"}).encode()), "x.json")},
               content_type="multipart/form-data")
    walk.visit(f"{area}/seasons/{token}/archive", method="post", status=303, data={"action": "archive"})
    walk.visit(f"{area}/seasons/{token}")
    invited = walk.visit(f"{area}/directors/invite", method="post", status=303)
    invitation = re.search(r"/clubs/join/[\w-]+", walk.visit(invited.headers["Location"]).get_data(as_text=True))
    walk.visit(f"{area}/log")
    walk.visit(tournament_path(no_csrf_app, ids[0]))
    walk.client = no_csrf_app.test_client()
    walk.visit(invitation.group(0))
    walk.visit(invitation.group(0), method="post", status=422, data={"director": "Ana", "password": "a long one",
                                                                     "password_again": "a long one"})
    walk.visit(f"{area}/login", method="post", status=422, data={"director": "Ana", "password": "wrong"})
    walk.visit(f"/api/v1/clubs/{club.public}", status=200)
    walk.visit(f"/api/v1/seasons/{season.results_token}", status=200)
    walk.visit("/api/v1/seasons/999", status=404)
    assert PASSWORD
    walk.check()

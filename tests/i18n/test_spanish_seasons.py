"""Players, seasons and the public results in Spanish: every page, refusal, the ladder's PDF and the evening's
results PDF ask the catalogue only for messages it holds and show no English of their own."""

from __future__ import annotations

import io
import json

from scorekeeper.db import connect
from scorekeeper.stores import players, seasons
from tests.seasons.helpers import PASSWORD, casual_game, evening
from tests.seasons.test_ladder import EVENINGS
from tests.seasons.test_season_pages import SEASON_FORM

from .test_spanish_complete import Walk, missing  # noqa: F401  (a fixture)
from tests.recording import season_path, started_id, tournament_path

#: Names and words the pages show as they are: the players' and evenings' names, the season's, codes in links.
ALLOWED = {"Monday", "one", "two", "three", "Autumn"}


def test_players_seasons_and_results_speak_spanish(client, missing):  # noqa: F811
    walk = Walk(client, missing, allowed=ALLOWED)
    walk.visit("/seasons/new")
    walk.visit("/seasons/new", method="post", status=422, data={**SEASON_FORM, "best": "9"})
    made = walk.visit("/seasons/new", method="post", status=303, data=SEASON_FORM)
    season_id = started_id(client, made.headers["Location"])
    db = connect(client.application.config["DATABASE"])
    try:
        with client.application.test_request_context():
            ids = [evening(db, name, date, pairs, [{frozenset(score): score}], season_id=season_id)
                   for name, date, pairs, score in EVENINGS]
            casual_game(db, ["Ana"], ["Bea"], [({"meld_points": 90}, {"meld_points": 50})])
        season = seasons.get_season(db, season_id)
        evening_token = db.execute("SELECT results_token FROM tournaments WHERE id = ?", [ids[0]]).fetchone()[0]
        ana = {p.name: p.id for p in players.list_players(db)}["Ana"]
    finally:
        db.close()
    client.get("/")  # the English flashes of the set-up are shown there
    for url in ("/seasons/", season_path(client, season_id), "/seasons/import", "/players/", f"/players/{ana}",
                f"/results/{evening_token}", f"/results/season/{season.results_token}",
                f"/results/season/{season.results_token}/ladder.pdf", f"{tournament_path(client, ids[0])}/results.pdf"):
        walk.visit(url)
    walk.visit(f"/players/{ana}/merge", method="post", status=303, data={"other": str(ana)})
    walk.visit(f"/players/{ana}")
    walk.visit("/seasons/import", method="post", status=400,
               data={"file": (io.BytesIO(json.dumps({"format": "x"}).encode()), "x.json")},
               content_type="multipart/form-data")
    walk.visit(f"{season_path(client, season_id)}/archive", method="post", status=303, data={"action": "archive"})
    walk.visit(season_path(client, season_id))
    assert client.post(f"{tournament_path(client, ids[0])}/login", data={"password": PASSWORD}).status_code == 303
    walk.visit(f"{tournament_path(client, ids[0])}")
    walk.visit(f"/api/v1/seasons/{season.results_token}", status=200)
    walk.visit("/api/v1/seasons/999", status=404)
    walk.check()

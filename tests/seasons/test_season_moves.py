"""A season leaves the app: the JSON API answers its ladder and each evening's standings as the public pages show
them, its ladder prints on one page in either language, and exported to one file it is imported on another
server with the same ladder, and refused there a second time."""

from __future__ import annotations

import io
import json
import subprocess

import pytest

from scorekeeper import create_app
from scorekeeper.db import connect
from scorekeeper.stores import players, seasons
from scorekeeper.stores.seasons import Season

from tests.recording import tournament_path

from tests.clubs.helpers import Club
from tests.worlds import Worlds

from .helpers import casual_game, correct, evening
from .test_ladder import AFTER, BEST_2_OF_3, EVENINGS


def _club(app) -> dict:
    """The season of test_ladder in a club, with its correction after the second evening, and a casual game; the
    club's director signed in (built once, tests/worlds.py)."""
    made = Club(app, "Monday Club", "Ana")
    db = connect(app.config["DATABASE"])
    try:
        with app.test_request_context():
            season_id = seasons.create_season(db, made.id, name="Autumn 2026", rules=BEST_2_OF_3).id
            ids = [evening(db, name, date, pairs, [{frozenset(score): score}], season_id=season_id,
                           club_id=made.id) for name, date, pairs, score in EVENINGS]
            correct(db, ids[1], 1, {"Ana & Eva": 2500, "Cris & Fede": 2000})
            casual_game(db, ["Ana"], ["Bea"], [({"meld_points": 90}, {"meld_points": 50})])
    finally:
        db.close()
    return {"director": made, "season_id": season_id, "ids": ids}


WORLDS = Worlds(club=_club)
database, world = WORLDS.database, WORLDS.world


@pytest.fixture
def club(no_csrf_app, world):
    """The club's world in this test's database, its director signed in (``app.director``: its Club)."""
    db = connect(no_csrf_app.config["DATABASE"])
    season = seasons.get_season(db, world["season_id"])
    no_csrf_app.director = world["director"]
    yield no_csrf_app, db, season, world["ids"]
    db.close()


def export(app, season) -> dict:
    """The season's file, as its club's director downloads it."""
    exported = app.director.client.get(f"{app.director.area}/seasons/{season.results_token}/export")
    assert exported.status_code == 200 and "attachment" in exported.headers["Content-Disposition"]
    return exported.get_json()


def import_elsewhere(tmp_path, name: str, document: dict):
    """A second server with a club of its own, and the answer to importing ``document`` into that club."""
    elsewhere = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "DATABASE": str(tmp_path / name),
                            "SECRET_KEY": "other"})
    there = Club(elsewhere, "Hosted Club", "Hana")
    answer = there.client.post(f"{there.area}/seasons/import", data={"file": (io.BytesIO(json.dumps(
        document).encode()), "autumn.json")}, content_type="multipart/form-data")
    return elsewhere, there, answer


def evening_link(db, tournament_id: int) -> str:
    """The secret of an evening's public results link."""
    return db.execute("SELECT results_token FROM tournaments WHERE id = ?", [tournament_id]).fetchone()[0]


def api_rows(client, path: str) -> list[tuple]:
    answer = client.get(path)
    assert answer.status_code == 200, answer.get_data(as_text=True)
    return [(r["rank"], tuple(r["players"]), r["evenings"], r["points"]) for r in answer.get_json()["rows"]]


EXPECTED = [(rank, (name,), evenings, points) for rank, name, points, evenings in AFTER]


def test_the_api_answers_the_ladder_and_an_evenings_standings(club):
    app, db, season, ids = club
    client = app.test_client()
    assert api_rows(client, f"/api/v1/seasons/{season.results_token}") == EXPECTED
    # The third evening: Cris & Eva 3000 against Dani & Fede 500, 18 VP to 2; ranked by VP. By its results link
    # or by its own (private) link; never by its number.
    third = [(1, ("Cris", "Eva"), 1, 18), (2, ("Dani", "Fede"), 1, 2)]
    assert api_rows(client, f"/api/v1/tournaments/{evening_link(db, ids[2])}/results") == third
    assert api_rows(client, f"/api/v1{tournament_path(db, ids[2])}/results") == third
    for missing in (f"/api/v1/seasons/{season.id}", f"/api/v1/tournaments/{ids[2]}/results",
                    "/api/v1/seasons/999", "/api/v1/seasons/nope", "/api/v1/tournaments/999/results",
                    "/api/v1/tournaments/" + "9" * 40 + "/results"):
        answer = client.get(missing)
        assert answer.status_code == 404 and answer.get_json()["error"]["code"] == "request.not_found"


def test_the_api_shows_names_as_the_public_pages_do(club):
    app, db, season, ids = club
    eva = next(p for p in players.list_players(db, season.club_id) if p.name == "Eva")
    players.set_shown(db, season.club_id, eva, "initials", director=None)
    client = app.test_client()
    assert api_rows(client, f"/api/v1/seasons/{season.results_token}")[0] == (1, ("E.",), 2, 31)
    assert api_rows(client, f"/api/v1/tournaments/{evening_link(db, ids[2])}/results")[0] == (1, ("Cris", "E."), 1, 18)
    players.set_shown(db, season.club_id, eva, "hidden", director=None)
    assert api_rows(client, f"/api/v1/seasons/{season.results_token}")[0] == (1, ("Name not shown",), 2, 31)
    spanish = client.get(f"/api/v1/seasons/{season.results_token}", headers={"Accept-Language": "es"}).get_json()
    assert spanish["rows"][0]["players"] == ["Nombre no mostrado"]


def pdf_text(data: bytes, tmp_path) -> tuple[int, str]:
    path = tmp_path / "ladder.pdf"
    path.write_bytes(data)
    pages = subprocess.run(["pdfinfo", str(path)], check=True, capture_output=True, text=True).stdout
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], check=True, capture_output=True, text=True).stdout
    return int(next(line.split()[-1] for line in pages.splitlines() if line.startswith("Pages:"))), text


@pytest.mark.slow
def test_the_ladder_prints_on_one_page_in_both_languages(club, tmp_path):
    app, db, season, ids = club
    client = app.test_client()
    answer = client.get(f"/results/season/{season.results_token}/ladder.pdf")
    assert answer.status_code == 200 and answer.mimetype == "application/pdf"
    pages, text = pdf_text(answer.data, tmp_path)
    assert pages == 1
    lines = [" ".join(line.split()) for line in text.splitlines()]
    # place, player, evenings, points, best evening (the tie-break), then each evening's figure
    assert "1 Eva 2 31 18 · 13 18" in lines and "– Bea 1 15 15 15 · ·" in lines
    assert "Each player's best 2 of the season's 3 evenings count." in " ".join(lines)
    spanish = client.get(f"/results/season/{season.results_token}/ladder.pdf?lang=es")
    pages, text = pdf_text(spanish.data, tmp_path)
    assert pages == 1 and "Clasificación" in text and "Ladder" not in text


@pytest.mark.slow
@pytest.mark.sqlite_only  # the printed page's layout: the same rows on either engine (the ladder's rows: test_season_cost)
def test_a_long_ladder_still_prints_on_one_page(club, tmp_path):
    app, db, season, ids = club
    with app.test_request_context():
        for n in range(20):
            evening(db, f"Extra {n}", "2026-11-02", [(f"P{n}a", f"P{n}b"), (f"P{n}c", f"P{n}d")],
                    [{frozenset((f"P{n}a & P{n}b", f"P{n}c & P{n}d")): {f"P{n}a & P{n}b": 900, f"P{n}c & P{n}d": 100}}],
                    club_id=season.club_id)
        db.execute("UPDATE seasons SET count = 'all', best = NULL, of = NULL, minimum = 1 WHERE id = ?", [season.id])
        db.execute("UPDATE tournaments SET season_id = ? WHERE season_id IS NULL", [season.id])
    answer = app.test_client().get(f"/results/season/{season.results_token}/ladder.pdf")
    pages, text = pdf_text(answer.data, tmp_path)
    assert pages == 1 and "P19d" in text  # 86 players over 23 evenings
    spanish = app.test_client().get(f"/results/season/{season.results_token}/ladder.pdf?lang=es")
    pages, text = pdf_text(spanish.data, tmp_path)
    assert pages == 1 and "Un guion en el puesto" in text


def test_a_season_moves_to_another_server_with_the_same_ladder(club, tmp_path):
    app, db, season, ids = club
    bea = next(p for p in players.list_players(db, season.club_id) if p.name == "Bea")
    players.set_shown(db, season.club_id, bea, "initials", director=None)
    document = export(app, season)
    elsewhere, there, imported = import_elsewhere(tmp_path, "hosted.sqlite", document)
    assert imported.status_code == 303, imported.get_data(as_text=True)[:2000]
    other = elsewhere.test_client()
    here = api_rows(app.test_client(), f"/api/v1/seasons/{season.results_token}")
    there_rows = api_rows(other, f"/api/v1/seasons/{season.results_token}")
    assert there_rows == here and [r[1] for r in there_rows][-1] == ("B.",)
    # The evenings' public pages came along, each table's deals included, into the importing club.
    page = other.get(f"/results/{document['tournaments'][2]['row']['results_token']}").get_data(as_text=True)
    assert "3,000 – 500" in page
    assert imported.headers["Location"] == f"{there.area}/seasons/{season.results_token}"
    club_page = other.get(f"/api/v1/clubs/{there.public}").get_json()
    assert [s["name"] for s in club_page["seasons"]] == ["Autumn 2026"] and len(club_page["evenings"]) == 3
    again = there.client.post(f"{there.area}/seasons/import", data={"file": (io.BytesIO(json.dumps(
        document).encode()), "autumn.json")}, content_type="multipart/form-data")
    assert again.status_code == 409 and "already has" in again.get_data(as_text=True)
    hosted = connect(elsewhere.config["DATABASE"])
    assert hosted.execute("SELECT COUNT(*) FROM seasons").fetchone()[0] == 1
    assert hosted.execute("SELECT COUNT(*) FROM tournaments WHERE club_id = ?", [there.id]).fetchone()[0] == 3
    hosted.close()


@pytest.mark.parametrize("spoil, refusal", [
    (lambda d: d["ladder"][0].update(points=99), "does not add up"),
    (lambda d: d.update(format="canasta-scorekeeper-season/9"), "newer version"),
    (lambda d: d.pop("tournaments"), "cannot be read"),
    (lambda d: d["tournaments"][0]["entries"][0].update(players="not json"), "cannot be read"),
    (lambda d: d["tournaments"][1]["tables"][0]["row"].update(we_entries=[7]), "cannot be read"),
])
def test_a_spoiled_file_is_refused_whole(club, tmp_path, spoil, refusal):
    app, db, season, ids = club
    document = export(app, season)
    spoil(document)
    elsewhere, _there, answer = import_elsewhere(tmp_path, "other.sqlite", document)
    assert answer.status_code == 400 and refusal in answer.get_data(as_text=True)
    hosted = connect(elsewhere.config["DATABASE"])
    for table in ("seasons", "tournaments", "games", "club_players", "tournament_entries"):
        assert hosted.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0] == 0, table
    hosted.close()


def test_rows_of_an_archived_season_travel_as_they_were(club, tmp_path):
    app, db, season, ids = club
    seasons.archive(db, season.id)
    correct(db, ids[1], 1, {"Ana & Eva": 1800, "Cris & Fede": 2000})  # after archiving: the ladder stays
    elsewhere, _there, answer = import_elsewhere(tmp_path, "arch.sqlite", export(app, season))
    assert answer.status_code == 303
    assert api_rows(elsewhere.test_client(), f"/api/v1/seasons/{season.results_token}") == EXPECTED
    assert isinstance(Season, type)


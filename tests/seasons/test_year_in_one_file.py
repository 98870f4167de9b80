"""A year's season moves as one file (issue 32): the file of a season of 48 evenings (8 pairs, 3 rounds of 4 deals,
about 2 MB) is imported over real HTTP through ``scorekeeper serve``, whose waitress and app read up to 8 MB on that
route alone; a larger file is refused with the reason, and every other route keeps its 1 MB."""

from __future__ import annotations

import json

import pytest

from scorekeeper import create_app
from scorekeeper.db import connect
from scorekeeper.stores import season_transfer, seasons
from tests.clubs.helpers import Club

from .long_season import Served, file_bytes, one_evening_file, season_file


@pytest.fixture(scope="module")
def year(tmp_path_factory) -> dict:
    """The file of a season of 48 evenings, made from one evening played deal by deal."""
    folder = tmp_path_factory.mktemp("pattern")
    app = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "DATABASE": str(folder / "pattern.sqlite"),
                      "SECRET_KEY": "t"})
    club = Club(app, "Pattern Club", "Ana")
    db = connect(app.config["DATABASE"])
    try:
        with app.test_request_context():
            return season_file(one_evening_file(db, club.id), 48)
    finally:
        db.close()


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    server = Served(tmp_path_factory.mktemp("served"))
    yield server
    server.close()


def test_a_years_season_is_imported_as_one_file_over_http(served, year):
    raw = file_bytes(year)
    assert 1024 * 1024 < len(raw) < season_transfer.MAX_FILE_BYTES  # past every other route's limit
    status, text = served.upload(raw)
    assert status == 303, text[-600:]
    db = connect(served.database)
    try:
        season = seasons.season_by_token(db, year["season"]["results_token"])
        assert season is not None and season.club_id == served.club.id
        assert len(seasons.evenings(db, season.id)) == 48
        assert [(r.rank, r.name, r.evenings, r.points) for r in seasons.season_ladder(db, season)] == [
            (r["rank"], r["name"], r["evenings"], r["points"]) for r in year["ladder"]]
        assert db.execute("SELECT COUNT(*) FROM evening_standings s JOIN tournaments t ON t.id = s.tournament_id "
                          "WHERE t.season_id = ?", [season.id]).fetchone()[0] == 48 * 8  # kept as imported
    finally:
        db.close()


def test_a_file_over_the_limit_is_refused_with_the_reason(served, year):
    """Over 8 MB (within the form's room besides), the import page says why; a request past it is stopped by
    waitress before the app reads it; and no other route reads more than 1 MB."""
    document = dict(year, padding="x" * season_transfer.MAX_FILE_BYTES)
    status, text = served.upload(json.dumps(document).encode()[: season_transfer.MAX_FILE_BYTES + 1000])
    assert status == 413 and "larger than this server reads (8 MB)" in text, text[-600:]
    status, _text = served.upload(b"x" * (season_transfer.MAX_REQUEST_BYTES + 1))
    assert status == 413
    token = served.phone.token(f"{served.area}/seasons/new")
    status, _text, _ = served.phone.call(f"{served.area}/seasons/new", body=b"csrf_token=" + token.encode()
                                         + b"&name=" + b"x" * (1024 * 1024 + 70 * 1024),
                                         headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert status == 413

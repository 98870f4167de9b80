"""A number typed into an address or a form is read one way everywhere (``web.forms.whole_number``): ASCII digits
only, within a bound. Python's ``str.isdigit`` also says yes to "²" and "٣", which ``int`` then refuses or reads
as another number: a request with one of them must get a plain answer, never a 500."""

from __future__ import annotations

import io
import json

import pytest

from scorekeeper.web.forms import whole_number
from tests.tournaments.conftest import create_tournament
from tests.recording import tournament_path

ODD = ["²", "١٢", "１２", "12²", " 7 ", "-3", "99999999999999999999", ""]


@pytest.mark.parametrize("text, below, expected", [
    ("12", 1000, 12), (" 7 ", 1000, 7), ("0", 1000, 0), ("999", 1000, 999), ("1000", 1000, None),
    ("²", 1000, None), ("١٢", 1000, None), ("１２", 1000, None), ("-3", 1000, None), ("", 1000, None),
    (None, 1000, None), ("99999999999999999999", 10**12, None),
])
def test_a_whole_number_is_ascii_digits_below_its_bound(text, below, expected):
    assert whole_number(text, below=below) == expected


@pytest.mark.parametrize("odd", ODD)
def test_no_typed_number_in_an_address_gives_a_500(no_csrf_app, odd):
    director = no_csrf_app.test_client()
    tid = create_tournament(director)
    asked = [
        director.get(f"{tournament_path(director, tid)}/entries/check", query_string={"player1": "Ann", "entry": odd}),
        director.get(f"{tournament_path(director, tid)}/log", query_string={"round": odd, "table": odd}),
        director.get("/tournaments/join", query_string={"table": odd, "code": "ABCD"}),
        director.get(f"{tournament_path(director, tid)}/join", query_string={"table": odd, "code": "ABCD"}),
        director.get("/referee/meld", query_string={"game": odd, "cards": "K K K"}),
    ]
    assert [answer.status_code for answer in asked if answer.status_code >= 500] == []


@pytest.mark.parametrize("odd", ["²", "١٢", "１２"])
def test_no_odd_number_in_a_public_address_or_a_file_gives_a_500(client, odd):
    """The results API takes a number or a link in the same place, and an imported file names its format's
    number: a digit that is not ASCII is neither, and gets a plain refusal."""
    assert client.get(f"/api/v1/seasons/{odd}").status_code == 404
    assert client.get(f"/api/v1/tournaments/{odd}/results").status_code == 404
    file = json.dumps({"format": f"canasta-scorekeeper/{odd}", "game": {}}).encode()
    answer = client.post("/games/import", data={"file": (io.BytesIO(file), "game.json")},
                         content_type="multipart/form-data")
    assert answer.status_code == 400


@pytest.mark.parametrize("odd", ["²", "١٢", "１２"])
def test_no_odd_number_for_a_tournaments_season_gives_a_500(no_csrf_app, odd):
    director = no_csrf_app.test_client()
    tid = create_tournament(director)
    answer = director.post(f"{tournament_path(director, tid)}/season", data={"season": odd})
    assert answer.status_code < 500

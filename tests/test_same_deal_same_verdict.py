"""One rule, one verdict: the same bad deal is refused by every way a deal arrives (docs/DEVELOPING.md, "One deal,
from the phone to the database and back"; the rules live in scorekeeper/rules/ only).

Four deals that cannot have happened under bicycle's rules, each posted to the JSON API, imported as a game file,
scored by the ``scorekeeper`` command, entered on the scorepad and entered on a tournament table's phone: all five
refuse it and write nothing.

- two natural canastas with no card points melded: a canasta is at least seven cards, whose values count in the
  melded cards (bicycle: Canastas; the melded floor of ``rules/floors.py``),
- both sides going out (bicycle: Going Out),
- five red threes (bicycle: Red Threes; the pack holds four),
- more card points melded than the whole pack is worth.
"""

from __future__ import annotations

import copy
import io
import json

import pytest
from click.testing import CliRunner

from scorekeeper.cli import main
from scorekeeper.db import connect

from .tournaments.conftest import create_tournament, enter, game_version, tables_of
from .web.scorepad_helpers import counts, start_game
from tests.recording import game_path, tournament_path

OUT = {"went_out": True, "canastas": {"natural": 1}, "meld_points": 200}

BAD_DEALS = {
    "no card points under two canastas": {"we": {"went_out": True, "canastas": {"natural": 2}, "meld_points": 0},
                                          "they": {"meld_points": 50}},
    "both sides went out": {"we": OUT, "they": {"went_out": True, "canastas": {"mixed": 1}, "meld_points": 200}},
    "five red threes": {"we": {**OUT, "red_threes": 3}, "they": {"meld_points": 50, "red_threes": 2}},
    "more points than the pack": {"we": {**OUT, "meld_points": 5000}, "they": {"meld_points": 50}},
}
#: What each refusal names: the field of the API's answer (docs/API.md, Errors).
FIELDS = {"no card points under two canastas": "sides.we.meld_points", "both sides went out": "sides",
          "five red threes": "sides", "more points than the pack": "sides.we.meld_points"}
GOOD = {"we": OUT, "they": {"meld_points": 50, "hand_points": 20}}


def form_of(sides: dict) -> dict[str, str]:
    """A deal in the API's shape as the deal form posts it (by totals)."""
    data = {"mode": "totals"}
    for key, side in sides.items():
        canastas = side.get("canastas", {})
        data.update({f"{key}-went_out": "yes" if side.get("went_out") else "no",
                     f"{key}-canasta_natural": str(canastas.get("natural", 0)),
                     f"{key}-canasta_mixed": str(canastas.get("mixed", 0)),
                     f"{key}-meld_points": str(side.get("meld_points", 0)),
                     f"{key}-hand_points": str(side.get("hand_points", 0)),
                     f"{key}-red_threes": str(side.get("red_threes", 0))})
    return data


@pytest.fixture(scope="module")
def exported_game(tmp_path_factory):
    """A game of one good deal, downloaded as its JSON file (the import's input)."""
    from scorekeeper import create_app

    folder = tmp_path_factory.mktemp("export")
    app = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "DATABASE": str(folder / "export.sqlite"),
                      "SECRET_KEY": "t"})
    client = app.test_client()
    game_id = start_game(client)
    assert client.post(f"{game_path(client, game_id)}/deals", data={**form_of(GOOD), "version": "1"}).status_code == 303
    return json.loads(client.get(f"{game_path(client, game_id)}/export.json").get_data(as_text=True))


@pytest.mark.parametrize("name", BAD_DEALS)
def test_the_api_refuses_it(client, name):
    response = client.post("/api/v1/score/deal", json={"rules": "bicycle", "sides": BAD_DEALS[name]})
    assert response.status_code == 400, response.get_json()
    error = response.get_json()["error"]
    assert (error["code"], error["field"]) == ("deal.impossible", FIELDS[name])


@pytest.mark.parametrize("name", BAD_DEALS)
def test_the_command_refuses_it(tmp_path, name):
    path = tmp_path / "deal.json"
    path.write_text(json.dumps({"rules": "bicycle", "sides": BAD_DEALS[name]}), encoding="utf-8")
    result = CliRunner().invoke(main, ["score", str(path)], env={"LANGUAGE": "", "LC_ALL": "", "LANG": "C.UTF-8"})
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("Error: ") and f"(in {FIELDS[name]})" in result.stderr


@pytest.mark.parametrize("name", BAD_DEALS)
def test_an_import_refuses_it(client, db, exported_game, name):
    document = copy.deepcopy(exported_game)
    document["game"]["deals"][0]["sides"] = BAD_DEALS[name]
    before = counts(db)
    response = client.post("/games/import", data={"file": (io.BytesIO(json.dumps(document).encode()), "game.json")},
                           content_type="multipart/form-data")
    assert response.status_code == 400  # a file that cannot be a game is a bad request (web/transfer.py)
    assert "deal 1 cannot be scored" in response.get_data(as_text=True)
    assert counts(db) == before


@pytest.mark.parametrize("name", BAD_DEALS)
def test_the_scorepad_refuses_it(client, db, name):
    game_id = start_game(client)
    before = counts(db)
    response = client.post(f"{game_path(client, game_id)}/deals", data={**form_of(BAD_DEALS[name]), "version": "1",
                                                             "confirm": "y"})
    assert response.status_code == 422
    assert 'class="field-error"' in response.get_data(as_text=True)
    assert counts(db) == before


@pytest.mark.parametrize("name", BAD_DEALS)
def test_a_tournament_table_refuses_it(no_csrf_app, name):
    director = no_csrf_app.test_client()
    tid = create_tournament(director)
    for player in ("Ann", "Ben", "Cy", "Di"):
        enter(director, tid, player)
    director.post(f"{tournament_path(director, tid)}/rounds")
    table = tables_of(no_csrf_app, tid, 1)[0]
    version = game_version(no_csrf_app, table)
    response = no_csrf_app.test_client().post(
        f"/tournaments/table/{table.token}/deals",
        data={**form_of(BAD_DEALS[name]), "version": str(version), "side": "we", "confirm": "y"})
    assert response.status_code == 422
    db = connect(no_csrf_app.config["DATABASE"])
    try:
        assert db.execute("SELECT COUNT(*) FROM deals WHERE game_id = ?", [table.game_id]).fetchone()[0] == 0
    finally:
        db.close()
    assert game_version(no_csrf_app, table) == version

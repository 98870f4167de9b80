"""Cut-throat's lone hand, one verdict on every path a deal arrives by (docs/RULES.md §5.3; docs/DEVELOPING.md,
"One deal, from the phone to the database and back"): the JSON API, the ``scorekeeper`` command, an imported
game file, the scorepad and the scorepad's correction.

- a lone hand who melded nothing cannot be (taking the pile or going out needs a meld): refused everywhere, on
  that side's ``lone_hand``, and nothing is written;
- a player who went out with nobody marked as the lone hand went out before anyone took the pile: he plays
  alone everywhere, and every path gives the same scores (tests/rules/test_cut_throat.py, deal 2).

Tournament tables seat four in two partnerships (``web/tournaments/director.py``), so no cut-throat deal reaches
the table phone or the director's correction; they read deals through the same ``deal_path.read_deal``.
"""

from __future__ import annotations

import copy
import io
import json

import pytest
from click.testing import CliRunner

from scorekeeper.cli import main
from scorekeeper.stores import deals as deal_store
from scorekeeper.stores import games
from scorekeeper.stores.summary import game_summary

from .web.formparse import form_values
from .web.scorepad_helpers import counts
from tests.recording import game_path

CUT_THROAT = {"players": 3, "team_up": "cut_throat"}
SIDES = [{"key": "p1", "name": "Ann", "players": ["Ann"]}, {"key": "p2", "name": "Bob", "players": ["Bob"]},
         {"key": "p3", "name": "Cy", "players": ["Cy"]}]
#: Ann marked as playing alone, with nothing melded.
ALONE_WITH_NOTHING = {"p1": {"lone_hand": True, "hand_points": 20, "red_threes": 1},
                      "p2": {"meld_points": 90}, "p3": {}}
#: Nobody marked; Cy went out (deal 2 of tests/rules/test_cut_throat.py by totals): 10, -90, 1,065.
CY_OUT = {"p1": {"meld_points": 30, "hand_points": 40, "red_threes": 1}, "p2": {"hand_points": 80},
          "p3": {"meld_points": 165, "canastas": {"natural": 1, "mixed": 1}, "went_out": True}}
CY_ALONE = {"p1": 10, "p2": -90, "p3": 1065}
GOOD = {"p1": {"meld_points": 50}, "p2": {}, "p3": {}}


def _form(sides: dict, lone: str = "") -> dict:
    """A deal in the API's shape as the deal form posts it by totals, every player in a block of his own, or (with
    ``lone``) his block and the other two's figures added up in the partnership's."""
    data = {"mode": "totals", "lone_hand": lone, "shown_lone": lone}
    blocks = {key: [side] for key, side in sides.items() if not lone or key == lone}
    if lone:
        blocks["partnership"] = [side for key, side in sides.items() if key != lone]
    for key, entries in blocks.items():
        canastas = {kind: sum(e.get("canastas", {}).get(kind, 0) for e in entries) for kind in ("natural", "mixed")}
        data.update({f"{key}-went_out": "yes" if any(e.get("went_out") for e in entries) else "no",
                     f"{key}-meld_points": str(sum(e.get("meld_points", 0) for e in entries)),
                     f"{key}-hand_points": str(sum(e.get("hand_points", 0) for e in entries)),
                     **{f"{key}-canasta_{kind}": str(n) for kind, n in canastas.items()}})
    data.update({f"{key}-red_threes": str(side.get("red_threes", 0)) for key, side in sides.items()})
    return data


@pytest.fixture
def game_id(db):
    return games.create_game(db, rules="bicycle", options=CUT_THROAT, sides=SIDES)


def _command(tmp_path, sides):
    path = tmp_path / "deal.json"
    path.write_text(json.dumps({"rules": "bicycle", "options": CUT_THROAT, "sides": sides}), encoding="utf-8")
    return CliRunner().invoke(main, ["score", str(path)], env={"LANGUAGE": "", "LC_ALL": "", "LANG": "C.UTF-8"})


def test_a_lone_hand_who_melded_nothing_is_refused_on_every_path(client, db, game_id, tmp_path):
    api = client.post("/api/v1/score/deal", json={"rules": "bicycle", "options": CUT_THROAT,
                                                  "sides": ALONE_WITH_NOTHING})
    assert api.status_code == 400
    assert (api.get_json()["error"]["code"], api.get_json()["error"]["field"]) == ("deal.impossible",
                                                                                    "sides.p1.lone_hand")
    command = _command(tmp_path, ALONE_WITH_NOTHING)
    assert command.exit_code == 2 and "(in sides.p1.lone_hand)" in command.stderr

    path = game_path(client, game_id)
    document = json.loads(client.get(f"{path}/export.json").get_data(as_text=True))
    document["game"]["deals"] = [{"number": 1, "mode": "totals", "sides": ALONE_WITH_NOTHING}]
    before = counts(db)
    imported = client.post("/games/import", content_type="multipart/form-data",
                           data={"file": (io.BytesIO(json.dumps(document).encode()), "game.json")})
    assert imported.status_code == 400 and "deal 1 cannot be scored" in imported.get_data(as_text=True)
    assert counts(db) == before

    pad = client.post(f"{path}/deals", data={**_form(ALONE_WITH_NOTHING, "p1"), "version": "1", "confirm": "y"})
    assert pad.status_code == 422 and 'id="lone_hand-error"' in pad.get_data(as_text=True)
    assert counts(db) == before

    deal_id = deal_store.add_deal(db, game_id, GOOD, mode="totals", expected_version=1)
    version = games.get_game(db, game_id).version
    edit = client.post(f"{path}/deals/{deal_id}/edit", data={**_form(ALONE_WITH_NOTHING, "p1"),
                                                             "version": str(version), "confirm": "y"})
    assert edit.status_code == 422 and 'id="lone_hand-error"' in edit.get_data(as_text=True)
    assert games.list_deals(db, game_id)[0].sides == GOOD


def test_two_lone_hands_are_refused_where_they_can_be_given(client, tmp_path):
    """The deal form has one choice of who took the pile first; the API and the command can name two."""
    two = {**ALONE_WITH_NOTHING, "p1": {"lone_hand": True, "meld_points": 50},
           "p2": {"lone_hand": True, "meld_points": 90}}
    api = client.post("/api/v1/score/deal", json={"rules": "bicycle", "options": CUT_THROAT, "sides": two})
    assert (api.status_code, api.get_json()["error"]["field"]) == (400, "sides.p2.lone_hand")
    command = _command(tmp_path, two)
    assert command.exit_code == 2 and "(in sides.p2.lone_hand)" in command.stderr


def test_a_player_out_before_anyone_took_the_pile_plays_alone_on_every_path(client, db, game_id, tmp_path):
    api = client.post("/api/v1/score/deal", json={"rules": "bicycle", "options": CUT_THROAT, "sides": CY_OUT})
    assert {k: s["deal"] for k, s in api.get_json()["sides"].items()} == CY_ALONE
    assert api.get_json()["lone_hand"] == "p3"
    command = _command(tmp_path, CY_OUT)
    assert command.exit_code == 0 and "p3 played alone" in command.output
    assert "+1065" in command.output

    path = game_path(client, game_id)
    pad = client.post(f"{path}/deals", data={**_form(CY_OUT), "version": "1"})
    assert pad.status_code == 303
    assert game_summary(db, game_id).totals == CY_ALONE

    document = json.loads(client.get(f"{path}/export.json").get_data(as_text=True))
    assert document["game"]["deals"][0]["lone_hand"] == "p3"
    document["game"]["deals"][0]["sides"] = copy.deepcopy(CY_OUT)  # as the API takes it: Cy out, nobody marked
    imported = client.post("/games/import", content_type="multipart/form-data",
                           data={"file": (io.BytesIO(json.dumps(document).encode()), "game.json")})
    assert imported.status_code == 303
    newest = max(row[0] for row in db.execute("SELECT id FROM games").fetchall())
    assert game_summary(db, newest).totals == CY_ALONE and game_summary(db, newest).rows[0].lone_hand == "p3"

    page = client.get(f"{path}/deals/{games.list_deals(db, game_id)[0].id}/edit").get_data(as_text=True)
    values = form_values(page, "deal-form")
    assert values["lone_hand"] == "" and "Cy played alone" in page
    assert client.post(f"{path}/deals/{games.list_deals(db, game_id)[0].id}/edit", data=values).status_code == 303
    assert game_summary(db, game_id).totals == CY_ALONE

"""Club rule sets, over real HTTP through the app and its database: made in a club's director area with JavaScript
off, offered beside the five in its directors' new games, the club's API answer and the referee, changed as a new
version that leaves a running game alone, and carried to another server's club as a file or a link."""

from __future__ import annotations

import io
import json
import re

import pytest

from scorekeeper import create_app
from scorekeeper.rules import PROFILES
from scorekeeper.stores import games, rule_sets

from .formparse import form_values
from tests.clubs.helpers import Club
from tests.recording import game_path, started_id
from tests.worlds import Worlds


def _club(app) -> dict:
    """A club whose director's browser (``club.client``) makes the sets, at ``club.new`` (its new-set page); built
    once (tests/worlds.py)."""
    made = Club(app, "Tuesday Club", "Tess")
    made.new = f"{made.area}/rules/new"
    return {"club": made}


WORLDS = Worlds(club=_club)
database, world = WORLDS.database, WORLDS.world


@pytest.fixture
def club(world):
    """The club's world in this test's database, its director signed in."""
    return world["club"]


def _make(club, **options) -> str:
    """Tuesday rules: the Bicycle rules for three, cut-throat, to 6,000, made through the page's own form; its id."""
    client = club.client
    page = client.get(club.new).get_data(as_text=True)
    values = form_values(page, "rule-set")
    values.update({"opt_players": "3", "refresh": "1"})
    page = client.post(club.new, data=values).get_data(as_text=True)
    values = form_values(page, "rule-set")
    values.update({"name": "Tuesday rules", "note": "Three of us most weeks.", "opt_team_up": "cut_throat",
                   "opt_target": "6000", **{f"opt_{k}": v for k, v in options.items()}})
    response = client.post(club.new, data=values)
    assert response.status_code == 303, response.get_data(as_text=True)[:2000]
    found = response.headers["Location"].rsplit("/", 1)[1]
    assert re.fullmatch(r"club-tuesday-rules-[0-9a-f]{6}", found), found
    return found


def test_a_set_is_made_and_says_where_it_differs(club, db):
    set_id = _make(club)
    found = rule_sets.by_id(db, set_id)
    assert (found.base, found.version, found.name, found.club_id) == ("bicycle", 1, "Tuesday rules", club.id)
    assert found.options == {"players": 3, "team_up": "cut_throat", "target": 6000}
    page = club.app.test_client().get(f"/rules/{set_id}").get_data(as_text=True)  # anyone reads it by its id
    assert "Three of us most weeks." in page
    assert "Players: 3 here, 4 in Bicycle (Hoyle) rules." in page
    assert "Game target: 6,000 here, 5,000 in Bicycle (Hoyle) rules." in page
    assert "a new version" not in page  # only the club's directors change it


def test_a_set_needs_a_name(club, db):
    values = form_values(club.client.get(club.new).get_data(as_text=True), "rule-set")
    response = club.client.post(club.new, data=values)
    assert response.status_code == 422
    assert "Give the rule set a name" in response.get_data(as_text=True)
    assert rule_sets.latest(db, club.id) == []


def test_the_club_lists_the_set_and_the_api_accepts_it(club, db):
    set_id = _make(club)
    client = club.app.test_client()
    assert [p["id"] for p in client.get("/api/v1/rules").get_json()["profiles"]] == list(PROFILES)  # a stranger's
    # phone holds none of the club's sets: they are listed by the club
    listed = client.get(f"/api/v1/clubs/{club.public}").get_json()["rule_sets"]
    assert listed == [{"id": set_id, "name": "Tuesday rules", "source": "000 Canasta General Rules",
                       "target": 6000, "base": "bicycle", "version": 1}]
    whole = client.get(f"/api/v1/rules/{set_id}").get_json()
    values = {o["name"]: o["value"] for o in whole["options"]}
    assert (values["players"], values["team_up"], values["target"], whole["sides"]) == (3, "cut_throat", 6000,
                                                                                         [1, 1, 1])
    deal = client.post("/api/v1/score/deal", json={"rules": set_id, "before": {"p1": 5900}, "sides": {
        "p1": {"meld_points": 100, "lone_hand": True}, "p2": {}, "p3": {}}}).get_json()
    assert deal["game_over"] is True and deal["winner"] == "p1"  # 6,000 under the set
    assert client.get(f"/api/v1/rules/{set_id}/minimum?score=1500").get_json()["minimum"] == 90
    assert client.get("/api/v1/rules/club-nothing").status_code == 404


def test_a_game_keeps_the_version_it_started_with(club, db):
    set_id = _make(club)
    stranger = club.app.test_client()  # anyone may start a casual game under a set, by its id
    page = stranger.get(f"/games/new?rules={set_id}").get_data(as_text=True)
    values = form_values(page, "new-game")
    assert values["rules"] == set_id and values["opt_target"] == "6000" and values["opt_team_up"] == "cut_throat"
    values.update(p1_player0="Ann", p2_player0="Bo", p3_player0="Cy")
    response = stranger.post("/games/new", data=values)
    assert response.status_code == 303, response.get_data(as_text=True)[:2000]
    game_id = started_id(stranger, response.headers["Location"])
    game = games.get_game(db, game_id)
    assert (game.rules, game.profile.target, game.profile.cut_throat) == ("bicycle", 6000, True)
    assert game.rule_set == {"key": set_id.removeprefix("club-"), "version": 1, "name": "Tuesday rules"}
    assert "Tuesday rules" in stranger.get(f"{game_path(stranger, game_id)}").get_data(as_text=True)
    # The club changes its set: a second version, to 7,000.
    values = form_values(club.client.get(f"{club.new}?version={set_id}").get_data(as_text=True), "rule-set")
    assert values["opt_target"] == "6000" and values["name"] == "Tuesday rules"
    values["opt_target"] = "7000"
    assert club.client.post(f"{club.new}?version={set_id}", data=values).status_code == 303
    assert rule_sets.by_id(db, set_id).version == 2
    assert games.get_game(db, game_id).profile.target == 6000
    assert stranger.get(f"/api/v1/rules/{set_id}").get_json()["target"] == 7000
    # Retired: no longer offered to the club's new games, still read by its id.
    assert club.client.post(f"{club.area}/rules/{set_id}/retire", data={"action": "retire"}).status_code == 303
    assert f'value="{set_id}"' not in club.client.get("/games/new").get_data(as_text=True)
    assert stranger.get(f"/api/v1/rules/{set_id}").status_code == 200


def test_a_version_past_any_stored_number_is_not_found(club, db):
    """Found by the route fuzzing: ?version=9223372036854775808 reached SQLite and answered 500; and digits that
    are not ASCII ("²" passes str.isdigit, which int() refuses)."""
    set_id = _make(club)
    reader = club.app.test_client()
    assert reader.get(f"/rules/{set_id}?version=1").status_code == 200
    for version in ("2", "9223372036854775807", "9223372036854775808", "9" * 40, "²", "%D9%A1"):
        assert reader.get(f"/rules/{set_id}?version={version}").status_code == 404, version
        assert reader.get(f"/rules/{set_id}.json?version={version}").status_code == 404, version


def test_the_referee_and_the_rules_pages_offer_the_set(club, db):
    set_id = _make(club)
    client = club.client
    assert "Tuesday rules" in client.get("/referee/").get_data(as_text=True)
    assert "Tuesday rules" in client.get("/referee/rules").get_data(as_text=True)
    assert "Tuesday rules" not in club.app.test_client().get("/referee/rules").get_data(as_text=True)
    page = client.get(f"/referee/rules/{set_id}")
    assert page.status_code == 200
    assert "cut-throat" in page.get_data(as_text=True)
    referee = client.get(f"/referee/?rules={set_id}")
    assert referee.status_code == 200
    assert "6,000" in referee.get_data(as_text=True) or "6000" in referee.get_data(as_text=True)


@pytest.fixture
def other_server(tmp_path):
    """A second scorekeeper with a database of its own and a club there, its director signed in."""
    app = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "DATABASE": str(tmp_path / "other.sqlite"),
                      "SECRET_KEY": "o"})
    there = Club(app, "Hosted Club", "Hana")
    return there.client, there


def test_a_set_goes_to_another_server_as_a_file(club, db, other_server):
    set_id = _make(club)
    download = club.client.get(f"/rules/{set_id}.json")
    assert download.headers["Content-Disposition"].startswith("attachment")
    other, there = other_server
    preview = other.post("/rules/import", data={"file": (io.BytesIO(download.data), "tuesday.json")},
                         content_type="multipart/form-data")
    assert preview.status_code == 200 and "Tuesday rules" in preview.get_data(as_text=True)
    values = form_values(preview.get_data(as_text=True))
    saved = other.post("/rules/import", data={"data": values["data"], "confirm": "1", "club": there.area[10:]})
    assert saved.status_code == 303
    theirs_id = saved.headers["Location"].rsplit("/", 1)[1]
    assert other.get(f"/api/v1/rules/{theirs_id}").get_json()["target"] == 6000
    theirs = {o["name"]: o["value"] for o in other.get(f"/api/v1/rules/{theirs_id}").get_json()["options"]}
    mine = {o["name"]: o["value"] for o in club.client.get(f"/api/v1/rules/{set_id}").get_json()["options"]}
    assert theirs == mine


def test_a_set_goes_to_another_server_as_a_link(club, db, other_server):
    set_id = _make(club)
    page = club.client.get(f"/rules/{set_id}").get_data(as_text=True)
    link = page.split('href="http://localhost/rules/import?data=', 1)[1].split('"', 1)[0]
    other, there = other_server
    preview = other.get(f"/rules/import?data={link}")
    assert preview.status_code == 200 and "Keep these rules in Hosted Club" in preview.get_data(as_text=True)
    visitor = there.app.test_client()  # without a club, the set is shown and kept nowhere
    assert visitor.post("/rules/import", data={"data": link, "confirm": "1", "club": there.area[10:]}).status_code == 403
    assert other.post("/rules/import", data={"data": link, "confirm": "1", "club": there.area[10:]}).status_code == 303


@pytest.mark.parametrize("content", [b"not json", json.dumps({"format": "something else"}).encode(),
                                     json.dumps({"format": "canasta-rule-set", "version": 1, "base": "bicycle",
                                                 "name": "X", "options": {"players": 9}}).encode()])
def test_a_bad_file_is_refused_in_plain_words(club, db, content):
    response = club.client.post("/rules/import", data={"file": (io.BytesIO(content), "x.json")},
                                content_type="multipart/form-data")
    assert response.status_code == 400
    assert "message-error" in response.get_data(as_text=True)
    assert rule_sets.latest(db, club.id) == []


def test_a_tournament_starts_under_a_set_of_four_and_keeps_it(club, db):
    """A tournament seats four at every table: it offers the club's sets of four, none of its table options, and
    keeps the version it started with."""
    from tests.tournaments.conftest import tournament_form

    client = club.client
    set_id = _make(club)  # three players: not offered to a tournament
    values = form_values(client.get(club.new).get_data(as_text=True), "rule-set")
    values.update(name="Club nights", opt_target="4000", opt_wild_cap_after_canasta="three")
    made = client.post(club.new, data=values)
    assert made.status_code == 303
    nights = made.headers["Location"].rsplit("/", 1)[1]
    page = client.get("/tournaments/new").get_data(as_text=True)
    assert f'value="{nights}"' in page and f'value="{set_id}"' not in page
    assert 'name="opt_players"' not in page
    form = {k: v for k, v in tournament_form().items() if not k.startswith("opt_")}
    chosen = form_values(client.get(f"/tournaments/new?rules={nights}").get_data(as_text=True))
    form.update({k: v for k, v in chosen.items() if k.startswith("opt_")}, rules=nights)
    response = client.post("/tournaments/new", data=form)
    assert response.status_code == 303, response.get_data(as_text=True)[:2000]
    from scorekeeper.tournaments.rows import Tournament

    row = db.execute("SELECT * FROM tournaments ORDER BY id DESC LIMIT 1").fetchone()
    tournament = Tournament.from_row(dict(zip([d[0] for d in db.execute("SELECT * FROM tournaments").description],
                                              row)))
    assert tournament.rules == "bicycle" and tournament.options == {"target": 4000, "wild_cap_after_canasta": "three"}
    assert tournament.profile.name == "Club nights" and tournament.rule_set["version"] == 1


def test_a_set_of_two_deals_with_a_minimum_by_deal(club, db):
    """docs/RULES.md §6 through a club set: Modern American in two deals, minimums 125 / 155 / 180 by deal. Deal 1:
    we go out with a natural and a mixed canasta and 100 melded: 100 + 500 + 300 + 100 = 1,000; they 0. The next
    minimum is 155 for both, whatever the totals. Deal 2: they meld 100 without a canasta (minus under these
    rules): the two deals are played and we win 1,000 to -100."""
    client = club.client
    values = form_values(client.get(club.new).get_data(as_text=True), "rule-set")
    values.update(base="modern-american", refresh="1")
    values = form_values(client.post(club.new, data=values).get_data(as_text=True), "rule-set")
    values.update(name="Two-deal nights", opt_deals_in_game="2", opt_minimum_by_deal="125 155 180")
    made = client.post(club.new, data=values)
    assert made.status_code == 303
    found = rule_sets.by_id(db, made.headers["Location"].rsplit("/", 1)[1])
    assert found.options == {"deals_in_game": 2, "minimum_by_deal": [125, 155, 180]}
    game_values = form_values(client.get(f"/games/new?rules={found.id}").get_data(as_text=True), "new-game")
    assert game_values["opt_minimum_by_deal"] == "125 155 180"
    response = client.post("/games/new", data=game_values)
    assert response.status_code == 303, response.get_data(as_text=True)[:2000]
    game_id = started_id(client, response.headers["Location"])
    from scorekeeper.stores.summary import game_summary

    assert game_summary(db, game_id).minimums == {"we": 125, "they": 125}
    deal = {"version": "1", "mode": "totals", "we-meld_points": "100", "we-canasta_natural": "1",
            "we-canasta_mixed": "1", "we-went_out": "yes"}
    assert client.post(f"{game_path(client, game_id)}/deals", data=deal).status_code == 303
    summary = game_summary(db, game_id)
    assert summary.totals == {"we": 1000, "they": 0}
    assert summary.minimums == {"we": 155, "they": 155} and not summary.game_over
    second = {"version": str(summary.version), "mode": "totals", "they-meld_points": "100"}
    assert client.post(f"{game_path(client, game_id)}/deals", data=second).status_code == 303
    summary = game_summary(db, game_id)
    assert summary.totals == {"we": 1000, "they": -100}
    assert summary.game_over and summary.winner == "we"

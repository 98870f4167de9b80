"""Two clubs and a stranger on one server (issue 30): every way the issue found to reach into another club is
refused, and each club's ladder and rule set read back unchanged afterwards.

The attacks, as the issue tried them on the server before clubs: a stranger's evening put into a club's season
(by its number, when made or later), a club's evening moved into another club's season, a club's rule set
versioned by someone else (``?from=club-...``), a roster change made through a throwaway tournament with the same
names, and a season import that set another club's player's initials."""

from __future__ import annotations

import io
import json

import pytest

from scorekeeper.db import connect
from tests.seasons.helpers import evening
from tests.tournaments.conftest import create_tournament, enter
from tests.recording import tournament_path
from tests.web.formparse import form_values

from .helpers import Club, ladder

#: Each club's evening, one table: Ann Smith & Bea 2600 against Cris & Dani 1200 (15 VP to 5).
SCORES = [{frozenset(("Ann Smith & Bea", "Cris & Dani")): {"Ann Smith & Bea": 2600, "Cris & Dani": 1200}}]
PAIRS = [("Ann Smith", "Bea"), ("Cris", "Dani")]
LADDER = [(1, ("Ann Smith",), 1, 15), (1, ("Bea",), 1, 15), (3, ("Cris",), 1, 5), (3, ("Dani",), 1, 5)]


def rule_set_api(client, rules_id: str) -> dict:
    answer = client.get(f"/api/v1/rules/{rules_id}")
    assert answer.status_code == 200
    return answer.get_json()


@pytest.mark.slow
def test_two_clubs_and_a_stranger_reach_nothing_of_each_others(no_csrf_app):
    app = no_csrf_app
    a, b = Club(app, "Thursday Club", "Ana"), Club(app, "Riverside", "Bruno")
    stranger = app.test_client()
    autumn, rules_a = a.season(name="Autumn"), a.rule_set("Thursday rules", target=5000)
    spring = b.season(name="Spring")
    db = connect(app.config["DATABASE"])
    with app.test_request_context():
        evening(db, "Thursday one", "2026-10-01", PAIRS, SCORES, club_id=a.id, season_id=a.season_id(autumn))
        evening(db, "Riverside one", "2026-10-02", PAIRS, SCORES, club_id=b.id, season_id=b.season_id(spring))
        riverside_two = evening(db, "Riverside two", "2026-10-09", PAIRS, SCORES, club_id=b.id)
    assert ladder(stranger, autumn) == LADDER and ladder(stranger, spring) == LADDER
    rules_before = rule_set_api(stranger, rules_a)
    assert rules_before["target"] == 5000 and rules_before["version"] == 1

    # 1. A stranger's evening cannot join a club's season: not when it is made, nor from its page, by the season's
    #    number or by its link; club B cannot move its own evening into club A's season either.
    for season in (str(a.season_id(autumn)), autumn):
        tid = create_tournament(stranger, format="pairs", season=season)
        enter(stranger, tid, "Xavi", "Yola")
        enter(stranger, tid, "Zoe", "Walt")
        stranger.post(f"{tournament_path(stranger, tid)}/season", data={"season": season})
        assert tuple(db.execute("SELECT season_id, club_id FROM tournaments WHERE id = ?", [tid]).fetchone()) == (None, None)
    b_evening = tournament_path(b.client, riverside_two).rsplit("/", 1)[1]
    for who, area in ((b.client, b.area), (b.client, a.area), (stranger, a.area)):
        answer = who.post(f"{area}/seasons/{autumn}/evenings", data={"evening": b_evening, "action": "attach"})
        assert answer.status_code in (403, 404), (area, answer.status_code)
    assert b.client.post(f"{tournament_path(b.client, riverside_two)}/season", data={"season": autumn}).status_code \
        in (303, 403, 404)
    assert db.execute("SELECT season_id FROM tournaments WHERE id = ?", [riverside_two]).fetchone()[0] is None

    # 2. Only club A's directors version or retire its rule set; anyone may copy it, into a club of their own.
    form = form_values(a.client.get(f"{a.area}/rules/new?version={rules_a}").get_data(as_text=True), "rule-set")
    hostile = {**form, "opt_target": "100"}
    assert stranger.post(f"/rules/new?from={rules_a}", data=hostile).status_code in (403, 404, 405)
    for who, area in ((b.client, a.area), (stranger, a.area), (b.client, b.area)):
        assert who.post(f"{area}/rules/new?version={rules_a}", data=hostile).status_code in (403, 404)
        assert who.post(f"{area}/rules/{rules_a}/retire").status_code in (403, 404)
    copied = b.client.post(f"{b.area}/rules/new?from={rules_a}", data=hostile)
    assert copied.status_code == 303
    copy_id = copied.headers["Location"].rsplit("/", 1)[1]
    assert copy_id != rules_a and rule_set_api(stranger, copy_id)["target"] == 100

    # 3. No roster change crosses clubs: B hides its own Ann Smith, who is not A's; neither B nor a stranger can
    #    reach A's players, and a throwaway tournament with the same names opens no roster at all.
    ann_a, ann_b, bea_a = a.player("Ann Smith"), b.player("Ann Smith"), a.player("Bea")
    assert ann_a != ann_b
    assert b.client.post(f"{b.area}/players/{ann_b}/shown", data={"shown": "hidden"}).status_code == 303
    for who, area in ((b.client, b.area), (b.client, a.area), (stranger, a.area)):
        assert who.post(f"{area}/players/{ann_a}/shown", data={"shown": "initials"}).status_code in (403, 404)
        assert who.post(f"{area}/players/{ann_a}/merge", data={"other": bea_a}).status_code in (403, 404)
    assert b.client.post(f"{b.area}/players/{ann_b}/merge", data={"other": ann_a}).status_code in (303, 404, 422)
    throwaway = create_tournament(stranger, format="pairs")
    enter(stranger, throwaway, "Ann Smith", "Bea")
    assert stranger.get("/players/").status_code == 404
    assert db.execute("SELECT COUNT(*) FROM club_players WHERE name = 'Ann Smith'").fetchone()[0] == 2

    # 4. An import changes nothing it does not own: A's season file, its links made new and Ann Smith set to
    #    initials, goes into club B only, and changes neither A's Ann Smith nor B's own choice for theirs.
    document = a.client.get(f"{a.area}/seasons/{autumn}/export").get_json()
    refused = b.client.get(f"{a.area}/seasons/{autumn}/export")  # to A's sign-in, not the file
    assert refused.status_code == 303 and refused.headers["Location"].startswith(f"{a.area}/login")
    document["season"]["results_token"] = "another-season-file-0001"
    for number, tournament in enumerate(document["tournaments"]):
        tournament["row"].update(results_token=f"another-evening-file-{number:04}", link=None)
    for player in document["players"]:
        player.update(shown="initials", initials=True)
    for who in (stranger, b.client):  # into club A: by its directors only
        upload = {"file": (io.BytesIO(json.dumps(document).encode()), "autumn.json")}
        answer = who.post(f"{a.area}/seasons/import", data=upload, content_type="multipart/form-data")
        assert answer.status_code == 403, answer.status_code
    upload = {"file": (io.BytesIO(json.dumps(document).encode()), "autumn.json")}
    imported = b.client.post(f"{b.area}/seasons/import", data=upload, content_type="multipart/form-data")
    assert imported.status_code == 303, imported.get_data(as_text=True)[:2000]
    shown = db.execute("SELECT c.name, p.shown FROM club_players p JOIN clubs c ON c.id = p.club_id "
                       "WHERE p.name = 'Ann Smith' ORDER BY c.name").fetchall()
    assert [tuple(row) for row in shown] == [("Riverside", "hidden"), ("Thursday Club", "name")]

    # Read back: A's ladder and rule set as they were; B's ladder shows its own choice for its Ann Smith.
    assert ladder(stranger, autumn) == LADDER
    assert rule_set_api(stranger, rules_a) == rules_before
    assert {row[1] for row in ladder(stranger, spring)} == {("Name not shown",), ("Bea",), ("Cris",), ("Dani",)}
    club_a = stranger.get(f"/api/v1/clubs/{a.public}").get_json()
    assert [s["name"] for s in club_a["seasons"]] == ["Autumn"]
    assert [r["id"] for r in club_a["rule_sets"]] == [rules_a]
    db.close()

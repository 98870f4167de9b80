"""What was there before clubs (issue 30): a database of the last release before them, with an evening, a season,
a rule set and a player who chose initials, is upgraded by migration 0015_clubs into one club named "Club" with no
director. Every link still opens what it opened; the evening's director (by its password) becomes the club's first
director from the evening's page, renames it, and the club then holds the old season, rule set and roster. Run on
both engines: the old database is built by the migrations up to 0014 and plain rows, as the old release wrote
them."""

from __future__ import annotations

import pytest
from werkzeug.security import generate_password_hash

from scorekeeper import create_app
from scorekeeper.db import connect
from scorekeeper.db.schema import migrate as apply_migrations
from scorekeeper.migrations import Migrations, migrations

EVENING_PASSWORD = "old evening password"
LINK, RESULTS, SEASON = "OldEveningLink00000000", "old-evening-results-000000", "old-season-results-0000000"


def _before_clubs(url: str) -> None:
    """The schema of the release before clubs (migrations up to 0014), on either engine."""
    released = Migrations()
    released.steps = [step for step in migrations.steps if step.name < "0015"]
    db = connect(url)
    try:
        apply_migrations(db, released)
    finally:
        db.close()


def _old_rows(url: str) -> None:
    """An evening of two partnerships in a season, a rule set, Ann Smith appearing by initials."""
    db = connect(url)
    with db.write():
        season = db.insert("seasons", {
            "name": "Old season", "count": "all", "minimum": 1, "ranking": "vp", "tie_break": "best_evening",
            "password_hash": generate_password_hash("old season password"), "results_token": SEASON,
            "status": "open", "created_at": "2026-09-01T20:00:00+00:00", "link": "OldSeasonLink000000000"})
        tid = db.insert("tournaments", {
            "name": "Old Thursday", "link": LINK, "date": "2026-09-03", "rules": "bicycle", "options": "{}",
            "format": "pairs", "rounds": 1, "round_end": "deals", "round_limit": 2, "scoring": "vp",
            "password_hash": generate_password_hash(EVENING_PASSWORD), "status": "setup",
            "created_at": "2026-09-03T19:00:00+00:00", "results_token": RESULTS, "season_id": season})
        for number, names in enumerate((["Ann Smith", "Bea"], ["Cris", "Dani"]), start=1):
            entry = db.insert("tournament_entries", {
                "tournament_id": tid, "number": number, "name": " & ".join(names),
                "players": '["%s", "%s"]' % tuple(names), "active": 1, "joined_round": 1,
                "created_at": "2026-09-03T19:00:00+00:00"})
            for position, name in enumerate(names):
                player = db.insert("club_players", {"name": name, "key": name.casefold(),
                                                    "initials": int(name == "Ann Smith")})
                db.insert("entry_players", {"entry_id": entry, "position": position, "player_id": player})
        db.insert("rule_sets", {"key": "old-rules", "version": 1, "base": "bicycle", "name": "Old rules",
                                "options": '{"target": 4000}', "note": "", "created_at": "2026-09-01T20:00:00+00:00"})
    db.close()


@pytest.fixture
def upgraded(engine, tmp_path, request):
    """The app on a database of the release before clubs, upgraded as it starts."""
    if engine == "sqlite":
        url = str(tmp_path / "old.sqlite")
    else:
        cluster = request.getfixturevalue("pg_cluster")
        url = cluster.database()
        request.addfinalizer(lambda: cluster.drop(url))
        request.getfixturevalue("monkeypatch").setenv("SCOREKEEPER_INSTANCE", str(tmp_path / "instance"))
    _before_clubs(url)
    _old_rows(url)
    return create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "DATABASE": url, "SECRET_KEY": "t"})


@pytest.mark.slow
def test_the_old_records_are_gathered_into_a_club_its_directors_claim_and_rename(upgraded):
    app = upgraded
    db = connect(app.config["DATABASE"])
    club_id, name = db.execute("SELECT id, name FROM clubs").fetchone()
    assert name == "Club" and db.execute("SELECT COUNT(*) FROM club_directors").fetchone()[0] == 0
    for table in ("tournaments", "seasons", "rule_sets", "club_players"):
        assert db.execute(f"SELECT COUNT(*) FROM {table} WHERE club_id IS NULL").fetchone()[0] == 0, table
    public = db.execute("SELECT public_link FROM clubs").fetchone()[0]
    db.close()
    stranger = app.test_client()
    # Every link still opens what it opened; Ann Smith still appears by her initials.
    assert stranger.get(f"/tournaments/{LINK}").status_code == 200
    assert stranger.get(f"/results/season/{SEASON}").status_code == 200
    rows = stranger.get(f"/api/v1/tournaments/{RESULTS}/results").get_json()["rows"]
    assert sorted(r["players"] for r in rows) == [["A. S.", "Bea"], ["Cris", "Dani"]]
    assert stranger.get("/api/v1/rules/club-old-rules").get_json()["target"] == 4000
    assert stranger.post(f"/tournaments/{LINK}/claim-club", data={"director": "Eve", "password": "a long one"}
                         ).status_code == 403

    # The evening's director, by its password as before, becomes the club's first director and renames it.
    director = app.test_client()
    assert director.post(f"/tournaments/{LINK}/login", data={"password": EVENING_PASSWORD}).status_code == 303
    page = director.get(f"/tournaments/{LINK}").get_data(as_text=True)
    assert "which has no director yet" in page
    claimed = director.post(f"/tournaments/{LINK}/claim-club", data={"director": "Ana", "password": "club password"})
    assert claimed.status_code == 303 and claimed.headers["Location"].startswith("/director/")
    area = claimed.headers["Location"].split("#")[0]
    assert director.post(f"{area}/settings", data={"name": "Thursday Club", "meets": "Thursdays"}).status_code == 303
    answer = stranger.get(f"/api/v1/clubs/{public}").get_json()
    assert answer["name"] == "Thursday Club" and [s["name"] for s in answer["seasons"]] == ["Old season"]
    assert [r["id"] for r in answer["rule_sets"]] == ["club-old-rules"]
    roster = director.get(f"{area}/players").get_data(as_text=True)
    assert "Ann Smith" in roster and "Cris" in roster
    # Once claimed, nobody claims it again: the others ask for an invitation.
    other = app.test_client()
    assert other.post(f"/tournaments/{LINK}/login", data={"password": EVENING_PASSWORD}).status_code == 303
    again = other.post(f"/tournaments/{LINK}/claim-club", data={"director": "Eve", "password": "a long one"},
                       follow_redirects=True)
    assert "already has a director" in again.get_data(as_text=True)
    assert "renamed the club from Club to Thursday Club" in director.get(f"{area}/log").get_data(as_text=True)
    assert club_id

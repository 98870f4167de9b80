"""A club's public page (issue 30), for anyone with its link: its next evening, its evenings' results, its seasons'
ladders (also printed, one page per season, in either language), its rule sets in use and its members, each as
they chose to appear; the API's answer for the club lists exactly what the page shows."""

from __future__ import annotations

import re
import subprocess

import pytest

from scorekeeper.db import connect
from scorekeeper.stores import players, rule_sets, seasons
from scorekeeper.stores.tournaments import records
from scorekeeper.tournaments.ladder import Rules
from tests.seasons.helpers import evening
from tests.seasons.test_ladder import EVENINGS

from .helpers import Club


def pdf_text(data: bytes) -> tuple[int, str]:
    info = subprocess.run(["pdfinfo", "-"], input=data, capture_output=True, check=True).stdout.decode()
    text = subprocess.run(["pdftotext", "-layout", "-", "-"], input=data, capture_output=True, check=True).stdout
    return int(re.search(r"Pages:\s+(\d+)", info).group(1)), text.decode()


@pytest.mark.slow
def test_the_public_page_shows_what_members_may_see_and_prints_the_ladders(no_csrf_app):
    club = Club(no_csrf_app, "Monday Club", "Ana")
    db = connect(no_csrf_app.config["DATABASE"])
    with no_csrf_app.test_request_context():
        autumn = seasons.create_season(db, club.id, name="Autumn", rules=Rules())
        spring = seasons.create_season(db, club.id, name="Spring", rules=Rules(ranking="points"))
        for name, date, pairs, score in EVENINGS:
            evening(db, name, date, pairs, [{frozenset(score): score}], club_id=club.id,
                    season_id=autumn.id if name != "Monday three" else spring.id)
        records.create_tournament(db, name="Monday four", date="2099-01-05", rules="bicycle", options={},
                                  format="pairs", rounds=3, round_end="deals", round_limit=2, scoring="vp",
                                  password=None, club_id=club.id)
        kept = rule_sets.save(db, club.id, base="bicycle", name="Monday rules", options={"target": 4000})
        gone = rule_sets.save(db, club.id, base="bicycle", name="Old rules", options={})
        rule_sets.retire(db, club.id, gone.key)
        people = {p.name: p for p in players.list_players(db, club.id)}
        players.set_shown(db, club.id, people["Bea"], "hidden", director=None)
        players.set_shown(db, club.id, people["Fede"], "initials", director=None)
    db.close()
    reader = no_csrf_app.test_client()
    page = reader.get(f"/clubs/{club.public}").get_data(as_text=True)
    assert "Next evening: Monday four, Jan 5, 2099" in page
    members = re.findall(r'/players/[\w-]+"><bdi>([^<]+)</bdi>', page)
    assert members == ["Ana", "Cris", "Dani", "Eva", "F."]  # Bea chose not to be shown
    assert "Bea" not in page and "Fede" not in page and "Name not shown" in page  # Bea's ladder row, unnamed
    assert page.count('id="season-ladder"') == 2 and "Monday rules" in page and "Old rules" not in page
    assert "<form" not in page and "/director/" not in page
    evenings = re.findall(r'<a href="/results/[\w-]+"><bdi>([^<]+)</bdi>', page)
    assert evenings == ["Monday three", "Monday two", "Monday one"]  # Monday four has not begun

    answer = reader.get(f"/api/v1/clubs/{club.public}").get_json()
    assert answer["name"] == "Monday Club" and {s["name"] for s in answer["seasons"]} == {"Autumn", "Spring"}
    assert [e["name"] for e in answer["evenings"]] == evenings
    assert [r["id"] for r in answer["rule_sets"]] == [kept.id]
    for item in answer["seasons"] + answer["evenings"]:
        assert reader.get(item["api"].split("localhost", 1)[1]).status_code == 200
        assert reader.get(item["results"].split("localhost", 1)[1]).status_code == 200

    pages, text = pdf_text(reader.get(f"/clubs/{club.public}/ladders.pdf").data)
    lines = [" ".join(line.split()) for line in text.splitlines()]
    assert pages == 2 and "Autumn" in text and "Spring" in text and "Name not shown" in text and "F." in text
    assert "Fede" not in text and "Bea" not in text and "1 Ana 2 24 15 15 9" in lines, lines  # best evening: issue 34
    pages, text = pdf_text(reader.get(f"/clubs/{club.public}/ladders.pdf?lang=es").data)
    assert pages == 2 and "Clasificación" in text and "Nombre no mostrado" in text and "Ladder" not in text

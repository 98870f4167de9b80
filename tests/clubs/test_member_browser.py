"""A member at home (issue 30), in a real Chromium on a 360 px phone with no sign-in at all: from the club's public
page they open their own player page (evenings, partners, places, points, VP, trend) by tapping their name, and
the page fits the phone; a player who chose not to be shown is not listed and has no page. Then, on the same
phone, a director signs in at the club's area, whose pages fit the phone too."""

from __future__ import annotations

import re

import pytest

from scorekeeper.db import connect
from scorekeeper.stores import players, seasons
from tests.conftest import assert_fits_phone
from tests.seasons.helpers import PASSWORD, evening, make_club
from tests.seasons.test_ladder import BEST_2_OF_3, EVENINGS

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("phone", ["360x640"], indirect=True)
def test_a_member_opens_their_page_from_the_club_page(phone, live_server):
    db = connect(live_server.app.config["DATABASE"])
    try:
        with live_server.app.test_request_context():
            club, _director = make_club(db)
            season = seasons.create_season(db, club.id, name="Autumn 2026", rules=BEST_2_OF_3)
            for name, date, pairs, score in EVENINGS:
                evening(db, name, date, pairs, [{frozenset(score): score}], season_id=season.id, club_id=club.id)
        bea = next(p for p in players.list_players(db, club.id) if p.name == "Bea")
        players.set_shown(db, club.id, bea, "hidden", director=None)
    finally:
        db.close()

    phone.goto(live_server(f"/clubs/{club.public_link}"))
    assert phone.locator("h1").inner_text() == "Monday Club"
    assert phone.locator("#season-ladder tbody tr").count() == 6  # the ladder, Bea's row without her name
    # Bea hid her name: it is nowhere as a word (the page also prints its random link, which may hold "Bea").
    assert not re.search(r"(?<![\w-])Bea(?![\w-])", phone.locator("main").inner_text())
    assert_fits_phone(phone)
    phone.locator("#members").get_by_role("link", name="Eva").click()
    phone.wait_for_url("**/players/**")
    assert phone.locator("h1").inner_text() == "Eva"
    rows = phone.locator("#player-evenings tbody tr")
    assert rows.count() == 2
    # Monday three: Cris & Eva 3000 against Dani & Fede 500, 18 VP; Monday two: Ana & Eva 1800 to 2000, 9 VP.
    assert rows.nth(0).locator("td, th").all_inner_texts()[1:] == ["Monday three", "Cris", "1 of 2", "1 / 1", "3,000", "18"]
    assert rows.nth(1).locator("td, th").all_inner_texts()[1:] == ["Monday two", "Ana", "2 of 2", "0 / 1", "1,800", "9"]
    assert phone.locator("#average-vp").inner_text() == "13.5"
    assert phone.locator("form").count() == 0  # nothing to change from a member's page
    assert_fits_phone(phone)
    phone.get_by_role("link", name="Español").click()
    assert phone.locator("#player-evenings thead th").nth(1).inner_text() == "Torneo"
    assert_fits_phone(phone)
    phone.go_back()
    phone.go_back()
    assert phone.locator("#members a").all_inner_texts() == ["Ana", "Cris", "Dani", "Eva", "Fede"]
    assert phone.console_messages == []

    phone.goto(live_server(f"/director/{club.link}"))  # sent to sign in
    phone.locator("#director").fill("Ana")
    phone.locator("#password").fill(PASSWORD)
    phone.get_by_role("button", name="Sign in").click()
    phone.wait_for_url(f"**/director/{club.link}")
    for path in ("", "/evenings/new", f"/seasons/{season.results_token}", "/players", "/directors"):
        phone.goto(live_server(f"/director/{club.link}{path}"))
        assert_fits_phone(phone)
    assert phone.console_messages == []

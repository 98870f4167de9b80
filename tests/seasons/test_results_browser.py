"""A results link opened in a real Chromium on a 360 px phone with no director's sign-in: the standings show,
no control changes anything, and every POST the browser sends from that page is refused."""

from __future__ import annotations

import pytest

from scorekeeper.db import connect
from scorekeeper.stores import seasons
from tests.conftest import assert_fits_phone

from .helpers import evening, make_club
from .test_ladder import BEST_2_OF_3, EVENINGS
from tests.recording import tournament_path

pytestmark = pytest.mark.browser

POST_FROM_PAGE = """async (paths) => {
  const token = JSON.parse(document.body.getAttribute('hx-headers') || '{}')['X-CSRFToken'] || '';
  const answers = [];
  for (const path of paths) {
    const body = new URLSearchParams({csrf_token: token, season: '', action: 'archive', initials: 'yes'});
    const answer = await fetch(path, {method: 'POST', body, headers: {'X-CSRFToken': token}, redirect: 'manual'});
    answers.push(answer.status);
  }
  return answers;
}"""


@pytest.mark.parametrize("phone", ["360x640"], indirect=True)
def test_a_results_link_shows_standings_and_no_control(phone, live_server):
    db = connect(live_server.app.config["DATABASE"])
    try:
        with live_server.app.test_request_context():
            club, _director = make_club(db)
            season_id = seasons.create_season(db, club.id, name="Autumn 2026", rules=BEST_2_OF_3).id
            ids = [evening(db, name, date, pairs, [{frozenset(score): score}], season_id=season_id, club_id=club.id)
                   for name, date, pairs, score in EVENINGS]
        season = seasons.get_season(db, season_id)
        token = db.execute("SELECT results_token FROM tournaments WHERE id = ?", [ids[0]]).fetchone()[0]
        table_id = db.execute("SELECT id FROM tournament_tables WHERE tournament_id = ?", [ids[0]]).fetchone()[0]
        ana = db.execute("SELECT link FROM club_players WHERE name = 'Ana'").fetchone()[0]
    finally:
        db.close()

    phone.goto(live_server(f"/results/{token}"))
    standings = phone.locator("#results-standings tbody tr")
    assert standings.count() == 2
    # On a phone a row's cells stack (no tabs between them): read the first two cells themselves.
    assert standings.nth(0).locator("td, th").all_inner_texts()[:2] == ["1", "Ana & Bea"]
    assert phone.locator("form").count() == 0
    assert phone.locator("button").count() == 0
    assert_fits_phone(phone)

    refused = phone.evaluate(POST_FROM_PAGE, [
        f"/results/{token}", f"{tournament_path(live_server, ids[0])}/reopen", f"{tournament_path(live_server, ids[0])}/rounds",
        f"{tournament_path(live_server, ids[0])}/tables/{table_id}/result", f"{tournament_path(live_server, ids[0])}/season",
        f"/director/{club.link}/seasons/{season.results_token}/archive",
        f"/director/{club.link}/players/{ana}/shown", f"/director/{club.link}/players/{ana}/merge"])
    assert refused[0] == 405 and all(status == 403 for status in refused[1:]), refused
    # The browser logs each refusal it was sent; nothing else went wrong on the page.
    assert all("Failed to load resource" in str(m.text) for m in phone.console_messages)
    phone.console_messages.clear()

    phone.goto(live_server(f"/results/season/{season.results_token}"))
    assert phone.locator("#season-ladder tbody tr").count() == 6
    assert phone.locator("form").count() == 0
    assert_fits_phone(phone)
    phone.get_by_role("link", name="Español").click()
    assert phone.locator("h2").first.inner_text() == "Clasificación"
    assert phone.console_messages == []

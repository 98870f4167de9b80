"""On a phone with JavaScript on: a new game starts from exactly the chosen rules' defaults, whatever was picked
before (the JavaScript-off walk is in tests/web/test_new_game_defaults.py)."""

from __future__ import annotations

import pytest

from scorekeeper.db import connect
from scorekeeper.rules import PROFILES, get_profile
from scorekeeper.stores import games
from tests.recording import started_id

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def pick(page, rules: str) -> None:
    page.locator(f"label:has(input[name=rules][value='{rules}'])").tap()
    page.wait_for_selector(f"input[name=shown_rules][value='{rules}']", state="attached")


@pytest.mark.parametrize("chosen", list(PROFILES))
@pytest.mark.parametrize("phone", ["360x640"], indirect=True)  # the form's defaults, not its fit (test_tables, walkthrough)
def test_a_new_game_under_each_rules_after_picking_every_other(phone, live_server, chosen):
    page = phone
    page.goto(live_server("/games/new"))
    page.wait_for_function("window.htmx !== undefined")
    for before in PROFILES:
        if before != chosen:
            pick(page, before)
    pick(page, chosen)
    assert "as the rules say" in page.locator("details.club-options summary").inner_text()
    page.get_by_role("button", name="Start the game").tap()
    page.wait_for_selector("#scoreboard")
    game_id = started_id(live_server, page.url)
    db = connect(live_server.app.config["DATABASE"])
    try:
        game = games.get_game(db, game_id)
    finally:
        db.close()
    profile = get_profile(chosen)
    assert game.rules == chosen
    assert profile.with_options(game.options).option_values() == profile.option_values()
    assert not page.console_messages

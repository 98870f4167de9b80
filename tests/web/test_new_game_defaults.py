"""A new game starts from exactly the chosen rules' defaults, whatever rules were picked before (JavaScript off).

The browser version of the same walk is in tests/browser/test_new_game_defaults.py."""

from __future__ import annotations

import pytest

from scorekeeper.rules import PROFILES, get_profile
from scorekeeper.stores import games

from .formparse import form_values
from tests.recording import started_id

PAIRS = [(before, chosen) for chosen in PROFILES for before in PROFILES if before != chosen]


def stored_options_are_the_defaults(db, response, rules: str) -> None:
    assert response.status_code == 303, response.get_data(as_text=True)[:2000]
    game = games.get_game(db, started_id(db, response.headers["Location"]))
    profile = get_profile(rules)
    assert game.rules == rules
    assert profile.with_options(game.options).option_values() == profile.option_values()


@pytest.mark.parametrize("before,chosen", PAIRS)
def test_start_straight_after_switching_rules_uses_the_new_rules_defaults(client, db, before, chosen):
    values = form_values(client.get(f"/games/new?rules={before}").get_data(as_text=True), "new-game")
    values["rules"] = chosen  # the radio tapped, then "Start the game" at once
    stored_options_are_the_defaults(db, client.post("/games/new", data=values), chosen)


@pytest.mark.parametrize("before,chosen", PAIRS)
def test_showing_the_new_rules_options_first_shows_their_defaults(client, db, before, chosen):
    values = form_values(client.get(f"/games/new?rules={before}").get_data(as_text=True), "new-game")
    values.update(rules=chosen, refresh="1")  # "Show the options of these rules"
    page = client.post("/games/new", data=values).get_data(as_text=True)
    assert "as the rules say" in page or "club-options" not in page
    values = form_values(page, "new-game")
    stored_options_are_the_defaults(db, client.post("/games/new", data=values), chosen)

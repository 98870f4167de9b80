"""The new-game form folds the club options away until the club changes one."""

from __future__ import annotations

import re


def panel(html: str) -> str:
    return re.search(r'<details class="card club-options"[^>]*>\s*<summary>[^<]*</summary>', html).group(0)


def test_club_options_are_folded_while_they_are_the_rules_own(client):
    html = client.get("/games/new?rules=yahoo").get_data(as_text=True)
    assert " open>" not in panel(html)
    assert "as the rules say" in panel(html)
    assert 'id="opt_target"' in html  # the target stays in view


def test_a_changed_option_keeps_the_panel_open_after_the_form_refreshes(client):
    response = client.post("/games/new", data={"rules": "yahoo", "refresh": "1", "opt_draw": "2",
                                               "opt_target": "5000"}, headers={"HX-Request": "true"})
    html = response.get_data(as_text=True)
    assert " open>" in panel(html)
    assert "1 changed" in panel(html)
    assert re.search(r'<input checked id="opt_draw-\d" name="opt_draw" type="radio" value="2">', html)


def test_the_table_is_chosen_outside_the_panel(client):
    """The number of players (a table option) stays in view, above the folded club options."""
    response = client.post("/games/new", data={"rules": "yahoo", "refresh": "1", "opt_players": "2",
                                               "opt_target": "5000"}, headers={"HX-Request": "true"})
    html = response.get_data(as_text=True)
    assert html.index('name="opt_players"') < html.index('class="card club-options"')
    assert " open>" not in panel(html)
    assert re.search(r'<input checked id="opt_players-\d" name="opt_players" type="radio" value="2">', html)

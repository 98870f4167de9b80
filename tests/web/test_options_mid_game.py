"""The rules a table chose are in view on the scorepad, and can change mid-game: every deal is scored again,
the change is logged, and the scorepad says what it did to the totals."""

from __future__ import annotations

import re

from scorekeeper.stores import changes, games
from scorekeeper.stores import summary as summaries

from .formparse import form_values
from .scorepad_helpers import start_game
from tests.recording import game_path

THREES_NO_MELD = {  # yahoo: they melded nothing and hold two red threes
    "version": "1", "mode": "totals",
    "we-went_out": "yes", "we-canasta_natural": "1", "we-meld_points": "150",
    "they-went_out": "no", "they-red_threes": "2", "they-hand_points": "40",
}


def test_the_scorepad_names_the_rules_and_every_changed_option_in_words(client):
    game_id = start_game(client, rules="classic", black_three_effect="freeze")
    page = client.get(game_path(client, game_id)).get_data(as_text=True)
    assert "Classic" in page and "1 club option changed" in page
    shown = re.sub(r"<[^>]+>", " ", page)  # what people read; the rules link carries the option (issue 23)
    assert "black_three_effect" not in shown and "freeze" in shown.lower()
    assert 'href="/referee/rules/classic?options=' in page
    assert f'{game_path(client, game_id)}/options' in page


def test_changing_an_option_mid_game_scores_every_deal_again_and_logs_it(client, db):
    game_id = start_game(client, rules="yahoo")
    assert client.post(f"{game_path(client, game_id)}/deals", data=THREES_NO_MELD).status_code == 303
    before = summaries.game_summary(db, game_id).totals["they"]  # the red threes count minus: -200 - 40
    form = form_values(client.get(f"{game_path(client, game_id)}/options").get_data(as_text=True))
    assert form["opt_red_threes_negative_without_meld"] == "yes" and form["version"] == "2"
    response = client.post(f"{game_path(client, game_id)}/options",
                           data={**form, "opt_red_threes_negative_without_meld": "no", "who": "Ann"})
    assert response.status_code == 303
    after = summaries.game_summary(db, game_id)
    assert after.totals["they"] == before + 400  # the same two red threes now count plus
    assert games.get_game(db, game_id).options["red_threes_negative_without_meld"] is False
    change = changes.list_changes(db, game_id)[-1]
    assert change.action == "options" and change.who == "Ann"
    assert change.before["options"]["red_threes_negative_without_meld"] is True
    page = client.get(game_path(client, game_id)).get_data(as_text=True)
    assert "Every deal was scored again" in page and "(was -240)" in page


def test_an_option_change_on_an_old_version_is_refused(client, db):
    game_id = start_game(client, rules="yahoo")
    form = form_values(client.get(f"{game_path(client, game_id)}/options").get_data(as_text=True))
    client.post(f"{game_path(client, game_id)}/deals", data=THREES_NO_MELD)
    response = client.post(f"{game_path(client, game_id)}/options", data={**form, "opt_target": "3000"})
    assert response.status_code == 422 and "changed this game meanwhile" in response.get_data(as_text=True)
    assert games.get_game(db, game_id).target == 5000


def test_the_number_of_players_cannot_change_mid_game(client, db):
    game_id = start_game(client, rules="yahoo")
    form = form_values(client.get(f"{game_path(client, game_id)}/options").get_data(as_text=True))
    response = client.post(f"{game_path(client, game_id)}/options", data={**form, "opt_players": "2"})
    assert response.status_code == 422
    assert "number of players cannot change" in response.get_data(as_text=True)
    assert games.get_game(db, game_id).options.get("players", 4) == 4

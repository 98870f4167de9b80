"""A history that tells the story (deal numbers, who, before -> after in words), undo that asks, and redo."""

from __future__ import annotations

from scorekeeper.stores import games

from .scorepad_helpers import start_game, totals_form
from tests.recording import game_path


def test_the_history_names_the_deal_who_and_what_changed_in_words(client, db):
    game_id = start_game(client)
    client.post(f"{game_path(client, game_id)}/deals", data=totals_form(1, who="Ann"))
    deal = games.list_deals(db, game_id)[0].id
    client.post(f"{game_path(client, game_id)}/deals/{deal}/edit",
                data=totals_form(2, **{"we-meld_points": "285", "who": "Bo", "reason": "recounted"}))
    page = client.get(f"{game_path(client, game_id)}/changes").get_data(as_text=True)
    assert "Deal saved</strong> · deal 1" in page and "by Ann" in page
    assert "Deal corrected</strong> · deal 1" in page and "by Bo" in page
    assert "Us: card points melded 185 → 285" in page
    assert "Why: recounted" in page
    assert "meld_points" not in page


def test_undo_names_what_it_will_take_back_and_asks_first(client, db):
    game_id = start_game(client)
    client.post(f"{game_path(client, game_id)}/deals", data=totals_form(1, who="Ann"))
    scorepad = client.get(game_path(client, game_id)).get_data(as_text=True)
    assert f'href="{game_path(client, game_id)}/undo"' in scorepad
    ask = client.get(f"{game_path(client, game_id)}/undo").get_data(as_text=True)
    assert "Undo the last change?" in ask and "deal 1" in ask and "by Ann" in ask
    assert "removes this deal" in ask
    assert len(games.list_deals(db, game_id)) == 1  # asking changed nothing
    assert client.post(f"{game_path(client, game_id)}/undo", data={"version": "2"}).status_code == 303
    assert games.list_deals(db, game_id) == []


def test_redo_brings_back_what_undo_took(client, db):
    game_id = start_game(client)
    client.post(f"{game_path(client, game_id)}/deals", data=totals_form(1))
    client.post(f"{game_path(client, game_id)}/deals", data=totals_form(2))
    client.post(f"{game_path(client, game_id)}/undo", data={"version": "3"})
    client.post(f"{game_path(client, game_id)}/undo", data={"version": "4"})
    assert games.list_deals(db, game_id) == []
    assert "Redo" in client.get(game_path(client, game_id)).get_data(as_text=True)
    assert client.post(f"{game_path(client, game_id)}/redo", data={"version": "5"}).status_code == 303
    assert len(games.list_deals(db, game_id)) == 1
    assert client.post(f"{game_path(client, game_id)}/redo", data={"version": "6"}).status_code == 303
    assert len(games.list_deals(db, game_id)) == 2
    # Nothing left to redo; and a new save ends the chance to redo.
    client.post(f"{game_path(client, game_id)}/undo", data={"version": "7"})
    client.post(f"{game_path(client, game_id)}/deals", data=totals_form(8))
    client.post(f"{game_path(client, game_id)}/redo", data={"version": "9"})
    assert len(games.list_deals(db, game_id)) == 2
    assert "nothing to redo" in client.get(game_path(client, game_id)).get_data(as_text=True)

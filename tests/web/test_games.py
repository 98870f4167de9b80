"""Games: start one, the list, the scorepad page and its live scoreboard, sharing, deleting."""

from __future__ import annotations

import re

from scorekeeper import create_app
from scorekeeper.stores.games import get_game, list_deals, set_locked

from .scorepad_helpers import counts, start_game, totals_form
from tests.recording import game_path, started_id


def test_new_game_form_shows_the_profile_options_with_their_defaults(client):
    page = client.get("/games/new?rules=modern-american").get_data(as_text=True)
    assert "Rule of five" in page
    assert "Usually: 8,500." in page
    assert 'value="8500"' in page
    assert "Partnerships" in page


def test_new_game_refresh_changes_the_sides_for_two_players(client):
    response = client.post("/games/new", data={"rules": "yahoo", "opt_players": "2", "refresh": "1"},
                           headers={"HX-Request": "true"})
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert html.lstrip().startswith("<form")  # the fragment alone for htmx
    assert "p1_player0" in html and "p2_player0" in html and "we_player0" not in html
    assert "HX-Request" in response.headers["Vary"]


def test_start_a_game_redirects_to_its_scorepad(client):
    game_id = start_game(client, first_dealer=3, target=1500)
    page = client.get(game_path(client, game_id)).get_data(as_text=True)
    assert "Us v Them" in page
    assert "Di deals first" in page
    assert "playing to 1,500" in page


def test_start_two_player_yahoo_game(client, db):
    data = {"rules": "yahoo", "opt_target": "5000", "opt_players": "2", "opt_draw": "1",
            "opt_canastas_to_go_out": "1", "opt_red_threes_negative_without_meld": "yes",
            "opt_black_three_effect": "block_one_turn", "opt_top_card_layoff_onto_canasta": "no",
            "opt_concealed_exempt_from_minimum": "no", "p1_player0": "Ann", "p2_player0": "Bo", "first_dealer": "1"}
    response = client.post("/games/new", data=data)
    assert response.status_code == 303
    game = get_game(db, started_id(db, response.headers["Location"]))
    assert [s.name for s in game.sides] == ["Ann", "Bo"]
    assert game.options["players"] == 2 and game.first_dealer == 1


def test_bad_target_is_refused_next_to_the_field(client, db):
    data = {"rules": "bicycle", "opt_target": "12abc", "first_dealer": "0"}
    response = client.post("/games/new", data=data)
    assert response.status_code == 422
    assert "digits, + and - only" in response.get_data(as_text=True)
    assert counts(db)[0] == 0


def test_target_not_allowed_by_the_engine_is_refused(client, db):
    data = {"rules": "bicycle", "opt_target": "1234", "first_dealer": "0"}
    response = client.post("/games/new", data=data)
    assert response.status_code == 422
    assert "multiple of 5" in response.get_data(as_text=True)
    assert counts(db)[0] == 0


def test_page_and_fragment_with_vary(client):
    game_id = start_game(client)
    page = client.get(game_path(client, game_id))
    assert page.get_data(as_text=True).startswith("<!doctype html>")
    fragment = client.get(f"{game_path(client, game_id)}?mode=cards", headers={"HX-Request": "true"})
    html = fragment.get_data(as_text=True)
    assert html.lstrip().startswith('<div id="scorepad"')
    assert 'name="we-melds"' in html
    assert "HX-Request" in fragment.headers["Vary"] and "HX-Request" in page.headers["Vary"]


def unchanged(response) -> bool:
    """A poll's "nothing new": 200 with an empty body and HX-Reswap: none (a 204 would make waitress close the
    connection, so each poll would open a new one)."""
    return response.status_code == 200 and response.headers.get("HX-Reswap") == "none" and not response.data


def test_scoreboard_polling_answers_nothing_new_while_unchanged(client):
    game_id = start_game(client)
    assert unchanged(client.get(f"{game_path(client, game_id)}/scoreboard?v=1"))
    client.post(f"{game_path(client, game_id)}/deals", data=totals_form(1))
    fresh = client.get(f"{game_path(client, game_id)}/scoreboard?v=1")
    assert fresh.status_code == 200
    html = fresh.get_data(as_text=True)
    assert 'id="scoreboard"' in html and "v=2" in html and "1,185" in html
    assert unchanged(client.get(f"{game_path(client, game_id)}/scoreboard?v=2"))
    assert client.get("/games/999/scoreboard?v=1").status_code == 404


def test_games_list_in_progress_and_finished(client):
    playing = start_game(client)
    finished = start_game(client, target=1000)
    client.post(f"{game_path(client, finished)}/deals", data=totals_form(1))
    page = client.get("/games/").get_data(as_text=True)
    in_progress, done = page.split("<h2>Finished</h2>")
    assert f"{game_path(client, playing)}\"" in in_progress and f"{game_path(client, finished)}\"" in done
    assert "Us won." in done


def test_share_link_and_qr(client, db):
    """The game is shared by its own address: the short code and the number open nothing."""
    game_id = start_game(client)
    code = get_game(db, game_id).code
    page = client.get(game_path(client, game_id)).get_data(as_text=True)
    assert re.search(rf'<a href="http://[^"/]+{game_path(client, game_id)}">', page)
    assert client.get(f"/g/{code}").status_code == 404
    qr = client.get(f"{game_path(client, game_id)}/qr.svg")
    assert qr.status_code == 200 and qr.mimetype == "image/svg+xml"
    assert qr.get_data(as_text=True).count("<svg") == 1


def test_delete_game_after_confirmation(client, db):
    game_id = start_game(client)
    confirm = client.get(f"{game_path(client, game_id)}/delete")
    assert "restored" in confirm.get_data(as_text=True)
    response = client.post(f"{game_path(client, game_id)}/delete", data={"version": "1"})
    assert response.status_code == 303
    assert get_game(db, game_id) is None
    assert client.get(game_path(client, game_id)).status_code == 404


def test_locked_game_shows_a_message_and_no_controls(client, db):
    game_id = start_game(client)
    client.post(f"{game_path(client, game_id)}/deals", data=totals_form(1))
    set_locked(db, game_id, True)
    page = client.get(game_path(client, game_id)).get_data(as_text=True)
    assert "This game is locked" in page
    assert 'id="deal-form"' not in page and "Correct deal" not in page and "Undo" not in page
    response = client.post(f"{game_path(client, game_id)}/deals", data=totals_form(3))
    assert response.status_code == 409
    assert len(list_deals(db, game_id)) == 1


def test_restart_keeps_the_game(tmp_path):
    config = {"TESTING": True, "WTF_CSRF_ENABLED": False, "DATABASE": str(tmp_path / "keep.sqlite"),
              "SECRET_KEY": "k"}
    first = create_app(config).test_client()
    game_id = start_game(first)
    assert first.post(f"{game_path(first, game_id)}/deals", data=totals_form(1)).status_code == 303
    second = create_app(config).test_client()
    page = second.get(game_path(second, game_id)).get_data(as_text=True)
    assert "Us v Them" in page and 'data-total="we">1,185<' in page

"""Numbers in one format per language everywhere (issue 23): a total past a thousand reads "1,760" in English on
the games list, the table phone, the director's table page and the wall screen, as it does on the scorepad;
never "1760" beside "1,760"."""

from __future__ import annotations

import re

from tests.tournaments.conftest import tables_of
from tests.tournaments.test_pages import four_players_in_round_one, play_simple_deal
from tests.web.scorepad_helpers import start_game, totals_form
from tests.recording import game_path, tournament_path


def test_the_games_list_writes_totals_as_the_scorepad_does(client):
    game_id = start_game(client, "classic")
    for version in (1, 2):
        assert client.post(f"{game_path(client, game_id)}/deals", data=totals_form(version)).status_code == 303
    scorepad = client.get(f"{game_path(client, game_id)}").get_data(as_text=True)
    total = re.search(r'data-total="we">([^<]+)<', scorepad).group(1)
    assert "," in total  # past a thousand
    games = client.get("/games/").get_data(as_text=True)
    assert f"<strong>{total}</strong>" in games and f"<strong>{total.replace(',', '')}</strong>" not in games


def test_tournament_pages_write_totals_past_a_thousand_with_a_separator(no_csrf_app):
    director, tid = four_players_in_round_one(no_csrf_app, round_limit=3)
    table = tables_of(no_csrf_app, tid, 1)[0]
    for _ in range(2):
        play_simple_deal(no_csrf_app, table, 400, 90)
    phone = no_csrf_app.test_client()
    pages = {"table phone": phone.get(f"/tournaments/table/{table.token}"),
             "wall screen": phone.get(f"{tournament_path(director, tid)}/standings"),
             "table result": director.get(f"{tournament_path(director, tid)}/tables/{table.id}/result")}
    for name, page in pages.items():
        text = re.sub(r"<[^>]+>", " ", page.get_data(as_text=True))
        text = re.sub(r"\b20\d\d-\d\d-\d\d\b|\b\d{1,2}:\d\d\b", " ", text)  # dates and times are not totals
        assert re.findall(r"(?<![\w,.:/-])\d{4,}(?![\w,])", text) == [], name
        assert re.search(r"\b\d,\d{3}\b", text), f"{name}: no total past a thousand"

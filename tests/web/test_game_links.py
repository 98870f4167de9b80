"""The game's page leads to its printed sheet and to the referee set to the game."""

from __future__ import annotations

import re

from scorekeeper.stores.games import create_game
from scorekeeper.db import connect
from tests.recording import game_path

SIDES = [{"key": "we", "name": "Ann & Cy", "players": ["Ann", "Cy"]},
         {"key": "they", "name": "Bo & Di", "players": ["Bo", "Di"]}]


def test_game_page_links_its_sheet_and_the_referee_for_each_side(client, no_csrf_app):
    db = connect(no_csrf_app.config["DATABASE"])
    game_id = create_game(db, rules="classic", options={}, sides=SIDES)
    db.close()
    html = client.get(game_path(client, game_id)).get_data(as_text=True)
    sheet_links = re.findall(rf'href="({game_path(client, game_id)}/sheet\.pdf[^"]*)"', html)
    assert len(sheet_links) == 2
    for link in sheet_links:
        response = client.get(link.replace("&amp;", "&"))
        assert response.status_code == 200
        assert response.mimetype == "application/pdf"
    for side in ("we", "they"):
        link = f"/referee/?game={game_path(client, game_id).rsplit('/', 1)[1]}&amp;side={side}"
        assert link in html
        page = client.get(link.replace("&amp;", "&")).get_data(as_text=True)
        assert "Classic Canasta" in page

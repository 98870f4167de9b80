"""The page-or-fragment helper (scorekeeper.web.htmx): htmx's history restore gets the whole page."""

from __future__ import annotations

import pytest

from .scorepad_helpers import start_game
from tests.recording import game_path


@pytest.fixture
def game_url(client):
    return f"{game_path(client, start_game(client))}"


def test_a_targeted_htmx_request_gets_the_fragment(client, game_url):
    html = client.get(game_url, headers={"HX-Request": "true"}).get_data(as_text=True)
    assert "<html" not in html


def test_a_history_restore_gets_the_whole_page(client, game_url):
    """htmx 2 asks the server again when its history cache misses (going back after a mode switch): it sends
    HX-Request and HX-History-Restore-Request and swaps the answer in as the whole body."""
    response = client.get(game_url, headers={"HX-Request": "true", "HX-History-Restore-Request": "true"})
    html = response.get_data(as_text=True)
    assert "<html" in html and "</body>" in html
    assert "HX-History-Restore-Request" in response.headers["Vary"]

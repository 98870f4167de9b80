"""Light on a club's Wi-Fi (issue 23): the scorepad entering totals does not download the card picker; switching
to card by card brings it, once, however often the phone switches back and forth."""

from __future__ import annotations

import pytest

from tests.conftest import open_page

from .test_score_in_view import new_game
from .test_scorepad import cards
from tests.recording import game_path

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture
def small_phone(browser):
    yield from open_page(browser, viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True)


def test_the_card_picker_comes_only_with_card_by_card(small_phone, live_server):
    page = small_phone
    asked = []
    page.on("request", lambda r: asked.append(r.url))
    page.goto(live_server(f"{game_path(live_server, new_game(live_server, 'classic'))}"))
    page.wait_for_load_state("networkidle")
    assert not [url for url in asked if "cardpicker" in url]

    for _ in range(2):  # there and back twice: the picker's script runs once, each tap adds one card
        page.get_by_role("link", name="Card by card").tap()
        page.wait_for_selector("#we-melds")
        page.get_by_role("link", name="By totals").tap()
        page.wait_for_selector("#we-meld_points")
    page.get_by_role("link", name="Card by card").tap()
    page.wait_for_selector("[data-card-picker-ready]:has(#we-melds)")
    cards(page, "we-melds", ["K", "K", "K"])
    assert page.input_value("#we-melds") == "K K K"
    assert [url for url in asked if "cardpicker" in url and url.endswith(".js")]
    assert page.console_messages == []

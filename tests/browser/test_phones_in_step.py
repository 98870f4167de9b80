"""Phones in step: when another phone saves, the scorepad brings itself up to date (scores, the deal number in
the form's head) without losing what this phone is typing or closing the deal it opened."""

from __future__ import annotations

import pytest

from .test_scorepad import save, start, step, went_out
from tests.recording import game_path

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_a_second_phone_follows_a_save_without_losing_its_typing_or_its_open_deal(browser, live_server):
    size = {"width": 360, "height": 640}
    one = browser.new_context(viewport=size, has_touch=True, is_mobile=True)
    two = browser.new_context(viewport=size, has_touch=True, is_mobile=True)
    try:
        page = one.new_page()
        game_id = start(page, live_server, "bicycle", 5000)
        went_out(page, "we")
        step(page, "we-canasta_natural", 1)
        page.fill("#we-meld_points", "100")
        save(page, 1)

        other = two.new_page()
        errors = []
        other.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
        other.on("pageerror", lambda exc: errors.append(str(exc)))
        other.goto(live_server(game_path(live_server, game_id)))
        other.wait_for_function("window.htmx !== undefined")
        assert other.inner_text("#deal-form [data-next-deal]") == "2"
        other.locator("li[data-deal='1'] summary").tap()  # open deal 1's breakdown
        other.fill("#they-meld_points", "45+30")  # and start typing the next deal

        went_out(page, "they")
        step(page, "they-canasta_natural", 1)
        page.fill("#they-meld_points", "120")
        save(page, 2)

        other.wait_for_selector("li[data-deal='2']", timeout=8000)
        assert other.inner_text("#deal-form [data-next-deal]") == "3"
        assert other.input_value("#they-meld_points") == "45+30"
        assert other.locator("li[data-deal='1'] > details").get_attribute("open") is not None
        assert errors == []
    finally:
        one.close()
        two.close()

"""The projector in a real browser on a wall screen: provisional standings during a round, large type with
?big=1, and fresh figures by themselves when a table saves a deal."""

from __future__ import annotations

import pytest

from scorekeeper.web.tournaments import shown
from tests.conftest import open_page

from .test_browser import save_a_deal, start_tournament
from tests.recording import tournament_path

pytestmark = pytest.mark.browser

WALL = {"width": 1920, "height": 1080}


@pytest.fixture
def wall(browser):
    """A page the size of a wall screen or a projector (no touch, no phone)."""
    yield from open_page(browser, viewport=WALL)


def font_px(page, selector: str) -> float:
    return page.evaluate(f"parseFloat(getComputedStyle(document.querySelector('{selector}')).fontSize)")


def test_the_wall_screen_shows_provisional_standings_in_large_type_and_updates_itself(
        wall, phone, live_server, monkeypatch):
    monkeypatch.setattr(shown, "STANDINGS_POLL_SECONDS", 1)  # the projector asks every second, not every 15
    _table, card = start_tournament(live_server.app, name="Projector night", round_end="deals", round_limit=4)
    tid = card.tournament_id

    wall.goto(live_server(f"{tournament_path(live_server, tid)}/standings"))
    normal_size = font_px(wall, ".standings-table")
    wall.goto(live_server(f"{tournament_path(live_server, tid)}/standings?big=1"))
    big_size = font_px(wall, ".standings-table")
    assert big_size > normal_size * 1.3, (normal_size, big_size)
    assert font_px(wall, ".provisional-mark") > 20
    mark = wall.locator(".provisional-mark")
    assert mark.is_visible() and mark.inner_text().startswith("Provisional")
    assert "Round 1 is being played" in wall.locator("#standings").inner_text()
    assert "900" not in wall.locator(".standings-table").inner_text()
    wall.evaluate("window.sameProjectorPage = true")  # gone if the page were loaded again

    # Table 1 saves a deal on its phone.
    phone.goto(live_server(f"/tournaments/phone/{card.token}"))
    save_a_deal(phone)

    # 300 melded + 500 natural canasta + 100 for going out: the wall shows it by itself, still provisional.
    wall.locator(".standings-table").get_by_text("900").first.wait_for(timeout=10_000)
    assert wall.evaluate("window.sameProjectorPage") is True
    assert wall.locator(".provisional-mark").is_visible()
    assert font_px(wall, ".standings-table") == big_size
    assert wall.console_messages == []

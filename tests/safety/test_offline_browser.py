"""An entry survives a dropped connection, on a 360 px phone: the scorepad and a tournament table phone.

Go offline, save two deals, reload, come back online: both deals are saved exactly once, in order.
"""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Error as PlaywrightError

from scorekeeper.stores.games import list_deals
from scorekeeper.db import connect
from tests.conftest import assert_fits_phone
from tests.tournaments.test_browser import start_tournament

from .helpers import add, new_game
from tests.recording import game_path

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def wait_until(page, expression: str, timeout: float = 10.0) -> None:
    """Poll ``expression`` in the page (page.wait_for_function's polling needs eval, which the CSP forbids)."""
    deadline = time.monotonic() + timeout
    while not _evaluate(page, expression):
        assert time.monotonic() < deadline, (f"still false after {timeout} s: {expression}; page says "
                                             f"{page.inner_text('main')[:1500]}")
        time.sleep(0.1)


def _evaluate(page, expression: str):
    try:
        return page.evaluate(expression)
    except PlaywrightError:  # the page is being reloaded (after its kept deals were sent): ask again
        page.wait_for_load_state()
        return False


def _db(live_server):
    return connect(live_server.app.config["DATABASE"])


def _deals(live_server, game_id):
    db = _db(live_server)
    try:
        return [(d.sides["we"]["meld_points"], d.sides["they"]["meld_points"])
                for d in list_deals(db, game_id)]
    finally:
        db.close()


def _open_new_game(phone, live_server) -> int:
    db = _db(live_server)
    game_id = new_game(db)
    db.close()
    phone.goto(live_server(game_path(live_server, game_id)))
    phone.wait_for_function("window.htmx !== undefined")
    return game_id


def _fill(page, we: int, they: int, save_button: str):
    page.fill("#we-meld_points", str(we))
    page.fill("#we-hand_points", "10")
    page.fill("#they-meld_points", str(they))
    page.fill("#they-hand_points", "20")
    entered_by = page.locator('label:has(input[name="side"][value="we"])')  # a tournament table names its side
    if entered_by.count():
        entered_by.tap()
    page.get_by_role("button", name=save_button).tap()


def _unsent(page) -> list[str]:
    return page.locator("[data-unsent] li").all_inner_texts()


#: Notes each text the page's message area shows, as it changes (into ``window.messagesShown``).
NOTE_MESSAGES = """() => {
  window.messagesShown = [];
  new MutationObserver(() => {
    const shown = document.querySelector('#messages');
    const text = shown ? shown.innerText : '';
    if (text && window.messagesShown[window.messagesShown.length - 1] !== text) { window.messagesShown.push(text); }
  }).observe(document.body, {childList: true, subtree: true, characterData: true});
}"""


def _offline_then_back(page, url: str, deals_path: str, save_button: str, messages_seen: list[str]):
    """Go offline, save two deals, reload (the scorekeeper still out of reach), come back online. Every message
    shown meanwhile is noted: the scoreboard's refresh, failing offline, may replace one before it is read."""
    page.evaluate(NOTE_MESSAGES)
    page.context.set_offline(True)
    _fill(page, 70, 40, save_button)
    page.wait_for_selector("[data-unsent] li")
    _fill(page, 90, 30, save_button)
    wait_until(page, "document.querySelectorAll('[data-unsent] li').length === 2")
    assert page.url == url, "the page was left for the browser's offline screen"
    rows = _unsent(page)
    assert "Deal 1" in rows[0] and "Deal 2" in rows[1] and all("not sent yet" in r for r in rows)
    assert page.locator("#offline-badge").is_visible()
    messages_seen.extend(page.evaluate("window.messagesShown") + [page.inner_text("#messages")])
    assert_fits_phone(page)

    # Reload while saves still cannot reach the scorekeeper: both entries are still there.
    page.route(deals_path, lambda route: route.abort())
    page.context.set_offline(False)
    page.reload()
    wait_until(page, "document.querySelectorAll('[data-unsent] li').length === 2")
    page.wait_for_selector("#offline-badge")
    page.context.set_offline(True)
    page.unroute(deals_path)

    # Back online: the `online` event sends them, in order, once each.
    page.context.set_offline(False)
    wait_until(page, "document.querySelectorAll('[data-unsent] li').length === 0", 15)
    assert not page.locator("#offline-badge").is_visible()


@pytest.mark.parametrize("phone", ["360x640"], indirect=True)
def test_scorepad_keeps_two_deals_offline_and_sends_each_once_in_order(phone, live_server):
    db = _db(live_server)
    game_id = new_game(db)
    db.close()
    url = live_server(game_path(live_server, game_id))
    phone.goto(url)
    phone.wait_for_function("window.htmx !== undefined")
    seen: list[str] = []
    _offline_then_back(phone, url, f"**{game_path(live_server, game_id)}/deals", "Save deal", seen)
    phone.wait_for_selector("li[data-deal='2']", timeout=10000)
    assert _deals(live_server, game_id) == [(70, 40), (90, 30)]
    assert "nothing was saved" not in " ".join(seen).lower()
    assert "kept on this phone" in " ".join(seen)
    # The form builds on what was sent: the next deal saves as deal 3, online as usual.
    _fill(phone, 50, 50, "Save deal")
    phone.wait_for_selector("li[data-deal='3']")
    assert _deals(live_server, game_id)[-1] == (50, 50)


@pytest.mark.parametrize("phone", ["360x640"], indirect=True)
def test_a_save_whose_answer_was_lost_is_retried_and_recorded_once(phone, live_server):
    # The phone is online all along: the kept deal goes again at the steady resend, set to every second
    # (RESEND_INTERVAL, docs/HOSTING.md) rather than every 5.
    live_server.app.config["RESEND_INTERVAL"] = 1
    game_id = _open_new_game(phone, live_server)

    def lose_answer(route):
        route.fetch()  # the server records the deal ...
        route.abort()  # ... and the answer never reaches the phone

    phone.route(f"**{game_path(live_server, game_id)}/deals", lose_answer)
    _fill(phone, 70, 40, "Save deal")
    phone.wait_for_selector("[data-unsent] li")
    phone.unroute(f"**{game_path(live_server, game_id)}/deals")
    wait_until(phone, "document.querySelectorAll('[data-unsent] li').length === 0", 15)
    assert _deals(live_server, game_id) == [(70, 40)]


@pytest.mark.parametrize("phone", ["360x640"], indirect=True)
def test_table_phone_keeps_two_deals_offline_and_never_leaves_its_page(phone, live_server):
    table, _card = start_tournament(live_server.app)
    url = live_server(f"/tournaments/table/{table.token}")
    phone.goto(url)
    phone.wait_for_function("window.htmx !== undefined")
    seen: list[str] = []
    _offline_then_back(phone, url, f"**/tournaments/table/{table.token}/deals", "Save the deal", seen)
    assert _deals(live_server, table.game_id) == [(70, 40), (90, 30)]
    assert "nothing was saved" not in " ".join(seen).lower()
    wait_until(phone, "document.querySelector('h2 [data-next-deal]').textContent === '3'", 10)


@pytest.mark.parametrize("phone", ["360x640"], indirect=True)
def test_a_failed_refresh_says_it_cannot_reach_the_scorekeeper(phone, live_server):
    _open_new_game(phone, live_server)
    phone.context.set_offline(True)
    wait_until(phone, "document.getElementById('messages').innerText.length > 0", 10)
    text = phone.inner_text("#messages")
    assert "can't reach the scorekeeper" in text.lower()
    assert "nothing was saved" not in text.lower()
    assert phone.locator("#offline-badge").is_visible()


@pytest.mark.parametrize("phone", ["360x640"], indirect=True)
def test_a_kept_deal_refused_because_another_phone_saved_first_can_be_sent_anyway(phone, live_server):
    game_id = _open_new_game(phone, live_server)
    phone.context.set_offline(True)
    _fill(phone, 70, 40, "Save deal")
    phone.wait_for_selector("[data-unsent] li")
    db = _db(live_server)  # meanwhile another phone saves a deal
    add(db, game_id, {"we": {"meld_points": 15, "hand_points": 10}, "they": {"meld_points": 5, "hand_points": 5}})
    db.close()
    phone.context.set_offline(False)
    phone.wait_for_selector("[data-unsent] li.is-refused", timeout=15000)
    row = phone.inner_text("[data-unsent] li")
    assert "not sent" in row and "first" in row
    assert_fits_phone(phone)
    assert _deals(live_server, game_id) == [(15, 5)]
    phone.get_by_role("button", name="Send it anyway").tap()
    wait_until(phone, "document.querySelectorAll('[data-unsent] li').length === 0", 15)
    assert _deals(live_server, game_id) == [(15, 5), (70, 40)]

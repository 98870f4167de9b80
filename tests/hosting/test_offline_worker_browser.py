"""Installable and offline (issue 21): on localhost (and over HTTPS) a service worker keeps the app's files and
every scorepad opened on the phone. A real Chromium at 360 px: open a scorepad, go offline, reload: the scorepad
shows with its totals; save a deal offline, come back: it is recorded once. On plain HTTP there is no worker."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Error as PlaywrightError

from tests.recording import Phone, Recorder, game_path
from tests.safety.helpers import add, new_game
from tests.safety.test_offline_browser import _db, _deals, _fill, wait_until

pytestmark = pytest.mark.browser

CONTROLLED = "navigator.serviceWorker && navigator.serviceWorker.controller !== null"
KEPT = """async () => {
  for (const name of await caches.keys()) {
    const page = await (await caches.open(name)).match(location.pathname, {ignoreVary: true});
    if (page && (await page.text()).includes('data-deal="2"')) { return true; }
  }
  return false;
}"""


@pytest.mark.parametrize("phone", ["360x640"], indirect=True)
def test_a_scorepad_opened_on_the_phone_works_offline_and_its_deal_is_sent_once(phone, live_server):
    db = _db(live_server)
    game_id = new_game(db)
    add(db, game_id, {"we": {"meld_points": 50, "hand_points": 10}, "they": {"meld_points": 30, "hand_points": 0}})
    db.close()
    recorder = Recorder(live_server.app)
    url = live_server(game_path(live_server, game_id)).replace("127.0.0.1", "localhost")
    phone.goto(url)
    wait_until(phone, CONTROLLED, 20)
    _fill(phone, 70, 40, "Save deal")  # deal 2, online: the worker keeps the scorepad as it now is
    phone.wait_for_selector("li[data-deal='2']")
    wait_until(phone, "document.querySelector('[data-total=\"we\"]').textContent.trim() !== ''")
    totals = phone.locator("#score-heads").inner_text()
    phone.wait_for_function(KEPT, timeout=20000)

    phone.context.set_offline(True)
    phone.wait_for_timeout(1000)  # a request already under way before (the worker keeping the page) ends first
    recorder.paths.clear()
    phone.reload()
    phone.wait_for_selector("li[data-deal='2']")
    assert phone.locator("#score-heads").inner_text() == totals  # the last known totals and minimums
    assert not [path for path in recorder.paths if path.startswith("/games/")], recorder.paths  # from the phone

    _fill(phone, 90, 30, "Save deal")  # deal 3, offline: kept in the queue
    phone.wait_for_selector("[data-unsent] li")
    assert _deals(live_server, game_id) == [(50, 30), (70, 40)]
    phone.context.set_offline(False)
    wait_until(phone, "document.querySelectorAll('[data-unsent] li').length === 0", 20)
    phone.wait_for_selector("li[data-deal='3']")
    assert _deals(live_server, game_id) == [(50, 30), (70, 40), (90, 30)]  # recorded once
    assert not [m for m in phone.console_messages if "sw.js" in str(m)]


@pytest.mark.parametrize("phone", ["360x640"], indirect=True)
def test_on_plain_http_by_address_no_worker_is_registered(phone, live_server):
    db = _db(live_server)
    game_id = new_game(db)
    db.close()
    phone.goto(live_server(game_path(live_server, game_id)))  # http://127.0.0.1: as a club laptop's address
    phone.wait_for_selector("#deal-form")
    phone.wait_for_timeout(500)
    assert phone.evaluate("navigator.serviceWorker.getRegistrations().then(r => r.length)") == 0


def test_a_new_version_of_the_app_is_a_new_worker_that_deletes_the_old_cache(client, no_csrf_app):
    first = client.get("/sw.js")
    assert first.status_code == 200 and first.mimetype == "text/javascript"
    assert first.headers["Cache-Control"] == "no-cache"
    body = first.get_data(as_text=True)
    assert "/static/js/offline." in body and "caches.delete" in body
    no_csrf_app.static_names = {**no_csrf_app.static_names, "js/app.js": "js/app.0123456789ab.js"}
    second = client.get("/sw.js").get_data(as_text=True)
    name = lambda text: text.split('var CACHE = "', 1)[1].split('"', 1)[0]  # noqa: E731
    assert name(second) != name(body) and "js/app.0123456789ab.js" in second


HOLDS = """async (path) => {
  for (const name of await caches.keys()) {
    if (await (await caches.open(name)).match(path, {ignoreVary: true})) { return true; }
  }
  return false;
}"""


def holds(page, path: str) -> bool:
    """Whether the worker's cache holds a copy of the page at ``path``."""
    return page.evaluate(HOLDS, path)


def wait_for(page, path: str, kept: bool, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while holds(page, path) != kept:
        assert time.monotonic() < deadline, f"after {seconds} s the cache still {'lacks' if kept else 'holds'} {path}"
        page.wait_for_timeout(100)


def opened_offline(page, url: str) -> bool:
    """Whether the scorepad at ``url`` shows with the phone offline (the browser's error page is no scorepad)."""
    try:
        page.goto(url)
    except PlaywrightError:
        return False
    return page.locator("#deal-form").count() > 0


@pytest.mark.parametrize("phone", ["360x640"], indirect=True)
def test_a_scorepad_is_kept_the_moment_the_worker_controls_it_and_dropped_once_deleted_elsewhere(phone,
                                                                                                  live_server):
    """The first open of a link: the page came from the network before the worker existed, so the worker fetches
    it again as soon as it controls the page, with no deal saved and no poll needed. Then a second phone moves the
    game to the bin: the first phone's next poll is answered 404, the worker drops its copy, and offline the
    phone shows no scorepad of a game that is gone."""
    db = _db(live_server)
    game_id = new_game(db)
    add(db, game_id, {"we": {"meld_points": 50, "hand_points": 10}, "they": {"meld_points": 30, "hand_points": 0}})
    db.close()
    path = game_path(live_server, game_id)
    url = live_server(path).replace("127.0.0.1", "localhost")
    phone.route("**/scoreboard*", lambda route: route.abort())  # no poll: nothing settles on the page
    phone.goto(url)
    wait_until(phone, CONTROLLED, 20)
    wait_for(phone, path, kept=True)
    phone.context.set_offline(True)
    phone.wait_for_timeout(500)
    phone.reload()
    phone.wait_for_selector("li[data-deal='1']")  # the first open, kept: the reload works offline
    phone.context.set_offline(False)
    phone.unroute("**/scoreboard*")
    phone.reload()
    phone.wait_for_selector("#deal-form")

    other = Phone(live_server("").replace("127.0.0.1", "localhost").rstrip("/"))  # the second phone, given the link
    token = other.token(path)
    status, _page, _headers = other.call(f"{path}/delete", data={"csrf_token": token, "version": "2"})
    assert status == 303
    wait_for(phone, path, kept=False)  # the scorepad's poll met the 404
    phone.context.set_offline(True)
    assert not opened_offline(phone, url)


@pytest.mark.parametrize("phone", ["360x640"], indirect=True)
def test_deleting_a_game_on_this_phone_drops_its_kept_copy(phone, live_server):
    db = _db(live_server)
    game_id = new_game(db)
    db.close()
    path = game_path(live_server, game_id)
    url = live_server(path).replace("127.0.0.1", "localhost")
    phone.goto(url)
    wait_until(phone, CONTROLLED, 20)
    wait_for(phone, path, kept=True)
    phone.goto(url + "/delete")
    phone.get_by_role("button", name="Move the game to the bin").tap()
    phone.wait_for_url("**/games/")
    wait_for(phone, path, kept=False, seconds=5)
    phone.context.set_offline(True)
    assert not opened_offline(phone, url)

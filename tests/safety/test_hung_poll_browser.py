"""A scoreboard's refresh that hangs on a club Wi-Fi ends, and the next one brings the other phone's deal (issue
19: "every request ends"). A request whose connection went dead (its packets lost, the phone still waiting)
used to hold the scoreboard's 3-second refresh forever: htmx queues the next refresh behind the one in flight.
Every htmx request now has a time limit (``timeout`` in ``templates/base.html``'s htmx config; a save has its own,
shorter one in ``static/js/offline.js``), and a refresh that runs out says the scores may be out of date.

The link is the test's proxy (``tests/safety/lossy.py``): it holds every request, then lets new ones through
while the held ones stay held, as a dead connection does.
"""

from __future__ import annotations

import time

import pytest

from scorekeeper.db import connect

from .helpers import add, new_game
from .lossy import HOLD, PASS, LossyLink
from .test_offline_browser import wait_until
from tests.recording import game_path

pytestmark = [pytest.mark.browser, pytest.mark.slow]

TOTAL_WE = "document.querySelector(\"[data-total='we']\").textContent.trim()"


@pytest.fixture
def link(live_server):
    lossy = LossyLink(("127.0.0.1", live_server.server.effective_port))
    yield lossy
    lossy.close()


@pytest.mark.parametrize("phone", ["360x640"], indirect=True)
def test_a_refresh_whose_connection_died_ends_and_the_next_one_shows_the_other_phones_deal(live_server, link, phone):
    # The app's time limit on a request (REQUEST_TIMEOUT, docs/HOSTING.md) 4 s rather than 12: the held refresh
    # runs out after that, and the next one, 3 s later, passes.
    live_server.app.config["REQUEST_TIMEOUT"] = 4
    db = connect(live_server.app.config["DATABASE"])
    try:
        game_id = new_game(db)
        phone.goto(f"{link.url}{game_path(live_server, game_id)}")
        phone.wait_for_function("window.htmx !== undefined")
        before = phone.evaluate(TOTAL_WE)
        link.set(HOLD)  # the next refresh leaves and never comes back
        deadline = time.monotonic() + 10
        while link.held("GET", "/scoreboard") == 0:
            assert time.monotonic() < deadline, "no refresh was sent within 10 s"
            time.sleep(0.2)
        add(db, game_id, {"we": {"meld_points": 150, "hand_points": 0}, "they": {"meld_points": 50}})
        link.set(PASS)  # new connections pass again; the held refresh stays dead
        wait_until(phone, f"{TOTAL_WE} !== {before!r}", timeout=30)
        assert phone.evaluate(TOTAL_WE) == "150"
    finally:
        db.close()

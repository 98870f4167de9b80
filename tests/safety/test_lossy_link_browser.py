"""A Chromium phone on a 360 px screen behind a link that hangs and recovers (issue 19): every deal is recorded
once, in the order typed, and no deal the phone showed as kept is lost.

The link is a proxy inside the test (``tests/safety/lossy.py``) between Chromium and the live waitress server: it
holds requests without answering and hands them to the server late, loses answers after the server handled them,
cuts connections, and recovers. A save with no answer within a few seconds is kept on the phone, and each entry is
kept as it was saved, under a key of its own.
"""

from __future__ import annotations

import json
import time
from urllib.parse import parse_qs

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from scorekeeper.db import connect
from scorekeeper.stores.games import list_deals
from tests.conftest import PHONES, assert_fits_phone, open_page

from tests.tournaments.test_browser import start_tournament

from .helpers import new_game
from .lossy import CUT, HOLD, LOSE, LossyLink
from .test_offline_browser import wait_until
from tests.recording import game_path

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SAVE = "#deal-form button.save"
READY = ("(function () { var b = document.querySelector('#deal-form button.save'); "
         "var f = document.querySelector('#we-meld_points'); return !!b && !b.disabled && !!f && f.value === ''; })()")
UNSENT = "document.querySelectorAll('[data-unsent] li').length"


#: The app's waits (docs/HOSTING.md, "Configuration") for these tests, in seconds: a save the link holds is kept
#: on the phone after 4 s rather than 8 (still twice the "recover+hold" below, whose late answer must come in
#: time), and kept deals are sent again every second rather than every 5.
WAITS = {"SAVE_TIMEOUT": 4, "RESEND_INTERVAL": 1}


@pytest.fixture
def link(live_server):
    live_server.app.config.update(WAITS)  # read by each page as it is served
    lossy = LossyLink(("127.0.0.1", live_server.server.effective_port))
    yield lossy
    lossy.close()


def _game(live_server) -> int:
    db = connect(live_server.app.config["DATABASE"])
    try:
        return new_game(db)
    finally:
        db.close()


def _deals(live_server, game_id) -> list[tuple[int, int]]:
    db = connect(live_server.app.config["DATABASE"])
    try:
        return [(d.sides["we"]["meld_points"], d.sides["they"]["meld_points"]) for d in list_deals(db, game_id)]
    finally:
        db.close()


def _type(page, we: int, they: int) -> None:
    page.fill("#we-meld_points", str(we))
    page.fill("#we-hand_points", "10")
    page.fill("#they-meld_points", str(they))
    page.fill("#they-hand_points", "20")


def _kept(page) -> list[dict]:
    return page.evaluate("JSON.parse(localStorage.getItem('scorekeeper:unsent') || '[]')")


def _open(phone, link, live_server, game_id) -> None:
    phone.goto(f"{link.url}{game_path(live_server, game_id)}")
    phone.wait_for_function("window.htmx !== undefined")
    # The deal form's submissions, counted in the window's capture phase, before any script of the page sees them.
    phone.evaluate("() => { window.dealSubmits = 0; window.addEventListener('submit', "
                   "e => { if (e.target.id === 'deal-form') { window.dealSubmits++; } }, true); }")


def _save(phone) -> None:
    """Tap Save until the deal form is submitted. While kept deals are sent, the page moves under the finger (the
    offline note goes, the list of kept deals empties, a message comes), so a tap can land where the button was a
    moment before, as a person's can, and is then made again. A submission that the page then fails to send still
    fails the test (the form is never emptied)."""
    for _ in range(3):
        before = phone.evaluate("window.dealSubmits")
        phone.locator(SAVE).tap()
        try:
            phone.wait_for_function("n => window.dealSubmits > n", arg=before, timeout=3000)
            return
        except PlaywrightTimeoutError:
            continue
    raise AssertionError("Save was tapped three times and the deal form was never submitted")


def _deal(n: int) -> tuple[int, int]:
    """Deal ``n``'s meld points, all different, so the order recorded can be read back."""
    return 100 + 5 * n, 5 * n


#: The link before each of the 20 deals is saved: None leaves it as it is; "recover" puts it right first.
SCHEDULE = {4: LOSE, 6: "recover", 8: HOLD, 11: "recover", 13: CUT, 15: "recover+hold", 17: LOSE, 18: "recover",
            19: HOLD}


@pytest.mark.parametrize("phone", ["360x640"], indirect=True)
def test_twenty_deals_through_a_link_that_hangs_and_recovers_are_each_recorded_once_in_order(phone, live_server,
                                                                                              link):
    game_id = _game(live_server)
    _open(phone, link, live_server, game_id)
    shown_kept = set()
    for n in range(1, 21):
        step = SCHEDULE.get(n)
        if step and step.startswith("recover"):
            link.recover()
        if step in (LOSE, HOLD, CUT):
            link.set(step)
        if step == "recover+hold":  # held, then put right while the phone still waits: answered late, not kept
            link.set(HOLD)
        _type(phone, *_deal(n))
        _save(phone)
        if step == "recover+hold":
            time.sleep(2)
            link.recover()
        try:
            wait_until(phone, READY, 20)
        except AssertionError as error:
            form = phone.evaluate("() => { const b = document.querySelector('#deal-form button.save'); "
                                  "return {submits: window.dealSubmits, button_disabled: b && b.disabled, "
                                  "typed: [...document.querySelectorAll("
                                  "'#deal-form input[name$=_points]')].map(i => i.name + '=' + i.value)}; }")
            raise AssertionError(f"deal {n} (link {step}): {error}; kept {_kept(phone)}; form {form}; console "
                                 f"{[str(m) if isinstance(m, Exception) else m.text for m in phone.console_messages]}; "
                                 f"link {link.log[-16:]}")
        shown_kept |= {entry["number"] if "number" in entry else entry.get("label") for entry in _kept(phone)}
    link.recover()
    wait_until(phone, f"{UNSENT} === 0", 60)
    assert _deals(live_server, game_id) == [_deal(n) for n in range(1, 21)]
    phone.wait_for_selector("li[data-deal='20']", timeout=15000)
    assert len(shown_kept) >= 6, f"the link never made the phone keep a deal: {shown_kept}"
    assert link.held("POST", "/deals") >= 5


@pytest.mark.parametrize("phone", ["360x640"], indirect=True)
def test_a_deal_typed_while_the_last_ones_answer_is_lost_is_kept_under_its_own_key(phone, live_server, link):
    """Deal A is saved and recorded, but its answer is lost; the scoreboard's refresh moves the heading on to the
    next deal and the player types deal B into the same form; then A's request fails. A is kept as it was saved
    (its own values, its own key), B stays in the form, and both end up recorded, A then B."""
    # The save waits its full 8 s here: the scoreboard's 3 s refresh must come while A is still on its way. And
    # the kept A is not sent again on a timer: it stays on the phone to be read until B's save sends it first (a
    # resend every second sent it before a busy machine's test could read it).
    live_server.app.config.update(SAVE_TIMEOUT=8, RESEND_INTERVAL=60)
    game_id = _game(live_server)
    _open(phone, link, live_server, game_id)
    link.set(LOSE, only="/deals")
    _type(phone, 70, 40)
    phone.locator(SAVE).tap()
    wait_until(phone, "document.querySelector('#deal-form [data-next-deal]').textContent === '2'", 15)
    assert _deals(live_server, game_id) == [(70, 40)]  # recorded, and the phone does not know it
    _type(phone, 90, 30)
    link.recover()  # A's request fails
    wait_until(phone, f"{UNSENT} >= 1", 15)
    kept = _kept(phone)
    values = parse_qs(kept[0]["body"])
    assert values["we-meld_points"] == ["70"], f"B's values were kept under A's key: {json.dumps(kept)[:400]}"
    assert phone.input_value("#we-meld_points") == "90", "the deal being typed was wiped"
    phone.locator(SAVE).tap()
    wait_until(phone, f"{UNSENT} === 0", 30)
    assert _deals(live_server, game_id) == [(70, 40), (90, 30)]
    page = phone.inner_text("main").lower()
    assert "saved a deal first" not in page and "saved a change to this game first" not in page


@pytest.mark.parametrize("phone", ["360x640"], indirect=True)
def test_a_save_that_hangs_is_kept_on_the_phone_within_seconds(phone, live_server, link):
    """Before: with the link hung, a save waited with no message, no offline bar and nothing kept."""
    game_id = _game(live_server)
    _open(phone, link, live_server, game_id)
    link.set(HOLD)
    _type(phone, 70, 40)
    phone.locator(SAVE).tap()
    wait_until(phone, f"{UNSENT} === 1", 20)
    assert "not sent yet" in phone.inner_text("[data-unsent]")
    assert phone.locator("#offline-badge").is_visible()
    assert "kept on this phone" in phone.inner_text("#messages")
    assert phone.input_value("#we-meld_points") == ""  # ready for the next deal
    assert_fits_phone(phone)
    link.recover()
    wait_until(phone, f"{UNSENT} === 0", 30)
    assert _deals(live_server, game_id) == [(70, 40)]


@pytest.fixture
def telefono(browser):
    """A 360x640 phone whose browser asks for Spanish."""
    yield from open_page(browser, viewport=PHONES["360x640"], has_touch=True, is_mobile=True, device_scale_factor=2,
                         locale="es-ES")


def test_a_spanish_phone_says_in_spanish_that_a_hung_save_and_the_next_one_are_kept(telefono, live_server, link):
    game_id = _game(live_server)
    _open(telefono, link, live_server, game_id)
    link.set(HOLD)
    _type(telefono, 70, 40)
    telefono.locator(SAVE).tap()
    wait_until(telefono, f"{UNSENT} === 1", 20)
    assert "El anotador no respondió a tiempo" in telefono.inner_text("#messages")
    assert "todavía sin enviar" in telefono.inner_text("[data-unsent]")
    _type(telefono, 90, 30)
    telefono.locator(SAVE).tap()
    wait_until(telefono, f"{UNSENT} === 2", 5)
    assert "se enviará después de las manos guardadas antes que ella" in telefono.inner_text("#messages")
    assert telefono.inner_text("#deal-form [data-next-deal]") == "3"
    link.recover()
    wait_until(telefono, f"{UNSENT} === 0", 30)
    assert _deals(live_server, game_id) == [(70, 40), (90, 30)]


@pytest.mark.parametrize("phone", ["360x640"], indirect=True)
def test_a_table_phones_save_that_hangs_is_kept_and_recorded_once_when_the_link_recovers(phone, live_server, link):
    table, _card = start_tournament(live_server.app)
    phone.goto(f"{link.url}/tournaments/table/{table.token}")
    phone.wait_for_function("window.htmx !== undefined")
    link.set(LOSE, only="/deals")  # the server records it; the answer never comes
    _type(phone, 70, 40)
    phone.locator('label:has(input[name="side"][value="we"])').tap()
    phone.get_by_role("button", name="Save the deal").tap()
    wait_until(phone, f"{UNSENT} === 1", 20)
    assert "not sent yet" in phone.inner_text("[data-unsent]")
    link.recover()
    wait_until(phone, f"{UNSENT} === 0", 30)
    assert _deals(live_server, table.game_id) == [(70, 40)]

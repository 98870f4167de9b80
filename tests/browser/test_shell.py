"""The page shell on real phone-sized screens in headless Chromium."""

from __future__ import annotations

import pytest

from tests.conftest import assert_fits_phone

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("phone", ["360x640", "390x844"], indirect=True)
def test_home_page_fits_a_phone_without_console_errors(phone, live_server):
    phone.goto(live_server("/"))
    assert phone.title() == "Canasta Scorekeeper"
    assert phone.locator("h1").is_visible()
    assert_fits_phone(phone)
    assert phone.console_messages == []


def test_failed_htmx_request_shows_a_message(phone, live_server):
    phone.goto(live_server("/"))
    phone.wait_for_function("window.htmx !== undefined")
    # A request to an address that does not exist: htmx does not swap it, the page must say so.
    phone.evaluate("htmx.ajax('GET', '/no/such/fragment', {target: '#main'})")
    message = phone.locator("#messages .message-error")
    message.wait_for()
    assert "no longer exists" in message.inner_text() or "nothing at this address" in message.inner_text()

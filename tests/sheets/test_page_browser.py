"""The sheets page on a phone, and the scorepad's look when printed, in headless Chromium."""

from __future__ import annotations

import pytest

from tests.conftest import assert_fits_phone

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("phone", ["360x640", "390x844"], indirect=True)
def test_sheets_page_fits_a_phone_and_downloads_the_chosen_sheet(phone, live_server):
    phone.goto(live_server("/sheets/"))
    assert phone.locator("h1").inner_text() == "Paper score sheets"
    assert_fits_phone(phone)
    phone.select_option("#rules", "silhill")
    phone.locator("label", has_text="US Letter").tap()
    with phone.expect_download() as info:
        phone.locator("main button[type=submit]").tap()
    download = info.value
    assert download.suggested_filename == "canasta-blank-sheet-silhill-letter.pdf"
    assert phone.console_messages == []


def test_printing_a_page_hides_the_controls_and_chrome(phone, live_server):
    phone.goto(live_server("/sheets/"))
    assert phone.locator(".topbar").is_visible()
    phone.emulate_media(media="print")
    assert not phone.locator(".topbar").is_visible()
    assert not phone.locator("main form").is_visible()
    assert phone.locator("h1").is_visible()
    background = phone.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(255, 255, 255)"

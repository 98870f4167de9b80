"""Whole games on a phone: start, record deals by totals and card by card, reach the target, correct a deal."""

from __future__ import annotations

import re

import pytest

from scorekeeper.stores.summary import game_summary
from scorekeeper.db import connect
from tests.conftest import assert_fits_phone, tap_and_settle
from tests.recording import game_path, started_id

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def start(page, live_server, rules: str, target: int, names=("Ann", "Cy", "Bo", "Di")):
    page.goto(live_server("/games/new"))
    page.wait_for_function("window.htmx !== undefined")
    if rules != "bicycle":
        tap_and_settle(page, page.locator(f"label:has(input[name=rules][value='{rules}'])"))
        page.wait_for_selector(f"input[name=rules][value='{rules}']:checked")
    assert_fits_phone(page)
    page.fill("#opt_target", str(target))
    for field, name in zip(("we_player0", "we_player1", "they_player0", "they_player1"), names):
        page.fill(f"#{field}", name)
    page.locator("label:has(input[name=first_dealer][value='1'])").tap()
    page.get_by_role("button", name="Start the game").tap()
    page.wait_for_selector("#scoreboard")
    return started_id(live_server, page.url)


def went_out(page, side: str, how: str = "yes"):
    page.locator(f"label:has(input[name='{side}-went_out'][value='{how}'])").tap()


def step(page, field: str, times: int = 1):
    for _ in range(times):
        page.locator(f"button[aria-controls='{field}'][data-step='1']").tap()


def save(page, number: int):
    page.get_by_role("button", name="Save deal").tap()
    page.wait_for_selector(f"li[data-deal='{number}']")


def total(page, side: str) -> int:
    return int(page.locator(f"[data-total='{side}']").inner_text().replace(",", ""))  # English groups: 1,185


def summary_of(live_server, game_id):
    db = connect(live_server.app.config["DATABASE"])
    try:
        return game_summary(db, game_id)
    finally:
        db.close()


# Each whole game on one phone size, the two sizes between them (a page's fit at both: test_walkthrough).
@pytest.mark.parametrize("phone", ["360x640"], indirect=True)
def test_bicycle_game_by_totals_to_a_winner_then_a_correction(phone, live_server):
    page = phone
    game_id = start(page, live_server, "bicycle", 1500)
    assert "Bo deals." in page.inner_text("#deal-form")
    assert page.inner_text("[data-minimum='we']") == "50"
    assert_fits_phone(page)

    # Deal 1: they go out with a mixed canasta; we melded 40 and hold 30.
    went_out(page, "they")
    step(page, "they-canasta_mixed")
    page.fill("#they-meld_points", "30+20")
    page.fill("#we-meld_points", "40")
    page.fill("#we-hand_points", "10+20")
    # The preview follows each key after a pause: wait for the one that answers the whole deal.
    page.wait_for_selector("#deal-preview .preview-deal:has-text('+450')")
    save(page, 1)
    assert (total(page, "we"), total(page, "they")) == (10, 450)
    assert "Cy deals." in page.inner_text("#deal-form")

    # Deal 2: we go out with a natural canasta.
    went_out(page, "we")
    step(page, "we-canasta_natural")
    page.fill("#we-meld_points", "100+85")
    page.fill("#they-meld_points", "60")
    page.fill("#they-hand_points", "25")
    save(page, 2)
    assert (total(page, "we"), total(page, "they")) == (795, 485)

    # Deal 3: we go out with two canastas and pass the target.
    went_out(page, "we")
    step(page, "we-canasta_natural")
    step(page, "we-canasta_mixed")
    page.fill("#we-meld_points", "200")
    save(page, 3)
    assert total(page, "we") == 1895
    assert "Ann & Cy" in page.inner_text("#scoreboard") or "We won" in page.inner_text(".winner")
    assert "We won" in page.inner_text(".winner")
    assert page.locator("#deal-form").count() == 0
    assert_fits_phone(page)

    # The breakdown of a deal, then a correction of deal 1.
    page.locator("li[data-deal='1'] summary").tap()
    assert "1 mixed canasta" in page.inner_text("li[data-deal='1']")
    page.get_by_role("link", name="Correct deal 1").tap()
    page.wait_for_selector("#deal-form")
    assert_fits_phone(page)
    page.fill("#they-meld_points", "100")
    page.get_by_role("button", name="Save the correction").tap()
    page.wait_for_selector("#scoreboard")
    summary = summary_of(live_server, game_id)
    assert [r.sides["they"].total for r in summary.rows] == [500, 535, 535]
    assert total(page, "they") == 535 and total(page, "we") == 1895
    assert "Deal 1 corrected" in page.inner_text("#messages")
    assert page.console_messages == []


def cards(page, field: str, taps: list[str]):
    """Tap cards into a box with the shared keypad: tap the box to choose it, then tap the keys."""
    box = page.locator(f"[data-card-picker]:has(#{field})")
    box.locator(".card-picker-chosen").tap()
    assert box.get_attribute("data-active") is not None
    keypad = page.locator("[data-card-keypad]")
    for key in taps:
        if key == "\n":
            keypad.get_by_role("button", name="Next meld").tap()
        else:
            keypad.locator(f"[data-card='{key}']").tap()


@pytest.mark.parametrize("phone", ["390x844"], indirect=True)
def test_modern_american_game_card_by_card_to_a_winner_then_a_correction(phone, live_server):
    page = phone
    game_id = start(page, live_server, "modern-american", 5000)
    page.get_by_role("link", name="Card by card").tap()
    page.wait_for_selector("#we-melds")
    assert_fits_phone(page)

    # An illegal meld is flagged with its rule as soon as it is entered.
    page.fill("#we-melds", "7 7 2")
    page.wait_for_selector("#deal-preview .meld-checks .verdict-illegal")
    assert "Modern American Canasta" in page.inner_text(".meld-checks")  # the document, by its title

    # Deal 1: they go out with two natural canastas; we hold a small meld and two fours.
    page.fill("#we-melds", "8 8 8")
    page.fill("#we-hand_0", "4 4")
    went_out(page, "they")
    cards(page, "they-melds", ["K"] * 7 + ["\n"] + ["Q"] * 7)
    assert page.input_value("#they-melds") == "K K K K K K K\nQ Q Q Q Q Q Q"
    they = page.locator("[data-card-picker]:has(#they-melds)")
    assert they.locator(".card-picker-meld").count() == 2 and they.locator(".card-chip").count() == 14
    page.wait_for_selector("#deal-preview .preview-deal")
    save(page, 1)
    first = summary_of(live_server, game_id)
    assert total(page, "they") == first.totals["they"] > 1000

    # Deal 2: we go out with a canasta of sevens and a natural canasta.
    page.wait_for_selector("#we-melds")
    went_out(page, "we")
    cards(page, "we-melds", ["7"] * 7 + ["\n"] + ["J"] * 7)
    page.fill("#they-melds", "9 9 9")
    page.fill("#they-hand_1", "5 6")
    save(page, 2)

    # Deal 3: we go out with a canasta of aces and one of tens: past 5000.
    went_out(page, "we")
    page.fill("#we-melds", "A A A A A A A\n10 10 10 10 10 10 10")
    page.fill("#they-melds", "6 6 6")
    save(page, 3)
    summary = summary_of(live_server, game_id)
    assert summary.game_over and summary.winner == "we"
    assert "We won" in page.inner_text(".winner")
    assert total(page, "we") == summary.totals["we"] >= 5000
    assert_fits_phone(page)

    # Correct deal 1: they also had a small meld of nines.
    page.locator("li[data-deal='1'] summary").tap()
    page.get_by_role("link", name="Correct deal 1").tap()
    page.wait_for_selector("#they-melds")
    assert page.input_value("#they-melds").startswith("K K K K K K K")
    page.fill("#they-melds", "K K K K K K K\nQ Q Q Q Q Q Q\n9 9 9")
    page.get_by_role("button", name="Save the correction").tap()
    page.wait_for_selector("#scoreboard")
    corrected = summary_of(live_server, game_id)
    assert corrected.rows[0].sides["they"].deal == first.rows[0].sides["they"].deal + 30
    assert corrected.totals["they"] == summary.totals["they"] + 30
    assert total(page, "they") == corrected.totals["they"]
    assert page.console_messages == []


def test_entry_survives_a_reload_and_other_phones_see_new_deals(browser, live_server):
    """The half-entered deal comes back after the page is dropped; a second phone sees the save."""
    size = {"width": 390, "height": 844}
    one = browser.new_context(viewport=size, has_touch=True, is_mobile=True)
    two = browser.new_context(viewport=size, has_touch=True, is_mobile=True)
    try:
        page = one.new_page()
        game_id = start(page, live_server, "bicycle", 5000)
        other = two.new_page()
        other.goto(live_server(game_path(live_server, game_id)))
        other.wait_for_function("window.htmx !== undefined")

        went_out(page, "we")
        step(page, "we-canasta_natural", 2)
        page.fill("#we-meld_points", "45+30+20")
        page.reload()
        page.wait_for_selector("#deal-preview .preview-deal")
        assert page.input_value("#we-canasta_natural") == "2"
        assert page.input_value("#we-meld_points") == "45+30+20"
        assert page.is_checked("input[name='we-went_out'][value='yes']")
        save(page, 1)
        assert page.input_value("#we-meld_points") == ""
        page.reload()
        page.wait_for_selector("#deal-form")
        assert page.input_value("#we-canasta_natural") == "0"

        other.wait_for_selector("li[data-deal='1']", timeout=8000)
        assert re.search(r"\d", other.inner_text("[data-total='we']"))
        assert other.inner_text("[data-total='we']") == "1,195"
    finally:
        one.close()
        two.close()

"""Settling disputes on a 390x844 phone by tapping cards; opening the referee from a game in progress."""

from __future__ import annotations

import re

import pytest

from scorekeeper.stores.deals import add_deal
from scorekeeper.stores.games import create_game
from scorekeeper.stores.summary import game_summary
from scorekeeper.db import connect
from scorekeeper.rules import get_profile
from tests.conftest import assert_fits_phone

pytestmark = pytest.mark.browser


def ready(page) -> None:
    """Wait until cardpicker.js has started the pickers."""
    page.locator("[data-card-picker-ready]").first.wait_for(state="attached")


def picker(page, name: str):
    return page.locator(f"[data-card-picker]:has(#cp-{name})")


def tap_cards(page, name: str, *tokens: str) -> None:
    """Tap cards into a picker: on its own keypad, or, for a picker sharing its group's keypad, tap its box
    first to choose it (it is marked active) and then the shared keypad's cards."""
    box = picker(page, name)
    group = box.get_attribute("data-cardpicker-group")
    keys = box
    if group:
        box.locator(".card-picker-chosen").tap()
        assert box.get_attribute("data-active") is not None
        keys = page.locator(f'[data-card-keypad][data-cardpicker-group="{group}"]')
    for token in tokens:
        keys.locator(f'[data-card="{token}"]').tap()


def ask(page):
    page.locator("button.ask").tap()
    page.locator("#verdict .verdict, #verdict .verdict-problem").wait_for()


def verdict(page) -> str:
    return page.locator("#verdict .verdict").inner_text().strip()


@pytest.mark.parametrize("phone", ["390x844"], indirect=True)
def test_meld_dispute_settled_by_tapping_cards(phone, live_server):
    phone.goto(live_server("/referee/"))
    assert_fits_phone(phone)
    phone.get_by_role("link", name=re.compile(r"^Bicycle \(Hoyle\)")).tap()
    phone.wait_for_url(re.compile(r"rules=bicycle"))
    assert_fits_phone(phone)
    phone.get_by_role("link", name=re.compile("Is this meld legal")).tap()
    phone.wait_for_url(re.compile(r"/referee/meld"))
    ready(phone)
    tap_cards(phone, "melds-0", "K", "K", "Q", "K")
    melds = picker(phone, "melds-0")
    # tap the chosen queen to remove it
    melds.locator(".card-chip", has_text="Q").tap()
    assert phone.locator("#cp-melds-0").input_value() == "K K K"
    assert melds.locator(".card-chip").count() == 3
    assert_fits_phone(phone)
    url = phone.url
    ask(phone)
    assert phone.url == url  # answered in place by htmx
    assert "NOT LEGAL" in verdict(phone)
    card = phone.locator(".verdict-card")
    assert "needs at least 50" in card.inner_text()
    assert card.locator(".big-number").inner_text() == "30"
    assert "Source: Canasta General Rules (Bicycle), Melds" in card.inner_text()
    # a second meld of aces reaches the minimum
    phone.locator('button.more[value="melds"]').tap()
    phone.locator("[data-card-picker-ready]:has(#cp-melds-1)").wait_for()
    tap_cards(phone, "melds-1", "A", "A", "A")
    assert phone.locator("#cp-melds-0").input_value() == "K K K"
    ask(phone)
    phone.locator('#verdict .verdict[data-legal="yes"]').wait_for()
    assert verdict(phone).endswith("LEGAL") and "NOT" not in verdict(phone)
    assert phone.locator(".verdict-card .big-number").inner_text() == "90"
    assert_fits_phone(phone)
    assert phone.console_messages == []


@pytest.mark.parametrize("phone", ["390x844"], indirect=True)
def test_pile_dispute_and_a_bad_card_shown_next_to_its_field(phone, live_server):
    phone.goto(live_server("/referee/pile?rules=yahoo"))
    ready(phone)
    tap_cards(phone, "top", "K", "Q")  # a single-card field: the second tap replaces the first
    assert phone.locator("#cp-top").input_value() == "Q"
    tap_cards(phone, "uses", "Q", "2")
    phone.locator("label.check", has_text="already made its first meld").tap()
    phone.locator("label.check", has_text="The pile is frozen").tap()
    assert_fits_phone(phone)
    ask(phone)
    assert "NOT LEGAL" in verdict(phone)
    assert "frozen" in phone.locator(".violations").inner_text()
    # unreadable cards typed by hand: the message appears next to the field, the verdict gives way
    phone.locator("#cp-uses").fill("Q Z")
    ask(phone)
    error = phone.locator("#error-uses")
    error.wait_for()
    assert "'Z' is not a card" in error.inner_text()
    assert phone.locator("#verdict .verdict").count() == 0
    # fixed with taps: a natural pair takes the frozen pile
    picker(phone, "uses").locator("[data-clear]").tap()
    tap_cards(phone, "uses", "Q", "Q")
    ask(phone)
    phone.locator("#verdict .verdict").wait_for()
    assert verdict(phone).endswith("LEGAL") and "NOT" not in verdict(phone)
    assert phone.locator("#error-uses").inner_text() == ""
    assert_fits_phone(phone)
    # The 422 answer is logged by the browser itself as a failed resource load; nothing else may be logged.
    others = [m for m in phone.console_messages if "status of 422" not in str(getattr(m, "text", m))]
    assert others == []


@pytest.mark.parametrize("phone", ["390x844"], indirect=True)
def test_going_out_dispute_settled_by_tapping_cards(phone, live_server):
    phone.goto(live_server("/referee/go-out?rules=modern-american"))
    ready(phone)
    # one keypad serves every card box of this long form; the first box on view is chosen to begin with
    keypad = phone.locator("[data-card-keypad]")
    assert keypad.count() == 1 and phone.locator(".card-picker [data-card]").count() == 0
    assert phone.locator("[data-card-picker][data-active]:has(#cp-melds-0)").count() == 1
    assert "New meld" in keypad.locator("[data-keypad-target]").inner_text()
    phone.locator(".table-melds summary").tap()
    tap_cards(phone, "table-0", *["K"] * 7)
    assert "Meld on the table" in keypad.locator("[data-keypad-target]").inner_text()
    phone.locator("label.check", has_text="already made its first meld").tap()
    tap_cards(phone, "melds-0", "9", "9", "9", "8")
    keypad.locator("[data-back]").tap()  # the last card tapped comes off again
    tap_cards(phone, "discard", "6", "5")  # a single-card box: the second tap replaces the first
    assert phone.locator("#cp-table-0").input_value() == "K K K K K K K"
    assert phone.locator("#cp-melds-0").input_value() == "9 9 9"
    assert phone.locator("#cp-discard").input_value() == "5"
    assert phone.locator("[data-card-picker][data-active]").count() == 1
    assert_fits_phone(phone)
    ask(phone)
    assert "NOT LEGAL" in verdict(phone)
    assert "two canastas" in phone.locator(".violations").inner_text()
    assert "Modern American Canasta" in phone.locator(".violations").inner_text()
    assert_fits_phone(phone)
    assert phone.console_messages == []


@pytest.mark.parametrize("phone", ["390x844"], indirect=True)
def test_referee_opened_from_a_game_uses_its_rules_and_minimum(phone, live_server):
    db = connect(live_server.app.config["DATABASE"])
    sides = [{"key": "we", "name": "We", "players": ["Ann", "Cy"]},
             {"key": "they", "name": "They", "players": ["Bo", "Di"]}]
    game_id = create_game(db, rules="silhill", options={"wild_ratio": "not_more_wilds"}, sides=sides)
    deal = {"we": {"meld_points": 1000, "canastas": {"natural": 1}, "hand_points": 0, "red_threes": 1,
                   "went_out": True},
            "they": {"meld_points": 40, "canastas": {}, "hand_points": 10, "red_threes": 0}}
    add_deal(db, game_id, deal, mode="totals", expected_version=1)
    summary = game_summary(db, game_id)
    db.close()
    total, minimum = summary.totals["we"], summary.minimums["we"]
    assert minimum == get_profile("silhill").minimum(total) == 90

    phone.goto(live_server(f"/referee/?game={summary.game.link}&side=we"))
    assert "Silhill u3a rules" in phone.locator(".referee-setup").inner_text()
    assert "Wild cards against natural cards: no more wild cards than natural cards" in phone.locator(".referee-setup").inner_text()
    assert phone.locator("#minimum").inner_text() == str(minimum)
    assert phone.locator("#f-index-score").input_value() == str(total)
    assert_fits_phone(phone)
    phone.get_by_role("link", name=re.compile("Is this meld legal")).tap()
    phone.wait_for_url(re.compile(rf"/referee/meld\?game={summary.game.link}&side=we"))
    assert phone.locator("#f-score").input_value() == str(total)
    ready(phone)
    tap_cards(phone, "melds-0", "J", "J", "2", "2")
    ask(phone)
    # the club's reading allows as many wilds as naturals; the opening still has to reach 90
    card = phone.locator(".verdict-card")
    assert "NOT LEGAL" in verdict(phone)
    assert card.locator(".minimum-figure").inner_text() == str(minimum)
    assert card.locator(".big-number").inner_text() == "60"
    assert_fits_phone(phone)
    assert phone.console_messages == []


@pytest.mark.parametrize("phone", ["390x844"], indirect=True)
def test_rules_pages_fit_a_phone(phone, live_server):
    phone.goto(live_server("/referee/rules"))
    assert phone.locator("#topic-melds h3", has_text="Wild cards against natural cards").is_visible()
    assert_fits_phone(phone)
    phone.get_by_role("link", name="Modern American Canasta").first.tap()
    phone.wait_for_url(re.compile(r"/referee/rules/modern-american"))
    assert phone.locator("#topic-going_out").is_visible()
    assert_fits_phone(phone)
    assert phone.console_messages == []

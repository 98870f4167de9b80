"""A game of Samba, of Bolivia and of Hand and Foot on a 360 px phone, with JavaScript on and off: started through
the new-game page, played to its end through the deal form (Samba's first deal card by card, its sequence typed on
the keypad's suits), printed (the game sheet read back with pdftotext) and exported (docs/RULES.md §7); then its
rules page, which lists the pages it cites.

One browser and one server for the six games, each a deal or two by totals with the bonuses of the family."""

from __future__ import annotations

import json
import subprocess

import pytest

from tests.browser.test_scorepad import summary_of, went_out
from tests.conftest import PHONES, assert_fits_phone, open_page
from tests.recording import game_path, started_id

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: Each game: the deals by totals that end it (a side's fields by name), the totals after them and the winner.
#: samba (BCA-S): out 200, sambas 1,500, game 10,000; bolivia (BCA-B): escaleras 1,500, bolivias 2,500, 15,000;
#: hand-and-foot: four deals, books 500 clean and 300 dirty, out 100.
GAMES = {
    "samba": ([{"we-canasta_samba": 3, "we-canasta_mixed": 1, "we-meld_points": "300", "they-meld_points": "100",
                "they-hand_points": "60"}] * 2,
              # we: 200 + 4,500 + 300 + 300 = 5,300 a deal; they: 100 - 60 = 40
              {"we": 10600, "they": 80}),
    "bolivia": ([{"we-canasta_escalera": 2, "we-canasta_bolivia": 2, "we-meld_points": "400",
                  "they-meld_points": "100", "they-hand_points": "60"}] * 2,
                # we: 200 + 3,000 + 5,000 + 400 = 8,600 a deal; they: 40
                {"we": 17200, "they": 80}),
    "hand-and-foot": ([{"we-canasta_natural": 2, "we-canasta_mixed": 2, "we-meld_points": "300",
                        "they-meld_points": "100", "they-hand_points": "60"}] * 4,
                      # we: 100 + 1,000 + 600 + 300 = 2,000 a deal; they: 40
                      {"we": 8000, "they": 160}),
}


@pytest.fixture(params=[True, False], ids=["js", "no-js"])
def small_phone(browser, request):
    page_iter = open_page(browser, viewport=PHONES["360x640"], has_touch=True, is_mobile=True,
                          device_scale_factor=2, java_script_enabled=request.param)
    page = next(page_iter)
    page.script_on = request.param
    yield page
    next(page_iter, None)


def _start(page, live_server, rules: str) -> int:
    page.goto(live_server(f"/games/new?rules={rules}"))
    page.wait_for_selector(f"input[name=rules][value='{rules}']:checked", state="attached")
    assert_fits_phone(page)
    page.get_by_role("button", name="Start the game").tap()
    page.wait_for_selector("#scoreboard")
    return started_id(live_server, page.url)


def _save(page, number: int) -> None:
    page.get_by_role("button", name="Save deal").tap()
    page.wait_for_selector(f"li[data-deal='{number}']")


def _fill(page, fields: dict) -> None:
    went_out(page, "we")
    for name, value in fields.items():
        if not page.is_visible(f"#{name}"):  # a rare canasta (Bolivia's bolivia) folds with the penalties
            page.locator(f"[data-side={name.split('-')[0]}] details.penalties > summary").tap()
        page.fill(f"#{name}", str(value))


def _samba_sequence_by_cards(page, live_server, game_id: int) -> None:
    """The first deal of the Samba game card by card: with a script, the sequence typed on the keypad's suits."""
    page.goto(live_server(f"{game_path(live_server, game_id)}?mode=cards"))
    page.wait_for_selector("#we-melds", state="attached")
    if page.script_on:
        page.locator("[data-cardpicker-group='deal']:has(#we-melds)").tap()
        keypad = page.locator("[data-card-keypad]")
        keypad.locator("[data-suit='♥']").tap()
        for rank in ("4", "5", "6", "7", "8", "9", "10"):
            keypad.locator(f"[data-card='{rank}']").tap()
        keypad.locator("[data-next-line]").tap()
        keypad.locator("[data-suit='']").tap()
        for rank in ("K", "K", "K", "K", "K", "K", "2"):
            keypad.locator(f"[data-card='{rank}']").tap()
        assert page.input_value("#we-melds").split("\n") == ["4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥", "K K K K K K 2"]
        assert "7♥" in page.inner_text("[data-cardpicker-group='deal']:has(#we-melds) .card-picker-chosen")
    else:
        page.fill("#we-melds", "4H 5H 6H 7H 8H 9H 10H\nK K K K K K 2")
    went_out(page, "we")
    page.fill("#they-melds", "Q Q Q")
    page.fill("#they-hand_0", "5 6")
    _save(page, 1)
    # we: out 200 + samba 1,500 + mixed 300 + melded 50 + 80 = 2,130; they: 30 - 10 = 20
    assert summary_of(live_server, game_id).totals == {"we": 2130, "they": 20}


@pytest.mark.parametrize("rules", list(GAMES))
def test_a_game_of_the_family_at_360_px_to_its_end_printed_and_exported(small_phone, live_server, rules):
    page = small_phone
    deals, totals = GAMES[rules]
    game_id = _start(page, live_server, rules)
    first = 1
    if rules == "samba":
        _samba_sequence_by_cards(page, live_server, game_id)
        totals = {"we": totals["we"] + 2130, "they": totals["they"] + 20}
        first = 2
        page.goto(live_server(game_path(live_server, game_id)))
    for number, fields in enumerate(deals, start=first):
        _fill(page, fields)
        _save(page, number)
        assert_fits_phone(page)
    summary = summary_of(live_server, game_id)
    assert summary.totals == totals
    assert summary.game_over and summary.winner == "we"
    assert "Winner" in page.inner_text("#scoreboard") or "won" in page.inner_text("#scoreboard")
    assert not page.console_messages

    sheet = page.request.get(live_server(f"{game_path(live_server, game_id)}/sheet.pdf?paper=a4"))
    assert sheet.ok and sheet.body().startswith(b"%PDF-")
    text = subprocess.run(["pdftotext", "-", "-"], input=sheet.body(), capture_output=True, check=True).stdout
    assert b"Winner:" in text and f"{totals['we']:,}".encode() in text

    exported = page.request.get(live_server(f"{game_path(live_server, game_id)}/export.json"))
    document = json.loads(exported.text())
    assert document["game"]["rules"] == rules
    assert len(document["game"]["deals"]) == len(deals) + first - 1

    # The rules of the game in plain words fit the phone, the pages they cite listed by key at the end.
    page.goto(live_server(f"/referee/rules/{rules}"))
    assert_fits_phone(page)
    assert page.locator("#pages dt").count() >= 1

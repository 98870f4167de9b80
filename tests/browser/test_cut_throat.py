"""A cut-throat deal entered on a 360 px phone with the partnership's figures once (docs/RULES.md §5.3): choosing
who took the pile first brings the partnership's block, Ann's figures and the partners' go in once, and the
scorepad shows the same scores as the JSON API answers for the same deal given with ``partnership``
(tests/rules/test_cut_throat.py, deal 1: 690, 1,085, 1,185)."""

from __future__ import annotations

import pytest

from scorekeeper.db import connect
from scorekeeper.stores import games
from tests.conftest import assert_fits_phone
from tests.recording import game_path

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SIDES = [{"key": "p1", "name": "Ann", "players": ["Ann"]}, {"key": "p2", "name": "Bob", "players": ["Bob"]},
         {"key": "p3", "name": "Cy", "players": ["Cy"]}]
CUT_THROAT = {"players": 3, "team_up": "cut_throat"}


def step(page, field: str, times: int = 1):
    for _ in range(times):
        page.locator(f"button[aria-controls='{field}'][data-step='1']").tap()


@pytest.mark.parametrize("phone", ["360x640"], indirect=True)
def test_a_cut_throat_deal_with_the_partnership_once_scores_as_the_api(phone, live_server):
    db = connect(live_server.app.config["DATABASE"])
    try:
        game_id = games.create_game(db, rules="bicycle", options=CUT_THROAT, sides=SIDES)
    finally:
        db.close()
    page = phone
    page.goto(live_server(game_path(live_server, game_id)))
    page.wait_for_function("window.htmx !== undefined")
    assert page.locator("#partnership-meld_points").count() == 0
    page.locator("label:has(input[name=lone_hand][value='p1'])").tap()
    page.wait_for_selector("#partnership-meld_points")
    assert page.locator("#p2-meld_points, #p3-meld_points, #p2-hand_points").count() == 0
    assert_fits_phone(page)

    page.fill("#p1-meld_points", "100")
    step(page, "p1-canasta_natural")
    page.fill("#p1-hand_points", "5+5")
    step(page, "p1-red_threes")
    page.locator("label:has(input[name='partnership-went_out'][value='yes'])").tap()
    step(page, "partnership-canasta_natural")
    step(page, "partnership-canasta_mixed")
    page.fill("#partnership-meld_points", "140+70+30")
    page.fill("#partnership-hand_points", "55")
    step(page, "p3-red_threes")
    page.wait_for_selector("#deal-preview .preview-deal:has-text('+1,185')")
    # The half-entered deal is kept when the page goes (a phone that locks): back, the partnership's block
    # returns with what was typed in it.
    page.wait_for_timeout(800)  # the preview asked 600 ms after the last key is answered before the page goes
    page.wait_for_load_state("networkidle")
    assert not page.console_messages
    page.reload()
    page.wait_for_function("window.htmx !== undefined")
    page.wait_for_selector("#partnership-meld_points")
    page.wait_for_selector("#deal-preview .preview-deal:has-text('+1,185')")
    assert page.input_value("#partnership-meld_points") == "140+70+30"

    assert "Ann played alone; Bob and Cy were partners." in page.inner_text("#deal-preview")
    assert_fits_phone(page)
    page.get_by_role("button", name="Save deal").tap()
    page.wait_for_selector("li[data-deal='1']")
    shown = {key: int(page.locator(f"[data-total='{key}']").inner_text().replace(",", ""))
             for key in ("p1", "p2", "p3")}

    answer = live_server.app.test_client().post("/api/v1/score/deal", json={
        "rules": "bicycle", "options": CUT_THROAT,
        "sides": {"p1": {"lone_hand": True, "meld_points": 100, "canastas": {"natural": 1}, "hand_points": 10,
                         "red_threes": 1},
                  "p2": {}, "p3": {"red_threes": 1}},
        "partnership": {"meld_points": 240, "canastas": {"natural": 1, "mixed": 1}, "hand_points": 55,
                        "went_out": True}}).get_json()
    assert shown == {key: side["total"] for key, side in answer["sides"].items()} == {"p1": 690, "p2": 1085,
                                                                                      "p3": 1185}
    page.locator("li[data-deal='1'] summary").tap()
    assert "Ann played alone; Bob and Cy were partners." in page.inner_text("li[data-deal='1']")
    assert not page.console_messages

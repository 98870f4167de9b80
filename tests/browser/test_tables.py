"""A new game of every table size on a 360 px phone, with JavaScript on and off (docs/RULES.md §5): the table is
chosen with the form's own controls, the seats it shows are filled in, and the game starts with its sides."""

from __future__ import annotations

import re

import pytest

from scorekeeper.db import connect
from scorekeeper.stores import games

from ..conftest import PHONES, assert_fits_phone, open_page
from ..recording import started_id

pytestmark = [pytest.mark.browser, pytest.mark.slow]

TABLES = [
    ({"players": "2"}, (1, 1)),
    ({"players": "3"}, (1, 1, 1)),
    ({"players": "3", "team_up": "cut_throat"}, (1, 1, 1)),
    ({}, (2, 2)),
    ({"players": "5"}, (2, 3)),
    ({"players": "6"}, (2, 2, 2)),
    ({"players": "6", "team_up": "two_teams"}, (3, 3)),
]


@pytest.fixture(params=[True, False], ids=["js", "no-js"])
def small_phone(browser, request):
    page_iter = open_page(browser, viewport=PHONES["360x640"], has_touch=True, is_mobile=True,
                          device_scale_factor=2, java_script_enabled=request.param)
    page = next(page_iter)
    page.script_on = request.param
    yield page
    next(page_iter, None)


def _choose(page, name: str, value: str) -> None:
    page.locator(f"label:has(input[name=opt_{name}][value='{value}'])").tap()
    if page.script_on:
        page.wait_for_selector(f"input[name=opt_{name}][value='{value}']:checked", state="attached")
    else:
        page.get_by_role("button", name="Show the options of these rules").tap()
        page.wait_for_selector(f"input[name=opt_{name}][value='{value}']:checked", state="attached")


@pytest.mark.parametrize("options,sizes", TABLES, ids=lambda v: "-".join(v.values()) if isinstance(v, dict) else None)
def test_a_new_game_of_each_table_at_360_px(small_phone, live_server, options, sizes):
    page = small_phone
    page.goto(live_server("/games/new?rules=classic"))
    if page.script_on:
        page.wait_for_function("window.htmx !== undefined")
    for name, value in options.items():
        _choose(page, name, value)
    # The form reshapes itself after each choice (htmx, or a reload without script): wait until it shows the
    # seats of the table chosen, not for a quiet network, which Playwright reports once per page load only.
    page.wait_for_function(
        "n => [...document.querySelectorAll('input[name]')].filter(i => /^\\w+_player\\d$/.test(i.name)).length === n"
        " && !document.querySelector('.htmx-request')",
        arg=sum(sizes))
    assert_fits_phone(page)
    names = iter(["Ann", "Bo", "Cy", "Di", "Ed", "Flo"])
    for field in page.locator("input[name$=_player0], input[name$=_player1], input[name$=_player2]").all():
        if re.fullmatch(r"\w+_player\d", field.get_attribute("name")):
            field.fill(next(names))
    page.get_by_role("button", name="Start the game").tap()
    page.wait_for_selector("#scoreboard")
    assert_fits_phone(page)
    game_id = started_id(live_server, page.url)
    db = connect(live_server.app.config["DATABASE"])
    try:
        game = games.get_game(db, game_id)
    finally:
        db.close()
    assert tuple(len(side.players) for side in game.sides) == sizes
    assert {k: str(v) for k, v in game.options.items() if k in options} == options
    assert not page.console_messages

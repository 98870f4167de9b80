"""The answer to a deal saved through htmx: a fresh form and, out of band, only what the deal changed on the
scorepad (its row, totals, minimums, chart, undo, the scoreboard's version), made by the same partials as the
whole page; the whole scorepad whenever the page could not be brought up to date with those pieces alone."""

from __future__ import annotations

import json
import re

import pytest

from .htmlparts import element, pieces
from .scorepad_helpers import start_game, totals_form
from tests.recording import game_path

HX = {"HX-Request": "true"}
OOB_PIECES = ("saved-note", "scoreboard-state", "score-heads", "totals-chart", "undo-redo")


@pytest.fixture
def game_id(client):
    return start_game(client, target=5000)


def save(client, game_id: int, version: int, board_version: int | None = None, **extra):
    data = totals_form(version, **extra)
    if board_version is not None:
        data["board_version"] = str(board_version)
    return client.post(f"{game_path(client, game_id)}/deals", data=data, headers=HX)


def rows(html: str, *numbers: int) -> list[int]:
    """How many scorepad rows of each deal number ``html`` holds."""
    return [sum(p.startswith("<li") for p in pieces(html, "data-deal", str(n))) for n in numbers]


def without_oob(html: str) -> str:
    return re.sub(r' hx-swap-oob="[^"]*"', "", html)


def without_token(html: str) -> str:
    return re.sub(r'name="csrf_token" value="[^"]*"', 'name="csrf_token"', html)


def test_a_saved_deal_is_answered_with_only_what_it_changed(client, game_id):
    for version in (1, 2):
        assert save(client, game_id, version, board_version=version).status_code == 200
    response = save(client, game_id, 3, board_version=3, **{"they-meld_points": "90"})
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    # The fresh form takes the place of the one that was sent; the rest goes where it is on the page.
    assert response.headers["HX-Retarget"] == "#deal-form" and response.headers["HX-Reswap"] == "outerHTML"
    assert html.lstrip().startswith('<form id="deal-form"')
    assert 'name="version" type="hidden" value="4"' in element(html, "deal-form")
    assert "Deal 4" in element(html, "deal-form") and "Deal 3 saved." in element(html, "saved-note")
    for piece in OOB_PIECES:
        assert 'hx-swap-oob="true"' in element(html, piece).split(">", 1)[0], piece
    assert element(html, "scoreboard-state").count("v=4") == 1
    appended = pieces(html, "hx-swap-oob", "beforeend:#deal-rows")
    assert len(appended) == 1 and 'data-deal="3"' in appended[0]
    # Not the earlier deals, and not the parts of the page a deal does not change.
    assert rows(html, 1, 2, 3) == [0, 0, 1]
    assert 'id="scorepad"' not in html and 'id="scoreboard"' not in html and "<html" not in html
    assert json.loads(response.headers["HX-Trigger"])["deal-saved"] == {"game": game_id, "deal": 3}

    # Each piece is exactly what the whole page shows now (the same partials make both).
    page = client.get(game_path(client, game_id), headers=HX).get_data(as_text=True)
    for piece in ("scoreboard-state", "score-heads", "totals-chart", "undo-redo"):
        assert without_oob(element(html, piece)) == element(page, piece), piece
    assert pieces(html, "data-deal", "3") == pieces(page, "data-deal", "3")
    assert without_token(element(html, "deal-form")) == without_token(element(page, "deal-form"))
    assert rows(page, 1, 2, 3, 4) == [1, 1, 1, 0]


def test_the_answer_shows_the_new_totals_and_minimums(client, game_id):
    save(client, game_id, 1, board_version=1)
    html = save(client, game_id, 2, board_version=2).get_data(as_text=True)
    heads = element(html, "score-heads")
    assert 'data-total="we">2,370<' in heads and 'data-total="they">750<' in heads
    # Bicycle: from 1,500 points a side needs 90 to open; below it, 50.
    assert 'data-minimum="we">90<' in heads and 'data-minimum="they">50<' in heads
    assert "2,630 to go" in heads


def test_the_first_deal_is_answered_with_the_whole_scorepad(client, game_id):
    """Before the first deal there is no list to add a row to: the whole scorepad comes back."""
    response = save(client, game_id, 1, board_version=1)
    html = response.get_data(as_text=True)
    assert html.lstrip().startswith('<div id="scorepad"') and "HX-Retarget" not in response.headers
    assert rows(html, 1) == [1]


@pytest.mark.parametrize("board_version", [None, 1, "junk"])
def test_a_page_that_does_not_show_the_game_as_it_was_gets_the_whole_scorepad(client, game_id, board_version):
    """A form whose version moved on without its scoreboard (deals kept on the phone and sent meanwhile), or
    a save that does not say what its page shows: the whole scorepad, with every deal."""
    save(client, game_id, 1, board_version=1)
    save(client, game_id, 2, board_version=2)
    response = save(client, game_id, 3, board_version=board_version)
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and "HX-Retarget" not in response.headers
    assert html.lstrip().startswith('<div id="scorepad"')
    assert rows(html, 1, 2, 3) == [1, 1, 1]


def test_a_retried_save_gets_the_whole_scorepad(client, game_id):
    """The answer to the first try was lost; the page may or may not show the deal by now."""
    save(client, game_id, 1, board_version=1)
    first = save(client, game_id, 2, board_version=2, client_key="key-12345")
    assert first.headers["HX-Retarget"] == "#deal-form"
    again = save(client, game_id, 2, board_version=2, client_key="key-12345")
    html = again.get_data(as_text=True)
    assert again.status_code == 200 and "HX-Retarget" not in again.headers
    assert rows(html, 1, 2, 3) == [1, 1, 0]


def test_a_save_that_ends_the_game_gets_the_whole_scorepad(client):
    game_id = start_game(client, target=1500)
    save(client, game_id, 1, board_version=1)
    response = save(client, game_id, 2, board_version=2)
    html = response.get_data(as_text=True)
    assert "HX-Retarget" not in response.headers and 'class="winner"' in html
    assert 'id="deal-form"' not in html and "Rematch" in html


def test_without_htmx_a_save_still_goes_to_the_whole_page(client, game_id):
    save(client, game_id, 1, board_version=1)
    data = {**totals_form(2), "board_version": "2"}
    response = client.post(f"{game_path(client, game_id)}/deals", data=data)
    assert response.status_code == 303 and response.headers["Location"].startswith(game_path(client, game_id))
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "<html" in page and "Deal 2 saved." in page
    assert rows(page, 1, 2) == [1, 1]


def test_the_deal_form_sends_what_its_scoreboard_shows(client, game_id):
    """The form names the scoreboard's version input for htmx to send along, and only the form sends it."""
    page = client.get(game_path(client, game_id)).get_data(as_text=True)
    form = element(page, "deal-form").split(">", 1)[0]
    assert 'hx-include="#board-version"' in form and 'hx-disinherit="hx-include"' in form
    assert 'name="board_version" value="1"' in element(page, "board-version")

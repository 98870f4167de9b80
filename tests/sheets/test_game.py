"""A game's score sheet, read back from the PDF the app serves.

Games are built through the store with real deals; every expected figure below is worked out by hand from the
bicycle rules as docs/RULES.md gives them (§2.1: natural canasta 500, mixed 300, going out 100, red three 100 each;
K-8 10 points, 7-4 5, two 20; the §2.1 minimum table: below 0 none, 0-1,495 50, 1,500-2,995 90, then 120).
"""

from __future__ import annotations

import html
import re
from datetime import date

import pytest
from babel.dates import format_date

from scorekeeper.stores.deals import add_deal
from scorekeeper.stores.games import create_game, delete_game, get_game

from .conftest import words
from tests.recording import game_path

SIDES = [
    {"key": "we", "name": "We", "players": ["Ann", "Bob"]},
    {"key": "they", "name": "They", "players": ["Cid", "Dee"]},
]


def bicycle_minimum(total: int) -> int:
    """docs/RULES.md §2.1, bicycle initialMeld table."""
    if total < 0:
        return 0
    if total < 1500:
        return 50
    if total < 3000:
        return 90
    return 120


def add(db, game_id: int, sides: dict, mode: str = "totals") -> None:
    version = get_game(db, game_id).version
    add_deal(db, game_id, sides, mode=mode, expected_version=version)


def row_pattern(number: int, dealer: str, *cells) -> str:
    """A deal's line on the sheet: number, dealer, then deal / total / next minimum for each side."""
    values = r"\s+".join(re.escape(c) for c in cells)
    return rf"^\s*{number}\s+{dealer}\s+{values}\s*$"


@pytest.fixture
def finished_game(db):
    """Three bicycle deals played to a club target of 1,500."""
    game_id = create_game(db, rules="bicycle", options={"target": 1500}, sides=SIDES)
    # Deal 1. We, card by card: K x7 is a natural canasta (500), 7 7 2 melded; went out (100); 2 red threes
    # (200). Melded 7 x 10 + 5 + 5 + 20 = 100; left in hand 5 + 9 = 15. 500 + 100 + 200 + 100 - 15 = 885.
    # They, by totals: melded 30, hand 60, an illegal meld taken back (-100): 30 - 60 - 100 = -130.
    add(db, game_id, {
        "we": {"melds": ["K K K K K K K", "7 7 2"], "hands": ["5 9", ""], "red_threes": 2, "went_out": True},
        "they": {"meld_points": 30, "canastas": {}, "hand_points": 60, "penalties": ["illegal-meld"]},
    }, mode="cards")
    # Deal 2. They: a mixed canasta (300), went out (100), a red three (100), melded 250: 750.
    # We: melded 120, hand 45: 75.
    add(db, game_id, {
        "we": {"meld_points": 120, "canastas": {}, "hand_points": 45},
        "they": {"meld_points": 250, "canastas": {"mixed": 1}, "red_threes": 1, "went_out": True, "hand_points": 0},
    })
    # Deal 3. We: a natural canasta (500), went out (100), melded 200: 800. They: melded 50, hand 20: 30.
    add(db, game_id, {
        "we": {"meld_points": 200, "canastas": {"natural": 1}, "went_out": True, "hand_points": 0},
        "they": {"meld_points": 50, "canastas": {}, "hand_points": 20},
    })
    return game_id


def test_game_sheet_shows_every_deal_totals_minimums_and_winner(db, fetch_pdf, finished_game):
    game = get_game(db, finished_game)
    played = game.created_at[:10]
    pdf, response = fetch_pdf(f"{game_path(db, finished_game)}/sheet.pdf")
    assert response.headers["Content-Disposition"] == (
        f'attachment; filename="canasta-game-{finished_game}-{played}.pdf"')
    assert pdf.pages == 1
    assert "(A4)" in pdf.page_size
    text = pdf.text()

    # The head: date, rules, the changed option spelled out, the target, sides and players.
    long_date = format_date(date.fromisoformat(played), "long", locale="en")  # CLDR English: November 23, 2026
    assert re.search(rf"Date\s+{long_date}", text)
    assert re.search(r"Rules\s+Bicycle \(Hoyle\) rules", text)
    assert re.search(r"Options\s+Game target: 1,500\n", text)
    assert re.search(r"Game to\s+1,500\n", text)
    assert re.search(r"^\s*We\s+Ann & Bob$", text, flags=re.M)
    assert re.search(r"^\s*They\s+Cid & Dee$", text, flags=re.M)

    # One line per deal: the dealer passes clockwise (Ann, Cid, Bob: partners sit opposite).
    assert re.search(row_pattern(1, "Ann", "+885", "885", "50", "-130", "-130", "0"), text, flags=re.M)
    assert re.search(row_pattern(2, "Cid", "+75", "960", "50", "+750", "620", "50"), text, flags=re.M)
    assert re.search(row_pattern(3, "Bob", "+800", "1,760", "90", "+30", "650", "50"), text, flags=re.M)

    # What made each deal, in the engine's own breakdown lines.
    cells = words(pdf.text(layout=False))
    for item in ["1 natural canasta +500", "Went out +100", "2 red threes +200", "Cards melded +100",
                 "Cards left in hand -15", "Illegal meld taken back -100", "1 mixed canasta +300",
                 "1 red three +100", "Cards melded +250", "Cards left in hand -45"]:
        assert item in cells, item

    # The result: winner, final totals, a signature line for every player.
    assert re.search(r"Winner: We\n", text)
    assert re.search(r"We \(Ann & Bob\)\s+1,760", text)
    assert re.search(r"They \(Cid & Dee\)\s+650", text)
    assert "Game not finished" not in text
    assert re.search(r"^\s*Ann\s+Bob\s*$", text, flags=re.M)
    assert re.search(r"^\s*Cid\s+Dee\s*$", text, flags=re.M)
    assert "Page 1 of 1" in text


def test_game_sheet_paper_sizes_differ(fetch_pdf, finished_game, db):
    a4, _ = fetch_pdf(f"{game_path(db, finished_game)}/sheet.pdf?paper=a4")
    letter, response = fetch_pdf(f"{game_path(db, finished_game)}/sheet.pdf?paper=letter")
    assert a4.page_size.startswith("595.276 x 841.89 pts")
    assert letter.page_size.startswith("612 x 792 pts")
    assert "Winner: We" in letter.text()
    assert response.headers["Content-Disposition"].startswith(f'attachment; filename="canasta-game-{finished_game}-')


@pytest.mark.slow
def test_long_game_runs_over_pages_with_the_header_repeated(db, fetch_pdf):
    game_id = create_game(db, rules="bicycle", options={"target": 50000}, sides=SIDES)
    for _ in range(60):
        # We: a mixed canasta (300), went out (100), melded 150: 550. They: melded 90, hand 40: 50.
        add(db, game_id, {
            "we": {"meld_points": 150, "canastas": {"mixed": 1}, "went_out": True, "hand_points": 0},
            "they": {"meld_points": 90, "canastas": {}, "hand_points": 40},
        })
    pdf, _ = fetch_pdf(f"{game_path(db, game_id)}/sheet.pdf")
    pages = pdf.pages
    # Deals whose breakdown fits one line: 20 under the game's head on page 1, 24 on a full page, 16 left.
    assert pages == 3

    dealers = ["Ann", "Cid", "Bob", "Dee"]
    seen = []
    for page in range(1, pages + 1):
        text = pdf.text(page)
        assert f"Page {page} of {pages}" in text
        # The column heads repeat on every page.
        assert len(re.findall(r"Deal\s+Total\s+Next min\.", text)) == 2, page
        assert re.search(r"We\s+They", text) and re.search(r"Ann & Bob\s+Cid & Dee", text), page
        for match in re.finditer(r"^\s*(\d+)\s+(Ann|Bob|Cid|Dee)\s+[+-]", text, flags=re.M):
            seen.append((int(match[1]), page))
        for n in range(1, 61):
            we, they = 550 * n, 50 * n
            if re.search(rf"^\s*{n}\s+(Ann|Bob|Cid|Dee)\s+\+", text, flags=re.M):
                assert re.search(row_pattern(n, dealers[(n - 1) % 4], "+550", f"{we:,}", str(bicycle_minimum(we)),
                                             "+50", f"{they:,}", str(bicycle_minimum(they))), text, flags=re.M), n
    assert [n for n, _ in seen] == list(range(1, 61))
    per_page = [sum(1 for _, p in seen if p == page) for page in range(1, pages + 1)]
    assert per_page == [20, 24, 16]
    # The head with the date and rules is on page 1 only; the result is after the last deal.
    assert "Rules" in pdf.text(1) and "Rules" not in pdf.text(2)
    last = pdf.text(pages)
    assert "Game not finished" in last
    assert re.search(r"We \(Ann & Bob\)\s+33,000", last)
    assert re.search(r"They \(Cid & Dee\)\s+3,000", last)
    assert "after 60 deals" in last


def test_game_without_deals_prints_an_empty_sheet(db, fetch_pdf):
    game_id = create_game(db, rules="modern-american", options={}, sides=SIDES)
    pdf, _ = fetch_pdf(f"{game_path(db, game_id)}/sheet.pdf")
    text = pdf.text()
    assert "No deal has been recorded yet." in text
    assert re.search(r"Options\s+as the rules stand, no club options changed", text)
    assert re.search(r"Game to\s+8,500", text)
    assert "Game not finished" in text


def test_game_with_four_single_players_is_printed_across_the_page(db, fetch_pdf):
    sides = [{"key": k, "name": n, "players": [n]} for k, n in [("a", "Ann"), ("b", "Bea"), ("c", "Cy"), ("d", "Di")]]
    game_id = create_game(db, rules="silhill", options={"individual_scoring": True}, sides=sides)
    # Ann: natural canasta 500 + going out 100 + melded 100 = 700; the others meld 40 and hold 10: 30.
    add(db, game_id, {
        "a": {"meld_points": 100, "canastas": {"natural": 1}, "went_out": True, "hand_points": 0},
        "b": {"meld_points": 40, "canastas": {}, "hand_points": 10},
        "c": {"meld_points": 40, "canastas": {}, "hand_points": 10},
        "d": {"meld_points": 40, "canastas": {}, "hand_points": 10},
    })
    pdf, _ = fetch_pdf(f"{game_path(db, game_id)}/sheet.pdf")
    assert pdf.page_size.startswith("841.89 x 595.276 pts")  # A4 turned to landscape
    text = pdf.text()
    assert re.search(r"Options\s+Everyone scores alone: yes", text)
    # Silhill: 0-1,495 needs 50 (docs/RULES.md §2.1).
    assert re.search(row_pattern(1, "Ann", "+700", "700", "50", "+30", "30", "50", "+30", "30", "50", "+30", "30",
                                 "50"), text, flags=re.M)


def test_unknown_game_is_404(client, db):
    response = client.get("/games/9999/sheet.pdf")
    assert response.status_code == 404
    assert "There is nothing at this address" in response.get_data(as_text=True)
    game_id = create_game(db, rules="bicycle", options={}, sides=SIDES)
    path = game_path(client, game_id)
    delete_game(db, game_id)  # its link still leads to the sheet's view, which says why there is nothing
    response = client.get(f"{path}/sheet.pdf")
    assert response.status_code == 404
    assert "There is no such game" in response.get_data(as_text=True)


def test_game_sheet_refuses_unknown_paper(client, finished_game):
    response = client.get(f"{game_path(client, finished_game)}/sheet.pdf?paper=a5")
    assert response.status_code == 400
    assert "There is no paper size called 'a5'. Choose a4 or letter." in html.unescape(response.get_data(as_text=True))


def test_game_sheet_endpoint_belongs_to_the_sheets_blueprint(no_csrf_app, finished_game):
    with no_csrf_app.test_request_context():
        from flask import url_for

        assert url_for("sheets.game_sheet", game_id=finished_game) == f"{game_path(no_csrf_app, finished_game)}/sheet.pdf"
        assert url_for("sheets.blank_sheet", rules="yahoo", paper="letter") == (
            "/sheets/blank.pdf?rules=yahoo&paper=letter")
        assert url_for("sheets.index") == "/sheets/"

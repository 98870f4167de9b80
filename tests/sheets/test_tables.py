"""PDF sheets of every table (docs/RULES.md §5): one pair of columns per side, game and blank, read back with
pdftotext."""

from __future__ import annotations

import pytest

from scorekeeper.stores import games

from .conftest import squash
from tests.recording import game_path


@pytest.mark.parametrize("query,sides", [
    ("rules=bicycle&players=2", ["Player 1", "Player 2"]),
    ("rules=classic&players=3&team_up=cut_throat", ["Player 1", "Player 2", "Player 3"]),
    ("rules=bicycle", ["We", "They"]),
    ("rules=bicycle&players=5", ["We", "They"]),
    ("rules=classic&players=6", ["Partnership 1", "Partnership 2", "Partnership 3"]),
    ("rules=bicycle&players=6&team_up=two_teams", ["We", "They"]),
])
def test_the_blank_sheet_has_a_column_pair_per_side(fetch_pdf, query, sides):
    pdf, _response = fetch_pdf(f"/sheets/blank.pdf?{query}&paper=a4")
    text = squash(pdf.text(1))
    lines = [line for line in text.splitlines() if line.strip()]
    header = lines[next(i for i, line in enumerate(lines) if line.strip().startswith("#")) - 1]  # names above
    assert [name for name in sides if name in header] == sides
    assert text.count("Deal Total") >= 1
    deal_total = next(line for line in text.splitlines() if "Deal Total" in line)
    assert deal_total.count("Deal Total") == len(sides)
    for side in sides:
        assert f"Signature ({side})" in text


def test_the_blank_sheet_of_six_lists_the_red_three_scale(fetch_pdf):
    pdf, _response = fetch_pdf("/sheets/blank.pdf?rules=bicycle&players=6&paper=a4")
    text = squash(pdf.text(1))
    assert "Five red threes (three packs) 1,000" in text and "Six red threes (three packs) 1,200" in text
    assert "All four red threes" not in text
    assert "Players: 6, three partnerships · 13 cards each" in text


def test_a_blank_sheet_for_a_table_the_rules_do_not_have_is_refused(client):
    response = client.get("/sheets/blank.pdf?rules=modern-american&players=3")
    assert response.status_code == 400
    assert "players" in response.get_data(as_text=True).lower()


def test_the_game_sheet_of_a_cut_throat_game(client, db, fetch_pdf):
    """Three columns, one per player; the deal of test_cut_throat_deals_on_the_scorepad."""
    from scorekeeper.stores import deals as deal_store

    game_id = games.create_game(db, rules="bicycle", options={"players": 3, "team_up": "cut_throat"}, sides=[
        {"key": "p1", "name": "Ann", "players": ["Ann"]}, {"key": "p2", "name": "Bo", "players": ["Bo"]},
        {"key": "p3", "name": "Cy", "players": ["Cy"]}])
    sides = {"p1": {"meld_points": 100, "canastas": {"natural": 1}, "hand_points": 10, "red_threes": 1,
                    "lone_hand": True},
             "p2": {"meld_points": 240, "canastas": {"natural": 1, "mixed": 1}, "went_out": True},
             "p3": {"hand_points": 55, "red_threes": 1}}
    deal_store.add_deal(db, game_id, sides, mode="totals", expected_version=1)
    pdf, _response = fetch_pdf(f"{game_path(db, game_id)}/sheet.pdf")
    text = squash(pdf.text(1))
    header = next(line for line in text.splitlines() if "Ann" in line and "Bo" in line)
    assert header.index("Ann") < header.index("Bo") < header.index("Cy")
    row = next(line for line in text.splitlines() if line.strip().startswith("1 "))
    assert "+690" in row and "+1,085" in row and "+1,185" in row
    assert "Played alone" in text and "Partnership: Went out" in text  # who played alone, and the partners' lines

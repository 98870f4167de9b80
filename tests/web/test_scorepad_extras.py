"""What players expect of a scorepad: distance to the target, a chart of the running totals (on the page and the
PDF), a rematch in one tap, and deals played after the end of the game flagged."""

from __future__ import annotations

import re
import subprocess

from scorekeeper.stores import deals, games
from scorekeeper.stores import summary as summaries

from .scorepad_helpers import start_game, totals_form
from tests.recording import game_path, started_id

SIDES = [{"key": "we", "name": "North", "players": ["Ann", "Cy"]},
         {"key": "they", "name": "South", "players": ["Bo", "Di"]}]


def by_totals(we_melded: int, we_out: bool = True) -> dict:
    return {"we": {"meld_points": we_melded, "canastas": {"natural": 1}, "hand_points": 0, "went_out": we_out},
            "they": {"meld_points": 50, "canastas": {}, "hand_points": 0}}


def test_each_side_sees_how_far_it_is_from_the_target(client):
    game_id = start_game(client, target=3000)
    client.post(f"{game_path(client, game_id)}/deals", data=totals_form(1))  # Us 1185, Them 375
    page = client.get(game_path(client, game_id)).get_data(as_text=True)
    assert re.search(r'data-to-go="we">\s*1,815 to go', page)
    assert re.search(r'data-to-go="they">\s*2,625 to go', page)


def test_the_scorepad_draws_the_running_totals_as_svg(client):
    game_id = start_game(client, target=3000)
    client.post(f"{game_path(client, game_id)}/deals", data=totals_form(1))
    client.post(f"{game_path(client, game_id)}/deals", data=totals_form(2))
    page = client.get(game_path(client, game_id)).get_data(as_text=True)
    svg = re.search(r'<svg[^>]*class="totals-chart".*?</svg>', page, re.S).group(0)
    lines = re.findall(r'<polyline[^>]*data-side="(\w+)" points="([^"]+)"', svg)
    assert [side for side, _ in lines] == ["we", "they"]
    assert all(len(points.split()) == 3 for _, points in lines)  # before deal 1, after 1, after 2
    assert "<script" not in svg and "style=" not in svg  # nothing the page's CSP would refuse


def test_the_pdf_sheet_carries_the_chart(client, db, tmp_path):
    game_id = games.create_game(db, rules="bicycle", options={"target": 5000}, sides=SIDES)
    for version in (1, 2, 3):
        deals.add_deal(db, game_id, by_totals(100), mode="totals", expected_version=version)
    pdf = tmp_path / "sheet.pdf"
    pdf.write_bytes(client.get(f"{game_path(client, game_id)}/sheet.pdf").get_data())
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True,
                          check=True).stdout
    assert "3 deals" in text and "North" in text
    assert "2,900 to go" in text  # North: three deals of 700 (out 100, natural canasta 500, melded 100)


def test_a_rematch_keeps_the_players_rules_and_options_and_moves_the_deal_on(client, db):
    game_id = games.create_game(db, rules="classic", options={"target": 3000}, sides=SIDES, first_dealer=1)
    response = client.post(f"{game_path(client, game_id)}/rematch")
    assert response.status_code == 303
    new_id = started_id(client, response.headers["Location"])
    old, new = games.get_game(db, game_id), games.get_game(db, new_id)
    assert new_id != game_id
    assert (new.rules, new.options, new.sides) == (old.rules, old.options, old.sides)
    assert new.first_dealer == 2


def test_deals_played_after_the_end_of_the_game_are_flagged(client, db):
    game_id = games.create_game(db, rules="bicycle", options={"target": 1500}, sides=SIDES)
    first = deals.add_deal(db, game_id, by_totals(100), mode="totals", expected_version=1)  # 700
    deals.add_deal(db, game_id, by_totals(100), mode="totals", expected_version=2)  # 1400
    deals.add_deal(db, game_id, by_totals(100), mode="totals", expected_version=3)  # 2100: over in deal 3
    assert summaries.game_summary(db, game_id).ended_at == 3
    # Deal 1 was worth more: the target was already passed in deal 2, so deal 3 came after the end.
    deals.update_deal(db, game_id, first, by_totals(300), mode="totals", expected_version=4)
    summary = summaries.game_summary(db, game_id)
    assert summary.ended_at == 2
    assert [row.after_end for row in summary.rows] == [False, False, True]
    page = client.get(game_path(client, game_id)).get_data(as_text=True)
    assert "Played after the game ended in deal 2." in page

"""The tournament pages: setup, partnerships with a sit-out, arrivals and withdrawals, the round clock,
the projector's standings, a player's page and the printed sheets."""

from __future__ import annotations

import re
import subprocess
from datetime import timedelta

import pytest

from scorekeeper.db import connect
from scorekeeper import clock
from scorekeeper.stores.games import create_game
from scorekeeper.stores.tournaments import results, rounds

from .conftest import (
    card_of, create_tournament, deal_form, enter, entries_of, game_version, tables_of, tournament_form,
)
from tests.recording import game_path, tournament_path


def play_simple_deal(app, table, we_meld: int, they_meld: int) -> None:
    """North-South go out with a natural canasta (worth 600 with going out) plus ``we_meld``."""
    client = app.test_client()
    version = game_version(app, table)
    response = client.post(f"/tournaments/table/{table.token}/deals",
                           data=deal_form(version, {"meld": we_meld, "natural": 1, "out": "yes"},
                                          {"meld": they_meld}))
    assert response.status_code == 303, response.get_data(as_text=True)[:300]


def four_players_in_round_one(app, **options):
    """A tournament of Ann, Ben, Cy and Di made through the director's forms, round 1 started; the director's
    client and the tournament's id."""
    director = app.test_client()
    tid = create_tournament(director, **options)
    for name in ("Ann", "Ben", "Cy", "Di"):
        enter(director, tid, name)
    director.post(f"{tournament_path(director, tid)}/rounds")
    return director, tid


def test_home_page_links_the_tournaments(client):
    assert 'href="/tournaments/"' in client.get("/").get_data(as_text=True)
    assert client.get("/tournaments/").status_code == 200


def test_new_tournament_form_shows_errors_next_to_fields(client):
    data = tournament_form(name="", password="short", password_again="other")
    response = client.post("/tournaments/new", data=data)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "Give the tournament a name." in page and "At least 6 characters." in page
    data = tournament_form(round_end="minutes", round_limit="")
    response = client.post("/tournaments/new", data=data)
    assert response.status_code == 422 and "Give the minutes or deals of a round." in response.get_data(as_text=True)


def test_choosing_other_rules_shows_their_club_options(client):
    fragment = client.get("/tournaments/new?rules=modern-american", headers={"HX-Request": "true"})
    html = fragment.get_data(as_text=True)
    assert html.lstrip().startswith('<fieldset id="club-options">')
    assert "Modern American" in html or "modern" in html.lower()


def test_club_options_are_kept_for_every_table_game(no_csrf_app):
    director = no_csrf_app.test_client()
    tid = create_tournament(director, format="pairs", opt_target="3000")
    for pair in (("Ann", "Bob"), ("Cy", "Di")):
        enter(director, tid, *pair)
    director.post(f"{tournament_path(director, tid)}/rounds")
    db = connect(no_csrf_app.config["DATABASE"])
    try:
        table = rounds.list_tables(db, tid, 1)[0]
        status = results.table_status(db, table)
    finally:
        db.close()
    assert status.summary.profile.target == 3000
    assert [list(s.players) for s in status.summary.game.sides] == [["Ann", "Bob"], ["Cy", "Di"]]


def test_partnerships_with_a_sit_out_scoring_the_round_average(no_csrf_app):
    app = no_csrf_app
    director = app.test_client()
    tid = create_tournament(director, format="pairs", rounds=3, round_end="target", scoring="points")
    pairs = [("Ann", "Bob"), ("Cy", "Di"), ("Ed", "Flo"), ("Gus", "Hal"), ("Ida", "Jo")]
    for pair in pairs:
        enter(director, tid, *pair)
    director.post(f"{tournament_path(director, tid)}/rounds")
    tables = tables_of(app, tid, 1)
    assert len(tables) == 2
    play_simple_deal(app, tables[0], 300, 100)  # 900 - 100
    play_simple_deal(app, tables[1], 100, 300)  # 700 - 300
    page = director.get(f"{tournament_path(director, tid)}/round/1").get_data(as_text=True)
    assert "Sits out" in page and "not confirmed" in page
    director.post(f"{tournament_path(director, tid)}/round/1/close", data={"confirm": "yes"})
    db = connect(app.config["DATABASE"])
    try:
        resting = rounds.get_round(db, tid, 1).sit_out
    finally:
        db.close()
    assert len(resting) == 1
    # The round's average: (900 + 100 + 700 + 300) / 4 = 500.
    results = director.get(f"{tournament_path(director, tid)}/results.csv").get_data(as_text=True)
    rest_row = next(line for line in results.splitlines() if ",sit-out," in line)
    assert ",500,500,0," in rest_row
    standings = director.get(f"{tournament_path(director, tid)}/standings").get_data(as_text=True)
    assert "Sitting out" in standings and "round's average" in standings
    assert "+1 out" in standings


def test_late_arrival_and_withdrawal_between_rounds(no_csrf_app):
    app = no_csrf_app
    director = app.test_client()
    tid = create_tournament(director, format="pairs", rounds=3)
    for pair in (("Ann", "Bob"), ("Cy", "Di"), ("Ed", "Flo"), ("Gus", "Hal")):
        enter(director, tid, *pair)
    director.post(f"{tournament_path(director, tid)}/rounds")
    enter(director, tid, "Ida", "Jo")  # late: plays from round 2
    entries = entries_of(app, tid)
    assert entries["Ida & Jo"].joined_round == 2
    assert entries["Ida & Jo"].id not in [e for t in tables_of(app, tid, 1) for e in t.we_entries + t.they_entries]
    withdrawn = entries["Cy & Di"].id
    assert director.post(f"{tournament_path(director, tid)}/entries/{withdrawn}/withdraw").status_code == 303
    director.post(f"{tournament_path(director, tid)}/round/1/close", data={"then": "next", "confirm": "yes"})
    seated = [e for t in tables_of(app, tid, 2) for e in t.we_entries + t.they_entries]
    assert entries["Ida & Jo"].id in seated and withdrawn not in seated
    overview = director.get(tournament_path(director, tid)).get_data(as_text=True)
    assert "withdrawn after round 1" in overview


def test_the_table_phone_warns_before_the_end_of_a_timed_round(no_csrf_app, monkeypatch):
    app = no_csrf_app
    director = app.test_client()
    tid = create_tournament(director, round_end="minutes", round_limit="30")
    for name in ("Ann", "Ben", "Cy", "Di"):
        enter(director, tid, name)
    start = clock.now()
    monkeypatch.setattr(clock, "now", lambda: start)
    director.post(f"{tournament_path(director, tid)}/rounds")
    token = tables_of(app, tid, 1)[0].token
    phone = app.test_client()
    page = phone.get(f"/tournaments/table/{token}").get_data(as_text=True)
    assert "30:00" in page and "Last minutes" not in page
    monkeypatch.setattr(clock, "now", lambda: start + timedelta(minutes=25))
    fragment = phone.get(f"/tournaments/table/{token}/status", headers={"HX-Request": "true"})
    html = fragment.get_data(as_text=True)
    assert html.lstrip().startswith('<section id="table-status"') and 'hx-trigger="every' in html
    assert "5:00" in html and "Last minutes" in html
    monkeypatch.setattr(clock, "now", lambda: start + timedelta(minutes=31))
    html = phone.get(f"/tournaments/table/{token}/status", headers={"HX-Request": "true"}).get_data(as_text=True)
    # The round finishes the deal in play unless told otherwise, and no deal was marked as started in time.
    assert "Time is up: no new deal may start" in html


def test_the_table_phone_counts_deals_left(no_csrf_app):
    app = no_csrf_app
    director, tid = four_players_in_round_one(app, round_end="deals", round_limit="2")
    table = tables_of(app, tid, 1)[0]
    play_simple_deal(app, table, 100, 50)
    html = app.test_client().get(f"/tournaments/table/{table.token}").get_data(as_text=True)
    assert "Last deal of the round." in html
    assert "700" in html and "50" in html  # the score shown, from the scorepad


def test_a_deal_the_engine_refuses_is_shown_next_to_the_form(no_csrf_app):
    app = no_csrf_app
    director, tid = four_players_in_round_one(app)
    table = tables_of(app, tid, 1)[0]
    version = game_version(app, table)
    both_out = deal_form(version, {"meld": 100, "natural": 1, "out": "yes"}, {"meld": 100, "natural": 1, "out": "yes"})
    response = app.test_client().post(f"/tournaments/table/{table.token}/deals", data=both_out)
    assert response.status_code == 422
    assert 'class="field-error"' in response.get_data(as_text=True) or "message-error" in response.get_data(as_text=True)
    not_a_number = deal_form(version, {"meld": "lots"}, {})
    response = app.test_client().post(f"/tournaments/table/{table.token}/deals", data=not_a_number)
    assert response.status_code == 422


def test_projector_standings_refresh_themselves_and_players_have_a_page(no_csrf_app):
    app = no_csrf_app
    director, tid = four_players_in_round_one(app, scoring="vp")
    play_simple_deal(app, tables_of(app, tid, 1)[0], 400, 0)  # 1000 - 0: 14 VP to 6
    director.post(f"{tournament_path(director, tid)}/round/1/close", data={"confirm": "yes"})
    page = director.get(f"{tournament_path(director, tid)}/standings")
    html = page.get_data(as_text=True)
    assert 'hx-trigger="every 15s"' in html and "How the standings count" in html
    fragment = director.get(f"{tournament_path(director, tid)}/standings", headers={"HX-Request": "true"})
    assert "How the standings count" not in fragment.get_data(as_text=True)
    assert "HX-Request" in fragment.headers["Vary"]
    entries = entries_of(app, tid)
    table = tables_of(app, tid, 1)[0]
    north = next(name for name, e in entries.items() if e.id == table.we_entries[0])
    player = director.get(f"{tournament_path(director, tid)}/players/{table.we_entries[0]}").get_data(as_text=True)
    assert north in player and "1,000 – 0" in player and ">14<" in player  # one number format (issue 23)


def test_printed_table_cards_and_results(no_csrf_app, tmp_path):
    app = no_csrf_app
    director = app.test_client()
    tid = create_tournament(director, name="Autumn cup", scoring="vp")
    for name in ("Ann", "Ben", "Cy", "Di", "Eve"):
        enter(director, tid, name)
    director.post(f"{tournament_path(director, tid)}/rounds")
    table = tables_of(app, tid, 1)[0]
    cards = director.get(f"{tournament_path(director, tid)}/round/1/cards.pdf")
    assert cards.status_code == 200 and cards.mimetype == "application/pdf"
    text = pdf_text(cards.data, tmp_path)
    assert "Autumn cup" in text and "Table 1" in text
    assert card_of(app, tid, 1).code in text.replace(" ", "")  # the code is printed letter-spaced
    play_simple_deal(app, table, 200, 50)
    director.post(f"{tournament_path(director, tid)}/round/1/close", data={"confirm": "yes"})
    results = director.get(f"{tournament_path(director, tid)}/results.pdf?paper=letter")
    assert results.status_code == 200
    text = pdf_text(results.data, tmp_path)
    assert "Standings" in text and "800 – 50" in text.replace("\u2013", "–")
    assert director.get(f"{tournament_path(director, tid)}/results.pdf?paper=napkin").status_code == 400


def pdf_text(data: bytes, tmp_path) -> str:
    path = tmp_path / "sheet.pdf"
    path.write_bytes(data)
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True).stdout


@pytest.mark.slow
def test_the_directors_page_links_every_sheet_and_each_downloads_under_its_name(no_csrf_app):
    app = no_csrf_app
    director, tid = four_players_in_round_one(app, name="Spring cup", scoring="vp")
    page = director.get(tournament_path(director, tid)).get_data(as_text=True)
    expected = {
        f"{tournament_path(director, tid)}/round/1/cards.pdf": ("application/pdf", f"tournament-{tid}-round-1-table-cards-a4.pdf"),
        f"{tournament_path(director, tid)}/results.csv": ("text/csv", f"tournament-{tid}-results.csv"),
        f"{tournament_path(director, tid)}/results.pdf": ("application/pdf", f"tournament-{tid}-results-a4.pdf"),
    }
    for url, (mimetype, filename) in expected.items():
        assert f'href="{url}"' in page, url
        response = director.get(url)
        assert response.status_code == 200 and response.mimetype == mimetype, url
        assert response.headers["Content-Disposition"] == f'attachment; filename="{filename}"'
    letter = director.get(f"{tournament_path(director, tid)}/results.pdf?paper=letter")
    assert letter.headers["Content-Disposition"].endswith(f'filename="tournament-{tid}-results-letter.pdf"')


def test_tournament_tables_are_not_offered_on_the_casual_games_list(no_csrf_app):
    director = no_csrf_app.test_client()
    tid = create_tournament(director, rounds=2)
    for name in ("Ann", "Ben", "Cy", "Di", "Eve", "Fred", "Gil", "Hana"):
        enter(director, tid, name)
    assert director.post(f"{tournament_path(director, tid)}/rounds").status_code == 303
    db = connect(no_csrf_app.config["DATABASE"])
    try:
        casual = create_game(db, rules="bicycle", options={}, sides=[
            {"key": "we", "name": "Us", "players": ["Mia", "Noor"]}, {"key": "they", "name": "Them", "players": ["Olga", "Pia"]}])
    finally:
        db.close()
    phone = no_csrf_app.test_client()
    tables = tables_of(no_csrf_app, tid, 1)
    assert tables
    for game_id in [casual] + [table.game_id for table in tables]:  # opened from their links on this phone
        assert phone.get(game_path(director, game_id)).status_code == 200
    page = phone.get("/games/").get_data(as_text=True)
    in_progress = page.split("In progress", 1)[1]
    assert f'href="{game_path(director, casual)}"' in in_progress
    for table in tables:
        assert f'href="{game_path(director, table.game_id)}"' not in page
    assert page.count(">Resume<") == 1


def test_projector_shows_provisional_standings_while_a_round_is_played(no_csrf_app):
    app = no_csrf_app
    director, tid = four_players_in_round_one(app)
    table = tables_of(app, tid, 1)[0]
    entries = {e.id: name for name, e in entries_of(app, tid).items()}
    projector = app.test_client()
    before = projector.get(f"{tournament_path(director, tid)}/standings", headers={"HX-Request": "true"})
    assert "Provisional" in before.get_data(as_text=True)
    poll = re.search(r'hx-get="([^"]+)"', before.get_data(as_text=True)).group(1).replace("&amp;", "&")
    # Nothing changed: the poll is answered with nothing to swap.
    same = projector.get(poll, headers={"HX-Request": "true"})
    assert same.status_code == 200 and same.headers.get("HX-Reswap") == "none" and same.get_data() == b""
    play_simple_deal(app, table, 400, 0)  # North-South 1000, East-West 0, the round still open
    fresh = projector.get(poll, headers={"HX-Request": "true"})
    html = fresh.get_data(as_text=True)
    assert fresh.status_code == 200 and "HX-Reswap" not in fresh.headers
    assert "Provisional" in html and "round 1" in html
    first_row = html.split("<tbody>", 1)[1].split("</tr>", 1)[0]
    assert entries[table.we_entries[0]] in first_row or entries[table.we_entries[1]] in first_row
    assert ">1,000<" in first_row
    # Once the round is closed the standings are no longer provisional.
    director.post(f"{tournament_path(director, tid)}/round/1/close", data={"confirm": "yes"})
    closed = projector.get(f"{tournament_path(director, tid)}/standings").get_data(as_text=True)
    assert "Provisional" not in closed and ">1,000<" in closed


def test_projector_has_a_large_type_mode_for_a_wall_screen(no_csrf_app):
    director = no_csrf_app.test_client()
    tid = create_tournament(director)
    normal = director.get(f"{tournament_path(director, tid)}/standings").get_data(as_text=True)
    assert f'href="{tournament_path(director, tid)}/standings?big=1"' in normal
    big = director.get(f"{tournament_path(director, tid)}/standings?big=1").get_data(as_text=True)
    assert 'class="projector projector-big"' in big
    assert re.search(r'hx-get="[^"]*big=1', big), "the poll keeps the large type"
    assert f'href="{tournament_path(director, tid)}/standings"' in big  # the way back to normal type

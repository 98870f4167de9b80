"""A director who can't slip: closing or ending with tables open asks first; rounds and the tournament reopen;
one deal can be corrected; names can be corrected and pasted in a list; duplicates and invisible names are
caught; CSV cells cannot run as formulas."""

from __future__ import annotations

import csv
import io

from .conftest import create_tournament, deal_form, enter, entries_of, game_version, tables_of, tournament_form
from tests.recording import tournament_path


def start(app, names=("Ann", "Ben", "Cy", "Di", "Eve", "Fred", "Gil", "Hana"), **options):
    director = app.test_client()
    tid = create_tournament(director, **options)
    for name in names:
        enter(director, tid, *name.split(" & "))
    director.post(f"{tournament_path(director, tid)}/rounds")
    return director, tid


def round_status(director, tid, number) -> str:
    page = director.get(tournament_path(director, tid)).get_data(as_text=True)
    return "being played" if f"Round {number} of" in page and "is being played" in page else "closed"


def test_closing_a_round_with_unconfirmed_tables_asks_first(no_csrf_app):
    director, tid = start(no_csrf_app)
    asked = director.post(f"{tournament_path(director, tid)}/round/1/close")
    assert asked.status_code == 200
    text = asked.get_data(as_text=True)
    assert "Tables 1 and 2 are not confirmed" in text and "Close round 1 anyway" in text
    assert round_status(director, tid, 1) == "being played"
    done = director.post(f"{tournament_path(director, tid)}/round/1/close", data={"confirm": "yes"})
    assert done.status_code == 303
    assert round_status(director, tid, 1) == "closed"


def test_ending_the_tournament_asks_first_and_it_can_be_reopened(no_csrf_app):
    director, tid = start(no_csrf_app)
    asked = director.post(f"{tournament_path(director, tid)}/finish")
    assert asked.status_code == 200 and "End the tournament now" in asked.get_data(as_text=True)
    assert "This tournament is over" not in director.get(tournament_path(director, tid)).get_data(as_text=True)
    assert director.post(f"{tournament_path(director, tid)}/finish", data={"confirm": "yes"}).status_code == 303
    assert "This tournament is over" in director.get(tournament_path(director, tid)).get_data(as_text=True)
    assert director.post(f"{tournament_path(director, tid)}/reopen").status_code == 303
    overview = director.get(tournament_path(director, tid)).get_data(as_text=True)
    assert "This tournament is over" not in overview
    assert "reopened the tournament" in director.get(f"{tournament_path(director, tid)}/log").get_data(as_text=True)


def test_a_closed_round_can_be_reopened_while_no_later_round_has_started(no_csrf_app):
    app = no_csrf_app
    director, tid = start(app)
    table = tables_of(app, tid, 1)[0]
    director.post(f"{tournament_path(director, tid)}/round/1/close", data={"confirm": "yes"})
    assert director.post(f"{tournament_path(director, tid)}/round/1/reopen").status_code == 303
    phone = app.test_client()
    saved = phone.post(f"/tournaments/table/{table.token}/deals",
                       data=deal_form(game_version(app, table), {"meld": 120, "natural": 1, "out": "yes"}, {}))
    assert saved.status_code == 303
    director.post(f"{tournament_path(director, tid)}/round/1/close", data={"confirm": "yes", "then": "next"})
    refused = director.post(f"{tournament_path(director, tid)}/round/1/reopen")
    assert refused.status_code == 409 and "Round 2 has started" in refused.get_data(as_text=True)
    assert "reopened the round" in director.get(f"{tournament_path(director, tid)}/log").get_data(as_text=True)


def test_names_are_trimmed_and_blank_or_invisible_ones_refused(no_csrf_app):
    director = no_csrf_app.test_client()
    blank = director.post("/tournaments/new", data={**tournament_form(), "name": "   "})
    assert blank.status_code == 422
    invisible = director.post("/tournaments/new", data={**tournament_form(), "name": "\u200b\u200d\u2060"})
    assert invisible.status_code == 422 and "Give the tournament a name" in invisible.get_data(as_text=True)
    tid = create_tournament(director)
    for name in ("   ", "\u200b\u200b", "\u202e"):
        director.post(f"{tournament_path(director, tid)}/entries", data={"player1": name})
    assert entries_of(no_csrf_app, tid) == {}
    director.post(f"{tournament_path(director, tid)}/entries", data={"player1": "  Ann   Lee  "})
    assert list(entries_of(no_csrf_app, tid)) == ["Ann Lee"]


def test_the_same_player_or_pair_twice_is_refused(no_csrf_app):
    director = no_csrf_app.test_client()
    tid = create_tournament(director, format="pairs")
    enter(director, tid, "Ann", "Bob")
    for again in (("ann ", "BOB"), ("Bob", "Ann"), ("Ann", "Cy"), ("Di", "Di")):
        answer = director.post(f"{tournament_path(director, tid)}/entries", data={"player1": again[0], "player2": again[1]},
                               follow_redirects=True)
        assert "already" in answer.get_data(as_text=True) or "twice" in answer.get_data(as_text=True)
    assert list(entries_of(no_csrf_app, tid)) == ["Ann & Bob"]


def test_names_are_shown_in_their_own_direction(no_csrf_app):
    director = no_csrf_app.test_client()
    tid = create_tournament(director)
    enter(director, tid, "\u202eevil")
    enter(director, tid, "Zoë")
    page = director.get(tournament_path(director, tid)).get_data(as_text=True)
    assert "<bdi>\u202eevil</bdi>" in page or "<bdi>evil</bdi>" in page


def test_a_name_can_be_corrected_and_a_list_pasted(no_csrf_app):
    director = no_csrf_app.test_client()
    tid = create_tournament(director, format="pairs")
    pasted = director.post(f"{tournament_path(director, tid)}/entries/paste",
                           data={"names": "Ann & Bob\nCy and Di\n\n  Eve & Fred  \nAnn & Bob\nGil"})
    assert pasted.status_code == 200
    text = pasted.get_data(as_text=True).replace("<bdi>", "").replace("</bdi>", "")
    assert "3 partnerships entered" in text
    assert "Ann &amp; Bob: Ann is already entered" in text and "Gil: a partnership needs two names" in text
    entries = entries_of(no_csrf_app, tid)
    assert list(entries) == ["Ann & Bob", "Cy & Di", "Eve & Fred"]
    entry = entries["Cy & Di"]
    fixed = director.post(f"{tournament_path(director, tid)}/entries/{entry.id}/name", data={"player1": "Cy", "player2": "Dee"})
    assert fixed.status_code == 303
    assert "Cy & Dee" in entries_of(no_csrf_app, tid)
    assert "renamed number 2: Cy &amp; Di → Cy &amp; Dee" in director.get(f"{tournament_path(director, tid)}/log").get_data(
        as_text=True)


def test_csv_cells_that_look_like_formulas_are_made_inert(no_csrf_app):
    app = no_csrf_app
    director, tid = start(app, names=('=HYPERLINK("http://x.invalid")', "+1+1", "@SUM(A1)", "-2", "Ann"))
    director.post(f"{tournament_path(director, tid)}/round/1/close", data={"confirm": "yes"})
    rows = list(csv.reader(io.StringIO(director.get(f"{tournament_path(director, tid)}/results.csv").get_data(as_text=True))))
    cells = [cell for row in rows for cell in row]
    assert not any(cell[:1] in ("=", "+", "@", "\t", "\r") for cell in cells)
    assert any(cell == "'=HYPERLINK(\"http://x.invalid\")" for cell in cells)
    assert not any(cell.startswith("-") and not cell.lstrip("-").isdigit() for cell in cells)


def test_the_club_roster_keeps_players_between_evenings_and_offers_them_as_typed(no_csrf_app):
    from tests.clubs.helpers import Club
    from tests.tournaments.test_roster_check import club_evening

    club = Club(no_csrf_app, "Zürich Club", "Zora")
    first = club_evening(club, "individuals")
    enter(club.client, first, "Zoë Müller")
    enter(club.client, first, "  zoë   müller ")  # the same player again: refused, not kept twice
    second = club_evening(club, "individuals")
    page = club.client.get(tournament_path(club.client, second)).get_data(as_text=True)
    assert page.count('<option value="Zoë Müller">') == 1
    assert 'list="club-roster"' in page
    # Anyone else sees no roster, and a one-off tournament, outside the club, offers none.
    assert "Zoë Müller" not in no_csrf_app.test_client().get(tournament_path(club.client, second)).get_data(as_text=True)
    assert "Zoë Müller" not in club.client.get(tournament_path(club.client, create_tournament(club.client))).get_data(
        as_text=True)

"""The club roster spots duplicates as a name is typed, with the same rule as the save (case, spaces and
invisible characters aside)."""

from __future__ import annotations

import html
import re

import pytest

from .conftest import create_tournament, enter, entries_of
from tests.recording import tournament_path
from tests.worlds import Worlds


def check(client, tid: int, field: str = "player1", **names):
    return client.get(f"{tournament_path(client, tid)}/entries/check", query_string={"field": field, **names},
                      headers={"HX-Request": "true"})


def warning(response) -> str:
    """The warning shown next to the field ("" when there is none)."""
    assert response.status_code == 200
    found = re.search(r'class="name-warning"[^>]*>(.*?)</p>', response.get_data(as_text=True), re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", found.group(1))).strip() if found else ""


def _pairs(app) -> dict:
    """A pairs tournament with Ann Smith & Bob Jones entered, by its director's client (built once,
    tests/worlds.py)."""
    director = app.test_client()
    tid = create_tournament(director, format="pairs")
    enter(director, tid, "Ann Smith", "Bob Jones")
    return {"director": director, "tid": tid}


WORLDS = Worlds(pairs=_pairs)
database, world = WORLDS.database, WORLDS.world


@pytest.fixture
def pairs(world):
    """The tournament's world in this test's database; the director's client."""
    director = world["director"]
    director.tournament_id = world["tid"]
    return director


def test_the_entry_form_checks_each_name_while_it_is_typed(pairs):
    page = pairs.get(tournament_path(pairs, pairs.tournament_id)).get_data(as_text=True)
    for field in ("player1", "player2"):
        tag = re.search(rf'<input id="{field}"[^>]*>', page).group(0)
        assert f'hx-get="{tournament_path(pairs, pairs.tournament_id)}/entries/check?field={field}"' in tag
        assert re.search(r'hx-trigger="[^"]*input[^"]*delay:\d+ms', tag), tag
        target = re.search(r'hx-target="#([^"]+)"', tag).group(1)
        assert f'id="{target}"' in page and 'aria-live="polite"' in page
    # Correcting a name is checked the same way, leaving the entry itself aside.
    assert re.search(r'<input id="rename-\d+-1"[^>]*hx-get="[^"]*/entries/check\?[^"]*entry=\d+', page)


@pytest.mark.parametrize("typed", ["Ann Smith", "ann smith", "  ANN   Smith ", "Ann\u200b Smith", "Ann\u00a0Smith"])
def test_a_name_already_entered_is_reported_as_it_is_typed(pairs, typed):
    said = warning(check(pairs, pairs.tournament_id, player1=typed))
    assert "Ann Smith is already entered (number 1, Ann Smith & Bob Jones)" in said


def test_the_same_name_twice_in_one_partnership_is_reported(pairs):
    said = warning(check(pairs, pairs.tournament_id, "player2", player1="Cy Young", player2="cy  YOUNG"))
    assert "written twice" in said


def test_a_new_name_gets_no_warning_and_a_name_of_nothing_visible_says_so(pairs):
    assert warning(check(pairs, pairs.tournament_id, player1="Cy Young", player2="Di Lane")) == ""
    assert "nothing visible" in warning(check(pairs, pairs.tournament_id, player1="\u200b\u200d  "))


def test_a_player_of_the_clubs_other_evenings_is_offered_as_the_roster_writes_the_name(no_csrf_app):
    """A club's roster (issue 30): a name another evening of the club entered is offered as the club writes it; a
    one-off tournament, outside any club, has no roster to offer."""
    from tests.clubs.helpers import Club

    club = Club(no_csrf_app, "Friday Club", "Fay")
    first = club_evening(club)
    enter(club.client, first, "Ann Smith", "Bob Jones")
    other = club_evening(club)
    said = warning(check(club.client, other, player1="ann  SMITH"))
    assert "The club roster writes this player “Ann Smith”" in said
    note = check(club.client, other, player1="Ann Smith").get_data(as_text=True)
    assert warning(check(club.client, other, player1="Ann Smith")) == "" and "In the club roster" in note
    loose = create_tournament(club.client, format="pairs", name="One-off")
    assert warning(check(club.client, loose, player1="ann  SMITH")) == ""


def club_evening(club, format: str = "pairs") -> int:
    """An evening of ``club`` made from its template, with no entries."""
    from tests.recording import started_id
    from tests.web.formparse import form_values

    values = form_values(club.client.get(f"{club.area}/evenings/new").get_data(as_text=True), "new-tournament")
    values = {k: v for k, v in values.items() if not k.startswith("entry-")}
    made = club.client.post(f"{club.area}/evenings/new", data={**values, "format": format})
    assert made.status_code == 303, made.get_data(as_text=True)[:2000]
    return started_id(club.client, made.headers["Location"])


def test_correcting_a_name_does_not_clash_with_the_entry_itself(pairs, no_csrf_app):
    entry = entries_of(no_csrf_app, pairs.tournament_id)["Ann Smith & Bob Jones"]
    response = check(pairs, pairs.tournament_id, player1="ann smith", entry=str(entry.id))
    assert warning(response) == ""


def test_only_the_director_may_look_names_up(pairs, no_csrf_app):
    stranger = no_csrf_app.test_client()
    response = check(stranger, pairs.tournament_id, player1="Ann Smith")
    assert "Ann Smith" not in response.get_data(as_text=True)


@pytest.mark.parametrize("typed", ["Ann Smith", "ann smith", "A\u200bnn Smith", "Ann Smyth", "Bob  JONES",
                                   "\u202eAnn Smith", "Cy"])
def test_the_check_warns_exactly_when_the_save_refuses(pairs, no_csrf_app, typed):
    """One rule for both: whatever the check says of a name, the save does the same."""
    tid = pairs.tournament_id
    warned = "already entered" in warning(check(pairs, tid, player1=typed, player2="Zed Zulu"))
    before = len(entries_of(no_csrf_app, tid))
    pairs.post(f"{tournament_path(no_csrf_app, tid)}/entries", data={"player1": typed, "player2": "Zed Zulu"})
    refused = len(entries_of(no_csrf_app, tid)) == before
    assert warned == refused

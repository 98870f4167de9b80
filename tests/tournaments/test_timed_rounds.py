"""A timed round ends as the director chose: finish the deal in play, or stop when time is up. The table
phone says which applies and why a deal is refused; the choice and any change are in the log."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest

from scorekeeper import clock
from scorekeeper.db import connect
from scorekeeper.stores.tournaments import rounds

from .conftest import create_tournament, deal_form, enter, game_version, tables_of
from .test_access import deals_in
from tests.recording import tournament_path
from tests.worlds import Worlds

WON = {"meld": 120, "natural": 1, "out": "yes"}
LOST = {"meld": 40}


@pytest.fixture
def moment(monkeypatch):
    """The app's clock, moved by hand: ``moment[0]``."""
    now = [clock.now()]
    monkeypatch.setattr(clock, "now", lambda: now[0])
    return now


def _timed(app) -> dict:
    """A tournament of four players, 30-minute rounds, not started, by its director's client (built once,
    tests/worlds.py)."""
    director = app.test_client()
    tid = create_tournament(director, round_end="minutes", round_limit="30")
    for name in ("Ann", "Ben", "Cy", "Di"):
        enter(director, tid, name)
    return {"director": director, "tid": tid}


WORLDS = Worlds(timed=_timed)
database, world = WORLDS.database, WORLDS.world


@pytest.fixture
def timed(no_csrf_app, world, moment):
    """The tournament's world in this test's database: (app, director, tid)."""
    return no_csrf_app, world["director"], world["tid"]


def start(app, director, tid, **choice):
    assert director.post(f"{tournament_path(director, tid)}/rounds", data=choice).status_code == 303
    return tables_of(app, tid)[-1]


def post_deal(app, phone, table, side="we"):
    return phone.post(f"/tournaments/table/{table.token}/deals",
                      data=deal_form(game_version(app, table), WON, LOST, side=side))


def mark_started(phone, table):
    return phone.post(f"/tournaments/table/{table.token}/started")


def stored_choice(app, tid: int, number: int = 1) -> str | None:
    db = connect(app.config["DATABASE"])
    try:
        return rounds.get_round(db, tid, number).time_up
    finally:
        db.close()


def text(response) -> str:
    return re.sub(r"\s+", " ", response.get_data(as_text=True).replace("&#39;", "'"))


def test_the_director_chooses_when_starting_and_the_log_says_so(timed):
    app, director, tid = timed
    page = text(director.get(tournament_path(director, tid)))
    assert "When time is up" in page and 'name="time_up" value="finish"' in page and 'value="stop"' in page
    start(app, director, tid, time_up="stop")
    assert stored_choice(app, tid) == "stop"
    log = text(director.get(f"{tournament_path(director, tid)}/log"))
    assert "started the round: 1 table; when time is up, play stops" in log


def test_an_unknown_choice_is_refused_in_plain_words(timed):
    app, director, tid = timed
    answer = director.post(f"{tournament_path(director, tid)}/rounds", data={"time_up": "whenever"}, follow_redirects=True)
    assert "Choose what happens when time is up" in text(answer)
    assert tables_of(app, tid) == []


def test_stop_refuses_every_deal_once_time_is_up_and_the_phone_says_why(timed, moment):
    app, director, tid = timed
    table = start(app, director, tid, time_up="stop")
    phone = app.test_client()
    page = text(phone.get(f"/tournaments/table/{table.token}"))
    assert "When time is up, play stops: no deal is recorded after that, not even one being played." in page
    assert post_deal(app, phone, table).status_code == 303
    moment[0] += timedelta(minutes=30, seconds=1)
    refused = post_deal(app, phone, table)
    assert refused.status_code == 409
    assert "Time is up, and the director chose to stop there" in text(refused)
    assert deals_in(app, table) == 1
    page = text(phone.get(f"/tournaments/table/{table.token}"))
    assert "Save the deal" not in page and "the director chose to stop there" in page


def test_finish_accepts_the_deal_started_in_time_and_no_new_one(timed, moment):
    app, director, tid = timed
    table = start(app, director, tid, time_up="finish")
    phone = app.test_client()
    page = text(phone.get(f"/tournaments/table/{table.token}"))
    assert "When time is up, a deal started before then may be finished and recorded; no new deal after it." in page
    assert "Deal 1 started" in page  # the button the table taps when the cards are dealt
    assert post_deal(app, phone, table).status_code == 303
    moment[0] += timedelta(minutes=28)
    assert mark_started(phone, table).status_code == 303
    page = text(phone.get(f"/tournaments/table/{table.token}"))
    assert "Deal 2 started at" in page
    moment[0] += timedelta(minutes=5)  # time is up while deal 2 is played
    page = text(phone.get(f"/tournaments/table/{table.token}"))
    assert "Time is up: finish deal 2, which started in time, and record it. No new deal after it." in page
    assert post_deal(app, phone, table).status_code == 303
    assert deals_in(app, table) == 2
    refused = post_deal(app, phone, table)
    assert refused.status_code == 409 and "no new deal may start" in text(refused)
    assert mark_started(phone, table).status_code == 409  # too late to start one
    assert deals_in(app, table) == 2
    log = text(director.get(f"{tournament_path(director, tid)}/log?table=1"))
    assert "said deal 2 had started" in log


def test_finish_refuses_a_deal_nobody_marked_as_started_in_time(timed, moment):
    app, director, tid = timed
    table = start(app, director, tid)  # finishing the deal in play is what a round does unless told
    assert stored_choice(app, tid) == "finish"
    phone = app.test_client()
    moment[0] += timedelta(minutes=31)
    refused = post_deal(app, phone, table)
    assert refused.status_code == 409
    said = text(refused)
    assert "no new deal may start" in said and "had not marked a deal as started before time was up" in said
    assert deals_in(app, table) == 0


def test_a_mark_is_for_one_deal_only(timed, moment):
    """A deal marked as started, then recorded before time is up, does not let the next one through."""
    app, director, tid = timed
    table = start(app, director, tid, time_up="finish")
    phone = app.test_client()
    mark_started(phone, table)
    moment[0] += timedelta(minutes=20)
    assert post_deal(app, phone, table).status_code == 303
    moment[0] += timedelta(minutes=11)
    assert post_deal(app, phone, table).status_code == 409


def test_the_director_changes_the_choice_while_the_round_runs_and_it_is_logged(timed, moment):
    app, director, tid = timed
    table = start(app, director, tid, time_up="finish")
    phone = app.test_client()
    mark_started(phone, table)
    overview = text(director.get(tournament_path(director, tid)))
    assert f'action="{tournament_path(director, tid)}/round/1/time-up"' in overview
    assert director.post(f"{tournament_path(director, tid)}/round/1/time-up", data={"time_up": "stop"}).status_code == 303
    assert stored_choice(app, tid) == "stop"
    assert "When time is up, play stops" in text(phone.get(f"/tournaments/table/{table.token}"))
    moment[0] += timedelta(minutes=31)
    assert post_deal(app, phone, table).status_code == 409  # the mark no longer matters
    log = text(director.get(f"{tournament_path(director, tid)}/log"))
    assert ("changed what happens when time is up: finish the deal in play → stop at once") in log
    # Only the director may change it.
    assert phone.post(f"{tournament_path(director, tid)}/round/1/time-up", data={"time_up": "finish"}).status_code == 403
    assert stored_choice(app, tid) == "stop"


def test_a_round_limited_by_deals_has_no_time_choice(no_csrf_app):
    director = no_csrf_app.test_client()
    tid = create_tournament(director, round_end="deals", round_limit="2")
    for name in ("Ann", "Ben", "Cy", "Di"):
        enter(director, tid, name)
    assert "When time is up" not in text(director.get(tournament_path(director, tid)))
    table = start(no_csrf_app, director, tid)
    assert stored_choice(no_csrf_app, tid) is None
    assert mark_started(no_csrf_app.test_client(), table).status_code == 409

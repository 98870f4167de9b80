"""A director's sign-in is held on the server: it ends at sign-out, at a password change and after a few idle
hours, whatever copy of the cookie is left in a browser."""

from __future__ import annotations

from datetime import timedelta

import pytest

from scorekeeper import clock as app_clock
from scorekeeper.stores.tournaments import access

from .conftest import PASSWORD, create_tournament
from tests.recording import tournament_path


@pytest.fixture
def clock(monkeypatch):
    moment = [app_clock.now()]
    monkeypatch.setattr(app_clock, "now", lambda: moment[0])
    return moment


def signed_in(app, tid, name="Rosa"):
    client = app.test_client()
    assert client.post(f"{tournament_path(client, tid)}/login", data={"password": PASSWORD, "name": name}).status_code == 303
    return client


def copy_of(app, client):
    """Another browser holding a copy of ``client``'s session cookie."""
    thief = app.test_client()
    thief.set_cookie("session", client.get_cookie("session").value)
    return thief


def can_read_log(client, tid) -> bool:
    return client.get(f"{tournament_path(client, tid)}/log").status_code == 200


def test_a_copied_cookie_no_longer_opens_the_log_after_sign_out(no_csrf_app):
    tid = create_tournament(no_csrf_app.test_client())
    director = signed_in(no_csrf_app, tid)
    thief = copy_of(no_csrf_app, director)
    assert can_read_log(thief, tid)
    assert director.post(f"{tournament_path(director, tid)}/logout").status_code == 303
    assert not can_read_log(director, tid)
    assert not can_read_log(thief, tid)


def test_a_sign_in_ends_after_hours_without_use(no_csrf_app, clock):
    tid = create_tournament(no_csrf_app.test_client())
    director = signed_in(no_csrf_app, tid)
    clock[0] += access.DIRECTOR_IDLE - timedelta(minutes=5)
    assert can_read_log(director, tid)  # use keeps it going
    clock[0] += access.DIRECTOR_IDLE - timedelta(minutes=5)
    assert can_read_log(director, tid)
    clock[0] += access.DIRECTOR_IDLE + timedelta(minutes=1)
    answer = director.get(f"{tournament_path(director, tid)}/log")
    assert answer.status_code == 303 and "/login" in answer.headers["Location"]


@pytest.mark.slow
def test_changing_the_password_ends_every_other_sign_in(no_csrf_app):
    tid = create_tournament(no_csrf_app.test_client())
    director = signed_in(no_csrf_app, tid)
    laptop = signed_in(no_csrf_app, tid, name="Sam")
    page = director.get(f"{tournament_path(director, tid)}/password")
    assert page.status_code == 200 and "New password" in page.get_data(as_text=True)
    wrong = director.post(f"{tournament_path(director, tid)}/password",
                          data={"current": "not it", "password": "new secret 7", "password_again": "new secret 7"})
    assert wrong.status_code == 422 and "current password" in wrong.get_data(as_text=True)
    changed = director.post(f"{tournament_path(director, tid)}/password",
                            data={"current": PASSWORD, "password": "new secret 7", "password_again": "new secret 7"})
    assert changed.status_code == 303
    assert can_read_log(director, tid)  # the device that changed it stays signed in
    assert not can_read_log(laptop, tid)
    assert no_csrf_app.test_client().post(f"{tournament_path(director, tid)}/login", data={"password": PASSWORD}).status_code == 422
    signed_in_again = no_csrf_app.test_client()
    assert signed_in_again.post(f"{tournament_path(director, tid)}/login",
                                data={"password": "new secret 7"}).status_code == 303
    log = director.get(f"{tournament_path(director, tid)}/log").get_data(as_text=True)
    assert "changed the director&#39;s password" in log


def test_the_creator_of_a_tournament_is_signed_in_on_the_server_too(no_csrf_app):
    creator = no_csrf_app.test_client()
    tid = create_tournament(creator)
    thief = copy_of(no_csrf_app, creator)
    creator.post(f"{tournament_path(no_csrf_app, tid)}/logout")
    assert not can_read_log(thief, tid)

"""Only the club's own addresses: a request whose Host is a stranger's name is refused (DNS rebinding)."""

from __future__ import annotations

import pytest

from scorekeeper import create_app
from scorekeeper.ops.netinfo import lan_addresses


def _app(tmp_path, **config):
    return create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "DATABASE": str(tmp_path / "h.sqlite"),
                       "SECRET_KEY": "t", **config})


@pytest.mark.parametrize("host", ["localhost", "localhost:8000", "127.0.0.1:8000", "[::1]:8000"])
def test_the_machine_itself_is_allowed(tmp_path, host):
    response = _app(tmp_path).test_client().get("/", headers={"Host": host})
    assert response.status_code == 200


def test_the_lan_address_phones_open_is_allowed(tmp_path):
    address = (lan_addresses() or ["127.0.0.1"])[0]
    response = _app(tmp_path).test_client().get("/games/", headers={"Host": f"{address}:8000"})
    assert response.status_code == 200


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8000", "203.0.113.9", "localhost.evil.example"])
def test_a_foreign_host_is_refused_and_changes_nothing(tmp_path, host):
    app = _app(tmp_path)
    client = app.test_client()
    page = client.get("/games/new", headers={"Host": host})
    assert page.status_code == 400
    assert "address" in page.get_data(as_text=True).lower()
    posted = client.post("/games/new", headers={"Host": host},
                         data={"rules": "bicycle", "side_we": "We", "side_they": "They"})
    assert posted.status_code == 400
    assert client.get("/games/").get_data(as_text=True).count('class="game-card') == 0


def test_a_name_the_organiser_configured_is_allowed(tmp_path):
    client = _app(tmp_path, ALLOWED_HOSTS=["canasta.club.lan"]).test_client()
    assert client.get("/", headers={"Host": "canasta.club.lan:8000"}).status_code == 200
    assert client.get("/", headers={"Host": "other.club.lan"}).status_code == 400


def test_configured_names_may_be_one_comma_separated_string(tmp_path):
    """SCOREKEEPER_ALLOWED_HOSTS="canasta.lan, scores.lan" in the environment arrives as one string."""
    client = _app(tmp_path, ALLOWED_HOSTS="canasta.lan, scores.lan").test_client()
    assert client.get("/", headers={"Host": "scores.lan"}).status_code == 200
    assert client.get("/", headers={"Host": "evil.lan"}).status_code == 400


def test_the_api_answers_a_foreign_host_in_json(tmp_path):
    response = _app(tmp_path).test_client().get("/api/v1/rules", headers={"Host": "evil.example"})
    assert response.status_code == 400
    assert response.get_json()["error"]["code"] == "request.host"


@pytest.mark.parametrize("listen", ["10.200.1.1", "canasta-table.lan"])
def test_the_host_serve_was_told_to_listen_on_is_allowed(tmp_path, listen):
    """``scorekeeper serve --host X`` prints X for the phones: X is then a Host it answers to (an address of
    another interface, or a name the organiser's network gives the laptop)."""
    client = _app(tmp_path, LISTEN_HOST=listen).test_client()
    assert client.get("/", headers={"Host": f"{listen}:8000"}).status_code == 200
    assert client.get("/", headers={"Host": "evil.example:8000"}).status_code == 400


@pytest.mark.parametrize("listen", ["0.0.0.0", "::"])
def test_listening_on_every_address_does_not_let_every_name_in(tmp_path, listen):
    client = _app(tmp_path, LISTEN_HOST=listen).test_client()
    assert client.get("/", headers={"Host": "evil.example"}).status_code == 400
    assert client.get("/", headers={"Host": "0.0.0.0:8000"}).status_code == 400


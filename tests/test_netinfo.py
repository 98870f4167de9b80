"""The address phones in the room open: one way to tell a loopback host, one way to swap in the LAN address."""

from __future__ import annotations

import pytest

from scorekeeper.ops import netinfo
from tests.recording import game_path


@pytest.mark.parametrize("host, loopback", [
    ("localhost", True), ("LOCALHOST", True), ("127.0.0.1", True), ("127.0.1.1", True), ("::1", True),
    ("[::1]", True), ("192.168.1.20", False), ("club-laptop.local", False), ("10.0.0.5", False),
])
def test_is_loopback(host, loopback):
    assert netinfo.is_loopback(host) is loopback


def test_a_loopback_url_becomes_the_lan_address(monkeypatch):
    monkeypatch.setattr(netinfo, "lan_addresses", lambda: ["192.168.1.20", "10.0.0.5"])
    assert netinfo.for_phones("http://localhost:8000/g/ABC") == "http://192.168.1.20:8000/g/ABC"
    assert netinfo.for_phones("http://127.0.0.1/t/join?x=1") == "http://192.168.1.20/t/join?x=1"
    assert netinfo.for_phones("http://[::1]:9000/") == "http://192.168.1.20:9000/"


def test_a_reachable_url_or_no_lan_address_leaves_the_url_alone(monkeypatch):
    monkeypatch.setattr(netinfo, "lan_addresses", lambda: ["192.168.1.20"])
    assert netinfo.for_phones("http://club-laptop.local:8000/g/ABC") == "http://club-laptop.local:8000/g/ABC"
    monkeypatch.setattr(netinfo, "lan_addresses", lambda: [])
    assert netinfo.for_phones("http://localhost:8000/g/ABC") == "http://localhost:8000/g/ABC"


def test_the_scorepad_shares_the_lan_address_when_opened_as_localhost(client, monkeypatch):
    from tests.web.scorepad_helpers import start_game

    monkeypatch.setattr(netinfo, "lan_addresses", lambda: ["192.168.1.20"])
    client.application.config["LISTEN_HOST"] = "0.0.0.0"  # served on every interface, as `make run` does
    game_id = start_game(client)
    html = client.get(game_path(client, game_id), base_url="http://localhost:8000").get_data(as_text=True)
    assert f"http://192.168.1.20:8000{game_path(client, game_id)}" in html

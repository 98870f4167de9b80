"""The address phones are given (issue 21): ``PUBLIC_URL`` in every link, QR code and table card; without it,
only an address the server listens on. QR codes are read back with zbarimg from a real rendering."""

from __future__ import annotations

import base64
import os
import re
import subprocess
import sys

import pytest
import weasyprint

from scorekeeper import create_app
from scorekeeper.ops import netinfo
from tests.recording import Phone, game_path, tournament_path
from tests.test_serve import ROOT, free_port, start_serving, stop
from tests.tournaments.conftest import create_tournament, enter
from tests.tournaments.test_cards import qr_codes_in
from tests.web.scorepad_helpers import start_game

PUBLIC = "http://scores.club.example:8080"


def decode_svg_qr(svg: str, tmp_path) -> list[str]:
    """The QR code of an SVG, as a phone's camera reads it: drawn into a PDF by WeasyPrint, rendered by pdftoppm,
    decoded by zbarimg."""
    data = base64.b64encode(svg.encode()).decode()
    pdf = weasyprint.HTML(string=f'<img src="data:image/svg+xml;base64,{data}" width="300">').write_pdf()
    return qr_codes_in(pdf, tmp_path)


def advertised(client, game_path: str, tmp_path) -> tuple[str, list[str], list[str]]:
    """The scorepad's share link, its QR code, and a round's table cards' QR codes plus the join address."""
    page = client.get(game_path).get_data(as_text=True)
    link = re.search(r'<p class="share-link"><a href="([^"]+)"', page).group(1)
    qr = decode_svg_qr(client.get(f"{game_path}/qr.svg").get_data(as_text=True), tmp_path / "game")
    tid = create_tournament(client)
    for name in ("Ann", "Ben", "Cy", "Di"):
        enter(client, tid, name)
    assert client.post(f"{tournament_path(client, tid)}/rounds").status_code == 303
    cards = client.get(f"{tournament_path(client, tid)}/round/1/cards.pdf")
    assert cards.status_code == 200
    (tmp_path / "cards").mkdir()
    codes = qr_codes_in(cards.data, tmp_path / "cards")
    text = subprocess.run(["pdftotext", "-", "-"], input=cards.data, capture_output=True, check=True).stdout.decode()
    return link, qr, codes + re.findall(r"open (\S+/tournaments/join)", text)


@pytest.fixture
def lan(monkeypatch):
    """This machine has a Wi-Fi address besides loopback (as the laptop of the issue had)."""
    monkeypatch.setattr(netinfo, "lan_addresses", lambda: ["192.168.1.20"])


@pytest.mark.slow
def test_public_url_is_in_the_share_link_the_qr_code_and_the_table_cards(tmp_path, lan):
    app = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "DATABASE": str(tmp_path / "p.sqlite"),
                      "SECRET_KEY": "t", "PUBLIC_URL": PUBLIC + "/", "LISTEN_HOST": "0.0.0.0"})
    client = app.test_client()
    game_id = start_game(client)
    path = game_path(app, game_id)
    (tmp_path / "game").mkdir()
    link, qr, cards = advertised(client, path, tmp_path)
    assert link == PUBLIC + path
    assert qr == [PUBLIC + path]
    assert len(cards) >= 2 and all(url.startswith(PUBLIC + "/") for url in cards), cards
    assert any("/tournaments/phone/" in url for url in cards) and PUBLIC + "/tournaments/join" in cards


@pytest.mark.slow
def test_started_on_127_0_0_1_every_advertised_link_says_127_0_0_1(tmp_path, lan):
    """The defect: `make run HOST=127.0.0.1` printed links to the Wi-Fi address, where nothing listens."""
    app = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "DATABASE": str(tmp_path / "l.sqlite"),
                      "SECRET_KEY": "t", "LISTEN_HOST": "127.0.0.1"})
    client = app.test_client()
    base = "http://127.0.0.1:8000"
    response = client.post("/games/new", base_url=base, data=_game_form())
    path = response.headers["Location"]
    (tmp_path / "game").mkdir()
    link, qr, cards = advertised(_At(client, base), path, tmp_path)
    assert link == base + path and qr == [base + path]
    assert len(cards) >= 2 and all(url.startswith(base + "/") for url in cards), cards
    assert any("/tournaments/phone/" in url for url in cards) and base + "/tournaments/join" in cards


def test_on_every_interface_a_phone_is_given_the_wifi_address(tmp_path, lan):
    app = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "DATABASE": str(tmp_path / "w.sqlite"),
                      "SECRET_KEY": "t", "LISTEN_HOST": "0.0.0.0"})
    client = app.test_client()
    path = client.post("/games/new", base_url="http://localhost:8000", data=_game_form()).headers["Location"]
    page = client.get(path, base_url="http://localhost:8000").get_data(as_text=True)
    assert f'<a href="http://192.168.1.20:8000{path}">' in page


@pytest.mark.slow
def test_serve_says_plainly_what_it_advertises(tmp_path):
    port = free_port()
    env = {**os.environ, "SCOREKEEPER_DATABASE": str(tmp_path / "s.sqlite"), "PYTHONUNBUFFERED": "1",
           "SCOREKEEPER_INSTANCE": str(tmp_path)}
    command = [sys.executable, "-m", "scorekeeper.cli", "serve", "--host", "127.0.0.1", "--port", str(port)]
    process, output = start_serving(command, ROOT, env)
    try:
        assert "Listening on 127.0.0.1 only" in output and "phones cannot use them" in output
        assert f"http://127.0.0.1:{port}/" in output
        assert not re.search(rf"http://(?!127\.0\.0\.1)[\d.]+:{port}", output)
        phone = Phone(f"http://127.0.0.1:{port}")
        status, _, headers = phone.call("/games/new", {"csrf_token": phone.token("/games/new"), **_game_form()})
        assert status == 303
        _, page, _ = phone.call(headers["Location"])
        assert f'<a href="http://127.0.0.1:{port}{headers["Location"]}">' in page
    finally:
        stop(process)
    env["SCOREKEEPER_PUBLIC_URL"] = "https://canasta.example.org"
    process, output = start_serving(command, ROOT, env)
    try:
        assert "public address (PUBLIC_URL)" in output and "https://canasta.example.org/" in output
    finally:
        stop(process)


class _At:
    """A test client whose every request goes to ``base`` (scheme, host and port)."""

    def __init__(self, client, base: str):
        self.client, self.base = client, base
        self.application = client.application

    def get(self, path, **kwargs):
        return self.client.get(path, base_url=self.base, **kwargs)

    def post(self, path, **kwargs):
        return self.client.post(path, base_url=self.base, **kwargs)


def _game_form() -> dict:
    from tests.web.scorepad_helpers import option_values

    return {"rules": "bicycle", "first_dealer": "0", **option_values("bicycle"), "we_name": "Us", "they_name": "Them",
            "we_player0": "Ann", "we_player1": "Cy", "they_player0": "Bo", "they_player1": "Di"}

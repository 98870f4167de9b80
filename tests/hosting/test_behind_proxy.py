"""Behind a reverse proxy with plain ``scorekeeper serve`` (waitress): with ``TRUSTED_PROXIES=1`` the app sees
each phone's own address, so two phones behind the proxy have limits of their own, while a header sent straight
to the app's port, or through the proxy, changes nothing (docs/HOSTING.md, "Host it for everyone").

The proxy is written here (the machines the tests run on have no Caddy or nginx): a threaded HTTP server that
passes each request on from 127.0.0.2, adding the client's address to ``X-Forwarded-For`` as Caddy and nginx
do. Every phone connects from an address of its own in 127.0.0.0/8; the app is told the proxy's
(``PROXY_ADDRESS``), so a phone reaching the app's port itself is not believed.
"""

from __future__ import annotations

import http.client
import os
import re
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from tests.recording import Phone
from tests.test_serve import ROOT, free_port, start_serving, stop
from tests.web.scorepad_helpers import option_values

pytestmark = pytest.mark.slow  # it starts scorekeeper serve

PROXY_FROM = "127.0.0.2"
GAME = {"rules": "bicycle", "first_dealer": "0", **option_values("bicycle"), "we_name": "Us", "they_name": "Them",
        "we_player0": "Ann", "we_player1": "Cy", "they_player0": "Bo", "they_player1": "Di"}
HOP_BY_HOP = {"connection", "keep-alive", "transfer-encoding", "te", "trailer", "upgrade", "proxy-connection"}


def proxy_to(port: int) -> ThreadingHTTPServer:
    """A reverse proxy on a free port of 127.0.0.1 in front of the app's ``port``."""

    class Forward(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def _pass_on(self):
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            headers = {k: v for k, v in self.headers.items() if k.lower() not in HOP_BY_HOP}
            seen = self.headers.get("X-Forwarded-For")
            headers["X-Forwarded-For"] = f"{seen}, {self.client_address[0]}" if seen else self.client_address[0]
            headers["X-Forwarded-Proto"] = "http"
            upstream = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=(PROXY_FROM, 0))
            try:
                upstream.request(self.command, self.path, body=body, headers=headers)
                answer = upstream.getresponse()
                data = answer.read()
            finally:
                upstream.close()
            self.send_response(answer.status)
            for name, value in answer.getheaders():
                if name.lower() not in HOP_BY_HOP | {"content-length"}:
                    self.send_header(name, value)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        do_GET = do_POST = _pass_on

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Forward)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """``scorekeeper serve`` on 127.0.0.1 with TRUSTED_PROXIES=1 behind the proxy; (app address, proxy address).
    One server for the module: each test's phones connect from addresses of their own."""
    tmp_path = tmp_path_factory.mktemp("proxied")
    port = free_port()
    env = {**os.environ, "SCOREKEEPER_DATABASE": str(tmp_path / "proxied.sqlite"), "PYTHONUNBUFFERED": "1",
           "SCOREKEEPER_INSTANCE": str(tmp_path / "instance"), "SCOREKEEPER_TRUSTED_PROXIES": "1",
           "SCOREKEEPER_PROXY_ADDRESS": PROXY_FROM, "SCOREKEEPER_GAMES_PER_HOUR": "2"}
    process, output = start_serving([sys.executable, "-m", "scorekeeper.cli", "serve", "--host", "127.0.0.1",
                                     "--port", str(port)], ROOT, env)
    proxy = proxy_to(port)
    try:
        assert "Ctrl+C" in output, output
        yield f"http://127.0.0.1:{port}", f"http://127.0.0.1:{proxy.server_address[1]}"
    finally:
        proxy.shutdown()
        proxy.server_close()
        stop(process)


def start_games(phone: Phone, count: int, headers: dict | None = None) -> list[int]:
    """The statuses of ``count`` games started through the new-game form, its CSRF token first."""
    token = phone.token("/games/new")
    return [phone.call("/games/new", data={**GAME, "csrf_token": token}, headers=headers)[0] for _ in range(count)]


def test_two_phones_behind_the_proxy_have_limits_of_their_own_and_a_forged_header_changes_nothing(served):
    app, proxy = served
    ann, bea = Phone(proxy, source="127.0.0.3"), Phone(proxy, source="127.0.0.4")
    # GAMES_PER_HOUR=2 counts each phone's own address, as the proxy saw it.
    assert start_games(ann, 3) == [303, 303, 429]
    assert start_games(bea, 2) == [303, 303], "the second phone shared the first one's limit"
    # A phone that forges the header through the proxy is still itself (the proxy adds the real address last).
    assert start_games(ann, 1, headers={"X-Forwarded-For": "198.51.100.7"}) == [429]
    # A phone that reaches the app's port itself is not the proxy: its header is not believed, whatever it says.
    cy = Phone(app, source="127.0.0.5")
    forged = [{"X-Forwarded-For": address} for address in ("198.51.100.1", "198.51.100.2", "127.0.0.6")]
    assert [start_games(cy, 1, headers=h)[0] for h in forged] == [303, 303, 429]
    # ... and claiming to be another phone does not spend that phone's games.
    dee = Phone(proxy, source="127.0.0.6")
    assert start_games(dee, 2) == [303, 303]


def test_the_app_sees_the_phone_behind_the_proxy(served):
    """What the server believes, read back: the too-many-guesses pause of a tournament's sign-in is per phone."""
    app, proxy = served
    director = Phone(proxy, source="127.0.0.7")
    token = director.token("/tournaments/new")
    from tests.tournaments.conftest import tournament_form

    status, _page, headers = director.call("/tournaments/new", data={**tournament_form(), "csrf_token": token})
    assert status == 303
    address = re.search(r"/tournaments/[A-Za-z0-9_-]{22}", headers["Location"]).group(0)
    guesser, player = Phone(proxy, source="127.0.0.8"), Phone(proxy, source="127.0.0.9")
    login = f"{address}/login"
    wrong = [guesser.call(login, data={"password": "nope", "csrf_token": guesser.token(login)})[0] for _ in range(4)]
    assert wrong[-1] == 429, wrong
    # Another phone behind the same proxy still signs in at once.
    assert player.call(login, data={"password": "green baize 42", "csrf_token": player.token(login)})[0] == 303

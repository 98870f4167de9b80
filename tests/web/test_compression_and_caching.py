"""Light on the wire: pages compressed, static files under hashed names cached for a year, polls that keep the
connection open (scorekeeper/ops/assets.py, flask-compress, WhiteNoise)."""

from __future__ import annotations

import gzip
import http.client
import re
from pathlib import Path

import brotli

from scorekeeper import ROOT
from scorekeeper.ops import assets

from .scorepad_helpers import start_game
from tests.recording import game_path

HASHED_CSS = re.compile(r'href="(/static/css/app\.[0-9a-f]{12}\.css)"')
#: A page's CSRF token carries the second it was signed in: two renders a second apart differ only there.
CSRF_TOKEN = re.compile(r'(X-CSRFToken": "|name="csrf_token" type="hidden" value="|name="csrf_token" value=")[^"]+')


def without_token(html: str) -> str:
    return CSRF_TOKEN.sub(r"\1…", html)


def test_pages_are_compressed_with_brotli_or_gzip_as_the_browser_asks(client):
    plain = client.get("/")
    assert "Content-Encoding" not in plain.headers
    html = plain.get_data(as_text=True)
    assert "Canasta Scorekeeper" in html

    br = client.get("/", headers={"Accept-Encoding": "gzip, deflate, br"})
    assert br.headers["Content-Encoding"] == "br"
    assert "Accept-Encoding" in br.headers["Vary"]
    assert without_token(brotli.decompress(br.data).decode()) == without_token(html)
    assert len(br.data) < len(html.encode()) / 2

    gz = client.get("/", headers={"Accept-Encoding": "gzip"})
    assert gz.headers["Content-Encoding"] == "gzip"
    assert without_token(gzip.decompress(gz.data).decode()) == without_token(html)


def test_pages_link_static_files_by_hashed_name_and_print_css_only_for_print(client):
    html = client.get("/").get_data(as_text=True)
    assert HASHED_CSS.search(html)
    assert re.search(r'src="/static/vendor/htmx\.min\.[0-9a-f]{12}\.js"', html)
    assert re.search(r'<link rel="stylesheet" href="/static/css/print\.[0-9a-f]{12}\.css" media="print">', html)
    assert "/static/css/app.css" not in html


def test_a_hashed_static_file_is_compressed_immutable_for_a_year_and_without_cookie(client):
    page = client.get("/")
    assert "Set-Cookie" in page.headers, "the page itself starts a session"
    url = HASHED_CSS.search(page.get_data(as_text=True)).group(1)
    source = assets.minified("css/app.css", (ROOT / "static" / "css" / "app.css").read_bytes())
    assert len(source) < len((ROOT / "static" / "css" / "app.css").read_bytes()), "CSS is minified"

    response = client.get(url, headers={"Accept-Encoding": "gzip, deflate, br"}, buffered=True)
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "max-age=31536000, public, immutable"
    assert response.headers["Content-Encoding"] == "br"
    assert brotli.decompress(response.data) == source
    assert response.headers["Content-Type"].startswith("text/css")
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert "Set-Cookie" not in response.headers
    assert "Cookie" not in response.headers.get("Vary", "")

    gz = client.get(url, headers={"Accept-Encoding": "gzip"}, buffered=True)
    assert gz.headers["Content-Encoding"] == "gzip" and gzip.decompress(gz.data) == source


def test_a_static_file_by_its_plain_name_is_served_but_not_kept_for_long(client):
    response = client.get("/static/css/app.css", buffered=True)
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == f"max-age={assets.PLAIN_MAX_AGE}, public"
    assert response.data == assets.minified("css/app.css", (ROOT / "static" / "css" / "app.css").read_bytes())
    assert client.get("/static/css/no-such-file.0123456789ab.css").status_code == 404


def test_the_build_hashes_compresses_and_follows_changes(tmp_path: Path):
    source, target = tmp_path / "static", tmp_path / "built"
    (source / "css").mkdir(parents=True)
    (source / "css" / "site.css").write_text("body { color: black; }\n" * 100)
    (source / "logo.png").write_bytes(b"\x89PNG not really")
    first = assets.build(source, target)
    assert re.fullmatch(r"css/site\.[0-9a-f]{12}\.css", first["css/site.css"])
    built = (target / first["css/site.css"]).read_bytes()
    assert built == b"body{color:black}" * 100, "minified"
    assert (target / "logo.png").read_bytes() == (source / "logo.png").read_bytes()
    assert brotli.decompress((target / (first["css/site.css"] + ".br")).read_bytes()).startswith(b"body")
    assert (target / "css" / "site.css.gz").exists()
    assert not (target / (first["logo.png"] + ".gz")).exists(), "images are not worth compressing"
    assert not assets.is_stale(source, target)

    (source / "css" / "site.css").write_text("body { color: navy; }\n" * 100)
    assert assets.is_stale(source, target)
    second = assets.build(source, target)
    assert second["css/site.css"] != first["css/site.css"]
    assert second["logo.png"] == first["logo.png"]
    assert not (target / first["css/site.css"]).exists() and not (target / (first["css/site.css"] + ".br")).exists()
    assert assets.read_manifest(target)["paths"] == second


def test_an_unchanged_poll_keeps_the_connection_open(no_csrf_app):
    """waitress closes the connection after a 204; a scorepad polling every 3 s would open 1,200 an hour."""
    import threading

    from waitress.server import create_server

    game_id = start_game(no_csrf_app.test_client())
    server = create_server(no_csrf_app, host="127.0.0.1", port=0, threads=2)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        connection = http.client.HTTPConnection("127.0.0.1", server.effective_port, timeout=10)
        for _ in range(3):
            connection.request("GET", f"{game_path(no_csrf_app, game_id)}/scoreboard?v=1", headers={"HX-Request": "true"})
            response = connection.getresponse()
            assert response.read() == b""
            assert response.status == 200 and response.getheader("HX-Reswap") == "none"
            assert not response.will_close, "the server closed the connection after an unchanged poll"
        socket = connection.sock
        connection.request("GET", f"{game_path(no_csrf_app, game_id)}/scoreboard?v=0", headers={"HX-Request": "true"})
        response = connection.getresponse()
        assert response.status == 200 and b'id="scoreboard"' in response.read()
        assert connection.sock is socket
        connection.close()
    finally:
        server.task_dispatcher.shutdown()  # let the worker finish before its trigger is closed
        server.close()
        thread.join(timeout=5)

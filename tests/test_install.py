"""Installed like any Python application: the wheel from `python -m build`, in a fresh virtual environment outside
the repository, serves every page, static file and PDF from any folder, keeping its data in the user's data folder
or where --instance says."""

from __future__ import annotations

import http.cookiejar
import os
import re
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request
import zipfile
from pathlib import Path

import brotli
import pytest

from scorekeeper.rules import get_profile, profile_options

from .test_serve import free_port, start_serving, stop

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent


def run(command, **kwargs) -> str:
    result = subprocess.run([str(part) for part in command], capture_output=True, text=True, **kwargs)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    return result.stdout


def build_wheel(out: Path) -> Path:
    """`python -m build` as a user runs it: an sdist first, then the wheel built from that sdist."""
    run([sys.executable, "-m", "build", "--outdir", out, ROOT])
    (wheel,) = out.glob("*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "scorekeeper/templates/base.html" in names
    assert "scorekeeper/static/staticfiles.json" in names
    assert "scorekeeper/translations/es/LC_MESSAGES/messages.mo" in names, "catalogues compiled into the wheel"
    assert any(re.fullmatch(r"scorekeeper/static/vendor/htmx\.min\.[0-9a-f]{12}\.js\.br", n) for n in names)
    assert not any(name.startswith(("templates/", "static/", "instance")) for name in names)
    return wheel


class Browser:
    def __init__(self, base: str):
        self.base = base
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()), NoRedirect())

    def get(self, path: str, **headers) -> tuple[int, dict, bytes]:
        return self.fetch(urllib.request.Request(self.base + path, headers=headers))

    def post(self, path: str, data: dict) -> tuple[int, dict, bytes]:
        return self.fetch(urllib.request.Request(self.base + path, data=urllib.parse.urlencode(data).encode()))

    def fetch(self, request) -> tuple[int, dict, bytes]:
        try:
            answer = self.opener.open(request, timeout=30)
        except urllib.error.HTTPError as error:
            answer = error
        with answer:
            return answer.status, dict(answer.headers), answer.read()


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def serve_wheel(scorekeeper: Path, cwd: Path, env: dict, *extra) -> tuple[subprocess.Popen, str, str]:
    port = free_port()
    process, output = start_serving([scorekeeper, "serve", "--host", "127.0.0.1", "--port", port, *extra], cwd, env,
                                    seconds=60)
    return process, f"http://127.0.0.1:{port}", output


def play_everything(base: str) -> None:
    """The home page, a new game's scorepad, a static file by its hashed name, and the game's PDF sheet."""
    browser = Browser(base)
    assert "Canasta Scorekeeper" in browser.get("/")[2].decode()
    assert "Anotador de Canasta" in browser.get("/", **{"Accept-Language": "es"})[2].decode(), "Spanish catalogue"

    form = browser.get("/games/new")[2].decode()
    token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', form).group(1)
    data = {"csrf_token": token, "rules": "bicycle", "first_dealer": "0", "we_name": "Us", "they_name": "Them"}
    for option in profile_options(get_profile("bicycle")):
        data[f"opt_{option.name}"] = ("yes" if option.default else "no") if option.kind == "bool" else str(option.default)
    status, headers, body = browser.post("/games/new", data)
    assert status == 303, body.decode()[:2000]
    scorepad_path = urllib.parse.urlsplit(headers["Location"]).path
    scorepad = browser.get(scorepad_path)[2].decode()
    assert 'id="scoreboard"' in scorepad

    css = re.search(r'href="(/static/css/app\.[0-9a-f]{12}\.css)"', scorepad).group(1)
    status, headers, body = browser.get(css, **{"Accept-Encoding": "br"})
    assert status == 200 and headers["Content-Encoding"] == "br" and "immutable" in headers["Cache-Control"]
    assert b"--tap" in brotli.decompress(body)
    htmx = re.search(r'src="(/static/vendor/htmx\.min\.[0-9a-f]{12}\.js)"', scorepad).group(1)
    assert b"htmx" in browser.get(htmx)[2]

    status, headers, body = browser.get(f"{scorepad_path}/sheet.pdf")
    assert status == 200 and headers["Content-Type"] == "application/pdf" and body.startswith(b"%PDF")


def test_the_wheel_installs_into_a_fresh_venv_and_serves_from_any_folder(tmp_path: Path):
    wheel = build_wheel(tmp_path / "dist")
    venv = tmp_path / "venv"
    # A fresh environment without a pip of its own (ensurepip alone took 10 s), filled by this environment's pip
    # with the wheel and what it depends on, left uncompiled (Python compiles what the server imports as it runs).
    run([sys.executable, "-m", "venv", "--without-pip", venv])
    run([sys.executable, "-m", "pip", "--python", venv / "bin" / "python", "install", "--quiet", "--no-compile", wheel])
    scorekeeper = venv / "bin" / "scorekeeper"

    elsewhere = tmp_path / "somewhere-else"
    elsewhere.mkdir()
    env = {key: value for key, value in os.environ.items() if not key.startswith("SCOREKEEPER_")}
    env.update(PYTHONUNBUFFERED="1", HOME=str(tmp_path / "home"), XDG_DATA_HOME=str(tmp_path / "data-home"))
    process, base, output = serve_wheel(scorekeeper, elsewhere, env)
    try:
        user_data = tmp_path / "data-home" / "scorekeeper"
        assert f"Data folder: {user_data}" in output, output
        play_everything(base)
    finally:
        stop(process)
    assert (user_data / "scorekeeper.sqlite").exists() and (user_data / "secret_key").exists()
    assert list(elsewhere.iterdir()) == []
    site_packages = next((venv / "lib").glob("python3*/site-packages"))
    assert not (site_packages / "instance").exists() and not (site_packages / "scorekeeper" / "instance").exists()

    chosen = tmp_path / "club-data"
    process, base, output = serve_wheel(scorekeeper, elsewhere, env, "--instance", chosen)
    try:
        assert f"Data folder: {chosen}" in output, output
        assert "Canasta Scorekeeper" in Browser(base).get("/")[2].decode()
    finally:
        stop(process)
    assert (chosen / "scorekeeper.sqlite").exists()

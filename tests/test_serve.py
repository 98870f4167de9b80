"""`scorekeeper serve` (what `make run` starts): it answers over HTTP and tells phones where to connect."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from scorekeeper.ops.netinfo import public_urls

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_serving(command: list, cwd, env: dict, seconds: float = 30) -> tuple[subprocess.Popen, str]:
    """Start ``scorekeeper serve``; return the process and what it printed up to "Press Ctrl+C"."""
    process = subprocess.Popen([str(part) for part in command], cwd=cwd, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True)
    lines = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        lines.append(line)
        if "Ctrl+C" in line:
            break
    return process, "".join(lines)


def stop(process: subprocess.Popen) -> None:
    process.terminate()
    process.wait(timeout=10)
    process.stdout.close()


@pytest.mark.slow
def test_serve_prints_the_address_and_a_qr_code_and_answers(tmp_path):
    port = free_port()
    env = {**os.environ, "SCOREKEEPER_DATABASE": str(tmp_path / "served.sqlite"), "PYTHONUNBUFFERED": "1"}
    command = [sys.executable, "-m", "scorekeeper.cli", "serve", "--host", "0.0.0.0", "--port", str(port)]
    process, output = start_serving(command, ROOT, env)
    try:
        assert f":{port}/" in output
        assert str(tmp_path / "served.sqlite") in output
        assert "█" in output and ("▀" in output or "▄" in output), "no QR code drawn"
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as response:
            assert response.status == 200
            assert b"Canasta Scorekeeper" in response.read()
        assert (tmp_path / "served.sqlite").exists()
    finally:
        stop(process)


def test_addresses_shown_for_all_interfaces_are_never_loopback_when_the_machine_has_a_network():
    urls = public_urls("0.0.0.0", 8000)
    assert urls and all(url.endswith(":8000/") for url in urls)
    if urls != ["http://127.0.0.1:8000/"]:
        assert not any("127.0.0.1" in url for url in urls)
    assert public_urls("192.168.1.20", 9000) == ["http://192.168.1.20:9000/"]


def test_the_instance_folder_can_be_chosen_with_an_environment_variable(tmp_path, monkeypatch):
    from scorekeeper import create_app

    chosen = tmp_path / "club data"
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(chosen))
    monkeypatch.delenv("SCOREKEEPER_DATABASE", raising=False)
    app = create_app()
    assert app.instance_path == str(chosen)
    assert app.config["DATABASE"] == str(chosen / "scorekeeper.sqlite")
    assert (chosen / "secret_key").read_text().strip() == app.config["SECRET_KEY"]

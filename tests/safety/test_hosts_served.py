"""The Host check, against a real ``scorekeeper serve`` on addresses of a network namespace of its own.

A laptop at a club often has more than one address (a second Wi-Fi, a hotspot, a USB network): the server must
answer by every address it was told to listen on, and by every address of the machine when it listens on all of
them, while a stranger's name is still refused (tests/safety/test_hosts.py, DNS rebinding). The namespace
(``unshare --net --map-root-user``, as root in CI or as a user with user namespaces) holds addresses that are
neither the host name's nor the default route's, which is where the check used to fail.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _serve_in_namespace(host: str, *addresses: str) -> dict:
    result = subprocess.run(["unshare", "--net", "--map-root-user", sys.executable, "-m",
                             "tests.safety.serve_in_netns", host, *addresses],
                            cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-3000:]
    return json.loads(result.stdout.strip().splitlines()[-1])


@pytest.mark.slow
def test_the_server_answers_the_address_it_was_started_on():
    seen = _serve_in_namespace("10.200.1.1", "10.200.1.1")
    assert "http://10.200.1.1:8000/" in seen["printed"]
    assert seen["statuses"] == {"10.200.1.1": 200, "stranger": 400}


@pytest.mark.slow
def test_listening_on_all_addresses_answers_every_address_of_the_machine():
    seen = _serve_in_namespace("0.0.0.0", "10.200.1.1", "10.200.2.1")
    assert seen["statuses"] == {"10.200.1.1": 200, "10.200.2.1": 200, "stranger": 400}

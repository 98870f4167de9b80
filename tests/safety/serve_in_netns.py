"""Run ``scorekeeper serve`` inside a network namespace of its own and report what each address answers.

Started by ``tests/safety/test_hosts_served.py`` as ``unshare --net --map-root-user python -m
tests.safety.serve_in_netns HOST ADDRESS...``: the namespace gets loopback plus each ADDRESS on it (addresses no
other machine or test can see), the server is started with ``--host HOST``, and each ADDRESS is asked for ``/``
by its own address and once under a stranger's name. One JSON line on stdout: what the server printed and the
status of each request.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _status(url: str, host: str | None = None) -> int:
    request = urllib.request.Request(url, headers={"Host": host} if host else {})
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    try:
        with opener.open(request, timeout=20) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def main(host: str, addresses: list[str]) -> dict:
    subprocess.run(["ip", "link", "set", "lo", "up"], check=True)
    for address in addresses:
        subprocess.run(["ip", "addr", "add", f"{address}/32", "dev", "lo"], check=True)
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "SCOREKEEPER_DATABASE": str(Path(folder) / "served.sqlite"),
               "SCOREKEEPER_BACKUP_INTERVAL": "3600", "PYTHONUNBUFFERED": "1"}
        process = subprocess.Popen([sys.executable, "-m", "scorekeeper.cli", "serve", "--host", host, "--port",
                                    "8000"], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                   text=True)
        try:
            printed = ""
            while "Ctrl+C" not in printed:
                line = process.stdout.readline()
                if not line:
                    return {"printed": printed, "statuses": {}}
                printed += line
            statuses = {address: _status(f"http://{address}:8000/") for address in addresses}
            statuses["stranger"] = _status(f"http://{addresses[0]}:8000/", host="evil.example")
        finally:
            process.terminate()
            process.wait(timeout=30)
            process.stdout.close()
    return {"printed": printed, "statuses": statuses}


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1], sys.argv[2:])))

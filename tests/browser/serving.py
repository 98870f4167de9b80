"""A live server for a whole test module, for the browser tests whose tests each start from a game of their own
and write nothing another test reads (tests/conftest.py's ``live_server`` is one per test)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

from scorekeeper import create_app
from tests.conftest import LiveServer, stop_server


def serve(folder: Path) -> Iterator[LiveServer]:
    """The real app on a fresh SQLite file in ``folder``, served by waitress on a free port with CSRF protection
    on, as conftest's ``live_server``; it stops when the fixture that yields from it ends."""
    from waitress.server import create_server

    app = create_app({"DATABASE": str(folder / "live.sqlite"), "SECRET_KEY": "live-test"})
    server = create_server(app, host="127.0.0.1", port=0, threads=4)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    yield LiveServer(app, server, thread)
    stop_server(server, thread)

"""The database away is trouble, not a crash (issue 29, "Done when"): ``scorekeeper serve --workers 2`` on PostgreSQL
with 20 phones saving, while the test stops PostgreSQL for 10 s, then freezes it (SIGSTOP) for 20 s.

Throughout: no answer is a 500; every save the server refuses is a 503 with ``Retry-After``, and is answered within
the 8 s a phone gives a save (static/js/offline.js, ``SAVE_TIMEOUT_MS``); every deal a phone was told was saved is
in the database exactly once (a phone sends a refused or unanswered entry again under the same key, as
offline.js does); static files and the home page keep answering; each worker's log says each outage once, with no
traceback. A server of the test's own (tests/pgcluster.py), so the session's server is never stopped under
another test."""

from __future__ import annotations

import http.client
import re
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid

import pytest

from bench.scorepad import DEAL, start_game
from scorekeeper.db import connect
from tests.pgcluster import Cluster
from tests.recording import Phone
from tests.workers.serving import serving

pytestmark = [pytest.mark.slow, pytest.mark.postgres]

PHONES = 20
SAVE_TIMEOUT = 8.0  # seconds a phone gives a save (offline.js)
VERSION = re.compile(r'name="version"[^>]*value="(\d+)"')


class Answers:
    """Every answer the phones and the prober got: (what, status, seconds, has Retry-After)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.seen: list[tuple[str, int, float, bool]] = []
        self.acknowledged: list[tuple[str, str]] = []

    def note(self, what: str, status: int, seconds: float, retry_after: bool) -> None:
        with self.lock:
            self.seen.append((what, status, seconds, retry_after))


def _call(phone: Phone, path: str, data=None, headers=None) -> tuple[int, str, dict]:
    """(status, text, headers); status 0 when no answer came within a phone's time."""
    body = urllib.parse.urlencode(data).encode() if data is not None else None
    request = urllib.request.Request(phone.base + path, data=body, headers=headers or {})
    try:
        with phone.opener.open(request, timeout=SAVE_TIMEOUT) as response:
            return response.status, response.read().decode(), dict(response.headers)
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode(), dict(error.headers)
    except (OSError, http.client.HTTPException):
        return 0, "", {}


def phone_saves(base: str, answers: Answers, ready: threading.Barrier, done: threading.Event) -> None:
    """A table: a game of its own, opened before the trouble; then a deal after another, each under its own key,
    sent again a second later until the server says it is saved."""
    phone = Phone(base)
    game = start_game(phone)
    status, html, _ = _call(phone, game)
    assert status == 200, status
    token = re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)
    version = VERSION.search(html).group(1)
    ready.wait()
    while not done.is_set():
        key = uuid.uuid4().hex
        while True:
            form = {**DEAL, "csrf_token": token, "version": version, "board_version": version, "client_key": key}
            started = time.monotonic()
            status, html, headers = _call(phone, f"{game}/deals", form, {"HX-Request": "true", "X-CSRFToken": token})
            answers.note("save", status, time.monotonic() - started, "Retry-After" in headers)
            if status == 200:
                break
            time.sleep(1.0)  # kept on the phone, sent again
        with answers.lock:
            answers.acknowledged.append((game, key))
        version = VERSION.search(html).group(1)
        time.sleep(1.0)  # the next deal a second later: 20 saves a second from the room, a busy club's evening many times over


def prober(base: str, answers: Answers, done: threading.Event) -> None:
    """A static file and the home page, asked for every half second."""
    phone = Phone(base)
    while not done.is_set():
        for what, path in (("static", "/static/css/app.css"), ("home", "/")):
            started = time.monotonic()
            status, _, headers = _call(phone, path)
            answers.note(what, status, time.monotonic() - started, "Retry-After" in headers)
        time.sleep(0.5)


def _drain(process, lines: list[str]) -> threading.Thread:
    """The server's output, read as it comes (a full pipe would stop the server)."""
    def read():
        for line in process.stdout:
            lines.append(line)

    thread = threading.Thread(target=read, daemon=True)
    thread.start()
    return thread


def test_the_database_stopped_then_frozen_under_twenty_phones(tmp_path):
    cluster = Cluster()
    try:
        url = cluster.database()
        answers, done, log = Answers(), threading.Event(), []
        with serving(tmp_path / "club", workers=2, database=url) as (master, base, _workers):
            _drain(master, log)
            ready = threading.Barrier(PHONES + 1)
            phones = [threading.Thread(target=phone_saves, args=(base, answers, ready, done), daemon=True)
                      for _ in range(PHONES)]
            for phone in phones:
                phone.start()
            ready.wait(timeout=120)
            probe = threading.Thread(target=prober, args=(base, answers, done), daemon=True)
            probe.start()
            time.sleep(3)
            marks = {"stopped": len(answers.seen)}
            cluster.stop_server()
            time.sleep(10)
            cluster.start_server()
            time.sleep(6)
            marks["frozen"] = len(answers.seen)
            cluster.freeze()
            time.sleep(20)
            cluster.thaw()
            time.sleep(8)
            done.set()
            for thread in [*phones, probe]:
                thread.join(timeout=60)
            assert not any(thread.is_alive() for thread in [*phones, probe])
        problems, facts = _problems(answers, marks, url, "".join(log))
        assert problems == [], "\n".join(problems + facts)
    finally:
        cluster.stop()


def _problems(answers: Answers, marks: dict, url: str, log: str) -> tuple[list[str], list[str]]:
    """Everything the run got wrong, each in a line (all of them, not only the first), and what it measured."""
    seen, problems = answers.seen, []
    counts: dict = {}
    for what, status, _seconds, _retry in seen:
        counts[(what, status)] = counts.get((what, status), 0) + 1
    slowest = max((seconds for _w, status, seconds, _r in seen if status), default=0)
    said = [line.strip()[-160:] for line in log.splitlines() if "The database" in line]
    facts = [f"answers (what, status): count = {counts}", f"slowest answer: {slowest:.1f} s", *said]
    errors = [status for _what, status, _s, _r in seen if status >= 500 and status != 503]
    if errors:
        problems.append(f"{len(errors)} answers were server errors other than 503")
    refused = [(status, retry) for what, status, _s, retry in seen if what == "save" and status not in (0, 200)]
    wrong = [status for status, retry in refused if status != 503 or not retry]
    if wrong:
        problems.append(f"{len(wrong)} refused saves were not a 503 with Retry-After: {sorted(set(wrong))}")
    late = [what for what, status, _s, _r in seen if status == 0]
    if late:
        problems.append(f"{len(late)} requests got no answer within {SAVE_TIMEOUT} s: "
                        f"{ {what: late.count(what) for what in set(late)} }")
    if not any(status == 503 for _w, status, _s, _r in seen[marks["stopped"]:marks["frozen"]]):
        problems.append("no save was refused while the database was stopped")
    if not any(status == 503 for _w, status, _s, _r in seen[marks["frozen"]:]):
        problems.append("no save was refused while the database was frozen")
    unanswered = [(what, status) for what, status, _s, _r in seen if what in ("static", "home") and status != 200]
    if unanswered:
        problems.append(f"the static file or the home page failed {len(unanswered)} times: {sorted(set(unanswered))}")
    db = connect(url)
    try:
        rows = db.execute("SELECT g.link, d.client_key FROM deals d JOIN games g ON g.id = d.game_id").fetchall()
    finally:
        db.close()
    stored = sorted((f"/games/{link}", key) for link, key in rows)
    acknowledged = sorted(answers.acknowledged)
    if stored != acknowledged:
        missing = len(set(acknowledged) - set(stored))
        problems.append(f"{missing} acknowledged deals are missing; {len(stored) - len(set(stored))} stored twice")
    if "Traceback" in log:
        problems.append(f"the log holds {log.count('Traceback')} tracebacks")
    if log.count("The database cannot be used") > 2 * 2:  # two workers, two outages
        problems.append(f"the log said the database was away {log.count('The database cannot be used')} times")
    return problems, facts

"""Across two workers (``scorekeeper serve --workers 2``), what guards the tournaments holds whichever process
answers: a director's sign-in and the count of wrong table codes live in the database, not in one process's
memory (issue 22, done when)."""

from __future__ import annotations

import urllib.request

import pytest

from scorekeeper.db import connect
from scorekeeper.stores.tournaments import access
from tests.recording import Phone, started_id
from tests.tournaments.conftest import PASSWORD, tournament_form
from tests.tournaments.test_guessing import wrong_code
from tests.workers.serving import serving

pytestmark = pytest.mark.slow


def cpu_ticks(pid: int) -> int:
    """User plus system CPU time of a process in clock ticks (Linux /proc)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def cookie_of(phone: Phone) -> str:
    jar = next(h.cookiejar for h in phone.opener.handlers if isinstance(h, urllib.request.HTTPCookieProcessor))
    return next(cookie.value for cookie in jar if cookie.name == "session")


def started_tournament(base: str) -> tuple[Phone, str, str]:
    """A tournament created and started over HTTP: (its director's phone, its address, the CSRF token)."""
    director = Phone(base)
    token = director.token("/tournaments/new")
    status, _, headers = director.call("/tournaments/new", {**tournament_form(), "csrf_token": token})
    assert status == 303, status
    tid = headers["Location"]  # /tournaments/<link>
    for name in ("Ann", "Ben", "Cy", "Di"):
        assert director.call(f"{tid}/entries", {"player1": name, "csrf_token": token})[0] == 303
    assert director.call(f"{tid}/rounds", {"csrf_token": token})[0] == 303
    return director, tid, token


def answered_by_both(workers: list[int], before: dict[int, int]) -> bool:
    return all(cpu_ticks(pid) > before[pid] for pid in workers)


def test_a_copied_sign_in_is_dead_in_every_worker_after_sign_out(tmp_path, database):
    with serving(tmp_path / "club", workers=2, database=database) as (_, base, workers):
        director, tid, token = started_tournament(base)
        cookie = {"Cookie": f"session={cookie_of(director)}"}
        thief = Phone(base)
        assert all(thief.call(f"{tid}/log", headers=cookie)[0] == 200 for _ in range(10))
        assert director.call(f"{tid}/logout", {"csrf_token": token})[0] == 303
        before = {pid: cpu_ticks(pid) for pid in workers}
        answers = [thief.call(f"{tid}/log", headers=cookie) for _ in range(30)]
        assert answered_by_both(workers, before)  # each request on a new connection: both processes answered
        assert all(status == 303 and "/login" in headers["Location"] for status, _, headers in answers)
        assert director.call(f"{tid}/login", {"password": PASSWORD, "name": "Rosa",
                                                         "csrf_token": token})[0] == 303  # signs in again


def test_wrong_table_codes_stay_within_the_limit_whichever_worker_answers(tmp_path, database):
    with serving(tmp_path / "club", workers=2, database=database) as (_, base, workers):
        _, tid, _ = started_tournament(base)
        db = connect(database)
        right = access.table_code(db, started_id(db, tid), 1)
        db.close()
        guesser = Phone(base)
        before = {pid: cpu_ticks(pid) for pid in workers}
        statuses = [guesser.call(f"/tournaments/join?table=1&code={wrong_code(right, n)}")[0] for n in range(40)]
        assert answered_by_both(workers, before)
        assert set(statuses) <= {404, 429}
        assert statuses.count(404) == access.CODE_GUESSES_PER_CLIENT  # 10 looked at, from one address
        assert guesser.call(f"/tournaments/join?table=1&code={right}")[0] in (303, 429)

"""Several server processes starting at the same moment on a fresh data folder (``scorekeeper serve --workers N``
forks them; a second machine may start beside the first): none may fail on the migration ("database is
locked") or die, and every one must end with the same secret key, else a session signed by one worker is
refused by the next (issue 22)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from scorekeeper.db import connect
from scorekeeper.migrations import migrations

ROOT = Path(__file__).resolve().parents[2]

#: One process: wait for the agreed moment, build the app (migration and secret key), print the key.
START = """
import sys, time
time.sleep(max(0.0, float(sys.argv[1]) - time.time()))
from scorekeeper import create_app
print(create_app().config["SECRET_KEY"], flush=True)
"""


def start_together(instance: Path, count: int, url: str | None = None) -> list[subprocess.CompletedProcess]:
    env = {key: value for key, value in os.environ.items() if not key.startswith("SCOREKEEPER_")}
    env["SCOREKEEPER_INSTANCE"] = str(instance)
    if url:
        env["SCOREKEEPER_DATABASE_URL"] = url
    moment = time.time() + 2.5  # every interpreter has imported Flask by then
    processes = [subprocess.Popen([sys.executable, "-c", START, str(moment)], cwd=ROOT, env=env, text=True,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE) for _ in range(count)]
    return [subprocess.CompletedProcess(p.args, p.wait(timeout=60), *p.communicate()) for p in processes]


@pytest.mark.slow
@pytest.mark.parametrize("attempt", range(3))
def test_processes_starting_together_on_a_fresh_folder_all_start_with_one_secret_key(tmp_path, attempt):
    instance = tmp_path / "fresh"
    done = start_together(instance, 4)
    failed = [(d.returncode, d.stderr[-400:]) for d in done if d.returncode != 0]
    assert not failed, failed
    keys = {d.stdout.strip() for d in done}
    assert len(keys) == 1 and len(keys.pop()) == 64
    assert (instance / "secret_key").read_text().strip() == done[0].stdout.strip()
    assert oct((instance / "secret_key").stat().st_mode & 0o777) == "0o600"


@pytest.mark.slow
def test_processes_starting_together_on_an_empty_postgresql_database_migrate_it_once(tmp_path, pg_cluster):
    """On PostgreSQL the processes take turns through an advisory lock: one makes the schema, the others find
    nothing pending; each migration is recorded once."""
    url = pg_cluster.database()  # empty: no template
    try:
        done = start_together(tmp_path / "fresh", 4, url)
        failed = [(d.returncode, d.stderr[-400:]) for d in done if d.returncode != 0]
        assert not failed, failed
        assert len({d.stdout.strip() for d in done}) == 1
        db = connect(url)
        applied = [row[0] for row in db.execute("SELECT name FROM _scorekeeper_migrations").fetchall()]
        assert sorted(applied) == sorted(step.name for step in migrations.steps)
        assert db.execute("SELECT COUNT(*) FROM bin_clock").fetchone()[0] == 1  # the one-row table filled once
        db.close()
    finally:
        pg_cluster.drop(url)

"""Heavy work off the save path: a sheet rendered once per game version and paper, one render at a time, and
a documented maximum number of deals per game."""

from __future__ import annotations

import threading
import time
from contextlib import contextmanager

import pytest

from scorekeeper.stores.games import game_version, list_deals
from scorekeeper.stores.deals import MAX_DEALS
from scorekeeper.stores.errors import TooManyDeals
from scorekeeper.sheets.cache import render_lock, sheet_cache

from ..web.scorepad_helpers import start_game, totals_form
from .helpers import add, new_game, quiet_deal
from tests.recording import game_path


@pytest.fixture(autouse=True)
def empty_cache():
    sheet_cache.clear()
    yield
    sheet_cache.clear()


def test_a_sheet_is_rendered_once_per_version_and_paper(client, db):
    game = new_game(db)
    add(db, game)
    first = client.get(f"{game_path(client, game)}/sheet.pdf")
    again = client.get(f"{game_path(client, game)}/sheet.pdf")
    assert first.status_code == again.status_code == 200
    assert first.data == again.data and first.data.startswith(b"%PDF")
    assert sheet_cache.renders == 1
    client.get(f"{game_path(client, game)}/sheet.pdf?paper=letter")
    assert sheet_cache.renders == 2
    add(db, game)  # a new version: a new sheet
    newer = client.get(f"{game_path(client, game)}/sheet.pdf")
    assert sheet_cache.renders == 3 and newer.data != first.data


@contextmanager
def _render_running():
    """Another thread holds the render lock, as a long render does."""
    holding, release = threading.Event(), threading.Event()

    def hold():
        with render_lock:
            holding.set()
            release.wait(60)

    holder = threading.Thread(target=hold)
    holder.start()
    holding.wait(10)
    try:
        yield
    finally:
        release.set()
        holder.join(10)


@pytest.mark.slow
def test_renders_run_one_at_a_time_and_a_third_asker_is_told_to_come_back(client, db):
    """One render runs, one request may wait for it; more are answered at once (they would hold the server's
    threads, and a table's save would queue behind them)."""
    first, second = new_game(db), new_game(db)
    done = threading.Event()

    def ask():
        assert client.get(f"{game_path(client, first)}/sheet.pdf").status_code == 200
        done.set()

    with _render_running():
        asker = threading.Thread(target=ask)
        asker.start()
        time.sleep(1.0)
        assert not done.is_set(), "a sheet was rendered while another render was running"
        started = time.perf_counter()
        busy = client.get(f"{game_path(client, second)}/sheet.pdf")
        assert time.perf_counter() - started < 5
        assert busy.status_code == 503 and busy.headers["Retry-After"]
        assert "ask for this one again" in busy.get_data(as_text=True)
        blank = client.get("/sheets/blank.pdf?rules=bicycle")  # every kind of sheet goes through the same gate
        assert blank.status_code == 503
    asker.join(timeout=60)
    assert done.is_set()
    assert client.get(f"{game_path(client, second)}/sheet.pdf").status_code == 200


def test_a_game_holds_at_most_the_documented_number_of_deals(client, db):
    game = start_game(client)
    for n in range(MAX_DEALS):
        add(db, game, quiet_deal(n))
    with pytest.raises(TooManyDeals):
        add(db, game)
    version = game_version(db, game)
    answer = client.post(f"{game_path(client, game)}/deals", data=totals_form(version))
    assert answer.status_code == 409
    assert f"{MAX_DEALS} deals" in answer.get_data(as_text=True)
    assert len(list_deals(db, game)) == MAX_DEALS


def test_the_readme_documents_the_limit():
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    assert f"at most {MAX_DEALS} deals" in readme


#: Another worker process of the same server holding the render gate: it takes the gate for the database and
#: says so, then holds it until its stdin closes.
OTHER_WORKER = """
import sys
from scorekeeper.sheets.cache import rendering
with rendering(sys.argv[1]):
    print("rendering", flush=True)
    sys.stdin.read()
"""


@contextmanager
def _render_in_another_process(database: str):
    import subprocess
    import sys

    other = subprocess.Popen([sys.executable, "-c", OTHER_WORKER, database], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    try:
        assert other.stdout.readline().strip() == "rendering"
        yield
    finally:
        other.stdin.close()
        other.wait(timeout=30)
        other.stdout.close()


@pytest.mark.slow
def test_a_render_in_another_worker_process_holds_this_ones_and_a_third_is_told_to_come_back(client, db, no_csrf_app):
    """``serve --workers 2``: the gate holds across processes, so two workers never render side by side and the
    saves keep a core (issue 22)."""
    first, second = new_game(db), new_game(db)
    done = threading.Event()

    def ask():
        assert client.get(f"{game_path(client, first)}/sheet.pdf").status_code == 200
        done.set()

    with _render_in_another_process(no_csrf_app.config["DATABASE"]):
        asker = threading.Thread(target=ask)
        asker.start()
        time.sleep(1.5)
        assert not done.is_set(), "a sheet was rendered while another process was rendering"
        busy = client.get(f"{game_path(client, second)}/sheet.pdf")
        assert busy.status_code == 503 and busy.headers["Retry-After"]
    asker.join(timeout=60)
    assert done.is_set()


def test_a_sheet_rendered_by_one_worker_process_is_served_by_the_next_without_a_render(client, db, no_csrf_app):
    game = new_game(db)
    add(db, game)
    first = client.get(f"{game_path(client, game)}/sheet.pdf")
    assert sheet_cache.renders == 1
    sheet_cache.clear()  # as the other worker's memory: empty
    again = client.get(f"{game_path(client, game)}/sheet.pdf")
    assert again.data == first.data and sheet_cache.renders == 0
    add(db, game)  # a new version: a new sheet
    assert client.get(f"{game_path(client, game)}/sheet.pdf").data != first.data and sheet_cache.renders == 1

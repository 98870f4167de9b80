"""A bin instead of oblivion: a deleted game can be restored, with every deal, for 30 days."""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone

import pytest

from scorekeeper.stores import bin as game_bin
from scorekeeper.stores.changes import list_changes
from scorekeeper.stores.deals import add_deal
from scorekeeper.stores.errors import GameLocked, GameNotFound
from scorekeeper.stores.games import delete_game, game_version, get_game, list_games
from scorekeeper.stores.summary import game_summary

from ..web.scorepad_helpers import start_game, totals_form
from scorekeeper.stores import devices
from .helpers import add, new_game, quiet_deal
from tests.recording import game_path, tournament_path


PHONE = "a-phone-that-opened-the-game"


def test_a_deleted_game_goes_to_the_bin_and_comes_back_whole(db):
    game = new_game(db)
    devices.remember(db, PHONE, "game", game)
    for n in range(3):
        add(db, game, quiet_deal(n))
    before = game_summary(db, game)
    delete_game(db, game, expected_version=game_version(db, game))
    assert get_game(db, game) is None
    assert game not in [g.id for g in list_games(db)]
    binned = game_bin.binned_games(db, PHONE)
    assert [g["id"] for g in binned] == [game]
    assert binned[0]["deal_count"] == 3 and binned[0]["days_left"] == 30
    game_bin.restore_game(db, game)
    after = game_summary(db, game)
    assert after.totals == before.totals and len(after.rows) == 3
    assert game_bin.binned_games(db, PHONE) == []
    assert [c.action for c in list_changes(db, game)][-2:] == ["delete_game", "restore_game"]


def test_a_game_in_the_bin_takes_no_deals(db):
    game = new_game(db)
    delete_game(db, game)
    with pytest.raises(GameNotFound):
        add_deal(db, game, quiet_deal(), mode="totals", expected_version=2)


def test_a_game_emptied_from_the_bin_is_gone_for_good(db):
    game = new_game(db)
    devices.remember(db, PHONE, "game", game)  # a phone's list names it: emptying the bin forgets it there too
    add(db, game)
    delete_game(db, game)
    game_bin.purge(db, [game])
    assert game_bin.binned_games(db, PHONE) == []
    assert db.execute("SELECT COUNT(*) FROM deals WHERE game_id = ?", [game]).fetchone()[0] == 0
    with pytest.raises(GameNotFound):
        game_bin.restore_game(db, game)
    assert [c.action for c in list_changes(db, game)][-1] == "purge_game"


def test_delete_restore_through_the_pages(client, db):
    game = start_game(client)
    client.post(f"{game_path(client, game)}/deals", data=totals_form(1))
    confirm = client.get(f"{game_path(client, game)}/delete").get_data(as_text=True)
    assert "bin" in confirm and "30 days" in confirm
    assert client.post(f"{game_path(client, game)}/delete", data={"version": "2"}).status_code == 303
    assert client.get(game_path(client, game)).status_code == 404
    assert "Bin" in client.get("/games/").get_data(as_text=True)
    page = client.get("/games/bin").get_data(as_text=True)
    assert "Us v Them" in page and "Restore" in page and "30 days" in page
    restored = client.post(f"{game_path(client, game)}/restore")
    assert restored.status_code == 303 and restored.headers["Location"].endswith(game_path(client, game))
    shown = client.get(game_path(client, game)).get_data(as_text=True)
    assert 'data-deal="1"' in shown
    assert client.post(f"{game_path(client, game)}/restore").status_code == 404


def test_a_tournament_tables_game_cannot_be_deleted(no_csrf_app, db):
    from ..tournaments.conftest import create_tournament, enter, tables_of

    director = no_csrf_app.test_client()
    tid = create_tournament(director)
    for name in ("Ann", "Bob", "Cy", "Di"):
        enter(director, tid, name)
    director.post(f"{tournament_path(director, tid)}/rounds")
    table = tables_of(no_csrf_app, tid, 1)[0]
    with pytest.raises(GameLocked):
        delete_game(db, table.game_id)
    response = director.post(f"{game_path(director, table.game_id)}/delete", data={})
    assert response.status_code == 303
    assert get_game(db, table.game_id) is not None


# --------------------------------------------------------------------------------------
# A clock that jumps (issue 19): the bin empties by the time the server saw pass
# --------------------------------------------------------------------------------------


class Clocks:
    """The wall clock (``clock.now``) and the server's monotonic clock, moved by the test."""

    def __init__(self, monkeypatch):
        self.wall = datetime.now(timezone.utc)
        self.running = 1000.0
        monkeypatch.setattr("scorekeeper.clock.now", lambda: self.wall)
        monkeypatch.setattr(game_bin, "_monotonic", lambda: self.running, raising=False)

    def run(self, **duration) -> None:
        """The server runs for ``duration``: both clocks move on together."""
        self.wall += timedelta(**duration)
        self.running += timedelta(**duration).total_seconds()

    def jump(self, **duration) -> None:
        """The wall clock alone is set forward (or back): a wrong clock corrected, a dead battery."""
        self.wall += timedelta(**duration)

    def restart(self, **off) -> None:
        """The server stops, the laptop is off for ``off``, the server starts again (a new process)."""
        self.wall += timedelta(**off)
        self.running = 50.0
        game_bin.forget_this_process()


def _binned(client) -> str:
    page = client.get("/games/bin")
    assert page.status_code == 200
    return page.get_data(as_text=True)


def _days_left(client) -> list[int]:
    """The days left of each game the bin page lists."""
    return [int(n) for n in re.findall(r"\b(\d+) days? left", _binned(client))]


def test_a_clock_jump_forward_does_not_empty_the_bin(client, db, monkeypatch):
    clocks = Clocks(monkeypatch)
    game = new_game(db)
    assert client.get(game_path(client, game)).status_code == 200  # in this phone's list, so in its bin
    add(db, game)
    delete_game(db, game)
    assert "Ann &amp; Bob" in _binned(client)
    clocks.run(hours=2)
    clocks.jump(days=400)
    assert _days_left(client) == [30]
    assert db.execute("SELECT COUNT(*) FROM deals WHERE game_id = ?", [game]).fetchone()[0] == 1
    game_bin.restore_game(db, game)
    assert get_game(db, game) is not None


def test_the_bin_empties_after_30_days_the_server_saw_pass(client, db, monkeypatch):
    clocks = Clocks(monkeypatch)
    game = new_game(db)
    assert client.get(game_path(client, game)).status_code == 200  # in this phone's list, so in its bin
    delete_game(db, game)
    _binned(client)
    clocks.run(days=29, hours=23)
    assert _days_left(client) == [1] and get_game_row(db, game)
    clocks.run(hours=2)
    assert "Ann &amp; Bob" not in _binned(client) and not get_game_row(db, game)


def test_days_off_count_up_to_a_week_at_each_start(client, db, monkeypatch):
    """A laptop switched off between club evenings: the days it was off count (up to a week at each start, as a
    clock set wrong while it was off cannot be told from a long week), so a weekly club's bin still empties."""
    clocks = Clocks(monkeypatch)
    game = new_game(db)
    assert client.get(game_path(client, game)).status_code == 200  # in this phone's list, so in its bin
    delete_game(db, game)
    _binned(client)
    clocks.restart(days=6)
    assert _days_left(client) == [24]
    clocks.restart(days=400)  # off for a long time, or a clock set a year ahead while it was off
    assert _days_left(client) == [17]
    for _ in range(2):
        clocks.restart(days=7)
        _binned(client)
    clocks.restart(days=4)
    assert "Ann &amp; Bob" not in _binned(client) and not get_game_row(db, game)


def test_a_clock_moved_back_does_not_keep_the_bin_forever_or_empty_it(client, db, monkeypatch):
    clocks = Clocks(monkeypatch)
    game = new_game(db)
    assert client.get(game_path(client, game)).status_code == 200  # in this phone's list, so in its bin
    delete_game(db, game)
    _binned(client)
    clocks.jump(days=-200)
    clocks.run(days=10)
    assert _days_left(client) == [20]
    clocks.jump(days=200)  # set right again
    clocks.run(days=10)
    assert _days_left(client) == [10]


def get_game_row(db, game_id: int):
    return db.execute("SELECT id FROM games WHERE id = ?", [game_id]).fetchone()

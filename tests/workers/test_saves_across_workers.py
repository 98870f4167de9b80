"""``scorekeeper serve --workers 2`` on SQLite and on PostgreSQL: 20 phones saving at once through two processes leave every deal
exactly once, with totals that follow from the deals, also when one worker is killed mid-run (issue 22, done
when)."""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import threading
import time
import uuid

import pytest

from bench.scorepad import DEAL, start_game
from scorekeeper import create_app
from scorekeeper.db import connect
from scorekeeper.stores.games import get_game, list_deals
from scorekeeper.scorepad.summary import summarise
from tests.recording import Phone, started_id
from tests.workers.serving import serving

pytestmark = pytest.mark.slow

PHONES, DEALS = 20, 10
VERSION = re.compile(r'name="version"[^>]*value="(\d+)"')


def phone_saves(base: str, acknowledged: list, games: list, saved_one: threading.Event) -> None:
    """One table: a game of its own and DEALS saves, each under its own key, sent again until answered."""
    phone = Phone(base)
    while True:
        try:
            game = start_game(phone)  # its address, /games/<link>
            status, html, _ = phone.call(game)
            break
        except (OSError, http.client.HTTPException):
            continue  # the worker that had the connection was killed: as a phone, try again
    games.append(game)
    token = re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)
    version = VERSION.search(html).group(1)
    for _ in range(DEALS):
        key = uuid.uuid4().hex
        while True:
            form = {**DEAL, "csrf_token": token, "version": version, "board_version": version, "client_key": key}
            try:
                status, html, _ = phone.call(f"{game}/deals", form,
                                             {"HX-Request": "true", "X-CSRFToken": token})
            except (OSError, http.client.HTTPException):
                continue  # no answer: the phone keeps the entry and sends it again under the same key
            if status == 503:  # nothing saved, the database busy past its wait (a loaded machine): as offline.js
                time.sleep(0.5)  # does, the phone keeps the entry and sends it again under the same key
                continue
            assert status == 200, (status, html[:300])
            break
        acknowledged.append((game, key))
        saved_one.set()
        version = VERSION.search(html).group(1)


@pytest.mark.parametrize("kill_one", [False, True], ids=["both-alive", "one-killed"])
def test_twenty_phones_through_two_workers_leave_every_deal_once(tmp_path, kill_one, database):
    acknowledged, games, saved_one = [], [], threading.Event()
    with serving(tmp_path / "club", workers=2, database=database) as (master, base, workers):
        phones = [threading.Thread(target=phone_saves, args=(base, acknowledged, games, saved_one))
                  for _ in range(PHONES)]
        for phone in phones:
            phone.start()
        if kill_one:
            while len(acknowledged) < PHONES * DEALS // 3:
                saved_one.wait(30)
                saved_one.clear()
            os.kill(workers[0], signal.SIGKILL)
        for phone in phones:
            phone.join(timeout=240)
        assert not any(phone.is_alive() for phone in phones)
        exported = {game: json.loads(Phone(base).call(f"{game}/export.json")[1]) for game in games}
    assert len(acknowledged) == PHONES * DEALS and len(games) == PHONES
    db = connect(database)
    ids = {game: started_id(db, game) for game in games}
    acknowledged = [(ids[game], key) for game, key in acknowledged]
    rows = db.execute("SELECT game_id, client_key FROM deals").fetchall()
    assert len(rows) == PHONES * DEALS
    assert sorted(tuple(row) for row in rows) == sorted(acknowledged)  # every acknowledged deal, none twice
    with create_app({"DATABASE": database}).app_context():
        for game, game_id in ids.items():
            recomputed = summarise(get_game(db, game_id), list_deals(db, game_id))
            assert exported[game]["game"]["totals"] == dict(recomputed.totals)
            assert len(recomputed.rows) == DEALS

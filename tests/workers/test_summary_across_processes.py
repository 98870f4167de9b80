"""A worker's cache of game summaries never serves totals another worker has overtaken: the key names the game's
version, which every committed change moves on, and an entry is only filled after its change is committed
(stores/summary.py). Checked with a real second process changing the game (issue 22)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.stores.games import game_version, get_game, list_deals
from scorekeeper.scorepad.summary import summarise
from scorekeeper.stores.summary import game_summary, summary_cache

from tests.safety.helpers import add, new_game

ROOT = Path(__file__).resolve().parents[2]

#: Another worker process: corrects the first deal, or saves one more, through the stores.
OTHER_WORKER = """
import json, sys
from scorekeeper import create_app
from scorekeeper.db import connect
from scorekeeper.stores.deals import add_deal, update_deal
from scorekeeper.stores.games import game_version, list_deals
path, game_id, what = sys.argv[1], int(sys.argv[2]), sys.argv[3]
with create_app({"DATABASE": path, "SECRET_KEY": "t"}).app_context():
    db = connect(path)
    sides = {"we": {"meld_points": 400, "hand_points": 0}, "they": {"meld_points": 5, "hand_points": 90}}
    version = game_version(db, game_id)
    if what == "correct":
        first = list_deals(db, game_id)[0]
        update_deal(db, game_id, first.id, sides, mode="totals", expected_version=version)
    else:
        add_deal(db, game_id, sides, mode="totals", expected_version=version)
"""


def in_other_process(path: str, game_id: int, what: str) -> None:
    subprocess.run([sys.executable, "-c", OTHER_WORKER, path, str(game_id), what], cwd=ROOT, check=True,
                   timeout=60)


@pytest.mark.slow
def test_a_change_made_by_another_process_is_never_hidden_by_this_process_cache(no_csrf_app, db):
    path = no_csrf_app.config["DATABASE"]
    with no_csrf_app.app_context():
        game = new_game(db)
        for _ in range(3):
            add(db, game)
        summary_cache.clear()
        before = game_summary(db, game)
        assert game_summary(db, game) is before  # cached in this process
        for what in ("correct", "add"):
            in_other_process(path, game, what)
            now = game_summary(db, game)
            fresh = summarise(get_game(db, game), list_deals(db, game))
            assert now.version == game_version(db, game) == fresh.version
            assert dict(now.totals) == dict(fresh.totals) != dict(before.totals)
            assert [json.dumps(row.sides, default=str) for row in now.rows] == \
                   [json.dumps(row.sides, default=str) for row in fresh.rows]
            before = now

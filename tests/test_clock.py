"""The one clock: every store writes its stamps from ``clock.now()``."""

from datetime import datetime, timezone

from scorekeeper import clock
from scorekeeper.stores.games import create_game, get_game


def test_now_is_an_aware_utc_datetime():
    moment = clock.now()
    assert isinstance(moment, datetime)
    assert moment.utcoffset().total_seconds() == 0


def test_stamp_and_parse_round_trip():
    moment = datetime(2026, 11, 23, 6, 30, 5, tzinfo=timezone.utc)
    assert clock.stamp(moment) == "2026-11-23T06:30:05+00:00"
    assert clock.parse(clock.stamp(moment)) == moment
    assert clock.parse("") is None


def test_the_game_store_stamps_with_the_shared_clock(db, monkeypatch):
    moment = datetime(2030, 1, 2, 3, 4, 5, tzinfo=timezone.utc)
    monkeypatch.setattr(clock, "now", lambda: moment)
    game_id = create_game(db, rules="bicycle", options={}, sides=[
        {"key": "we", "name": "We", "players": ["Ann", "Bob"]},
        {"key": "they", "name": "They", "players": ["Cy", "Di"]}])
    assert get_game(db, game_id).created_at == "2030-01-02T03:04:05+00:00"

"""The store: games, deals and changes; totals computed from the deals; optimistic concurrency."""

from __future__ import annotations

import pytest

from scorekeeper.stores import changes, deals, errors, games
from scorekeeper.scorepad import rows as seats
from scorekeeper.scorepad import summary as scorepad
from scorekeeper.stores import summary as summaries
from scorekeeper.web.wording import side_words
from scorekeeper.rules import ImpossibleDeal

SIDES = [
    {"key": "we", "name": "We", "players": ["Ann", "Cy"]},
    {"key": "they", "name": "They", "players": ["Bo", "Di"]},
]


def totals_deal(we_melded=100, they_melded=50, we_out=True, we_natural=1, they_hand=0):
    return {
        "we": {"meld_points": we_melded, "canastas": {"natural": we_natural} if we_natural else {}, "hand_points": 0,
               "red_threes": 0, "went_out": we_out, "concealed": False, "penalties": []},
        "they": {"meld_points": they_melded, "canastas": {}, "hand_points": they_hand, "red_threes": 0,
                 "went_out": False, "concealed": False, "penalties": []},
    }


@pytest.fixture
def game_id(db):
    return games.create_game(db, rules="bicycle", options={"target": 1500}, sides=SIDES, first_dealer=1)


def test_create_and_get_game(db, game_id):
    game = games.get_game(db, game_id)
    assert game.rules == "bicycle"
    assert game.options == {"target": 1500}
    assert game.sides[0].players == ("Ann", "Cy")
    assert game.version == 1 and game.locked is False
    assert games.get_game_by_code(db, game.code).id == game_id
    assert games.get_game(db, 999) is None


def test_seating_is_clockwise_with_partners_opposite(db, game_id):
    game = games.get_game(db, game_id)
    assert [s["name"] for s in seats.seating(game)] == ["Ann", "Bo", "Cy", "Di"]
    # first_dealer=1: Bo deals first, then the deal passes clockwise and wraps round
    assert [seats.dealer_name(game, i) for i in range(5)] == ["Bo", "Cy", "Di", "Ann", "Bo"]


def test_add_deal_stores_the_sides_as_entered_and_totals_are_computed(db, game_id):
    data = totals_deal()
    deal_id = deals.add_deal(db, game_id, data, mode="totals", expected_version=1, who="Ann")
    deal = games.get_deal(db, game_id, deal_id)
    assert deal.sides == data and deal.mode == "totals"
    summary = summaries.game_summary(db, game_id)
    assert summary.totals == {"we": 700, "they": 50}
    assert side_words(summary.rows[0].sides["we"]) == "1 canasta, went out"
    assert summary.rows[0].dealer == "Bo"
    assert summary.next_dealer == "Cy"
    assert games.game_version(db, game_id) == 2
    assert sum(line.points for line in summary.rows[0].sides["we"].breakdown) == 700


def test_stale_version_is_refused_and_nothing_is_written(db, game_id):
    deals.add_deal(db, game_id, totals_deal(), mode="totals", expected_version=1)
    with pytest.raises(errors.StaleGame) as caught:
        deals.add_deal(db, game_id, totals_deal(), mode="totals", expected_version=1)
    assert caught.value.current_version == 2
    assert len(games.list_deals(db, game_id)) == 1


def test_impossible_deal_is_refused_by_the_engine_and_rolled_back(db, game_id):
    data = totals_deal()
    data["they"]["went_out"] = True
    with pytest.raises(ImpossibleDeal):
        deals.add_deal(db, game_id, data, mode="totals", expected_version=1)
    assert games.list_deals(db, game_id) == []
    assert games.game_version(db, game_id) == 1


def test_correcting_an_early_deal_recomputes_later_totals_and_minimums(db, game_id):
    first = deals.add_deal(db, game_id, totals_deal(we_melded=100), mode="totals", expected_version=1)
    deals.add_deal(db, game_id, totals_deal(we_melded=100), mode="totals", expected_version=2)
    summary = summaries.game_summary(db, game_id)
    assert summary.totals["we"] == 1400
    # 1400 is still under bicycle's 1500 step: 50 to open
    assert summary.minimums["we"] == summary.profile.minimum(1400)
    deals.update_deal(db, game_id, first, totals_deal(we_melded=200), mode="totals", expected_version=3,
                      reason="miscounted")
    summary = summaries.game_summary(db, game_id)
    assert [r.sides["we"].total for r in summary.rows] == [800, 1500]
    assert summary.minimums["we"] == summary.profile.minimum(1500)
    assert summary.game_over and summary.winner == "we"
    assert games.get_game(db, game_id).status == "finished"


def test_no_deal_after_the_game_is_over(db, game_id):
    deals.add_deal(db, game_id, totals_deal(we_melded=900), mode="totals", expected_version=1)
    with pytest.raises(errors.GameOver):
        deals.add_deal(db, game_id, totals_deal(), mode="totals", expected_version=2)


def test_delete_and_undo_walk_back_the_changes(db, game_id):
    first = deals.add_deal(db, game_id, totals_deal(we_melded=100), mode="totals", expected_version=1)
    deals.add_deal(db, game_id, totals_deal(we_melded=50), mode="totals", expected_version=2)
    deals.delete_deal(db, game_id, first, expected_version=3, reason="entered twice")
    assert summaries.game_summary(db, game_id).totals["we"] == 650
    undone = deals.undo_last(db, game_id, expected_version=4)
    assert undone.action == "delete"
    summary = summaries.game_summary(db, game_id)
    assert [r.deal_id for r in summary.rows][0] == first
    assert summary.totals["we"] == 1350
    assert deals.undo_last(db, game_id, expected_version=5).action == "add"
    assert deals.undo_last(db, game_id, expected_version=6).action == "add"
    with pytest.raises(errors.NothingToUndo):
        deals.undo_last(db, game_id, expected_version=7)
    actions = [c.action for c in changes.list_changes(db, game_id)]
    assert actions == ["create", "add", "add", "delete", "undo", "undo", "undo"]
    delete = changes.list_changes(db, game_id)[3]
    assert delete.before["sides"]["we"]["meld_points"] == 100 and delete.after is None
    assert delete.reason == "entered twice" and delete.undone


def test_locked_game_refuses_every_change(db, game_id):
    deal = deals.add_deal(db, game_id, totals_deal(), mode="totals", expected_version=1)
    games.set_locked(db, game_id, True)
    version = games.game_version(db, game_id)
    with pytest.raises(errors.GameLocked):
        deals.add_deal(db, game_id, totals_deal(), mode="totals", expected_version=version)
    with pytest.raises(errors.GameLocked):
        deals.delete_deal(db, game_id, deal, expected_version=version)
    with pytest.raises(errors.GameLocked):
        games.delete_game(db, game_id)
    assert len(games.list_deals(db, game_id)) == 1


def test_card_by_card_deal_is_stored_and_scored(db, game_id):
    data = {
        "we": {"melds": ["K K K K K K K", "7 7 2"], "hands": ["", ""], "red_threes": 1, "went_out": True,
               "concealed": False, "penalties": []},
        "they": {"melds": ["Q Q Q"], "hands": ["5 9", "4"], "red_threes": 0, "went_out": False,
                 "concealed": False, "penalties": []},
    }
    deals.add_deal(db, game_id, data, mode="cards", expected_version=1)
    summary = summaries.game_summary(db, game_id)
    assert summary.rows[0].mode == "cards"
    assert side_words(summary.rows[0].sides["we"]) == "1 canasta, went out, 1 red three"
    assert summary.totals["they"] == 30 - 20


def test_delete_game_moves_it_and_its_deals_to_the_bin_and_keeps_the_log(db, game_id):
    deals.add_deal(db, game_id, totals_deal(), mode="totals", expected_version=1)
    games.delete_game(db, game_id, expected_version=2)
    assert games.get_game(db, game_id) is None
    assert db.execute("SELECT COUNT(*) FROM deals").fetchone()[0] == 1  # in the bin, restorable
    assert changes.list_changes(db, game_id)[-1].action == "delete_game"


def test_individual_players_are_sides_of_their_own(db):
    sides = [{"key": "p1", "name": "Ann", "players": ["Ann"]}, {"key": "p2", "name": "Bo", "players": ["Bo"]}]
    game_id = games.create_game(db, rules="yahoo", options={"players": 2}, sides=sides)
    game = games.get_game(db, game_id)
    assert [seats.dealer_name(game, i) for i in range(3)] == ["Ann", "Bo", "Ann"]
    assert seats.game_profile(game).players == 2


def test_create_game_refuses_bad_sides(db):
    with pytest.raises(errors.InvalidGame):
        games.create_game(db, rules="bicycle", options={}, sides=SIDES[:1])
    with pytest.raises(errors.InvalidGame):
        games.create_game(db, rules="bicycle", options={}, sides=SIDES, first_dealer=4)


# --------------------------------------------------------------------------------------
# The summary cache: keyed by (database file, game id, version, code), never stale
# --------------------------------------------------------------------------------------


def rescored(db, game_id) -> scorepad.GameSummary:
    """The summary computed from scratch, bypassing the cache."""
    return scorepad.summarise(games.get_game(db, game_id), games.list_deals(db, game_id))


def same_summary(a: scorepad.GameSummary, b: scorepad.GameSummary) -> bool:
    fields = ("game", "rows", "totals", "minimums", "game_over", "winner", "next_dealer", "problems")
    return a.profile.id == b.profile.id and all(getattr(a, f) == getattr(b, f) for f in fields)


WRITES = {"add_deal": deals.add_deal, "update_deal": deals.update_deal, "delete_deal": deals.delete_deal,
          "undo_last": deals.undo_last, "set_locked": games.set_locked}


def _write_in_child(path, name, args, kwargs, answer):
    from scorekeeper.db import connect

    database = connect(path)
    try:
        answer.send(("ok", WRITES[name](database, *args, **kwargs)))
    except Exception as error:  # noqa: BLE001 - handed back to the test
        answer.send(("error", repr(error)))
    finally:
        database.close()


def elsewhere(path: str, name: str, *args, **kwargs):
    """Run the store write ``name`` (``db``, ...) in another process on the same database file: a write this process'
    cache cannot know about, as from a second server sharing the file."""
    import multiprocessing

    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    child = context.Process(target=_write_in_child, args=(path, name, args, kwargs, send))
    child.start()
    status, value = receive.recv()
    child.join(10)
    assert status == "ok", value
    return value


@pytest.fixture
def other_phone(no_csrf_app):
    """A second connection to the same database: another phone's request."""
    from scorekeeper.db import connect

    database = connect(no_csrf_app.config["DATABASE"])
    yield database
    database.close()


def test_a_summary_is_served_from_the_cache_until_the_version_changes(db, game_id):
    first = summaries.game_summary(db, game_id)
    assert summaries.game_summary(db, game_id) is first
    deals.add_deal(db, game_id, totals_deal(), mode="totals", expected_version=1)
    second = summaries.game_summary(db, game_id)
    assert second is not first and second.version == 2 and second.totals == {"we": 700, "they": 50}
    assert first.rows == () and first.totals == {"we": 0, "they": 0}  # the cached one was not changed


def test_the_summary_a_write_caches_equals_scoring_every_deal_again(db, game_id):
    version = 1
    for we_melded in (100, 50, 300):
        deals.add_deal(db, game_id, totals_deal(we_melded=we_melded), mode="totals", expected_version=version,
                       summary=summaries.game_summary(db, game_id))
        version += 1
        assert same_summary(summaries.game_summary(db, game_id), rescored(db, game_id))
    assert summaries.game_summary(db, game_id).game.status == "finished"


@pytest.mark.parametrize("where", ["this process", "another process"])
def test_every_write_by_another_phone_shows_through_the_cache(db, other_phone, game_id, no_csrf_app, where):
    def run(name, *args, **kwargs):
        if where == "another process":
            return elsewhere(no_csrf_app.config["DATABASE"], name, *args, **kwargs)
        return WRITES[name](other_phone, *args, **kwargs)

    seen = summaries.game_summary(db, game_id)  # this phone's summary is cached at version 1
    first = run("add_deal", game_id, totals_deal(we_melded=100), mode="totals", expected_version=1)
    assert summaries.game_summary(db, game_id).totals == {"we": 700, "they": 50}
    run("add_deal", game_id, totals_deal(we_melded=50), mode="totals", expected_version=2)
    assert summaries.game_summary(db, game_id).totals["we"] == 1350
    run("update_deal", game_id, first, totals_deal(we_melded=200), mode="totals", expected_version=3)
    assert summaries.game_summary(db, game_id).totals["we"] == 1450
    run("delete_deal", game_id, first, expected_version=4)
    assert summaries.game_summary(db, game_id).totals["we"] == 650
    run("undo_last", game_id, expected_version=5)
    assert summaries.game_summary(db, game_id).totals["we"] == 1450
    run("set_locked", game_id, True)
    locked = summaries.game_summary(db, game_id)
    assert locked.game.locked is True and locked.version == 7
    assert same_summary(locked, rescored(db, game_id))
    assert seen.version == 1 and seen.rows == ()


def test_a_write_by_another_phone_is_seen_even_behind_a_cached_newer_summary(db, other_phone, game_id):
    # This phone's own save caches version 2; the other phone then saves version 3 from its own view.
    deals.add_deal(db, game_id, totals_deal(we_melded=100), mode="totals", expected_version=1,
                   summary=summaries.game_summary(db, game_id))
    theirs = summaries.game_summary(other_phone, game_id)
    deals.add_deal(other_phone, game_id, totals_deal(we_melded=50), mode="totals", expected_version=2,
                   summary=theirs)
    # A stale summary offered by a phone that missed that save is not used: the claim refuses it.
    with pytest.raises(errors.StaleGame):
        deals.add_deal(db, game_id, totals_deal(), mode="totals", expected_version=2,
                       summary=scorepad.summarise(games.get_game(db, game_id), []))
    assert summaries.game_summary(db, game_id).totals["we"] == 1350
    assert same_summary(summaries.game_summary(db, game_id), rescored(db, game_id))


def test_a_rolled_back_write_is_never_cached(db, game_id, no_csrf_app):
    summaries.game_summary(db, game_id)
    with pytest.raises(RuntimeError):
        with db.write():
            deals.add_deal(db, game_id, totals_deal(we_melded=300), mode="totals", expected_version=1)
            inside = summaries.game_summary(db, game_id)  # read inside the transaction: not cached
            assert inside.version == 2 and inside.totals["we"] == 900
            raise RuntimeError("the outer transaction fails")
    # The same version 2 is now written, with another deal, by another phone (another process).
    elsewhere(no_csrf_app.config["DATABASE"], "add_deal", game_id, totals_deal(we_melded=50), mode="totals",
              expected_version=1)
    assert summaries.game_summary(db, game_id).totals["we"] == 650
    assert same_summary(summaries.game_summary(db, game_id), rescored(db, game_id))


def test_two_databases_never_share_cached_summaries(tmp_path):
    from scorekeeper.db import connect, migrate

    made = []
    for name, we_melded in (("club-a.sqlite", 100), ("club-b.sqlite", 300)):
        path = str(tmp_path / name)
        migrate(path)
        database = connect(path)
        try:
            game_id = games.create_game(database, rules="bicycle", options={"target": 5000}, sides=SIDES)
            # Same id, same version, even the same share code: only the file tells them apart.
            database.execute("UPDATE games SET code = 'samecode' WHERE id = ?", [game_id])
            summaries.game_summary(database, game_id)
            deals.add_deal(database, game_id, totals_deal(we_melded=we_melded), mode="totals", expected_version=1)
            made.append((path, game_id))
        finally:
            database.close()
    totals = []
    for path, game_id in made:
        database = connect(path)
        try:
            summary = summaries.game_summary(database, game_id)
            assert summary.game.code == "samecode" and summary.version == 2
            totals.append(summary.totals["we"])
        finally:
            database.close()
    assert totals == [700, 900]


def test_a_new_game_that_reuses_a_deleted_games_id_is_not_served_the_old_summary(db, engine):
    old = games.create_game(db, rules="bicycle", options={"target": 5000}, sides=SIDES)
    deals.add_deal(db, old, totals_deal(), mode="totals", expected_version=1)
    summaries.game_summary(db, old)
    games.delete_game(db, old, expected_version=2)
    from scorekeeper.stores.bin import purge

    purge(db, [old])  # emptied from the bin
    if engine == "postgresql":  # an identity never gives an id twice by itself: a restored dump could
        db.execute(f"ALTER TABLE games ALTER COLUMN id RESTART WITH {old}")
    other = [{"key": "we", "name": "North", "players": ["Ed", "Flo"]},
             {"key": "they", "name": "South", "players": ["Gus", "Hal"]}]
    new = games.create_game(db, rules="bicycle", options={"target": 5000}, sides=other)
    assert new == old  # SQLite gives the freed id again
    db.execute("UPDATE games SET version = 2 WHERE id = ?", [new])  # even at the old game's version
    summary = summaries.game_summary(db, new)
    assert summary.rows == () and summary.side_name("we") == "North"


def test_the_cache_is_bounded_and_evicts_the_least_recently_used():
    cache = summaries.SummaryCache(size=2)
    a, b, c = (scorepad.GameSummary(game={"id": n}, profile=None) for n in range(3))
    cache.put(("x", 1), a)
    cache.put(("x", 2), b)
    assert cache.get(("x", 1)) is a  # now the most recently used
    cache.put(("x", 3), c)
    assert len(cache) == 2
    assert cache.get(("x", 2)) is None and cache.get(("x", 1)) is a and cache.get(("x", 3)) is c


def test_every_log_keeps_a_typed_reason_the_same_way(db, game_id):
    """A reason typed over several lines, or far too long, reaches the game's history and the director's log
    folded into one line of at most 300 characters, whichever log keeps it (stores.rows.clean_reason)."""
    from scorekeeper.stores.tournaments.log import list_log, log
    from scorekeeper.stores.tournaments.records import create_tournament

    typed = "typed 120\n   for   130 " + "x" * 400
    version = games.game_version(db, game_id)
    deal_id = deals.add_deal(db, game_id, totals_deal(), mode="totals", expected_version=version)
    deals.update_deal(db, game_id, deal_id, totals_deal(we_melded=130), mode="totals",
                      expected_version=version + 1, reason=typed)
    kept = changes.list_changes(db, game_id)[-1].reason
    tournament_id = create_tournament(db, name="Thursday", date="2026-11-26", rules="classic", options={},
                                      format="pairs", rounds=1, round_end="deals", round_limit=2, scoring="points",
                                      password="green baize 42")
    log(db, tournament_id, action="deal_corrected", who="director", reason=typed)
    logged = list_log(db, tournament_id)[-1]["reason"]
    assert kept == logged == ("typed 120 for 130 " + "x" * 400)[:300]


def test_an_app_on_an_in_memory_database_leaves_no_lock_file_behind(tmp_path, monkeypatch):
    """Processes share a file database through a lock file beside it; a database in memory has no file to share,
    and its lock file used to be left in whatever folder the app was started from (':memory:.migrate-lock')."""
    from scorekeeper import create_app

    monkeypatch.chdir(tmp_path)
    create_app({"TESTING": True, "DATABASE": ":memory:", "SECRET_KEY": "t"})
    assert sorted(p.name for p in tmp_path.iterdir()) == []

"""The store: games, deals and changes; totals computed from the deals; optimistic concurrency."""

from __future__ import annotations

import pytest

from scorekeeper import store
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
    return store.create_game(db, rules="bicycle", options={"target": 1500}, sides=SIDES, first_dealer=1)


def test_create_and_get_game(db, game_id):
    game = store.get_game(db, game_id)
    assert game["rules"] == "bicycle"
    assert game["options"] == {"target": 1500}
    assert game["sides"][0]["players"] == ["Ann", "Cy"]
    assert game["version"] == 1 and game["locked"] is False
    assert store.get_game_by_code(db, game["code"])["id"] == game_id
    assert store.get_game(db, 999) is None


def test_seating_is_clockwise_with_partners_opposite(db, game_id):
    game = store.get_game(db, game_id)
    assert [s["name"] for s in store.seating(game)] == ["Ann", "Bo", "Cy", "Di"]
    # first_dealer=1: Bo deals first, then the deal passes clockwise and wraps round
    assert [store.dealer_name(game, i) for i in range(5)] == ["Bo", "Cy", "Di", "Ann", "Bo"]


def test_add_deal_stores_the_sides_as_entered_and_totals_are_computed(db, game_id):
    data = totals_deal()
    deal_id = store.add_deal(db, game_id, data, mode="totals", expected_version=1, who="Ann")
    deal = store.get_deal(db, game_id, deal_id)
    assert deal["sides"] == data and deal["mode"] == "totals"
    summary = store.game_summary(db, game_id)
    assert summary.totals == {"we": 700, "they": 50}
    assert summary.rows[0]["sides"]["we"]["summary"] == "1 canasta, went out"
    assert summary.rows[0]["dealer"] == "Bo"
    assert summary.next_dealer == "Cy"
    assert store.game_version(db, game_id) == 2
    assert sum(line.points for line in summary.rows[0]["sides"]["we"]["breakdown"]) == 700


def test_stale_version_is_refused_and_nothing_is_written(db, game_id):
    store.add_deal(db, game_id, totals_deal(), mode="totals", expected_version=1)
    with pytest.raises(store.StaleGame) as caught:
        store.add_deal(db, game_id, totals_deal(), mode="totals", expected_version=1)
    assert caught.value.current_version == 2
    assert len(store.list_deals(db, game_id)) == 1


def test_impossible_deal_is_refused_by_the_engine_and_rolled_back(db, game_id):
    data = totals_deal()
    data["they"]["went_out"] = True
    with pytest.raises(ImpossibleDeal):
        store.add_deal(db, game_id, data, mode="totals", expected_version=1)
    assert store.list_deals(db, game_id) == []
    assert store.game_version(db, game_id) == 1


def test_correcting_an_early_deal_recomputes_later_totals_and_minimums(db, game_id):
    first = store.add_deal(db, game_id, totals_deal(we_melded=100), mode="totals", expected_version=1)
    store.add_deal(db, game_id, totals_deal(we_melded=100), mode="totals", expected_version=2)
    summary = store.game_summary(db, game_id)
    assert summary.totals["we"] == 1400
    # 1400 is still under bicycle's 1500 step: 50 to open
    assert summary.minimums["we"] == summary.profile.minimum(1400)
    store.update_deal(db, game_id, first, totals_deal(we_melded=200), mode="totals", expected_version=3,
                      reason="miscounted")
    summary = store.game_summary(db, game_id)
    assert [r["sides"]["we"]["total"] for r in summary.rows] == [800, 1500]
    assert summary.minimums["we"] == summary.profile.minimum(1500)
    assert summary.game_over and summary.winner == "we"
    assert store.get_game(db, game_id)["status"] == "finished"


def test_no_deal_after_the_game_is_over(db, game_id):
    store.add_deal(db, game_id, totals_deal(we_melded=900), mode="totals", expected_version=1)
    with pytest.raises(store.GameOver):
        store.add_deal(db, game_id, totals_deal(), mode="totals", expected_version=2)


def test_delete_and_undo_walk_back_the_changes(db, game_id):
    first = store.add_deal(db, game_id, totals_deal(we_melded=100), mode="totals", expected_version=1)
    store.add_deal(db, game_id, totals_deal(we_melded=50), mode="totals", expected_version=2)
    store.delete_deal(db, game_id, first, expected_version=3, reason="entered twice")
    assert store.game_summary(db, game_id).totals["we"] == 650
    undone = store.undo_last(db, game_id, expected_version=4)
    assert undone["action"] == "delete"
    summary = store.game_summary(db, game_id)
    assert [r["deal_id"] for r in summary.rows][0] == first
    assert summary.totals["we"] == 1350
    assert store.undo_last(db, game_id, expected_version=5)["action"] == "add"
    assert store.undo_last(db, game_id, expected_version=6)["action"] == "add"
    with pytest.raises(store.NothingToUndo):
        store.undo_last(db, game_id, expected_version=7)
    actions = [c["action"] for c in store.list_changes(db, game_id)]
    assert actions == ["create", "add", "add", "delete", "undo", "undo", "undo"]
    delete = store.list_changes(db, game_id)[3]
    assert delete["before"]["sides"]["we"]["meld_points"] == 100 and delete["after"] is None
    assert delete["reason"] == "entered twice" and delete["undone"]


def test_locked_game_refuses_every_change(db, game_id):
    deal = store.add_deal(db, game_id, totals_deal(), mode="totals", expected_version=1)
    store.set_locked(db, game_id, True)
    version = store.game_version(db, game_id)
    with pytest.raises(store.GameLocked):
        store.add_deal(db, game_id, totals_deal(), mode="totals", expected_version=version)
    with pytest.raises(store.GameLocked):
        store.delete_deal(db, game_id, deal, expected_version=version)
    with pytest.raises(store.GameLocked):
        store.delete_game(db, game_id)
    assert len(store.list_deals(db, game_id)) == 1


def test_card_by_card_deal_is_stored_and_scored(db, game_id):
    data = {
        "we": {"melds": ["K K K K K K K", "7 7 2"], "hands": ["", ""], "red_threes": 1, "went_out": True,
               "concealed": False, "penalties": []},
        "they": {"melds": ["Q Q Q"], "hands": ["5 9", "4"], "red_threes": 0, "went_out": False,
                 "concealed": False, "penalties": []},
    }
    store.add_deal(db, game_id, data, mode="cards", expected_version=1)
    summary = store.game_summary(db, game_id)
    assert summary.rows[0]["mode"] == "cards"
    assert summary.rows[0]["sides"]["we"]["summary"] == "1 canasta, went out, 1 red three"
    assert summary.totals["they"] == 30 - 20


def test_delete_game_removes_its_deals_and_keeps_the_log(db, game_id):
    store.add_deal(db, game_id, totals_deal(), mode="totals", expected_version=1)
    store.delete_game(db, game_id, expected_version=2)
    assert store.get_game(db, game_id) is None
    assert db.execute("SELECT COUNT(*) FROM deals").fetchone()[0] == 0
    assert store.list_changes(db, game_id)[-1]["action"] == "delete_game"


def test_individual_players_are_sides_of_their_own(db):
    sides = [{"key": "p1", "name": "Ann", "players": ["Ann"]}, {"key": "p2", "name": "Bo", "players": ["Bo"]}]
    game_id = store.create_game(db, rules="yahoo", options={"players": 2}, sides=sides)
    game = store.get_game(db, game_id)
    assert [store.dealer_name(game, i) for i in range(3)] == ["Ann", "Bo", "Ann"]
    assert store.game_profile(game).players == 2


def test_create_game_refuses_bad_sides(db):
    with pytest.raises(store.InvalidGame):
        store.create_game(db, rules="bicycle", options={}, sides=SIDES[:1])
    with pytest.raises(store.InvalidGame):
        store.create_game(db, rules="bicycle", options={}, sides=SIDES, first_dealer=4)

"""A game's running totals are kept with its deals, written in the same transaction as each deal, so adding a deal
never scores the whole game again, in whichever worker process the save lands (issue 22, "a save near the floor
of its stack"). A correction, a deletion, an undo or redo and a change of the club options rewrite them from the
deal they change on; after every kind of write they equal a scoring of the deals from the start."""

from __future__ import annotations

import json
import random
import sys

import pytest

from scorekeeper import rules
from scorekeeper.stores import deals as deal_store
from scorekeeper.scorepad import summary as scorepad
from scorekeeper.stores import summary as summaries
from scorekeeper.stores.games import game_version, get_game, list_deals
from scorekeeper.scorepad.summary import summarise
from scorekeeper.stores.summary import summary_cache

from tests.recording import game_path, started_id
from tests.safety.helpers import add, new_game, quiet_deal
from tests.web.scorepad_helpers import option_values, start_game, totals_form


@pytest.fixture
def counted(monkeypatch):
    """Counts every whole-game scoring (``summarise``) and every scoring of one deal by the engine
    (``score_deal``), wherever the package calls them from."""
    calls = {"summarise": 0, "score_deal": 0}
    originals = {"summarise": scorepad.summarise, "score_deal": rules.score_deal}

    def wrap(name):
        original = originals[name]

        def counting(*args, **kwargs):
            calls[name] += 1
            return original(*args, **kwargs)
        return counting

    wrapped = {name: wrap(name) for name in originals}
    for module in list(sys.modules.values()):
        if getattr(module, "__name__", "").startswith("scorekeeper"):
            for name, original in originals.items():
                if getattr(module, name, None) is original:
                    monkeypatch.setattr(module, name, wrapped[name])
    return calls


def running_as_scored(db, game_id: int) -> list[dict]:
    """Each deal's running totals as a scoring of the whole game from its first deal gives them."""
    summary = summarise(get_game(db, game_id), list_deals(db, game_id))
    return [{key: [side.deal, side.total, side.minimum] for key, side in row.sides.items()} for row in summary.rows]


def running_as_stored(db, game_id: int) -> list[dict]:
    return [{key: list(values[:3]) for key, values in (deal.running or {}).get("sides", {}).items()}
            for deal in list_deals(db, game_id)]


def test_two_workers_never_score_a_whole_game_to_add_a_deal(client, counted):
    """Twenty saves of one game through the scorepad, each landing in the other worker (its summary cache knows
    nothing of the save before): no whole-game scoring, and the engine scores each deal once."""
    game_id = start_game(client, target=99_000)
    version = 1
    for number in range(1, 21):
        summary_cache.clear()  # the previous save was made by the other worker process
        before = dict(counted)
        response = client.post(f"{game_path(client, game_id)}/deals", data={**totals_form(version), "board_version": version},
                               headers={"HX-Request": "true"})
        assert response.status_code == 200, response.get_data(as_text=True)[:400]
        assert f'data-deal="{number + 1}"' in response.get_data(as_text=True)  # the fresh form for the next deal
        assert counted["summarise"] - before["summarise"] == 0, f"deal {number}: the whole game was scored again"
        assert counted["score_deal"] - before["score_deal"] == 1, f"deal {number}: scored more than once"
        version += 1


def test_running_totals_equal_a_scoring_from_the_start_after_every_kind_of_write(no_csrf_app, db):
    randomly = random.Random(22)
    with no_csrf_app.app_context():
        game_id = new_game(db, options={"target": 99_000})
        for n in range(6):
            add(db, game_id, quiet_deal(n))
        assert running_as_stored(db, game_id) == running_as_scored(db, game_id)
        for step in range(40):
            ids = [deal.id for deal in list_deals(db, game_id)]
            version = game_version(db, game_id)
            what = randomly.choice(["add", "correct", "delete", "undo", "redo", "options"])
            try:
                if what == "add":
                    add(db, game_id, quiet_deal(randomly.randrange(12)))
                elif what == "correct" and ids:
                    deal_store.update_deal(db, game_id, randomly.choice(ids), quiet_deal(randomly.randrange(12)),
                                           mode="totals", expected_version=version)
                elif what == "delete" and len(ids) > 2:
                    deal_store.delete_deal(db, game_id, randomly.choice(ids[:-1]), expected_version=version)
                elif what == "undo":
                    deal_store.undo_last(db, game_id, expected_version=version)
                elif what == "redo":
                    deal_store.redo_last(db, game_id, expected_version=version)
                elif what == "options":
                    deal_store.set_options(db, game_id, {"target": 99_000 + 5 * step}, expected_version=version)
            except deal_store.NothingToUndo:
                continue
            assert running_as_stored(db, game_id) == running_as_scored(db, game_id), f"step {step}: {what}"
            summary_cache.clear()
            assert summaries.game_summary(db, game_id).totals == summarise(
                get_game(db, game_id), list_deals(db, game_id)).totals


def test_a_game_whose_running_totals_are_not_yet_known_gets_them_at_its_next_save(no_csrf_app, db):
    """Deals written before the running totals were kept (or brought in by an import) have none: the next save
    scores the game once and writes them all."""
    with no_csrf_app.app_context():
        game_id = new_game(db, options={"target": 99_000})
        for n in range(5):
            add(db, game_id, quiet_deal(n))
        db.execute("UPDATE deals SET running = NULL WHERE game_id = ?", [game_id])
        summary_cache.clear()
        add(db, game_id, quiet_deal(7))
        assert all(deal.running for deal in list_deals(db, game_id))
        assert running_as_stored(db, game_id) == running_as_scored(db, game_id)


def test_a_tournament_tables_saves_never_score_the_whole_game_either(no_csrf_app, counted):
    """A table phone's save goes through the same store: each landing in the worker that did not see the save
    before scores that deal once and never the whole game."""
    from tests.tournaments.test_pages import four_players_in_round_one, play_simple_deal
    from tests.tournaments.conftest import tables_of

    _, tid = four_players_in_round_one(no_csrf_app, round_limit=3)
    table = tables_of(no_csrf_app, tid, 1)[0]
    for number in range(1, 4):  # the round's limit: three deals
        summary_cache.clear()  # the previous save was made by the other worker process
        before = dict(counted)
        play_simple_deal(no_csrf_app, table, 50 + number * 5, 90)
        assert counted["summarise"] - before["summarise"] == 0, f"deal {number}: the whole game was scored again"
        assert counted["score_deal"] - before["score_deal"] == 1, f"deal {number}: scored more than once"


def test_totals_kept_by_another_version_of_the_engine_are_scored_again_at_the_next_save(client, no_csrf_app, db):
    """An upgrade that changes how deals score leaves each game's kept totals stamped by the engine before: the
    next save, whichever worker it lands in and whatever it had cached, scores the game from its deals and writes
    every deal's totals again, so they never carry an old scoring forward."""
    game_id = start_game(client, target=99_000)
    for version in range(1, 5):
        client.post(f"{game_path(client, game_id)}/deals", data=totals_form(version))
    old = '{"sides":{"we":[1,99999,50,0],"they":[1,99999,50,0]},"engine":"an-older-engine"}'
    db.execute("UPDATE deals SET running = ? WHERE game_id = ?", [old, game_id])
    summary_cache.clear()
    client.get(game_path(client, game_id))  # the page is read (and cached) before the save, as a phone does
    response = client.post(f"{game_path(client, game_id)}/deals", data=totals_form(5))
    assert response.status_code == 303
    with no_csrf_app.app_context():
        assert running_as_stored(db, game_id) == running_as_scored(db, game_id)
        assert {deal.running["engine"] for deal in list_deals(db, game_id)} == {scorepad.ENGINE}


def test_a_game_saved_by_another_worker_reads_complete_from_its_deals_scoring_nothing(no_csrf_app, db, counted):
    """Issue 32, "running totals that carry breakdowns": the running totals kept with each deal hold its rows'
    breakdown lines and warnings, so a worker whose cache knows nothing of the game (the other worker saved every
    deal) reads the whole game, its scorepad page and its summary, complete and equal to a scoring of every deal
    (breakdowns, warnings, labels in both languages), without the engine scoring a single deal."""
    client = no_csrf_app.test_client()
    data = {"rules": "bicycle", "first_dealer": "0", **option_values("bicycle", target=99_000),
            "we_name": "We", "they_name": "They", "we_player0": "Ann", "we_player1": "Cy",
            "they_player0": "Bo", "they_player1": "Di"}  # default side names: worded in the reader's language
    game_id = started_id(client, client.post("/games/new", data=data).headers["Location"])
    path = game_path(client, game_id)
    deals = [totals_form(1), totals_form(2, **{"they-custom_points": "100", "they-custom_reason": "Talked across"}),
             {**totals_form(3, **{"we-canasta_natural": "0", "we-canasta_mixed": "0"}), "confirm": "y"},  # a warning
             totals_form(4, **{"we-went_out": "no", "they-went_out": "yes", "we-hand_points": "35"})]
    for form in deals:
        assert client.post(f"{path}/deals", data=form).status_code == 303
    before = dict(counted)
    summary_cache.clear()  # every save was made by the other worker
    page = client.get(path, headers={"Accept-Language": "es"}).get_data(as_text=True)
    summary_cache.clear()
    read = summaries.game_summary(db, game_id)
    assert (counted["score_deal"], counted["summarise"]) == (before["score_deal"], before["summarise"])
    scored = summarise(get_game(db, game_id), list_deals(db, game_id))
    assert read.complete and read == scored
    assert read.rows[2].warnings and read.rows[1].sides["they"].breakdown
    assert "Talked across" in page and "Nosotros" in page
    with no_csrf_app.test_request_context(headers={"Accept-Language": "es"}):
        assert [str(w.message) for w in read.rows[2].warnings] == [str(w.message) for w in scored.rows[2].warnings]


def test_running_totals_kept_without_breakdowns_are_still_read_and_scored_where_breakdowns_are_needed(
        no_csrf_app, db, counted):
    """Deals whose running totals were kept before they carried breakdowns (an older version of the app) still add
    a deal without scoring the game, a whole scorepad scores them from the deals, and the next save keeps them
    again with their breakdowns."""
    client = no_csrf_app.test_client()
    game_id = start_game(client, target=99_000)
    path = game_path(client, game_id)
    for version in (1, 2, 3):
        client.post(f"{path}/deals", data=totals_form(version))
    for deal in list_deals(db, game_id):  # as an older version kept them
        old = {"sides": deal.running["sides"], "engine": deal.running["engine"]}
        db.execute("UPDATE deals SET running = ? WHERE id = ?", [json.dumps(old), deal.id])
    summary_cache.clear()
    assert summaries.game_standing(db, game_id).complete is False
    before = dict(counted)
    assert summaries.game_summary(db, game_id) == summarise(get_game(db, game_id), list_deals(db, game_id))
    assert counted["summarise"] - before["summarise"] == 1  # the read (the test's own scoring is not counted)
    summary_cache.clear()
    client.post(f"{path}/deals", data=totals_form(4))
    assert all("lines" in deal.running for deal in list_deals(db, game_id))

"""A season of three evenings and its ladder under "best 2 of 3, at least 2 evenings", against standings worked
out by hand, before and after a result of the second evening is corrected (tournaments/ladder.py)."""

from __future__ import annotations

import pytest

from scorekeeper.db import connect
from scorekeeper.stores import seasons
from scorekeeper.tournaments.ladder import LadderRulesError, Rules, ladder, match_points
from scorekeeper.tournaments.standings import Game

from tests.worlds import Worlds

from .helpers import correct, evening, make_club

# Three evenings, one table each (two partnerships, one round), scored on the 20-VP scale (standings.VP_SCALE):
#   1 (Oct 5):  Ana & Bea 2600, Cris & Dani 1200: difference 1400, 15 VP to 5.
#   2 (Oct 12): Ana & Eva 1800, Cris & Fede 2000: difference 200, 9 VP to 11.
#               Corrected later to Ana & Eva 2500: difference 500, 13 VP to 7.
#   3 (Oct 19): Cris & Eva 3000, Dani & Fede 500: difference 2500, 18 VP to 2.
# Bea plays only the first evening: absent twice, so short of the 2 evenings needed to be ranked.
EVENINGS = [
    ("Monday one", "2026-10-05", [("Ana", "Bea"), ("Cris", "Dani")],
     {"Ana & Bea": 2600, "Cris & Dani": 1200}),
    ("Monday two", "2026-10-12", [("Ana", "Eva"), ("Cris", "Fede")],
     {"Ana & Eva": 1800, "Cris & Fede": 2000}),
    ("Monday three", "2026-10-19", [("Cris", "Eva"), ("Dani", "Fede")],
     {"Cris & Eva": 3000, "Dani & Fede": 500}),
]
BEST_2_OF_3 = Rules(count="best", best=2, of=3, minimum=2, ranking="vp", tie_break="best_evening")
# Before the correction, each player's VP by evening and their best two:
#   Ana 15, 9 -> 24 · Bea 15 (one evening: unranked) · Cris 5, 11, 18 -> 29 · Dani 5, 2 -> 7 ·
#   Eva 9, 18 -> 27 · Fede 11, 2 -> 13.
BEFORE = [(1, "Cris", 29, 3), (2, "Eva", 27, 2), (3, "Ana", 24, 2), (4, "Fede", 13, 2), (5, "Dani", 7, 2),
          (None, "Bea", 15, 1)]
# After it: Ana 15, 13 -> 28 · Cris 5, 7, 18 -> 25 · Eva 13, 18 -> 31 · Fede 7, 2 -> 9; the others as before.
AFTER = [(1, "Eva", 31, 2), (2, "Ana", 28, 2), (3, "Cris", 25, 3), (4, "Fede", 9, 2), (5, "Dani", 7, 2),
         (None, "Bea", 15, 1)]


def table(rows):
    return [(r.rank, r.name, r.points, r.evenings) for r in rows]


def _season(app) -> dict:
    """The three evenings in a season of a club made in the store (built once, tests/worlds.py)."""
    db = connect(app.config["DATABASE"])
    try:
        with app.test_request_context():
            club, _director = make_club(db)
            season_id = seasons.create_season(db, club.id, name="Autumn 2026", rules=BEST_2_OF_3).id
            ids = [evening(db, name, date, pairs, [{frozenset(score): score}], season_id=season_id, club_id=club.id)
                   for name, date, pairs, score in EVENINGS]
    finally:
        db.close()
    return {"club": club, "season_id": season_id, "ids": ids}


WORLDS = Worlds(season=_season)
database, world = WORLDS.database, WORLDS.world


@pytest.fixture
def season(no_csrf_app, world):
    db = connect(no_csrf_app.config["DATABASE"])
    with no_csrf_app.test_request_context():
        db.club = world["club"]
        yield db, world["season_id"], world["ids"]
    db.close()


def test_best_two_of_three_with_two_evenings_needed_before_and_after_a_correction(season):
    db, season_id, ids = season
    assert table(seasons.season_ladder(db, seasons.get_season(db, season_id))) == BEFORE
    correct(db, ids[1], 1, {"Ana & Eva": 2500, "Cris & Fede": 2000})
    rows = seasons.season_ladder(db, seasons.get_season(db, season_id))
    assert table(rows) == AFTER
    cris = next(r for r in rows if r.name == "Cris")
    assert cris.counted == (ids[1], ids[2]) and cris.scores == {ids[0]: 5, ids[1]: 7, ids[2]: 18}


def test_an_evening_counts_once_it_is_finished(season):
    db, season_id, ids = season
    db.execute("UPDATE tournaments SET status = 'playing' WHERE id = ?", [ids[2]])
    rows = seasons.season_ladder(db, seasons.get_season(db, season_id))
    # Without the third evening: Cris 5 + 11 = 16, Ana 24, Eva 9 (one evening), Fede 11 (one), Dani 5 (one).
    assert table(rows) == [(1, "Ana", 24, 2), (2, "Cris", 16, 2), (None, "Bea", 15, 1), (None, "Fede", 11, 1),
                           (None, "Eva", 9, 1), (None, "Dani", 5, 1)]


def test_an_archived_season_keeps_its_ladder(season):
    db, season_id, ids = season
    seasons.archive(db, season_id)
    correct(db, ids[1], 1, {"Ana & Eva": 2500, "Cris & Fede": 2000})
    season = seasons.get_season(db, season_id)
    assert table(seasons.season_ladder(db, season)) == BEFORE
    link = db.execute("SELECT link FROM tournaments WHERE id = ?", [ids[0]]).fetchone()[0]
    with pytest.raises(seasons.SeasonError):
        seasons.detach(db, season, [link])


def test_a_full_season_takes_no_fourth_evening(season, no_csrf_app):
    db, season_id, _ids = season
    extra = evening(db, "Monday four", "2026-10-26", [("Ana", "Bea"), ("Cris", "Dani")],
                    [{frozenset(("Ana & Bea", "Cris & Dani")): {"Ana & Bea": 100, "Cris & Dani": 0}}], club_id=db.club.id)
    link = db.execute("SELECT link FROM tournaments WHERE id = ?", [extra]).fetchone()[0]
    with pytest.raises(seasons.SeasonError) as refused:
        seasons.attach(db, seasons.get_season(db, season_id), [link])
    assert refused.value.code == "full"


# --- The arithmetic ------------------------------------------------------------------------------------------


# Each player's figures on the three evenings (before the correction): match points 2 for a game won, total
# points the game's: Ana 2, 0 / 2600, 1800 · Bea 2 / 2600 · Cris 0, 2, 2 / 1200, 2000, 3000 · Dani 0, 0 / 1200,
# 500 · Eva 0, 2 / 1800, 3000 · Fede 2, 0 / 2000, 500.
@pytest.mark.parametrize("rules, points", [
    (Rules(ranking="match"), {"Ana": 2, "Bea": 2, "Cris": 4, "Dani": 0, "Eva": 2, "Fede": 2}),
    (Rules(ranking="points"), {"Ana": 4400, "Bea": 2600, "Cris": 6200, "Dani": 1700, "Eva": 4800, "Fede": 2500}),
    (Rules(count="best", best=2, of=3, ranking="points"),
     {"Ana": 4400, "Bea": 2600, "Cris": 5000, "Dani": 1700, "Eva": 4800, "Fede": 2500}),
    (Rules(count="best", best=1, of=3, ranking="match"), {"Ana": 2, "Bea": 2, "Cris": 2, "Dani": 0, "Eva": 2,
                                                          "Fede": 2}),
])
def test_the_database_counts_and_adds_up_by_each_rule(season, rules, points):
    """Which evenings count and their sum are worked out by the database (stores.tournaments.kept): by match
    points and by total points, all evenings or the best N (the earlier evening first on a tie)."""
    db, season_id, ids = season
    db.execute("UPDATE seasons SET count = ?, best = ?, of = ?, minimum = 1, ranking = ? WHERE id = ?",
               [rules.count, rules.best, rules.of, rules.ranking, season_id])
    rows = seasons.season_ladder(db, seasons.get_season(db, season_id))
    assert {r.name: r.points for r in rows} == points
    cris = next(r for r in rows if r.name == "Cris")
    assert cris.counted == (tuple(ids) if rules.count == "all" else tuple(ids[1:rules.best + 1]))
    assert [r.points for r in seasons.season_ladder(db, seasons.get_season(db, season_id), each_evening=False)] == [
        r.points for r in rows]


def test_ties_are_broken_by_the_stated_rule():
    # Both end on 20 VP: Ana with 12 + 8 (best 12), Cris with 10 + 10, Dot with 20 in one evening. The rows as the
    # database adds them up: player, name, evenings, season points, best evening.
    totals = [(1, "Ana", 2, 20, 12), (2, "Cris", 2, 20, 10), (3, "Dot", 1, 20, 20)]
    best = ladder(Rules(tie_break="best_evening"), totals)
    assert [(r.rank, r.name) for r in best] == [(1, "Dot"), (2, "Ana"), (3, "Cris")]
    more = ladder(Rules(tie_break="evenings"), totals)
    assert [(r.rank, r.name) for r in more] == [(1, "Ana"), (1, "Cris"), (3, "Dot")]
    assert more[0].shared and more[1].shared and not more[2].shared
    shared = ladder(Rules(tie_break="shared"), totals)
    assert [r.rank for r in shared] == [1, 1, 1]


def test_match_points_of_an_evening():
    games = [Game(1, 1, 0, 0, 0, 1.0), Game(2, 1, 0, 0, 0, 0.5), Game(3, 1, 0, 0, 0, 0.0),
             Game(4, None, 0, 0, 10, 0.0, sat_out=True)]
    assert match_points(games) == 2 + 1 + 0 + 1


@pytest.mark.parametrize("rules, field", [
    (Rules(count="best", best=3, of=2), "best"), (Rules(count="best", best=1, of=0), "of"),
    (Rules(count="best", best=2, of=3, minimum=4), "minimum"), (Rules(minimum=0), "minimum"),
    (Rules(ranking="elo"), "ranking"), (Rules(tie_break="coin"), "tie_break"), (Rules(count="some"), "count"),
])
def test_rules_that_cannot_work_are_refused(rules, field):
    with pytest.raises(LadderRulesError) as refused:
        rules.check()
    assert refused.value.code == field

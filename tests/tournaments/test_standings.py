"""Standings: victory points, games won, sit-outs and tie-breaks, against figures worked out by hand."""

from __future__ import annotations

import pytest

from scorekeeper.tournaments.standings import (
    VP_SCALE,
    TableResult,
    compute,
    game_won,
    round_average,
    victory_points,
    vp_bands,
)


@pytest.mark.parametrize(
    ("own", "other", "vp"),
    [(5000, 5000, 10), (5000, 4905, 10), (5000, 4900, 11), (4900, 5000, 9), (5200, 4900, 12),
     (7000, 3000, 20), (3000, 7000, 0), (6000, 3005, 18), (-200, 2800, 1)],
)
def test_victory_points_follow_the_20_vp_scale(own, other, vp):
    assert victory_points(own, other) == vp
    assert victory_points(own, other) + victory_points(other, own) == 20


def test_scale_bands_are_contiguous_and_rise():
    bands = vp_bands()
    assert bands[0]["low"] == 0 and bands[-1]["high"] is None
    for before, after in zip(bands, bands[1:]):
        assert before["high"] + 5 == after["low"]
        assert after["ahead"] == before["ahead"] + 1
    assert [b["ahead"] + b["behind"] for b in bands] == [20] * len(VP_SCALE)


def test_games_won_count_a_level_game_as_half():
    assert (game_won(10, 5), game_won(5, 5), game_won(5, 10)) == (1.0, 0.5, 0.0)


def test_round_average_rounds_half_up():
    results = [TableResult(1, 1, (1,), (2,), 5000, 3005), TableResult(1, 2, (3,), (4,), 2000, 1000)]
    assert round_average(results) == 2751  # 11005 / 4 = 2751.25
    assert round_average([TableResult(1, 1, (1,), (2,), 15, 0)]) == 8  # 7.5 rounds up
    assert round_average([]) is None


def test_pairs_standings_with_a_sit_out_worked_by_hand():
    names = {1: "Ann & Bob", 2: "Cy & Di", 3: "Ed & Flo"}
    results = [
        TableResult(1, 1, (1,), (2,), 5100, 3200),  # 3 sits out: average (5100+3200)/2 = 4150
        TableResult(2, 1, (1,), (3,), 2500, 5000),  # 2 sits out: average 3750
        TableResult(3, 1, (2,), (3,), 4000, 4000),  # 1 sits out: average 4000
    ]
    lines = compute(names, results, {1: [3], 2: [2], 3: [1]}, scoring="points")
    got = {s.entry: (s.points, s.won, s.difference, s.played, s.sat_out, s.place) for s in lines}
    assert got[1] == (5100 + 2500 + 4000, 1.0, 1900 - 2500 + 0, 2, 1, 2)
    assert got[2] == (3200 + 3750 + 4000, 0.5, -1900 + 0 + 0, 2, 1, 3)
    assert got[3] == (4150 + 5000 + 4000, 1.5, 0 + 2500 + 0, 2, 1, 1)
    assert [s.entry for s in lines] == [3, 1, 2]


def test_vp_standings_rank_by_vp_then_the_written_tie_breaks():
    names = {1: "A", 2: "B", 3: "C", 4: "D"}
    results = [
        TableResult(1, 1, (1,), (2,), 5000, 4000),  # difference 1000: 14-6
        TableResult(1, 2, (3,), (4,), 5000, 4000),  # 14-6
        TableResult(2, 1, (1,), (3,), 4000, 5000),  # 6-14
        TableResult(2, 2, (2,), (4,), 5500, 4000),  # difference 1500: 16-4
    ]
    lines = compute(names, results, scoring="vp")
    by_entry = {s.entry: s for s in lines}
    assert (by_entry[1].vp, by_entry[2].vp, by_entry[3].vp, by_entry[4].vp) == (20, 22, 28, 10)
    assert [s.entry for s in lines] == [3, 2, 1, 4]
    # Equal on every key: the place is shared.
    tied = compute({1: "A", 2: "B"}, [TableResult(1, 1, (1,), (2,), 3000, 3000)], scoring="vp")
    assert [(s.place, s.shared) for s in tied] == [(1, True), (1, True)]


def test_individuals_each_player_scores_the_side_total():
    names = {i: f"P{i}" for i in range(1, 5)}
    lines = compute(names, [TableResult(1, 1, (1, 3), (2, 4), 5200, 3100)], scoring="points")
    by_entry = {s.entry: s for s in lines}
    assert by_entry[1].points == by_entry[3].points == 5200
    assert by_entry[1].games[0].partners == (3,) and by_entry[1].games[0].opponents == (2, 4)
    assert by_entry[2].won == 0 and by_entry[4].against == 5200
    with pytest.raises(ValueError):
        compute(names, [], scoring="matchpoints")

"""Formats clubs use (docs/RULES.md §6): a game of a fixed number of deals, and a minimum that follows the deal
number. Figures worked out by hand in each docstring."""
import pytest

from scorekeeper.rules import UnknownOption, game_state, score_deal

from .helpers import P
from .helpers import totals


def test_a_game_of_three_deals_is_won_on_points_after_the_third():
    """deals_in_game 3: not over after deal 2 though 6,000 passes the target; over after deal 3, most points win."""
    p = P("bicycle", deals_in_game=3)
    assert game_state(p, {"we": 6000, "they": 100}, 2) == (False, None)
    assert game_state(p, {"we": 600, "they": 100}, 3) == (True, "we")
    assert game_state(p, {"we": 600, "they": 100}) == (False, None)  # no deal count: not decided


def test_leaders_level_after_the_last_deal_play_one_more():
    """Level at 600 after deal 3: a fourth deal. b scores 50 in it, a 0: b wins 650 to 600."""
    p = P("classic", deals_in_game=3)
    level = score_deal(p, {"a": totals(meld_points=100), "b": totals(meld_points=100)}, {"a": 500, "b": 500},
                       deal_number=3)
    assert (level.game_over, level.winner) == (False, None)
    fourth = score_deal(p, {"a": totals(), "b": totals(meld_points=50)}, {"a": 600, "b": 600}, deal_number=4)
    assert (fourth.game_over, fourth.winner) == (True, "b")


def test_a_minimum_that_follows_the_deal_number():
    """minimum_by_deal 125 155 180: after deal 1 the next needs 155, after deal 2 180, after deal 7 still 180,
    whatever the totals (here 4,000, which by the Modern American table would need 155 anyway, and -20)."""
    p = P("modern-american", minimum_by_deal=[125, 155, 180])
    sides = {"a": totals(meld_points=100), "b": totals(hand_points=20)}
    assert {k: r.minimum for k, r in score_deal(p, sides, {"a": 3900}, deal_number=1).sides.items()} == \
        {"a": 155, "b": 155}
    assert score_deal(p, sides, {"a": 3900}, deal_number=2).sides["b"].minimum == 180
    assert score_deal(p, sides, {"a": 3900}, deal_number=7).sides["a"].minimum == 180
    assert p.minimum(0, 1) == 125 and p.minimum(4000) == 155  # without a deal number, by the total
    bicycle = P("bicycle", minimum_by_deal=(50, 90))
    assert (bicycle.minimum(-500, 1), bicycle.minimum(-500, 2), bicycle.minimum(-500)) == (50, 90, 0)


@pytest.mark.parametrize("options,name", [
    ({"deals_in_game": 100}, "deals_in_game"),
    ({"deals_in_game": -1}, "deals_in_game"),
    ({"minimum_by_deal": [125, 153]}, "minimum_by_deal"),
    ({"minimum_by_deal": "125 155"}, "minimum_by_deal"),
])
def test_a_format_the_engine_cannot_read_is_refused(options, name):
    with pytest.raises(UnknownOption) as info:
        P("bicycle", **options)
    assert info.value.field == f"options.{name}"


def test_formats_read_from_text():
    """The forms and links give the values as text: "125 155 180", "125/155/180", "" and "6"."""
    p = P("bicycle")
    option = {o.name: o for o in p.options}
    assert option["minimum_by_deal"].read("125 155 180") == (125, 155, 180)
    assert option["minimum_by_deal"].read("125/155/180") == (125, 155, 180)
    assert option["minimum_by_deal"].read("") == option["minimum_by_deal"].read("()") == ()
    assert option["minimum_by_deal"].read("[125, 155]") == (125, 155)
    assert option["deals_in_game"].read("6") == 6

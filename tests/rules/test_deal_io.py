"""A deal as JSON and back (docs/API.md score/deal): parse_deal and its inverse to_dict make a round trip."""
from hypothesis import given, settings
from hypothesis import strategies as st
import pytest

from scorekeeper.rules import deal_to_dict, get_profile, parse_deal, score_deal
from scorekeeper.rules.deal_io import side_to_dict
from scorekeeper.rules.profiles import SPECIAL_CANASTAS

CARDS = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "2", "JK", "3H", "3D", "3S", "3C"]
card_lists = st.lists(st.sampled_from(CARDS), max_size=9).map(" ".join)
points = st.integers(min_value=0, max_value=2000).map(lambda n: n * 5)
totals = st.integers(min_value=-400, max_value=2000).map(lambda n: n * 5)
penalties = st.lists(
    st.sampled_from(["illegal-meld", "partial-withdrawal"])
    | st.builds(lambda p, r: {"points": p, "reason": r}, points, st.text(min_size=1, max_size=20).filter(str.strip)),
    max_size=3,
)
common = {
    "red_threes": st.integers(min_value=0, max_value=4),
    "black_threes": st.integers(min_value=0, max_value=4),
    "concealed": st.booleans(),
    "penalties": penalties,
}
by_cards = st.fixed_dictionaries(
    {"melds": st.lists(card_lists, max_size=4), "hands": st.lists(card_lists, max_size=2)},
    optional=common,
)
by_totals = st.fixed_dictionaries(
    {},
    optional={"meld_points": points, "hand_points": points,
              "canastas": st.dictionaries(st.sampled_from(SPECIAL_CANASTAS), st.integers(0, 3), max_size=3),
              **common},
)
bodies = st.dictionaries(st.sampled_from(["we", "they", "p1", "p2", "p3"]), by_cards | by_totals,
                         min_size=2, max_size=4).flatmap(
    lambda sides: st.fixed_dictionaries(
        {"sides": st.just(sides)},
        optional={"before": st.dictionaries(st.sampled_from(list(sides)), totals)},
    )
)


@settings(max_examples=200, deadline=None)
@given(bodies)
@pytest.mark.slow
def test_parse_then_write_then_parse_gives_the_same_deal(body):
    """to_dict writes what parse_deal reads: reading it back gives the same sides and totals."""
    sides, before = parse_deal(body)
    written = deal_to_dict(sides, before)
    assert parse_deal(written) == (sides, before)
    assert deal_to_dict(*parse_deal(written)) == written


def test_a_side_is_written_in_the_shape_of_the_api():
    sides, _ = parse_deal({"sides": {
        "we": {"melds": ["K K K 2", "7 7 7 7 7 7 7"], "hands": ["4 5", "3s"], "went_out": False,
               "penalties": [{"points": 50, "reason": "Slow play"}]},
        "they": {"meld_points": 120, "canastas": {"natural": 1}, "hand_points": 0, "red_threes": 2,
                 "went_out": True, "concealed": True, "penalties": ["illegal-meld"]},
    }})
    assert side_to_dict(sides["we"]) == {
        "melds": ["K K K 2", "7 7 7 7 7 7 7"], "hands": ["4 5", "3S"], "red_threes": 0, "black_threes": 0,
        "went_out": False, "concealed": False, "penalties": [{"points": 50, "reason": "Slow play"}],
    }
    assert side_to_dict(sides["they"]) == {
        "meld_points": 120, "canastas": {"natural": 1}, "hand_points": 0, "red_threes": 2, "black_threes": 0,
        "went_out": True, "concealed": True, "penalties": ["illegal-meld"],
    }


def test_the_deal_result_carries_each_sides_canastas_as_the_engine_counted_them():
    """modern-american: CANASTA, SEVENS AND ACES — the result says how many canastas of each kind each side has."""
    sides, _ = parse_deal({"sides": {
        "we": {"melds": ["7 7 7 7 7 7 7", "K K K K K K K", "Q Q Q Q Q 2 JK", "5 5 5"], "hands": []},
        "they": {"meld_points": 300, "canastas": {"wild_twos": 1, "mixed": 2}},  # at least 240: rules/floors.py
    }})
    result = score_deal(get_profile("modern-american"), sides)
    assert result.sides["we"].canasta_kinds == {"natural": 1, "mixed": 1, "sevens": 1}
    assert result.sides["they"].canasta_kinds == {"mixed": 2, "wild_twos": 1}
    assert (result.sides["we"].canastas, result.sides["they"].canastas) == (3, 3)
    classic = score_deal(get_profile("classic"), parse_deal({"sides": {
        "we": {"melds": ["7 7 7 7 7 7 7"]}, "they": {"canastas": {"natural": 0}}}})[0])
    assert classic.sides["we"].canasta_kinds == {"natural": 1}
    assert classic.sides["they"].canasta_kinds == {}
    assert "canastas" not in classic.to_dict()["sides"]["we"]  # the API's answer keeps its shape

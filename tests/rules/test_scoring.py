"""What does this deal score? docs/RULES.md §2.1 scoring rows and the modern-american sheet of §3.1."""
import dataclasses

import pytest
from hypothesis import given, settings, strategies as st

from scorekeeper.rules import (
    Card, CustomPenalty, ImpossibleDeal, InvalidCards, InvalidRequest, SideDeal, game_state, get_profile,
    parse_deal, score_deal,
)

from .helpers import P, bonuses, possible, totals
from .helpers import by_cards as side


def score(pid, we, they=None, before=None, **options):
    profile = P(pid, **options)
    return score_deal(profile, {"we": possible(profile, we), "they": possible(profile, they or totals())}, before)


def lines(result, name="we"):
    return {(line.code, str(line.label)): line.points for line in result.sides[name].breakdown}


def test_api_example_answer():
    """docs/API.md "What does this deal score?" — the example request and answer."""
    body = {
        "rules": "bicycle", "options": {}, "before": {"we": 1200, "they": 3100},
        "sides": {
            "we": {"melds": ["K K K K K K K", "7 7 2"], "red_threes": 1, "hands": ["5 9", ""], "went_out": True},
            "they": {"meld_points": 30, "canastas": {}, "red_threes": 0, "hand_points": 60,
                     "penalties": ["illegal-meld"]},
        },
    }
    sides, before = parse_deal(body)
    answer = score_deal(get_profile("bicycle"), sides, before).to_dict()
    assert answer["sides"]["we"]["deal"] == 785 and answer["sides"]["we"]["total"] == 1985
    assert answer["sides"]["we"]["minimum"] == 90
    assert {"code": "canastas", "label": "1 natural canasta", "points": 500} in answer["sides"]["we"]["breakdown"]
    assert answer["sides"]["they"] == {"deal": -130, "total": 2970, "minimum": 90, "breakdown": [
        {"code": "melded", "label": "Cards melded", "points": 30},
        {"code": "hand", "label": "Cards left in hand", "points": -60},
        {"code": "penalty", "label": "Illegal meld taken back", "points": -100}]}
    assert answer["game_over"] is False and answer["winner"] is None and answer["warnings"] == []


@pytest.mark.parametrize("pid", ["bicycle", "yahoo", "silhill", "classic"])
def test_red_threes_100_each_800_for_four(pid):
    """bicycle: Red Threes; yahoo: Canasta¶ (Y-A2); silhill: §2; classic: Red Threes — 100 each, four 800."""
    assert score(pid, totals(meld_points=30, red_threes=3)).sides["we"].deal == 330
    assert score(pid, totals(meld_points=30, red_threes=4)).sides["we"].deal == 830


@pytest.mark.parametrize("pid", ["bicycle", "silhill", "classic"])
def test_red_threes_minus_without_meld(pid):
    """bicycle: Red Threes; silhill: §6c; classic: Red Threes — a side with no meld loses them."""
    assert score(pid, totals(red_threes=2)).sides["we"].deal == -200
    assert score(pid, totals(red_threes=4)).sides["we"].deal == -800


def test_yahoo_red_threes_negative_without_meld():
    """yahoo: Canasta¶ (docs/RULES.md Y-A1) — minus without a meld by default; option makes them plus."""
    assert score("yahoo", totals(red_threes=2)).sides["we"].deal == -200
    assert score("yahoo", totals(red_threes=2), red_threes_negative_without_meld=False).sides["we"].deal == 200


def test_silhill_all_four_red_threes_negative():
    """silhill: §6c (docs/RULES.md S-A6) — four red threes without melds -800; option 400."""
    assert score("silhill", totals(red_threes=4)).sides["we"].deal == -800
    assert score("silhill", totals(red_threes=4), all_four_red_threes_negative=400).sides["we"].deal == -400


@pytest.mark.parametrize("pid", ["bicycle", "yahoo", "silhill", "classic"])
def test_going_out_and_concealed(pid):
    """bicycle: Scoring the Deal; yahoo: Canasta¶ (Y-A3); silhill: §6d-e; classic: Scoring a Deal."""
    assert bonuses(score(pid, totals(went_out=True, canastas={"natural": 1}))) == 600
    result = score(pid, totals(went_out=True, concealed=True, canastas={"natural": 1}))
    assert bonuses(result) == 700
    assert lines(result)[("concealed", "Went out concealed")] == 100


@pytest.mark.parametrize("pid", ["bicycle", "yahoo", "silhill", "classic"])
def test_canasta_bonuses_500_300(pid):
    """bicycle: Canastas; yahoo: Canasta¶; silhill: §3; classic: Melds¶ — natural 500, mixed 300."""
    result = score(pid, totals(canastas={"natural": 2, "mixed": 1}, meld_points=200))
    assert lines(result)[("canastas", "2 natural canastas")] == 1000
    assert lines(result)[("canastas", "1 mixed canasta")] == 300


def test_bicycle_natural_canasta_with_wild_is_mixed():
    """bicycle: Canastas — a natural canasta that takes a wild card scores as mixed."""
    result = score("bicycle", side(["K K K K K K K 2 JK JK JK"]))
    assert lines(result)[("canastas", "1 mixed canasta")] == 300


def test_modern_american_special_canastas():
    """modern-american: scoring (docs/RULES.md §3.1, outside sources) — sevens/aces 2500, wild 2000/2500/3000."""
    result = score("modern-american", side(["7 7 7 7 7 7 7", "A A A A A A A", "2 2 2 2 2 2 2"],
                                           went_out=True))
    assert result.sides["we"].deal == 100 + 2500 + 2500 + 3000 + 35 + 140 + 140
    result = score("modern-american", side(["JK JK JK JK 2 2 2", "Q Q Q Q Q Q Q"]))
    assert lines(result)[("canastas", "1 wild-card canasta with four jokers")] == 2500
    result = score("modern-american", side(["JK JK JK 2 2 2 2", "Q Q Q Q Q Q Q"]))
    assert lines(result)[("canastas", "1 wild-card canasta")] == 2000


@pytest.mark.parametrize("red,black,canastas,expected", [
    (1, 0, 2, 100), (2, 0, 2, 300), (3, 0, 2, 500), (4, 0, 2, 1000), (2, 4, 2, 1300),
    (2, 1, 1, 0), (1, 1, 0, -200), (4, 4, 0, -2000),
])
def test_modern_american_threes_per_colour(red, black, canastas, expected):
    """modern-american: THREES; scoring (docs/RULES.md §3.1) — per colour 100/300/500/1000, sign by canastas."""
    result = score("modern-american",
                   totals(red_threes=red, black_threes=black, canastas={"natural": canastas}))
    assert bonuses(result) - 500 * canastas == expected


def test_modern_american_incomplete_melds():
    """modern-american: SEVENS AND ACES (docs/RULES.md §3.1) — unfinished sevens -2500, pure aces -2500, wild -2000."""
    result = score("modern-american", side(["7 7 7", "A A A", "2 2 JK", "Q Q Q Q Q Q Q"]))
    codes = [(str(l.label), l.points) for l in result.sides["we"].breakdown if l.code == "penalty"]
    assert codes == [("Sevens meld not completed", -2500), ("Aces meld not completed", -2500),
                     ("Wild-card meld not completed", -2000)]


def test_modern_american_mixed_aces_not_penalised():
    """modern-american: SEVENS AND ACES (docs/RULES.md M-A6) — aces with wilds from the opening: no penalty."""
    result = score("modern-american", side(["A A A 2", "Q Q Q Q Q Q Q"]))
    assert not [l for l in result.sides["we"].breakdown if l.code == "penalty"]
    switched = score("modern-american", side(["A A A 2", "Q Q Q Q Q Q Q"]), incomplete_mixed_aces_penalised=True)
    assert [l.points for l in switched.sides["we"].breakdown if l.code == "penalty"] == [-2500]


def test_modern_american_sevens_and_aces_in_hand():
    """modern-american: SEVENS AND ACES (docs/RULES.md §3.1, M-A9) — -1500 per player per rank with three or more."""
    result = score("modern-american", side(["Q Q Q Q Q Q Q"], hands=["7 7 7 A A A", "7 7 7"]))
    assert [l.points for l in result.sides["we"].breakdown if l.code == "penalty"] == [-1500, -1500, -1500]


def test_modern_american_melds_minus_without_canasta():
    """modern-american: scoring (docs/RULES.md §3.1, M-A15) — melded cards count minus without a canasta."""
    assert score("modern-american", totals(meld_points=100)).sides["we"].deal == -100
    assert score("modern-american", totals(meld_points=100),
                 melds_count_minus_without_canasta=False).sides["we"].deal == 100


def test_modern_american_no_concealed_bonus():
    """modern-american: scoring (docs/RULES.md §3.1) — no concealed bonus; a warning says so."""
    result = score("modern-american", totals(went_out=True, concealed=True, canastas={"natural": 2}))
    assert bonuses(result) == 1100
    assert "deal.concealed_without_bonus" in {w.code for w in result.warnings}


def test_went_out_with_too_few_canastas_warns():
    """modern-american: END OF PLAY — going out needs two canastas: scored, with a warning."""
    result = score("modern-american", totals(went_out=True, canastas={"natural": 1}))
    assert "deal.went_out_without_canastas" in {w.code for w in result.warnings}


def test_two_sides_out_is_impossible():
    """docs/API.md — two sides going out cannot happen."""
    with pytest.raises(ImpossibleDeal) as info:
        score("bicycle", totals(went_out=True), totals(went_out=True))
    assert info.value.code == "deal.impossible"


def test_concealed_without_going_out_is_impossible():
    """docs/API.md — concealed implies went_out; went_out explicitly false with concealed true is impossible."""
    with pytest.raises(ImpossibleDeal):
        score("bicycle", totals(concealed=True))
    sides, _ = parse_deal({"sides": {"we": {"concealed": True}, "they": {}}})
    assert sides["we"].went_out is True
    sides, _ = parse_deal({"sides": {"we": {"concealed": True, "went_out": False}, "they": {}}})
    with pytest.raises(ImpossibleDeal):
        score_deal(get_profile("bicycle"), sides)


def test_too_many_threes_is_impossible():
    """docs/API.md — more threes of a colour than the pack holds, across sides."""
    with pytest.raises(ImpossibleDeal):
        score("bicycle", totals(red_threes=3), totals(red_threes=2))
    with pytest.raises(ImpossibleDeal):
        score("modern-american", totals(black_threes=3), totals(black_threes=2))


def test_too_many_cards_is_impossible():
    """docs/API.md — more cards of a kind than the pack holds, across sides."""
    with pytest.raises(ImpossibleDeal):
        score("bicycle", side(["K K K K K"]), side(["K K K"], hands=["K"]))


def test_black_threes_outside_modern_american():
    """docs/API.md — black_threes above 0 outside modern-american is a 400."""
    with pytest.raises(InvalidRequest) as info:
        score("bicycle", totals(black_threes=1))
    assert info.value.field == "sides.we.black_threes"


def test_penalty_codes_and_custom():
    """bicycle: Red Threes — -500 for an undeclared red three; custom penalties deduct their points."""
    result = score("bicycle", totals(meld_points=50, penalties=("undeclared-red-three", CustomPenalty(100, "Slow"))))
    assert result.sides["we"].deal == -550
    with pytest.raises(InvalidRequest):
        score("yahoo", totals(penalties=("undeclared-red-three",)))


def test_game_state():
    """bicycle: Scoring the Game (B-A9) — over at the target; higher total wins; tie has no winner."""
    p = get_profile("bicycle")
    assert game_state(p, {"we": 4995, "they": 100}) == (False, None)
    assert game_state(p, {"we": 5000, "they": 5200}) == (True, "they")
    assert game_state(p, {"we": 5200, "they": 5200}) == (True, None)
    assert game_state(p.with_options({"target": 3000}), {"we": 3000, "they": 0}) == (True, "we")


@pytest.mark.parametrize("body,field", [
    ({}, "sides"),
    ({"sides": {"we": {}}}, "sides"),
    ({"sides": {"we": {"melds": ["K K K"], "meld_points": 30}, "they": {}}}, "sides.we"),
    ({"sides": {"we": {"meld_points": -5}, "they": {}}}, "sides.we.meld_points"),
    ({"sides": {"we": {"meld_points": 12}, "they": {}}}, "sides.we.meld_points"),
    ({"sides": {"we": {"meld_points": 1.5}, "they": {}}}, "sides.we.meld_points"),
    ({"sides": {"we": {"red_threes": 13}, "they": {}}}, "sides.we.red_threes"),  # six packs hold twelve
    ({"sides": {"we": {"went_out": "yes"}, "they": {}}}, "sides.we.went_out"),
    ({"sides": {"we": {"canastas": {"golden": 1}}, "they": {}}}, "sides.we.canastas.golden"),
    ({"sides": {"we": {"penalties": [{"reason": "x"}]}, "they": {}}}, "sides.we.penalties[0].points"),
    ({"sides": {"we": {"melds": "K K K"}, "they": {}}}, "sides.we.melds"),
    ({"sides": {"we": {}, "they": {}}, "before": {"us": 5}}, "before.us"),
    ({"sides": {"we": {"colour": 1}, "they": {}}}, "sides.we.colour"),
])
def test_parse_deal_errors(body, field):
    """docs/API.md — malformed deals are 400s with a precise field."""
    with pytest.raises(InvalidRequest) as info:
        parse_deal(body)
    assert info.value.field == field


def test_parse_deal_bad_card_field():
    """docs/API.md Errors — a bad card names its place."""
    with pytest.raises(InvalidCards) as info:
        parse_deal({"sides": {"we": {"melds": ["K K K", "Q Z Q"]}, "they": {}}})
    assert info.value.field == "sides.we.melds[1]"


def test_canasta_kind_unknown_to_profile():
    """docs/API.md — sevens, aces and wild canastas exist only under modern-american."""
    with pytest.raises(InvalidRequest):
        score("bicycle", totals(canastas={"sevens": 1}))


CARDS = [Card(r) for r in ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "2", "JK")]
HAND = st.lists(st.sampled_from(CARDS), max_size=8).map(tuple)
MELD = st.tuples(st.sampled_from(CARDS[:11]), st.integers(3, 8), st.integers(0, 2)).map(
    lambda t: (t[0],) * t[1] + (Card("2"),) * t[2])


@st.composite
def sides(draw):
    we_out = draw(st.booleans())
    we = SideDeal(melds=tuple(draw(st.lists(MELD, max_size=3))), hands=tuple(draw(st.lists(HAND, max_size=2))),
                  red_threes=draw(st.integers(0, 2)), went_out=we_out,
                  concealed=we_out and draw(st.booleans()))
    they = SideDeal(meld_points=draw(st.integers(0, 60)) * 5, hand_points=draw(st.integers(0, 60)) * 5,
                    canastas={"natural": draw(st.integers(0, 2)), "mixed": draw(st.integers(0, 2))},
                    red_threes=draw(st.integers(0, 2)), penalties=(CustomPenalty(draw(st.integers(0, 40)) * 5, "x"),))
    return {"we": we, "they": they}


@settings(max_examples=200, deadline=None)
@given(sides(), st.sampled_from(["bicycle", "yahoo", "modern-american", "silhill", "classic"]),
       st.integers(-400, 2000).map(lambda n: n * 5))
@pytest.mark.slow
def test_breakdown_adds_up_and_scores_are_multiples_of_5(deal, pid, before):
    """docs/API.md — the breakdown adds up to the deal; every score is a multiple of 5 (docs/RULES.md conventions)."""
    try:
        result = score_deal(get_profile(pid), deal, {"we": before})
    except ImpossibleDeal:
        return
    for name, res in result.sides.items():
        assert sum(line.points for line in res.breakdown) == res.deal
        assert res.deal % 5 == 0 and res.total % 5 == 0 and res.minimum % 5 == 0
        for line in res.breakdown:
            assert line.points % 5 == 0 and str(line.label)


def test_threes_are_signed_as_threes_sign_by_says():
    """docs/RULES.md §2.1 threes.negativeWhen — the sign follows threes_sign_by, whatever values the threes.

    modern-american (per colour, by canastas) and the classic profiles (red each, by melds) keep their scores;
    the two other combinations follow the same two fields.
    """
    mac_by_melds = dataclasses.replace(get_profile("modern-american"), threes_sign_by="melds")
    result = score_deal(mac_by_melds, {"we": totals(meld_points=50, red_threes=2), "they": totals(red_threes=1)})
    assert lines(result)[("red_threes", "2 red threes")] == 300
    assert lines(result, "they")[("red_threes", "1 red three (no meld: minus)")] == -100
    bicycle_by_canastas = dataclasses.replace(get_profile("bicycle"), threes_sign_by="canastas")
    result = score_deal(bicycle_by_canastas, {"we": totals(meld_points=50, canastas={"natural": 1}, red_threes=4),
                                              "they": totals(meld_points=50, red_threes=0)})
    assert lines(result)[("red_threes", "4 red threes (one canasta: not counted)")] == 0


# --- a deal by totals must fit in one 108-card pack ---------------------------------------------

def impossible(pid, we, they=None):
    with pytest.raises(ImpossibleDeal) as info:
        score(pid, we, they)
    assert info.value.code == "deal.impossible"
    return info.value


def test_a_million_canastas_do_not_fit_in_the_pack():
    """docs/API.md score/deal — deal.impossible: each canasta takes seven of the pack's cards."""
    error = impossible("bicycle", totals(canastas={"natural": 1_000_000}))
    assert error.field == "sides.we.canastas"
    assert "the pack holds only 100" in str(error.message)


@pytest.mark.parametrize("pid", ["bicycle", "yahoo", "silhill", "classic"])
def test_natural_canastas_one_per_rank_across_the_sides(pid):
    """A natural canasta takes 7 of the 8 cards of its rank: eleven ranks, eleven at most in a deal."""
    score(pid, totals(canastas={"natural": 6}), totals(canastas={"natural": 5}))
    assert impossible(pid, totals(canastas={"natural": 6}), totals(canastas={"natural": 6})).field == \
        "sides.they.canastas"


def test_mixed_canastas_need_a_wild_card_each():
    """The pack holds 12 wild cards; every mixed canasta holds at least one."""
    score("bicycle", totals(canastas={"mixed": 6}), totals(canastas={"mixed": 6}))
    error = impossible("bicycle", totals(canastas={"mixed": 7}), totals(canastas={"mixed": 6}))
    assert error.field == "sides.they.canastas" and "12: 8 twos and 4 jokers" in str(error.message)


def test_canastas_need_seven_cards_each():
    """88 naturals and 12 wild cards: fifteen canastas of seven cards cannot be laid from them."""
    error = impossible("bicycle", totals(canastas={"natural": 3, "mixed": 12}))
    assert error.field == "sides.we.canastas" and "the pack holds only 100" in str(error.message)


def test_modern_american_wild_canastas_share_the_eight_twos_and_four_jokers():
    """modern-american: scoring (docs/RULES.md §3.1) — seven twos, or four jokers and three twos, or seven wilds."""
    score("modern-american", totals(canastas={"wild_twos": 1}), totals(canastas={"mixed": 5}))
    error = impossible("modern-american", totals(canastas={"wild_twos": 1}), totals(canastas={"wild_twos": 1}))
    assert error.field == "sides.they.canastas" and "14 twos" in str(error.message)
    assert "twos" in str(impossible("modern-american", totals(canastas={"wild_twos": 1, "wild_jokers": 1})).message)
    assert impossible("modern-american", totals(canastas={"wild": 1}), totals(canastas={"wild": 1})).field == \
        "sides.they.canastas"
    impossible("modern-american", totals(canastas={"wild_twos": 1}), totals(canastas={"mixed": 6}))
    impossible("modern-american", totals(canastas={"wild_jokers": 2}))


def test_modern_american_sevens_and_aces_canastas_once_each():
    """The pack holds eight sevens and eight aces: one pure canasta of each in a deal."""
    score("modern-american", totals(canastas={"sevens": 1, "aces": 1}), totals(canastas={"natural": 9}))
    assert "sevens" in str(impossible("modern-american", totals(canastas={"sevens": 1}),
                                      totals(canastas={"sevens": 1})).message)
    assert impossible("modern-american", totals(canastas={"natural": 10})).field == "sides.we.canastas"


def test_cards_listed_card_by_card_count_against_the_same_pack():
    we = side(["K K K K K K K"], hands=["2 2"])
    score("modern-american", we, totals(canastas={"wild_twos": 0, "mixed": 1}))
    assert impossible("modern-american", we, totals(canastas={"wild_twos": 1})).field == "sides.they.canastas"


def test_a_negative_canasta_count_is_impossible():
    error = impossible("bicycle", totals(canastas={"natural": -1}))
    assert error.field == "sides.we.canastas.natural"


@pytest.mark.parametrize("pid,pack", [("bicycle", 1180), ("classic", 1180), ("modern-american", 1200)])
def test_points_never_exceed_what_the_pack_is_worth(pid, pack):
    """4 jokers 50, 8 twos 20, 8 aces 20, 48 cards K to 8 at 10, 32 cards 7 to 4 at 5, black threes 5
    (modern-american: red threes left in a hand 5 too)."""
    score(pid, totals(meld_points=pack), totals())
    score(pid, totals(meld_points=pack - 100), totals(hand_points=100))
    error = impossible(pid, totals(meld_points=pack + 5))
    assert error.field == "sides.we.meld_points" and f"worth only {pack}" in str(error.message)
    assert impossible(pid, totals(hand_points=pack + 5)).field == "sides.we.hand_points"
    error = impossible(pid, totals(meld_points=pack - 100), totals(hand_points=105))
    assert error.field == "sides.they.hand_points" and "add up to" in str(error.message)


def test_negative_points_are_impossible():
    assert impossible("bicycle", totals(meld_points=-5)).field == "sides.we.meld_points"
    assert impossible("bicycle", totals(hand_points=-50)).field == "sides.we.hand_points"


def test_points_of_a_side_given_card_by_card_count_too():
    we = side(["JK JK JK JK"], hands=["A A"])  # 240 points
    score("bicycle", we, totals(hand_points=1180 - 240))
    assert impossible("bicycle", we, totals(hand_points=1180 - 235)).field == "sides.they.hand_points"


def test_parse_deal_with_a_million_canastas():
    """docs/API.md score/deal — the same answer through parse_deal."""
    sides, before = parse_deal({"sides": {"we": {"canastas": {"natural": 1_000_000}}, "they": {}}})
    with pytest.raises(ImpossibleDeal) as info:
        score_deal(get_profile("yahoo"), sides, before)
    assert info.value.field == "sides.we.canastas"


@pytest.mark.parametrize("pid", ["bicycle", "yahoo", "modern-american", "silhill", "classic"])
def test_declared_canastas_hold_at_least_their_cheapest_cards(pid):
    """bicycle: Canastas; yahoo: Canasta¶; modern-american: CANASTA; silhill: §3; classic: Melds¶ — a canasta is
    seven cards whose values count in the melded cards, so card points melded below what the declared canastas
    hold at the least cannot have happened (rules/floors.py): score_deal refuses it, whoever asks."""
    profile = P(pid)
    floor = 2 * 7 * min(profile.card_points(Card(rank)) for rank in ("K", "Q", "J", "10", "9", "8", "6", "5", "4"))
    with pytest.raises(ImpossibleDeal) as refused:
        score_deal(profile, {"we": totals(went_out=True, canastas={"natural": 2}, meld_points=floor - 5),
                             "they": totals()})
    assert refused.value.field == "sides.we.meld_points"
    result = score_deal(profile, {"we": totals(went_out=True, canastas={"natural": 2}, meld_points=floor),
                                  "they": totals()})
    assert bonuses(result) == profile.going_out_bonus + 2 * profile.natural_canasta_bonus

"""Deal scoring, rule by rule: docs/RULES.md §2.1 scoring rows, §3.1 (modern-american sheet) and §4 readings; the
breakdown adds up to the deal under every profile and every club option."""
import dataclasses

import pytest
from hypothesis import given, settings, strategies as st

from scorekeeper.rules import (
    PROFILES, Card, CustomPenalty, ImpossibleDeal, InvalidRequest, SideDeal, game_state, get_profile,
    profile_options, score_deal, scores_black_threes,
)
from scorekeeper.rules.cards import SEQUENCE_RANKS

from .helpers import P, bonuses, possible, totals
from .helpers import by_cards as side


def deal(pid, we, they=None, before=None, **options):
    profile = P(pid, **options)
    return score_deal(profile, {"we": possible(profile, we), "they": possible(profile, they or totals())}, before)


def points(result, code, name="we"):
    return [line.points for line in result.sides[name].breakdown if line.code == code]


# --- classic profiles ----------------------------------------------------------------------------

@pytest.mark.parametrize("pid", ["bicycle", "yahoo", "silhill", "classic"])
def test_going_out_bonus_100(pid):
    """bicycle: Scoring the Deal; yahoo: Canasta¶; silhill: §6d; classic: Scoring a Deal — 100 for going out."""
    result = deal(pid, totals(went_out=True, canastas={"mixed": 1}, meld_points=100))
    assert points(result, "going_out") == [100] and result.sides["we"].deal == 500
    assert points(deal(pid, totals(canastas={"mixed": 1}, meld_points=100)), "going_out") == []


@pytest.mark.parametrize("pid", ["bicycle", "yahoo", "silhill", "classic"])
def test_red_threes_one_two_three_four(pid):
    """bicycle: Red Threes; yahoo: Canasta¶ (Y-A2); silhill: §6c; classic: Red Threes — 100 each; four 800."""
    for count, value in ((1, 100), (2, 200), (3, 300), (4, 800)):
        assert points(deal(pid, totals(meld_points=30, red_threes=count)), "red_threes") == [value]


@pytest.mark.parametrize("pid", ["bicycle", "yahoo", "silhill", "classic"])
def test_red_threes_plus_with_only_a_canasta(pid):
    """bicycle: Red Threes — any meld makes them count plus, a canasta included."""
    assert points(deal(pid, totals(canastas={"natural": 1}, red_threes=1)), "red_threes") == [100]


def test_bicycle_all_four_red_threes_minus_800():
    """bicycle: Red Threes — a side with no meld is debited what the threes would have earned: -800 for four."""
    assert points(deal("bicycle", totals(red_threes=4)), "red_threes") == [-800]


@pytest.mark.parametrize("pid", ["bicycle", "yahoo", "silhill", "classic"])
def test_melded_cards_plus_hand_cards_minus(pid):
    """bicycle: Scoring the Deal; yahoo: Scoring; silhill: §6b; classic: Melds¶ — melded plus, hand minus."""
    result = deal(pid, side(["K K K", "A A 2"], hands=["JK 4", "7"]))
    assert points(result, "melded") == [90] and points(result, "hand") == [-60]
    assert result.sides["we"].deal == 30


@pytest.mark.parametrize("pid", ["bicycle", "yahoo", "silhill", "classic"])
def test_no_minus_for_melds_without_canasta(pid):
    """bicycle: Scoring the Deal; yahoo: Scoring; silhill: §6b; classic: Melds¶ — melded cards count plus."""
    assert deal(pid, totals(meld_points=100)).sides["we"].deal == 100


@pytest.mark.parametrize("pid", ["bicycle", "yahoo", "silhill", "classic"])
def test_no_special_canastas_or_penalties(pid):
    """bicycle: Canastas; yahoo: Canasta¶; silhill: §3; classic: Melds¶ — a canasta of sevens is natural."""
    result = deal(pid, side(["7 7 7 7 7 7 7", "A A A"], hands=["7", "A A A"]))
    assert points(result, "canastas") == [500] and points(result, "penalty") == []


def test_bicycle_undeclared_red_three_only_500():
    """bicycle: Red Threes (docs/RULES.md B-A8) — -500 only: no bonus, not counted as a hand card."""
    result = deal("bicycle", side(["K K K"], hands=["3H 9"], penalties=("undeclared-red-three",)))
    assert result.sides["we"].deal == 30 - 10 - 500
    assert "deal.red_three_in_hand" in {w.code for w in result.warnings}


def test_bicycle_penalty_amounts():
    """bicycle: Meld Restrictions — illegal meld -100, partial withdrawal -100."""
    result = deal("bicycle", totals(meld_points=200, penalties=("illegal-meld", "partial-withdrawal")))
    assert points(result, "penalty") == [-100, -100] and result.sides["we"].deal == 0


@pytest.mark.parametrize("pid", ["yahoo", "silhill", "classic"])
def test_no_listed_penalties(pid):
    """yahoo, silhill, classic: no penalties stated — only custom ones may be charged."""
    assert get_profile(pid).penalties == ()
    assert deal(pid, totals(penalties=(CustomPenalty(50, "Slow play"),))).sides["we"].deal == -50


@pytest.mark.parametrize("pid", ["bicycle", "yahoo", "silhill", "classic"])
def test_black_three_in_hand_minus_5(pid):
    """bicycle: Point Value of Cards (and the others) — a black three left in hand costs 5."""
    assert points(deal(pid, side(["K K K"], hands=["3S"])), "hand") == [-5]


# --- modern-american (docs/RULES.md §3.1) -------------------------------------------------------------

@pytest.mark.parametrize("count,value", [(1, 100), (2, 300), (3, 500), (4, 1000)])
def test_modern_american_threes_table(count, value):
    """modern-american: THREES; docs/RULES.md §3.1 — per colour 1=100, 2=300, 3=500, 4=1000; plus with two canastas,
    nothing with one, minus with none."""
    for canastas, sign in ((2, 1), (1, 0), (0, -1)):
        result = deal("modern-american", totals(red_threes=count, black_threes=count,
                                                canastas={"natural": canastas}))
        assert points(result, "red_threes") == [sign * value]
        assert points(result, "black_threes") == [sign * value]


def test_modern_american_threes_sign_counts_every_kind_of_canasta():
    """modern-american: THREES; docs/RULES.md §3.1 — a sevens and a wild canasta are two canastas."""
    result = deal("modern-american", totals(red_threes=1, canastas={"sevens": 1, "wild": 1}))
    assert points(result, "red_threes") == [100]


def test_modern_american_threes_by_melds_not_by_canastas():
    """modern-american: THREES — melds without a canasta do not save the threes from counting minus."""
    result = deal("modern-american", side(["K K K K K K", "Q Q Q"], red_threes=2))
    assert points(result, "red_threes") == [-300]


def test_modern_american_three_left_in_hand_minus_5():
    """modern-american: docs/RULES.md §3.1 (EBB(CLA)) — a three stuck in hand counts -5, red or black."""
    result = deal("modern-american", side(["K K K K K K K", "Q Q Q Q Q Q Q"], hands=["3H 3S"]))
    assert points(result, "hand") == [-10]


def test_modern_american_mixed_aces_canasta_is_mixed():
    """modern-american: SEVENS AND ACES; docs/RULES.md §3.1 (WIKI-US) — aces mixed at the opening: a 300 canasta."""
    result = deal("modern-american", side(["A A A A A 2 2", "K K K K K K K"]))
    assert sorted(points(result, "canastas")) == [300, 500] and points(result, "penalty") == []


def test_modern_american_incomplete_wild_meld_with_four_jokers():
    """modern-american: docs/RULES.md §3.1 — an unfinished wild-card meld costs 2000 (the 2500 jokers variant of
    EBB(pagat) is not the reading)."""
    result = deal("modern-american", side(["JK JK JK JK 2 2", "K K K K K K K"]))
    assert points(result, "penalty") == [-2000]


def test_modern_american_finished_sevens_and_aces_no_penalty():
    """modern-american: SEVENS AND ACES — a completed sevens or aces canasta carries its 2500 bonus, no penalty."""
    result = deal("modern-american", side(["7 7 7 7 7 7 7", "A A A A A A A"]))
    assert points(result, "penalty") == [] and points(result, "canastas") == [2500, 2500]


def test_modern_american_two_players_each_with_three_sevens():
    """modern-american: SEVENS AND ACES (docs/RULES.md M-A9) — per player: two hands with three sevens, -3000."""
    result = deal("modern-american", side(["K K K K K K K"], hands=["7 7 7", "7 7 7 9"]))
    assert points(result, "penalty") == [-1500, -1500]
    assert points(result, "hand") == [-(15 + 25)]


def test_modern_american_two_sevens_no_penalty():
    """modern-american: SEVENS AND ACES — only three or more sevens or aces in one hand are penalised."""
    result = deal("modern-american", side(["K K K K K K K"], hands=["7 7 A A", "7 A"]))
    assert points(result, "penalty") == []


def test_modern_american_melds_minus_and_hand_minus_without_canasta():
    """modern-american: docs/RULES.md §3.1 (M-A15) — without a canasta melded cards and hand cards both count minus."""
    result = deal("modern-american", side(["K K K", "Q Q Q Q"], hands=["9"]))
    assert result.sides["we"].deal == -(30 + 40) - 10


def test_modern_american_going_out_no_concealed_extra():
    """modern-american: docs/RULES.md §3.1 — going out 100, nothing more for concealed."""
    result = deal("modern-american", totals(went_out=True, concealed=True, canastas={"natural": 2}))
    assert points(result, "going_out") == [100] and points(result, "concealed") == []


def test_modern_american_target_8500():
    """modern-american: SCORING — the game ends when a team reaches 8,500."""
    p = get_profile("modern-american")
    assert game_state(p, {"we": 8495, "they": 0}) == (False, None)
    assert game_state(p, {"we": 8500, "they": 0}) == (True, "we")
    assert game_state(p, {"we": 8600, "they": 9000}) == (True, "they")


@pytest.mark.parametrize("pid", ["bicycle", "yahoo", "silhill", "classic"])
def test_game_target_5000(pid):
    """bicycle: Scoring the Game; yahoo: Basics; silhill: §6f; classic: Scoring a Game — 5,000."""
    p = get_profile(pid)
    assert game_state(p, {"we": 4995, "they": 4995}) == (False, None)
    assert game_state(p, {"we": 5000, "they": 4995}) == (True, "we")


def test_game_over_with_three_sides():
    """bicycle: Scoring the Game (B-A9) — the highest total wins, among any number of sides."""
    result = deal("bicycle", totals(meld_points=100), totals(meld_points=50), {"we": 4900, "they": 5000})
    assert result.game_over and result.winner == "they"
    p = get_profile("bicycle")
    assert game_state(p, {"a": 5100, "b": 5300, "c": 5200}) == (True, "b")


def test_deal_answer_shape():
    """docs/API.md score/deal — sides with deal, total, minimum, breakdown; game_over, winner, warnings."""
    result = deal("modern-american", totals(went_out=True, canastas={"natural": 1}))
    answer = result.to_dict()
    assert set(answer) == {"sides", "game_over", "winner", "warnings"}
    assert set(answer["sides"]["we"]) == {"deal", "total", "minimum", "breakdown"}
    for line in answer["sides"]["we"]["breakdown"]:
        assert set(line) == {"code", "label", "points"}
    assert answer["warnings"] and set(answer["warnings"][0]) == {"code", "message", "source"}


def test_totals_reject_canasta_kinds_of_other_profiles():
    """docs/API.md score/deal — wild_twos and friends only under modern-american."""
    with pytest.raises(InvalidRequest) as info:
        deal("yahoo", totals(canastas={"wild_twos": 1}))
    assert info.value.field == "sides.we.canastas.wild_twos"


def test_red_three_in_a_hand_counts_toward_the_pack():
    """docs/API.md score/deal — five red threes between the bonus count and the hands cannot happen."""
    with pytest.raises(ImpossibleDeal):
        deal("bicycle", side(["K K K"], hands=["3H"], red_threes=4))


# --- every score adds up, under every profile and every club option -------------------------------

def _option_values():
    values = []
    for pid, profile in PROFILES.items():
        for opt in profile_options(profile):
            for value in (opt.choices if opt.kind != "int" else (5000, 2500)):
                values.append((pid, opt.name, value))
    return values


OPTION_VALUES = _option_values()
NATURALS = [Card(r) for r in ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4")]
WILDS = [Card("2"), Card("JK")]
HAND_CARDS = NATURALS + WILDS + [Card("3", "S")]


@st.composite
def sequence(draw):
    """Samba, Bolivia (BCA-S, Sequence Meld): a run of one suit, sometimes spoilt by a wild card."""
    start = draw(st.integers(0, len(SEQUENCE_RANKS) - 3))
    length = draw(st.integers(3, min(8, len(SEQUENCE_RANKS) - start)))
    suit = draw(st.sampled_from("SHDC"))
    run = tuple(Card(rank, suit) for rank in SEQUENCE_RANKS[start:start + length])
    return run + tuple(draw(st.lists(st.sampled_from(WILDS), max_size=1)))


@st.composite
def meld(draw, sequences=False):
    if sequences and draw(st.booleans()):
        return draw(sequence())
    rank = draw(st.sampled_from(NATURALS + [None]))
    if rank is None:  # a wild-card meld (legal under modern-american only; warned elsewhere)
        return tuple(draw(st.lists(st.sampled_from(WILDS), min_size=3, max_size=7)))
    return (rank,) * draw(st.integers(2, 8)) + tuple(draw(st.lists(st.sampled_from(WILDS), max_size=3)))


@st.composite
def a_side(draw, profile, went_out):
    by_cards = draw(st.booleans())
    black = scores_black_threes(profile) and not (by_cards and profile.black_threes_in_hand_apart)
    common = {"red_threes": draw(st.integers(0, 2)), "went_out": went_out,
              "concealed": went_out and draw(st.booleans()),
              "black_threes": draw(st.integers(0, 2)) if black else 0,
              "penalties": tuple(CustomPenalty(n * 5, "x") for n in draw(st.lists(st.integers(0, 300), max_size=2)))}
    kinds = profile.canasta_kinds
    if by_cards:
        return SideDeal(melds=tuple(draw(st.lists(meld(profile.sequences), max_size=4))),
                        hands=tuple(tuple(draw(st.lists(st.sampled_from(HAND_CARDS), max_size=9)))
                                    for _ in range(draw(st.integers(0, 3)))), **common)
    return SideDeal(meld_points=draw(st.integers(0, 400)) * 5, hand_points=draw(st.integers(0, 200)) * 5,
                    canastas={k: draw(st.integers(0, 2)) for k in draw(st.lists(st.sampled_from(kinds), max_size=3))},
                    **common)


@st.composite
def a_deal(draw):
    pid, name, value = draw(st.sampled_from(OPTION_VALUES))
    option = next(opt for opt in get_profile(pid).options if opt.name == name)
    profile = get_profile(pid).with_options(option.setting(value))  # with the table the value needs
    n = draw(st.integers(2, 3))
    out = draw(st.integers(-1, n - 1))
    sides = {f"s{i}": draw(a_side(profile, i == out)) for i in range(n)}
    if profile.cut_throat and n == 3:  # cut-throat: a lone hand, or nobody took the pile
        lone = draw(st.integers(-1, 2))
        sides = {key: dataclasses.replace(side, lone_hand=i == lone) for i, (key, side) in enumerate(sides.items())}
    before = {name: draw(st.integers(-400, 2000)) * 5 for name in sides}
    deal_number = draw(st.one_of(st.none(), st.integers(1, 12)))
    return profile, sides, before, deal_number


@settings(max_examples=400, deadline=None)
@given(a_deal())
@pytest.mark.slow
def test_breakdown_sums_to_the_deal_under_every_profile_and_option(case):
    """docs/API.md score/deal — the breakdown adds up to the deal; docs/RULES.md conventions — every score, total and
    minimum is a multiple of 5; the game is over exactly when a total reached the target, or, in a game of a fixed
    number of deals (docs/RULES.md §6), after its last deal with one side ahead."""
    profile, sides, before, deal_number = case
    try:
        result = score_deal(profile, sides, before, deal_number=deal_number)
    except ImpossibleDeal:
        return
    for name, res in result.sides.items():
        assert sum(line.points for line in res.breakdown) == res.deal
        assert res.total == before[name] + res.deal
        assert res.deal % 5 == 0 and res.total % 5 == 0 and res.minimum % 5 == 0
        assert res.minimum == profile.minimum(res.total, deal_number + 1 if deal_number else None)
        assert all(line.points % 5 == 0 and str(line.label) for line in res.breakdown)
    totals_after = {name: res.total for name, res in result.sides.items()}
    best = max(totals_after.values())
    if profile.deals_in_game:
        one_ahead = list(totals_after.values()).count(best) == 1
        assert result.game_over is (deal_number is not None and deal_number >= profile.deals_in_game and one_ahead)
    else:
        assert result.game_over is (best >= profile.target)
    if result.winner is not None:
        assert totals_after[result.winner] == max(totals_after.values())
    assert result.to_dict()["sides"].keys() == sides.keys()


def test_profiles_used_by_the_property_test_are_every_profile():
    """docs/API.md Profiles — the option values above cover every profile, the Canasta family's too."""
    assert {pid for pid, _, _ in OPTION_VALUES} == set(PROFILES)


def test_replace_keeps_scoring_consistent():
    """DEVELOPING.md, principle 2 — a club's replacement profile scores through the same fields."""
    p = dataclasses.replace(get_profile("bicycle"), going_out_bonus=200)
    result = score_deal(p, {"we": possible(p, totals(went_out=True, canastas={"natural": 1})), "they": totals()})
    assert bonuses(result) == 700


# --- parse_deal: precise field paths ------------------------------------------------------------

@pytest.mark.parametrize("body,field,code", [
    ([], None, "request.invalid_field"),
    ({"sides": []}, "sides", "request.invalid_field"),
    ({"sides": {"we": [], "they": {}}}, "sides.we", "request.invalid_field"),
    ({"sides": {"we": {"hands": 5}, "they": {}}}, "sides.we.hands", "request.invalid_field"),
    ({"sides": {"we": {"hands": ["K", 5]}, "they": {}}}, "sides.we.hands[1]", "request.invalid_field"),
    ({"sides": {"we": {"melds": [["K", "K", 5]]}, "they": {}}}, "sides.we.melds[0]", "cards.unknown_token"),
    ({"sides": {"we": {"melds": ["K K K", "3 3 3"]}, "they": {}}}, "sides.we.melds[1]", "cards.three_needs_suit"),
    ({"sides": {"we": {"hands": ["K", "Q X"]}, "they": {}}}, "sides.we.hands[1]", "cards.unknown_token"),
    ({"sides": {"we": {"hand_points": "10"}, "they": {}}}, "sides.we.hand_points", "request.invalid_field"),
    ({"sides": {"we": {"hand_points": 7}, "they": {}}}, "sides.we.hand_points", "request.invalid_field"),
    ({"sides": {"we": {"canastas": []}, "they": {}}}, "sides.we.canastas", "request.invalid_field"),
    ({"sides": {"we": {"canastas": {"natural": -1}}, "they": {}}}, "sides.we.canastas.natural",
     "request.invalid_field"),
    ({"sides": {"we": {"canastas": {"mixed": True}}, "they": {}}}, "sides.we.canastas.mixed",
     "request.invalid_field"),
    ({"sides": {"we": {}, "they": {"black_threes": 13}}}, "sides.they.black_threes", "request.invalid_field"),
    ({"sides": {"we": {}, "they": {"concealed": 1}}}, "sides.they.concealed", "request.invalid_field"),
    ({"sides": {"we": {"penalties": "illegal-meld"}, "they": {}}}, "sides.we.penalties", "request.invalid_field"),
    ({"sides": {"we": {"penalties": ["x", 5]}, "they": {}}}, "sides.we.penalties[1]", "request.invalid_field"),
    ({"sides": {"we": {"penalties": [{"points": 12}]}, "they": {}}}, "sides.we.penalties[0].points",
     "request.invalid_field"),
    ({"sides": {"we": {"penalties": [{"points": 10, "reason": 3}]}, "they": {}}}, "sides.we.penalties[0].reason",
     "request.invalid_field"),
    ({"sides": {"we": {}, "they": {}}, "before": []}, "before", "request.invalid_field"),
    ({"sides": {"we": {}, "they": {}}, "before": {"we": "100"}}, "before.we", "request.invalid_field"),
    ({"sides": {"we": {}, "they": {}}, "before": {"we": 102}}, "before.we", "request.invalid_field"),
    ({"sides": {"we": {}, "they": {}}, "before": {"we": True}}, "before.we", "request.invalid_field"),
    ({"sides": {"we": {"hands": ["K"], "canastas": {}}, "they": {}}}, "sides.we", "request.invalid_field"),
])
def test_parse_deal_names_the_field(body, field, code):
    """docs/API.md Errors — every bad input names where it is, with its code."""
    from scorekeeper.rules import RulesError, parse_deal
    with pytest.raises(RulesError) as info:
        parse_deal(body)
    assert (info.value.field, info.value.code) == (field, code)
    assert str(info.value.message).strip()


def test_unknown_penalty_code_names_its_place():
    """docs/API.md score/deal — a penalty code the profile does not have names its place in the list."""
    from scorekeeper.rules import parse_deal
    sides, before = parse_deal({"sides": {"we": {"penalties": ["illegal-meld", "nap"]}, "they": {}}})
    with pytest.raises(InvalidRequest) as info:
        score_deal(get_profile("bicycle"), sides, before)
    assert info.value.field == "sides.we.penalties[1]"

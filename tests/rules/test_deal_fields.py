"""Which parts of a deal a side may give: black threes, and the penalties it may list (docs/RULES.md §3.1)."""

import pytest

from scorekeeper.rules import (
    PROFILES, InvalidRequest, get_profile, listable_penalties, parse_deal, score_deal, scores_black_threes,
)


def test_black_threes_are_counted_by_modern_american_and_bolivia_only():
    """modern-american: Threes. Black threes count as bonus cards, each colour on its own scale; bolivia: Black
    Threes (BCA-B), those caught in a hand cost 100 each, given on their own by totals."""
    assert scores_black_threes(get_profile("modern-american")) and scores_black_threes(get_profile("bolivia"))
    assert not any(scores_black_threes(p) for pid, p in PROFILES.items() if pid not in ("modern-american", "bolivia"))


@pytest.mark.parametrize("pid", list(PROFILES))
def test_black_threes_refused_exactly_where_they_are_not_bonus_cards(pid):
    """modern-american: THREES lays black threes out as bonus cards; under the other four they are never bonus
    cards (docs/RULES.md §2.1, Black 3 row), so a deal that counts some is refused."""
    profile = get_profile(pid)
    sides, before = parse_deal({"sides": {"we": {"meld_points": 100, "canastas": {"natural": 1}, "went_out": True,
                                                 "black_threes": 1},
                                          "they": {"meld_points": 50, "hand_points": 10}}})
    if scores_black_threes(profile):
        score_deal(profile, sides, before)
    else:
        with pytest.raises(InvalidRequest):
            score_deal(profile, sides, before)


def test_modern_american_penalties_worked_out_from_cards_are_not_listed_card_by_card():
    """modern-american: scoring. Unfinished sevens and the like are read from the cards, so listing them too
    would charge them twice."""
    profile = get_profile("modern-american")
    by_cards = listable_penalties(profile, by_cards=True)
    assert listable_penalties(profile, by_cards=False) == profile.penalties
    assert all(not p.derived for p in by_cards)
    assert {p.code for p in profile.penalties} - {p.code for p in by_cards} == {
        p.code for p in profile.penalties if p.derived}


@pytest.mark.parametrize("pid", list(PROFILES))
def test_every_listable_penalty_is_accepted_card_by_card_and_no_other(pid):
    """Every profile's penalty list (docs/RULES.md §2.1 penalties row, §3.1): card by card a side may list each penalty
    the cards do not already show, and nothing else."""
    profile = get_profile(pid)
    listable = {p.code for p in listable_penalties(profile, by_cards=True)}
    for penalty in profile.penalties:
        data = {"sides": {"we": {"melds": ["K K K"], "hands": ["5 6"], "penalties": [penalty.code]},
                          "they": {"melds": ["Q Q Q"], "hands": ["7 8"]}}}
        sides, before = parse_deal(data)
        if penalty.code in listable:
            score_deal(profile, sides, before)
        else:
            with pytest.raises(InvalidRequest):
                score_deal(profile, sides, before)

"""Penalties the engine works out from the cards (Penalty.derived) are never listed as well for such a side."""
import pytest

from scorekeeper.rules import (
    PROFILES, CustomPenalty, InvalidRequest, Penalty, get_profile, score_deal,
)

from .helpers import P, totals
from .helpers import by_cards as cards

MAC_DERIVED = {"incomplete-sevens", "incomplete-aces", "incomplete-wild", "sevens-in-hand", "aces-in-hand"}


def test_modern_american_marks_the_penalties_it_works_out_from_the_cards():
    """modern-american: scoring (docs/RULES.md §3.1) and SEVENS AND ACES (§4 M-A9). Unfinished sevens, aces and
    wild-card melds, and three or more sevens or aces in one hand, show in the cards; no other profile has them."""
    profile = get_profile("modern-american")
    assert {p.code for p in profile.penalties if p.derived} == MAC_DERIVED
    for pid, other in PROFILES.items():
        if pid != "modern-american":
            assert not any(p.derived for p in other.penalties), pid


def test_penalty_derived_defaults_to_false_and_is_in_to_dict():
    """modern-american: scoring (docs/RULES.md §3.1). The penalty carries its source and `derived` in the API shape."""
    assert Penalty("x", "X", 5, "s").derived is False
    assert get_profile("modern-american").penalty("incomplete-sevens").to_dict() == {
        "code": "incomplete-sevens", "label": "Sevens meld not completed", "points": 2500,
        "source": "modern-american: scoring (docs/RULES.md §3.1, outside sources)", "derived": True}


@pytest.mark.parametrize("code", sorted(MAC_DERIVED))
def test_a_derived_penalty_listed_for_a_side_given_card_by_card_is_refused(code):
    """modern-american: scoring (docs/RULES.md §3.1). A side given card by card already shows the penalty in its
    cards; listing it too would charge it twice."""
    sides = {"we": cards(["K K K"], [""], penalties=(CustomPenalty(100, "Slow play"), code)), "they": totals()}
    with pytest.raises(InvalidRequest) as error:
        score_deal(P("modern-american"), sides)
    assert error.value.code == "request.invalid_field"
    assert error.value.field == "sides.we.penalties[1]"
    assert "twice" in str(error.value.message) and "(s)" not in str(error.value.message)


def test_the_unfinished_sevens_meld_is_charged_once_from_the_cards():
    """modern-american: scoring (docs/RULES.md §3.1). An unfinished meld of sevens costs 2500, charged once."""
    result = score_deal(P("modern-american"), {"we": cards(["7 7 7"], ["5"]), "they": totals()})
    penalties = [line for line in result.sides["we"].breakdown if line.code == "penalty"]
    assert [(str(line.label), line.points) for line in penalties] == [("Sevens meld not completed", -2500)]


@pytest.mark.parametrize("code", sorted(MAC_DERIVED))
def test_by_totals_a_derived_penalty_is_listed_by_hand(code):
    """modern-american: scoring (docs/RULES.md §3.1). By totals the engine cannot see the cards: the scorer lists
    the penalty and it costs its full amount."""
    profile = P("modern-american")
    result = score_deal(profile, {"we": totals(penalties=(code,)), "they": totals()})
    assert result.sides["we"].deal == -profile.penalty(code).points


def test_other_penalty_codes_stay_allowed_card_by_card():
    """bicycle: Meld Restrictions. An illegal meld costs 100, listed by hand even for a side given card by
    card: an illegal meld tried during play leaves no trace in the cards at the end of the deal."""
    result = score_deal(P("bicycle"), {"we": cards(["K K K"], ["5"], penalties=("illegal-meld",)), "they": totals()})
    assert result.sides["we"].deal == 30 - 5 - 100

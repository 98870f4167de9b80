"""Messages name a side as players know it when score_deal is given ``names``; the API keeps the keys."""
import pytest

from scorekeeper.rules import PROFILES, VIOLATION_CODES, ImpossibleDeal, score_deal

from .helpers import P, totals
from .helpers import by_cards as cards

NAMES = {"we": "Ann & Cy", "they": "They"}


def messages(result):
    return [str(w.message) for w in result.warnings]


def test_warning_uses_the_side_name_when_given_and_counts_in_words():
    result = score_deal(P("modern-american"), {"we": totals(meld_points=50, went_out=True), "they": totals()},
                        names=NAMES)
    assert messages(result) == ["Ann & Cy went out with 0 canastas; these rules need 2."]


def test_without_names_the_warning_names_the_key_as_the_api_does():
    result = score_deal(P("modern-american"), {"we": totals(meld_points=50, went_out=True), "they": totals()})
    assert messages(result) == ["Side 'we' went out with 0 canastas; these rules need 2."]


def test_one_canasta_is_singular_and_no_message_says_canasta_s():
    sides = {"we": totals(meld_points=50, canastas={"natural": 1}, went_out=True), "they": totals()}
    result = score_deal(P("modern-american"), sides, names=NAMES)
    assert messages(result) == ["Ann & Cy went out with 1 canasta; these rules need 2."]
    assert not any("(s)" in m for m in messages(result) + messages(score_deal(P("modern-american"), sides)))


def test_names_change_only_the_words_never_the_scores_or_keys():
    sides = {"we": cards(["K K K K K K K", "7 7 2"], ["5 9", ""], went_out=True, red_threes=1),
             "they": totals(meld_points=30, hand_points=60)}
    plain = score_deal(P("bicycle"), sides, {"we": 1200})
    named = score_deal(P("bicycle"), sides, {"we": 1200}, names=NAMES)
    assert named.sides == plain.sides and set(named.sides) == {"we", "they"}
    assert (named.game_over, named.winner) == (plain.game_over, plain.winner)
    assert [w.code for w in named.warnings] == [w.code for w in plain.warnings]


def test_a_side_missing_from_names_or_with_a_blank_name_falls_back_to_its_key():
    for names in ({"they": "They"}, {"we": "  "}, {}):
        result = score_deal(P("modern-american"), {"we": totals(meld_points=50, went_out=True), "they": totals()},
                            names=names)
        assert messages(result)[0].startswith("Side 'we' went out")


def test_went_out_with_cards_left_names_the_side():
    sides = {"we": cards(["K K K K K K K"], ["5", "9"], went_out=True), "they": totals()}
    result = score_deal(P("bicycle"), sides, names=NAMES)
    assert "Ann & Cy went out, yet every hand of that side still holds cards." in messages(result)
    assert "Side 'we' went out, yet every one of its hands still holds cards." in messages(score_deal(P("bicycle"),
                                                                                                       sides))


def test_illegal_meld_warning_names_the_side():
    result = score_deal(P("bicycle"), {"we": cards(["K 2 2 2"]), "they": totals()}, names=NAMES)
    assert [w.code for w in result.warnings] == ["deal.illegal_meld"]
    assert messages(result)[0].startswith("Ann & Cy, meld 1: ")


def test_red_three_in_hand_warning_names_the_side():
    profile = next(p for p in PROFILES.values() if not p.red_three_in_hand_points)
    sides = {"we": totals(), "they": cards(["K K K"], ["3H 5"])}
    named = score_deal(profile, sides, names=NAMES)
    plain = score_deal(profile, sides)
    assert [str(w.message) for w in named.warnings if w.code == "deal.red_three_in_hand"][0].startswith(
        "They: a red three is listed in a hand; it scores nothing there")
    assert [str(w.message) for w in plain.warnings if w.code == "deal.red_three_in_hand"][0].startswith(
        "Side 'they' lists a red three in a hand; it scores nothing there")


@pytest.mark.parametrize("sides, field, named, plain", [
    ({"we": totals(concealed=True, went_out=False), "they": totals()}, "sides.we.concealed",
     "Ann & Cy cannot go out concealed without going out.", "Side 'we' cannot go out concealed without going out."),
    ({"we": totals(went_out=True), "they": totals(went_out=True)}, "sides",
     "Only one side can go out in a deal, but Ann & Cy and They did.",
     "Only one side can go out in a deal, but we and they did."),
    ({"we": totals(), "they": totals(canastas={"natural": -1})}, "sides.they.canastas.natural",
     "They cannot have a negative number of canastas.", "Side 'they' cannot have a negative number of canastas."),
    ({"we": totals(meld_points=-5), "they": totals()}, "sides.we.meld_points",
     "Ann & Cy: the value of the melded cards cannot be negative",
     "Side 'we': the value of its melded cards cannot be negative"),
    ({"we": totals(hand_points=99_995), "they": totals()}, "sides.we.hand_points",
     "Ann & Cy: 99995 points of cards left in hand are given, but all 108 cards",
     "Side 'we' gives 99995 points of cards left in hand, but all 108 cards"),
])
def test_impossible_deals_name_the_side(sides, field, named, plain):
    with pytest.raises(ImpossibleDeal) as with_names:
        score_deal(P("bicycle"), sides, names=NAMES)
    with pytest.raises(ImpossibleDeal) as without:
        score_deal(P("bicycle"), sides)
    assert with_names.value.field == without.value.field == field
    assert str(with_names.value.message).startswith(named)
    assert str(without.value.message).startswith(plain)


def test_every_code_the_engine_uses_is_still_listed():
    assert {"deal.went_out_without_canastas", "deal.went_out_with_cards", "deal.illegal_meld",
            "deal.red_three_in_hand"} <= set(VIOLATION_CODES)

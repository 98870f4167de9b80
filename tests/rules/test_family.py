"""The Canasta family (docs/RULES.md §7): Samba, Bolivia and Hand and Foot, worked by hand from the quoted pages.

Samba and Bolivia are read from the Bicycle game-rules finder (BCA-S, BCA-B), Hand and Foot from the rule pages of
docs/RULES.md §7.3; each test names the page and heading its figures come from.
"""
import pytest

from scorekeeper.rules import (
    ImpossibleDeal, InvalidCards, Situation, check_go_out, check_meld, check_pile, get_profile, parse_cards,
    parse_deal, score_deal,
)
from scorekeeper.rules.cards import check_pack

from .helpers import codes

SAMBA, BOLIVIA, HAND_AND_FOOT = (get_profile(pid) for pid in ("samba", "bolivia", "hand-and-foot"))


def table(*melds):
    return tuple(parse_cards(m, suits=True) for m in melds)


def score(profile, sides, before=None, deal=None):
    parsed, before = parse_deal({"sides": sides, "before": before or {}}, profile)
    return score_deal(profile, parsed, before, deal_number=deal)


def lines(result, side):
    return {line.code: line.points for line in result.sides[side].breakdown}


# --------------------------------------------------------------------------------------
# Samba (BCA-S)
# --------------------------------------------------------------------------------------

def test_samba_sequence_of_one_suit_is_a_meld_and_seven_make_a_samba():
    """samba: Sequence Meld — three or more cards of one suit in sequence, ace high and four low; at seven a samba,
    worth 1,500."""
    verdict = check_meld(SAMBA, Situation(opened=True), melds=["7H 8H 9H"])
    assert verdict.legal and verdict.melds[0].rank == "7H-9H" and verdict.melds[0].canasta is None
    samba = check_meld(SAMBA, Situation(opened=True), melds=["8S 9S 10S JS QS KS AS"])
    assert samba.legal and (samba.melds[0].canasta, samba.melds[0].bonus) == ("samba", 1500)
    assert codes(check_meld(SAMBA, Situation(opened=True), melds=["AH 4H 5H"])) == {"meld.sequence_not_in_order"}
    assert codes(check_meld(SAMBA, Situation(opened=True), melds=["7H 8H 9D"])) == {"meld.sequence_one_suit"}
    assert codes(check_meld(SAMBA, Situation(opened=True), melds=["7 8 9"])) == {"meld.sequence_needs_suits"}


def test_samba_no_wild_card_in_a_sequence():
    """samba: Wild Cards — "no sequence meld may contain any wild card", not even to fill a gap."""
    for meld in ("7H 8H 2", "7H 8H JK 10H"):
        verdict = check_meld(SAMBA, Situation(opened=True), melds=[meld])
        assert codes(verdict) == {"meld.sequence_wild"}, meld
        assert verdict.violations[0].source == "samba: Wild Cards"


def test_samba_groups_take_two_wild_cards_at_most():
    """samba: Wild Cards — "no regular meld may contain more than two wild cards"."""
    assert check_meld(SAMBA, Situation(opened=True), melds=["K K 2 JK"]).legal
    assert codes(check_meld(SAMBA, Situation(opened=True), melds=["K K K 2 2 JK"])) == {"meld.too_many_wilds"}


def test_samba_a_finished_samba_takes_no_more_cards():
    """samba: Sequence Meld — cards are added until there are seven; a finished samba takes nothing more."""
    situation = Situation(opened=True, table=table("4H 5H 6H 7H 8H 9H 10H"))
    verdict = check_meld(SAMBA, situation, add={"4H-10H": "JH"})
    assert codes(verdict) == {"meld.canasta_closed"}
    assert str(verdict.violations[0].message) == "A finished samba takes no more cards."
    grown = check_meld(SAMBA, Situation(opened=True, table=table("7H 8H 9H")), add={"7h-9h": "10H JH QH KH"})
    assert grown.legal and grown.melds[0].canasta == "samba"


def test_samba_no_wild_card_joins_a_finished_canasta():
    """samba: Canastas (RG-S, WIKI-DE-S) — no wild card is added to a finished canasta; natural cards still are."""
    situation = Situation(opened=True, table=table("K K K K K K K"))
    assert codes(check_meld(SAMBA, situation, add={"K": "2"})) == {"meld.canasta_no_wilds"}
    assert check_meld(SAMBA, situation, add={"K": "K"}).legal


def test_samba_pile_top_card_alone_onto_a_sequence():
    """samba: The Deal — with the pile not frozen the top card may go onto a meld below a canasta, a sequence
    included; it may not start a sequence nor join one with a card from the hand."""
    situation = Situation(opened=True, table=table("7H 8H 9H"))
    verdict = check_pile(SAMBA, situation, pile="10H 5C 6D JS")
    assert verdict.legal and verdict.takes == 3
    refused = check_pile(SAMBA, situation, pile="10H 5C", uses="JH")
    assert codes(refused) == {"pile.sequence_from_pile"}
    assert refused.violations[0].source == "samba: Sequence Meld"
    assert codes(check_pile(SAMBA, Situation(opened=True), pile="10H 5C", uses="JH QH")) == {"pile.sequence_from_pile"}
    assert codes(check_pile(SAMBA, situation, pile="10H 2 5C")) == {"pile.frozen_needs_natural_pair"}


def test_samba_pile_needs_a_natural_pair_never_a_natural_and_a_wild():
    """samba: The Deal — "the discard pile may be taken only with a natural matching pair" (or the top card onto a
    meld); one natural card and a wild card do not take it (RG-S)."""
    situation = Situation(opened=True, table=table("Q Q Q"))
    assert codes(check_pile(SAMBA, situation, pile="K 5", uses="K 2")) == {"pile.needs_natural_pair"}
    assert check_pile(SAMBA, situation, pile="K 5", uses="K K").legal


def test_samba_going_out_needs_two_canastas():
    """samba: Canastas — "A side needs two canastas (mixed, natural, or samba) to go out"; going out earns 200."""
    one = Situation(opened=True, table=table("4H 5H 6H 7H 8H 9H 10H", "Q Q Q"))
    refused = check_go_out(SAMBA, one, add={"Q": "Q"}, discard="5C")
    assert codes(refused) == {"go_out.too_few_canastas"} and refused.bonus == 0
    assert refused.violations[0].source == "samba: Canastas"
    allowed = check_go_out(SAMBA, one, add={"Q": "Q Q Q 2"}, discard="5C")
    assert allowed.legal and allowed.bonus == 200 and allowed.concealed is False


def test_samba_minimum_up_to_160():
    """samba: Scoring — 15 below zero, 50, 90, 120 from 3,000 and 160 from 7,000 (BCA-S); the club option reads the
    last step as 150 (docs/RULES.md SA-A1)."""
    assert [SAMBA.minimum(s) for s in (-5, 0, 1500, 3000, 6995, 7000, 9995)] == [15, 50, 90, 120, 120, 160, 160]
    opening = check_meld(SAMBA, Situation(score=7000), melds=["A A A 2 2", "K K K K K"])  # 100 + 50 = 150
    assert codes(opening) == {"meld.below_minimum"} and opening.minimum == 160
    assert check_meld(SAMBA.with_options({"minimum_from_7000": 150}), Situation(score=7000),
                      melds=["A A A 2 2", "K K K K K"]).legal


def test_samba_red_threes_count_against_a_side_without_two_canastas():
    """samba: Scoring (HSW-S) — red threes are credited only with the two canastas going out needs, deducted
    otherwise; 100 each, all six 1,000 (BCA-S)."""
    result = score(SAMBA, {"we": {"meld_points": 130, "canastas": {"natural": 1}, "red_threes": 2},
                           "they": {"meld_points": 150, "canastas": {"samba": 1, "mixed": 1}, "red_threes": 3}})
    assert lines(result, "we")["red_threes"] == -200
    assert lines(result, "they")["red_threes"] == 300
    six = score(SAMBA, {"we": {"meld_points": 100, "canastas": {"samba": 2}, "red_threes": 6}, "they": {}})
    assert lines(six, "we")["red_threes"] == 1000
    melds = SAMBA.with_options({"threes_sign_by": "melds"})  # RG-S: minus only without a meld (SA-A2)
    assert lines(score(melds, {"we": {"meld_points": 130, "canastas": {"natural": 1}, "red_threes": 2},
                               "they": {}}), "we")["red_threes"] == 200


def test_samba_deal_by_cards_and_by_totals_agree():
    """samba: Scoring — out 200, samba 1,500, mixed 300, red threes 100 each with two canastas, melded cards plus,
    cards in hand minus; a side below 7,000 needs 120 after passing 3,000."""
    by_cards = score(SAMBA, {
        "we": {"melds": ["4H 5H 6H 7H 8H 9H 10H", "KS KD KC KH KS KD 2", "QS QD QC"], "hands": ["", ""],
               "went_out": True, "red_threes": 2},
        "they": {"melds": ["AS AS AD"], "hands": ["5 6 7", "JK"], "red_threes": 3}}, {"we": 6900, "they": 3000})
    by_totals = score(SAMBA, {
        "we": {"meld_points": 160, "canastas": {"samba": 1, "mixed": 1}, "went_out": True, "red_threes": 2},
        "they": {"meld_points": 60, "hand_points": 65, "red_threes": 3}}, {"we": 6900, "they": 3000})
    for result in (by_cards, by_totals):
        # we: 200 + 1500 + 300 + 200 + 160 = 2360; they: -300 (no canasta) + 60 - 65 = -305
        assert (result.sides["we"].deal, result.sides["we"].total, result.sides["we"].minimum) == (2360, 9260, 160)
        assert (result.sides["they"].deal, result.sides["they"].minimum) == (-305, 90)


def test_samba_three_packs_counts():
    """samba: The Pack — three packs: 12 of each rank, 6 jokers, and one of each card in each pack (three 7H)."""
    check_pack(parse_cards("7H 7H 7H", suits=True), packs=3)
    with pytest.raises(InvalidCards) as info:
        check_pack(parse_cards("7H 7H 7H 7H", suits=True), packs=3)
    assert info.value.code == "cards.too_many"
    with pytest.raises(ImpossibleDeal):
        score(SAMBA, {"we": {"melds": ["7H 8H 9H", "7H 7H 7H"]}, "they": {}})
    with pytest.raises(ImpossibleDeal):
        score(SAMBA, {"we": {"melds": ["K K K K K K K K K K K K K"]}, "they": {}})
    with pytest.raises(ImpossibleDeal):  # every samba holds an eight, nine and ten of its suit: 12 at most
        score(SAMBA, {"we": {"meld_points": 700, "canastas": {"samba": 7}}, "they": {"meld_points": 600,
                                                                                     "canastas": {"samba": 6}}})


def play(profile, deals):
    """Deals by totals in turn (deal numbers 1, 2, ...); returns the last result."""
    totals, result = {}, None
    for number, sides in enumerate(deals, start=1):
        result = score(profile, sides, totals, deal=number)
        totals = {name: side.total for name, side in result.sides.items()}
    return result


def test_samba_game_to_10000():
    """samba: Scoring — game is 10,000: the higher total wins once a side reaches it."""
    big = {"meld_points": 400, "canastas": {"samba": 1, "natural": 1, "mixed": 1}, "went_out": True, "red_threes": 1}
    small = {"meld_points": 200, "canastas": {"natural": 1}, "hand_points": 50}
    result = play(SAMBA, [{"we": big, "they": small}] * 4)
    # we: 200 + 1500 + 500 + 300 + 100 + 400 = 3000 a deal; they: 500 + 200 - 50 = 650
    assert [result.sides["we"].total, result.sides["they"].total] == [12000, 2600]
    assert result.game_over and result.winner == "we"
    assert not play(SAMBA, [{"we": big, "they": small}] * 3).game_over  # 9,000


# --------------------------------------------------------------------------------------
# Bolivia (BCA-B)
# --------------------------------------------------------------------------------------

def test_bolivia_wild_cards_meld_and_seven_make_a_bolivia():
    """bolivia: Wild Cards — three or more wild cards may be melded; seven make a bolivia, 2,500."""
    assert check_meld(BOLIVIA, Situation(opened=True), melds=["2 2 JK"]).legal
    bolivia = check_meld(BOLIVIA, Situation(opened=True), melds=["2 2 2 JK JK 2 2"])
    assert bolivia.legal and (bolivia.melds[0].canasta, bolivia.melds[0].bonus) == ("bolivia", 2500)
    assert codes(check_meld(BOLIVIA, Situation(opened=True, table=table("2 2 2 JK JK 2 2")),
                            add={"wild": "2"})) == {"meld.canasta_closed"}


def test_bolivia_going_out_needs_an_escalera():
    """bolivia: Going Out — "At least one of the two canastas must be a sequence canasta", an escalera."""
    two = Situation(opened=True, table=table("K K K K K K K", "Q Q Q Q Q 2 2"))
    refused = check_go_out(BOLIVIA, two, discard="5C")
    assert codes(refused) == {"go_out.too_few_canastas_of_kind"}
    assert str(refused.violations[0].message) == "Going out needs 1 escalera for the side; it has 0."
    assert refused.violations[0].source == "bolivia: Going Out"
    with_escalera = Situation(opened=True, table=table("K K K K K K K", "5D 6D 7D 8D 9D 10D JD"))
    assert check_go_out(BOLIVIA, with_escalera, discard="5C").legal


def test_bolivia_escalera_meld_and_nothing_added_to_a_finished_one():
    """bolivia: Going Out, as in Samba (BCA-S, Sequence Meld) — a sequence of one suit is a meld; at seven it is an
    escalera, worth Samba's 1,500, and takes no more cards."""
    verdict = check_meld(BOLIVIA, Situation(opened=True), melds=["5D 6D 7D 8D 9D 10D JD"])
    assert verdict.legal and (verdict.melds[0].canasta, verdict.melds[0].bonus) == ("escalera", 1500)
    closed = check_meld(BOLIVIA, Situation(opened=True, table=table("5D 6D 7D 8D 9D 10D JD")), add={"5D-JD": "QD"})
    assert codes(closed) == {"meld.canasta_closed"}
    assert str(closed.violations[0].message) == "A finished escalera takes no more cards."


def test_bolivia_side_below_its_minimum():
    """bolivia: Wild Cards — from 7,000 up the minimum stays at 150: an opening of 100 is refused, one of 150 is
    not."""
    verdict = check_meld(BOLIVIA, Situation(score=8000), melds=["A A A 2 2"])  # 60 + 40 = 100
    assert codes(verdict) == {"meld.below_minimum"} and verdict.minimum == 150
    assert check_meld(BOLIVIA, Situation(score=8000), melds=["A A A 2 2", "K K K K K"]).legal  # 150


def test_bolivia_pile_topped_by_a_wild_card_is_not_taken():
    """bolivia: Wild Cards — "When the discard pile is topped by a wild card, it may not be taken"; a natural pair
    takes it otherwise, as in Samba."""
    situation = Situation(opened=True, table=table("Q Q Q"))
    assert codes(check_pile(BOLIVIA, situation, pile="2 K 5", uses="2 2")) == {"pile.wild_on_top"}
    taken = check_pile(BOLIVIA, situation, pile="K 5 2 9", uses="K K")
    assert taken.legal and taken.takes == 3


def test_bolivia_illegal_wild_card_in_a_sequence():
    """bolivia: as in Samba (BCA-S, Wild Cards) — a sequence takes no wild card, though wild cards meld alone."""
    assert codes(check_meld(BOLIVIA, Situation(opened=True), melds=["5D 6D 2 8D"])) == {"meld.sequence_wild"}


def test_bolivia_black_threes_left_in_hand_cost_100_melded_count_5():
    """bolivia: Black Threes — a black three left in the hand when another player goes out counts minus 100;
    melded in going out, 5 each."""
    by_cards = score(BOLIVIA, {
        "we": {"melds": ["4H 5H 6H 7H 8H 9H 10H", "KS KD KC KH KS KD 2", "3S 3C 3S"], "hands": ["", ""],
               "went_out": True},
        "they": {"melds": ["AS AS AD"], "hands": ["5 6 3C", "JK"], "red_threes": 1}}, {"we": 6900, "they": 3000})
    by_totals = score(BOLIVIA, {
        "we": {"meld_points": 145, "canastas": {"escalera": 1, "mixed": 1}, "went_out": True},
        "they": {"meld_points": 60, "hand_points": 60, "black_threes": 1, "red_threes": 1}},
        {"we": 6900, "they": 3000})
    for result in (by_cards, by_totals):
        # we: 200 + 1500 + 300 + melded 50 + 80 + 15 = 2145; they: red three -100 (no canasta), 60 - 60 - 100
        assert result.sides["we"].deal == 2145 and result.sides["we"].minimum == 150
        assert result.sides["they"].deal == -200
        assert lines(result, "they")["red_threes"] == -100  # counting against: no canastas to go out (HSW-S)
    assert lines(by_totals, "they")["black_threes"] == -100
    with pytest.raises(Exception) as info:
        score(BOLIVIA, {"we": {"melds": ["K K K"], "black_threes": 1}, "they": {}})
    assert getattr(info.value, "field", None) == "sides.we.black_threes"


def test_bolivia_game_to_15000_and_minimum_150():
    """bolivia: Wild Cards — game is 15,000; the minimum stays 150 from 7,000 up."""
    assert [BOLIVIA.minimum(s) for s in (6995, 7000, 14000)] == [120, 150, 150]
    deal = {"meld_points": 400, "canastas": {"escalera": 1, "bolivia": 1}, "went_out": True}
    result = play(BOLIVIA, [{"we": {"hand_points": 20}, "they": deal}] * 4)
    # they: 200 + 1500 + 2500 + 400 = 4600 a deal: 18,400 after four; 13,800 after three
    assert result.sides["they"].total == 18400 and result.game_over and result.winner == "they"
    assert not play(BOLIVIA, [{"we": {"hand_points": 20}, "they": deal}] * 3).game_over


# --------------------------------------------------------------------------------------
# Hand and Foot (docs/RULES.md §7.3)
# --------------------------------------------------------------------------------------

def test_hand_and_foot_books_clean_and_dirty():
    """hand-and-foot: GOCC; GS — a book is seven of a rank: clean (no wild card) 500, dirty 300, naturals always
    more than wild cards, no wild card added to a finished book, no meld of wild cards alone or of threes."""
    clean = check_meld(HAND_AND_FOOT, Situation(opened=True), melds=["9 9 9 9 9 9 9"])
    dirty = check_meld(HAND_AND_FOOT, Situation(opened=True), melds=["9 9 9 9 2 2 JK"])
    assert (clean.melds[0].canasta, clean.melds[0].bonus) == ("natural", 500)
    assert (dirty.melds[0].canasta, dirty.melds[0].bonus) == ("mixed", 300)
    assert codes(check_meld(HAND_AND_FOOT, Situation(opened=True), melds=["9 9 2 2"])) == {"meld.wilds_equal_naturals"}
    assert codes(check_meld(HAND_AND_FOOT, Situation(opened=True), melds=["2 2 JK"])) == {"meld.all_wild"}
    assert codes(check_meld(HAND_AND_FOOT, Situation(opened=True), melds=["3S 3C 3S"],
                            going_out=True)) == {"meld.black_threes_never"}
    on_book = Situation(opened=True, table=table("9 9 9 9 9 9 9"))
    assert codes(check_meld(HAND_AND_FOOT, on_book, add={"9": "2"})) == {"meld.canasta_no_wilds"}


def test_hand_and_foot_has_no_sequences():
    """hand-and-foot: GOCC; GS; NWP (NWP: Hand and Foot "does NOT use Runs") — cards of several ranks are no meld,
    suits or not."""
    verdict = check_meld(HAND_AND_FOOT, Situation(opened=True), melds=["7H 8H 9H"])
    assert codes(verdict) == {"meld.mixed_ranks"}
    assert verdict.violations[0].source == "hand-and-foot: GOCC; GS; NWP"


def test_hand_and_foot_going_out_needs_two_clean_and_two_dirty_books_from_the_foot():
    """hand-and-foot: GS; NWP; PG-HF — two red (clean) and two black (dirty) books to go out, a last discard, and
    only from the foot; going out earns 100."""
    books = Situation(opened=True, table=table("K K K K K K K", "Q Q Q Q Q Q Q", "J J J J 2 2 JK"), in_foot=True)
    refused = check_go_out(HAND_AND_FOOT, books, discard="5")
    assert codes(refused) == {"go_out.too_few_canastas_of_kind"}
    assert str(refused.violations[0].message) == "Going out needs 2 dirty books for the side; it has 1."
    allowed = check_go_out(HAND_AND_FOOT, books, melds=["9 9 9 9 9 2 2"], discard="5")
    assert allowed.legal and allowed.bonus == 100
    in_hand = Situation(opened=True, table=books.table, in_foot=False)
    assert codes(check_go_out(HAND_AND_FOOT, in_hand, melds=["9 9 9 9 9 2 2"], discard="5")) == {
        "go_out.foot_not_played"}
    assert codes(check_go_out(HAND_AND_FOOT, books, melds=["9 9 9 9 9 2 2"])) == {"go_out.discard_required"}


def test_hand_and_foot_pile_natural_pair_top_five_cards():
    """hand-and-foot: GOCC; NWP; PO; FB — the pile is taken with two natural cards matching the top card, which is
    played at once, and the taker gets the top five cards (the option: 3, 6 or 7)."""
    situation = Situation(opened=True)
    verdict = check_pile(HAND_AND_FOOT, situation, pile="8 5 6 7 9 10 J Q", uses="8 8")
    assert verdict.legal and verdict.takes == 4
    assert codes(check_pile(HAND_AND_FOOT, situation, pile="8 5", uses="8 2")) == {"pile.needs_natural_pair"}
    assert check_pile(HAND_AND_FOOT.with_options({"pile_take_count": 7}), situation, pile="8 5 6 7 9 10 J Q",
                      uses="8 8").takes == 6


def test_hand_and_foot_round_minimums_and_four_deals():
    """hand-and-foot: GOCC; RV; TWR — the first meld needs 50, 90, 120 and 150 in the four rounds; after the fourth
    the higher total wins."""
    assert [HAND_AND_FOOT.minimum(0, deal) for deal in (1, 2, 3, 4)] == [50, 90, 120, 150]
    short = check_meld(HAND_AND_FOOT, Situation(deal=3), melds=["A A A", "K K K"])  # 60 + 30 = 90
    assert codes(short) == {"meld.below_minimum"} and short.minimum == 120


def test_hand_and_foot_red_three_caught_in_the_foot_costs_500():
    """hand-and-foot: GS; RP — a red three laid out scores 100, one caught in a hand or foot costs 500 (the option
    reads 100, docs/RULES.md HF-A4)."""
    sides = {"we": {"melds": ["K K K K K K K", "Q Q Q Q Q Q Q", "J J J J 2 2 JK", "9 9 9 9 9 2 2"],
                    "hands": ["", "4 3H"], "went_out": True, "red_threes": 1},
             "they": {"melds": ["A A A"], "hands": ["5 6 3H 9", "JK"], "red_threes": 2}}
    by_totals = {"we": {"meld_points": 360, "canastas": {"natural": 2, "mixed": 2}, "hand_points": 505,
                        "went_out": True, "red_threes": 1},
                 "they": {"meld_points": 60, "hand_points": 570, "red_threes": 2}}
    for result in (score(HAND_AND_FOOT, sides, {"we": 1000, "they": 3000}, deal=2),
                   score(HAND_AND_FOOT, by_totals, {"we": 1000, "they": 3000}, deal=2)):
        # we: out 100 + 2 clean 1000 + 2 dirty 600 + red three 100 + melded 70+70+130+90 - hand and foot 5+500 = 1655
        assert result.sides["we"].deal == 1655 and lines(result, "we")["hand"] == -505
        # they: red threes 200 + melded 60 - hand and foot (5+5+500+10) + 50 = -310; the next deal's minimum is 120
        assert (result.sides["they"].deal, result.sides["they"].minimum) == (-310, 120)
    assert score(HAND_AND_FOOT.with_options({"red_three_in_hand_points": 100}), sides).sides["we"].deal == 2055


def test_hand_and_foot_game_is_four_deals():
    """hand-and-foot: GOCC; JC — the game is four rounds; the side ahead after the fourth wins."""
    deals = [{"we": {"meld_points": 300, "canastas": {"natural": 2, "mixed": 2}, "went_out": True},
              "they": {"meld_points": 200, "canastas": {"natural": 1}, "hand_points": 120, "red_threes": 1}}] * 4
    result = play(HAND_AND_FOOT, deals)
    # we: 100 + 1000 + 600 + 300 = 2000 a deal; they: 500 + 100 + 200 - 120 = 680
    assert [result.sides["we"].total, result.sides["they"].total] == [8000, 2720]
    assert result.game_over and result.winner == "we"
    assert not play(HAND_AND_FOOT, deals[:3]).game_over


def test_hand_and_foot_books_options():
    """hand-and-foot: GS; PG-HF (docs/RULES.md HF-A2) — one clean and one dirty book are enough under the option,
    and with wild-card books seven wild cards make a book worth 1,500, one of them needed to go out."""
    one_each = HAND_AND_FOOT.with_options({"books_to_go_out": "one_each"})
    books = Situation(opened=True, table=table("K K K K K K K", "J J J J 2 2 JK"), in_foot=True)
    assert check_go_out(one_each, books, discard="5").legal
    wild = HAND_AND_FOOT.with_options({"books_to_go_out": "two_each_and_wild"})
    verdict = check_meld(wild, Situation(opened=True), melds=["2 2 2 JK JK 2 2"])
    assert verdict.legal and (verdict.melds[0].canasta, verdict.melds[0].bonus) == ("wild", 1500)
    result = score(wild, {"we": {"meld_points": 600, "canastas": {"natural": 2, "mixed": 2, "wild": 1},
                                 "went_out": True}, "they": {}})
    assert lines(result, "we")["going_out"] == 100 and result.sides["we"].deal == 100 + 1000 + 600 + 1500 + 600


def test_every_page_the_family_cites_is_named_as_docs_rules_lists_it():
    """docs/RULES.md §7.1 and §7.3 say what each page holds, by key; rules.family.PAGES names the same pages for
    the rules pages, and every key a family profile cites is among them."""
    import re
    from pathlib import Path

    from scorekeeper.rules.family import PAGES, pages_cited

    text = (Path(__file__).resolve().parents[2] / "docs/RULES.md").read_text(encoding="utf-8")
    family = text.split("## §7 ", 1)[1]
    assert set(re.findall(r"^- \*\*([A-Z-]+)\*\*:", family, re.M)) == set(PAGES)
    for profile in (SAMBA, BOLIVIA, HAND_AND_FOOT):
        cites = " ".join([c for _f, c in profile.sources] + [o.source for o in profile.options])
        keys = set(re.findall(r"\b[A-Z]{2,4}(?:-[A-Z]{1,2})*\b", cites))
        keys -= {"SA", "HF", "BO"}  # the reading ids of docs/RULES.md (SA-A1), not pages
        assert keys <= {key for key, _n, _a in pages_cited(profile)}, (profile.id, keys)

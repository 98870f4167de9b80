"""May I take the pile? docs/RULES.md §2.1 rows on taking and freezing the pile, and their rec. readings."""
import pytest

from scorekeeper.rules import InvalidRequest, check_pile

from .helpers import P, S, codes

OPEN_K = S(opened=True, table=["K K K"])


def take(pid, situation=OPEN_K, **kw):
    options = kw.pop("options", {})
    return check_pile(P(pid, **options), situation, **kw)


@pytest.mark.parametrize("pid", ["bicycle", "yahoo", "modern-american", "silhill", "classic"])
def test_natural_pair_takes_the_pile(pid):
    """bicycle: Taking the Pile; yahoo: Taking the Discard Pile; modern-american: PICKING THE PACK;
    silhill: §5e; classic: Taking the Discard Pile — a natural pair matching the top card."""
    verdict = take(pid, pile="Q 9 8 7", uses="Q Q")
    assert verdict.legal, verdict.violations
    assert verdict.takes == 3


@pytest.mark.parametrize("pid,ok", [("bicycle", True), ("yahoo", True), ("modern-american", False),
                                    ("silhill", True), ("classic", True)])
def test_natural_and_wild_takes_unfrozen_pile(pid, ok):
    """bicycle: Taking the Pile — natural + wild when not frozen; modern-american: PICKING THE PACK — pair only."""
    assert take(pid, pile="Q 9 8", uses="Q 2").legal is ok


def test_classic_natural_and_wild_switched():
    """classic: Taking the Discard Pile (docs/RULES.md C-A5) — option natural_and_wild_takes_pile=false."""
    verdict = take("classic", pile="Q 9 8", uses="Q 2", options={"natural_and_wild_takes_pile": False})
    assert codes(verdict) == {"pile.needs_matching_cards"}


@pytest.mark.parametrize("pid", ["bicycle", "yahoo", "silhill", "classic"])
def test_frozen_pile_needs_natural_pair(pid):
    """bicycle: Frozen Pile; yahoo, silhill §7b, classic: Freezing — a wild in the pile freezes it."""
    assert codes(take(pid, pile="Q 2 8", uses="Q 2")) == {"pile.frozen_needs_natural_pair"}
    assert take(pid, pile="Q 2 8", uses="Q Q").legal


def test_frozen_flag_without_pile():
    """docs/API.md check/pile — top and frozen instead of the whole pile; takes is then unknown."""
    verdict = take("bicycle", top="Q", frozen=True, uses="Q 2")
    assert codes(verdict) == {"pile.frozen_needs_natural_pair"}
    verdict = take("bicycle", top="Q", frozen=False, uses="Q 2")
    assert verdict.legal and verdict.takes is None


@pytest.mark.parametrize("pid", ["bicycle", "yahoo", "modern-american", "silhill", "classic"])
def test_wild_on_top_cannot_be_taken(pid):
    """bicycle: Frozen Pile; modern-american: Play; silhill §7b (S-A12); classic: Taking — wild on top."""
    assert "pile.wild_on_top" in codes(take(pid, pile="2 Q Q", uses="K K"))


@pytest.mark.parametrize("pid", ["bicycle", "yahoo", "silhill", "classic"])
def test_black_three_on_top_cannot_be_taken(pid):
    """bicycle: Frozen Pile; yahoo (Y-A7); silhill: §7b; classic: Taking — a black three on top blocks."""
    assert codes(take(pid, pile="3S Q Q", uses="K K")) == {"pile.black_three_on_top"}


def test_bicycle_black_three_freezes():
    """bicycle: Frozen Pile (docs/RULES.md B-A5) — a black three under the top keeps the pile frozen."""
    assert codes(take("bicycle", pile="Q 3S 9", uses="Q 2")) == {"pile.frozen_needs_natural_pair"}


def test_bicycle_black_three_blocks_one_turn_switched():
    """bicycle: Frozen Pile (docs/RULES.md B-A5) — option black_three_effect=block_one_turn."""
    assert take("bicycle", pile="Q 3S 9", uses="Q 2", options={"black_three_effect": "block_one_turn"}).legal


def test_classic_black_three_blocks_one_turn():
    """classic: Freezing (docs/RULES.md C-A1) — a covered black three has no effect; option freeze switches."""
    assert take("classic", pile="Q 3S 9", uses="Q 2").legal
    verdict = take("classic", pile="Q 3S 9", uses="Q 2", options={"black_three_effect": "freeze"})
    assert codes(verdict) == {"pile.frozen_needs_natural_pair"}


def test_yahoo_black_three_block_one_turn_and_freeze():
    """yahoo: Taking the Discard Pile (docs/RULES.md Y-A4, Y-A7) — black threes do not freeze; option switches."""
    assert take("yahoo", pile="Q 3S 9", uses="Q 2").legal
    assert not take("yahoo", pile="Q 3S 9", uses="Q 2", options={"black_three_effect": "freeze"}).legal


@pytest.mark.parametrize("pid", ["bicycle", "yahoo", "classic"])
def test_red_three_in_pile_freezes(pid):
    """bicycle: Frozen Pile; yahoo: Taking; classic: Freezing — a red-three upcard freezes the pile."""
    assert codes(take(pid, pile="Q 9 3H", uses="Q 2")) == {"pile.frozen_needs_natural_pair"}
    assert codes(take(pid, pile="3H", uses="Q 2")) == {"pile.red_three_on_top"}


def test_silhill_buried_three_has_no_effect():
    """silhill: §4f, §7b (docs/RULES.md S-A11) — a three turned up and covered leaves the pile unfrozen."""
    assert take("silhill", pile="Q 9 3H", uses="Q 2").legal
    assert take("silhill", pile="Q 9 3S", uses="Q 2").legal
    assert codes(take("silhill", pile="3H", uses="Q 2")) == {"pile.red_three_on_top"}


def test_silhill_buried_wild_upcard_freezes():
    """silhill: §7b, §4f (docs/RULES.md S-A11) — a wild anywhere in the pile, a buried upcard too, freezes it."""
    assert codes(take("silhill", pile="Q 9 3H JK", uses="Q 2")) == {"pile.frozen_needs_natural_pair"}
    assert take("silhill", pile="Q 9 3H JK", uses="Q Q").legal


def test_silhill_red_three_freezes_pile_switched():
    """silhill: §4f, §7b (docs/RULES.md S-A11) — option red_three_freezes_pile=true: a buried red three freezes."""
    verdict = take("silhill", pile="Q 9 3H", uses="Q 2", options={"red_three_freezes_pile": True})
    assert codes(verdict) == {"pile.frozen_needs_natural_pair"}


@pytest.mark.parametrize("pid", ["yahoo", "silhill", "classic"])
def test_pile_frozen_before_opening(pid):
    """yahoo: Taking; silhill: §5e; classic: Freezing — against an unopened side only a natural pair takes it."""
    verdict = take(pid, S(), pile="A 9", uses="A 2 2")
    assert "pile.frozen_needs_natural_pair" in codes(verdict)


def test_bicycle_pile_frozen_until_opened():
    """bicycle: Taking the Pile (docs/RULES.md B-A4) — natural pair needed before the first meld."""
    verdict = take("bicycle", S(), pile="A 9", uses="A 2 JK")
    assert codes(verdict) == {"pile.frozen_needs_natural_pair"}


def test_bicycle_pile_frozen_until_opened_switched():
    """bicycle: Taking the Pile (docs/RULES.md B-A4) — option pile_frozen_until_opened=false: A + wild opens."""
    verdict = take("bicycle", S(), pile="A 9", uses="A 2 JK", options={"pile_frozen_until_opened": False})
    assert verdict.legal and verdict.points == 110 and verdict.minimum == 50


def test_bicycle_top_card_counts_for_minimum():
    """bicycle: Taking the Pile — the top card counts toward the minimum, the rest of the pile never."""
    verdict = take("bicycle", S(), pile="A A A A", uses="A A")
    assert verdict.legal and verdict.points == 60 and verdict.takes == 3
    verdict = take("bicycle", S(score=1500), pile="A A A A", uses="A A")
    assert codes(verdict) == {"meld.below_minimum"} and verdict.minimum == 90


def test_silhill_top_card_does_not_count():
    """silhill: §5e (docs/RULES.md S-A4) — the minimum is reached without the picked-up cards."""
    verdict = take("silhill", S(score=1500), pile="A 9", uses="A A", melds=["K K K"])
    assert codes(verdict) == {"meld.below_minimum"} and verdict.points == 70
    switched = take("silhill", S(score=1500), pile="A 9", uses="A A", melds=["K K K"],
                    options={"top_discard_counts_for_minimum": True})
    assert switched.legal and switched.points == 90


def test_silhill_canasta_waiver_with_pile():
    """silhill: §5d (docs/RULES.md S-A5) — a complete canasta waives the minimum also when taking the pile."""
    verdict = take("silhill", S(score=3000), pile="5 9", uses="5 5 5 5 5 5")
    assert verdict.legal
    switched = take("silhill", S(score=3000), pile="5 9", uses="5 5 5 5 5 5",
                    options={"canasta_waiver_with_pile": False})
    assert codes(switched) == {"meld.below_minimum"}


def test_modern_american_pair_only_pickup_counts_nothing():
    """modern-american: PICKING THE PACK (when opening) — pair + top counts nothing; the top card never counts."""
    verdict = take("modern-american", S(), pile="A 9", uses="A A", melds=["K K K", "Q Q Q", "J J J", "10 10 10"])
    assert verdict.points == 120 and codes(verdict) == {"meld.below_minimum"}
    verdict = take("modern-american", S(), pile="A 9", uses="A A 2", melds=["K K K", "Q Q Q", "J J J"])
    assert verdict.points == 150 and verdict.legal


def test_modern_american_pickup_needs_pure_meld():
    """modern-american: PICKING THE PACK (when opening) — a pure meld of three hand cards is still needed."""
    verdict = take("modern-american", S(), pile="A 9", uses="A A 2", melds=["K K 2", "JK JK Q"])
    assert "meld.needs_pure_meld" in codes(verdict)


def test_modern_american_existing_meld_under_five():
    """modern-american: PICKING THE PACK — a pair may join the side's meld only while it has fewer than 5 cards."""
    situation = S(opened=True, table=["Q Q Q Q Q"])
    assert "pile.existing_meld_too_large" in codes(take("modern-american", situation, pile="Q 9", uses="Q Q"))
    situation = S(opened=True, table=["Q Q Q Q"])
    assert take("modern-american", situation, pile="Q 9", uses="Q Q").legal


def test_modern_american_dead_rank():
    """modern-american: CANASTA (docs/RULES.md M-A11) — a closed rank cannot be picked."""
    situation = S(opened=True, table=["Q Q Q Q Q Q Q"])
    assert "pile.dead_rank" in codes(take("modern-american", situation, pile="Q 9", uses="Q Q"))


def test_modern_american_only_cards_above_the_wild():
    """modern-american: Play — after a wild was discarded, the taker gets only the cards above it."""
    verdict = take("modern-american", pile="Q 9 8 2 7 6", uses="Q Q")
    assert verdict.legal and verdict.takes == 2
    assert take("bicycle", pile="Q 9 8 2 7 6", uses="Q Q").takes == 5


def test_modern_american_pair_always():
    """modern-american: PICKING THE PACK — no lay-off of the top card alone."""
    assert codes(take("modern-american", pile="K 9")) == {"pile.needs_natural_pair"}


def test_layoff_top_card_onto_meld():
    """bicycle: Taking the Pile — the top card may be added to a meld on the table."""
    verdict = take("bicycle", pile="K 9 8")
    assert verdict.legal and verdict.takes == 2


def test_layoff_needs_a_matching_meld():
    """bicycle: Taking the Pile — only onto a meld of the same rank."""
    assert codes(take("bicycle", pile="Q 9 8")) == {"pile.no_matching_meld"}


def test_layoff_before_opening():
    """bicycle: Taking the Pile — before the first meld the top card must be melded with hand cards."""
    assert "pile.not_opened" in codes(take("bicycle", S(), pile="Q 9 8"))


def test_yahoo_no_layoff_onto_canasta():
    """yahoo: Taking the Discard Pile (docs/RULES.md Y-A5) — top card alone not onto a canasta."""
    situation = S(opened=True, table=["K K K K K K K"])
    assert codes(take("yahoo", situation, pile="K 9")) == {"pile.layoff_onto_canasta"}
    assert take("yahoo", situation, pile="K 9", uses="K K").legal
    assert take("yahoo", situation, pile="K 9", options={"top_card_layoff_onto_canasta": True}).legal
    assert take("bicycle", situation, pile="K 9").legal


@pytest.mark.parametrize("pid,ok", [("bicycle", False), ("classic", False), ("yahoo", True), ("silhill", True)])
def test_one_card_pile_with_one_card(pid, ok):
    """bicycle: Frozen Pile; classic: Going Out — a one-card pile is not taken with one card in hand."""
    verdict = take(pid, pile="K", hand_size=1)
    assert verdict.legal is ok
    if not ok:
        assert codes(verdict) == {"pile.one_card_pile"}


def test_pile_meld_rules_still_apply():
    """yahoo: Melding — the meld made with the top card obeys the meld rules."""
    verdict = take("yahoo", pile="Q 9", uses="Q 2 2 JK")
    assert codes(verdict) == {"meld.wilds_outnumber_naturals"}


def test_pile_answer_shape():
    """docs/API.md check/pile — legal, violations, points, minimum (before opening) and takes."""
    assert take("bicycle", S(), pile="A A 9", uses="A A").to_dict() == {
        "legal": True, "violations": [], "points": 60, "minimum": 50, "takes": 2}
    assert set(take("bicycle", pile="K 9").to_dict()) == {"legal", "violations", "points", "takes"}


def test_pile_or_top_required():
    """docs/API.md check/pile — one of pile or top is required."""
    with pytest.raises(InvalidRequest) as info:
        take("bicycle")
    assert info.value.code == "request.missing_field"


def test_empty_pile():
    """docs/API.md check/pile — an empty pile cannot be taken."""
    assert codes(take("bicycle", pile="")) == {"pile.empty"}


def test_wrong_cards_shown():
    """bicycle: Taking the Pile — the hand cards shown must meld with the top card."""
    assert "pile.wrong_cards" in codes(take("bicycle", pile="Q 9", uses="Q J"))


def test_hand_too_small():
    """docs/API.md check/pile — hand_size checks the cards shown."""
    assert "pile.hand_too_small" in codes(take("bicycle", pile="Q 9", uses="Q Q", hand_size=1))


# --- review: docs/RULES.md §2.1 rows on taking the pile ----------------------------------------------------

def test_modern_american_pile_existing_meld_must_have_fewer_than_five():
    """modern-american: PICKING THE PACK — a picked pair may join the team's meld only while it has fewer than
    five cards (wild cards counted), so that the result is at most seven."""
    for table, ok in (("Q Q Q", True), ("Q Q Q Q", True), ("Q Q Q 2", True), ("Q Q Q Q Q", False),
                      ("Q Q Q 2 2", False)):
        verdict = take("modern-american", S(opened=True, table=[table]), pile="Q 9", uses="Q Q")
        assert verdict.legal is ok, table
        if not ok:
            assert "pile.existing_meld_too_large" in codes(verdict)


def test_modern_american_pile_pair_never_with_wilds():
    """modern-american: PICKING THE PACK — always a natural pair, never a natural and a wild, opened or not."""
    assert codes(take("modern-american", pile="Q 9", uses="Q 2")) == {"pile.needs_natural_pair"}
    assert "pile.needs_natural_pair" in codes(take("modern-american", pile="K 9", uses="K 2"))


def test_modern_american_pair_may_bring_a_wild_along():
    """modern-american: PICKING THE PACK (when opening) — a third hand card, same rank or wild, may join."""
    verdict = take("modern-american", S(opened=True, table=["K K K"]), pile="Q 9", uses="Q Q 2")
    assert verdict.legal and verdict.takes == 1


def test_modern_american_takes_only_cards_above_the_first_wild():
    """modern-american: Play item 3 — only the cards above the (highest) wild are taken."""
    assert take("modern-american", pile="Q 2 9 8", uses="Q Q").takes == 0
    assert take("modern-american", pile="Q 9 JK 8 2 7", uses="Q Q").takes == 1
    assert take("modern-american", pile="Q 9 8 7", uses="Q Q").takes == 3


def test_takes_counts_the_whole_pile_but_the_top_card():
    """docs/API.md check/pile — takes: pile cards that go into the hand; the top card goes into the meld."""
    for pid in ("bicycle", "yahoo", "silhill", "classic"):
        assert take(pid, pile="Q 2 9 8", uses="Q Q").takes == 3
        assert take(pid, pile="Q", uses="Q Q").takes == 0


def test_illegal_take_has_no_takes():
    """docs/API.md check/pile — takes is given when the take is legal."""
    answer = take("bicycle", pile="Q 9", uses="Q J").to_dict()
    assert answer["legal"] is False and answer["takes"] is None


@pytest.mark.parametrize("pid", ["bicycle", "classic"])
def test_one_card_pile_with_two_cards_in_hand(pid):
    """bicycle: Frozen Pile; classic: Going Out — the ban is only for a single card in hand."""
    assert take(pid, pile="K", hand_size=2).legal


@pytest.mark.parametrize("pid", ["bicycle", "classic"])
def test_one_card_pile_ban_only_for_a_one_card_pile(pid):
    """bicycle: Frozen Pile; classic: Going Out — a pile of two may be taken with one card in hand."""
    assert take(pid, pile="K 9", hand_size=1).legal


@pytest.mark.parametrize("pid", ["bicycle", "yahoo", "silhill", "classic"])
def test_red_three_on_top_never_taken(pid):
    """classic: Taking the Discard Pile (docs/RULES.md C-A7); bicycle, yahoo, silhill — a red three on top."""
    assert codes(take(pid, pile="3D K K", uses="K K")) == {"pile.red_three_on_top"}
    assert codes(take(pid, top="3D", uses="K K")) == {"pile.red_three_on_top"}


@pytest.mark.parametrize("pid", ["bicycle", "silhill", "classic"])
def test_top_card_alone_onto_a_canasta(pid):
    """bicycle: Taking the Pile; silhill: §5e; classic: Taking the Discard Pile — literally allowed."""
    situation = S(opened=True, table=["K K K K K K K"])
    verdict = take(pid, situation, pile="K 9 8")
    assert verdict.legal and verdict.takes == 2


@pytest.mark.parametrize("pid", ["bicycle", "yahoo", "silhill", "classic"])
def test_frozen_pile_top_card_alone_not_laid_off(pid):
    """bicycle: Frozen Pile; yahoo, silhill §7b, classic: Freezing — a frozen pile needs the natural pair."""
    verdict = take(pid, pile="K JK 9")
    assert codes(verdict) == {"pile.frozen_needs_natural_pair"}
    assert take(pid, pile="K JK 9", uses="K K").legal


@pytest.mark.parametrize("pid", ["bicycle", "yahoo", "silhill", "classic"])
def test_unopened_side_needs_a_natural_pair(pid):
    """bicycle: Taking the Pile (B-A4); yahoo: Taking; silhill: §5e; classic: Freezing — before the first meld,
    two natural cards matching the top card."""
    assert "pile.frozen_needs_natural_pair" in codes(take(pid, S(), pile="A 9", uses="A 2"))
    assert take(pid, S(), pile="A 9", uses="A A", melds=["K K K"]).legal


def test_modern_american_unopened_pickup_needs_the_pure_meld_and_count():
    """modern-american: PICKING THE PACK (when opening) — natural pair, pure meld from the hand, 125."""
    verdict = take("modern-american", S(), pile="A 9", uses="A A", melds=["K K K", "Q Q Q", "J J J", "10 10 10",
                                                                            "9 9 9"])
    assert verdict.legal and verdict.points == 150 and verdict.minimum == 125


def test_modern_american_frozen_by_a_wild_still_a_pair():
    """modern-american: Play item 2-3 — a wild under the top does not stop a natural pair."""
    verdict = take("modern-american", pile="Q 2 9")
    assert codes(verdict) == {"pile.needs_natural_pair"}
    assert take("modern-american", pile="Q 2 9", uses="Q Q").legal


def test_bicycle_black_three_on_top_then_covered_still_frozen():
    """bicycle: Frozen Pile (docs/RULES.md B-A5) — the black three must be covered and then keeps it frozen."""
    assert codes(take("bicycle", pile="3C K", uses="K K")) == {"pile.black_three_on_top"}
    assert codes(take("bicycle", pile="K 3C", uses="K 2")) == {"pile.frozen_needs_natural_pair"}
    assert take("bicycle", pile="K 3C", uses="K K").legal


def test_yahoo_natural_pair_onto_a_canasta():
    """yahoo: Taking the Discard Pile (docs/RULES.md Y-A5) — a natural pair may add the top card to a canasta."""
    situation = S(opened=True, table=["K K K K K K K"])
    verdict = take("yahoo", situation, pile="K 9", uses="K K")
    assert verdict.legal and verdict.takes == 1


def test_pile_dead_rank_not_taken_even_with_a_pair():
    """modern-american: CANASTA; PICKING THE PACK (CJ-PP) — a closed rank cannot be picked."""
    situation = S(opened=True, table=["Q Q Q Q Q 2 2"])
    assert "pile.dead_rank" in codes(take("modern-american", situation, pile="Q 9", uses="Q Q"))

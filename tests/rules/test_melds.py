"""Is this meld legal? One test per rule of docs/RULES.md §2.1 and §4, named after it."""
import pytest

from scorekeeper.rules import InvalidRequest, Situation, check_meld, parse_cards

from .helpers import P, S, codes

OPEN = S(opened=True, table=["Q Q Q"])


def legal(pid, melds, situation=None, add=None, going_out=False, **options):
    return check_meld(P(pid, **options), situation or OPEN, melds, add=add, going_out=going_out)


# --- size and naturals -------------------------------------------------------------------

@pytest.mark.parametrize("pid", ["bicycle", "yahoo", "modern-american", "silhill", "classic"])
def test_meld_at_least_three_cards(pid):
    """bicycle: Melds; yahoo: Melding; modern-american: Melds; silhill: §3; classic: Melds¶ — three cards."""
    assert codes(legal(pid, ["K K"])) == {"meld.too_few_cards"}
    assert legal(pid, ["K K K"]).legal


@pytest.mark.parametrize("pid", ["bicycle", "yahoo", "modern-american", "silhill", "classic"])
def test_meld_at_least_two_naturals(pid):
    """bicycle: Melds — at least two natural cards in every meld (and the other documents alike)."""
    assert "meld.too_few_naturals" in codes(legal(pid, ["K 2 JK"]))


def test_bicycle_melds_at_most_three_wilds():
    """bicycle: Melds — not more than three wild cards in a meld."""
    assert codes(legal("bicycle", ["K K K 2 2 JK JK"])) == {"meld.too_many_wilds"}
    assert legal("bicycle", ["K K K 2 2 JK"]).legal


def test_bicycle_two_naturals_three_wilds_legal():
    """bicycle: Melds (docs/RULES.md B-A2) — no ratio stated, so K K 2 2 JK is legal (with a warning)."""
    verdict = legal("bicycle", ["K K 2 2 JK"])
    assert verdict.legal and verdict.warnings


def test_bicycle_wilds_may_exceed_naturals_switched_off():
    """bicycle: Melds (docs/RULES.md B-A2) — option wilds_may_exceed_naturals=false refuses K K 2 2 JK."""
    verdict = legal("bicycle", ["K K 2 2 JK"], wilds_may_exceed_naturals=False)
    assert codes(verdict) == {"meld.wilds_outnumber_naturals"}


def test_classic_two_naturals_three_wilds_legal():
    """classic: Melds¶ — no ratio stated: 2N+3W is literally legal."""
    assert legal("classic", ["K K 2 2 JK"]).legal


def test_yahoo_wilds_not_more_than_naturals():
    """yahoo: Melding — wild cards may not outnumber natural cards."""
    assert codes(legal("yahoo", ["K K 2 2 JK"])) == {"meld.wilds_outnumber_naturals"}
    assert legal("yahoo", ["K K 2 2"]).legal


def test_silhill_naturals_outnumber_wilds():
    """silhill: §7a (docs/RULES.md S-A2) — more natural cards than wild cards in every meld."""
    assert codes(legal("silhill", ["K K 2 2"])) == {"meld.wilds_equal_naturals"}
    assert legal("silhill", ["K K K 2 2"]).legal


def test_silhill_wild_ratio_not_more_wilds():
    """silhill: §7a (docs/RULES.md S-A2) — option wild_ratio=not_more_wilds lets 2N+2W pass."""
    assert legal("silhill", ["K K 2 2"], wild_ratio="not_more_wilds").legal


def test_modern_american_at_most_two_wilds():
    """modern-american: Melds — at most two wild cards."""
    assert codes(legal("modern-american", ["K K K 2 2 JK"])) == {"meld.too_many_wilds"}
    assert legal("modern-american", ["K K 2 2"]).legal


@pytest.mark.parametrize("pid", ["bicycle", "yahoo", "silhill", "classic"])
def test_no_all_wild_melds(pid):
    """bicycle: Melds — wild cards are never melded apart from natural cards (and 001, 003, 004)."""
    assert "meld.all_wild" in codes(legal(pid, ["2 2 JK"]))


def test_modern_american_wild_card_meld():
    """modern-american: TWO OTHER WAYS (docs/RULES.md M-A4) — three to seven wild cards make a wild-card meld."""
    assert legal("modern-american", ["2 2 JK"]).legal
    assert codes(legal("modern-american", ["2 2"])) == {"meld.too_few_cards"}


def test_modern_american_wild_meld_blocks_other_wilds():
    """modern-american: TWO OTHER WAYS — while the wild-card meld is unfinished no wilds go on other melds."""
    situation = S(opened=True, table=["2 2 JK", "Q Q Q"])
    assert codes(legal("modern-american", [], situation, add={"Q": "2"})) == {"meld.wild_meld_incomplete"}
    assert legal("modern-american", [], situation, add={"Q": "Q"}).legal


def test_modern_american_max_seven_cards():
    """modern-american: CANASTA — no meld beyond seven cards; a finished canasta closes its rank."""
    situation = S(opened=True, table=["Q Q Q Q Q Q Q"])
    assert codes(legal("modern-american", [], situation, add={"Q": "Q"})) == {"meld.dead_rank"}
    assert codes(legal("modern-american", ["Q Q Q"], situation)) == {"meld.dead_rank"}


def test_bicycle_no_size_limit():
    """bicycle: Canastas — a meld may grow past seven cards."""
    situation = S(opened=True, table=["Q Q Q Q Q Q Q"])
    assert legal("bicycle", [], situation, add={"Q": "Q Q"}).legal


def test_sevens_never_take_wilds():
    """modern-american: SEVENS AND ACES — sevens are melded without wild cards."""
    assert codes(legal("modern-american", ["7 7 7 2"])) == {"meld.sevens_no_wilds"}
    assert legal("bicycle", ["7 7 7 2"]).legal


def test_aces_take_wilds_only_in_the_opening():
    """modern-american: SEVENS AND ACES — aces take wild cards only as part of the opening."""
    assert codes(legal("modern-american", ["A A A 2"])) == {"meld.aces_no_wilds"}
    verdict = check_meld(P("modern-american"), S(), ["A A A 2", "K K K K K"])
    assert verdict.legal, verdict.violations


def test_modern_american_rule_of_five_off_by_default():
    """modern-american: Melds (docs/RULES.md M-A5) — by default K K 2 is fine after the opening."""
    assert legal("modern-american", ["K K 2"]).legal


def test_modern_american_rule_of_five_on():
    """modern-american: Melds (rule of five, docs/RULES.md §3.2) — a wild joins only a meld with five naturals."""
    assert codes(legal("modern-american", ["K K 2"], rule_of_five=True)) == {"meld.rule_of_five"}
    assert legal("modern-american", ["K K K K K 2"], rule_of_five=True).legal
    situation = S(opened=True, table=["Q Q Q Q"])
    assert codes(legal("modern-american", [], situation, add={"Q": "2"}, rule_of_five=True)) == {"meld.rule_of_five"}
    assert legal("modern-american", [], situation, add={"Q": "Q 2"}, rule_of_five=True).legal


# --- wild cards on a finished canasta ------------------------------------------------------

def test_bicycle_wilds_beyond_three_on_a_canasta():
    """bicycle: Canastas (docs/RULES.md B-A1) — once a canasta is formed, wilds may exceed three."""
    situation = S(opened=True, table=["Q Q Q Q Q 2 JK"])
    verdict = legal("bicycle", [], situation, add={"Q": "2 2"})
    assert verdict.legal
    assert verdict.melds[0].canasta == "mixed" and verdict.melds[0].bonus == 300


def test_bicycle_canasta_formed_with_extra_wilds_same_turn():
    """bicycle: Canastas (docs/RULES.md B-A1) — the canasta as formed holds at most three wilds."""
    assert legal("bicycle", ["K K K K K 2 2 JK JK"]).legal
    assert codes(legal("bicycle", ["K K K 2 2 JK JK"])) == {"meld.too_many_wilds"}


def test_bicycle_wild_cap_three_switched():
    """bicycle: Canastas (docs/RULES.md B-A1) — option wild_cap_after_canasta=three."""
    situation = S(opened=True, table=["Q Q Q Q Q 2 JK"])
    assert codes(legal("bicycle", [], situation, add={"Q": "2 2"}, wild_cap_after_canasta="three")) == {
        "meld.too_many_wilds"}


@pytest.mark.parametrize("pid", ["yahoo", "silhill"])
def test_three_wild_cap_includes_canastas(pid):
    """yahoo: Melding; silhill: §7a — a canasta never holds more than three wild cards."""
    situation = S(opened=True, table=["Q Q Q Q Q 2 JK"])
    assert legal(pid, [], situation, add={"Q": "2"}).legal
    assert "meld.too_many_wilds" in codes(legal(pid, [], situation, add={"Q": "2 2"}))


def test_classic_wild_cap_applies_to_canastas():
    """classic: Melds¶ (docs/RULES.md C-A6) — the three-wild limit also binds a canasta; option switches it."""
    situation = S(opened=True, table=["Q Q Q Q Q 2 JK"])
    assert "meld.too_many_wilds" in codes(legal("classic", [], situation, add={"Q": "2 2"}))
    assert legal("classic", [], situation, add={"Q": "2 2"}, wild_cap_after_canasta="unlimited").legal


# --- one meld per rank ---------------------------------------------------------------------

@pytest.mark.parametrize("pid", ["bicycle", "yahoo", "modern-american", "silhill", "classic"])
def test_one_meld_per_rank(pid):
    """yahoo: Melding; modern-american: Melds — forbidden; bicycle, silhill, classic: rec. (B-A11, C-A8)."""
    assert "meld.duplicate_rank" in codes(legal(pid, ["Q Q Q"]))


@pytest.mark.parametrize("pid", ["bicycle", "silhill", "classic"])
def test_one_meld_per_rank_switched(pid):
    """bicycle: Melds (B-A11); silhill: §7a; classic: Melds¶ (C-A8) — option one_meld_per_rank=false."""
    assert legal(pid, ["Q Q Q"], one_meld_per_rank=False).legal


def test_add_to_missing_meld():
    """bicycle: Melds — cards are added only to the side's own melds."""
    assert codes(legal("bicycle", [], add={"K": "K"})) == {"meld.no_such_meld"}


def test_mixed_ranks():
    """bicycle: Melds — a meld is cards of one rank; sequences are not melds."""
    assert "meld.mixed_ranks" in codes(legal("bicycle", ["K Q J"]))


@pytest.mark.parametrize("pid", ["bicycle", "yahoo", "modern-american", "silhill", "classic"])
def test_red_threes_never_melded(pid):
    """bicycle: Red Threes — red threes are bonus cards, never melded."""
    assert "meld.red_three" in codes(legal(pid, ["3H 3D 3H"]))


# --- black threes --------------------------------------------------------------------------

@pytest.mark.parametrize("pid", ["bicycle", "yahoo", "silhill", "classic"])
def test_black_threes_only_when_going_out(pid):
    """bicycle: Melds; yahoo: Melding; silhill: §7d; classic: Melds¶ — black threes only when going out."""
    assert codes(legal(pid, ["3S 3C 3S"])) == {"meld.black_threes_only_going_out"}
    assert legal(pid, ["3S 3C 3S"], going_out=True).legal


@pytest.mark.parametrize("pid", ["bicycle", "yahoo", "silhill", "classic"])
def test_black_three_melds_without_wilds(pid):
    """yahoo: Melding; classic: Melds¶; bicycle (B-A6), silhill (S-A8) rec. — no wild cards with black threes."""
    assert codes(legal(pid, ["3S 3C 2"], going_out=True)) == {"meld.black_three_wilds"}


@pytest.mark.parametrize("pid", ["bicycle", "silhill"])
def test_black_three_melds_with_wilds_switched(pid):
    """bicycle: Melds (B-A6); silhill: §7d (S-A8) — option black_three_melds_without_wilds=false."""
    assert legal(pid, ["3S 3C 2"], going_out=True, black_three_melds_without_wilds=False).legal


def test_modern_american_black_threes_never_melded():
    """modern-american: THREES — all threes are bonus cards."""
    assert codes(legal("modern-american", ["3S 3C 3S"], going_out=True)) == {"meld.black_threes_never"}


# --- the initial meld ---------------------------------------------------------------------

def test_bicycle_opening_minimum():
    """bicycle: Melds — the first meld must reach the side's minimum; several melds may add up."""
    verdict = check_meld(P("bicycle"), S(score=1600), ["K K K", "Q Q 2"])
    assert codes(verdict) == {"meld.below_minimum"} and verdict.points == 70 and verdict.minimum == 90
    assert check_meld(P("bicycle"), S(score=1600), ["K K K", "A A 2"]).legal


def test_minimum_reported_only_before_opening():
    """docs/API.md check/meld — minimum present only while the side has not opened."""
    assert "minimum" not in check_meld(P("bicycle"), OPEN, ["K K K"]).to_dict()
    assert check_meld(P("bicycle"), S(), ["K K K"]).to_dict()["minimum"] == 50


def test_negative_score_any_meld_opens():
    """bicycle: Melds — minus score needs 0; yahoo 15, classic 15, silhill none: the cheapest meld opens."""
    for pid in ("bicycle", "yahoo", "silhill", "classic"):
        assert check_meld(P(pid), S(score=-100), ["4 4 4"]).legal


def test_modern_american_opening_needs_pure_meld():
    """modern-american: OPENING — the opening needs a meld of natural cards only."""
    verdict = check_meld(P("modern-american"), S(), ["K K 2", "A A 2", "Q Q 2"])
    assert codes(verdict) == {"meld.needs_pure_meld"}
    assert check_meld(P("modern-american"), S(), ["K K K", "A A 2", "Q Q 2"]).legal


def test_modern_american_wild_meld_opens_alone():
    """modern-american: TWO OTHER WAYS (docs/RULES.md M-A7) — a wild-card meld worth the count opens alone."""
    assert check_meld(P("modern-american"), S(), ["2 2 JK JK"]).legal


def test_modern_american_wild_meld_opens_alone_switched():
    """modern-american: TWO OTHER WAYS (docs/RULES.md M-A7) — option wild_meld_may_open_alone=false."""
    verdict = check_meld(P("modern-american", wild_meld_may_open_alone=False), S(), ["2 2 JK JK"])
    assert codes(verdict) == {"meld.needs_pure_meld"}


def test_modern_american_natural_canasta_opens():
    """modern-american: TWO OTHER WAYS (docs/RULES.md M-A8) — a natural canasta satisfies the opening."""
    verdict = check_meld(P("modern-american"), S(score=5000), ["5 5 5 5 5 5 5"])
    assert verdict.legal and verdict.points == 35 and verdict.minimum == 180


def test_silhill_complete_canasta_waives_minimum():
    """silhill: §5d (docs/RULES.md S-A5) — laying down a complete canasta needs no minimum, mixed included."""
    assert check_meld(P("silhill"), S(score=3000), ["5 5 5 5 5 2 2"]).legal


def test_bicycle_canasta_counts_only_card_values():
    """bicycle: Concealed Hand — the canasta bonus never counts toward the minimum."""
    verdict = check_meld(P("bicycle"), S(score=3000), ["5 5 5 5 5 5 5"])
    assert codes(verdict) == {"meld.below_minimum"}


def test_bicycle_concealed_going_out_skips_minimum():
    """bicycle: Concealed Hand — going out concealed after drawing from the stock needs no minimum."""
    assert check_meld(P("bicycle"), S(score=3000), ["5 5 5 5 5 5 5", "4 4 4"], going_out=True).legal


def test_silhill_opening_per_player():
    """silhill: §5d (docs/RULES.md S-A1) — by default the side opens once; option opening_per_player."""
    situation = S(score=1600, opened=True, table=["Q Q Q"])
    assert check_meld(P("silhill"), situation, ["4 4 4"]).legal
    verdict = check_meld(P("silhill", opening_per_player=True), situation, ["4 4 4"])
    assert codes(verdict) == {"meld.below_minimum"} and verdict.minimum == 90


# --- answers and errors ----------------------------------------------------------------

def test_meld_answer_shape():
    """docs/API.md check/meld — the example answer."""
    verdict = check_meld(P("bicycle", wilds_may_exceed_naturals=False), S(), ["K K 2 2 JK"])
    assert verdict.to_dict() == {
        "legal": False,
        "violations": [{"code": "meld.wilds_outnumber_naturals",
                        "message": str(verdict.violations[0].message), "source": "bicycle: Melds"}],
        "melds": [{"cards": ["K", "K", "2", "2", "JK"], "rank": "K", "naturals": 2, "wilds": 3, "points": 110,
                   "canasta": None, "bonus": 0}],
        "points": 110,
        "minimum": 50,
    }


def test_every_violation_is_reported():
    """DEVELOPING.md, principle 3 — checks return every violation, not the first."""
    verdict = check_meld(P("modern-american"), S(), ["K K 2 2 JK", "7 7 7 2"])
    assert codes(verdict) == {"meld.too_many_wilds", "meld.sevens_no_wilds", "meld.needs_pure_meld"}


def test_table_without_opening_is_contradictory():
    """docs/API.md The situation — a table while opened is false is request.invalid_field on 'table'."""
    with pytest.raises(InvalidRequest) as info:
        Situation(opened=False, table=(parse_cards("K K K"),))
    assert info.value.code == "request.invalid_field" and info.value.field == "table"


def test_bad_add_key():
    """docs/API.md check/meld — the key of add is the rank of a meld on the table."""
    with pytest.raises(InvalidRequest) as info:
        check_meld(P("bicycle"), OPEN, [], add={"Z": "K"})
    assert info.value.field == "add.Z"


def test_canasta_kinds_modern_american():
    """modern-american: scoring (docs/RULES.md §3.1) — sevens, aces and wild canastas carry their own bonus."""
    p = P("modern-american")
    sevens = check_meld(p, OPEN, ["7 7 7 7 7 7 7"]).melds[0]
    assert (sevens.canasta, sevens.bonus) == ("sevens", 2500)
    twos = check_meld(p, OPEN, ["2 2 2 2 2 2 2"]).melds[0]
    assert (twos.canasta, twos.bonus) == ("wild", 3000)
    jokers = check_meld(p, OPEN, ["JK JK JK JK 2 2 2"]).melds[0]
    assert (jokers.canasta, jokers.bonus) == ("wild", 2500)
    other = check_meld(p, OPEN, ["JK JK 2 2 2 2 2"]).melds[0]
    assert (other.canasta, other.bonus) == ("wild", 2000)


# --- review: docs/RULES.md §2.1 rows, one test per profile and rule ----------------------------------------

@pytest.mark.parametrize("pid", ["bicycle", "yahoo", "silhill", "classic"])
def test_natural_added_to_a_finished_canasta(pid):
    """bicycle: Canastas; yahoo: Melding; silhill: §7a; classic: Melds¶ — natural cards may join a canasta."""
    situation = S(opened=True, table=["Q Q Q Q Q Q Q"])
    verdict = legal(pid, [], situation, add={"Q": "Q Q"})
    assert verdict.legal and verdict.melds[0].canasta == "natural" and verdict.melds[0].bonus == 500


@pytest.mark.parametrize("pid", ["bicycle", "yahoo", "silhill", "classic"])
def test_wild_added_to_a_natural_canasta_makes_it_mixed(pid):
    """bicycle: Canastas; yahoo: Melding; silhill: §7a; classic: Melds¶ — natural→mixed, 500→300."""
    situation = S(opened=True, table=["Q Q Q Q Q Q Q"])
    verdict = legal(pid, [], situation, add={"Q": "2"})
    assert verdict.legal and verdict.melds[0].canasta == "mixed" and verdict.melds[0].bonus == 300


def test_modern_american_no_wild_on_a_finished_canasta():
    """modern-american: CANASTA — a canasta is closed at seven cards; its rank is dead."""
    situation = S(opened=True, table=["Q Q Q Q Q 2 2"])
    assert codes(legal("modern-american", [], situation, add={"Q": "2"})) == {"meld.dead_rank"}


def test_modern_american_closed_canasta_without_dead_ranks():
    """modern-american: CANASTA (docs/RULES.md M-A11) — with dead ranks switched off a closed canasta still
    takes nothing (the profile's own check)."""
    import dataclasses
    p = dataclasses.replace(P("modern-american"), dead_ranks=False)
    situation = S(opened=True, table=["Q Q Q Q Q Q Q"])
    assert codes(check_meld(p, situation, [], add={"Q": "Q"})) == {"meld.canasta_closed"}


def test_modern_american_mixed_canasta_five_naturals_two_wilds():
    """modern-american: CANASTA — a mixed canasta has at least five naturals and at most two wilds: 300."""
    info = legal("modern-american", ["K K K K K 2 JK"]).melds[0]
    assert (info.canasta, info.bonus) == ("mixed", 300)
    assert codes(legal("modern-american", ["K K K K 2 2 JK"])) == {"meld.too_many_wilds"}


def test_modern_american_wild_card_meld_at_most_seven():
    """modern-american: CANASTA; TWO OTHER WAYS 1 — a wild-card meld holds three to seven twos and jokers."""
    situation = S(opened=True, table=["2 2 2 2 2 2 2"])
    assert codes(legal("modern-american", [], situation, add={"wild": "JK"})) == {"meld.dead_rank"}
    assert codes(legal("modern-american", ["2 2 2 2 JK JK JK JK"])) == {"meld.too_large"}


def test_modern_american_wild_meld_frees_wilds_once_complete():
    """modern-american: TWO OTHER WAYS 1 — once the wild-card meld is a canasta, wilds may go elsewhere."""
    situation = S(opened=True, table=["2 2 2 2 JK JK JK", "Q Q Q"])
    assert legal("modern-american", [], situation, add={"Q": "2"}).legal


def test_modern_american_wild_meld_and_mixed_meld_same_turn():
    """modern-american: TWO OTHER WAYS 1 — starting a wild-card meld and a mixed meld in one turn is refused."""
    verdict = legal("modern-american", ["2 2 JK", "K K 2"])
    assert codes(verdict) == {"meld.wild_meld_incomplete"}


def test_modern_american_aces_with_wilds_from_the_opening_take_no_more():
    """modern-american: SEVENS AND ACES — wilds join aces only in the opening meld itself."""
    situation = S(opened=True, table=["A A A 2"])
    assert codes(legal("modern-american", [], situation, add={"A": "2"})) == {"meld.aces_no_wilds"}
    assert legal("modern-american", [], situation, add={"A": "A"}).legal


def test_modern_american_sevens_never_take_wilds_even_in_the_opening():
    """modern-american: SEVENS AND ACES — sevens are never mixed, also not in the opening."""
    verdict = check_meld(P("modern-american"), S(), ["7 7 7 2", "A A A A A A"])
    assert codes(verdict) == {"meld.sevens_no_wilds"}


def test_modern_american_rule_of_five_not_in_the_opening():
    """modern-american: Melds (rule of five, docs/RULES.md §3.2) — it applies after the opening only."""
    verdict = check_meld(P("modern-american", rule_of_five=True), S(), ["K K 2", "A A A A A A"])
    assert verdict.legal, verdict.violations


def test_modern_american_two_melds_of_a_rank_forbidden():
    """modern-american: Melds — one meld per rank per team."""
    assert "meld.duplicate_rank" in codes(check_meld(P("modern-american"), S(), ["K K K", "K K K", "A A A A"]))


def test_silhill_four_card_meld_needs_three_naturals():
    """silhill: §7a — naturals outnumber wilds: three in a meld of four or five cards."""
    assert legal("silhill", ["K K K 2"]).legal
    assert legal("silhill", ["K K K 2 2"]).legal
    assert codes(legal("silhill", ["K K 2 2"])) == {"meld.wilds_equal_naturals"}


def test_silhill_six_card_meld_needs_four_naturals():
    """silhill: §7a — four naturals in a meld of six or seven cards."""
    assert codes(legal("silhill", ["K K K 2 2 2"])) == {"meld.wilds_equal_naturals"}
    assert legal("silhill", ["K K K K 2 2 2"]).legal


def test_silhill_canasta_with_three_wilds_takes_no_more():
    """silhill: §7a — once a canasta holds three wild cards, no further wild card joins it."""
    situation = S(opened=True, table=["K K K K K 2 2"])
    assert legal("silhill", [], situation, add={"K": "2"}).legal
    situation = S(opened=True, table=["K K K K K 2 2 2"])
    assert codes(legal("silhill", [], situation, add={"K": "JK"})) == {"meld.too_many_wilds"}


def test_yahoo_canasta_wild_limit_and_ratio():
    """yahoo: Melding — at most three wilds, never more wilds than naturals, canastas included."""
    assert legal("yahoo", ["K K K K 2 2 2"]).legal
    assert codes(legal("yahoo", ["K K K 2 2 2 2"])) == {"meld.too_many_wilds", "meld.wilds_outnumber_naturals"}


@pytest.mark.parametrize("pid", ["bicycle", "yahoo", "silhill", "classic"])
def test_canasta_needs_four_naturals(pid):
    """bicycle: Canastas; yahoo: Melding; silhill: §7a; classic: Melds¶ — a canasta is made with at least
    four naturals (at most three wilds)."""
    assert "meld.too_many_wilds" in codes(legal(pid, ["K K K 2 2 JK JK"]))
    info = legal(pid, ["K K K K 2 2 JK"]).melds[0]
    assert (info.canasta, info.bonus) == ("mixed", 300)


@pytest.mark.parametrize("pid", ["bicycle", "yahoo", "silhill", "classic"])
def test_no_size_limit_on_melds(pid):
    """bicycle: Canastas; silhill: §7a ("as large as you wish"); yahoo, classic: none stated."""
    situation = S(opened=True, table=["Q Q Q Q Q Q Q"])
    verdict = legal(pid, [], situation, add={"Q": "Q"})
    assert verdict.legal and len(verdict.melds[0].cards) == 8


def test_classic_wild_cap_is_three():
    """classic: Melds¶ — at most three wild cards in a meld (no ratio)."""
    assert codes(legal("classic", ["K K K K 2 2 JK JK"])) == {"meld.too_many_wilds"}


@pytest.mark.parametrize("pid", ["bicycle", "yahoo", "silhill", "classic"])
def test_black_three_meld_of_four(pid):
    """yahoo: Melding; bicycle (B-A6), silhill (S-A8) rec. — three or four black threes when going out."""
    assert legal(pid, ["3S 3C 3S 3C"], going_out=True).legal
    assert codes(legal(pid, ["3S 3C"], going_out=True)) == {"meld.too_few_cards"}


def test_black_threes_not_added_to_other_melds():
    """bicycle: Melds — a three is not a card of another rank's meld."""
    assert "meld.mixed_ranks" in codes(legal("bicycle", ["K K 3S"], going_out=True))


@pytest.mark.parametrize("pid", ["bicycle", "yahoo", "modern-american", "silhill", "classic"])
def test_red_three_never_added_to_a_meld(pid):
    """bicycle: Red Threes; modern-american: THREES — a red three is a bonus card, not part of a meld."""
    assert "meld.red_three" in codes(legal(pid, [], add={"Q": "3H"}))


@pytest.mark.parametrize("pid", ["bicycle", "yahoo", "silhill", "classic"])
def test_wild_added_alone_needs_a_meld(pid):
    """bicycle: Melds — wild cards go on the side's meld of a rank; never a meld of their own."""
    assert "meld.no_such_meld" in codes(legal(pid, [], add={"wild": "2"}))


def test_modern_american_dead_rank_message_is_plain():
    """DEVELOPING.md, principle 3 — a violation is plain words with its source."""
    situation = S(opened=True, table=["Q Q Q Q Q Q Q"])
    v = legal("modern-american", ["Q Q Q"], situation).violations[0]
    assert v.source == "modern-american: CANASTA" and str(v.message).endswith(".") and "queens" in str(v.message)

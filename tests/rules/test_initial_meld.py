"""The initial meld: docs/RULES.md §2.1 initial-meld table (every boundary, every profile) and what counts toward it."""
import pytest

from scorekeeper.rules import PROFILES, check_meld, check_pile, get_profile

from .helpers import P, S, codes

BOUNDARIES = (-5, 0, 1495, 1500, 2995, 3000, 4995, 5000)
EXPECTED = {
    # bicycle: Melds — minus 0; 0–1495 50; 1500–2995 90; 3000+ 120
    "bicycle": (0, 50, 50, 90, 90, 120, 120, 120),
    # yahoo: Initial Meld Req. — below 0 15 ("any meld will do")
    "yahoo": (15, 50, 50, 90, 90, 120, 120, 120),
    # modern-american: SCORING — "less than 2995" read as below 3000 (M-A2); 3000–4995 155; 5000+ 180
    "modern-american": (125, 125, 125, 125, 125, 155, 155, 180),
    # silhill: §5d — minus: no minimum; "OVER 3000" read as 3000 and more (S-A3)
    "silhill": (0, 50, 50, 90, 90, 120, 120, 120),
    # classic: Minimum Count — the unlabelled first row (15) is the negative score (C-A3)
    "classic": (15, 50, 50, 90, 90, 120, 120, 120),
    # samba: Scoring (BCA-S) — 15 below 0, then 50, 90 and 120 as in the four-hand game (160 from 7,000)
    "samba": (15, 50, 50, 90, 90, 120, 120, 120),
    # bolivia: Wild Cards (BCA-B) — the Samba table, staying at 150 from 7,000
    "bolivia": (15, 50, 50, 90, 90, 120, 120, 120),
    # hand-and-foot: the minimum follows the deal (50, 90, 120, 150); asked without a deal, the first deal's 50
    "hand-and-foot": (50, 50, 50, 50, 50, 50, 50, 50),
}


@pytest.mark.parametrize("pid", list(PROFILES))
def test_initial_meld_table_every_boundary(pid):
    """bicycle: Melds; yahoo: Initial Meld Req.; modern-american: SCORING (M-A2); silhill: §5d (S-A3);
    classic: Minimum Count (C-A3) — the minimum at -5, 0, 1495, 1500, 2995, 3000, 4995 and 5000."""
    profile = get_profile(pid)
    assert tuple(profile.minimum(score) for score in BOUNDARIES) == EXPECTED[pid]


@pytest.mark.parametrize("pid", list(PROFILES))
@pytest.mark.parametrize("score", BOUNDARIES)
def test_initial_meld_check_reports_the_table_minimum(pid, score):
    """docs/API.md check/meld — the minimum answered for an unopened side is the table's value for its score."""
    verdict = check_meld(P(pid), S(score=score), ["K K K"])
    assert verdict.minimum == get_profile(pid).minimum(score)
    assert verdict.to_dict()["minimum"] == verdict.minimum


def test_modern_american_minimum_2995_is_125():
    """modern-american: SCORING (docs/RULES.md M-A2) — the literal gap at 2995 is read as 125."""
    assert get_profile("modern-american").minimum(2995) == 125


def test_silhill_minimum_3000_is_120():
    """silhill: §5d (docs/RULES.md S-A3) — the literal gap at exactly 3000 is read as 120."""
    assert get_profile("silhill").minimum(3000) == 120


@pytest.mark.parametrize("pid,score,melds", [
    ("bicycle", 1500, ["A A A", "K K K"]),          # 60 + 30 = 90
    ("yahoo", 3000, ["A A A", "K K K", "Q Q Q", "J J J"]),   # 120
    ("silhill", 0, ["K K K", "Q Q 2"]),              # 30 + 40 = 70 >= 50
    ("classic", 1495, ["K K K K K"]),                # 50
])
def test_opening_exactly_at_the_minimum_is_legal(pid, score, melds):
    """bicycle: Melds; yahoo: Initial Meld Req.; silhill: §5d; classic: Minimum Count — reaching the
    minimum exactly is enough; five points fewer is not."""
    verdict = check_meld(P(pid), S(score=score), melds)
    assert verdict.legal, verdict.violations
    assert verdict.points >= verdict.minimum


def test_bicycle_opening_five_below_the_minimum():
    """bicycle: Melds — 45 points do not open at 50."""
    verdict = check_meld(P("bicycle"), S(score=0), ["K K K", "4 4 4"])
    assert codes(verdict) == {"meld.below_minimum"} and verdict.points == 45


def test_modern_american_opening_exactly_125():
    """modern-american: OPENING; SCORING — 125 with a pure meld opens below 3000."""
    verdict = check_meld(P("modern-american"), S(score=2995), ["A A A A", "K K K", "5 5 5"])
    assert verdict.legal and verdict.points == 125
    assert codes(check_meld(P("modern-american"), S(score=3000),
                            ["A A A A", "K K K", "5 5 5"])) == {"meld.below_minimum"}


# --- what counts toward the minimum --------------------------------------------------------------

@pytest.mark.parametrize("pid", ["bicycle", "yahoo", "classic"])
def test_top_discard_counts_toward_the_minimum(pid):
    """bicycle: Taking the Pile; yahoo: Taking the Discard Pile; classic: Unfreezing — the top card counts,
    the rest of the pile never does."""
    verdict = check_pile(P(pid), S(), pile="A JK JK JK", uses="A A", melds=["4 4 4"])
    assert verdict.points == 75 and verdict.legal


def test_silhill_top_discard_never_counts():
    """silhill: §5e (docs/RULES.md S-A4) — the minimum is reached without any card picked up."""
    verdict = check_pile(P("silhill"), S(), pile="A 9", uses="A A", melds=["4 4 4"])
    assert verdict.points == 55 and verdict.legal
    verdict = check_pile(P("silhill"), S(), pile="A 9", uses="A A")
    assert codes(verdict) == {"meld.below_minimum"} and verdict.points == 40


def test_modern_american_top_discard_never_counts():
    """modern-american: PICKING THE PACK (when opening) — a third hand card makes the pickup meld count, but
    only its hand cards; the top card never."""
    verdict = check_pile(P("modern-american"), S(), pile="A 9", uses="A A A",
                         melds=["K K K", "Q Q Q"])
    assert verdict.points == 60 + 60 and codes(verdict) == {"meld.below_minimum"}


def test_modern_american_pair_only_pickup_counts_nothing():
    """modern-american: PICKING THE PACK (when opening) — pair plus top card counts nothing at all."""
    verdict = check_pile(P("modern-american"), S(), pile="A 9", uses="A A", melds=["K K K"])
    assert verdict.points == 30


def test_pair_only_pickup_counts_elsewhere():
    """bicycle: Taking the Pile — the pair shown with the top card counts with it."""
    verdict = check_pile(P("bicycle"), S(), pile="A 9", uses="A A")
    assert verdict.points == 60 and verdict.legal


def test_modern_american_pickup_of_three_naturals_is_the_pure_meld():
    """modern-american: PICKING THE PACK (when opening) — three identical hand cards with the top card are a
    pure meld for the opening."""
    verdict = check_pile(P("modern-american"), S(), pile="A 9", uses="A A A", melds=["K K 2", "Q Q 2"])
    assert verdict.legal and verdict.points == 60 + 40 + 40


def test_modern_american_pickup_canasta_is_no_natural_canasta_opening():
    """modern-american: TWO OTHER WAYS 2 — only a natural canasta held in the hand overrides the count; one
    made with the pile's top card does not."""
    verdict = check_pile(P("modern-american"), S(score=3000), pile="5 9", uses="5 5 5 5 5 5")
    assert codes(verdict) == {"meld.below_minimum"} and verdict.points == 30


def test_modern_american_natural_canasta_of_any_rank_opens():
    """modern-american: TWO OTHER WAYS 2 (docs/RULES.md M-A8) — any rank, sevens and aces too."""
    for meld in ("4 4 4 4 4 4 4", "7 7 7 7 7 7 7", "A A A A A A A"):
        assert check_meld(P("modern-american"), S(score=5000), [meld]).legal, meld


def test_modern_american_mixed_canasta_does_not_waive():
    """modern-american: TWO OTHER WAYS 2 — only a natural canasta waives the count."""
    verdict = check_meld(P("modern-american"), S(score=3000), ["K K K K K 2 2"])
    assert codes(verdict) == {"meld.below_minimum", "meld.needs_pure_meld"}


def test_modern_american_wild_card_meld_must_reach_the_count():
    """modern-american: TWO OTHER WAYS 1 — a wild-card meld opens alone only when worth the count."""
    verdict = check_meld(P("modern-american"), S(), ["2 2 2"])
    assert codes(verdict) == {"meld.below_minimum"}
    assert check_meld(P("modern-american"), S(), ["JK JK 2 2"]).legal


@pytest.mark.parametrize("pid", ["bicycle", "yahoo", "classic"])
def test_canasta_does_not_waive_the_minimum(pid):
    """bicycle: Concealed Hand; yahoo: Initial Meld Req.; classic: Minimum Count — a canasta counts its cards
    only."""
    verdict = check_meld(P(pid), S(score=1500), ["5 5 5 5 5 5 5"])
    assert codes(verdict) == {"meld.below_minimum"} and verdict.points == 35


def test_silhill_natural_canasta_waives_the_minimum():
    """silhill: §5d (docs/RULES.md S-A5) — a complete canasta, natural or mixed, needs no minimum."""
    assert check_meld(P("silhill"), S(score=3000), ["5 5 5 5 5 5 5"]).legal


def test_modern_american_opening_needs_three_naturals_in_the_pure_meld():
    """modern-american: OPENING — the pure meld has at least three natural cards and no wild card."""
    verdict = check_meld(P("modern-american"), S(), ["A A A A 2", "K K 2", "Q Q 2"])
    assert codes(verdict) == {"meld.needs_pure_meld"}


def test_minimum_not_asked_after_opening():
    """bicycle: Melds — once the side has opened, any legal meld goes down."""
    verdict = check_meld(P("bicycle"), S(score=3000, opened=True, table=["Q Q Q"]), ["4 4 4"])
    assert verdict.legal and verdict.minimum is None

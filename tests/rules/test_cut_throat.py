"""Cut-throat as the published rules score it (docs/RULES.md §5: BC-3, RG-3, LR-3), worked out by hand.

BC-3 (bicyclecards.com, Cutthroat Canasta, Scoring): a red three counts only for its owner, plus or minus as his
side melded or not; every other score of the partnership is added up and each partner receives that total, plus
or minus his own red threes. RG-3 and LR-3 say the same of the partnership's total. All three: the first to take
the pile plays alone; a player who goes out before anyone took the pile plays alone and the other two score as a
partnership; when nobody took the pile and nobody went out, everyone scores for himself. Each player's minimum
follows his own total (bicycle: 50 from 0, 90 from 1,500, 120 from 3,000, 15 below 0).

Every figure in a docstring is the sum the assertion checks.
"""
import pytest

from scorekeeper.rules import ImpossibleDeal, InvalidRequest, parse_deal, score_deal
from scorekeeper.rules.deal_io import to_dict

from .helpers import P
from .helpers import by_cards as side
from .helpers import totals

CUT_THROAT = {"players": 3, "team_up": "cut_throat"}

#: The game of four deals below: each deal as entered, then each player's (deal, total, minimum) after it.
GAME = (
    # Deal 1. Ann took the pile first and plays alone; Bob and Cy are partners and Bob goes out.
    # Ann: natural canasta 500 + melded K x7 70 + Q Q Q 30 + red three 100 - hand 5 5 10 = 690.
    # Partnership: out 100 + mixed 300 + natural 500 + melded A x6 2 140 + J x7 70 + 9 9 9 30
    #   - both hands (Bob nothing, Cy JK 4 55) = 1,085. Bob 1,085; Cy 1,085 + his red three 100 = 1,185.
    ({"ann": side(["K K K K K K K", "Q Q Q"], ["5 5"], red_threes=1, lone_hand=True),
      "bob": side(["A A A A A A 2", "J J J J J J J", "9 9 9"], [""], went_out=True),
      "cy": side([], ["JK 4"], red_threes=1)},
     {"ann": (690, 690, 50), "bob": (1085, 1085, 50), "cy": (1185, 1185, 50)}),
    # Deal 2. Nobody had taken the pile when Cy went out: Cy plays alone (no lone hand marked), Ann and Bob score
    # as a partnership, a negative one.
    # Cy: out 100 + natural 500 + mixed 300 + melded 8 x7 70 + 7 x5 2 JK 95 = 1,065, total 2,250 (90).
    # Partnership: melded Q Q Q 30 - hands A K 9 40 and JK 2 4 5 80 = -90. Ann -90 + her red three 100 = 10,
    #   total 700; Bob -90, total 995.
    ({"ann": side(["Q Q Q"], ["A K 9"], red_threes=1),
      "bob": side([], ["JK 2 4 5"]),
      "cy": side(["8 8 8 8 8 8 8", "7 7 7 7 7 2 JK"], [""], went_out=True)},
     {"ann": (10, 700, 50), "bob": (-90, 995, 50), "cy": (1065, 2250, 90)}),
    # Deal 3. Bob took the pile first and goes out; Ann and Cy melded nothing, so Cy's two red threes count minus.
    # Bob: out 100 + natural 500 + mixed 300 + melded 10 x7 70 + 9 x5 2 2 90 + K K JK 70 + red three 100 = 1,230,
    #   total 2,225 (90).
    # Partnership: no meld, hands A A 7 45 and Q 4 15 = -60. Ann -60, total 640; Cy -60 - 200 = -260, total 1,990.
    ({"ann": side([], ["A A 7"]),
      "bob": side(["10 10 10 10 10 10 10", "9 9 9 9 9 2 2", "K K JK"], [""], red_threes=1, went_out=True,
                  lone_hand=True),
      "cy": side([], ["Q 4"], red_threes=2)},
     {"ann": (-60, 640, 50), "bob": (1230, 2225, 90), "cy": (-260, 1990, 90)}),
    # Deal 4, by totals. The stock ran out and nobody ever took the pile: everyone scores alone.
    # Ann: 60 - 20 = 40, total 680. Bob, no meld: red three -100 - 35 = -135, total 2,090. Cy: 40, total 2,030.
    ({"ann": totals(meld_points=60, hand_points=20),
      "bob": totals(hand_points=35, red_threes=1),
      "cy": totals(meld_points=40)},
     {"ann": (40, 680, 50), "bob": (-135, 2090, 90), "cy": (40, 2030, 90)}),
)


def _scores(result):
    return {name: (r.deal, r.total, r.minimum) for name, r in result.sides.items()}


@pytest.mark.parametrize("pid", ["bicycle", "classic"])
def test_a_cut_throat_game_as_the_books_score_it(pid):
    """BC-3, RG-3, LR-3 (docs/RULES.md §5) — the game above, deal by deal: the lone hand changes every deal (Ann,
    Cy, Bob, then nobody), a partner goes out, a partnership scores minus, a player goes out before anyone took
    the pile, and red threes held by a partner whose partnership melded nothing count against him alone."""
    p = P(pid, **CUT_THROAT)
    before: dict[str, int] = {}
    for number, (sides, expected) in enumerate(GAME, 1):
        result = score_deal(p, sides, before, deal_number=number)
        assert _scores(result) == expected, f"deal {number}"
        before = {name: r.total for name, r in result.sides.items()}
    assert before == {"ann": 680, "bob": 2090, "cy": 2030}


def test_who_played_alone_is_the_engines_answer():
    """BC-3, Lone Hand — the lone hand marked, the player who went out before anyone took the pile, or nobody."""
    p = P("bicycle", **CUT_THROAT)
    assert [score_deal(p, sides).lone_hand for sides, _ in GAME] == ["ann", "cy", "bob", None]
    assert [score_deal(P("bicycle"), {"we": totals(), "they": totals()}).lone_hand] == [None]


def test_partners_receive_the_partnerships_total_and_their_own_red_threes():
    """BC-3, Scoring — the partners' deals differ by their own red threes only; each breakdown names the
    partnership's lines once and the partner's red threes apart, and adds up to the deal."""
    result = score_deal(P("bicycle", **CUT_THROAT), GAME[0][0])
    bob, cy = result.sides["bob"], result.sides["cy"]
    assert cy.deal - bob.deal == 100
    assert [line for line in cy.breakdown if line.code != "red_threes"] == list(bob.breakdown)
    for r in result.sides.values():
        assert sum(line.points for line in r.breakdown) == r.deal
    assert [line.points for line in bob.breakdown if line.code == "hand"] == [-55]  # Cy's hand counts for Bob too
    assert bob.canastas == cy.canastas == 2


def test_a_lone_hand_who_melded_nothing_cannot_be():
    """BC-3, Lone Hand — the lone hand took the pile (its top card goes into a meld) or went out (with melds):
    one who melded nothing is refused, like two lone hands."""
    p = P("bicycle", **CUT_THROAT)
    with pytest.raises(ImpossibleDeal) as info:
        score_deal(p, {"a": totals(lone_hand=True, red_threes=1, hand_points=20), "b": totals(meld_points=90),
                       "c": totals()})
    assert info.value.field == "sides.a.lone_hand"
    with pytest.raises(ImpossibleDeal) as info:
        score_deal(p, {"a": side([], ["K"], lone_hand=True), "b": side(["Q Q Q"], [""]), "c": side([], [""])})
    assert info.value.field == "sides.a.lone_hand"
    with pytest.raises(ImpossibleDeal) as info:
        score_deal(p, {"a": totals(meld_points=50, lone_hand=True), "b": totals(meld_points=50, lone_hand=True),
                       "c": totals()})
    assert info.value.field == "sides.b.lone_hand"
    with pytest.raises(InvalidRequest) as info:  # a field only cut-throat has
        score_deal(P("bicycle", players=3), {"a": totals(lone_hand=True), "b": totals(), "c": totals()})
    assert info.value.field == "sides.a.lone_hand"


def test_a_player_who_went_out_alone_and_melded_nothing_cannot_be():
    """BC-3, Lone Hand — going out before anyone took the pile makes the player the lone hand, so going out
    with nothing melded is refused the same way."""
    with pytest.raises(ImpossibleDeal) as info:
        score_deal(P("bicycle", **CUT_THROAT), {"a": totals(went_out=True), "b": totals(meld_points=90),
                                                 "c": totals()})
    assert info.value.field == "sides.a.lone_hand"


def test_the_former_option_of_partners_keeping_their_hands_apart_is_ignored():
    """docs/RULES.md §5.3 — no published source keeps the partners' hands apart: the option that did
    (``cut_throat_pools_hands``, until this change) is gone, and a game, rule set or file that still names it
    opens and is scored as published, whichever value it holds."""
    for value in (True, False):
        p = P("bicycle", **CUT_THROAT, cut_throat_pools_hands=value)
        assert p == P("bicycle", **CUT_THROAT)
        assert _scores(score_deal(p, GAME[0][0])) == GAME[0][1]
    assert "cut_throat_pools_hands" not in P("bicycle", **CUT_THROAT).option_values()


def test_a_deal_goes_through_json_and_back():
    """docs/API.md score/deal — a cut-throat deal read and written back gives the same sides."""
    for sides, _expected in GAME:
        assert parse_deal(to_dict(sides, {})) == (sides, {})

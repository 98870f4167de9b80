"""Tables of 2, 3, 5 and 6 players (docs/RULES.md §5; bicycle and classic: Number of Players), each with a deal
worked out by hand from those rules. Every figure in a docstring is the sum the assertion checks."""
import pytest

from scorekeeper.rules import ImpossibleDeal, InvalidCards, InvalidRequest, UnknownOption, check_pack, parse_cards
from scorekeeper.rules import parse_deal, score_deal
from scorekeeper.rules.deal_io import to_dict

from .helpers import P
from .helpers import by_cards as side
from .helpers import totals


def _scores(result):
    return {name: (r.deal, r.total, r.minimum) for name, r in result.sides.items()}


@pytest.mark.parametrize("pid", ["bicycle", "classic"])
def test_each_table_size_sets_its_table(pid):
    """docs/RULES.md §5 — cards dealt, draw, canastas to go out, target, packs and sides of each table."""
    table = {
        (2, "standard"): ((1, 1), 15, 2, 2, 5000, 2),
        (3, "standard"): ((1, 1, 1), 13, 1, 1, 5000, 2),
        (3, "cut_throat"): ((1, 1, 1), 13, 2, 2, 7500, 2),
        (4, "standard"): ((2, 2), 11, 1, 1, 5000, 2),
        (5, "standard"): ((2, 3), 11, 1, 1, 5000, 2),
        (6, "standard"): ((2, 2, 2), 13, 1, 2, 7500, 3),
        (6, "two_teams"): ((3, 3), 13, 1, 2, 10000, 3),
    }
    for (players, team_up), expected in table.items():
        p = P(pid, players=players, team_up=team_up)
        assert (p.side_sizes, p.cards_dealt, p.draw, p.canastas_to_go_out, p.target, p.packs) == expected
    assert P(pid, players=5).trio_sits_out and not P(pid, players=6).trio_sits_out
    assert P(pid, players=6, team_up="two_teams").minimum(7500) == 150
    assert P(pid, players=6, team_up="two_teams").minimum(7495) == 120
    assert P(pid, players=6).minimum(7500) == 120  # three partnerships: the four-hand table


def test_a_club_target_stands_over_the_tables_own():
    """Table options go first; a target (or draw) the club gives beside them stands, in any order given."""
    assert P("bicycle", target=6000, players=3, team_up="cut_throat").target == 6000
    assert P("bicycle", team_up="cut_throat", players=3).target == 7500


@pytest.mark.parametrize("options,name", [
    ({"team_up": "cut_throat"}, "team_up"),
    ({"players": 4, "team_up": "two_teams"}, "team_up"),
    ({"players": 6, "six_player_packs": 2}, "six_player_packs"),
    ({"players": 3, "cut_throat_cards": 11}, "cut_throat_cards"),
    ({"players": 6, "team_up": "two_teams", "six_sit_out": True, "minimum_150_from": 7000}, "minimum_150_from"),
])
def test_a_variant_at_a_table_it_does_not_fit_is_refused(options, name):
    """docs/RULES.md §5 — cut-throat is three players, two teams of three six: said in plain words."""
    with pytest.raises(UnknownOption) as info:
        P("bicycle", **options)
    assert info.value.field == f"options.{name}"
    assert "applies only to" in str(info.value.message)


def test_yahoo_keeps_two_or_four():
    """yahoo: Basics — two or four players, nothing else."""
    with pytest.raises(UnknownOption):
        P("yahoo", players=3)
    assert P("yahoo", players=2).side_sizes == (1, 1)


def test_two_players():
    """docs/RULES.md §5 (BCA-2) — two players, each alone, two canastas to go out.

    a went out: natural canasta of kings 500, mixed canasta of queens 300, going out 100, one red three 100,
    melded 70 + 80 + 15 = 165: 1,165. b: melded 30, hand A JK 4 = 75: -45 (below zero: no minimum)."""
    p = P("bicycle", players=2)
    result = score_deal(p, {
        "a": side(["K K K K K K K", "Q Q Q Q Q Q 2", "5 5 5"], [""], red_threes=1, went_out=True),
        "b": side(["9 9 9"], ["A JK 4"]),
    })
    assert _scores(result) == {"a": (1165, 1165, 50), "b": (-45, -45, 0)}
    assert not result.warnings  # two canastas: enough to go out


def test_two_players_under_bicycle_drop_the_red_three_and_opening_penalties():
    """docs/RULES.md §5 (BCA-2) — with two players the penalties for red threes and insufficient melds do not
    apply; an illegal meld still costs 100."""
    p = P("bicycle", players=2)
    assert [pen.code for pen in p.penalties] == ["illegal-meld"]
    with pytest.raises(InvalidRequest) as info:
        score_deal(p, {"a": totals(penalties=("undeclared-red-three",)), "b": totals()})
    assert info.value.field == "sides.a.penalties[0]"
    one_canasta = score_deal(p, {"a": totals(meld_points=100, canastas={"natural": 1}, went_out=True), "b": totals()})
    assert [w.code for w in one_canasta.warnings] == ["deal.went_out_without_canastas"]


def test_three_players_each_alone():
    """docs/RULES.md §5 (RG-3) — three players, each a side of his own.

    p1 went out: natural canasta of aces 500 + out 100 + melded 140 = 740. p2: red three 100 + melded 40 - hand
    10 = 130. p3, no meld: red three -100, hand JK -50 = -150 (below zero the classic minimum is 15)."""
    p = P("classic", players=3)
    result = score_deal(p, {
        "p1": side(["A A A A A A A"], [""], went_out=True),
        "p2": side(["K K 2"], ["7 7"], red_threes=1),
        "p3": side([], ["JK"], red_threes=1),
    })
    assert _scores(result) == {"p1": (740, 740, 50), "p2": (130, 130, 50), "p3": (-150, -150, 15)}


def _cut_throat(**options):
    return P("bicycle", players=3, team_up="cut_throat", **options)


def test_cut_throat_nobody_took_the_pile_everyone_alone():
    """docs/RULES.md §5 (RG-3) — the stock ran out before anyone took the pile: each player scores for himself.

    p1: melded 30 - hand 5 = 25. p2, no meld: red three -100, hand -10 = -110. p3: melded 30."""
    result = score_deal(_cut_throat(), {
        "p1": side(["K K K"], ["4"]), "p2": side([], ["5 5"], red_threes=1), "p3": side(["Q Q Q"], [""]),
    })
    assert _scores(result) == {"p1": (25, 25, 50), "p2": (-110, -110, 0), "p3": (30, 30, 50)}


def test_cut_throat_game_is_7500():
    """docs/RULES.md §5 (BC-3, RG-3, LR-3) — game to 7,500. Who plays alone: tests/rules/test_cut_throat.py."""
    result = score_deal(_cut_throat(), {"p1": totals(meld_points=100), "p2": totals(), "p3": totals()},
                        {"p1": 7400, "p2": 0, "p3": 0})
    assert (result.game_over, result.winner) == (True, "p1")


def test_a_lone_hand_goes_through_json_and_back():
    """docs/API.md score/deal — ``lone_hand`` is read and written like every other field of a side."""
    sides, before = parse_deal({"sides": {"a": {"lone_hand": True}, "b": {}, "c": {}}})
    assert sides["a"].lone_hand and not sides["b"].lone_hand
    assert parse_deal(to_dict(sides, before)) == (sides, before)
    with pytest.raises(InvalidRequest) as info:
        parse_deal({"sides": {"a": {"lone_hand": "yes"}, "b": {}}})
    assert info.value.field == "sides.a.lone_hand"


def test_five_players_two_against_three():
    """docs/RULES.md §5 (RG-5) — two against three, scored per side as in the four-hand game.

    The pair went out: 100 + natural 500 + mixed 300 + melded 200 = 1,100. The three: mixed 300 + two red threes
    200 + melded 150 - hand 40 = 610."""
    p = P("bicycle", players=5)
    result = score_deal(p, {
        "pair": totals(meld_points=200, canastas={"natural": 1, "mixed": 1}, went_out=True),
        "three": totals(meld_points=150, canastas={"mixed": 1}, hand_points=40, red_threes=2),
    })
    assert _scores(result) == {"pair": (1100, 1100, 50), "three": (610, 610, 50)}


def test_six_players_five_red_threes():
    """docs/RULES.md §5 (RG-6) — three packs hold six red threes: 100 each up to four, five 1,000, six 1,200.

    a went out with two natural canastas: 100 + 1,000 + five red threes 1,000 + melded 300 = 2,400 (minimum 90).
    b: mixed 300 + one red three 100 + melded 120 - hand 60 = 460. c: hand -95 (below zero: no minimum)."""
    p = P("bicycle", players=6)
    result = score_deal(p, {
        "a": totals(meld_points=300, canastas={"natural": 2}, red_threes=5, went_out=True),
        "b": totals(meld_points=120, canastas={"mixed": 1}, hand_points=60, red_threes=1),
        "c": totals(hand_points=95),
    })
    assert _scores(result) == {"a": (2400, 2400, 90), "b": (460, 460, 50), "c": (-95, -95, 0)}
    assert [line.points for line in result.sides["a"].breakdown if line.code == "red_threes"] == [1000]


def test_six_red_threes_and_four_is_not_all():
    """docs/RULES.md §5 (RG-6) — six red threes 1,200 (minus without a meld); four of six are 400, not 800."""
    p = P("classic", players=6, team_up="two_teams")
    six = score_deal(p, {"a": totals(red_threes=6), "b": totals(meld_points=50)})
    assert six.sides["a"].deal == -1200
    four = score_deal(p, {"a": totals(red_threes=4, meld_points=50), "b": totals()})
    assert four.sides["a"].deal == 450


def test_two_teams_of_three_need_150_from_7500():
    """docs/RULES.md §5 (RG-6) — game 10,000; a side with 7,500 or more needs 150 (7,000 as a club option).

    a: melded 100 before 7,450: 7,550, minimum 150; b: melded 50 before 6,950: 7,000, minimum 120 (150 with the
    option)."""
    sides = {"a": totals(meld_points=100), "b": totals(meld_points=50)}
    before = {"a": 7450, "b": 6950}
    result = score_deal(P("bicycle", players=6, team_up="two_teams"), sides, before)
    assert _scores(result) == {"a": (100, 7550, 150), "b": (50, 7000, 120)}
    assert not result.game_over
    early = score_deal(P("bicycle", players=6, team_up="two_teams", minimum_150_from=7000), sides, before)
    assert early.sides["b"].minimum == 150


def test_three_packs_hold_more_of_every_card():
    """docs/RULES.md §5 (RG-6) — 162 cards: twelve of a rank, twelve twos, six jokers, six red threes."""
    nine_kings = parse_cards("K K K K K K K K K")
    with pytest.raises(InvalidCards):
        check_pack(nine_kings)
    check_pack(nine_kings, packs=3)
    with pytest.raises(InvalidCards):
        check_pack(parse_cards("K " * 13), packs=3)
    p = P("bicycle", players=6)
    score_deal(p, {"a": side(["K K K K K K K K K"], [""]), "b": side([], ["JK JK JK JK JK"])})
    with pytest.raises(ImpossibleDeal):
        score_deal(P("bicycle"), {"a": side(["K K K K K K K K K"], [""]), "b": side()})
    with pytest.raises(ImpossibleDeal):
        score_deal(P("bicycle"), {"a": totals(red_threes=5), "b": totals()})
    with pytest.raises(ImpossibleDeal) as info:
        score_deal(p, {"a": totals(red_threes=4), "b": totals(red_threes=3)})
    assert "6 red threes" in str(info.value.message)


def test_three_packs_raise_the_floors_of_a_deal_by_totals():
    """The canastas of a deal fit in the pack: two canastas of seven twos need 14 of the twelve twos three packs
    hold; what the whole pack is worth grows by half."""
    from scorekeeper.rules.deal_checks import pack_points

    assert pack_points(P("bicycle", players=6)) == pack_points(P("bicycle")) * 3 // 2
    twelve_natural_canastas = {"a": totals(meld_points=1000, canastas={"natural": 12}), "b": totals()}
    with pytest.raises(ImpossibleDeal):
        score_deal(P("bicycle", players=6), twelve_natural_canastas)
    eleven = {"a": totals(meld_points=1000, canastas={"natural": 11}), "b": totals()}
    score_deal(P("bicycle", players=6), eleven)

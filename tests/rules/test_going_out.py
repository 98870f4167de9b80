"""May I go out? docs/RULES.md §2.1 rows on going out, concealed hands and their rec. readings."""
import pytest

from scorekeeper.rules import InvalidRequest, check_go_out, check_meld

from .helpers import P, S, codes

CANASTA = S(opened=True, player_melded=True, table=["K K K K K K K", "Q Q Q"])
NO_CANASTA = S(opened=True, player_melded=True, table=["K K K K K", "Q Q Q"])


def out(pid, situation, **kw):
    options = kw.pop("options", {})
    return check_go_out(P(pid, **options), situation, **kw)


@pytest.mark.parametrize("pid", ["bicycle", "yahoo", "silhill", "classic"])
def test_one_canasta_to_go_out(pid):
    """bicycle, yahoo, classic: Going Out; silhill: §7c — one canasta is needed."""
    assert out(pid, CANASTA, discard="9").legal
    assert codes(out(pid, NO_CANASTA, discard="9")) == {"go_out.too_few_canastas"}


@pytest.mark.parametrize("pid", ["bicycle", "classic"])
def test_canasta_completed_while_going_out(pid):
    """bicycle: Going Out; classic: Going Out — the canasta may be completed in the going-out turn."""
    assert out(pid, NO_CANASTA, add={"K": "K K"}).legal


def test_yahoo_two_canastas_option():
    """yahoo: Playing at Yahoo — option canastas_to_go_out=2."""
    verdict = out("yahoo", CANASTA, options={"canastas_to_go_out": 2})
    assert codes(verdict) == {"go_out.too_few_canastas"}


def test_modern_american_two_canastas_and_discard():
    """modern-american: END OF PLAY — two canastas and a last discard, which may be a wild or a three."""
    situation = S(opened=True, player_melded=True, table=["K K K K K K K", "Q Q Q Q Q"])
    assert codes(out("modern-american", situation, discard="9")) == {"go_out.too_few_canastas"}
    assert codes(out("modern-american", situation, add={"Q": "Q Q"})) == {"go_out.discard_required"}
    verdict = out("modern-american", situation, add={"Q": "Q Q"}, discard="3H")
    assert verdict.legal and verdict.bonus == 100 and verdict.concealed is False


def test_modern_american_second_canasta_completed_going_out_switched():
    """modern-american: END OF PLAY (docs/RULES.md M-A12) — option canastas_may_complete_when_going_out=false."""
    situation = S(opened=True, player_melded=True, table=["K K K K K K K", "Q Q Q Q Q"])
    verdict = out("modern-american", situation, add={"Q": "Q Q"}, discard="9",
                  options={"canastas_may_complete_when_going_out": False})
    assert codes(verdict) == {"go_out.too_few_canastas"}


def test_silhill_canasta_completed_going_out():
    """silhill: §7c (docs/RULES.md S-A9) — a canasta finished in the going-out turn counts; option switches."""
    assert out("silhill", NO_CANASTA, add={"K": "K K"}).legal
    verdict = out("silhill", NO_CANASTA, add={"K": "K K"}, options={"canastas_may_complete_when_going_out": False})
    assert codes(verdict) == {"go_out.too_few_canastas"}


@pytest.mark.parametrize("pid", ["bicycle", "yahoo", "silhill", "classic"])
def test_discard_optional(pid):
    """bicycle, classic: Going Out; yahoo: Playing at Yahoo; silhill: §7c — the last discard is optional."""
    assert out(pid, CANASTA).legal


@pytest.mark.parametrize("pid", ["bicycle", "yahoo", "silhill", "classic"])
def test_concealed_bonus_200(pid):
    """bicycle: Scoring the Deal; yahoo: Canasta¶; silhill: §6e; classic: Scoring a Deal — concealed 200."""
    verdict = out(pid, S(opened=True, table=["Q Q Q"]), melds=["K K K K K K K", "9 9 9"], discard="4")
    assert verdict.legal and verdict.concealed and verdict.bonus == 200


def test_not_concealed_after_melding():
    """bicycle: Concealed Hand — a player who melded before does not go out concealed."""
    verdict = out("bicycle", CANASTA, melds=["9 9 9"])
    assert verdict.legal and not verdict.concealed and verdict.bonus == 100


def test_not_concealed_when_adding_to_partners_melds():
    """bicycle: Concealed Hand — adding to the partner's melds makes it not concealed."""
    verdict = out("bicycle", S(opened=True, table=["Q Q Q"]), melds=["K K K K K K K"], add={"Q": "Q"})
    assert verdict.legal and not verdict.concealed


def test_modern_american_no_concealed_bonus():
    """modern-american: scoring (docs/RULES.md §3.1, outside sources) — no concealed bonus."""
    verdict = out("modern-american", S(), melds=["K K K K K K K", "Q Q Q Q Q Q Q", "9 9 9"], discard="4")
    assert verdict.legal and verdict.concealed is False and verdict.bonus == 100


def test_bicycle_concealed_exempt_from_minimum():
    """bicycle: Concealed Hand — going out concealed from the stock needs no minimum; from the pile it does."""
    melds = ["5 5 5 5 5 5 5", "4 4 4"]
    assert out("bicycle", S(score=3000), melds=melds).legal
    assert codes(out("bicycle", S(score=3000), melds=melds, drew="pile")) == {"meld.below_minimum"}


def test_yahoo_concealed_must_meet_minimum():
    """yahoo: Initial Meld Req. (docs/RULES.md Y-A6) — no concealed exemption; option switches it on."""
    melds = ["5 5 5 5 5 5 5", "4 4 4"]
    assert codes(out("yahoo", S(score=3000), melds=melds)) == {"meld.below_minimum"}
    assert out("yahoo", S(score=3000), melds=melds, options={"concealed_exempt_from_minimum": True}).legal


def test_red_three_never_discarded():
    """yahoo: Melding — red threes may not be discarded."""
    assert codes(out("yahoo", CANASTA, discard="3D")) == {"go_out.red_three_discard"}


def test_black_threes_melded_going_out():
    """bicycle: Melds — black threes may be melded by the player going out."""
    assert out("bicycle", CANASTA, melds=["3S 3C 3S"]).legal


def test_go_out_answer_shape():
    """docs/API.md check/go-out — legal, violations, concealed, bonus."""
    assert out("bicycle", CANASTA).to_dict() == {"legal": True, "violations": [], "concealed": False, "bonus": 100}
    assert out("bicycle", NO_CANASTA).to_dict()["bonus"] == 0


def test_drew_is_stock_or_pile():
    """docs/API.md check/go-out — drew is "stock" or "pile"."""
    with pytest.raises(InvalidRequest) as info:
        out("bicycle", CANASTA, drew="table")
    assert info.value.field == "drew"


def test_yahoo_concealed_is_all_melds_at_once():
    """yahoo: Canasta¶ — concealed means making all of one's melds at once in the going-out turn; the partner's
    canasta is enough, the concealed hand needs none of its own."""
    situation = S(opened=True, table=["K K K K K K K"])
    verdict = out("yahoo", situation, melds=["9 9 9"], discard="4")
    assert verdict.legal and verdict.concealed and verdict.bonus == 200


def test_yahoo_concealed_lost_by_an_earlier_meld():
    """yahoo: Canasta¶ — a player who melded earlier in the deal can only go out unconcealed."""
    situation = S(opened=True, player_melded=True, table=["K K K K K K K"])
    verdict = out("yahoo", situation, melds=["9 9 9"], discard="4")
    assert verdict.legal and not verdict.concealed and verdict.bonus == 100


@pytest.mark.parametrize("pid", ["bicycle", "silhill", "classic"])
def test_concealed_hand_needs_its_own_canasta(pid):
    """bicycle, classic: Concealed Hand; silhill: §6e — the concealed hand holds at least one canasta itself."""
    situation = S(opened=True, table=["K K K K K K K"])
    verdict = out(pid, situation, melds=["9 9 9"], discard="4")
    assert verdict.legal and not verdict.concealed and verdict.bonus == 100


def test_concealed_exemption_needs_a_canasta():
    """bicycle: Concealed Hand — only a concealed hand (with a canasta) skips the minimum; a plain going out
    from an unopened side still has to reach it."""
    verdict = check_meld(P("bicycle"), S(score=3000), ["4 4 4", "5 5 5"], going_out=True)
    assert codes(verdict) == {"meld.below_minimum"}
    assert check_meld(P("bicycle"), S(score=3000), ["4 4 4 4 4 4 4", "5 5 5"], going_out=True).legal


@pytest.mark.parametrize("pid", ["bicycle", "classic"])
def test_concealed_exemption_from_stock_only(pid):
    """bicycle, classic: Concealed Hand — a concealed hand after drawing from the stock needs no minimum; after
    taking the pile it must reach the minimum without the canasta bonus."""
    melds = ["5 5 5 5 5 5 5", "4 4 4"]
    verdict = out(pid, S(score=3000), melds=melds, discard="9")
    assert verdict.legal and verdict.concealed and verdict.bonus == 200
    assert codes(out(pid, S(score=3000), melds=melds, drew="pile")) == {"meld.below_minimum"}
    assert out(pid, S(score=-5), melds=melds, drew="pile").legal


def test_silhill_concealed_is_no_exemption_but_a_canasta_waives():
    """silhill: §5d (docs/RULES.md S-A5) — no concealed exemption; a finished canasta waives the minimum."""
    assert out("silhill", S(score=3000), melds=["5 5 5 5 5 5 2", "4 4 4"]).legal
    assert "meld.below_minimum" in codes(out("silhill", S(score=3000), melds=["4 4 4", "5 5 5"]))


def test_modern_american_discard_may_be_a_wild_or_a_black_three():
    """modern-american: END OF PLAY — the last card discarded face down may be a wild card or a three."""
    situation = S(opened=True, player_melded=True, table=["K K K K K K K", "Q Q Q Q Q Q Q"])
    for card in ("JK", "2", "3S", "3H"):
        assert out("modern-american", situation, discard=card).legal, card


@pytest.mark.parametrize("pid", ["bicycle", "yahoo", "silhill", "classic"])
def test_black_three_may_be_the_last_discard(pid):
    """bicycle, classic: Going Out; yahoo: Melding; silhill: §7c — nothing forbids a black three as last card."""
    assert out(pid, CANASTA, discard="3S").legal


def test_modern_american_canastas_from_the_table_count():
    """modern-american: END OF PLAY — the team's two canastas may both be on the table already."""
    situation = S(opened=True, player_melded=True, table=["K K K K K K K", "7 7 7 7 7 7 7"])
    verdict = out("modern-american", situation, discard="9")
    assert verdict.legal and verdict.bonus == 100


def test_yahoo_two_canastas_option_met():
    """yahoo: Playing at Yahoo — with canastas_to_go_out=2, two canastas let the player go out."""
    situation = S(opened=True, player_melded=True, table=["K K K K K K K", "Q Q Q Q Q Q Q"])
    assert out("yahoo", situation, options={"canastas_to_go_out": 2}).legal

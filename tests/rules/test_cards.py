"""Card notation (docs/API.md "Cards") and the limits of the 108-card pack."""
import pytest
from hypothesis import given, strategies as st

from scorekeeper.rules import Card, InvalidCards, InvalidRequest, check_pack, format_cards, parse_cards

ALL_CARDS = [Card(r) for r in ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "2", "JK")] + [
    Card("3", s) for s in "SHDC"
]


def test_parse_plain_string():
    """docs/API.md Cards — a string of tokens separated by spaces."""
    assert parse_cards("K K 2 JK") == (Card("K"), Card("K"), Card("2"), Card("JK"))


def test_parse_commas_suits_and_case():
    """docs/API.md Cards — commas, suits after the rank, any case; suits of non-threes are dropped."""
    assert parse_cards("10h, 10s,2c") == (Card("10"), Card("10"), Card("2"))
    assert parse_cards("q Q,q") == (Card("Q"),) * 3


def test_parse_list_of_tokens():
    """docs/API.md Cards — a JSON array of tokens."""
    assert parse_cards(["Q", "Q", "Q"]) == (Card("Q"),) * 3


def test_t_is_ten_and_joker_word():
    """docs/API.md Cards — T for 10, Joker for JK."""
    assert parse_cards("T t Joker joker jk") == (Card("10"), Card("10"), Card("JK"), Card("JK"), Card("JK"))


def test_suit_symbols():
    """docs/API.md Cards — suits as ♠ ♥ ♦ ♣."""
    assert parse_cards("3♣ 3♥ 3♦ 3♠ 10♥") == (Card("3", "C"), Card("3", "H"), Card("3", "D"), Card("3", "S"),
                                              Card("10"))


def test_three_needs_suit():
    """docs/API.md Cards — a bare 3 is an error because its colour decides what it may do."""
    with pytest.raises(InvalidCards) as info:
        parse_cards("K 3 Q", field="melds[0]")
    assert info.value.code == "cards.three_needs_suit"
    assert info.value.field == "melds[0]"


@pytest.mark.parametrize("text", ["Z", "K 11", "1", "KX", "JKS", "3X", "", "A A,,Q 0"])
def test_unknown_token(text):
    """docs/API.md Errors — a token that is not a card gets cards.unknown_token with the usage hint."""
    if not text:
        assert parse_cards(text) == ()
        return
    with pytest.raises(InvalidCards) as info:
        parse_cards(text, field="melds[1]")
    assert info.value.code == "cards.unknown_token"
    assert "is not a card. Use A K Q J 10 9 8 7 6 5 4 2, 3 with a suit, or JK." in str(info.value.message)
    assert info.value.field == "melds[1]"


def test_unknown_token_message_names_the_token():
    """docs/API.md Errors — the example message."""
    with pytest.raises(InvalidCards) as info:
        parse_cards("Z")
    assert str(info.value.message) == "'Z' is not a card. Use A K Q J 10 9 8 7 6 5 4 2, 3 with a suit, or JK."


def test_not_a_card_list_is_invalid_request():
    """docs/API.md Cards — cards are a string or an array; anything else is a malformed request."""
    with pytest.raises(InvalidRequest):
        parse_cards(12, field="uses")
    with pytest.raises(InvalidCards):
        parse_cards(["K", 7])


def test_colours_of_threes():
    """docs/API.md Cards — 3H/3D red, 3S/3C black; jokers and twos are wild."""
    assert Card.parse("3h").is_red_three and Card.parse("3D").is_red_three
    assert Card.parse("3s").is_black_three and Card.parse("3C").is_black_three
    assert Card.parse("2").is_wild and Card.parse("JK").is_wild
    assert Card.parse("K").is_natural and not Card.parse("3H").is_natural and not Card.parse("2").is_natural
    assert str(Card.parse("3♦")) == "3D" and str(Card.parse("t")) == "10"


def test_pack_limits_ninth_king():
    """docs/API.md Cards — eight of each rank from 4 to A; a ninth king is too many, across every list."""
    check_pack(parse_cards("K K K K"), parse_cards("K K K K"))
    with pytest.raises(InvalidCards) as info:
        check_pack(parse_cards("K K K K K"), parse_cards("K K K K"), field="melds")
    assert info.value.code == "cards.too_many"
    assert "8 kings" in str(info.value.message)


@pytest.mark.parametrize("text,ok", [("JK " * 4, True), ("JK " * 5, False), ("2 " * 8, True), ("2 " * 9, False),
                                     ("3H 3D 3H 3D", True), ("3H 3D 3H 3D 3H", False),
                                     ("3S 3C 3S 3C", True), ("3S 3C 3S 3C 3C", False)])
def test_pack_limits_wilds_and_threes(text, ok):
    """docs/API.md Cards — 8 twos, 4 jokers, 4 red threes, 4 black threes."""
    if ok:
        check_pack(parse_cards(text))
    else:
        with pytest.raises(InvalidCards):
            check_pack(parse_cards(text))


@given(st.lists(st.sampled_from(ALL_CARDS), max_size=30))
def test_notation_round_trip(cards):
    """docs/API.md Cards — parse_cards(format_cards(x)) == x for every list of cards."""
    assert parse_cards(format_cards(cards)) == tuple(cards)
    assert parse_cards(format_cards(cards).lower().replace(" ", ", ")) == tuple(cards)


def test_pack_limit_names_the_list_where_it_is_crossed():
    """docs/API.md Errors — field: the card string in which a kind first goes over the pack's limit."""
    lists = (parse_cards("K K K K"), parse_cards("JK JK"), parse_cards("K K K K K"), parse_cards("K JK JK JK"))
    with pytest.raises(InvalidCards) as info:
        check_pack(*lists, fields=["table[0]", "melds[0]", "melds[1]", "add.K"])
    assert (info.value.code, info.value.field) == ("cards.too_many", "melds[1]")
    assert "8 kings, but 10 are given" in str(info.value.message)
    check_pack(parse_cards("K K K K"), parse_cards("K K K K"), fields=["a", "b"])
    with pytest.raises(InvalidCards) as info:
        check_pack(parse_cards("JK JK JK"), parse_cards("JK JK"), field="melds")
    assert info.value.field == "melds"
    with pytest.raises(ValueError):
        check_pack(parse_cards("K"), fields=["a", "b"])


def test_meld_key_is_the_key_add_uses():
    """docs/API.md meld — add maps the rank of a meld on the table (or "wild") to the cards added."""
    from scorekeeper.rules import Situation, check_meld, get_profile, meld_key

    assert meld_key(parse_cards("2 K K")) == "K"
    assert meld_key("JK 10 10 2") == "10"
    assert meld_key(parse_cards("2 2 JK")) == "wild"
    assert meld_key(parse_cards("3S 3C 3S")) == "3"
    table = (parse_cards("2 Q Q"), parse_cards("2 2 JK"))
    situation = Situation(opened=True, table=table)
    mac = get_profile("modern-american")
    for meld in table:
        verdict = check_meld(mac, situation, add={meld_key(meld): parse_cards("JK")})
        assert "meld.no_such_meld" not in {v.code for v in verdict.violations}

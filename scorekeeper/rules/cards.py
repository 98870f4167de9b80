"""Cards: one notation, read and written back.

A card is a rank plus, for threes, a suit (the colour of a three decides what it
may do). Suits written on other cards are accepted and dropped, unless the cards are read for rules that meld
sequences of one suit (``suits=True``: Samba, Bolivia), where every suit written is kept; either way
``parse_cards(format_cards(cards), suits=...) == cards`` holds.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable

from .errors import InvalidCards, InvalidRequest
from .i18n import N_, Text, _

RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4")
#: The ranks of a sequence of one suit from low to high: four low, ace high; no two, no three (BCA-S, Sequence Meld).
SEQUENCE_RANKS = ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = ("S", "H", "D", "C")
RED_SUITS = ("H", "D")

_SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}
#: How a suit is shown to a person: a symbol every player reads alike. The letters are the API's notation only; a
#: Spanish player reads "3C" as a three of corazones (hearts), the opposite colour (docs/GLOSSARY_ES.md).
SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_LETTER_SUIT = re.compile(r"(?i)(?<![\w♠♥♦♣])(10|[2-9AKQJ])([SHDC])(?![\w♠♥♦♣])")
_RANK_WORDS = {"T": "10", "JOKER": "JK", "JK": "JK"}
_RANK_NAMES = {
    "A": N_("aces"), "K": N_("kings"), "Q": N_("queens"), "J": N_("jacks"), "10": N_("tens"), "9": N_("nines"),
    "8": N_("eights"), "7": N_("sevens"), "6": N_("sixes"), "5": N_("fives"), "4": N_("fours"), "2": N_("twos"),
    "JK": N_("jokers"),
    "red3": N_("red threes"), "black3": N_("black threes"),
}
_SUIT_NAMES = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs")}
_SEPARATORS = re.compile(r"[\s,;]+")
USAGE = N_("Use A K Q J 10 9 8 7 6 5 4 2, 3 with a suit, or JK.")

# How many copies of each kind of card the 108-card pack holds: two packs of 52 and four jokers.
PACK_LIMITS = {rank: 8 for rank in RANKS}
PACK_LIMITS.update({"2": 8, "JK": 4, "red3": 4, "black3": 4})


def pack_limits(packs: int = 2) -> dict[str, int]:
    """How many copies of each kind of card ``packs`` packs of 52 hold, with two jokers for each pack: the
    108-card pack of two packs, or the 162 cards of three that six players use (docs/RULES.md §5)."""
    return {kind: copies * packs // 2 for kind, copies in PACK_LIMITS.items()}


def pack_size(packs: int = 2) -> int:
    """Cards in ``packs`` packs with their jokers: 108 for two, 162 for three."""
    return sum(pack_limits(packs).values())


@dataclass(frozen=True, order=True, slots=True)
class Card:
    rank: str
    suit: str | None = None

    @classmethod
    def parse(cls, token: str, suits: bool = False) -> "Card":
        """Read one token such as ``K``, ``10h``, ``T``, ``3♣`` or ``Joker``; ``suits``: keep the suit of any card
        (for rules with sequences), not only of a three."""
        return _parse_token(token, suits)

    @property
    def is_wild(self) -> bool:
        return self.rank == "2" or self.rank == "JK"

    @property
    def is_red_three(self) -> bool:
        return self.rank == "3" and self.suit in RED_SUITS

    @property
    def is_black_three(self) -> bool:
        return self.rank == "3" and self.suit not in RED_SUITS

    @property
    def is_natural(self) -> bool:
        """A card that may form a meld of its rank: neither wild nor a three."""
        return self.rank != "2" and self.rank != "JK" and self.rank != "3"

    @property
    def kind(self) -> str:
        """The pack-limit kind: the rank, or ``red3`` / ``black3``."""
        if self.rank == "3":
            return "red3" if self.suit in RED_SUITS else "black3"
        return self.rank

    def points(self, profile) -> int:
        """The card's point value under ``profile``."""
        return profile.card_points(self)

    def __str__(self) -> str:
        return self.rank + self.suit if self.suit else self.rank


def _error_unknown(token: str, field: str | None = None) -> InvalidCards:
    return InvalidCards(_("'%(token)s' is not a card. %(USAGE)s", token=token, USAGE=_(USAGE)), code="cards.unknown_token", field=field)


@lru_cache(maxsize=4096)
def _parse_token(token: str, suits: bool = False) -> Card:
    if isinstance(token, Card):
        return token
    if not isinstance(token, str):
        raise InvalidCards(_("'%(token)s' is not a card. %(USAGE)s", token=token, USAGE=_(USAGE)), code="cards.unknown_token")
    raw = token.strip().replace("\ufe0f", "")
    text = raw.upper()
    if not text:
        raise _error_unknown(token)
    if text in _RANK_WORDS:
        return Card(_RANK_WORDS[text])
    suit = None
    last = text[-1]
    if last in _SUIT_SYMBOLS:
        suit = _SUIT_SYMBOLS[last]
        text = text[:-1]
    elif len(text) >= 2 and last in SUITS:
        # "JS" is a jack of spades, "10H" a ten of hearts; but "JK" was handled above.
        suit = last
        text = text[:-1]
    rank = _RANK_WORDS.get(text, text)
    if rank == "JK":
        if suit is not None:
            raise _error_unknown(raw)
        return Card("JK")
    if rank == "3":
        if suit is None:
            raise InvalidCards(
                _("A three needs its suit: write 3H or 3D for a red three, 3S or 3C for a black three."),
                code="cards.three_needs_suit",
            )
        return Card("3", suit)
    if rank in RANKS or rank == "2":
        return Card(rank, suit if suits else None)
    raise _error_unknown(raw)


@lru_cache(maxsize=4096)
def _parse_text(text: str, suits: bool = False) -> tuple[Card, ...]:
    return tuple(_parse_token(tok, suits) for tok in _SEPARATORS.split(text.strip()) if tok)


def _with_field(err: InvalidCards, field: str | None) -> InvalidCards:
    return InvalidCards(err.message, code=err.code, field=field)


def parse_cards(text_or_list, field: str | None = None, suits: bool = False) -> tuple[Card, ...]:
    """Read a list of cards: ``"K K 2 JK"``, ``"10h, 10s"``, ``["Q", "Q"]`` or Card values. ``suits``: keep the
    suit written on any card (rules with sequences of one suit); otherwise only a three keeps its suit.

    Raises InvalidCards (with ``field``) for a token that is not a card and
    InvalidRequest when the value is neither a string nor a list.
    """
    try:
        if text_or_list is None:
            return ()
        if isinstance(text_or_list, str):
            return _parse_text(text_or_list, suits)
        if isinstance(text_or_list, (list, tuple)):
            cards: list[Card] = []
            for item in text_or_list:
                if isinstance(item, Card):
                    cards.append(item)
                elif isinstance(item, str):
                    cards.extend(_parse_text(item, suits))
                else:
                    raise InvalidCards(_("'%(item)s' is not a card. %(USAGE)s", item=item, USAGE=_(USAGE)), code="cards.unknown_token")
            return tuple(cards)
    except InvalidCards as err:
        raise _with_field(err, field) from None
    raise InvalidRequest(
        _('Cards must be written as one string such as "K K 2" or as a list of cards.'),
        code="request.invalid_field",
        field=field,
    )


def format_cards(cards: Iterable[Card], symbols: bool = False) -> str:
    """Write cards in the notation ``parse_cards`` reads: ``"K K 2 JK"``; with ``symbols``, a suit as a person
    reads it (``"3♥"``, which ``parse_cards`` reads too), for every text a person sees."""
    text = " ".join(str(card) for card in cards)
    return shown_cards(text) if symbols else text


def shown_cards(text: str) -> str:
    """Cards as written in the notation (``"K K 3H"``), with each suit letter made its symbol (``"K K 3♥"``)."""
    return _LETTER_SUIT.sub(lambda m: m.group(1) + SYMBOLS[m.group(2).upper()], text)


def _kinds(card: Card) -> tuple[str, ...]:
    """What a card counts against in the pack: its kind (the rank, ``red3``, ``black3``) and, when it carries
    its suit (rules with sequences), that very card (``7H``), of which each pack holds one."""
    if card.suit and card.rank != "3" and card.rank != "JK":
        return card.kind, card.rank + card.suit
    return (card.kind,)


def _limit(limits: dict[str, int], kind: str, packs: int) -> int:
    return limits[kind] if kind in limits else packs


def count_kinds(*card_lists: Iterable[Card]) -> Counter:
    counts: Counter = Counter()
    for cards in card_lists:
        for card in cards:
            for kind in _kinds(card):
                counts[kind] += 1
    return counts


def pack_excess(*card_lists: Iterable[Card], packs: int = 2) -> tuple[str, int, int] | None:
    """The first kind of card held more often than the pack allows, as (kind, limit, count)."""
    counts = count_kinds(*card_lists)
    limits = pack_limits(packs)
    for kind, count in counts.items():
        limit = _limit(limits, kind, packs)
        if count > limit:
            return kind, limit, count
    return None


def too_many_message(kind: str, limit: int, count: int) -> Text:
    if kind not in _RANK_NAMES:  # one card with its suit, such as 7H: each pack holds one
        return _("The pack holds only %(limit)s %(card)s (one in each pack), but %(count)s are given.", limit=limit,
                 card=kind, count=count)
    return _("The pack holds only %(limit)s %(kind)s, but %(count)s are given.", limit=limit, kind=_(_RANK_NAMES[kind]), count=count)


def check_pack(*card_lists: Iterable[Card], field: str | None = None, fields=None, packs: int = 2) -> None:
    """Raise InvalidCards ``cards.too_many`` when the lists together hold more of a card than the pack.

    ``fields`` names each list (one name per list, in order, as the request calls them): the error then
    carries the name of the list in which a kind of card first goes over the pack's limit, and its message
    counts that kind over all the lists. Without ``fields`` the error carries ``field``. ``packs``: the packs of
    52 cards with two jokers each (2: 108 cards; 3: 162; Hand and Foot plays with five).
    """
    if fields is None:
        excess = pack_excess(*card_lists, packs=packs)
        if excess is not None:
            raise InvalidCards(too_many_message(*excess), code="cards.too_many", field=field)
        return
    names = list(fields)
    if len(names) != len(card_lists):
        raise ValueError("check_pack needs one field name per card list")  # i18n: not for people
    limits = pack_limits(packs)
    counts: Counter = Counter()
    crossed: tuple[str, str | None] | None = None
    for name, cards in zip(names, card_lists):
        for card in cards:
            for kind in _kinds(card):
                counts[kind] += 1
                if crossed is None and counts[kind] > _limit(limits, kind, packs):
                    crossed = (kind, name)
    if crossed is not None:
        kind, name = crossed
        raise InvalidCards(too_many_message(kind, _limit(limits, kind, packs), counts[kind]), code="cards.too_many",
                           field=name)


class CardTally:
    """Reads the card lists of one request (or one form) and remembers each with the field it came from, so
    the pack's limits are checked across all of them and the error names the field where one is crossed."""

    def __init__(self, suits: bool = False) -> None:
        self.lists: list[tuple[Card, ...]] = []
        self.fields: list[str] = []
        self.suits = suits  # keep every card's suit (rules with sequences)

    def read(self, value, field: str) -> tuple[Card, ...]:
        """One list of cards (``parse_cards``), remembered under ``field``."""
        cards = parse_cards(value, field=field, suits=self.suits)
        self.lists.append(cards)
        self.fields.append(field)
        return cards

    def check_pack(self, packs: int = 2) -> None:
        """Refuse more copies of a card, over every list read, than the pack holds (108 cards with two packs,
        162 with three, 270 with five)."""
        check_pack(*self.lists, fields=self.fields, packs=packs)


def sequence_key(low: str, high: str, suit: str) -> str:
    """The key naming a sequence of one suit on the table: its lowest and highest card, ``"7H-9H"``."""
    return f"{low}{suit}-{high}{suit}"


def _sequence_ends(key: str) -> tuple[str, str, str] | None:
    """(low, high, suit) of a sequence key such as ``"7H-9H"`` (or ``"7h-9h"``, ``"7♥-9♥"``); None otherwise."""
    ends = key.split("-")
    if len(ends) != 2:
        return None
    try:
        low, high = (_parse_token(end.strip(), True) for end in ends)
    except InvalidCards:
        return None
    if low.suit is None or low.suit != high.suit or low.rank not in SEQUENCE_RANKS or high.rank not in SEQUENCE_RANKS \
            or SEQUENCE_RANKS.index(low.rank) >= SEQUENCE_RANKS.index(high.rank):
        return None
    return low.rank, high.rank, low.suit


def rank_name(rank: str) -> Text | str:
    """Plural plain name of a rank: ``"K"`` -> ``"kings"``; a sequence's key ``"7H-9H"`` -> ``"7-9 of hearts"``."""
    if rank in _RANK_NAMES:
        return _(_RANK_NAMES[rank])
    if rank == "wild":
        return _("wild cards")
    if rank == "3":
        return _("black threes")
    ends = _sequence_ends(rank)
    if ends is not None:
        return _("%(low)s-%(high)s of %(suit)s", low=ends[0], high=ends[1], suit=_(_SUIT_NAMES[ends[2]]))
    return rank


def normalize_rank(key: str) -> str | None:
    """Read a meld key such as ``"K"``, ``"t"``, ``"10"``, ``"wild"`` or a sequence's ``"7h-9h"``; None when it is
    not one."""
    if not isinstance(key, str):
        return None
    text = key.strip().upper()
    if text == "WILD":
        return "wild"
    text = _RANK_WORDS.get(text, text)
    if text in RANKS:
        return text
    if text in ("3", "3S", "3C", "BLACK3"):
        return "3"
    ends = _sequence_ends(text)
    if ends is not None:
        return sequence_key(*ends)
    return None

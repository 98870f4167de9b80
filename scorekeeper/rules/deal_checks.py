"""What cannot happen in one deal: the checks ``score_deal`` runs before it scores anything.

Each raises ImpossibleDeal (or InvalidRequest for a field these rules do not have) naming the field:
two sides going out, more threes or cards than one 108-card pack holds, canastas that cannot all be
made from one pack, points worth more than the whole pack.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Mapping

from .cards import PACK_LIMITS, RANKS, Card, pack_excess, too_many_message
from .errors import ImpossibleDeal, InvalidRequest
from .profiles import RuleProfile

if TYPE_CHECKING:  # pragma: no cover
    from .scoring import SideDeal


def scores_black_threes(profile: RuleProfile) -> bool:
    """True when black threes are laid out as bonus cards (counted like red threes, each colour on its own
    scale), so a side's deal may give ``black_threes``; under every other profile that count must be 0."""
    return profile.threes_scoring == "per_colour"


def who(name: str, names: Mapping[str, str] | None) -> str:
    """A side as a message names it: its display name when the caller gave one (the scorepad), else
    ``Side 'key'`` (the API names sides by their keys)."""
    shown = names.get(name) if names else None
    return shown.strip() if isinstance(shown, str) and shown.strip() else f"Side '{name}'"


def named(name: str, names: Mapping[str, str] | None) -> bool:
    return who(name, names) != f"Side '{name}'"


#: Cards of the pack other than threes (threes never go into a canasta): 88 naturals and 12 wild cards.
_NON_THREES = sum(n for kind, n in PACK_LIMITS.items() if kind not in ("red3", "black3"))
_TWOS, _JOKERS = PACK_LIMITS["2"], PACK_LIMITS["JK"]
_WILDS = _TWOS + _JOKERS


def pack_points(profile: RuleProfile) -> int:
    """What all 108 cards of the pack are worth together under ``profile`` (threes at their value in a hand)."""
    total = 0
    for kind, copies in PACK_LIMITS.items():
        if kind == "red3":
            value = profile.red_three_in_hand_points
        elif kind == "black3":
            value = profile.black_three_points
        else:
            value = profile.card_points(Card(kind))
        total += copies * value
    return total


def _check_points_fit(p: RuleProfile, sides: dict[str, SideDeal], names: Mapping[str, str] | None = None) -> None:
    """meld_points and hand_points are never negative and, over all sides, never more than the pack is worth."""
    limit = pack_points(p)
    used = 0
    for name, side in sides.items():
        if side.by_cards:
            used += sum(p.cards_points(cards) for cards in (*(side.melds or ()), *(side.hands or ())))
            continue
        for key, value, what in (("meld_points", side.meld_points, "melded cards"),
                                 ("hand_points", side.hand_points, "cards left in hand")):
            if not value:
                continue
            field = f"sides.{name}.{key}"
            if value < 0:
                its = "the" if named(name, names) else "its"
                raise ImpossibleDeal(f"{who(name, names)}: the value of {its} {what} cannot be negative; write what "
                                     "the cards are worth, the score takes hand cards off by itself.", field=field)
            if value > limit:
                given = (f"{who(name, names)}: {value} points of {what} are given" if named(name, names)
                         else f"Side '{name}' gives {value} points of {what}")
                raise ImpossibleDeal(f"{given}, but all 108 cards of the pack "
                                     f"together are worth only {limit} under these rules.", field=field)
            used += value
            if used > limit:
                raise ImpossibleDeal(f"The melded cards and cards left in hand of the sides add up to {used} points, "
                                     f"but all 108 cards of the pack together are worth only {limit} under these "
                                     "rules.", field=field)


class _Needs:
    """What the canastas of a deal need from the pack, at the least."""

    __slots__ = ("cards", "twos", "jokers", "wilds", "naturals", "sevens", "aces", "listed")

    def __init__(self):
        self.cards = self.twos = self.jokers = self.wilds = self.naturals = self.sevens = self.aces = 0
        self.listed = False

    def count_cards(self, sides: dict[str, SideDeal]) -> None:
        """The cards of the sides given card by card (threes aside: they never go into a canasta)."""
        for side in sides.values():
            if not side.by_cards:
                continue
            for held in (*(side.melds or ()), *(side.hands or ())):
                for card in held:
                    if card.rank == "3":
                        continue
                    self.cards += 1
                    self.twos += card.rank == "2"
                    self.jokers += card.rank == "JK"
                    self.listed = True

    def add(self, kind: str, count: int, size: int) -> None:
        self.cards += count * size
        if kind in ("natural", "sevens", "aces"):
            setattr(self, "naturals" if kind == "natural" else kind, getattr(self, "naturals" if kind == "natural"
                                                                               else kind) + count)
        elif kind == "mixed":
            self.wilds += count          # at least one wild card each
        elif kind == "wild_twos":
            self.twos += count * size    # seven twos
        elif kind == "wild_jokers":
            self.jokers += count * 4     # four jokers and three twos
            self.twos += count * (size - 4)
        else:
            self.wilds += count * size   # any other all-wild canasta


def _needs_problem(p: RuleProfile, needs: _Needs) -> str | None:
    """Why the canastas counted so far cannot fit in one pack, or None."""
    size = p.canasta_size
    # Ranks that can hold a "natural" canasta: with special canastas sevens and aces are kinds of their own.
    natural_ranks = len(RANKS) - 2 if p.special_canastas else len(RANKS)
    twos, jokers, wilds, cards = needs.twos, needs.jokers, needs.wilds, needs.cards
    sevens, aces, naturals = needs.sevens, needs.aces, needs.naturals
    if twos > _TWOS:
        return (f"The canastas given need at least {twos} twos, but the pack holds only {_TWOS}; a canasta "
                f"of {size} twos alone takes {size} of them.")
    if jokers > _JOKERS:
        return f"The canastas given need at least {jokers} jokers, but the pack holds only {_JOKERS}."
    if twos + jokers + wilds > _WILDS:
        return (f"The canastas given need at least {twos + jokers + wilds} wild cards ({size} for each "
                f"wild-card canasta, one for each mixed canasta), but the pack holds only {_WILDS}: "
                f"{_TWOS} twos and {_JOKERS} jokers.")
    if cards > _NON_THREES:
        return (f"Each canasta takes at least {size} cards, so the canastas given need at least {cards} "
                f"cards other than threes" + (", counting the cards listed card by card" if needs.listed else "")
                + f"; the pack holds only {_NON_THREES}.")
    if sevens > 1 or aces > 1:
        which = "sevens" if sevens > 1 else "aces"
        return (f"The pack holds 8 {which}, enough for only one canasta of {which} in a deal; "
                f"{max(sevens, aces)} are given.")
    if naturals + sevens + aces > len(RANKS) or naturals > natural_ranks:
        return (f"A natural canasta takes {size} of the 8 cards of its rank, so a deal holds at most one "
                f"per rank ({natural_ranks} here); {naturals} natural canastas are given.")
    return None


def _check_canastas_fit(p: RuleProfile, sides: dict[str, SideDeal], names: Mapping[str, str] | None = None) -> None:
    """The canastas of every side together fit in the pack: each takes at least ``canasta_size`` cards other
    than threes, the wild-card kinds take wild cards (8 twos and 4 jokers in all), and a natural canasta takes
    all but one card of its rank."""
    needs = _Needs()
    needs.count_cards(sides)
    for name, side in sides.items():
        if side.by_cards or not side.canastas:
            continue
        field = f"sides.{name}.canastas"
        for kind, count in side.canastas.items():
            if kind not in p.canasta_kinds or isinstance(count, bool) or not isinstance(count, int):
                continue  # refused with its own message when the side is scored
            if count < 0:
                raise ImpossibleDeal(f"{who(name, names)} cannot have a negative number of canastas.",
                                     field=f"{field}.{kind}")
            needs.add(kind, count, p.canasta_size)
        problem = _needs_problem(p, needs)
        if problem:
            raise ImpossibleDeal(problem, field=field)


def _check_sides(p: RuleProfile, sides: dict[str, SideDeal], names) -> None:
    """What no side can claim: concealed without going out, black threes where they are not bonus cards,
    two sides going out."""
    if not isinstance(sides, dict) or len(sides) < 2:
        raise InvalidRequest("A deal has two or more sides.", code="request.invalid_field", field="sides")
    out_sides = [name for name, side in sides.items() if side.went_out or side.concealed]
    for name, side in sides.items():
        if side.concealed and not side.went_out:
            raise ImpossibleDeal(f"{who(name, names)} cannot go out concealed without going out.",
                                 field=f"sides.{name}.concealed")
        if side.black_threes and not scores_black_threes(p):
            raise InvalidRequest("These rules do not lay black threes out as bonus cards; a side's black threes "
                                 "must be 0.", code="request.invalid_field", field=f"sides.{name}.black_threes")
    if len(out_sides) > 1:
        going = [who(name, names) if named(name, names) else name for name in out_sides]
        raise ImpossibleDeal(f"Only one side can go out in a deal, but {' and '.join(going)} did.",
                             field="sides")


def _check_pack(sides: dict[str, SideDeal]) -> None:
    """The threes laid out and the cards listed fit in one 108-card pack."""
    red = sum(s.red_threes for s in sides.values())
    black = sum(s.black_threes for s in sides.values())
    card_lists = []
    for side in sides.values():
        card_lists.extend(side.melds or ())
        card_lists.extend(side.hands or ())
    for cards in card_lists:
        for card in cards:
            if card.rank == "3":
                if card.suit in ("H", "D"):
                    red += 1
                else:
                    black += 1
    if red > 4:
        raise ImpossibleDeal(f"The pack holds 4 red threes, but the sides have {red}.", field="sides")
    if black > 4:
        raise ImpossibleDeal(f"The pack holds 4 black threes, but the sides have {black}.", field="sides")
    if card_lists:
        excess = pack_excess(*card_lists)
        if excess is not None:
            raise ImpossibleDeal(too_many_message(*excess), field="sides")


def check_deal(p: RuleProfile, sides: dict[str, SideDeal], names: Mapping[str, str] | None = None) -> None:
    """Every check above, in the order a person would want to hear about the problem."""
    _check_sides(p, sides, names)
    _check_pack(sides)
    _check_canastas_fit(p, sides, names)
    _check_points_fit(p, sides, names)

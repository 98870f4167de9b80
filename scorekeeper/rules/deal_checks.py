"""What cannot happen in one deal: the checks ``score_deal`` runs before it scores anything.

Each raises ImpossibleDeal (or InvalidRequest for a field these rules do not have) naming the field:
two sides going out, more threes or cards than the pack holds (108 cards, or 162 with three packs),
canastas that cannot all be made from the pack, card points melded fewer than the declared canastas hold
(``floors.py``), points worth more than the whole pack, and in cut-throat two lone hands or a lone hand who
melded nothing. Every way a deal arrives (the scorepad, a tournament
table's phone, the JSON API, an imported file, the ``scorekeeper`` command) is scored by ``score_deal``, so all of
them refuse the same deals.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Mapping

from .cards import RANKS, Card, pack_excess, pack_limits, pack_size, too_many_message
from .errors import ImpossibleDeal, InvalidRequest
from .floors import check_melded_floors
from .profiles import RuleProfile
from .i18n import Text, _, listed
from .side_deal import SideDeal


def scores_black_threes(profile: RuleProfile, by_cards: bool = False) -> bool:
    """True when a side's deal may give ``black_threes``: where black threes are laid out as bonus cards (counted
    like red threes, each colour on its own scale), or where those left in a hand are counted on their own
    (Bolivia) and the side is given by totals (card by card they are read from its hands); under every other
    profile that count must be 0."""
    return profile.threes_scoring == "per_colour" or (profile.black_threes_in_hand_apart and not by_cards)


def who(name: str, names: Mapping[str, str] | None) -> Text | str:
    """A side as a message names it: its display name when the caller gave one (the scorepad), else
    ``Side 'key'`` (the API names sides by their keys)."""
    shown = names.get(name) if names else None
    return shown.strip() if isinstance(shown, str) and shown.strip() else _("Side '%(name)s'", name=name)


def named(name: str, names: Mapping[str, str] | None) -> bool:
    """Whether messages name the side by a display name (else by its key)."""
    return isinstance(who(name, names), str)


def _non_threes(packs: int) -> int:
    """Cards of the pack other than threes (threes never go into a canasta): 88 naturals and 12 wild cards in
    the 108-card pack."""
    return sum(n for kind, n in pack_limits(packs).items() if kind not in ("red3", "black3"))


def pack_points(profile: RuleProfile) -> int:
    """What all the cards of the pack are worth together under ``profile`` (threes at their value in a hand)."""
    total = 0
    for kind, copies in pack_limits(profile.packs).items():
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
            used += sum(p.melded_points(cards) for cards in side.melds or ())
            used += sum(p.cards_points(cards) for cards in side.hands or ())
            continue
        for key, value, what in (("meld_points", side.meld_points, _("melded cards")),
                                 ("hand_points", side.hand_points, _("cards left in hand"))):
            if not value:
                continue
            field = f"sides.{name}.{key}"
            if value < 0:
                its = "the" if named(name, names) else "its"
                raise ImpossibleDeal(_("%(names)s: the value of %(its)s %(what)s cannot be negative; write what the cards are worth, the score takes hand cards off by itself.", names=who(name, names), its=its, what=what), field=field)
            if value > limit:
                given = (_("%(names)s: %(value)s points of %(what)s are given", names=who(name, names), value=value, what=what) if named(name, names)
                         else _("Side '%(name)s' gives %(value)s points of %(what)s", name=name, value=value, what=what))
                raise ImpossibleDeal(_("%(given)s, but all %(cards)s cards of the pack together are worth only %(limit)s under these rules.", given=given, cards=pack_size(p.packs), limit=limit), field=field)
            used += value
            if used > limit:
                raise ImpossibleDeal(_("The melded cards and cards left in hand of the sides add up to %(used)s points, but all %(cards)s cards of the pack together are worth only %(limit)s under these rules.", used=used, cards=pack_size(p.packs), limit=limit), field=field)


class _Needs:
    """What the canastas of a deal need from the pack, at the least."""

    __slots__ = ("cards", "twos", "jokers", "wilds", "naturals", "sevens", "aces", "listed", "sequences")

    def __init__(self):
        self.cards = self.twos = self.jokers = self.wilds = self.naturals = self.sevens = self.aces = 0
        self.sequences = 0
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
        elif kind in ("samba", "escalera"):
            self.sequences += count      # seven natural cards of one suit in order
        elif kind == "wild_twos":
            self.twos += count * size    # seven twos
        elif kind == "wild_jokers":
            self.jokers += count * 4     # four jokers and three twos
            self.twos += count * (size - 4)
        else:
            self.wilds += count * size   # any other all-wild canasta


def _needs_problem(p: RuleProfile, needs: _Needs) -> str | None:
    """Why the canastas counted so far cannot fit in the pack, or None."""
    size = p.canasta_size
    limits = pack_limits(p.packs)
    _TWOS, _JOKERS, _NON_THREES = limits["2"], limits["JK"], _non_threes(p.packs)
    _WILDS, of_a_rank = _TWOS + _JOKERS, limits["A"]
    # Ranks that can hold a "natural" canasta: with special canastas sevens and aces are kinds of their own.
    natural_ranks = len(RANKS) - 2 if p.special_canastas else len(RANKS)
    twos, jokers, wilds, cards = needs.twos, needs.jokers, needs.wilds, needs.cards
    sevens, aces, naturals = needs.sevens, needs.aces, needs.naturals
    per_rank = of_a_rank // size  # natural canastas one rank can hold in a deal: one, from 8 or from 12 cards
    # Every sequence of seven from four up to ace holds an eight, a nine and a ten of its suit (HSW-S, tip), and the
    # pack holds one such card of each suit for each pack: so at most four sequences a pack.
    if needs.sequences > 4 * p.packs:
        return _("A sequence of seven always holds an eight, a nine and a ten of its suit, so the pack makes at most %(most)s of them in a deal; %(count)s are given.", most=4 * p.packs, count=needs.sequences)
    if twos > _TWOS:
        return (_("The canastas given need at least %(twos)s twos, but the pack holds only %(_TWOS)s; a canasta of %(size)s twos alone takes %(size2)s of them.", twos=twos, _TWOS=_TWOS, size=size, size2=size))
    if jokers > _JOKERS:
        return _("The canastas given need at least %(jokers)s jokers, but the pack holds only %(_JOKERS)s.", jokers=jokers, _JOKERS=_JOKERS)
    if twos + jokers + wilds > _WILDS:
        return (_("The canastas given need at least %(wilds)s wild cards (%(size)s for each wild-card canasta, one for each mixed canasta), but the pack holds only %(_WILDS)s: %(_TWOS)s twos and %(_JOKERS)s jokers.", wilds=twos + jokers + wilds, size=size, _WILDS=_WILDS, _TWOS=_TWOS, _JOKERS=_JOKERS))
    if cards > _NON_THREES:
        return (_("Each canasta takes at least %(size)s cards, so the canastas given need at least %(cards)s cards other than threes", size=size, cards=cards) + (_(", counting the cards listed card by card") if needs.listed else "")
                + _("; the pack holds only %(_NON_THREES)s.", _NON_THREES=_NON_THREES))
    if sevens > per_rank or aces > per_rank:
        which = "sevens" if sevens > per_rank else "aces"
        return (_("The pack holds %(copies)s %(which)s, enough for only one canasta of %(which2)s in a deal; %(aces)s are given.", copies=of_a_rank, which=which, which2=which, aces=max(sevens, aces)))
    if naturals + sevens + aces > len(RANKS) * per_rank or naturals > natural_ranks * per_rank:
        return (_("A natural canasta takes %(size)s of the %(copies)s cards of its rank, so a deal holds at most one per rank (%(natural_ranks)s here); %(naturals)s natural canastas are given.", size=size, copies=of_a_rank, natural_ranks=natural_ranks, naturals=naturals))
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
                raise ImpossibleDeal(_("%(names)s cannot have a negative number of canastas.", names=who(name, names)),
                                     field=f"{field}.{kind}")
            needs.add(kind, count, p.canasta_size)
        problem = _needs_problem(p, needs)
        if problem:
            raise ImpossibleDeal(problem, field=field)


def _check_sides(p: RuleProfile, sides: dict[str, SideDeal], names) -> None:
    """What no side can claim: concealed without going out, black threes where they are not bonus cards,
    two sides going out."""
    if not isinstance(sides, dict) or len(sides) < 2:
        raise InvalidRequest(_("A deal has two or more sides."), code="request.invalid_field", field="sides")
    out_sides = [name for name, side in sides.items() if side.went_out or side.concealed]
    for name, side in sides.items():
        if side.concealed and not side.went_out:
            raise ImpossibleDeal(_("%(names)s cannot go out concealed without going out.", names=who(name, names)),
                                 field=f"sides.{name}.concealed")
        if side.black_threes and not scores_black_threes(p) and not p.black_threes_in_hand_apart:
            raise InvalidRequest(_("These rules do not lay black threes out as bonus cards; a side's black threes must be 0."), code="request.invalid_field", field=f"sides.{name}.black_threes")
        if side.black_threes and not scores_black_threes(p, side.by_cards):
            raise InvalidRequest(_("Card by card, the black threes left in a hand are counted from the hands; a side's black threes must be 0."), code="request.invalid_field", field=f"sides.{name}.black_threes")
    if len(out_sides) > 1:
        going = [who(name, names) if named(name, names) else name for name in out_sides]
        raise ImpossibleDeal(_("Only one side can go out in a deal, but %(going)s did.", going=listed(going)),
                             field="sides")


def _check_pack(p: RuleProfile, sides: dict[str, SideDeal]) -> None:
    """The threes laid out and the cards listed fit in the pack (108 cards, or 162 with three packs)."""
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
    most = p.red_threes_in_pack
    if red > most:
        raise ImpossibleDeal(_("The pack holds %(most)s red threes, but the sides have %(red)s.", most=most, red=red), field="sides")
    if black > most:
        raise ImpossibleDeal(_("The pack holds %(most)s black threes, but the sides have %(black)s.", most=most, black=black), field="sides")
    if card_lists:
        excess = pack_excess(*card_lists, packs=p.packs)
        if excess is not None:
            raise ImpossibleDeal(too_many_message(*excess), field="sides")


def has_meld(side: SideDeal) -> bool:
    """Whether a side melded anything in the deal: a meld card by card; card points or a canasta by totals."""
    if side.by_cards:
        return bool(side.melds)
    return bool(side.meld_points) or any((side.canastas or {}).values())


def lone_hand(p: RuleProfile, sides: dict[str, SideDeal], names: Mapping[str, str] | None = None) -> str | None:
    """Cut-throat: who plays alone this deal, the other two scoring as a partnership (docs/RULES.md §5: BC-3,
    RG-3, LR-3, Lone Hand). The player marked ``lone_hand`` took the pile first; with nobody marked, the player
    who went out did so before anyone took the pile and plays alone all the same; with nobody marked and nobody
    out, the pile was never taken and everyone scores alone (None). Refused as impossible: two lone hands, and a
    lone hand who melded nothing (taking the pile puts its top card in a meld; going out needs melds)."""
    marked = [name for name, side in sides.items() if side.lone_hand]
    if marked and not p.cut_throat:
        raise InvalidRequest(_("Only in cut-throat does one player play alone against the other two; leave 'lone_hand' out."),
                             code="request.invalid_field", field=f"sides.{marked[0]}.lone_hand")
    if marked and len(sides) != 3:
        raise InvalidRequest(_("Cut-throat is played by three players, one side each."), code="request.invalid_field",
                             field="sides")
    if not p.cut_throat or len(sides) != 3:
        return None
    if len(marked) > 1:
        raise ImpossibleDeal(_("Only one player can play alone in a deal: the first to take the pile, or the one who went out before anyone took it."),
                             field=f"sides.{marked[1]}.lone_hand")
    lone = marked[0] if marked else next((name for name, side in sides.items() if side.went_out), None)
    if lone is not None and not has_meld(sides[lone]):
        message = (_("%(names)s played alone, which comes from taking the pile or going out, and both need a meld; yet nothing melded is given for %(names)s.", names=who(lone, names)) if marked
                   else _("%(names)s went out before anyone took the pile, and so played alone; yet nothing melded is given for %(names)s, and going out needs melds.", names=who(lone, names)))
        raise ImpossibleDeal(message, field=f"sides.{lone}.lone_hand")
    return lone


def check_deal(p: RuleProfile, sides: dict[str, SideDeal], names: Mapping[str, str] | None = None) -> None:
    """Every check above, in the order a person would want to hear about the problem."""
    _check_sides(p, sides, names)
    _check_pack(p, sides)
    _check_canastas_fit(p, sides, names)
    check_melded_floors(p, _joined_partners(sides, lone_hand(p, sides, names)), lambda name: who(name, names))
    _check_points_fit(p, sides, names)


def _joined_partners(sides: dict[str, SideDeal], lone: str | None) -> dict[str, SideDeal]:
    """The sides with a cut-throat partnership given by totals as one (on its first partner): the partners meld
    together, so the cards under their canastas may be counted on either of them."""
    partners = [name for name in sides if lone is not None and name != lone]
    if not partners or any(sides[name].by_cards for name in partners):
        return sides
    canastas: dict[str, int] = {}
    for name in partners:
        for kind, count in (sides[name].canastas or {}).items():
            canastas[kind] = canastas.get(kind, 0) + count if isinstance(count, int) else count
    first = replace(sides[partners[0]], canastas=canastas,
                    meld_points=sum(sides[name].meld_points or 0 for name in partners))
    return {name: first if name == partners[0] else side for name, side in sides.items() if name != partners[1]}

"""May I take the pile?"""
from __future__ import annotations

from .cards import Card, rank_name
from .errors import InvalidRequest, Violation
from .melds import Shape, Situation, Verdict, as_cards, extends_sequence, meld_key, violation
from .profiles import RuleProfile
from .turn import judge_turn
from .i18n import _


def _pile_frozen(p: RuleProfile, pile: tuple[Card, ...]) -> bool:
    """Frozen by its content: a wild card, and where the profile says so a red or a black three, in it.

    silhill: §4f, §7b (docs/RULES.md S-A11): a three turned up at the start and then covered has no effect.
    """
    for card in pile:
        if card.rank == "2" or card.rank == "JK":
            return True
        if card.rank == "3":
            if p.red_three_freezes_pile if card.suit in ("H", "D") else p.black_three_effect == "freeze":
                return True
    return False


def _check_frozen_flag(frozen) -> None:
    if frozen is not None and not isinstance(frozen, bool):
        raise InvalidRequest(_("'frozen' must be true or false."), code="request.invalid_field", field="frozen")


def _read_pile(pile, top, frozen, hand_size, suits: bool = False) -> tuple[tuple[Card, ...] | None, Card | None]:
    """The pile (top card first) or, when only its top card is given, None and that card."""
    if pile is not None:
        pile = as_cards(pile, "pile", suits)
        _check_frozen_flag(frozen)
        top_card = pile[0] if pile else None
    elif top is not None:
        top_cards = as_cards(top if not isinstance(top, Card) else (top,), "top", suits)
        if len(top_cards) != 1:
            raise InvalidRequest(_("'top' is one card."), code="request.invalid_field", field="top")
        _check_frozen_flag(frozen)
        top_card = top_cards[0]
    else:
        raise InvalidRequest(_("Give the pile (from the top card down) or its top card."),
                             code="request.missing_field", field="pile")
    if hand_size is not None and (isinstance(hand_size, bool) or not isinstance(hand_size, int) or hand_size < 0):
        raise InvalidRequest(_("'hand_size' is the number of cards in the hand."), code="request.invalid_field",
                             field="hand_size")
    return pile, top_card


def _is_frozen(p: RuleProfile, situation: Situation, pile, frozen) -> bool:
    if p.pile_frozen_until_opened and not situation.opened:
        return True
    if pile is not None:
        return bool(frozen) or _pile_frozen(p, pile)
    return bool(frozen)


def _top_card_problems(p: RuleProfile, top: Card, out: list[Violation]) -> bool:
    """A top card nobody may take: a wild card or a three. True when the pile is blocked."""
    if top.is_wild:
        out.append(violation(p, "pile.wild_on_top", _("A wild card on top of the pile cannot be taken; the next discard must cover it first."), "frozen"))
    elif top.is_black_three:
        out.append(violation(p, "pile.black_three_on_top", _("A black three on top of the pile blocks the next player from taking it."), "frozen"))
    elif top.is_red_three:
        out.append(violation(p, "pile.red_three_on_top", _("A red three on top of the pile cannot be taken."),
                             "frozen"))
    else:
        return False
    return True


def _layoff_problems(p: RuleProfile, situation: Situation, top: Card, frozen: bool, table_idx: int | None,
                     out: list[Violation]) -> None:
    """The top card alone goes onto a meld already on the table."""
    if not situation.opened:
        out.append(violation(p, "pile.not_opened",
                             _("Before its first meld a side can only take the pile by melding the top card with cards from the hand."), "pile"))
    elif not p.top_card_layoff:
        # modern-american: PICKING THE PACK — a pair is always needed, frozen or not.
        out.append(violation(p, "pile.needs_natural_pair",
                             _("The pile is always taken with a natural pair matching the top card."), "pile"))
    elif frozen:
        out.append(violation(p, "pile.frozen_needs_natural_pair",
                             _("The pile is frozen: it can only be taken with two natural cards matching the top card."), "frozen"))
    elif table_idx is None:
        out.append(violation(p, "pile.no_matching_meld",
                             _("The side has no meld of %(rank)s, nor a sequence the top card extends.", rank=rank_name(top.rank))
                             if p.sequences else
                             _("The side has no meld of %(rank)s for the top card.", rank=rank_name(top.rank)), "pile"))
    elif len(situation.table[table_idx]) >= p.canasta_size and not p.top_card_layoff_onto_canasta:
        out.append(violation(p, "pile.layoff_onto_canasta",
                             _("The top card alone may not be laid on a canasta; show a natural pair instead."), "pile"))


def _shown_cards_problems(p: RuleProfile, top: Card, uses: tuple[Card, ...], frozen: bool,
                          out: list[Violation]) -> None:
    """Cards from the hand shown with the top card: a natural pair, or where allowed a natural and a wild."""
    naturals = sum(1 for c in uses if c.rank == top.rank and c.is_natural)
    wilds = sum(1 for c in uses if c.is_wild)
    if p.pile_always_needs_natural_pair and naturals < 2:
        out.append(violation(p, "pile.needs_natural_pair",
                             _("The pile is always taken with a natural pair matching the top card."), "pile"))
    elif frozen and naturals < 2:
        out.append(violation(p, "pile.frozen_needs_natural_pair",
                             _("The pile is frozen: it can only be taken with two natural cards matching the top card."), "frozen"))
    elif naturals < 2 and not (p.natural_and_wild_takes_pile and naturals >= 1 and wilds >= 1):
        out.append(violation(p, "pile.needs_matching_cards",
                             _("Show a natural pair matching the top card")
                             + (_(", or one natural card and one wild card.") if p.natural_and_wild_takes_pile
                                else "."), "pile"))


def _taking_problems(p: RuleProfile, situation: Situation, top: Card, uses: tuple[Card, ...], frozen: bool,
                     out: list[Violation]) -> int | None:
    """How the top card is taken: with cards from the hand or onto a meld. Returns the matching meld's index."""
    others = [c for c in uses if not c.is_wild and c.rank != top.rank]
    if others and p.sequences and any(c.suit == top.suit for c in others):
        # BCA-S, The Deal: the top card may not start a sequence, nor join one together with cards from the hand.
        out.append(violation(p, "pile.sequence_from_pile",
                             _("The top card of the pile goes onto a sequence on the table only by itself; it may not start a sequence or join one together with cards from the hand."),
                             "sequences"))
        return None
    if others:
        out.append(violation(p, "pile.wrong_cards",
                             _("Only %(rank)s or wild cards can meld with the top card.", rank=rank_name(top.rank)), "pile"))
    matching = [i for i, m in enumerate(situation.table) if m and meld_key(m) == top.rank]
    # Where a side may keep several melds of a rank (Samba), the top card goes onto one that is not yet a canasta.
    table_idx = next((i for i in matching if len(situation.table[i]) < p.canasta_size), matching[0] if matching else None)
    if table_idx is None and not uses and p.sequences:
        table_idx = next((i for i, m in enumerate(situation.table) if extends_sequence(Shape(m), top)), None)
    if table_idx is not None and p.dead_ranks and len(situation.table[table_idx]) >= p.canasta_size:
        out.append(violation(p, "pile.dead_rank",
                             _("The side's canasta of %(rank)s is finished, so that rank cannot be taken.", rank=rank_name(top.rank)), "pile"))
    if not uses:
        _layoff_problems(p, situation, top, frozen, table_idx, out)
    else:
        _shown_cards_problems(p, top, uses, frozen, out)
    if uses and table_idx is not None and p.pile_existing_meld_max is not None \
            and len(situation.table[table_idx]) > p.pile_existing_meld_max:
        out.append(violation(p, "pile.existing_meld_too_large",
                             _("A pair may be taken to the side's meld of %(rank)s only while it has fewer than %(pile_existing_meld_max)s cards.", rank=rank_name(top.rank), pile_existing_meld_max=p.pile_existing_meld_max + 1), "pile"))
    return table_idx


def _hand_problems(p: RuleProfile, pile, uses, melds, hand_size, out: list[Violation]) -> None:
    if pile is not None and len(pile) == 1 and hand_size == 1 and p.one_card_pile_ban:
        out.append(violation(p, "pile.one_card_pile",
                             _("A pile of one card may not be taken by a player holding a single card."),
                             "one_card_pile"))
    if hand_size is not None:
        shown = len(uses) + sum(len(as_cards(m, f"melds[{i}]", p.sequences)) for i, m in enumerate(melds))
        if shown > hand_size:
            out.append(violation(p, "pile.hand_too_small",
                                 _("%(shown)s cards are shown but the hand holds only %(hand_size)s.", shown=shown, hand_size=hand_size), "pile"))


def _takes(p: RuleProfile, pile: tuple[Card, ...]) -> int:
    """How many cards the taker gets besides the top card (modern-american: only those above a wild card; Hand
    and Foot: a few cards from the top, the top one included)."""
    if p.only_cards_above_wild:
        for i in range(1, len(pile)):
            if pile[i].is_wild:
                return i - 1
    if p.pile_take_count:
        return min(len(pile), p.pile_take_count) - 1
    return len(pile) - 1


def check_pile(profile: RuleProfile, situation: Situation, *, pile=None, top=None, frozen=None, uses=(),
               melds=(), hand_size=None) -> Verdict:
    """May the player take the pile, showing ``uses`` with the top card and laying ``melds``?"""
    p = profile
    pile, top_card = _read_pile(pile, top, frozen, hand_size, p.sequences)
    uses = as_cards(uses, "uses", p.sequences)
    out: list[Violation] = []
    if top_card is None:
        out.append(violation(p, "pile.empty", _("There is no discard pile to take."), "pile"))
        return Verdict(False, tuple(out), kind="pile")
    is_frozen = _is_frozen(p, situation, pile, frozen)
    blocked = _top_card_problems(p, top_card, out)
    table_idx = None if blocked else _taking_problems(p, situation, top_card, uses, is_frozen, out)
    _hand_problems(p, pile, uses, melds, hand_size, out)
    if any(v.code == "pile.sequence_from_pile" for v in out):
        blocked = True  # nothing more to say about melding cards that may not be melded with the top card
    if not blocked:
        pickup = (top_card, uses, table_idx) if uses or table_idx is not None else None
        turn = judge_turn(p, situation, melds, None, going_out=False, pickup=pickup)
        out.extend(turn.violations)
        points, minimum = turn.points, turn.minimum
    else:
        points = 0
        minimum = p.minimum(situation.score, situation.deal) if not situation.opened or (
            p.opening_per_player and not situation.player_melded) else None
    legal = not out
    takes = _takes(p, pile) if legal and pile is not None else None
    return Verdict(legal, tuple(out), (), points, minimum, takes, kind="pile")


__all__ = ["check_pile"]

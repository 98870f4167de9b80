"""The rules pages' rows on taking the discard pile: before the side has opened, the ways to take an unfrozen
pile, what freezes it, a pair taken to a meld already on the table, what the taker gets, and a one-card pile.
Rows of ``explain_rows.ASPECTS``."""
from __future__ import annotations

from .explain_words import Aspect, CARDS, count, num
# Worded while the rules page is made, in its reader's language (explain.py): words now, not facts.
from .i18n import N_, current_locale, gettext, list_words
from .profiles import RuleProfile


def _before_open_short(p: RuleProfile) -> str:
    return gettext("frozen: natural pair needed") if p.pile_frozen_until_opened else gettext("as for an open side")


def _before_open_sentence(p: RuleProfile) -> str:
    if p.pile_frozen_until_opened:
        return gettext("Until its first meld, a side may take the pile only by showing two natural cards matching the top "
                 "card, as part of the opening.")
    return gettext("A side that has not opened may take an unfrozen pile in any of the usual ways, as part of its opening.")


def _ways_short(p: RuleProfile) -> str:
    if p.pile_always_needs_natural_pair and not p.top_card_layoff:
        return gettext("natural pair only")
    ways = [gettext("natural pair")]
    if p.natural_and_wild_takes_pile and not p.pile_always_needs_natural_pair:
        ways.append(gettext("natural + wild"))
    if p.top_card_layoff:
        ways.append(gettext("top card onto a meld") if p.top_card_layoff_onto_canasta
                    else gettext("top card onto a meld (not a canasta)"))
    return " · ".join(ways)


def _ways_sentence(p: RuleProfile) -> str:
    if p.pile_always_needs_natural_pair:
        text = gettext("Cards shown from the hand with the top card must always include two natural cards matching it, "
                 "frozen pile or not; a wild card cannot stand in for either of them.")
        if p.top_card_layoff and p.top_card_layoff_onto_canasta:
            text += " " + gettext("An open side may also take an unfrozen pile by adding the top card alone to one of its "
                            "melds.")
        elif p.top_card_layoff:
            text += " " + gettext("An open side may also take an unfrozen pile by adding the top card alone to one of its "
                            "melds that is not yet a canasta.")
        return text
    ways = [gettext("two natural cards matching the top card")]
    if p.natural_and_wild_takes_pile:
        ways.append(gettext("one matching natural card and one wild card"))
    if p.top_card_layoff:
        ways.append(gettext("adding the top card to one of the side's melds") if p.top_card_layoff_onto_canasta
                    else gettext("adding the top card to one of the side's melds that is not yet a canasta"))
    return gettext("When the pile is not frozen, a player takes it with %(ways)s.", ways=list_words(ways, "or", current_locale()))


def _freezers(p: RuleProfile) -> list[str]:
    freezers = [N_("a wild card")]
    if p.red_three_freezes_pile:
        freezers.append(N_("a red three"))
    if p.black_three_effect == "freeze":
        freezers.append(N_("a black three"))
    return freezers


_FREEZER_SHORT = {"a wild card": N_("wild card"), "a red three": N_("red three"), "a black three": N_("black three")}


def _frozen_short(p: RuleProfile) -> str:
    return gettext("%(cards)s in it: natural pair", cards=list_words([gettext(_FREEZER_SHORT[f]) for f in _freezers(p)], "and", current_locale()))


def _frozen_sentence(p: RuleProfile) -> str:
    text = gettext("A pile with %(cards)s anywhere in it is frozen: it can only be taken with two natural cards matching the "
             "top card.", cards=list_words([gettext(f) for f in _freezers(p)], "or", current_locale()))
    if not p.red_three_freezes_pile:
        text += " " + gettext("A red three that was covered by later cards does not freeze it.")
    return text + " " + gettext("A pile with a wild card or a three on top cannot be taken at all.")


def _existing_short(p: RuleProfile) -> str:
    if p.pile_existing_meld_max is None:
        return gettext("any size")
    return gettext("fewer than %(cards)s cards", cards=num(p.pile_existing_meld_max + 1))


def _existing_sentence(p: RuleProfile) -> str:
    if p.pile_existing_meld_max is None:
        return gettext("A pair taken with the top card may join the side's meld of that rank whatever its size.")
    return gettext("A pair taken with the top card may join the side's meld of that rank only while it has fewer than "
             "%(cards)s.", cards=count(p.pile_existing_meld_max + 1, CARDS))


def _above_wild_short(p: RuleProfile) -> str:
    if p.pile_take_count:
        return gettext("the top %(cards)s cards", cards=num(p.pile_take_count))
    return gettext("only the cards above the wild") if p.only_cards_above_wild else gettext("the whole pile")


def _above_wild_sentence(p: RuleProfile) -> str:
    if p.only_cards_above_wild:
        return gettext("Once a wild card has been discarded, whoever takes the pile later gets only the cards above it.")
    if p.pile_take_count:
        return gettext("Whoever takes the pile gets only its top %(cards)s, the top card included; the rest stays.",
                 cards=count(p.pile_take_count, CARDS))
    return gettext("Whoever takes the pile takes all of it.")


def _one_card_short(p: RuleProfile) -> str:
    return gettext("not allowed") if p.one_card_pile_ban else gettext("allowed")


def _one_card_sentence(p: RuleProfile) -> str:
    if p.one_card_pile_ban:
        return gettext("A player holding a single card may not take a pile of only one card.")
    return gettext("Nothing stops a player holding a single card from taking a one-card pile.")


PILE_ROWS: tuple[Aspect, ...] = (
    Aspect("pile", N_("Before the side has opened"), "pile", _before_open_short, _before_open_sentence),
    Aspect("pile", N_("Ways to take an unfrozen pile"), "pile", _ways_short, _ways_sentence),
    Aspect("pile", N_("A frozen pile"), "frozen", _frozen_short, _frozen_sentence),
    Aspect("pile", N_("Taking a pair to a meld on the table"), "pile", _existing_short, _existing_sentence),
    Aspect("pile", N_("What the taker gets"), "frozen", _above_wild_short, _above_wild_sentence),
    Aspect("pile", N_("One-card pile with one card in hand"), "one_card_pile", _one_card_short, _one_card_sentence),
)

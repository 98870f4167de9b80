"""The rules pages' rows on a side's first meld of a deal: the minimum it must count, who must reach it, whether
pile cards count toward it, when a finished canasta or going out concealed excuses it, and the meld of natural cards
it may need. Rows of ``explain_rows.ASPECTS``."""
from __future__ import annotations

from .explain_words import Aspect, NATURAL_CARDS, count, num
# Worded while the rules page is made, in its reader's language (explain.py): words now, not facts.
from .i18n import N_, gettext
from .profiles import RuleProfile


def _minimum_bands(p: RuleProfile) -> list[tuple[str, int]]:
    bands = [(gettext("below 0"), p.minimum_below_zero)]
    table = list(p.minimum_table)
    for i, (bound, minimum) in enumerate(table):
        if i + 1 < len(table):
            bands.append((gettext("%(low)s to %(high)s", low=num(bound), high=num(table[i + 1][0] - 5)), minimum))
        else:
            bands.append((gettext("%(low)s or more", low=num(bound)), minimum))
    return bands


def _minimum_short(p: RuleProfile) -> str:
    if p.minimum_by_deal:
        return gettext("by deal: %(minimums)s", minimums=" / ".join(num(m) for m in p.minimum_by_deal))
    return " · ".join(gettext("%(band)s: %(minimum)s", band=band, minimum=num(minimum) if minimum else gettext("none"))
                      for band, minimum in _minimum_bands(p))


def _minimum_sentence(p: RuleProfile) -> str:
    if p.minimum_by_deal:
        return gettext("A side's first meld of each deal must count at least a minimum that follows the deal number, not "
                 "the total: %(minimums)s for deals one, two, three and so on, the last of them for every later "
                 "deal. Only the cards' values count toward it, never a bonus.",
                 minimums=", ".join(num(m) for m in p.minimum_by_deal))
    bands = "; ".join(gettext("%(band)s, %(minimum)s points", band=band, minimum=num(minimum)) if minimum
                      else gettext("%(band)s, no minimum", band=band) for band, minimum in _minimum_bands(p))
    return gettext("A side's first meld of each deal must count at least a minimum that depends on its total before the "
             "deal: %(bands)s. Only the cards' values count toward it, never a bonus.", bands=bands)


def _per_player_short(p: RuleProfile) -> str:
    return gettext("each player") if p.opening_per_player else gettext("the side, once")


def _per_player_sentence(p: RuleProfile) -> str:
    if p.opening_per_player:
        return gettext("Each player's own first meld of the deal must reach the minimum.")
    return gettext("The minimum applies once, to the side's first meld; after that both partners meld freely.")


def _counts_short(p: RuleProfile) -> str:
    top = gettext("top card counts") if p.top_discard_counts_for_minimum else gettext("top card does not count")
    if p.pair_only_pickup_counts:
        return top
    return gettext("%(top)s; pair + top card alone counts nothing", top=top)


def _counts_sentence(p: RuleProfile) -> str:
    if p.top_discard_counts_for_minimum:
        text = gettext("When the opening is made by taking the pile, the top card counts toward the minimum; the other "
                 "cards of the pile never do.")
    else:
        text = gettext("When the opening is made by taking the pile, only cards from the hand count toward the minimum; no "
                 "card of the pile does, not even the top one.")
    if not p.pair_only_pickup_counts:
        text += " " + gettext("A pair shown with the top card counts nothing unless a third card from the hand joins that "
                        "meld.")
    return text


_WAIVE_SHORT = {"none": N_("never"), "natural": N_("a natural canasta"), "any": N_("any canasta")}


def _waive_sentence(p: RuleProfile) -> str:
    if p.complete_canasta_waives == "none":
        return gettext("Laying down a whole canasta does not excuse the side from the minimum.")
    if p.complete_canasta_waives == "natural":
        return gettext("An opening that lays down a natural canasta needs no minimum.")
    if not p.canasta_waiver_with_pile:
        return gettext("An opening that lays down a complete canasta of any kind needs no minimum, unless the canasta was "
                 "made with the pile.")
    return gettext("An opening that lays down a complete canasta of any kind needs no minimum.")


def _concealed_min_short(p: RuleProfile) -> str:
    return gettext("exempt after drawing from the stock") if p.concealed_exempt_from_minimum else gettext("must still reach it")


def _concealed_min_sentence(p: RuleProfile) -> str:
    if p.concealed_exempt_from_minimum:
        return gettext("A player who goes out concealed after drawing from the stock, before the side has opened, need not "
                 "reach the minimum, provided a canasta is among the melds laid down.")
    return gettext("A player who goes out concealed still has to reach the side's minimum.")


def _pure_short(p: RuleProfile) -> str:
    if not p.opening_requires_pure_meld:
        return gettext("not required")
    if p.wild_meld_may_open_alone:
        return gettext("≥ %(cards)s naturals, no wilds (or a wild-card meld alone)", cards=num(p.pure_meld_min_cards))
    return gettext("≥ %(cards)s naturals, no wilds", cards=num(p.pure_meld_min_cards))


def _pure_sentence(p: RuleProfile) -> str:
    if not p.opening_requires_pure_meld:
        return gettext("The opening may use wild cards freely; no meld of natural cards alone is required.")
    text = gettext("The opening must include a meld of at least %(cards)s of one rank from the hand, with no wild card",
             cards=count(p.pure_meld_min_cards, NATURAL_CARDS))
    if p.wild_meld_may_open_alone:
        text += gettext("; a meld of wild cards only may open on its own instead")
    if p.complete_canasta_waives == "natural":
        text += gettext("; a natural canasta satisfies both the count and this rule")
    return text + "."


OPENING_ROWS: tuple[Aspect, ...] = (
    Aspect("initial_meld", N_("Minimum by total before the deal"), "minimum", _minimum_short, _minimum_sentence),
    Aspect("initial_meld", N_("Who must reach it"), "minimum", _per_player_short, _per_player_sentence),
    Aspect("initial_meld", N_("Pile cards toward the minimum"), "top_discard", _counts_short, _counts_sentence),
    Aspect("initial_meld", N_("A finished canasta in the opening"), "minimum",
           lambda p: gettext(_WAIVE_SHORT[p.complete_canasta_waives]), _waive_sentence),
    Aspect("initial_meld", N_("Going out concealed"), "concealed", _concealed_min_short, _concealed_min_sentence),
    Aspect("initial_meld", N_("Meld of natural cards in the opening"), "opening", _pure_short, _pure_sentence),
)

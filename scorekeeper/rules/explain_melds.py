"""The rules pages' rows on melds and canastas: a meld's size, its natural and wild cards, melds of wild cards
only, sequences, one meld per rank, the rule of five, sevens and aces; then a canasta's size, kinds and bonuses,
what may still join a finished one and whether its rank closes. Rows of ``explain_rows.ASPECTS``."""
from __future__ import annotations

from .explain_words import Aspect, CARDS, NATURAL_CARDS, NUMBER_WORDS, WILD_CARDS, count, num
# Worded while the rules page is made, in its reader's language (explain.py): words now, not facts.
from .i18n import N_, gettext, gettext_plural
from .profiles import RuleProfile


def _min_size_short(p: RuleProfile) -> str:
    return gettext_plural("%(num)s card", "%(num)s cards", p.min_meld_size, num=num(p.min_meld_size))


def _min_size_sentence(p: RuleProfile) -> str:
    if p.sequences:
        return gettext("A meld is a set of at least %(cards)s of one rank, or a sequence of one suit (below).",
                 cards=count(p.min_meld_size, CARDS))
    return gettext("A meld is a set of at least %(cards)s of one rank; cards in a run of different ranks do not make a meld.",
             cards=count(p.min_meld_size, CARDS))


def _sequences_short(p: RuleProfile) -> str:
    if not p.sequences:
        return gettext("not melded")
    return gettext("%(low)s to %(high)s cards of one suit, no wild card", low=num(p.min_meld_size), high=num(p.canasta_size))


def _sequences_sentence(p: RuleProfile) -> str:
    if not p.sequences:
        return gettext("Sequences of one suit are not melded.")
    return gettext("A side may also meld a sequence of %(low)s to %(high)s cards of one suit in order, four low and ace "
             "high, with no wild card and no three. The top card of the pile may go onto a sequence on the table by "
             "itself, but it never starts one, nor joins one together with cards from the hand.",
             low=gettext(NUMBER_WORDS[p.min_meld_size]) if p.min_meld_size in NUMBER_WORDS else num(p.min_meld_size),
             high=gettext(NUMBER_WORDS[p.canasta_size]) if p.canasta_size in NUMBER_WORDS else num(p.canasta_size))


def _max_size_short(p: RuleProfile) -> str:
    if p.max_meld_size is None:
        return gettext("no limit")
    return gettext_plural("%(num)s card", "%(num)s cards", p.max_meld_size, num=num(p.max_meld_size))


def _max_size_sentence(p: RuleProfile) -> str:
    if p.max_meld_size is None:
        return gettext("A meld may keep growing: there is no largest size.")
    return gettext("A meld never holds more than %(cards)s.", cards=count(p.max_meld_size, CARDS))


def _mix_short(p: RuleProfile) -> str:
    return gettext("≥ %(naturals)s natural, ≤ %(wilds)s wild", naturals=num(p.min_naturals), wilds=num(p.max_wilds))


def _mix_sentence(p: RuleProfile) -> str:
    return gettext("Each meld needs at least %(naturals)s and may hold at most %(wilds)s.",
             naturals=count(p.min_naturals, NATURAL_CARDS), wilds=count(p.max_wilds, WILD_CARDS))


_RATIO_SHORT = {
    "none": N_("no ratio rule"),
    "not_more_wilds": N_("wild ≤ natural"),
    "more_naturals": N_("natural > wild"),
}


def _ratio_sentence(p: RuleProfile) -> str:
    if p.wild_ratio == "none":
        if p.max_wilds > p.min_naturals:
            return gettext("Beyond those limits there is no rule on the balance of wild and natural cards, so %(naturals)s "
                     "may carry %(wilds)s.", naturals=count(p.min_naturals, NATURAL_CARDS),
                     wilds=count(p.max_wilds, WILD_CARDS))
        return gettext("Beyond those limits there is no rule on the balance of wild and natural cards.")
    if p.wild_ratio == "not_more_wilds":
        return gettext("A meld never has more wild cards than natural cards; an equal number is fine.")
    return gettext("Every meld must have more natural cards than wild cards; an equal number is not enough.")


def _all_wild_short(p: RuleProfile) -> str:
    if not p.all_wild_melds:
        return gettext("not allowed")
    if p.wild_meld_blocks_other_wilds:
        return gettext("allowed; no wilds elsewhere until finished")
    return gettext("allowed")


def _all_wild_sentence(p: RuleProfile) -> str:
    if not p.all_wild_melds:
        return gettext("Wild cards are never melded on their own: every meld has natural cards in it.")
    if p.max_meld_size is not None:
        size = gettext("%(low)s to %(high)s cards", low=num(p.min_meld_size), high=num(p.max_meld_size))
    else:
        size = gettext("at least %(low)s cards", low=num(p.min_meld_size))
    text = gettext("A meld made only of twos and jokers is allowed (%(size)s).", size=size)
    if p.wild_meld_blocks_other_wilds:
        text += " " + gettext("While such a meld is unfinished, the side may not put wild cards on any other meld.")
    return text


def _per_rank_short(p: RuleProfile) -> str:
    return gettext("one per rank") if p.one_meld_per_rank else gettext("several allowed")


def _per_rank_sentence(p: RuleProfile) -> str:
    if p.one_meld_per_rank:
        return gettext("A side keeps a single meld of each rank; more cards of that rank are added to it.")
    return gettext("A side may lay a second, separate meld of a rank it already has.")


def _five_short(p: RuleProfile) -> str:
    if p.rule_of_five:
        return gettext("on (%(naturals)s naturals)", naturals=num(p.rule_of_five_naturals))
    return gettext("off")


def _five_sentence(p: RuleProfile) -> str:
    if p.rule_of_five:
        return gettext("After the opening, a wild card may only join a meld that already holds %(naturals)s.",
                 naturals=count(p.rule_of_five_naturals, NATURAL_CARDS))
    return gettext("After the opening, wild cards may join any meld within the limits above.")


def _sevens_aces_short(p: RuleProfile) -> str:
    parts = []
    if p.sevens_no_wilds:
        parts.append(gettext("sevens: no wilds"))
    if p.aces_wilds_only_at_opening:
        parts.append(gettext("aces: wilds only in the opening"))
    return "; ".join(parts) or gettext("like any other rank")


def _sevens_aces_sentence(p: RuleProfile) -> str:
    parts = []
    if p.sevens_no_wilds:
        parts.append(gettext("Sevens are always melded without wild cards."))
    if p.aces_wilds_only_at_opening:
        parts.append(gettext("Aces take wild cards only in the side's opening; otherwise they are melded without them."))
    return " ".join(parts) or gettext("Sevens and aces follow the same meld rules as every other rank.")


def _canasta_size_short(p: RuleProfile) -> str:
    if p.max_meld_size == p.canasta_size:
        return gettext("exactly %(size)s cards", size=num(p.canasta_size))
    if p.canasta_name == "book":
        return gettext("%(size)s or more cards: a book", size=num(p.canasta_size))
    return gettext("%(size)s or more cards", size=num(p.canasta_size))


def _canasta_size_sentence(p: RuleProfile) -> str:
    if p.max_meld_size == p.canasta_size:
        return gettext("A meld becomes a canasta when it reaches exactly %(cards)s.", cards=count(p.canasta_size, CARDS))
    if p.canasta_name == "book":
        return gettext("A meld of %(cards)s or more is a book: these rules' word for a canasta.",
                 cards=count(p.canasta_size, CARDS))
    return gettext("A meld of %(cards)s or more is a canasta.", cards=count(p.canasta_size, CARDS))


#: Each kind of canasta: its short name (the comparison) and its name with what makes it (a profile's page).
_KIND_NAMES = {
    "natural": (N_("natural"), N_("natural (no wild card)")),
    "mixed": (N_("mixed"), N_("mixed (with wild cards)")),
    "sevens": (N_("sevens"), N_("sevens")),
    "aces": (N_("aces without wild cards"), N_("aces without wild cards")),
    "wild_twos": (N_("seven twos"), N_("seven twos")),
    "wild_jokers": (N_("four jokers with three twos"), N_("four jokers with three twos")),
    "wild": (N_("any other all-wild"), N_("any other all-wild")),
    "samba": (N_("samba"), N_("samba (a sequence of seven)")),
    "escalera": (N_("escalera"), N_("escalera (a sequence of seven)")),
    "bolivia": (N_("bolivia"), N_("bolivia (seven wild cards)")),
}
#: The same where the rules call canastas books (Hand and Foot).
_BOOK_NAMES = {
    "natural": (N_("clean"), N_("clean book (no wild card)")),
    "mixed": (N_("dirty"), N_("dirty book (with wild cards)")),
    "wild": (N_("wild cards"), N_("wild-card book (seven wild cards)")),
}


def _kind_name(p: RuleProfile, kind: str, which: int) -> str:
    names = _BOOK_NAMES if p.canasta_name == "book" and kind in _BOOK_NAMES else _KIND_NAMES
    return gettext(names[kind][which])


def _kinds_short(p: RuleProfile) -> str:
    return " · ".join(f"{_kind_name(p, k, 0)} {num(p.canasta_bonus(k))}" for k in p.canasta_kinds)


def _kinds_sentence(p: RuleProfile) -> str:
    kinds = "; ".join(f"{_kind_name(p, k, 1)} {num(p.canasta_bonus(k))}" for k in p.canasta_kinds)
    if p.canasta_name == "book":
        return gettext("Book bonuses: %(kinds)s. A dirty book holds at least %(naturals)s.", kinds=kinds,
                 naturals=count(p.canasta_size - p.max_wilds, NATURAL_CARDS))
    return gettext("Canasta bonuses: %(kinds)s. A mixed canasta holds at least %(naturals)s.", kinds=kinds,
             naturals=count(p.canasta_size - p.max_wilds, NATURAL_CARDS))


_CAP_SHORT = {"unlimited": N_("any number of wilds"), "three": N_("up to three wilds in all"), "closed": N_("closed"),
              "naturals_only": N_("natural cards only")}


def _closed_kinds(p: RuleProfile) -> str:
    return gettext(" or ").join(gettext(_KIND_NAMES[k][0]) for k in p.closed_canasta_kinds)


def _cap_short(p: RuleProfile) -> str:
    text = gettext(_CAP_SHORT[p.wild_cap_after_canasta])
    if p.closed_canasta_kinds:
        return gettext("%(text)s; a finished %(kinds)s: closed", text=text, kinds=_closed_kinds(p))
    return text


def _cap_sentence(p: RuleProfile) -> str:
    text = _cap_rule(p)
    if p.closed_canasta_kinds:
        text += " " + gettext("A finished %(kinds)s is closed: nothing more may be added to it.", kinds=_closed_kinds(p))
    return text


def _cap_rule(p: RuleProfile) -> str:
    if p.wild_cap_after_canasta == "naturals_only":
        return gettext("A finished canasta still takes natural cards of its rank, but no more wild cards.")
    if p.wild_cap_after_canasta == "unlimited":
        return gettext("Once a canasta is made, more cards of its rank and any number of further wild cards may join it; a "
                 "natural canasta that takes a wild card scores as mixed.")
    if p.wild_cap_after_canasta == "three":
        return gettext("A finished canasta still takes cards of its rank, but never more than %(wilds)s in all; a natural "
                 "canasta that takes a wild card scores as mixed.", wilds=count(p.max_wilds, WILD_CARDS))
    return gettext("A finished canasta is closed: nothing more may be added to it.")


def _dead_short(p: RuleProfile) -> str:
    return gettext("closed for both sides") if p.dead_ranks else gettext("stays open")


def _dead_sentence(p: RuleProfile) -> str:
    if p.dead_ranks:
        return gettext("When a canasta of a rank is finished, that rank is closed: nobody may meld it again, and its cards "
                 "are safe to discard.")
    return gettext("Finishing a canasta does not stop anyone from melding that rank.")


MELD_ROWS: tuple[Aspect, ...] = (
    Aspect("melds", N_("Smallest meld"), "melds", _min_size_short, _min_size_sentence),
    Aspect("melds", N_("Largest meld"), "melds", _max_size_short, _max_size_sentence),
    Aspect("melds", N_("Natural and wild cards in a meld"), "melds", _mix_short, _mix_sentence),
    Aspect("melds", N_("Wild cards against natural cards"), "melds", lambda p: gettext(_RATIO_SHORT[p.wild_ratio]),
           _ratio_sentence),
    Aspect("melds", N_("Melds of wild cards only"), "wild_meld", _all_wild_short, _all_wild_sentence),
    Aspect("melds", N_("Sequences"), "sequences", _sequences_short, _sequences_sentence),
    Aspect("melds", N_("Melds of the same rank"), "melds", _per_rank_short, _per_rank_sentence),
    Aspect("melds", N_("Rule of five"), "rule_of_five", _five_short, _five_sentence),
    Aspect("melds", N_("Sevens and aces"), "sevens_aces", _sevens_aces_short, _sevens_aces_sentence),
)

CANASTA_ROWS: tuple[Aspect, ...] = (
    Aspect("canastas", N_("Size of a canasta"), "canastas", _canasta_size_short, _canasta_size_sentence),
    Aspect("canastas", N_("Kinds and bonuses"), "canastas", _kinds_short, _kinds_sentence),
    Aspect("canastas", N_("Adding to a finished canasta"), "canastas",
           _cap_short, _cap_sentence),
    Aspect("canastas", N_("Rank of a finished canasta"), "canastas", _dead_short, _dead_sentence),
)

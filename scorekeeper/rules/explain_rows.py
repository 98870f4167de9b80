"""The rows of the rules pages: one per point of comparison, each worded from the profile's fields.

A declarative table (docs/DEVELOPING.md, "Declarative tables"): ``ASPECTS`` lists every point with its topic,
label, source key and the two small functions that word it (a short value for the comparison, a sentence for a
profile's own page). ``explain.py`` turns these rows into pages.

Every word goes through the catalogue (``i18n.py``): a whole sentence is one message with named values, never
pieces glued together; a count with its noun is a plural pair (``Nn_``) chosen by the language's own rule, the
number written as a word up to eight; labels and names kept as data are marked ``N_()`` and translated where used.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

# Worded while the rules page is made, in its reader's language (explain.py): words now, not facts.
from .i18n import N_, Nn_, current_locale, list_words, number
from .i18n import gettext
from .i18n import gettext_plural
from .profiles import RuleProfile


def num(n: int) -> str:
    """A number of points written for reading, by the reader's locale: ``5,000`` (English), ``5000`` (Spanish)."""
    return number(n) if isinstance(n, (int, float)) else str(n)


_WORDS = {1: N_("one"), 2: N_("two"), 3: N_("three"), 4: N_("four"), 5: N_("five"), 6: N_("six"), 7: N_("seven"),
          8: N_("eight")}

CARDS = Nn_("%(num)s card", "%(num)s cards")
NATURAL_CARDS = Nn_("%(num)s natural card", "%(num)s natural cards")
WILD_CARDS = Nn_("%(num)s wild card", "%(num)s wild cards")
CANASTAS = Nn_("%(num)s canasta", "%(num)s canastas")
PLAYERS = Nn_("%(num)s player", "%(num)s players")


def count(n: int, forms: tuple[str, str]) -> str:
    """``three cards``: ``n`` in words up to eight, with its noun in the singular or plural the language asks for."""
    return gettext_plural(*forms, n, num=gettext(_WORDS[n]) if n in _WORDS else num(n))


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


# ----------------------------------------------------------------------------------------------
# The points, each as (topic, label, source key, short value, sentence)
# ----------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class _Aspect:
    topic: str
    label: str  # marked N_(): explain.py translates it
    key: str
    short: Callable[[RuleProfile], str]
    sentence: Callable[[RuleProfile], str]


def _values_short(p: RuleProfile) -> str:
    if p.eight_nine_points != p.high_points:
        return gettext("joker %(joker)s · two %(two)s · ace %(ace)s · K to 10 %(high)s · 9 and 8 %(nine)s · 7 to 4 %(low)s",
                 joker=num(p.joker_points), two=num(p.two_points), ace=num(p.ace_points), high=num(p.high_points),
                 nine=num(p.eight_nine_points), low=num(p.low_points))
    return gettext("joker %(joker)s · two %(two)s · ace %(ace)s · K to 8 %(high)s · 7 to 4 %(low)s",
             joker=num(p.joker_points), two=num(p.two_points), ace=num(p.ace_points), high=num(p.high_points),
             low=num(p.low_points))


def _values_sentence(p: RuleProfile) -> str:
    if p.eight_nine_points != p.high_points:
        return gettext("A joker is worth %(joker)s, a two %(two)s, an ace %(ace)s, each king, queen, jack and ten %(high)s, "
                 "each nine and eight %(nine)s, and each seven, six, five and four %(low)s. Cards in melds count for "
                 "the side at the end of a deal; cards still in a hand count against it.", joker=num(p.joker_points),
                 two=num(p.two_points), ace=num(p.ace_points), high=num(p.high_points),
                 nine=num(p.eight_nine_points), low=num(p.low_points))
    return gettext("A joker is worth %(joker)s, a two %(two)s, an ace %(ace)s, each king, queen, jack, ten, nine and eight "
             "%(high)s, and each seven, six, five and four %(low)s. Cards in melds count for the side at the end of a "
             "deal; cards still in a hand count against it.", joker=num(p.joker_points), two=num(p.two_points),
             ace=num(p.ace_points), high=num(p.high_points), low=num(p.low_points))


def _threes_in_hand_short(p: RuleProfile) -> str:
    if p.threes_scoring == "per_colour" and p.red_three_in_hand_points == p.black_three_points:
        return gettext("any three stuck in a hand: −%(points)s", points=num(p.black_three_points))
    return gettext("black three in hand: −%(black)s · red three in hand: −%(red)s", black=num(p.black_three_points),
             red=num(p.red_three_in_hand_points))


def _red_in_hand_clause(p: RuleProfile) -> str:
    if p.red_three_in_hand_points:
        return gettext("a red three still in a hand costs %(points)s", points=num(p.red_three_in_hand_points))
    return gettext("a red three listed in a hand counts nothing there (it belongs face up in front of the side)")


def _threes_in_hand_sentence(p: RuleProfile) -> str:
    if p.threes_scoring == "per_colour":
        if p.red_three_in_hand_points == p.black_three_points:
            return gettext("Threes of both colours are bonus cards laid out in front of the side; a three that is still "
                     "in a hand when the deal ends costs %(points)s.", points=num(p.black_three_points))
        return gettext("Threes of both colours are bonus cards laid out in front of the side; when the deal ends a black "
                 "three still in a hand costs %(black)s, and %(red)s.", black=num(p.black_three_points),
                 red=_red_in_hand_clause(p))
    if p.black_threes_in_hand_apart:
        return gettext("A black three caught in a hand when the deal ends costs %(black)s, counted on its own beside the "
                 "other cards left in hand; %(red)s.", black=num(p.black_three_points), red=_red_in_hand_clause(p))
    return gettext("A black three caught in a hand when the deal ends costs %(black)s; %(red)s.",
             black=num(p.black_three_points), red=_red_in_hand_clause(p))


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
             low=gettext(_WORDS[p.min_meld_size]) if p.min_meld_size in _WORDS else num(p.min_meld_size),
             high=gettext(_WORDS[p.canasta_size]) if p.canasta_size in _WORDS else num(p.canasta_size))


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


def _red_short(p: RuleProfile) -> str:
    if p.threes_scoring == "per_colour":
        return gettext("per colour: 1–4 threes = %(table)s", table="/".join(num(v) for v in p.threes_table[1:]))
    if p.packs == 3:
        return gettext("%(each)s each up to four; five %(five)s; six %(six)s", each=num(p.red_three_bonus),
                 five=num(p.five_red_threes_bonus), six=num(p.six_red_threes_bonus))
    if p.packs > 3:
        return gettext("%(each)s each", each=num(p.red_three_bonus))
    return gettext("%(each)s each; all four %(four)s", each=num(p.red_three_bonus), four=num(p.all_four_red_threes_bonus))


def _red_sentence(p: RuleProfile) -> str:
    if p.threes_scoring == "per_colour":
        t = p.threes_table
        return gettext("Red and black threes are counted separately, each colour scoring %(one)s for one, %(two)s for two, "
                 "%(three)s for three and %(four)s for all four.", one=num(t[1]), two=num(t[2]), three=num(t[3]),
                 four=num(t[4]))
    if p.packs == 3:
        return gettext("With three packs there are six red threes: each scores %(each)s up to four; a side holding five "
                 "scores %(five)s for them, and all six %(six)s.", each=num(p.red_three_bonus),
                 five=num(p.five_red_threes_bonus), six=num(p.six_red_threes_bonus))
    if p.packs > 3:
        return gettext("With %(packs)s packs there are %(reds)s red threes; each one laid out scores %(each)s.",
                 packs=num(p.packs), reds=num(p.red_threes_in_pack), each=num(p.red_three_bonus))
    return gettext("Each red three laid out scores %(each)s; a side holding all four scores %(four)s for them.",
             each=num(p.red_three_bonus), four=num(p.all_four_red_threes_bonus))


def _red_minus_short(p: RuleProfile) -> str:
    if p.threes_sign_by == "going_out_canastas":
        return gettext("minus until the side has the canastas to go out")
    if p.threes_sign_by == "canastas":
        return gettext("no canasta: minus · one: zero · two+: plus")
    if not p.red_threes_negative_without_meld:
        return gettext("always plus")
    if p.threes_scoring == "per_colour" or p.red_threes_in_pack != 4:
        return gettext("minus without a meld")
    return gettext("minus without a meld (four: −%(four)s)", four=num(p.red_threes_value(4, against=True)))


def _red_minus_sentence(p: RuleProfile) -> str:
    per_colour = p.threes_scoring == "per_colour"
    if p.threes_sign_by == "going_out_canastas":
        return gettext("Red threes count for the side only once it has the canastas it needs to go out; a side without "
                 "them at the end of the deal loses what its red threes would have scored.")
    if p.threes_sign_by == "canastas":
        if per_colour:
            return gettext("The threes count for the side only if it has two canastas or more; with exactly one canasta "
                     "they count nothing, and with none they count against it.")
        return gettext("Red threes count for the side only if it has two canastas or more; with exactly one canasta they "
                 "count nothing, and with none they count against it.")
    if not p.red_threes_negative_without_meld:
        if per_colour:
            return gettext("The threes always count for the side, even if it melded nothing.")
        return gettext("Red threes always count for the side, even if it melded nothing.")
    if per_colour:
        return gettext("A side that melded nothing in the deal loses the value of its threes instead of gaining it.")
    if p.red_threes_in_pack > 4:
        return gettext("A side that melded nothing in the deal loses its red threes instead of gaining them: four then "
                 "cost %(four)s, five %(five)s and all six %(six)s.",
                 four=num(p.red_threes_value(4, against=True)), five=num(p.red_threes_value(5, against=True)),
                 six=num(p.red_threes_value(6, against=True)))
    return gettext("A side that melded nothing in the deal loses its red threes instead of gaining them; all four then cost "
             "%(four)s.", four=num(p.red_threes_value(4, against=True)))


def _black_meld_short(p: RuleProfile) -> str:
    if p.black_threes_meld == "never":
        return gettext("never (bonus cards)") if p.threes_scoring == "per_colour" else gettext("never")
    if p.black_three_melds_without_wilds:
        return gettext("only when going out, no wilds")
    return gettext("only when going out")


def _black_meld_sentence(p: RuleProfile) -> str:
    if p.black_threes_meld == "never":
        if p.threes_scoring == "per_colour":
            return gettext("Black threes are never melded; like red ones they are laid out as bonus cards.")
        return gettext("Black threes are never melded: they can only be discarded.")
    if p.black_three_melds_without_wilds:
        text = gettext("Black threes may be melded only by a player going out in that turn, as three or four black threes "
                 "with no wild card.")
    else:
        text = gettext("Black threes may be melded only by a player going out in that turn; wild cards may join them within "
                 "the usual limits.")
    if p.black_three_melded_points != p.black_three_points:
        text += " " + gettext("Each black three melded that way counts %(points)s.", points=num(p.black_three_melded_points))
    return text


_BLACK_EFFECT_SHORT = {
    "freeze": N_("freezes the pile"),
    "block_one_turn": N_("stops the next player only"),
    "not_discarded": N_("never discarded"),
}


def _black_effect_sentence(p: RuleProfile) -> str:
    if p.black_three_effect == "freeze":
        return gettext("A black three discarded on the pile freezes it, just as a wild card does; it must be covered before "
                 "anyone can take the pile.")
    if p.black_three_effect == "block_one_turn":
        return gettext("A black three discarded on the pile only stops the next player from taking it; once another card "
                 "covers it, it has no effect.")
    return gettext("Threes are never discarded, except as the last face-down card of a player going out.")


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


#: A count of canastas of one kind, for what going out needs ("two clean books", "one escalera").
_KIND_COUNTS = {
    "natural": Nn_("%(num)s natural canasta", "%(num)s natural canastas"),
    "mixed": Nn_("%(num)s mixed canasta", "%(num)s mixed canastas"),
    "samba": Nn_("%(num)s samba", "%(num)s sambas"),
    "escalera": Nn_("%(num)s escalera", "%(num)s escaleras"),
    "bolivia": Nn_("%(num)s bolivia", "%(num)s bolivias"),
    "wild": Nn_("%(num)s wild-card canasta", "%(num)s wild-card canastas"),
}
_BOOK_COUNTS = {
    "natural": Nn_("%(num)s clean book", "%(num)s clean books"),
    "mixed": Nn_("%(num)s dirty book", "%(num)s dirty books"),
    "wild": Nn_("%(num)s wild-card book", "%(num)s wild-card books"),
}


def _going_out_need(p: RuleProfile) -> str:
    """What going out needs: "two canastas", "two clean books and two dirty books", "two canastas, at least one
    escalera among them"."""
    need = count(p.canastas_to_go_out, CANASTAS)
    if not p.canastas_of_kind_to_go_out:
        return need
    book = p.canasta_name == "book"
    kinds = gettext(" and ").join(count(n, (_BOOK_COUNTS if book and kind in _BOOK_COUNTS else _KIND_COUNTS)[kind])
                            for kind, n in p.canastas_of_kind_to_go_out)
    if sum(n for _kind, n in p.canastas_of_kind_to_go_out) == p.canastas_to_go_out:
        return kinds
    return gettext("%(canastas)s, at least %(kinds)s among them", canastas=need, kinds=kinds)


def _canastas_out_short(p: RuleProfile) -> str:
    need = _going_out_need(p)
    if p.canastas_may_complete_when_going_out:
        return gettext("%(canastas)s; may be finished that turn", canastas=need)
    return gettext("%(canastas)s; already down", canastas=need)


def _canastas_out_sentence(p: RuleProfile) -> str:
    need = _going_out_need(p)
    if p.canastas_may_complete_when_going_out:
        return gettext("A player may go out once the side has %(canastas)s, counting one finished in the going-out turn "
                 "itself.", canastas=need)
    return gettext("A player may go out only if the side already had %(canastas)s on the table before that turn.",
             canastas=need)


def _discard_short(p: RuleProfile) -> str:
    if not p.discard_required_to_go_out:
        return gettext("optional")
    return gettext("required; may be a three or a wild") if p.threes_may_be_last_discard else gettext("required")


def _discard_sentence(p: RuleProfile) -> str:
    if p.discard_required_to_go_out:
        if p.threes_may_be_last_discard:
            return gettext("Going out always ends with one last card discarded face down; that card may even be a three or a "
                     "wild card.")
        return gettext("Going out always ends with one last card discarded face down.")
    if p.threes_may_be_last_discard:
        return gettext("A player may go out with or without a last discard, and that discard may even be a three.")
    return gettext("A player may go out with or without a last discard, but a red three is never discarded.")


def _concealed_short(p: RuleProfile) -> str:
    if not p.concealed_allowed:
        return gettext("no concealed going out")
    terms = [gettext("own canasta needed") if p.concealed_needs_canasta else gettext("no canasta of its own needed")]
    if p.concealed_allows_additions:
        terms.append(gettext("may add to partner's melds"))
    return gettext("+%(bonus)s extra; %(terms)s", bonus=num(p.concealed_extra_bonus), terms=", ".join(terms))


def _concealed_sentence(p: RuleProfile) -> str:
    if not p.concealed_allowed:
        return gettext("There is no concealed going out and no bonus for it.")
    if p.concealed_needs_canasta:
        canasta = gettext("at least one of the melds he lays down that turn must be a canasta")
    else:
        canasta = gettext("those melds need not include a canasta of their own")
    if p.concealed_allows_additions:
        partner = gettext("adding cards to the partner's melds in that turn still counts as concealed")
    else:
        partner = gettext("adding any card to the partner's melds spoils it")
    return gettext("Going out concealed means the player lays down all of his melds at once in the turn he goes out, "
             "having melded nothing earlier in the deal; %(canasta)s, and %(partner)s. It earns %(bonus)s on top of "
             "the going-out bonus.", canasta=canasta, partner=partner, bonus=num(p.concealed_extra_bonus))


def _out_bonus_short(p: RuleProfile) -> str:
    return num(p.going_out_bonus)


def _out_bonus_sentence(p: RuleProfile) -> str:
    return gettext("The side of the player who goes out scores %(bonus)s for it.", bonus=num(p.going_out_bonus))


def _minus_short(p: RuleProfile) -> str:
    return gettext("count minus") if p.melds_count_minus_without_canasta else gettext("count plus")


def _minus_sentence(p: RuleProfile) -> str:
    if p.melds_count_minus_without_canasta:
        return gettext("A side that ends the deal without any canasta loses the value of the cards it melded.")
    return gettext("Melded cards count for the side even if it has no canasta.")


def _unfinished(p: RuleProfile) -> list[tuple[str, int]]:
    """Penalties the score applies by itself when a deal is given card by card."""
    parts = []
    if p.incomplete_sevens_penalty:
        parts.append((gettext("an unfinished meld of sevens"), p.incomplete_sevens_penalty))
    if p.incomplete_aces_penalty:
        what = (gettext("an unfinished meld of aces") if p.incomplete_mixed_aces_penalised
                else gettext("an unfinished meld of aces without wild cards"))
        parts.append((what, p.incomplete_aces_penalty))
    if p.incomplete_wild_penalty:
        parts.append((gettext("an unfinished meld of wild cards"), p.incomplete_wild_penalty))
    if p.sevens_in_hand_penalty:
        parts.append((gettext("three or more sevens left in one hand"), p.sevens_in_hand_penalty))
    if p.aces_in_hand_penalty:
        parts.append((gettext("three or more aces left in one hand"), p.aces_in_hand_penalty))
    return parts


def _unfinished_short(p: RuleProfile) -> str:
    parts = _unfinished(p)
    return " · ".join(f"{what} −{num(points)}" for what, points in parts) if parts else gettext("nothing extra")


def _unfinished_sentence(p: RuleProfile) -> str:
    parts = _unfinished(p)
    if not parts:
        return gettext("Unfinished melds and cards left in a hand cost nothing beyond their own value.")
    return gettext("When a deal is scored card by card, the score charges these by itself, on top of the cards' value: "
             "%(charges)s.", charges="; ".join(f"{what}, {num(points)}" for what, points in parts))


def _penalties_short(p: RuleProfile) -> str:
    if not p.penalties:
        return gettext("no penalties")
    return " · ".join(f"{gettext(pen.label)} −{num(pen.points)}" for pen in p.penalties)


def _penalties_sentence(p: RuleProfile) -> str:
    if not p.penalties:
        return gettext("The document sets no penalties beyond the scoring itself.")
    penalties = "; ".join(gettext("%(penalty)s, minus %(points)s", penalty=gettext(pen.label).lower(), points=num(pen.points))
                          for pen in p.penalties)
    return gettext("Penalties: %(penalties)s.", penalties=penalties)


def _deal_sentence(p: RuleProfile) -> str:
    text = gettext("A side's score for a deal adds its bonuses (canastas, threes, going out) and the value of its melded "
             "cards, then takes off the value of the cards left in its players' hands.")
    if not p.cut_throat:
        return text
    return text + " " + gettext("In cut-throat the lone hand scores alone; the two partners of the deal add up everything "
                          "they score but their red threes, cards left in either hand included, and each receives "
                          "that total plus or minus his own red threes, counted minus when the partnership melded "
                          "nothing.")


def _teams_short(p: RuleProfile) -> str:
    if p.cut_throat:
        return gettext("cut-throat")
    if not p.partnerships:
        return gettext("each alone")
    return {(2, 2): gettext("two partnerships"), (2, 3): gettext("two against three"), (2, 2, 2): gettext("three partnerships"),
            (3, 3): gettext("two teams of three")}[p.side_sizes]


def players_short(p: RuleProfile) -> str:
    text = gettext("%(players)s, %(teams)s", players=num(p.players), teams=_teams_short(p))
    return gettext("%(text)s, one of three sits out", text=text) if p.trio_sits_out else text


def _teams_sentence(p: RuleProfile) -> str:
    players = count(p.players, PLAYERS)
    if p.cut_throat:
        return _capital(gettext("%(players)s play cut-throat: the first to take the pile plays alone for the rest of the "
                          "deal against the other two, who are partners for that deal; if someone goes out before "
                          "anyone took it, he plays alone; if nobody took it, everyone scores alone. Each keeps a "
                          "score of his own and needs the minimum of his own total.", players=players))
    if not p.partnerships:
        return _capital(gettext("%(players)s play, each for themselves.", players=players))
    return {
        (2, 2): _capital(gettext("%(players)s play in partnerships of two, partners sitting opposite.", players=players)),
        (2, 3): _capital(gettext("%(players)s play, two against three.", players=players)),
        (2, 2, 2): _capital(gettext("%(players)s play in three partnerships of two, partners sitting opposite.",
                              players=players)),
        (3, 3): _capital(gettext("%(players)s play in two teams of three, sitting one of each team in turn.",
                           players=players)),
    }[p.side_sizes]


def _players_sentence(p: RuleProfile) -> str:
    text = _teams_sentence(p)
    if p.trio_sits_out:
        text += " " + gettext("Each deal one player of a team of three sits out, in turn, and does not advise.")
    return text


def _dealt_short(p: RuleProfile) -> str:
    if p.foot_cards:
        return gettext("%(cards)s in the hand and %(foot)s in the foot", cards=num(p.cards_dealt), foot=num(p.foot_cards))
    return gettext("%(cards)s each", cards=num(p.cards_dealt))


def _dealt_sentence(p: RuleProfile) -> str:
    if p.foot_cards:
        return gettext("Each player is dealt a hand of %(cards)s and a foot of %(foot)s, from %(packs)s decks with their "
                 "jokers (%(total)s cards). The foot stays face down until the hand is used up; then the player picks "
                 "it up and plays on, and goes out only from the foot.", cards=count(p.cards_dealt, CARDS),
                 foot=count(p.foot_cards, CARDS), packs=num(p.packs), total=num(54 * p.packs))
    if p.packs not in (2, 3):
        return gettext("Each player is dealt %(cards)s from %(packs)s decks with their jokers, %(total)s cards.",
                 cards=count(p.cards_dealt, CARDS), packs=num(p.packs), total=num(54 * p.packs))
    if p.packs == 3:
        return gettext("Each player is dealt %(cards)s from a pack of three decks and six jokers, 162 cards.",
                 cards=count(p.cards_dealt, CARDS))
    return gettext("Each player is dealt %(cards)s from a pack of two decks and four jokers.",
             cards=count(p.cards_dealt, CARDS))


def _draw_short(p: RuleProfile) -> str:
    return count(p.draw, CARDS)


def _draw_sentence(p: RuleProfile) -> str:
    return gettext("A turn begins by drawing %(cards)s from the stock (or taking the pile) and ends with one discard.",
             cards=count(p.draw, CARDS))


def _upcard_sentence(p: RuleProfile) -> str:
    return gettext("The first card of the discard pile: %(how)s.", how=gettext(p.upcard))


def _stock_sentence(p: RuleProfile) -> str:
    return gettext("When the stock runs out: %(what)s.", what=gettext(p.stock_exhaustion))


def _target_short(p: RuleProfile) -> str:
    if p.deals_in_game:
        return gettext_plural("%(num)s deal", "%(num)s deals", p.deals_in_game, num=num(p.deals_in_game))
    return num(p.target)


def _target_sentence(p: RuleProfile) -> str:
    if p.deals_in_game:
        return gettext_plural("A game is %(num)s deal; the side with the most points then wins, and if the leaders are "
                        "level one more deal is played until one leads.",
                        "A game is %(num)s deals; the side with the most points then wins, and if the leaders are "
                        "level one more deal is played until one leads.", p.deals_in_game,
                        num=num(p.deals_in_game))
    return gettext("The game is won by the side that reaches %(target)s points; if both do, the higher total wins.",
             target=num(p.target))


ASPECTS: tuple[_Aspect, ...] = (
    _Aspect("cards", N_("Wild cards"), "wild", lambda p: gettext("jokers and twos"),
            lambda p: gettext("Jokers and twos are wild: they stand in for a natural card in a meld.")),
    _Aspect("cards", N_("Card values"), "card_values", _values_short, _values_sentence),
    _Aspect("cards", N_("A three left in a hand"), "card_values", _threes_in_hand_short, _threes_in_hand_sentence),
    _Aspect("melds", N_("Smallest meld"), "melds", _min_size_short, _min_size_sentence),
    _Aspect("melds", N_("Largest meld"), "melds", _max_size_short, _max_size_sentence),
    _Aspect("melds", N_("Natural and wild cards in a meld"), "melds", _mix_short, _mix_sentence),
    _Aspect("melds", N_("Wild cards against natural cards"), "melds", lambda p: gettext(_RATIO_SHORT[p.wild_ratio]),
            _ratio_sentence),
    _Aspect("melds", N_("Melds of wild cards only"), "wild_meld", _all_wild_short, _all_wild_sentence),
    _Aspect("melds", N_("Sequences"), "sequences", _sequences_short, _sequences_sentence),
    _Aspect("melds", N_("Melds of the same rank"), "melds", _per_rank_short, _per_rank_sentence),
    _Aspect("melds", N_("Rule of five"), "rule_of_five", _five_short, _five_sentence),
    _Aspect("melds", N_("Sevens and aces"), "sevens_aces", _sevens_aces_short, _sevens_aces_sentence),
    _Aspect("canastas", N_("Size of a canasta"), "canastas", _canasta_size_short, _canasta_size_sentence),
    _Aspect("canastas", N_("Kinds and bonuses"), "canastas", _kinds_short, _kinds_sentence),
    _Aspect("canastas", N_("Adding to a finished canasta"), "canastas",
            _cap_short, _cap_sentence),
    _Aspect("canastas", N_("Rank of a finished canasta"), "canastas", _dead_short, _dead_sentence),
    _Aspect("threes", N_("Bonus for threes"), "red_threes", _red_short, _red_sentence),
    _Aspect("threes", N_("When threes count against"), "red_threes", _red_minus_short, _red_minus_sentence),
    _Aspect("threes", N_("Melding black threes"), "black_threes", _black_meld_short, _black_meld_sentence),
    _Aspect("threes", N_("A black three on the pile"), "frozen",
            lambda p: gettext(_BLACK_EFFECT_SHORT[p.black_three_effect]), _black_effect_sentence),
    _Aspect("initial_meld", N_("Minimum by total before the deal"), "minimum", _minimum_short, _minimum_sentence),
    _Aspect("initial_meld", N_("Who must reach it"), "minimum", _per_player_short, _per_player_sentence),
    _Aspect("initial_meld", N_("Pile cards toward the minimum"), "top_discard", _counts_short, _counts_sentence),
    _Aspect("initial_meld", N_("A finished canasta in the opening"), "minimum",
            lambda p: gettext(_WAIVE_SHORT[p.complete_canasta_waives]), _waive_sentence),
    _Aspect("initial_meld", N_("Going out concealed"), "concealed", _concealed_min_short, _concealed_min_sentence),
    _Aspect("initial_meld", N_("Meld of natural cards in the opening"), "opening", _pure_short, _pure_sentence),
    _Aspect("pile", N_("Before the side has opened"), "pile", _before_open_short, _before_open_sentence),
    _Aspect("pile", N_("Ways to take an unfrozen pile"), "pile", _ways_short, _ways_sentence),
    _Aspect("pile", N_("A frozen pile"), "frozen", _frozen_short, _frozen_sentence),
    _Aspect("pile", N_("Taking a pair to a meld on the table"), "pile", _existing_short, _existing_sentence),
    _Aspect("pile", N_("What the taker gets"), "frozen", _above_wild_short, _above_wild_sentence),
    _Aspect("pile", N_("One-card pile with one card in hand"), "one_card_pile", _one_card_short, _one_card_sentence),
    _Aspect("going_out", N_("Canastas needed"), "going_out", _canastas_out_short, _canastas_out_sentence),
    _Aspect("going_out", N_("Last discard"), "going_out", _discard_short, _discard_sentence),
    _Aspect("going_out", N_("Going-out bonus"), "scoring", _out_bonus_short, _out_bonus_sentence),
    _Aspect("going_out", N_("Concealed going out"), "concealed", _concealed_short, _concealed_sentence),
    _Aspect("scoring", N_("A deal's score"), "scoring", lambda p: gettext("bonuses + melded cards − cards in hand"),
            _deal_sentence),
    _Aspect("scoring", N_("Melds of a side without a canasta"), "scoring", _minus_short, _minus_sentence),
    _Aspect("scoring", N_("Unfinished melds and cards kept"), "scoring", _unfinished_short, _unfinished_sentence),
    _Aspect("scoring", N_("Penalties"), "penalties", _penalties_short, _penalties_sentence),
    _Aspect("game", N_("Players"), "players", players_short, _players_sentence),
    _Aspect("game", N_("Cards dealt"), "cards_dealt", _dealt_short, _dealt_sentence),
    _Aspect("game", N_("Cards drawn each turn"), "draw", _draw_short, _draw_sentence),
    _Aspect("game", N_("First card of the pile"), "upcard", lambda p: gettext(p.upcard), _upcard_sentence),
    _Aspect("game", N_("When the stock runs out"), "stock", lambda p: gettext(p.stock_exhaustion), _stock_sentence),
    _Aspect("game", N_("Game target"), "target", _target_short, _target_sentence),
)

"""The rules pages' rows on the cards and the threes: what each card is worth, what a three costs when it is
left in a hand, what threes score laid out and when they count against, and what a black three may do (melded, or
discarded on the pile). Rows of ``explain_rows.ASPECTS``."""
from __future__ import annotations

from .explain_words import Aspect, num
# Worded while the rules page is made, in its reader's language (explain.py): words now, not facts.
from .i18n import N_, gettext
from .profiles import RuleProfile


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


CARD_ROWS: tuple[Aspect, ...] = (
    Aspect("cards", N_("Wild cards"), "wild", lambda p: gettext("jokers and twos"),
           lambda p: gettext("Jokers and twos are wild: they stand in for a natural card in a meld.")),
    Aspect("cards", N_("Card values"), "card_values", _values_short, _values_sentence),
    Aspect("cards", N_("A three left in a hand"), "card_values", _threes_in_hand_short, _threes_in_hand_sentence),
)

THREE_ROWS: tuple[Aspect, ...] = (
    Aspect("threes", N_("Bonus for threes"), "red_threes", _red_short, _red_sentence),
    Aspect("threes", N_("When threes count against"), "red_threes", _red_minus_short, _red_minus_sentence),
    Aspect("threes", N_("Melding black threes"), "black_threes", _black_meld_short, _black_meld_sentence),
    Aspect("threes", N_("A black three on the pile"), "frozen",
           lambda p: gettext(_BLACK_EFFECT_SHORT[p.black_three_effect]), _black_effect_sentence),
)

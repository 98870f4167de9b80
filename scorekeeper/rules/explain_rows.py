"""The rows of the rules pages: one per point of comparison, each worded from the profile's fields.

A declarative table (docs/DEVELOPING.md, "Declarative tables"): ``ASPECTS`` lists every point with its topic,
label, source key and the two small functions that word it (a short value for the comparison, a sentence for a
profile's own page). ``explain.py`` turns these rows into pages.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .profiles import RuleProfile


def num(n: int) -> str:
    """A number of points written for reading: ``5,000``."""
    return f"{n:,}"


def count(n: int, one: str, many: str | None = None) -> str:
    words = {0: "no", 1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}
    return f"{words.get(n, str(n))} {one if n == 1 else (many or one + 's')}"


# ----------------------------------------------------------------------------------------------
# The points, each as (topic, label, source key, short value, sentence)
# ----------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class _Aspect:
    topic: str
    label: str
    key: str
    short: Callable[[RuleProfile], str]
    sentence: Callable[[RuleProfile], str]


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


def _values_short(p: RuleProfile) -> str:
    return (f"joker {p.joker_points} · two {p.two_points} · ace {p.ace_points} · K to 8 {p.high_points} · "
            f"7 to 4 {p.low_points}")


def _values_sentence(p: RuleProfile) -> str:
    return (f"A joker is worth {p.joker_points}, a two {p.two_points}, an ace {p.ace_points}, each king, queen, "
            f"jack, ten, nine and eight {p.high_points}, and each seven, six, five and four {p.low_points}. "
            "Cards in melds count for the side at the end of a deal; cards still in a hand count against it.")


def _threes_in_hand_short(p: RuleProfile) -> str:
    if p.threes_scoring == "per_colour" and p.red_three_in_hand_points == p.black_three_points:
        return f"any three stuck in a hand: −{p.black_three_points}"
    return f"black three in hand: −{p.black_three_points} · red three in hand: −{p.red_three_in_hand_points}"


def _red_in_hand_clause(p: RuleProfile) -> str:
    if p.red_three_in_hand_points:
        return f"a red three still in a hand costs {p.red_three_in_hand_points}"
    return "a red three listed in a hand counts nothing there (it belongs face up in front of the side)"


def _threes_in_hand_sentence(p: RuleProfile) -> str:
    if p.threes_scoring == "per_colour":
        text = "Threes of both colours are bonus cards laid out in front of the side; "
        if p.red_three_in_hand_points == p.black_three_points:
            return text + f"a three that is still in a hand when the deal ends costs {p.black_three_points}."
        return (text + f"when the deal ends a black three still in a hand costs {p.black_three_points}, and "
                + _red_in_hand_clause(p) + ".")
    return (f"A black three caught in a hand when the deal ends costs {p.black_three_points}; "
            + _red_in_hand_clause(p) + ".")


def _min_size_short(p: RuleProfile) -> str:
    return f"{p.min_meld_size} cards"


def _min_size_sentence(p: RuleProfile) -> str:
    return (f"A meld is a set of at least {count(p.min_meld_size, 'card')} of one rank; cards in a run of "
            "different ranks do not make a meld.")


def _max_size_short(p: RuleProfile) -> str:
    return "no limit" if p.max_meld_size is None else f"{p.max_meld_size} cards"


def _max_size_sentence(p: RuleProfile) -> str:
    if p.max_meld_size is None:
        return "A meld may keep growing: there is no largest size."
    return f"A meld never holds more than {count(p.max_meld_size, 'card')}."


def _mix_short(p: RuleProfile) -> str:
    return f"≥ {p.min_naturals} natural, ≤ {p.max_wilds} wild"


def _mix_sentence(p: RuleProfile) -> str:
    return (f"Each meld needs at least {count(p.min_naturals, 'natural card')} and may hold at most "
            f"{count(p.max_wilds, 'wild card')}.")


_RATIO_SHORT = {
    "none": "no ratio rule",
    "not_more_wilds": "wild ≤ natural",
    "more_naturals": "natural > wild",
}


def _ratio_sentence(p: RuleProfile) -> str:
    if p.wild_ratio == "none":
        text = "Beyond those limits there is no rule on the balance of wild and natural cards"
        if p.max_wilds > p.min_naturals:
            return text + (f", so {count(p.min_naturals, 'natural card')} may carry "
                           f"{count(p.max_wilds, 'wild card')}.")
        return text + "."
    if p.wild_ratio == "not_more_wilds":
        return "A meld never has more wild cards than natural cards; an equal number is fine."
    return "Every meld must have more natural cards than wild cards; an equal number is not enough."


def _all_wild_short(p: RuleProfile) -> str:
    if not p.all_wild_melds:
        return "not allowed"
    return "allowed" + ("; no wilds elsewhere until finished" if p.wild_meld_blocks_other_wilds else "")


def _all_wild_sentence(p: RuleProfile) -> str:
    if not p.all_wild_melds:
        return "Wild cards are never melded on their own: every meld has natural cards in it."
    size = (f"{p.min_meld_size} to {p.max_meld_size} cards" if p.max_meld_size is not None
            else f"at least {p.min_meld_size} cards")
    text = f"A meld made only of twos and jokers is allowed ({size})."
    if p.wild_meld_blocks_other_wilds:
        text += " While such a meld is unfinished, the side may not put wild cards on any other meld."
    return text


def _per_rank_short(p: RuleProfile) -> str:
    return "one per rank" if p.one_meld_per_rank else "several allowed"


def _per_rank_sentence(p: RuleProfile) -> str:
    if p.one_meld_per_rank:
        return "A side keeps a single meld of each rank; more cards of that rank are added to it."
    return "A side may lay a second, separate meld of a rank it already has."


def _five_short(p: RuleProfile) -> str:
    return f"on ({p.rule_of_five_naturals} naturals)" if p.rule_of_five else "off"


def _five_sentence(p: RuleProfile) -> str:
    if p.rule_of_five:
        return (f"After the opening, a wild card may only join a meld that already holds "
                f"{count(p.rule_of_five_naturals, 'natural card')}.")
    return "After the opening, wild cards may join any meld within the limits above."


def _sevens_aces_short(p: RuleProfile) -> str:
    parts = []
    if p.sevens_no_wilds:
        parts.append("sevens: no wilds")
    if p.aces_wilds_only_at_opening:
        parts.append("aces: wilds only in the opening")
    return "; ".join(parts) or "like any other rank"


def _sevens_aces_sentence(p: RuleProfile) -> str:
    parts = []
    if p.sevens_no_wilds:
        parts.append("Sevens are always melded without wild cards.")
    if p.aces_wilds_only_at_opening:
        parts.append("Aces take wild cards only in the side's opening; otherwise they are melded without them.")
    return " ".join(parts) or "Sevens and aces follow the same meld rules as every other rank."


def _canasta_size_short(p: RuleProfile) -> str:
    if p.max_meld_size == p.canasta_size:
        return f"exactly {p.canasta_size} cards"
    return f"{p.canasta_size} or more cards"


def _canasta_size_sentence(p: RuleProfile) -> str:
    if p.max_meld_size == p.canasta_size:
        return f"A meld becomes a canasta when it reaches exactly {count(p.canasta_size, 'card')}."
    return f"A meld of {count(p.canasta_size, 'card')} or more is a canasta."


_KIND_NAMES = {
    "natural": "natural (no wild card)",
    "mixed": "mixed (with wild cards)",
    "sevens": "sevens",
    "aces": "aces without wild cards",
    "wild_twos": "seven twos",
    "wild_jokers": "four jokers with three twos",
    "wild": "any other all-wild",
}


def _kinds_short(p: RuleProfile) -> str:
    return " · ".join(f"{_KIND_NAMES[k].split(' (')[0]} {num(p.canasta_bonus(k))}" for k in p.canasta_kinds)


def _kinds_sentence(p: RuleProfile) -> str:
    parts = [f"{_KIND_NAMES[k]} {num(p.canasta_bonus(k))}" for k in p.canasta_kinds]
    mixed_naturals = p.canasta_size - p.max_wilds
    return ("Canasta bonuses: " + "; ".join(parts) + ". "
            f"A mixed canasta holds at least {count(mixed_naturals, 'natural card')}.")


_CAP_SHORT = {"unlimited": "any number of wilds", "three": "up to three wilds in all", "closed": "closed"}


def _cap_sentence(p: RuleProfile) -> str:
    if p.wild_cap_after_canasta == "unlimited":
        return ("Once a canasta is made, more cards of its rank and any number of further wild cards may join "
                "it; a natural canasta that takes a wild card scores as mixed.")
    if p.wild_cap_after_canasta == "three":
        return (f"A finished canasta still takes cards of its rank, but never more than "
                f"{count(p.max_wilds, 'wild card')} in all; a natural canasta that takes a wild card scores as "
                "mixed.")
    return "A finished canasta is closed: nothing more may be added to it."


def _dead_short(p: RuleProfile) -> str:
    return "closed for both sides" if p.dead_ranks else "stays open"


def _dead_sentence(p: RuleProfile) -> str:
    if p.dead_ranks:
        return ("When a canasta of a rank is finished, that rank is closed: nobody may meld it again, and its "
                "cards are safe to discard.")
    return "Finishing a canasta does not stop anyone from melding that rank."


def _red_short(p: RuleProfile) -> str:
    if p.threes_scoring == "per_colour":
        table = "/".join(num(v) for v in p.threes_table[1:])
        return f"per colour: 1–4 threes = {table}"
    return f"{p.red_three_bonus} each; all four {num(p.all_four_red_threes_bonus)}"


def _red_sentence(p: RuleProfile) -> str:
    if p.threes_scoring == "per_colour":
        t = p.threes_table
        return (f"Red and black threes are counted separately, each colour scoring {num(t[1])} for one, "
                f"{num(t[2])} for two, {num(t[3])} for three and {num(t[4])} for all four.")
    return (f"Each red three laid out scores {p.red_three_bonus}; a side holding all four scores "
            f"{num(p.all_four_red_threes_bonus)} for them.")


def _red_minus_short(p: RuleProfile) -> str:
    if p.threes_sign_by == "canastas":
        return "no canasta: minus · one: zero · two+: plus"
    if not p.red_threes_negative_without_meld:
        return "always plus"
    if p.threes_scoring == "per_colour":
        return "minus without a meld"
    return f"minus without a meld (four: −{num(p.all_four_red_threes_negative)})"


def _red_minus_sentence(p: RuleProfile) -> str:
    threes = "The threes" if p.threes_scoring == "per_colour" else "Red threes"
    if p.threes_sign_by == "canastas":
        return (f"{threes} count for the side only if it has two canastas or more; with exactly one canasta "
                "they count nothing, and with none they count against it.")
    if not p.red_threes_negative_without_meld:
        return f"{threes} always count for the side, even if it melded nothing."
    if p.threes_scoring == "per_colour":
        return "A side that melded nothing in the deal loses the value of its threes instead of gaining it."
    return (f"A side that melded nothing in the deal loses its red threes instead of gaining them; all four "
            f"then cost {num(p.all_four_red_threes_negative)}.")


def _black_meld_short(p: RuleProfile) -> str:
    if p.black_threes_meld == "never":
        return "never (bonus cards)"
    return "only when going out" + (", no wilds" if p.black_three_melds_without_wilds else "")


def _black_meld_sentence(p: RuleProfile) -> str:
    if p.black_threes_meld == "never":
        return "Black threes are never melded; like red ones they are laid out as bonus cards."
    text = "Black threes may be melded only by a player going out in that turn"
    if p.black_three_melds_without_wilds:
        return text + ", as three or four black threes with no wild card."
    return text + "; wild cards may join them within the usual limits."


_BLACK_EFFECT_SHORT = {
    "freeze": "freezes the pile",
    "block_one_turn": "stops the next player only",
    "not_discarded": "never discarded",
}


def _black_effect_sentence(p: RuleProfile) -> str:
    if p.black_three_effect == "freeze":
        return ("A black three discarded on the pile freezes it, just as a wild card does; it must be covered "
                "before anyone can take the pile.")
    if p.black_three_effect == "block_one_turn":
        return ("A black three discarded on the pile only stops the next player from taking it; once another "
                "card covers it, it has no effect.")
    return "Threes are never discarded, except as the last face-down card of a player going out."


def _minimum_bands(p: RuleProfile) -> list[tuple[str, int]]:
    bands = [("below 0", p.minimum_below_zero)]
    table = list(p.minimum_table)
    for i, (bound, minimum) in enumerate(table):
        if i + 1 < len(table):
            bands.append((f"{num(bound)} to {num(table[i + 1][0] - 5)}", minimum))
        else:
            bands.append((f"{num(bound)} or more", minimum))
    return bands


def _minimum_short(p: RuleProfile) -> str:
    return " · ".join(f"{label}: {minimum or 'none'}" for label, minimum in _minimum_bands(p))


def _minimum_sentence(p: RuleProfile) -> str:
    parts = [f"{label}, {f'{minimum} points' if minimum else 'no minimum'}" for label, minimum in _minimum_bands(p)]
    return ("A side's first meld of each deal must count at least a minimum that depends on its total before "
            "the deal: " + "; ".join(parts) + ". Only the cards' values count toward it, never a bonus.")


def _per_player_short(p: RuleProfile) -> str:
    return "each player" if p.opening_per_player else "the side, once"


def _per_player_sentence(p: RuleProfile) -> str:
    if p.opening_per_player:
        return "Each player's own first meld of the deal must reach the minimum."
    return "The minimum applies once, to the side's first meld; after that both partners meld freely."


def _counts_short(p: RuleProfile) -> str:
    top = "top card counts" if p.top_discard_counts_for_minimum else "top card does not count"
    pair = "" if p.pair_only_pickup_counts else "; pair + top card alone counts nothing"
    return top + pair


def _counts_sentence(p: RuleProfile) -> str:
    if p.top_discard_counts_for_minimum:
        text = ("When the opening is made by taking the pile, the top card counts toward the minimum; the other "
                "cards of the pile never do.")
    else:
        text = ("When the opening is made by taking the pile, only cards from the hand count toward the "
                "minimum; no card of the pile does, not even the top one.")
    if not p.pair_only_pickup_counts:
        text += (" A pair shown with the top card counts nothing unless a third card from the hand joins "
                 "that meld.")
    return text


_WAIVE_SHORT = {"none": "never", "natural": "a natural canasta", "any": "any canasta"}


def _waive_sentence(p: RuleProfile) -> str:
    if p.complete_canasta_waives == "none":
        return "Laying down a whole canasta does not excuse the side from the minimum."
    kind = "natural canasta" if p.complete_canasta_waives == "natural" else "complete canasta of any kind"
    text = f"An opening that lays down a {kind} needs no minimum"
    if p.complete_canasta_waives == "any" and not p.canasta_waiver_with_pile:
        return text + ", unless the canasta was made with the pile."
    return text + "."


def _concealed_min_short(p: RuleProfile) -> str:
    return "exempt after drawing from the stock" if p.concealed_exempt_from_minimum else "must still reach it"


def _concealed_min_sentence(p: RuleProfile) -> str:
    if p.concealed_exempt_from_minimum:
        return ("A player who goes out concealed after drawing from the stock, before the side has opened, "
                "need not reach the minimum, provided a canasta is among the melds laid down.")
    return "A player who goes out concealed still has to reach the side's minimum."


def _pure_short(p: RuleProfile) -> str:
    if not p.opening_requires_pure_meld:
        return "not required"
    return f"≥ {p.pure_meld_min_cards} naturals, no wilds" + (
        " (or a wild-card meld alone)" if p.wild_meld_may_open_alone else "")


def _pure_sentence(p: RuleProfile) -> str:
    if not p.opening_requires_pure_meld:
        return "The opening may use wild cards freely; no meld of natural cards alone is required."
    text = (f"The opening must include a meld of at least {count(p.pure_meld_min_cards, 'natural card')} of "
            "one rank from the hand, with no wild card")
    if p.wild_meld_may_open_alone:
        text += "; a meld of wild cards only may open on its own instead"
    if p.complete_canasta_waives == "natural":
        text += "; a natural canasta satisfies both the count and this rule"
    return text + "."


def _before_open_short(p: RuleProfile) -> str:
    return "frozen: natural pair needed" if p.pile_frozen_until_opened else "as for an open side"


def _before_open_sentence(p: RuleProfile) -> str:
    if p.pile_frozen_until_opened:
        return ("Until its first meld, a side may take the pile only by showing two natural cards matching the "
                "top card, as part of the opening.")
    return ("A side that has not opened may take an unfrozen pile in any of the usual ways, as part of its "
            "opening.")


def _ways_short(p: RuleProfile) -> str:
    if p.pile_always_needs_natural_pair and not p.top_card_layoff:
        return "natural pair only"
    ways = ["natural pair"]
    if p.natural_and_wild_takes_pile and not p.pile_always_needs_natural_pair:
        ways.append("natural + wild")
    if p.top_card_layoff:
        ways.append("top card onto a meld" + ("" if p.top_card_layoff_onto_canasta else " (not a canasta)"))
    return " · ".join(ways)


def _ways_sentence(p: RuleProfile) -> str:
    if p.pile_always_needs_natural_pair:
        text = ("Cards shown from the hand with the top card must always include two natural cards matching it, "
                "frozen pile or not; a wild card cannot stand in for either of them")
        if p.top_card_layoff:
            text += (". An open side may also take an unfrozen pile by adding the top card alone to one of its "
                     "melds" + ("" if p.top_card_layoff_onto_canasta else " that is not yet a canasta"))
        return text + "."
    ways = ["two natural cards matching the top card"]
    if p.natural_and_wild_takes_pile:
        ways.append("one matching natural card and one wild card")
    if p.top_card_layoff:
        ways.append("adding the top card to one of the side's melds"
                    + ("" if p.top_card_layoff_onto_canasta else " that is not yet a canasta"))
    return "When the pile is not frozen, a player takes it with " + ", or ".join(ways) + "."


def _freezers(p: RuleProfile) -> list[str]:
    freezers = ["wild card"]
    if p.red_three_freezes_pile:
        freezers.append("red three")
    if p.black_three_effect == "freeze":
        freezers.append("black three")
    return freezers


def _frozen_short(p: RuleProfile) -> str:
    return ", ".join(_freezers(p)) + " in it: natural pair"


def _frozen_sentence(p: RuleProfile) -> str:
    freezers = _freezers(p)
    named = " or ".join(f"a {f}" for f in freezers)
    text = (f"A pile with {named} anywhere in it is frozen: it can only be taken with two natural cards matching "
            "the top card.")
    if not p.red_three_freezes_pile:
        text += " A red three that was covered by later cards does not freeze it."
    return text + " A pile with a wild card or a three on top cannot be taken at all."


def _existing_short(p: RuleProfile) -> str:
    if p.pile_existing_meld_max is None:
        return "any size"
    return f"fewer than {p.pile_existing_meld_max + 1} cards"


def _existing_sentence(p: RuleProfile) -> str:
    if p.pile_existing_meld_max is None:
        return "A pair taken with the top card may join the side's meld of that rank whatever its size."
    return (f"A pair taken with the top card may join the side's meld of that rank only while it has fewer "
            f"than {count(p.pile_existing_meld_max + 1, 'card')}.")


def _above_wild_short(p: RuleProfile) -> str:
    return "only the cards above the wild" if p.only_cards_above_wild else "the whole pile"


def _above_wild_sentence(p: RuleProfile) -> str:
    if p.only_cards_above_wild:
        return "Once a wild card has been discarded, whoever takes the pile later gets only the cards above it."
    return "Whoever takes the pile takes all of it."


def _one_card_short(p: RuleProfile) -> str:
    return "not allowed" if p.one_card_pile_ban else "allowed"


def _one_card_sentence(p: RuleProfile) -> str:
    if p.one_card_pile_ban:
        return "A player holding a single card may not take a pile of only one card."
    return "Nothing stops a player holding a single card from taking a one-card pile."


def _canastas_out_short(p: RuleProfile) -> str:
    text = count(p.canastas_to_go_out, "canasta")
    return text + ("; may be finished that turn" if p.canastas_may_complete_when_going_out else "; already down")


def _canastas_out_sentence(p: RuleProfile) -> str:
    need = count(p.canastas_to_go_out, "canasta")
    if p.canastas_may_complete_when_going_out:
        return f"A player may go out once the side has {need}, counting one finished in the going-out turn itself."
    return f"A player may go out only if the side already had {need} on the table before that turn."


def _discard_short(p: RuleProfile) -> str:
    if p.discard_required_to_go_out:
        return "required" + ("; may be a three or a wild" if p.threes_may_be_last_discard else "")
    return "optional"


def _discard_sentence(p: RuleProfile) -> str:
    if p.discard_required_to_go_out:
        text = "Going out always ends with one last card discarded face down"
        if p.threes_may_be_last_discard:
            text += "; that card may even be a three or a wild card"
        return text + "."
    if p.threes_may_be_last_discard:
        return "A player may go out with or without a last discard, and that discard may even be a three."
    return "A player may go out with or without a last discard, but a red three is never discarded."


def _concealed_short(p: RuleProfile) -> str:
    if not p.concealed_allowed:
        return "no concealed going out"
    terms = ["own canasta needed" if p.concealed_needs_canasta else "no canasta of its own needed"]
    if p.concealed_allows_additions:
        terms.append("may add to partner's melds")
    return f"+{num(p.concealed_extra_bonus)} extra; " + ", ".join(terms)


def _concealed_sentence(p: RuleProfile) -> str:
    if not p.concealed_allowed:
        return "There is no concealed going out and no bonus for it."
    text = ("Going out concealed means the player lays down all of his melds at once in the turn he goes out, "
            "having melded nothing earlier in the deal")
    if p.concealed_needs_canasta:
        text += "; at least one of the melds he lays down that turn must be a canasta"
    else:
        text += "; those melds need not include a canasta of their own"
    if p.concealed_allows_additions:
        text += ", and adding cards to the partner's melds in that turn still counts as concealed"
    else:
        text += ", and adding any card to the partner's melds spoils it"
    return text + (f". It earns {num(p.concealed_extra_bonus)} on top of the going-out bonus.")


def _out_bonus_short(p: RuleProfile) -> str:
    return num(p.going_out_bonus)


def _out_bonus_sentence(p: RuleProfile) -> str:
    return f"The side of the player who goes out scores {num(p.going_out_bonus)} for it."


def _minus_short(p: RuleProfile) -> str:
    return "count minus" if p.melds_count_minus_without_canasta else "count plus"


def _minus_sentence(p: RuleProfile) -> str:
    if p.melds_count_minus_without_canasta:
        return "A side that ends the deal without any canasta loses the value of the cards it melded."
    return "Melded cards count for the side even if it has no canasta."


def _unfinished(p: RuleProfile) -> list[tuple[str, int]]:
    """Penalties the score applies by itself when a deal is given card by card."""
    parts = []
    if p.incomplete_sevens_penalty:
        parts.append(("an unfinished meld of sevens", p.incomplete_sevens_penalty))
    if p.incomplete_aces_penalty:
        what = "an unfinished meld of aces" + ("" if p.incomplete_mixed_aces_penalised else " without wild cards")
        parts.append((what, p.incomplete_aces_penalty))
    if p.incomplete_wild_penalty:
        parts.append(("an unfinished meld of wild cards", p.incomplete_wild_penalty))
    if p.sevens_in_hand_penalty:
        parts.append(("three or more sevens left in one hand", p.sevens_in_hand_penalty))
    if p.aces_in_hand_penalty:
        parts.append(("three or more aces left in one hand", p.aces_in_hand_penalty))
    return parts


def _unfinished_short(p: RuleProfile) -> str:
    parts = _unfinished(p)
    return " · ".join(f"{what} −{num(points)}" for what, points in parts) if parts else "none"


def _unfinished_sentence(p: RuleProfile) -> str:
    parts = _unfinished(p)
    if not parts:
        return "Unfinished melds and cards left in a hand cost nothing beyond their own value."
    return ("When a deal is scored card by card, the score charges these by itself, on top of the cards' value: "
            + "; ".join(f"{what}, {num(points)}" for what, points in parts) + ".")


def _penalties_short(p: RuleProfile) -> str:
    if not p.penalties:
        return "none"
    return " · ".join(f"{pen.label} −{num(pen.points)}" for pen in p.penalties)


def _penalties_sentence(p: RuleProfile) -> str:
    if not p.penalties:
        return "The document sets no penalties beyond the scoring itself."
    return "Penalties: " + "; ".join(f"{pen.label.lower()}, minus {num(pen.points)}" for pen in p.penalties) + "."


def _deal_sentence(p: RuleProfile) -> str:
    return ("A side's score for a deal adds its bonuses (canastas, threes, going out) and the value of its "
            "melded cards, then takes off the value of the cards left in its players' hands.")


def _players_short(p: RuleProfile) -> str:
    return f"{p.players}, " + ("two partnerships" if p.partnerships else "each alone")


def _players_sentence(p: RuleProfile) -> str:
    if p.partnerships:
        return f"{count(p.players, 'player').capitalize()} play in partnerships of two, partners sitting opposite."
    return f"{count(p.players, 'player').capitalize()} play, each for themselves."


def _dealt_short(p: RuleProfile) -> str:
    return f"{p.cards_dealt} each"


def _dealt_sentence(p: RuleProfile) -> str:
    return f"Each player is dealt {count(p.cards_dealt, 'card')} from a pack of two decks and four jokers."


def _draw_short(p: RuleProfile) -> str:
    return count(p.draw, "card")


def _draw_sentence(p: RuleProfile) -> str:
    return (f"A turn begins by drawing {count(p.draw, 'card')} from the stock (or taking the pile) and ends "
            "with one discard.")


def _upcard_sentence(p: RuleProfile) -> str:
    return f"The first card of the discard pile: {p.upcard}."


def _stock_sentence(p: RuleProfile) -> str:
    return f"When the stock runs out: {p.stock_exhaustion}."


def _target_short(p: RuleProfile) -> str:
    return num(p.target)


def _target_sentence(p: RuleProfile) -> str:
    return f"The game is won by the side that reaches {num(p.target)} points; if both do, the higher total wins."


ASPECTS: tuple[_Aspect, ...] = (
    _Aspect("cards", "Wild cards", "wild", lambda p: "jokers and twos",
            lambda p: "Jokers and twos are wild: they stand in for a natural card in a meld."),
    _Aspect("cards", "Card values", "card_values", _values_short, _values_sentence),
    _Aspect("cards", "A three left in a hand", "card_values", _threes_in_hand_short, _threes_in_hand_sentence),
    _Aspect("melds", "Smallest meld", "melds", _min_size_short, _min_size_sentence),
    _Aspect("melds", "Largest meld", "melds", _max_size_short, _max_size_sentence),
    _Aspect("melds", "Natural and wild cards in a meld", "melds", _mix_short, _mix_sentence),
    _Aspect("melds", "Wild cards against natural cards", "melds", lambda p: _RATIO_SHORT[p.wild_ratio],
            _ratio_sentence),
    _Aspect("melds", "Melds of wild cards only", "wild_meld", _all_wild_short, _all_wild_sentence),
    _Aspect("melds", "Melds of the same rank", "melds", _per_rank_short, _per_rank_sentence),
    _Aspect("melds", "Rule of five", "rule_of_five", _five_short, _five_sentence),
    _Aspect("melds", "Sevens and aces", "sevens_aces", _sevens_aces_short, _sevens_aces_sentence),
    _Aspect("canastas", "Size of a canasta", "canastas", _canasta_size_short, _canasta_size_sentence),
    _Aspect("canastas", "Kinds and bonuses", "canastas", _kinds_short, _kinds_sentence),
    _Aspect("canastas", "Adding to a finished canasta", "canastas", lambda p: _CAP_SHORT[p.wild_cap_after_canasta],
            _cap_sentence),
    _Aspect("canastas", "Rank of a finished canasta", "canastas", _dead_short, _dead_sentence),
    _Aspect("threes", "Bonus for threes", "red_threes", _red_short, _red_sentence),
    _Aspect("threes", "When threes count against", "red_threes", _red_minus_short, _red_minus_sentence),
    _Aspect("threes", "Melding black threes", "black_threes", _black_meld_short, _black_meld_sentence),
    _Aspect("threes", "A black three on the pile", "frozen", lambda p: _BLACK_EFFECT_SHORT[p.black_three_effect],
            _black_effect_sentence),
    _Aspect("initial_meld", "Minimum by total before the deal", "minimum", _minimum_short, _minimum_sentence),
    _Aspect("initial_meld", "Who must reach it", "minimum", _per_player_short, _per_player_sentence),
    _Aspect("initial_meld", "Pile cards toward the minimum", "top_discard", _counts_short, _counts_sentence),
    _Aspect("initial_meld", "A finished canasta in the opening", "minimum",
            lambda p: _WAIVE_SHORT[p.complete_canasta_waives], _waive_sentence),
    _Aspect("initial_meld", "Going out concealed", "concealed", _concealed_min_short, _concealed_min_sentence),
    _Aspect("initial_meld", "Meld of natural cards in the opening", "opening", _pure_short, _pure_sentence),
    _Aspect("pile", "Before the side has opened", "pile", _before_open_short, _before_open_sentence),
    _Aspect("pile", "Ways to take an unfrozen pile", "pile", _ways_short, _ways_sentence),
    _Aspect("pile", "A frozen pile", "frozen", _frozen_short, _frozen_sentence),
    _Aspect("pile", "Taking a pair to a meld on the table", "pile", _existing_short, _existing_sentence),
    _Aspect("pile", "What the taker gets", "frozen", _above_wild_short, _above_wild_sentence),
    _Aspect("pile", "One-card pile with one card in hand", "one_card_pile", _one_card_short, _one_card_sentence),
    _Aspect("going_out", "Canastas needed", "going_out", _canastas_out_short, _canastas_out_sentence),
    _Aspect("going_out", "Last discard", "going_out", _discard_short, _discard_sentence),
    _Aspect("going_out", "Going-out bonus", "scoring", _out_bonus_short, _out_bonus_sentence),
    _Aspect("going_out", "Concealed going out", "concealed", _concealed_short, _concealed_sentence),
    _Aspect("scoring", "A deal's score", "scoring", lambda p: "bonuses + melded cards − cards in hand",
            _deal_sentence),
    _Aspect("scoring", "Melds of a side without a canasta", "scoring", _minus_short, _minus_sentence),
    _Aspect("scoring", "Unfinished melds and cards kept", "scoring", _unfinished_short, _unfinished_sentence),
    _Aspect("scoring", "Penalties", "penalties", _penalties_short, _penalties_sentence),
    _Aspect("game", "Players", "players", _players_short, _players_sentence),
    _Aspect("game", "Cards dealt", "cards_dealt", _dealt_short, _dealt_sentence),
    _Aspect("game", "Cards drawn each turn", "draw", _draw_short, _draw_sentence),
    _Aspect("game", "First card of the pile", "upcard", lambda p: p.upcard, _upcard_sentence),
    _Aspect("game", "When the stock runs out", "stock", lambda p: p.stock_exhaustion, _stock_sentence),
    _Aspect("game", "Game target", "target", _target_short, _target_sentence),
)

"""The profiles: the five club documents and the Canasta family (``family.py``: Samba, Bolivia, Hand and Foot),
instances of RuleProfile, each with its club options, penalties and sources.

Every difference between the five documents is a field of RuleProfile (``rule_profile.py``); the engine
reads fields and never looks at a profile's id. A club's own reading of its rules is an Option of its
profile: ``profile.with_options({...})`` returns a new profile built with ``dataclasses.replace``. A sixth
club is one more instance added to ``PROFILES``.

Citations in parentheses (``docs/RULES.md B-A1``) name the project's reading of an unclear passage.
"""
from __future__ import annotations

from .errors import UnknownRules
from .family import BOLIVIA, FAMILY, HAND_AND_FOOT, SAMBA
from .options import (
    Option, black_three_effect, black_three_melds, complete_when_out, deals_in_game, minimum_by_deal, one_per_rank,
    target, wild_cap,
)
from .i18n import N_, _
from .tables import table_options
from .rule_profile import (
    CLASSIC_CANASTAS, SPECIAL_CANASTAS, TOPICS, Penalty, RuleProfile, check_registry, profile_parameters,
    rule_fields,
)

__all__ = [
    "PROFILES", "DEFAULT_PROFILE", "get_profile", "profile_options", "profile_parameters", "rule_fields",
    "Option", "Penalty", "RuleProfile", "CLASSIC_CANASTAS", "SPECIAL_CANASTAS", "TOPICS",
    "BICYCLE", "YAHOO", "MODERN_AMERICAN", "SILHILL", "CLASSIC", "SAMBA", "BOLIVIA", "HAND_AND_FOOT",
]


def _sources(pid: str, pairs: dict[str, str]) -> tuple[tuple[str, str], ...]:
    return tuple((k, f"{pid}: {v}") for k, v in pairs.items())


# Options that set more than one field, or read a field the other way round.
def _players(value: int) -> dict:
    return {"players": value, "partnerships": value == 4, "cards_dealt": 11 if value == 4 else 15}


def _wilds_may_exceed(value: bool) -> dict:
    return {"wild_ratio": "none" if value else "not_more_wilds"}


def _wilds_exceed_of(profile: RuleProfile) -> bool:
    return profile.wild_ratio == "none"


def _individual(value: bool) -> dict:
    return {"partnerships": not value}


def _individual_of(profile: RuleProfile) -> bool:
    return not profile.partnerships


# --------------------------------------------------------------------------------------
# The five profiles
# --------------------------------------------------------------------------------------

_BICYCLE_SOURCES = {
    "general": "Canasta General Rules", "players": "Number of Players", "cards_dealt": "The Deal",
    "upcard": "The Deal", "draw": "Draw", "card_values": "Point Value of Cards", "wild": "Wild Cards",
    "melds": "Melds", "canastas": "Canastas", "black_threes": "Melds", "red_threes": "Red Threes",
    "minimum": "Melds", "top_discard": "Taking the Pile", "pile": "Taking the Pile", "frozen": "Frozen Pile",
    "one_card_pile": "Frozen Pile", "going_out": "Going Out", "concealed": "Concealed Hand",
    "scoring": "Scoring the Deal", "target": "Scoring the Game", "stock": "Forcing",
    "penalties": "Meld Restrictions",
    "packs": "Number of Players (docs/RULES.md §5: RG-6)",
}

_BICYCLE_PENALTIES = (
    Penalty("undeclared-red-three", N_("Red three not laid down"), 500, "bicycle: Red Threes"),
    Penalty("illegal-meld", N_("Illegal meld taken back"), 100, "bicycle: Meld Restrictions"),
    Penalty("partial-withdrawal", N_("Part of an insufficient opening taken back"), 100,
            "bicycle: Meld Restrictions"),
)

BICYCLE = RuleProfile(
    id="bicycle", name=N_("Bicycle (Hoyle) rules"), source="000 Canasta General Rules",
    target=5000, players=4, partnerships=True, cards_dealt=11, draw=1,
    upcard=N_("turned; re-turned while it is a joker, a two or a three; the skipped cards remain under it"),
    stock_exhaustion=N_("forcing: once the stock is gone each player must take a discard that joins his side's melds; "
                     "play ends with the first player who cannot or declines to start a new meld"),
    max_wilds=3, wild_ratio="none", wild_cap_after_canasta="unlimited", one_meld_per_rank=True,
    black_three_effect="freeze", minimum_below_zero=0,
    minimum_table=((0, 50), (1500, 90), (3000, 120)),
    concealed_exempt_from_minimum=True, one_card_pile_ban=True,
    penalties=_BICYCLE_PENALTIES,
    options=(
        target(5000, "bicycle: Scoring the Game"),
        deals_in_game("bicycle: Scoring the Game (docs/RULES.md §6)"),
        minimum_by_deal("bicycle: Melds (docs/RULES.md §6)"),
        *table_options("bicycle", _BICYCLE_SOURCES["players"], _BICYCLE_PENALTIES),
        wild_cap("unlimited", "bicycle: Canastas (docs/RULES.md B-A1)"),
        Option("wilds_may_exceed_naturals", N_("Wild cards may outnumber natural cards"), "bool", (True, False), True,
               N_("yes: any meld with at least two natural cards and at most three wild cards is fine, even two "
               "kings with three wild cards. no: a meld never holds more wild cards than natural cards."),
               "bicycle: Melds (docs/RULES.md B-A2)", field="wild_ratio",
               to_fields=_wilds_may_exceed, from_profile=_wilds_exceed_of),
        Option("pile_frozen_until_opened", N_("Pile frozen until the side has opened"), "bool", (True, False), True,
               N_("yes: a side that has not yet made its first meld needs a natural pair matching the top card to "
               "take the pile. no: before opening, a natural card and a wild card may also take an unfrozen pile."),
               "bicycle: Taking the Pile (docs/RULES.md B-A4)"),
        black_three_effect("freeze", "bicycle: Frozen Pile (docs/RULES.md B-A5)"),
        black_three_melds("bicycle: Melds (docs/RULES.md B-A6)"),
        one_per_rank("bicycle: Melds (docs/RULES.md B-A11)"),
    ),
    sources=_sources("bicycle", _BICYCLE_SOURCES),
)

_YAHOO_SOURCES = {
    "general": "How to Play Canasta", "players": "Basics", "cards_dealt": "The Deal", "upcard": "The Deal",
    "draw": "Playing at Yahoo", "card_values": "Scoring", "wild": "Melding", "melds": "Melding",
    "canastas": "Canasta¶", "black_threes": "Melding", "red_threes": "Canasta¶",
    "minimum": "Initial Meld Req.", "top_discard": "Taking the Discard Pile", "pile": "Taking the Discard Pile",
    "frozen": "Taking the Discard Pile", "one_card_pile": "Taking the Discard Pile", "going_out": "Going Out",
    "concealed": "Canasta¶", "scoring": "Scoring", "target": "Basics", "stock": "If No One Goes Out",
    "options": "Playing at Yahoo",
}

YAHOO = RuleProfile(
    id="yahoo", name=N_("Yahoo! Games rules"), source="001 How to Play Canasta",
    target=5000, players=4, partnerships=True, cards_dealt=11, draw=1,
    upcard=N_("turned and never re-turned; a wild card or red three turned up freezes the pile"),
    stock_exhaustion=N_("play ends after the player who drew the last stock card finishes the turn; "
                     "nobody earns the going-out bonus"),
    max_wilds=3, wild_ratio="not_more_wilds", wild_cap_after_canasta="three", one_meld_per_rank=True,
    black_three_effect="block_one_turn", minimum_below_zero=15,
    minimum_table=((0, 50), (1500, 90), (3000, 120)),
    top_card_layoff_onto_canasta=False, concealed_exempt_from_minimum=False,
    concealed_needs_canasta=False, concealed_allows_additions=True,
    options=(
        target(5000, "yahoo: Basics"),
        deals_in_game("yahoo: Basics (docs/RULES.md §6)"),
        minimum_by_deal("yahoo: Initial Meld Req. (docs/RULES.md §6)"),
        Option("players", N_("Players"), "choice", (2, 4), 4,
               N_("4: two partnerships of two, 11 cards each. 2: each player alone, 15 cards each."),
               "yahoo: Basics", reading=False, to_fields=_players, table=True),
        Option("draw", N_("Cards drawn from the stock"), "choice", (1, 2), 1,
               N_("1: draw one card each turn. 2: draw two cards and still discard one."),
               "yahoo: Playing at Yahoo", reading=False),
        Option("canastas_to_go_out", N_("Canastas needed to go out"), "choice", (1, 2), 1,
               N_("How many canastas a side must have before one of its players may go out."),
               "yahoo: Playing at Yahoo"),
        Option("red_threes_negative_without_meld", N_("Red threes count against a side with no meld"), "bool",
               (True, False), True,
               N_("yes: a side that melded nothing loses its red-three bonus instead of gaining it. "
               "no: red threes always score plus."), "yahoo: Canasta¶ (docs/RULES.md Y-A1)"),
        black_three_effect("block_one_turn", "yahoo: Taking the Discard Pile (docs/RULES.md Y-A4, Y-A7)"),
        Option("top_card_layoff_onto_canasta", N_("Top card alone may go onto a canasta"), "bool", (True, False), False,
               N_("no: the top card by itself may only be added to a meld that is not yet a canasta; with a natural "
               "pair it may still join a canasta. yes: it may be laid on a canasta too."),
               "yahoo: Taking the Discard Pile (docs/RULES.md Y-A5)"),
        Option("concealed_exempt_from_minimum", N_("Going out concealed skips the minimum"), "bool", (True, False),
               False,
               N_("no: a player going out concealed must still reach the side's initial-meld minimum. yes: a "
               "concealed going out after drawing from the stock needs no minimum."),
               "yahoo: Initial Meld Req. (docs/RULES.md Y-A6)"),
    ),
    sources=_sources("yahoo", _YAHOO_SOURCES),
)

_MAC_SOURCES = {
    "general": "Modern American Canasta", "players": "intro", "cards_dealt": "The Deal",
    "upcard": "Play", "draw": "Play", "card_values": "Card Values", "wild": "Types of Cards",
    "melds": "Melds", "canastas": "CANASTA", "sevens_aces": "SEVENS AND ACES", "wild_meld": "TWO OTHER WAYS",
    "black_threes": "THREES", "red_threes": "THREES", "minimum": "SCORING", "opening": "OPENING",
    "top_discard": "PICKING THE PACK", "pile": "PICKING THE PACK", "frozen": "Play",
    "going_out": "END OF PLAY", "scoring": "scoring (docs/RULES.md §3.1, outside sources)",
    "rule_of_five": "Melds (rule of five: docs/RULES.md §3.2, outside sources)", "target": "SCORING",
    "stock": "END OF PLAY",
}

MODERN_AMERICAN = RuleProfile(
    id="modern-american", name=N_("Modern American Canasta"), source="002 Modern American Canasta",
    target=8500, players=4, partnerships=True, cards_dealt=13, draw=1,
    upcard=N_("none: the discard pile starts empty; the ninth card from the bottom is turned as the Turn Card"),
    stock_exhaustion=N_("play ends when the stock is gone"),
    red_three_in_hand_points=5,
    max_wilds=2, wild_ratio="none", all_wild_melds=True, max_meld_size=7, one_meld_per_rank=True,
    dead_ranks=True, wild_cap_after_canasta="closed", sevens_no_wilds=True, aces_wilds_only_at_opening=True,
    wild_meld_blocks_other_wilds=True, black_threes_meld="never",
    canasta_kinds=SPECIAL_CANASTAS, sevens_canasta_bonus=2500, aces_canasta_bonus=2500,
    wild_twos_canasta_bonus=3000, wild_jokers_canasta_bonus=2500, wild_canasta_bonus=2000,
    threes_scoring="per_colour", threes_sign_by="canastas", black_three_effect="not_discarded",
    minimum_below_zero=125, minimum_table=((0, 125), (3000, 155), (5000, 180)),
    top_discard_counts_for_minimum=False, pair_only_pickup_counts=False, complete_canasta_waives="natural",
    concealed_exempt_from_minimum=False, opening_requires_pure_meld=True, wild_meld_may_open_alone=True,
    pile_always_needs_natural_pair=True, natural_and_wild_takes_pile=False, top_card_layoff=False,
    top_card_layoff_onto_canasta=False, pile_existing_meld_max=4, only_cards_above_wild=True,
    canastas_to_go_out=2, discard_required_to_go_out=True, threes_may_be_last_discard=True,
    concealed_extra_bonus=0, concealed_allowed=False,
    melds_count_minus_without_canasta=True,
    incomplete_sevens_penalty=2500, incomplete_aces_penalty=2500, incomplete_wild_penalty=2000,
    sevens_in_hand_penalty=1500, aces_in_hand_penalty=1500,
    penalties=(
        Penalty("incomplete-sevens", N_("Sevens meld not completed"), 2500,
                "modern-american: scoring (docs/RULES.md §3.1, outside sources)", derived=True),
        Penalty("incomplete-aces", N_("Pure aces meld not completed"), 2500,
                "modern-american: scoring (docs/RULES.md §3.1, outside sources)", derived=True),
        Penalty("incomplete-wild", N_("Wild-card meld not completed"), 2000,
                "modern-american: scoring (docs/RULES.md §3.1, outside sources)", derived=True),
        Penalty("sevens-in-hand", N_("Three or more sevens left in one hand"), 1500,
                "modern-american: scoring (docs/RULES.md §3.1, outside sources)", derived=True),
        Penalty("aces-in-hand", N_("Three or more aces left in one hand"), 1500,
                "modern-american: scoring (docs/RULES.md §3.1, outside sources)", derived=True),
    ),
    options=(
        target(8500, "modern-american: SCORING"),
        deals_in_game("modern-american: SCORING (docs/RULES.md §6)"),
        minimum_by_deal("modern-american: SCORING (docs/RULES.md §6)"),
        Option("rule_of_five", N_("Rule of five"), "bool", (True, False), False,
               N_("yes: after the opening, a wild card may only join a meld that already has five natural cards. "
               "no: wild cards may join any meld within the two-wild limit."),
               "modern-american: Melds (rule of five: docs/RULES.md §3.2, outside sources)"),
        Option("melds_count_minus_without_canasta", N_("Melded cards count minus without a canasta"), "bool",
               (True, False), True,
               N_("yes: a team that finishes a deal without any canasta loses the value of its melded cards. "
               "no: melded cards always count plus."),
               "modern-american: scoring (docs/RULES.md §3.1, outside sources)"),
        Option("wild_meld_may_open_alone", N_("A wild-card meld may open without a pure meld"), "bool", (True, False),
               True,
               N_("yes: a meld of twos and jokers worth the count may make the opening on its own. no: every "
               "opening needs a meld of at least three natural cards of one rank."),
               "modern-american: TWO OTHER WAYS (docs/RULES.md M-A7)"),
        Option("incomplete_mixed_aces_penalised", N_("Unfinished aces meld with wild cards is penalised"), "bool",
               (True, False), False,
               N_("no: only an unfinished aces meld without wild cards costs the aces penalty; one that took wild "
               "cards at the opening is an ordinary meld. yes: both cost the penalty."),
               "modern-american: SEVENS AND ACES (docs/RULES.md M-A6)"),
        complete_when_out("modern-american: END OF PLAY (docs/RULES.md M-A12)"),
    ),
    sources=_sources("modern-american", _MAC_SOURCES),
)

_SILHILL_SOURCES = {
    "general": "Silhill u3a Canasta Rules", "players": "§1", "cards_dealt": "§4c", "upcard": "§4f",
    "draw": "§5b", "card_values": "§2", "wild": "§2", "melds": "§7a", "canastas": "§3",
    "black_threes": "§7d", "red_threes": "§6c", "minimum": "§5d", "top_discard": "§5e", "pile": "§5e",
    "frozen": "§7b", "going_out": "§7c", "concealed": "§6e", "scoring": "§6", "target": "§6f", "stock": "§7e",
}

SILHILL = RuleProfile(
    id="silhill", name=N_("Silhill u3a rules"), source="003 Silhill u3a Canasta Rules",
    target=5000, players=4, partnerships=True, cards_dealt=13, draw=1,
    upcard=N_("turned; a joker, two or three is covered by a second card, and if that one is special too both go "
           "back and the pack is shuffled again"),
    stock_exhaustion=N_("play stops as soon as a player needs to draw from an empty stock; nobody earns the "
                     "going-out bonus"),
    max_wilds=3, wild_ratio="more_naturals", wild_cap_after_canasta="three", one_meld_per_rank=True,
    black_three_effect="block_one_turn", red_three_freezes_pile=False, minimum_below_zero=0,
    minimum_table=((0, 50), (1500, 90), (3000, 120)),
    top_discard_counts_for_minimum=False, complete_canasta_waives="any", concealed_exempt_from_minimum=False,
    options=(
        target(5000, "silhill: §6f"),
        deals_in_game("silhill: §6f (docs/RULES.md §6)"),
        minimum_by_deal("silhill: §5d (docs/RULES.md §6)"),
        Option("opening_per_player", N_("Each player makes an opening"), "bool", (True, False), False,
               N_("no: the minimum applies to the side's first meld and then both partners meld freely. yes: each "
               "player's own first meld must reach the minimum."), "silhill: §5d (docs/RULES.md S-A1)"),
        Option("individual_scoring", N_("Everyone scores alone"), "bool", (True, False), False,
               N_("no: two partnerships of two. yes: each player is a side of his own."),
               "silhill: §1 (docs/RULES.md S-A1)", reading=False, field="partnerships",
               to_fields=_individual, from_profile=_individual_of),
        Option("wild_ratio", N_("Wild cards against natural cards"), "choice", ("more_naturals", "not_more_wilds"),
               "more_naturals",
               N_("More natural cards than wild cards: every meld holds more natural cards than wild cards, so two "
               "kings and two twos is not allowed. No more wild cards than natural cards: as many wild cards as "
               "natural cards is fine."),
               "silhill: §7a (docs/RULES.md S-A2)"),
        Option("top_discard_counts_for_minimum", N_("Top discard counts toward the minimum"), "bool", (True, False),
               False,
               N_("no: when opening by taking the pile, only cards from the hand count toward the minimum. yes: the "
               "top card of the pile counts too."), "silhill: §5e (docs/RULES.md S-A4)"),
        Option("canasta_waiver_with_pile", N_("A finished canasta waives the minimum when taking the pile"), "bool",
               (True, False), True,
               N_("yes: laying down a complete canasta removes the minimum, also when the pile is taken. no: the "
               "waiver only applies to melds made from the hand alone."), "silhill: §5d (docs/RULES.md S-A5)"),
        Option("all_four_red_threes_negative", N_("Four red threes of a side with no meld"), "choice", (800, 400), 800,
               N_("800: a side without melds loses what four red threes would have earned. 400: it loses 100 for "
               "each one."), "silhill: §6c (docs/RULES.md S-A6)"),
        black_three_melds("silhill: §7d (docs/RULES.md S-A8)"),
        Option("red_three_freezes_pile", N_("A red three under the top card freezes the pile"), "bool", (True, False),
               False,
               N_("no: a three turned up at the start and then covered has no effect on the pile; only wild cards "
               "freeze it. yes: a red three anywhere in the pile freezes it like a wild card."),
               "silhill: §4f, §7b (docs/RULES.md S-A11)"),
        complete_when_out("silhill: §7c (docs/RULES.md S-A9)"),
        one_per_rank("silhill: §7a (docs/RULES.md §2.1 one meld per rank)"),
    ),
    sources=_sources("silhill", _SILHILL_SOURCES),
)

_CLASSIC_SOURCES = {
    "general": "classic Canasta rules", "players": "Number of Players", "cards_dealt": "The Deal",
    "upcard": "The Deal", "draw": "The Play", "card_values": "Minimum Count", "wild": "Wild Cards",
    "melds": "Melds¶", "canastas": "Melds¶", "black_threes": "Melds¶", "red_threes": "Red Threes",
    "minimum": "Minimum Count", "top_discard": "Unfreezing", "pile": "Taking the Discard Pile",
    "frozen": "Freezing", "one_card_pile": "Going Out", "going_out": "Going Out",
    "concealed": "Concealed Hand", "scoring": "Scoring a Deal", "target": "Scoring a Game",
    "stock": "Exhausting the Stock",
    "packs": "Number of Players (docs/RULES.md §5: RG-6)",
}

CLASSIC = RuleProfile(
    id="classic", name=N_("Classic Canasta"), source="004 classic Canasta rules page",
    target=5000, players=4, partnerships=True, cards_dealt=11, draw=1,
    upcard=N_("turned; re-turned while it is a joker or a two"),
    stock_exhaustion=N_("a red three as last card ends play; otherwise play goes on while each player takes the "
                     "discard, which is compulsory when it matches his side's meld and the pile is not frozen"),
    max_wilds=3, wild_ratio="none", wild_cap_after_canasta="three", one_meld_per_rank=True,
    black_three_effect="block_one_turn", minimum_below_zero=15,
    minimum_table=((0, 50), (1500, 90), (3000, 120)),
    concealed_exempt_from_minimum=True, one_card_pile_ban=True,
    options=(
        target(5000, "classic: Scoring a Game"),
        deals_in_game("classic: Scoring a Game (docs/RULES.md §6)"),
        minimum_by_deal("classic: Minimum Count (docs/RULES.md §6)"),
        *table_options("classic", _CLASSIC_SOURCES["players"]),
        black_three_effect("block_one_turn", "classic: Freezing (docs/RULES.md C-A1)"),
        Option("natural_and_wild_takes_pile", N_("A natural card and a wild card may take the pile"), "bool",
               (True, False), True,
               N_("yes: while nothing freezes the pile, one natural card plus one wild card from the hand may go "
               "with the top card to take it. no: only a natural pair, or adding the top card to a meld, takes it."),
               "classic: Taking the Discard Pile (docs/RULES.md C-A5)"),
        wild_cap("three", "classic: Melds¶ (docs/RULES.md C-A6)"),
        one_per_rank("classic: Melds¶ (docs/RULES.md C-A8)"),
    ),
    sources=_sources("classic", _CLASSIC_SOURCES),
)

PROFILES: dict[str, RuleProfile] = {
    p.id: p for p in (BICYCLE, YAHOO, MODERN_AMERICAN, SILHILL, CLASSIC, *FAMILY)
}
check_registry(PROFILES.values())

#: The profile a new game, tournament or question starts from when none is chosen.
DEFAULT_PROFILE = BICYCLE.id


def get_profile(id: str) -> RuleProfile:
    """The profile with this id; raises UnknownRules."""
    try:
        return PROFILES[id]
    except (KeyError, TypeError):
        known = ", ".join(PROFILES)
        raise UnknownRules(_("There are no rules called '%(id)s'. Choose one of: %(known)s.", id=id, known=known),
                           field="rules") from None


def profile_options(profile: RuleProfile) -> tuple[Option, ...]:
    """The club options of ``profile``, ``target`` first."""
    return profile.options

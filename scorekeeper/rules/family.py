"""The Canasta family: Samba, Bolivia and Hand and Foot, three more instances of RuleProfile.

Each is read from published rules (docs/RULES.md §7 lists the pages, their keys and what each says): Samba from
the Samba page of the Bicycle game-rules finder (BCA-S), Bolivia from its Bolivia page (BCA-B, "the same game as
Samba with the following changes"), Hand and Foot, which has no standard rules, from the rule pages of §7.3 where
they agree, with the common variations as club options. Where the sources disagree the other reading is a club
option citing both (docs/RULES.md §7.4). A point a family page leaves to "the four-hand game" is cited to it.

Where the family plays differently rather than with other numbers, a field names the procedure and the engine
asks the field: a sequence canasta among ``canasta_kinds`` (melds of one suit in order), ``closed_canasta_kinds``
(a samba takes no more cards), ``canastas_of_kind_to_go_out`` (Bolivia's escalera, Hand and Foot's clean and dirty
books), ``foot_cards``, ``black_threes_in_hand_apart``, ``pile_take_count``, ``canasta_name`` (Hand and Foot's books).
The pages are cited by keys; ``PAGES`` names each, and ``pages_cited`` lists those a profile cites.
"""
from __future__ import annotations

import re

from .i18n import N_
from .options import Option, deals_in_game, minimum_by_deal, target
from .rule_profile import RuleProfile

#: The project's notes inside the family's citations (translated on the rules pages: ``explain.CITATION_NOTES``).
NOTES = {
    "four_hand": N_("docs/RULES.md §7.2: the four-hand game, RG-S, WIKI-DE-S"),
    "as_samba": N_("docs/RULES.md §7.2: as in Samba, BCA-S"),
    "nhf": N_("docs/RULES.md §7.2: NHF-S"),
    "minimum_7000": N_("docs/RULES.md SA-A1: BCA-S against BCA-B"),
    "threes_sign": N_("docs/RULES.md SA-A2: HSW-S against RG-S"),
}


def _noted(heading: str, note: str) -> str:
    """A heading cited with a note of the project's own: ``"The Deal (docs/RULES.md §7.2: NHF-S)"``."""
    return f"{heading} ({note})"


def _sources(pid: str, pairs: dict[str, str]) -> tuple[tuple[str, str], ...]:
    return tuple((k, f"{pid}: {v}") for k, v in pairs.items())


def _minimum_from_7000(base: tuple, default: int, source: str) -> Option:
    """The minimum of a side with 7,000 or more: 160 (BCA-S, HSW-S) or 150 (BCA-B) (docs/RULES.md SA-A1)."""
    return Option(
        "minimum_from_7000", N_("Initial-meld minimum from 7,000"), "choice", (160, 150) if default == 160
        else (150, 160), default,
        N_("160: once a side's total has reached 7,000, it needs 160 for its first meld, as the Samba page of the "
           "Bicycle rules gives it. 150: it needs 150, as the Bolivia page says the Samba table goes."),
        source, field="minimum_table",
        to_fields=lambda value: {"minimum_table": base + ((7000, value),)},
        from_profile=lambda p: dict(p.minimum_table).get(7000, default))


def _threes_sign(source: str) -> Option:
    """Red threes against a side: until it has the canastas to go out (HSW-S) or only without a meld (RG-S)."""
    return Option(
        "threes_sign_by", N_("When red threes count against the side"), "choice", ("going_out_canastas", "melds"),
        "going_out_canastas",
        N_("Until the side has the canastas to go out: red threes count for a side only once it has the two "
           "canastas it needs to go out, and against it otherwise. Only when the side melded nothing: as in the "
           "four-hand game, they count against a side only if it melded nothing."),
        source)


# --------------------------------------------------------------------------------------
# Samba
# --------------------------------------------------------------------------------------

_SAMBA_SOURCES = {
    # where the page leaves a point to the four-hand game (docs/RULES.md SA-A3)
    **dict.fromkeys(("stock", "card_values", "black_threes", "top_discard", "frozen"),
                    _noted("Samba", NOTES["four_hand"])),
    "general": "Samba", "players": "Number of Players", "packs": "The Pack", "cards_dealt": "The Deal",
    "draw": "The Deal", "upcard": _noted("The Deal", NOTES["nhf"]), "wild": "Wild Cards", "melds": "Wild Cards",
    "sequences": "Sequence Meld", "canastas": "Canastas", "red_threes": "Scoring", "minimum": "Scoring",
    "pile": "The Deal", "going_out": "Canastas", "concealed": "Scoring", "scoring": "Scoring", "target": "Scoring",
}
_SAMBA_MINIMUMS = ((0, 50), (1500, 90), (3000, 120))

SAMBA = RuleProfile(
    id="samba", name=N_("Samba"), source="Samba, Bicycle Game Rules Finder",
    target=10000, players=4, partnerships=True, packs=3, cards_dealt=15, draw=2,
    upcard=N_("turned; re-turned while it is a joker, a two or a three"),
    stock_exhaustion=N_("as in the four-hand game: play goes on while each player takes the discard that joins his "
                        "side's melds, and ends with the first who cannot or will not"),
    min_meld_size=3, min_naturals=2, max_wilds=2, wild_ratio="none", all_wild_melds=False,
    one_meld_per_rank=False, wild_cap_after_canasta="naturals_only", closed_canasta_kinds=("samba",),
    canasta_kinds=("natural", "mixed", "samba"), samba_canasta_bonus=1500,
    black_three_effect="freeze",
    five_red_threes_bonus=500, six_red_threes_bonus=1000, threes_sign_by="going_out_canastas",
    minimum_below_zero=15, minimum_table=_SAMBA_MINIMUMS + ((7000, 160),),
    concealed_exempt_from_minimum=False,
    pile_always_needs_natural_pair=True, natural_and_wild_takes_pile=False, top_card_layoff=True,
    top_card_layoff_onto_canasta=False,
    canastas_to_go_out=2, going_out_bonus=200, concealed_allowed=False, concealed_extra_bonus=0,
    options=(
        target(10000, "samba: Scoring"),
        deals_in_game("samba: Scoring (docs/RULES.md §6)"),
        minimum_by_deal("samba: Scoring (docs/RULES.md §6)"),
        _minimum_from_7000(_SAMBA_MINIMUMS, 160, f"samba: Scoring ({NOTES['minimum_7000']})"),
        _threes_sign(f"samba: Scoring ({NOTES['threes_sign']})"),
    ),
    sources=_sources("samba", _SAMBA_SOURCES),
)


# --------------------------------------------------------------------------------------
# Bolivia
# --------------------------------------------------------------------------------------

_BOLIVIA_SOURCES = {
    # the same game as Samba where the page changes nothing (docs/RULES.md BO-A1)
    **dict.fromkeys(("players", "packs", "cards_dealt", "draw", "upcard", "stock", "card_values", "sequences",
                     "red_threes", "top_discard", "pile", "concealed", "scoring"),
                    _noted("Bolivia", NOTES["as_samba"])),
    "general": "Bolivia", "wild": "Wild Cards", "melds": "Wild Cards", "wild_meld": "Wild Cards",
    "canastas": "Wild Cards", "black_threes": "Black Threes", "minimum": "Wild Cards", "frozen": "Wild Cards",
    "going_out": "Going Out", "target": "Wild Cards",
}

BOLIVIA = RuleProfile(
    id="bolivia", name=N_("Bolivia"), source="Bolivia, Bicycle Game Rules Finder",
    target=15000, players=4, partnerships=True, packs=3, cards_dealt=15, draw=2,
    upcard=SAMBA.upcard, stock_exhaustion=SAMBA.stock_exhaustion,
    black_three_points=100, black_three_melded_points=5, black_threes_in_hand_apart=True,
    min_meld_size=3, min_naturals=2, max_wilds=2, wild_ratio="none", all_wild_melds=True,
    one_meld_per_rank=False, wild_cap_after_canasta="naturals_only", closed_canasta_kinds=("escalera", "bolivia"),
    canasta_kinds=("natural", "mixed", "escalera", "bolivia"), escalera_canasta_bonus=1500,
    bolivia_canasta_bonus=2500,
    black_three_effect="freeze",
    five_red_threes_bonus=500, six_red_threes_bonus=1000, threes_sign_by="going_out_canastas",
    minimum_below_zero=15, minimum_table=_SAMBA_MINIMUMS + ((7000, 150),),
    concealed_exempt_from_minimum=False,
    pile_always_needs_natural_pair=True, natural_and_wild_takes_pile=False, top_card_layoff=True,
    top_card_layoff_onto_canasta=False,
    canastas_to_go_out=2, canastas_of_kind_to_go_out=(("escalera", 1),), going_out_bonus=200,
    concealed_allowed=False, concealed_extra_bonus=0,
    options=(
        target(15000, "bolivia: Wild Cards"),
        deals_in_game("bolivia: Wild Cards (docs/RULES.md §6)"),
        minimum_by_deal("bolivia: Wild Cards (docs/RULES.md §6)"),
        _minimum_from_7000(_SAMBA_MINIMUMS, 150, f"bolivia: Wild Cards ({NOTES['minimum_7000']})"),
        _threes_sign(f"bolivia: Bolivia ({NOTES['threes_sign']})"),
    ),
    sources=_sources("bolivia", _BOLIVIA_SOURCES),
)


# --------------------------------------------------------------------------------------
# Hand and Foot
# --------------------------------------------------------------------------------------

_HAND_AND_FOOT_SOURCES = {
    "general": "PG-HF; GOCC; GS", "players": "PG-HF; GOCC", "packs": "PG-HF; OP", "cards_dealt": "PG-HF; GOCC; NWP",
    "foot": "PG-HF; GOCC; NWP", "draw": "GS; KL; PO", "upcard": "NWP", "stock": "GS", "card_values": "PG-HF; JC; RP",
    "wild": "GOCC; NWP", "melds": "GOCC; GS; NWP", "wild_meld": "GOCC; PG-HF", "canastas": "GOCC; GS; RP",
    "black_threes": "GOCC; JC", "red_threes": "JC; FB; GS; RP", "minimum": "GOCC; RV; TWR", "format": "GOCC; JC",
    "top_discard": "GS", "pile": "GOCC; NWP; PO", "frozen": "PG-HF; FB; PO", "going_out": "GS; NWP; PG-HF",
    "concealed": "GS", "scoring": "GS; JC; RP", "target": "GOCC; JC",
}

#: How many books of each kind going out asks (docs/RULES.md HF-A2), and what each choice sets.
_BOOKS = {
    "two_each": {"canastas_to_go_out": 4, "canastas_of_kind_to_go_out": (("natural", 2), ("mixed", 2))},
    "one_each": {"canastas_to_go_out": 2, "canastas_of_kind_to_go_out": (("natural", 1), ("mixed", 1))},
    "two_each_and_wild": {"canastas_to_go_out": 5,
                          "canastas_of_kind_to_go_out": (("natural", 2), ("mixed", 2), ("wild", 1))},
}


def _books(value: str) -> dict:
    wild = value == "two_each_and_wild"
    return {**_BOOKS[value], "all_wild_melds": wild, "canasta_kinds": ("natural", "mixed", "wild") if wild
            else ("natural", "mixed"), "wild_canasta_bonus": 1500 if wild else 0,
            "closed_canasta_kinds": ("wild",) if wild else ()}


def _books_of(profile: RuleProfile) -> str:
    wanted = dict(profile.canastas_of_kind_to_go_out)
    if wanted.get("wild"):
        return "two_each_and_wild"
    return "one_each" if wanted.get("natural") == 1 else "two_each"


HAND_AND_FOOT = RuleProfile(
    id="hand-and-foot", name=N_("Hand and Foot"), source="Hand & Foot rule pages",
    target=10000, deals_in_game=4, players=4, partnerships=True, packs=5, cards_dealt=11, foot_cards=11, draw=2,
    upcard=N_("one card turned face up"),
    stock_exhaustion=N_("the discard pile is shuffled to make a new stock"),
    red_three_in_hand_points=500,
    min_meld_size=3, min_naturals=2, max_wilds=3, wild_ratio="more_naturals", all_wild_melds=False,
    one_meld_per_rank=False, wild_cap_after_canasta="naturals_only", black_threes_meld="never",
    canasta_name="book", red_threes_negative_without_meld=False, black_three_effect="freeze",
    minimum_below_zero=50, minimum_table=((0, 50),), minimum_by_deal=(50, 90, 120, 150),
    concealed_exempt_from_minimum=False,
    pile_always_needs_natural_pair=True, natural_and_wild_takes_pile=False, top_card_layoff=False,
    top_card_layoff_onto_canasta=False, pile_take_count=5,
    canastas_to_go_out=4, canastas_of_kind_to_go_out=(("natural", 2), ("mixed", 2)),
    discard_required_to_go_out=True, going_out_bonus=100, concealed_allowed=False, concealed_extra_bonus=0,
    options=(
        target(10000, "hand-and-foot: CH"),
        deals_in_game("hand-and-foot: GOCC; JC (docs/RULES.md §6)", default=4),
        minimum_by_deal("hand-and-foot: GOCC; RV; TWR; FB; PO (docs/RULES.md HF-A1)", default=(50, 90, 120, 150),
                        choices=((50, 90, 120, 150), (60, 90, 120, 150))),
        Option("books_to_go_out", N_("Books needed to go out"), "choice", tuple(_BOOKS), "two_each",
               N_("Two clean and two dirty books: the side needs both before one of its players may go out. One "
                  "clean and one dirty book: one of each is enough. Two clean, two dirty and one wild-card book: "
                  "seven wild cards may also make a book, worth 1,500, and going out needs one of those too."),
               "hand-and-foot: GS; PG-HF; TS (docs/RULES.md HF-A2)", field="canastas_of_kind_to_go_out",
               to_fields=_books, from_profile=_books_of),
        Option("wild_ratio", N_("Wild cards against natural cards"), "choice", ("more_naturals", "not_more_wilds"),
               "more_naturals",
               N_("More natural cards than wild cards: a meld always holds more natural cards than wild cards, so a "
                  "dirty book has four natural cards at least. No more wild cards than natural cards: as many wild "
                  "cards as natural cards is fine."),
               "hand-and-foot: GOCC; GS; NWP; KL (docs/RULES.md HF-A3)"),
        Option("red_three_in_hand_points", N_("Red three caught in a hand or foot"), "choice", (500, 100), 500,
               N_("What a red three still in a player's hand or foot costs when the deal ends: 500, or 100."),
               "hand-and-foot: GS; RP; TS (docs/RULES.md HF-A4)"),
        Option("eight_nine_points", N_("Nine and eight"), "choice", (10, 5), 10,
               N_("10: nines and eights count ten, like king to ten. 5: they count five, like seven to four."),
               "hand-and-foot: JC; RP; GS (docs/RULES.md HF-A5)"),
        Option("pile_take_count", N_("Cards taken from the pile"), "choice", (5, 3, 6, 7), 5,
               N_("How many cards from the top of the pile a player takes with a natural pair, the top card "
                  "included; the rest of the pile stays."),
               "hand-and-foot: FB; PO; TWR; GS (docs/RULES.md HF-A6)"),
        Option("natural_and_wild_takes_pile", N_("A natural card and a wild card may take the pile"), "bool",
               (True, False), False,
               N_("no: the pile is taken only with two natural cards matching the top card. yes: one matching "
                  "natural card and one wild card will do while nothing freezes the pile."),
               "hand-and-foot: GOCC; NWP; TWR (docs/RULES.md HF-A7)",
               to_fields=lambda value: {"natural_and_wild_takes_pile": value,
                                        "pile_always_needs_natural_pair": not value}),
    ),
    sources=_sources("hand-and-foot", _HAND_AND_FOOT_SOURCES),
)

FAMILY = (SAMBA, BOLIVIA, HAND_AND_FOOT)

#: The pages the family's citations name by a key (``"hand-and-foot: GOCC; GS"``; docs/RULES.md §7.1 and §7.3, which
#: say what each page holds): the page's own name, as it titles itself, and its address ("" for none to link to).
_PAGE_SOURCES = {  # titles as the pages write them, like the headings cited above
    "BCA-S": ("Bicycle Game Rules Finder (Canada), Samba",
              "http://www.bicyclecards.ca/game-rules/samba/169.php?page_id=32"),
    "BCA-B": ("Bicycle Game Rules Finder (Canada), Bolivia",
              "http://www.bicyclecards.ca/game-rules/bolivia/48.php?page_id=32"),
    "RG-S": ("rummy-games.com, Samba Rules", "http://rummy-games.com/rules/samba.html"),
    "HSW-S": ("HowStuffWorks, How to Play Canasta", "https://entertainment.howstuffworks.com/how-to-play-canasta3.htm"),
    "WIKI-DE-S": ("de.wikipedia.org, Samba-Canasta", "http://de.wikipedia.org/wiki/Samba-Canasta"),
    "NHF-S": ("Naipes Heraclio Fournier, Samba", "https://www.nhfournier.es/en/como-jugar/samba/"),
    "PG-HF": ("pagat.com, Hand and Foot", "https://www.pagat.com/rummy/handfoot.html"),
    "TS": ("TableScore", ""),
    "GOCC": ("GOCC Hand and Foot card game rules",
             "https://docslib.org/doc/10729547/gocc-hand-and-foot-card-game-rules"),
    "GS": ("Good Sams (Florida), Hand and Foot", "https://goodsams-florida.org/GameRules-HandandFoot.html"),
    "NWP": ("northwestpages, Hand and Foot game overview", "https://handandfoot.northwestpages.com/GameOverView.php"),
    "KL": ("klassa.com, Hand and Foot", "http://klassa.com/john/handandfoot.html"),
    "JC": ("jerrycolby.com, Hand and Foot", "http://www.jerrycolby.com/Handfoot.htm"),
    "RP": ("rarepike.com, Hand and Foot scoring guide", "https://rarepike.com/hand-and-foot/scoring-guide"),
    "TWR": ("twrtimes.com, Hand & Foot, Tanglewood version", "https://twrtimes.com/?p=4098"),
    "FB": ("formsbirds.com, Hand and Foot score sheet",
           "https://www.formsbirds.com/free-sample-hand-and-foot-score-sheet"),
    "PO": ("positivelyorganic.blogspot.com, Hand and Foot",
           "http://positivelyorganic.blogspot.com/2009/03/hand-and-foot-card-game.html"),
    "RV": ("ronveenstra.com, Hand and Foot", "http://ronveenstra.com/2006/02/card-games-3-hand-and-foot/"),
    "OP": ("ourpastimes.com, Hand and Foot", "https://ourpastimes.com/play-hand-and-foot-2194159.html"),
    "CH": ("chantastic/sites (GitHub), Hand and Foot",
           "https://github.com/chantastic/sites/blob/main/chan.dev/src/content/posts/hand-and-foot.md"),
}
PAGES: dict[str, tuple[str, str]] = _PAGE_SOURCES
_PAGE_KEY = re.compile(r"(?<![\w-])(%s)(?![\w-])" % "|".join(map(re.escape, PAGES)))


def pages_cited(profile: RuleProfile) -> tuple[tuple[str, str, str], ...]:
    """(key, name, address) of every page the profile's rules and club options cite by its key, in the order of
    ``PAGES``; empty for the five, which cite their one document by its headings."""
    text = " ".join([cite for _field, cite in profile.sources] + [option.source for option in profile.options])
    found = set(_PAGE_KEY.findall(text))
    return tuple((key, name, address) for key, (name, address) in PAGES.items() if key in found)

"""Rule profiles: one frozen dataclass, five instances, club options as replacements.

Every difference between the five documents is a field of RuleProfile. The
engine reads fields; it never looks at a profile's id. A club's own reading of
its rules is an Option: ``profile.with_options({...})`` returns a new profile
built with ``dataclasses.replace``.
"""
from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, Callable

from .cards import Card
from .errors import UnknownOption, UnknownRules

PROFILE_IDS = ("bicycle", "yahoo", "modern-american", "silhill", "classic")
CLASSIC_CANASTAS = ("natural", "mixed")
SPECIAL_CANASTAS = ("natural", "mixed", "sevens", "aces", "wild_twos", "wild_jokers", "wild")


@dataclass(frozen=True)
class Penalty:
    """A penalty a side may be charged; ``points`` are deducted (a positive number)."""

    code: str
    label: str
    points: int
    source: str
    #: Worked out from the cards when a side is scored card by card (never listed for such a side then).
    derived: bool = False

    def to_dict(self) -> dict:
        return {"code": self.code, "label": self.label, "points": self.points, "source": self.source,
                "derived": self.derived}


@dataclass(frozen=True)
class Option:
    """A club option of a profile: a reading a club may switch."""

    name: str
    label: str
    kind: str  # "bool" | "choice" | "int"
    choices: tuple
    default: object
    help: str
    source: str
    reading: bool = True  # a reading of the rules (compared by other_readings), not a table setting

    def to_dict(self) -> dict:
        return {
            "name": self.name, "label": self.label, "kind": self.kind, "choices": list(self.choices),
            "default": self.default, "help": self.help, "source": self.source,
        }

    def describe(self, value) -> str:
        """Plain words for one value of this option."""
        if self.kind == "bool":
            return f"{self.label}: {'yes' if value else 'no'}"
        return f"{self.label}: {str(value).replace('_', ' ')}"


@dataclass(frozen=True)
class RuleProfile:
    # identity
    id: str
    name: str
    source: str
    # the table
    target: int = 5000
    players: int = 4
    partnerships: bool = True
    cards_dealt: int = 11
    draw: int = 1
    upcard: str = "turned; re-turned while it is a joker, a two or a three"
    stock_exhaustion: str = ""
    # card values (hand cards count minus, melded cards plus)
    joker_points: int = 50
    two_points: int = 20
    ace_points: int = 20
    high_points: int = 10   # K Q J 10 9 8
    low_points: int = 5     # 7 6 5 4
    black_three_points: int = 5
    red_three_in_hand_points: int = 0
    # melds
    min_meld_size: int = 3
    min_naturals: int = 2
    max_wilds: int = 3
    wild_ratio: str = "none"  # "none" | "not_more_wilds" | "more_naturals"
    all_wild_melds: bool = False
    max_meld_size: int | None = None
    one_meld_per_rank: bool = True
    dead_ranks: bool = False
    rule_of_five: bool = False
    rule_of_five_naturals: int = 5
    wild_cap_after_canasta: str = "three"  # "unlimited" | "three" | "closed"
    sevens_no_wilds: bool = False
    aces_wilds_only_at_opening: bool = False
    wild_meld_blocks_other_wilds: bool = False
    black_threes_meld: str = "going_out"  # "going_out" | "never"
    black_three_melds_without_wilds: bool = True
    # canastas
    canasta_size: int = 7
    canasta_kinds: tuple[str, ...] = CLASSIC_CANASTAS
    natural_canasta_bonus: int = 500
    mixed_canasta_bonus: int = 300
    sevens_canasta_bonus: int = 0
    aces_canasta_bonus: int = 0
    wild_twos_canasta_bonus: int = 0
    wild_jokers_canasta_bonus: int = 0
    wild_canasta_bonus: int = 0
    # threes
    threes_scoring: str = "red_each"  # "red_each" | "per_colour"
    red_three_bonus: int = 100
    all_four_red_threes_bonus: int = 800
    threes_table: tuple[int, ...] = (0, 100, 300, 500, 1000)
    threes_sign_by: str = "melds"  # "melds" | "canastas"
    red_threes_negative_without_meld: bool = True
    all_four_red_threes_negative: int = 800
    black_three_effect: str = "freeze"  # "freeze" | "block_one_turn" | "not_discarded"
    red_three_freezes_pile: bool = True  # a red three under the top card keeps the pile frozen
    # the initial meld
    minimum_below_zero: int = 0
    minimum_table: tuple[tuple[int, int], ...] = ((0, 50), (1500, 90), (3000, 120))
    opening_per_player: bool = False
    top_discard_counts_for_minimum: bool = True
    pair_only_pickup_counts: bool = True
    complete_canasta_waives: str = "none"  # "none" | "natural" | "any"
    canasta_waiver_with_pile: bool = True
    concealed_exempt_from_minimum: bool = False
    opening_requires_pure_meld: bool = False
    pure_meld_min_cards: int = 3
    wild_meld_may_open_alone: bool = False
    # taking the pile
    pile_frozen_until_opened: bool = True
    pile_always_needs_natural_pair: bool = False
    natural_and_wild_takes_pile: bool = True
    top_card_layoff: bool = True
    top_card_layoff_onto_canasta: bool = True
    pile_existing_meld_max: int | None = None
    only_cards_above_wild: bool = False
    one_card_pile_ban: bool = False
    # going out
    canastas_to_go_out: int = 1
    canastas_may_complete_when_going_out: bool = True
    discard_required_to_go_out: bool = False
    threes_may_be_last_discard: bool = False
    going_out_bonus: int = 100
    concealed_extra_bonus: int = 100
    concealed_allowed: bool = True
    concealed_needs_canasta: bool = True     # the concealed hand itself holds a canasta
    concealed_allows_additions: bool = False  # cards added to the partner's melds that turn keep it concealed
    # deal scoring
    melds_count_minus_without_canasta: bool = False
    incomplete_sevens_penalty: int = 0
    incomplete_aces_penalty: int = 0
    incomplete_mixed_aces_penalised: bool = False
    incomplete_wild_penalty: int = 0
    sevens_in_hand_penalty: int = 0
    aces_in_hand_penalty: int = 0
    penalties: tuple[Penalty, ...] = ()
    # sources of the parameters, by field name (document and heading)
    sources: tuple[tuple[str, str], ...] = ()

    def __post_init__(self):
        problems = []
        if not isinstance(self.target, int) or self.target <= 0 or self.target % 5:
            problems.append("the game target must be a positive multiple of 5")
        bounds = [b for b, _ in self.minimum_table]
        if not bounds or bounds[0] != 0 or bounds != sorted(bounds) or len(set(bounds)) != len(bounds):
            problems.append("the minimum table must start at 0 and be sorted by score")
        for _, minimum in self.minimum_table:
            if minimum < 0 or minimum % 5:
                problems.append("every initial-meld minimum must be a non-negative multiple of 5")
        if self.minimum_below_zero < 0 or self.minimum_below_zero % 5:
            problems.append("the minimum below zero must be a non-negative multiple of 5")
        if self.wild_ratio not in ("none", "not_more_wilds", "more_naturals"):
            problems.append(f"unknown wild ratio {self.wild_ratio!r}")
        if self.wild_cap_after_canasta not in ("unlimited", "three", "closed"):
            problems.append(f"unknown wild cap {self.wild_cap_after_canasta!r}")
        if self.black_three_effect not in ("freeze", "block_one_turn", "not_discarded"):
            problems.append(f"unknown black-three effect {self.black_three_effect!r}")
        if self.black_threes_meld not in ("going_out", "never"):
            problems.append(f"unknown black-three melding {self.black_threes_meld!r}")
        if self.complete_canasta_waives not in ("none", "natural", "any"):
            problems.append(f"unknown canasta waiver {self.complete_canasta_waives!r}")
        if self.threes_scoring not in ("red_each", "per_colour") or self.threes_sign_by not in ("melds", "canastas"):
            problems.append("unknown way of scoring threes")
        if self.all_four_red_threes_negative not in (400, 800):
            problems.append("four red threes of a side without melds count -800 or -400")
        if self.players not in (2, 3, 4, 5, 6) or (self.partnerships and self.players % 2):
            problems.append("partnerships need an even number of players")
        if self.draw not in (1, 2) or self.canastas_to_go_out not in (1, 2):
            problems.append("draw and canastas to go out are 1 or 2")
        if self.id not in PROFILE_IDS:
            problems.append("a club's rules are one of the five profiles with options; the id must stay")
        if self.min_meld_size < 2 or self.canasta_size < self.min_meld_size:
            problems.append("a meld has at least two cards and a canasta at least as many as a meld")
        if self.max_wilds < 0 or self.min_naturals < 0 or self.min_naturals > self.canasta_size:
            problems.append("the natural and wild card limits of a meld must be counts that fit in a canasta")
        if self.pile_existing_meld_max is not None and not 0 <= self.pile_existing_meld_max < self.canasta_size:
            problems.append("the largest meld a picked pair may join must be smaller than a canasta")
        if self.cards_dealt < 1:
            problems.append("every player is dealt at least one card")
        if self.min_naturals < 1 and not self.all_wild_melds:
            problems.append("melds need natural cards unless all-wild melds are allowed")
        if self.max_meld_size is not None and self.max_meld_size < self.canasta_size:
            problems.append("melds may not be capped below the size of a canasta")
        if self.wild_meld_may_open_alone and not self.all_wild_melds:
            problems.append("a wild-card opening needs all-wild melds")
        for kind in self.canasta_kinds:
            if kind not in SPECIAL_CANASTAS:
                problems.append(f"unknown canasta kind {kind!r}")
        if set(self.canasta_kinds) != set(CLASSIC_CANASTAS) and set(self.canasta_kinds) != set(SPECIAL_CANASTAS):
            problems.append("canasta kinds are either the classic two or all seven special ones")
        amounts = [
            self.joker_points, self.two_points, self.ace_points, self.high_points, self.low_points,
            self.black_three_points, self.red_three_in_hand_points, self.natural_canasta_bonus,
            self.mixed_canasta_bonus, self.sevens_canasta_bonus, self.aces_canasta_bonus,
            self.wild_twos_canasta_bonus, self.wild_jokers_canasta_bonus, self.wild_canasta_bonus,
            self.red_three_bonus, self.all_four_red_threes_bonus, self.going_out_bonus,
            self.concealed_extra_bonus, self.incomplete_sevens_penalty, self.incomplete_aces_penalty,
            self.incomplete_wild_penalty, self.sevens_in_hand_penalty, self.aces_in_hand_penalty,
            *self.threes_table, *(p.points for p in self.penalties),
        ]
        if any(a < 0 or a % 5 for a in amounts):
            problems.append("every card value, bonus and penalty must be a non-negative multiple of 5")
        if len(self.threes_table) != 5:
            problems.append("the threes table has one value for 0 to 4 threes")
        if problems:
            raise ValueError(f"profile {self.id!r} is inconsistent: " + "; ".join(problems))
        # Precomputed tables for the hot paths (not fields: they follow from the fields).
        values = {
            "JK": self.joker_points, "2": self.two_points, "A": self.ace_points,
            "K": self.high_points, "Q": self.high_points, "J": self.high_points, "10": self.high_points,
            "9": self.high_points, "8": self.high_points,
            "7": self.low_points, "6": self.low_points, "5": self.low_points, "4": self.low_points,
        }
        object.__setattr__(self, "_values", values)
        object.__setattr__(self, "_source_map", dict(self.sources))

    # -- card values -------------------------------------------------------------
    def card_points(self, card: Card) -> int:
        value = self._values.get(card.rank)
        if value is not None:
            return value
        return self.red_three_in_hand_points if card.is_red_three else self.black_three_points

    def cards_points(self, cards) -> int:
        values = self._values
        total = 0
        for card in cards:
            value = values.get(card.rank)
            total += value if value is not None else self.card_points(card)
        return total

    # -- the initial meld ------------------------------------------------------
    def minimum(self, score: int) -> int:
        """Initial-meld minimum of a side whose total before the deal is ``score`` (0 = none)."""
        if score < 0:
            return self.minimum_below_zero
        result = self.minimum_table[0][1]
        for bound, minimum in self.minimum_table:
            if score >= bound:
                result = minimum
            else:
                break
        return result

    # -- sources ---------------------------------------------------------------
    def cite(self, key: str) -> str:
        """``"bicycle: Melds"``: the document heading a rule comes from."""
        return self._source_map.get(key) or self._source_map.get("general") or f"{self.id}"

    def canasta_bonus(self, kind: str) -> int:
        return {
            "natural": self.natural_canasta_bonus, "mixed": self.mixed_canasta_bonus,
            "sevens": self.sevens_canasta_bonus, "aces": self.aces_canasta_bonus,
            "wild_twos": self.wild_twos_canasta_bonus, "wild_jokers": self.wild_jokers_canasta_bonus,
            "wild": self.wild_canasta_bonus,
        }[kind]

    def penalty(self, code: str) -> Penalty | None:
        for p in self.penalties:
            if p.code == code:
                return p
        return None

    # -- options ---------------------------------------------------------------
    def with_options(self, options: dict | None) -> "RuleProfile":
        """The profile with a club's options applied; raises UnknownOption."""
        if not options:
            return self
        if not isinstance(options, dict):
            raise UnknownOption("Options must be given as names with values.", field="options")
        known = {opt.name: opt for opt in profile_options(self)}
        changes: dict[str, Any] = {}
        for name, value in options.items():
            opt = known.get(name)
            if opt is None:
                names = ", ".join(sorted(known))
                raise UnknownOption(
                    f"The {self.id} rules have no option '{name}'. Options: {names}.", field=f"options.{name}"
                )
            changes.update(_apply_option(self, opt, value))
        return replace(self, **changes) if changes else self

    def option_values(self) -> dict[str, object]:
        return {opt.name: _OPTION_GET.get(opt.name, lambda p, n=opt.name: getattr(p, n))(self)
                for opt in profile_options(self)}


# --------------------------------------------------------------------------------------
# Options
# --------------------------------------------------------------------------------------

def _valid(opt: Option, value) -> bool:
    if opt.kind == "bool":
        return isinstance(value, bool)
    if opt.kind == "int":
        return isinstance(value, int) and not isinstance(value, bool) and value > 0 and value % 5 == 0
    return any(value == c and type(value) is type(c) for c in opt.choices)


def _apply_option(profile: RuleProfile, opt: Option, value) -> dict:
    if not _valid(opt, value):
        if opt.kind == "bool":
            allowed = "true or false"
        elif opt.kind == "int":
            allowed = "a positive multiple of 5"
        else:
            allowed = " or ".join(str(c) for c in opt.choices)
        raise UnknownOption(
            f"The option '{opt.name}' cannot be {value!r}; allowed: {allowed}.", field=f"options.{opt.name}"
        )
    setter = _OPTION_SET.get(opt.name)
    if setter is not None:
        return setter(profile, value)
    return {opt.name: value}


_OPTION_SET: dict[str, Callable[[RuleProfile, Any], dict]] = {
    "players": lambda p, v: {"players": v, "partnerships": v == 4, "cards_dealt": 11 if v == 4 else 15},
    "wilds_may_exceed_naturals": lambda p, v: {"wild_ratio": "none" if v else "not_more_wilds"},
    "individual_scoring": lambda p, v: {"partnerships": not v},
}
_OPTION_GET: dict[str, Callable[[RuleProfile], Any]] = {
    "wilds_may_exceed_naturals": lambda p: p.wild_ratio == "none",
    "individual_scoring": lambda p: not p.partnerships,
}

_TARGET_HELP = "The total a side must reach to win the game; any positive multiple of 5."


def _target(profile_id: str, default: int, source: str) -> Option:
    return Option("target", "Game target", "int", (), default, _TARGET_HELP, source, reading=False)


def _wild_cap(default: str, source: str) -> Option:
    return Option(
        "wild_cap_after_canasta", "Wild cards on a finished canasta", "choice", ("unlimited", "three"), default,
        "unlimited: once seven cards make a canasta, any number of further wild cards may join it "
        "(it then scores as mixed). three: no meld ever holds more than three wild cards.",
        source,
    )


def _one_per_rank(source: str) -> Option:
    return Option(
        "one_meld_per_rank", "One meld per rank for each side", "bool", (True, False), True,
        "yes: a side keeps a single meld of each rank and new cards of that rank join it. "
        "no: a side may lay a second, separate meld of a rank it already has.",
        source,
    )


def _black_three_effect(default: str, source: str) -> Option:
    return Option(
        "black_three_effect", "What a discarded black three does", "choice", ("freeze", "block_one_turn"), default,
        "freeze: a black three in the pile freezes it like a wild card, so it can only be taken with a natural "
        "pair. block_one_turn: it only stops the next player from taking the pile; once covered it has no effect.",
        source,
    )


def _black_three_melds(source: str) -> Option:
    return Option(
        "black_three_melds_without_wilds", "Black-three melds are three or four black threes only", "bool",
        (True, False), True,
        "yes: a meld of black threes, allowed only when going out, holds three or four black threes and no wild "
        "card. no: wild cards may join it under the usual limits.",
        source,
    )


def _complete_when_out(source: str) -> Option:
    return Option(
        "canastas_may_complete_when_going_out", "A canasta finished while going out counts", "bool", (True, False),
        True,
        "yes: the canastas needed to go out may be completed during the going-out turn itself. "
        "no: they must already be on the table before that turn.",
        source,
    )


def profile_options(profile: RuleProfile) -> tuple[Option, ...]:
    """The club options of ``profile``, ``target`` first."""
    return _OPTIONS[profile.id]


def _sources(pid: str, pairs: dict[str, str]) -> tuple[tuple[str, str], ...]:
    return tuple((k, f"{pid}: {v}") for k, v in pairs.items())


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
}

BICYCLE = RuleProfile(
    id="bicycle", name="Bicycle (Hoyle) rules", source="000 Canasta General Rules",
    target=5000, players=4, partnerships=True, cards_dealt=11, draw=1,
    upcard="turned; re-turned while it is a joker, a two or a three; the skipped cards remain under it",
    stock_exhaustion="forcing: once the stock is gone each player must take a discard that joins his side's melds; "
                     "play ends with the first player who cannot or declines to start a new meld",
    max_wilds=3, wild_ratio="none", wild_cap_after_canasta="unlimited", one_meld_per_rank=True,
    black_three_effect="freeze", minimum_below_zero=0,
    minimum_table=((0, 50), (1500, 90), (3000, 120)),
    concealed_exempt_from_minimum=True, one_card_pile_ban=True,
    penalties=(
        Penalty("undeclared-red-three", "Red three not laid down", 500, "bicycle: Red Threes"),
        Penalty("illegal-meld", "Illegal meld taken back", 100, "bicycle: Meld Restrictions"),
        Penalty("partial-withdrawal", "Part of an insufficient opening taken back", 100,
                "bicycle: Meld Restrictions"),
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
    id="yahoo", name="Yahoo! Games rules", source="001 How to Play Canasta",
    target=5000, players=4, partnerships=True, cards_dealt=11, draw=1,
    upcard="turned and never re-turned; a wild card or red three turned up freezes the pile",
    stock_exhaustion="play ends after the player who drew the last stock card finishes the turn; "
                     "nobody earns the going-out bonus",
    max_wilds=3, wild_ratio="not_more_wilds", wild_cap_after_canasta="three", one_meld_per_rank=True,
    black_three_effect="block_one_turn", minimum_below_zero=15,
    minimum_table=((0, 50), (1500, 90), (3000, 120)),
    top_card_layoff_onto_canasta=False, concealed_exempt_from_minimum=False,
    concealed_needs_canasta=False, concealed_allows_additions=True,
    sources=_sources("yahoo", _YAHOO_SOURCES),
)

_MAC_SOURCES = {
    "general": "Modern American Canasta", "players": "intro", "cards_dealt": "The Deal",
    "upcard": "Play", "draw": "Play", "card_values": "Card Values", "wild": "Types of Cards",
    "melds": "Melds", "canastas": "CANASTA", "sevens_aces": "SEVENS AND ACES", "wild_meld": "TWO OTHER WAYS",
    "black_threes": "THREES", "red_threes": "THREES", "minimum": "SCORING", "opening": "OPENING",
    "top_discard": "PICKING THE PACK", "pile": "PICKING THE PACK", "frozen": "Play",
    "going_out": "END OF PLAY", "scoring": "scoring (RULES.md §3.1, outside sources)",
    "rule_of_five": "Melds (rule of five: RULES.md §3.2, outside sources)", "target": "SCORING",
    "stock": "END OF PLAY",
}

MODERN_AMERICAN = RuleProfile(
    id="modern-american", name="Modern American Canasta", source="002 Modern American Canasta",
    target=8500, players=4, partnerships=True, cards_dealt=13, draw=1,
    upcard="none: the discard pile starts empty; the ninth card from the bottom is turned as the Turn Card",
    stock_exhaustion="play ends when the stock is gone",
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
        Penalty("incomplete-sevens", "Sevens meld not completed", 2500,
                "modern-american: scoring (RULES.md §3.1, outside sources)", derived=True),
        Penalty("incomplete-aces", "Pure aces meld not completed", 2500,
                "modern-american: scoring (RULES.md §3.1, outside sources)", derived=True),
        Penalty("incomplete-wild", "Wild-card meld not completed", 2000,
                "modern-american: scoring (RULES.md §3.1, outside sources)", derived=True),
        Penalty("sevens-in-hand", "Three or more sevens left in one hand", 1500,
                "modern-american: scoring (RULES.md §3.1, outside sources)", derived=True),
        Penalty("aces-in-hand", "Three or more aces left in one hand", 1500,
                "modern-american: scoring (RULES.md §3.1, outside sources)", derived=True),
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
    id="silhill", name="Silhill u3a rules", source="003 Silhill u3a Canasta Rules",
    target=5000, players=4, partnerships=True, cards_dealt=13, draw=1,
    upcard="turned; a joker, two or three is covered by a second card, and if that one is special too both go "
           "back and the pack is shuffled again",
    stock_exhaustion="play stops as soon as a player needs to draw from an empty stock; nobody earns the "
                     "going-out bonus",
    max_wilds=3, wild_ratio="more_naturals", wild_cap_after_canasta="three", one_meld_per_rank=True,
    black_three_effect="block_one_turn", red_three_freezes_pile=False, minimum_below_zero=0,
    minimum_table=((0, 50), (1500, 90), (3000, 120)),
    top_discard_counts_for_minimum=False, complete_canasta_waives="any", concealed_exempt_from_minimum=False,
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
}

CLASSIC = RuleProfile(
    id="classic", name="Classic Canasta", source="004 classic Canasta rules page",
    target=5000, players=4, partnerships=True, cards_dealt=11, draw=1,
    upcard="turned; re-turned while it is a joker or a two",
    stock_exhaustion="a red three as last card ends play; otherwise play goes on while each player takes the "
                     "discard, which is compulsory when it matches his side's meld and the pile is not frozen",
    max_wilds=3, wild_ratio="none", wild_cap_after_canasta="three", one_meld_per_rank=True,
    black_three_effect="block_one_turn", minimum_below_zero=15,
    minimum_table=((0, 50), (1500, 90), (3000, 120)),
    concealed_exempt_from_minimum=True, one_card_pile_ban=True,
    sources=_sources("classic", _CLASSIC_SOURCES),
)

PROFILES: dict[str, RuleProfile] = {
    p.id: p for p in (BICYCLE, YAHOO, MODERN_AMERICAN, SILHILL, CLASSIC)
}


def get_profile(id: str) -> RuleProfile:
    """The profile with this id; raises UnknownRules."""
    try:
        return PROFILES[id]
    except (KeyError, TypeError):
        known = ", ".join(PROFILES)
        raise UnknownRules(f"There are no rules called '{id}'. Choose one of: {known}.", field="rules") from None


_OPTIONS: dict[str, tuple[Option, ...]] = {
    "bicycle": (
        _target("bicycle", 5000, "bicycle: Scoring the Game"),
        _wild_cap("unlimited", "bicycle: Canastas (RULES.md §4 B-A1)"),
        Option("wilds_may_exceed_naturals", "Wild cards may outnumber natural cards", "bool", (True, False), True,
               "yes: any meld with at least two natural cards and at most three wild cards is fine, even two "
               "kings with three wild cards. no: a meld never holds more wild cards than natural cards.",
               "bicycle: Melds (RULES.md §4 B-A2)"),
        Option("pile_frozen_until_opened", "Pile frozen until the side has opened", "bool", (True, False), True,
               "yes: a side that has not yet made its first meld needs a natural pair matching the top card to "
               "take the pile. no: before opening, a natural card and a wild card may also take an unfrozen pile.",
               "bicycle: Taking the Pile (RULES.md §4 B-A4)"),
        _black_three_effect("freeze", "bicycle: Frozen Pile (RULES.md §4 B-A5)"),
        _black_three_melds("bicycle: Melds (RULES.md §4 B-A6)"),
        _one_per_rank("bicycle: Melds (RULES.md §4 B-A11)"),
    ),
    "yahoo": (
        _target("yahoo", 5000, "yahoo: Basics"),
        Option("players", "Players", "choice", (2, 4), 4,
               "4: two partnerships of two, 11 cards each. 2: each player alone, 15 cards each.",
               "yahoo: Basics", reading=False),
        Option("draw", "Cards drawn from the stock", "choice", (1, 2), 1,
               "1: draw one card each turn. 2: draw two cards and still discard one.",
               "yahoo: Playing at Yahoo", reading=False),
        Option("canastas_to_go_out", "Canastas needed to go out", "choice", (1, 2), 1,
               "How many canastas a side must have before one of its players may go out.",
               "yahoo: Playing at Yahoo"),
        Option("red_threes_negative_without_meld", "Red threes count against a side with no meld", "bool",
               (True, False), True,
               "yes: a side that melded nothing loses its red-three bonus instead of gaining it. "
               "no: red threes always score plus.", "yahoo: Canasta¶ (RULES.md §4 Y-A1)"),
        _black_three_effect("block_one_turn", "yahoo: Taking the Discard Pile (RULES.md §4 Y-A4, Y-A7)"),
        Option("top_card_layoff_onto_canasta", "Top card alone may go onto a canasta", "bool", (True, False), False,
               "no: the top card by itself may only be added to a meld that is not yet a canasta; with a natural "
               "pair it may still join a canasta. yes: it may be laid on a canasta too.",
               "yahoo: Taking the Discard Pile (RULES.md §4 Y-A5)"),
        Option("concealed_exempt_from_minimum", "Going out concealed skips the minimum", "bool", (True, False),
               False,
               "no: a player going out concealed must still reach the side's initial-meld minimum. yes: a "
               "concealed going out after drawing from the stock needs no minimum.",
               "yahoo: Initial Meld Req. (RULES.md §4 Y-A6)"),
    ),
    "modern-american": (
        _target("modern-american", 8500, "modern-american: SCORING"),
        Option("rule_of_five", "Rule of five", "bool", (True, False), False,
               "yes: after the opening, a wild card may only join a meld that already has five natural cards. "
               "no: wild cards may join any meld within the two-wild limit.",
               "modern-american: Melds (rule of five: RULES.md §3.2, outside sources)"),
        Option("melds_count_minus_without_canasta", "Melded cards count minus without a canasta", "bool",
               (True, False), True,
               "yes: a team that finishes a deal without any canasta loses the value of its melded cards. "
               "no: melded cards always count plus.",
               "modern-american: scoring (RULES.md §3.1, outside sources)"),
        Option("wild_meld_may_open_alone", "A wild-card meld may open without a pure meld", "bool", (True, False),
               True,
               "yes: a meld of twos and jokers worth the count may make the opening on its own. no: every "
               "opening needs a meld of at least three natural cards of one rank.",
               "modern-american: TWO OTHER WAYS (RULES.md §4 M-A7)"),
        Option("incomplete_mixed_aces_penalised", "Unfinished aces meld with wild cards is penalised", "bool",
               (True, False), False,
               "no: only an unfinished aces meld without wild cards costs the aces penalty; one that took wild "
               "cards at the opening is an ordinary meld. yes: both cost the penalty.",
               "modern-american: SEVENS AND ACES (RULES.md §4 M-A6)"),
        _complete_when_out("modern-american: END OF PLAY (RULES.md §4 M-A12)"),
    ),
    "silhill": (
        _target("silhill", 5000, "silhill: §6f"),
        Option("opening_per_player", "Each player makes an opening", "bool", (True, False), False,
               "no: the minimum applies to the side's first meld and then both partners meld freely. yes: each "
               "player's own first meld must reach the minimum.", "silhill: §5d (RULES.md §4 S-A1)"),
        Option("individual_scoring", "Everyone scores alone", "bool", (True, False), False,
               "no: two partnerships of two. yes: each player is a side of his own.",
               "silhill: §1 (RULES.md §4 S-A1)", reading=False),
        Option("wild_ratio", "Wild cards against natural cards", "choice", ("more_naturals", "not_more_wilds"),
               "more_naturals",
               "more_naturals: every meld holds more natural cards than wild cards, so two kings and two twos "
               "is not allowed. not_more_wilds: as many wild cards as natural cards is fine.",
               "silhill: §7a (RULES.md §4 S-A2)"),
        Option("top_discard_counts_for_minimum", "Top discard counts toward the minimum", "bool", (True, False),
               False,
               "no: when opening by taking the pile, only cards from the hand count toward the minimum. yes: the "
               "top card of the pile counts too.", "silhill: §5e (RULES.md §4 S-A4)"),
        Option("canasta_waiver_with_pile", "A finished canasta waives the minimum when taking the pile", "bool",
               (True, False), True,
               "yes: laying down a complete canasta removes the minimum, also when the pile is taken. no: the "
               "waiver only applies to melds made from the hand alone.", "silhill: §5d (RULES.md §4 S-A5)"),
        Option("all_four_red_threes_negative", "Four red threes of a side with no meld", "choice", (800, 400), 800,
               "800: a side without melds loses what four red threes would have earned. 400: it loses 100 for "
               "each one.", "silhill: §6c (RULES.md §4 S-A6)"),
        _black_three_melds("silhill: §7d (RULES.md §4 S-A8)"),
        Option("red_three_freezes_pile", "A red three under the top card freezes the pile", "bool", (True, False),
               False,
               "no: a three turned up at the start and then covered has no effect on the pile; only wild cards "
               "freeze it. yes: a red three anywhere in the pile freezes it like a wild card.",
               "silhill: §4f, §7b (RULES.md §4 S-A11)"),
        _complete_when_out("silhill: §7c (RULES.md §4 S-A9)"),
        _one_per_rank("silhill: §7a (RULES.md §2.1 one meld per rank)"),
    ),
    "classic": (
        _target("classic", 5000, "classic: Scoring a Game"),
        _black_three_effect("block_one_turn", "classic: Freezing (RULES.md §4 C-A1)"),
        Option("natural_and_wild_takes_pile", "A natural card and a wild card may take the pile", "bool",
               (True, False), True,
               "yes: while nothing freezes the pile, one natural card plus one wild card from the hand may go "
               "with the top card to take it. no: only a natural pair, or adding the top card to a meld, takes it.",
               "classic: Taking the Discard Pile (RULES.md §4 C-A5)"),
        _wild_cap("three", "classic: Melds¶ (RULES.md §4 C-A6)"),
        _one_per_rank("classic: Melds¶ (RULES.md §4 C-A8)"),
    ),
}

_PARAMETERS: tuple[tuple[str, str, str], ...] = (
    ("target", "Game target", "target"),
    ("players", "Players", "players"),
    ("partnerships", "Played in partnerships", "players"),
    ("cards_dealt", "Cards dealt to each player", "cards_dealt"),
    ("draw", "Cards drawn each turn", "draw"),
    ("upcard", "First card of the pile", "upcard"),
    ("stock_exhaustion", "When the stock runs out", "stock"),
    ("joker_points", "Joker", "card_values"),
    ("two_points", "Two", "card_values"),
    ("ace_points", "Ace", "card_values"),
    ("high_points", "King to eight", "card_values"),
    ("low_points", "Seven to four", "card_values"),
    ("black_three_points", "Black three left in hand", "card_values"),
    ("min_meld_size", "Fewest cards in a meld", "melds"),
    ("min_naturals", "Fewest natural cards in a meld", "melds"),
    ("max_wilds", "Most wild cards in a meld", "melds"),
    ("wild_ratio", "Wild cards against natural cards", "melds"),
    ("all_wild_melds", "Melds of wild cards only", "melds"),
    ("max_meld_size", "Largest meld", "canastas"),
    ("one_meld_per_rank", "One meld per rank for each side", "melds"),
    ("dead_ranks", "A finished canasta closes its rank", "canastas"),
    ("rule_of_five", "Rule of five", "rule_of_five"),
    ("wild_cap_after_canasta", "Wild cards on a finished canasta", "canastas"),
    ("sevens_no_wilds", "Sevens never take wild cards", "sevens_aces"),
    ("aces_wilds_only_at_opening", "Aces take wild cards only in the opening", "sevens_aces"),
    ("black_threes_meld", "When black threes may be melded", "black_threes"),
    ("black_three_melds_without_wilds", "Black-three melds without wild cards", "black_threes"),
    ("canasta_size", "Cards in a canasta", "canastas"),
    ("natural_canasta_bonus", "Natural canasta", "canastas"),
    ("mixed_canasta_bonus", "Mixed canasta", "canastas"),
    ("sevens_canasta_bonus", "Canasta of sevens", "scoring"),
    ("aces_canasta_bonus", "Canasta of aces", "scoring"),
    ("wild_twos_canasta_bonus", "Canasta of seven twos", "scoring"),
    ("wild_jokers_canasta_bonus", "Canasta of four jokers and three twos", "scoring"),
    ("wild_canasta_bonus", "Other wild-card canasta", "scoring"),
    ("threes_scoring", "How threes score", "red_threes"),
    ("red_three_bonus", "Each red three", "red_threes"),
    ("all_four_red_threes_bonus", "All four red threes", "red_threes"),
    ("red_threes_negative_without_meld", "Red threes count minus without a meld", "red_threes"),
    ("black_three_effect", "What a discarded black three does", "frozen"),
    ("red_three_freezes_pile", "A red three under the top card freezes the pile", "frozen"),
    ("minimum_below_zero", "Initial-meld minimum below zero", "minimum"),
    ("minimum_table", "Initial-meld minimum from each total", "minimum"),
    ("opening_per_player", "Each player makes an opening", "minimum"),
    ("top_discard_counts_for_minimum", "Top discard counts toward the minimum", "top_discard"),
    ("pair_only_pickup_counts", "A pair taken with the pile counts toward the minimum", "top_discard"),
    ("complete_canasta_waives", "A finished canasta waives the minimum", "minimum"),
    ("concealed_exempt_from_minimum", "Going out concealed skips the minimum", "concealed"),
    ("opening_requires_pure_meld", "The opening needs a meld of natural cards", "opening"),
    ("wild_meld_may_open_alone", "A wild-card meld may open alone", "wild_meld"),
    ("pile_frozen_until_opened", "Pile frozen until the side has opened", "pile"),
    ("pile_always_needs_natural_pair", "Taking the pile always needs a natural pair", "pile"),
    ("natural_and_wild_takes_pile", "A natural and a wild card may take the pile", "pile"),
    ("top_card_layoff", "Top card may go onto a meld on the table", "pile"),
    ("top_card_layoff_onto_canasta", "Top card alone may go onto a canasta", "pile"),
    ("pile_existing_meld_max", "Largest meld a picked pair may join", "pile"),
    ("only_cards_above_wild", "Only the cards above a wild card are taken", "frozen"),
    ("one_card_pile_ban", "A one-card pile may not be taken with one card in hand", "one_card_pile"),
    ("canastas_to_go_out", "Canastas needed to go out", "going_out"),
    ("canastas_may_complete_when_going_out", "A canasta finished while going out counts", "going_out"),
    ("discard_required_to_go_out", "Going out needs a last discard", "going_out"),
    ("threes_may_be_last_discard", "A three may be the last discard", "going_out"),
    ("going_out_bonus", "Going out", "scoring"),
    ("concealed_extra_bonus", "Extra for going out concealed", "concealed"),
    ("concealed_needs_canasta", "A concealed hand holds a canasta of its own", "concealed"),
    ("concealed_allows_additions", "Adding to the partner's melds keeps going out concealed", "concealed"),
    ("melds_count_minus_without_canasta", "Melded cards count minus without a canasta", "scoring"),
    ("incomplete_sevens_penalty", "Unfinished sevens meld", "scoring"),
    ("incomplete_aces_penalty", "Unfinished aces meld", "scoring"),
    ("incomplete_wild_penalty", "Unfinished wild-card meld", "scoring"),
    ("sevens_in_hand_penalty", "Three or more sevens in one hand", "scoring"),
    ("aces_in_hand_penalty", "Three or more aces in one hand", "scoring"),
)


def profile_parameters(profile: RuleProfile) -> list[dict]:
    """Every parameter with its plain label, value and source, for GET /api/v1/rules/{id}."""
    result = []
    for name, label, key in _PARAMETERS:
        value = getattr(profile, name)
        if isinstance(value, tuple):
            value = [list(v) if isinstance(v, tuple) else v for v in value]
        result.append({"name": name, "label": label, "value": value, "source": profile.cite(key)})
    return result


def _check_options_cover_fields() -> None:
    names = {f.name for f in fields(RuleProfile)}
    for pid, options in _OPTIONS.items():
        for opt in options:
            if opt.name not in names and opt.name not in _OPTION_SET:
                raise ValueError(f"option {opt.name!r} of {pid!r} changes no field")
            value = _OPTION_GET.get(opt.name, lambda p, n=opt.name: getattr(p, n))(PROFILES[pid])
            if value != opt.default:
                raise ValueError(f"option {opt.name!r} of {pid!r}: default {opt.default!r} != profile {value!r}")


_check_options_cover_fields()

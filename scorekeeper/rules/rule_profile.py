"""RuleProfile: one frozen dataclass whose fields are every difference between the rule documents.

The class describes itself. Each rule field carries, in ``dataclasses.field(metadata=...)``, its plain
label, the key of the heading it is cited from (``profile.cite(key)``) and the topic of the rules pages
it belongs to; a field with a fixed set of values is typed ``Literal[...]``, and one routine
(``_field_problems``) checks every such field, every amount of points and every club option against that
description. The parameter list of the API (``profile_parameters``), the rules pages (``explain``), the
OpenAPI schema and ``docs/RULES.md`` are all written from it.

A profile carries its own club options (``options``); a new club is one more instance (``profiles.py``).
The engine reads fields and never looks at a profile's id.
"""
from __future__ import annotations

import typing
from dataclasses import dataclass, field, fields, replace
from functools import cache
from types import SimpleNamespace
from typing import Any, Literal

from .cards import Card
from .consistency import consistency_problems
from .errors import UnknownOption
from .kinds import (  # noqa: F401  (the kinds of canasta, part of this module's interface)
    ALL_CANASTAS, CLASSIC_CANASTAS, SEQUENCE_CANASTAS, SPECIAL_CANASTAS, WILD_CANASTAS, CanastaKind,
)
from .options import Option, without_retired
from .i18n import N_, _

#: The topics of the rules pages, in the order a page shows them; every rule field names one.
TOPICS: tuple[tuple[str, str], ...] = (
    ("cards", N_("Cards and values")),
    ("melds", N_("Melds")),
    ("canastas", N_("Canastas")),
    ("threes", N_("Threes")),
    ("initial_meld", N_("The initial meld")),
    ("pile", N_("Taking the pile")),
    ("going_out", N_("Going out")),
    ("scoring", N_("Scoring")),
    ("game", N_("The game")),
)

WildRatio = Literal["none", "not_more_wilds", "more_naturals"]
WildCap = Literal["unlimited", "three", "closed", "naturals_only"]
BlackThreesMeld = Literal["going_out", "never"]
BlackThreeEffect = Literal["freeze", "block_one_turn", "not_discarded"]
ThreesScoring = Literal["red_each", "per_colour"]
ThreesSignBy = Literal["melds", "canastas", "going_out_canastas"]
CanastaWaiver = Literal["none", "natural", "any"]
TeamUp = Literal["standard", "cut_throat", "two_teams"]
CanastaName = Literal["canasta", "book"]


def rule(default, label: str, source: str, topic: str, *, points: bool = False):
    """A rule field: its default, plain label, the source key it is cited from and its rules-page topic.
    ``points``: an amount of points (card value, bonus, penalty), a non-negative multiple of 5."""
    return field(default=default, metadata={"label": label, "source": source, "topic": topic, "points": points})


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
class RuleProfile:
    # identity (not rules: no metadata)
    id: str
    name: str
    source: str
    # the table
    target: int = rule(5000, N_("Game target"), "target", "game")
    deals_in_game: int = rule(0, N_("Deals in a game (0: play to the target)"), "format", "game")
    players: Literal[2, 3, 4, 5, 6] = rule(4, N_("Players"), "players", "game")
    partnerships: bool = rule(True, N_("Played in partnerships"), "players", "game")
    teams: TeamUp = rule("standard", N_("How the players team up"), "players", "game")
    trio_sits_out: bool = rule(False, N_("One player of a team of three sits out each deal"), "players", "game")
    packs: Literal[2, 3, 4, 5, 6] = rule(2, N_("Packs of 52 cards (with two jokers each)"), "packs", "game")
    cards_dealt: int = rule(11, N_("Cards dealt to each player"), "cards_dealt", "game")
    foot_cards: int = rule(0, N_("Cards dealt to each player's foot (0: no foot)"), "foot", "game")
    draw: Literal[1, 2] = rule(1, N_("Cards drawn each turn"), "draw", "game")
    upcard: str = rule(N_("turned; re-turned while it is a joker, a two or a three"), N_("First card of the pile"),
                       "upcard", "game")
    stock_exhaustion: str = rule("", N_("When the stock runs out"), "stock", "game")
    # card values (hand cards count minus, melded cards plus)
    joker_points: int = rule(50, N_("Joker"), "card_values", "cards", points=True)
    two_points: int = rule(20, N_("Two"), "card_values", "cards", points=True)
    ace_points: int = rule(20, N_("Ace"), "card_values", "cards", points=True)
    high_points: int = rule(10, N_("King to eight"), "card_values", "cards", points=True)
    eight_nine_points: int = rule(10, N_("Nine and eight"), "card_values", "cards", points=True)
    low_points: int = rule(5, N_("Seven to four"), "card_values", "cards", points=True)
    black_three_points: int = rule(5, N_("Black three left in hand"), "card_values", "cards", points=True)
    black_three_melded_points: int = rule(5, N_("Black three melded when going out"), "black_threes", "cards",
                                          points=True)
    red_three_in_hand_points: int = rule(0, N_("Red three left in hand"), "card_values", "cards", points=True)
    # melds
    min_meld_size: int = rule(3, N_("Fewest cards in a meld"), "melds", "melds")
    min_naturals: int = rule(2, N_("Fewest natural cards in a meld"), "melds", "melds")
    max_wilds: int = rule(3, N_("Most wild cards in a meld"), "melds", "melds")
    wild_ratio: WildRatio = rule("none", N_("Wild cards against natural cards"), "melds", "melds")
    all_wild_melds: bool = rule(False, N_("Melds of wild cards only"), "melds", "melds")
    max_meld_size: int | None = rule(None, N_("Largest meld"), "canastas", "melds")
    one_meld_per_rank: bool = rule(True, N_("One meld per rank for each side"), "melds", "melds")
    dead_ranks: bool = rule(False, N_("A finished canasta closes its rank"), "canastas", "canastas")
    rule_of_five: bool = rule(False, N_("Rule of five"), "rule_of_five", "melds")
    rule_of_five_naturals: int = rule(5, N_("Natural cards a meld needs before the rule of five lets a wild card join"),
                                      "rule_of_five", "melds")
    wild_cap_after_canasta: WildCap = rule("three", N_("Wild cards on a finished canasta"), "canastas", "canastas")
    sevens_no_wilds: bool = rule(False, N_("Sevens never take wild cards"), "sevens_aces", "melds")
    aces_wilds_only_at_opening: bool = rule(False, N_("Aces take wild cards only in the opening"), "sevens_aces",
                                            "melds")
    wild_meld_blocks_other_wilds: bool = rule(False, N_("An unfinished wild-card meld keeps wild cards off other melds"),
                                              "wild_meld", "melds")
    black_threes_meld: BlackThreesMeld = rule("going_out", N_("When black threes may be melded"), "black_threes",
                                              "threes")
    black_three_melds_without_wilds: bool = rule(True, N_("Black-three melds without wild cards"), "black_threes",
                                                 "threes")
    black_threes_in_hand_apart: bool = rule(False, N_("Black threes left in hand are counted on their own"),
                                            "black_threes", "threes")
    # canastas
    canasta_size: int = rule(7, N_("Cards in a canasta"), "canastas", "canastas")
    canasta_name: CanastaName = rule("canasta", N_("What the rules call a canasta"), "canastas", "canastas")
    canasta_kinds: tuple[CanastaKind, ...] = rule(CLASSIC_CANASTAS, N_("Kinds of canasta"), "canastas", "canastas")
    natural_canasta_bonus: int = rule(500, N_("Natural canasta"), "canastas", "canastas", points=True)
    mixed_canasta_bonus: int = rule(300, N_("Mixed canasta"), "canastas", "canastas", points=True)
    sevens_canasta_bonus: int = rule(0, N_("Canasta of sevens"), "scoring", "canastas", points=True)
    aces_canasta_bonus: int = rule(0, N_("Canasta of aces"), "scoring", "canastas", points=True)
    wild_twos_canasta_bonus: int = rule(0, N_("Canasta of seven twos"), "scoring", "canastas", points=True)
    wild_jokers_canasta_bonus: int = rule(0, N_("Canasta of four jokers and three twos"), "scoring", "canastas",
                                          points=True)
    wild_canasta_bonus: int = rule(0, N_("Other wild-card canasta"), "scoring", "canastas", points=True)
    samba_canasta_bonus: int = rule(0, N_("Samba (a sequence of seven)"), "sequences", "canastas", points=True)
    escalera_canasta_bonus: int = rule(0, N_("Escalera (a sequence of seven)"), "sequences", "canastas",
                                       points=True)
    bolivia_canasta_bonus: int = rule(0, N_("Bolivia (seven wild cards)"), "canastas", "canastas", points=True)
    closed_canasta_kinds: tuple[CanastaKind, ...] = rule((), N_("Canastas that take no more cards once finished"),
                                                         "canastas", "canastas")
    # threes
    threes_scoring: ThreesScoring = rule("red_each", N_("How threes score"), "red_threes", "threes")
    red_three_bonus: int = rule(100, N_("Each red three"), "red_threes", "threes", points=True)
    all_four_red_threes_bonus: int = rule(800, N_("All four red threes"), "red_threes", "threes", points=True)
    five_red_threes_bonus: int = rule(1000, N_("Five red threes (three packs)"), "packs", "threes", points=True)
    six_red_threes_bonus: int = rule(1200, N_("Six red threes (three packs)"), "packs", "threes", points=True)
    threes_table: tuple[int, ...] = rule((0, 100, 300, 500, 1000), N_("Threes of one colour, for none to four"),
                                         "red_threes", "threes", points=True)
    threes_sign_by: ThreesSignBy = rule("melds", N_("What makes threes count minus"), "red_threes", "threes")
    red_threes_negative_without_meld: bool = rule(True, N_("Red threes count minus without a meld"), "red_threes",
                                                  "threes")
    all_four_red_threes_negative: Literal[400, 800] = rule(800, N_("Four red threes of a side with no meld"),
                                                          "red_threes", "threes")
    black_three_effect: BlackThreeEffect = rule("freeze", N_("What a discarded black three does"), "frozen", "threes")
    red_three_freezes_pile: bool = rule(True, N_("A red three under the top card freezes the pile"), "frozen", "pile")
    # the initial meld
    minimum_below_zero: int = rule(0, N_("Initial-meld minimum below zero"), "minimum", "initial_meld", points=True)
    minimum_table: tuple[tuple[int, int], ...] = rule(((0, 50), (1500, 90), (3000, 120)),
                                                      N_("Initial-meld minimum from each total"), "minimum",
                                                      "initial_meld")
    minimum_by_deal: tuple[int, ...] = rule((), N_("Initial-meld minimum by deal number"), "format",
                                            "initial_meld", points=True)
    opening_per_player: bool = rule(False, N_("Each player makes an opening"), "minimum", "initial_meld")
    top_discard_counts_for_minimum: bool = rule(True, N_("Top discard counts toward the minimum"), "top_discard",
                                                "initial_meld")
    pair_only_pickup_counts: bool = rule(True, N_("A pair taken with the pile counts toward the minimum"),
                                         "top_discard", "initial_meld")
    complete_canasta_waives: CanastaWaiver = rule("none", N_("A finished canasta waives the minimum"), "minimum",
                                                  "initial_meld")
    canasta_waiver_with_pile: bool = rule(True, N_("A finished canasta waives the minimum when taking the pile"),
                                          "minimum", "initial_meld")
    concealed_exempt_from_minimum: bool = rule(False, N_("Going out concealed skips the minimum"), "concealed",
                                               "initial_meld")
    opening_requires_pure_meld: bool = rule(False, N_("The opening needs a meld of natural cards"), "opening",
                                            "initial_meld")
    pure_meld_min_cards: int = rule(3, N_("Natural cards in that meld of the opening"), "opening", "initial_meld")
    wild_meld_may_open_alone: bool = rule(False, N_("A wild-card meld may open alone"), "wild_meld", "initial_meld")
    # taking the pile
    pile_frozen_until_opened: bool = rule(True, N_("Pile frozen until the side has opened"), "pile", "pile")
    pile_always_needs_natural_pair: bool = rule(False, N_("Taking the pile always needs a natural pair"), "pile", "pile")
    natural_and_wild_takes_pile: bool = rule(True, N_("A natural and a wild card may take the pile"), "pile", "pile")
    top_card_layoff: bool = rule(True, N_("Top card may go onto a meld on the table"), "pile", "pile")
    top_card_layoff_onto_canasta: bool = rule(True, N_("Top card alone may go onto a canasta"), "pile", "pile")
    pile_existing_meld_max: int | None = rule(None, N_("Largest meld a picked pair may join"), "pile", "pile")
    only_cards_above_wild: bool = rule(False, N_("Only the cards above a wild card are taken"), "frozen", "pile")
    one_card_pile_ban: bool = rule(False, N_("A one-card pile may not be taken with one card in hand"),
                                   "one_card_pile", "pile")
    pile_take_count: int = rule(0, N_("Cards taken from the pile, the top one included (0: the whole pile)"),
                                "pile", "pile")
    # going out
    canastas_to_go_out: Literal[1, 2, 3, 4, 5, 6] = rule(1, N_("Canastas needed to go out"), "going_out",
                                                         "going_out")
    canastas_of_kind_to_go_out: tuple[tuple[CanastaKind, int], ...] = rule(
        (), N_("Canastas of a kind needed to go out"), "going_out", "going_out")
    canastas_may_complete_when_going_out: bool = rule(True, N_("A canasta finished while going out counts"),
                                                      "going_out", "going_out")
    discard_required_to_go_out: bool = rule(False, N_("Going out needs a last discard"), "going_out", "going_out")
    threes_may_be_last_discard: bool = rule(False, N_("A three may be the last discard"), "going_out", "going_out")
    going_out_bonus: int = rule(100, N_("Going out"), "scoring", "going_out", points=True)
    concealed_extra_bonus: int = rule(100, N_("Extra for going out concealed"), "concealed", "going_out", points=True)
    concealed_allowed: bool = rule(True, N_("Going out concealed is possible"), "concealed", "going_out")
    concealed_needs_canasta: bool = rule(True, N_("A concealed hand holds a canasta of its own"), "concealed",
                                         "going_out")
    concealed_allows_additions: bool = rule(False, N_("Adding to the partner's melds keeps going out concealed"),
                                            "concealed", "going_out")
    # deal scoring
    melds_count_minus_without_canasta: bool = rule(False, N_("Melded cards count minus without a canasta"),
                                                   "scoring", "scoring")
    incomplete_sevens_penalty: int = rule(0, N_("Unfinished sevens meld"), "scoring", "scoring", points=True)
    incomplete_aces_penalty: int = rule(0, N_("Unfinished aces meld"), "scoring", "scoring", points=True)
    incomplete_mixed_aces_penalised: bool = rule(False, N_("Unfinished aces meld with wild cards is penalised"),
                                                 "scoring", "scoring")
    incomplete_wild_penalty: int = rule(0, N_("Unfinished wild-card meld"), "scoring", "scoring", points=True)
    sevens_in_hand_penalty: int = rule(0, N_("Three or more sevens in one hand"), "scoring", "scoring", points=True)
    aces_in_hand_penalty: int = rule(0, N_("Three or more aces in one hand"), "scoring", "scoring", points=True)
    # what a club may switch, what may be charged, and where each rule is written (not rules: no metadata)
    options: tuple[Option, ...] = ()
    penalties: tuple[Penalty, ...] = ()
    #: The heading each source key is cited from: ``(("melds", "bicycle: Melds"), ...)``.
    sources: tuple[tuple[str, str], ...] = ()

    def __post_init__(self):
        # The profile's own checks find mistakes in the code of a profile, never in a person's choice: every club
        # option is checked before it is applied, and no combination of them reaches these (the test
        # test_every_combination_of_club_options_is_consistent). So their words are for programmers.
        problems = _field_problems(self) or consistency_problems(self)  # the second needs well-typed fields
        if problems:
            raise ValueError(f"profile {self.id!r} is inconsistent: " + "; ".join(problems))  # i18n: not for people
        # Precomputed tables for the hot paths (not fields: they follow from the fields).
        values = {
            "JK": self.joker_points, "2": self.two_points, "A": self.ace_points,
            "K": self.high_points, "Q": self.high_points, "J": self.high_points, "10": self.high_points,
            "9": self.eight_nine_points, "8": self.eight_nine_points,
            "7": self.low_points, "6": self.low_points, "5": self.low_points, "4": self.low_points,
        }
        object.__setattr__(self, "_values", values)
        object.__setattr__(self, "_source_map", dict(self.sources))
        object.__setattr__(self, "_special", set(self.canasta_kinds) == set(SPECIAL_CANASTAS))

    # -- the table ----------------------------------------------------------------
    @property
    def side_sizes(self) -> tuple[int, ...]:
        """How many players each side of the game has: (2, 2) for two partnerships, (1, 1, 1) for three players
        alone or cut-throat (each player keeps a score of his own), (2, 3) for five, (2, 2, 2) or (3, 3) for six
        (docs/RULES.md §5). The one answer the new-game form, the import and every other place that seats
        players ask."""
        if not self.partnerships:
            return (1,) * self.players
        if self.players == 5:
            return (2, 3)
        if self.players == 6:
            return (3, 3) if self.teams == "two_teams" else (2, 2, 2)
        return (self.players // 2,) * 2

    @property
    def cut_throat(self) -> bool:
        """Three players, the first to take the pile alone against the other two for that deal."""
        return self.teams == "cut_throat"

    @property
    def red_threes_in_pack(self) -> int:
        return 2 * self.packs

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

    def melded_points(self, cards) -> int:
        """What melded cards count: their values, a black three melded when going out at its own value where the
        rules give one (Bolivia: 5 melded, 100 left in a hand)."""
        total = self.cards_points(cards)
        if self.black_three_melded_points != self.black_three_points:
            black = sum(1 for card in cards if card.rank == "3" and card.suit not in ("H", "D"))
            total += black * (self.black_three_melded_points - self.black_three_points)
        return total

    # -- canastas ----------------------------------------------------------------
    @property
    def special_canastas(self) -> bool:
        """Sevens, aces and wild-card canastas are kinds of their own (with their own bonuses and penalties)."""
        return self._special

    def canasta_bonus(self, kind: str) -> int:
        return getattr(self, f"{kind}_canasta_bonus")

    @property
    def sequences(self) -> bool:
        """Sequences of one suit are melded (Samba, Bolivia): the profile counts a sequence canasta among its kinds."""
        return self.sequence_kind is not None

    @property
    def sequence_kind(self) -> str | None:
        """The kind a finished sequence of one suit scores as ("samba", "escalera"), where sequences are melded."""
        return next((k for k in self.canasta_kinds if k in SEQUENCE_CANASTAS), None)

    @property
    def wild_kind(self) -> str | None:
        """The kind a canasta of wild cards only scores as, outside modern-american's special kinds ("bolivia",
        "wild")."""
        return next((k for k in self.canasta_kinds if k in WILD_CANASTAS), None)

    def red_threes_value(self, count: int, against: bool = False) -> int:
        """What ``count`` red threes laid out by one side are worth (positive), counted for it or, with
        ``against``, against it: 100 each; with two packs all four make 800 (or, against a side, the club's 400
        or 800); with three packs five and six have values of their own (RG-6; BCA-S: all six 1,000)."""
        if count == 4 and self.red_threes_in_pack == 4:
            return self.all_four_red_threes_negative if against else self.all_four_red_threes_bonus
        if self.red_threes_in_pack == 6 and count >= 5:
            return self.five_red_threes_bonus if count == 5 else self.six_red_threes_bonus
        return count * self.red_three_bonus

    # -- the initial meld ------------------------------------------------------
    def minimum(self, score: int, deal: int | None = None) -> int:
        """Initial-meld minimum of a side whose total before the deal is ``score`` (0 = none). Where the club's
        minimum follows the deal number (``minimum_by_deal``: 125, 155, 180 for deals 1, 2, 3, the last for every
        later deal), ``deal`` (1 for the first) chooses it; without a deal number the total decides."""
        if self.minimum_by_deal and deal is not None and deal >= 1:
            return self.minimum_by_deal[min(deal, len(self.minimum_by_deal)) - 1]
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

    def penalty(self, code: str) -> Penalty | None:
        for p in self.penalties:
            if p.code == code:
                return p
        return None

    # -- options ---------------------------------------------------------------
    def with_options(self, options: dict | None) -> "RuleProfile":
        """The profile with a club's options applied; raises UnknownOption.

        The table's options (``Option.table``: the number of players, how they team up) go first, in the
        order the profile lists them, since they set the draw, the canastas to go out and the target of that
        table; every other option follows and so stands over them. An option that only means something at
        some tables (``Option.applies``) is refused with any other value than its default elsewhere. A withdrawn
        option (``options.RETIRED_OPTIONS``) is passed over, whatever its value, so what was saved with it opens."""
        if not options:
            return self
        if not isinstance(options, dict):
            raise UnknownOption(_("Options must be given as names with values."), field="options")
        known = {opt.name: opt for opt in self.options}
        options = without_retired(options)
        for name in options:
            if name not in known:
                names = ", ".join(sorted(known))
                raise UnknownOption(_("The %(rules)s rules have no option '%(name)s'. Options: %(names)s.",
                                      rules=self.id, name=name, names=names), field=f"options.{name}")
        order = list(self.options)
        given = sorted(options, key=lambda n: order.index(known[n]) if known[n].table else len(order))
        changes: dict[str, Any] = {}
        for name in given:
            changes.update(known[name].changes(options[name]))
        _refuse_misplaced(self, known, options, changes)
        return replace(self, **changes) if changes else self

    def read_options(self, values: dict) -> dict:
        """Option values given as text (a form, a link, the command line) read as the engine wants them;
        unknown names and unreadable text are kept as they are for ``with_options`` to refuse."""
        known = {opt.name: opt for opt in self.options}
        return {name: known[name].read(value) if name in known else value for name, value in values.items()}

    def option_values(self) -> dict[str, object]:
        return {opt.name: opt.value_of(self) for opt in self.options}


def _refuse_misplaced(profile: RuleProfile, known: dict, options: dict, changes: dict) -> None:
    """Refuse an option given a value other than its default at a table it does not apply to (cut-throat for
    four players, two teams of three for three)."""
    view = SimpleNamespace(**{f.name: getattr(profile, f.name) for f in fields(RuleProfile)})
    for name, value in changes.items():
        setattr(view, name, value)
    for name, value in options.items():
        opt = known[name]
        if opt.applies is not None and opt.read(value) != opt.default and not opt.applies(view):
            raise UnknownOption(_("The option '%(name)s' applies only %(when)s.", name=name,
                                  when=_(opt.applies_words)), field=f"options.{name}")


# --------------------------------------------------------------------------------------
# The description, read back
# --------------------------------------------------------------------------------------

def rule_fields() -> tuple:
    """The fields that are rules (they carry a label, a source key and a topic), in declaration order."""
    return tuple(f for f in fields(RuleProfile) if "label" in f.metadata)


@cache
def _hints() -> dict[str, Any]:
    return typing.get_type_hints(RuleProfile)


def field_choices(name: str) -> tuple:
    """The fixed values a field may take (from its ``Literal`` type), or () when it is not a fixed set."""
    hint = _hints()[name]
    if typing.get_origin(hint) is tuple:
        hint = typing.get_args(hint)[0]
    return typing.get_args(hint) if typing.get_origin(hint) is Literal else ()


def _is_one_of(value, choices: tuple) -> bool:
    return any(value == c and type(value) is type(c) for c in choices)


def _field_problems(p: RuleProfile) -> list[str]:
    """Every field against its own description: fixed choices, amounts of points, club options, sources."""
    problems = []
    for f in rule_fields():
        value = getattr(p, f.name)
        choices = field_choices(f.name)
        items = value if isinstance(value, tuple) else (value,)
        if choices and not all(_is_one_of(v, choices) for v in items):
            problems.append(f"{f.metadata['label'].lower()} cannot be {value!r}")  # i18n: not for people
        if f.metadata["points"] and any(v < 0 or v % 5 for v in items):
            problems.append(
                "every card value, bonus and penalty must be a non-negative multiple of 5")  # i18n: not for people
    if any(pen.points < 0 or pen.points % 5 for pen in p.penalties):
        problems.append(
            "every card value, bonus and penalty must be a non-negative multiple of 5")  # i18n: not for people
    names = {f.name for f in fields(RuleProfile)}
    for opt in p.options:
        if opt.to_fields is None and opt.name not in names or opt.field_name not in names:
            problems.append(f"the option {opt.name!r} changes no field")  # i18n: not for people
    cited = [s for _, s in p.sources] + [o.source for o in p.options] + [pen.source for pen in p.penalties]
    if any(not s.startswith(f"{p.id}:") for s in cited):
        problems.append(
            "every source cites the profile's own document (a club keeps its profile's id)")  # i18n: not for people
    return problems


def _json_value(value):
    if isinstance(value, tuple):
        return [list(v) if isinstance(v, tuple) else v for v in value]
    return value


def profile_parameters(profile: RuleProfile) -> list[dict]:
    """Every rule field with its plain label, value and source, for GET /api/v1/rules/{id}."""
    return [
        {"name": f.name, "label": f.metadata["label"], "value": _json_value(getattr(profile, f.name)),
         "source": profile.cite(f.metadata["source"])}
        for f in rule_fields()
    ]


def check_registry(profiles) -> None:
    """Each option's default is the value its profile has, and option names are unique within a profile."""
    for profile in profiles:
        names = [opt.name for opt in profile.options]
        if len(names) != len(set(names)):
            raise ValueError(f"profile {profile.id!r} lists an option twice")  # i18n: not for people
        for opt in profile.options:
            value = opt.value_of(profile)
            if value != opt.default:
                raise ValueError(f"option {opt.name!r} of {profile.id!r}: "  # i18n: not for people
                                 f"default {opt.default!r} != profile {value!r}")  # i18n: not for people

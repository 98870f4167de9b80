"""Is this meld legal? The referee's checks of melds, shared by the pile and going-out checks."""
from __future__ import annotations

from dataclasses import dataclass
from .cards import SEQUENCE_RANKS, Card, parse_cards, rank_name, sequence_key
from .kinds import named
from .errors import VIOLATION_CODES, InvalidRequest, Violation
from .profiles import RuleProfile
from .i18n import N_, Words, _, amount, listed

_WORDS = {0: N_("zero"), 1: N_("one"), 2: N_("two"), 3: N_("three"), 4: N_("four"), 5: N_("five"), 6: N_("six"),
          7: N_("seven")}


def words(n: int) -> Words:
    return _(_WORDS[n]) if n in _WORDS else amount(n)


def violation(profile: RuleProfile, code: str, message: str, key: str) -> Violation:
    if code not in VIOLATION_CODES:
        raise KeyError(f"unregistered violation code {code!r}")  # i18n: not for people
    return Violation(code, message, profile.cite(key))


def as_cards(value, field: str, suits: bool = False) -> tuple[Card, ...]:
    """Cards given as a tuple of Card values, or in the notation of docs/API.md (``suits``: keep every card's
    suit, for rules with sequences)."""
    if type(value) is tuple and all(type(c) is Card for c in value):
        return value
    return parse_cards(value, field=field, suits=suits)


@dataclass(frozen=True)
class Situation:
    """Where a side stands in the deal when the question is asked."""

    score: int = 0
    opened: bool = False
    player_melded: bool = False
    table: tuple[tuple[Card, ...], ...] = ()
    #: The number of this deal (1 for the first), where the club's minimum follows it (docs/RULES.md §6).
    deal: int | None = None
    #: Hand and Foot: whether the player has picked up the foot (None: not said).
    in_foot: bool | None = None

    def __post_init__(self):
        if self.table and not self.opened:
            raise InvalidRequest(
                _("The side has melds on the table, so it has already opened; set opened to true or clear the table."),
                code="request.invalid_field", field="table",
            )
        if self.player_melded and not self.opened:
            raise InvalidRequest(
                _("A player who has already melded belongs to a side that has opened; set opened to true."),
                code="request.invalid_field", field="player_melded",
            )

    @classmethod
    def build(cls, score: int = 0, opened: bool = False, player_melded: bool = False, table=(),
              suits: bool = False) -> "Situation":
        """A situation from API-style values (cards as strings are read, each card's suit kept with ``suits``)."""
        if isinstance(score, bool) or not isinstance(score, int) or score % 5:
            raise InvalidRequest(_("The score must be a whole number of points, a multiple of 5."),
                                 code="request.invalid_field", field="score")
        for name, value in (("opened", opened), ("player_melded", player_melded)):
            if not isinstance(value, bool):
                raise InvalidRequest(_("'%(name)s' must be true or false.", name=name), code="request.invalid_field", field=name)
        if not isinstance(table, (list, tuple)):
            raise InvalidRequest(_("The table is a list of melds, one card string each."),
                                 code="request.invalid_field", field="table")
        melds = tuple(as_cards(m, f"table[{i}]", suits) for i, m in enumerate(table))
        return cls(score, opened, player_melded, melds)


@dataclass(frozen=True, slots=True)
class MeldInfo:
    cards: tuple[Card, ...]
    rank: str
    naturals: int
    wilds: int
    points: int
    canasta: str | None
    bonus: int

    def to_dict(self) -> dict:
        return {
            "cards": [str(c) for c in self.cards], "rank": self.rank, "naturals": self.naturals,
            "wilds": self.wilds, "points": self.points, "canasta": self.canasta, "bonus": self.bonus,
        }


@dataclass(frozen=True)
class Verdict:
    legal: bool
    violations: tuple[Violation, ...]
    melds: tuple[MeldInfo, ...] = ()
    points: int = 0
    minimum: int | None = None
    takes: int | None = None
    concealed: bool | None = None
    bonus: int | None = None
    kind: str = "meld"  # which question it answers: "meld" | "pile" | "go_out"
    warnings: tuple[Violation, ...] = ()  # legal but worth a second look (not part of the API answer)

    def to_dict(self) -> dict:
        out: dict = {"legal": self.legal, "violations": [v.to_dict() for v in self.violations]}
        if self.kind == "go_out":
            out["concealed"] = bool(self.concealed)
            out["bonus"] = self.bonus or 0
            return out
        if self.kind == "meld":
            out["melds"] = [m.to_dict() for m in self.melds]
        out["points"] = self.points
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.kind == "pile":
            out["takes"] = self.takes
        return out


# ----------------------------------------------------------------------------------------
# Looking at one meld
# ----------------------------------------------------------------------------------------

class Shape:
    """Counts of one meld's cards. ``run`` is true when its natural cards are a sequence of one suit (each rank
    once, in order with no gap, four low and ace high); its ``rank`` is then the sequence's key (``"7H-9H"``)."""

    __slots__ = ("rank", "ranks", "naturals", "wilds", "twos", "jokers", "red_threes", "size", "suits", "run")

    def __init__(self, cards: tuple[Card, ...]):
        ranks: list[str] = []
        suits: set = set()
        naturals = twos = jokers = red = 0
        for card in cards:
            r = card.rank
            if r == "2":
                twos += 1
            elif r == "JK":
                jokers += 1
            elif r == "3" and card.suit in ("H", "D"):
                red += 1
            else:
                naturals += 1
                suits.add(card.suit)
                if r not in ranks:
                    ranks.append(r)
        self.ranks = ranks
        self.suits = suits
        self.run = len(ranks) > 1 and naturals == len(ranks) and _in_sequence(ranks, suits)
        if self.run:
            order = sorted(ranks, key=SEQUENCE_RANKS.index)
            self.rank = sequence_key(order[0], order[-1], next(iter(suits)))
        else:
            self.rank = ranks[0] if ranks else ("wild" if twos + jokers else "3")
        self.naturals = naturals
        self.wilds = twos + jokers
        self.twos = twos
        self.jokers = jokers
        self.red_threes = red
        self.size = len(cards)


def _in_sequence(ranks: list[str], suits: set) -> bool:
    """Distinct ranks of one suit that follow each other from four up to ace."""
    if len(suits) != 1 or None in suits or any(r not in SEQUENCE_RANKS for r in ranks):
        return False
    places = sorted(SEQUENCE_RANKS.index(r) for r in ranks)
    return places[-1] - places[0] == len(places) - 1


def meld_key(cards, suits: bool = False) -> str:
    """The key that names a meld in ``add`` (and that ``add`` is matched against on the table): the rank of
    its first natural card (``"K"``, ``"10"``; a black three counts, giving ``"3"``), ``"wild"`` for a meld
    of wild cards only, or for a sequence of one suit its lowest and highest cards (``"7H-9H"``). Cards as Card
    values or in the notation of docs/API.md (``suits``: keep every card's suit, for rules with sequences)."""
    return Shape(as_cards(cards, "cards", suits)).rank


def extends_sequence(shape: Shape, card: Card) -> bool:
    """The card, of the sequence's suit, goes just below or just above it (BCA-S, The Deal: the top card of the pile
    may be added to a sequence on the table)."""
    if not shape.run or card.suit not in shape.suits or card.rank not in SEQUENCE_RANKS:
        return False
    places = [SEQUENCE_RANKS.index(r) for r in shape.ranks]
    place = SEQUENCE_RANKS.index(card.rank)
    return place == min(places) - 1 or place == max(places) + 1


def canasta_kind(profile: RuleProfile, shape: Shape) -> str | None:
    """The canasta kind (as in profile.canasta_kinds) of a meld, or None when it is not a canasta."""
    if shape.size < profile.canasta_size or shape.red_threes:
        return None
    if shape.run:  # a sequence of one suit: a samba (Samba) or an escalera (Bolivia), never with a wild card
        return profile.sequence_kind if shape.wilds == 0 else None
    if len(shape.ranks) > 1:
        return None
    special = profile.special_canastas
    if shape.rank == "wild":
        if not profile.all_wild_melds:
            return None
        if special and shape.twos == shape.size:
            return "wild_twos"
        if special and shape.jokers == 4 and shape.twos == 3:
            return "wild_jokers"
        return "wild" if special else profile.wild_kind
    if shape.rank == "3":
        return None
    if shape.wilds == 0:
        if special and shape.rank == "7":
            return "sevens"
        if special and shape.rank == "A":
            return "aces"
        return "natural"
    return "mixed"


def public_kind(kind: str | None) -> str | None:
    return "wild" if kind is not None and kind.startswith("wild") else kind


def meld_info(profile: RuleProfile, cards: tuple[Card, ...], shape: Shape | None = None) -> MeldInfo:
    shape = shape or Shape(cards)
    kind = canasta_kind(profile, shape)
    return MeldInfo(
        cards, shape.rank, shape.naturals, shape.wilds, profile.melded_points(cards), public_kind(kind),
        profile.canasta_bonus(kind) if kind else 0,
    )


def _ratio_problems(p: RuleProfile, n: int, w: int, out: list, what: str) -> None:
    if p.wild_ratio == "none" or w == 0:
        return
    if w > n:
        out.append(violation(p, "meld.wilds_outnumber_naturals",
                             _("%(what)s may not hold more wild cards than natural cards.", what=what), "melds"))
    elif w == n and p.wild_ratio == "more_naturals":
        out.append(violation(p, "meld.wilds_equal_naturals",
                             _("%(what)s must hold more natural cards than wild cards.", what=what), "melds"))


def _closed_canasta_problems(p: RuleProfile, shape: Shape, before: Shape | None, out: list) -> bool:
    """Cards added to a finished canasta that takes no more. True when that is the meld's whole story."""
    if before is None or before.size < p.canasta_size or shape.size <= before.size:
        return False
    kind = canasta_kind(p, before)
    if kind in p.closed_canasta_kinds:  # a samba, an escalera, a bolivia is finished at seven (BCA-S, BCA-B)
        out.append(violation(p, "meld.canasta_closed",
                             _("A finished %(kind)s takes no more cards.", kind=named(p, kind)),
                             "sequences" if kind == p.sequence_kind else "canastas"))
        return True
    if p.wild_cap_after_canasta != "closed":
        return False
    if p.dead_ranks:
        out.append(violation(p, "meld.dead_rank",
                             _("The canasta of %(rank)s is finished: nothing more may join it and the rank is closed.", rank=rank_name(shape.rank)), "canastas"))
    else:
        out.append(violation(p, "meld.canasta_closed", _("A finished canasta takes no more cards."), "canastas"))
    return True


def _black_three_problems(p: RuleProfile, shape: Shape, going_out: bool, out: list) -> bool:
    """A meld of black threes. True when nothing more is to be said about it."""
    if p.black_threes_meld == "never":
        out.append(violation(p, "meld.black_threes_never",
                             _("Black threes are bonus cards laid face up; they are never melded.")
                             if p.threes_scoring == "per_colour" else
                             _("Black threes are never melded under these rules; they can only be discarded."),
                             "black_threes"))
        return True
    if not going_out:
        out.append(violation(p, "meld.black_threes_only_going_out",
                             _("Black threes may be melded only by a player who goes out in the same turn."),
                             "black_threes"))
    if shape.wilds and p.black_three_melds_without_wilds:
        out.append(violation(p, "meld.black_three_wilds", _("A meld of black threes takes no wild cards."),
                             "black_threes"))
        return True
    return False


def _wild_limit_problems(p: RuleProfile, shape: Shape, before: Shape | None, what: str, out: list) -> None:
    """How many wild cards the meld holds, alone and against its natural cards."""
    n, w = shape.naturals, shape.wilds
    if p.wild_cap_after_canasta == "naturals_only" and before is not None and before.size >= p.canasta_size \
            and w > before.wilds:
        out.append(violation(p, "meld.canasta_no_wilds",
                             _("A finished %(kind)s takes no more wild cards, only natural cards of its rank.",
                               kind=named(p, None)), "canastas"))
    if p.wild_cap_after_canasta == "unlimited" and shape.size >= p.canasta_size:
        # Once seven cards make a canasta, further wild cards are free; the canasta as
        # first formed (with as few wild cards as possible) must respect the limits.
        if before is None or before.size < p.canasta_size:
            formed_w = max(0, p.canasta_size - n)
            if formed_w > p.max_wilds:
                out.append(violation(p, "meld.too_many_wilds",
                                     _("A canasta is formed with at most %(max_wilds)s wild cards; only then may more join it.", max_wilds=words(p.max_wilds)), "canastas"))
            else:
                _ratio_problems(p, p.canasta_size - formed_w, formed_w, out, what)
        return
    if w > p.max_wilds:
        out.append(violation(p, "meld.too_many_wilds",
                             _("A meld may hold at most %(max_wilds)s wild cards.", max_wilds=words(p.max_wilds)), "melds"))
    _ratio_problems(p, n, w, out, what)


def _wild_rank_problems(p: RuleProfile, shape: Shape, before: Shape | None, added_wilds: int, opening: bool,
                        opened_before: bool, out: list) -> None:
    """Ranks and moments that take no wild cards: sevens, aces after the opening, the rule of five."""
    if p.sevens_no_wilds and shape.rank == "7":
        out.append(violation(p, "meld.sevens_no_wilds", _("Sevens are always melded without wild cards."),
                             "sevens_aces"))
    if p.aces_wilds_only_at_opening and shape.rank == "A" and added_wilds and not (opening and before is None):
        out.append(violation(p, "meld.aces_no_wilds",
                             _("Aces take wild cards only in a meld that is part of the side's opening."),
                             "sevens_aces"))
    if p.rule_of_five and opened_before and added_wilds and shape.naturals < p.rule_of_five_naturals:
        out.append(violation(p, "meld.rule_of_five",
                             _("After the opening a wild card may only join a meld that already has %(rule_of_five_naturals)s natural cards.", rule_of_five_naturals=words(p.rule_of_five_naturals)), "rule_of_five"))


def meld_problems(p: RuleProfile, shape: Shape, *, before: Shape | None, added_wilds: int, opening: bool,
                  opened_before: bool, going_out: bool, out: list) -> None:
    """Append to ``out`` every rule the meld (as it stands after this turn) breaks."""
    what = _("A meld of %(rank)s", rank=rank_name(shape.rank)) if shape.rank not in ("wild", "3") else _("A meld")
    if shape.red_threes:
        out.append(violation(p, "meld.red_three",
                             _("Red threes are bonus cards laid face up; they never go into a meld."), "red_threes"))
    if len(shape.ranks) > 1 and p.sequences:
        _sequence_problems(p, shape, before, out)
        return
    if len(shape.ranks) > 1:
        names = listed(rank_name(r) for r in shape.ranks)
        out.append(violation(p, "meld.mixed_ranks", _("A meld is one rank only; this one mixes %(names)s.", names=names), "melds"))
        return
    if _closed_canasta_problems(p, shape, before, out):
        return
    if shape.rank == "wild" and p.wild_kind in p.closed_canasta_kinds and shape.size > p.canasta_size:
        out.append(violation(p, "meld.too_large",
                             _("A meld of wild cards never holds more than %(cards)s cards.",
                               cards=words(p.canasta_size)), "canastas"))
    if before is None and shape.size < p.min_meld_size:
        out.append(violation(p, "meld.too_few_cards",
                             _("A meld needs at least %(min_meld_size)s cards.", min_meld_size=words(p.min_meld_size)), "melds"))
    if p.max_meld_size is not None and shape.size > p.max_meld_size:
        out.append(violation(p, "meld.too_large",
                             _("A meld may not grow beyond %(max_meld_size)s cards.", max_meld_size=words(p.max_meld_size)), "canastas"))
    if shape.rank == "wild":
        if not p.all_wild_melds:
            out.append(violation(p, "meld.all_wild", _("A meld needs natural cards; wild cards alone do not make one."),
                                 "melds"))
        return
    if shape.rank == "3" and _black_three_problems(p, shape, going_out, out):
        return
    if shape.naturals < p.min_naturals:
        out.append(violation(p, "meld.too_few_naturals",
                             _("A meld needs at least %(min_naturals)s natural cards.", min_naturals=words(p.min_naturals)), "melds"))
    if shape.wilds:
        _wild_limit_problems(p, shape, before, what, out)
        _wild_rank_problems(p, shape, before, added_wilds, opening, opened_before, out)


def _sequence_problems(p: RuleProfile, shape: Shape, before: Shape | None, out: list) -> None:
    """A meld of several ranks where sequences of one suit are melded (Samba, Bolivia): three to seven cards of one
    suit in order, four low and ace high, with no wild card and no three (BCA-S, Sequence Meld and Wild Cards)."""
    if None in shape.suits:
        out.append(violation(p, "meld.sequence_needs_suits",
                             _("A sequence needs the suit of every card, such as 7H 8H 9H."), "sequences"))
        return
    if len(shape.suits) > 1:
        out.append(violation(p, "meld.sequence_one_suit", _("A sequence is of one suit only."), "sequences"))
    elif "3" in shape.ranks:
        out.append(violation(p, "meld.sequence_three", _("A three never goes into a sequence."), "sequences"))
    elif not shape.run and not (shape.wilds and shape.naturals == len(shape.ranks)):
        # (a wild card standing in a gap is the wild card's fault, said below)
        out.append(violation(p, "meld.sequence_not_in_order",
                             _("A sequence runs in order with no gap and no rank twice, from four up to ace."),
                             "sequences"))
    if shape.wilds:
        out.append(violation(p, "meld.sequence_wild", _("Wild cards never go into a sequence."), "wild"))
    if shape.red_threes:
        return
    if _closed_canasta_problems(p, shape, before, out):
        return
    if before is None and shape.size < p.min_meld_size:
        out.append(violation(p, "meld.too_few_cards",
                             _("A meld needs at least %(min_meld_size)s cards.", min_meld_size=words(p.min_meld_size)), "melds"))
    if shape.size > p.canasta_size:
        out.append(violation(p, "meld.too_large",
                             _("A sequence never holds more than %(cards)s cards.", cards=words(p.canasta_size)),
                             "sequences"))

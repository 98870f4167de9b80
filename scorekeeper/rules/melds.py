"""Is this meld legal? The referee's checks of melds, shared by the pile and going-out checks."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from .cards import Card, format_cards, normalize_rank, parse_cards, rank_name
from .errors import VIOLATION_CODES, InvalidRequest, Violation
from .profiles import RuleProfile

_WORDS = {0: "no", 1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven"}


def words(n: int) -> str:
    return _WORDS.get(n, str(n))


def violation(profile: RuleProfile, code: str, message: str, key: str) -> Violation:
    if code not in VIOLATION_CODES:
        raise KeyError(f"unregistered violation code {code!r}")
    return Violation(code, message, profile.cite(key))


def as_cards(value, field: str) -> tuple[Card, ...]:
    """Cards given as a tuple of Card values, or in the notation of API.md."""
    if type(value) is tuple and all(type(c) is Card for c in value):
        return value
    return parse_cards(value, field=field)


@dataclass(frozen=True)
class Situation:
    """Where a side stands in the deal when the question is asked."""

    score: int = 0
    opened: bool = False
    player_melded: bool = False
    table: tuple[tuple[Card, ...], ...] = ()

    def __post_init__(self):
        if self.table and not self.opened:
            raise InvalidRequest(
                "The side has melds on the table, so it has already opened; set opened to true or clear the table.",
                code="request.invalid_field", field="table",
            )
        if self.player_melded and not self.opened:
            raise InvalidRequest(
                "A player who has already melded belongs to a side that has opened; set opened to true.",
                code="request.invalid_field", field="player_melded",
            )

    @classmethod
    def build(cls, score: int = 0, opened: bool = False, player_melded: bool = False, table=()) -> "Situation":
        """A situation from API-style values (cards as strings are read)."""
        if isinstance(score, bool) or not isinstance(score, int) or score % 5:
            raise InvalidRequest("The score must be a whole number of points, a multiple of 5.",
                                 code="request.invalid_field", field="score")
        for name, value in (("opened", opened), ("player_melded", player_melded)):
            if not isinstance(value, bool):
                raise InvalidRequest(f"'{name}' must be true or false.", code="request.invalid_field", field=name)
        if not isinstance(table, (list, tuple)):
            raise InvalidRequest("The table is a list of melds, one card string each.",
                                 code="request.invalid_field", field="table")
        melds = tuple(as_cards(m, f"table[{i}]") for i, m in enumerate(table))
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
    """Counts of one meld's cards."""

    __slots__ = ("rank", "ranks", "naturals", "wilds", "twos", "jokers", "red_threes", "size")

    def __init__(self, cards: tuple[Card, ...]):
        ranks: list[str] = []
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
                if r not in ranks:
                    ranks.append(r)
        self.ranks = ranks
        self.rank = ranks[0] if ranks else ("wild" if twos + jokers else "3")
        self.naturals = naturals
        self.wilds = twos + jokers
        self.twos = twos
        self.jokers = jokers
        self.red_threes = red
        self.size = len(cards)


def meld_key(cards) -> str:
    """The key that names a meld in ``add`` (and that ``add`` is matched against on the table): the rank of
    its first natural card (``"K"``, ``"10"``; a black three counts, giving ``"3"``), or ``"wild"`` for a meld
    of wild cards only. Cards as Card values or in the notation of API.md."""
    return Shape(as_cards(cards, "cards")).rank


def canasta_kind(profile: RuleProfile, shape: Shape) -> str | None:
    """The canasta kind (as in profile.canasta_kinds) of a meld, or None when it is not a canasta."""
    if shape.size < profile.canasta_size or shape.red_threes or len(shape.ranks) > 1:
        return None
    special = profile.special_canastas
    if shape.rank == "wild":
        if not profile.all_wild_melds:
            return None
        if special and shape.twos == shape.size:
            return "wild_twos"
        if special and shape.jokers == 4 and shape.twos == 3:
            return "wild_jokers"
        return "wild"
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
        cards, shape.rank, shape.naturals, shape.wilds, profile.cards_points(cards), public_kind(kind),
        profile.canasta_bonus(kind) if kind else 0,
    )


def _ratio_problems(p: RuleProfile, n: int, w: int, out: list, what: str) -> None:
    if p.wild_ratio == "none" or w == 0:
        return
    if w > n:
        out.append(violation(p, "meld.wilds_outnumber_naturals",
                             f"{what} may not hold more wild cards than natural cards.", "melds"))
    elif w == n and p.wild_ratio == "more_naturals":
        out.append(violation(p, "meld.wilds_equal_naturals",
                             f"{what} must hold more natural cards than wild cards.", "melds"))


def meld_problems(p: RuleProfile, shape: Shape, *, before: Shape | None, added_wilds: int, opening: bool,
                  opened_before: bool, going_out: bool, out: list) -> None:
    """Append to ``out`` every rule the meld (as it stands after this turn) breaks."""
    what = f"A meld of {rank_name(shape.rank)}" if shape.rank not in ("wild", "3") else "A meld"
    if shape.red_threes:
        out.append(violation(p, "meld.red_three",
                             "Red threes are bonus cards laid face up; they never go into a meld.", "red_threes"))
    if len(shape.ranks) > 1:
        names = " and ".join(rank_name(r) for r in shape.ranks)
        out.append(violation(p, "meld.mixed_ranks",
                             f"A meld is one rank only; this one mixes {names}.", "melds"))
        return
    if before is not None and before.size >= p.canasta_size and p.wild_cap_after_canasta == "closed" \
            and shape.size > before.size:
        if p.dead_ranks:
            out.append(violation(p, "meld.dead_rank",
                                 f"The canasta of {rank_name(shape.rank)} is finished: nothing more may join it "
                                 "and the rank is closed.", "canastas"))
        else:
            out.append(violation(p, "meld.canasta_closed", "A finished canasta takes no more cards.", "canastas"))
        return
    if before is None and shape.size < p.min_meld_size:
        out.append(violation(p, "meld.too_few_cards",
                             f"A meld needs at least {words(p.min_meld_size)} cards.", "melds"))
    if p.max_meld_size is not None and shape.size > p.max_meld_size:
        out.append(violation(p, "meld.too_large",
                             f"A meld may not grow beyond {words(p.max_meld_size)} cards.", "canastas"))
    n, w = shape.naturals, shape.wilds
    if shape.rank == "wild":
        if not p.all_wild_melds:
            out.append(violation(p, "meld.all_wild", "A meld needs natural cards; wild cards alone do not make one.",
                                 "melds"))
        return
    if shape.rank == "3":
        if p.black_threes_meld == "never":
            out.append(violation(p, "meld.black_threes_never",
                                 "Black threes are bonus cards laid face up; they are never melded.",
                                 "black_threes"))
            return
        if not going_out:
            out.append(violation(p, "meld.black_threes_only_going_out",
                                 "Black threes may be melded only by a player who goes out in the same turn.",
                                 "black_threes"))
        if w and p.black_three_melds_without_wilds:
            out.append(violation(p, "meld.black_three_wilds",
                                 "A meld of black threes takes no wild cards.", "black_threes"))
            return
    if n < p.min_naturals:
        out.append(violation(p, "meld.too_few_naturals",
                             f"A meld needs at least {words(p.min_naturals)} natural cards.", "melds"))
    if w:
        if p.wild_cap_after_canasta == "unlimited" and shape.size >= p.canasta_size:
            # Once seven cards make a canasta, further wild cards are free; the canasta as
            # first formed (with as few wild cards as possible) must respect the limits.
            if before is None or before.size < p.canasta_size:
                formed_w = max(0, p.canasta_size - n)
                if formed_w > p.max_wilds:
                    out.append(violation(p, "meld.too_many_wilds",
                                         f"A canasta is formed with at most {words(p.max_wilds)} wild cards; "
                                         "only then may more join it.", "canastas"))
                else:
                    _ratio_problems(p, p.canasta_size - formed_w, formed_w, out, what)
        else:
            if w > p.max_wilds:
                out.append(violation(p, "meld.too_many_wilds",
                                     f"A meld may hold at most {words(p.max_wilds)} wild cards.", "melds"))
            _ratio_problems(p, n, w, out, what)
        if p.sevens_no_wilds and shape.rank == "7":
            out.append(violation(p, "meld.sevens_no_wilds", "Sevens are always melded without wild cards.",
                                 "sevens_aces"))
        if p.aces_wilds_only_at_opening and shape.rank == "A" and added_wilds and not (opening and before is None):
            out.append(violation(p, "meld.aces_no_wilds",
                                 "Aces take wild cards only in a meld that is part of the side's opening.",
                                 "sevens_aces"))
        if p.rule_of_five and opened_before and added_wilds and n < p.rule_of_five_naturals:
            out.append(violation(p, "meld.rule_of_five",
                                 f"After the opening a wild card may only join a meld that already has "
                                 f"{words(p.rule_of_five_naturals)} natural cards.", "rule_of_five"))


# ----------------------------------------------------------------------------------------
# A whole turn
# ----------------------------------------------------------------------------------------

class Turn:
    """What a side lays down in one turn, judged as a whole."""

    __slots__ = ("violations", "infos", "points", "minimum", "results", "before", "new_shapes", "waived",
                 "has_pure", "laid")

    def __init__(self):
        self.violations: list[Violation] = []
        self.infos: list[MeldInfo] = []
        self.points = 0
        self.minimum: int | None = None
        self.results: list[tuple[tuple[Card, ...], Shape]] = []  # every meld of the side after the turn
        self.before: list[Shape] = []
        self.new_shapes: list[Shape] = []
        self.waived = False
        self.has_pure = False
        self.laid = False


def read_add(add) -> dict[str, tuple[Card, ...]]:
    if not add:
        return {}
    if not isinstance(add, Mapping):
        raise InvalidRequest("'add' maps the rank of a meld on the table to the cards added to it.",
                             code="request.invalid_field", field="add")
    result: dict[str, tuple[Card, ...]] = {}
    for key, cards in add.items():
        rank = normalize_rank(key)
        if rank is None:
            raise InvalidRequest(f"'{key}' is not the rank of a meld; use A K Q J 10 9 8 7 6 5 4 or wild.",
                                 code="request.invalid_field", field=f"add.{key}")
        result[rank] = result.get(rank, ()) + as_cards(cards, f"add.{key}")
    return result


def judge_turn(p: RuleProfile, situation: Situation, melds, add, *, going_out: bool, drew: str = "stock",
               pickup: tuple[Card, tuple[Card, ...]] | None = None, concealed: bool = False) -> Turn:
    """Judge the melds laid and the cards added in one turn (and, for the pile, the pickup meld)."""
    turn = Turn()
    out = turn.violations
    needs_minimum = not situation.opened or (p.opening_per_player and not situation.player_melded)
    opening = needs_minimum
    opened_before = situation.opened
    table = situation.table
    table_shapes = [Shape(m) for m in table]
    turn.before = table_shapes
    by_rank: dict[str, int] = {}
    for i, shape in enumerate(table_shapes):
        by_rank.setdefault(shape.rank, i)
    adds = read_add(add)
    new = [as_cards(m, f"melds[{i}]") for i, m in enumerate(melds)]
    points = 0
    # Cards added to melds on the table (the pickup joins its meld like an add).
    extra: dict[int, tuple[Card, ...]] = {}
    for rank, cards in adds.items():
        idx = by_rank.get(rank)
        if idx is None:
            out.append(violation(p, "meld.no_such_meld",
                                 f"The side has no meld of {rank_name(rank)} on the table to add to.", "melds"))
            continue
        extra[idx] = extra.get(idx, ()) + cards
        points += p.cards_points(cards)
    pickup_index = None  # ("table", idx) or ("new", idx)
    pickup_points = 0
    if pickup is not None:
        top, uses = pickup
        hand_points = p.cards_points(uses)
        if p.pair_only_pickup_counts or len(uses) > 2:
            pickup_points = hand_points + (p.card_points(top) if p.top_discard_counts_for_minimum else 0)
        idx = by_rank.get(top.rank) if p.one_meld_per_rank or not uses else None
        if idx is not None:
            extra[idx] = extra.get(idx, ()) + uses + (top,)
            pickup_index = ("table", idx)
        else:
            new.insert(0, uses + (top,))
            pickup_index = ("new", 0)
        if needs_minimum and uses and all(c.is_natural for c in uses) and len(uses) >= p.pure_meld_min_cards:
            turn.has_pure = True
    turn.laid = bool(new or adds or pickup)
    # The side's melds after the turn.
    for i, cards in enumerate(table):
        if i in extra:
            added = extra[i]
            after = cards + added
            shape = Shape(after)
            meld_problems(p, shape, before=table_shapes[i], added_wilds=sum(1 for c in added if c.is_wild),
                          opening=opening, opened_before=opened_before, going_out=going_out, out=out)
            turn.infos.append(meld_info(p, after, shape))
            turn.results.append((after, shape))
        else:
            turn.results.append((cards, table_shapes[i]))
    seen = {shape.rank: i for i, shape in enumerate(table_shapes)}
    for i, cards in enumerate(new):
        shape = Shape(cards)
        turn.new_shapes.append(shape)
        is_pickup = pickup_index == ("new", i)
        if not is_pickup:
            points += p.cards_points(cards)
        if p.one_meld_per_rank and shape.rank in seen and len(shape.ranks) <= 1 and not shape.red_threes:
            j = seen[shape.rank]
            if p.dead_ranks and j < len(table_shapes) and table_shapes[j].size >= p.canasta_size:
                out.append(violation(p, "meld.dead_rank",
                                     f"The side has finished its canasta of {rank_name(shape.rank)}, so that rank "
                                     "is closed.", "canastas"))
            else:
                out.append(violation(p, "meld.duplicate_rank",
                                     f"The side already has a meld of {rank_name(shape.rank)}; add the cards to it "
                                     "instead.", "melds"))
        else:
            seen.setdefault(shape.rank, len(table_shapes) + i)
        meld_problems(p, shape, before=None, added_wilds=shape.wilds, opening=opening,
                      opened_before=opened_before, going_out=going_out, out=out)
        turn.infos.append(meld_info(p, cards, shape))
        turn.results.append((cards, shape))
        if needs_minimum and not is_pickup and shape.wilds == 0 and shape.naturals >= p.pure_meld_min_cards \
                and len(shape.ranks) == 1 and not shape.red_threes and shape.rank != "3":
            turn.has_pure = True
    points += pickup_points
    turn.points = points
    # A wild-card meld in progress keeps wild cards off every other meld.
    if p.wild_meld_blocks_other_wilds:
        unfinished = any(s.rank == "wild" and s.size < p.canasta_size for _, s in turn.results)
        if unfinished:
            wild_elsewhere = any(s.rank != "wild" and s.wilds for s in turn.new_shapes) or any(
                table_shapes[i].rank != "wild" and any(c.is_wild for c in extra[i]) for i in extra)
            if wild_elsewhere:
                out.append(violation(p, "meld.wild_meld_incomplete",
                                     "While the side's wild-card meld is unfinished, wild cards may not go on "
                                     "other melds.", "wild_meld"))
    if needs_minimum:
        minimum = p.minimum(situation.score)
        turn.minimum = minimum
        waived = False
        natural_opening = False
        if p.complete_canasta_waives != "none":
            for k, shape in enumerate(turn.new_shapes):
                if shape.size < p.canasta_size:
                    continue
                if pickup_index == ("new", k) and not p.canasta_waiver_with_pile:
                    continue
                kind = canasta_kind(p, shape)
                if kind is None:
                    continue
                if p.complete_canasta_waives == "any":
                    waived = True
                elif kind in ("natural", "sevens", "aces") and pickup_index != ("new", k):
                    waived = natural_opening = True
        # bicycle, classic: Concealed Hand — the exemption is for a whole hand melded at once, a canasta
        # among its melds, after drawing from the stock.
        if going_out and concealed and drew == "stock" and p.concealed_exempt_from_minimum and not situation.opened \
                and any(canasta_kind(p, s) for s in turn.new_shapes):
            waived = True
        turn.waived = waived
        if turn.laid and not waived and points < minimum:
            out.append(violation(p, "meld.below_minimum",
                                 f"The opening counts {points} points; this side needs at least {minimum}.",
                                 "minimum"))
        if turn.laid and p.opening_requires_pure_meld and not natural_opening and not turn.has_pure:
            wild_alone = p.wild_meld_may_open_alone and any(s.rank == "wild" for s in turn.new_shapes)
            if not wild_alone:
                out.append(violation(p, "meld.needs_pure_meld",
                                     f"The opening needs a meld of at least {words(p.pure_meld_min_cards)} natural "
                                     "cards of one rank from the hand, without wild cards.", "opening"))
    return turn


def concealed_play(p: RuleProfile, situation: Situation, add) -> bool:
    """The player goes out with nothing melded before (and, where it matters, nothing added to the
    partner's melds): bicycle, classic: Concealed Hand; silhill: §6e; yahoo: Canasta¶ (only earlier melds
    count against it)."""
    return p.concealed_allowed and not situation.player_melded and (p.concealed_allows_additions or not add)


def check_meld(profile: RuleProfile, situation: Situation, melds=(), add=None, going_out: bool = False) -> Verdict:
    """Is this meld legal? Every violation of the melds laid and cards added this turn."""
    turn = judge_turn(profile, situation, melds, add, going_out=going_out,
                      concealed=going_out and concealed_play(profile, situation, add))
    warnings = ()
    if profile.wild_ratio == "none":
        loose = [info for info in turn.infos if info.wilds > info.naturals and info.rank not in ("wild", "3")]
        if loose:
            warnings = tuple(violation(profile, "meld.wilds_outnumber_naturals",
                                       f"Allowed here, but many clubs refuse a meld with more wild cards than "
                                       f"natural cards ({format_cards(info.cards)}).", "melds") for info in loose)
    return Verdict(not turn.violations, tuple(turn.violations), tuple(turn.infos), turn.points, turn.minimum,
                   kind="meld", warnings=warnings)

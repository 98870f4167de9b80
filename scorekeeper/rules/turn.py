"""A whole turn judged at once: the melds laid, the cards added to melds on the table, the pile's pickup and
the opening's minimum. ``check_meld`` answers "is this meld legal?"; the pile and going-out checks judge their
turn here too."""
from __future__ import annotations

from typing import Mapping

from .cards import Card, format_cards, normalize_rank, rank_name
from .errors import InvalidRequest, Violation
from .melds import (
    MeldInfo, Shape, Situation, Verdict, as_cards, canasta_kind, meld_info, meld_problems, violation, words,
)
from .profiles import RuleProfile
from .i18n import _


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


def read_add(add, suits: bool = False) -> dict[str, tuple[Card, ...]]:
    if not add:
        return {}
    if not isinstance(add, Mapping):
        raise InvalidRequest(_("'add' maps the rank of a meld on the table to the cards added to it."),
                             code="request.invalid_field", field="add")
    result: dict[str, tuple[Card, ...]] = {}
    for key, cards in add.items():
        rank = normalize_rank(key)
        if rank is None:
            raise InvalidRequest(_("'%(key)s' is not the rank of a meld; use A K Q J 10 9 8 7 6 5 4 or wild.", key=key)
                                 + (_(" A sequence is named by its lowest and highest cards, such as 7H-9H.")
                                    if suits else ""),
                                 code="request.invalid_field", field=f"add.{key}")
        result[rank] = result.get(rank, ()) + as_cards(cards, f"add.{key}", suits)
    return result


def _place_adds(p: RuleProfile, adds: dict, by_rank: dict[str, int], extra: dict, out: list) -> int:
    """Cards added to melds on the table, gathered by meld in ``extra``; returns their points."""
    points = 0
    for rank, cards in adds.items():
        idx = by_rank.get(rank)
        if idx is None:
            out.append(violation(p, "meld.no_such_meld",
                                 _("The side has no meld of %(rank)s on the table to add to.", rank=rank_name(rank)), "melds"))
            continue
        extra[idx] = extra.get(idx, ()) + cards
        points += p.melded_points(cards)
    return points


def _place_pickup(p: RuleProfile, pickup: tuple, by_rank: dict[str, int], extra: dict,
                  new: list, needs_minimum: bool, turn: Turn) -> tuple[tuple[str, int], int]:
    """The top card of the pile and the cards shown with it join a meld on the table (like an add) or start a
    new one. Returns where it went (``("table", i)`` or ``("new", 0)``) and what it counts toward the minimum.
    ``pickup`` is (top card, cards shown, the meld on the table the top card alone goes onto)."""
    top, uses, onto = pickup
    pickup_points = 0
    if p.pair_only_pickup_counts or len(uses) > 2:
        pickup_points = p.cards_points(uses) + (p.card_points(top) if p.top_discard_counts_for_minimum else 0)
    idx = onto if not uses else (by_rank.get(top.rank) if p.one_meld_per_rank else None)
    if idx is not None:
        extra[idx] = extra.get(idx, ()) + uses + (top,)
        where = ("table", idx)
    else:
        new.insert(0, uses + (top,))
        where = ("new", 0)
    if needs_minimum and uses and all(c.is_natural for c in uses) and len(uses) >= p.pure_meld_min_cards:
        turn.has_pure = True
    return where, pickup_points


def _judge_table(p: RuleProfile, table, table_shapes: list[Shape], extra: dict, moment: dict, turn: Turn) -> None:
    """The side's melds on the table as they stand after the cards added to them."""
    for i, cards in enumerate(table):
        if i not in extra:
            turn.results.append((cards, table_shapes[i]))
            continue
        added = extra[i]
        after = cards + added
        shape = Shape(after)
        meld_problems(p, shape, before=table_shapes[i], added_wilds=sum(1 for c in added if c.is_wild),
                      out=turn.violations, **moment)
        turn.infos.append(meld_info(p, after, shape))
        turn.results.append((after, shape))


def _duplicate_rank(p: RuleProfile, shape: Shape, j: int, table_shapes: list[Shape], out: list) -> None:
    if p.dead_ranks and j < len(table_shapes) and table_shapes[j].size >= p.canasta_size:
        out.append(violation(p, "meld.dead_rank",
                             _("The side has finished its canasta of %(rank)s, so that rank is closed.", rank=rank_name(shape.rank)), "canastas"))
    else:
        out.append(violation(p, "meld.duplicate_rank",
                             _("The side already has a meld of %(rank)s; add the cards to it instead.", rank=rank_name(shape.rank)), "melds"))


def _is_pure(p: RuleProfile, shape: Shape) -> bool:
    """A meld of natural cards of one rank, no wild card, large enough to make an opening that needs one."""
    return shape.wilds == 0 and shape.naturals >= p.pure_meld_min_cards and len(shape.ranks) == 1 \
        and not shape.red_threes and shape.rank != "3"


def _judge_new(p: RuleProfile, new: list, table_shapes: list[Shape], pickup_index, needs_minimum: bool,
               moment: dict, turn: Turn) -> int:
    """The melds laid this turn; returns the points of those not made with the pile."""
    points = 0
    seen = {shape.rank: i for i, shape in enumerate(table_shapes)}
    for i, cards in enumerate(new):
        shape = Shape(cards)
        turn.new_shapes.append(shape)
        is_pickup = pickup_index == ("new", i)
        if not is_pickup:
            points += p.melded_points(cards)
        if p.one_meld_per_rank and shape.rank in seen and len(shape.ranks) <= 1 and not shape.red_threes:
            _duplicate_rank(p, shape, seen[shape.rank], table_shapes, turn.violations)
        else:
            seen.setdefault(shape.rank, len(table_shapes) + i)
        meld_problems(p, shape, before=None, added_wilds=shape.wilds, out=turn.violations, **moment)
        turn.infos.append(meld_info(p, cards, shape))
        turn.results.append((cards, shape))
        if needs_minimum and not is_pickup and _is_pure(p, shape):
            turn.has_pure = True
    return points


def _wild_meld_block(p: RuleProfile, turn: Turn, table_shapes: list[Shape], extra: dict) -> None:
    """A wild-card meld in progress keeps wild cards off every other meld (``wild_meld_blocks_other_wilds``)."""
    if not any(s.rank == "wild" and s.size < p.canasta_size for _, s in turn.results):
        return
    wild_elsewhere = any(s.rank != "wild" and s.wilds for s in turn.new_shapes) or any(
        table_shapes[i].rank != "wild" and any(c.is_wild for c in extra[i]) for i in extra)
    if wild_elsewhere:
        turn.violations.append(violation(p, "meld.wild_meld_incomplete",
                                         _("While the side's wild-card meld is unfinished, wild cards may not go on other melds."), "wild_meld"))


def _canasta_waiver(p: RuleProfile, turn: Turn, pickup_index) -> tuple[bool, bool]:
    """(waived, natural_opening): a finished canasta in the opening waives the minimum where the profile says so."""
    waived = natural_opening = False
    if p.complete_canasta_waives == "none":
        return waived, natural_opening
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
    return waived, natural_opening


def _judge_opening(p: RuleProfile, situation: Situation, turn: Turn, pickup_index, *, going_out: bool,
                   concealed: bool, drew: str) -> None:
    """The initial meld: its minimum, the waivers, and the pure meld some profiles ask of it."""
    minimum = p.minimum(situation.score, situation.deal)
    turn.minimum = minimum
    waived, natural_opening = _canasta_waiver(p, turn, pickup_index)
    # bicycle, classic: Concealed Hand — the exemption is for a whole hand melded at once, a canasta
    # among its melds, after drawing from the stock.
    if going_out and concealed and drew == "stock" and p.concealed_exempt_from_minimum and not situation.opened \
            and any(canasta_kind(p, s) for s in turn.new_shapes):
        waived = True
    turn.waived = waived
    if turn.laid and not waived and turn.points < minimum:
        turn.violations.append(violation(p, "meld.below_minimum",
                                         _("The opening counts %(points)s points; this side needs at least %(minimum)s.", points=turn.points, minimum=minimum), "minimum"))
    if turn.laid and p.opening_requires_pure_meld and not natural_opening and not turn.has_pure:
        wild_alone = p.wild_meld_may_open_alone and any(s.rank == "wild" for s in turn.new_shapes)
        if not wild_alone:
            turn.violations.append(violation(p, "meld.needs_pure_meld",
                                             _("The opening needs a meld of at least %(pure_meld_min_cards)s natural cards of one rank from the hand, without wild cards.", pure_meld_min_cards=words(p.pure_meld_min_cards)),
                                             "opening"))


def judge_turn(p: RuleProfile, situation: Situation, melds, add, *, going_out: bool, drew: str = "stock",
               pickup: tuple | None = None, concealed: bool = False) -> Turn:
    """Judge the melds laid and the cards added in one turn (and, for the pile, the pickup meld: the top card,
    the cards shown with it and the meld on the table it alone goes onto)."""
    turn = Turn()
    needs_minimum = not situation.opened or (p.opening_per_player and not situation.player_melded)
    table = situation.table
    table_shapes = [Shape(m) for m in table]
    turn.before = table_shapes
    by_rank: dict[str, int] = {}
    for i, shape in enumerate(table_shapes):
        by_rank.setdefault(shape.rank, i)
    adds = read_add(add, p.sequences)
    new = [as_cards(m, f"melds[{i}]", p.sequences) for i, m in enumerate(melds)]
    extra: dict[int, tuple[Card, ...]] = {}  # cards added to each meld on the table (the pickup too)
    points = _place_adds(p, adds, by_rank, extra, turn.violations) if adds else 0
    pickup_index, pickup_points = (_place_pickup(p, pickup, by_rank, extra, new, needs_minimum, turn)
                                   if pickup is not None else (None, 0))
    turn.laid = bool(new or adds or pickup)
    moment = {"opening": needs_minimum, "opened_before": situation.opened, "going_out": going_out}
    if table:
        _judge_table(p, table, table_shapes, extra, moment, turn)
    points += _judge_new(p, new, table_shapes, pickup_index, needs_minimum, moment, turn)
    turn.points = points + pickup_points
    if p.wild_meld_blocks_other_wilds:
        _wild_meld_block(p, turn, table_shapes, extra)
    if needs_minimum:
        _judge_opening(p, situation, turn, pickup_index, going_out=going_out, concealed=concealed, drew=drew)
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
                                       _("Allowed here, but many clubs refuse a meld with more wild cards than natural cards (%(cards)s).", cards=format_cards(info.cards, symbols=True)), "melds") for info in loose)
    return Verdict(not turn.violations, tuple(turn.violations), tuple(turn.infos), turn.points, turn.minimum,
                   kind="meld", warnings=warnings)

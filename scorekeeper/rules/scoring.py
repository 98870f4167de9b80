"""What does this deal score? A pure function with an itemised breakdown."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from .deal_checks import check_deal, lone_hand, scores_black_threes  # noqa: F401  (part of the scoring API)
from .deal_checks import named as _named
from .deal_checks import who as _who
from .errors import InvalidRequest, Violation
from .kinds import counted
from .melds import Shape, canasta_kind, meld_problems, violation
from .profiles import Penalty, RuleProfile
from .side_deal import CustomPenalty, SideDeal
from .i18n import Nn_, Words, _, ngettext


@dataclass(frozen=True, slots=True)
class Line:
    """One line of a side's breakdown: what it is (``code``), its label kept as a fact (the catalogue's id, the
    count and named values, shown in the reader's language; a custom penalty's reason as the players typed it),
    and its points."""

    code: str
    label: Words | str
    points: int

    def to_dict(self) -> dict:
        return {"code": self.code, "label": str(self.label), "points": self.points}


@dataclass(frozen=True)
class SideResult:
    deal: int
    total: int
    minimum: int
    breakdown: tuple[Line, ...]
    canastas: int = 0  # how many canastas the side made (counted from its melds, or as declared)
    #: The same canastas by kind, as the engine counted them ("natural", "mixed", and with special canastas
    #: "sevens", "aces", "wild_twos", "wild_jokers", "wild"); kinds it has none of are left out.
    canasta_kinds: Mapping[str, int] = field(default_factory=dict)

    def to_dict(self) -> dict:
        return {"deal": self.deal, "total": self.total, "minimum": self.minimum,
                "breakdown": [line.to_dict() for line in self.breakdown]}


@dataclass(frozen=True)
class DealResult:
    sides: dict[str, SideResult]
    game_over: bool
    winner: str | None
    warnings: tuple[Violation, ...]
    #: Cut-throat: the side that played alone this deal (marked, or out before anyone took the pile); None when
    #: everyone scored alone, and under every other table.
    lone_hand: str | None = None

    def to_dict(self) -> dict:
        out = {
            "sides": {name: result.to_dict() for name, result in self.sides.items()},
            "game_over": self.game_over,
            "winner": self.winner,
            "warnings": [w.to_dict() for w in self.warnings],
        }
        if self.lone_hand is not None:
            out["lone_hand"] = self.lone_hand
        return out


def listable_penalties(profile: RuleProfile, by_cards: bool) -> tuple[Penalty, ...]:
    """The penalties a side may list in ``penalties``: all of the profile's by totals; card by card, not those
    the engine works out from the cards itself (``Penalty.derived``), which would be charged twice."""
    return tuple(p for p in profile.penalties if not (by_cards and p.derived))


def game_state(profile: RuleProfile, totals: dict[str, int], deals: int | None = None) -> tuple[bool, str | None]:
    """(game_over, winner): over when a total reached the target; the winner has the higher total. In a game of
    a fixed number of deals (``deals_in_game``, docs/RULES.md §6) it is over after that many deals (``deals``
    played so far) with the most points winning; leaders level play one more deal, and another, until one
    leads."""
    if not totals:
        return False, None
    best = max(totals.values())
    leaders = [name for name, total in totals.items() if total == best]
    if profile.deals_in_game:
        if deals is None or deals < profile.deals_in_game or len(leaders) > 1:
            return False, None
        return True, leaders[0]
    if best < profile.target:
        return False, None
    return True, (leaders[0] if len(leaders) == 1 else None)


def has_canastas_to_go_out(p: RuleProfile, kinds: Mapping[str, int]) -> bool:
    """Whether a side with these canastas (a count by kind) has what going out asks: enough canastas in all, and
    of each kind the rules name (Bolivia: an escalera; Hand and Foot: clean and dirty books)."""
    return sum(kinds.values()) >= p.canastas_to_go_out and all(
        kinds.get(kind, 0) >= need for kind, need in p.canastas_of_kind_to_go_out)


class _Side:
    """The facts of one side's deal that the scoring formula needs."""

    __slots__ = ("meld_points", "hand_points", "canastas", "has_meld", "penalty_lines", "hands_left", "warnings")


def _unfinished_penalty(p: RuleProfile, shape: Shape) -> Line | None:
    """modern-american: an unfinished meld of sevens, aces or wild cards costs its penalty (docs/RULES.md §3.1)."""
    if shape.rank == "7" and p.incomplete_sevens_penalty:
        return Line("penalty", _("Sevens meld not completed"), -p.incomplete_sevens_penalty)
    if shape.rank == "A" and p.incomplete_aces_penalty and (shape.wilds == 0 or p.incomplete_mixed_aces_penalised):
        return Line("penalty", _("Aces meld not completed"), -p.incomplete_aces_penalty)
    if shape.rank == "wild" and p.incomplete_wild_penalty:
        return Line("penalty", _("Wild-card meld not completed"), -p.incomplete_wild_penalty)
    return None


def _meld_facts(p: RuleProfile, name: str, side: SideDeal, facts: _Side, names) -> None:
    """The melds of a side given card by card: their points, canastas, penalties and illegal melds."""
    canastas: dict[str, int] = {}
    meld_points = 0
    for i, cards in enumerate(side.melds or ()):
        shape = Shape(cards)
        meld_points += p.melded_points(cards)
        kind = canasta_kind(p, shape) if shape.size >= p.canasta_size else None
        if kind:
            canastas[kind] = canastas.get(kind, 0) + 1
        else:
            line = _unfinished_penalty(p, shape)
            if line is not None:
                facts.penalty_lines.append(line)
        problems: list[Violation] = []
        meld_problems(p, shape, before=None, added_wilds=0, opening=False, opened_before=False,
                      going_out=side.went_out, out=problems)
        if problems:
            facts.warnings.append(violation(p, "deal.illegal_meld",
                                            _("%(names)s, meld %(i)s: %(message)s", names=_who(name, names), i=i + 1, message=problems[0].message), "melds"))
    facts.meld_points = meld_points
    facts.canastas = canastas
    facts.has_meld = bool(side.melds)


def _hand_facts(p: RuleProfile, name: str, side: SideDeal, facts: _Side, names) -> None:
    """The hands of a side given card by card: their points, the cards kept that cost a penalty."""
    hands = side.hands or ()
    hand_points = 0
    for hand in hands:
        hand_points += p.cards_points(hand)
        sevens = sum(1 for card in hand if card.rank == "7")
        aces = sum(1 for card in hand if card.rank == "A")
        if not p.red_three_in_hand_points and any(card.is_red_three for card in hand):
            listed = (_("%(names)s: a red three is listed in a hand", names=_who(name, names)) if _named(name, names)
                      else _("Side '%(name)s' lists a red three in a hand", name=name))
            for _red_three in range(sum(1 for card in hand if card.is_red_three)):
                facts.warnings.append(violation(p, "deal.red_three_in_hand",
                                                _("%(listed)s; it scores nothing there (charge the penalty for an undeclared red three if it applies).", listed=listed),
                                                "red_threes"))
        if sevens >= 3 and p.sevens_in_hand_penalty:
            facts.penalty_lines.append(Line("penalty", _("Three or more sevens left in one hand"),
                                            -p.sevens_in_hand_penalty))
        if aces >= 3 and p.aces_in_hand_penalty:
            facts.penalty_lines.append(Line("penalty", _("Three or more aces left in one hand"),
                                            -p.aces_in_hand_penalty))
    facts.hand_points = hand_points
    facts.hands_left = (all(len(h) > 0 for h in hands) if hands else False)


def _facts_by_cards(p: RuleProfile, name: str, side: SideDeal, names: Mapping[str, str] | None = None) -> _Side:
    facts = _Side()
    facts.penalty_lines = []
    facts.warnings = []
    _meld_facts(p, name, side, facts, names)
    _hand_facts(p, name, side, facts, names)
    return facts


def _facts_by_totals(p: RuleProfile, name: str, side: SideDeal) -> _Side:
    facts = _Side()
    canastas = dict(side.canastas or {})
    for kind, count in canastas.items():
        if kind not in p.canasta_kinds:
            allowed = ", ".join(p.canasta_kinds)
            raise InvalidRequest(_("'%(kind)s' is not a kind of canasta under these rules; use %(allowed)s.", kind=kind, allowed=allowed),
                                 code="request.invalid_field", field=f"sides.{name}.canastas.{kind}")
    facts.meld_points = side.meld_points or 0
    facts.hand_points = side.hand_points or 0
    facts.canastas = {k: v for k, v in canastas.items() if v}
    facts.has_meld = facts.meld_points > 0 or bool(facts.canastas)
    facts.penalty_lines = []
    facts.hands_left = False
    facts.warnings = []
    return facts


def _threes_lines(p: RuleProfile, side: SideDeal, facts: _Side, n_canastas: int,
                  kinds: Mapping[str, int] | None = None) -> list[Line]:
    """The threes laid out: valued per colour or per red three, counted plus or minus by the side's canastas
    or by whether it melded (``threes_scoring`` and ``threes_sign_by``)."""
    lines = []
    red, black = side.red_threes, side.black_threes
    if p.threes_sign_by == "going_out_canastas":  # Samba, Bolivia: plus only with the canastas to go out (HSW-S)
        sign = 1 if has_canastas_to_go_out(p, kinds or {}) else -1
        note = "" if sign > 0 else _(" (without the canastas to go out: minus)")
    elif p.threes_sign_by == "canastas":
        sign = 1 if n_canastas >= 2 else (0 if n_canastas == 1 else -1)
        note = "" if sign > 0 else (_(" (one canasta: not counted)") if sign == 0 else _(" (no canasta: minus)"))
    else:
        minus = not facts.has_meld and p.red_threes_negative_without_meld
        sign, note = (-1, _(" (no meld: minus)")) if minus else (1, "")
    if p.threes_scoring == "per_colour":
        for count, colour, label in ((red, "red", Nn_("%(num)d red three", "%(num)d red threes")),
                                     (black, "black", Nn_("%(num)d black three", "%(num)d black threes"))):
            if count:
                lines.append(Line(f"{colour}_threes", ngettext(*label, count) + note, sign * p.threes_table[count]))
        return lines
    if black and p.black_threes_in_hand_apart:  # Bolivia: black threes caught in a hand, each on its own (BCA-B)
        lines.append(Line("black_threes", ngettext("%(num)d black three left in hand",
                                                   "%(num)d black threes left in hand", black),
                          -black * p.black_three_points))
    if not red:
        return lines
    value = p.red_threes_value(red, against=sign < 0)
    lines.insert(0, Line("red_threes", ngettext("%(num)d red three", "%(num)d red threes", red) + note, sign * value))
    return lines


def _side_facts(p: RuleProfile, name: str, side: SideDeal, names: Mapping[str, str] | None = None) -> _Side:
    """The facts of one side's deal, its listed penalties refused or turned into lines."""
    if side.by_cards and (side.meld_points is not None or side.canastas is not None or side.hand_points is not None):
        raise InvalidRequest(_("Give a side card by card (melds, hands) or by totals (meld_points, canastas, hand_points), not both."), code="request.invalid_field", field=f"sides.{name}")
    facts = _facts_by_cards(p, name, side, names) if side.by_cards else _facts_by_totals(p, name, side)
    for i, penalty in enumerate(side.penalties):
        if isinstance(penalty, CustomPenalty):
            facts.penalty_lines.append(Line("penalty", penalty.reason or _("Penalty"), -penalty.points))
            continue
        known = p.penalty(penalty)
        if known is None:
            codes = ", ".join(pen.code for pen in p.penalties) or "none"
            raise InvalidRequest(_("'%(penalty)s' is not a penalty of these rules (they have: %(codes)s).", penalty=penalty, codes=codes),
                                 code="request.invalid_field", field=f"sides.{name}.penalties[{i}]")
        if known not in listable_penalties(p, side.by_cards):
            raise InvalidRequest(_("'%(label)s' is worked out from the cards when a side is given card by card; listing it as well would charge it twice. Leave it out, or give the side by totals.", label=_(known.label)), code="request.invalid_field", field=f"sides.{name}.penalties[{i}]")
        facts.penalty_lines.append(Line("penalty", _(known.label), -known.points))
    return facts


class _Pool:
    """What a partnership scores together this deal (docs/RULES.md §5: BC-3, Scoring): everything but red
    threes. A side alone is a pool of one."""

    __slots__ = ("head", "tail", "n_canastas", "has_meld", "hands_left", "kinds")


def _pool(p: RuleProfile, pool: list[tuple[SideDeal, _Side]]) -> _Pool:
    """The pool's lines: going out and the concealed extra (``head``, with the canastas), then the cards melded,
    the cards left in every hand and the penalties (``tail``); each partner's own threes go between them. In a
    partnership each line says it is the partnership's."""
    out = _Pool()
    head: list[Line] = []
    tail: list[Line] = []
    if any(s.went_out for s, _f in pool):
        head.append(Line("going_out", _("Went out"), p.going_out_bonus))
        if any(s.concealed for s, _f in pool) and p.concealed_allowed and p.concealed_extra_bonus:
            head.append(Line("concealed", _("Went out concealed"), p.concealed_extra_bonus))
    out.kinds = {kind: sum(f.canastas.get(kind, 0) for _s, f in pool) for kind in p.canasta_kinds}
    for kind, count in out.kinds.items():
        if count:
            head.append(Line("canastas", counted(p, kind, count), count * p.canasta_bonus(kind)))
    out.n_canastas = sum(out.kinds.values())
    meld_points = sum(f.meld_points for _s, f in pool)
    if meld_points:
        if p.melds_count_minus_without_canasta and out.n_canastas == 0:
            tail.append(Line("melded", _("Cards melded (no canasta: minus)"), -meld_points))
        else:
            tail.append(Line("melded", _("Cards melded"), meld_points))
    hand_points = sum(f.hand_points for _s, f in pool)
    if hand_points:
        tail.append(Line("hand", _("Cards left in hand"), -hand_points))
    for _s, f in pool:
        tail.extend(f.penalty_lines)
    if len(pool) > 1:
        head = [Line(line.code, _("Partnership: %(item)s", item=line.label), line.points) for line in head]
        tail = [Line(line.code, _("Partnership: %(item)s", item=line.label), line.points) for line in tail]
    out.head, out.tail = head, tail
    out.has_meld = any(f.has_meld for _s, f in pool)
    hands = [f.hands_left for s, f in pool if s.by_cards and s.hands]
    out.hands_left = bool(hands) and all(hands)
    return out


def _lines(p: RuleProfile, side: SideDeal, pool: _Pool) -> list[Line]:
    """One side's breakdown: what its pool scores, with its own threes, counted plus or minus as the pool
    melded (or by the pool's canastas)."""
    shared = _Side()
    shared.has_meld = pool.has_meld
    return [*pool.head, *_threes_lines(p, side, shared, pool.n_canastas, pool.kinds), *pool.tail]


def _went_out_warnings(p: RuleProfile, name: str, side: SideDeal, facts: _Pool, names) -> list[Violation]:
    """What looks wrong about a side that went out (allowed to stand, but worth a second look); ``facts``: what
    its pool (itself, or its partnership) made."""
    warnings = []
    by_kind = sum(n for _kind, n in p.canastas_of_kind_to_go_out)
    if facts.n_canastas < p.canastas_to_go_out and p.canastas_to_go_out > by_kind:
        warnings.append(violation(p, "deal.went_out_without_canastas",
                                  _("%(names)s went out with %(canastas)s; these rules need %(canastas_to_go_out)s.", names=_who(name, names), canastas=ngettext("%(num)d canasta", "%(num)d canastas", facts.n_canastas), canastas_to_go_out=p.canastas_to_go_out), "going_out"))
    else:
        for kind, need in p.canastas_of_kind_to_go_out:
            if facts.kinds.get(kind, 0) < need:
                warnings.append(violation(p, "deal.went_out_without_canastas",
                                          _("%(names)s went out with %(has)s; these rules need %(need)s.",
                                            names=_who(name, names), has=counted(p, kind, facts.kinds.get(kind, 0)),
                                            need=counted(p, kind, need)), "going_out"))
    if facts.hands_left:
        hands = _("every hand of that side") if _named(name, names) else _("every one of its hands")
        warnings.append(violation(p, "deal.went_out_with_cards",
                                  _("%(names)s went out, yet %(hands)s still holds cards.", names=_who(name, names), hands=hands), "going_out"))
    if side.concealed and not (p.concealed_allowed and p.concealed_extra_bonus):
        warnings.append(violation(p, "deal.concealed_without_bonus",
                                  _("These rules give no extra bonus for going out concealed."), "scoring"))
    return warnings


def score_deal(profile: RuleProfile, sides: dict[str, SideDeal], before: dict[str, int] | None = None, *,
               names: Mapping[str, str] | None = None, deal_number: int | None = None) -> DealResult:
    """Score one deal for every side; raises ImpossibleDeal for what cannot happen.

    ``names`` maps side keys to the names players know them by ("Ann & Cy"): messages then use those names;
    without it (the API) they name each side by its key. Results and fields are keyed the same either way.
    ``deal_number`` (1 for the first): where the club's minimum follows the deal number, each side's minimum is
    the next deal's; in a game of a fixed number of deals, it says whether this was the last.

    In cut-throat the lone hand scores alone and the other two as a partnership (``deal_checks.lone_hand``):
    each partner receives everything the partnership scores but red threes, plus or minus his own red threes
    (docs/RULES.md §5: BC-3, Scoring; RG-3; LR-3)."""
    after = deal_number + 1 if deal_number else None
    p = profile
    before = before or {}
    check_deal(p, sides, names)
    lone = lone_hand(p, sides, names)
    groups = [[lone], [name for name in sides if name != lone]] if lone else [[name] for name in sides]
    results: dict[str, SideResult] = {}
    warnings: list[Violation] = []
    totals: dict[str, int] = {}
    facts = {name: _side_facts(p, name, side, names) for name, side in sides.items()}
    for group in groups:
        pool = _pool(p, [(sides[name], facts[name]) for name in group])
        by_kind = {kind: count for kind, count in pool.kinds.items() if count}
        for name in group:
            side = sides[name]
            lines = _lines(p, side, pool)
            deal = sum(line.points for line in lines)
            total = before.get(name, 0) + deal
            totals[name] = total
            results[name] = SideResult(deal, total, p.minimum(total, after), tuple(lines), pool.n_canastas, by_kind)
            warnings.extend(facts[name].warnings)
            if side.went_out:
                warnings.extend(_went_out_warnings(p, name, side, pool, names))
    results = {name: results[name] for name in sides}
    game_over, winner = game_state(p, totals, deal_number)
    return DealResult(results, game_over, winner, tuple(warnings), lone)

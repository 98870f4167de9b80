"""What does this deal score? A pure function with an itemised breakdown."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from .cards import PACK_LIMITS, RANKS, Card, pack_excess, too_many_message
from .errors import ImpossibleDeal, InvalidRequest, Violation
from .melds import Shape, as_cards, canasta_kind, meld_problems, violation
from .profiles import SPECIAL_CANASTAS, Penalty, RuleProfile


@dataclass(frozen=True)
class CustomPenalty:
    """A penalty not in the profile's list: ``points`` are deducted."""

    points: int
    reason: str


@dataclass(frozen=True)
class SideDeal:
    """One side's deal, card by card (melds, hands) or by totals (meld_points, canastas, hand_points)."""

    melds: tuple[tuple[Card, ...], ...] | None = None
    hands: tuple[tuple[Card, ...], ...] | None = None
    meld_points: int | None = None
    canastas: Mapping[str, int] | None = None
    hand_points: int | None = None
    red_threes: int = 0
    black_threes: int = 0
    went_out: bool = False
    concealed: bool = False
    penalties: tuple = ()

    @property
    def by_cards(self) -> bool:
        return self.melds is not None or self.hands is not None


@dataclass(frozen=True, slots=True)
class Line:
    code: str
    label: str
    points: int

    def to_dict(self) -> dict:
        return {"code": self.code, "label": self.label, "points": self.points}


@dataclass(frozen=True)
class SideResult:
    deal: int
    total: int
    minimum: int
    breakdown: tuple[Line, ...]
    canastas: int = 0  # how many canastas the side made (counted from its melds, or as declared)

    def to_dict(self) -> dict:
        return {"deal": self.deal, "total": self.total, "minimum": self.minimum,
                "breakdown": [line.to_dict() for line in self.breakdown]}


@dataclass(frozen=True)
class DealResult:
    sides: dict[str, SideResult]
    game_over: bool
    winner: str | None
    warnings: tuple[Violation, ...]

    def to_dict(self) -> dict:
        return {
            "sides": {name: result.to_dict() for name, result in self.sides.items()},
            "game_over": self.game_over,
            "winner": self.winner,
            "warnings": [w.to_dict() for w in self.warnings],
        }


def scores_black_threes(profile: RuleProfile) -> bool:
    """True when black threes are laid out as bonus cards (counted like red threes, each colour on its own
    scale), so a side's deal may give ``black_threes``; under every other profile that count must be 0."""
    return profile.threes_scoring == "per_colour"


def listable_penalties(profile: RuleProfile, by_cards: bool) -> tuple[Penalty, ...]:
    """The penalties a side may list in ``penalties``: all of the profile's by totals; card by card, not those
    the engine works out from the cards itself (``Penalty.derived``), which would be charged twice."""
    return tuple(p for p in profile.penalties if not (by_cards and p.derived))


def game_state(profile: RuleProfile, totals: dict[str, int]) -> tuple[bool, str | None]:
    """(game_over, winner): over when a total reached the target; the winner has the higher total."""
    if not totals or max(totals.values()) < profile.target:
        return False, None
    best = max(totals.values())
    leaders = [name for name, total in totals.items() if total == best]
    return True, (leaders[0] if len(leaders) == 1 else None)


_KIND_LABELS = {
    "natural": ("natural canasta", "natural canastas"),
    "mixed": ("mixed canasta", "mixed canastas"),
    "sevens": ("canasta of sevens", "canastas of sevens"),
    "aces": ("canasta of aces", "canastas of aces"),
    "wild_twos": ("wild-card canasta of seven twos", "wild-card canastas of seven twos"),
    "wild_jokers": ("wild-card canasta with four jokers", "wild-card canastas with four jokers"),
    "wild": ("wild-card canasta", "wild-card canastas"),
}


def _plural(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _who(name: str, names: Mapping[str, str] | None) -> str:
    """A side as a message names it: its display name when the caller gave one (the scorepad), else
    ``Side 'key'`` (the API names sides by their keys)."""
    shown = names.get(name) if names else None
    return shown.strip() if isinstance(shown, str) and shown.strip() else f"Side '{name}'"


def _named(name: str, names: Mapping[str, str] | None) -> bool:
    return _who(name, names) != f"Side '{name}'"


class _Side:
    """The facts of one side's deal that the scoring formula needs."""

    __slots__ = ("meld_points", "hand_points", "canastas", "has_meld", "penalty_lines", "hands_left", "warnings")


def _facts_by_cards(p: RuleProfile, name: str, side: SideDeal, names: Mapping[str, str] | None = None) -> _Side:
    facts = _Side()
    melds = side.melds or ()
    hands = side.hands or ()
    canastas: dict[str, int] = {}
    lines: list[Line] = []
    warnings: list[Violation] = []
    meld_points = 0
    size = p.canasta_size
    for i, cards in enumerate(melds):
        shape = Shape(cards)
        meld_points += p.cards_points(cards)
        kind = canasta_kind(p, shape) if shape.size >= size else None
        if kind:
            canastas[kind] = canastas.get(kind, 0) + 1
        else:
            if shape.rank == "7" and p.incomplete_sevens_penalty:
                lines.append(Line("penalty", "Sevens meld not completed", -p.incomplete_sevens_penalty))
            elif shape.rank == "A" and p.incomplete_aces_penalty and (
                    shape.wilds == 0 or p.incomplete_mixed_aces_penalised):
                lines.append(Line("penalty", "Aces meld not completed", -p.incomplete_aces_penalty))
            elif shape.rank == "wild" and p.incomplete_wild_penalty:
                lines.append(Line("penalty", "Wild-card meld not completed", -p.incomplete_wild_penalty))
        problems: list[Violation] = []
        meld_problems(p, shape, before=None, added_wilds=0, opening=False, opened_before=False,
                      going_out=side.went_out, out=problems)
        if problems:
            warnings.append(violation(p, "deal.illegal_meld",
                                      f"{_who(name, names)}, meld {i + 1}: {problems[0].message}", "melds"))
    hand_points = 0
    for hand in hands:
        hand_points += p.cards_points(hand)
        sevens = aces = 0
        for card in hand:
            if card.rank == "7":
                sevens += 1
            elif card.rank == "A":
                aces += 1
            elif card.is_red_three and not p.red_three_in_hand_points:
                listed = (f"{_who(name, names)}: a red three is listed in a hand" if _named(name, names)
                          else f"Side '{name}' lists a red three in a hand")
                warnings.append(violation(p, "deal.red_three_in_hand",
                                          f"{listed}; it scores nothing there "
                                          "(charge the penalty for an undeclared red three if it applies).",
                                          "red_threes"))
        if sevens >= 3 and p.sevens_in_hand_penalty:
            lines.append(Line("penalty", "Three or more sevens left in one hand", -p.sevens_in_hand_penalty))
        if aces >= 3 and p.aces_in_hand_penalty:
            lines.append(Line("penalty", "Three or more aces left in one hand", -p.aces_in_hand_penalty))
    facts.meld_points = meld_points
    facts.hand_points = hand_points
    facts.canastas = canastas
    facts.has_meld = bool(melds)
    facts.penalty_lines = lines
    facts.hands_left = (all(len(h) > 0 for h in hands) if hands else False)
    facts.warnings = warnings
    return facts


def _facts_by_totals(p: RuleProfile, name: str, side: SideDeal) -> _Side:
    facts = _Side()
    canastas = dict(side.canastas or {})
    for kind, count in canastas.items():
        if kind not in p.canasta_kinds:
            allowed = ", ".join(p.canasta_kinds)
            raise InvalidRequest(f"'{kind}' is not a kind of canasta under these rules; use {allowed}.",
                                 code="request.invalid_field", field=f"sides.{name}.canastas.{kind}")
    facts.meld_points = side.meld_points or 0
    facts.hand_points = side.hand_points or 0
    facts.canastas = {k: v for k, v in canastas.items() if v}
    facts.has_meld = facts.meld_points > 0 or bool(facts.canastas)
    facts.penalty_lines = []
    facts.hands_left = False
    facts.warnings = []
    return facts


def _threes_lines(p: RuleProfile, side: SideDeal, facts: _Side, n_canastas: int) -> list[Line]:
    """The threes laid out: valued per colour or per red three, counted plus or minus by the side's canastas
    or by whether it melded (``threes_scoring`` and ``threes_sign_by``)."""
    lines = []
    red, black = side.red_threes, side.black_threes
    if p.threes_sign_by == "canastas":
        sign = 1 if n_canastas >= 2 else (0 if n_canastas == 1 else -1)
        note = "" if sign > 0 else (" (one canasta: not counted)" if sign == 0 else " (no canasta: minus)")
    else:
        minus = not facts.has_meld and p.red_threes_negative_without_meld
        sign, note = (-1, " (no meld: minus)") if minus else (1, "")
    if p.threes_scoring == "per_colour":
        for count, colour in ((red, "red"), (black, "black")):
            if count:
                lines.append(Line(f"{colour}_threes", _plural(count, f"{colour} three", f"{colour} threes") + note,
                                  sign * p.threes_table[count]))
        return lines
    if not red:
        return lines
    if red == 4:
        value = p.all_four_red_threes_negative if sign < 0 else p.all_four_red_threes_bonus
    else:
        value = red * p.red_three_bonus
    lines.append(Line("red_threes", _plural(red, "red three", "red threes") + note, sign * value))
    return lines


def _score_side(p: RuleProfile, name: str, side: SideDeal,
                names: Mapping[str, str] | None = None) -> tuple[list[Line], _Side]:
    if side.by_cards and (side.meld_points is not None or side.canastas is not None or side.hand_points is not None):
        raise InvalidRequest("Give a side card by card (melds, hands) or by totals (meld_points, canastas, "
                             "hand_points), not both.", code="request.invalid_field", field=f"sides.{name}")
    facts = _facts_by_cards(p, name, side, names) if side.by_cards else _facts_by_totals(p, name, side)
    lines: list[Line] = []
    if side.went_out:
        lines.append(Line("going_out", "Went out", p.going_out_bonus))
        if side.concealed and p.concealed_allowed and p.concealed_extra_bonus:
            lines.append(Line("concealed", "Went out concealed", p.concealed_extra_bonus))
    n_canastas = 0
    for kind in p.canasta_kinds:
        count = facts.canastas.get(kind, 0)
        if count:
            n_canastas += count
            one, many = _KIND_LABELS[kind]
            lines.append(Line("canastas", _plural(count, one, many), count * p.canasta_bonus(kind)))
    lines.extend(_threes_lines(p, side, facts, n_canastas))
    if facts.meld_points:
        if p.melds_count_minus_without_canasta and n_canastas == 0:
            lines.append(Line("melded", "Cards melded (no canasta: minus)", -facts.meld_points))
        else:
            lines.append(Line("melded", "Cards melded", facts.meld_points))
    if facts.hand_points:
        lines.append(Line("hand", "Cards left in hand", -facts.hand_points))
    lines.extend(facts.penalty_lines)
    for i, penalty in enumerate(side.penalties):
        if isinstance(penalty, CustomPenalty):
            lines.append(Line("penalty", penalty.reason or "Penalty", -penalty.points))
            continue
        known = p.penalty(penalty)
        if known is None:
            codes = ", ".join(pen.code for pen in p.penalties) or "none"
            raise InvalidRequest(f"'{penalty}' is not a penalty of these rules (they have: {codes}).",
                                 code="request.invalid_field", field=f"sides.{name}.penalties[{i}]")
        if known not in listable_penalties(p, side.by_cards):
            raise InvalidRequest(f"'{known.label}' is worked out from the cards when a side is given card by card; "
                                 "listing it as well would charge it twice. Leave it out, or give the side by "
                                 "totals.", code="request.invalid_field", field=f"sides.{name}.penalties[{i}]")
        lines.append(Line("penalty", known.label, -known.points))
    facts.canastas = n_canastas  # type: ignore[assignment]  (from here on: the count)
    return lines, facts


# ----------------------------------------------------------------------------------------
# Does a deal given by totals fit in one 108-card pack?
# ----------------------------------------------------------------------------------------

#: Cards of the pack other than threes (threes never go into a canasta): 88 naturals and 12 wild cards.
_NON_THREES = sum(n for kind, n in PACK_LIMITS.items() if kind not in ("red3", "black3"))
_TWOS, _JOKERS = PACK_LIMITS["2"], PACK_LIMITS["JK"]
_WILDS = _TWOS + _JOKERS


def pack_points(profile: RuleProfile) -> int:
    """What all 108 cards of the pack are worth together under ``profile`` (threes at their value in a hand)."""
    total = 0
    for kind, copies in PACK_LIMITS.items():
        if kind == "red3":
            value = profile.red_three_in_hand_points
        elif kind == "black3":
            value = profile.black_three_points
        else:
            value = profile.card_points(Card(kind))
        total += copies * value
    return total


def _check_points_fit(p: RuleProfile, sides: dict[str, SideDeal], names: Mapping[str, str] | None = None) -> None:
    """meld_points and hand_points are never negative and, over all sides, never more than the pack is worth."""
    limit = pack_points(p)
    used = 0
    for name, side in sides.items():
        if side.by_cards:
            used += sum(p.cards_points(cards) for cards in (*(side.melds or ()), *(side.hands or ())))
            continue
        for key, value, what in (("meld_points", side.meld_points, "melded cards"),
                                 ("hand_points", side.hand_points, "cards left in hand")):
            if not value:
                continue
            field = f"sides.{name}.{key}"
            if value < 0:
                its = "the" if _named(name, names) else "its"
                raise ImpossibleDeal(f"{_who(name, names)}: the value of {its} {what} cannot be negative; write what "
                                     "the cards are worth, the score takes hand cards off by itself.", field=field)
            if value > limit:
                given = (f"{_who(name, names)}: {value} points of {what} are given" if _named(name, names)
                         else f"Side '{name}' gives {value} points of {what}")
                raise ImpossibleDeal(f"{given}, but all 108 cards of the pack "
                                     f"together are worth only {limit} under these rules.", field=field)
            used += value
            if used > limit:
                raise ImpossibleDeal(f"The melded cards and cards left in hand of the sides add up to {used} points, "
                                     f"but all 108 cards of the pack together are worth only {limit} under these "
                                     "rules.", field=field)


def _check_canastas_fit(p: RuleProfile, sides: dict[str, SideDeal], names: Mapping[str, str] | None = None) -> None:
    """The canastas of every side together fit in the pack: each takes at least ``canasta_size`` cards other
    than threes, the wild-card kinds take wild cards (8 twos and 4 jokers in all), and a natural canasta takes
    all but one card of its rank."""
    size = p.canasta_size
    special = p.special_canastas
    # Ranks that can hold a "natural" canasta: with special canastas sevens and aces are kinds of their own.
    natural_ranks = len(RANKS) - 2 if special else len(RANKS)
    cards = twos = jokers = wilds = 0
    listed = False
    for side in sides.values():
        if side.by_cards:
            for held in (*(side.melds or ()), *(side.hands or ())):
                for card in held:
                    if card.rank == "3":
                        continue
                    cards += 1
                    twos += card.rank == "2"
                    jokers += card.rank == "JK"
                    listed = True
    naturals = sevens = aces = 0
    for name, side in sides.items():
        if side.by_cards or not side.canastas:
            continue
        field = f"sides.{name}.canastas"
        for kind, count in side.canastas.items():
            if kind not in p.canasta_kinds or isinstance(count, bool) or not isinstance(count, int):
                continue  # refused with its own message when the side is scored
            if count < 0:
                raise ImpossibleDeal(f"{_who(name, names)} cannot have a negative number of canastas.",
                                     field=f"{field}.{kind}")
            cards += count * size
            if kind == "natural":
                naturals += count
            elif kind == "sevens":
                sevens += count
            elif kind == "aces":
                aces += count
            elif kind == "mixed":
                wilds += count          # at least one wild card each
            elif kind == "wild_twos":
                twos += count * size    # seven twos
            elif kind == "wild_jokers":
                jokers += count * 4     # four jokers and three twos
                twos += count * (size - 4)
            else:
                wilds += count * size   # any other all-wild canasta
        problem = None
        if twos > _TWOS:
            problem = (f"The canastas given need at least {twos} twos, but the pack holds only {_TWOS}; a canasta "
                       f"of {size} twos alone takes {size} of them.")
        elif jokers > _JOKERS:
            problem = f"The canastas given need at least {jokers} jokers, but the pack holds only {_JOKERS}."
        elif twos + jokers + wilds > _WILDS:
            problem = (f"The canastas given need at least {twos + jokers + wilds} wild cards ({size} for each "
                       f"wild-card canasta, one for each mixed canasta), but the pack holds only {_WILDS}: "
                       f"{_TWOS} twos and {_JOKERS} jokers.")
        elif cards > _NON_THREES:
            problem = (f"Each canasta takes at least {size} cards, so the canastas given need at least {cards} "
                       f"cards other than threes" + (", counting the cards listed card by card" if listed else "")
                       + f"; the pack holds only {_NON_THREES}.")
        elif sevens > 1 or aces > 1:
            which = "sevens" if sevens > 1 else "aces"
            problem = (f"The pack holds 8 {which}, enough for only one canasta of {which} in a deal; "
                       f"{max(sevens, aces)} are given.")
        elif naturals + sevens + aces > len(RANKS) or naturals > natural_ranks:
            problem = (f"A natural canasta takes {size} of the 8 cards of its rank, so a deal holds at most one "
                       f"per rank ({natural_ranks} here); {naturals} natural canastas are given.")
        if problem:
            raise ImpossibleDeal(problem, field=field)


def score_deal(profile: RuleProfile, sides: dict[str, SideDeal], before: dict[str, int] | None = None, *,
               names: Mapping[str, str] | None = None) -> DealResult:
    """Score one deal for every side; raises ImpossibleDeal for what cannot happen.

    ``names`` maps side keys to the names players know them by ("Ann & Cy"): messages then use those names;
    without it (the API) they name each side by its key. Results and fields are keyed the same either way."""
    p = profile
    before = before or {}
    if not isinstance(sides, dict) or len(sides) < 2:
        raise InvalidRequest("A deal has two or more sides.", code="request.invalid_field", field="sides")
    out_sides = [name for name, side in sides.items() if side.went_out or side.concealed]
    for name, side in sides.items():
        if side.concealed and not side.went_out:
            raise ImpossibleDeal(f"{_who(name, names)} cannot go out concealed without going out.",
                                 field=f"sides.{name}.concealed")
        if side.black_threes and not scores_black_threes(p):
            raise InvalidRequest("These rules do not lay black threes out as bonus cards; a side's black threes "
                                 "must be 0.",
                                 code="request.invalid_field", field=f"sides.{name}.black_threes")
    if len(out_sides) > 1:
        who = [_who(name, names) if _named(name, names) else name for name in out_sides]
        raise ImpossibleDeal(f"Only one side can go out in a deal, but {' and '.join(who)} did.",
                             field="sides")
    red = sum(s.red_threes for s in sides.values())
    black = sum(s.black_threes for s in sides.values())
    card_lists = []
    for side in sides.values():
        if side.melds:
            card_lists.extend(side.melds)
        if side.hands:
            card_lists.extend(side.hands)
    for cards in card_lists:
        for card in cards:
            if card.rank == "3":
                if card.suit in ("H", "D"):
                    red += 1
                else:
                    black += 1
    if red > 4:
        raise ImpossibleDeal(f"The pack holds 4 red threes, but the sides have {red}.", field="sides")
    if black > 4:
        raise ImpossibleDeal(f"The pack holds 4 black threes, but the sides have {black}.", field="sides")
    if card_lists:
        excess = pack_excess(*card_lists)
        if excess is not None:
            raise ImpossibleDeal(too_many_message(*excess), field="sides")
    _check_canastas_fit(p, sides, names)
    _check_points_fit(p, sides, names)
    results: dict[str, SideResult] = {}
    warnings: list[Violation] = []
    totals: dict[str, int] = {}
    for name, side in sides.items():
        lines, facts = _score_side(p, name, side, names)
        deal = sum(line.points for line in lines)
        total = before.get(name, 0) + deal
        totals[name] = total
        results[name] = SideResult(deal, total, p.minimum(total), tuple(lines), facts.canastas)
        warnings.extend(facts.warnings)
        if side.went_out:
            if facts.canastas < p.canastas_to_go_out:
                warnings.append(violation(p, "deal.went_out_without_canastas",
                                          f"{_who(name, names)} went out with "
                                          f"{_plural(facts.canastas, 'canasta', 'canastas')}; these rules "
                                          f"need {p.canastas_to_go_out}.", "going_out"))
            if facts.hands_left:
                hands = "every hand of that side" if _named(name, names) else "every one of its hands"
                warnings.append(violation(p, "deal.went_out_with_cards",
                                          f"{_who(name, names)} went out, yet {hands} still holds cards.",
                                          "going_out"))
            if side.concealed and not (p.concealed_allowed and p.concealed_extra_bonus):
                warnings.append(violation(p, "deal.concealed_without_bonus",
                                          "These rules give no extra bonus for going out concealed.", "scoring"))
    game_over, winner = game_state(p, totals)
    return DealResult(results, game_over, winner, tuple(warnings))


# ----------------------------------------------------------------------------------------
# Reading the API body
# ----------------------------------------------------------------------------------------

_CARD_FIELDS = ("melds", "hands")
_TOTAL_FIELDS = ("meld_points", "canastas", "hand_points")
_COMMON_FIELDS = ("red_threes", "black_threes", "went_out", "concealed", "penalties")


def _bad(message: str, field: str, code: str = "request.invalid_field") -> InvalidRequest:
    return InvalidRequest(message, code=code, field=field)


def _count(value, field: str, *, points: bool = False, most: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _bad(f"'{field.rsplit('.', 1)[-1]}' must be a whole number.", field)
    if value < 0:
        raise _bad(f"'{field.rsplit('.', 1)[-1]}' cannot be negative.", field)
    if points and value % 5:
        raise _bad(f"'{field.rsplit('.', 1)[-1]}' must be a multiple of 5, as every card value is.", field)
    if most is not None and value > most:
        raise _bad(f"'{field.rsplit('.', 1)[-1]}' cannot be more than {most}.", field)
    return value


def _flag(value, field: str) -> bool:
    if not isinstance(value, bool):
        raise _bad(f"'{field.rsplit('.', 1)[-1]}' must be true or false.", field)
    return value


def _parse_side(name: str, data) -> SideDeal:
    base = f"sides.{name}"
    if not isinstance(data, dict):
        raise _bad(f"Side '{name}' must be an object with its melds or totals.", base)
    unknown = [k for k in data if k not in _CARD_FIELDS + _TOTAL_FIELDS + _COMMON_FIELDS]
    if unknown:
        raise _bad(f"'{unknown[0]}' is not a field of a side.", f"{base}.{unknown[0]}")
    by_cards = any(k in data for k in _CARD_FIELDS)
    by_totals = any(k in data for k in _TOTAL_FIELDS)
    if by_cards and by_totals:
        raise _bad(f"Give side '{name}' card by card (melds, hands) or by totals (meld_points, canastas, "
                   "hand_points), not both.", base)
    kw: dict = {}
    if by_cards:
        melds = data.get("melds", [])
        if not isinstance(melds, list):
            raise _bad("'melds' is a list of melds, one card string each.", f"{base}.melds")
        kw["melds"] = tuple(as_cards(m, f"{base}.melds[{i}]") for i, m in enumerate(melds))
        hands = data.get("hands", [])
        if isinstance(hands, str):
            hands = [hands]
        if not isinstance(hands, list):
            raise _bad("'hands' is a list of card strings, one per player.", f"{base}.hands")
        kw["hands"] = tuple(as_cards(h, f"{base}.hands[{i}]") for i, h in enumerate(hands))
    else:
        kw["meld_points"] = _count(data.get("meld_points", 0), f"{base}.meld_points", points=True)
        kw["hand_points"] = _count(data.get("hand_points", 0), f"{base}.hand_points", points=True)
        canastas = data.get("canastas", {})
        if not isinstance(canastas, dict):
            raise _bad("'canastas' gives a count per kind, e.g. {\"natural\": 1}.", f"{base}.canastas")
        for kind in canastas:
            if kind not in SPECIAL_CANASTAS:
                raise _bad(f"'{kind}' is not a kind of canasta; use {', '.join(SPECIAL_CANASTAS)}.",
                           f"{base}.canastas.{kind}")
        kw["canastas"] = {k: _count(v, f"{base}.canastas.{k}") for k, v in canastas.items()}
    kw["red_threes"] = _count(data.get("red_threes", 0), f"{base}.red_threes", most=4)
    kw["black_threes"] = _count(data.get("black_threes", 0), f"{base}.black_threes", most=4)
    concealed = _flag(data.get("concealed", False), f"{base}.concealed")
    went_out = _flag(data["went_out"], f"{base}.went_out") if "went_out" in data else concealed
    kw["went_out"], kw["concealed"] = went_out, concealed
    penalties = data.get("penalties", [])
    if not isinstance(penalties, list):
        raise _bad("'penalties' is a list of penalty codes or {points, reason} objects.", f"{base}.penalties")
    parsed = []
    for i, item in enumerate(penalties):
        field = f"{base}.penalties[{i}]"
        if isinstance(item, str):
            parsed.append(item)
        elif isinstance(item, dict):
            if "points" not in item:
                raise _bad("A penalty object needs its points.", f"{field}.points", "request.missing_field")
            points = _count(item["points"], f"{field}.points", points=True)
            reason = item.get("reason", "Penalty")
            if not isinstance(reason, str):
                raise _bad("The reason of a penalty is a text.", f"{field}.reason")
            parsed.append(CustomPenalty(points, reason.strip() or "Penalty"))
        else:
            raise _bad("A penalty is a code or an object with points and a reason.", field)
    kw["penalties"] = tuple(parsed)
    return SideDeal(**kw)


def parse_deal(data: dict) -> tuple[dict[str, SideDeal], dict[str, int]]:
    """Read the body of POST /api/v1/score/deal into sides and the totals before the deal."""
    if not isinstance(data, dict):
        raise _bad("The request body must be a JSON object.", None)
    if "sides" not in data:
        raise _bad("The deal needs its sides.", "sides", "request.missing_field")
    raw = data["sides"]
    if not isinstance(raw, dict) or len(raw) < 2:
        raise _bad("'sides' holds two or more sides by name.", "sides")
    sides = {str(name): _parse_side(str(name), side) for name, side in raw.items()}
    before_raw = data.get("before")
    if before_raw is None:
        before_raw = {}
    if not isinstance(before_raw, dict):
        raise _bad("'before' gives each side's total before the deal.", "before")
    before: dict[str, int] = {}
    for name, value in before_raw.items():
        field = f"before.{name}"
        if name not in sides:
            raise _bad(f"'{name}' is not one of the sides of this deal.", field)
        if isinstance(value, bool) or not isinstance(value, int):
            raise _bad(f"The total of '{name}' must be a whole number.", field)
        if value % 5:
            raise _bad(f"The total of '{name}' must be a multiple of 5.", field)
        before[name] = value
    return sides, before

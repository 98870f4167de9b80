"""A deal as JSON and back: ``parse_deal`` reads the body of POST /api/v1/score/deal (and a stored deal) into
SideDeal values; ``to_dict`` writes them back in the same shape, so ``parse_deal(to_dict(sides, before))``
gives the same sides and totals (docs/API.md, score/deal)."""
from __future__ import annotations

from .cards import format_cards
from .errors import InvalidRequest, RulesError
from .melds import as_cards
from .rule_profile import ALL_CANASTAS
from .side_deal import CustomPenalty, SideDeal
from .i18n import _

_CARD_FIELDS = ("melds", "hands")
_TOTAL_FIELDS = ("meld_points", "canastas", "hand_points")
_COMMON_FIELDS = ("red_threes", "black_threes", "went_out", "concealed", "penalties", "lone_hand")


def _bad(message: str, field: str | None, code: str = "request.invalid_field") -> InvalidRequest:
    return InvalidRequest(message, code=code, field=field)


def _count(value, field: str, *, points: bool = False, most: int | None = None) -> int:
    name = field.rsplit('.', 1)[-1]
    if isinstance(value, bool) or not isinstance(value, int):
        raise _bad(_("'%(name)s' must be a whole number.", name=name), field)
    if value < 0:
        raise _bad(_("'%(name)s' cannot be negative.", name=name), field)
    if points and value % 5:
        raise _bad(_("'%(name)s' must be a multiple of 5, as every card value is.", name=name), field)
    if most is not None and value > most:
        raise _bad(_("'%(name)s' cannot be more than %(most)s.", name=name, most=most), field)
    return value


def _flag(value, field: str) -> bool:
    if not isinstance(value, bool):
        raise _bad(_("'%(rsplit)s' must be true or false.", rsplit=field.rsplit('.', 1)[-1]), field)
    return value


def _card_fields(data: dict, base: str, suits: bool = False) -> dict:
    melds = data.get("melds", [])
    if not isinstance(melds, list):
        raise _bad(_("'melds' is a list of melds, one card string each."), f"{base}.melds")
    hands = data.get("hands", [])
    if isinstance(hands, str):
        hands = [hands]
    if not isinstance(hands, list):
        raise _bad(_("'hands' is a list of card strings, one per player."), f"{base}.hands")
    return {
        "melds": tuple(as_cards(m, f"{base}.melds[{i}]", suits) for i, m in enumerate(melds)),
        "hands": tuple(as_cards(h, f"{base}.hands[{i}]", suits) for i, h in enumerate(hands)),
    }


def _total_fields(data: dict, base: str) -> dict:
    meld_points = _count(data.get("meld_points", 0), f"{base}.meld_points", points=True)
    hand_points = _count(data.get("hand_points", 0), f"{base}.hand_points", points=True)
    canastas = data.get("canastas", {})
    if not isinstance(canastas, dict):
        raise _bad(_('\'canastas\' gives a count per kind, e.g. {"natural": 1}.'), f"{base}.canastas")
    for kind in canastas:
        if kind not in ALL_CANASTAS:
            raise _bad(_("'%(kind)s' is not a kind of canasta; use %(SPECIAL_CANASTAS)s.", kind=kind, SPECIAL_CANASTAS=', '.join(ALL_CANASTAS)),
                       f"{base}.canastas.{kind}")
    return {
        "meld_points": meld_points, "hand_points": hand_points,
        "canastas": {k: _count(v, f"{base}.canastas.{k}") for k, v in canastas.items()},
    }


def _penalties(data: dict, base: str) -> tuple:
    penalties = data.get("penalties", [])
    if not isinstance(penalties, list):
        raise _bad(_("'penalties' is a list of penalty codes or {points, reason} objects."), f"{base}.penalties")
    parsed = []
    for i, item in enumerate(penalties):
        field = f"{base}.penalties[{i}]"
        if isinstance(item, str):
            parsed.append(item)
        elif isinstance(item, dict):
            if "points" not in item:
                raise _bad(_("A penalty object needs its points."), f"{field}.points", "request.missing_field")
            points = _count(item["points"], f"{field}.points", points=True)
            reason = item.get("reason", "Penalty")
            if not isinstance(reason, str):
                raise _bad(_("The reason of a penalty is a text."), f"{field}.reason")
            parsed.append(CustomPenalty(points, reason.strip() or _("Penalty")))
        else:
            raise _bad(_("A penalty is a code or an object with points and a reason."), field)
    return tuple(parsed)


def _parse_side(name: str, data, suits: bool = False) -> SideDeal:
    base = f"sides.{name}"
    if not isinstance(data, dict):
        raise _bad(_("Side '%(name)s' must be an object with its melds or totals.", name=name), base)
    unknown = [k for k in data if k not in _CARD_FIELDS + _TOTAL_FIELDS + _COMMON_FIELDS]
    if unknown:
        raise _bad(_("'%(unknown)s' is not a field of a side.", unknown=unknown[0]), f"{base}.{unknown[0]}")
    by_cards = any(k in data for k in _CARD_FIELDS)
    if by_cards and any(k in data for k in _TOTAL_FIELDS):
        raise _bad(_("Give side '%(name)s' card by card (melds, hands) or by totals (meld_points, canastas, hand_points), not both.", name=name), base)
    kw: dict = _card_fields(data, base, suits) if by_cards else _total_fields(data, base)
    # Six packs hold twelve threes of a colour; the profile's own pack is checked when the deal is scored.
    kw["red_threes"] = _count(data.get("red_threes", 0), f"{base}.red_threes", most=12)
    kw["black_threes"] = _count(data.get("black_threes", 0), f"{base}.black_threes", most=12)
    concealed = _flag(data.get("concealed", False), f"{base}.concealed")
    went_out = _flag(data["went_out"], f"{base}.went_out") if "went_out" in data else concealed
    kw["went_out"], kw["concealed"] = went_out, concealed
    kw["penalties"] = _penalties(data, base)
    kw["lone_hand"] = _flag(data.get("lone_hand", False), f"{base}.lone_hand")
    return SideDeal(**kw)


def _parse_before(data: dict, sides: dict) -> dict[str, int]:
    before_raw = data.get("before")
    if before_raw is None:
        before_raw = {}
    if not isinstance(before_raw, dict):
        raise _bad(_("'before' gives each side's total before the deal."), "before")
    before: dict[str, int] = {}
    for name, value in before_raw.items():
        field = f"before.{name}"
        if name not in sides:
            raise _bad(_("'%(name)s' is not one of the sides of this deal.", name=name), field)
        if isinstance(value, bool) or not isinstance(value, int):
            raise _bad(_("The total of '%(name)s' must be a whole number.", name=name), field)
        if value % 5:
            raise _bad(_("The total of '%(name)s' must be a multiple of 5.", name=name), field)
        before[name] = value
    return before


#: What a cut-throat partner's own entry holds when the partnership's figures come once in ``partnership``.
_PARTNER_FIELDS = ("red_threes", "lone_hand")


def _with_partnership(raw: dict, data) -> dict:
    """Cut-throat, the partnership's figures given once (docs/API.md score/deal, ``partnership``): the sides as
    the engine reads them, the figures on the first partner and each partner's own red threes on his own entry
    (the partners' figures are added up whichever of them holds them, docs/RULES.md §5.3). Card by card,
    ``hands`` holds each partner's cards, in the order the partners come in ``sides``."""
    if not isinstance(data, dict):
        raise _bad(_("'partnership' is an object with the partnership's melds or totals."), "partnership")
    lone = [name for name, side in raw.items() if isinstance(side, dict) and side.get("lone_hand") is True]
    if len(raw) != 3 or len(lone) != 1:
        raise _bad(_("'partnership' is for cut-throat: three sides, one of them marked 'lone_hand' (who took the pile first); the other two are the partners."), "partnership")
    partners = [name for name in raw if name != lone[0]]
    for name in partners:
        if not isinstance(raw[name], dict):
            raise _bad(_("Side '%(name)s' must be an object with its melds or totals.", name=name), f"sides.{name}")
        extra = [key for key in raw[name] if key not in _PARTNER_FIELDS]
        if extra:
            raise _bad(_("'%(field)s' of a partner goes in 'partnership', which holds the partnership's figures once; a partner's own entry holds only his red threes.", field=extra[0]), f"sides.{name}.{extra[0]}")
    if "red_threes" in data:
        raise _bad(_("Red threes count for each partner alone: give them in each partner's own entry in 'sides'."), "partnership.red_threes")
    unknown = [k for k in data if k not in _CARD_FIELDS + _TOTAL_FIELDS + _COMMON_FIELDS or k == "lone_hand"]
    if unknown:
        raise _bad(_("'%(unknown)s' is not a field of the partnership.", unknown=unknown[0]), f"partnership.{unknown[0]}")
    figures = dict(data)
    own = {name: dict(raw[name]) for name in partners}
    hands = figures.pop("hands", None)
    if any(k in figures for k in _CARD_FIELDS) or hands is not None:
        hands = [hands] if isinstance(hands, str) else hands
        if hands is not None and (not isinstance(hands, list) or len(hands) > len(partners)):
            raise _bad(_("'hands' of the partnership holds one card string per partner, in the order the partners come in 'sides'."), "partnership.hands")
        hands = list(hands or []) + [""] * (len(partners) - len(hands or []))
        for name, hand in zip(partners, hands):
            own[name]["hands"] = [hand]
        own[partners[1]].setdefault("melds", [])
    red = {name: own[name].pop("red_threes", 0) for name in partners}
    first = {**figures, **own[partners[0]]}
    return {**raw, partners[0]: {**first, "red_threes": red[partners[0]]},
            partners[1]: {**own[partners[1]], "red_threes": red[partners[1]]}}


def parse_deal(data: dict, profile=None) -> tuple[dict[str, SideDeal], dict[str, int]]:
    """Read the body of POST /api/v1/score/deal into sides and the totals before the deal. ``profile``: the
    rules the deal is played under; where they meld sequences of one suit, every card keeps its suit. A
    cut-throat partnership's figures may come once, in ``partnership`` (``_with_partnership``)."""
    if not isinstance(data, dict):
        raise _bad(_("The request body must be a JSON object."), None)
    if "sides" not in data:
        raise _bad(_("The deal needs its sides."), "sides", "request.missing_field")
    raw = data["sides"]
    if not isinstance(raw, dict) or len(raw) < 2:
        raise _bad(_("'sides' holds two or more sides by name."), "sides")
    partners: list[str] = []
    if data.get("partnership") is not None:
        raw = _with_partnership(raw, data["partnership"])
        partners = [name for name, side in raw.items() if not side.get("lone_hand")]
    suits = bool(profile is not None and profile.sequences)
    try:
        sides = {str(name): _parse_side(str(name), side, suits) for name, side in raw.items()}
    except RulesError as error:
        raise _in_partnership(error, partners) from None
    return sides, _parse_before(data, sides)


def _in_partnership(error: RulesError, partners: list[str]) -> RulesError:
    """A refusal of the partnership's figures (``_with_partnership`` puts them on the partners' entries) names
    the field as it was sent: ``partnership.melds[1]``, ``partnership.hands[1]`` (a partner's own red threes
    keep their place in ``sides``)."""
    field = error.field or ""
    for i, name in enumerate(partners):
        prefix = f"sides.{name}"
        if field == prefix and i == 0:
            error.field = "partnership"
        elif field.startswith(prefix + ".") and not field.startswith(prefix + ".red_threes"):
            rest = field[len(prefix) + 1:]
            error.field = "partnership." + (f"hands[{i}]" + rest[len("hands[0]"):] if rest.startswith("hands[0]")
                                            else rest)
    return error


def side_to_dict(side: SideDeal) -> dict:
    """One side in the shape ``parse_deal`` reads."""
    if side.by_cards:
        out: dict = {"melds": [format_cards(m) for m in side.melds or ()],
                     "hands": [format_cards(h) for h in side.hands or ()]}
    else:
        out = {"meld_points": side.meld_points or 0, "canastas": dict(side.canastas or {}),
               "hand_points": side.hand_points or 0}
    out.update(red_threes=side.red_threes, black_threes=side.black_threes, went_out=side.went_out,
               concealed=side.concealed)
    out["penalties"] = [p if isinstance(p, str) else {"points": p.points, "reason": p.reason}
                        for p in side.penalties]
    if side.lone_hand:
        out["lone_hand"] = True
    return out


def to_dict(sides: dict[str, SideDeal], before: dict[str, int] | None = None) -> dict:
    """The deal in the shape ``parse_deal`` reads: ``parse_deal(to_dict(s, b)) == (s, b)``."""
    return {"sides": {name: side_to_dict(side) for name, side in sides.items()}, "before": dict(before or {})}


__all__ = ["parse_deal", "to_dict", "side_to_dict"]

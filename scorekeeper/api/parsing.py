"""Reading referee and scoring requests: from a JSON body to a question for the rules engine.

This is the one place where a request body becomes engine input. The JSON API and the
``scorekeeper`` command both come through here, so both understand exactly the same requests.
Nothing here decides a rule of the game: it checks that each field has the right kind of value,
reads the cards, counts them against the pack, and hands everything to ``scorekeeper.rules``.
Every problem is raised as a ``RulesError`` carrying a code, a plain message and the field.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from scorekeeper.rules import (
    PROFILES,
    Card,
    CardTally,
    InvalidRequest,
    RuleProfile,
    Situation,
    check_go_out,
    check_meld,
    check_pile,
    get_profile,
    parse_deal,
    score_deal,
)
from flask import has_app_context

from scorekeeper.db import get_db
from scorekeeper.rules.i18n import _, ngettext
from scorekeeper.stores import rule_sets

#: No number in a request may be larger than this (in either direction). Canasta totals stay far below it.
NUMBER_LIMIT = 10_000_000

#: The fields shared by the three referee questions.
SITUATION_FIELDS = ("rules", "options", "score", "opened", "player_melded", "table", "deal")

MELD_FIELDS = SITUATION_FIELDS + ("melds", "add", "going_out")
PILE_FIELDS = SITUATION_FIELDS + ("pile", "top", "frozen", "uses", "melds", "hand_size")
GO_OUT_FIELDS = SITUATION_FIELDS + ("melds", "add", "discard", "drew", "in_foot")
DEAL_FIELDS = ("rules", "options", "before", "sides", "partnership", "deal")


def invalid(message: str, field: str | None) -> InvalidRequest:
    return InvalidRequest(message, code="request.invalid_field", field=field)


def missing(message: str, field: str) -> InvalidRequest:
    return InvalidRequest(message, code="request.missing_field", field=field)


def invalid_json(message: str) -> InvalidRequest:
    return InvalidRequest(message, code="request.invalid_json", field=None)


def _kind(value: Any) -> str:
    """Plain words for the JSON type of a value, for messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return _("true or false")
    if isinstance(value, (int, float)):
        return _("a number")
    if isinstance(value, str):
        return _("text")
    if isinstance(value, list):
        return _("a list")
    if isinstance(value, dict):
        return _("an object")
    return _("an unknown kind of value")


# --------------------------------------------------------------------------------------------
# The body as a whole
# --------------------------------------------------------------------------------------------


def check_numbers(body: Any) -> None:
    """Refuse numbers no game could produce (huge, infinite, not-a-number) anywhere in the body."""
    stack: list[tuple[Any, str]] = [(body, "")]
    while stack:
        value, path = stack.pop()
        if isinstance(value, bool):
            continue
        if isinstance(value, (int, float)):
            if isinstance(value, float) and not math.isfinite(value) or abs(value) > NUMBER_LIMIT:
                where = path or _("the body")
                raise invalid(_("The number in '%(field)s' is far too large for a game of Canasta.", field=where),
                              path or None)
        elif isinstance(value, dict):
            for key, item in value.items():
                stack.append((item, f"{path}.{key}" if path else str(key)))
        elif isinstance(value, list):
            for i, item in enumerate(value):
                stack.append((item, f"{path}[{i}]"))


def check_fields(body: dict, allowed: tuple[str, ...]) -> None:
    for name in body:
        if name not in allowed:
            raise invalid(_("'%(name)s' is not a field of this request; the fields are: %(fields)s.",
                            name=name, fields=", ".join(allowed)), name)


def read_body(body: Any, allowed: tuple[str, ...]) -> dict:
    if not isinstance(body, dict):
        raise invalid_json(_("The request body must be a JSON object, not %(kind)s.", kind=_kind(body)))
    check_fields(body, allowed)
    check_numbers(body)
    return body


# --------------------------------------------------------------------------------------------
# Single values
# --------------------------------------------------------------------------------------------


def read_bool(body: dict, name: str, default: bool = False, field: str | None = None) -> bool:
    value = body.get(name)
    if value is None:
        return default
    if not isinstance(value, bool):
        raise invalid(_("'%(field)s' must be true or false, not %(kind)s.", field=field or name, kind=_kind(value)),
                      field or name)
    return value


def read_int(body: dict, name: str, default: int | None = 0, field: str | None = None,
             minimum: int = -NUMBER_LIMIT) -> int | None:
    value = body.get(name)
    if value is None:
        return default
    where = field or name
    if isinstance(value, bool) or not isinstance(value, int):
        raise invalid(_("'%(field)s' must be a whole number, not %(kind)s.", field=where, kind=_kind(value)), where)
    if value < minimum:
        raise invalid(_("'%(field)s' must be at least %(minimum)s.", field=where, minimum=minimum), where)
    return value


def read_text(body: dict, name: str, choices: tuple[str, ...], default: str) -> str:
    value = body.get(name)
    if value is None:
        return default
    if not isinstance(value, str) or value not in choices:
        allowed = ", ".join(f'"{c}"' for c in choices)
        raise invalid(_("'%(field)s' must be one of %(choices)s.", field=name, choices=allowed), name)
    return value


def parse_int_text(text: str, field: str) -> int:
    """A whole number written as text (a query string, a command-line option)."""
    cleaned = text.strip()
    digits = cleaned[1:] if cleaned[:1] in "+-" else cleaned
    if not digits.isascii() or not digits.isdigit() or len(digits) > 12:
        raise invalid(_("'%(field)s' must be a whole number such as 1500, not '%(text)s'.", field=field, text=text[:40]),
                      field)
    value = int(cleaned)
    if abs(value) > NUMBER_LIMIT:
        raise invalid(_("The number in '%(field)s' is far too large for a game of Canasta.", field=field), field)
    return value


# --------------------------------------------------------------------------------------------
# Cards
# --------------------------------------------------------------------------------------------


class CardReader(CardTally):
    """Reads every card string of one JSON request (refusing values that are not text) and remembers them, to
    count them against the pack (``check_pack``)."""

    def cards(self, value: Any, field: str) -> tuple[Card, ...]:
        """One card string: ``"K K 2"``, ``"10h, 10s"`` or ``["Q", "Q"]``."""
        if isinstance(value, list):
            for i, item in enumerate(value):
                if not isinstance(item, str):
                    raise invalid(_("Each card in '%(field)s' is written as text such as \"K\" or \"3H\", but item "
                                    "%(number)s is %(kind)s.", field=field, number=i + 1, kind=_kind(item)), field)
        elif not isinstance(value, str):
            raise invalid(_("'%(field)s' must be cards written as text such as \"K K 2\" or as a list such as "
                            "[\"K\", \"K\", \"2\"], not %(kind)s.", field=field, kind=_kind(value)), field)
        return self.read(value, field)

    def card(self, value: Any, field: str) -> Card:
        """Exactly one card."""
        cards = self.cards(value, field)
        if len(cards) != 1:
            raise invalid(_("'%(field)s' must be exactly one card, such as \"K\".", field=field), field)
        return cards[0]

    def card_lists(self, body: dict, name: str) -> tuple[tuple[Card, ...], ...]:
        """A list of card strings, one per meld: ``["K K K", "7 7 2"]``."""
        value = body.get(name)
        if value is None:
            return ()
        if not isinstance(value, list):
            raise invalid(_("'%(field)s' must be a list with one card string per meld, such as [\"K K K\", \"7 7 2\"], "
                            "not %(kind)s.", field=name, kind=_kind(value)), name)
        return tuple(self.cards(item, f"{name}[{i}]") for i, item in enumerate(value))

    def additions(self, body: dict, name: str = "add") -> dict[str, tuple[Card, ...]]:
        """Cards added to melds on the table: ``{"K": "2", "wild": "JK"}``."""
        value = body.get(name)
        if value is None:
            return {}
        if not isinstance(value, dict):
            raise invalid(_("'%(field)s' must be an object from the rank of a meld on the table to the cards added, "
                            "such as {\"K\": \"2\"}, not %(kind)s.", field=name, kind=_kind(value)), name)
        return {key: self.cards(cards, f"{name}.{key}") for key, cards in value.items()}


# --------------------------------------------------------------------------------------------
# Profile and situation
# --------------------------------------------------------------------------------------------


def read_profile(body: dict) -> RuleProfile:
    """The profile named by ``rules``, with the club's ``options`` applied."""
    rules = body.get("rules")
    if rules is None:
        raise missing(_("Say which rules to use in 'rules', for example \"bicycle\"."), "rules")
    if not isinstance(rules, str):
        raise invalid(_("'rules' must be the id of a profile written as text, not %(kind)s.", kind=_kind(rules)),
                      "rules")
    options = body.get("options")
    if options is not None and not isinstance(options, dict):
        raise invalid(_("'options' must be an object of option names and values, such as {\"target\": 5000}, "
                        "not %(kind)s.", kind=_kind(options)), "options")
    return club_profile(rules, options)


def club_profile(rules: str, options: dict | None = None) -> RuleProfile:
    """One of the five profiles, or a club's rule set (``club-...``: its options under ``options``), with
    ``options`` applied; raises UnknownRules / UnknownOption."""
    if rules in PROFILES or not has_app_context():  # the command line knows the five only
        profile = get_profile(rules)
        return profile.with_options(options) if options else profile
    return rule_sets.profile_of(get_db(), rules, options)


def read_situation(body: dict, reader: CardReader) -> Situation:
    """Where the side stands: its score, whether it opened, and its melds on the table."""
    score = read_int(body, "score")
    opened = read_bool(body, "opened")
    player_melded = read_bool(body, "player_melded")
    table = reader.card_lists(body, "table")
    if table and not opened:
        raise invalid(_("The side has melds on the table, so it has already opened: set 'opened' to true or leave "
                        "'table' empty."), "table")
    deal = read_int(body, "deal", default=None, minimum=1)
    return Situation(score=score, opened=opened, player_melded=player_melded, table=table, deal=deal)


# --------------------------------------------------------------------------------------------
# The four questions
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Question:
    """One referee question ready for the engine: the profile and a call that answers it."""

    profile: RuleProfile
    answer: Callable[[], Any]


def _question_start(body: Any, fields) -> tuple[dict, RuleProfile, CardReader, Situation]:
    """What every referee question reads first: the body, its profile, a card reader (keeping every card's suit
    where the rules meld sequences) and the situation."""
    body = read_body(body, fields)
    profile = read_profile(body)
    reader = CardReader(suits=profile.sequences)
    return body, profile, reader, read_situation(body, reader)


def meld_question(body: Any) -> Question:
    body, profile, reader, situation = _question_start(body, MELD_FIELDS)
    melds = reader.card_lists(body, "melds")
    add = reader.additions(body)
    going_out = read_bool(body, "going_out")
    reader.check_pack(profile.packs)
    return Question(profile, lambda: check_meld(profile, situation, melds, add or None, going_out))


def pile_question(body: Any) -> Question:
    body, profile, reader, situation = _question_start(body, PILE_FIELDS)
    pile_value, top_value = body.get("pile"), body.get("top")
    pile = top = None
    if pile_value is not None and top_value is not None:
        raise invalid(_("Give either the whole 'pile' or only its 'top' card, not both."), "top")
    if pile_value is not None:
        pile = reader.cards(pile_value, "pile")
    elif top_value is not None:
        top = reader.card(top_value, "top")
    else:
        raise missing(_("Give the pile from its top card down in 'pile', or just its top card in 'top'."), "pile")
    frozen = body.get("frozen")
    if frozen is not None and not isinstance(frozen, bool):
        raise invalid(_("'%(field)s' must be true or false, not %(kind)s.", field="frozen", kind=_kind(frozen)),
                      "frozen")
    uses_value = body.get("uses")
    uses = reader.cards(uses_value, "uses") if uses_value is not None else ()
    melds = reader.card_lists(body, "melds")
    hand_size = read_int(body, "hand_size", default=None, minimum=0)
    reader.check_pack(profile.packs)
    return Question(
        profile,
        lambda: check_pile(
            profile, situation, pile=pile, top=top, frozen=frozen, uses=uses, melds=melds, hand_size=hand_size
        ),
    )


def go_out_question(body: Any) -> Question:
    body, profile, reader, situation = _question_start(body, GO_OUT_FIELDS)
    melds = reader.card_lists(body, "melds")
    add = reader.additions(body)
    discard_value = body.get("discard")
    discard = reader.card(discard_value, "discard") if discard_value is not None else None
    drew = read_text(body, "drew", ("stock", "pile"), "stock")
    if body.get("in_foot") is not None:  # Hand and Foot: the player has picked up the foot
        situation = replace(situation, in_foot=read_bool(body, "in_foot"))
    reader.check_pack(profile.packs)
    return Question(
        profile,
        lambda: check_go_out(profile, situation, melds=melds, add=add or None, discard=discard, drew=drew),
    )


def deal_question(body: Any) -> Question:
    body = read_body(body, DEAL_FIELDS)
    profile = read_profile(body)
    sides_value = body.get("sides")
    if sides_value is None:
        raise missing(_("Give each side's deal in 'sides', such as {\"we\": {...}, \"they\": {...}}."), "sides")
    if not isinstance(sides_value, dict):
        raise invalid(_("'sides' must be an object with one entry per side, not %(kind)s.", kind=_kind(sides_value)),
                      "sides")
    for name, side in sides_value.items():
        if not isinstance(side, dict):
            raise invalid(_("The deal of side '%(side)s' must be an object, not %(kind)s.", side=name, kind=_kind(side)),
                          f"sides.{name}")
    before_value = body.get("before")
    if before_value is not None and not isinstance(before_value, dict):
        raise invalid(_("'before' must be an object with each side's total, such as {\"we\": 1200}, not %(kind)s.",
                        kind=_kind(before_value)), "before")
    sides, before = parse_deal({"sides": sides_value, "before": before_value or {},
                                "partnership": body.get("partnership")}, profile)
    _check_table(body, profile, sides)
    number = read_int(body, "deal", default=None, minimum=1)
    return Question(profile, lambda: score_deal(profile, sides, before, deal_number=number))


def _check_table(body: dict, profile: RuleProfile, sides: dict) -> None:
    """When the request chooses its table (``players`` or ``team_up`` among its options), ``sides`` holds one
    entry per side of that table: three for three players or three partnerships, two for five players."""
    chosen = body.get("options") or {}
    if not any(name in chosen for name in ("players", "team_up")):
        return
    count = len(profile.side_sizes)
    if len(sides) != count:
        raise invalid(ngettext("This table has %(num)d side; give one entry for it in 'sides'.",
                               "This table has %(num)d sides; give one entry for each in 'sides'.", count),
                      "sides")


QUESTIONS: dict[str, Callable[[Any], Question]] = {
    "meld": meld_question,
    "pile": pile_question,
    "go-out": go_out_question,
    "deal": deal_question,
}


def answer(kind: str, body: Any):
    """Read ``body`` as the request of ``kind`` (meld, pile, go-out, deal) and ask the engine.

    Returns the engine's Verdict or DealResult; raises RulesError for anything it cannot understand.
    """
    return QUESTIONS[kind](body).answer()

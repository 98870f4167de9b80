"""The schemas of the JSON API (OpenAPI 3.1 ``components/schemas``): a declarative table.

Plain data, listed under "Declarative tables" in docs/DEVELOPING.md. The parts that follow the rules
engine are written from it: the profile ids, and the names of a profile's parameters and options, which
come from RuleProfile's own description of its fields.
"""

from __future__ import annotations

from scorekeeper.rules import PROFILES
from scorekeeper.rules.profiles import rule_fields


def _ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


def parameter_names() -> dict:
    """The parameter names a profile lists, each with its label (from the profile's fields)."""
    return {
        "type": "string",
        "enum": [f.name for f in rule_fields()],
        "description": "The rule field: " + "; ".join(f"{f.name}: {f.metadata['label']}" for f in rule_fields()) + ".",
    }


def option_names() -> dict:
    """The club option names of all profiles, each with the profiles that have it."""
    names: dict[str, list[str]] = {}
    for profile in PROFILES.values():
        for option in profile.options:
            names.setdefault(option.name, []).append(profile.id)
    return {
        "type": "string",
        "enum": list(names),
        "description": "The option: " + "; ".join(f"{n} ({', '.join(ids)})" for n, ids in names.items()) + ".",
    }


_CARDS = {
    "description": (
        "A list of cards: either one text of tokens separated by spaces or commas (\"K K 2 JK\", "
        "\"10h, 10s, 2c\") or a list of tokens ([\"Q\", \"Q\", \"Q\"]). Ranks are A K Q J 10 (or T) 9 8 7 6 "
        "5 4 3 2, a joker is JK or Joker, case does not matter. A suit (S H D C or a suit symbol) may follow "
        "the rank; a three must carry one, since its colour decides what it may do. Under rules that meld "
        "sequences of one suit (samba, bolivia) every card keeps its suit, and a sequence needs it on each "
        "card (\"7H 8H 9H\"); elsewhere the suit of any card but a three is dropped. Over the whole request, "
        "no card may appear more often than in the profile's pack (108 cards; 162 with three packs, each "
        "card with its suit three times; 270 for hand-and-foot)."
    ),
    "oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}],
    "examples": ["K K 2 JK", ["10h", "10s", "2c"]],
}
_VIOLATION = {
    "type": "object",
    "description": "A rule the play breaks (or, among warnings, something allowed but worth a second look).",
    "required": ["code", "message", "source"],
    "properties": {
        "code": {"type": "string", "description": "Stable dotted code, such as meld.too_many_wilds."},
        "message": {"type": "string", "description": "What is wrong, in plain words."},
        "source": {"type": "string", "description": "The rules document and heading, such as 'bicycle: Melds'."},
    },
}
_SITUATION = {
    "rules": {"type": "string", "enum": list(PROFILES), "description": "Which profile to judge by."},
    "options": _ref("Options"),
    "score": {"type": "integer", "default": 0, "description": "The side's total before this deal."},
    "opened": {
        "type": "boolean",
        "default": False,
        "description": "The side has already made its initial meld in this deal.",
    },
    "player_melded": {
        "type": "boolean",
        "default": False,
        "description": "This player has already melded or added cards earlier in the deal; "
        "decides whether going out is concealed.",
    },
    "table": {
        "type": "array",
        "items": _ref("Cards"),
        "default": [],
        "description": "The side's melds already on the table, one card list each. "
        "Must be empty while opened is false.",
    },
    "deal": {"type": "integer", "minimum": 1,
             "description": "The number of this deal, where the club's minimum follows it (minimum_by_deal)."},
}
_ADD = {
    "type": "object",
    "additionalProperties": _ref("Cards"),
    "default": {},
    "description": "Cards added this turn to the side's melds on the table, keyed by the rank of the meld "
    "('wild' for a meld of wild cards; a sequence by its lowest and highest cards, '7H-9H'): "
    "{\"K\": \"2\", \"Q\": \"Q Q\", \"7H-9H\": \"10H\"}.",
}
_MELDS = {
    "type": "array",
    "items": _ref("Cards"),
    "default": [],
    "description": "New melds laid down this turn, one card list each.",
}
_MELD_INFO = {
    "type": "object",
    "description": "A meld touched this turn, as it stands afterwards.",
    "required": ["cards", "rank", "naturals", "wilds", "points", "canasta", "bonus"],
    "properties": {
        "cards": {"type": "array", "items": {"type": "string"}},
        "rank": {"type": "string", "description": "The meld's rank, 'wild' for a meld of wild cards, or a "
                 "sequence's lowest and highest cards ('7H-9H')."},
        "naturals": {"type": "integer"},
        "wilds": {"type": "integer"},
        "points": {"type": "integer", "description": "Card points of the meld."},
        "canasta": {
            "type": ["string", "null"],
            "enum": ["natural", "mixed", "sevens", "aces", "wild", "samba", "escalera", "bolivia", None],
            "description": "null below seven cards, otherwise the kind of canasta.",
        },
        "bonus": {"type": "integer", "description": "The canasta bonus the meld carries now."},
    },
}
_PENALTY_ITEM = {
    "oneOf": [
        {"type": "string", "description": "A penalty code of the profile (see GET /rules/{id}); one marked "
         "derived is refused for a side given card by card, whose cards already show it."},
        {
            "type": "object",
            "required": ["points", "reason"],
            "properties": {
                "points": {"type": "integer", "description": "Points deducted."},
                "reason": {"type": "string"},
            },
        },
    ]
}
_SIDE = {
    "type": "object",
    "description": "One side's deal, either card by card (melds and hands) or by totals (meld_points, "
    "canastas and hand_points), never both.",
    "properties": {
        "melds": {"type": "array", "items": _ref("Cards"), "description": "Card by card: every meld."},
        "hands": {
            "type": "array",
            "items": _ref("Cards"),
            "description": "Card by card: the cards left in each player's hand, one list per player.",
        },
        "meld_points": {"type": "integer", "description": "By totals: card points of everything melded."},
        "canastas": {
            "type": "object",
            "additionalProperties": {"type": "integer", "minimum": 0},
            "description": "By totals: how many canastas of each kind (natural, mixed; under "
            "modern-american also sevens, aces, wild, wild_jokers, wild_twos; samba under samba; escalera and "
            "bolivia under bolivia; wild under hand-and-foot where its wild-card books are played).",
        },
        "hand_points": {"type": "integer", "description": "By totals: card points left in the hands (under "
                        "hand-and-foot, in the hands and feet together)."},
        "red_threes": {"type": "integer", "default": 0, "description": "Threes laid face up as bonuses."},
        "black_threes": {
            "type": "integer",
            "default": 0,
            "description": "Under modern-american: black threes laid face up; under bolivia, by totals: black "
            "threes left in the hands (each costs 100); elsewhere 0.",
        },
        "went_out": {"type": "boolean", "default": False},
        "concealed": {"type": "boolean", "default": False, "description": "Implies went_out."},
        "penalties": {"type": "array", "items": _PENALTY_ITEM, "default": []},
        "lone_hand": {"type": "boolean", "default": False,
                      "description": "Cut-throat only: this player took the pile first (or went out before anyone "
                      "took it) and plays alone against the other two, who are partners for the deal. With none "
                      "marked, a side that went out plays alone."},
    },
}
#: Cut-throat: the partnership's figures once (docs/API.md score/deal), the partners' own entries holding only
#: their red threes.
_PARTNERSHIP = {
    "type": "object",
    "description": "Cut-throat only, beside three sides of which one is marked lone_hand: the figures of the other "
    "two, the partners, given once (card by card or by totals, as a side); each partner's own entry in sides then "
    "holds only his red_threes. Card by card, hands holds each partner's cards in the order the partners come in "
    "sides.",
    "properties": {key: value for key, value in _SIDE["properties"].items()
                   if key not in ("red_threes", "black_threes", "lone_hand")},
}
_LINE = {
    "type": "object",
    "required": ["code", "label", "points"],
    "properties": {
        "code": {"type": "string"},
        "label": {"type": "string"},
        "points": {"type": "integer"},
    },
}
_SIDE_RESULT = {
    "type": "object",
    "required": ["deal", "total", "minimum", "breakdown"],
    "properties": {
        "deal": {"type": "integer", "description": "The side's score for this deal."},
        "total": {"type": "integer", "description": "Its total before the deal plus the deal."},
        "minimum": {"type": "integer", "description": "Its initial-meld minimum for the next deal."},
        "breakdown": {
            "type": "array",
            "items": _ref("Line"),
            "description": "One line per item; the points add up to deal.",
        },
    },
}
SCHEMAS: dict = {
    "Cards": _CARDS,
    "Options": {
        "type": "object",
        "default": {},
        "description": "A club's options, by name: {\"target\": 3000}. GET /rules/{id} lists each profile's "
        "options with their allowed values. An unknown name or a value outside the allowed ones answers 400 "
        "rules.unknown_option.",
        "additionalProperties": {"type": ["boolean", "integer", "string"]},
    },
    "Violation": _VIOLATION,
    "Error": {
        "type": "object",
        "required": ["error"],
        "properties": {
            "error": {
                "type": "object",
                "required": ["code", "message"],
                "properties": {
                    "code": {
                        "type": "string",
                        "description": "Stable dotted code: request.invalid_json, request.missing_field, "
                        "request.invalid_field, request.not_found, cards.unknown_token, cards.three_needs_suit, "
                        "cards.too_many, rules.unknown, rules.unknown_option or deal.impossible.",
                    },
                    "message": {"type": "string", "description": "One sentence a player understands."},
                    "field": {
                        "type": ["string", "null"],
                        "description": "Where the problem is, such as melds[0] or sides.we.hand_points.",
                    },
                },
            }
        },
    },
    "LadderRow": {
        "type": "object",
        "required": ["rank", "players", "evenings", "points"],
        "properties": {
            "rank": {"type": ["integer", "null"], "description": "The place (shared places repeat it); null for "
                     "a player short of the evenings needed to be ranked."},
            "players": {"type": "array", "items": {"type": "string"}, "description": "Names as the public "
                        "results pages write them: as each player chose in their club, the name, its initials, "
                        "or words saying it is not shown (in the Accept-Language language)."},
            "evenings": {"type": "integer", "description": "Evenings played."},
            "points": {"type": "number", "description": "Season points (the counted evenings' VP, match points "
                       "or total points), or the evening's VP or total points."},
        },
    },
    "SeasonLadder": {
        "type": "object",
        "required": ["id", "name", "status", "ranking", "count", "minimum", "tie_break", "rows"],
        "properties": {
            "id": {"type": "integer"}, "name": {"type": "string"},
            "status": {"type": "string", "enum": ["open", "archived"]},
            "ranking": {"type": "string", "enum": ["vp", "match", "points"]},
            "count": {"type": "string", "enum": ["all", "best"]},
            "best": {"type": ["integer", "null"]}, "of": {"type": ["integer", "null"]},
            "minimum": {"type": "integer"},
            "tie_break": {"type": "string", "enum": ["best_evening", "evenings", "shared"]},
            "rows": {"type": "array", "items": _ref("LadderRow")},
        },
    },
    "ClubPage": {
        "type": "object",
        "required": ["name", "seasons", "evenings", "rule_sets"],
        "properties": {
            "name": {"type": "string"},
            "seasons": {"type": "array", "items": {
                "type": "object", "required": ["name", "status", "results", "api"],
                "properties": {"name": {"type": "string"}, "status": {"type": "string", "enum": ["open", "archived"]},
                               "results": {"type": "string", "description": "The season's public results page."},
                               "api": {"type": "string", "description": "GET /api/v1/seasons/{id} of the season."}}}},
            "evenings": {"type": "array", "description": "The club's evenings whose first round has begun, the "
                         "latest first.", "items": {
                "type": "object", "required": ["name", "date", "status", "results", "api"],
                "properties": {"name": {"type": "string"}, "date": {"type": "string", "format": "date"},
                               "status": {"type": "string", "enum": ["playing", "finished"]},
                               "results": {"type": "string", "description": "The evening's public results page."},
                               "api": {"type": "string",
                                       "description": "GET /api/v1/tournaments/{id}/results of the evening."}}}},
            "rule_sets": {"type": "array", "items": {
                "type": "object", "required": ["id", "name", "source", "target", "base", "version"],
                "properties": {"id": {"type": "string", "description": "As GET /api/v1/rules/{id} takes it."},
                               "name": {"type": "string"}, "source": {"type": "string"},
                               "target": {"type": "integer"}, "base": {"type": "string"},
                               "version": {"type": "integer"}}}},
        },
    },
    "EveningResults": {
        "type": "object",
        "required": ["id", "name", "date", "status", "scoring", "rows"],
        "properties": {
            "id": {"type": "integer"}, "name": {"type": "string"}, "date": {"type": "string", "format": "date"},
            "status": {"type": "string", "enum": ["setup", "playing", "finished"]},
            "scoring": {"type": "string", "enum": ["points", "vp"]},
            "rows": {"type": "array", "items": _ref("LadderRow")},
        },
    },
    "ProfileSummary": {
        "type": "object",
        "required": ["id", "name", "source", "target"],
        "properties": {
            "id": {"type": "string"},
            "name": {"type": "string"},
            "source": {"type": "string", "description": "The rules document the profile follows."},
            "target": {"type": "integer", "description": "The score that ends the game."},
        },
    },
    "Profile": {
        "allOf": [{"$ref": "#/components/schemas/ProfileSummary"}],
        "type": "object",
        "required": ["parameters", "options", "penalties"],
        "properties": {
            "canasta_kinds": {"type": "array", "items": {"type": "string"}},
            "sides": {"type": "array", "items": {"type": "integer"},
                      "description": "The players of each side at the profile's table: [2, 2] for two "
                      "partnerships; a score/deal under it holds one entry per side."},
            "parameters": {
                "type": "array",
                "description": "Every parameter of the profile with its value and where the rule comes from.",
                "items": {
                    "type": "object",
                    "required": ["name", "label", "value", "source"],
                    "properties": {
                        "name": parameter_names(),
                        "label": {"type": "string"},
                        "value": {},
                        "source": {"type": "string", "description": "Document and heading."},
                    },
                },
            },
            "options": {
                "type": "array",
                "description": "The club options a request may switch.",
                "items": {
                    "type": "object",
                    "required": ["name", "label", "kind", "choices", "default"],
                    "properties": {
                        "name": option_names(),
                        "label": {"type": "string"},
                        "kind": {
                            "type": "string",
                            "enum": ["bool", "choice", "int", "count", "minimums"],
                            "description": "bool: true or false; choice: one of choices; int: a positive "
                            "multiple of 5 (choices is then empty); count: a whole number from 0 to 99; minimums: "
                            "a list of up to 12 multiples of 5 (choices then holds examples).",
                        },
                        "choices": {"type": "array", "items": {}},
                        "default": {},
                        "value": {"description": "The value this profile has."},
                        "help": {"type": "string"},
                        "source": {"type": "string"},
                    },
                },
            },
            "penalties": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["code", "label", "points", "source"],
                    "properties": {
                        "code": {"type": "string", "description": "Use it in a deal's penalties list."},
                        "label": {"type": "string"},
                        "points": {"type": "integer", "description": "Points deducted."},
                        "source": {"type": "string"},
                    },
                },
            },
        },
    },
    "Minimum": {
        "type": "object",
        "required": ["rules", "score", "minimum"],
        "properties": {
            "rules": {"type": "string"},
            "score": {"type": "integer"},
            "minimum": {"type": "integer", "description": "0 where no minimum applies."},
        },
    },
    "MeldRequest": {
        "type": "object",
        "required": ["rules"],
        "additionalProperties": False,
        "properties": {
            **_SITUATION,
            "melds": _MELDS,
            "add": _ADD,
            "going_out": {"type": "boolean", "default": False, "description": "The player goes out this turn."},
        },
    },
    "PileRequest": {
        "type": "object",
        "required": ["rules"],
        "additionalProperties": False,
        "description": "Give either pile or top (with frozen), not both.",
        "properties": {
            **_SITUATION,
            "pile": {**_ref("Cards"), "description": "The discard pile from the top card down."},
            "top": {**_ref("Cards"), "description": "Instead of pile: its top card (exactly one card)."},
            "frozen": {"type": "boolean", "description": "With top: whether the pile is frozen."},
            "uses": {
                **_ref("Cards"),
                "description": "Hand cards shown with the top card; empty when the top card goes onto a meld "
                "on the table.",
            },
            "melds": {**_MELDS, "description": "Further melds shown from the hand in the same turn."},
            "hand_size": {"type": "integer", "minimum": 0, "description": "Cards in the hand before taking."},
        },
    },
    "GoOutRequest": {
        "type": "object",
        "required": ["rules"],
        "additionalProperties": False,
        "properties": {
            **_SITUATION,
            "melds": _MELDS,
            "add": _ADD,
            "discard": {
                "oneOf": [_ref("Cards"), {"type": "null"}],
                "description": "The last card discarded (exactly one card), or null for none.",
            },
            "drew": {"type": "string", "enum": ["stock", "pile"], "default": "stock"},
            "in_foot": {"type": "boolean", "description": "Under hand-and-foot: whether the player has picked "
                        "up the foot (false: going out is refused, go_out.foot_not_played); left out, not asked."},
        },
    },
    "MeldVerdict": {
        "type": "object",
        "required": ["legal", "violations", "melds", "points"],
        "properties": {
            "legal": {"type": "boolean"},
            "violations": {"type": "array", "items": _ref("Violation"), "description": "Empty when legal."},
            "melds": {"type": "array", "items": _ref("MeldInfo")},
            "points": {"type": "integer", "description": "What this turn counts toward the initial minimum."},
            "minimum": {"type": "integer", "description": "The side's initial minimum; only while not opened."},
            "warnings": {"type": "array", "items": _ref("Violation")},
        },
    },
    "PileVerdict": {
        "type": "object",
        "required": ["legal", "violations", "points", "takes"],
        "properties": {
            "legal": {"type": "boolean"},
            "violations": {"type": "array", "items": _ref("Violation")},
            "points": {"type": "integer"},
            "minimum": {"type": "integer"},
            "takes": {
                "type": ["integer", "null"],
                "description": "Pile cards that go into the hand when the take is legal (the top card, which "
                "is melded, not counted); null when not legal or when only the top card was given.",
            },
            "warnings": {"type": "array", "items": _ref("Violation")},
        },
    },
    "GoOutVerdict": {
        "type": "object",
        "required": ["legal", "violations", "concealed", "bonus"],
        "properties": {
            "legal": {"type": "boolean"},
            "violations": {"type": "array", "items": _ref("Violation")},
            "concealed": {"type": "boolean", "description": "This going out is concealed under the profile."},
            "bonus": {"type": "integer", "description": "The going-out bonus, concealed extra included."},
            "warnings": {"type": "array", "items": _ref("Violation")},
        },
    },
    "MeldInfo": _MELD_INFO,
    "Side": _SIDE,
    "Partnership": _PARTNERSHIP,
    "Line": _LINE,
    "SideResult": _SIDE_RESULT,
    "DealRequest": {
        "type": "object",
        "required": ["rules", "sides"],
        "additionalProperties": False,
        "properties": {
            "rules": _SITUATION["rules"],
            "options": _ref("Options"),
            "before": {
                "type": "object",
                "additionalProperties": {"type": "integer"},
                "description": "Each side's total before the deal (0 when missing).",
            },
            "sides": {
                "type": "object",
                "minProperties": 2,
                "additionalProperties": _ref("Side"),
                "description": "Two or more sides, by any names.",
            },
            "partnership": _ref("Partnership"),
            "deal": {"type": "integer", "minimum": 1,
                     "description": "The number of this deal (1 for the first): where the club's minimum follows "
                     "the deal number, each side's minimum is the next deal's; in a game of a fixed number of "
                     "deals, it says whether this was the last."},
        },
    },
    "DealResult": {
        "type": "object",
        "required": ["sides", "game_over", "winner", "warnings"],
        "properties": {
            "sides": {"type": "object", "additionalProperties": _ref("SideResult")},
            "game_over": {"type": "boolean", "description": "A total reached the game target."},
            "winner": {
                "type": ["string", "null"],
                "description": "When the game is over, the side with the higher total; null on a tie.",
            },
            "warnings": {"type": "array", "items": _ref("Violation")},
            "lone_hand": {"type": "string", "description": "Cut-throat: the side that played alone this deal; "
                          "absent when everyone scored alone, and at every other table."},
        },
    },
}



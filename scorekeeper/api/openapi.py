"""The API described as an OpenAPI 3.1 document, served at ``/api/v1/openapi.json``.

The document is built from plain data here; a test walks the blueprint's routes and fails when
one of them is not described.
"""

from __future__ import annotations

from functools import lru_cache

from scorekeeper.rules import PROFILES


def _ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


def _json(schema: dict, description: str, example: dict | None = None) -> dict:
    content: dict = {"schema": schema}
    if example is not None:
        content["example"] = example
    return {"description": description, "content": {"application/json": content}}


_ERROR = {"$ref": "#/components/responses/Error"}


def _schemas() -> dict:
    cards = {
        "description": (
            "A list of cards: either one text of tokens separated by spaces or commas (\"K K 2 JK\", "
            "\"10h, 10s, 2c\") or a list of tokens ([\"Q\", \"Q\", \"Q\"]). Ranks are A K Q J 10 (or T) 9 8 7 6 "
            "5 4 3 2, a joker is JK or Joker, case does not matter. A suit (S H D C or a suit symbol) may follow "
            "the rank; a three must carry one, since its colour decides what it may do. Over the whole request, "
            "no card may appear more often than in the 108-card pack."
        ),
        "oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}],
        "examples": ["K K 2 JK", ["10h", "10s", "2c"]],
    }
    violation = {
        "type": "object",
        "description": "A rule the play breaks (or, among warnings, something allowed but worth a second look).",
        "required": ["code", "message", "source"],
        "properties": {
            "code": {"type": "string", "description": "Stable dotted code, such as meld.too_many_wilds."},
            "message": {"type": "string", "description": "What is wrong, in plain words."},
            "source": {"type": "string", "description": "The rules document and heading, such as 'bicycle: Melds'."},
        },
    }
    situation = {
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
    }
    add = {
        "type": "object",
        "additionalProperties": _ref("Cards"),
        "default": {},
        "description": "Cards added this turn to the side's melds on the table, keyed by the rank of the meld "
        "('wild' for a meld of wild cards): {\"K\": \"2\", \"Q\": \"Q Q\"}.",
    }
    melds = {
        "type": "array",
        "items": _ref("Cards"),
        "default": [],
        "description": "New melds laid down this turn, one card list each.",
    }
    meld_info = {
        "type": "object",
        "description": "A meld touched this turn, as it stands afterwards.",
        "required": ["cards", "rank", "naturals", "wilds", "points", "canasta", "bonus"],
        "properties": {
            "cards": {"type": "array", "items": {"type": "string"}},
            "rank": {"type": "string", "description": "The meld's rank, or 'wild' for a meld of wild cards."},
            "naturals": {"type": "integer"},
            "wilds": {"type": "integer"},
            "points": {"type": "integer", "description": "Card points of the meld."},
            "canasta": {
                "type": ["string", "null"],
                "enum": ["natural", "mixed", "sevens", "aces", "wild", None],
                "description": "null below seven cards, otherwise the kind of canasta.",
            },
            "bonus": {"type": "integer", "description": "The canasta bonus the meld carries now."},
        },
    }
    penalty_item = {
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
    side = {
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
                "modern-american also sevens, aces, wild, wild_jokers, wild_twos).",
            },
            "hand_points": {"type": "integer", "description": "By totals: card points left in the hands."},
            "red_threes": {"type": "integer", "default": 0, "description": "Threes laid face up as bonuses."},
            "black_threes": {
                "type": "integer",
                "default": 0,
                "description": "Under modern-american only: black threes laid face up.",
            },
            "went_out": {"type": "boolean", "default": False},
            "concealed": {"type": "boolean", "default": False, "description": "Implies went_out."},
            "penalties": {"type": "array", "items": penalty_item, "default": []},
        },
    }
    line = {
        "type": "object",
        "required": ["code", "label", "points"],
        "properties": {
            "code": {"type": "string"},
            "label": {"type": "string"},
            "points": {"type": "integer"},
        },
    }
    side_result = {
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
    return {
        "Cards": cards,
        "Options": {
            "type": "object",
            "default": {},
            "description": "A club's options, by name: {\"target\": 3000}. GET /rules/{id} lists each profile's "
            "options with their allowed values. An unknown name or a value outside the allowed ones answers 400 "
            "rules.unknown_option.",
            "additionalProperties": {"type": ["boolean", "integer", "string"]},
        },
        "Violation": violation,
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
                            "request.invalid_field, cards.unknown_token, cards.three_needs_suit, "
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
                "parameters": {
                    "type": "array",
                    "description": "Every parameter of the profile with its value and where the rule comes from.",
                    "items": {
                        "type": "object",
                        "required": ["name", "label", "value", "source"],
                        "properties": {
                            "name": {"type": "string"},
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
                            "name": {"type": "string"},
                            "label": {"type": "string"},
                            "kind": {
                                "type": "string",
                                "enum": ["bool", "choice", "int"],
                                "description": "bool: true or false; choice: one of choices; int: a positive "
                                "multiple of 5 (choices is then empty).",
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
                **situation,
                "melds": melds,
                "add": add,
                "going_out": {"type": "boolean", "default": False, "description": "The player goes out this turn."},
            },
        },
        "PileRequest": {
            "type": "object",
            "required": ["rules"],
            "additionalProperties": False,
            "description": "Give either pile or top (with frozen), not both.",
            "properties": {
                **situation,
                "pile": {**_ref("Cards"), "description": "The discard pile from the top card down."},
                "top": {**_ref("Cards"), "description": "Instead of pile: its top card (exactly one card)."},
                "frozen": {"type": "boolean", "description": "With top: whether the pile is frozen."},
                "uses": {
                    **_ref("Cards"),
                    "description": "Hand cards shown with the top card; empty when the top card goes onto a meld "
                    "on the table.",
                },
                "melds": {**melds, "description": "Further melds shown from the hand in the same turn."},
                "hand_size": {"type": "integer", "minimum": 0, "description": "Cards in the hand before taking."},
            },
        },
        "GoOutRequest": {
            "type": "object",
            "required": ["rules"],
            "additionalProperties": False,
            "properties": {
                **situation,
                "melds": melds,
                "add": add,
                "discard": {
                    "oneOf": [_ref("Cards"), {"type": "null"}],
                    "description": "The last card discarded (exactly one card), or null for none.",
                },
                "drew": {"type": "string", "enum": ["stock", "pile"], "default": "stock"},
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
        "MeldInfo": meld_info,
        "Side": side,
        "Line": line,
        "SideResult": side_result,
        "DealRequest": {
            "type": "object",
            "required": ["rules", "sides"],
            "additionalProperties": False,
            "properties": {
                "rules": situation["rules"],
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
            },
        },
    }


def _profile_parameter(name: str = "id") -> dict:
    return {
        "name": name,
        "in": "path",
        "required": True,
        "description": "A profile id.",
        "schema": {"type": "string", "enum": list(PROFILES)},
    }


def _post(summary: str, description: str, request: str, answer: str, example: dict) -> dict:
    return {
        "post": {
            "summary": summary,
            "description": description,
            "requestBody": {
                "required": True,
                "content": {"application/json": {"schema": _ref(request), "example": example}},
            },
            "responses": {"200": _json(_ref(answer), "The engine's answer."), "400": _ERROR},
        }
    }


@lru_cache(maxsize=1)
def openapi_document() -> dict:
    """The whole document (built once; it depends only on the profiles)."""
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Canasta Scorekeeper referee and scoring API",
            "version": "1",
            "description": (
                "Answers four questions for people playing Canasta with real cards: is this meld legal, may I "
                "take the pile, may I go out, and what does this deal score. Every answer comes from the app's "
                "rules engine under one of five rule profiles. Nothing is stored, no login or CSRF token is "
                "needed. A play that breaks a rule is not an error: it answers 200 with legal false and the "
                "violations. Input that cannot be understood answers 400 (404 for an unknown profile in the "
                "address) with an error object; no input produces a 500."
            ),
        },
        "servers": [{"url": "/api/v1"}],
        "paths": {
            "/rules": {
                "get": {
                    "summary": "List the rule profiles",
                    "responses": {
                        "200": _json(
                            {
                                "type": "object",
                                "required": ["profiles"],
                                "properties": {"profiles": {"type": "array", "items": _ref("ProfileSummary")}},
                            },
                            "The five profiles, in a fixed order.",
                        )
                    },
                }
            },
            "/rules/{id}": {
                "get": {
                    "summary": "One whole profile",
                    "description": "Its parameters with values and sources, its club options with allowed values "
                    "and defaults, and its penalty codes with their points.",
                    "parameters": [_profile_parameter()],
                    "responses": {"200": _json(_ref("Profile"), "The profile."), "404": _ERROR},
                }
            },
            "/rules/{id}/minimum": {
                "get": {
                    "summary": "The initial-meld minimum for a total",
                    "parameters": [
                        _profile_parameter(),
                        {
                            "name": "score",
                            "in": "query",
                            "required": True,
                            "description": "The side's total before the deal.",
                            "schema": {"type": "integer"},
                        },
                    ],
                    "responses": {
                        "200": _json(_ref("Minimum"), "The minimum (0 where none applies).",
                                     {"rules": "bicycle", "score": 1500, "minimum": 90}),
                        "400": _ERROR,
                        "404": _ERROR,
                    },
                }
            },
            "/check/meld": _post(
                "Is this meld legal?",
                "Judges the melds laid and the cards added in one turn, with every rule they break.",
                "MeldRequest",
                "MeldVerdict",
                {"rules": "bicycle", "melds": ["K K 2 2 JK"]},
            ),
            "/check/pile": _post(
                "May I take the pile?",
                "Judges taking the discard pile with the cards shown from the hand.",
                "PileRequest",
                "PileVerdict",
                {"rules": "classic", "opened": True, "table": ["Q Q Q"], "pile": "9 4 7", "uses": "9 9"},
            ),
            "/check/go-out": _post(
                "May I go out?",
                "Judges going out with this turn's melds, additions and last discard.",
                "GoOutRequest",
                "GoOutVerdict",
                {"rules": "bicycle", "opened": True, "table": ["K K K K K K K"], "melds": ["8 8 8"], "discard": "5"},
            ),
            "/score/deal": _post(
                "What does this deal score?",
                "Scores one deal for every side, item by item, with the new totals and whether the game is over. "
                "Answers 400 deal.impossible for a deal that cannot have happened.",
                "DealRequest",
                "DealResult",
                {
                    "rules": "bicycle",
                    "before": {"we": 1200, "they": 3100},
                    "sides": {
                        "we": {"melds": ["K K K K K K K", "7 7 2"], "red_threes": 1, "hands": ["5 9", ""],
                               "went_out": True},
                        "they": {"meld_points": 30, "canastas": {}, "red_threes": 0, "hand_points": 60},
                    },
                },
            ),
            "/openapi.json": {
                "get": {
                    "summary": "This document",
                    "responses": {"200": {"description": "The OpenAPI 3.1 description of the API.",
                                          "content": {"application/json": {"schema": {"type": "object"}}}}},
                }
            },
        },
        "components": {
            "schemas": _schemas(),
            "responses": {
                "Error": _json(
                    _ref("Error"),
                    "The request could not be understood.",
                    {"error": {"code": "cards.three_needs_suit",
                               "message": "A three needs its suit.", "field": "melds[0]"}},
                )
            },
        },
    }

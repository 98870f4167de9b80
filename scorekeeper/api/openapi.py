"""The API described as an OpenAPI 3.1 document, served at ``/api/v1/openapi.json``.

The document is built from plain data here; a test walks the blueprint's routes and fails when
one of them is not described.
"""

from __future__ import annotations

from scorekeeper.rules import PROFILES

from .schemas import SCHEMAS, _ref


def _json(schema: dict, description: str, example: dict | None = None) -> dict:
    content: dict = {"schema": schema}
    if example is not None:
        content["example"] = example
    return {"description": description, "content": {"application/json": content}}


_ERROR = {"$ref": "#/components/responses/Error"}


def _profile_parameter(name: str = "id") -> dict:
    return {
        "name": name,
        "in": "path",
        "required": True,
        "description": "A profile id.",
        "schema": {"type": "string", "enum": list(PROFILES)},
    }


def _results_parameter(what: str) -> dict:
    also = ", or the tournament's own link" if what == "tournament" else ""
    return {"name": "id", "in": "path", "required": True,
            "description": f"The secret of the {what}'s public results link{also}; a number answers 404.",
            "schema": {"type": "string"}}


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


#: The whole document: a declarative table (docs/DEVELOPING.md); the schemas live in ``schemas.py``.
_DOCUMENT: dict = {
    "openapi": "3.1.0",
    "info": {
        "title": "Canasta Scorekeeper referee and scoring API",
        "version": "1",
        "description": (
            "Answers four questions for people playing Canasta with real cards: is this meld legal, may I "
            "take the pile, may I go out, and what does this deal score. Every answer comes from the app's "
            "rules engine under one of the rule profiles (the five club documents and the Canasta family's three). Nothing is stored, no login or CSRF token is "
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
                        "The profiles, in a fixed order (the five club documents, then samba, bolivia and "
                        "hand-and-foot), then the club rule sets in the list of the phone asking (its session "
                        "cookie); none for a client without one. A club's sets are listed by the club "
                        "(GET /api/v1/clubs/{id}) and each answers by its id here.",
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
                    {
                        "name": "deal",
                        "in": "query",
                        "required": False,
                        "description": "The deal's number, where the club's minimum follows the deal number.",
                        "schema": {"type": "integer", "minimum": 1},
                    },
                    {
                        "name": "options",
                        "in": "query",
                        "required": False,
                        "description": "Any club option of the profile as name=value, such as players=6 and "
                        "team_up=two_teams (a side with 7,500 then needs 150).",
                        "style": "form",
                        "explode": True,
                        "schema": {"type": "object", "additionalProperties": {"type": "string"}},
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
        "/seasons/{id}": {
            "get": {
                "summary": "A season's ladder",
                "description": "What the season's public results page shows: each player's rank (null while "
                "short of the evenings needed to be ranked), name as the public pages write it, evenings "
                "played and season points under the season's counting rules. {id} is the secret of the "
                "season's results link.",
                "parameters": [_results_parameter("season")],
                "responses": {"200": _json(_ref("SeasonLadder"), "The ladder, ranked players first.", {
                    "id": 1, "name": "Autumn 2026", "status": "open", "ranking": "vp", "count": "best",
                    "best": 2, "of": 3, "minimum": 2, "tie_break": "best_evening",
                    "rows": [{"rank": 1, "players": ["Eva"], "evenings": 2, "points": 31},
                             {"rank": None, "players": ["Bea"], "evenings": 1, "points": 15}]}),
                    "404": _ERROR},
            }
        },
        "/clubs/{id}": {
            "get": {
                "summary": "A club's public page",
                "description": "What the club's public page shows: its name, its seasons and its started evenings, "
                "each with its public results page (results) and this API's answer for it (api), and its rule "
                "sets in use (retired ones aside), each as GET /api/v1/rules/{id} knows it. {id} is the secret of "
                "the club's public link (never its director area's); a number answers 404.",
                "parameters": [{"name": "id", "in": "path", "required": True, "schema": {"type": "string"},
                                "description": "The secret of the club's public page link; a number answers 404."}],
                "responses": {"200": _json(_ref("ClubPage"), "The club, as its public page shows it.", {
                    "name": "Thursday Club",
                    "seasons": [{"name": "Autumn 2026", "status": "open",
                                 "results": "https://scores.example.org/results/season/mT0kQ3...",
                                 "api": "https://scores.example.org/api/v1/seasons/mT0kQ3..."}],
                    "evenings": [{"name": "Thursday one", "date": "2026-10-01", "status": "finished",
                                  "results": "https://scores.example.org/results/x8Jd2Q...",
                                  "api": "https://scores.example.org/api/v1/tournaments/x8Jd2Q.../results"}],
                    "rule_sets": [{"id": "club-thursday-rules-3fa9c2", "name": "Thursday rules",
                                   "source": "000 Canasta General Rules", "target": 5000, "base": "bicycle",
                                   "version": 2}]}),
                    "404": _ERROR},
            }
        },
        "/tournaments/{id}/results": {
            "get": {
                "summary": "An evening's standings",
                "description": "What the evening's public results page shows, in the ladder's row shape: "
                "place, the entry's players, evenings (1 once it has played a game) and points (victory "
                "points when the tournament ranks by them, else total points). {id} is the secret of its "
                "results link, or the tournament's own link.",
                "parameters": [_results_parameter("tournament")],
                "responses": {"200": _json(_ref("EveningResults"), "The standings, in order.", {
                    "id": 3, "name": "Monday three", "date": "2026-10-19", "status": "finished",
                    "scoring": "vp", "rows": [{"rank": 1, "players": ["Cris", "Eva"], "evenings": 1, "points": 18},
                                              {"rank": 2, "players": ["Dani", "Fede"], "evenings": 1, "points": 2}]}),
                    "404": _ERROR},
            }
        },
        "/openapi.json": {
            "get": {
                "summary": "This document",
                "responses": {"200": {"description": "The OpenAPI 3.1 description of the API.",
                                      "content": {"application/json": {"schema": {"type": "object"}}}}},
            }
        },
    },
    "components": {
        "schemas": SCHEMAS,
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


def openapi_document() -> dict:
    """The whole document (plain data built at import; it depends only on the profiles)."""
    return _DOCUMENT

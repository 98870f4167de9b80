"""Malformed API requests: the same refusal in English and, when Accept-Language asks for it, in Spanish; the code
and the field stay as they are (they are the API)."""

from __future__ import annotations

import pytest

SPANISH = {"Accept-Language": "es-ES,es;q=0.9"}

#: (how the request is sent, the code and field it earns, a word of the English and of the Spanish message)
BAD_REQUESTS = [
    (dict(method="post", path="/api/v1/check/meld", data="K K K", content_type="text/plain"),
     "request.invalid_json", None, "Send the request as JSON", "Manda la consulta en JSON"),
    (dict(method="post", path="/api/v1/check/meld", data="", content_type="application/json"),
     "request.invalid_json", None, "body is empty", "llegó vacía"),
    (dict(method="post", path="/api/v1/check/meld", data="{not json", content_type="application/json"),
     "request.invalid_json", None, "not valid JSON", "no es un JSON válido"),
    (dict(method="post", path="/api/v1/check/meld", json=[1, 2]),
     "request.invalid_json", None, "must be a JSON object, not a list", "tiene que ser un objeto JSON, y no una lista"),
    (dict(method="post", path="/api/v1/check/meld", json={"melds": ["K K K"]}),
     "request.missing_field", "rules", "Say which rules", "con qué reglamento"),
    (dict(method="post", path="/api/v1/check/meld", json={"rules": "classic", "colour": "red"}),
     "request.invalid_field", "colour", "is not a field of this request", "no es un campo de esta consulta"),
    (dict(method="post", path="/api/v1/check/meld", json={"rules": "classic", "opened": "yes"}),
     "request.invalid_field", "opened", "must be true or false, not text", "tiene que ser true o false, y no texto"),
    (dict(method="post", path="/api/v1/check/meld", json={"rules": "classic", "score": 1e12}),
     "request.invalid_field", "score", "far too large", "demasiado grande"),
    (dict(method="post", path="/api/v1/check/meld", json={"rules": "classic", "melds": "K K K"}),
     "request.invalid_field", "melds", "one card string per meld", "un texto de cartas por cada juego"),
    (dict(method="post", path="/api/v1/check/meld", json={"rules": "classic", "table": ["K K K"]}),
     "request.invalid_field", "table", "already opened", "ya bajó"),
    (dict(method="post", path="/api/v1/check/pile", json={"rules": "classic"}),
     "request.missing_field", "pile", "Give the pile", "Falta el pozo"),
    (dict(method="post", path="/api/v1/check/pile", json={"rules": "classic", "top": "K K"}),
     "request.invalid_field", "top", "exactly one card", "una sola carta"),
    (dict(method="post", path="/api/v1/check/go-out", json={"rules": "classic", "drew": "hand"}),
     "request.invalid_field", "drew", 'one of "stock", "pile"', 'solo admite estos valores: "stock", "pile"'),
    (dict(method="post", path="/api/v1/score/deal", json={"rules": "classic", "sides": {"we": 3}}),
     "request.invalid_field", "sides.we", "must be an object, not a number", "tiene que ser un objeto, y no un número"),
    (dict(method="get", path="/api/v1/rules/classic/minimum"),
     "request.missing_field", "score", "?score=N", "?score=N"),
    (dict(method="get", path="/api/v1/rules/classic/minimum?score=lots"),
     "request.invalid_field", "score", "whole number such as 1500", "número entero, como 1500"),
]


def _send(client, request: dict, headers: dict | None = None):
    request = dict(request)
    method, path = request.pop("method"), request.pop("path")
    return getattr(client, method)(path, headers=headers or {}, **request)


@pytest.mark.parametrize("request_, code, field, english, spanish", BAD_REQUESTS,
                         ids=[f"{r[0]['path']}-{r[1]}-{r[2]}" for r in BAD_REQUESTS])
def test_a_bad_request_is_refused_alike_in_english_and_spanish(client, request_, code, field, english, spanish):
    in_english = _send(client, request_)
    in_spanish = _send(client, request_, SPANISH)
    assert in_english.status_code == in_spanish.status_code == 400
    english_error, spanish_error = in_english.get_json()["error"], in_spanish.get_json()["error"]
    assert english_error["code"] == spanish_error["code"] == code
    assert english_error["field"] == spanish_error["field"] == field
    assert english in english_error["message"] and spanish in spanish_error["message"]
    assert english_error["message"] != spanish_error["message"]

"""An answer whose words the request's language chose says so in ``Vary``: the language cookie (the switch) and
``Accept-Language`` for pages, ``Accept-Language`` for the JSON API. A caching proxy between a club's phones and a
hosted server then keeps one copy per language, and never serves one reader's words to another."""

from __future__ import annotations

import pytest


def vary(response) -> set[str]:
    return {part.strip().lower() for part in response.headers.get("Vary", "").split(",") if part.strip()}


@pytest.mark.parametrize("path", ["/", "/referee/", "/rules/new", "/games/new", "/seasons/new", "/nope"])
def test_pages_vary_on_the_language_cookie_and_accept_language(client, path):
    for headers in ({}, {"Accept-Language": "es"}):
        answer = client.get(path, headers=headers)
        assert {"cookie", "accept-language"} <= vary(answer), (path, answer.headers.get("Vary"))


def test_the_api_varies_on_accept_language(client):
    english, spanish = (client.post("/api/v1/check/meld", json={"rules": "bicycle", "opened": True, "melds": ["Q Q"]},
                                    headers={"Accept-Language": lang}) for lang in ("en", "es"))
    assert english.get_data() != spanish.get_data()  # the words really differ
    assert "accept-language" in vary(english) and "accept-language" in vary(spanish)


def test_a_static_file_does_not_vary_on_the_language(client):
    answer = client.get("/static/css/app.css")
    answer.close()
    assert answer.status_code == 200 and "accept-language" not in vary(answer)

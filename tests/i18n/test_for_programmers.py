"""The modules FOR_PROGRAMMERS in test_no_bare_text.py (the OpenAPI document and its schemas, the meanings of the
error and violation codes) stay in English because only programmers read them: none of their sentences may show on
a page a person reads. A person reads a violation's own message (translated), never its code's meaning."""

from __future__ import annotations

import pytest

from scorekeeper.api.openapi import openapi_document
from scorekeeper.rules import ERROR_CODES, PROFILES, VIOLATION_CODES
from tests.i18n.test_no_bare_text import FOR_PROGRAMMERS
from tests.i18n.test_spanish_complete import SPANISH, visible_text


def _descriptions(document) -> set[str]:
    """Every description, summary and title of the OpenAPI document."""
    found: set[str] = set()
    if isinstance(document, dict):
        for key, value in document.items():
            if key in ("description", "summary", "title") and isinstance(value, str):
                found.add(value)
            else:
                found |= _descriptions(value)
    elif isinstance(document, list):
        for item in document:
            found |= _descriptions(item)
    return found


def _sentences() -> set[str]:
    """The programmers' sentences long enough not to be a word a page may use for itself ("Cards", "Options")."""
    texts = _descriptions(openapi_document()) | set(ERROR_CODES.values()) | set(VIOLATION_CODES.values())
    return {" ".join(t.split()) for t in texts if len(t.split()) >= 4}


def test_the_programmers_modules_are_the_ones_named():
    assert set(FOR_PROGRAMMERS) == {"api/openapi.py", "api/schemas.py", "rules/errors.py"}
    assert len(_sentences()) > 80  # the check below has something to look for


@pytest.mark.slow
def test_no_page_shows_a_sentence_written_for_programmers(client):
    """Pages where the rules, the codes and the API are closest to a person, in Spanish (a page's own English
    words may match a summary of the API, "Is this meld legal?", and are translated): none shows those sentences."""
    pages = ["/", "/referee/", "/referee/rules", "/games/new", "/sheets/", "/tournaments/new"]
    for rules in PROFILES:
        pages += [f"/referee/rules/{rules}", f"/referee/meld?rules={rules}", f"/referee/pile?rules={rules}",
                  f"/referee/go-out?rules={rules}", f"/games/new?rules={rules}"]
    shown = {}
    for page in pages:
        response = client.get(page, headers=SPANISH)
        assert response.status_code == 200, page
        shown[page] = visible_text(response.get_data(as_text=True))
    answers = [client.post("/referee/meld", data={"rules": "classic", "melds-0": "K K 2 2 2", "score": "0"},
                           headers=SPANISH),
               client.post("/referee/pile", data={"rules": "bicycle", "top": "7", "uses": "7 2", "frozen": "1"},
                           headers=SPANISH),
               client.post("/referee/go-out", data={"rules": "yahoo", "melds-0": "Q Q Q", "discard": "3H"},
                           headers=SPANISH)]
    for number, response in enumerate(answers):
        assert response.status_code in (200, 422)
        shown[f"answer {number}"] = visible_text(response.get_data(as_text=True))
    sentences = _sentences()
    found = {page: sorted(s for s in sentences if s in text) for page, text in shown.items()}
    assert {page: hits for page, hits in found.items() if hits} == {}


def test_the_check_would_see_such_a_sentence():
    sentence = sorted(_sentences())[0]
    assert sentence in visible_text(f"<p>Something: <b>{sentence}</b></p>")

"""The words the code puts together, written the Spanish way (docs/GLOSSARY_ES.md, "Sides, lists, places and
cards"; issue 34): lists without a comma before the last "y" / "o" and with "e" / "u" where Spanish asks for
them, a partnership's players joined by "y" (never "&"), a shared place as "(empate)" (never "5="), and suits as
symbols (a Spanish player reads "3C" as a three of hearts). The catalogue's own entries are checked by
test_glossary.py; these are the pieces no catalogue entry holds."""

from __future__ import annotations

import re

import pytest

from scorekeeper.db import connect
from scorekeeper.rules.cards import format_cards, parse_cards, shown_cards
from scorekeeper.rules.i18n import list_words

from tests.seasons.helpers import evening
from .test_spanish_complete import SPANISH

ENGLISH = {"Accept-Language": "en"}


@pytest.mark.parametrize("parts, style, locale, expected", [
    (["2", "3", "5", "6"], "or", "es", "2, 3, 5 o 6"),
    (["2", "3", "5", "6"], "or", "en", "2, 3, 5, or 6"),
    (["siete", "ocho"], "or", "es", "siete u ocho"),
    (["7", "8"], "or", "es", "7 u 8"),
    (["10", "11"], "or", "es", "10 u 11"),
    (["ases", "reyes", "ochos"], "and", "es", "ases, reyes y ochos"),
    (["Ana", "Beto"], "names", "es", "Ana y Beto"),
    (["Ana", "Inés"], "names", "es", "Ana e Inés"),
    (["Ana", "Hilda"], "names", "es", "Ana e Hilda"),
    (["agua", "hielo"], "and", "es", "agua y hielo"),
    (["Ann", "Bob"], "names", "en", "Ann & Bob"),
    (["Ann", "Bob", "Cy"], "names", "en", "Ann, Bob & Cy"),
    (["Ana"], "names", "es", "Ana"),
])
def test_lists_and_pairs_are_written_the_readers_way(parts, style, locale, expected):
    assert list_words(parts, style, locale) == expected


def test_suits_are_shown_as_symbols_and_read_back():
    assert shown_cards("K K 3H 3d 10S 3C JK 2") == "K K 3♥ 3♦ 10♠ 3♣ JK 2"
    cards = parse_cards("3H 3C K")
    assert format_cards(cards) == "3H 3C K"  # the API's notation keeps its letters
    assert parse_cards(format_cards(cards, symbols=True)) == cards


def test_a_shared_place_and_a_pair_on_the_public_results_in_spanish(client):
    """An evening where the two partnerships end level: both share first place."""
    db = connect(client.application.config["DATABASE"])
    try:
        with client.application.test_request_context():
            tid = evening(db, "Martes", "2026-11-24", [("Ana", "Inés"), ("Beto", "Ciro")],
                          [{frozenset(("Ana & Inés", "Beto & Ciro")): {"Ana & Inés": 2000, "Beto & Ciro": 2000}}])
        token = db.execute("SELECT results_token FROM tournaments WHERE id = ?", [tid]).fetchone()[0]
    finally:
        db.close()
    spanish = client.get(f"/results/{token}", headers=SPANISH).get_data(as_text=True)
    assert "Ana e Inés" in spanish and "Beto y Ciro" in spanish
    assert "&amp;" not in spanish and "1 (empate)" in spanish and not re.search(r">\s*1=", spanish)
    english = client.get(f"/results/{token}", headers=ENGLISH).get_data(as_text=True)
    assert "Ana &amp; Inés" in english and re.search(r">\s*1=\s*<", english)


def test_the_card_keys_write_suits_as_symbols(client):
    page = client.get("/referee/meld?rules=classic", headers=SPANISH).get_data(as_text=True)
    keys = re.findall(r'data-card="([^"]+)"', page)
    assert "3♥" in keys and "3♣" in keys
    assert not [key for key in keys if re.fullmatch(r"3[SHDC]", key)]

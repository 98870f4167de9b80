"""The rules pages in Spanish on a 360 px phone: one rule set in full and the comparison of the rule sets, reached from
the referee with a phone that asks for Spanish, then with the language switch on a phone that asks for English."""

from __future__ import annotations

import re

import pytest

from tests.browser.test_spanish import assert_spanish, telefono  # noqa: F401  (telefono is a fixture)
from tests.conftest import assert_fits_phone

pytestmark = pytest.mark.browser

#: Sentences of the English rules pages: none may be left on a Spanish one.
ENGLISH_SAMPLES = ("Jokers and twos are wild", "Taking the pile", "The rule sets, side by side",
                   "When the pile is not frozen", "Club option")


def assert_no_english_sample(page) -> None:
    text = page.inner_text("main")
    assert [s for s in ENGLISH_SAMPLES if s in text] == []


def test_one_rule_set_and_the_comparison_in_spanish(telefono, live_server):
    page = telefono
    page.goto(live_server("/referee/rules/classic"))
    assert page.inner_text("h1") == "Canasta clásica"
    assert page.get_by_role("heading", name="Levantar el pozo").is_visible()
    main = page.inner_text("main")
    assert "Los jokers y los doses son comodines" in main
    assert "Cuando el pozo no está congelado, se levanta con dos cartas naturales iguales a la de arriba" in main
    assert "Opción de club «" in main
    assert "Fuente: Classic Canasta rules page, Taking the Discard Pile" in main  # the document's own title and heading
    assert_no_english_sample(page)
    assert_spanish(page)
    assert_fits_phone(page)

    page.get_by_role("link", name="Comparar los reglamentos").tap()
    page.wait_for_url(re.compile(r"/referee/rules$"))
    assert page.get_by_role("heading", name="Comodines frente a cartas naturales").is_visible()
    assert "naturales > comodines" in page.inner_text("#topic-melds")
    game = page.inner_text("#topic-game")
    assert "8500" in game and "5000" in game and "5,000" not in game  # CLDR Spanish: no separator below 10.000
    assert_no_english_sample(page)
    assert_spanish(page)
    assert_fits_phone(page)


@pytest.mark.parametrize("phone", ["360x640"], indirect=True)
def test_the_language_switch_turns_the_rules_pages_spanish(phone, live_server):
    phone.goto(live_server("/referee/rules/modern-american"))
    assert phone.inner_text("h1") == "Modern American Canasta"
    assert "Jokers and twos are wild" in phone.inner_text("main")
    phone.locator("form.language-switch button[value='es']").first.tap()
    phone.wait_for_function("document.documentElement.lang === 'es'")
    assert phone.inner_text("h1") == "Canasta americana moderna"
    assert "Los jokers y los doses son comodines" in phone.inner_text("main")
    assert_no_english_sample(phone)
    assert_fits_phone(phone)
    phone.goto(live_server("/referee/rules"))  # the choice is remembered
    assert phone.inner_text("h1") == "Los reglamentos, uno al lado del otro"
    assert_no_english_sample(phone)
    assert_fits_phone(phone)

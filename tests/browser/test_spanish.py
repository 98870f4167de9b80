"""En español, on a 360 px phone set to Spanish: a game played by totals to a winner, a dispute settled by the
referee, and the game's PDF sheet read back with pdftotext, in Spanish with Spanish number formatting."""

from __future__ import annotations

import re
import subprocess

import pytest

from tests.browser.test_referee import ask, ready, tap_cards, verdict
from tests.conftest import PHONES, assert_fits_phone, open_page
from tests.i18n.test_spanish_complete import english_left, visible_text

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture
def telefono(browser):
    """A 360x640 phone whose browser asks for Spanish (Accept-Language es-ES)."""
    yield from open_page(browser, viewport=PHONES["360x640"], has_touch=True, is_mobile=True, device_scale_factor=2,
                         locale="es-ES")


def assert_spanish(page) -> None:
    assert page.locator("html").get_attribute("lang") == "es"
    text = visible_text(page.content())
    left = english_left(text, set())
    assert left == [], [text[max(0, m.start() - 80):m.end() + 40] for m in re.finditer(rf"\b({'|'.join(left)})\b", text)]


def total(page, side: str) -> str:
    return page.locator(f"[data-total='{side}']").inner_text()


def test_a_game_by_totals_in_spanish(telefono, live_server):
    page = telefono
    page.goto(live_server("/"))
    assert "Lleva la cuenta. Zanja la discusión." in page.inner_text("h1")
    page.get_by_role("link", name=re.compile("Partida nueva")).tap()
    page.wait_for_selector("#opt_target")
    assert_spanish(page)
    assert_fits_phone(page)
    page.fill("#opt_target", "10000")
    for field, name in zip(("we_player0", "we_player1", "they_player0", "they_player1"), ("Ana", "Ciro", "Beto", "Dora")):
        page.fill(f"#{field}", name)
    page.get_by_role("button", name="Empezar la partida").tap()
    page.wait_for_selector("#scoreboard")
    assert "a 10.000 puntos" in page.inner_text("main")  # CLDR Spanish: grouped from five digits
    assert "Reparte Ana." in page.inner_text("#deal-form")
    assert page.inner_text("[data-minimum='we']") == "50"
    assert_spanish(page)
    assert_fits_phone(page)

    # Mano 1: "ellos" cierran con una canasta sucia; nosotros bajamos 40 y nos quedan 30 en la mano.
    page.locator("label:has(input[name='they-went_out'][value='yes'])").tap()
    page.locator("button[aria-controls='they-canasta_mixed'][data-step='1']").tap()
    page.fill("#they-meld_points", "30+20")
    page.fill("#we-meld_points", "40")
    page.fill("#we-hand_points", "10+20")
    # The preview follows each key after a pause: wait for the one that answers the whole deal.
    page.wait_for_selector("#deal-preview .preview-deal:has-text('+450')")
    page.get_by_role("button", name="Anotar la mano").tap()
    page.wait_for_selector("li[data-deal='1']")
    assert (total(page, "we"), total(page, "they")) == ("10", "450")
    assert "Mano 1 anotada." in page.inner_text("#scorepad")

    # Mano 2: nosotros cerramos de mano con dos canastas limpias y muchos puntos: 8500 se escribe sin punto.
    page.locator("label:has(input[name='we-went_out'][value='concealed'])").tap()
    page.locator("button[aria-controls='we-canasta_natural'][data-step='1']").tap()
    page.locator("button[aria-controls='we-canasta_natural'][data-step='1']").tap()
    page.fill("#we-meld_points", "600")
    page.fill("#they-meld_points", "60")
    page.fill("#they-hand_points", "25")
    page.get_by_role("button", name="Anotar la mano").tap()
    page.wait_for_selector("li[data-deal='2']")
    page.locator("li[data-deal='2'] summary").tap()
    breakdown = page.inner_text("li[data-deal='2']")
    assert "2 canastas limpias" in breakdown and "Cerró de mano" in breakdown
    assert_spanish(page)
    assert_fits_phone(page)

    we = total(page, "we")
    assert re.fullmatch(r"\d{4}", we), we  # four digits: never grouped in Spanish (2110, not 2.110 nor 2,110)
    assert page.console_messages == []

    # The game's sheet, read back: Spanish words and Spanish numbers.
    game_path = re.search(r"/games/[A-Za-z0-9_-]{22}", page.url).group(0)
    pdf = page.request.get(live_server(f"{game_path}/sheet.pdf"), headers={"Accept-Language": "es-ES"})
    assert pdf.status == 200
    text = subprocess.run(["pdftotext", "-layout", "-", "-"], input=pdf.body(), capture_output=True,
                          check=True).stdout.decode()
    assert "Planilla de canasta" in text and "Partida sin terminar" in text and "Página 1 de 1" in text
    assert re.search(rf"\b{we}\b", text)
    assert re.search(r"Partida a\s+10\.000", text)
    assert "2 canastas limpias" in text
    assert english_left(text, set()) == []
    assert not re.search(r"\b\d{1,3},\d{3}\b", text)  # never 8,500


def test_a_dispute_settled_in_spanish(telefono, live_server):
    page = telefono
    page.goto(live_server("/referee/"))
    assert_spanish(page)
    page.get_by_role("link", name=re.compile("Silhill")).tap()
    page.wait_for_url(re.compile(r"rules=silhill"))
    page.get_by_role("link", name=re.compile("¿Vale este juego?")).tap()
    page.wait_for_url(re.compile(r"/referee/meld"))
    ready(page)
    assert_fits_phone(page)
    tap_cards(page, "melds-0", "K", "K", "2", "2")
    ask(page)
    assert verdict(page).endswith("NO VALE")
    card = page.locator(".verdict-card").inner_text()
    assert "Un juego de reyes tiene que tener más cartas naturales que comodines." in card
    assert "La regla que no se cumple" in card
    assert_spanish(page)
    assert_fits_phone(page)
    assert page.console_messages == []

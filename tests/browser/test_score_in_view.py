"""After "Save deal" the new totals and minimums are what the phone shows (issue 23): the page no longer
stays at the fresh form, two screens below them; also with the phone's text at 200% in Spanish, where the second
side's minimum was below the fold (issue 34). And the form a typical deal needs is short: went out, the
natural and mixed canastas, the card points and red threes first; the rarer entries (other canastas, black
threes, penalties) folded away until wanted."""

from __future__ import annotations

import pytest

from scorekeeper.db import connect
from scorekeeper.rules import PROFILES, get_profile
from scorekeeper.rules.deal_checks import scores_black_threes
from scorekeeper.stores.games import create_game
from tests.conftest import open_page

from .reading import LARGE_TEXT
from .serving import serve
from .test_deal_saved import enter_typical_deal
from .test_scorepad import save
from tests.recording import game_path

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SIDES = [{"key": "we", "name": "We", "players": ["Ann", "Bo"]},
         {"key": "they", "name": "They", "players": ["Cy", "Di"]}]


def new_game(live_server, rules: str) -> int:
    db = connect(live_server.app.config["DATABASE"])
    try:
        return create_game(db, rules=rules, options={}, sides=SIDES)
    finally:
        db.close()


def in_view(page, selector: str) -> bool:
    return page.evaluate("""s => { const r = document.querySelector(s).getBoundingClientRect();
                                   return r.top >= 0 && r.bottom <= window.innerHeight; }""", selector)


@pytest.fixture
def small_phone(browser):
    yield from open_page(browser, viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True)


def test_the_new_totals_are_in_view_after_each_save(small_phone, live_server):
    page = small_phone
    page.goto(live_server(f"{game_path(live_server, new_game(live_server, 'bicycle'))}"))
    page.wait_for_function("window.htmx !== undefined")
    for number in (1, 2):  # the first save answers the whole scorepad, the next ones only what changed
        enter_typical_deal(page)
        save(page, number)
        page.wait_for_function("document.querySelector('[data-total=we]').textContent.trim() !== '0'")
        page.wait_for_timeout(300)  # the scroll follows the swap
        for selector in ("[data-total=we]", "[data-total=they]", "[data-minimum=we]", "[data-minimum=they]"):
            assert in_view(page, selector), f"{selector} is out of view after saving deal {number}"


def test_the_new_totals_are_in_view_at_200_percent_text_in_spanish(browser, live_server):
    db = connect(live_server.app.config["DATABASE"])
    try:
        game_id = create_game(db, rules="bicycle", options={}, sides=[
            {"key": "we", "name": "Margarita y Bartolomé", "players": ["Margarita", "Bartolomé"]},
            {"key": "they", "name": "Inés y Ciro", "players": ["Inés", "Ciro"]}])
    finally:
        db.close()
    for page in open_page(browser, viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True,
                          locale="es-ES", bypass_csp=True):
        page.goto(live_server(game_path(live_server, game_id)))
        page.add_style_tag(content=LARGE_TEXT)
        page.wait_for_function("window.htmx !== undefined")
        enter_typical_deal(page)
        page.locator("#deal-form button.save").tap()
        page.wait_for_selector("li[data-deal='1']")
        page.wait_for_timeout(300)  # the scroll follows the swap
        for selector in ("[data-total=we]", "[data-total=they]", "[data-minimum=we]", "[data-minimum=they]"):
            assert in_view(page, selector), f"{selector} is out of view after the save"


@pytest.fixture(scope="module")
def forms_served(tmp_path_factory):
    """One server for the forms of every rules: each test reads the form of a new game of its own."""
    yield from serve(tmp_path_factory.mktemp("forms"))


@pytest.fixture(scope="module")
def forms_phone(browser):
    """One phone for the forms of every rules: each test opens a new game's page and only reads and unfolds it."""
    yield from open_page(browser, viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True)


@pytest.mark.parametrize("rules", sorted(PROFILES))
def test_the_deal_form_shows_the_typical_fields_and_folds_the_rare_ones(forms_phone, forms_served, rules):
    page, live_server = forms_phone, forms_served
    page.goto(live_server(f"{game_path(live_server, new_game(live_server, rules))}"))
    height = page.evaluate("document.getElementById('deal-form').getBoundingClientRect().height")
    # 1,454 (classic) to 2,095 before; Samba and Bolivia show one stepper more on each side, their sequence canasta
    bound = 1350 + 2 * page.evaluate("document.querySelector('.stepper-row').getBoundingClientRect().height") * (
        get_profile(rules).sequences)
    assert height < bound, f"the deal form is {height:.0f} px tall"
    for side in ("we", "they"):
        shown = page.evaluate("""side => [...document.querySelectorAll(`[data-side=${side}] input:not([type=hidden])`)]
            .filter(el => el.checkVisibility() || el.closest('label')?.checkVisibility())
            .map(el => el.name.split('-')[1])""", side)
        assert sorted(set(shown)) == sorted({"went_out", "meld_points", "hand_points", "red_threes"} | {
            f"canasta_{kind}" for kind in typical_kinds(rules)})
        page.locator(f"[data-side={side}] details.penalties > summary").tap()
        folded = page.evaluate("""side => [...document.querySelectorAll(`[data-side=${side}] details.penalties input`)]
            .map(el => el.name.split('-')[1])""", side)
        assert "custom_points" in folded
        assert all(name in folded for name in shown_rare(rules))


def typical_kinds(rules: str) -> tuple[str, ...]:
    """The canastas most deals see: natural and mixed, and the sequence canasta where the rules meld sequences (a
    samba; Bolivia's escalera, one of which going out needs)."""
    profile = get_profile(rules)
    return ("natural", "mixed") + ((profile.sequence_kind,) if profile.sequences else ())


def shown_rare(rules: str) -> list[str]:
    """The rarer fields of a profile's form: its other canasta kinds and black threes, when it has them."""
    profile = get_profile(rules)
    rare = [f"canasta_{kind}" for kind in profile.canasta_kinds if kind not in typical_kinds(rules)]
    return rare + (["black_threes"] if scores_black_threes(profile) else [])

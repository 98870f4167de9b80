"""A walk through every page a table, an organiser and a paper player reach, on real phone screens."""

from __future__ import annotations

import pytest

from tests.browser.test_scorepad import save, start, step, went_out
from tests.conftest import assert_fits_phone, tap_and_settle

pytestmark = pytest.mark.browser

PAGES = [
    "/", "/games/", "/games/new", "/referee/", "/referee/meld?rules=bicycle", "/referee/pile?rules=classic",
    "/referee/go-out?rules=modern-american", "/referee/rules", "/referee/rules/silhill", "/sheets/",
    "/tournaments/", "/tournaments/new", "/tournaments/join",
]


def contrast(page, selector: str) -> float:
    """WCAG contrast ratio of an element's text against its own background colour."""
    return page.evaluate(
        """(sel) => {
          const el = document.querySelector(sel); const s = getComputedStyle(el);
          const rgb = c => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
          const lum = ([r, g, b]) => { const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
                                       return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
          const a = lum(rgb(s.color)), b = lum(rgb(s.backgroundColor));
          return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
        }""",
        selector,
    )


# The smaller phone only: test_every_page walks every page at 360 and 320 px with its text at 200%.
@pytest.mark.parametrize("phone", ["360x640"], indirect=True)
def test_every_page_fits_a_phone_without_console_errors(phone, live_server):
    for path in PAGES:
        phone.goto(live_server(path))
        phone.wait_for_load_state("networkidle")
        assert phone.locator("h1").first.is_visible(), path
        assert_fits_phone(phone)
    for rules in ("yahoo", "modern-american", "silhill", "classic"):
        phone.goto(live_server("/games/new"))
        phone.wait_for_function("window.htmx !== undefined")
        tap_and_settle(phone, phone.locator(f"label:has(input[name=rules][value='{rules}'])"))
        phone.wait_for_selector(f"input[name=rules][value='{rules}']:checked")
        assert_fits_phone(phone)
    assert phone.console_messages == []
    response = phone.goto(live_server("/no/such/page"))
    assert response.status == 404
    assert phone.locator(".error-page a, a.button").count() >= 1, "the 404 page offers a way back"
    assert_fits_phone(phone)


@pytest.mark.parametrize("phone", ["360x640"], indirect=True)
def test_deal_form_controls_stay_on_one_line_at_360(phone, live_server):
    start(phone, live_server, "bicycle", 5000)
    # No / Went out / Concealed: one row, each word on one line.
    tops = phone.locator("fieldset.side-entry").first.locator(".segmented label").evaluate_all(
        "els => els.map(e => [Math.round(e.getBoundingClientRect().top), Math.round(e.getBoundingClientRect().height)])")
    assert len({t for t, _ in tops}) == 1 and all(h < 56 for _, h in tops), tops
    # A stepper sits beside its label, not under it.
    row = phone.locator(".stepper-row:has(#we-canasta_natural)")
    label_top = row.locator("label").bounding_box()["y"]
    stepper = row.locator(".stepper").bounding_box()
    assert stepper["y"] <= label_top <= stepper["y"] + stepper["height"]
    # The mode buttons keep their words on one line.
    assert all(b["height"] < 56 for b in (a.bounding_box() for a in phone.locator(".mode-switch a").all()))


def test_flashed_message_goes_when_a_deal_is_saved(phone, live_server):
    start(phone, live_server, "bicycle", 5000)
    assert "Game started" in phone.inner_text("#messages")
    went_out(phone, "we")
    step(phone, "we-canasta_natural")
    phone.fill("#we-meld_points", "120")
    save(phone, 1)
    assert "Game started" not in phone.inner_text("#messages")
    assert "Deal 1 saved" in phone.inner_text("#scorepad")
    assert phone.console_messages == []


def test_a_refused_deal_brings_its_message_into_view(phone, live_server):
    start(phone, live_server, "bicycle", 5000)
    phone.fill("#we-meld_points", "abc")
    phone.get_by_role("button", name="Save deal").tap()
    error = phone.locator("#deal-form .field-error").first
    error.wait_for()
    phone.wait_for_function(
        "() => { const r = document.querySelector('#deal-form .field-error').getBoundingClientRect();"
        " return r.top >= 0 && r.bottom <= window.innerHeight; }")


def test_referee_checkboxes_are_all_the_same_size(phone, live_server):
    phone.goto(live_server("/referee/meld?rules=bicycle"))
    sizes = phone.locator("input[type=checkbox]").evaluate_all(
        "els => els.filter(e => e.getClientRects().length)"
        ".map(e => [Math.round(e.getBoundingClientRect().width), Math.round(e.getBoundingClientRect().height)])")
    assert len(sizes) >= 3 and {tuple(s) for s in sizes} == {(24, 24)}, sizes


@pytest.mark.parametrize("phone", ["390x844"], indirect=True)
@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_scorepad_and_verdicts_are_readable_in_both_colour_schemes(phone, live_server, scheme):
    phone.emulate_media(color_scheme=scheme)
    start(phone, live_server, "bicycle", 5000)
    for selector in ("[data-total='we']", "[data-minimum='we']", ".deal-head h2"):
        assert contrast(phone, selector) >= 4.5 or contrast(phone, "body") >= 4.5, selector
    assert_fits_phone(phone)
    phone.goto(live_server("/referee/meld?rules=bicycle"))
    phone.locator("[data-card-picker-ready]").first.wait_for(state="attached")
    for melds, legal in (("K K 2 2", "yes"), ("K Q J", "no")):
        phone.fill("#cp-melds-0", melds)
        phone.locator("button.ask").tap()
        phone.wait_for_selector(f"#verdict .verdict[data-legal='{legal}']")
        assert contrast(phone, "#verdict .verdict") >= 4.5, (scheme, melds)
    assert_fits_phone(phone)
    assert phone.console_messages == []

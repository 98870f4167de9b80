"""A deal saved on a phone is answered with only what it changed (a fresh form, its row, the totals and
minimums, out of band): the scorepad then reads exactly as a full reload of the page does."""

from __future__ import annotations

import pytest

from tests.conftest import assert_fits_phone

from .test_scorepad import save, start, step, total, went_out

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def enter_typical_deal(page):
    """We go out with a natural and a mixed canasta and a red three; they hold a mixed canasta and 45 points."""
    went_out(page, "we")
    step(page, "we-canasta_natural")
    step(page, "we-canasta_mixed")
    step(page, "we-red_threes")
    page.fill("#we-meld_points", "100+85")
    went_out(page, "they", "no")
    step(page, "they-canasta_mixed")
    page.fill("#they-meld_points", "120")
    page.fill("#they-hand_points", "45")
    page.wait_for_selector("#deal-preview .preview-deal")


def scorepad_text(page) -> str:
    """What the scorepad says, without the note of the last save (a reload does not repeat it)."""
    return page.evaluate("""() => {
        const pad = document.getElementById('scorepad').cloneNode(true);
        pad.querySelectorAll('.saved-note').forEach(note => note.remove());
        document.body.appendChild(pad); pad.id = 'scorepad-copy';
        const text = pad.innerText; pad.remove(); return text; }""")


@pytest.mark.parametrize("phone", ["360x640"], indirect=True)
def test_two_saves_show_what_a_reload_shows(phone, live_server):
    page = phone
    answers = []
    page.on("response", lambda r: answers.append(r) if r.request.method == "POST" and r.url.endswith("/deals")
            else None)
    start(page, live_server, "bicycle", 5000)
    assert page.locator("li.deal-row").count() == 0

    enter_typical_deal(page)
    save(page, 1)
    enter_typical_deal(page)
    save(page, 2)
    page.wait_for_selector("#saved-note >> text=Deal 2 saved.")

    # The first save came back as the whole scorepad (there was no list of deals yet), the second as pieces.
    assert [a.status for a in answers] == [200, 200]
    assert answers[0].headers.get("hx-retarget") is None
    assert answers[1].headers.get("hx-retarget") == "#deal-form"
    assert "data-deal=\"1\"" not in answers[1].text()

    # Both rows, the totals and minimums after two deals, and a fresh form for deal 3.
    assert page.locator("li.deal-row").count() == 2
    assert [page.inner_text(f"li[data-deal='{n}'] .deal-no") for n in (1, 2)] == ["1", "2"]
    assert (total(page, "we"), total(page, "they")) == (2370, 750)
    assert page.inner_text("[data-minimum='we']") == "90" and page.inner_text("[data-minimum='they']") == "50"
    assert page.inner_text("#deal-form [data-next-deal]") == "3"
    assert page.input_value("#we-meld_points") == "" and page.input_value("#we-canasta_natural") == "0"
    assert not page.is_checked("input[name='we-went_out'][value='yes']")
    assert page.input_value("#deal-form input[name='version']") == "3"
    assert page.get_attribute("#scoreboard-state", "data-version") == "3"
    assert_fits_phone(page)
    after_saves = scorepad_text(page)

    # The scoreboard's poll now asks from the new version, and hears that nothing changed.
    with page.expect_response(lambda r: "/scoreboard?v=3" in r.url, timeout=8000) as poll:
        pass
    assert poll.value.headers.get("hx-reswap") == "none"
    assert page.locator("li.deal-row").count() == 2

    page.reload()
    page.wait_for_selector("li[data-deal='2']")
    assert scorepad_text(page) == after_saves
    assert page.console_messages == []

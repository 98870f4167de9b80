"""Blank score sheets for paper play, the page to choose one, and their refusals.

The expected figures are written out from docs/RULES.md (§2.1), not read from the engine, so a
sheet that printed a wrong profile value would fail here.
"""

from __future__ import annotations

import re

import pytest

from .conftest import squash

# docs/RULES.md §2.1 "initialMeld table" and "target", and §2.1 "Canasta bonuses" / "Going-out bonus".
EXPECTED = {
    "bicycle": {
        "name": "Bicycle (Hoyle) rules",
        "target": "5,000",
        "minimums": [("Below 0", "none"), ("0 to 1,495", "50"), ("1,500 to 2,995", "90"), ("3,000 and more", "120")],
        "bonuses": [("Natural canasta", "500"), ("Mixed canasta", "300"), ("Going out", "100"),
                    ("Each red three", "100"), ("All four red threes", "800")],
        "penalties": [("Red three not laid down", "-500"), ("Illegal meld taken back", "-100")],
    },
    "yahoo": {
        "name": "Yahoo! Games rules",
        "target": "5,000",
        "minimums": [("Below 0", "15"), ("0 to 1,495", "50"), ("1,500 to 2,995", "90"), ("3,000 and more", "120")],
        "bonuses": [("Natural canasta", "500"), ("Mixed canasta", "300"), ("Going out", "100")],
        "penalties": [],
    },
    "modern-american": {
        "name": "Modern American Canasta",
        "target": "8,500",
        "minimums": [("Below 3,000", "125"), ("3,000 to 4,995", "155"), ("5,000 and more", "180")],
        "bonuses": [("Natural canasta", "500"), ("Mixed canasta", "300"), ("Canasta of sevens", "2,500"),
                    ("Canasta of aces", "2,500"), ("Canasta of seven twos", "3,000"), ("Going out", "100"),
                    ("4 threes of one colour", "1,000")],
        "penalties": [("Sevens meld not completed", "-2,500"), ("Wild-card meld not completed", "-2,000")],
    },
    "silhill": {
        "name": "Silhill u3a rules",
        "target": "5,000",
        "minimums": [("Below 0", "none"), ("0 to 1,495", "50"), ("1,500 to 2,995", "90"), ("3,000 and more", "120")],
        "bonuses": [("Natural canasta", "500"), ("Mixed canasta", "300"), ("Going out", "100")],
        "penalties": [],
    },
    "classic": {
        "name": "Classic Canasta",
        "target": "5,000",
        "minimums": [("Below 0", "15"), ("0 to 1,495", "50"), ("1,500 to 2,995", "90"), ("3,000 and more", "120")],
        "bonuses": [("Natural canasta", "500"), ("Mixed canasta", "300"), ("Going out", "100")],
        "penalties": [],
    },
}


@pytest.mark.parametrize("rules", list(EXPECTED))
@pytest.mark.slow
def test_blank_sheet_prints_the_profiles_tables_beside_the_columns(fetch_pdf, rules):
    expected = EXPECTED[rules]
    pdf, response = fetch_pdf(f"/sheets/blank.pdf?rules={rules}")
    assert response.headers["Content-Disposition"] == f'attachment; filename="canasta-blank-sheet-{rules}-a4.pdf"'
    assert pdf.pages == 1
    assert "(A4)" in pdf.page_size
    text = pdf.text()
    flat = squash(text)
    assert "Canasta score sheet" in text
    assert f"{expected['name']} · game to {expected['target']}" in flat
    assert re.search(rf"Game target\s+{expected['target']}\b", text)
    # The score columns, with a numbered line for each of 30 deals.
    assert re.search(r"We\s+They", text)
    assert len(re.findall(r"Deal\s+Total", text)) == 2
    numbers = [int(n) for n in re.findall(r"^ {0,4}(\d{1,2})(?: {3,}|$)", text, flags=re.M)]
    assert numbers == list(range(1, 31))
    for label, value in expected["minimums"]:
        assert re.search(rf"{re.escape(label)}\s+{re.escape(value)}\n", text), (label, value)
    for label, value in expected["bonuses"]:
        assert re.search(rf"{re.escape(label)}\s+{re.escape(value)}\n", text), (label, value)
    if expected["penalties"]:
        for label, value in expected["penalties"]:
            assert re.search(rf"{re.escape(label)}\s+{re.escape(value)}\n", text), (label, value)
    else:
        assert "These rules name no penalties." in text
    assert "Signature (We)" in text and "Signature (They)" in text
    assert "Page 1 of 1" in text


def test_blank_sheet_minimum_table_lists_every_range_once(fetch_pdf):
    """The modern-american minimum is 125 below zero and up to 2,995 alike: one row says so."""
    pdf, _ = fetch_pdf("/sheets/blank.pdf?rules=modern-american")
    text = pdf.text()
    assert "Below 0" not in text
    assert text.count("Below 3,000") == 1


@pytest.mark.parametrize("rules", list(EXPECTED))
@pytest.mark.slow
def test_blank_sheet_on_letter_paper_is_letter_sized_and_fits_one_page(fetch_pdf, rules):
    a4, _ = fetch_pdf(f"/sheets/blank.pdf?rules={rules}&paper=a4")
    letter, response = fetch_pdf(f"/sheets/blank.pdf?rules={rules}&paper=letter")
    assert response.headers["Content-Disposition"].endswith(f'filename="canasta-blank-sheet-{rules}-letter.pdf"')
    assert a4.page_size.startswith("595.276 x 841.89 pts")
    assert letter.page_size.startswith("612 x 792 pts")
    assert a4.page_size != letter.page_size
    assert letter.pages == 1
    assert re.search(r"^ {0,4}30\b", letter.text(), flags=re.M)


def test_paper_name_is_read_without_regard_to_case(fetch_pdf):
    pdf, response = fetch_pdf("/sheets/blank.pdf?rules=yahoo&paper=LETTER")
    assert "letter" in pdf.page_size
    assert response.headers["Content-Disposition"].endswith('-letter.pdf"')


@pytest.mark.parametrize(
    "query,status,message",
    [
        ("", 400, "Choose the rules"),
        ("?rules=", 400, "Choose the rules"),
        ("?rules=hoyle", 404, "There are no rules called"),
        ("?rules=bicycle&paper=a3", 400, "There is no paper size called"),
        ("?rules=bicycle&paper=%3Cb%3E", 400, "There is no paper size called"),
    ],
)
def test_blank_sheet_refuses_unknown_rules_or_paper_with_a_page(client, query, status, message):
    response = client.get(f"/sheets/blank.pdf{query}")
    assert response.status_code == status
    assert response.mimetype == "text/html"
    html = response.get_data(as_text=True)
    assert message in html
    assert "<b>" not in html


def test_unknown_rules_message_names_the_choices(client):
    html = client.get("/sheets/blank.pdf?rules=hoyle").get_data(as_text=True)
    for rules in EXPECTED:
        assert rules in html


def test_sheets_page_offers_every_profile_and_both_papers(client):
    response = client.get("/sheets/")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert 'action="/sheets/blank.pdf"' in html
    assert 'method="get"' in html
    for rules, expected in EXPECTED.items():
        assert f'<option value="{rules}">{expected["name"]}</option>' in html
    assert 'value="a4" checked' in html
    assert 'value="letter"' in html


def test_home_page_links_to_the_sheets_page(client):
    html = client.get("/").get_data(as_text=True)
    assert 'href="/sheets/"' in html


def test_sheets_form_submission_downloads_the_chosen_sheet(fetch_pdf):
    """What the form sends (its field names) is what the PDF view reads."""
    pdf, response = fetch_pdf("/sheets/blank.pdf?rules=classic&paper=letter")
    assert response.headers["Content-Disposition"].endswith('"canasta-blank-sheet-classic-letter.pdf"')
    assert "Classic Canasta" in pdf.text()

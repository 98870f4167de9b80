"""The printed table cards: each card's QR code, read back from the rendered PDF, opens that table."""

from __future__ import annotations

import subprocess
from urllib.parse import urlsplit

import pytest

from .conftest import create_tournament, enter, tables_of
from tests.recording import tournament_path


def qr_codes_in(pdf: bytes, tmp_path) -> list[str]:
    """Every QR code on every page of ``pdf``, decoded by zbarimg from a 150 dpi rendering."""
    (tmp_path / "cards.pdf").write_bytes(pdf)
    subprocess.run(["pdftoppm", "-r", "150", "-png", str(tmp_path / "cards.pdf"), str(tmp_path / "page")],
                   check=True)
    found = []
    for page in sorted(tmp_path.glob("page*.png")):
        out = subprocess.run(["zbarimg", "--quiet", "--raw", str(page)], capture_output=True, text=True)
        found += [line for line in out.stdout.splitlines() if line]
    return found


@pytest.mark.slow
def test_every_table_card_carries_a_qr_code_of_its_table(no_csrf_app, tmp_path):
    director = no_csrf_app.test_client()
    tid = create_tournament(director)
    for name in ("Ann", "Ben", "Cy", "Di", "Eve", "Fred", "Gil", "Hana"):
        enter(director, tid, name)
    director.post(f"{tournament_path(director, tid)}/rounds")
    cards = director.get(f"{tournament_path(director, tid)}/round/1/cards.pdf")
    assert cards.status_code == 200
    found = qr_codes_in(cards.data, tmp_path)
    tables = tables_of(no_csrf_app, tid, 1)
    # Each card also carries, small and labelled, the QR code of the evening's read-only results page.
    results = [url for url in found if "/results/" in url]
    codes = [url for url in found if url not in results]
    assert len(codes) == len(tables) == len(results) == 2
    phone = no_csrf_app.test_client()
    assert "<form" not in phone.get(urlsplit(results[0]).path).get_data(as_text=True)
    opened = set()
    for url in codes:  # zbarimg reads a page's codes in no particular order
        assert "/tournaments/phone/" in url
        page = phone.get(urlsplit(url).path)
        assert page.status_code == 200
        opened |= {t.number for t in tables if f"Table {t.number} · round 1" in page.get_data(as_text=True)}
    assert opened == {t.number for t in tables}


@pytest.mark.slow
def test_the_event_cards_open_a_phone_that_stays_with_its_table_all_event(no_csrf_app, tmp_path):
    """Cards printed before round 1 open a phone per table; it waits for the first round, then shows each new
    round's pairing at its table by itself (the poll answers HX-Refresh when its table has a new round)."""
    app = no_csrf_app
    director = app.test_client()
    tid = create_tournament(director)
    for name in ("Ann", "Ben", "Cy", "Di", "Eve", "Fred", "Gil", "Hana"):
        enter(director, tid, name)
    cards = director.get(f"{tournament_path(director, tid)}/cards.pdf")
    assert cards.status_code == 200
    urls = [urlsplit(u).path for u in qr_codes_in(cards.data, tmp_path) if "/results/" not in u]
    assert len(urls) == 2
    phone = app.test_client()
    url = next(u for u in urls if "Table 1<" in phone.get(u).get_data(as_text=True))
    assert "when the director starts a round" in phone.get(url).get_data(as_text=True)
    assert phone.get(f"{url}/status?table=").headers["HX-Reswap"] == "none"
    director.post(f"{tournament_path(director, tid)}/rounds")
    assert phone.get(f"{url}/status?table=").headers["HX-Refresh"] == "true"
    first = tables_of(app, tid, 1)[0]
    assert "Table 1 · round 1" in phone.get(url).get_data(as_text=True)
    assert "HX-Refresh" not in phone.get(f"{url}/status?table={first.id}").headers
    director.post(f"{tournament_path(director, tid)}/round/1/close", data={"then": "next", "confirm": "yes"})
    assert phone.get(f"{url}/status?table={first.id}").headers["HX-Refresh"] == "true"
    page = phone.get(url).get_data(as_text=True)
    assert "Table 1 · round 2" in page and "Save the deal" in page

"""The printed table cards: each card's QR code, read back from the rendered PDF, opens that table."""

from __future__ import annotations

import subprocess
from urllib.parse import urlsplit

from .conftest import create_tournament, enter, tables_of


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


def test_every_table_card_carries_a_qr_code_of_its_table(no_csrf_app, tmp_path):
    director = no_csrf_app.test_client()
    tid = create_tournament(director)
    for name in ("Ann", "Ben", "Cy", "Di", "Eve", "Fred", "Gil", "Hana"):
        enter(director, tid, name)
    director.post(f"/tournaments/{tid}/rounds")
    cards = director.get(f"/tournaments/{tid}/round/1/cards.pdf")
    assert cards.status_code == 200
    codes = qr_codes_in(cards.data, tmp_path)
    tables = tables_of(no_csrf_app, tid, 1)
    assert len(codes) == len(tables) == 2
    for table, url in zip(tables, codes):
        assert url.endswith(f"/tournaments/table/{table['token']}")
        assert director.get(urlsplit(url).path).status_code == 200

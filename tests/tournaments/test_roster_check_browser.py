"""The entry form in a real browser on a 360 px phone: a duplicate name is spotted while it is typed."""

from __future__ import annotations

import pytest

from scorekeeper.db import connect
from scorekeeper.stores.tournaments import records
from tests.conftest import assert_fits_phone
from tests.recording import tournament_path

pytestmark = pytest.mark.browser

PASSWORD = "director-pass"


def pairs_tournament(app) -> int:
    db = connect(app.config["DATABASE"])
    try:
        tid = records.create_tournament(
            db, name="Pairs night", date="2026-11-27", rules="bicycle", options={}, format="pairs",
            rounds=3, round_end="deals", round_limit=2, scoring="points", password=PASSWORD,
        )
        records.add_entry(db, tid, ["Ann Smith", "Bob Jones"], who="director")
        return tid
    finally:
        db.close()


@pytest.mark.parametrize("phone", ["360x640"], indirect=True)
def test_a_duplicate_name_is_spotted_as_it_is_typed_on_a_phone(phone, live_server):
    tid = pairs_tournament(live_server.app)
    phone.goto(live_server(f"{tournament_path(live_server, tid)}/login"))
    phone.fill('input[name="password"]', PASSWORD)
    phone.get_by_role("button", name="Sign in").click()
    phone.wait_for_url(f"**{tournament_path(live_server, tid)}")

    partner = phone.locator("#player2")
    partner.press_sequentially("  bob   JONES", delay=30)
    warning = phone.locator("#player2-check .name-warning")
    warning.wait_for()
    assert "Bob Jones is already entered (number 1, Ann Smith & Bob Jones)" in warning.inner_text()
    # Nothing was saved by typing, and the warning sits right under its field.
    assert phone.locator("table.entries tbody tr").count() == 1
    field_box, warning_box = partner.bounding_box(), warning.bounding_box()
    assert 0 <= warning_box["y"] - (field_box["y"] + field_box["height"]) < 20
    assert_fits_phone(phone)

    partner.fill("")
    partner.press_sequentially("Di Lane", delay=30)
    warning.wait_for(state="detached")
    assert phone.console_messages == []

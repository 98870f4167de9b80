"""The bin, the import page and a game's download links on a 360 px phone."""

from __future__ import annotations

import pytest

from scorekeeper.db import connect
from tests.conftest import assert_fits_phone

from .helpers import add, new_game
from tests.recording import game_path

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("phone", ["360x640"], indirect=True)
def test_delete_a_game_find_it_in_the_bin_and_restore_it(phone, live_server):
    db = connect(live_server.app.config["DATABASE"])
    game = new_game(db)
    add(db, game)
    db.close()
    phone.goto(live_server(game_path(live_server, game)))
    assert_fits_phone(phone)
    assert phone.locator("a", has_text="Download (JSON)").count() == 1
    phone.get_by_role("link", name="Delete game").click()
    phone.get_by_role("button", name="Move the game to the bin").click()
    phone.wait_for_url("**/games/")
    phone.get_by_role("link", name="Bin: deleted games").click()
    phone.wait_for_url("**/games/bin")
    assert "Ann & Bob v Cy & Di" in phone.inner_text("main")
    assert_fits_phone(phone)
    phone.get_by_role("button", name="Restore").click()
    phone.wait_for_url(f"**{game_path(live_server, game)}")
    assert phone.locator("li[data-deal='1']").count() == 1


@pytest.mark.parametrize("phone", ["360x640"], indirect=True)
def test_the_import_page_fits_a_phone_and_explains_a_refusal(phone, live_server, tmp_path):
    phone.goto(live_server("/games/import"))
    assert_fits_phone(phone)
    bad = tmp_path / "notes.json"
    bad.write_text("this is not a game")
    phone.set_input_files("#file", str(bad))
    phone.get_by_role("button", name="Import the game").click()
    assert "not JSON" in phone.inner_text(".field-error")
    assert_fits_phone(phone)

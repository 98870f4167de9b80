"""The director's log and the table phone say each thing once, in plain words (issue 23): a side that
confirmed is not named twice ("table 1 East-West East-West confirmed"), a correction of a deal is one entry,
a dispute's reason ending in a full stop does not end in two, and the CSV of a corrected deal still credits it
to whoever entered it."""

from __future__ import annotations

import re

from tests.tournaments.conftest import deal_form, game_version, tables_of
from tests.tournaments.test_pages import four_players_in_round_one, play_simple_deal
from tests.recording import game_path, tournament_path


def test_the_log_names_a_side_once_and_a_correction_once(no_csrf_app):
    director, tid = four_players_in_round_one(no_csrf_app)
    table = tables_of(no_csrf_app, tid, 1)[0]
    phone = no_csrf_app.test_client()
    play_simple_deal(no_csrf_app, table, 120, 90)
    version = game_version(no_csrf_app, table)
    for side in ("we", "they"):
        answer = phone.post(f"/tournaments/table/{table.token}/confirm", data={"side": side, "version": version})
        assert answer.status_code == 200
    answer = phone.post(f"/tournaments/table/{table.token}/dispute",
                        data={"side": "they", "reason": "Deal 1 hand: 30, not 20."})
    assert answer.status_code == 303
    page = phone.get(f"/tournaments/table/{table.token}").get_data(as_text=True)
    assert "30, not 20.</bdi>." not in page and "30, not 20</bdi>." in page

    import csv as csvlib

    def entered_by() -> str:
        text = phone.get(f"{game_path(phone, table.game_id)}/export.csv").get_data(as_text=True)
        return list(csvlib.reader(text.splitlines()))[1][3]

    before = entered_by()
    result = director.get(f"{tournament_path(director, tid)}/tables/{table.id}/result").get_data(as_text=True)
    deal_url = re.search(rf'href="({tournament_path(director, tid)}/tables/{table.id}/deals/\d+)"', result).group(1)
    form = deal_form(game_version(no_csrf_app, table), {"meld": 170, "natural": 1, "out": "yes"}, {"meld": 90})
    assert director.post(deal_url, data={**form, "reason": "Counted again"}).status_code == 303

    log = re.sub(r"<[^>]+>", "", director.get(f"{tournament_path(director, tid)}/log").get_data(as_text=True))
    assert "East-West East-West" not in log and "North-South North-South" not in log
    assert re.search(r"table 1 East-West\s+confirmed", log)
    assert log.count("Counted again") == 1, "the correction is logged once"

    assert before and entered_by() == before, "the CSV credits the deal to whoever entered it"

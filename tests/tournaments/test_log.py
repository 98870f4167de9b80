"""The director's log reads as sentences (who, what, before → after, why) and filters by round and table."""

from __future__ import annotations

from .conftest import create_tournament, deal_form, enter, game_version, log_text, tables_of
from tests.recording import tournament_path


def test_the_log_speaks_in_sentences_with_names_as_typed(no_csrf_app):
    director = no_csrf_app.test_client()
    tid = create_tournament(director)
    enter(director, tid, "Zoë Müller")
    log = director.get(f"{tournament_path(director, tid)}/log").get_data(as_text=True)
    assert "entered Zoë Müller as number 1, playing from round 1" in log
    assert "u00eb" not in log.split("<main", 1)[1] and "{&#34;" not in log and '{"' not in log.split("<main", 1)[1]


def test_the_log_filters_by_round_and_table(no_csrf_app):
    app = no_csrf_app
    director = app.test_client()
    tid = create_tournament(director)
    for name in ("Ann", "Ben", "Cy", "Di", "Eve", "Fred", "Gil", "Hana"):
        enter(director, tid, name)
    director.post(f"{tournament_path(director, tid)}/rounds")
    first, second = tables_of(app, tid, 1)
    phone = app.test_client()
    for table in (first, second):
        url = f"/tournaments/table/{table.token}"
        phone.post(f"{url}/deals", data=deal_form(game_version(app, table), {"meld": 120, "natural": 1, "out": "yes"},
                                                  {"meld": 40}))
        phone.post(f"{url}/confirm", data={"side": "they", "version": game_version(app, table)})
    everything = log_text(director, tid)
    assert everything.count("East-West confirmed") == 2 and "entered Ann" in everything
    table_two = log_text(director, tid, "?round=1&table=2")
    assert table_two.count("East-West confirmed") == 1 and "entered Ann" not in table_two
    assert "· table 2" in table_two and "· table 1" not in table_two
    assert director.get(f"{tournament_path(director, tid)}/log?round=x&table=%00").status_code == 200

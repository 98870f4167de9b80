"""Dates and times as each language writes them (CLDR, through Babel), and where the club is: in Spanish "26 nov
2026" and "21:05", in English "Nov 26, 2026" and "9:05 PM" with the month in words (never 11/26/26). A moment is
stored in UTC and shown in the laptop's own time zone, so a deal saved at 01:30 UTC on the 24th is on the 23rd
for a club three hours west of Greenwich. Read over HTTP, from pages, PDFs and the tournament log."""

from __future__ import annotations

import re
import subprocess
import time
from datetime import datetime, timezone

import pytest

from scorekeeper import clock
from scorekeeper.i18n import format_when

from ..tournaments.conftest import create_tournament, deal_form, enter
from ..web.scorepad_helpers import start_game, totals_form
from .test_spanish_complete import SPANISH
from tests.recording import game_path, tournament_path

ENGLISH = {"Accept-Language": "en-US,en;q=0.9"}
#: 01:30 UTC on 24 November 2026: 22:30 on the 23rd three hours west of Greenwich.
LATE = datetime(2026, 11, 24, 1, 30, 15, tzinfo=timezone.utc)
#: CLDR's English puts a narrow no-break space (U+202F) between the time and AM/PM: "10:30\u202fPM".
#: A date written with numbers only, as CLDR's short forms do: 11/23/26, 23/11/2026.
NUMERIC_DATE = re.compile(r"\b\d{1,2}/\d{1,2}/\d{2,4}\b")


@pytest.fixture
def west_of_greenwich(monkeypatch):
    """The laptop's clock set to three hours west of UTC (as in Buenos Aires), and the time now ``LATE``."""
    monkeypatch.setenv("TZ", "ART+3")
    time.tzset()
    monkeypatch.setattr(clock, "now", lambda: LATE)
    yield
    monkeypatch.undo()
    time.tzset()


def _pdf_text(pdf: bytes) -> str:
    return subprocess.run(["pdftotext", "-layout", "-", "-"], input=pdf, capture_output=True, check=True).stdout.decode()


def _both(client, url: str) -> tuple[str, str]:
    english, spanish = (client.get(url, headers=h) for h in (ENGLISH, SPANISH))
    assert english.status_code == spanish.status_code == 200, url
    if english.mimetype == "application/pdf":
        return _pdf_text(english.data), _pdf_text(spanish.data)
    return english.get_data(as_text=True), spanish.get_data(as_text=True)


def test_one_function_writes_every_kind_of_date_in_each_language(west_of_greenwich):
    stamp = clock.stamp(LATE)
    assert [format_when(stamp, kind, "en") for kind in ("date", "long_date", "datetime", "time")] == [
        "Nov 23, 2026", "November 23, 2026", "Nov 23, 2026, 10:30\u202fPM", "10:30:15\u202fPM"]
    assert [format_when(stamp, kind, "es") for kind in ("date", "long_date", "datetime", "time")] == [
        "23 nov 2026", "23 de noviembre de 2026", "23 nov 2026, 22:30", "22:30:15"]
    assert format_when("2026-11-26", "date", "es") == "26 nov 2026" and format_when(None) == ""


def test_a_games_dates_in_its_list_history_bin_and_sheet(client, west_of_greenwich):
    game_id = start_game(client)
    client.post(f"{game_path(client, game_id)}/deals", data=totals_form(1, who="Ana"))
    english, spanish = _both(client, "/games/")
    assert "started Nov 23, 2026" in english and "23 nov 2026" in spanish
    english, spanish = _both(client, f"{game_path(client, game_id)}/changes")
    assert "Nov 23, 2026, 10:30\u202fPM" in english and "23 nov 2026, 22:30" in spanish
    english, spanish = _both(client, f"{game_path(client, game_id)}/sheet.pdf")
    assert "November 23, 2026" in english and "23 de noviembre de 2026" in spanish
    assert "Nov 23, 2026" in english and "23 nov 2026" in spanish  # the footer
    assert client.post(f"{game_path(client, game_id)}/delete", data={"version": "2"}).status_code == 303
    english, spanish = _both(client, "/games/bin")
    assert "started Nov 23, 2026" in english and "deleted Nov 23, 2026" in english
    assert "23 nov 2026" in spanish and "2026-11" not in spanish
    for page in (english, spanish):
        assert not NUMERIC_DATE.search(page)


@pytest.mark.slow
def test_a_tournaments_date_round_and_log_times(client, west_of_greenwich):
    tournament_id = create_tournament(client, format="pairs", round_end="minutes", round_limit="45")
    for names in (("Ana", "Ciro"), ("Beto", "Dora")):
        enter(client, tournament_id, *names)
    assert client.post(f"{tournament_path(client, tournament_id)}/rounds").status_code == 303
    english, spanish = _both(client, tournament_path(client, tournament_id))
    assert "Nov 26, 2026" in english and "26 nov 2026" in spanish
    english, spanish = _both(client, "/tournaments/")
    assert "Nov 26, 2026" in english and "26 nov 2026" in spanish
    english, spanish = _both(client, f"{tournament_path(client, tournament_id)}/round/1")
    assert "started 10:30:15\u202fPM" in english and "22:30:15" in spanish
    english, spanish = _both(client, f"{tournament_path(client, tournament_id)}/log")
    assert "10:30:15\u202fPM" in english and "22:30:15" in spanish and "01:30" not in english + spanish
    for url in (f"{tournament_path(client, tournament_id)}/results.pdf", f"{tournament_path(client, tournament_id)}/cards.pdf"):
        english, spanish = _both(client, url)
        assert "Nov 26, 2026" in english and "26 nov 2026" in spanish
        assert not NUMERIC_DATE.search(english + spanish)


def test_a_tables_deal_keeps_its_moment_in_the_tables_history(client, west_of_greenwich):
    tournament_id = create_tournament(client, format="pairs")
    for names in (("Ana", "Ciro"), ("Beto", "Dora")):
        enter(client, tournament_id, *names)
    client.post(f"{tournament_path(client, tournament_id)}/rounds")
    from scorekeeper.db import connect

    db = connect(client.application.config["DATABASE"])
    token, game_id, version = db.execute(
        "SELECT t.token, t.game_id, g.version FROM tournament_tables t JOIN games g ON g.id = t.game_id").fetchone()
    db.close()
    client.post(f"/tournaments/table/{token}/deals",
                data=deal_form(version, {"meld": 200, "natural": 1, "out": "yes"}, {"meld": 90}, who="Ana"))
    english, spanish = _both(client, f"{game_path(client, game_id)}/changes")
    assert "Nov 23, 2026, 10:30\u202fPM" in english and "by table 1 North-South (Ana)" in english
    assert "23 nov 2026, 22:30" in spanish and "por mesa 1 Norte-Sur (Ana)" in spanish

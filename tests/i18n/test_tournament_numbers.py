"""A tournament's standings and a player's page write fractions and totals by the reader's locale: half a game
won is 0.5 in English and 0,5 in Spanish, a total of thousands is 1,200 in English and 1200 in Spanish
(CLDR's minimum grouping), never Python's own spelling of a float."""

from __future__ import annotations

import re

from tests.tournaments.conftest import create_tournament, enter, tables_of
from tests.tournaments.test_pages import play_simple_deal
from tests.recording import tournament_path


def _drawn_round(app):
    """Two partnerships play one deal that ends 700 to 700, and the director closes the round."""
    director = app.test_client()
    tid = create_tournament(director, format="pairs", rounds=2, round_end="deals", round_limit="1", scoring="points")
    for pair in (("Ann", "Bob"), ("Cy", "Di")):
        enter(director, tid, *pair)
    director.post(f"{tournament_path(director, tid)}/rounds")
    play_simple_deal(app, tables_of(app, tid, 1)[0], 100, 700)
    director.post(f"{tournament_path(director, tid)}/round/1/close", data={"confirm": "yes"})
    return director, tid


def _cells(page: str) -> list[str]:
    return [re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r'<td class="num[^"]*"[^>]*>(.*?)</td>', page)]


def test_a_drawn_game_counts_half_a_win_written_in_the_readers_way(no_csrf_app):
    director, tid = _drawn_round(no_csrf_app)
    english = director.get(f"{tournament_path(director, tid)}/standings", headers={"Accept-Language": "en"}).get_data(as_text=True)
    spanish = director.get(f"{tournament_path(director, tid)}/standings?lang=es", headers={"Accept-Language": "es"}).get_data(as_text=True)
    assert "0.5" in _cells(english) and "0,5" not in _cells(english)
    assert "0,5" in _cells(spanish) and "0.5" not in _cells(spanish)
    overview = director.get(tournament_path(director, tid)).get_data(as_text=True)
    entry = re.search(r'href="(/tournaments/[A-Za-z0-9_-]{22}/players/\d+)"', overview).group(1)
    page = director.get(entry, headers={"Accept-Language": "es"}).get_data(as_text=True)
    assert "0,5" in page and "0.5" not in page
    assert "pareja" in page.lower() and "partnership" not in page.lower()

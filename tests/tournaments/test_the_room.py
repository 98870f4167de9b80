"""The room as the projector shows it, and a correction as it reads (issue 34).

While a round is played the projector says where each table is (playing deal N of M, waiting for confirmation,
done) and counts a game as won or played only once it is over; its points count provisionally before. After the
director corrects a deal, the round page and the results PDF say "corrected by the director" where they said "not
confirmed", and the log gives the deal's score for each side before and after, written as the phones write a
deal's score (+1,170 in English, +1170 in Spanish)."""

from __future__ import annotations

import html
import re
import subprocess

from tests.recording import tournament_path
from tests.tournaments.conftest import create_tournament, deal_form, enter, entries_of, game_version, log_text, tables_of
from tests.tournaments.test_pages import play_simple_deal

PAIRS = (("Ann", "Bo"), ("Cy", "Di"), ("Ed", "Flo"), ("Gus", "Hal"))


def _text(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def _evening(app):
    """Four pairs at two tables, round 1 of 3 started (rounds of 2 deals); the director's client, the id, the
    tables by number and each entry's name by id."""
    director = app.test_client()
    tid = create_tournament(director, format="pairs", rounds=3, round_end="deals", round_limit=2)
    for pair in PAIRS:
        enter(director, tid, *pair)
    assert director.post(f"{tournament_path(director, tid)}/rounds").status_code == 303
    tables = {t.number: t for t in tables_of(app, tid, 1)}
    names = {e.id: name for name, e in entries_of(app, tid).items()}
    return director, tid, tables, names


def _confirm(app, table) -> None:
    phone = app.test_client()
    version = game_version(app, table)
    for side in ("we", "they"):
        answer = phone.post(f"/tournaments/table/{table.token}/confirm", data={"side": side, "version": version})
        assert answer.status_code == 200, answer.get_data(as_text=True)[:500]


def _projector(app, tid) -> tuple[list[str], dict[str, list[str]]]:
    """The projector's tables (one line each) and its standings (the cells of each name's row)."""
    page = app.test_client().get(f"{tournament_path(app, tid)}/standings").get_data(as_text=True)
    room = [_text(item) for item in re.findall(r'<li class="room-table[^"]*">(.*?)</li>', page, re.S)]
    body = page.split('class="table standings-table', 1)[1].split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    rows = [[_text(cell) for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
            for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)]
    return room, {row[1]: row[2:] for row in rows}


def test_a_half_played_game_counts_its_points_but_not_as_won_or_played(no_csrf_app):
    app = no_csrf_app
    _director, tid, tables, names = _evening(app)
    play_simple_deal(app, tables[1], 400, 0)  # table 1: 1,000 – 0 after deal 1 of 2
    play_simple_deal(app, tables[2], 400, 0)
    play_simple_deal(app, tables[2], 100, 0)  # table 2: both deals played, 1,700 – 0
    _room, standings = _projector(app, tid)
    ahead_at_one = names[tables[1].we_entries[0]]
    done_at_two = names[tables[2].we_entries[0]]
    # Points, Won, Diff., Games: table 1's game is half played, table 2's is over.
    assert standings[ahead_at_one] == ["1,000", "0", "1,000", "0"], standings
    assert standings[done_at_two] == ["1,700", "1", "1,700", "1"], standings


def test_the_projector_shows_where_each_table_is(no_csrf_app):
    app = no_csrf_app
    _director, tid, tables, _names = _evening(app)
    room, _standings = _projector(app, tid)
    assert room == ["Table 1 playing deal 1 of 2 0 – 0", "Table 2 playing deal 1 of 2 0 – 0"]
    play_simple_deal(app, tables[1], 400, 0)
    play_simple_deal(app, tables[2], 400, 0)
    play_simple_deal(app, tables[2], 100, 0)
    room, _standings = _projector(app, tid)
    assert room == ["Table 1 playing deal 2 of 2 1,000 – 0", "Table 2 waiting for confirmation 1,700 – 0"]
    _confirm(app, tables[2])
    room, _standings = _projector(app, tid)
    assert room == ["Table 1 playing deal 2 of 2 1,000 – 0", "Table 2 done 1,700 – 0"]


def test_a_corrected_deal_reads_as_the_directors_correction(no_csrf_app):
    app = no_csrf_app
    director, tid, tables, _names = _evening(app)
    for table in tables.values():
        play_simple_deal(app, table, 400, 90)  # deal 1: North-South +1,000, East-West +90
        play_simple_deal(app, table, 100, 0)
        _confirm(app, table)
    evening = tournament_path(director, tid)
    assert director.post(f"{evening}/round/1/close").status_code == 303
    result = director.get(f"{evening}/tables/{tables[1].id}/result").get_data(as_text=True)
    deal_url = html.unescape(re.search(r'href="([^"]*/deals/\d+)">Deal 1<', result).group(1))
    form = deal_form(game_version(app, tables[1]), {"meld": 570, "natural": 1, "out": "yes"}, {"meld": 90})
    assert director.post(deal_url, data={**form, "reason": "Counted again"}).status_code == 303

    round_page = director.get(f"{evening}/round/1").get_data(as_text=True)
    card = _text(re.search(r"<h3>Table 1</h3>(.*?)</article>", round_page, re.S).group(1))
    assert "corrected by the director" in card and "not confirmed" not in card, card
    pdf = director.get(f"{evening}/results.pdf")
    assert pdf.status_code == 200 and pdf.mimetype == "application/pdf"
    text = " ".join(subprocess.run(["pdftotext", "-", "-"], input=pdf.data, capture_output=True,
                                   check=True).stdout.decode().split())
    assert "not confirmed" not in text and "corrected by the director: Counted again" in text, text
    log = log_text(director, tid)
    assert ("corrected deal 1: North-South +1,000, East-West +90 → North-South +1,170, East-West +90"
            in log), log
    spanish = _text(director.get(f"{evening}/log", headers={"Accept-Language": "es"}).get_data(as_text=True))
    assert "corrigió la mano 1: Norte-Sur +1000, Este-Oeste +90 → Norte-Sur +1170, Este-Oeste +90" in spanish, spanish

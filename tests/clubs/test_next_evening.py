"""A club's week (issue 30): the second evening is made from the club's template in three clicks from the director
area (the club's rule set, rounds, deals per round, VP, season and last evening's partnerships carried over), and
its phones open their tables with the table cards printed for the first evening: each card's QR code, read back
from the PDF by zbarimg, opens that table of whichever evening is running, and a plain page when none is."""

from __future__ import annotations

import html
import re
import subprocess

import pytest

from scorekeeper.db import connect
from scorekeeper.stores.tournaments import records, results, rounds, running
from tests.tournaments.test_cards import qr_codes_in
from tests.web.formparse import form_values

from .helpers import Club

PAIRS = [("Ana", "Bea"), ("Cris", "Dani"), ("Eva", "Fede"), ("Gus", "Hana")]


def link_by_id(page: str, element_id: str) -> str:
    return re.search(rf'<a [^>]*id="{element_id}"[^>]*href="([^"]+)"|<a [^>]*href="([^"]+)"[^>]*id="{element_id}"',
                     page).group(1)


def form_action(page: str, fragment: str) -> str:
    """The action of the first form whose action contains ``fragment``."""
    return next(a for a in re.findall(r'<form [^>]*action="([^"]+)"', page) if fragment in a)


def first_evening(club: Club) -> str:
    """The club's first evening, its form filled in by hand; returns the evening's address."""
    page = club.client.get(f"{club.area}/evenings/new").get_data(as_text=True)
    values = form_values(page, "new-tournament")
    values.update(name="First evening", rules=club.rules, rounds="2", round_end="deals", round_limit="3", scoring="vp", season=club.autumn)
    for n, (first, second) in enumerate(PAIRS):
        values.update({f"entry-{n}-1": first, f"entry-{n}-2": second})
    made = club.client.post(f"{club.area}/evenings/new", data=values)
    assert made.status_code == 303, made.get_data(as_text=True)[:3000]
    return made.headers["Location"]


def finish(app, path: str) -> None:
    """The evening's rounds played and closed by the director, its result per table set as adjusted."""
    db = connect(app.config["DATABASE"])
    try:
        tid = db.execute("SELECT id FROM tournaments WHERE link = ?", [path.rsplit("/", 1)[1]]).fetchone()[0]
        for number in (1, 2):
            if number > 1:
                running.start_round(db, tid, who="director")
            for table in rounds.list_tables(db, tid, number):
                results.set_result(db, table, kind="adjusted", we=1500, they=900, reason="as agreed", who="director")
            running.close_round(db, tid, who="director")
        running.finish_tournament(db, tid, who="director")
    finally:
        db.close()


@pytest.mark.slow
def test_the_second_evening_in_three_clicks_opens_its_tables_with_the_first_evenings_cards(no_csrf_app, tmp_path):
    club = Club(no_csrf_app, "Thursday Club", "Ana")
    club.autumn = club.season(name="Autumn", count="all")
    club.rules = club.rule_set("Thursday rules", target=4000)
    director = club.client
    one = first_evening(club)
    assert director.post(f"{one}/rounds").status_code == 303
    cards = director.get(f"{one}/cards.pdf")
    assert cards.status_code == 200
    urls = sorted(u for u in qr_codes_in(cards.data, tmp_path) if "/clubs/table/" in u)
    assert len(urls) == 2, urls  # four pairs: two tables
    text = subprocess.run(["pdftotext", "-", "-"], input=cards.data, capture_output=True, check=True).stdout.decode()
    codes = [c.replace(" ", "") for c in re.findall(r"Table code\s+((?:[A-Z0-9] ?){6})", text)]  # spaced letters
    assert len(codes) == 2, text
    left = no_csrf_app.test_client()  # a phone left on table 1 since the first evening
    left_on = left.get(urls[0].split("localhost", 1)[1]).headers["Location"]
    finish(no_csrf_app, one)
    phone = no_csrf_app.test_client()
    waiting = phone.get(urls[0].split("localhost", 1)[1])
    assert waiting.status_code == 200 and "No evening is running at this table" in waiting.get_data(as_text=True)

    # Three clicks: New evening, Create the evening (nothing typed: the template and last week's pairs), Start.
    area = director.get(club.area).get_data(as_text=True)
    form_page = director.get(link_by_id(area, "new-evening"))  # click 1
    values = form_values(form_page.get_data(as_text=True), "new-tournament")
    made = director.post(form_action(form_page.get_data(as_text=True), "/evenings/new"), data=values)  # click 2
    assert made.status_code == 303, made.get_data(as_text=True)[:3000]
    page = director.get(made.headers["Location"]).get_data(as_text=True)
    started = director.post(form_action(page, "/rounds"), data=form_values(page, None))  # click 3
    assert started.status_code == 303

    db = connect(no_csrf_app.config["DATABASE"])
    two = records.get_tournament(db, db.execute("SELECT id FROM tournaments WHERE link = ?",
                                                [made.headers["Location"].rsplit("/", 1)[1]]).fetchone()[0])
    assert (two.rule_set["name"], two.profile.target, two.rounds, two.round_end, two.round_limit, two.scoring) == \
        ("Thursday rules", 4000, 2, "deals", 3, "vp")
    assert two.season_id == club.season_id(club.autumn) and two.status == "playing"
    assert [e.players for e in records.list_entries(db, two.id)] == [tuple(p) for p in PAIRS]
    tables = rounds.list_tables(db, two.id, 1)
    names = {e.id: e.name for e in records.list_entries(db, two.id)}
    db.close()

    # The first evening's printed cards open the second evening's tables, on phones that never saw them.
    for url, table in zip(urls, sorted(tables, key=lambda t: t.number)):
        phone = no_csrf_app.test_client()
        opened = phone.get(url.split("localhost", 1)[1])
        assert opened.status_code == 303 and "/tournaments/phone/" in opened.headers["Location"]
        page = html.unescape(phone.get(opened.headers["Location"]).get_data(as_text=True))
        assert two.name in page and "First evening" not in page, page[page.find("First evening") - 300:][:600] and names[table.we_entries[0]] in page and names[table.they_entries[0]] in page
    # The phone left on table 1 since the first evening goes on to the second by itself.
    moved = left.get(f"{left_on}/status?table=", headers={"HX-Request": "true"})
    assert moved.headers["HX-Redirect"] == urls[0].split("localhost", 1)[1]

    # A phone without a camera types table 1 and the code printed on the first evening's card.
    typed = no_csrf_app.test_client().get("/tournaments/join", query_string={"table": "1", "code": codes[0]})
    assert typed.status_code == 303 and "/tournaments/phone/" in typed.headers["Location"]

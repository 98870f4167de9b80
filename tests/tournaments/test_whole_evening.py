"""A whole club evening of 8 pairs and 4 rounds of 2 deals, as a bridge club would run it: each table's phone
joins once and stays at its table all evening, a third deal is refused, a table disputes and the director
settles it, the director corrects one deal, a round closed too early is reopened, and the final standings
match the figures worked out by hand."""

from __future__ import annotations

import csv
import html
import io
import re

import pytest

from scorekeeper.db import connect
from scorekeeper.stores.tournaments import rounds

from .conftest import card_of, create_tournament, deal_form, enter, log_text
from tests.recording import tournament_path

PAIRS = [("Ada", "Bea"), ("Cal", "Dot"), ("Eli", "Fay"), ("Gus", "Hal"), ("Ida", "Jon"), ("Kim", "Lou"),
         ("Max", "Nan"), ("Oli", "Pia")]

# Under the Bicycle rules, worked by hand, at table t in round r:
#   deal 1: North-South go out with a natural canasta (500 + 100 for going out) and meld 100 t: 100 t + 600;
#           East-West meld 50 r.
#   deal 2: East-West go out with a mixed canasta (300 + 100) and meld 150: 550;
#           North-South meld 200 with 30 left in hand: 170.
DEAL_1 = lambda r, t: ({"meld": 100 * t, "natural": 1, "out": "yes"}, {"meld": 50 * r})  # noqa: E731
DEAL_2 = ({"meld": 200, "hand": 30}, {"meld": 150, "mixed": 1, "out": "yes"})
TOTALS = {(r, t): (100 * t + 770, 50 * r + 550) for r in range(1, 5) for t in range(1, 5)}
# The director corrects round 2, table 3, deal 1: North-South melded 350, not 300, so they end 50 higher.
CORRECTION = (2, 3)
TOTALS[CORRECTION] = (TOTALS[CORRECTION][0] + 50, TOTALS[CORRECTION][1])


def form_of(page: str, ending: str) -> tuple[str, dict]:
    """The action and hidden fields of the page's form whose action ends with ``ending``."""
    for match in re.finditer(r'<form[^>]*action="([^"]*)"(.*?)</form>', page, re.S):
        action = html.unescape(match.group(1))
        if action.endswith(ending):
            hidden = {}
            for tag in re.findall(r"<input[^>]*>", match.group(2)):
                name, value = re.search(r'name="(\w+)"', tag), re.search(r'value="([^"]*)"', tag)
                if 'type="hidden"' in tag and name:
                    hidden[name.group(1)] = html.unescape(value.group(1)) if value else ""
            return action, hidden
    raise AssertionError(f"no form posting to ...{ending}")


class TablePhone:
    """One phone that joins table ``number`` once, by its number and card code, and stays there all evening."""

    def __init__(self, app, tid: int, number: int):
        self.client = app.test_client()
        self.number = number
        card = card_of(app, tid, number)
        joined = self.client.get(f"/tournaments/join?table={number}&code={card.code}")
        assert joined.status_code == 303
        self.url = joined.headers["Location"]

    def page(self, round_number: int) -> str:
        page = self.client.get(self.url).get_data(as_text=True)
        assert f"Table {self.number} · round {round_number}" in page  # the phone follows its table
        return page

    def deal(self, round_number: int, we: dict, they: dict, side: str = "we"):
        action, hidden = form_of(self.page(round_number), "/deals")
        data = {**deal_form(int(hidden["version"]), we, they, side=side), "phone": hidden["phone"]}
        return self.client.post(action, data=data)

    def confirm_both(self, round_number: int) -> None:
        for side in ("we", "they"):
            action, hidden = form_of(self.page(round_number), "/confirm")
            answer = self.client.post(action, data={**hidden, "side": side})
            assert answer.status_code == 200

    def play(self, round_number: int, deals=None) -> None:
        for we, they in deals or (DEAL_1(round_number, self.number), DEAL_2):
            saved = self.deal(round_number, we, they)
            assert saved.status_code == 303, saved.get_data(as_text=True)[:300]
            assert saved.headers["Location"] == self.url


@pytest.mark.slow
def test_a_whole_evening_of_eight_pairs(no_csrf_app):
    app = no_csrf_app
    director = app.test_client()
    tid = create_tournament(director, format="pairs", rounds=4, round_end="deals", round_limit=2)
    for pair in PAIRS:
        enter(director, tid, *pair)
    phones = {}
    for round_number in range(1, 5):
        assert director.post(f"{tournament_path(director, tid)}/rounds").status_code == 303
        if round_number == 1:
            phones = {n: TablePhone(app, tid, n) for n in range(1, 5)}  # each phone joins once
        for number, phone in phones.items():
            deals = None
            if round_number == 3 and number == 1:
                deals = [DEAL_1(3, 1)]  # table 1 is slow: one deal when the round is first closed
            phone.play(round_number, deals)
            if deals is None and (round_number, number) != (2, 2):  # table 2 disputes round 2 first
                phone.confirm_both(round_number)
        if round_number == 1:
            page = phones[2].page(1)  # a complete round offers no next deal, and refuses one sent anyway
            assert "Record deal" not in page
            undo, hidden = form_of(page, "/undo")
            third = phones[2].client.post(undo.replace("/undo", "/deals"), data={
                **deal_form(int(hidden["version"]), *DEAL_2), "phone": hidden["phone"]})
            assert third.status_code == 409 and "This round is 2 deals" in third.get_data(as_text=True)
        if round_number == 2:
            play_round_two_incidents(app, director, tid, phones)
        if round_number == 3:
            close_early_and_reopen(director, tid, phones)
        closed = director.post(f"{tournament_path(director, tid)}/round/{round_number}/close")
        assert closed.status_code == 303, "every table confirmed: the round closes without asking"
    assert director.post(f"{tournament_path(director, tid)}/finish", data={"confirm": "yes"}).status_code == 303
    check_standings(app, director, tid)
    log = log_text(director, tid)
    for words in ("East-West disagreed with the score", "settled the dispute", "corrected deal 1",
                  "reopened the round", "ended the tournament"):
        assert words in log


def play_round_two_incidents(app, director, tid, phones) -> None:
    """Table 2 disputes its score before confirming it, the director settles it and both sides confirm; the
    director corrects table 3's first deal."""
    action, hidden = form_of(phones[2].page(2), "/dispute")
    assert phones[2].client.post(action, data={**hidden, "side": "they", "reason": "Deal 2 hand: 30, not 20"}
                                 ).status_code == 303
    overview = director.get(tournament_path(director, tid)).get_data(as_text=True)
    assert "Table 2 is disputed" in overview
    tables = {t.number: t for t in rounds_tables(app, tid, 2)}
    assert director.post(f"{tournament_path(director, tid)}/tables/{tables[2].id}/settle",
                         data={"reason": "Counted the cards again: the score stands"}).status_code == 303
    assert "is disputed" not in director.get(f"{tournament_path(director, tid)}").get_data(as_text=True)
    phones[2].confirm_both(2)
    assert "We disagree" not in phones[2].page(2)  # once both sides confirmed, nothing is left to dispute
    table = tables[3]
    page = director.get(f"{tournament_path(director, tid)}/tables/{table.id}/result").get_data(as_text=True)
    deal_url = html.unescape(re.search(r'href="([^"]*/deals/\d+)">Deal 1<', page).group(1))
    form_page = director.get(deal_url).get_data(as_text=True)
    version = re.search(r'name="version"[^>]*value="(\d+)"', form_page)
    we, they = DEAL_1(2, 3)
    data = {**deal_form(int(version.group(1)) if version else 0, {**we, "meld": 350}, they),
            "reason": "North-South melded 350; the phone had 300"}
    assert director.post(deal_url, data=data).status_code == 303
    phones[3].confirm_both(2)  # the correction moved the score on: the table confirms it again


def close_early_and_reopen(director, tid, phones) -> None:
    """Round 3 is closed with table 1 unfinished (after the warning), reopened, finished and confirmed."""
    asked = director.post(f"{tournament_path(director, tid)}/round/3/close")
    assert asked.status_code == 200 and "Table 1 is not confirmed" in asked.get_data(as_text=True)
    assert director.post(f"{tournament_path(director, tid)}/round/3/close", data={"confirm": "yes"}).status_code == 303
    assert director.post(f"{tournament_path(director, tid)}/round/3/reopen").status_code == 303
    phones[1].play(3, [DEAL_2])
    phones[1].confirm_both(3)


def rounds_tables(app, tid, number):
    db = connect(app.config["DATABASE"])
    try:
        return rounds.list_tables(db, tid, number)
    finally:
        db.close()


def check_standings(app, director, tid) -> None:
    """The points of each pair, added up by hand from the seating and the figures above, are the app's."""
    db = connect(app.config["DATABASE"])
    try:
        names = {e["id"]: e["name"] for e in db.execute("SELECT id, name FROM tournament_entries").fetchall()}
        seats = rounds.list_tables(db, tid)
    finally:
        db.close()
    assert len(seats) == 16
    expected = {name: 0 for name in names.values()}
    met = set()
    for table in seats:
        we, they = TOTALS[(table.round_number, table.number)]
        (ns,), (ew,) = table.we_entries, table.they_entries
        expected[names[ns]] += we
        expected[names[ew]] += they
        met.add(frozenset((ns, ew)))
    assert len(met) == 16  # nobody met the same pair twice
    rows = list(csv.DictReader(io.StringIO(director.get(f"{tournament_path(director, tid)}/results.csv").get_data(as_text=True))))
    got = {row["name"]: int(row["total_points"]) for row in rows}
    assert got == expected
    order = list(dict.fromkeys(row["name"] for row in rows))
    assert [expected[n] for n in order] == sorted(expected.values(), reverse=True)
    page = director.get(f"{tournament_path(director, tid)}/standings").get_data(as_text=True)
    assert "Final standings after 4 rounds" in page

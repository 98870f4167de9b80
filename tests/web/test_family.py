"""The Canasta family on the pages (docs/RULES.md §7): games of Samba, Bolivia and Hand and Foot kept on the
scorepad through the real deal form, card by card with suits and by totals; the referee's three questions; the
export and its import; the two PDF sheets read back with pdftotext."""

from __future__ import annotations

import io
import json
import re

import pytest

from scorekeeper.stores.games import list_deals
from scorekeeper.stores.summary import game_summary

from ..sheets.conftest import fetch_pdf, squash, words  # noqa: F401  (fetch_pdf: the sheets' fixture)
from .scorepad_helpers import start_game
from tests.recording import game_path, started_id


def _save(client, game_id: int, version: int, mode: str = "totals", **fields) -> None:
    data = {"version": str(version), "mode": mode}
    data.update({k.replace("__", "-"): str(v) for k, v in fields.items()})
    response = client.post(f"{game_path(client, game_id)}/deals", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)[:3000]


def test_samba_card_by_card_with_suits_on_the_scorepad(client, db):
    """samba: Sequence Meld, Scoring (BCA-S) — a samba and a mixed canasta out of cards typed with their suits;
    the deal of tests/rules/test_family.py::test_samba_deal_by_cards_and_by_totals_agree, from 0."""
    game_id = start_game(client, "samba")
    html = client.get(f"{game_path(client, game_id)}?mode=cards").get_data(as_text=True)
    assert 'data-suit="♥"' in html and "7H 8H 9H" in html  # the keypad offers suits, the help writes them
    _save(client, game_id, 1, "cards",
          we__melds="4h 5h 6h 7h 8h 9h 10h\nKS KD KC KH KS KD 2\nQS QD QC", we__hand_0="", we__hand_1="",
          we__went_out="yes", we__red_threes=2,
          they__melds="AS AS AD", they__hand_0="5 6 7", they__hand_1="JK", they__red_threes=3)
    summary = game_summary(db, game_id)
    assert summary.totals == {"we": 2360, "they": -305}
    assert summary.minimums == {"we": 90, "they": 15}
    assert list_deals(db, game_id)[0].sides["we"]["melds"][0] == "4h 5h 6h 7h 8h 9h 10h"


def test_samba_a_wild_card_in_a_sequence_asks_before_saving(client, db):
    """samba: Wild Cards — no sequence takes a wild card: the preview says so and saving asks for the tick."""
    game_id = start_game(client, "samba")
    data = {"version": "1", "mode": "cards", "we-went_out": "no", "we-melds": "7H 8H 2 10H", "we-hand_0": "",
            "we-hand_1": "", "they-went_out": "no"}
    response = client.post(f"{game_path(client, game_id)}/deals", data=data)
    assert response.status_code == 422
    assert "Wild cards never go into a sequence." in response.get_data(as_text=True)
    assert list_deals(db, game_id) == []


def test_bolivia_by_totals_black_threes_and_the_escalera(client, db):
    """bolivia: Black Threes, Going Out (BCA-B) — the form asks for the black threes left in hands (100 each); a
    side that went out without an escalera is questioned before it is saved."""
    game_id = start_game(client, "bolivia")
    page = client.get(game_path(client, game_id)).get_data(as_text=True)
    assert "Black threes left in hands" in page and "Escaleras" in page and "Bolivias" in page
    data = {"version": "1", "mode": "totals", "we-went_out": "yes", "we-canasta_natural": "1",
            "we-canasta_mixed": "1", "we-meld_points": "150", "they-went_out": "no", "they-meld_points": "60",
            "they-hand_points": "60", "they-black_threes": "1"}
    response = client.post(f"{game_path(client, game_id)}/deals", data=data)
    assert response.status_code == 422
    assert "these rules need 1 escalera" in response.get_data(as_text=True)
    _save(client, game_id, 1, we__went_out="yes", we__canasta_escalera=1, we__canasta_mixed=1, we__meld_points=145,
          they__meld_points=60, they__hand_points=60, they__black_threes=1, they__red_threes=1)
    assert game_summary(db, game_id).totals == {"we": 2145, "they": -200}


def test_bolivia_card_by_card_an_escalera_and_a_black_three_caught(client, db):
    """bolivia: Black Threes, Going Out (BCA-B) — card by card the black three left in a hand is read from the hand
    (100), the three melded in going out count 5 each: the deal of tests/rules/test_family.py::
    test_bolivia_black_threes_left_in_hand_cost_100_melded_count_5, from 0."""
    game_id = start_game(client, "bolivia")
    html = client.get(f"{game_path(client, game_id)}?mode=cards").get_data(as_text=True)
    assert 'data-suit="♦"' in html and "Black threes left in hands" not in html
    _save(client, game_id, 1, "cards", we__melds="4H 5H 6H 7H 8H 9H 10H\nKS KD KC KH KS KD 2\n3S 3C 3S",
          we__hand_0="", we__hand_1="", we__went_out="yes",
          they__melds="AS AS AD", they__hand_0="5 6 3C", they__hand_1="JK", they__red_threes=1)
    assert game_summary(db, game_id).totals == {"we": 2145, "they": -200}


def test_hand_and_foot_four_deals_to_the_end_and_the_sheets(client, db, fetch_pdf):
    """hand-and-foot: GOCC; JC — four deals with minimums 50, 90, 120, 150; the game ends after the fourth with
    the side ahead; the game sheet and the blank sheet say so, read back with pdftotext."""
    game_id = start_game(client, "hand-and-foot")
    page = client.get(game_path(client, game_id)).get_data(as_text=True)
    assert "Hand and foot points" in page and "Clean books" in page and "4 deals left" in page
    summary = game_summary(db, game_id)
    for number in range(1, 5):
        assert summary.minimums == {"we": [50, 90, 120, 150][number - 1]} | {"they": [50, 90, 120, 150][number - 1]}
        _save(client, game_id, summary.version, we__went_out="yes", we__canasta_natural=2, we__canasta_mixed=2,
              we__meld_points=300, they__canasta_natural=1, they__meld_points=200, they__hand_points=120,
              they__red_threes=1)
        summary = game_summary(db, game_id)
    assert summary.totals == {"we": 8000, "they": 2720}
    assert summary.game_over and summary.winner == "we"
    pdf, _response = fetch_pdf(f"{game_path(client, game_id)}/sheet.pdf?paper=a4")
    text = words(pdf.text())
    assert "Winner: Us" in text and "8,000" in text
    assert "Deals in a game 4" in words(pdf.text(layout=False))
    blank, _response = fetch_pdf("/sheets/blank.pdf?rules=hand-and-foot&paper=a4")
    text = squash(blank.text(1))
    assert "Hand and Foot · a game of 4 deals" in text
    assert "Deal 1 50" in text and "Deal 4 and later 150" in text
    assert "Clean book 500" in text and "Dirty book 300" in text
    assert "2 clean books, 2 dirty books" in words(text)


def test_hand_and_foot_card_by_card_hands_and_feet_without_suits(client, db):
    """hand-and-foot: GS; RP — card by card each player's hand and foot are one field, no suit is asked (no
    sequences), and a red three caught in a foot costs 500: the deal of tests/rules/test_family.py::
    test_hand_and_foot_red_three_caught_in_the_foot_costs_500, from 0 in the first deal."""
    game_id = start_game(client, "hand-and-foot")
    html = client.get(f"{game_path(client, game_id)}?mode=cards").get_data(as_text=True)
    assert "data-suit" not in html and "hand and foot" in html
    _save(client, game_id, 1, "cards", we__melds="K K K K K K K\nQ Q Q Q Q Q Q\nJ J J J 2 2 JK\n9 9 9 9 9 2 2",
          we__hand_0="", we__hand_1="4 3H", we__went_out="yes", we__red_threes=1,
          they__melds="A A A", they__hand_0="5 6 3H 9", they__hand_1="JK", they__red_threes=2)
    summary = game_summary(db, game_id)
    assert summary.totals == {"we": 1655, "they": -310}
    assert summary.minimums == {"we": 90, "they": 90}  # the second deal's, whatever the totals


def test_samba_game_exported_and_imported_keeps_its_suits(client, db):
    """A game's file holds each card with its suit where sequences are melded, and imports to the same totals."""
    game_id = start_game(client, "samba")
    _save(client, game_id, 1, "cards", we__melds="4H 5H 6H 7H 8H 9H 10H\nKS KD KC KH KS KD 2", we__hand_0="",
          we__hand_1="", we__went_out="yes", they__melds="QS QD QC", they__hand_0="5", they__hand_1="")
    exported = client.get(f"{game_path(client, game_id)}/export.json")
    assert exported.status_code == 200
    document = json.loads(exported.get_data(as_text=True))
    assert document["game"]["rules"] == "samba"
    assert document["game"]["deals"][0]["sides"]["we"]["melds"][0] == "4H 5H 6H 7H 8H 9H 10H"
    answer = client.post("/games/import", data={"file": (io.BytesIO(exported.data), "samba.json")},
                         content_type="multipart/form-data")
    assert answer.status_code == 303, answer.get_data(as_text=True)[:2000]
    imported = game_summary(db, started_id(client, answer.headers["Location"]))
    assert imported.totals == game_summary(db, game_id).totals == {"we": 2130, "they": 25}


# --------------------------------------------------------------------------------------
# The referee
# --------------------------------------------------------------------------------------

def _ask(client, question: str, **fields) -> str:
    response = client.post(f"/referee/{question}", data={k.replace("__", "-"): v for k, v in fields.items()})
    assert response.status_code in (200, 422), response.get_data(as_text=True)[:2000]
    return response.get_data(as_text=True)


def test_referee_samba_sequence_and_a_wild_card_in_it(client):
    """samba: Sequence Meld; Wild Cards — the referee accepts a sequence of one suit and refuses a wild card in
    one, naming the rule and the page."""
    legal = _ask(client, "meld", rules="samba", opened="1", melds__0="7H 8H 9H")
    assert "Legal" in legal or "legal" in legal
    refused = _ask(client, "meld", rules="samba", opened="1", melds__0="7H 8H 2")
    assert "Wild cards never go into a sequence." in refused
    assert "Samba, Bicycle Game Rules Finder, Wild Cards" in refused


def test_referee_samba_top_card_onto_a_sequence(client):
    """samba: The Deal — the top card alone goes onto a sequence on the table, and the pile comes with it."""
    page = _ask(client, "pile", rules="samba", opened="1", table__0="7H 8H 9H", top="10H", below="5C 6D")
    assert "data-legal='yes'" in page or 'data-legal="yes"' in page
    refused = _ask(client, "pile", rules="samba", opened="1", top="10H", uses="JH QH")
    assert "may not start a sequence" in refused


def test_referee_hand_and_foot_going_out_from_the_foot(client):
    """hand-and-foot: PG-HF; NWP — the go-out page asks whether the foot is picked up, and refuses going out
    without it; two clean and two dirty books and a discard make it legal."""
    page = client.get("/referee/go-out?rules=hand-and-foot").get_data(as_text=True)
    assert 'name="in_foot"' in page
    fields = dict(rules="hand-and-foot", opened="1", player_melded="1", table__0="K K K K K K K",
                  table__1="Q Q Q Q Q Q Q", table__2="J J J J 2 2 JK", table__3="10 10 10 10 10 2 JK", discard="5")
    refused = _ask(client, "go-out", **fields)
    assert "A player goes out only from the foot" in refused
    allowed = _ask(client, "go-out", in_foot="1", **fields)
    assert "A player goes out only from the foot" not in allowed and "Going out needs" not in allowed


def test_referee_bolivia_going_out_needs_an_escalera(client):
    """bolivia: Going Out — two canastas without an escalera do not let a player go out."""
    refused = _ask(client, "go-out", rules="bolivia", opened="1", player_melded="1", table__0="K K K K K K K",
                   table__1="Q Q Q Q Q 2 2", discard="5")
    assert "Going out needs 1 escalera for the side; it has 0." in refused
    assert "Bolivia, Bicycle Game Rules Finder, Going Out" in refused


#: The referee's four questions for each of the three (docs/RULES.md §7): a sequence meld, a wild card in a
#: sequence, a pile take and a going out, each as (page, fields, legal, what the answer says: the rule broken with
#: its source as people read it, or the figure of a legal answer).
#: Samba (BCA-S): a sequence of one suit melds, a wild card never joins one, the top card alone goes onto a sequence
#: on the table, and one canasta is not enough to go out. Bolivia (BCA-B): its escalera is Samba's sequence of
#: seven, 1,500; a pile topped by a wild card is not taken; going out wants an escalera among the two canastas.
#: Hand and Foot (GOCC; GS; NWP): no sequences at all, so both sequences are refused as melds of mixed ranks; the
#: pile wants a natural pair and gives the top five cards; going out wants two clean and two dirty books.
SAMBA_PAGE, BOLIVIA_PAGE, HF_PAGES = ("Samba, Bicycle Game Rules Finder", "Bolivia, Bicycle Game Rules Finder",
                                      "Hand &amp; Foot rule pages")


def _broken(rule: str, source: str) -> str:
    return f'{rule}<span class="source">Source: {source}</span>'


REFEREE = {
    "samba": [
        ("meld", dict(melds__0="7H 8H 9H"), True, "7♥ 8♥ 9♥"),
        ("meld", dict(melds__0="7H 8H 2 10H"), False,
         _broken("Wild cards never go into a sequence.", f"{SAMBA_PAGE}, Wild Cards")),
        ("pile", dict(table__0="7H 8H 9H", top="10H", below="5C 6D"), True, "<strong>2</strong> cards from the pile"),
        ("go-out", dict(player_melded="1", table__0="4H 5H 6H 7H 8H 9H 10H", table__1="Q Q Q", discard="5C"), False,
         _broken("Going out needs two canastas for the side; it has one.", f"{SAMBA_PAGE}, Canastas")),
    ],
    "bolivia": [
        ("meld", dict(melds__0="5D 6D 7D 8D 9D 10D JD"), True, "Escalera: bonus 1,500"),
        ("meld", dict(melds__0="5D 6D 2 8D"), False,
         _broken("Wild cards never go into a sequence.", f"{BOLIVIA_PAGE}, Wild Cards")),
        ("pile", dict(top="2", below="K 5", uses="2 2"), False,
         _broken("A wild card on top of the pile cannot be taken; the next discard must cover it first.",
                 f"{BOLIVIA_PAGE}, Wild Cards")),
        ("go-out", dict(player_melded="1", table__0="K K K K K K K", table__1="Q Q Q Q Q 2 2", discard="5"), False,
         _broken("Going out needs 1 escalera for the side; it has 0.", f"{BOLIVIA_PAGE}, Going Out")),
    ],
    "hand-and-foot": [
        ("meld", dict(melds__0="7H 8H 9H"), False,
         _broken("A meld is one rank only; this one mixes sevens, eights, and nines.", f"{HF_PAGES}, GOCC; GS; NWP")),
        ("meld", dict(melds__0="7H 8H 2"), False,
         _broken("A meld is one rank only; this one mixes sevens and eights.", f"{HF_PAGES}, GOCC; GS; NWP")),
        ("pile", dict(top="8", below="5 6 7 9 10 J", uses="8 8"), True, "<strong>4</strong> cards from the pile"),
        ("pile", dict(top="8", below="5 6", uses="8 2"), False,
         _broken("The pile is always taken with a natural pair matching the top card.", f"{HF_PAGES}, GOCC; NWP; PO")),
        ("go-out", dict(player_melded="1", in_foot="1", table__0="K K K K K K K", table__1="Q Q Q Q Q Q Q",
                        table__2="J J J J 2 2 JK", discard="5"), False,
         _broken("Going out needs 2 dirty books for the side; it has 1.", f"{HF_PAGES}, GS; NWP; PG-HF")),
    ],
}


@pytest.mark.parametrize("rules", list(REFEREE))
def test_the_referee_answers_the_four_questions_with_the_rule_and_its_source(client, rules):
    for question, fields, legal, said in REFEREE[rules]:
        page = _ask(client, question, rules=rules, opened="1", **fields)
        assert f'data-legal="{"yes" if legal else "no"}"' in page, (rules, question, fields)
        assert said in page, (rules, question, said, page[page.find("verdict-card"):][:3000])


#: Pages the rules pages must name, by the key their citations use (docs/RULES.md §7.1 and §7.3).
PAGE_NAMES = {
    "samba": {"BCA-S": "Bicycle Game Rules Finder (Canada), Samba", "HSW-S": "HowStuffWorks, How to Play Canasta"},
    "bolivia": {"BCA-B": "Bicycle Game Rules Finder (Canada), Bolivia"},
    "hand-and-foot": {"GOCC": "GOCC Hand and Foot card game rules", "GS": "Good Sams (Florida), Hand and Foot"},
}


def _pages_listed(page: str) -> dict[str, str]:
    return dict(re.findall(r'<dt id="page-([A-Z-]+)">[^<]*</dt>\s*<dd>(.*?)</dd>', page, re.S))


@pytest.mark.parametrize("rules", list(PAGE_NAMES))
def test_the_rules_pages_say_which_page_each_key_names(client, rules):
    """The family's citations name their pages by keys ("Hand & Foot rule pages, GOCC; GS"): the rules page lists
    every key its sources use with the page's name and address, and no source uses a key it does not list."""
    page = client.get(f"/referee/rules/{rules}").get_data(as_text=True)
    listed = _pages_listed(page)
    for key, name in PAGE_NAMES[rules].items():
        assert name in listed.get(key, ""), (key, listed)
    sources = " ".join(re.findall(r'<span class="source">(.*?)</span>', page))
    keys = set(re.findall(r"\b[A-Z]{2,4}(?:-[A-Z]{1,2})*\b", sources.replace("Source:", "")))
    assert keys and keys <= set(listed), keys - set(listed)


def test_a_rule_left_to_the_four_hand_game_says_so_and_the_pages_in_spanish(client):
    """docs/RULES.md SA-A3: where the Samba page says nothing, the four-hand game decides; the citation says so
    rather than naming a heading of the page that does not say it. The list of pages in Spanish keeps their names."""
    samba = client.get("/referee/rules/samba").get_data(as_text=True)
    assert "Samba, Bicycle Game Rules Finder, Samba (as in the four-hand game: RG-S, WIKI-DE-S)" in samba
    assert 'href="https://docslib.org/doc/10729547/gocc-hand-and-foot-card-game-rules"' in client.get(
        "/referee/rules/hand-and-foot").get_data(as_text=True)
    spanish = client.get("/referee/rules/hand-and-foot", headers={"Accept-Language": "es"}).get_data(as_text=True)
    assert "GOCC Hand and Foot card game rules" in _pages_listed(spanish)["GOCC"]


# --------------------------------------------------------------------------------------
# Club rule sets and tournaments built on the family
# --------------------------------------------------------------------------------------

def test_a_club_rule_set_built_on_bolivia(no_csrf_app):
    """A club plays Bolivia with Samba's 160 from 7,000 (docs/RULES.md SA-A1): a set made on the club's page,
    offered to the API and the referee under its own id."""
    from tests.clubs.helpers import Club

    from .formparse import form_values

    club = Club(no_csrf_app, "Bolivia Club", "Ana")
    client, made = club.client, f"{club.area}/rules/new"
    values = form_values(client.get(made).get_data(as_text=True), "rule-set")
    values.update({"base": "bolivia", "refresh": "1"})
    values = form_values(client.post(made, data=values).get_data(as_text=True), "rule-set")
    values.update({"name": "Bolivia at 160", "note": "As our Samba table.", "opt_minimum_from_7000": "160"})
    response = client.post(made, data=values)
    assert response.status_code == 303, response.get_data(as_text=True)[:2000]
    set_id = response.headers["Location"].rsplit("/", 1)[-1]
    assert client.get(f"/api/v1/rules/{set_id}/minimum?score=7000").get_json()["minimum"] == 160
    assert client.get("/api/v1/rules/bolivia/minimum?score=7000").get_json()["minimum"] == 150
    page = _ask(client, "go-out", rules=set_id, opened="1", player_melded="1", table__0="K K K K K K K",
                table__1="Q Q Q Q Q 2 2", discard="5")
    assert "Going out needs 1 escalera" in page


def test_a_samba_tournament_table_counts_a_samba(no_csrf_app):
    """A tournament played under Samba: the table phone's deal form counts sambas, and the standings follow."""
    from ..tournaments.conftest import create_tournament, enter, game_version, tables_of
    from tests.recording import tournament_path

    director = no_csrf_app.test_client()
    tid = create_tournament(director, rules="samba")
    for name in ("Ann", "Ben", "Cy", "Di"):
        enter(director, tid, name)
    director.post(f"{tournament_path(director, tid)}/rounds")
    (table,) = tables_of(no_csrf_app, tid, 1)
    phone = no_csrf_app.test_client()
    page = phone.get(f"/tournaments/table/{table.token}").get_data(as_text=True)
    assert "Sambas" in page
    data = {"version": str(game_version(no_csrf_app, table)), "mode": "totals", "side": "we",
            "we-went_out": "yes", "we-canasta_samba": "1", "we-canasta_mixed": "1", "we-meld_points": "150",
            "they-went_out": "no", "they-meld_points": "40", "they-hand_points": "15"}
    response = phone.post(f"/tournaments/table/{table.token}/deals", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)[:2000]
    table_page = phone.get(f"/tournaments/table/{table.token}").get_data(as_text=True)
    assert "2,150" in table_page  # out 200 + samba 1,500 + mixed 300 + 150

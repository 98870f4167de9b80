"""Words for people only (issue 23): a rule's source is the document's title as people know it and its heading
(no file number, no pilcrow, no path into the repository), said through the catalogue ("Source:"); a club
option is described by its values in words, never by its code; and the rules page reached from a game shows
that game's rules with its options."""

from __future__ import annotations

import html
import json
import re

import pytest

from scorekeeper.rules import PROFILES

from tests.tournaments.conftest import option_form_values
from tests.web.scorepad_helpers import option_values, start_game
from tests.recording import game_path

# A pilcrow, a path into the repository, a document's file number ("004 classic..."), an option's code value.
INTERNAL = re.compile(r"¶|docs/RULES\.md|(?<![\d,.])00\d |\b(?:block_one_turn|unlimited|freeze):|(?<!most )three:")


def visible_text(html: str) -> str:
    """The page's text as a reader meets it: no tags, no attribute values, no style or script."""
    html = re.sub(r"<(script|style)\b.*?</\1>", "", html, flags=re.S)
    return re.sub(r"<[^>]+>", " ", html)


@pytest.mark.parametrize("profile_id", sorted(PROFILES))
def test_rules_pages_cite_documents_by_title_and_heading(client, profile_id):
    page = client.get(f"/referee/rules/{profile_id}").get_data(as_text=True)
    text = visible_text(page)
    assert INTERNAL.findall(text) == []
    assert "Source: " in text  # from the catalogue, not from a style sheet


def test_the_rules_comparison_and_the_spanish_rules_page_too(client):
    text = visible_text(client.get("/referee/rules").get_data(as_text=True))
    assert INTERNAL.findall(text) == []
    spanish = visible_text(client.get("/referee/rules/classic", headers={"Accept-Language": "es"})
                           .get_data(as_text=True))
    assert INTERNAL.findall(spanish) == [] and "Fuente: " in spanish and "Source: " not in spanish


def test_no_style_sheet_writes_words():
    from scorekeeper import ROOT

    for sheet in (ROOT / "static" / "css").glob("*.css"):
        rules = re.sub(r"/\*.*?\*/", "", sheet.read_text(), flags=re.S)
        assert not re.search(r'content:\s*"[A-Za-z]{2,}', rules), sheet.name


@pytest.mark.parametrize("rules", ["yahoo", "bicycle"])
def test_tournament_options_describe_values_in_words(client, rules):
    page = client.get(f"/tournaments/new?rules={rules}").get_data(as_text=True)
    if "club-options" not in page:
        page = client.post("/tournaments/new", data={"rules": rules, **option_form_values(rules)}).get_data(
            as_text=True)
    assert INTERNAL.findall(visible_text(page)) == []


def test_the_rules_page_of_a_game_shows_its_options(client):
    game_id = start_game(client, "yahoo", players=2, draw=2, canastas_to_go_out=2)
    page = client.get(f"{game_path(client, game_id)}").get_data(as_text=True)
    link = re.search(r'href="([^"]*/referee/rules/yahoo[^"]*)"', page).group(1).replace("&amp;", "&")
    rules = visible_text(client.get(link).get_data(as_text=True))
    default = visible_text(client.get("/referee/rules/yahoo").get_data(as_text=True))
    assert rules != default
    for label in ("Players", "Cards drawn from the stock", "Canastas needed to go out"):
        assert re.search(rf"Club option “{label}”: 2 here", rules), label
    assert json.loads  # the options travel as the referee reads them (options=<JSON>)


def test_spanish_counts_agree_with_their_nouns(client):
    """A meld of two kings and a two: "2 cartas naturales, 1 comodín", never "1 comodines"."""
    page = client.post("/referee/meld", data={"rules": "classic", "opened": "1", "melds-0": "K K 2"},
                       headers={"Accept-Language": "es"}).get_data(as_text=True)
    assert "2 cartas naturales, 1 comodín ·" in page
    assert "1 comodines" not in page


def test_a_side_name_is_not_the_subject_of_a_spanish_verb(client):
    """"Ganó Nosotros" does not agree; "Gana: Nosotros" does (SPANISH.md)."""
    from flask_babel import force_locale, gettext

    with client.application.test_request_context(), force_locale("es"):
        assert gettext("%(winner)s won", winner="Nosotros") == "Gana: Nosotros"
        assert gettext("%(field)s: one more", field="Limpias") != "Limpias: uno más"


def test_games_named_alike_are_told_apart_by_their_players(client):
    first = start_game(client, "bicycle")
    data = {"rules": "bicycle", "first_dealer": "0", "we_name": "Us", "they_name": "Them", "we_player0": "Eva",
            "we_player1": "Flo", "they_player0": "Gus", "they_player1": "Hal",
            **option_values("bicycle")}
    assert client.post("/games/new", data=data).status_code == 303
    games = html.unescape(visible_text(client.get("/games/").get_data(as_text=True)))
    assert first and games.count("Us v Them") == 2
    assert "Ann & Cy v Bo & Di" in games and "Eva & Flo v Gus & Hal" in games

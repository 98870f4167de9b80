"""The scorepad and the tournament table phone read a deal through one path: the same entry gets the same answer.

Each case posts the same deal to a scorepad game and to a tournament table's game with the same sides, and
expects the same status, the same message, and the same thing stored (nothing, or the deal once confirmed)."""

from __future__ import annotations

import html
import re

import pytest

from scorekeeper.db import connect
from scorekeeper.stores import games
from tests.tournaments.conftest import create_tournament, enter, tables_of
from tests.recording import game_path, tournament_path

WORDS = re.compile(r'<(?:p|li)[^>]*class="[^"]*field-error[^"]*"[^>]*>(.*?)</(?:p|li)>|<li>(.*?)</li>', re.S)


def messages(page: str) -> set[str]:
    found = set()
    for match in WORDS.finditer(page):
        text = re.sub(r"<[^>]+>", "", match.group(1) or match.group(2))
        found.add(" ".join(html.unescape(text).split()))
    return found


@pytest.fixture
def two_games(no_csrf_app):
    """(post to the scorepad, post to the table, count the deals of each) for games with the same sides."""
    director = no_csrf_app.test_client()
    tid = create_tournament(director, format="pairs")
    for pair in (("Ann", "Bob"), ("Cy", "Di")):
        enter(director, tid, *pair)
    director.post(f"{tournament_path(director, tid)}/rounds")
    table = tables_of(no_csrf_app, tid, 1)[0]
    db = connect(no_csrf_app.config["DATABASE"])
    try:
        table_game = games.get_game(db, table.game_id)
        pad_id = games.create_game(db, rules=table_game.rules, options=table_game.options,
                                   sides=[side.to_dict() for side in table_game.sides])
    finally:
        db.close()
    client = no_csrf_app.test_client()

    def post_both(data: dict):
        pad = client.post(f"{game_path(client, pad_id)}/deals", data={**data, "version": "1"})
        # A table also names the side entering the deal ('we' is North-South).
        at_table = client.post(f"/tournaments/table/{table.token}/deals",
                               data={**data, "version": str(version), "side": "we"})
        return pad, at_table

    def deals() -> tuple[int, int]:
        database = connect(no_csrf_app.config["DATABASE"])
        try:
            return len(games.list_deals(database, pad_id)), len(games.list_deals(database, table.game_id))
        finally:
            database.close()

    database = connect(no_csrf_app.config["DATABASE"])
    version = games.game_version(database, table.game_id)
    database.close()
    return post_both, deals


def deal(**fields) -> dict:
    data = {"mode": "totals", "we-went_out": "no", "they-went_out": "no"}
    data.update({k.replace("__", "-"): str(v) for k, v in fields.items()})
    return data


CASES = {
    "a custom penalty with no reason": (
        deal(we__went_out="yes", we__canasta_natural=1, we__meld_points=120, they__meld_points=50,
             they__custom_points=100),
        "Say what this penalty was for."),
    "card points below what the canastas hold": (
        deal(we__went_out="yes", we__canasta_natural=2, we__meld_points=0),
        "the card points melded cannot be 0"),
    "going out without a canasta": (
        deal(we__went_out="yes", we__meld_points=90, they__meld_points=40),
        "went out with 0 canastas"),
    "a blank deal": (deal(), "Nothing was entered for this deal"),
}


@pytest.mark.parametrize("case", list(CASES))
def test_the_same_deal_gets_the_same_answer_on_the_scorepad_and_at_a_table(two_games, case):
    post_both, deals = two_games
    data, expected = CASES[case]
    pad, at_table = post_both(data)
    assert pad.status_code == at_table.status_code == 422
    pad_words, table_words = messages(pad.get_data(as_text=True)), messages(at_table.get_data(as_text=True))
    assert any(expected in m for m in pad_words), pad_words
    assert {m for m in pad_words if expected in m} == {m for m in table_words if expected in m}
    assert deals() == (0, 0)


@pytest.mark.parametrize("case", ["going out without a canasta"])
def test_a_question_once_confirmed_saves_on_both(two_games, case):
    post_both, deals = two_games
    pad, at_table = post_both({**CASES[case][0], "confirm": "y"})
    assert pad.status_code == at_table.status_code == 303
    assert deals() == (1, 1)


def test_a_blank_deal_confirmed_saves_on_the_scorepad_but_not_at_a_tournament_table(two_games):
    """A tournament round counts its deals: at a table a blank deal would use one up, so it is refused even
    when confirmed; a friendly game may keep one."""
    post_both, deals = two_games
    pad, at_table = post_both({**CASES["a blank deal"][0], "confirm": "y"})
    assert (pad.status_code, at_table.status_code) == (303, 422)
    assert deals() == (1, 0)

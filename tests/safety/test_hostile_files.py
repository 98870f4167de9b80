"""Hostile files refused whole, by every import: a rule set (as a file or a link), a game, a season with its
evenings. Each has the same bounds as its form (name lengths, numbers of players, sides, evenings); nesting past
what the thing could hold and text that is not text (an unpaired surrogate written as an escape) are answered 400
(413 over the size limit) with the reason, nothing is written, nothing already there changes unless the importer
owns it, and every import counts against the creation limits as the form it stands for does. A season comes into a
club, through its director area; a rule set is kept by a club this browser directs."""

from __future__ import annotations

import base64
import copy
import html
import io
import json
import re

import pytest
from werkzeug.datastructures import FileStorage
from werkzeug.test import stream_encode_multipart

from scorekeeper.db import connect
from scorekeeper.stores import players, rule_sets, season_transfer, seasons
from tests.clubs.helpers import Club
from tests.recording import game_path
from tests.seasons.helpers import evening
from tests.seasons.test_ladder import BEST_2_OF_3, EVENINGS
from tests.web.scorepad_helpers import start_game, totals_form
from tests.worlds import Worlds

DEEP = 1500
TABLES = ("rule_sets", "games", "deals", "seasons", "tournaments", "tournament_entries", "club_players",
          "entry_players", "tournament_tables")


def deep(depth: int = DEEP) -> str:
    return "[" * depth + "]" * depth


#: Put where a value goes, ``dumps`` writes 1,500 brackets there (Python could not hold them as a value).
DEEP_HERE = "<1500 brackets>"


def dumps(document: dict) -> str:
    return json.dumps(document).replace(json.dumps(DEEP_HERE), deep())


def counts(db) -> dict:
    return {table: db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0] for table in TABLES}


def said(answer) -> str:
    """The page's words, tags dropped."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", answer.get_data(as_text=True))).split())


def upload(client, path: str, raw: bytes | str, **form):
    """Post the file as a browser does, the body built in memory (werkzeug's test client spools a large one to a
    temporary file it never closes)."""
    raw = raw.encode() if isinstance(raw, str) else raw
    fields = {**form, "file": FileStorage(io.BytesIO(raw), filename="file.json", content_type="application/json")}
    body, _length, boundary = stream_encode_multipart(fields, use_tempfile=False)
    return client.post(path, data=body.getvalue(), content_type=f"multipart/form-data; boundary={boundary}")


def refused(client, db, send, words: str, status: int = 400):
    """``send()`` is answered ``status`` with ``words`` in the page, and no table gained or lost a row."""
    before = counts(db)
    answer = send()
    text = said(answer)
    assert answer.status_code == status, (answer.status_code, text[-600:])
    assert words in text, text[-600:]
    assert counts(db) == before
    return text


# --- Rule sets ------------------------------------------------------------------------------------------------

RULE_SET = {"format": "canasta-rule-set", "version": 1, "base": "bicycle", "name": "Tuesday rules",
            "options": {"target": 3000}, "note": "Shorter evenings."}


def link_data(text: str) -> str:
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


@pytest.mark.parametrize("text, words", [
    (json.dumps({**RULE_SET, "name": "x"}).replace('"x"', deep()), "nested deeper than any rule set"),
    (json.dumps({**RULE_SET, "name": "Tuesday \\ud800 rules"}).replace("\\\\", "\\"), "not text"),
    (json.dumps({**RULE_SET, "note": "\\udfff"}).replace("\\\\", "\\"), "not text"),
    (json.dumps({**RULE_SET, "name": "N" * 61}), "A name of at most 60 characters."),
    (json.dumps({**RULE_SET, "options": {"x": 0}}).replace('"x": 0', f'"x": {deep(50)}'),
     "nested deeper than any rule set"),
])
def test_a_hostile_rule_set_is_refused_as_a_file_and_as_a_link(client, db, text, words):
    refused(client, db, lambda: upload(client, "/rules/import", text), words)
    refused(client, db, lambda: upload(client, "/rules/import", text, confirm="1"), words)
    refused(client, db, lambda: client.get(f"/rules/import?data={link_data(text)}"), words)
    refused(client, db, lambda: client.post("/rules/import", data={"data": link_data(text), "confirm": "1"}), words)


def test_a_rule_set_file_over_the_limit_is_refused_with_413(client, db):
    big = json.dumps({**RULE_SET, "note": "n" * (rule_sets.MAX_FILE_BYTES + 10)})
    refused(client, db, lambda: upload(client, "/rules/import", big), "larger than", status=413)


def _club(app) -> dict:
    return {"club": Club(app, "Hostile Files Club", "Ana")}


def _season_file(app) -> dict:
    """The club with a season of three evenings, and the season exported."""
    made = Club(app, "Hostile Files Club", "Ana")
    db = connect(app.config["DATABASE"])
    try:
        with app.test_request_context():
            season_id = seasons.create_season(db, made.id, name="Autumn 2026", rules=BEST_2_OF_3).id
            for name, date, pairs, score in EVENINGS:
                evening(db, name, date, pairs, [{frozenset(score): score}], season_id=season_id, club_id=made.id)
        return {"club": made, "document": season_transfer.export_season(db, season_id)}
    finally:
        db.close()


#: Each built once (tests/worlds.py): a test asking for ``season_file`` starts from its world, else from ``club``'s.
WORLDS = Worlds(season_file=_season_file, club=_club)
database, world = WORLDS.database, WORLDS.world


@pytest.fixture
def club(world) -> Club:
    return world["club"]


def test_a_good_rule_set_still_comes_in(club, db):
    link = club.area.rsplit("/", 1)[1]
    answer = upload(club.client, "/rules/import", json.dumps(RULE_SET), confirm="1", club=link)
    assert answer.status_code == 303
    assert counts(db)["rule_sets"] == 1


# --- Games ----------------------------------------------------------------------------------------------------


@pytest.fixture
def game_file(client, db) -> dict:
    game_id = start_game(client)
    assert client.post(f"{game_path(client, game_id)}/deals", data=totals_form(1)).status_code == 303
    return client.get(f"{game_path(client, game_id)}/export.json").get_json()


@pytest.mark.parametrize("spoil, words", [
    (lambda g: g["sides"][0].update(name="S" * 41), "name of at most 40 characters"),
    (lambda g: g["sides"][1]["players"].__setitem__(0, "P" * 41), "name of at most 40 characters"),
    (lambda g: g["sides"][0].update(name="\ud800"), "not a text file"),
    (lambda g: g.update(rules=DEEP_HERE), "nested deeper than any game"),
])
def test_a_hostile_game_is_refused(client, db, game_file, spoil, words):
    document = copy.deepcopy(game_file)
    spoil(document["game"])
    refused(client, db, lambda: upload(client, "/games/import", dumps(document)), words)


def test_a_game_imported_already_by_another_phone_is_not_handed_to_this_one(client, db, no_csrf_app, game_file):
    """A file a family downloaded, imported on a second phone after the first imported it, makes that phone a game
    of its own: the first import's game (and its link) stays the first phone's."""
    first, second = no_csrf_app.test_client(), no_csrf_app.test_client()
    raw = json.dumps(game_file)
    made = upload(first, "/games/import", raw).headers["Location"]
    assert upload(first, "/games/import", raw).headers["Location"] == made  # a retry: the same game
    other = upload(second, "/games/import", raw)
    assert other.status_code == 303 and other.headers["Location"] != made


# --- Seasons --------------------------------------------------------------------------------------------------


@pytest.fixture
def season_file(club, world) -> dict:
    """A season of three evenings of the club exported, with fresh secrets so this server takes it as another's."""
    return fresh(world["document"])


def fresh(document: dict) -> dict:
    document = copy.deepcopy(document)
    document["season"]["results_token"] = "s" * 24
    for n, tournament in enumerate(document["tournaments"]):
        tournament["row"]["results_token"] = f"t{n}" * 12
    return document


@pytest.mark.parametrize("spoil, words", [
    (lambda d: d["season"].update(name="A" * 200_000), "longer than 80 characters"),
    (lambda d: d["season"].update(name="\ud800"), "not text"),
    (lambda d: d["season"].update(name=DEEP_HERE), "nested deeper than any season"),
    (lambda d: d["players"].extend({"name": f"Player {n}", "initials": False, "aliases": []} for n in range(8000)),
     "players who play in none of its evenings"),
    (lambda d: d["players"][0]["aliases"].append("B" * 41), "longer than 40 characters"),
    (lambda d: d["tournaments"][0]["row"].update(name="T" * 81), "longer than 80 characters"),
    (lambda d: d["tournaments"][0]["entries"][0].update(players=json.dumps(["E" * 41, "Bea"])),
     "longer than 40 characters"),
    (lambda d: d["tournaments"][0]["row"].update(rounds=31), "more rounds than a tournament may have"),
    (lambda d: d["tournaments"].extend([d["tournaments"][0]] * 100), "more evenings than a season may have"),
])
def test_a_hostile_season_is_refused(club, db, season_file, spoil, words):
    document = copy.deepcopy(season_file)
    spoil(document)
    refused(club.client, db, lambda: upload(club.client, f"{club.area}/seasons/import", dumps(document)), words)


def test_a_season_file_over_the_limit_is_refused_with_413(client, club, db, no_csrf_app):
    """The import page reads a season's file of up to 8 MB (a club's year), more than any other route's 1 MB."""
    big = b'{"format": "canasta-scorekeeper-season/1", "x": "' + b"x" * season_transfer.MAX_FILE_BYTES + b'"}'
    path = f"{club.area}/seasons/import"
    refused(club.client, db, lambda: upload(club.client, path, big), "larger than this server reads (8 MB)", status=413)
    text = refused(client, db, lambda: upload(client, path, big), "Only a director of the club", status=403)
    assert club.name not in text  # a stranger with the address is refused before the file is read


def test_a_season_import_changes_no_one_already_here(club, db, season_file):
    """The players of the file whom the club already has keep their choice for public pages and their spellings:
    the import adds the evenings, and sets only what it made."""
    ana = {p.name: p for p in players.list_players(db, club.id)}["Ana"]
    assert ana.shown == "name"
    document = copy.deepcopy(season_file)
    for person in document["players"]:
        if person["name"] == "Ana":
            person["shown"], person["initials"] = "initials", True
            person["aliases"] = ["Anna Banana"]
    answer = upload(club.client, f"{club.area}/seasons/import", json.dumps(document))
    assert answer.status_code == 303, said(answer)[-400:]
    after = {p.name: p for p in players.list_players(db, club.id)}["Ana"]
    assert after.shown == "name" and after.id == ana.id


# --- Counted as the forms are ------------------------------------------------------------------------------------


def test_imports_count_against_the_creation_limits(tmp_path, season_file):
    from scorekeeper import create_app

    app = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "DATABASE": str(tmp_path / "limits.sqlite"),
                      "SECRET_KEY": "t", "GAMES_PER_HOUR": 1, "TOURNAMENTS_PER_HOUR": 2})
    club = Club(app, "Limits Club", "Ana")  # the first of the hour's two
    phone, link = club.client, club.area.rsplit("/", 1)[1]
    db = connect(app.config["DATABASE"])
    try:
        game_id = start_game(phone)  # the one game of the hour
        game = phone.get(f"{game_path(app, game_id)}/export.json").get_json()
        game["game"]["sides"][0]["name"] = "Another"
        refused(phone, db, lambda: upload(phone, "/games/import", json.dumps(game)), "Too many", status=429)
        imports = f"{club.area}/seasons/import"
        assert upload(phone, imports, json.dumps(season_file)).status_code == 303  # the second of the hour
        refused(phone, db, lambda: upload(phone, imports, json.dumps(fresh(season_file))), "Too many", status=429)
        refused(phone, db, lambda: upload(phone, "/rules/import", json.dumps(RULE_SET), confirm="1", club=link),
                "Too many", status=429)
    finally:
        db.close()

"""Import within the profile's shape: a file is a game this server could have played, or it is refused.

A hostile or broken file must never cost the club anything: sides and players as the profile and its table size
allow (the engine says which: ``RuleProfile.side_sizes``), sizes and nesting bounded, every malformed file
refused with its reason next to the field and a 400 (413 for a file over the limit; a form sent without a file is a 422),
never a 500 and never a traceback on the command line. An import retried after it succeeded (the answer lost,
the command killed after its commit) gives the game it already made, not a second one.
"""

from __future__ import annotations

import copy
import html
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from werkzeug.datastructures import FileStorage
from werkzeug.test import stream_encode_multipart

from scorekeeper.rules import get_profile
from scorekeeper.stores.imports import MAX_FILE_BYTES, ImportRefused, import_game

from .test_transfer import _game
from tests.recording import game_path, started_id

ROOT = Path(__file__).resolve().parents[2]


def _upload(client, content: bytes, name="game.json"):
    """Post the file as a browser does. The body is built in memory: werkzeug's test client spools a large one to a
    temporary file it never closes (a ResourceWarning, which this suite treats as an error)."""
    upload = FileStorage(io.BytesIO(content), filename=name, content_type="application/json")
    body, _length, boundary = stream_encode_multipart({"file": upload}, use_tempfile=False)
    return client.post("/games/import", data=body.getvalue(), content_type=f"multipart/form-data; boundary={boundary}")


def _games(db) -> int:
    return db.execute("SELECT COUNT(*) FROM games").fetchone()[0]


def _document(client, db, rules="bicycle") -> dict:
    return client.get(f"{game_path(client, _game(db, rules))}/export.json").get_json()


def _alone(count: int) -> dict:
    """A file for a four-player profile with ``count`` one-player sides and no deals (215 KB for 3,000)."""
    sides = [{"key": f"p{i}", "name": f"P{i}", "players": [f"P{i}"]} for i in range(count)]
    return {"format": "canasta-scorekeeper/1",
            "game": {"rules": "bicycle", "options": {}, "sides": sides, "first_dealer": 0, "deals": [],
                     "totals": {side["key"]: 0 for side in sides}}}


def _refused(client, db, raw: bytes, words: str, status: int = 400) -> str:
    count = _games(db)
    answer = _upload(client, raw)
    found = re.search(r'<p class="field-error" id="file-error">(.*?)</p>', answer.get_data(as_text=True), re.S)
    assert found, answer.get_data(as_text=True)[-1500:]  # said next to the file's field, on the import page
    said = html.unescape(found.group(1))
    assert answer.status_code == status, said
    assert words in said, said
    assert _games(db) == count
    return said


def test_three_thousand_one_player_sides_are_refused_for_a_four_player_profile(client, db):
    raw = json.dumps(_alone(3000)).encode()
    assert 200_000 < len(raw) < MAX_FILE_BYTES
    _refused(client, db, raw, "it has 3,000 sides, and a game under these rules has 2.")


@pytest.mark.parametrize("change, words", [
    (lambda g: g["sides"].append({"key": "x", "name": "X", "players": ["X"]}), "3 sides"),
    (lambda g: g["sides"][0]["players"].append("Extra"), "players"),
    (lambda g: g["sides"][0].update(players="Ann"), "players"),
    (lambda g: g["sides"].pop(), "1 side"),
])
def test_sides_and_players_other_than_the_profile_allows_are_refused(client, db, change, words):
    document = _document(client, db)
    change(document["game"])
    _refused(client, db, json.dumps(document).encode(), words)


@pytest.mark.parametrize("rules", ["bicycle", "yahoo", "classic"])
def test_the_shape_comes_from_the_profile_and_its_table_size(client, db, rules):
    """Each profile's own table (and the two-player table of the profiles that offer it) is accepted; the table
    of another size is refused, naming what the rules allow."""
    for players in (2, 4):
        try:
            profile = get_profile(rules).with_options({"players": players})
        except Exception:
            continue
        sizes = profile.side_sizes
        sides = [{"key": f"s{i}", "name": f"S{i}", "players": [f"P{i}{j}" for j in range(size)]}
                 for i, size in enumerate(sizes)]
        document = {"format": "canasta-scorekeeper/1",
                    "game": {"rules": rules, "options": {"players": players}, "sides": sides, "deals": [],
                             "totals": {side["key"]: 0 for side in sides}}}
        assert _upload(client, json.dumps(document).encode()).status_code == 303
        document["game"]["sides"] = sides + [{"key": "z", "name": "Z", "players": ["Z"] * sizes[0]}]
        _refused(client, db, json.dumps(document).encode(), "sides")


@pytest.mark.parametrize("raw, words", [
    (b"[" * 100_000 + b"]" * 100_000, "nested"),
    (json.dumps({"format": "canasta-scorekeeper/1", "game": {"x": [[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]}})
     .encode(), "nested"),
    (json.dumps({"format": "canasta-scorekeeper/²", "game": {}}).encode(), "is not a scorekeeper game"),
    (json.dumps({"format": "canasta-scorekeeper/1" + "9" * 5000, "game": {}}).encode(), "is not a scorekeeper game"),
    (json.dumps({"format": "canasta-scorekeeper/1", "game": {"rules": "bicycle", "options": {}, "deals": [],
                                                             "sides": ["we", "they"], "totals": {}}}).encode(),
     "sides"),
    (b'{"format": "canasta-scorekeeper/1", "game": {"rules": "bicycle", "options": {}, "first_dealer": NaN}}',
     "not JSON"),
    (b"\xff\xfe{}", "not a text file"),
])
def test_a_malformed_file_is_refused_with_its_reason_never_a_500(client, db, raw, words):
    _refused(client, db, raw, words)


def test_a_file_over_the_limit_is_refused_by_the_limit_the_page_states(client, db):
    page = client.get("/games/import").get_data(as_text=True)
    assert f"at most {MAX_FILE_BYTES // (1024 * 1024)} MB" in page and MAX_FILE_BYTES == 1024 * 1024
    document = _document(client, db)
    raw = json.dumps(document).encode()
    padded = raw[:-1] + b" " * (MAX_FILE_BYTES - len(raw)) + b"}"
    assert len(padded) == MAX_FILE_BYTES
    assert _upload(client, padded).status_code == 303  # the limit itself is allowed
    too_big = raw[:-1] + b" " * (MAX_FILE_BYTES + 1 - len(raw)) + b"}"
    _refused(client, db, too_big, "1 MB", status=413)
    _refused(client, db, b" " * (3 * MAX_FILE_BYTES), "1 MB", status=413)


def test_an_import_retried_after_it_succeeded_gives_the_same_game(client, db):
    """The answer to the first upload was lost (or the command was killed after its commit): the second upload
    of the same file leads to the game already made, and makes no other."""
    raw = json.dumps(_document(client, db)).encode()
    count = _games(db)
    first = _upload(client, raw)
    assert first.status_code == 303
    again = _upload(client, json.dumps(json.loads(raw), indent=2).encode())  # the same game, saved again
    assert again.status_code == 303 and again.headers["Location"] == first.headers["Location"]
    assert _games(db) == count + 1
    shown = client.get(again.headers["Location"]).get_data(as_text=True)
    assert "already imported" in shown
    game_id = started_id(db, first.headers["Location"])
    # The command line is another importer than this phone: a game of its own, once however often it is run.
    made = import_game(db, raw)
    assert made != game_id and import_game(db, raw) == made and _games(db) == count + 2


def test_an_import_retried_after_the_game_was_deleted_says_where_it_is(client, db):
    raw = json.dumps(_document(client, db)).encode()
    first = _upload(client, raw)
    game_id = started_id(db, first.headers["Location"])
    assert client.post(f"{game_path(client, game_id)}/delete", data={"confirm": "yes"}).status_code in (302, 303)
    _refused(client, db, raw, "bin")


def _cli(tmp_path, *args, database: str | None = None):
    env = {**os.environ, "SCOREKEEPER_DATABASE": database or str(tmp_path / "test.sqlite"),
           "SCOREKEEPER_INSTANCE": str(tmp_path / "instance")}
    return subprocess.run([sys.executable, "-m", "scorekeeper.cli", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)


BAD_FILES = {
    "deep.json": b"[" * 100_000 + b"]" * 100_000,
    "sides.json": json.dumps({"format": "canasta-scorekeeper/1", "game": {
        "rules": "bicycle", "options": {}, "deals": [], "sides": ["we", "they"], "totals": {}}}).encode(),
    "format.json": json.dumps({"format": "canasta-scorekeeper/²", "game": {}}).encode(),
    "alone.json": json.dumps(_alone(3000)).encode(),
    "big.json": b" " * (MAX_FILE_BYTES + 1),
}


@pytest.mark.parametrize("name", list(BAD_FILES))
def test_the_import_command_refuses_a_malformed_file_in_one_plain_line(tmp_path, no_csrf_app, name):
    from click.testing import CliRunner

    from scorekeeper.cli import main

    (tmp_path / name).write_bytes(BAD_FILES[name])
    env = {"SCOREKEEPER_DATABASE": no_csrf_app.config["DATABASE"], "SCOREKEEPER_INSTANCE": str(tmp_path / "i")}
    result = CliRunner().invoke(main, ["import", str(tmp_path / name)], env=env)
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit), result.output
    assert result.output.startswith("Error: ") and result.output.count("\n") == 1, result.output


@pytest.mark.slow
def test_the_import_command_in_a_terminal_imports_once_and_refuses_without_a_traceback(tmp_path, client, db,
                                                                                          database):
    """As a real process: what a terminal shows (the in-process runner above would hide a traceback)."""
    (tmp_path / "deep.json").write_bytes(BAD_FILES["deep.json"])
    refused = _cli(tmp_path, "import", str(tmp_path / "deep.json"), database=database)
    assert refused.returncode == 1 and "Traceback" not in refused.stderr
    assert refused.stderr.startswith("Error: ") and "nested deeper" in refused.stderr
    good = tmp_path / "good.json"
    good.write_bytes(json.dumps(_document(client, db)).encode())
    count = _games(db)
    first, again = (_cli(tmp_path, "import", str(good), database=database),
                    _cli(tmp_path, "import", str(good), database=database))
    assert first.returncode == 0 and again.returncode == 0, (first.stderr, again.stderr)
    game = re.search(r"/games/[A-Za-z0-9_-]{22}", first.stdout).group(0)
    assert "already imported" in again.stdout and game in again.stdout
    assert _games(db) == count + 1


# --------------------------------------------------------------------------------------
# Any file at all: refused (ImportRefused, nothing written) or imported, never another error
# --------------------------------------------------------------------------------------

scalars = (st.none() | st.booleans() | st.integers(min_value=-(10**30), max_value=10**30)
           | st.floats(allow_nan=False) | st.text(max_size=12)
           | st.sampled_from(["we", "they", "K K K", "totals", "cards", "canasta-scorekeeper/1"]))
json_values = st.recursive(scalars, lambda c: st.lists(c, max_size=4) | st.dictionaries(st.text(max_size=8), c,
                                                                                          max_size=4), max_leaves=12)


def _places(value, path=()):
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _places(item, path + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _places(item, path + (i,))


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    from scorekeeper import create_app
    from scorekeeper.db import connect

    app = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "SECRET_KEY": "t",
                      "DATABASE": str(tmp_path_factory.mktemp("fuzz") / "f.sqlite")})
    db = connect(app.config["DATABASE"])
    document = app.test_client().get(f"{game_path(app, _game(db, 'bicycle'))}/export.json").get_json()
    yield db, document
    db.close()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.function_scoped_fixture])
@given(data=st.data())
@pytest.mark.slow
def test_any_change_to_a_good_file_is_imported_or_refused_never_an_error(exported, data):
    db, document = exported
    document = copy.deepcopy(document)
    for _ in range(data.draw(st.integers(min_value=1, max_value=3))):
        places = [p for p in _places(document) if p]
        if not places:
            break
        path = data.draw(st.sampled_from(places))
        parent = document
        for step in path[:-1]:
            parent = parent[step]
        if data.draw(st.booleans()):
            parent[path[-1]] = data.draw(json_values)
        else:
            del parent[path[-1]]
    count = _games(db)
    try:
        import_game(db, json.dumps(document))
    except ImportRefused as refused:
        assert refused.message and _games(db) == count

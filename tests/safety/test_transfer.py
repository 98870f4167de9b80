"""Export and import: a game as a file and back, with the same totals, minimums and options."""

from __future__ import annotations

import csv
import io
import json
import re
import os
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.stores.deals import add_deal
from scorekeeper.stores.games import create_game, game_version
from scorekeeper.stores.summary import game_summary
from scorekeeper.rules import get_profile, profile_options

from ..api.cases import PROFILE_IDS, card_deal, total_deal
from .helpers import SIDES
from tests.recording import game_path, started_id

ROOT = Path(__file__).resolve().parents[2]


def _changed_options(rules: str) -> dict:
    """Every option off its default where it can be (so a round trip cannot pass on defaults alone)."""
    options = {}
    for option in profile_options(get_profile(rules)):
        if option.name == "target":
            options["target"] = 7000
        elif option.field_name in ("players", "partnerships"):
            continue  # the table stays two partnerships of two: the sides' players are the seats
        elif option.kind == "bool":
            options[option.name] = not option.default
        elif option.kind == "choice":
            options[option.name] = next(c for c in option.choices if c != option.default)
    return options


def _game(db, rules: str) -> int:
    options = _changed_options(rules)
    for name in list(options):  # some combinations are refused by a profile: drop those one at a time
        try:
            get_profile(rules).with_options(options)
            break
        except Exception:
            options.pop(name)
    game = create_game(db, rules=rules, options=options, sides=SIDES, first_dealer=1)
    for sides, mode in ((total_deal(rules)["sides"], "totals"), (card_deal(rules)["sides"], "cards"),
                        (total_deal(rules)["sides"], "totals")):
        add_deal(db, game, sides, mode=mode, expected_version=game_version(db, game), who="Ann")
    return game


def _upload(client, content: bytes, name="game.json"):
    return client.post("/games/import", data={"file": (io.BytesIO(content), name)},
                       content_type="multipart/form-data")


@pytest.mark.parametrize("rules", PROFILE_IDS)
def test_export_then_import_gives_the_same_totals_minimums_and_options(client, db, rules):
    game = _game(db, rules)
    exported = client.get(f"{game_path(client, game)}/export.json")
    assert exported.status_code == 200 and exported.mimetype == "application/json"
    assert "attachment" in exported.headers["Content-Disposition"]
    document = exported.get_json()
    assert document["format"] == "canasta-scorekeeper/1"
    listed = {o["name"] for o in client.get(f"/api/v1/rules/{rules}").get_json()["options"]}
    assert set(document["game"]["options"]) == listed
    assert len(document["game"]["deals"]) == 3
    answer = _upload(client, exported.data)
    assert answer.status_code == 303, answer.get_data(as_text=True)[:500]
    copy = started_id(client, answer.headers["Location"])
    assert copy != game
    original, imported = game_summary(db, game), game_summary(db, copy)
    assert imported.totals == original.totals
    assert imported.minimums == original.minimums
    assert imported.profile.option_values() == original.profile.option_values()
    assert [r.sides for r in imported.rows] == [r.sides for r in original.rows]
    assert imported.game.sides == original.game.sides
    again = client.get(f"{game_path(client, copy)}/export.json").get_json()["game"]
    assert {**again, "created_at": None} == {**document["game"], "created_at": None}
    # The running totals a save keeps with each deal were written at the import (a first read scores nothing).
    assert running(db, copy) == running(db, game) and None not in running(db, copy)


def running(db, game_id: int) -> list:
    return [r[0] for r in db.execute("SELECT running FROM deals WHERE game_id = ? ORDER BY seq", [game_id])]


def test_the_csv_has_one_row_per_deal(client, db):
    game = _game(db, "bicycle")
    response = client.get(f"{game_path(client, game)}/export.csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    rows = list(csv.reader(io.StringIO(response.get_data(as_text=True))))
    assert len(rows) == 1 + 3
    summary = game_summary(db, game)
    head = rows[0]
    assert rows[-1][head.index("Ann & Bob: total")] == str(summary.totals["we"])
    assert rows[-1][head.index("Cy & Di: total")] == str(summary.totals["they"])


def _document(db, client) -> dict:
    return client.get(f"{game_path(client, _game(db, 'bicycle'))}/export.json").get_json()


def _games(db) -> int:
    return db.execute("SELECT COUNT(*) FROM games").fetchone()[0]


@pytest.mark.parametrize("change, kind, words", [
    (lambda d: "not json at all", "malformed", "not JSON"),
    (lambda d: {"game": d["game"]}, "malformed", "which format"),
    (lambda d: {**d, "format": "canasta-scorekeeper/2"}, "newer", "newer"),
    (lambda d: {**d, "game": {**d["game"], "totals": {"we": 1, "they": 2}}}, "inconsistent", "does not add up"),
    (lambda d: {**d, "game": {**d["game"], "rules": "poker"}}, "malformed", "poker"),
    (lambda d: {**d, "game": {**d["game"], "deals": d["game"]["deals"] + [{"sides": {"we": {"went_out": "maybe"},
                                                                                   "they": {}}}]}},
     "inconsistent", "deal 4"),
])
def test_a_bad_file_is_refused_saying_which_and_writes_nothing(client, db, change, kind, words):
    document = change(_document(db, client))
    count = _games(db)
    raw = document if isinstance(document, str) else json.dumps(document)
    answer = _upload(client, raw.encode())
    assert answer.status_code == 400
    text = answer.get_data(as_text=True)
    assert words in text
    assert _games(db) == count
    from scorekeeper.stores.imports import ImportRefused, import_game

    with pytest.raises(ImportRefused) as refused:
        import_game(db, raw)
    assert refused.value.kind == kind
    assert _games(db) == count


def test_the_import_page_asks_for_a_file(client):
    page = client.get("/games/import")
    assert page.status_code == 200 and 'type="file"' in page.get_data(as_text=True)
    empty = client.post("/games/import", data={}, content_type="multipart/form-data")
    assert empty.status_code == 422 and "Choose" in empty.get_data(as_text=True)


def _cli(tmp_path, *args):
    env = {**os.environ, "SCOREKEEPER_DATABASE": str(tmp_path / "test.sqlite")}
    return subprocess.run([sys.executable, "-m", "scorekeeper.cli", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)


@pytest.mark.slow
def test_export_dir_and_import_file_on_the_command_line(tmp_path, db, no_csrf_app):
    from ..tournaments.conftest import create_tournament

    game = _game(db, "silhill")
    create_tournament(no_csrf_app.test_client())
    out = tmp_path / "export"
    result = _cli(tmp_path, "export", str(out))
    assert result.returncode == 0, result.stderr
    files = sorted(p.name for p in out.iterdir())
    assert any(name.startswith(f"game-{game}-") and name.endswith(".json") for name in files)
    assert any(name.startswith("tournament-") for name in files)
    tournament = json.loads(next(out.glob("tournament-*.json")).read_text())
    assert tournament["format"] == "canasta-scorekeeper/1" and tournament["tournament"]["name"]
    game_file = next(out.glob(f"game-{game}-*.json"))
    result = _cli(tmp_path, "import", str(game_file))
    assert result.returncode == 0, result.stderr
    copy = started_id(db, re.search(r"/games/[A-Za-z0-9_-]{22}", result.stdout).group(0))
    assert game_summary(db, copy).totals == game_summary(db, game).totals
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "canasta-scorekeeper/9", "game": {}}')
    refused = _cli(tmp_path, "import", str(bad))
    assert refused.returncode == 1 and "newer" in refused.stderr and "Traceback" not in refused.stderr

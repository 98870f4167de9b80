"""The command line names what it made, and what it wrote, by the address a phone opens (a game or a tournament
opens only by its link): ``scorekeeper import`` says the imported game's address, ``scorekeeper export`` each
game's and tournament's beside its file; with ``PUBLIC_URL`` set, the whole address."""

from __future__ import annotations

import json
import re

from click.testing import CliRunner
import pytest

from scorekeeper import create_app
from scorekeeper.cli import main
from tests.recording import game_path, tournament_path
from tests.tournaments.conftest import create_tournament
from tests.web.scorepad_helpers import start_game, totals_form

PUBLIC = "https://canasta.example.org"


def run(database: str, *args, **env):
    return CliRunner().invoke(main, list(args), env={"SCOREKEEPER_DATABASE_URL": None,
                                                     "SCOREKEEPER_DATABASE": database, **env})


def club(tmp_path):
    path = str(tmp_path / "club.sqlite")
    app = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "DATABASE": path, "SECRET_KEY": "t"})
    phone = app.test_client()
    game_id = start_game(phone)
    assert phone.post(f"{game_path(app, game_id)}/deals", data=totals_form(1)).status_code == 303
    tid = create_tournament(phone)
    return app, phone, game_id, tid


@pytest.mark.slow
def test_import_says_the_address_the_imported_game_opens_at(tmp_path):
    app, phone, game_id, _tid = club(tmp_path)
    (tmp_path / "game.json").write_text(json.dumps(phone.get(f"{game_path(app, game_id)}/export.json").get_json()))
    result = run(app.config["DATABASE"], "import", str(tmp_path / "game.json"), SCOREKEEPER_PUBLIC_URL=PUBLIC)
    assert result.exit_code == 0, result.output
    address = re.search(rf"{re.escape(PUBLIC)}(/games/[A-Za-z0-9_-]{{22}})\b", result.output)
    assert address, result.output
    assert "as game" not in result.output
    other = app.test_client()  # a phone of the family the game was moved for, given the address
    page = other.get(address.group(1))
    assert page.status_code == 200 and "Them" in page.get_data(as_text=True)
    assert address.group(1) in other.get("/games/").get_data(as_text=True)  # and in its list from then on
    again = run(app.config["DATABASE"], "import", str(tmp_path / "game.json"), SCOREKEEPER_PUBLIC_URL=PUBLIC)
    assert again.exit_code == 0 and address.group(0) in again.output and "already imported" in again.output
    # Without PUBLIC_URL, the address on this server (the command cannot know the server's name).
    (tmp_path / "other.json").write_text(json.dumps({**json.loads((tmp_path / "game.json").read_text())}, indent=2))
    plain = run(app.config["DATABASE"], "import", str(tmp_path / "other.json"))
    assert re.search(r"(?<![\w/])/games/[A-Za-z0-9_-]{22}\b", plain.output) and "PUBLIC_URL" in plain.output


def test_export_names_every_game_and_tournament_by_its_address(tmp_path):
    app, _phone, game_id, tid = club(tmp_path)
    result = run(app.config["DATABASE"], "export", str(tmp_path / "out"), SCOREKEEPER_PUBLIC_URL=PUBLIC + "/")
    assert result.exit_code == 0, result.output
    assert f"{PUBLIC}{game_path(app, game_id)}" in result.output
    assert f"{PUBLIC}{tournament_path(app, tid)}" in result.output

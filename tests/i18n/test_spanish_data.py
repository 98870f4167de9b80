"""The club's data in Spanish: a game's history told in Spanish words, a refused import and a refused save said in
Spanish, and the ``scorekeeper`` command's backup, export and import speaking the terminal's Spanish."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner
import pytest

from scorekeeper.cli import main
from scorekeeper.db import get_db

from ..safety.test_trouble import _app, _new_game_form
from ..web.formparse import form_values
from ..web.scorepad_helpers import start_game, totals_form
from .test_spanish_complete import SPANISH, Walk, missing  # noqa: F401  (a fixture)
from tests.recording import game_path

ROOT = Path(__file__).resolve().parents[2]
IN_SPANISH = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "es_ES.UTF-8"}


def _a_game_with_a_history(client) -> int:
    """A game whose history holds a save, a correction, a change of options, an undo and a redo."""
    game_id = start_game(client)
    client.post(f"{game_path(client, game_id)}/deals", data=totals_form(1, who="Ana"))
    deal = get_db_deal(client, game_id)
    client.post(f"{game_path(client, game_id)}/deals/{deal}/edit",
                data=totals_form(2, **{"we-meld_points": "285", "they-red_threes": "2", "who": "Beto",
                                       "reason": "se contó mal"}))
    form = form_values(client.get(f"{game_path(client, game_id)}/options").get_data(as_text=True))
    assert client.post(f"{game_path(client, game_id)}/options", data={**form, "opt_target": "8500"}).status_code == 303
    client.post(f"{game_path(client, game_id)}/deals", data=totals_form(4))
    client.post(f"{game_path(client, game_id)}/undo", data={"version": "5"})
    client.post(f"{game_path(client, game_id)}/redo", data={"version": "6"})
    client.get("/")  # the English flashes of the set-up are shown there
    return game_id


def get_db_deal(client, game_id: int) -> int:
    with client.application.app_context():
        return get_db().execute("SELECT id FROM deals WHERE game_id = ?", [game_id]).fetchone()[0]


def test_a_games_history_is_told_in_spanish(client, missing):  # noqa: F811
    game_id = _a_game_with_a_history(client)
    walk = Walk(client, missing)
    page = walk.visit(f"{game_path(client, game_id)}/changes").get_data(as_text=True)
    walk.visit(f"{game_path(client, game_id)}/undo")
    form = form_values(client.get(f"{game_path(client, game_id)}/options").get_data(as_text=True))
    walk.visit(f"{game_path(client, game_id)}/options", method="post", status=303, data={**form, "opt_target": "10000"})
    scorepad = walk.visit(game_path(client, game_id)).get_data(as_text=True)
    walk.check()
    assert "Mano corregida" in page and "Us: puntos bajados 185 → 285" in page
    assert "Them: treses rojos — → 2" in page
    assert "Opciones del club cambiadas" in page and "8500" in page
    assert "Se cambiaron las opciones del club; ahora rige:" in scorepad and "10.000" in scorepad
    assert "Por qué: se contó mal" in page
    english = client.get(f"{game_path(client, game_id)}/changes").get_data(as_text=True)
    assert "Us: card points melded 185 → 285" in english and "Them: red threes — → 2" in english


def test_a_refused_import_says_why_in_spanish(client, missing):  # noqa: F811
    walk = Walk(client, missing)
    game_id = start_game(client)
    client.post(f"{game_path(client, game_id)}/deals", data=totals_form(1))
    client.get("/")  # the English flash of the set-up is shown there
    document = client.get(f"{game_path(client, game_id)}/export.json").get_json()
    files = ["not json at all", json.dumps({"game": document["game"]}),
             json.dumps({**document, "format": "canasta-scorekeeper/9"}),
             json.dumps({**document, "game": {**document["game"], "totals": {"we": 1, "they": 2}}}),
             json.dumps({**document, "game": {**document["game"], "sides": "two"}})]
    said = []
    for content in files:
        answer = walk.visit("/games/import", method="post", status=400, content_type="multipart/form-data",
                            data={"file": (io.BytesIO(content.encode()), "partida.json")})
        said.append(answer.get_data(as_text=True))
    walk.visit(f"{game_path(client, game_id)}/export.csv")
    walk.check()
    assert "no es JSON" in said[0] and "no dice en qué formato está" in said[1]
    assert "un anotador más nuevo (formato 9" in said[2] and "Las cuentas de este archivo no cierran" in said[3]
    assert "faltan los equipos" in said[4]
    head = client.get(f"{game_path(client, game_id)}/export.csv", headers=SPANISH).get_data(as_text=True).splitlines()[0]
    assert head.startswith("mano,reparte,anotada,quién anotó,Us: mano,Us: total,Us: mínimo para bajar")


def test_a_save_the_full_disk_refuses_is_explained_in_spanish(tmp_path):
    client = _app(tmp_path, "read-only").test_client()
    answer = client.post("/games/new", data=_new_game_form(), headers=SPANISH)
    assert answer.status_code == 503
    assert "No se guardó nada: el archivo de la base de datos es de solo lectura." in answer.get_data(as_text=True)


def test_backup_export_and_import_speak_the_terminals_spanish(tmp_path, no_csrf_app):
    client = no_csrf_app.test_client()
    game_id = start_game(client)
    client.post(f"{game_path(client, game_id)}/deals", data=totals_form(1))
    env = {**IN_SPANISH, "SCOREKEEPER_DATABASE": no_csrf_app.config["DATABASE"],
           "SCOREKEEPER_INSTANCE": str(tmp_path / "instance")}
    runner = CliRunner()
    backup = runner.invoke(main, ["backup", str(tmp_path / "copias") + "/"], env=env)
    assert backup.exit_code == 0 and "Copia de seguridad de " in backup.output and " guardada en " in backup.output
    exported = runner.invoke(main, ["export", str(tmp_path / "todo")], env=env)
    assert exported.exit_code == 0 and "1 archivo escrito en" in exported.output
    file = next((tmp_path / "todo").glob("game-*.json"))
    imported = runner.invoke(main, ["import", str(file)], env=env)
    assert imported.exit_code == 0 and " se importó: la partida se abre en /games/" in imported.output
    broken = tmp_path / "roto.json"
    broken.write_text("{}", encoding="utf-8")
    refused = runner.invoke(main, ["import", str(broken)], env=env)
    assert refused.exit_code == 1
    assert "Error: Este archivo no se puede leer como una partida del anotador: no dice en qué formato está." \
        in refused.output
    history = client.get(imported.output.split("se abre en ", 1)[1].split()[0] + "/changes", headers=SPANISH).get_data(as_text=True)
    assert "Partida importada de un archivo" in history and "por el comando scorekeeper" in history
    missing_db = runner.invoke(main, ["backup", str(tmp_path / "b.sqlite")],
                               env={**env, "SCOREKEEPER_DATABASE": str(tmp_path / "nada.sqlite")})
    assert missing_db.exit_code == 1 and "No hay ninguna base de datos en" in missing_db.output


@pytest.mark.slow
def test_a_start_on_a_damaged_database_is_explained_in_spanish(tmp_path):
    path = tmp_path / "club.sqlite"
    path.write_bytes(b"esto no es una base de datos, solo un texto guardado por error" * 100)
    env = {**IN_SPANISH, "SCOREKEEPER_DATABASE": str(path), "PATH": "/usr/bin:/bin"}
    result = subprocess.run([sys.executable, "-m", "scorekeeper.cli", "init-db"], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert result.stderr.startswith(f"Error: No se puede arrancar: la base de datos {path} está dañada"), result.stderr

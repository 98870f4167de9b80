"""The default side names ("We", "They") are read in the reader's language, whoever started the game; a name a
person typed stays exactly as typed, and the stored row keeps the words the form sent."""

from __future__ import annotations

import json
from pathlib import Path

from babel.messages.pofile import read_po

from scorekeeper.db import get_db
from scorekeeper.scorepad.side_names import DEFAULTS

from ..web.scorepad_helpers import option_values, totals_form
from .test_spanish_complete import SPANISH, pdf_text
from tests.recording import game_path, started_id

ROOT = Path(__file__).resolve().parents[2]
ENGLISH = {"Accept-Language": "en"}


def _start(client, we: str, they: str, headers: dict) -> int:
    data = {"rules": "bicycle", "first_dealer": "0", **option_values("bicycle"), "we_name": we, "they_name": they,
            "we_player0": "Ann", "we_player1": "Cy", "they_player0": "Bo", "they_player1": "Di"}
    response = client.post("/games/new", data=data, headers=headers)
    assert response.status_code == 303, response.get_data(as_text=True)
    return started_id(client, response.headers["Location"])


def _stored_names(client, game_id: int) -> list[str]:
    with client.application.app_context():
        row = get_db().execute("SELECT sides FROM games WHERE id = ?", [game_id]).fetchone()
    return [side["name"] for side in json.loads(row[0])]


def test_a_game_started_in_english_with_the_default_names_reads_in_spanish(client):
    game_id = _start(client, "We", "They", ENGLISH)
    scorepad = client.get(f"{game_path(client, game_id)}", headers=SPANISH).get_data(as_text=True)
    assert "Nosotros contra Ellos" in scorepad and "We contra They" not in scorepad
    listing = client.get("/games/", headers=SPANISH).get_data(as_text=True)
    assert "Nosotros contra Ellos" in listing
    client.post(f"{game_path(client, game_id)}/deals", data=totals_form(1, who="Ana"))
    history = client.get(f"{game_path(client, game_id)}/changes", headers=SPANISH).get_data(as_text=True)
    assert "Nosotros contra Ellos" in history
    english = client.get(f"{game_path(client, game_id)}", headers=ENGLISH).get_data(as_text=True)
    assert "We v They" in english
    assert _stored_names(client, game_id) == ["We", "They"]


def test_a_game_started_in_spanish_reads_in_english(client):
    game_id = _start(client, "Nosotros", "Ellos", SPANISH)
    english = client.get(f"{game_path(client, game_id)}", headers=ENGLISH).get_data(as_text=True)
    assert "We v They" in english and "Nosotros" not in english
    pdf = client.get(f"{game_path(client, game_id)}/sheet.pdf", headers=ENGLISH)
    assert pdf.status_code == 200
    sheet = pdf_text(pdf.data)
    assert "We" in sheet and "Nosotros" not in sheet and "Ellos" not in sheet
    assert _stored_names(client, game_id) == ["Nosotros", "Ellos"]


def test_typed_names_stay_as_typed(client):
    game_id = _start(client, "We Two", "Ellas", ENGLISH)
    spanish = client.get(f"{game_path(client, game_id)}", headers=SPANISH).get_data(as_text=True)
    assert "We Two contra Ellas" in spanish


def test_the_default_words_are_the_catalogues_words_for_the_forms_defaults():
    with open(ROOT / "scorekeeper/translations/es/LC_MESSAGES/messages.po", "rb") as handle:
        catalogue = read_po(handle, locale="es")
    for message, words in DEFAULTS.values():
        assert words == {message, catalogue[message].string}

"""Facts below, words on top (docs/DEVELOPING.md, "Languages in the engine, the stores and the pages"): a game
saved from a phone in one language reads entirely in another reader's language, on the scorepad page, its htmx
fragments, the JSON API and the PDF sheet, because the engine and the stores hand up facts (the catalogue's ids
and named values) and the summary cache holds those facts, never one reader's words.

The writer's phone saves three deals: one the engine refuses today (written by an older version, before the melded
floor reached the engine: it counts nothing and is listed among the game's problems), one saved despite a warning
(going out without a canasta) and an ordinary one (two canastas, a red three, cards melded and left in hand). Every
piece of it is read first by the writer, so every cache holds it, then by the other reader.
"""

from __future__ import annotations

import html
import json
import re
import subprocess

import pytest
from babel.support import Translations

from scorekeeper import clock
from scorekeeper.i18n.catalogues import TRANSLATIONS
from scorekeeper.rules import get_profile, parse_deal, score_deal
from scorekeeper.rules.errors import ImpossibleDeal
from scorekeeper.stores.rows import dumps

from ..web.scorepad_helpers import start_game, totals_form
from tests.recording import game_path

CATALOGUES = {"en": Translations.load(str(TRANSLATIONS), ["en"]), "es": Translations.load(str(TRANSLATIONS), ["es"])}
NAMES = {"we": "Us", "they": "Them"}
OLD_DEAL = {"we": {"went_out": True, "canastas": {"natural": 2}, "meld_points": 0}, "they": {"meld_points": 50}}
WARNED = {"we-canasta_natural": "0", "we-canasta_mixed": "0", "we-red_threes": "0", "confirm": "y"}
ORDINARY_API = {"we": {"went_out": True, "canastas": {"natural": 1, "mixed": 1}, "meld_points": 185, "red_threes": 1},
                "they": {"canastas": {"mixed": 1}, "meld_points": 120, "hand_points": 45}}


def facts(*kinds: str) -> list:
    """What the engine says about the game's deals, as facts (``kinds``: "problem", "warning", "label"; all by
    default): shown below in each language."""
    profile = get_profile("bicycle")
    with pytest.raises(ImpossibleDeal) as refused:
        score_deal(profile, *parse_deal({"sides": OLD_DEAL}), names=NAMES)
    warned = score_deal(profile, *parse_deal({"sides": {
        "we": {"went_out": True, "meld_points": 185, "hand_points": 0},
        "they": {"canastas": {"mixed": 1}, "meld_points": 120, "hand_points": 45}}}), names=NAMES)
    ordinary = score_deal(profile, *parse_deal({"sides": ORDINARY_API}), names=NAMES)
    found = {"problem": [refused.value.message], "warning": [w.message for w in warned.warnings],
             "label": [line.label for side in ordinary.sides.values() for line in side.breakdown]}
    return [fact for kind in (kinds or found) for fact in found[kind]]


def words(language: str, *kinds: str) -> set[str]:
    """The facts above in ``language``, but only those that read differently in the other language."""
    other = "es" if language == "en" else "en"
    mine = {fact.render(CATALOGUES[language], language) for fact in facts(*kinds)}
    theirs = {fact.render(CATALOGUES[other], other) for fact in facts(*kinds)}
    return mine - theirs


def flat(text: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", text)).split())


def assert_reads_in(language: str, text: str, where: str) -> None:
    """Every fact ``where`` shows is in ``language`` and none in the other (the PDF shows no warnings; a preview and
    the API score one deal: its lines only)."""
    text = flat(text)
    other = "es" if language == "en" else "en"
    shows = {"PDF": ("problem", "label"), "preview fragment": ("label",), "API": ("label",)}.get(where.split(" for ")[0], ())
    missing = [w for w in words(language, *shows) if " ".join(w.split()) not in text]
    leaked = [w for w in words(other) if " ".join(w.split()) in text]
    assert not missing and not leaked, f"{where}: missing {missing}, in the other language {leaked}"


def phone(app, language: str):
    client = app.test_client()
    assert client.post("/language", data={"language": language, "next": "/"}).status_code == 303
    return client


def stored_before_the_floor(db, game_id: int) -> None:
    """Deal 1 as an older version stored it, before the engine refused it: it counts nothing now."""
    stamp = clock.stamp()
    with db.write():
        db.execute("INSERT INTO deals (game_id, seq, mode, sides, created_at, updated_at) VALUES (?, 1, 'totals', "
                   "?, ?, ?)", [game_id, dumps(OLD_DEAL), stamp, stamp])
        db.execute("UPDATE games SET version = version + 1 WHERE id = ?", [game_id])


def pdf_text(client, game_id: int) -> str:
    response = client.get(f"{game_path(client, game_id)}/sheet.pdf")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    return subprocess.run(["pdftotext", "-", "-"], input=response.data, capture_output=True, check=True).stdout.decode()


def everything(client, game_id: int) -> dict[str, str]:
    """The game as a reader sees it: the page, its htmx fragments, the API's answer and the PDF."""
    htmx = {"HX-Request": "true"}
    preview = client.post(f"{game_path(client, game_id)}/deals/preview", headers=htmx,
                          data={**totals_form(4), "we-hand_points": "0"})
    api = client.post("/api/v1/score/deal", json={"rules": "bicycle", "sides": ORDINARY_API},
                      headers={"Accept-Language": client.language})
    return {
        "scorepad page": client.get(f"{game_path(client, game_id)}").get_data(as_text=True),
        "scorepad fragment": client.get(f"{game_path(client, game_id)}", headers=htmx).get_data(as_text=True),
        "scoreboard poll": client.get(f"{game_path(client, game_id)}/scoreboard?v=1", headers=htmx).get_data(as_text=True),
        "preview fragment": preview.get_data(as_text=True),
        "API": json.dumps(api.get_json(), ensure_ascii=False),
        "PDF": pdf_text(client, game_id),
    }


@pytest.mark.parametrize("writer, reader", [("es", "en"), ("en", "es")])
@pytest.mark.slow
def test_a_game_saved_in_one_language_reads_in_the_readers(no_csrf_app, db, writer, reader):
    writing, reading = phone(no_csrf_app, writer), phone(no_csrf_app, reader)
    writing.language, reading.language = writer, reader
    game_id = start_game(writing)
    stored_before_the_floor(db, game_id)
    assert writing.get(f"{game_path(no_csrf_app, game_id)}").status_code == 200  # the writer's reading is cached
    assert writing.post(f"{game_path(no_csrf_app, game_id)}/deals", data={**totals_form(2), **WARNED}).status_code == 303
    assert writing.post(f"{game_path(no_csrf_app, game_id)}/deals", data={**totals_form(3), "we-hand_points": "0"}).status_code == 303
    for where, text in everything(writing, game_id).items():
        assert_reads_in(writer, text, f"{where} for the writer")
    for where, text in everything(reading, game_id).items():
        assert_reads_in(reader, text, f"{where} for the reader")

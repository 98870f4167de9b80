"""Choosing the language: the phone's Accept-Language, the switch (a cookie), and a game or tournament that fixes
one for every phone at it. Numbers and dates follow the locale's CLDR rules through Babel."""

from __future__ import annotations

import re
from datetime import date

import pytest
from babel.support import Translations

from scorekeeper.stores.games import create_game
from scorekeeper.stores.languages import fix_game_language
from scorekeeper.i18n.catalogues import compile_catalogue, locales
from scorekeeper.db import connect
from scorekeeper.i18n import format_number, format_signed
from tests.tournaments.conftest import create_tournament
from tests.recording import game_path, tournament_path

SIDES = [{"key": "we", "name": "Ann & Cy", "players": ["Ann", "Cy"]},
         {"key": "they", "name": "Bo & Di", "players": ["Bo", "Di"]}]
SPANISH = {"Accept-Language": "es-AR,es;q=0.9,en;q=0.4"}
ENGLISH = {"Accept-Language": "en-GB,en;q=0.9"}


def page_language(response) -> str:
    return re.search(r'<html lang="([^"]+)"', response.get_data(as_text=True)).group(1)


def new_game(app) -> int:
    db = connect(app.config["DATABASE"])
    try:
        return create_game(db, rules="classic", options={}, sides=SIDES)
    finally:
        db.close()


def test_spanish_is_offered_beside_english():
    assert locales() == ["en", "es"]


def test_a_phone_set_to_spanish_gets_spanish_pages(client):
    response = client.get("/", headers=SPANISH)
    assert page_language(response) == "es"
    assert "Anotador de Canasta" in response.get_data(as_text=True)


def test_a_phone_in_a_language_the_app_lacks_gets_english(client):
    response = client.get("/", headers={"Accept-Language": "nl-NL,nl;q=0.9"})
    assert page_language(response) == "en"
    assert "Canasta Scorekeeper" in response.get_data(as_text=True)


def test_the_switch_remembers_the_choice_over_the_phone_language(client):
    response = client.post("/language", data={"language": "es", "next": "/games/?page=2"}, headers=ENGLISH)
    assert response.status_code == 303
    assert response.headers["Location"] == "/games/?page=2"
    assert "language=es" in response.headers["Set-Cookie"]
    assert "Max-Age=31536000" in response.headers["Set-Cookie"]
    assert page_language(client.get("/", headers=ENGLISH)) == "es"
    client.post("/language", data={"language": "en", "next": "/"})
    assert page_language(client.get("/", headers=SPANISH)) == "en"


def test_the_switch_shows_on_every_page_and_marks_the_current_language(client):
    html = client.get("/", headers=SPANISH).get_data(as_text=True)
    switch = re.search(r'<form class="language-switch".*?</form>', html, re.S).group(0)
    assert 'action="/language"' in switch
    assert re.search(r'value="es" lang="es" aria-current="true">Español<', switch)
    assert re.search(r'value="en" lang="en">English<', switch)


@pytest.mark.parametrize("target", ["https://elsewhere.example/x", "//elsewhere.example/x", "javascript:alert(1)", ""])
def test_the_switch_never_sends_a_person_to_another_site(client, target):
    response = client.post("/language", data={"language": "es", "next": target})
    assert response.status_code == 303
    assert response.headers["Location"] == "/"


def test_an_unknown_choice_forgets_the_cookie(client):
    client.post("/language", data={"language": "es", "next": "/"})
    response = client.post("/language", data={"language": "xx", "next": "/"})
    assert "language=;" in response.headers["Set-Cookie"]
    assert page_language(client.get("/", headers=ENGLISH)) == "en"


def test_a_game_that_fixes_spanish_shows_it_on_every_phone(client, no_csrf_app):
    game_id = new_game(no_csrf_app)
    response = client.post(f"{game_path(client, game_id)}/language", data={"language": "es", "next": game_path(client, game_id)})
    assert response.status_code == 303
    other_phone = no_csrf_app.test_client()
    other_phone.post("/language", data={"language": "en", "next": "/"})
    page = other_phone.get(game_path(client, game_id), headers=ENGLISH)
    assert page_language(page) == "es"
    assert "Idioma para todos los teléfonos: Español" in page.get_data(as_text=True)
    # Elsewhere the phone keeps its own choice.
    assert page_language(other_phone.get("/", headers=ENGLISH)) == "en"
    # Unfixing gives each phone its own language back.
    client.post(f"{game_path(client, game_id)}/language", data={"language": "", "next": "/"})
    assert page_language(other_phone.get(game_path(client, game_id), headers=ENGLISH)) == "en"


def test_fixing_a_games_language_is_one_write_of_the_game(client, no_csrf_app):
    """The language a game fixes is one of its changes (docs/DEVELOPING.md, "One write path for a game"): it
    claims the game's version once, so no summary or sheet cached at the old version is served again, and the
    history logs it once."""
    game_id = new_game(no_csrf_app)
    db = connect(no_csrf_app.config["DATABASE"])
    try:
        version = db.execute("SELECT version FROM games WHERE id = ?", [game_id]).fetchone()[0]
        assert client.post(f"{game_path(client, game_id)}/language", data={"language": "es"}).status_code == 303
        after = db.execute("SELECT version FROM games WHERE id = ?", [game_id]).fetchone()[0]
        logged = db.execute("SELECT action, after FROM changes WHERE game_id = ? AND action = 'language'",
                            [game_id]).fetchall()
    finally:
        db.close()
    assert after == version + 1
    assert [tuple(row) for row in logged] == [("language", '{"language":"es"}')]
    history = client.get(f"{game_path(client, game_id)}/changes").get_data(as_text=True)
    assert "Idioma fijado para todos los teléfonos" in history


def test_fixing_the_language_of_a_missing_game_is_404(client):
    assert client.post("/games/999/language", data={"language": "es"}).status_code == 404


def test_only_the_director_fixes_a_tournaments_language(no_csrf_app):
    director = no_csrf_app.test_client()
    tournament_id = create_tournament(director)
    stranger = no_csrf_app.test_client()
    refused = stranger.post(f"{tournament_path(director, tournament_id)}/language", data={"language": "es"})
    assert refused.status_code == 403
    assert page_language(stranger.get(tournament_path(director, tournament_id), headers=ENGLISH)) == "en"
    done = director.post(f"{tournament_path(director, tournament_id)}/language", data={"language": "es"})
    assert done.status_code == 303
    assert page_language(stranger.get(tournament_path(director, tournament_id), headers=ENGLISH)) == "es"


def test_the_api_listens_only_to_accept_language(client):
    client.post("/language", data={"language": "es", "next": "/"})
    with client.application.test_request_context("/api/v1/profiles", headers=ENGLISH):
        from flask import request

        from scorekeeper.i18n import select_locale

        request.cookies = {"language": "es"}
        assert select_locale() == "en"
    with client.application.test_request_context("/api/v1/profiles", headers=SPANISH):
        assert select_locale() == "es"


@pytest.mark.parametrize(("value", "english", "spanish"), [
    (8500, "8,500", "8500"),
    (10000, "10,000", "10.000"),
    (-12000, "-12,000", "-12.000"),
    (-5000, "-5,000", "-5000"),
    (999, "999", "999"),
    (123456, "123,456", "123.456"),
])
def test_numbers_follow_each_locales_cldr_grouping(value, english, spanish):
    """CLDR: Spanish leaves four-digit numbers ungrouped (minimumGroupingDigits 2) and groups with a full stop."""
    assert format_number(value, "en") == english
    assert format_number(value, "es") == spanish


def test_a_score_change_carries_its_sign():
    assert format_signed(10500, "es") == "+10.500"
    assert format_signed(-100, "es") == "-100"
    assert format_signed(0, "en") == "0"


def test_dates_are_written_as_each_locale_writes_them(no_csrf_app):
    template = "{{ '2026-11-23T18:05:00+00:00'|date }} · {{ day|date('long') }}"
    with no_csrf_app.test_request_context("/", headers=SPANISH):
        from flask import render_template_string

        assert render_template_string(template, day=date(2026, 3, 1)) == "23 nov 2026 · 1 de marzo de 2026"
    with no_csrf_app.test_request_context("/", headers=ENGLISH):
        assert render_template_string(template, day=date(2026, 3, 1)) == "Nov 23, 2026 · March 1, 2026"


def test_a_fuzzy_translation_is_never_compiled(tmp_path):
    """A guess Babel made when an English text changed shows the English until a person checks it."""
    folder = tmp_path / "es" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    po = folder / "messages.po"
    po.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n\n'
                  'msgid "Deal"\nmsgstr "Mano"\n\n#, fuzzy\nmsgid "Deals"\nmsgstr "Manos"\n', encoding="utf-8")
    compile_catalogue(po)
    translations = Translations.load(str(tmp_path), ["es"])
    assert translations.gettext("Deal") == "Mano"
    assert translations.gettext("Deals") == "Deals"


def test_a_game_and_a_tournament_can_hold_a_language(db):
    assert "language" in db.columns("games")
    assert "language" in db.columns("tournaments")


def test_the_history_says_when_a_game_stops_fixing_its_language(client, no_csrf_app):
    """Fixing a language and leaving it to each phone again are two different changes in the history: the
    second must not read 'Language fixed for every phone' as well."""
    game_id = new_game(no_csrf_app)
    assert client.post(f"{game_path(client, game_id)}/language", data={"language": "es"}).status_code == 303
    assert client.post(f"{game_path(client, game_id)}/language", data={"language": ""}).status_code == 303
    history = client.get(f"{game_path(client, game_id)}/changes", headers=ENGLISH).get_data(as_text=True)
    assert history.count("Language fixed for every phone") == 1
    assert "Language left to each phone" in history


def test_a_language_fixed_while_another_phone_saves_waits_for_it(no_csrf_app):
    """A game's language is fixed while another connection is writing to the game: the fix waits for the write
    lock and is written on the version that write left, instead of failing with 'database is locked'."""
    import threading

    game_id = new_game(no_csrf_app)
    path = no_csrf_app.config["DATABASE"]
    writer, fixer = connect(path), connect(path)
    failed = []

    def fix():
        try:
            fix_game_language(fixer, game_id, "es")
        except Exception as error:  # noqa: BLE001 - the test reports it
            failed.append(error)

    try:
        thread = threading.Thread(target=fix)
        with writer.write(game=game_id):
            writer.execute("UPDATE games SET version = version + 1 WHERE id = ?", [game_id])
            thread.start()
            thread.join(0.5)  # the fix waits for the lock
            assert thread.is_alive()
        thread.join(15)
        assert failed == []
        row = writer.execute("SELECT version, language FROM games WHERE id = ?", [game_id]).fetchone()
        assert tuple(row) == (3, "es")
    finally:
        writer.close()
        fixer.close()

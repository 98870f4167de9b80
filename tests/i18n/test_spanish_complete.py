"""Spanish, complete: every page, fragment, error and PDF rendered in Spanish asks the catalogue only for messages
it holds (a message missing or still fuzzy fails, with its text), and shows no English of its own."""

from __future__ import annotations

import re

import pytest
from flask_babel import Domain, get_locale

from scorekeeper.stores.games import create_game
from scorekeeper.db import connect
from scorekeeper.rules import PROFILES
from tests.tournaments.conftest import create_tournament, enter
from tests.recording import game_path, tournament_path

SPANISH = {"Accept-Language": "es-ES,es;q=0.9"}
SIDES = [{"key": "we", "name": "Ana y Ciro", "players": ["Ana", "Ciro"]},
         {"key": "they", "name": "Beto y Dora", "players": ["Beto", "Dora"]}]
#: Words that only English sentences hold: one of them in a Spanish page is English left behind.
ENGLISH_ONLY = re.compile(r"\b(the|and|with|of|is|are|must|may|this|that|your|their|from|has|have|was|will|"
                          r"meld|melds|deal|deals|side|sides|pile|cards|points|wild|went|out)\b", re.I)


class Recorder:
    """A catalogue that notes every message it does not hold (missing, or fuzzy and so never compiled)."""

    def __init__(self, translations, missing: set):
        self.translations, self.missing = translations, missing

    def _holds(self, key) -> bool:
        return key in self.translations._catalog

    def gettext(self, message):
        if message and not self._holds(message):
            self.missing.add(message)
        return self.translations.gettext(message)

    ugettext = gettext

    def ngettext(self, singular, plural, n):
        if not self._holds((singular, 0)):
            self.missing.add(singular)
        return self.translations.ngettext(singular, plural, n)

    ungettext = ngettext

    def __getattr__(self, name):
        return getattr(self.translations, name)


@pytest.fixture
def missing(monkeypatch):
    found: set[str] = set()
    original = Domain.get_translations

    def recording(self):
        translations = original(self)
        if str(get_locale()) == "en":  # English is the source: it needs no catalogue
            return translations
        return Recorder(translations, found)

    monkeypatch.setattr(Domain, "get_translations", recording)
    return found


def visible_text(html: str) -> str:
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    # A citation names a club's document by its own title and heading, in the document's language; so does the
    # title of a published page (<cite>, the family's pages on the rules pages).
    html = re.sub(r'<span class="source">.*?</span>|<cite\b.*?</cite>', " ", html, flags=re.S)
    html = re.sub(r"<[^>]+>", " ", html)
    return " ".join(html.split())


def english_left(text: str, allowed: set[str]) -> list[str]:
    return sorted({w.lower() for w in ENGLISH_ONLY.findall(text)} - allowed)


def new_game(app, rules: str = "classic") -> int:
    db = connect(app.config["DATABASE"])
    try:
        return create_game(db, rules=rules, options={}, sides=SIDES)
    finally:
        db.close()


def deal_form(version: int, we: dict | None = None, they: dict | None = None) -> dict:
    data = {"version": str(version), "mode": "totals"}
    for key, side in (("we", we or {}), ("they", they or {})):
        for name, value in {"went_out": "no", "red_threes": "0", "meld_points": "0", "hand_points": "0", **side}.items():
            data[f"{key}-{name}"] = str(value)
    return data


class Walk:
    """Fetches pages in Spanish and gathers every message missing from the catalogue and every English word."""

    def __init__(self, client, missing: set, allowed=()):
        self.client, self.missing, self.allowed = client, missing, set(allowed)
        self.english: dict[str, list[str]] = {}

    def visit(self, url: str, method: str = "get", status: int | tuple = 200, **kwargs):
        response = getattr(self.client, method)(url, headers={**SPANISH, **kwargs.pop("headers", {})}, **kwargs)
        expected = status if isinstance(status, tuple) else (status,)
        assert response.status_code in expected, (url, response.status_code, response.get_data(as_text=True)[:500])
        if 300 <= response.status_code < 400:
            return response  # a redirect's own body is never shown
        if response.mimetype == "application/pdf":
            text = pdf_text(response.data)
        elif response.mimetype in ("text/html", "text/plain"):
            text = visible_text(response.get_data(as_text=True))
        else:
            return response
        left = english_left(text, self.allowed)
        if left:
            self.english[f"{method.upper()} {url}"] = left
        return response

    def check(self, english: bool = True):
        missing = "\n".join(sorted(self.missing))
        assert not self.missing, f"messages missing from the Spanish catalogue (or fuzzy):\n{missing}"
        if english:
            lines = "\n".join(f"{page}: {' '.join(words)}" for page, words in self.english.items())
            assert not self.english, f"English words on Spanish pages:\n{lines}"


def pdf_text(pdf: bytes) -> str:
    import subprocess

    return subprocess.run(["pdftotext", "-layout", "-", "-"], input=pdf, capture_output=True, check=True).stdout.decode()


@pytest.fixture
def walk(client, missing):
    return Walk(client, missing)


def test_home_and_error_pages_speak_spanish(walk):
    walk.visit("/")
    walk.visit("/manifest.webmanifest")
    walk.visit("/no-such-page", status=404)
    walk.visit("/games/999", status=404)
    walk.visit("/", method="post", status=405)
    walk.visit("/games/", headers={"HX-Request": "true"})
    walk.check()


def test_games_deals_and_the_scorepad_speak_spanish(walk, no_csrf_app):
    game_id = new_game(no_csrf_app)
    walk.visit("/games/")
    for rules in PROFILES:
        walk.visit(f"/games/new?rules={rules}")
    walk.visit("/games/new", method="post", data={"rules": "classic", "we_name": ""}, status=422)
    walk.visit(game_path(no_csrf_app, game_id))
    walk.visit(game_path(no_csrf_app, game_id), method="post", status=405)
    walk.visit(f"{game_path(no_csrf_app, game_id)}/deals", method="post", data=deal_form(1, {"meld_points": "abc"}), status=422)
    walk.visit(f"{game_path(no_csrf_app, game_id)}/deals/preview", method="post",
               data=deal_form(1, {"went_out": "yes", "canasta_natural": "2", "meld_points": "400"}),
               headers={"HX-Request": "true"})
    walk.visit(f"{game_path(no_csrf_app, game_id)}/deals", method="post",
               data=deal_form(1, {"went_out": "yes", "canasta_natural": "1", "meld_points": "185"},
                              {"meld_points": "75", "hand_points": "40"}), status=(200, 303))
    walk.visit(game_path(no_csrf_app, game_id))
    walk.visit(f"{game_path(no_csrf_app, game_id)}/scoreboard")
    walk.visit(f"{game_path(no_csrf_app, game_id)}/changes")
    walk.visit(f"{game_path(no_csrf_app, game_id)}/delete")
    db = connect(no_csrf_app.config["DATABASE"])
    deal_id = db.execute("SELECT id FROM deals WHERE game_id = ?", [game_id]).fetchone()[0]
    db.close()
    walk.visit(f"{game_path(no_csrf_app, game_id)}/deals/{deal_id}/edit")
    walk.visit(f"{game_path(no_csrf_app, game_id)}/deals/{deal_id}/delete")
    walk.visit(f"{game_path(no_csrf_app, game_id)}/sheet.pdf")
    walk.check()


def test_the_referee_speaks_spanish(walk):
    walk.visit("/referee/")
    for rules in PROFILES:
        walk.visit(f"/referee/?rules={rules}&score=3000")
        for question in ("meld", "pile", "go-out"):
            walk.visit(f"/referee/{question}?rules={rules}&score=3000")
        walk.visit("/referee/meld", method="post", data={"rules": rules, "melds-0": "K K 2 2 2", "score": "0"},
                   status=(200, 422), headers={"HX-Request": "true"})
        walk.visit("/referee/pile", method="post", data={"rules": rules, "top": "7", "uses": "7 2", "frozen": "1"},
                   status=(200, 422), headers={"HX-Request": "true"})
        walk.visit("/referee/go-out", method="post", data={"rules": rules, "melds-0": "Q Q Q", "discard": "3H"},
                   status=(200, 422), headers={"HX-Request": "true"})
        walk.visit("/referee/meld", method="post", data={"rules": rules, "score": "lots"}, status=422)
    walk.check()


def test_the_rules_pages_speak_spanish(walk):
    """The five rule sets in full, with club options switched, and their comparison: every sentence from the
    catalogue (the citations' own titles and headings stay as the documents write them)."""
    walk.visit("/referee/rules")
    for rules in PROFILES:
        walk.visit(f"/referee/rules/{rules}")
    walk.visit("/referee/rules/yahoo?opt.canastas_to_go_out=2&opt.players=2&opt.draw=2")
    walk.visit("/referee/rules/silhill?opt.wild_ratio=not_more_wilds&opt.red_three_freezes_pile=yes"
               "&opt.opening_per_player=yes&opt.individual_scoring=yes")
    walk.visit("/referee/rules/modern-american?opt.rule_of_five=yes&opt.melds_count_minus_without_canasta=no")
    walk.visit("/referee/rules/bicycle?opt.wilds_may_exceed_naturals=no&opt.pile_frozen_until_opened=no"
               "&opt.target=3000")
    walk.visit("/referee/rules/classic?opt.target=7", status=400)
    walk.visit("/referee/rules/classic?opt.colour=red", status=400)
    walk.visit("/referee/rules/nobody", status=404)
    walk.check()


@pytest.mark.slow
def test_paper_sheets_speak_spanish(walk):
    walk.visit("/sheets/")
    for rules in PROFILES:
        walk.visit(f"/sheets/blank.pdf?rules={rules}")
    walk.visit("/sheets/blank.pdf?rules=classic&paper=legal", status=400)
    walk.check()


@pytest.mark.slow
def test_tournaments_speak_spanish(walk, client):
    walk.visit("/tournaments/")
    walk.visit("/tournaments/new")
    walk.visit("/tournaments/join?code=ZZZZ", status=(404, 422))
    tournament_id = create_tournament(client)
    for names in (("Ana",), ("Beto",), ("Ciro",), ("Dora",), ("Eva",)):
        enter(client, tournament_id, *names)
    client.get("/")  # the English flashes of the set-up are shown there
    walk.visit(tournament_path(client, tournament_id))
    walk.visit(f"{tournament_path(client, tournament_id)}/rounds", method="post", status=(200, 303))
    walk.visit(tournament_path(client, tournament_id))
    walk.visit(f"{tournament_path(client, tournament_id)}/round/1")
    walk.visit(f"{tournament_path(client, tournament_id)}/standings")
    walk.visit(f"{tournament_path(client, tournament_id)}/log")
    walk.visit(f"{tournament_path(client, tournament_id)}/round/1/cards.pdf")
    walk.visit(f"{tournament_path(client, tournament_id)}/results.pdf")
    db = connect(client.application.config["DATABASE"])
    token, table_id = db.execute("SELECT token, id FROM tournament_tables WHERE tournament_id = ?",
                                 [tournament_id]).fetchone()
    entry_id = db.execute("SELECT id FROM tournament_entries WHERE tournament_id = ?", [tournament_id]).fetchone()[0]
    db.close()
    walk.visit(f"/tournaments/table/{token}")
    walk.visit(f"/tournaments/table/{token}/status")
    walk.visit(f"{tournament_path(client, tournament_id)}/tables/{table_id}/result")
    walk.visit(f"{tournament_path(client, tournament_id)}/players/{entry_id}")
    walk.visit(f"{tournament_path(client, tournament_id)}/round/1/close", method="post", status=(200, 303))
    walk.visit(f"{tournament_path(client, tournament_id)}/standings")
    walk.visit(f"{tournament_path(client, tournament_id)}/login")
    walk.check()


def test_the_spanish_catalogue_translates_every_message_it_holds():
    """After `make messages` (part of `make test`) the catalogue holds every text of the app: none may be left
    untranslated or fuzzy (a guess Babel made when an English text changed)."""
    from babel.messages.pofile import read_po

    from scorekeeper.i18n.catalogues import catalogue_files

    for po in catalogue_files():
        with po.open("rb") as source:
            catalogue = read_po(source)
        untranslated = [m.id for m in catalogue if m.id and (not m.string or (isinstance(m.string, tuple)
                                                                              and not all(m.string)))]
        fuzzy = [m.id for m in catalogue if m.id and m.fuzzy]
        assert untranslated == [] and fuzzy == [], f"{po}: untranslated {untranslated}, fuzzy {fuzzy}"

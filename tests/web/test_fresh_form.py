"""The next deal's empty form is rendered once per game setup, mode and language and filled in with what changes
(web/fresh_form.py, issue 22): a form of another game, mode or language is never served from the cache, what
changes from deal to deal is always current, and the session cookie is not signed again at every request."""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone

import pytest

from scorekeeper import clock
from scorekeeper.rules import PROFILES

from tests.recording import game_path, started_id

from .scorepad_helpers import option_values, start_game, totals_form

FORM = re.compile(r'<form id="deal-form".*?</form>', re.S)
CSRF = re.compile(r'name="csrf_token" value="[^"]*"')  # signed with the second it was made


def deal_form_html(client, game_id: int, language: str = "en", mode: str = "totals") -> str:
    response = client.get(f"{game_path(client, game_id)}?mode={mode}", headers={"Accept-Language": language})
    assert response.status_code == 200
    return CSRF.sub("", FORM.search(response.get_data(as_text=True)).group(0))


def uncached(app, render):
    """What ``render()`` gives with the fields' cache empty."""
    app.extensions.pop("fresh_deal_fields", None)
    return render()


def start(client, rules: str, we: str = "Us", they: str = "Them") -> int:
    profile = PROFILES[rules]
    data = {"rules": rules, "first_dealer": "0", **option_values(rules),
            "we_name": we, "they_name": they, "we_player0": "Ann", "we_player1": "Cy",
            "they_player0": "Bo", "they_player1": "Di"}
    response = client.post("/games/new", data=data)
    assert response.status_code == 303, (profile.id, response.get_data(as_text=True)[:300])
    return started_id(client, response.headers["Location"])


@pytest.mark.slow
def test_a_cached_form_is_exactly_the_form_rendered_afresh_for_every_profile_mode_and_language(no_csrf_app):
    """Games of every profile, with side names of their own, asked in turn in both modes and both languages:
    each form served while the cache holds the others' is byte for byte the one rendered with an empty cache."""
    client = no_csrf_app.test_client()
    games = [start(client, rules, we=f"North {rules}", they=f"South {rules}") for rules in PROFILES]
    asks = [(game, language, mode) for language in ("en", "es") for mode in ("totals", "cards") for game in games]
    for game, language, mode in asks:
        deal_form_html(client, game, language, mode)  # fill the cache with every setup
    for game, language, mode in asks:
        warm = deal_form_html(client, game, language, mode)
        assert warm == uncached(no_csrf_app, lambda: deal_form_html(client, game, language, mode))


def test_games_of_one_setup_share_one_entry_and_each_previews_at_its_own_address(no_csrf_app):
    """Issue 32: the cache is keyed by the empty form itself (its class, made once per setup), not by a list of the
    template's inputs that named the game's address: two games of one setup share one entry, a third with other
    names has its own, and each form asks for its preview at its own game's address."""
    client = no_csrf_app.test_client()
    first, second = start(client, "bicycle"), start(client, "bicycle")
    other = start(client, "bicycle", we="Ellas", they="Ellos")
    no_csrf_app.extensions.pop("fresh_deal_fields", None)
    forms = {game: deal_form_html(client, game) for game in (first, second, other)}
    assert len(no_csrf_app.extensions["fresh_deal_fields"]) == 2
    for game, html in forms.items():
        previews = set(re.findall(r'hx-post="([^"]*/preview)"', html))
        assert previews == {f"{game_path(client, game)}/deals/preview"}
        assert html == uncached(no_csrf_app, lambda: deal_form_html(client, game))


def test_the_next_form_after_a_save_speaks_the_readers_language_and_counts_on(no_csrf_app):
    client = no_csrf_app.test_client()
    game_id = start_game(client, target=99_000)
    deal_form_html(client, game_id, "en")  # the English fields are cached
    for number, language in enumerate(["es", "en", "es"], start=1):
        response = client.post(f"{game_path(client, game_id)}/deals",
                               data={**totals_form(number), "board_version": str(number)},
                               headers={"HX-Request": "true", "Accept-Language": language})
        assert response.status_code == 200
        form = FORM.search(response.get_data(as_text=True)).group(0)
        assert f'name="deal_number" value="{number + 1}"' in form
        assert f'name="version" type="hidden" value="{number + 1}"' in form or \
               f'value="{number + 1}"' in re.search(r'<input[^>]*name="version"[^>]*>', form).group(0)
        if language == "es":
            assert "Puntos de cartas bajadas" in form or "Canastas" in form
            assert "Card points melded" not in form and "Red threes" not in form
        else:
            assert "Card points melded" in form and "Red threes" in form


def test_a_form_with_messages_is_never_the_cached_empty_one(no_csrf_app):
    client = no_csrf_app.test_client()
    game_id = start_game(client, target=99_000)
    deal_form_html(client, game_id)
    response = client.post(f"{game_path(client, game_id)}/deals", data=totals_form(1, **{"we-meld_points": "many"}),
                           headers={"HX-Request": "true"})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert 'id="we-meld_points-error"' in page and 'value="many"' in page
    assert 'value="many"' not in deal_form_html(client, game_id)  # and the cached empty form stays empty


@pytest.mark.parametrize("path", ["/games/new", "/"])
def test_the_session_cookie_is_signed_again_only_when_it_changes_or_once_a_day(no_csrf_app, monkeypatch, path):
    client = no_csrf_app.test_client()
    assert client.get(path).headers.getlist("Set-Cookie")  # a new phone gets its session
    assert not client.get(path).headers.getlist("Set-Cookie")  # the same day: not signed again
    tomorrow = datetime.now(timezone.utc) + timedelta(days=1)
    monkeypatch.setattr(clock, "now", lambda: tomorrow)
    cookie = client.get(path).headers.getlist("Set-Cookie")
    assert cookie and "Expires=" in cookie[0]  # its 30 days count again from the day it was used
    assert not client.get(path).headers.getlist("Set-Cookie")


def test_the_catalogue_kept_for_a_request_still_follows_a_change_of_language_within_it(no_csrf_app):
    """The request's catalogue is looked up once (i18n.RequestDomain), and Flask-Babel's own ways of changing the
    language within a request (force_locale, refresh after the choice changed) are still obeyed."""
    from flask_babel import force_locale, gettext, refresh

    with no_csrf_app.test_request_context("/", headers={"Accept-Language": "es"}):
        assert gettext("Save deal") != "Save deal"
        spanish = gettext("Save deal")
        with force_locale("en"):
            assert gettext("Save deal") == "Save deal"
        assert gettext("Save deal") == spanish
        with force_locale("en"):
            refresh()  # as the language switch does once a choice is made: the language is chosen again
            assert gettext("Save deal") == "Save deal"
        assert gettext("Save deal") == spanish

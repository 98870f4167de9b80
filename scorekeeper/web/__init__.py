"""The hypermedia side of the app: blueprints, security headers, error pages."""

from __future__ import annotations

from functools import lru_cache
from importlib import import_module

from flask import Flask, current_app, request, session
from scorekeeper.rules.i18n import _, ngettext
from flask_wtf.csrf import CSRFError, CSRFProtect
from werkzeug.exceptions import HTTPException
from werkzeug.routing import IntegerConverter

from . import devices, hosts, limits, trouble
from .. import clock
from .errors import error_response
from .kind_words import canasta_kind_name
from .scorepad import next_deal_head
from .wording import citation, document_title
from scorekeeper.rules import PROFILES
from scorekeeper.rules.cards import format_cards
from scorekeeper.rules.i18n import N_, current_reading, using
from scorekeeper.web.forms import option_value_name

csrf = CSRFProtect()

#: Every blueprint of the app, by module. Each module exposes ``bp``.
BLUEPRINTS = [
    "scorekeeper.web.home",
    "scorekeeper.web.language",
    "scorekeeper.web.games",
    "scorekeeper.web.rule_sets",
    "scorekeeper.web.bin",
    "scorekeeper.web.transfer",
    "scorekeeper.web.deals",
    "scorekeeper.api",
    "scorekeeper.web.sheets",
    "scorekeeper.web.referee",
    "scorekeeper.web.tournaments",
    "scorekeeper.web.clubs",
    "scorekeeper.web.directors",
    "scorekeeper.web.evenings",
    "scorekeeper.web.club_tables",
    "scorekeeper.web.players",
    "scorekeeper.web.seasons",
    "scorekeeper.web.results",
]

#: The policy every page is served under: no inline script or style, nothing from elsewhere.
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
        "base-uri 'self'",
        "object-src 'none'",
    ]
)


#: The texts the page's scripts (static/js) write, by English text (``N_``: marked for the catalogue, translated
#: per page into the page-words meta).
SCRIPT_TEXTS = (
    N_("The app could not accept that. Reload the page and try again."),
    N_("That no longer exists. Reload the page."),
    N_("Can't reach the scorekeeper. The scores shown may be out of date; they catch up by themselves "
       "when the phone is back on the Wi-Fi."),
    N_("Can't reach the scorekeeper, so this was not saved. Check the phone's Wi-Fi, then try again."),
    N_("The scorekeeper took too long to answer. Try again."),
    N_("No cards yet: tap here, then tap cards"), N_("No cards chosen yet"), N_("Next meld: tap its cards"),
    N_("Ace"), N_("King"), N_("Queen"), N_("Jack"), N_("Ten"), N_("Nine"), N_("Eight"), N_("Seven"), N_("Six"),
    N_("Five"), N_("Four"), N_("Two"), N_("Joker"), N_("Red three"), N_("Black three"),
    N_("Spades"), N_("Hearts"), N_("Diamonds"), N_("Clubs"),
    N_("Offline: can't reach the scorekeeper. New deals are kept on this phone."),
    N_("Deal"), N_("not sent yet, kept on this phone"), N_("Send it anyway"), N_("Discard it"),
    N_("This phone could not keep the deal (its storage is full). Write it down and enter it again later."),
    N_("Can't reach the scorekeeper: the deal is kept on this phone and will be sent when the connection returns."),
    N_("someone else saved a change to this game first."),
    N_("The deals kept on this phone have been sent."), N_("Some deals kept on this phone were sent."),
    N_("Can't reach the scorekeeper, so that was not done. Try again once the phone is back on the Wi-Fi."),
)


def page_words() -> dict[str, str]:
    """The words the page's scripts write (static/js), in the page's language, keyed by their English text: the
    same on every page of a language, so written once per catalogue (a shared dict: read it, never change it)."""
    return _page_words(*current_reading())


@lru_cache(maxsize=16)
def _page_words(translations: object, locale: str) -> dict[str, str]:
    with using(translations, locale):
        return {key: str(text) for key, text in _script_words().items()}


def _script_words() -> dict:
    words = {text: _(text) for text in SCRIPT_TEXTS}
    words["problem"] = _("The app hit a problem (%(status)s). Nothing was saved; try again.", status="{status}")
    words["retrying"] = _("The scorekeeper could not answer just now (%(status)s). It will try again by itself.",
                          status="{status}")
    words["refused"] = _("the scorekeeper refused it (%(status)s).", status="{status}")
    words["not sent"] = _("not sent: %(reason)s", reason="{reason}")
    words["remove"] = _("Remove %(card)s", card="{card}")
    # A plural for scripts: the forms for one and for two, with {n} where the number goes.
    for n, form in ((1, "one"), (2, "other")):
        words[f"card.{form}"] = ngettext("%(num)d card", "%(num)d cards", n).replace(str(n), "{n}", 1)
        words[f"meld.{form}"] = ngettext("%(num)d meld, ", "%(num)d melds, ", n).replace(str(n), "{n}", 1)
    return words


def page_waits() -> dict[str, int]:
    """The app's waits (REQUEST_TIMEOUT, SAVE_TIMEOUT, RESEND_INTERVAL, in seconds) in milliseconds, as the page's
    scripts take them: htmx's time limit for every request (templates/base.html) and static/js/offline.js's."""
    config = current_app.config
    return {name: round(float(config[key]) * 1000) for name, key in (
        ("request", "REQUEST_TIMEOUT"), ("save", "SAVE_TIMEOUT"), ("resend", "RESEND_INTERVAL"))}


class RowIdConverter(IntegerConverter):
    """``<int:...>`` in every route: a whole number SQLite can hold as a row id, or the route does not match (404).

    Werkzeug's own converter takes any length of digits, and SQLite refuses a number past 64 bits with an error.
    """

    def __init__(self, map, *args, **kwargs):
        kwargs.setdefault("max", 2**63 - 1)
        super().__init__(map, *args, **kwargs)


def init_app(app: Flask) -> None:
    devices.init_app(app)  # the link converters, before any route uses them
    hosts.init_app(app)
    trouble.init_app(app)
    app.before_request(limits.larger_body)  # before the CSRF check reads the form
    csrf.init_app(app)
    app.url_map.converters["int"] = RowIdConverter
    for name in BLUEPRINTS:
        module = import_module(name)
        app.register_blueprint(module.bp)
        if getattr(module, "CSRF_EXEMPT", False):
            csrf.exempt(module.bp)

    @app.before_request
    def keep_session():
        # Keep the cookie (and its CSRF token) across a phone's browser restarts. The cookie is written when the
        # session changes, and on a phone's first request of a day (SESSION_REFRESH_EACH_REQUEST is off), so
        # its 400 days count from the last day it was used without re-signing the cookie at every save.
        if not session.permanent:  # setting it marks the session changed
            session.permanent = True
        today = clock.now().date().toordinal()
        if session and session.get("day") != today:
            session["day"] = today

    @app.context_processor
    def page_helpers():
        def has_endpoint(name: str) -> bool:
            return name in app.view_functions

        return {"has_endpoint": has_endpoint, "option_value_name": option_value_name,
                "canasta_kind_name": canasta_kind_name, "page_words": page_words, "page_waits": page_waits,
                "citation": citation,
                "document_title": document_title}

    app.jinja_env.globals["next_deal_head"] = next_deal_head  # deals/_next_deal.html, once per request

    @app.template_filter("cards")
    def cards(cards) -> str:
        """Cards as people read them, each suit as its symbol: ``7♥ 8♥ 9♥`` (docs/GLOSSARY_ES.md, cards)."""
        return format_cards(cards, symbols=True)

    @app.template_filter("cite")
    def cite(source: str) -> str:
        """A rule's source as players read it: "bicycle: Melds" becomes the document's title and heading."""

        return citation(PROFILES.get(str(source).split(":", 1)[0]), source)

    @app.after_request
    def security_headers(response):
        response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "same-origin")
        return response

    _register_error_handlers(app)


def _register_error_handlers(app: Flask) -> None:
    """A refused token, an HTTP error and an unexpected one each answer in plain words (page, JSON or text)."""

    @app.errorhandler(CSRFError)
    def csrf_refused(error: CSRFError):
        return error_response(
            400,
            _("This page's security token was refused (it may have been open in another session). "
              "Reload the page and enter it again."),
            code="request.csrf",
        )

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException):
        return error_response(error.code or 500)

    @app.errorhandler(Exception)
    def unexpected_error(error: Exception):
        app.logger.exception("Unexpected error on %s %s", request.method, request.path)
        return error_response(500)

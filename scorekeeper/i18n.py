"""Languages: which one a request is answered in, and numbers and dates written the way its readers write them.

Flask-Babel does the work (``docs/DEVELOPING.md`` says why); this module chooses the locale and adds the helpers
every template and view shares:

- The locale, first that applies: the language a game or tournament has fixed (every phone at its table sees
  the same words, and its PDFs print in it); the language a person chose with the switch (the ``language``
  cookie); the phone's ``Accept-Language``; English. The JSON API listens only to ``Accept-Language``.
- ``format_number(n)`` / ``|number``: a whole number by the locale's CLDR rules, ``8,500`` in English, ``8500``
  and ``10.000`` in Spanish. ``|signed`` adds a ``+`` to positive numbers. ``|date`` writes an ISO date (or the
  date part of a timestamp) as the locale writes dates; ``|datetime`` a timestamp with its time.
- In templates: ``_('...')``, ``ngettext('%(num)d deal', '%(num)d deals', n)`` and ``{% trans %}`` blocks.
  In Python: ``from flask_babel import gettext as _, ngettext, lazy_gettext``.
"""

from __future__ import annotations

from datetime import date, datetime
from functools import cache

from babel import Locale
from flask import Flask, g, has_request_context, request
from flask_babel import Babel, get_locale, get_translations
from flask_babel import format_date as babel_format_date
from flask_babel import format_datetime as babel_format_datetime

from .catalogues import SOURCE_LOCALE, TRANSLATIONS, locales
from .rules import i18n as rules_i18n

babel = Babel()

#: The cookie that remembers the language a person chose with the switch.
COOKIE = "language"



@cache
def available() -> tuple[str, ...]:
    """The locales the app speaks (English plus every catalogue under ``scorekeeper/translations/``)."""
    return tuple(locales())


def language_names() -> list[tuple[str, str]]:
    """(locale, its own name for itself), for the language switch: ("en", "English"), ("es", "Español")."""
    return [(code, _own_name(code)) for code in available()]


@cache
def _own_name(code: str) -> str:
    name = Locale.parse(code).get_display_name(code) or code
    return name[:1].upper() + name[1:]


def supported(value: str | None) -> str | None:
    """``value`` if it names a language the app speaks, else None (for cookies, forms and stored choices)."""
    return value if value in available() else None


def browser_language() -> str:
    """The best of the app's languages for the request's ``Accept-Language`` ("es-AR" finds "es")."""
    return request.accept_languages.best_match(available(), default=SOURCE_LOCALE)


def fixed_language() -> str | None:
    """The language the game or tournament of this request has fixed, if any (set by ``web.language``)."""
    return g.get("fixed_language")


def select_locale() -> str:
    if not has_request_context():
        return SOURCE_LOCALE
    if request.path.startswith("/api/"):
        return browser_language()
    return fixed_language() or supported(request.cookies.get(COOKIE)) or browser_language()


def current_locale() -> str:
    """The locale of the current request ("en" outside one)."""
    locale = get_locale()
    return str(locale) if locale is not None else SOURCE_LOCALE


def format_number(value: int | float, locale: str | None = None) -> str:
    """A number written by the locale's rules: 8,500 / 10,000 in English, 8500 / 10.000 in Spanish (CLDR's
    minimum grouping digits, applied by ``rules.i18n.number``)."""
    return rules_i18n.number(value, locale or current_locale())


def format_signed(value: int, locale: str | None = None) -> str:
    """A score change: +500, -100, 0, with the locale's digits and grouping."""
    return rules_i18n.signed(value, locale or current_locale())


def _request_translations():
    return get_translations() if has_request_context() else None


def _as_datetime(value: str | date | datetime) -> datetime | date:
    if isinstance(value, str):
        return datetime.fromisoformat(value.replace("Z", "+00:00"))
    return value


def format_day(value: str | date | datetime | None, format: str = "medium") -> str:
    """A date as the locale writes it: "23 Nov 2026" / "23 nov 2026" ("long": "23 de noviembre de 2026")."""
    if not value:
        return ""
    moment = _as_datetime(value)
    day = moment.date() if isinstance(moment, datetime) else moment
    return babel_format_date(day, format)


def format_moment(value: str | datetime | None, format: str = "short") -> str:
    """A timestamp with its time, in the locale's way (times are stored in UTC and shown in UTC)."""
    if not value:
        return ""
    moment = _as_datetime(value)
    if isinstance(moment, datetime) and moment.tzinfo is not None:
        moment = moment.replace(tzinfo=None)
    return babel_format_datetime(moment, format)


def init_app(app: Flask) -> None:
    app.config.setdefault("BABEL_DEFAULT_LOCALE", SOURCE_LOCALE)
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(TRANSLATIONS))
    babel.init_app(app, locale_selector=select_locale)
    # The engine writes its messages in the request's language (and in English outside a request).
    rules_i18n.install(_request_translations, current_locale)
    # {% trans %} blocks fold their whitespace, so a block wrapped over lines is one message (babel.cfg agrees).
    app.jinja_env.policies["ext.i18n.trimmed"] = True
    app.jinja_env.filters.update(number=format_number, signed=format_signed, date=format_day, datetime=format_moment)

    @app.context_processor
    def language_helpers():
        return {"current_locale": current_locale, "language_names": language_names, "fixed_language": fixed_language}


__all__ = ["COOKIE", "available", "babel", "current_locale", "format_day", "format_moment",
           "format_number", "format_signed", "init_app", "language_names", "supported"]

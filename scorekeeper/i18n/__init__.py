"""Languages: which one a request is answered in, and numbers and dates written the way its readers write them.

Flask-Babel does the work (``docs/DEVELOPING.md`` says why); this module chooses the locale and adds the helpers
every template and view shares:

- The locale, first that applies: the language a game or tournament has fixed (every phone at its table sees
  the same words, and its PDFs print in it); the language a person chose with the switch (the ``language``
  cookie); the phone's ``Accept-Language``; English. The JSON API listens only to ``Accept-Language``.
- ``format_number(n)`` / ``|number``: a whole number by the locale's CLDR rules, ``8,500`` in English, ``8500``
  and ``10.000`` in Spanish. ``|signed`` adds a ``+`` to positive numbers.
- ``listed(parts, "or")`` / ``|listed``: a list the locale's way ("2, 3, 5 or 6", "2, 3, 5 o 6");
  ``|names``: the players of a partnership ("Ann & Bob", "Ana y Beto"); ``|place(shared)``: a place in a
  ranking, "5=" in English and "5 (empate)" in Spanish when it is shared (docs/GLOSSARY_ES.md).
- ``format_when(value, kind)``: every date and time a person reads, by the locale's CLDR rules, stored moments in
  the laptop's time zone; in templates ``|date`` (``|date("long")``), ``|datetime`` and ``|time``.
- In templates: ``_('...')``, ``ngettext('%(num)d deal', '%(num)d deals', n)`` and ``{% trans %}`` blocks.
  In Python, one meaning across the package: ``from scorekeeper.rules.i18n import _, ngettext`` make a ``Text``,
  the words kept as a fact and shown in the reader's language (a module's constants as well as a view's message:
  no second, "lazy" kind); ``gettext`` writes words now where a plain string must be had.
"""

from __future__ import annotations

from datetime import date, datetime, timezone
from functools import cache

from babel import Locale, support
from babel import dates as babel_dates
from flask import Flask, g, has_app_context, has_request_context, request
from flask.json.provider import DefaultJSONProvider
from flask.json.tag import JSONTag
from flask.sessions import SecureCookieSessionInterface
from flask_babel import Babel, Domain, get_locale, get_translations
from wtforms.i18n import messages_path

from scorekeeper.i18n.catalogues import SOURCE_LOCALE, TRANSLATIONS, locales
from scorekeeper.rules import i18n as rules_i18n

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


def language_from_link() -> None:
    """A read-only public page (results, a club's page, a member's page) in the language its link asks for
    (``?lang=es``): such pages change language by link, with no form posted from them."""
    language = supported(request.args.get("lang"))
    if language:
        g.fixed_language = language


def select_locale() -> str:
    if not has_request_context():
        return SOURCE_LOCALE
    if request.path.startswith("/api/"):
        g.language_from = ("Accept-Language",)  # i18n: not for people (header names)
        return browser_language()
    fixed = fixed_language()
    if fixed:
        return fixed
    g.language_from = ("Cookie", "Accept-Language")  # i18n: not for people (header names)
    return supported(request.cookies.get(COOKIE)) or browser_language()


def vary_on_language(response):
    """The headers that chose this answer's words, in its ``Vary`` (a cache keeps one copy per language)."""
    for header in g.get("language_from", ()):
        response.vary.add(header)
    return response


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


def listed(parts, style: str = "and", locale: str | None = None) -> str:
    """``parts`` as one list the locale's way: ``style`` "and", "or" or "names" (``rules.i18n.list_words``)."""
    return rules_i18n.list_words([str(part) for part in parts], style, locale or current_locale())


def names(players) -> str:
    """The players of a partnership or team as one name: "Ann & Bob", "Ana y Beto", "Ana e Inés". ``players`` is
    a list of names, or a name as the app stores a partnership's ("Ann & Bob", ``records.add_entry``); a stored
    name inside the list is split the same way, so two entries of one player each read as one pair."""
    if isinstance(players, str):
        players = [players]
    return listed([part for name in players for part in str(name).split(" & ") if part], "names")


def place(value, shared: bool = False) -> str:
    """A place in a ranking, marked when it is shared: "5=" in English, "5 (empate)" in Spanish."""
    if not shared:
        return str(value)
    # TRANSLATORS: a place in a ranking shared with others who are equal on every tie-break ("5=").
    return rules_i18n.gettext("%(place)s=", place=value)


def _request_translations():
    return get_translations() if has_request_context() else None


#: How each kind of date or moment is written, by CLDR's names for its lengths (date, time), so each language
#: writes it its own way. A date always names its month in words ("medium": "Nov 23, 2026", "23 nov 2026"), never
#: CLDR's numeric "short" form, which English writes month first (11/23/26) and Spanish day first (23/11/26).
WHEN = {"date": ("medium", None), "long_date": ("long", None), "datetime": ("medium", "short"),
        "time": (None, "medium")}


def _moment(value: str | date | datetime) -> date | datetime:
    """A stored date ("2026-11-23") as a date; a stored moment (UTC, ISO 8601) as a datetime in the laptop's own
    time zone, where the club is (a moment stored without its offset is UTC)."""
    if isinstance(value, str):
        value = value.strip()
        if len(value) == 10:
            return date.fromisoformat(value)
        value = datetime.fromisoformat(value.replace("Z", "+00:00"))
    if isinstance(value, datetime):
        if value.tzinfo is None:
            value = value.replace(tzinfo=timezone.utc)
        return value.astimezone()
    return value


def local_day(value: str | date | datetime) -> date:
    """The day a stored date or moment fell on, where the club is (for file names and PDF titles)."""
    moment = _moment(value)
    return moment.date() if isinstance(moment, datetime) else moment


def format_when(value: str | date | datetime | None, kind: str = "date", locale: str | None = None) -> str:
    """A date or a moment as the reader's language writes it, the one way every page, PDF, log and command
    shows one: ``kind`` is "date" ("Nov 23, 2026" / "23 nov 2026"), "long_date" ("November 23, 2026" /
    "23 de noviembre de 2026"), "datetime" ("Nov 23, 2026, 9:05 PM" / "23 nov 2026, 21:05") or "time"
    ("9:05:33 PM" / "21:05:33"). The locale is the request's in the web app, the terminal's in the command."""
    if not value:
        return ""
    locale = _babel_locale(locale or rules_i18n.current_locale())
    moment = _moment(value)
    date_length, time_length = WHEN[kind]
    day = local_day(moment)
    date_text = babel_dates.format_date(day, date_length, locale=locale) if date_length else ""
    if not time_length or not isinstance(moment, datetime):
        return date_text
    time_text = babel_dates.format_time(moment, time_length, locale=locale)
    if not date_length:
        return time_text
    pattern = babel_dates.get_datetime_format(date_length, locale=locale).replace("'", "")
    return pattern.replace("{0}", time_text).replace("{1}", date_text)


@cache
def _babel_locale(code: str) -> Locale:
    """The locale as Babel reads it, parsed once (a season's page writes a date for each of its evenings)."""
    return Locale.parse(code)


def _date_filter(value, length: str = "medium") -> str:
    return format_when(value, "long_date" if length == "long" else "date")


class WordsJSON(DefaultJSONProvider):
    """Flask's JSON, where words kept as facts below (``rules.i18n.Words``: a violation's message, a breakdown
    line's label) are written in the request's language as the answer is made."""

    @staticmethod
    def default(o):
        if isinstance(o, rules_i18n.Words):
            return str(o)
        return DefaultJSONProvider.default(o)


class WordsInSession(JSONTag):
    """A ``Text`` put in the session (a flashed message) is written there as the words the request reads: the
    message is shown on the next page of the same person, in the language they read."""

    __slots__ = ()

    def check(self, value) -> bool:
        return isinstance(value, rules_i18n.Words)

    def to_json(self, value) -> str:
        return str(value)

    tag = to_json  # a plain string in the cookie, read back as one


class RequestDomain(Domain):
    """Flask-Babel's message domain, with the request's catalogue looked up once per request instead of at every
    text (a save's page asks for a hundred: each lookup wrote the locale's name to find it; issue 22). Kept on
    ``g`` beside the locale it was read for, as ``get_locale()`` answers it (Flask-Babel keeps that per request):
    a language changed within a request (``force_locale``, ``refresh``) is a new locale, read afresh."""

    def get_translations(self):
        if not has_app_context():
            return super().get_translations()
        locale = get_locale()
        kept = g.get("scorekeeper_translations")
        if kept is not None and kept[0] is locale:
            return kept[1]
        translations = super().get_translations()
        g.scorekeeper_translations = (locale, translations)
        return translations


class WTFormsWords:
    """WTForms' own messages in the request's language, for a form's ``Meta.get_translations`` (WTForms' way of
    choosing them). Flask-WTF's reads WTForms' catalogue from disk and parses it at every request that makes a
    form; each language's is read here once per process, and the language is asked at each message, as
    Flask-Babel's are (``web.forms.DealBase``: the deal form, made at every save; issue 32)."""

    def __init__(self) -> None:
        self._kept: dict[str, support.Translations] = {}

    def _now(self) -> support.Translations:
        locale = str(get_locale() or SOURCE_LOCALE)
        found = self._kept.get(locale)
        if found is None:
            found = self._kept[locale] = support.Translations.load(messages_path(), [locale], domain="wtforms")
        return found

    def gettext(self, string: str) -> str:
        return self._now().ugettext(string)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._now().ungettext(singular, plural, n)


#: One per process: each language's catalogue is read once.
wtforms_words = WTFormsWords()


def init_app(app: Flask) -> None:
    app.config.setdefault("BABEL_DEFAULT_LOCALE", SOURCE_LOCALE)
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(TRANSLATIONS))
    babel.init_app(app, locale_selector=select_locale)
    app.after_request(vary_on_language)
    if not isinstance(babel.__dict__.get("domain_instance"), RequestDomain):  # in place of Flask-Babel's own
        babel.domain_instance = RequestDomain()
    # Words kept as facts by the engine and the stores are shown in the request's language (English outside one).
    rules_i18n.install(_request_translations, current_locale)
    app.json = WordsJSON(app)
    # Jinja's |tojson keeps the JSON it was given when its environment was made: this one, so that words reach a
    # page's JSON as the reader reads them (Flask's own provider would write a Text's HTML, "can&#39;t").
    app.jinja_env.policies["json.dumps_function"] = app.json.dumps
    serializer = app.session_interface.serializer if isinstance(app.session_interface,
                                                                SecureCookieSessionInterface) else None
    if serializer is not None and not any(isinstance(tag, WordsInSession) for tag in serializer.order):
        serializer.register(WordsInSession, index=0)
    # {% trans %} blocks fold their whitespace, so a block wrapped over lines is one message (babel.cfg agrees).
    app.jinja_env.policies["ext.i18n.trimmed"] = True
    app.jinja_env.filters.update(number=format_number, signed=format_signed, date=_date_filter,
                                 datetime=lambda value: format_when(value, "datetime"),
                                 time=lambda value: format_when(value, "time"), listed=listed, names=names,
                                 place=place)

    @app.context_processor
    def language_helpers():
        return {"current_locale": current_locale, "language_names": language_names, "fixed_language": fixed_language}


__all__ = ["COOKIE", "WHEN", "available", "babel", "current_locale", "format_when", "local_day",
           "format_number", "format_signed", "init_app", "language_names", "listed", "names", "place", "supported"]

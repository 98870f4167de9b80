"""The engine's words in the reader's language, with no web code: stdlib ``gettext`` objects and Babel's numbers.

Every sentence the engine writes for people (violation and warning messages, breakdown labels, explanations) goes
through ``_()`` or ``ngettext()`` here. Which catalogue they read is chosen outside the engine:

- ``install(translations, locale)`` gives two callables the engine asks on every message; the web app installs
  Flask-Babel's catalogue of the request (so the JSON API answers in English unless ``Accept-Language`` asks for
  another language, and a page in the language its reader chose).
- ``using(translations, locale)`` sets them for a block of code through a ``contextvars`` variable (the
  ``scorekeeper`` command, tests): it wins over what is installed.
- With neither, the engine writes English: the messages are written in English first.

Texts the engine holds as data (a field's label, a kind's name) are marked ``N_()`` where they are written, so the
catalogue collects them, and translated with ``_()`` where they are used.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from gettext import NullTranslations

from babel.numbers import format_decimal

SOURCE_LOCALE = "en"
_ENGLISH = NullTranslations()
#: CLDR's ``minimumGroupingDigits`` where it is not 1: Spanish, Polish and European Portuguese write 8500 and
#: 10.000. Babel 2.18 does not apply this part of CLDR itself.
MIN_GROUPING_DIGITS = {"es": 2, "pl": 2, "pt_PT": 2}

_chosen: ContextVar[tuple[object, str] | None] = ContextVar("scorekeeper_rules_language", default=None)
_installed: list[Callable[[], object] | Callable[[], str]] = []


def install(translations: Callable[[], object], locale: Callable[[], str]) -> None:
    """Ask ``translations()`` (a gettext object) and ``locale()`` (a code such as "es") for every message."""
    _installed[:] = [translations, locale]


@contextmanager
def using(translations: object, locale: str) -> Iterator[None]:
    """Write the engine's messages with ``translations`` and ``locale`` inside the block."""
    token = _chosen.set((translations, locale))
    try:
        yield
    finally:
        _chosen.reset(token)


def _current() -> tuple[object, str]:
    chosen = _chosen.get()
    if chosen is not None:
        return chosen
    if _installed:
        return _installed[0]() or _ENGLISH, _installed[1]() or SOURCE_LOCALE
    return _ENGLISH, SOURCE_LOCALE


def current_locale() -> str:
    return _current()[1]


def _(message: str, /, **values) -> str:
    """``message`` in the reader's language, with ``%(name)s`` filled from ``values``."""
    text = _current()[0].gettext(message)
    return text % values if values else text


def ngettext(singular: str, plural: str, num: int, /, **values) -> str:
    """The singular or plural of a message by the language's own plural rule; ``%(num)d`` is ``num``."""
    values.setdefault("num", num)
    return _current()[0].ngettext(singular, plural, num) % values


def N_(message: str) -> str:
    """Mark a text kept as data for the catalogue; it is translated with ``_()`` where it is shown."""
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a singular and plural kept as data; ``ngettext(*pair, n)`` chooses between them where shown."""
    return singular, plural


def number(value: int | float, locale: str | None = None) -> str:
    """A number by the locale's CLDR rules: 8,500 and 10,000 in English, 8500 and 10.000 in Spanish."""
    return _number(value, locale or current_locale())


@lru_cache(maxsize=8192, typed=True)
def _number(value: int | float, locale: str) -> str:
    # A scorepad writes the same few hundred numbers again and again, and CLDR formatting was the costliest part of
    # answering a save: remember each (number, locale) once written.
    min_grouping = MIN_GROUPING_DIGITS.get(locale, MIN_GROUPING_DIGITS.get(locale.split("_")[0], 1))
    return format_decimal(value, locale=locale, group_separator=abs(value) >= 10 ** (2 + min_grouping))


def signed(value: int, locale: str | None = None) -> str:
    """A score change with its sign: +500, -100, 0."""
    text = number(value, locale)
    return "+" + text if value > 0 else text

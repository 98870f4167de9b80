"""Words kept as facts below, chosen in the reader's language on top: stdlib ``gettext`` objects and Babel's numbers.

Every sentence the engine, the stores and the tournament domain write for people (a violation's message, a
breakdown line's label, a store error, a game summary's problem, a log entry) is a ``Text``: the catalogue's
message id (and plural), with its named values, kept as a frozen value. It becomes words only when it is shown
(``str(text)``, ``text.render(...)``, Jinja's ``{{ text }}``, Flask's JSON), in the language of whoever reads it
then. So a result computed for a Spanish phone and cached is read in English by the next reader, and no layer
below the pages, the API, the PDF and the command line ever holds a translated string.

- ``_()`` and ``ngettext()`` make a ``Text``; ``amount(n)`` a number written by the reader's locale when shown;
  ``Text + "..."`` and ``joined(sep, parts)`` keep a sentence built from pieces lazy too; ``listed(parts, "or")``
  is a list the way the reader's language writes one ("2, 3, 5 or 6", "2, 3, 5 o 6"), and ``names(players)`` a
  pair or team ("Ann & Bob", "Ana y Beto", "Ana e Inés"): ``list_words`` writes both now (docs/GLOSSARY_ES.md).
- ``to_data(words)`` and ``from_data(data)`` keep words in a database row as JSON (a message by its id and values)
  and read them back equal: a scorepad row's breakdown kept with its deal (``scorepad.summary.running_of``).
- ``gettext()`` and ``gettext_plural()`` write words now: for the top layers that run without Flask (the command
  line) and for the rules pages (``explain.py``), which are worded from the profile while the page is made.
- Which catalogue a ``Text`` is shown from is chosen outside the engine: ``install(translations, locale)`` gives
  two callables asked on every rendering (the web app installs Flask-Babel's catalogue of the request, so the
  JSON API answers in English unless ``Accept-Language`` asks for another language, and a page in the language
  its reader chose); ``using(translations, locale)`` sets them for a block of code through a ``contextvars``
  variable (the ``scorekeeper`` command, tests) and wins over what is installed. With neither, English.

Texts held as data (a field's label, a kind's name) are marked ``N_()`` where they are written, so the catalogue
collects them, and made a ``Text`` with ``_()`` (or written with ``gettext()``) where they are used.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from gettext import NullTranslations

import re

from babel.lists import format_list
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
    """Show every ``Text`` with ``translations`` and ``locale`` inside the block."""
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


def current_reading() -> tuple[object, str]:
    """The catalogue and the locale code a ``Text`` is shown in here and now."""
    return _current()


def current_locale() -> str:
    return _current()[1]


# --------------------------------------------------------------------------------------
# Words as facts
# --------------------------------------------------------------------------------------

class Words:
    """Words kept as a fact until shown; immutable, compared and hashed by what they hold, never by language.

    Not a dataclass on purpose: Flask's JSON turns a dataclass into a dict, while a ``Words`` must reach JSON as
    the sentence it shows (``scorekeeper.i18n.WordsJSON``)."""

    __slots__ = ()

    def render(self, translations: object | None = None, locale: str | None = None) -> str:
        """The words in ``translations``/``locale`` (by default the reader's: installed or ``using``)."""
        if translations is None:
            translations, current = _current()
            locale = locale or current
        return self._render(translations, locale or SOURCE_LOCALE)

    def _render(self, translations: object, locale: str) -> str:  # pragma: no cover - every kind defines it
        raise NotImplementedError

    def __str__(self) -> str:
        return self.render()

    def __html__(self) -> str:
        """Jinja's ``{{ text }}``: the words, escaped for HTML as Jinja escapes any other text."""
        return self.render().translate(_HTML)

    # Read as a string wherever one is expected (a library that calls a string's methods on a help text or a
    # label): the words as shown now, in the reader's language.
    def __getattr__(self, name: str):
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self.render(), name)

    def __contains__(self, part: str) -> bool:
        return part in self.render()

    def __format__(self, spec: str) -> str:
        return format(self.render(), spec)

    def __len__(self) -> int:
        return len(self.render())

    def __bool__(self) -> bool:  # words are never empty: a test of truth need not write them
        return True

    def __mod__(self, values: object) -> str:
        return self.render() % values

    def __add__(self, other: object) -> Words:
        return Joined("", (self, other))

    def __radd__(self, other: object) -> Words:
        return Joined("", (other, self))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen")  # i18n: not for people

    def _key(self) -> tuple:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __reduce__(self):
        # copy and pickle rebuild it through its constructor (it takes its fields in the order of __slots__).
        return type(self), self._key()

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other._key() == self._key()

    def __hash__(self) -> int:
        return hash((type(self).__name__, self._key()))

    def __repr__(self) -> str:
        return f"{type(self).__name__}{self._key()!r}"


#: What MarkupSafe escapes, and how (the engine does not import it): so a ``Text`` reads as any string would.
_HTML = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&#34;", "'": "&#39;"})


def _shown(value: object, translations: object, locale: str) -> object:
    return value._render(translations, locale) if isinstance(value, Words) else value


class Text(Words):
    """One message of the catalogue: its id (and plural with the count that chooses), and its named values, which
    may be ``Words`` themselves (shown in the same language)."""

    __slots__ = ("msgid", "plural", "num", "values")

    def __init__(self, msgid: str, plural: str | None = None, num: int | None = None,
                 values: Iterable[tuple[str, object]] | dict = ()):
        items = values.items() if isinstance(values, dict) else values
        for name, value in (("msgid", msgid), ("plural", plural), ("num", num),
                            ("values", tuple(sorted(items)))):
            object.__setattr__(self, name, value)

    def _render(self, translations, locale: str) -> str:
        values = {name: _shown(value, translations, locale) for name, value in self.values}
        if self.plural is None:
            text = translations.gettext(self.msgid)
            return text % values if values else text
        values.setdefault("num", self.num)
        return translations.ngettext(self.msgid, self.plural, self.num) % values


class Joined(Words):
    """Pieces shown one after the other (``sep`` between them), each in the reader's language."""

    __slots__ = ("sep", "parts")

    def __init__(self, sep: Words | str, parts: Iterable[object]):
        object.__setattr__(self, "sep", sep)
        object.__setattr__(self, "parts", tuple(parts))

    def _render(self, translations, locale: str) -> str:
        sep = str(_shown(self.sep, translations, locale))
        return sep.join(str(_shown(part, translations, locale)) for part in self.parts)


class Listed(Words):
    """Pieces written as a list in the reader's language when shown (``list_words``)."""

    __slots__ = ("style", "parts")

    def __init__(self, style: str, parts: Iterable[object]):
        object.__setattr__(self, "style", style)
        object.__setattr__(self, "parts", tuple(parts))

    def _render(self, translations, locale: str) -> str:
        return list_words([str(_shown(part, translations, locale)) for part in self.parts], self.style, locale)


#: Spanish writes "e" for "y" before the sound i ("Ana e Inés", but "agua y hielo"), and "u" for "o" before the
#: sound o ("siete u ocho", "7 u 8", "10 u 11"): RAE, Ortografía 2010, §3.4.2.2.
_SPANISH_E = re.compile(r"(?i)^[¿¡«\"'(]*h?[ií](?![aeiouáéíóú])")
_SPANISH_U = re.compile(r"(?i)^[¿¡«\"'(]*(h?[oó]|8|11(?![\d.,])|11[.\u00a0 ]\d{3}(?!\d))")


def list_words(parts: list[str], style: str = "and", locale: str = SOURCE_LOCALE) -> str:
    """``parts`` as one list by the locale's CLDR patterns: ``style`` "and" ("Ann, Bob and Cy"), "or" ("2, 3, 5
    or 6") or "names", the players of a partnership or team ("Ann & Bob" in English, the house style; "and" in
    other languages). Spanish turns the last "y" to "e" and "o" to "u" where the next word asks for it."""
    parts = [str(part) for part in parts]
    if len(parts) < 2:
        return "".join(parts)
    language = locale.split("_")[0]
    if style == "names" and language == "en":
        return ", ".join(parts[:-1]) + " & " + parts[-1]
    text = format_list(parts, style="or" if style == "or" else "standard", locale=locale)
    if language == "es":
        word = "o" if style == "or" else "y"
        ending = f" {word} {parts[-1]}"
        if text.endswith(ending):
            if word == "y" and _SPANISH_E.match(parts[-1]):
                text = text[: -len(ending)] + f" e {parts[-1]}"
            elif word == "o" and _SPANISH_U.match(parts[-1]):
                text = text[: -len(ending)] + f" u {parts[-1]}"
    return text


class Amount(Words):
    """A number written by the reader's locale when shown: 10,500 in English, 10.500 in Spanish."""

    __slots__ = ("value",)

    def __init__(self, value: int | float):
        object.__setattr__(self, "value", value)

    def _render(self, translations, locale: str) -> str:
        return _number(self.value, locale)


class SignedAmount(Amount):
    """A deal's score with its sign, written by the reader's locale when shown: +1,170, -90, 0."""

    __slots__ = ()

    def _key(self) -> tuple:
        return (self.value,)

    def _render(self, translations, locale: str) -> str:
        return signed(self.value, locale)


def _(message: str, /, **values) -> Text:
    """``message`` as a fact, with ``%(name)s`` filled from ``values`` when it is shown."""
    return Text(message, values=values)


def ngettext(singular: str, plural: str, num: int, /, **values) -> Text:
    """The singular or plural of a message, chosen by the reader's language when shown; ``%(num)d`` is ``num``."""
    return Text(singular, plural, num, values)


def amount(value: int | float) -> Amount:
    return Amount(value)


def signed_amount(value: int) -> SignedAmount:
    return SignedAmount(value)


def joined(sep: Words | str, parts: Iterable[object]) -> Joined:
    return Joined(sep, parts)


def listed(parts: Iterable[object], style: str = "and") -> Listed:
    """A list written the reader's way when shown: ``style`` "and", "or" or "names" (``list_words``)."""
    return Listed(style, parts)


def names(players: Iterable[object]) -> Listed:
    """The players of a partnership or team as one name: "Ann & Bob", "Ana y Beto"."""
    return Listed("names", players)


class DefaultWords(str):
    """Words stored as typed that are a default of the catalogue (a side left at the form's "We"): a ``str`` holding
    the stored words, so comparisons, JSON and SQL keep what is stored, shown as ``message`` in the reader's
    language (``str()``, ``%`` and ``format``, Jinja's escaping)."""

    message: str

    def __new__(cls, stored: str, message: str) -> DefaultWords:
        words = super().__new__(cls, stored)
        words.message = message
        return words

    def __str__(self) -> str:
        return str(_(self.message))

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __html__(self) -> str:
        return _(self.message).__html__()

    def __reduce__(self):
        return type(self), (str.__str__(self), self.message)


# --------------------------------------------------------------------------------------
# Words as data (kept in a database row as JSON, read back exactly)
# --------------------------------------------------------------------------------------

def to_data(value: object) -> object:
    """``value`` (``Words``, a ``DefaultWords``, or a plain ``str`` or number, as a label or a value of a message
    may be) as JSON data that ``from_data`` reads back equal, and worded the same in every language: a message by
    its id, plural, count and values, never by its words. ``TypeError`` for anything else."""
    if isinstance(value, Text):
        data: dict = {"text": value.msgid}
        if value.plural is not None:
            data["plural"], data["num"] = value.plural, value.num
        if value.values:
            data["values"] = {name: to_data(item) for name, item in value.values}
        return data
    if isinstance(value, Joined):
        return {"joined": to_data(value.sep), "parts": [to_data(part) for part in value.parts]}
    if isinstance(value, Listed):
        return {"listed": value.style, "parts": [to_data(part) for part in value.parts]}
    if isinstance(value, SignedAmount):
        return {"signed": value.value}
    if isinstance(value, Amount):
        return {"amount": value.value}
    if isinstance(value, DefaultWords):
        return {"default": str.__str__(value), "message": value.message}
    if value is None or type(value) in (str, int, float, bool):
        return value
    raise TypeError(f"{type(value).__name__} is not kept as data")  # i18n: not for people


def from_data(data: object) -> object:
    """What ``to_data`` wrote, as it was."""
    if not isinstance(data, dict):
        return data
    if "text" in data:
        values = {name: from_data(item) for name, item in (data.get("values") or {}).items()}
        return Text(data["text"], data.get("plural"), data.get("num"), values)
    if "joined" in data:
        return Joined(from_data(data["joined"]), [from_data(part) for part in data["parts"]])
    if "listed" in data:
        return Listed(data["listed"], [from_data(part) for part in data["parts"]])
    if "signed" in data:
        return SignedAmount(data["signed"])
    if "amount" in data:
        return Amount(data["amount"])
    if "default" in data:
        return DefaultWords(data["default"], data["message"])
    raise ValueError(f"not words kept as data: {sorted(data)}")  # i18n: not for people


# --------------------------------------------------------------------------------------
# Words now (the command line, the rules pages)
# --------------------------------------------------------------------------------------

def gettext(message: str, /, **values) -> str:
    """``message`` in the reader's language now, with ``%(name)s`` filled from ``values``."""
    return _(message, **values).render()


def gettext_plural(singular: str, plural: str, num: int, /, **values) -> str:
    """The singular or plural of a message in the reader's language now; ``%(num)d`` is ``num``."""
    return ngettext(singular, plural, num, **values).render()


def N_(message: str) -> str:
    """Mark a text kept as data for the catalogue; it is translated with ``_()`` where it is shown."""
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a singular and plural kept as data; ``ngettext(*pair, n)`` chooses between them where shown."""
    return singular, plural


def number(value: int | float, locale: str | None = None) -> str:
    """A number by the locale's CLDR rules now: 8,500 and 10,000 in English, 8500 and 10.000 in Spanish."""
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

"""The ``scorekeeper`` command's language: the terminal's (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``) if the
app speaks it, else English.

``_()`` and ``ngettext()`` translate a message when it is written; ``_l()`` marks a help text written at import time
(an option's ``help=``, a command's) and translates it each time click shows it, as the web forms' ``lazy_gettext``
does.
"""

from __future__ import annotations

import os
from functools import cache

import click
from flask_babel import LazyString
from babel.support import NullTranslations, Translations
from scorekeeper.i18n.catalogues import SOURCE_LOCALE, TRANSLATIONS, locales


def terminal_language():
    """The terminal's language if the app speaks it, else English: its catalogue and its locale."""

    # As gettext reads them; C and POSIX (and Python's own LC_CTYPE coercion) mean no language was chosen.
    settings = [os.environ.get(name, "") for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")]
    wanted = next((v.split(":")[0].split(".")[0] for v in settings if v and v.split(".")[0] not in ("C", "POSIX")),
                  SOURCE_LOCALE)
    code = next((c for c in (wanted, wanted.split("_")[0]) if c in locales()), SOURCE_LOCALE)
    return _catalogue(code), code


@cache
def _catalogue(code: str):

    if code == SOURCE_LOCALE:
        return NullTranslations()
    return Translations.load(str(TRANSLATIONS), [code])


def _(message: str, /, **values) -> str:
    """The command's own words in the terminal's language."""
    text = terminal_language()[0].gettext(message)
    return text % values if values else text


def ngettext(singular: str, plural: str, num: int, /, **values) -> str:
    return terminal_language()[0].ngettext(singular, plural, num) % {"num": num, **values}


def _l(message: str, /, **values) -> LazyString:
    """A help text that click shows in the terminal's language (translated when shown, not when imported)."""
    return LazyString(_, message, **values)


class Option(click.Option):
    """A ``click.Option`` whose help is translated each time it is shown (click would make it a plain string at
    import time)."""

    def __init__(self, *args, help=None, **kwargs):  # noqa: A002  (click's own name)
        super().__init__(*args, **kwargs)
        self.help = help

    @property
    def help(self) -> str | None:
        return None if self._help is None else str(self._help)

    @help.setter
    def help(self, text) -> None:
        self._help = text


def option(*param_decls: str, **attrs):
    """``click.option`` with the help translated when shown."""
    return click.option(*param_decls, cls=Option, **attrs)

"""The ``scorekeeper`` command's language: the terminal's (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``) if the
app speaks it, else English.

The command's words are ``Text``s like every other layer's (``_()`` and ``ngettext()`` of ``rules.i18n``, one meaning
across the package): ``Group.main`` shows them in the terminal's language for the whole run, help texts written at
import time (an option's ``help=``, a command's) included.
"""

from __future__ import annotations

import os
from functools import cache

import click
from babel.support import NullTranslations, Translations
from scorekeeper.i18n.catalogues import SOURCE_LOCALE, TRANSLATIONS, locales
from scorekeeper.rules.i18n import _, ngettext, using

__all__ = ["Group", "_", "ngettext", "option", "terminal_language"]


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


class Group(click.Group):
    """The command's group: every word of a run (help, messages, the engine's verdicts) in the terminal's language."""

    def main(self, *args, **kwargs):
        with using(*terminal_language()):
            return super().main(*args, **kwargs)


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

"""A side's name left at the new-game form's default ("We", "They") is read in the reader's language.

The form offers each side a default name in the language of the phone that starts the game, and the row keeps
exactly what the form sent. So that a game started on an English phone does not read "We contra They" on a
Spanish one, a side whose stored name is the default word of its key in any language of the catalogue is
recognised as the default (games stored before this change included), and worded when shown. A name a person
typed ("We Two", "Ellas") is not a default word and stays exactly as typed.

The name is a ``str`` holding the stored words, so comparisons, JSON and SQL keep what is stored (the JSON API and
exports included); only its rendering (``str()``, ``%`` and ``format``, Jinja's escaping) gives the reader's words.
"""

from __future__ import annotations

from scorekeeper.rules.i18n import DefaultWords

#: Each default name's message and its words in every language of the catalogue (English, Spanish).
#: ``tests/i18n/test_default_side_names.py`` checks these are the catalogue's words for the form's defaults.
DEFAULTS = {
    "we": ("We", frozenset({"We", "Nosotros"})),  # i18n: not for people (stored words recognised, worded by gettext)
    "they": ("They", frozenset({"They", "Ellos"})),  # i18n: not for people (stored words recognised, worded by gettext)
}


def side_name(key: str, stored: str) -> str:
    """The name of side ``key`` as read from a row: ``DefaultWords`` (``rules.i18n``) when it is the default, else as
    stored."""
    message, words = DEFAULTS.get(key, ("", frozenset()))
    return DefaultWords(stored, message) if stored.strip() in words else stored

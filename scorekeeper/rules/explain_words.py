"""What every row of the rules pages is made of: the row itself (``Aspect``) and the words the topics share, a number
of points (``num``) and a count with its noun (``count``: "three cards").

Every word goes through the catalogue (``i18n.py``), as ``explain_rows`` says.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

# Worded while the rules page is made, in its reader's language (explain.py): words now, not facts.
from .i18n import N_, Nn_, gettext, gettext_plural, number
from .profiles import RuleProfile


def num(n: int) -> str:
    """A number of points written for reading, by the reader's locale: ``5,000`` (English), ``5000`` (Spanish)."""
    return number(n) if isinstance(n, (int, float)) else str(n)


NUMBER_WORDS = {1: N_("one"), 2: N_("two"), 3: N_("three"), 4: N_("four"), 5: N_("five"), 6: N_("six"),
                7: N_("seven"), 8: N_("eight")}

CARDS = Nn_("%(num)s card", "%(num)s cards")
NATURAL_CARDS = Nn_("%(num)s natural card", "%(num)s natural cards")
WILD_CARDS = Nn_("%(num)s wild card", "%(num)s wild cards")
CANASTAS = Nn_("%(num)s canasta", "%(num)s canastas")
PLAYERS = Nn_("%(num)s player", "%(num)s players")


def count(n: int, forms: tuple[str, str]) -> str:
    """``three cards``: ``n`` in words up to eight, with its noun in the singular or plural the language asks for."""
    return gettext_plural(*forms, n, num=gettext(NUMBER_WORDS[n]) if n in NUMBER_WORDS else num(n))


@dataclass(frozen=True)
class Aspect:
    """One point of the rules pages: its topic, its label, the key of the source it cites, and the two small
    functions that word it (a short value for the comparison, a sentence for a profile's own page)."""

    topic: str
    label: str  # marked N_(): explain.py translates it
    key: str
    short: Callable[[RuleProfile], str]
    sentence: Callable[[RuleProfile], str]

"""The kinds of canasta in words: a count of them ("2 natural canastas", "1 clean book") and one by its name.

A fact kept for the reader's language (``i18n.Text``). Hand and Foot calls its canastas books (``canasta_name``:
clean, dirty and wild-card books); every other profile calls them canastas.
"""
from __future__ import annotations

from .i18n import N_, Nn_, Text, _, ngettext

_COUNTED = {
    "natural": Nn_("%(num)d natural canasta", "%(num)d natural canastas"),
    "mixed": Nn_("%(num)d mixed canasta", "%(num)d mixed canastas"),
    "sevens": Nn_("%(num)d canasta of sevens", "%(num)d canastas of sevens"),
    "aces": Nn_("%(num)d canasta of aces", "%(num)d canastas of aces"),
    "wild_twos": Nn_("%(num)d wild-card canasta of seven twos", "%(num)d wild-card canastas of seven twos"),
    "wild_jokers": Nn_("%(num)d wild-card canasta with four jokers", "%(num)d wild-card canastas with four jokers"),
    "wild": Nn_("%(num)d wild-card canasta", "%(num)d wild-card canastas"),
    "samba": Nn_("%(num)d samba", "%(num)d sambas"),
    "escalera": Nn_("%(num)d escalera", "%(num)d escaleras"),
    "bolivia": Nn_("%(num)d bolivia", "%(num)d bolivias"),
}
_BOOKS = {
    "natural": Nn_("%(num)d clean book", "%(num)d clean books"),
    "mixed": Nn_("%(num)d dirty book", "%(num)d dirty books"),
    "wild": Nn_("%(num)d wild-card book", "%(num)d wild-card books"),
}
#: One canasta of a kind by its name, for "A finished samba takes no more cards."
_NAMED = {
    "samba": N_("samba"), "escalera": N_("escalera"), "bolivia": N_("bolivia"),
}


def counted(profile, kind: str, count: int) -> Text:
    """``count`` canastas of ``kind`` in words, as the profile's rules call them."""
    forms = _BOOKS.get(kind) if profile.canasta_name == "book" else None
    return ngettext(*(forms or _COUNTED[kind]), count)


def named(profile, kind: str | None) -> Text:
    """One canasta of ``kind`` by its name: "samba", "bolivia"; "book" or "canasta" for the others."""
    if kind in _NAMED:
        return _(_NAMED[kind])
    return _("book") if profile.canasta_name == "book" else _("canasta")

"""The kinds of canasta a profile may count, and the kinds in words: a count of them ("2 natural canastas", "1 clean
book") and one by its name.

The words are a fact kept for the reader's language (``i18n.Text``). Hand and Foot calls its canastas books (``canasta_name``:
clean, dirty and wild-card books); every other profile calls them canastas.
"""
from __future__ import annotations

import typing
from typing import Literal

from .i18n import N_, Nn_, Text, _, ngettext

CanastaKind = Literal["natural", "mixed", "sevens", "aces", "wild_twos", "wild_jokers", "wild", "samba", "escalera",
                      "bolivia"]
CLASSIC_CANASTAS: tuple[CanastaKind, ...] = ("natural", "mixed")
#: modern-american's canastas: sevens, aces and wild-card canastas are kinds of their own.
SPECIAL_CANASTAS: tuple[CanastaKind, ...] = ("natural", "mixed", "sevens", "aces", "wild_twos", "wild_jokers", "wild")
#: Every kind of canasta any profile counts (the names a deal by totals may give).
ALL_CANASTAS: tuple[CanastaKind, ...] = typing.get_args(CanastaKind)
#: A sequence of seven cards of one suit: Samba calls it a samba, Bolivia an escalera (BCA-S; BCA-B, Going Out).
SEQUENCE_CANASTAS: tuple[CanastaKind, ...] = ("samba", "escalera")
#: A canasta of seven wild cards, where the rules have one besides modern-american's: Bolivia's bolivia, Hand and
#: Foot's wild-card book.
WILD_CANASTAS: tuple[CanastaKind, ...] = ("bolivia", "wild")

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

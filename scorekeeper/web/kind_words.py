"""The kinds of canasta in the words of the pages: a kind by its name (the referee's verdict, the deal preview) and
the deal form's label for a count of them. Hand and Foot calls its canastas books (``canasta_name``)."""

from __future__ import annotations

from scorekeeper.rules.i18n import _

CANASTA_KIND_NAMES = {
    "natural": _("Natural canasta"),
    "mixed": _("Mixed canasta"),
    "sevens": _("Canasta of sevens"),
    "aces": _("Canasta of aces"),
    "wild": _("Wild-card canasta"),
    "samba": _("Samba"),
    "escalera": _("Escalera"),
    "bolivia": _("Bolivia"),
}
#: The same where the rules call their canastas books (Hand and Foot).
BOOK_KIND_NAMES = {
    "natural": _("Clean book"),
    "mixed": _("Dirty book"),
    "wild": _("Wild-card book"),
}


def canasta_kind_name(kind: str, profile=None) -> str:
    """A kind of canasta in words; under ``profile``'s rules where they call canastas books (Hand and Foot)."""
    if profile is not None and profile.canasta_name == "book" and kind in BOOK_KIND_NAMES:
        return str(BOOK_KIND_NAMES[kind])
    return str(CANASTA_KIND_NAMES.get(kind, kind))


#: Plain words for the canasta kinds a profile may list (the profile says which exist).
CANASTA_WORDS = {
    "natural": _("Natural"),
    "mixed": _("Mixed"),
    "sevens": _("Sevens"),
    "aces": _("Aces"),
    "wild_twos": _("Seven twos"),
    "wild_jokers": _("Jokers and twos"),
    "wild": _("Other wild cards"),
    "samba": _("Sambas"),
    "escalera": _("Escaleras"),
    "bolivia": _("Bolivias"),
}
#: The same where the rules call their canastas books (Hand and Foot).
BOOK_WORDS = {"natural": _("Clean books"), "mixed": _("Dirty books"), "wild": _("Wild-card books")}


def canasta_word(profile: RuleProfile, kind: str):
    """The deal form's label for a count of canastas of ``kind``."""
    if profile.canasta_name == "book" and kind in BOOK_WORDS:
        return BOOK_WORDS[kind]
    return CANASTA_WORDS.get(kind, kind.replace("_", " "))

"""The kinds of canasta in the words of the pages: a kind by its name (the referee's verdict, the deal preview) and
the deal form's label for a count of them. Hand and Foot calls its canastas books (``canasta_name``)."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l

CANASTA_KIND_NAMES = {
    "natural": _l("Natural canasta"),
    "mixed": _l("Mixed canasta"),
    "sevens": _l("Canasta of sevens"),
    "aces": _l("Canasta of aces"),
    "wild": _l("Wild-card canasta"),
    "samba": _l("Samba"),
    "escalera": _l("Escalera"),
    "bolivia": _l("Bolivia"),
}
#: The same where the rules call their canastas books (Hand and Foot).
BOOK_KIND_NAMES = {
    "natural": _l("Clean book"),
    "mixed": _l("Dirty book"),
    "wild": _l("Wild-card book"),
}


def canasta_kind_name(kind: str, profile=None) -> str:
    """A kind of canasta in words; under ``profile``'s rules where they call canastas books (Hand and Foot)."""
    if profile is not None and profile.canasta_name == "book" and kind in BOOK_KIND_NAMES:
        return str(BOOK_KIND_NAMES[kind])
    return str(CANASTA_KIND_NAMES.get(kind, kind))


#: Plain words for the canasta kinds a profile may list (the profile says which exist).
CANASTA_WORDS = {
    "natural": _l("Natural"),
    "mixed": _l("Mixed"),
    "sevens": _l("Sevens"),
    "aces": _l("Aces"),
    "wild_twos": _l("Seven twos"),
    "wild_jokers": _l("Jokers and twos"),
    "wild": _l("Other wild cards"),
    "samba": _l("Sambas"),
    "escalera": _l("Escaleras"),
    "bolivia": _l("Bolivias"),
}
#: The same where the rules call their canastas books (Hand and Foot).
BOOK_WORDS = {"natural": _l("Clean books"), "mixed": _l("Dirty books"), "wild": _l("Wild-card books")}


def canasta_word(profile: RuleProfile, kind: str):
    """The deal form's label for a count of canastas of ``kind``."""
    if profile.canasta_name == "book" and kind in BOOK_WORDS:
        return BOOK_WORDS[kind]
    return CANASTA_WORDS.get(kind, kind.replace("_", " "))

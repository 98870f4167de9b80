"""Words a person reads about stored games, chosen here (the stores hand over facts, never sentences)."""

from __future__ import annotations

from flask_babel import gettext as _
from flask_babel import ngettext


def side_words(cell) -> str:
    """A few words for a side's cell of a scorepad row: "2 canastas, went out"."""
    parts = []
    if cell.canastas:
        parts.append(ngettext("%(num)d canasta", "%(num)d canastas", cell.canastas))
    if cell.concealed:
        parts.append(_("went out concealed"))
    elif cell.went_out:
        parts.append(_("went out"))
    if cell.red_threes:
        parts.append(ngettext("%(num)d red three", "%(num)d red threes", cell.red_threes))
    return ", ".join(parts) or _("no canasta")

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


def option_changes(summary) -> list[str]:
    """The club options a game plays that differ from its rules' defaults, each in words."""
    from ..rules import get_profile
    from ..sheets.facts import option_lines

    return option_lines(summary.profile, get_profile(summary.game.rules))


def options_changed(before, after) -> str:
    """What a change of club options did, in words: the options now in force and each side's total."""
    from ..i18n import format_number

    lines = option_changes(after)
    now = "; ".join(lines) if lines else _("the rules' own defaults")
    moved = [f"{side.name} {format_number(after.totals[side.key])} (was {format_number(before.totals[side.key])})"
             for side in after.game.sides if after.totals[side.key] != before.totals[side.key]]
    totals = "Totals now: " + ", ".join(moved) + "." if moved else "No total changed."
    return f"Club options changed; in force now: {now}. Every deal was scored again. {totals}"

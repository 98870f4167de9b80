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


# --------------------------------------------------------------------------------------
# The history of a game, told in words
# --------------------------------------------------------------------------------------

_FIELD_WORDS = {"meld_points": "card points melded", "hand_points": "card points left in hands",
                "red_threes": "red threes", "black_threes": "black threes", "melds": "melds", "hands": "hands"}
_ACTION_WORDS = {"create": "Game started", "add": "Deal saved", "edit": "Deal corrected", "delete": "Deal deleted",
                 "undo": "Undone", "redo": "Redone", "lock": "Locked", "unlock": "Unlocked",
                 "options": "Club options changed", "delete_game": "Game deleted"}


def _side_facts(entry: dict) -> dict[str, str]:
    """What was entered for one side, each fact by its words."""
    from .forms import CANASTA_WORDS

    facts: dict[str, str] = {}
    went = "went out concealed" if entry.get("concealed") else ("went out" if entry.get("went_out") else "")
    if went:
        facts["went out"] = went
    for kind, count in (entry.get("canastas") or {}).items():
        if count:
            facts[f"{CANASTA_WORDS.get(kind, kind).lower()} canastas"] = str(count)
    for key in ("meld_points", "hand_points", "red_threes", "black_threes"):
        if entry.get(key):
            facts[_FIELD_WORDS[key]] = str(entry[key])
    for key in ("melds", "hands"):
        cards = [text for text in entry.get(key) or [] if text]
        if cards:
            facts[_FIELD_WORDS[key]] = " / ".join(cards)
    penalties = entry.get("penalties") or []
    if penalties:
        facts["penalties"] = ", ".join(p if isinstance(p, str) else f"{p.get('points')} ({p.get('reason')})"
                                       for p in penalties).replace("-", " ")
    return facts


def _deal_words(record: dict, names: dict[str, str]) -> str:
    parts = []
    for key, entry in (record.get("sides") or {}).items():
        facts = _side_facts(entry)
        told = ", ".join(v if k == "went out" else f"{k} {v}" for k, v in facts.items()) or "nothing"
        parts.append(f"{names.get(key, key)}: {told}")
    return "; ".join(parts)


def _deal_diff(before: dict, after: dict, names: dict[str, str]) -> str:
    parts = []
    for key in after.get("sides") or {}:
        old = _side_facts((before.get("sides") or {}).get(key, {}))
        new = _side_facts(after["sides"][key])
        for fact in dict.fromkeys([*old, *new]):
            if old.get(fact) != new.get(fact):
                parts.append(f"{names.get(key, key)}: {fact} {old.get(fact, 'none')} → {new.get(fact, 'none')}")
    return "; ".join(parts) or "no value changed"


def _options_diff(change, profile_id: str) -> str:
    from ..rules import get_profile, profile_options

    options = {o.name: o for o in profile_options(get_profile(profile_id))}
    before, after = (change.before or {}).get("options", {}), (change.after or {}).get("options", {})
    parts = []
    for name, option in options.items():
        old, new = before.get(name, option.default), after.get(name, option.default)
        if old != new:
            parts.append(f"{option.label}: {option_word(old)} → {option_word(new)}")
    return "; ".join(parts) or "no option changed"


def option_word(value) -> str:
    if value is True or value is False:
        return "yes" if value else "no"
    return str(value).replace("_", " ")


def change_story(change, summary) -> dict:
    """One entry of a game's history: what happened, to which deal, who did it, and before → after in words."""
    names = {side.key: side.name for side in summary.game.sides}
    row = summary.row_of(change.deal_id) if change.deal_id else None
    deal = f"deal {row.number}" if row else ("a deal no longer in the game" if change.deal_id else "")
    before, after = change.before, change.after
    if change.action == "options":
        detail = _options_diff(change, summary.game.rules)
    elif change.action in ("add", "delete") or (change.action in ("undo", "redo") and not (before and after)):
        record = after or before or {}
        verb = "" if change.action in ("add", "delete") else ("brought back: " if after else "taken away: ")
        detail = verb + _deal_words(record, names)
    elif before and after:
        detail = _deal_diff(before, after, names)
    else:
        detail = ""
    return {"what": _ACTION_WORDS.get(change.action, "Changed"), "deal": deal, "who": change.who,
            "at": change.at, "detail": detail, "reason": change.reason if change.action not in ("undo", "redo")
            else None, "undone": change.undone}

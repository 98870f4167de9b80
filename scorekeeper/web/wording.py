"""Words a person reads about stored games, chosen here (the stores hand over facts, never sentences)."""

from __future__ import annotations

import re

from scorekeeper.rules.i18n import _, ngettext

from ..i18n import format_number
from ..i18n import listed
from scorekeeper.stores.tournaments.log import who_words
from scorekeeper.rules import RulesError, get_profile, parse_deal, profile_options
from scorekeeper.rules.deal_checks import lone_hand
from scorekeeper.rules.cards import shown_cards
from scorekeeper.rules.family import NOTES as FAMILY_NOTES
from scorekeeper.sheets.facts import option_lines


def side_words(cell) -> str:
    """A few words for a side's cell of a scorepad row: "2 canastas, went out"."""
    parts = []
    if cell.canastas:
        parts.append(ngettext("%(num)d canasta", "%(num)d canastas", cell.canastas))
    if cell.partner and (cell.went_out or cell.concealed):  # cut-throat: one of the two partners went out
        parts.append(_("the partnership went out concealed") if cell.concealed else _("the partnership went out"))
    elif cell.concealed:
        parts.append(_("went out concealed"))
    elif cell.went_out:
        parts.append(_("went out"))
    if cell.red_threes:
        parts.append(ngettext("%(num)d red three", "%(num)d red threes", cell.red_threes))
    return ", ".join(map(str, parts)) or str(_("no canasta"))


def option_changes(summary) -> list[str]:
    """The club options a game plays that differ from its rules' defaults, each in words."""

    return option_lines(summary.profile, get_profile(summary.game.rules))


def options_changed(before, after) -> str:
    """What a change of club options did, in words: the options now in force and each side's total."""
    lines = option_changes(after)
    now = "; ".join(map(str, lines)) if lines else _("the rules' own defaults")
    moved = [_("%(side)s %(total)s (was %(before)s)", side=side.name, total=format_number(after.totals[side.key]),
               before=format_number(before.totals[side.key]))
             for side in after.game.sides if after.totals[side.key] != before.totals[side.key]]
    totals = _("Totals now: %(totals)s.", totals=", ".join(map(str, moved))) if moved else _("No total changed.")
    return _("Club options changed; in force now: %(options)s. Every deal was scored again. %(totals)s",
             options=now, totals=totals)


# --------------------------------------------------------------------------------------
# The history of a game, told in words
# --------------------------------------------------------------------------------------

#: What was entered for a side, each fact by its words (the keys are the stored deal's).
_FIELD_WORDS = {"meld_points": _("card points melded"), "hand_points": _("card points left in hands"),
                "red_threes": _("red threes"), "black_threes": _("black threes"), "melds": _("melds"),
                "hands": _("cards left in hands"), "penalties": _("penalties")}
_CANASTA_FACTS = {"natural": _("natural canastas"), "mixed": _("mixed canastas"), "sevens": _("canastas of sevens"),
                  "aces": _("canastas of aces"), "wild_twos": _("canastas of seven twos"),
                  "wild_jokers": _("canastas of jokers and twos"), "wild": _("canastas of other wild cards"),
                  "samba": _("sambas"), "escalera": _("escaleras"), "bolivia": _("bolivias")}
_ACTION_WORDS = {"create": _("Game started"), "add": _("Deal saved"), "edit": _("Deal corrected"),
                 "delete": _("Deal deleted"), "undo": _("Undone"), "redo": _("Redone"), "lock": _("Locked"),
                 "unlock": _("Unlocked"), "options": _("Club options changed"),
                 "language": _("Language fixed for every phone"), "unfix_language": _("Language left to each phone"),
                 "delete_game": _("Game deleted"),
                 "restore_game": _("Game taken out of the bin"), "import": _("Game imported from a file")}
#: Changes whose stored reason is the app's own note, not words a person typed.
_NOTED_BY_THE_APP = {"undo", "redo", "import", "delete_game", "restore_game", "purge_game"}
#: The ``who`` an import stores: the command, or the import page (named by the change itself).
_IMPORTERS = {"scorekeeper import": _("the scorekeeper command"), "import": ""}  # i18n: not for people (keys)
#: In a before → after, a fact that was not there (or is no longer).
_NONE = "—"


def _count(value) -> str:
    return format_number(value) if isinstance(value, int) and not isinstance(value, bool) else str(value)


def _penalty_words(penalty, profile) -> str:
    """A penalty as charged: its name in the reader's words, or the points and the reason a person typed."""
    if isinstance(penalty, str):
        known = profile.penalty(penalty) if profile is not None else None
        return _(known.label) if known else penalty.replace("_", " ").replace("-", " ")
    return _("%(points)s (%(reason)s)", points=_count(penalty.get("points")), reason=penalty.get("reason") or "")


def _side_facts(entry: dict, profile=None) -> dict[str, tuple[str, str]]:
    """What was entered for one side: each fact's key, with its words and its value."""
    facts: dict[str, tuple[str, str]] = {}
    if entry.get("concealed") or entry.get("went_out"):
        facts["went_out"] = ("", _("went out concealed") if entry.get("concealed") else _("went out"))
    for kind, count in (entry.get("canastas") or {}).items():
        if count:
            label = _CANASTA_FACTS.get(kind) or _("%(kind)s canastas", kind=kind.replace("_", " "))
            facts[f"canastas:{kind}"] = (str(label), _count(count))
    for key in ("meld_points", "hand_points", "red_threes", "black_threes"):
        if entry.get(key):
            facts[key] = (str(_FIELD_WORDS[key]), _count(entry[key]))
    for key in ("melds", "hands"):
        cards = [text for text in entry.get(key) or [] if text]
        if cards:
            facts[key] = (str(_FIELD_WORDS[key]), " / ".join(shown_cards(text) for text in cards))
    penalties = entry.get("penalties") or []
    if penalties:
        facts["penalties"] = (str(_FIELD_WORDS["penalties"]), ", ".join(_penalty_words(p, profile) for p in penalties))
    return facts


def alone_words(game, lone: str | None) -> str:
    """Cut-throat: who played alone in a deal and who were partners, in words ("" when nobody played alone)."""
    if not lone:
        return ""
    alone = next((side.name for side in game.sides if side.key == lone), lone)
    return _("%(alone)s played alone; %(partners)s were partners.", alone=alone,
             partners=listed([side.name for side in game.sides if side.key != lone][:2]))


def _lone_of(record: dict, profile) -> str | None:
    """Who played alone in a deal as recorded (the engine's answer; None when it cannot say)."""
    try:
        sides, _before = parse_deal({"sides": record.get("sides") or {}}, profile)
        return lone_hand(profile, sides)
    except RulesError:
        return None


def _deal_words(record: dict, names: dict[str, str], profile, game=None) -> str:
    parts = []
    for key, entry in (record.get("sides") or {}).items():
        facts = _side_facts(entry, profile).values()
        told = ", ".join(f"{label} {value}" if label else str(value) for label, value in facts) or _("nothing entered")
        parts.append(f"{names.get(key, key)}: {told}")
    alone = alone_words(game, _lone_of(record, profile)) if game is not None and profile.cut_throat else ""
    return "; ".join(parts) + (f" ({alone})" if alone else "")


def _deal_diff(before: dict, after: dict, names: dict[str, str], profile) -> str:
    parts = []
    for key in after.get("sides") or {}:
        old = _side_facts((before.get("sides") or {}).get(key, {}), profile)
        new = _side_facts(after["sides"][key], profile)
        for fact in dict.fromkeys([*old, *new]):
            if old.get(fact) != new.get(fact):
                label = (new.get(fact) or old.get(fact))[0] or _("going out")
                was, now = (old.get(fact) or ("", _NONE))[1], (new.get(fact) or ("", _NONE))[1]
                parts.append(f"{names.get(key, key)}: {label} {was} → {now}")
    return "; ".join(parts) or _("no value changed")


def _options_diff(change, profile) -> str:

    options = {o.name: o for o in profile_options(profile)}
    before, after = (change.before or {}).get("options", {}), (change.after or {}).get("options", {})
    parts = []
    for name, option in options.items():
        old, new = before.get(name, option.default), after.get(name, option.default)
        if old != new:
            parts.append(f"{_(option.label)}: {option.value_words(old)} → {option.value_words(new)}")
    return "; ".join(parts) or _("no option changed")


def _detail(change, summary, names: dict[str, str]) -> str:
    """Before → after of a change, in words."""

    profile = get_profile(summary.game.rules)
    before, after = change.before, change.after
    if change.action == "options":
        return _options_diff(change, profile)
    if change.action in ("add", "delete"):
        return _deal_words(after or before or {}, names, summary.profile, summary.game)
    if change.action in ("undo", "redo") and not (before and after):
        words = _deal_words(after or before or {}, names, summary.profile, summary.game)
        return _("brought back: %(deal)s", deal=words) if after else _("taken away: %(deal)s", deal=words)
    if before and after and (before.get("sides") or after.get("sides")):
        return _deal_diff(before, after, names, profile)
    return ""


def _who(change) -> str:
    """Who made a change, in the reader's words; an import names the command, or nobody (the page did it)."""
    if change.action == "import" and change.who in _IMPORTERS:
        return str(_IMPORTERS[change.who])
    return who_words(change.who)


def change_story(change, summary) -> dict:
    """One entry of a game's history: what happened, to which deal, who did it, and before → after in words."""
    names = {side.key: side.name for side in summary.game.sides}
    row = summary.row_of(change.deal_id) if change.deal_id else None
    if row:
        deal = _("deal %(number)s", number=row.number)
    else:
        deal = _("a deal no longer in the game") if change.deal_id else ""
    action = change.action
    if action == "language" and not (change.after or {}).get("language"):
        action = "unfix_language"  # i18n: not for people (a key)
    what = _ACTION_WORDS.get(action)
    return {"what": str(what) if what else _("Changed"), "deal": deal, "who": _who(change),
            "at": change.at, "detail": _detail(change, summary, names),
            "reason": None if change.action in _NOTED_BY_THE_APP else change.reason, "undone": change.undone}


#: The rule documents by the titles people know them by (not translated, like a book's title; named like the
#: profiles' _..._SOURCES, the headings cited as written). The engine
#: cites a document by its file ("004 classic Canasta rules page"), which is for the project, not for players.
_DOCUMENT_SOURCES = {
    "bicycle": "Canasta General Rules (Bicycle)",
    "yahoo": "How to Play Canasta (Yahoo! Games)",
    "modern-american": "Modern American Canasta",
    "silhill": "Silhill u3a Canasta Rules",
    "classic": "Classic Canasta rules page",
}

#: The project's notes inside a citation that point into its own documents, said for players instead.
_NOTES = {
    "docs/RULES.md §3.1, outside sources": _("other rule books"),
    "rule of five: docs/RULES.md §3.2, outside sources": _("the rule of five, from other rule books"),
    "docs/RULES.md §2.1 one meld per rank": _("one meld per rank"),
    # the family's pages are named by keys, listed with their names on the rules pages (rules.family.PAGES)
    FAMILY_NOTES["four_hand"]: _("as in the four-hand game: RG-S, WIKI-DE-S"),
    FAMILY_NOTES["as_samba"]: _("as in Samba: BCA-S"),
    FAMILY_NOTES["nhf"]: "NHF-S",
    FAMILY_NOTES["minimum_7000"]: _("BCA-S and BCA-B differ: a club option"),
    FAMILY_NOTES["threes_sign"]: _("HSW-S and RG-S differ: a club option"),
}


def document_title(profile) -> str:
    """The title of the document a rule set comes from, as people know it."""
    return _DOCUMENT_SOURCES.get(profile.id, re.sub(r"^\d+\s+", "", profile.source))


def citation(profile, source: str | None) -> str:
    """Where a rule comes from, as players read it: ``"yahoo: Canasta¶ (docs/RULES.md Y-A1)"`` becomes
    "How to Play Canasta (Yahoo! Games), Canasta": the document's title and its heading, no file number, no
    pilcrow, no path into the repository (the project's own reading of a rule is its business, not theirs)."""
    if not source:
        return ""
    text = str(source)
    if profile is not None and text.startswith(f"{profile.id}:"):
        text = text[len(profile.id) + 1:].strip()
        title = document_title(profile)
    else:
        title = None
    heading, _bracket, note = text.partition(" (")
    note = note[:-1] if note.endswith(")") else note
    words = str(_NOTES[note]) if note in _NOTES else ""
    heading = heading.replace("¶", "").strip()
    parts = [p for p in (title, heading) if p]
    return ", ".join(parts) + (f" ({words})" if words else "")

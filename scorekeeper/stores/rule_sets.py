"""Club rule sets: one of the five profiles copied, named ("Tuesday rules"), with the club's options and target
and a note of why. Every change is a new version of the set, a row of its own; a game or tournament records the
version it started under (``tuesday-rules@2``) and the rules and options it plays under, so a later version never
changes a running game.

A set is known by ``club-<key>`` wherever a profile id is (the API's ``rules``, the forms, the referee, the
rules pages); ``resolve`` turns either kind of id into the profile id and the options to apply. A set travels
as a small JSON file (``to_file`` / ``from_file``), or as a link carrying the same JSON.
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass, field

from scorekeeper.db.contract import Database

from .. import clock
from ..rules import PROFILES, RuleProfile, RulesError, UnknownRules, get_profile
from ..rules.i18n import _
from ..rules.options import without_retired
from scorekeeper.rows import Row

from . import devices, files
from .rows import dumps

PREFIX = "club-"
FILE_FORMAT = "canasta-rule-set"
NAME_MAX, NOTE_MAX = 60, 1000
#: The largest rule set file read (a set with its longest note is under 4 kB), and how deep one nests: the file,
#: its options, a list of minimums, one minimum; a little room besides.
MAX_FILE_BYTES, MAX_DEPTH = 64 * 1024, 6


class InvalidRuleSet(ValueError):
    """A rule set that cannot be saved or read: ``field`` says which part (``name``, ``base``, ``options``...);
    ``too_large``: a file over ``MAX_FILE_BYTES``."""

    def __init__(self, message: str, field: str | None = None, too_large: bool = False):
        super().__init__(message)
        self.message = message
        self.field = field
        self.too_large = too_large


@dataclass(frozen=True)
class RuleSet(Row):
    """One version of a club's rule set."""

    key: str
    version: int
    base: str
    name: str
    options: dict = field(hash=False)
    note: str
    created_at: str

    @property
    def id(self) -> str:
        """The id used wherever a profile id is: ``club-tuesday-rules``."""
        return PREFIX + self.key

    @property
    def ref(self) -> str:
        """This version, as a game records it: ``tuesday-rules@2``."""
        return f"{self.key}@{self.version}"

    @property
    def profile(self) -> RuleProfile:
        """The base profile with the club's options applied, under the set's name."""
        return named(get_profile(self.base).with_options(self.options), self.name)

    def differences(self) -> list[tuple[str, object, object]]:
        """Where the set differs from the profile it copies: (option name, the profile's value, the set's)."""
        base, mine = get_profile(self.base).option_values(), self.profile.option_values()
        return [(name, base[name], mine[name]) for name in base if mine.get(name) != base[name]]


def named(profile: RuleProfile, name: str) -> RuleProfile:
    from dataclasses import replace

    return replace(profile, name=name)


def _decode(row) -> RuleSet:
    values = dict(row)
    return RuleSet(key=values["key"], version=values["version"], base=values["base"], name=values["name"],
                   options=without_retired(json.loads(values["options"] or "{}")), note=values["note"] or "",
                   created_at=values["created_at"])


def _slug(name: str) -> str:
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")[:40].strip("-") or "rules"


def _free_key(db: Database, name: str) -> str:
    base = _slug(name)
    key, n = base, 1
    while db.execute("SELECT 1 FROM rule_sets WHERE key = ?", [key]).fetchone():
        n += 1
        key = f"{base}-{n}"
    return key


def check(base: str, name: str, options, note: str) -> tuple[str, str, dict, str]:
    """The parts of a set, cleaned, or InvalidRuleSet naming the part that is wrong; the engine checks the
    options against the base profile (a value it does not allow is refused in its words)."""
    if not isinstance(base, str) or base not in PROFILES:
        raise InvalidRuleSet(_("Choose which rules the set copies: one of %(ids)s.", ids=", ".join(PROFILES)),
                             "base")
    name = " ".join(str(name or "").split())
    if not name:
        raise InvalidRuleSet(_("Give the rule set a name, such as “Tuesday rules”."), "name")
    if len(name) > NAME_MAX:
        raise InvalidRuleSet(_("A name of at most %(most)s characters.", most=NAME_MAX), "name")
    note = str(note or "").strip()
    if len(note) > NOTE_MAX:
        raise InvalidRuleSet(_("A note of at most %(most)s characters.", most=NOTE_MAX), "note")
    if not isinstance(options, dict):
        raise InvalidRuleSet(_("The options are names with values."), "options")
    try:
        get_profile(base).with_options(options)
    except RulesError as error:
        raise InvalidRuleSet(error.message, error.field or "options") from None
    return base, name, dict(options), note


def save(db: Database, *, base: str, name: str, options: dict, note: str = "", key: str | None = None) -> RuleSet:
    """A new set, or (``key``) a new version of an existing one; raises InvalidRuleSet."""
    base, name, options, note = check(base, name, options, note)
    if key is None:
        key, version = _free_key(db, name), 1
    else:
        row = db.execute("SELECT MAX(version) FROM rule_sets WHERE key = ?", [key]).fetchone()
        if not row or row[0] is None:
            raise InvalidRuleSet(_("There is no rule set to change under that name."), "key")
        version = row[0] + 1
    with db.write():  # the unique (key, version) index refuses a second save of the same version
        db.execute("INSERT INTO rule_sets (key, version, base, name, options, note, created_at) "
                   "VALUES (?, ?, ?, ?, ?, ?, ?)", [key, version, base, name, dumps(options), note, clock.stamp()])
    return get(db, key, version)


def get(db: Database, key: str, version: int | None = None) -> RuleSet | None:
    """A set's version (the latest by default), or None."""
    if version is None:
        row = db.execute("SELECT * FROM rule_sets WHERE key = ? ORDER BY version DESC LIMIT 1", [key]).fetchone()
    else:
        row = db.execute("SELECT * FROM rule_sets WHERE key = ? AND version = ?", [key, version]).fetchone()
    return _decode(row) if row else None


def by_id(db: Database, rules_id) -> RuleSet | None:
    """The latest version of the set ``club-<key>``, or None (also for a profile id)."""
    if not isinstance(rules_id, str) or not rules_id.startswith(PREFIX):
        return None
    return get(db, rules_id[len(PREFIX):])


def by_ref(db: Database, ref: str | None) -> RuleSet | None:
    """The version a game or tournament recorded (``tuesday-rules@2``), or None."""
    key, _at, version = (ref or "").rpartition("@")
    return get(db, key, int(version)) if key and version.isdigit() else None


def latest(db: Database, device: str | None) -> list[RuleSet]:
    """The latest version of each set in this phone's list (made, imported or opened on it), by name: never
    every club's sets of the server."""
    keys = devices.listed(db, device, "rule_set")
    if not keys:
        return []
    marks = ",".join("?" * len(keys))
    rows = db.execute(f"SELECT * FROM rule_sets r WHERE key IN ({marks}) "  # i18n: not for people (SQL)
                      "AND version = (SELECT MAX(version) FROM rule_sets WHERE key = r.key) "
                      "ORDER BY lower(name), name", keys).fetchall()
    return [_decode(row) for row in rows]


def resolve(db: Database, rules_id, options: dict | None = None) -> tuple[str, dict, RuleSet | None]:
    """A profile id or a set's id, as (profile id, the options to apply, the set or None): a set's options
    first, then ``options`` over them. Raises UnknownRules naming the five and the club's sets."""
    options = dict(options or {})
    if isinstance(rules_id, str) and rules_id in PROFILES:
        return rules_id, options, None
    found = by_id(db, rules_id)
    if found is None:
        known = ", ".join(PROFILES)  # never the club sets of the server: they are not everyone's to list
        raise UnknownRules(_("There are no rules called '%(id)s'. Choose one of: %(known)s.", id=rules_id,
                             known=known), field="rules")
    return found.base, {**found.options, **options}, found


def profile_of(db: Database, rules_id, options: dict | None = None) -> RuleProfile:
    """The profile ``rules_id`` names (a set under its own name) with ``options`` applied; raises RulesError."""
    base, merged, found = resolve(db, rules_id, options)
    profile = get_profile(base).with_options(merged)
    return named(profile, found.name) if found else profile


# --------------------------------------------------------------------------------------
# As a file, or a link
# --------------------------------------------------------------------------------------

def to_file(rule_set: RuleSet) -> dict:
    """The set as the file another server imports."""
    return {"format": FILE_FORMAT, "version": 1, "base": rule_set.base, "name": rule_set.name,
            "options": rule_set.options, "note": rule_set.note}


#: What each reason ``files.read_json`` gives means for a rule set's file or link.
UNREADABLE = {
    "too_large": _("This file is larger than %(most)s kB, far larger than any rule set.", most=MAX_FILE_BYTES // 1024),
    "not_text": _("This is not text: a rule set file holds only text."),
    "not_json": _("This is not a rule set file of the Canasta Scorekeeper."),
    "too_deep": _("This is nested deeper than any rule set, so it is not one."),
}


def read_file(raw: bytes | str) -> tuple[str, str, dict, str]:
    """A rule set file's set (as bytes or text), read as hostile (``stores.files``) and checked like one made here;
    raises InvalidRuleSet, saying why."""
    try:
        data = files.read_json(raw, max_bytes=MAX_FILE_BYTES, max_depth=MAX_DEPTH)
    except files.Unreadable as unreadable:
        raise InvalidRuleSet(UNREADABLE[unreadable.code], "file", too_large=unreadable.code == "too_large") from None
    return from_file(data)


def from_file(data) -> tuple[str, str, dict, str]:
    """A file's set, checked like one made here; raises InvalidRuleSet."""
    if not isinstance(data, dict) or data.get("format") != FILE_FORMAT:
        raise InvalidRuleSet(_("This is not a rule set file of the Canasta Scorekeeper."), "file")
    if data.get("version") != 1:
        raise InvalidRuleSet(_("This rule set file was written by a newer version of the app."), "file")
    return check(data.get("base"), data.get("name"), data.get("options", {}), data.get("note", ""))

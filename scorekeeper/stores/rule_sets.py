"""Club rule sets: one of the five profiles copied, named ("Tuesday rules"), with the club's options and target
and a note of why. Every change is a new version of the set, a row of its own; a game or tournament records the
version it started under (``tuesday-rules@2``) and the rules and options it plays under, so a later version never
changes a running game.

A set belongs to one club (issue 30): only its directors make it, version it and retire it (``club_id`` is in
every statement that writes one). Anyone may read a set by its id and copy it: into a club they direct (a new set
of that club, ``save`` without a ``key``) or into a casual game. A retired set is no longer offered for new games
and evenings, and still answers by its id. A new set's key carries a random suffix (``tuesday-rules-3fa9c2``), so
two clubs' "Tuesday rules" never share an id and no id tells of another club's set.

A set is known by ``club-<key>`` wherever a profile id is (the API's ``rules``, the forms, the referee, the
rules pages); ``resolve`` turns either kind of id into the profile id and the options to apply. A set travels
as a small JSON file (``to_file`` / ``from_file``), or as a link carrying the same JSON.
"""

from __future__ import annotations

import json
import re
import secrets
import unicodedata
from dataclasses import dataclass, field

from scorekeeper.db.contract import Database

from .. import clock
from ..rules import PROFILES, RuleProfile, RulesError, UnknownRules, get_profile
from ..rules.i18n import _
from ..rules.options import without_retired
from scorekeeper.rows import Row

from . import devices, files
from .club_log import log
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
    club_id: int | None = None  # the club whose set it is
    retired_at: str | None = None  # when its directors retired it: no longer offered, still read by id

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
                   created_at=values["created_at"], club_id=values.get("club_id"), retired_at=values.get("retired_at"))


def _slug(name: str) -> str:
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")[:40].strip("-") or "rules"


def _free_key(db: Database, name: str) -> str:
    """The name's slug with a random suffix no set has."""
    while True:
        key = f"{_slug(name)}-{secrets.token_hex(3)}"
        if not db.execute("SELECT 1 FROM rule_sets WHERE key = ?", [key]).fetchone():
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


def save(db: Database, club_id: int, *, base: str, name: str, options: dict, note: str = "",
         key: str | None = None, director=None) -> RuleSet:
    """A new set of the club, or (``key``) a new version of one of the club's own sets; raises InvalidRuleSet
    (``key``: the club has no such set, so nobody versions another club's set)."""
    base, name, options, note = check(base, name, options, note)
    with db.write(key="clubs"):  # the unique (key, version) index refuses a second save of the same version
        if key is None:
            key, version = _free_key(db, name), 1
        else:
            row = db.execute("SELECT MAX(version) FROM rule_sets WHERE key = ? AND club_id = ?", [key, club_id]).fetchone()
            if not row or row[0] is None:
                raise InvalidRuleSet(_("There is no rule set to change under that name."), "key")
            version = row[0] + 1
        db.execute("INSERT INTO rule_sets (key, version, base, name, options, note, created_at, club_id) "
                   "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                   [key, version, base, name, dumps(options), note, clock.stamp(), club_id])
        log(db, club_id, action="rule_set_made" if version == 1 else "rule_set_versioned", director=director,
            subject=name, after={"id": PREFIX + key, "version": version})
    return get(db, key, version)


def retire(db: Database, club_id: int, key: str, *, retired: bool = True, director=None) -> RuleSet:
    """Retire one of the club's sets (or bring it back); refused (InvalidRuleSet "key") for another's."""
    with db.write(key="clubs"):
        found = get(db, key)
        if found is None or found.club_id != club_id:
            raise InvalidRuleSet(_("There is no rule set to change under that name."), "key")
        db.execute("UPDATE rule_sets SET retired_at = ? WHERE key = ? AND club_id = ?",
                   [clock.stamp() if retired else None, key, club_id])
        log(db, club_id, action="rule_set_retired" if retired else "rule_set_restored", director=director,
            subject=found.name)
    return get(db, key)


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


def latest(db: Database, club_ids, *, device: str | None = None, retired: bool = False) -> list[RuleSet]:
    """The latest version of every set of the clubs ``club_ids`` (an id or several) and of the sets in this
    phone's list (``device``: opened on it), by name; the retired ones only with ``retired``. Never every club's
    sets of the server."""
    ids = [club_ids] if isinstance(club_ids, int) else list(club_ids)
    keys = devices.listed(db, device, "rule_set")
    if not ids and not keys:
        return []
    clubs, listed = ",".join("?" * len(ids)) or "NULL", ",".join("?" * len(keys)) or "NULL"  # IN (NULL): none
    kept = "" if retired else " AND r.retired_at IS NULL"  # i18n: not for people (SQL)
    rows = db.execute(f"SELECT * FROM rule_sets r WHERE (r.club_id IN ({clubs}) OR r.key IN ({listed})){kept} "  # i18n: not for people (SQL)
                      "AND version = (SELECT MAX(version) FROM rule_sets WHERE key = r.key) ORDER BY lower(name), name",
                      [*ids, *keys]).fetchall()
    return [_decode(row) for row in rows]


def club_set(db: Database, club_id: int, rules_id) -> RuleSet | None:
    """The latest version of one of the club's own sets, by its id; another club's is not found."""
    found = by_id(db, rules_id)
    return found if found is not None and found.club_id == club_id else None


def resolve(db: Database, rules_id, options: dict | None = None) -> tuple[str, dict, RuleSet | None]:
    """A profile id or a set's id, as (profile id, the options to apply, the set or None): a set's options
    first, then ``options`` over them. Raises UnknownRules naming the profiles, never the club's sets."""
    options = dict(options or {})
    if isinstance(rules_id, str) and rules_id in PROFILES:
        return rules_id, options, None
    found = by_id(db, rules_id)
    if found is None:  # a club's sets are not listed to whoever asks: only the profiles are named
        raise UnknownRules(_("There are no rules called '%(id)s'. Choose one of: %(known)s.", id=rules_id,
                             known=", ".join(PROFILES)), field="rules")
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

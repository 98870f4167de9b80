"""A game's file brought back in: ``import_file`` reads the JSON ``stores.transfer`` exports and makes its game.

A file from anywhere is read as hostile until proven a game this server could have played. It is refused, with
its reason and nothing written, when it is too large (``MAX_FILE_BYTES``, the limit the import page states) or
nested deeper than a game is (``MAX_DEPTH``), is not JSON or not text, names a format this version does not
read, seats sides and players the profile does not (the engine says which: ``RuleProfile.side_sizes``), holds
more deals than a game may, or does not add up (its totals must follow from its deals, scored by the engine).
``ImportRefused.kind`` says which: "malformed", "newer", "inconsistent" or "imported".

The same file imported again (its answer was lost, or the command was killed after its commit) gives the game it
made the first time, not a second one: each imported game keeps the key of its file (``file_key``, a hash of the
game as read, and of the phone importing it: another phone's import of the same file is a game of its own), which
the database holds once (migration ``0010_imported_files``). Names are held to the new-game form's 40
characters; reading the file is ``stores.files``'s.
"""

from __future__ import annotations

import hashlib
import json
import re
from datetime import timezone

from scorekeeper.db.contract import Conflict, Database

from scorekeeper import clock
from scorekeeper.rules import RulesError, game_state, get_profile, profile_options
from scorekeeper.stores import changes, devices, files, games
from scorekeeper.stores.deals import MAX_DEALS, keep_running
from scorekeeper.stores.errors import InvalidGame
from scorekeeper.scorepad.rows import MODES, Game, side_names
from scorekeeper.scorepad.summary import GameSummary, score
from scorekeeper.stores.transfer import FORMAT_NAME, FORMAT_VERSION, deal_to_json

# A refusal is a fact (rules.i18n.Text): the import page and the command word it in their reader's language.
from scorekeeper.rules.i18n import Words, _, amount, joined, ngettext

#: The largest file the import page and command read, and the limit the page states (a 500-deal game entered card
#: by card is about 300 kB). A request may carry the file and ``FORM_BYTES`` of form besides (the app's
#: MAX_CONTENT_LENGTH is ``MAX_REQUEST_BYTES``).
MAX_FILE_BYTES = 1024 * 1024
FORM_BYTES = 64 * 1024
MAX_REQUEST_BYTES = MAX_FILE_BYTES + FORM_BYTES
#: The deepest a game's file nests: the file, the game, its deals, a deal, its sides, a side, a list of melds or
#: penalties, a penalty (8); a little room besides.
MAX_DEPTH = 10
#: The longest side or player name, as the new-game form allows (``web.forms``).
NAME_MAX = 40
_VERSION = re.compile(r"[0-9]{1,6}")


class ImportRefused(ValueError):
    """A file that cannot be imported: ``kind`` is "malformed", "newer", "inconsistent" or "imported" (a file
    imported before whose game is now in the bin)."""

    def __init__(self, kind: str, message: Words):
        super().__init__(message)
        self.kind = kind
        self.message = message

    def __str__(self) -> str:
        return str(self.message)


def _malformed(message: Words) -> ImportRefused:
    return ImportRefused("malformed", _("This file cannot be read as a scorekeeper game: %(reason)s", reason=message))


def _inconsistent(message: Words) -> ImportRefused:
    return ImportRefused("inconsistent", _("This file does not add up, so nothing was imported: %(reason)s",
                                           reason=message))


def too_large() -> ImportRefused:
    """The refusal of a file over ``MAX_FILE_BYTES``, saying the limit (the import page answers it for a request
    too large to read, too)."""
    return _malformed(_("it is larger than %(limit)s MB, far larger than any game.",
                        limit=amount(MAX_FILE_BYTES // (1024 * 1024))))


# --------------------------------------------------------------------------------------
# Reading the file
# --------------------------------------------------------------------------------------


#: What each reason ``files.read_json`` gives for a file no import reads means for a game's file.
_UNREADABLE = {
    "not_text": lambda: _malformed(_("it is not a text file.")),
    "not_json": lambda: _malformed(_("it is not JSON (was it saved from the game's \"Download (JSON)\" link?).")),
    "too_deep": lambda: _malformed(_("it is nested deeper than any game.")),
    "too_large": too_large,
}


def _parse(raw: bytes | str):
    try:
        return files.read_json(raw, max_bytes=MAX_FILE_BYTES, max_depth=MAX_DEPTH)
    except files.Unreadable as unreadable:
        raise _UNREADABLE[unreadable.code]() from None


def read_document(raw: bytes | str) -> dict:
    """The file's game, with its size, nesting and format checked; ImportRefused when it is not one this version
    reads."""
    document = _parse(raw)
    if not isinstance(document, dict) or not isinstance(document.get("format"), str):
        raise _malformed(_("it does not say which format it is in."))
    name, _slash, version = document["format"].partition("/")
    if name != FORMAT_NAME or not _VERSION.fullmatch(version):
        raise _malformed(_("its format \"%(format)s\" is not a scorekeeper game.", format=document["format"][:40]))
    if int(version) > FORMAT_VERSION:
        raise ImportRefused("newer", _("This file was written by a newer scorekeeper (format %(theirs)s; this one "
                                       "reads format %(ours)s). Update the scorekeeper, then import it.",
                                       theirs=int(version), ours=FORMAT_VERSION))
    if not isinstance(document.get("game"), dict):
        raise _malformed(_("it holds no game."))
    return document["game"]


def file_key(game: dict) -> str:
    """The key of a game's file: the same game, however its file is spaced or its keys ordered, has the same."""
    canonical = json.dumps(game, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("ascii")).hexdigest()


# --------------------------------------------------------------------------------------
# The game in the file, as this server would have played it
# --------------------------------------------------------------------------------------


def _field(game: dict, name: str, kind, problem: str):
    """``game[name]`` when it is a ``kind``; else the file is refused, saying ``problem``."""
    value = game.get(name)
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise _malformed(problem)
    return value


def _profile(game: dict):
    """The game's profile with its club options, and those options (the ones the profile has, no others)."""
    rules = _field(game, "rules", str, _("the rules are missing or not a rule set's name."))
    options = _field(game, "options", dict, _("the club options are missing or of the wrong kind."))
    try:
        profile = get_profile(rules)
        known = {opt.name for opt in profile_options(profile)}
        options = {k: v for k, v in options.items() if k in known}
        return profile.with_options(options), options
    except RulesError as error:
        raise _malformed(error.message) from None


def _is_side(side) -> bool:
    return (isinstance(side, dict) and isinstance(side.get("key"), str) and isinstance(side.get("name"), str)
            and isinstance(side.get("players"), list) and all(isinstance(p, str) for p in side["players"]))


def _sides(game: dict, profile) -> list[dict]:
    """The sides, as many and with as many players as the profile seats (``RuleProfile.side_sizes``)."""
    sides = _field(game, "sides", list, _("the sides are missing or of the wrong kind."))
    for n, side in enumerate(sides, 1):
        if not _is_side(side):
            raise _malformed(_("its sides are not each a key, a name and a list of players (side %(number)s).",
                               number=n))
    sizes = profile.side_sizes
    if len(sides) != len(sizes):
        raise _malformed(ngettext("it has %(num)s side, and a game under these rules has %(sides)s.",
                                  "it has %(num)s sides, and a game under these rules has %(sides)s.", len(sides),
                                  num=amount(len(sides)), sides=amount(len(sizes))))
    for name in (text for side in sides for text in (side["name"], *side["players"])):
        if len(name.strip()) > NAME_MAX:
            raise _malformed(_("“%(start)s…” is longer than a name may be: a name of at most %(most)s characters.",
                               start=name.strip()[:20], most=NAME_MAX))
    found = tuple(len(side["players"]) for side in sides)
    if found != sizes:
        raise _malformed(_("its sides have %(found)s players, and these rules seat %(allowed)s.",
                           found=joined(" + ", map(amount, found)),
                           allowed=joined(" + ", map(amount, sizes))))
    return [{"key": side["key"], "name": side["name"], "players": side["players"]} for side in sides]


def _deals(game: dict) -> list[dict]:
    deals = _field(game, "deals", list, _("the list of deals is missing or of the wrong kind."))
    if len(deals) > MAX_DEALS:
        raise _malformed(_("it holds %(count)s deals, more than a game may have (%(most)s).",
                           count=amount(len(deals)), most=amount(MAX_DEALS)))
    for n, deal in enumerate(deals, 1):
        if not isinstance(deal, dict) or not isinstance(deal.get("sides"), dict):
            raise _malformed(_("deal %(number)s has no sides.", number=n))
        if deal.get("mode", "totals") not in MODES:
            raise _malformed(_("deal %(number)s was entered in an unknown way.", number=n))
        if _when(deal) is False:
            raise _malformed(_("deal %(number)s says it was entered at a time that is not a date and time.",
                               number=n))
    return deals


def _when(deal: dict) -> str | None | bool:
    """The deal's ``created_at`` as stored (UTC), None when the file does not say, False when it is not a moment."""
    text = deal.get("created_at")
    if text is None:
        return None
    try:
        moment = clock.parse(text) if isinstance(text, str) and len(text) <= 40 else None
    except ValueError:
        moment = None
    if moment is None:
        return False
    return clock.stamp(moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc))


# --------------------------------------------------------------------------------------
# Importing
# --------------------------------------------------------------------------------------


def import_game(db: Database, raw: bytes | str, *, who: str | None = "import", owner: str | None = None) -> int:
    """Import a game from its JSON export; its id (the game made before, for a file imported already).
    ImportRefused (and nothing written) when it cannot be."""
    return import_file(db, raw, who=who, owner=owner)[0]


def import_file(db: Database, raw: bytes | str, *, who: str | None = "import",
                owner: str | None = None) -> tuple[int, bool]:
    """Import a game from its JSON export: its id, and whether this file was imported already (then nothing new
    is made). ImportRefused (and nothing written) when it cannot be.

    ``owner``: the device importing it (the pages). A file is "imported already" only for the one who imported
    it: another phone holding the same file gets a game of its own, never the first one's (whose link it was
    not given)."""
    game = read_document(raw)
    key = file_key(game)
    if owner is not None:
        key = hashlib.sha256(f"{key}:{devices.device_key(owner)}".encode()).hexdigest()
    before = _imported_already(db, key)
    if before is not None:
        return before, True
    profile, options = _profile(game)
    sides, deals = _sides(game, profile), _deals(game)
    first_dealer = game.get("first_dealer", 0)
    if not isinstance(first_dealer, int) or isinstance(first_dealer, bool):
        raise _malformed(_("who dealt first is not a seat number."))
    try:
        return _make(db, game, key, profile, options, sides, deals, first_dealer, who), False
    except Conflict:  # the same file imported at the same moment by another request: it won
        before = _imported_already(db, key)
        if before is None:
            raise
        return before, True


def _imported_already(db: Database, key: str) -> int | None:
    row = db.execute("SELECT id, deleted_at FROM games WHERE import_key = ?", [key]).fetchone()
    if row is None:
        return None
    if row[1] is not None:
        raise ImportRefused("imported", _("This file was imported already, and its game is now in the bin: "
                                          "restore it from the bin instead."))
    return row[0]


def _make(db: Database, game: dict, key: str, profile, options: dict, sides: list[dict], deals: list[dict],
          first_dealer: int, who: str | None) -> int:
    with db.write():
        try:
            game_id = games.create_game(db, rules=profile.id, options=options, sides=sides,
                                        first_dealer=first_dealer, who=who)
        except (InvalidGame, RulesError) as error:
            raise _malformed(error.message) from None
        db.execute("UPDATE games SET import_key = ? WHERE id = ?", [key, game_id])
        row = games.get_game(db, game_id)
        _write_deals(db, row, profile, deals)
        summary = keep_running(db, row)  # scored once, each deal's running totals kept as a save keeps them
        _check_adds_up(game, summary)
        db.execute("UPDATE games SET status = ?, winner = ?, version = version + ? WHERE id = ?",
                   ["finished" if summary.game_over else "playing", summary.winner, len(deals), game_id])
        changes.record_change(db, game_id=game_id, deal_id=None, action="import", before=None,
                              after={"deals": len(deals), "totals": summary.totals}, who=who,
                              reason="imported from a file")  # i18n: not for people (an audit note)
    return game_id


def _write_deals(db: Database, game: Game, profile, deals: list[dict]) -> None:
    """Each deal scored by the engine, and stored as the engine writes it back (nothing else from the file)."""
    totals = {s.key: 0 for s in game.sides}
    names = side_names(game)
    stamp = clock.stamp()
    for n, deal in enumerate(deals, 1):
        if set(deal["sides"]) != set(totals):
            raise _inconsistent(_("deal %(number)s is not for the game's sides (%(sides)s).", number=n,
                                  sides=joined(", ", names.values())))
        if game_state(profile, totals, n - 1)[0]:
            raise _inconsistent(_("deal %(number)s comes after the game was already won.", number=n))
        try:
            result = score(profile, deal["sides"], totals, names, deal_number=n)
            stored = deal_to_json(deal["sides"], totals, profile)
        except RulesError as error:
            raise _inconsistent(_("deal %(number)s cannot be scored: %(reason)s", number=n,
                                  reason=error.message)) from None
        totals = {k: result.sides[k].total for k in totals}
        who = deal.get("who")
        db.execute(
            "INSERT INTO deals (game_id, seq, mode, sides, who, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [game.id, n, deal.get("mode", "totals"), json.dumps(stored, ensure_ascii=False),
             who.strip()[:60] or None if isinstance(who, str) else None, _when(deal) or stamp, stamp],
        )


def _points(value) -> Words | str:
    return amount(value) if isinstance(value, int) and not isinstance(value, bool) else str(value)[:20]


def _check_adds_up(game: dict, summary: GameSummary) -> None:
    if summary.problems:
        raise _inconsistent(summary.problems[0])
    checks = (("totals", _("the totals are missing."),
               lambda **values: _("it gives %(side)s a total of %(stated)s, but its deals make %(made)s.", **values)),
              ("minimums", _("the minimums to open are missing."),
               lambda **values: _("it gives %(side)s a minimum to open of %(stated)s, but its deals make %(made)s.",
                                  **values)))
    for key, missing, differs in checks:
        stated = game.get(key)
        if stated is None and key == "minimums":
            continue
        if not isinstance(stated, dict):
            raise _malformed(missing)
        for side in summary.side_keys:
            made = getattr(summary, key)[side]
            if stated.get(side) != made:
                raise _inconsistent(differs(side=summary.side_name(side), made=amount(made),
                                            stated=_points(stated.get(side))))

"""The director's log: every confirmation, correction, adjusted score, round change and entry change.

Stored as facts (an action, what it was before and became, who, why); ``list_log`` hands each item up with its
``sentence`` kept as a fact too (``rules.i18n.Text``), worded in the reader's language where the log is shown."""

from __future__ import annotations

import json
import re

from scorekeeper.db.contract import Database

from scorekeeper import clock
from scorekeeper.rules.i18n import Words, _, amount, joined, names, ngettext, signed_amount
from scorekeeper.tournaments import timing
from scorekeeper.stores.rows import clean_reason, dumps

#: How a write at a table names its side in the log and the game's history: stored in these words (a token, read
#: back by ``side_of``), shown in the reader's language by ``who_words``.
SIDE_NAMES = {"we": "North-South", "they": "East-West"}
_WHO_AT = re.compile(r"^table (?P<number>\d+)(?: (?P<side>North-South|East-West))?(?: \((?P<name>.*)\))?$")
#: Who opened a table's game (``running.round_who``): the tournament's name and the round.
_ROUND_OF = re.compile(r"^(?P<name>.*): round (?P<number>\d+)$")


def _pair(name: str | None):
    """A stored entry name ("Ann & Bob") as the reader writes a pair ("Ana y Beto")."""
    return names(name.split(" & ")) if name else name


def who_at(table, side: str | None, name: str = "") -> str:
    """How the log names a side at a table (``side`` None: the table, for what no side does alone); a typed
    name is kept beside it, never in its place."""
    who = f"table {table.number}"  # i18n: not for people (stored; see who_words)
    who = f"{who} {SIDE_NAMES[side]}" if side else who
    name = " ".join(name.split())[:30]
    return f"{who} ({name})" if name else who


def side_of(who: str | None) -> str | None:
    """The side a write at a table was made by, read back from ``who_at``'s words."""
    for side, label in SIDE_NAMES.items():
        if who and f" {label}" in who:
            return side
    return None


def who_words(who: str | None) -> Words | str:
    """A stored ``who`` as the reader reads it: a table's side or a tournament's round in the reader's language,
    with the name typed beside it as it was typed; anything else (a director's name) as it is."""
    match = _WHO_AT.match(who or "")
    if not match:
        round_of = _ROUND_OF.match(who or "")
        if round_of:
            return _("%(name)s: round %(number)s", name=round_of["name"], number=round_of["number"])
        return who or ""
    side = side_of(who)
    words = _("table %(number)s %(side)s", number=match["number"], side=side_words(side)) if side else \
        _("table %(number)s", number=match["number"])
    return _("%(who)s (%(name)s)", who=words, name=match["name"]) if match["name"] else words


def log(db: Database, tournament_id: int, *, action: str, who: str, round_number: int | None = None,
        table_id: int | None = None, before=None, after=None, reason: str | None = None) -> int:
    return db.insert("tournament_log",
        {
            "tournament_id": tournament_id,
            "round_number": round_number,
            "table_id": table_id,
            "action": action,
            "before": None if before is None else dumps(before),
            "after": None if after is None else dumps(after),
            "who": (who or "")[:60],
            "reason": clean_reason(reason) or None,
            "at": clock.stamp(),
        }
    )


def standing_correction(db: Database, table, version: int) -> str | None:
    """The reason of the director's latest correction of one of ``table``'s deals, if the game is still at the
    ``version`` that correction left (nothing was recorded at the table since)."""
    row = db.execute("SELECT after, reason FROM tournament_log WHERE tournament_id = ? AND table_id = ? AND "
                     "action = 'deal_corrected' ORDER BY id DESC LIMIT 1", [table.tournament_id, table.id]).fetchone()
    if row and json.loads(row[0] or "{}").get("version") == version:
        return row[1] or ""
    return None


def list_log(db: Database, tournament_id: int, *, round_number: int | None = None,
             table_number: int | None = None) -> list[dict]:
    """The director's log, newest first, each item with its ``sentence``: the tournament's own entries, and
    every change the scorepad made to a table's deals after one of its sides had confirmed (read from the
    scorepad's ``changes``). ``round_number`` and ``table_number`` keep only the items about them."""
    items = []
    for row in db.execute(
        "SELECT l.*, tt.number AS table_number FROM tournament_log l "
        "LEFT JOIN tournament_tables tt ON tt.id = l.table_id WHERE l.tournament_id = ? ORDER BY l.id",
        [tournament_id],
    ).fetchall():
        item = dict(row)
        item["before"] = json.loads(item["before"]) if item["before"] else None
        item["after"] = json.loads(item["after"]) if item["after"] else None
        item["source"] = "tournament"
        items.append(item)
    # Deal changes on the scorepad after a confirmation: own query, the store has none by time.
    for row in db.execute(
        "SELECT c.*, tt.id AS table_id, tt.number AS table_number, tt.round_number FROM changes c "
        "JOIN tournament_tables tt ON tt.game_id = c.game_id "
        "WHERE tt.tournament_id = ? AND c.action IN ('add', 'edit', 'delete', 'undo') AND c.at >= "
        "COALESCE((SELECT MIN(at) FROM tournament_log l WHERE l.table_id = tt.id AND l.action = 'confirmed'), "
        "'9999') ORDER BY c.id",
        [tournament_id],
    ).fetchall():
        item = dict(row)
        item["before"] = _deal_brief(item["before"])
        item["after"] = _deal_brief(item["after"])
        item["action"] = f"deal_{item['action']}_after_confirmation"
        item["source"] = "scorepad"
        items.append(item)
    # The director's correction of a deal is logged once, as the tournament's own entry, not again as the
    # scorepad's change it made.
    corrections = {(i["table_id"], i["who"], i["reason"]) for i in items if i["action"] == "deal_corrected"}
    items = [i for i in items if not (i["source"] == "scorepad" and i["action"] == "deal_edit_after_confirmation"
                                      and (i["table_id"], i["who"], i["reason"]) in corrections)]
    items = [i for i in items if (round_number is None or i["round_number"] == round_number)
             and (table_number is None or i["table_number"] == table_number)]
    items.sort(key=lambda i: (i["at"], i["source"] == "tournament", i["id"]), reverse=True)
    for item in items:
        item["sentence"] = sentence(item)
        # A side that acted for its table is named by "who" already ("table 1 East-West"): the sentence then
        # says what it did without naming it again ("confirmed 770 – 550", not "East-West East-West confirmed").
        if side_of(item["who"] or "") and item["action"] in SIDE_FIRST:
            item["sentence"] = SIDE_FIRST[item["action"]](item["before"] or {}, item["after"] or {})
        item["who"] = who_words(item["who"])
    return items



def _deal_brief(text: str | None):
    if not text:
        return None
    deal = json.loads(text)
    return {"deal": deal.get("seq"), "sides": deal.get("sides")}


def _points(value) -> Words | str:
    return amount(value) if isinstance(value, int) else str(value)


def _score(value: dict | None) -> Words:
    if not value or value.get("we") is None:
        return _("no score")
    text = joined(" – ", (_points(value["we"]), _points(value["they"])))
    kind = {"corrected": _("corrected"), "adjusted": _("adjusted")}.get(value.get("kind"), value.get("kind"))
    return joined("", (text, " (", kind, ")")) if kind else text


def _deal_points(value: dict | None) -> Words:
    """A deal as recorded at a table: what it scored for each side, signed as the phones show a deal ("North-South
    +1,170, East-West -90"); a deal logged without its score, by the points melded and left in hand."""
    if not value or not value.get("sides"):
        return _("nothing")
    parts = []
    if value.get("scores"):
        for key, score in sorted(value["scores"].items(), key=lambda kv: kv[0] != "we"):
            parts.append(joined(" ", (side_words(key), signed_amount(score) if isinstance(score, int) else str(score))))
        return joined(", ", parts)
    for key, side in sorted(value["sides"].items(), key=lambda kv: kv[0] != "we"):
        if isinstance(side, dict):
            parts.append(_("%(side)s: %(meld)s melded, %(hand)s left in hand", side=side_words(key),
                           meld=_points(side.get("meld_points", 0)), hand=_points(side.get("hand_points", 0))))
    return joined("; ", parts) if parts else _("a deal")


def side_words(key) -> Words | str:
    """A table's side in the reader's language."""
    return {"we": _("North-South"), "they": _("East-West")}.get(key, str(key))


def _time_up(choice: str) -> Words:
    """How a round ends when time is up, as the log's sentence about starting it says it."""
    return _("play stops") if choice == "stop" else _("the deal in play is finished")


def _tables(numbers: list) -> str:
    return ", ".join(map(str, numbers))


def sentence(item: dict) -> Words | str:
    """What happened, as a fact to word where shown: what was done, and what it was before and became (who and why
    go beside)."""
    before, after, action = item["before"] or {}, item["after"] or {}, item["action"]
    if item.get("source") == "scorepad":
        deal = (after or before).get("deal")
        kind = action.split("_")[1]
        if kind == "add":
            return _("added deal %(deal)s after a side had confirmed: %(after)s", deal=deal,
                     after=_deal_points(after))
        values = {"deal": deal, "before": _deal_points(before), "after": _deal_points(after)}
        if kind == "edit":
            return _("changed deal %(deal)s after a side had confirmed: %(before)s → %(after)s", **values)
        if kind == "delete":
            return _("deleted deal %(deal)s after a side had confirmed: %(before)s → %(after)s", **values)
        return _("undid deal %(deal)s after a side had confirmed: %(before)s → %(after)s", **values)
    words = SENTENCES.get(action)
    if words is None:
        return action.replace("_", " ")  # i18n: not for people (an action this version does not know)
    return words(before, after)


SENTENCES = {
    "round_started": lambda b, a: ngettext("started the round: %(num)d table", "started the round: %(num)d tables",
                                           a.get("tables", 0)) + (
        _(", %(count)s sitting out", count=a["sit_out"]) if a.get("sit_out") else "") + (
        _("; when time is up, %(choice)s", choice=_time_up(a["time_up"])) if a.get("time_up") else ""),
    "time_up_changed": lambda b, a: _("changed what happens when time is up: %(before)s → %(after)s",
                                      before=timing.choice_words(b.get("time_up")),
                                      after=timing.choice_words(a.get("time_up"))),
    "deal_started": lambda b, a: _("said deal %(deal)s had started", deal=a.get("deal")),
    "round_closed": lambda b, a: ngettext(
        "closed the round with table %(tables)s not confirmed", "closed the round with tables %(tables)s not confirmed",
        len(a["unconfirmed_tables"]), tables=_tables(a["unconfirmed_tables"])) if a.get("unconfirmed_tables")
    else _("closed the round"),
    "round_reopened": lambda b, a: _("reopened the round: its tables can score and confirm again"),
    "finish": lambda b, a: _("ended the tournament"),
    "tournament_reopened": lambda b, a: _("reopened the tournament"),
    "password_changed": lambda b, a: _("changed the director's password; every other director's sign-in ended"),
    "entry_added": lambda b, a: _("entered %(name)s as number %(entry)s, playing from round %(round)s",
                                  name=_pair(a.get("name")), entry=a.get("entry"), round=a.get("from_round")),
    "entry_withdrawn": lambda b, a: _("withdrew number %(entry)s", entry=a.get("entry")),
    "entry_back": lambda b, a: _("brought number %(entry)s back", entry=a.get("entry")),
    "entry_renamed": lambda b, a: _("renamed number %(entry)s: %(before)s → %(after)s", entry=a.get("entry"),
                                    before=_pair(b.get("name")), after=_pair(a.get("name"))),
    "confirmed": lambda b, a: ngettext("%(side)s confirmed %(score)s after %(num)d deal",
                                       "%(side)s confirmed %(score)s after %(num)d deals", a.get("deals") or 0,
                                       side=side_words(a.get("side")), score=_score(a)),
    "corrected": lambda b, a: _("corrected the table's score: %(before)s → %(after)s", before=_score(b),
                                after=_score(a)),
    "adjusted": lambda b, a: _("gave the table an adjusted score: %(before)s → %(after)s", before=_score(b),
                               after=_score(a)),
    "back_to_game_score": lambda b, a: _("went back to the game's own score: %(before)s → %(after)s",
                                         before=_score(b), after=_score(a)),
    "deal_corrected": lambda b, a: _("corrected deal %(deal)s: %(before)s → %(after)s", deal=a.get("deal"),
                                     before=_deal_points(b), after=_deal_points(a)),
    "disputed": lambda b, a: _("%(side)s disagreed with the score %(score)s", side=side_words(a.get("side")),
                               score=_score(a)),
    "dispute_settled": lambda b, a: _("settled the dispute (%(side)s had disagreed)", side=side_words(b.get("side"))),
    "confirmations_cleared": lambda b, a: _(
        "%(side)s changed the score after a confirmation, so both sides must confirm again: %(before)s → %(after)s",
        side=side_words(a.get("side")), before=_score(b), after=_score(a)),
}

#: The sentences of what a side does, for when "who" already names the side.
SIDE_FIRST = {
    "confirmed": lambda b, a: ngettext("confirmed %(score)s after %(num)d deal",
                                       "confirmed %(score)s after %(num)d deals", a.get("deals") or 0,
                                       score=_score(a)),
    "disputed": lambda b, a: _("disagreed with the score %(score)s", score=_score(a)),
    "confirmations_cleared": lambda b, a: _(
        "changed the score after a confirmation, so both sides must confirm again: %(before)s → %(after)s",
        before=_score(b), after=_score(a)),
}

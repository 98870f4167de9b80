"""The tournament stores' rows: frozen dataclasses, each built from its database row by its own ``from_row``.

Read them by attribute (``tournament.name``); templates do the same (``{{ tournament.name }}``). Like the game
stores' rows (``scorekeeper.stores.games``) they cannot be changed: ``row.replace(status="finished")`` gives a
changed copy.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace

from ..rules import RuleProfile, get_profile
from ..rules.options import without_retired
from ..rows import Row


@dataclass(frozen=True)
class Tournament(Row):
    """A tournament as stored: its rules and club options, its format, how its rounds end and how it scores."""

    id: int
    name: str
    date: str
    rules: str
    options: dict = field(hash=False)
    format: str  # "pairs" or "individuals" (records.FORMATS)
    rounds: int
    round_end: str  # "minutes", "deals" or "target" (records.ROUND_ENDS)
    round_limit: int | None
    scoring: str  # "points" or "vp" (records.SCORINGS)
    password_hash: str = field(repr=False)
    status: str  # "setup", "playing" or "finished"
    created_at: str
    finished_at: str | None
    language: str | None  # the language every phone at it shows; None: each phone its own
    season_id: int | None = None  # the season it counts in, if any
    results_token: str | None = field(default=None, repr=False)  # secret in its public results link
    entry_count: int | None = None  # filled by list_tournaments only: its active entries
    round_number: int | None = None  # filled by list_tournaments only: its latest round
    #: The club rule set it started under: {"key", "version", "name"} (its rules and options are above).
    rule_set: dict | None = field(default=None, hash=False)
    link: str = ""  # its address (/tournaments/<link>): unguessable; standings are open to whoever has it
    club_id: int | None = None  # the club whose evening it is; None for a one-off tournament

    @classmethod
    def from_row(cls, row) -> Tournament:
        values = dict(row)
        values["options"] = without_retired(json.loads(values["options"] or "{}"))
        values["rule_set"] = json.loads(values["rule_set"]) if values.get("rule_set") else None
        return cls(**values)

    @property
    def profile(self) -> RuleProfile:
        """The tournament's profile with its club options applied (under its club rule set's name, if any)."""
        profile = get_profile(self.rules).with_options(self.options)
        return replace(profile, name=self.rule_set["name"]) if self.rule_set else profile


@dataclass(frozen=True)
class Entry(Row):
    """A tournament's entry: a partnership of two players, or one player in an individual tournament."""

    id: int
    tournament_id: int
    number: int  # its number in the tournament, from 1 in the order entered
    name: str  # the players' names joined by " & "
    players: tuple[str, ...]
    active: bool  # False once withdrawn: not seated in later rounds
    joined_round: int  # the first round it plays (a late entry joins the next round)
    left_after: int | None  # withdrawn after this round
    created_at: str

    @classmethod
    def from_row(cls, row) -> Entry:
        values = dict(row)
        values["players"] = tuple(json.loads(values["players"]))
        values["active"] = bool(values["active"])
        return cls(**values)


@dataclass(frozen=True)
class Round(Row):
    """A round of a tournament: its number, whether it is being played, who sits it out, and its clock."""

    id: int
    tournament_id: int
    number: int
    status: str  # "playing" or "closed"
    sit_out: tuple[int, ...]  # the entries that sit this round out
    started_at: str
    ends_at: str | None  # a timed round's end
    closed_at: str | None
    time_up: str | None = None  # how a timed round ends, as the director chose: "finish" or "stop" (timing)

    @classmethod
    def from_row(cls, row) -> Round:
        values = dict(row)
        values["sit_out"] = tuple(json.loads(values["sit_out"]))
        return cls(**values)


@dataclass(frozen=True)
class Table(Row):
    """A table of a round: its game, its link and code, who sits on each side, the sides' confirmations, the
    director's result if he set one, a dispute if a side raised one, and the deal it said it had started."""

    id: int
    tournament_id: int
    round_id: int
    round_number: int
    number: int
    game_id: int
    token: str = field(repr=False)  # secret in the table link: whoever holds it scores this table
    code: str  # short code typed on a phone to open the table
    we_entries: tuple[int, ...]  # entries on the game's side "we" (North-South)
    they_entries: tuple[int, ...]  # entries on side "they" (East-West)
    we_confirmed_version: int | None  # game version the side confirmed; None: not confirmed
    we_confirmed_at: str | None
    they_confirmed_version: int | None
    they_confirmed_at: str | None
    result_kind: str | None  # None: the game's score; "corrected" or "adjusted" by the director
    result_we: int | None
    result_they: int | None
    result_reason: str | None
    disputed_by: str | None = None  # the side that disagrees; None once the director settled it
    dispute_reason: str | None = None
    disputed_at: str | None = None
    deal_started_number: int | None = None  # the deal the table said it had started, and when (timing)
    deal_started_at: str | None = None

    @classmethod
    def from_row(cls, row) -> Table:
        values = dict(row)
        values["we_entries"] = tuple(json.loads(values["we_entries"]))
        values["they_entries"] = tuple(json.loads(values["they_entries"]))
        return cls(**values)


@dataclass(frozen=True)
class Card(Row):
    """A table's card for the whole event: the link its phone keeps (``token``) and the code printed on it."""

    id: int
    tournament_id: int
    number: int
    token: str
    code: str
    created_at: str | None

    @classmethod
    def from_row(cls, row) -> Card:
        return cls(**dict(row))

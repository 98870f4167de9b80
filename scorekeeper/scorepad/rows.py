"""A game and its deals as rows, and who sits where: pure values the stores read from the database and hand up.

A deal is kept exactly as it was entered: its ``sides`` are the ``sides`` object of ``POST /api/v1/score/deal``
(docs/API.md), so the engine reads them as they are. Who deals each deal, who sits it out and what each side is
called come from the game row alone (the engine's seating, ``rules.tables``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from functools import lru_cache

from scorekeeper.rows import Row

from ..rules import RuleProfile, get_profile
from ..rules.options import without_retired
from ..rules.tables import dealer_seat, seat_order, sitting_out
from .side_names import side_name

MODES = ("totals", "cards")


@dataclass(frozen=True)
class Side(Row):
    """One side of a game: a short key (``we``), its name and its players in seating order."""

    key: str
    name: str
    players: tuple[str, ...]

    @property
    def alone(self) -> bool:
        """A player playing alone: the side is named after its one player."""
        return self.players == (self.name,)

    def to_dict(self) -> dict:
        return {"key": self.key, "name": self.name, "players": list(self.players)}


@dataclass(frozen=True)
class Game(Row):
    """A game as stored: its rules and club options, who plays, and its version for optimistic writes."""

    id: int
    code: str
    rules: str
    options: dict = field(hash=False)
    sides: tuple[Side, ...]
    target: int
    first_dealer: int
    status: str
    winner: str | None
    version: int
    locked: bool
    created_at: str
    updated_at: str
    deal_count: int | None = None  # filled by list_games only
    #: The club rule set the game started under: {"key", "version", "name"} (its rules and options are above).
    rule_set: dict | None = field(default=None, hash=False)
    link: str = ""  # the game's address (/games/<link>): unguessable, so only those given it can open the game

    @property
    def profile(self) -> RuleProfile:
        """The game's profile with its club options applied."""
        return game_profile(self)

    @property
    def side_keys(self) -> list[str]:
        return [side.key for side in self.sides]

    @classmethod
    def from_row(cls, row) -> Game:
        """The game as a ``games`` row stores it (options and sides as JSON)."""
        values = dict(row)
        return cls(
            id=values["id"], code=values["code"], rules=values["rules"],
            options=without_retired(json.loads(values["options"] or "{}")),
            sides=tuple(Side(s["key"], side_name(s["key"], s["name"]), tuple(s["players"])) for s in json.loads(values["sides"])),
            target=values["target"], first_dealer=values["first_dealer"], status=values["status"],
            winner=values["winner"], version=values["version"], locked=bool(values["locked"]),
            created_at=values["created_at"], updated_at=values["updated_at"], deal_count=values.get("deal_count"),
            rule_set=json.loads(values["rule_set"]) if values.get("rule_set") else None,
            link=values.get("link") or "",
        )


@dataclass(frozen=True)
class Deal(Row):
    """A deal as entered: ``sides`` is the API's ``sides`` object; ``seq`` orders the deals of a game."""

    id: int
    game_id: int
    seq: int
    mode: str
    sides: dict = field(hash=False)
    who: str | None
    created_at: str
    updated_at: str
    client_key: str | None = None  # the key the phone put on its save (a retry is recorded once)
    #: The running totals written with the deal (``stores.deals``): each side's [deal, total, minimum, canastas];
    #: None when not yet known (migration 0013_running_totals). Not part of the deal as entered.
    running: dict | None = field(default=None, hash=False, compare=False)

    def record(self) -> dict:
        """The deal as the audit log keeps it."""
        return {"id": self.id, "seq": self.seq, "mode": self.mode, "sides": self.sides, "who": self.who,
                "created_at": self.created_at, "updated_at": self.updated_at}

    @classmethod
    def from_row(cls, row) -> Deal:
        """The deal as a ``deals`` row stores it (sides as JSON)."""
        values = dict(row)
        values["sides"] = json.loads(values["sides"])
        running = values.get("running")
        values["running"] = json.loads(running) if running else None
        return cls(**values)


def game_profile(game: Game) -> RuleProfile:
    """The game's profile with its club options applied (under its club rule set's name, if any)."""
    profile = _profile_of(game.rules, json.dumps(game.options, sort_keys=True))
    return replace(profile, name=game.rule_set["name"]) if game.rule_set else profile


@lru_cache(maxsize=256)
def _profile_of(rules: str, options: str) -> RuleProfile:
    """Profiles are frozen: one built per set of rules and options, asked for by every row of a scorepad."""
    return get_profile(rules).with_options(json.loads(options))


def seating(game: Game) -> list[dict]:
    """The players in clockwise order (the engine's ``seat_order``): the sides alternate round the table."""
    return [{"side": game.sides[side].key, "name": game.sides[side].players[player]}
            for side, player in seat_order(_sizes(game))]


def _sizes(game: Game) -> tuple[int, ...]:
    return tuple(len(side.players) for side in game.sides)


def dealer_name(game: Game, deal_index: int) -> str:
    """Who deals deal number ``deal_index + 1``: the deal passes clockwise, past a player sitting out."""
    side, player = dealer_seat(_sizes(game), game.profile.trio_sits_out, game.first_dealer, deal_index)
    return game.sides[side].players[player]


def sitting_out_names(game: Game, deal_index: int) -> tuple[str, ...]:
    """Who sits out deal number ``deal_index + 1`` (one of a team of three, in turn, when the table says so)."""
    return tuple(game.sides[side].players[player]
                 for side, player in sitting_out(_sizes(game), game.profile.trio_sits_out, deal_index))


def side_names(game: Game) -> dict[str, str]:
    """Each side's name by its key, so the engine's messages speak of "Ann & Cy", not "we"."""
    return {side.key: side.name for side in game.sides}

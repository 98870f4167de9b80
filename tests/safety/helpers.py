"""Small builders shared by the safety tests: a game and a plain totals deal."""

from __future__ import annotations

from scorekeeper.stores.deals import add_deal
from scorekeeper.stores.games import create_game, game_version

SIDES = [{"key": "we", "name": "Ann & Bob", "players": ["Ann", "Bob"]},
         {"key": "they", "name": "Cy & Di", "players": ["Cy", "Di"]}]


def new_game(db, rules="bicycle", options=None) -> int:
    return create_game(db, rules=rules, options=options or {}, sides=SIDES)


def quiet_deal(n: int = 0) -> dict:
    """A deal nobody went out of and that moves the totals a little, so a game can hold hundreds of them."""
    return {"we": {"meld_points": 5 + n % 4 * 5, "hand_points": 10},
            "they": {"meld_points": 5, "hand_points": 5 + n % 3 * 5}}


def add(db, game_id: int, sides=None, **kwargs) -> int:
    version = game_version(db, game_id)
    return add_deal(db, game_id, sides or quiet_deal(), mode="totals", expected_version=version, **kwargs)

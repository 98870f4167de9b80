"""The game stores under their old name, for code written before they were split.

The queries now live in ``scorekeeper.stores`` (``games``, ``deals``, ``changes``, ``summary``); import them
from there. This module only re-exports them and goes once nothing imports it.
"""

from __future__ import annotations

from .stores.changes import Change, last_undoable, list_changes, record_change  # noqa: F401
from .stores.deals import add_deal, deal_by_key, delete_deal, undo_last, update_deal  # noqa: F401
from .stores.errors import (  # noqa: F401
    DealNotFound, GameLocked, GameNotFound, GameOver, InvalidGame, NothingToUndo, StaleGame, StoreError,
)
from .stores.games import (  # noqa: F401
    MODES, Deal, Game, Side, create_game, dealer_name, delete_game, game_profile, game_version, get_deal, get_game,
    get_game_by_code, list_deals, list_games, seating, set_locked, side_names,
)
from .stores.summary import (  # noqa: F401
    GameSummary, ScorepadRow, game_summary, score, summarise, summary_cache, totals_before_row,
)

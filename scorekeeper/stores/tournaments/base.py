"""What the tournament stores share, in one place: the tournament's error (``tournaments.errors``) and JSON written
one way (``stores.rows.dumps``). A tournament's write is ``db.write(tournament=...)``; a table's,
``db.write(game=..., within=...)`` (``scorekeeper/db/contract.py``)."""

from __future__ import annotations

from scorekeeper.stores.rows import dumps
from scorekeeper.tournaments.errors import TournamentError

__all__ = ["TournamentError", "dumps"]

"""What the tournament stores share, in one place: the tournament's error (``tournaments.errors``), the write
transaction (``stores.transaction.immediate``) and JSON written one way (``stores.rows.dumps``)."""

from __future__ import annotations

from scorekeeper.stores.rows import dumps
from scorekeeper.stores.transaction import immediate
from scorekeeper.tournaments.errors import TournamentError

__all__ = ["TournamentError", "dumps", "immediate"]

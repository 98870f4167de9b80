"""What the tournament stores share: their error, their write transaction (``stores.transaction.immediate``)
and their JSON (the clock is ``scorekeeper.clock``)."""

from __future__ import annotations

from scorekeeper.stores.rows import dumps
from scorekeeper.stores.transaction import immediate

__all__ = ["TournamentError", "dumps", "immediate"]


class TournamentError(Exception):
    """A request the tournament cannot follow; ``message`` says why in plain words."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


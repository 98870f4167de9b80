"""The tournament's own error: a request it cannot follow, with the reason in plain words."""

from __future__ import annotations


class TournamentError(Exception):
    """A request the tournament cannot follow; ``message`` says why in plain words."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message

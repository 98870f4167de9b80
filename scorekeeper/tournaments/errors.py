"""The tournament's own error: a request it cannot follow, with the reason in plain words."""

from __future__ import annotations

from scorekeeper.rules.i18n import Words


class TournamentError(Exception):
    """A request the tournament cannot follow; ``message`` says why in plain words, kept as a fact
    (``rules.i18n.Text``) that the page, the table phone or the command words in its reader's language."""

    def __init__(self, message: Words):
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return str(self.message)

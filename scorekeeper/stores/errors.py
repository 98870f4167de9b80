"""The game stores' own exceptions, each with a plain message for a person, kept as a fact (``rules.i18n.Text``):
the page, the API or the command that shows the error words it in its reader's language."""

from __future__ import annotations

from ..rules.i18n import Words, _


class StoreError(Exception):
    """Base of the store's own errors."""

    message: Words = _("The game could not be changed.")

    def __init__(self, message: Words | None = None):
        message = message or self.message
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return str(self.message)


class GameNotFound(StoreError):
    message = _("There is no such game; it may have been deleted.")


class DealNotFound(StoreError):
    message = _("There is no such deal in this game; it may have been deleted.")


class StaleGame(StoreError):
    """The change was based on an older version of the game: someone else saved first."""

    message = _("Someone else saved a change to this game first.")

    def __init__(self, current_version: int, message: Words | None = None):
        super().__init__(message)
        self.current_version = current_version


class GameLocked(StoreError):
    message = _("This game is locked: its tournament round is closed, so its deals can no longer change.")


class GameOver(StoreError):
    message = _("This game is over: a side has reached the target. Correct an earlier deal instead.")


class TooManyDeals(GameOver):
    """The game already holds the most deals one game may (``stores.deals.MAX_DEALS``)."""

    def __init__(self, limit: int):
        super().__init__(_("This game already has %(limit)s deals, the most one game may hold. Start a new game to go on.",
                           limit=limit))


class NothingToUndo(StoreError):
    message = _("There is nothing left to undo in this game.")


class InvalidGame(StoreError):
    """The players or sides of a new game do not make sense."""

    def __init__(self, message: Words, field: str | None = None):
        super().__init__(message)
        self.field = field

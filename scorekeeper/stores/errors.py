"""The game stores' own exceptions, each with a plain message for a person."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_babel import gettext as _


class StoreError(Exception):
    """Base of the store's own errors."""

    message = _l("The game could not be changed.")

    def __init__(self, message: str | None = None):
        # The class's message is translated now, in the language of the request that raised it.
        message = str(message or self.message)
        super().__init__(message)
        self.message = message


class GameNotFound(StoreError):
    message = _l("There is no such game; it may have been deleted.")


class DealNotFound(StoreError):
    message = _l("There is no such deal in this game; it may have been deleted.")


class StaleGame(StoreError):
    """The change was based on an older version of the game: someone else saved first."""

    message = _l("Someone else saved a change to this game first.")

    def __init__(self, current_version: int, message: str | None = None):
        super().__init__(message)
        self.current_version = current_version


class GameLocked(StoreError):
    message = _l("This game is locked: its tournament round is closed, so its deals can no longer change.")


class GameOver(StoreError):
    message = _l("This game is over: a side has reached the target. Correct an earlier deal instead.")


class TooManyDeals(GameOver):
    """The game already holds the most deals one game may (``stores.deals.MAX_DEALS``)."""

    def __init__(self, limit: int):
        super().__init__(_("This game already has %(limit)s deals, the most one game may hold. Start a new game to go on.",
                           limit=limit))


class NothingToUndo(StoreError):
    message = _l("There is nothing left to undo in this game.")


class InvalidGame(StoreError):
    """The players or sides of a new game do not make sense."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.field = field

"""The base of every frozen row the app hands around: the stores' rows (a game, a deal, a change, a season...)
and the tournament domain's (a tournament, a round, a table...). It sits at the bottom of the package so the
pure tournament domain can build on it without importing the stores."""

from __future__ import annotations

import dataclasses


class Row:
    """Base of the frozen row dataclasses.

    Read a row by attribute (``game.sides``); each is built from its table's row by ``from_row``. A row cannot
    be changed: ``row.replace(status="finished")`` gives a changed copy."""

    __slots__ = ()

    def replace(self, **changes):
        return dataclasses.replace(self, **changes)

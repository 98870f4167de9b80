"""What every stored row has in common: a frozen dataclass, and JSON written one way."""

from __future__ import annotations

import dataclasses
import json


class Row:
    """Base of the stores' frozen row dataclasses.

    Read a row by attribute (``game.sides``). ``row["name"]`` still answers the same attribute, for callers
    written when rows were dicts (some tests still read game, deal and change rows so); new code reads
    attributes. A row cannot be changed: ``row.replace(status="finished")`` gives a changed copy."""

    __slots__ = ()

    def __getitem__(self, name: str):
        try:
            return getattr(self, name)
        except AttributeError:
            raise KeyError(name) from None

    def get(self, name: str, default=None):
        return getattr(self, name, default)

    def replace(self, **changes):
        return dataclasses.replace(self, **changes)


def dumps(value) -> str:
    """JSON as the stores write it: compact, UTF-8 as is."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)

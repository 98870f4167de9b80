"""What every stored row has in common: a frozen dataclass, and JSON and a typed reason written one way."""

from __future__ import annotations

import dataclasses
import json


class Row:
    """Base of the stores' frozen row dataclasses.

    Read a row by attribute (``game.sides``); each is built from its table's row by ``from_row``. A row cannot
    be changed: ``row.replace(status="finished")`` gives a changed copy."""

    __slots__ = ()

    def replace(self, **changes):
        return dataclasses.replace(self, **changes)


def dumps(value) -> str:
    """JSON as the stores write it: compact, UTF-8 as is."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


#: The longest reason (a correction's, a dispute's) a log keeps; a person types a sentence, not a letter.
REASON_MAX = 300


def clean_reason(text) -> str:
    """A reason as every log stores it: spaces and line breaks folded into single spaces, at most ``REASON_MAX``
    characters; "" when nothing was typed."""
    return " ".join(str(text or "").split())[:REASON_MAX]

"""A file from anywhere, read as hostile: the JSON every import reads (a game, a season with its evenings, a club
rule set), bounded before anything is built from it.

``read_json`` refuses, with ``Unreadable.code`` saying why, a file over ``max_bytes`` ("too_large"), one that is
not UTF-8 text or holds a character no text can (an unpaired surrogate written as ``\\ud800``: "not_text"), one
that is not JSON ("not_json": NaN and Infinity are not JSON either), and one nested deeper than ``max_depth``
("too_deep": deeper than Python's reader goes, or than ``max_depth`` counted without recursion). Each import
words the code its own way.
"""

from __future__ import annotations

import json


class Unreadable(ValueError):
    """A file no import reads: ``code`` is "too_large", "not_text", "not_json" or "too_deep"."""

    def __init__(self, code: str):
        super().__init__(code)
        self.code = code


def _no_constant(name: str):
    raise ValueError(name)  # NaN and Infinity are not JSON, though Python's reader takes them


def depth(value, most: int) -> int:
    """How deep ``value`` nests (1 for a list or an object of plain values), counted without recursion and no
    further than one past ``most``."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, (dict, list)):
            deepest = max(deepest, level)
            if level > most:
                break
            stack.extend((child, level + 1) for child in (item.values() if isinstance(item, dict) else item))
    return deepest


def read_json(raw: bytes | str, *, max_bytes: int, max_depth: int):
    """The JSON value of ``raw``, or Unreadable saying why no import reads it."""
    if len(raw) > max_bytes:
        raise Unreadable("too_large")
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise Unreadable("not_text") from None
    try:
        document = json.loads(raw, parse_constant=_no_constant)
    except RecursionError:
        raise Unreadable("too_deep") from None
    except ValueError:
        raise Unreadable("not_json") from None
    if depth(document, max_depth) > max_depth:
        raise Unreadable("too_deep")
    try:
        json.dumps(document, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate (\ud800) written as an escape: no text can hold it
        raise Unreadable("not_text") from None
    return document

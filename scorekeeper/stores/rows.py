"""What every store writes one way: JSON, and a typed reason. (The rows' base, ``Row``, is ``scorekeeper.rows``.)"""

from __future__ import annotations

import json


def dumps(value) -> str:
    """JSON as the stores write it: compact, UTF-8 as is."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


#: The longest reason (a correction's, a dispute's) a log keeps; a person types a sentence, not a letter.
REASON_MAX = 300


def clean_reason(text) -> str:
    """A reason as every log stores it: spaces and line breaks folded into single spaces, at most ``REASON_MAX``
    characters; "" when nothing was typed."""
    return " ".join(str(text or "").split())[:REASON_MAX]

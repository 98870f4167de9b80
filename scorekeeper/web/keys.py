"""The key a phone puts on each save (``client_key``), so a retried save is recorded once.

``static/js/offline.js`` makes one random key per entry and sends it with the form, also when it sends an entry
it kept while the scorekeeper could not be reached. The store keeps the key with the deal (unique per game);
a save whose key is already stored is answered as the first one was.
"""

from __future__ import annotations

import re

KEY = re.compile(r"[A-Za-z0-9_-]{8,64}")


def client_key(values) -> str | None:
    """The form's ``client_key`` when it looks like one a phone made; anything else is ignored."""
    key = (values.get("client_key") or "").strip()
    return key if KEY.fullmatch(key) else None

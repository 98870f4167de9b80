"""Short random codes that people type or read aloud (a game's code, a table's code)."""

from __future__ import annotations

import secrets

from scorekeeper.db.contract import Database


def unique_code(db: Database, table: str, column: str, *, alphabet: str, length: int) -> str:
    """A random code of ``length`` letters from ``alphabet`` that no row of ``table`` has in ``column`` yet."""
    while True:
        code = "".join(secrets.choice(alphabet) for _ in range(length))
        if not db.execute(f'SELECT 1 FROM "{table}" WHERE "{column}" = ?', [code]).fetchone():
            return code

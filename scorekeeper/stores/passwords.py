"""How a director's password is kept: a scrypt hash (werkzeug.security), made slow on purpose for a guesser.

Every store that keeps a password (a club's director, a one-off tournament's) hashes it here; a stored hash names
its own method and cost, so it is checked by ``werkzeug.security.check_password_hash`` whatever they were."""

from __future__ import annotations

from werkzeug.security import generate_password_hash

#: werkzeug's scrypt at its own default cost (N=2**15, r=8, p=1): about a tenth of a second and 32 MB a hash.
STRONG = "scrypt:32768:8:1"
#: The method new hashes are made with. Only the test suite sets another (tests/conftest.py: a lower cost, the
#: same code path), where some six hundred hashes had taken a tenth of its time.
method = STRONG


def hashed(password: str) -> str:
    """``password`` as it is kept: salted and hashed by ``method``."""
    return generate_password_hash(password, method=method)

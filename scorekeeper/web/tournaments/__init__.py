"""Club tournaments: the director's pages, the table phones, live standings, exports.

Three kinds of visitor:

* anyone: the list, a tournament's overview, round seatings, standings, a player's games, the exports
  (``public``, ``exports``);
* the director, after signing in with the tournament's password (a flag per tournament in the session):
  entries, rounds, corrections, adjusted scores, the log, table cards with their codes (``director``);
* a table: whoever holds its secret link (or typed its short code) records that table's deals and confirms
  its score, only while its round is open (``table``).

One blueprint, ``tournaments``; ``common`` holds what the views share, ``forms`` the director's forms.
"""

from .common import bp

from . import director, entries, exports, public, running, table  # noqa: E402,F401  (each adds its views)

__all__ = ["bp"]

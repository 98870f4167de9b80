"""The stores: every query of the app, one module per noun, each function taking ``db`` first.

- ``games``: game and deal records (``Game``, ``Side``, ``Deal``), starting, locking and deleting a game.
- ``deals``: writing deals (add, correct, delete, undo), each claiming the game's version first.
- ``changes``: the audit log of every change to a game (``Change``).
- ``summary``: a game's summary (``GameSummary``, ``ScorepadRow``), computed from its deals, and its cache.
- ``errors``: the stores' own exceptions.

Every stamp comes from ``scorekeeper.clock``. Rows leave a store as frozen dataclasses; a store never
chooses the words a person reads (the web layer does).
"""

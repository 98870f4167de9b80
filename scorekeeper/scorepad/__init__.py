"""The scorepad as pure values: a game and its deals (``rows``), each side's name (``side_names``) and the game's
summary scored from its deals (``summary``). No SQL, no cache, no Flask: the stores read and write them
(``stores.games``, ``stores.deals``, ``stores.summary``), the pages show them."""

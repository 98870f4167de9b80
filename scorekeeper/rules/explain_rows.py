"""The rows of the rules pages: one per point of comparison, each worded from the profile's fields.

``ASPECTS`` lists every point, topic by topic in the order of the pages, each with its topic, label, source key and
the two small functions that word it (a short value for the comparison, a sentence for a profile's own page); the
row is ``explain_words.Aspect``. ``explain.py`` turns these rows into pages. The points are written by question,
one module each: the cards and the threes (``explain_cards``), melds and canastas (``explain_melds``), the first
meld of a deal (``explain_opening``), taking the pile (``explain_pile``), going out (``explain_going_out``), a
deal's score and the game (``explain_game``).

Every word goes through the catalogue (``i18n.py``): a whole sentence is one message with named values, never
pieces glued together; a count with its noun is a plural pair (``Nn_``) chosen by the language's own rule, the
number written as a word up to eight; labels and names kept as data are marked ``N_()`` and translated where used.
"""
from __future__ import annotations

from .explain_cards import CARD_ROWS, THREE_ROWS
from .explain_game import GAME_ROWS, SCORING_ROWS
from .explain_going_out import GOING_OUT_ROWS
from .explain_melds import CANASTA_ROWS, MELD_ROWS
from .explain_opening import OPENING_ROWS
from .explain_pile import PILE_ROWS
from .explain_words import Aspect

ASPECTS: tuple[Aspect, ...] = (*CARD_ROWS, *MELD_ROWS, *CANASTA_ROWS, *THREE_ROWS, *OPENING_ROWS, *PILE_ROWS,
                               *GOING_OUT_ROWS, *SCORING_ROWS, *GAME_ROWS)

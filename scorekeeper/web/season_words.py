"""The words of seasons and their ladders, chosen here for the codes the stores and the ladder hand up
(``tournaments.ladder``, ``stores.seasons``): the season's pages, the tournament director's page and the PDF
share them."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l

COUNTS = {"all": _l("Every evening counts"), "best": _l("Only each player's best evenings count")}
RANKINGS = {"vp": _l("Victory points"), "match": _l("Match points"), "points": _l("Total points")}
TIE_BREAKS = {"best_evening": _l("the better best evening"), "evenings": _l("more evenings played"),
              "shared": _l("none: they share the place")}
RULE_ERRORS = {
    "best": ("best", _l("Count at most as many evenings as the season has.")),
    "of": ("of", _l("Give the season's number of evenings, between 1 and 100.")),
    "minimum": ("minimum", _l("Between 1 and the season's number of evenings.")),
    "count": ("count", _l("Choose from the list.")), "ranking": ("ranking", _l("Choose from the list.")),
    "tie_break": ("tie_break", _l("Choose from the list.")),
}
SEASON_ERRORS = {
    "missing": _l("That season or tournament no longer exists. Reload the page."),
    "archived": _l("That season is archived: its evenings can no longer change."),
    "full": _l("That season already has all its evenings."),
    "name": _l("Give the season a name."),
}
IMPORT_REFUSALS = {
    "malformed": _l("This file cannot be read as a season exported by the scorekeeper. Nothing was imported."),
    "newer": _l("This file comes from a newer version of the scorekeeper: update this one first. Nothing was "
                "imported."),
    "duplicate": _l("This server already has “%(name)s” from this file: importing it again would count it twice. "
                    "Nothing was imported."),
    "inconsistent": _l("This file does not add up: its ladder does not follow from its evenings. Nothing was "
                       "imported."),
    "too_large": _l("This file is larger than this server reads (%(megabytes)s MB). Nothing was imported."),
    "not_text": _l("This file is not text: a season's file holds only text. Nothing was imported."),
    "not_json": _l("This file cannot be read as a season exported by the scorekeeper. Nothing was imported."),
    "too_deep": _l("This file is nested deeper than any season, so it is not one. Nothing was imported."),
    "too_long": _l("“%(name)s…” is longer than %(limit)s characters, the most a name may have here. Nothing was "
                   "imported."),
    "too_many_evenings": _l("This file holds more evenings than a season may have (%(limit)s). Nothing was "
                            "imported."),
    "too_many_rounds": _l("“%(name)s” has more rounds than a tournament may have (%(limit)s). Nothing was "
                          "imported."),
    "too_many_entries": _l("“%(name)s” has more entries than an evening may have (%(limit)s). Nothing was "
                           "imported."),
    "stray_players": _l("This file lists players who play in none of its evenings. Nothing was imported."),
}

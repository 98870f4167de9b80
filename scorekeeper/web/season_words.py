"""The words of seasons and their ladders, chosen here for the codes the stores and the ladder hand up
(``tournaments.ladder``, ``stores.seasons``): the season's pages, the tournament director's page and the PDF
share them."""

from __future__ import annotations

from scorekeeper.rules.i18n import _

COUNTS = {"all": _("Every evening counts"), "best": _("Only each player's best evenings count")}
RANKINGS = {"vp": _("Victory points"), "match": _("Match points"), "points": _("Total points")}
TIE_BREAKS = {"best_evening": _("the better best evening"), "evenings": _("more evenings played"),
              "shared": _("none: they share the place")}
RULE_ERRORS = {
    "best": ("best", _("Count at most as many evenings as the season has.")),
    "of": ("of", _("Give the season's number of evenings, between 1 and 100.")),
    "minimum": ("minimum", _("Between 1 and the season's number of evenings.")),
    "count": ("count", _("Choose from the list.")), "ranking": ("ranking", _("Choose from the list.")),
    "tie_break": ("tie_break", _("Choose from the list.")),
}
SEASON_ERRORS = {
    "missing": _("That season or tournament no longer exists. Reload the page."),
    "archived": _("That season is archived: its evenings can no longer change."),
    "full": _("That season already has all its evenings."),
    "name": _("Give the season a name."),
}
IMPORT_REFUSALS = {
    "malformed": _("This file cannot be read as a season exported by the scorekeeper. Nothing was imported."),
    "newer": _("This file comes from a newer version of the scorekeeper: update this one first. Nothing was "
                "imported."),
    "duplicate": _("This server already has “%(name)s” from this file: importing it again would count it twice. "
                    "Nothing was imported."),
    "inconsistent": _("This file does not add up: its ladder does not follow from its evenings. Nothing was "
                       "imported."),
    "too_large": _("This file is larger than this server reads (%(megabytes)s MB). Nothing was imported."),
    "not_text": _("This file is not text: a season's file holds only text. Nothing was imported."),
    "not_json": _("This file cannot be read as a season exported by the scorekeeper. Nothing was imported."),
    "too_deep": _("This file is nested deeper than any season, so it is not one. Nothing was imported."),
    "too_long": _("“%(name)s…” is longer than %(limit)s characters, the most a name may have here. Nothing was "
                   "imported."),
    "too_many_evenings": _("This file holds more evenings than a season may have (%(limit)s). Nothing was "
                            "imported."),
    "too_many_rounds": _("“%(name)s” has more rounds than a tournament may have (%(limit)s). Nothing was "
                          "imported."),
    "too_many_entries": _("“%(name)s” has more entries than an evening may have (%(limit)s). Nothing was "
                           "imported."),
    "stray_players": _("This file lists players who play in none of its evenings. Nothing was imported."),
}

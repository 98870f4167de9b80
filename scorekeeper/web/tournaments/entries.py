"""The director's entries: enter one, paste a list, correct a name, withdraw and bring back."""

from __future__ import annotations

import re

from flask import flash, request
from scorekeeper.rules.i18n import _, ngettext

from ...db import get_db
from ...i18n import names as pair_name
from scorekeeper.stores.tournaments import base, records
from ...tournaments.rows import Tournament
from ..errors import error_response
from ..htmx import render
from .common import back_to, bp, director_name, director_only
from ..forms import SQLITE_MAX_INT, whole_number
from .forms import EntryForm

#: How a pasted line splits into partners: "Ann & Bob", "Ann and Bob", "Ann, Bob", "Ann / Bob", "Ann + Bob".
PARTNER_SPLIT = re.compile(r"\s*(?:&|\+|/|,|\band\b|\by\b)\s*", re.IGNORECASE)
PASTE_MAX_LINES = 200


def _names(tournament: Tournament, form) -> list[str]:
    names = [form.player1.data or ""]
    if tournament.format == "pairs":
        names.append(form.player2.data or "")
    return names


@bp.post("/tournaments/<tournament:tournament_id>/entries")
@director_only
def add_entry(tournament):
    names = _names(tournament, EntryForm())
    try:
        records.add_entry(get_db(), tournament.id, names, who=director_name(tournament.id))
    except base.TournamentError as error:
        flash(str(error.message), "error")
    else:
        flash(_("%(names)s entered.", names=pair_name([records.clean_name(n) for n in names])), "ok")
    return back_to(tournament, "#entries")


@bp.get("/tournaments/<tournament:tournament_id>/entries/check")
@director_only
def check_name(tournament):
    """What the entry forms say next to a name while it is typed (htmx asks after a pause): the warning the
    save would give, by the same rule (``records.name_clash``), or how the club roster writes that player.
    ``field`` is the field typed in (player1 or player2); ``entry``, the entry whose names are corrected."""
    names = {key: request.args.get(key) or "" for key in ("player1", "player2")}
    field = request.args.get("field") if request.args.get("field") in names else "player1"
    partners = [text for key, text in names.items() if key != field]
    said = records.check_name(get_db(), tournament, names[field], partners=partners,
                              skip=whole_number(request.args.get("entry"), below=SQLITE_MAX_INT))
    return render("tournaments/_name_check.html", **said)


@bp.post("/tournaments/<tournament:tournament_id>/entries/paste")
@director_only
def paste_entries(tournament):
    """A list pasted in one go: one entry a line; each line is entered or says why not."""
    entered, refused = 0, []
    lines = [line for line in (request.form.get("names") or "").splitlines() if line.strip()][:PASTE_MAX_LINES]
    for line in lines:
        names = [n for n in PARTNER_SPLIT.split(line.strip()) if n.strip()] if tournament.format == "pairs" \
            else [line]
        shown = pair_name([records.clean_name(n) for n in names])
        if tournament.format == "pairs" and len(names) != 2:
            refused.append((shown, _("a partnership needs two names")))
            continue
        try:
            records.add_entry(get_db(), tournament.id, names, who=director_name(tournament.id))
        except base.TournamentError as error:
            refused.append((shown, error.message))
        else:
            entered += 1
    kind = ngettext("%(num)d partnership entered.", "%(num)d partnerships entered.", entered) \
        if tournament.format == "pairs" else ngettext("%(num)d player entered.", "%(num)d players entered.",
                                                        entered)
    return render("tournaments/pasted.html", tournament=tournament, summary=kind, refused=refused)


@bp.post("/tournaments/<tournament:tournament_id>/entries/<int:entry_id>/name")
@director_only
def rename_entry(tournament, entry_id: int):
    """Correct the names of an entry (a typo); logged."""
    try:
        records.rename_entry(get_db(), tournament.id, entry_id, _names(tournament, EntryForm()),
                             who=director_name(tournament.id))
    except base.TournamentError as error:
        flash(str(error.message), "error")
    else:
        flash(_("Name corrected."), "ok")
    return back_to(tournament, "#entries")


@bp.post("/tournaments/<tournament:tournament_id>/entries/<int:entry_id>/withdraw")
@director_only
def withdraw(tournament, entry_id: int):
    return _set_active(tournament, entry_id, False)


@bp.post("/tournaments/<tournament:tournament_id>/entries/<int:entry_id>/return")
@director_only
def reinstate(tournament, entry_id: int):
    return _set_active(tournament, entry_id, True)


def _set_active(tournament, entry_id: int, active: bool):
    try:
        records.set_entry_active(get_db(), tournament.id, entry_id, active, who=director_name(tournament.id))
    except base.TournamentError as error:
        return error_response(404, error.message)
    flash(_("Back in from the next round.") if active else _("Withdrawn: not seated from the next round."), "ok")
    return back_to(tournament, "#entries")

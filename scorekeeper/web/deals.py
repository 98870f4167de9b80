"""Deals: record one (by totals or card by card), preview it, correct it, delete it, undo."""

from __future__ import annotations

import json

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from scorekeeper.rules.i18n import _

from ..db import get_db
from ..rules import RulesError
from ..scorepad.rows import MODES
from ..scorepad.summary import GameSummary
from ..stores import changes, games
from ..stores import deals as deal_store
from ..stores import summary as summaries
from ..stores.errors import DealNotFound, GameLocked, GameOver, NothingToUndo, StaleGame
from .deal_path import read_deal, render_preview
from .form_errors import error_map
from .forms import deal_form, form_data_from_deal, read_version
from .scorepad import load_game, load_standing, load_summary, scorepad_context
from .htmx import is_htmx, render, render_changes
from .keys import client_key
from .wording import change_story

bp = Blueprint("deals", __name__)

LOST_RACE = _("Another phone saved a deal first.")
CONFLICT = _("Someone else saved a change to this game first. The scorepad now shows what they saved; "
              "your entry is still below. Check it and save again.")


def _mode(values) -> str:
    mode = values.get("mode")
    return mode if mode in MODES else "totals"


@bp.post("/games/<game:game_id>/deals/preview")
def preview(game_id: int):
    """The deal's breakdown as it is being entered (htmx, on every change)."""
    summary = load_standing(game_id)
    deal_id = request.form.get("deal_id", type=int)
    known = summary.row_of(deal_id) is not None
    return render_preview(summary, request.form, _mode(request.form), deal_id=deal_id if known else None)


def _who(form) -> str | None:
    return (form.who.data or "").strip() or None


@bp.post("/games/<game:game_id>/deals")
def add(game_id: int):
    """Save the next deal. The game is read once and scored once: the entry is read on the game as it stands
    (``load_standing``), and the store records that reading in one write (``deals.record``), handing back the game
    after it for the answer."""
    db = get_db()
    key = client_key(request.form)
    summary = load_standing(game_id)
    reading = read_deal(summary, request.form, _mode(request.form))
    form = reading.form
    if summary.game.locked or not reading.can_save:
        replay = deal_store.replayed(db, game_id, key)  # a retry, read on the game its first attempt changed
        if replay is not None:
            return _saved(replay, _mode(request.form))
        if summary.game.locked:
            return _scorepad(summary, 409, form=form, conflict=GameLocked.message)
        return _scorepad(summary, 422, play_on=summary.game_over, **reading.context())
    try:
        # "Save mine as the next deal" after a lost race names the version it saw; a plain save again keeps
        # the version the entry was based on, so it cannot record the same deal twice.
        version = read_version(request.form.get("as_next") or form.version.data)
        saved = deal_store.record(db, game_id, reading.sides, mode=form.deal_mode, expected_version=version,
                                  who=_who(form), summary=summary, result=reading.result,
                                  play_on=reading.confirmed, client_key=key)
    except StaleGame:
        return _lost_race(game_id, form)
    except (GameOver, GameLocked) as error:
        return _conflict(game_id, form, games.game_version(db, game_id), error.message)
    except RulesError as error:
        return _scorepad(summaries.game_summary(db, game_id), 422, form=form, errors=error_map(form, error))
    return _saved(saved, form.deal_mode, play_on=summary.game_over)


def _saved(saved: deal_store.Saved, mode: str, play_on: bool = False):
    """The answer to a saved deal: the scorepad (Post/Redirect/Get without htmx); for htmx, only what the deal
    changed when the page shows the game as it was before it, else the whole scorepad (also to a retry of a
    save already recorded)."""
    fresh, row = saved.summary, saved.row
    message = _("Deal %(number)s saved.", number=row.number if row else len(fresh.rows))
    if not is_htmx():
        flash(message, "ok")
        return redirect(url_for("games.show", game_id=fresh.game.id, mode=mode, play_on=1 if play_on else None), 303)
    # What undo and redo offer next: the save itself, and nothing to redo (redo only follows an undo).
    changed = {} if saved.replayed else {"undo": saved.change, "redo": None}
    if not saved.replayed and _page_is_one_behind(fresh, saved.deal_id):
        context = scorepad_context(fresh.game, fresh, mode=mode, saved=message, play_on=play_on, **changed)
        response = render_changes("games/_deal_saved.html", "#deal-form", row=row, oob=True, **context)
    else:  # the whole scorepad shows every deal's breakdown
        fresh = fresh if fresh.complete else summaries.game_summary(get_db(), fresh.game.id)
        context = scorepad_context(fresh.game, fresh, mode=mode, saved=message, play_on=play_on, **changed)
        response = render("games/show.html", "games/_scorepad.html", **context)
    response.headers["HX-Trigger"] = json.dumps({"deal-saved": {"game": fresh.game.id, "deal": saved.deal_id}})
    return response


def _page_is_one_behind(summary, deal_id: int) -> bool:
    """Whether the page that sent the save shows the game exactly as it was before deal ``deal_id``, the last of
    ``summary``, was added (the scoreboard's version came with the form), and adding it changed no more than the
    new row, the totals and minimums: no game ended, and the list of deals was already there."""
    shown = request.form.get("board_version", type=int)
    return (shown is not None and shown == summary.version - 1 and len(summary.rows) > 1
            and summary.rows[-1].deal_id == deal_id and not summary.game_over and summary.ended_at is None
            and not summary.game.locked)


def _scorepad(summary, status, **extra):
    if not summary.complete:  # read from the running totals: the whole scorepad needs every breakdown
        summary = summaries.game_summary(get_db(), summary.game.id)
    context = scorepad_context(summary.game, summary, **extra)
    return render("games/show.html", "games/_scorepad.html", status=status, **context)


def _lost_race(game_id: int, form):
    """409 for a save that lost the race: which deal the entry was meant to be, what the other phone saved
    for it, and the choice of discarding the entry or saving it as the next deal. The entry stays based on the
    version it saw, so saving it again as it is cannot record the same deal twice."""
    summary = load_summary(game_id)
    meant = request.form.get("deal_number", type=int) or len(summary.rows)
    race = {"meant": meant, "row": summary.rows[meant - 1] if 0 < meant <= len(summary.rows) else None,
            "next": len(summary.rows) + 1, "version": summary.version}
    form.confirm.data = False
    return _scorepad(summary, 409, form=form, conflict=LOST_RACE, race=race)


def _conflict(game_id: int, form, current_version: int | None, message: str):
    """409: the current state, the person's entry kept, based now on the current version."""
    summary = load_summary(game_id)
    form.version.data = str(current_version if current_version is not None else summary.version)
    form.confirm.data = False
    return _scorepad(summary, 409, form=form, conflict=message)


# --------------------------------------------------------------------------------------
# Corrections
# --------------------------------------------------------------------------------------


def _load_deal(game_id: int, deal_id: int) -> tuple[GameSummary, dict, int]:
    """The game's summary, the deal and its number on the scorepad, or 404 for either."""
    summary = load_summary(game_id)
    deal = games.get_deal(get_db(), game_id, deal_id)
    number = next((row.number for row in summary.rows if row.deal_id == deal_id), None)
    if deal is None or number is None:
        abort(404)
    return summary, deal, number


@bp.route("/games/<game:game_id>/deals/<int:deal_id>/edit", methods=["GET", "POST"])
def edit(game_id: int, deal_id: int):
    summary, deal, number = _load_deal(game_id, deal_id)
    context = {"game": summary.game, "deal": deal, "number": number, "summary": summary, "errors": {},
               "result": None, "meld_checks": {}, "questions": (), "needs_confirm": False, "conflict": None}
    if request.method == "GET":
        return render_template("deals/edit.html", form=_correction_form(summary, deal), **context)
    reading = read_deal(summary, request.form, _mode(request.form), deal_id=deal_id)
    form = reading.form
    if summary.game.locked:
        return render_template("deals/edit.html", **{**context, "form": form, "conflict": GameLocked.message}), 409
    context.update(reading.context())
    if not reading.can_save:
        return render_template("deals/edit.html", **context), 422
    db = get_db()
    try:
        deal_store.record(db, game_id, reading.sides, mode=form.deal_mode, deal_id=deal_id,
                          expected_version=read_version(form.version.data), summary=summary, result=reading.result,
                          who=_who(form), reason=(form.reason.data or "").strip() or None)
    except StaleGame as error:
        form.version.data = str(error.current_version)
        form.confirm.data = False
        context.update(summary=summaries.game_summary(db, game_id), conflict=CONFLICT)
        return render_template("deals/edit.html", **context), 409
    except (GameLocked, DealNotFound) as error:
        return render_template("deals/edit.html", **{**context, "conflict": error.message}), 409
    except RulesError as error:
        return render_template("deals/edit.html", **{**context, "errors": error_map(form, error)}), 422
    flash(_("Deal %(number)s corrected; the totals after it are recomputed.", number=number), "ok")
    return redirect(url_for("games.show", game_id=game_id), 303)


def _correction_form(summary, deal):
    """The form showing a stored deal again (or empty, in the other mode when asked for it)."""
    mode = request.args.get("mode")
    if mode in MODES and mode != deal.mode:
        return deal_form(summary.profile, summary.game, mode, data={"version": summary.version})
    data = form_data_from_deal(summary.profile, summary.game, deal)
    data["version"] = summary.version
    return deal_form(summary.profile, summary.game, deal.mode, data=data)


@bp.route("/games/<game:game_id>/deals/<int:deal_id>/delete", methods=["GET", "POST"])
def delete(game_id: int, deal_id: int):
    summary, deal, number = _load_deal(game_id, deal_id)
    game = summary.game
    db = get_db()
    if request.method == "POST":
        try:
            deal_store.delete_deal(db, game_id, deal_id, expected_version=read_version(request.form.get("version")),
                              who=(request.form.get("who") or "").strip() or None,
                              reason=(request.form.get("reason") or "").strip() or None)
        except StaleGame:
            flash(_("Someone changed this game meanwhile. Check the deal again before deleting it."), "error")
            return redirect(url_for("deals.delete", game_id=game_id, deal_id=deal_id), 303)
        except (GameLocked, DealNotFound) as error:
            flash(str(error.message), "error")
            return redirect(url_for("games.show", game_id=game_id), 303)
        flash(_("Deal %(number)s deleted. Undo brings it back.", number=number), "ok")
        return redirect(url_for("games.show", game_id=game_id), 303)
    row = summary.rows[number - 1]
    return render_template("deals/delete.html", game=game, deal=deal, number=number, row=row, summary=summary)


@bp.route("/games/<game:game_id>/undo", methods=["GET", "POST"])
def undo(game_id: int):
    """GET: what undo would take back, and a button to confirm; POST: take it back."""
    summary = load_summary(game_id)
    db = get_db()
    if request.method == "GET":
        change = changes.last_undoable(db, game_id)
        story = change_story(change, summary) if change else None
        return render_template("deals/undo.html", game=summary.game, summary=summary, change=change, story=story)
    try:
        change = deal_store.undo_last(db, game_id, expected_version=read_version(request.form.get("version")),
                                      who=(request.form.get("who") or "").strip() or None)
    except StaleGame:
        flash(_("Someone saved a change meanwhile, so nothing was undone. Look at the scorepad and try again."),
              "error")
    except (NothingToUndo, GameLocked) as error:
        flash(str(error.message), "error")
    else:
        words = {"add": _("The last deal saved was taken back."), "edit": _("The last correction was taken back."),
                 "delete": _("The deleted deal is back.")}
        flash(words[change.action] + " " + _("Redo changes it back."), "ok")
    return redirect(url_for("games.show", game_id=game_id), 303)


@bp.post("/games/<game:game_id>/redo")
def redo(game_id: int):
    """Bring back what the last undo took away (while nothing else was saved since)."""
    load_game(game_id)
    try:
        change = deal_store.redo_last(get_db(), game_id, expected_version=read_version(request.form.get("version")),
                                      who=(request.form.get("who") or "").strip() or None)
    except StaleGame:
        flash(_("Someone saved a change meanwhile, so nothing was redone. Look at the scorepad and try again."),
              "error")
    except (NothingToUndo, GameLocked) as error:
        flash(str(error.message), "error")
    else:
        story = change_story(change, load_summary(game_id))
        flash(_("Redone: %(what)s.", what=", ".join(str(x) for x in (story["what"].lower(), story["deal"]) if x)), "ok")
    return redirect(url_for("games.show", game_id=game_id), 303)

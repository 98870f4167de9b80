"""Deals: record one (by totals or card by card), preview it, correct it, delete it, undo."""

from __future__ import annotations

import json

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for

from ..db import get_db
from ..rules import RulesError, Situation, check_meld, parse_cards
from ..stores import changes, games
from ..stores import deals as deal_store
from ..stores import summary as summaries
from ..stores.errors import DealNotFound, GameLocked, GameOver, NothingToUndo, StaleGame
from .forms import (deal_form, error_map, form_data_from_deal, read_version, sides_from_deal_form,
                    validate_custom_reason)
from .games import load_game, load_summary, scorepad_context
from .htmx import is_htmx, render

bp = Blueprint("deals", __name__)

CONFLICT = ("Someone else saved a change to this game first. The scorepad now shows what they saved; "
            "your entry is still below. Check it and save again.")


def _mode(values) -> str:
    mode = values.get("mode")
    return mode if mode in games.MODES else "totals"


def meld_checks(form, sides_data: dict, before: dict[str, int]) -> dict[str, dict]:
    """Card by card: the engine's verdict on every meld as entered, side by side."""
    if form.deal_mode != "cards":
        return {}
    profile = form.profile
    checks = {}
    for key, side in sides_data.items():
        situation = Situation(score=before.get(key, 0), opened=True)
        going_out = bool(side.get("went_out"))
        items, parsed = [], []
        for text in side.get("melds") or []:
            try:
                cards = parse_cards(text)
            except RulesError as error:
                items.append({"text": text, "legal": False, "messages": [error.message], "canasta": None})
                continue
            verdict = check_meld(profile, situation, melds=[cards], going_out=going_out)
            info = verdict.melds[0] if verdict.melds else None
            items.append({"text": text, "legal": verdict.legal,
                          "messages": [f"{v.message} ({v.source})" for v in verdict.violations],
                          "canasta": info.canasta if info else None})
            parsed.append(cards)
        together = []
        if len(parsed) > 1:
            seen = {m for item in items for m in item["messages"]}
            verdict = check_meld(profile, situation, melds=parsed, going_out=going_out)
            together = [f"{v.message} ({v.source})" for v in verdict.violations
                        if f"{v.message} ({v.source})" not in seen]
        checks[key] = {"melds": items, "together": together}
    return checks


def evaluate(form, game: dict, before: dict[str, int]):
    """Read the form and ask the engine: (sides_data, result, errors, meld checks)."""
    form.validate()
    validate_custom_reason(form)
    errors = error_map(form)
    errors.pop("csrf_token", None)
    if errors:
        return None, None, errors, {}
    sides_data = sides_from_deal_form(form)
    try:
        result = summaries.score(form.profile, sides_data, before, games.side_names(game))
    except RulesError as error:
        return sides_data, None, error_map(form, error), meld_checks_safe(form, sides_data, before)
    return sides_data, result, {}, meld_checks_safe(form, sides_data, before)


def meld_checks_safe(form, sides_data, before):
    try:
        return meld_checks(form, sides_data, before)
    except RulesError:
        return {}


@bp.post("/games/<int:game_id>/deals/preview")
def preview(game_id: int):
    """The deal's breakdown as it is being entered (htmx, on every change)."""
    summary = load_summary(game_id)
    game = summary.game
    deal_id = request.form.get("deal_id", type=int)
    known = deal_id is not None and any(row.deal_id == deal_id for row in summary.rows)
    before = summaries.totals_before_row(summary, deal_id if known else None)
    form = deal_form(summary.profile, game, _mode(request.form), formdata=request.form)
    sides_data, result, errors, checks = evaluate(form, game, before)
    return render_template("deals/_preview.html", game=game, form=form, result=result, errors=errors,
                           meld_checks=checks, needs_confirm=bool(result and result.warnings), preview=True)


@bp.post("/games/<int:game_id>/deals")
def add(game_id: int):
    """Save the next deal. The game is scored once: the summary read here is the one the new deal is
    added to (when the form was based on it), and the store caches the result for the answer."""
    db = get_db()
    summary = load_summary(game_id)
    game = summary.game
    form = deal_form(summary.profile, game, _mode(request.form), formdata=request.form)
    if game.locked:
        return _scorepad(game, summary, form, 409, conflict=GameLocked.message)
    sides_data, result, errors, checks = evaluate(form, game, summary.totals)
    if errors:
        return _scorepad(game, summary, form, 422, errors=errors, meld_checks=checks)
    if result.warnings and not form.confirm.data:
        return _scorepad(game, summary, form, 422, result=result, meld_checks=checks, needs_confirm=True)
    who = (form.who.data or "").strip() or None
    try:
        deal_id = deal_store.add_deal(db, game_id, sides_data, mode=form.deal_mode,
                                 expected_version=read_version(form.version.data), who=who, summary=summary)
    except StaleGame as error:
        return _conflict(game_id, form, error.current_version, CONFLICT)
    except (GameOver, GameLocked) as error:
        return _conflict(game_id, form, games.game_version(db, game_id), error.message)
    except RulesError as error:
        return _scorepad(game, summaries.game_summary(db, game_id), form, 422, errors=error_map(form, error))
    fresh = summaries.game_summary(db, game_id)  # cached by add_deal: no re-scoring
    number = next((row.number for row in fresh.rows if row.deal_id == deal_id), len(fresh.rows))
    message = f"Deal {number} saved."
    if not is_htmx():
        flash(message, "ok")
        return redirect(url_for("games.show", game_id=game_id, mode=form.deal_mode), 303)
    context = scorepad_context(fresh.game, fresh, mode=form.deal_mode, saved=message)
    response = render("games/show.html", "games/_scorepad.html", **context)
    response.headers["HX-Trigger"] = json.dumps({"deal-saved": {"game": game_id, "deal": deal_id}})
    return response


def _scorepad(game, summary, form, status, **extra):
    context = scorepad_context(game, summary, form=form, **extra)
    return render("games/show.html", "games/_scorepad.html", status=status, **context)


def _conflict(game_id: int, form, current_version: int | None, message: str):
    """409: the current state, the person's entry kept, based now on the current version."""
    summary = load_summary(game_id)
    form.version.data = str(current_version if current_version is not None else summary.version)
    form.confirm.data = False
    return _scorepad(summary.game, summary, form, 409, conflict=message)


# --------------------------------------------------------------------------------------
# Corrections
# --------------------------------------------------------------------------------------


def _load_deal(game_id: int, deal_id: int) -> tuple[summaries.GameSummary, dict, int]:
    """The game's summary, the deal and its number on the scorepad, or 404 for either."""
    summary = load_summary(game_id)
    deal = games.get_deal(get_db(), game_id, deal_id)
    number = next((row.number for row in summary.rows if row.deal_id == deal_id), None)
    if deal is None or number is None:
        abort(404)
    return summary, deal, number


@bp.route("/games/<int:game_id>/deals/<int:deal_id>/edit", methods=["GET", "POST"])
def edit(game_id: int, deal_id: int):
    summary, deal, number = _load_deal(game_id, deal_id)
    game = summary.game
    db = get_db()
    before = summaries.totals_before_row(summary, deal_id)
    profile = summary.profile
    context = {"game": game, "deal": deal, "number": number, "summary": summary, "errors": {}, "result": None,
               "meld_checks": {}, "needs_confirm": False, "conflict": None}
    if request.method == "GET":
        mode = request.args.get("mode")
        if mode in games.MODES and mode != deal.mode:
            form = deal_form(profile, game, mode, data={"version": game.version})
        else:
            data = form_data_from_deal(profile, game, deal)
            data["version"] = game.version
            form = deal_form(profile, game, deal.mode, data=data)
        return render_template("deals/edit.html", form=form, **context)
    form = deal_form(profile, game, _mode(request.form), formdata=request.form)
    if game.locked:
        return render_template("deals/edit.html", form=form, **{**context, "conflict": GameLocked.message}), 409
    sides_data, result, errors, checks = evaluate(form, game, before)
    context.update(errors=errors, result=result, meld_checks=checks)
    if errors:
        return render_template("deals/edit.html", form=form, **context), 422
    if result.warnings and not form.confirm.data:
        return render_template("deals/edit.html", form=form, **{**context, "needs_confirm": True}), 422
    try:
        deal_store.update_deal(db, game_id, deal_id, sides_data, mode=form.deal_mode,
                          expected_version=read_version(form.version.data), summary=summary,
                          who=(form.who.data or "").strip() or None, reason=(form.reason.data or "").strip() or None)
    except StaleGame as error:
        form.version.data = str(error.current_version)
        form.confirm.data = False
        summary = summaries.game_summary(db, game_id)
        return render_template("deals/edit.html", form=form, **{**context, "summary": summary,
                                                                  "conflict": CONFLICT}), 409
    except (GameLocked, DealNotFound) as error:
        return render_template("deals/edit.html", form=form, **{**context, "conflict": error.message}), 409
    flash(f"Deal {number} corrected; the totals after it are recomputed.", "ok")
    return redirect(url_for("games.show", game_id=game_id), 303)


@bp.route("/games/<int:game_id>/deals/<int:deal_id>/delete", methods=["GET", "POST"])
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
            flash("Someone changed this game meanwhile. Check the deal again before deleting it.", "error")
            return redirect(url_for("deals.delete", game_id=game_id, deal_id=deal_id), 303)
        except (GameLocked, DealNotFound) as error:
            flash(error.message, "error")
            return redirect(url_for("games.show", game_id=game_id), 303)
        flash(f"Deal {number} deleted. Undo brings it back.", "ok")
        return redirect(url_for("games.show", game_id=game_id), 303)
    row = summary.rows[number - 1]
    return render_template("deals/delete.html", game=game, deal=deal, number=number, row=row, summary=summary)


@bp.post("/games/<int:game_id>/undo")
def undo(game_id: int):
    load_game(game_id)
    db = get_db()
    try:
        change = deal_store.undo_last(db, game_id, expected_version=read_version(request.form.get("version")),
                                 who=(request.form.get("who") or "").strip() or None)
    except StaleGame:
        flash("Someone saved a change meanwhile, so nothing was undone. Look at the scorepad and try again.",
              "error")
    except (NothingToUndo, GameLocked) as error:
        flash(error.message, "error")
    else:
        words = {"add": "The last deal saved was taken back.", "edit": "The last correction was taken back.",
                 "delete": "The deleted deal is back."}
        flash(words[change.action], "ok")
    return redirect(url_for("games.show", game_id=game_id), 303)

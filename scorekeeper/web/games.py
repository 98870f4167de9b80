"""Games: start one, list them, the scorepad, its live scoreboard, sharing and deleting."""

from __future__ import annotations

import segno
from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from werkzeug.datastructures import MultiDict
from wtforms.fields.choices import SelectChoice
from scorekeeper.rules.i18n import _

from scorekeeper.stores.bin import BIN_DAYS
from scorekeeper.web.charts import chart_legend, summary_chart
from ..db import get_db
from ..rules import DEFAULT_PROFILE, PROFILES, RulesError, UnknownOption, UnknownRules, get_profile, profile_options
from ..stores import changes as change_log
from ..stores import rule_sets
from .club import offered_sets
from ..stores import deals as deal_store
from ..stores import games
from ..stores import summary as summaries
from ..stores.errors import GameLocked, GameNotFound, InvalidGame, StaleGame
from .errors import error_response
from .form_errors import in_words
from .forms import (layout_key, new_game_form, option_error, option_text, option_value, options_form, read_options,
                    read_version, seat_labels, sides_from_form)
from .limits import game_wait, too_many_games
from .devices import device_id, remember_game
from .htmx import render
from .scorepad import load_game, load_summary, scorepad_context, share_url
from .wording import alone_words, change_story, option_changes, options_changed, side_words

bp = Blueprint("games", __name__)
bp.add_app_template_filter(side_words, "side_words")
bp.add_app_template_global(alone_words, "alone_words")
bp.add_app_template_filter(in_words, "words")
bp.add_app_template_filter(summary_chart, "totals_chart")
bp.add_app_template_filter(chart_legend, "chart_legend")
bp.add_app_template_filter(option_changes, "option_changes")


# --------------------------------------------------------------------------------------
# The list
# --------------------------------------------------------------------------------------


#: Games per page of a phone's list: its newest first; only the games a page shows are scored. Ten cards are
#: about three screens of a phone; each costs about half a millisecond to show (bench/games_list.py), so a phone
#: with a thousand games gets its first page as fast as one with ten.
PAGE_SIZE = 10


@bp.get("/games/")
def index():
    """This phone's games (started here, or opened from their link), newest change first, a page at a time."""
    db = get_db()
    page = max(1, min(request.args.get("page", 1, type=int) or 1, 10**6))
    shown, more = games.game_page(db, device_id(), page=page, size=PAGE_SIZE)
    playing, finished = [], []
    for game in shown:
        try:
            summary = summaries.game_summary(db, game.id)  # cached by version
        except GameNotFound:  # deleted meanwhile
            continue
        (finished if summary.game_over else playing).append(summary)
    return render_template("games/index.html", playing=playing, finished=finished, profiles=PROFILES,
                           page_number=page, more=more)


# --------------------------------------------------------------------------------------
# Starting a game
# --------------------------------------------------------------------------------------


def _chosen_profile(values):
    """The profile picked in the form, with the options picked so far (for the shape of the sides)."""
    return _chosen(values)[0]


def _chosen(values):
    """(profile, club rule set or None) picked in the form: one of the five, or a club's set with its options;
    the options picked so far over them. A target still at the table's own (``table_target``) follows the
    table (or stays the set's); an option that does not fit the table now chosen (cut-throat once four play) is
    left out."""
    found = rule_sets.by_id(get_db(), values.get("rules"))
    try:
        profile = get_profile(found.base if found else (values.get("rules") or DEFAULT_PROFILE))
    except UnknownRules:
        profile = get_profile(DEFAULT_PROFILE)
    chosen = dict(found.options) if found else {}
    for option in profile_options(profile):
        raw = values.get(f"opt_{option.name}")
        if raw is None:
            continue
        try:
            chosen[option.name] = option_value(option, raw)
        except ValueError:
            continue
    if _target_follows_table(values):
        chosen.pop("target", None)
        if found and "target" in found.options:
            chosen["target"] = found.options["target"]
    while True:
        try:
            return profile.with_options(chosen), found
        except UnknownOption as error:
            name = (error.field or "").removeprefix("options.")
            if chosen.pop(name, None) is None:
                return profile, found
        except (RulesError, ValueError):
            return profile, found


def _option_data(profile, found) -> dict:
    """The form's option fields as ``profile`` has them (a club set's own values), and the rules chosen."""
    data = {f"opt_{o.name}": option_text(o, value) for o in profile_options(profile)
            for name, value in profile.option_values().items() if name == o.name}
    data["rules"] = found.id if found else profile.id
    return data


def _target_follows_table(values) -> bool:
    """The target field still holds the target of the table the form showed: a new table brings its own."""
    shown = values.get("table_target")
    return shown is not None and (values.get("opt_target") or "").strip() == shown


def _for_the_chosen_rules(values):
    """The form's values without the club options when they were shown for other rules than those now
    chosen: a switch of rules starts from exactly the new rules' defaults (``shown_rules`` names the rules
    whose options the page showed)."""
    shown = values.get("shown_rules")
    if shown is None or shown == values.get("rules"):
        return values
    kept = MultiDict([(k, v) for k, v in values.items(multi=True) if not k.startswith("opt_") and k != "table_target"])
    chosen = _chosen_profile(kept)  # the five's defaults, or a club set's own values
    for option in profile_options(chosen):
        kept[f"opt_{option.name}"] = option_text(option, chosen.option_values()[option.name])
    return kept


@bp.route("/games/new", methods=["GET", "POST"])
def new():
    values = _for_the_chosen_rules(request.form if request.method == "POST" else request.args)
    profile, found = _chosen(values)
    formdata = values if values else None
    form = new_game_form(profile, formdata=formdata, data=_option_data(profile, found))
    form.rules.choices = [*form.rules.choices, *(SelectChoice(s.id, s.name) for s in offered_sets(found))]
    if request.method == "GET" and "rules" not in values:
        form.rules.data = profile.id
    if "opt_target" in form and _target_follows_table(values):
        form["opt_target"].data = str(profile.target)
    form.first_dealer.choices = seat_labels(form)
    if form.first_dealer.data not in {choice.value for choice in form.first_dealer.choices}:
        form.first_dealer.data = "0"
    status = 200
    if request.method == "POST" and "refresh" not in request.form:
        valid = form.validate()
        options = read_options(form)
        if options is not None and _target_follows_table(values):
            options.pop("target", None)  # the table's own, as the engine sets it
        if valid and options is not None and _layout_changed(values, form):
            status = 200  # the table changed without a refresh (no script): show its seats before starting
            return render("games/new.html", "games/_new_form.html", status=status, form=form, profile=profile,
                          table_changed=True)
        if valid and options is not None and (wait := game_wait()):
            form.rules.errors = [too_many_games(wait)]
            return render("games/new.html", "games/_new_form.html", status=429, form=form, profile=profile)
        if valid and options is not None:
            try:
                game_id = games.create_game(
                    get_db(), rules=profile.id, options=options, sides=sides_from_form(form),
                    first_dealer=int(form.first_dealer.data),
                    rule_set={"key": found.key, "version": found.version, "name": found.name} if found else None,
                )
            except RulesError as error:
                option_error(form, error)
            except InvalidGame as error:
                form.rules.errors = [error.message]
            else:
                remember_game(game_id)
                flash(_("Game started. Record the first deal when it is played."), "ok")
                return redirect(url_for("games.show", game_id=game_id), 303)
        status = 422
    return render("games/new.html", "games/_new_form.html", status=status, form=form, profile=profile)


def _layout_changed(values, form) -> bool:
    """The table was changed on a page showing another one's seats (``shown_layout``)."""
    shown = values.get("shown_layout")
    return shown is not None and shown != layout_key(form)


# --------------------------------------------------------------------------------------
# The scorepad
# --------------------------------------------------------------------------------------


@bp.get("/games/<game:game_id>")
def show(game_id: int):
    summary = load_summary(game_id)
    remember_game(game_id)  # opened from its link: the game is in this phone's list from now on
    context = scorepad_context(summary.game, summary, mode=request.args.get("mode"),
                               play_on=request.args.get("play_on") == "1")
    return render("games/show.html", "games/_scorepad.html", **context)


@bp.route("/games/<game:game_id>/options", methods=["GET", "POST"])
def options(game_id: int):
    """The game's club options, changeable mid-game: every deal is scored again under the new ones."""
    summary = load_summary(game_id)
    base = get_profile(summary.game.rules)
    form = options_form(base, summary.profile, formdata=request.form if request.method == "POST" else None)
    status = 200
    if request.method == "GET":
        form.version.data = str(summary.version)
    elif summary.game.locked:
        flash(str(GameLocked.message), "error")
        return redirect(url_for("games.show", game_id=game_id), 303)
    else:
        chosen = read_options(form)
        if form.validate() and chosen is not None:
            try:
                before, after = deal_store.set_options(get_db(), game_id, chosen, who=(form.who.data or "").strip()
                                                       or None, expected_version=read_version(form.version.data))
            except StaleGame as error:
                form.version.data = str(error.current_version)
                form.form_errors.append(_("Someone changed this game meanwhile: look at the options again, then save."))
            except (RulesError, InvalidGame) as error:
                option_error(form, error)
            else:
                flash(options_changed(before, after), "ok")
                return redirect(url_for("games.show", game_id=game_id), 303)
        status = 422
    return render_template("games/options.html", game=summary.game, summary=summary, form=form, base=base), status


@bp.post("/games/<game:game_id>/rematch")
def rematch(game_id: int):
    """A new game with the same players, rules and options; the next player deals first."""
    load_game(game_id)
    try:
        new_id = games.rematch(get_db(), game_id, who=(request.form.get("who") or "").strip() or None)
    except GameNotFound:
        abort(404)
    flash(_("Rematch started: same players, same rules and options."), "ok")
    return redirect(url_for("games.show", game_id=new_id), 303)


@bp.get("/games/<game:game_id>/scoreboard")
def scoreboard(game_id: int):
    """The live part of the scorepad; "nothing new" while the game has not changed since version ``v``.

    Nothing new is an empty 200 with ``HX-Reswap: none``, not a 204: waitress closes the connection after a 204,
    so each open scorepad would open a new connection every few seconds.
    """
    db = get_db()
    version = games.game_version(db, game_id)
    if version is None:
        return error_response(404, _("This game has been deleted."))
    if request.args.get("v", type=int) == version:
        return "", 200, {"HX-Reswap": "none"}
    try:
        summary = summaries.game_summary(db, game_id)
    except GameNotFound:
        return error_response(404, _("This game has been deleted."))
    return render_template("games/_scoreboard.html", game=summary.game, summary=summary,
                           undo=change_log.last_undoable(db, game_id), redo=change_log.last_redoable(db, game_id))


@bp.get("/games/<game:game_id>/qr.svg")
def qr(game_id: int):
    game = load_game(game_id)
    svg = segno.make(share_url(game), error="m").svg_inline(scale=4, border=2, dark="#000", light="#fff")
    svg = '<?xml version="1.0" encoding="UTF-8"?>' + svg.replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ', 1)
    return svg, 200, {"Content-Type": "image/svg+xml", "Cache-Control": "max-age=3600"}


@bp.route("/games/<game:game_id>/delete", methods=["GET", "POST"])
def delete(game_id: int):
    summary = load_summary(game_id)
    game = summary.game
    if request.method == "POST":
        try:
            games.delete_game(get_db(), game_id, who=request.form.get("who") or None,
                              expected_version=read_version(request.form.get("version"), missing=None))
        except GameLocked as error:
            flash(str(error.message), "error")
            return redirect(url_for("games.show", game_id=game_id), 303)
        except StaleGame:
            flash(_("Someone recorded a deal in this game meanwhile. Look at it again before deleting."), "error")
            return redirect(url_for("games.delete", game_id=game_id), 303)
        names = _(" v ").join(str(s.name) for s in game.sides)
        flash(_("The game of %(names)s is in the bin: it can be restored from there for %(days)d days.",
                names=names, days=BIN_DAYS), "ok")
        return redirect(url_for("games.index"), 303)
    return render_template("games/delete.html", game=game, summary=summary)


@bp.get("/games/<game:game_id>/changes")
def changes(game_id: int):
    summary = load_summary(game_id)
    stories = [change_story(change, summary) for change in change_log.list_changes(get_db(), game_id)]
    return render_template("games/changes.html", game=summary.game, stories=stories)

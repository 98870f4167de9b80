"""Club rule sets: a club's directors make one in the club's area from one of the five profiles (or copy anyone's
set, from its id), change it (a new version, only their own club's) and retire it; anyone sees a set by its id,
where it differs from its profile, starts a casual game under it, and shares it as a file or a link that another
server's club imports (stores/rule_sets.py)."""

from __future__ import annotations

import base64
import json

from flask import Blueprint, abort, flash, jsonify, redirect, render_template, request, url_for
from scorekeeper.rules.i18n import _
from flask_wtf import FlaskForm
from wtforms import RadioField, StringField, TextAreaField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import Length, Optional

from ..db import get_db
from ..rules import DEFAULT_PROFILE, PROFILES, RulesError, get_profile
from ..rules.tables import offered_choices, offered_options
from ..stores import rule_sets
from .devices import remember_rule_set
from .limits import club_wait, too_many_made
from .forms import SQLITE_MAX_INT, option_field, option_text, option_value, read_options, whole_number
from .club import club_director, directed_clubs, director_only
from .seats import table_target
from .htmx import render

bp = Blueprint("rule_sets", __name__)


class RuleSetBase(FlaskForm):
    base = RadioField(_("Copy the rules of"), choices=[SelectChoice(pid, _(p.name)) for pid, p in PROFILES.items()],
                      default=DEFAULT_PROFILE)
    name = StringField(_("Name of the rule set"), validators=[Optional(), Length(max=rule_sets.NAME_MAX)],
                       render_kw={"placeholder": _("Tuesday rules"), "autocomplete": "off"})
    note = TextAreaField(_("A note: why the club plays it so (optional)"),
                         validators=[Optional(), Length(max=rule_sets.NOTE_MAX)], render_kw={"rows": 3})


def _form(values, current=None):
    """The form for the profile chosen in ``values`` (else ``current``'s, else the default), showing the options
    picked so far; a profile other than the one shown starts from its own values."""
    shown = values.get("shown_base")
    base_id = values.get("base") or (current.base if current else DEFAULT_PROFILE)
    base = get_profile(base_id if base_id in PROFILES else DEFAULT_PROFILE)
    same = bool(values) and shown == base.id
    chosen = dict(current.options) if current and current.base == base.id else {}
    if same:
        for option in base.options:
            raw = values.get(f"opt_{option.name}")
            if raw is not None:
                try:
                    chosen[option.name] = option_value(option, raw)
                except ValueError:
                    pass
    follows = same and (values.get("opt_target") or "").strip() == values.get("table_target")
    if follows:
        chosen.pop("target", None)  # still the table's own: a new table brings its own
    profile = _fitting(base, chosen)
    options = offered_options(profile)
    attrs = {f"opt_{o.name}": option_field(o, offered_choices(profile, o)) for o in options}
    data = {f"opt_{o.name}": option_text(o, profile.option_values()[o.name]) for o in options}
    data.update(base=base.id, name=values.get("name", current.name if current else ""),
                note=values.get("note", current.note if current else ""))
    form = type("RuleSetForm", (RuleSetBase,), attrs)(formdata=values if same else None, data=data)
    if follows and "opt_target" in form:
        form["opt_target"].data = str(profile.target)
    form.option_list, form.profile, form._first = options, profile, "base"
    form.table_target, form.follows = table_target(profile), follows
    return form


def _fitting(base, chosen: dict):
    """``base`` with the options chosen, leaving out one that does not fit the table chosen."""
    while True:
        try:
            return base.with_options(chosen)
        except RulesError as error:
            name = (error.field or "").removeprefix("options.")
            if chosen.pop(name, None) is None:
                return base


def _edit(club, director, current, key: str | None, source: dict):
    """The set form: a new set of the club (copying ``current`` when given) or, with ``key``, the next version of
    the club's own set ``current``."""
    db = get_db()
    values = request.form if request.method == "POST" else {}
    form = _form(values, current)
    status = 200
    if request.method == "POST" and "refresh" not in request.form and request.form.get("shown_base") == form.base.data:
        form.validate()
        options = read_options(form)
        if options is not None:  # keep what differs from the rules copied; a target only if the club set one
            defaults = get_profile(form.base.data).option_values()
            options = {k: v for k, v in options.items() if k == "target" or v != defaults.get(k)}
            if form.follows:
                options.pop("target", None)
        if not form.errors and options is not None and current is None and (wait := club_wait()):
            form.name.errors = [too_many_made(wait)]  # a new set counts as one made here; a new version does not
            return render("rule_sets/new.html", "rule_sets/_form.html", status=429, form=form, current=current)
        if not form.errors and options is not None:
            try:
                saved = rule_sets.save(db, club.id, base=form.base.data, name=form.name.data, options=options,
                                       note=form.note.data, key=key, director=director)
            except rule_sets.InvalidRuleSet as error:
                option = f"opt_{(error.field or '').removeprefix('options.')}"
                field = form[error.field] if error.field in form else form[option] if option in form else form.name
                field.errors = [error.message]
            else:
                remember_rule_set(saved.key)
                return redirect(url_for("rule_sets.show", rules_id=saved.id), 303)
        status = 422
    return render("rule_sets/new.html", "rule_sets/_form.html", status=status, form=form, current=current,
                  versioning=key is not None, club=club, action=url_for("rule_sets.new", club_id=club.id, **source))


@bp.route("/director/<club:club_id>/rules/new", methods=["GET", "POST"])
@director_only
def new(club, director):
    """A new set of the club from one of the five profiles, or a copy of any set (``?from=club-...``); the next
    version of one of the club's own sets (``?version=club-...``; another club's is not found)."""
    db = get_db()
    if request.values.get("version"):
        current = rule_sets.club_set(db, club.id, request.values["version"])
        if current is None:
            abort(404)
        return _edit(club, director, current, current.key, {"version": current.id})
    copied = rule_sets.by_id(db, request.values.get("from")) if request.values.get("from") else None
    if request.values.get("from") and copied is None:
        abort(404)
    return _edit(club, director, copied, None, {"from": copied.id} if copied else {})


@bp.post("/director/<club:club_id>/rules/<rules_id>/retire")
@director_only
def retire(club, director, rules_id: str):
    """Retire one of the club's sets (no longer offered for new games and evenings), or offer it again."""
    found = rule_sets.club_set(get_db(), club.id, rules_id)
    if found is None:
        abort(404)
    back = request.form.get("action") == "restore"
    rule_sets.retire(get_db(), club.id, found.key, retired=not back, director=director)
    flash(_("%(name)s is offered again.", name=found.name) if back else
          _("%(name)s is retired: games and evenings that use it keep it.", name=found.name), "ok")
    return redirect(url_for("clubs.area", club_id=club.id) + "#rule-sets", 303)


def _found(rules_id: str, version: str | None = None):
    found = rule_sets.by_id(get_db(), rules_id)
    if found is not None and version:
        # Only a whole number the database can hold names a version ("²", or a number past 64 bits, names none).
        number = whole_number(version, below=SQLITE_MAX_INT + 1)
        found = rule_sets.get(get_db(), found.key, number) if number is not None else None
    if found is None:
        abort(404)
    return found


def share_link(found) -> str:
    """A link another server's /rules/import reads the set from (its host replaced by the other server's)."""
    return url_for("rule_sets.import_set", data=_encode(rule_sets.to_file(found)), _external=True)


@bp.get("/rules/<rules_id>")
def show(rules_id: str):
    found = _found(rules_id, request.args.get("version"))
    remember_rule_set(found.key)  # opened from its address: in this phone's list from now on
    base = get_profile(found.base)
    options = {o.name: o for o in base.options}
    mine = directed_clubs()
    return render_template("rule_sets/show.html", found=found, base=base, options=options,
                           differences=found.differences(), link=share_link(found), clubs=mine,
                           own=next((c for c in mine if c.id == found.club_id), None))


@bp.get("/rules/<rules_id>.json")
def download(rules_id: str):
    found = _found(rules_id, request.args.get("version"))
    response = jsonify(rule_sets.to_file(found))
    response.headers["Content-Disposition"] = f'attachment; filename="canasta-rules-{found.key}.json"'  # i18n: not for people
    return response


def _read_shared(text: str) -> bytes:
    """The file a share link carries (base64url of its JSON), still to be read as hostile."""
    if len(text) > rule_sets.MAX_FILE_BYTES * 4 // 3 + 4:
        raise rule_sets.InvalidRuleSet(str(rule_sets.UNREADABLE["too_large"]), "file", too_large=True)
    try:
        return base64.urlsafe_b64decode((text + "=" * (-len(text) % 4)).encode("ascii"))
    except ValueError:
        raise rule_sets.InvalidRuleSet(_("This link does not carry a rule set; ask for it again."), "file") from None


@bp.route("/rules/import", methods=["GET", "POST"])
def import_set():
    """A set from a file (uploaded) or a link (``?data=``): shown first, then saved as a new set of a club this
    browser directs (``club``: its director area's link); anyone else sees it and may make a club to keep it. A
    file or link that is not a set is answered 400 (413 over the size limit) with the reason, and nothing is
    saved; a saved one counts as a set made here (``limits.club_wait``)."""
    error, parts, shared, status = None, None, request.values.get("data", ""), 200
    try:
        if request.method == "POST" and "file" in request.files and request.files["file"].filename:
            raw = request.files["file"].read(rule_sets.MAX_FILE_BYTES + 1)
            parts = rule_sets.read_file(raw)
            shared = _encode(rule_sets.to_file(_preview(parts)))
        elif request.values.get("data"):
            parts = rule_sets.read_file(_read_shared(request.values["data"]))
    except rule_sets.InvalidRuleSet as refused:
        error, status = refused.message, 413 if refused.too_large else 400
    mine = directed_clubs()
    if request.method == "POST" and parts and request.form.get("confirm") == "1":
        club = next((c for c in mine if c.link == request.form.get("club")), None)
        if club is None:
            return render_template("rule_sets/import.html", error=_("Only a director of a club can keep a rule set: "
                                                                    "sign in to your club first."), preview=None,
                                   data="", base=None, clubs=mine), 403
        if wait := club_wait():
            error, status = too_many_made(wait), 429
        else:
            base, name, options, note = parts
            saved = rule_sets.save(get_db(), club.id, base=base, name=name, options=options, note=note,
                                   director=club_director(club.id))
            remember_rule_set(saved.key)
            return redirect(url_for("rule_sets.show", rules_id=saved.id), 303)
    preview = _preview(parts) if parts else None
    return render_template("rule_sets/import.html", error=error, preview=preview,
                           data="" if status in (400, 413) else shared,
                           base=get_profile(preview.base) if preview else None, clubs=mine), status


def _preview(parts) -> rule_sets.RuleSet:
    base, name, options, note = parts
    return rule_sets.RuleSet(key="", version=0, base=base, name=name, options=options, note=note, created_at="")


def _encode(data: dict) -> str:
    """A set's file as the text a link carries (base64url of its JSON)."""
    return base64.urlsafe_b64encode(json.dumps(data, separators=(",", ":")).encode()).decode().rstrip("=")

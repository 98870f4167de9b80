"""The next deal's empty form, its fields rendered once per game setup, mode and language (issue 22, "a save near
the floor of its stack").

Every save is answered with a fresh deal form, and rendering its fields (``deals/_fields.html``: each side's
choices, steppers and points, the penalties, the empty preview) was almost half of a save's time. For an empty
form they depend only on the game's profile (its canasta kinds, penalties, threes, cut-throat), its sides (keys,
names, players), the mode, the reader's language, the address the preview posts to and the app that renders them
(its static files' names): all of these are the key, so the fields of another setup, mode or language can never
be served. What changes from one deal to the next (the version, the deal's number, the dealer, the CSRF token, a
name typed) is outside the fields, in ``deals/_form.html``, rendered every time. An entry with messages, a
preview or questions is never cached. Each app keeps its own cache (``app.extensions``).
"""

from __future__ import annotations

from flask import current_app, render_template, url_for
from flask_babel import get_locale
from flask_wtf import FlaskForm
from markupsafe import Markup

from scorekeeper.ops.lru import LRU
from .forms import DealBase, deal_form, offered_penalties

#: Plenty for a club night: one entry per game, mode and language in use.
SIZE = 256


def _cache() -> LRU[Markup]:
    return current_app.extensions.setdefault("fresh_deal_fields", LRU(SIZE))


def outer_form(profile, game, mode: str, version: int) -> FlaskForm:
    """The empty deal form without its sides' fields: the version, mode and name that ``deals/_form.html`` renders
    around the cached fields (binding every side's fields for each save cost as much again)."""
    form = DealBase(formdata=None, data={"version": version})
    form.mode.data = mode
    form.profile, form.game, form.deal_mode, form.penalties = profile, game, mode, offered_penalties(profile, mode)
    return form


def empty_fields(game, form) -> Markup:
    """``deals/_fields.html`` for the empty deal form of ``game`` in ``form``'s mode (no messages, result or
    questions); ``form`` may be the ``outer_form``: a whole one is built only to render the fields once."""
    preview_url = url_for("deals.preview", game_id=game.id)
    key = (form.profile, tuple(game.sides), form.deal_mode, str(get_locale()), preview_url)
    fields = _cache().get(key)
    if fields is None:
        whole = deal_form(form.profile, game, form.deal_mode, formdata=None, data={"version": form.version.data})
        fields = Markup(render_template("deals/_fields.html", game=game, form=whole, errors={}, result=None,
                                        meld_checks={}, questions=(), needs_confirm=False, preview_url=preview_url))
        _cache().put(key, fields)
    return fields

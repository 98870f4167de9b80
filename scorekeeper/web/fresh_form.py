"""The next deal's empty form, its fields rendered once per setup and mode (issue 22, "a save near the floor of its
stack"; issue 32, keyed by the form itself).

Every save is answered with a fresh deal form, and rendering its fields (``deals/_fields.html``: each side's
choices, steppers and points, the penalties, the empty preview) was almost half of a save's time. An empty form's
fields are what its class makes of them: the class (``forms.empty_form_class``) is made once per setup (the
profile, the sides with their names and players, the mode and the reader's language) and is the key, so no list
of the template's inputs is kept by hand, and the fields of another setup, mode or language can never be served.
The one thing of a game's own in them, the address the preview posts to, is left as a mark and filled in at each
use, so every game of one setup shares one entry. What changes from one deal to the next (the version, the deal's
number, the dealer, the CSRF token, a name typed) is outside the fields, in ``deals/_form.html``, rendered every
time. An entry with messages, a preview or questions is never cached. Each app keeps its own cache
(``app.extensions``): the static files' names in the fields are the app's.
"""

from __future__ import annotations

from flask import current_app, render_template, url_for
from flask_wtf import FlaskForm
from markupsafe import Markup, escape

from scorekeeper.ops.lru import LRU
from .forms import DealBase, deal_form, empty_form_class, offered_penalties

#: Plenty for a club night: one entry per setup and mode in use.
SIZE = 256
#: Where the preview's address goes in the cached fields (no address has it: it is not a path).
PREVIEW_MARK = "preview-address-of-this-game"


def _cache() -> LRU[str]:
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
    form_class = empty_form_class(form.profile, game, form.deal_mode)
    fields = _cache().get(form_class)
    if fields is None:
        whole = deal_form(form.profile, game, form.deal_mode, formdata=None, data={"version": form.version.data})
        fields = render_template("deals/_fields.html", game=game, form=whole, errors={}, result=None, meld_checks={},
                                 questions=(), needs_confirm=False, preview_url=PREVIEW_MARK)
        _cache().put(form_class, fields)
    return Markup(fields.replace(PREVIEW_MARK, str(escape(url_for("deals.preview", game_id=game.id)))))

"""Errors in plain words, the same for every blueprint: a page, JSON under ``/api/``, or plain text that
``static/js/app.js`` shows in ``#messages`` for an htmx request."""

from __future__ import annotations

from flask import jsonify, render_template, request
from scorekeeper.rules.i18n import _

from .htmx import is_htmx

ERROR_TEXTS = {
    400: (_("That request did not make sense"), _("Something in what was sent could not be read. Go back and try again.")),
    403: (_("Not allowed"), _("You do not have permission to do that.")),
    404: (_("Page not found"), _("There is nothing at this address. It may have been deleted, or the link is mistyped.")),
    405: (_("Not allowed here"), _("This address does not accept that kind of request.")),
    409: (_("Changed meanwhile"), _("Someone else changed this at the same moment. Reload to see the current state.")),
    413: (_("Too much data"), _("What was sent is far larger than anything this app expects.")),
    429: (_("Slow down"), _("Too many attempts in a short time. Wait a little and try again.")),
    500: (_("Something went wrong"), _("The app hit an unexpected problem. Nothing was saved from this request; try again.")),
    503: (_("Not available just now"), _("The scorekeeper cannot do this at the moment. Try again in a minute.")),
}


def wants_json() -> bool:
    return request.path.startswith("/api/")


def error_response(status: int, message: str | None = None, code: str | None = None, database_down: bool = False):
    """An error in plain words: JSON under ``/api/``, plain text for htmx (shown in ``#messages``), else a page.
    ``database_down``: the page is made without asking the database anything (no language switch of a game's)."""
    title, text = ERROR_TEXTS.get(status, ERROR_TEXTS[500 if status >= 500 else 400])
    title, message = str(title), str(message or text)
    if wants_json():
        body = {"error": {"code": code or f"http.{status}", "message": message}}
        return jsonify(body), status
    if is_htmx():
        # htmx shows this text in the page's message area (static/js/app.js).
        return message, status, {"Content-Type": "text/plain; charset=utf-8"}
    return render_template("errors/error.html", status=status, title=title, message=message,
                           database_down=database_down), status

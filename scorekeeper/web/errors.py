"""Errors in plain words, the same for every blueprint: a page, JSON under ``/api/``, or plain text that
``static/js/app.js`` shows in ``#messages`` for an htmx request."""

from __future__ import annotations

from flask import jsonify, render_template, request
from flask_babel import lazy_gettext as _l

from .htmx import is_htmx

ERROR_TEXTS = {
    400: (_l("That request did not make sense"), _l("Something in what was sent could not be read. Go back and try again.")),
    403: (_l("Not allowed"), _l("You do not have permission to do that.")),
    404: (_l("Page not found"), _l("There is nothing at this address. It may have been deleted, or the link is mistyped.")),
    405: (_l("Not allowed here"), _l("This address does not accept that kind of request.")),
    409: (_l("Changed meanwhile"), _l("Someone else changed this at the same moment. Reload to see the current state.")),
    413: (_l("Too much data"), _l("What was sent is far larger than anything this app expects.")),
    429: (_l("Slow down"), _l("Too many attempts in a short time. Wait a little and try again.")),
    500: (_l("Something went wrong"), _l("The app hit an unexpected problem. Nothing was saved from this request; try again.")),
    503: (_l("Not available just now"), _l("The scorekeeper cannot do this at the moment. Try again in a minute.")),
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

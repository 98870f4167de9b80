"""Answers in plain words when the server cannot do it now: a request the disk or the database refused (503,
scorekeeper/ops/trouble.py names the cause), or a sheet asked for while others are being rendered (503, ask again)."""

from __future__ import annotations

import sqlite3

from flask import Flask, current_app, make_response, request

from scorekeeper.ops.trouble import write_problem
from flask_babel import gettext as _
from scorekeeper.sheets.cache import SheetsBusy
from scorekeeper.web.errors import error_response


def database_error(error: sqlite3.Error):

    problem = write_problem(error)
    if problem is None:  # not the disk's or the file's fault: an unexpected error like any other
        current_app.logger.exception("Unexpected database error on %s %s", request.method, request.path)
        return error_response(500)
    status, code, message = problem
    current_app.logger.error("Refused by the database on %s %s: %s", request.method, request.path, error)
    response = error_response(status, message, code=code)
    if isinstance(response, tuple):

        response = make_response(response)
    response.headers["Retry-After"] = "30"
    return response


def sheets_busy(error):
    """503 while another sheet renders and one already waits (scorekeeper/sheets/cache.py)."""

    response = make_response(error_response(503, _("Another score sheet is being prepared right now. Nothing is "
                                                    "lost: ask for this one again in a few seconds."),
                                            code="sheets.busy"))
    response.headers["Retry-After"] = "5"
    return response


def init_app(app: Flask) -> None:

    app.register_error_handler(sqlite3.Error, database_error)
    app.register_error_handler(SheetsBusy, sheets_busy)

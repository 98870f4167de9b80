"""A request the disk or the database refused answers 503 in plain words (scorekeeper/trouble.py names the cause)."""

from __future__ import annotations

import sqlite3

from flask import Flask, current_app, request

from ..trouble import write_problem


def database_error(error: sqlite3.Error):
    from . import error_response

    problem = write_problem(error)
    if problem is None:  # not the disk's or the file's fault: an unexpected error like any other
        current_app.logger.exception("Unexpected database error on %s %s", request.method, request.path)
        return error_response(500)
    status, code, message = problem
    current_app.logger.error("Refused by the database on %s %s: %s", request.method, request.path, error)
    response = error_response(status, message, code=code)
    if isinstance(response, tuple):
        from flask import make_response

        response = make_response(response)
    response.headers["Retry-After"] = "30"
    return response


def init_app(app: Flask) -> None:
    app.register_error_handler(sqlite3.Error, database_error)

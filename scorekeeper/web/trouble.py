"""Answers in plain words when the server cannot do it now: a request the database could not serve (503 with
``Retry-After``: it is away, too busy, or its disk refused; scorekeeper/ops/trouble.py names the cause), or a sheet
asked for while others are being rendered (503, ask again).

The database's trouble reaches here from every path: a view or a store (``StorageError``), or the routing itself
(a link converter looks the link up before any view runs, and hands its trouble over as ``TroubleWhileRouting``,
an HTTP error, which Flask answers through these handlers instead of logging a traceback). The log says it once
per outage (``ops.trouble.outage``), not a traceback per request, and the answer is made without the database: a
phone keeps a deal it could not send and sends it again later."""

from __future__ import annotations

from flask import Flask, current_app, g, make_response, request
from scorekeeper.rules.i18n import _
from werkzeug.exceptions import InternalServerError, ServiceUnavailable

from scorekeeper.db import StorageError
from scorekeeper.db.contract import TRANSIENT
from scorekeeper.ops.trouble import RETRY_SECONDS, outage, write_problem
from scorekeeper.sheets.cache import SheetsBusy
from scorekeeper.web.errors import error_response


class TroubleWhileRouting(ServiceUnavailable):
    """The database's trouble, met while the request was routed (``web.devices``'s link converters)."""

    def __init__(self, error: StorageError):
        super().__init__()
        self.storage_error = error


def database_error(error: StorageError):
    problem = write_problem(error.reason) if isinstance(error, TRANSIENT) else None
    if problem is None:  # not the database's state but an error like any other
        current_app.logger.error("Unexpected database error on %s %s", request.method, request.path,
                                 exc_info=error)
        return error_response(500)
    status, code, message = problem
    g.storage_trouble = True
    outage.noticed(error.reason, str(error).strip().splitlines()[0] if str(error).strip() else code,
                   current_app.logger)
    response = make_response(error_response(status, message, code=code, database_down=True))
    response.headers["Retry-After"] = str(RETRY_SECONDS.get(code, 30))
    return response


def routing_trouble(error: TroubleWhileRouting):
    return database_error(error.storage_error)


def server_error(error: InternalServerError):
    """An error raised outside a view: the database's trouble is answered as such, anything else as the
    unexpected error it is."""
    found = error.original_exception
    if isinstance(found, StorageError):
        return database_error(found)
    current_app.logger.error("Unexpected error on %s %s", request.method, request.path, exc_info=found or error)
    return error_response(500)


def sheets_busy(error):
    """503 while another sheet renders and one already waits (scorekeeper/sheets/cache.py)."""

    response = make_response(error_response(503, _("Another score sheet is being prepared right now. Nothing is "
                                                    "lost: ask for this one again in a few seconds."),
                                            code="sheets.busy"))
    response.headers["Retry-After"] = "5"
    return response


def init_app(app: Flask) -> None:

    app.register_error_handler(StorageError, database_error)
    app.register_error_handler(TroubleWhileRouting, routing_trouble)
    app.register_error_handler(InternalServerError, server_error)
    app.register_error_handler(SheetsBusy, sheets_busy)

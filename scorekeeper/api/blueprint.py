"""The API's blueprint, on which ``views`` (the referee and the scorer) and ``results`` (a season's ladder and an
evening's standings) each put their endpoints, so that neither imports the other."""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("api", "scorekeeper.api", url_prefix="/api/v1")

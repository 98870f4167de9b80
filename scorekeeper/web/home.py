"""The home page and the files a phone asks for when the page is added to its home screen."""

from __future__ import annotations

import hashlib
import json

from flask import Blueprint, current_app, jsonify, render_template, url_for
from flask_babel import get_locale
from scorekeeper.rules.i18n import _

bp = Blueprint("home", __name__)


@bp.get("/")
def index():
    return render_template("home/index.html")


@bp.get("/manifest.webmanifest")
def manifest():
    """The web-app manifest, so the page can be added to a phone's home screen."""
    icons = [
        {"src": url_for("static", filename="icons/icon.svg"), "sizes": "any", "type": "image/svg+xml"},
        {"src": url_for("static", filename="icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
        {"src": url_for("static", filename="icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
    ]
    response = jsonify(
        {
            "name": _("Canasta Scorekeeper"),
            "short_name": _("Canasta"),
            "description": _("Scorekeeper and referee for Canasta played with real cards."),
            "lang": str(get_locale() or "en").replace("_", "-"),
            "start_url": url_for("home.index"),
            "scope": "/",
            "display": "standalone",
            "background_color": "#f6f4ee",
            "theme_color": "#0b6e4f",
            "icons": icons,
        }
    )
    response.mimetype = "application/manifest+json"
    return response


def worker_files() -> list[str]:
    """The static files the service worker keeps from the start: every built file under its hashed name."""
    return sorted(url_for("static", filename=name) for name in current_app.static_names)


@bp.get("/sw.js")
def service_worker():
    """The service worker (templates/home/sw.js), at the root so that it serves every page. Its version is a hash
    of the app's static files: a new version of the app is a new worker, which replaces the old cache."""
    files = worker_files()
    version = hashlib.sha256(json.dumps(files).encode()).hexdigest()[:12]
    body = render_template("home/sw.js", version=version, files=files)
    return body, 200, {"Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-cache"}

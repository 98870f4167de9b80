"""The home page and the files a phone asks for when the page is added to its home screen."""

from __future__ import annotations

from flask import Blueprint, jsonify, render_template, url_for
from flask_babel import get_locale
from flask_babel import gettext as _

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

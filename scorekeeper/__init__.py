"""Canasta Scorekeeper: a referee and scorekeeper for Canasta played with real cards."""

from __future__ import annotations

import secrets
from datetime import timedelta
from pathlib import Path

from flask import Flask

#: The repository root: templates/, static/ and instance/ live here, beside the package.
ROOT = Path(__file__).resolve().parent.parent


def _secret_key(instance: Path) -> str:
    """Read the secret key from instance/, generating a random one on first run."""
    path = instance / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_hex(32))
        path.chmod(0o600)
    return path.read_text().strip()


def create_app(test_config: dict | None = None) -> Flask:
    """Build the application. This is the only way to get one."""
    app = Flask(
        __name__,
        instance_path=str(ROOT / "instance"),
        instance_relative_config=True,
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
    )
    app.config.from_mapping(
        DATABASE=str(Path(app.instance_path) / "scorekeeper.sqlite"),
        # A score sheet stays open through a whole game, often longer than an hour:
        # the CSRF token lives as long as the browser session instead of expiring.
        WTF_CSRF_TIME_LIMIT=None,
        SESSION_COOKIE_SAMESITE="Lax",
        PERMANENT_SESSION_LIFETIME=timedelta(days=30),
        MAX_CONTENT_LENGTH=1024 * 1024,
        JSON_SORT_KEYS=False,
    )
    if test_config is None:
        Path(app.instance_path).mkdir(parents=True, exist_ok=True)
        app.config.from_pyfile("config.py", silent=True)
        # Environment variables win over the file: SCOREKEEPER_DATABASE=/path/club.sqlite make run
        app.config.from_prefixed_env("SCOREKEEPER")
        if not app.config.get("SECRET_KEY"):
            app.config["SECRET_KEY"] = _secret_key(Path(app.instance_path))
    else:
        app.config.from_mapping(test_config)
        if not app.config.get("SECRET_KEY"):
            app.config["SECRET_KEY"] = secrets.token_hex(32)

    from . import db

    db.init_app(app)

    from .i18n import init_app as init_i18n
    from .web import init_app as init_web

    init_i18n(app)

    init_web(app)
    return app

"""Canasta Scorekeeper: a referee and scorekeeper for Canasta played with real cards."""

from __future__ import annotations

import secrets
from datetime import timedelta
from pathlib import Path

from flask import Flask

PACKAGE = Path(__file__).resolve().parent
#: True when installed from a wheel, which carries templates/ and a built static/ inside the package.
BUNDLED = (PACKAGE / "templates").is_dir()
#: Where templates/ and static/ are: the repository root in a checkout, the package itself when installed.
ROOT = PACKAGE if BUNDLED else PACKAGE.parent
#: The static files as served (hashed names, compressed copies): built from static/ in a checkout, as shipped
#: in a wheel (scorekeeper/ops/assets.py).
STATIC_BUILT = ROOT / "static" if BUNDLED else ROOT / "build" / "static"


class App(Flask):
    """Flask, with ``url_for('static', ...)`` answering each file's content-hashed name."""

    static_names: dict[str, str] = {}

    def url_for(self, endpoint: str, **values) -> str:
        if endpoint == "static" and "filename" in values:
            values["filename"] = self.static_names.get(values["filename"], values["filename"])
        return super().url_for(endpoint, **values)


def instance_dir() -> Path:
    """Where the database and secret key live: $SCOREKEEPER_INSTANCE, else instance/ in a checkout, else the
    user's data directory (platformdirs: ~/.local/share/scorekeeper, %LOCALAPPDATA%\\scorekeeper, ...)."""
    import os

    chosen = os.environ.get("SCOREKEEPER_INSTANCE", "").strip()
    if chosen:
        return Path(chosen).expanduser().resolve()
    if not BUNDLED:
        return ROOT / "instance"
    from platformdirs import user_data_path

    return user_data_path("scorekeeper", appauthor=False)


def _secret_key(instance: Path) -> str:
    """Read the secret key from instance/, generating a random one on first run."""
    path = instance / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_hex(32))
        path.chmod(0o600)
    return path.read_text().strip()


def create_app(test_config: dict | None = None) -> Flask:
    """Build the application. This is the only way to get one."""
    app = App(
        __name__,
        instance_path=str(instance_dir()),
        instance_relative_config=True,
        template_folder=str(ROOT / "templates"),
        static_folder=str(STATIC_BUILT),
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
        # Pages, fragments and JSON go out compressed (flask-compress); Brotli when the browser offers it.
        # Static files never reach Flask: WhiteNoise serves their precompressed copies (scorekeeper/ops/assets.py).
        COMPRESS_ALGORITHM=["br", "gzip"],
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

    from scorekeeper.ops import assets
    from scorekeeper import db

    db.init_app(app)
    assets.init_app(app, STATIC_BUILT, source=None if BUNDLED else ROOT / "static")
    from flask_compress import Compress

    Compress(app)

    from .i18n import init_app as init_i18n
    from .web import init_app as init_web

    init_i18n(app)

    init_web(app)
    return app

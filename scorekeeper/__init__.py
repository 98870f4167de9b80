"""Canasta Scorekeeper: a referee and scorekeeper for Canasta played with real cards."""

from __future__ import annotations

import secrets
from datetime import timedelta
from pathlib import Path

from flask import Flask

from scorekeeper.paths import BUNDLED, PACKAGE, ROOT, STATIC_BUILT, instance_dir

__all__ = ["BUNDLED", "PACKAGE", "ROOT", "STATIC_BUILT", "create_app", "instance_dir"]


class App(Flask):
    """Flask, with ``url_for('static', ...)`` answering each file's content-hashed name."""

    static_names: dict[str, str] = {}

    def url_for(self, endpoint: str, **values) -> str:
        if endpoint == "static" and "filename" in values:
            values["filename"] = self.static_names.get(values["filename"], values["filename"])
        return super().url_for(endpoint, **values)


def _secret_key(instance: Path) -> str:
    """Read the secret key from instance/, generating a random one on first run.

    Several server processes may start at once on a fresh folder (``scorekeeper serve --workers N``): the key is
    written whole to a file of this process's own, then linked into place, which fails if another process's key
    got there first; every process then reads back the one key that is there."""
    import os

    path = instance / "secret_key"
    if not path.exists():
        draft = instance / f".secret_key.{os.getpid()}.{secrets.token_hex(4)}"
        draft.write_text(secrets.token_hex(32))
        draft.chmod(0o600)
        try:
            os.link(draft, path)  # atomic, and refuses to replace a key already there
        except FileExistsError:
            pass
        except OSError:  # a file system without hard links: create exclusively instead
            try:
                descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            except FileExistsError:
                pass
            else:
                with os.fdopen(descriptor, "w") as file:
                    file.write(draft.read_text())
        finally:
            draft.unlink(missing_ok=True)
    return path.read_text().strip()


def _instance_config(app: Flask) -> None:
    """The data folder made if needed, its config.py and SCOREKEEPER_* variables read, the secret key found or
    made; OSError when the folder cannot be made or written (``create_app`` says so in one line)."""
    folder = Path(app.instance_path)
    folder.mkdir(parents=True, exist_ok=True)
    app.config.from_pyfile("config.py", silent=True)
    # Environment variables win over the file: SCOREKEEPER_DATABASE=/path/club.sqlite make run
    app.config.from_prefixed_env("SCOREKEEPER")
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _secret_key(folder)


def _server_database(app: Flask) -> None:
    """SCOREKEEPER_DATABASE_URL=postgresql://... (DATABASE_URL): PostgreSQL instead of the SQLite file; the files
    kept beside the database (sheets, lock files) then go to the data folder."""
    if app.config.get("DATABASE_URL"):
        app.config["DATABASE"] = app.config["DATABASE_URL"]
    app.config.setdefault("DATA_FOLDER", app.instance_path)


#: How long a page waits, in seconds (docs/HOSTING.md, "Configuration"; web.page_waits): for any answer before it
#: gives up (a refresh, a form sent in the background), for a deal's save before the deal is kept on the phone,
#: and between two attempts to send the deals kept there.
PAGE_WAITS = {"REQUEST_TIMEOUT": 12, "SAVE_TIMEOUT": 8, "RESEND_INTERVAL": 5}


def create_app(test_config: dict | None = None) -> Flask:
    """Build the application. This is the only way to get one."""
    from scorekeeper.ops.trouble import InstanceTrouble, instance_problem
    from scorekeeper.stores.imports import MAX_REQUEST_BYTES

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
        # The session holds the phone's device id (its own lists of games and tournaments, web/devices.py):
        # 400 days from the last visit, the longest a browser keeps a cookie.
        PERMANENT_SESSION_LIFETIME=timedelta(days=400),
        # The cookie is signed again when the session changes, and once a day (web.keep_session), not at every
        # request: a save is not slowed by it, and the 400 days still count from the phone's last day here.
        SESSION_REFRESH_EACH_REQUEST=False,
        # A game's file to import and its form (stores/imports.py), and so far more than any other request.
        MAX_CONTENT_LENGTH=MAX_REQUEST_BYTES,
        JSON_SORT_KEYS=False,
        # Pages, fragments and JSON go out compressed (flask-compress); Brotli when the browser offers it.
        # Static files never reach Flask: WhiteNoise serves their precompressed copies (scorekeeper/ops/assets.py).
        COMPRESS_ALGORITHM=["br", "gzip"],
        **PAGE_WAITS,
    )
    if test_config is None:
        try:
            _instance_config(app)
        except OSError as error:  # one line for the terminal, not a traceback
            raise InstanceTrouble(instance_problem(Path(app.instance_path), error)) from None
    else:
        app.config.from_mapping(test_config)
        if not app.config.get("SECRET_KEY"):
            app.config["SECRET_KEY"] = secrets.token_hex(32)

    _server_database(app)

    # The app's layers are imported here, not at the top: importing any part of the package (the engine from a
    # REPL, the `scorekeeper score` command) runs this file, and it should not load the web app for them.
    from flask_compress import Compress

    from scorekeeper import db
    from scorekeeper.i18n import init_app as init_i18n
    from scorekeeper.ops import assets
    from scorekeeper.web import hosting, init_app as init_web

    db.init_app(app)
    assets.init_app(app, STATIC_BUILT, source=None if BUNDLED else ROOT / "static")
    Compress(app)
    init_i18n(app)
    init_web(app)
    hosting.init_app(app)  # last: ProxyFix wraps everything, WhiteNoise's static files included
    return app

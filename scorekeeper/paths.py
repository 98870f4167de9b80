"""Where the app's files are: its templates and static files (in a checkout or inside an installed wheel) and the
data folder (``instance/``)."""

from __future__ import annotations

import os
from pathlib import Path

from platformdirs import user_data_path

PACKAGE = Path(__file__).resolve().parent
#: True when installed from a wheel, which carries templates/ and a built static/ inside the package.
BUNDLED = (PACKAGE / "templates").is_dir()
#: Where templates/ and static/ are: the repository root in a checkout, the package itself when installed.
ROOT = PACKAGE if BUNDLED else PACKAGE.parent
#: The static files as served (hashed names, compressed copies): built from static/ in a checkout, as shipped
#: in a wheel (scorekeeper/ops/assets.py).
STATIC_BUILT = ROOT / "static" if BUNDLED else ROOT / "build" / "static"


def instance_dir() -> Path:
    """Where the database and secret key live: $SCOREKEEPER_INSTANCE, else instance/ in a checkout, else the
    user's data directory (platformdirs: ~/.local/share/scorekeeper, %LOCALAPPDATA%\\scorekeeper, ...)."""
    chosen = os.environ.get("SCOREKEEPER_INSTANCE", "").strip()
    if chosen:
        return Path(chosen).expanduser().resolve()
    if not BUNDLED:
        return ROOT / "instance"
    return user_data_path("scorekeeper", appauthor=False)


def is_server_database(database: str | None) -> bool:
    """Whether ``database`` names a PostgreSQL database (a ``postgresql://`` URL) rather than a SQLite file."""
    return str(database or "").startswith(("postgresql://", "postgres://"))


def beside_database(config) -> Path:
    """The folder for the files kept beside the database (drawn sheets, lock files, backups): the SQLite file's
    folder, or with a PostgreSQL database the data folder (``DATA_FOLDER``, the instance folder)."""
    if is_server_database(config["DATABASE"]):
        return Path(config.get("DATA_FOLDER") or instance_dir())
    return Path(config["DATABASE"]).parent


def lock_base(config) -> str:
    """The path the lock files of processes sharing one database start with: the SQLite file itself, or a name in
    the data folder for a PostgreSQL database (processes on one machine share it)."""
    if is_server_database(config["DATABASE"]):
        return str(beside_database(config) / "postgresql")
    return config["DATABASE"]

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

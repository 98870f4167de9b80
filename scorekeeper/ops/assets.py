"""Static files under content-hashed names, with compressed copies, served by WhiteNoise.

``build(source, target)`` copies every file of ``static/`` into ``target`` (CSS and JavaScript minified) twice:
under its own name and under a name carrying the first 12 hex digits of its SHA-256 (``css/app.css`` becomes
``css/app.3f2a9c1b0d4e.css``). It
writes the mapping to ``target/staticfiles.json`` and leaves Brotli and gzip copies (``.br``, ``.gz``) beside every
file worth compressing (``whitenoise.compress``). ``url_for('static', filename='css/app.css')`` then answers the
hashed name, which WhiteNoise serves with a year's ``immutable`` caching: a phone never asks for it again, and a
changed file gets a new name. The plain names are served too (with a minute's caching) for anything that cannot
know the hash.

In a checkout the built copy lives in ``build/static/`` (git-ignored): ``make`` builds it, and ``create_app``
rebuilds it whenever a file in ``static/`` has changed since. A wheel carries the built copy as the package's
``static/`` (``setup.py``), so an installed app never writes next to its own code.

This module imports nothing outside the standard library at import time: ``setup.py`` loads it by its path to
build the wheel, before Flask or WhiteNoise are installed.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
from pathlib import Path

from filelock import FileLock

MANIFEST = "staticfiles.json"
#: Raised whenever build() changes what it makes from the same sources, so every built copy is made again.
BUILD_VERSION = 2
#: A hashed name: the 12 hex digits just before the extension.
HASHED = re.compile(r"\.[0-9a-f]{12}(\.[A-Za-z0-9]+)?$")
#: How long a browser keeps a hashed file without asking again: a year.
YEAR = 365 * 24 * 60 * 60
#: How long a browser keeps a file asked for by its plain name.
PLAIN_MAX_AGE = 60
COMPRESSED_SUFFIXES = (".br", ".gz")


def minified(name: str, data: bytes) -> bytes:
    """CSS and JavaScript without comments and spare whitespace (rcssmin, rjsmin: they only take out what the
    browser ignores); files already minified (``.min.js``) and everything else as they are."""
    if ".min." in name.rsplit("/", 1)[-1]:
        return data
    if name.endswith(".css"):
        from rcssmin import cssmin

        return cssmin(data.decode("utf-8")).encode("utf-8")
    if name.endswith(".js"):
        from rjsmin import jsmin

        return jsmin(data.decode("utf-8")).encode("utf-8")
    return data


def hashed_name(name: str, data: bytes) -> str:
    """``css/app.css`` with the content's hash: ``css/app.3f2a9c1b0d4e.css``."""
    digest = hashlib.sha256(data).hexdigest()[:12]
    folder, _, base = name.rpartition("/")
    stem, dot, ext = base.rpartition(".")
    hashed = f"{stem}.{digest}.{ext}" if dot and stem else f"{base}.{digest}"
    return f"{folder}/{hashed}" if folder else hashed


def source_files(source: Path) -> dict[str, Path]:
    """Every file under ``source`` by its name relative to it (with ``/``), leaving out hidden files."""
    files = {}
    for path in sorted(source.rglob("*")):
        relative = path.relative_to(source).as_posix()
        if path.is_file() and not any(part.startswith(".") for part in relative.split("/")):
            files[relative] = path
    return files


def source_state(source: Path) -> list[list]:
    """What the build depends on: each source file's name, size and modification time."""
    state = []
    for name, path in source_files(source).items():
        stat = path.stat()
        state.append([name, stat.st_size, stat.st_mtime_ns])
    return state


def read_manifest(target: Path) -> dict:
    """The build's manifest (``{"paths": {plain: hashed}, "source": state}``), or ``{}`` when there is none."""
    try:
        return json.loads((target / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def is_stale(source: Path, target: Path) -> bool:
    manifest = read_manifest(target)
    return manifest.get("version") != BUILD_VERSION or manifest.get("source") != source_state(source)


def _write(path: Path, data: bytes) -> None:
    """Write through a temporary file, so another process never reads half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
    with os.fdopen(handle, "wb") as out:
        out.write(data)
    os.chmod(temporary, 0o644)  # mkstemp makes it private; a static file is for anyone to read
    os.replace(temporary, path)


def _compress(paths: list[Path]) -> None:
    """Brotli and gzip copies of each file worth compressing, unless an up-to-date copy is there already."""
    from whitenoise.compress import Compressor

    compressor = Compressor(quiet=True)
    for path in paths:
        if not compressor.should_compress(path.name):
            continue
        mtime = path.stat().st_mtime_ns
        copies = [path.with_name(path.name + suffix) for suffix in COMPRESSED_SUFFIXES]
        # whitenoise gives each copy its original's modification time (to the microsecond or so)
        if all(copy.exists() and abs(copy.stat().st_mtime_ns - mtime) < 1_000_000 for copy in copies):
            continue
        compressor.compress(str(path))


def _prune(target: Path, keep: set[str]) -> None:
    """Remove files left over from earlier builds (and their compressed copies)."""
    for path in target.rglob("*"):
        if not path.is_file():
            continue
        name = path.relative_to(target).as_posix()
        plain = name.removesuffix(".br").removesuffix(".gz")
        if name != MANIFEST and plain not in keep:
            path.unlink(missing_ok=True)


def build(source: Path, target: Path) -> dict[str, str]:
    """Copy ``source`` into ``target`` under plain and hashed names, compress, write the manifest; return it."""
    state = source_state(source)
    paths: dict[str, str] = {}
    built: list[Path] = []
    for name, path in source_files(source).items():
        data = minified(name, path.read_bytes())
        paths[name] = hashed_name(name, data)
        for out_name in (name, paths[name]):
            out = target / out_name
            if not out.exists() or out.read_bytes() != data:
                _write(out, data)
            built.append(out)
    _compress(built)
    _prune(target, set(paths) | set(paths.values()))
    manifest = {"version": BUILD_VERSION, "paths": paths, "source": state}
    _write(target / MANIFEST, json.dumps(manifest, indent=1).encode())
    return paths


def init_app(app, built: Path, source: Path | None = None) -> None:
    """Serve ``built`` at the static URL through WhiteNoise, rebuilding it first from ``source`` if stale.

    ``app.static_names`` gets the manifest, which the app's ``url_for`` uses for ``static`` URLs.
    """
    from whitenoise import WhiteNoise

    if source is not None and is_stale(source, built):
        # Several processes starting at once (``serve --workers``, the tests) rebuild one after another: the
        # first builds, the rest find it fresh, where side by side one pruned the files another was compressing.
        built.parent.mkdir(parents=True, exist_ok=True)
        with FileLock(str(built) + ".build-lock", timeout=300):
            if is_stale(source, built):
                build(source, built)
    app.static_names = read_manifest(built).get("paths", {})

    class StaticFiles(WhiteNoise):
        FOREVER = YEAR

    def nosniff(headers, path, url):
        headers["X-Content-Type-Options"] = "nosniff"

    app.wsgi_app = StaticFiles(
        app.wsgi_app, root=str(built), prefix=app.static_url_path, max_age=PLAIN_MAX_AGE,
        allow_all_origins=False, add_headers_function=nosniff,
        immutable_file_test=lambda path, url: bool(HASHED.search(url)),
    )


def main(argv: list[str] | None = None) -> None:
    """``python scorekeeper/ops/assets.py SOURCE TARGET``: build once (what ``make`` runs)."""
    import sys

    source, target = (Path(arg) for arg in (argv or sys.argv[1:]))
    paths = build(source, target)
    print(f"{len(paths)} static files hashed and compressed into {target}")


if __name__ == "__main__":  # pragma: no cover
    main()

"""The build hook of the wheel: what the package needs besides its Python files, made at build time.

- The message catalogues are compiled (.po to .mo, scorekeeper/i18n/catalogues.py) before the package is copied into
  the build, so a wheel speaks every language of the checkout.
- templates/ and static/ stay at the top of the repository, where setuptools' package-data cannot reach: the
  build copies templates/ into the package and builds static/ there with scorekeeper/ops/assets.py (hashed names,
  .br/.gz copies, staticfiles.json); create_app finds both beside itself. htmx comes from node_modules (fetched
  with `npm ci` when missing), as `make` does.
Both modules are loaded by their paths: importing the package would need Flask, which the build has not.
Everything else about the package is in pyproject.toml.
"""

import importlib.util
import shutil
import subprocess
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
HTMX = HERE / "static" / "vendor" / "htmx.min.js"


def load(path: str):
    name = Path(path).stem
    spec = importlib.util.spec_from_file_location(f"_build_{name}", HERE / "scorekeeper" / path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def fetch_htmx() -> None:
    if HTMX.exists():
        return
    source = HERE / "node_modules" / "htmx.org" / "dist" / "htmx.min.js"
    if not source.exists():
        npm = shutil.which("npm")
        if npm is None:
            raise SystemExit("static/vendor/htmx.min.js is missing and npm is not installed: "
                             "install Node.js (npm) or run `make install` on a machine that has it.")
        subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=HERE, check=True)
    HTMX.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, HTMX)


class BuildWithCataloguesTemplatesAndStatic(build_py):
    def run(self):
        load("i18n/catalogues.py").compile_all()
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install uses the checkout's own templates/ and static/
        fetch_htmx()
        package = Path(self.build_lib) / "scorekeeper"
        shutil.rmtree(package / "templates", ignore_errors=True)
        shutil.copytree(HERE / "templates", package / "templates")
        load("ops/assets.py").build(HERE / "static", package / "static")


setup(cmdclass={"build_py": BuildWithCataloguesTemplatesAndStatic})

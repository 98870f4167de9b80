"""Compile the message catalogues (.po to .mo) before the package is copied into a build, so a wheel speaks
every language of the checkout. Everything else about the build is in pyproject.toml."""

import importlib.util
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildWithCatalogues(build_py):
    def run(self):
        path = Path(__file__).resolve().parent / "scorekeeper" / "catalogues.py"
        spec = importlib.util.spec_from_file_location("_catalogues", path)
        catalogues = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(catalogues)  # pure Babel: loads without the app's own dependencies
        catalogues.compile_all()
        super().run()


setup(cmdclass={"build_py": BuildWithCatalogues})

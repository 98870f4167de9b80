"""Reading PDFs back for the sheet tests: text per page with pdftotext, facts with pdfinfo."""

from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest


@dataclass
class Pdf:
    path: Path

    def info(self) -> dict[str, str]:
        out = subprocess.run(["pdfinfo", str(self.path)], check=True, capture_output=True, text=True).stdout
        return {k.strip(): v.strip() for k, v in (line.split(":", 1) for line in out.splitlines() if ":" in line)}

    @property
    def pages(self) -> int:
        return int(self.info()["Pages"])

    @property
    def page_size(self) -> str:
        return self.info()["Page size"]

    def text(self, page: int | None = None, *, layout: bool = True) -> str:
        """The text as laid out on the page, or (``layout=False``) cell by cell in reading order."""
        args = ["pdftotext", "-layout"] if layout else ["pdftotext"]
        if page is not None:
            args += ["-f", str(page), "-l", str(page)]
        return subprocess.run([*args, str(self.path), "-"], check=True, capture_output=True, text=True).stdout


@pytest.fixture
def fetch_pdf(client, tmp_path):
    """GET a PDF through the app, check it is one, save it and return a Pdf to read it back."""
    counter = iter(range(1000))

    def fetch(url: str) -> tuple[Pdf, object]:
        response = client.get(url)
        assert response.status_code == 200, response.get_data(as_text=True)[:500]
        assert response.mimetype == "application/pdf"
        assert response.data.startswith(b"%PDF-")
        path = tmp_path / f"sheet-{next(counter)}.pdf"
        path.write_bytes(response.data)
        return Pdf(path), response

    return fetch


def squash(text: str) -> str:
    """Runs of spaces to one, so a test can look for "Below 0 none" whatever the column widths."""
    return re.sub(r"[ \t]+", " ", text)


def words(text: str) -> str:
    """All white space (line breaks too) to single spaces: text that wrapped inside a cell reads as one line."""
    return re.sub(r"\s+", " ", text)

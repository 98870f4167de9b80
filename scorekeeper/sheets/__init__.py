"""Printable PDF sheets (WeasyPrint): game score sheets, blank sheets, and anything else that prints.

How to add a sheet of your own (tournament table cards, results sheets ...)
---------------------------------------------------------------------------
1. Write a template ``templates/<noun>/<name>_pdf.html`` that extends ``sheets/_pdf.html``. Fill the blocks
   ``title`` (the PDF's title), ``page_size`` (defaults to the paper; ``{{ paper }} landscape`` turns it),
   ``page_footer`` (text at the bottom left of every page; page numbers
   "Page n of N" are already at the bottom right), ``style`` (extra CSS inside a ``<style>``; the shared
   look is ``static/css/sheets.css``: ``.sheet-head``, ``.facts``, ``.grid``, ``.num``, ``.signatures``, ``.table-card`` ...)
   and ``content``. A ``<thead>`` repeats at the top of every page a long table runs onto.
2. In the view, inside the request::

       from scorekeeper.sheets import pdf_response, render_pdf
       pdf = render_pdf("tournaments/table_cards_pdf.html", paper="a4", tournament=t, tables=tables)
       return pdf_response(pdf, "canasta-tournament-3-table-cards-a4.pdf")

   ``render_pdf(template_name, *, paper, **context) -> bytes`` renders the Jinja template with ``context``
   (plus ``paper``, the CSS page size, ``points``, which writes 5000 as "5,000", and ``signed``, which writes
   +500 and -100) and returns the PDF. ``paper`` is a key of ``PAPERS`` ("a4" or
   "letter"); anything else raises ``UnknownPaper`` (a ``ValueError`` with a message for people), so a view
   can answer 400 with ``error_response(400, str(error))``. ``paper_from(request.args)`` reads and checks the
   ``?paper=`` parameter (default a4) the same way.

Fonts: everything is set in DejaVu Sans, which the system package ``fonts-dejavu-core`` installs. Margin boxes
(``@page { @bottom-right {...} }``) do not inherit the body's font; ``sheets.css`` sets it there too.

WeasyPrint takes half a second and 50 MB to import, so it is imported inside ``render_pdf`` only: importing this
package, or starting the app, never loads it. The renderer reads nothing but files under ``static/``; any
other URL in a template (a link to the web, a ``file:`` path elsewhere) is refused, so text typed by players
can never pull something into a PDF. Pictures may also be embedded as ``data:`` URLs of the types in
``DATA_TYPES`` (the QR codes of table cards).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache as once
from pathlib import Path
from urllib.parse import urlsplit
from urllib.request import url2pathname

from scorekeeper.rules.i18n import _

from scorekeeper.i18n import listed
from scorekeeper.paths import ROOT, lock_base
from flask import Response, current_app, render_template
from scorekeeper.sheets.cache import rendering
from scorekeeper.sheets.facts import points, signed

__all__ = ["PAPERS", "UnknownPaper", "paper_from", "pdf_response", "render_pdf"]

#: Paper choices offered to people (the ``?paper=`` values) and their CSS page size.
PAPERS: dict[str, str] = {"a4": "A4", "letter": "letter"}
#: Plain names of the papers, for forms.
PAPER_NAMES: dict[str, str] = {"a4": "A4", "letter": _("US Letter")}
DEFAULT_PAPER = "a4"

STATIC = ROOT / "static"


class UnknownPaper(ValueError):
    """A paper size that the sheets do not offer."""

    def __init__(self, paper: object):
        choices = listed(PAPERS, "or")
        super().__init__(_("There is no paper size called '%(paper)s'. Choose %(choices)s.", paper=paper, choices=choices))
        self.paper = paper


def paper_from(args: Mapping[str, str]) -> str:
    """The ``paper`` query parameter checked against ``PAPERS`` (``a4`` when absent); raises UnknownPaper."""
    paper = args.get("paper", DEFAULT_PAPER)
    if paper is None or paper.strip() == "":
        return DEFAULT_PAPER
    paper = paper.strip().lower()
    if paper not in PAPERS:
        raise UnknownPaper(paper)
    return paper


#: Pictures a template may embed as a ``data:`` URL (the QR codes on table cards are SVG).
DATA_TYPES = ("image/svg+xml", "image/png")


def static_path(url: str) -> Path | None:
    """The file under static/ that the ``file:`` URL ``url`` names, or None for any other URL.

    The URL is parsed, not matched as text: a query, a fragment, a host or an escaped character cannot make a
    path outside static/ look as if it were inside.
    """
    parts = urlsplit(url)
    if parts.scheme != "file" or parts.netloc not in ("", "localhost") or parts.query or parts.fragment:
        return None
    path = Path(url2pathname(parts.path)).resolve()
    return path if path.is_relative_to(STATIC.resolve()) and path.is_file() else None


@once
def _fetcher_class():
    """A WeasyPrint URL fetcher that serves files under static/ and pictures in data: URLs; nothing else."""
    from weasyprint.urls import URLFetcher

    class StaticOnlyFetcher(URLFetcher):
        def __init__(self, **kwargs):
            super().__init__(allowed_protocols=("file", "data"), **kwargs)

        def fetch(self, url, headers=None):
            if url.startswith("data:"):
                kind = url[5:].split(",", 1)[0].split(";", 1)[0].strip().lower()
                if kind in DATA_TYPES:
                    return super().fetch(url, headers)
            elif (path := static_path(url)) is not None:
                return super().fetch(path.as_uri(), headers)  # the file that was checked, nothing else
            raise ValueError(f"sheets only load files from static/ and pictures, not {url[:80]}")  # i18n: not for people

    return StaticOnlyFetcher


def render_pdf(template_name: str, *, paper: str, **context) -> bytes:
    """Render ``template_name`` with ``context`` to a PDF on ``paper`` ("a4" or "letter"); return its bytes.

    Needs an application context (it uses Flask's ``render_template``). Raises UnknownPaper.
    """
    if paper not in PAPERS:
        raise UnknownPaper(paper)

    context.setdefault("points", points)
    context.setdefault("signed", signed)
    html = render_template(template_name, paper=PAPERS[paper], paper_key=paper, **context)

    from weasyprint import HTML  # heavy: only here, never at import time

    # One render at a time, in every worker process (SheetsBusy when another already waits): saves keep threads.
    with rendering(lock_base(current_app.config) if current_app.config.get("DATABASE") else None):
        return HTML(string=html, base_url=ROOT.as_uri() + "/", url_fetcher=_fetcher_class()()).write_pdf()


def pdf_response(pdf: bytes, filename: str):
    """A Flask response that downloads ``pdf`` under ``filename``."""

    response = Response(pdf, mimetype="application/pdf")
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'  # i18n: not for people
    response.headers["Cache-Control"] = "no-store"
    return response

"""render_pdf, the helper other features (tournaments) use for their own sheets, and how it is loaded."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest
from jinja2 import ChoiceLoader, DictLoader

from scorekeeper import ROOT
from scorekeeper.sheets import PAPERS, UnknownPaper, paper_from, render_pdf

from .conftest import Pdf

CARD = """{% extends "sheets/_pdf.html" %}
{% block title %}Table card{% endblock %}
{% block page_footer %}Club afternoon{% endblock %}
{% block content %}
<h1>Table {{ table }}</h1>
<p>North-South: {{ pair }}</p>
<p>Carry-over: {{ points(12345) }} ({{ signed(-100) }})</p>
<img src="static/icons/icon-192.png" alt="">
<img src="file:///etc/hostname" alt="">
<img src="https://example.invalid/logo.png" alt="">
<img src="static/../pyproject.toml" alt="">
{% endblock %}
"""


@pytest.fixture
def card_app(no_csrf_app):
    no_csrf_app.jinja_env.loader = ChoiceLoader([DictLoader({"tests/card_pdf.html": CARD}),
                                                 no_csrf_app.jinja_env.loader])
    return no_csrf_app


def test_render_pdf_renders_any_template_on_either_paper(card_app, tmp_path):
    with card_app.app_context():
        for paper in PAPERS:
            path = tmp_path / f"card-{paper}.pdf"
            path.write_bytes(render_pdf("tests/card_pdf.html", paper=paper, table=7, pair="Ann & Bob <3"))
            pdf = Pdf(path)
            text = pdf.text()
            assert "Table 7" in text
            assert "North-South: Ann & Bob <3" in text  # escaped in HTML, printed as typed
            assert "Carry-over: 12,345 (-100)" in text
            assert "Club afternoon" in text and "Page 1 of 1" in text
            assert ("(A4)" if paper == "a4" else "(letter)") in pdf.page_size


def test_render_pdf_loads_only_files_under_static(card_app, tmp_path):
    with card_app.app_context():
        path = tmp_path / "card.pdf"
        path.write_bytes(render_pdf("tests/card_pdf.html", paper="a4", table=1, pair="x"))
    images = subprocess.run(["pdfimages", "-list", str(path)], check=True, capture_output=True, text=True).stdout
    rows = [line.split() for line in images.splitlines()[2:] if line.strip()]
    pictures = [row for row in rows if row[2] == "image"]  # an "smask" row is a picture's transparency
    # The app icon from static/ is in; /etc/hostname, the web address and the path out of static/ are not.
    assert len(pictures) == 1
    assert pictures[0][3:5] == ["192", "192"]


def test_every_font_in_a_sheet_is_dejavu_sans(fetch_pdf):
    """The page numbers live in margin boxes, which do not inherit the body font: they must name it too."""
    pdf, _ = fetch_pdf("/sheets/blank.pdf?rules=bicycle")
    fonts = subprocess.run(["pdffonts", str(pdf.path)], check=True, capture_output=True, text=True).stdout
    names = [line.split()[0] for line in fonts.splitlines()[2:] if line.strip()]
    assert names
    assert all(name.split("+", 1)[1].startswith("DejaVu-Sans") for name in names), names


def test_render_pdf_refuses_unknown_paper(card_app):
    with card_app.app_context(), pytest.raises(UnknownPaper) as info:
        render_pdf("tests/card_pdf.html", paper="a3", table=1, pair="x")
    assert str(info.value) == "There is no paper size called 'a3'. Choose a4 or letter."
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("args,paper", [({}, "a4"), ({"paper": ""}, "a4"), ({"paper": " Letter "}, "letter"),
                                        ({"paper": "a4"}, "a4")])
def test_paper_from_reads_the_query(args, paper):
    assert paper_from(args) == paper


def test_paper_from_refuses_other_sizes():
    with pytest.raises(UnknownPaper):
        paper_from({"paper": "legal"})


@pytest.mark.slow
def test_starting_the_app_does_not_import_weasyprint(tmp_path):
    script = textwrap.dedent(f"""
        import sys
        import scorekeeper
        from scorekeeper import create_app
        app = create_app({{"TESTING": True, "DATABASE": {str(tmp_path / "x.sqlite")!r}, "SECRET_KEY": "x"}})
        import scorekeeper.sheets, scorekeeper.sheets.facts, scorekeeper.web.sheets
        assert "sheets.blank_sheet" in app.view_functions
        response = app.test_client().get("/sheets/")
        assert response.status_code == 200
        loaded = sorted(name for name in sys.modules if name.split(".")[0] == "weasyprint")
        print(loaded)
        assert not loaded, loaded
    """)
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_pdf_stylesheet_and_print_stylesheet_exist():
    sheets_css = (ROOT / "static" / "css" / "sheets.css").read_text()
    assert 'font-family: "DejaVu Sans"' in sheets_css
    pdf_page = (ROOT / "templates" / "sheets" / "_pdf.html").read_text()
    assert "counter(page)" in pdf_page and "counter(pages)" in pdf_page  # "Page n of N", in the sheet's language
    print_css = (ROOT / "static" / "css" / "print.css").read_text()
    assert "@media print" in print_css


def test_every_page_links_the_print_stylesheet(client):
    import re

    html = client.get("/sheets/").get_data(as_text=True)
    link = re.search(r'<link rel="stylesheet" href="(/static/css/print\.[0-9a-f]{12}\.css)" media="print">', html)
    assert link, "print.css linked by its hashed name, for print only"
    response = client.get(link.group(1), buffered=True)
    assert response.status_code == 200
    assert b"@media print" in response.data


@pytest.mark.parametrize("trick", [
    "file:///etc/passwd#/../../{static}/x",
    "file:///etc/passwd?/../../{static}/x",
    "file:///etc/passwd%23/../../{static}/x",
    "file://otherhost{static}/icons/icon-192.png",
    "file:{static}/../pyproject.toml",
])
def test_the_pdf_fetcher_refuses_a_file_url_that_only_looks_as_if_it_were_under_static(trick):
    """A '#', '?' or escaped character must not let a file: URL out of static/ past the check."""
    from scorekeeper.sheets import STATIC, _fetcher_class

    fetcher = _fetcher_class()()
    with pytest.raises(ValueError):
        fetcher.fetch(trick.format(static=STATIC.resolve().as_posix()))


def test_the_pdf_fetcher_serves_static_files_and_image_data_urls_only():
    from scorekeeper.sheets import STATIC, _fetcher_class

    fetcher = _fetcher_class()()
    icon = fetcher.fetch((STATIC / "icons" / "icon-192.png").resolve().as_uri())
    assert icon.read()[:4] == b"\x89PNG"
    svg = fetcher.fetch("data:image/svg+xml;base64,PHN2Zy8+")
    assert svg.read() == b"<svg/>"
    for refused in ("data:text/html,<b>x</b>", "https://example.invalid/x.png", "ftp://example.invalid/x"):
        with pytest.raises(ValueError):
            fetcher.fetch(refused)

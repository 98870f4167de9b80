"""One place that decides between a whole page and a fragment for htmx."""

from __future__ import annotations

from flask import make_response, render_template, request


def is_htmx() -> bool:
    """True for a request made by htmx (not a boosted navigation, which wants the page)."""
    return request.headers.get("HX-Request") == "true" and request.headers.get("HX-Boosted") != "true"


def render(page: str, fragment: str | None = None, status: int = 200, **context):
    """Render ``page``, or only ``fragment`` when htmx asks for it.

    The page template includes the fragment, so both always show the same thing.
    """
    template = fragment if fragment and is_htmx() else page
    response = make_response(render_template(template, **context), status)
    response.vary.add("HX-Request")
    return response

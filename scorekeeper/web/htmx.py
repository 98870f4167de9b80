"""One place that decides between a whole page and a fragment for htmx."""

from __future__ import annotations

from flask import make_response, render_template, request


def is_htmx() -> bool:
    """True for a request made by htmx that wants a fragment: not a boosted navigation, and not a history
    restore (htmx asks for the page again when going back finds nothing in its cache, and swaps the answer
    in as the whole body)."""
    headers = request.headers
    return (headers.get("HX-Request") == "true" and headers.get("HX-Boosted") != "true"
            and headers.get("HX-History-Restore-Request") != "true")


def render(page: str, fragment: str | None = None, status: int = 200, **context):
    """Render ``page``, or only ``fragment`` when htmx asks for it.

    The page template includes the fragment, so both always show the same thing.
    """
    template = fragment if fragment and is_htmx() else page
    response = make_response(render_template(template, **context), status)
    return _varied(response)


def render_changes(fragment: str, target: str, **context):
    """Render ``fragment`` for htmx as the new ``target`` (a CSS selector; htmx is told to swap it there in place
    of the target the request named), with the out-of-band pieces the fragment carries."""
    response = make_response(render_template(fragment, **context))
    response.headers["HX-Retarget"] = target
    response.headers["HX-Reswap"] = "outerHTML"
    return _varied(response)


def _varied(response):
    response.vary.add("HX-Request")
    response.vary.add("HX-History-Restore-Request")
    return response

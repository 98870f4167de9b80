"""Read a page's form as a browser would submit it (text inputs, checked boxes and radios, hidden fields)."""

from __future__ import annotations

from html.parser import HTMLParser


class _Form(HTMLParser):
    def __init__(self, form_id: str | None):
        super().__init__()
        self.form_id = form_id
        self.inside = form_id is None
        self.values: dict[str, str] = {}
        self._textarea: str | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form" and self.form_id is not None:
            self.inside = attrs.get("id") == self.form_id
        if not self.inside or "name" not in attrs:
            return
        if tag == "input":
            kind = attrs.get("type", "text")
            if kind in ("radio", "checkbox"):
                if "checked" in attrs:
                    self.values[attrs["name"]] = attrs.get("value", "on")
            elif kind not in ("submit", "button"):
                self.values[attrs["name"]] = attrs.get("value") or ""
        elif tag == "textarea":
            self._textarea = attrs["name"]
            self.values[self._textarea] = ""

    def handle_data(self, data):
        if self._textarea:
            self.values[self._textarea] += data

    def handle_endtag(self, tag):
        if tag == "textarea":
            self._textarea = None
        if tag == "form" and self.form_id is not None:
            self.inside = False


def form_values(html: str, form_id: str | None = None) -> dict[str, str]:
    """The values the form ``form_id`` (default: every field of the page) would send, as they are shown."""
    parser = _Form(form_id)
    parser.feed(html)
    return parser.values

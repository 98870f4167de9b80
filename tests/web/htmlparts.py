"""Cut pieces out of a page's HTML as the server wrote them: the element with an id, or with an attribute's value."""

from __future__ import annotations

from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class _Pieces(HTMLParser):
    def __init__(self, html: str, attr: str, value: str):
        super().__init__(convert_charrefs=False)
        self.html, self.attr, self.value = html, attr, value
        self.lines = [0]
        for line in html.splitlines(keepends=True):
            self.lines.append(self.lines[-1] + len(line))
        self.open: list[tuple[str, int]] = []  # (tag, start offset) of the elements being cut, outermost first
        self.depth = 0
        self.found: list[str] = []

    def _offset(self) -> int:
        line, column = self.getpos()
        return self.lines[line - 1] + column

    def handle_starttag(self, tag, attrs):
        if tag in VOID:
            if not self.open and dict(attrs).get(self.attr) == self.value:
                self.found.append(self.get_starttag_text())
            return
        if self.open:
            self.depth += 1
        elif dict(attrs).get(self.attr) == self.value:
            self.open.append((tag, self._offset()))
            self.depth = 0

    def handle_endtag(self, tag):
        if not self.open or tag in VOID:
            return
        if self.depth:
            self.depth -= 1
            return
        _, start = self.open.pop()
        end = self.html.index(">", self._offset()) + 1
        self.found.append(self.html[start:end])


def pieces(html: str, attr: str, value: str) -> list[str]:
    """The outer HTML of every element (not nested in another found one) whose ``attr`` is ``value``."""
    parser = _Pieces(html, attr, value)
    parser.feed(html)
    parser.close()
    return parser.found


def element(html: str, element_id: str) -> str:
    """The outer HTML of the element with ``element_id``; fails when there is not exactly one."""
    found = pieces(html, "id", element_id)
    assert len(found) == 1, f"{len(found)} elements with id {element_id!r}"
    return found[0]

"""The landing page's list of the latest games (``id="latest"``), read from its HTML."""

from __future__ import annotations

from html.parser import HTMLParser

from tests.web import text


class _Latest(HTMLParser):
    """The elements with ``id="latest"``: each one's start tag (as written) and its html."""

    VOID = frozenset({"br", "input", "img", "meta", "link", "hr"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.found: list[list[str]] = []
        self.depth = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        written = self.get_starttag_text() or ""
        if self.depth:
            self.found[-1][1] += written
            self.depth += tag not in self.VOID
        elif ("id", "latest") in attrs:
            self.found.append([written, ""])
            self.depth = 1

    def handle_endtag(self, tag: str) -> None:
        if self.depth:
            self.depth -= 1
            if self.depth:
                self.found[-1][1] += f"</{tag}>"

    def handle_data(self, data: str) -> None:
        if self.depth:
            self.found[-1][1] += data


def landing(page: str) -> tuple[str, str]:
    """The part of a page with ``id="latest"`` (there is exactly one): its start tag and
    everything inside it, and its text."""
    parser = _Latest()
    parser.feed(page)
    assert len(parser.found) == 1, parser.found
    start, inner = parser.found[0]
    return start + inner, text(inner).strip()

"""What the web tests share."""

import html
import re


def text(page: str) -> str:
    """The page's visible text, tags removed and entities decoded, whitespace squeezed."""
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page)))

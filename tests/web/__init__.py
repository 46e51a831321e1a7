"""What the web tests share."""

import html
import re


def text(page: str) -> str:
    """The page's visible text, tags removed and entities decoded, whitespace squeezed."""
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page)))


def error_of(page: str, field: str) -> str:
    """The message shown next to a field (``<p class="error" id="FIELD-error">``)."""
    match = re.search(rf'<p class="error" id="{field}-error">(.*?)</p>', page, re.S)
    assert match, f"no error next to {field}"
    return text(match.group(1)).strip()

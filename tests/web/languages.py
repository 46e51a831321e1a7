"""English words left on a page that should be all Swedish: the text a reader sees, its
attributes too."""

from __future__ import annotations

import html
import re

#: English words a Swedish page must not show (Swedish shares none of them: "hand" is Swedish
#: too, the cards a player holds).
_WORDS = """the and of to with your this is are for from deal deals hands trick tricks score
    scores player players game games undo print record records correct changes winner wins next
    first total points meld melds bid made failed trumps thrown maker sequences sequence last
    cards card captured download keep join phone sheet rules blank new already entry entries
    announce redeal played play nothing show quota declarer forehand dealer contract contracts
    tap"""

ENGLISH = frozenset(_WORDS.split())

ATTRIBUTES = re.compile(r'\b(?:aria-label|title|placeholder|alt|data-count|data-odd)="([^"]*)"')


def shown(page: str) -> str:
    """What a person reads on a page: its text and the words of its attributes."""
    said = " ".join(ATTRIBUTES.findall(page))
    page = re.sub(r"<(script|style|svg)\b.*?</\1>", " ", page, flags=re.S)
    page = re.sub(r"<title>.*?</title>", " ", page, flags=re.S)
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page) + " " + said))


def english_in(page: str) -> set[str]:
    words = set(re.findall(r"[A-Za-z]+", shown(page)))
    return {word for word in words if word.lower() in ENGLISH}

"""Every game page carries, hidden, the words static/app.js shows in its head when the poll
gets no answer (issue 24), in the reader's language; without the script they stay hidden."""

from __future__ import annotations

import re

import pytest

from tests.web.bismarck.client import Table

NOT_LIVE = re.compile(
    r'<header class="?now"?[^>]*>.*?'
    r"<b class=notlive role=status hidden>([^<]+)</b>.*?</header>",
    re.S,
)


@pytest.mark.parametrize(
    ("language", "words"), [("en", "Not live: reconnecting…"), ("sv", "Inte live: återansluter…")]
)
def test_the_head_of_a_game_page_has_the_not_live_words_hidden(client, language, words):
    table = Table(client)
    table.start()
    page = client.get(
        table.url, headers={"Accept-Language": language, "Accept-Encoding": "identity"}
    ).get_data(as_text=True)
    found = NOT_LIVE.search(page)
    assert found, "no not-live status in the head"
    assert found.group(1) == words

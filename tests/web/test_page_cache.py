"""The game page is drawn once per game, log position and reader's language, host and paper;
every phone gets a copy with its own CSRF token (scorekeeper/web/page_cache.py)."""

from __future__ import annotations

import re

import pytest

from scorekeeper.web import page_cache, play
from tests.conftest import CSRF
from tests.web.bismarck.client import Table


@pytest.fixture
def drawn(monkeypatch):
    """How many times a game page was drawn."""
    count = {"n": 0}
    original = play.render_game

    def counting(*args, **kwargs):
        count["n"] += 1
        return original(*args, **kwargs)

    monkeypatch.setattr(play, "render_game", counting)
    return count


def _secret(token: str) -> str:
    """A CSRF token is its session's secret, signed with the time: the secret."""
    return token.split(".")[0]


def _sessions(page: str) -> set[str]:
    """Whose CSRF tokens the page holds."""
    return {_secret(token) for token in CSRF.findall(page)}


def test_two_phones_get_one_drawing_each_with_its_own_token_and_both_can_write(app, drawn):
    anna, ben = Table(app.test_client()), Table(app.test_client())
    anna.start()
    ben.url = anna.url
    ben.token = re.search(CSRF, ben.page()).group(1)  # his first look: the QR code first
    ben.page()  # from now on the page Anna's phone gets too (issue 37)
    before = drawn["n"]
    first, second = anna.page(), ben.page()
    assert drawn["n"] == before  # both served from the drawing made when Anna's page was loaded
    assert page_cache.PLACEHOLDER not in first + second
    assert _sessions(first) == {_secret(anna.token)} and _sessions(second) == {_secret(ben.token)}
    assert _secret(anna.token) != _secret(ben.token)
    assert CSRF.sub("T", first) == CSRF.sub("T", second)
    # Each phone's token is a real one: both can write with it.
    assert ben.announce(1, "sang").status_code == 303
    assert "Sang" in anna.page()
    assert anna.record(1, (6, 5, 5)).status_code == 303


def test_a_write_gives_a_new_page(app, drawn):
    table = Table(app.test_client())
    table.start()
    table.page()
    table.announce(1, "spader")
    page = table.page()
    assert "Record tricks" in page and 'value="1"' in page


def test_language_host_and_paper_each_get_their_own_page(app, drawn):
    table = Table(app.test_client())
    table.start()
    client = table.client
    english = client.get(table.url).get_data(as_text=True)
    swedish = client.get(table.url, headers={"Accept-Language": "sv-SE"}).get_data(as_text=True)
    assert '<html lang="sv">' in swedish and '<html lang="en">' in english
    assert "Giv 1 av 12" in swedish and "Deal 1 of 12" in english
    us = client.get(table.url, headers={"Accept-Language": "en-US"}).get_data(as_text=True)
    assert "value=letter checked" in us and "value=a4 checked" in english
    other_host = client.get(table.url, base_url="http://localhost:5001").get_data(as_text=True)
    assert ":5001/g/" in other_host and ":5001/g/" not in english


def test_a_page_with_a_message_waiting_is_drawn_for_that_reader(app, drawn):
    table = Table(app.test_client())
    table.start()
    table.page()
    table.announce(1, "spader")
    table.page()
    table.record(1, (8, 4, 4))
    table.page()
    with table.client.session_transaction() as session:
        session["_flashes"] = [("message", "A note for this phone only.")]
    before = drawn["n"]
    assert "A note for this phone only." in table.page()
    assert "A note for this phone only." not in table.page()
    assert drawn["n"] == before + 1  # the page with the note was drawn; then the kept one


def test_debug_mode_draws_every_time(app, drawn):
    table = Table(app.test_client())
    table.start()
    app.debug = True
    try:
        before = drawn["n"]
        table.page()
        table.page()
        assert drawn["n"] == before + 2
    finally:
        app.debug = False


def test_each_phone_gets_the_gzip_pieces_with_its_own_token(app, drawn):
    import gzip

    anna, ben = Table(app.test_client()), Table(app.test_client())
    anna.start()
    ben.url = anna.url
    ben.token = re.search(CSRF, ben.page()).group(1)
    pages = []
    for phone in (anna, ben):
        response = phone.client.get(phone.url, headers={"Accept-Encoding": "gzip, br"})
        assert response.headers["Content-Encoding"] == "gzip"
        pages.append(gzip.decompress(response.get_data()).decode())
    assert _sessions(pages[0]) == {_secret(anna.token)}
    assert _sessions(pages[1]) == {_secret(ben.token)}
    assert CSRF.sub("T", pages[0]) == CSRF.sub("T", anna.page())
    assert page_cache.PLACEHOLDER not in pages[0] + pages[1]

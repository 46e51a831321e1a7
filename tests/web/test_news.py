"""Issue 37, point 1, the server's half: ``/g/<token>/news/<since>?deal=N`` says what other phones
wrote since log position ``since``, for a phone whose player is typing (static/later.js puts it
below the head and compares): the entries in words, and, when they changed round N, that round
as recorded in its correction form's fields (``data-was``) with its correction's address. It
writes nothing and is never cached."""

from __future__ import annotations

import html
import json
import re

from tests.web import text
from tests.web.bismarck.client import Table
from tests.web.table import events


def news(client, table: Table, since: int, deal: int | None = None):
    query = "" if deal is None else f"?deal={deal}"
    return client.get(f"{table.url}/news/{since}{query}")


def was(page: str) -> dict[str, str] | None:
    found = re.search(r"data-was='([^']*)'", page)
    return json.loads(html.unescape(found.group(1))) if found else None


def test_the_deal_being_typed_as_another_phone_recorded_it(client, app):
    table = Table(client)
    table.start()
    table.announce(1, "valfri", "hearts")
    typed_at = table.seq()  # the tricks form this phone is typing in was drawn here
    table.record(1, (4, 10, 2))
    before = len(events(app, table))
    response = news(client, table, typed_at, deal=1)
    assert response.status_code == 200
    assert "no-store" in response.headers["Cache-Control"]
    page = response.get_data(as_text=True)
    assert "Deal 1: tricks 4/10/2" in text(page)
    assert "announced" not in text(page)  # only what came after the form was drawn
    recorded = {"contract": "valfri", "trump": "hearts", "tricks_0": "4"}
    recorded |= {"tricks_1": "10", "tricks_2": "2"}
    assert was(page) == recorded
    assert f'href="{table.url}/deal/1/correct"' in page
    assert len(events(app, table)) == before  # a GET writes nothing


def test_news_about_another_deal_offers_no_correction(client):
    table = Table(client)
    table.start()
    table.announce(1, "sang")
    table.record(1, (4, 10, 2))
    table.announce(2, "pass")
    typed_at = table.seq()
    table.post("redeal", deal=2)
    page = news(client, table, typed_at, deal=3).get_data(as_text=True)
    assert "Deal 2: " in text(page) and was(page) is None and "/correct" not in page
    # A deal with nothing recorded yet but its contract: only what was recorded is compared.
    page = news(client, table, typed_at, deal=2).get_data(as_text=True)
    assert was(page) == {"contract": "pass"}


def test_a_position_the_game_never_had_says_nothing(client):
    table = Table(client)
    table.start()
    table.announce(1, "sang")
    for since in (99, 1):
        page = news(client, table, since, deal=1).get_data(as_text=True)
        assert "<li>" not in page and was(page) is None
    assert client.get("/g/no-such-game/news/0").status_code == 404
    assert client.get(f"{table.url}/news/-1").status_code == 404


def test_news_speaks_the_readers_language(client):
    table = Table(client)
    table.start()
    typed_at = table.seq()
    table.announce(1, "sang")
    client.get("/language/sv")
    page = news(client, table, typed_at, deal=1).get_data(as_text=True)
    assert "En annan telefon har ändrat det här spelet." in text(page)
    assert "Giv 1: " in text(page)

"""The organiser's view of an evening (``/e/<token>/tables``): every table of the round in play
with how far it is and how long since its last entry, and a table gone quiet marked in words,
with a sign and a colour; one tap to each game."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest

from scorekeeper.evenings import services
from scorekeeper.table import store
from scorekeeper.web.evenings import pages
from tests.web.evenings.helpers import NINE, evening_token, new_evening, play_deal, start


@pytest.fixture
def t0() -> datetime:
    """Just before the test's evening is made (its games are made a moment later: the view's
    clocks are set half a minute past the whole minutes the test reads)."""
    return datetime.now(UTC).replace(tzinfo=None)


def _at(monkeypatch, t0: datetime, minutes: float) -> None:
    """Entries from here on are made ``minutes`` after ``t0``."""
    monkeypatch.setattr(store.writing, "_now", lambda: t0 + timedelta(minutes=minutes))


def _view_at(monkeypatch, t0: datetime, minutes: float) -> None:
    monkeypatch.setattr(pages, "utc_now", lambda: t0 + timedelta(minutes=minutes, seconds=30))


def _cards(page: str) -> dict[int, str]:
    cards = re.findall(r'<li class="table-card[^"]*">.*?</li>', page, re.S)
    return {int(re.search(r"Table (\d+)", card)[1]): card for card in cards}


def test_before_the_first_round_the_view_says_no_round_is_started(client):
    token = evening_token(new_evening(client))
    page = client.get(f"/e/{token}/tables").get_data(as_text=True)
    assert "No round has been started yet." in page
    assert client.get("/e/no-such-evening/tables").status_code == 404


def test_a_table_that_stopped_while_the_others_went_on_is_quiet(client, app, monkeypatch, t0):
    token = evening_token(new_evening(client, players="\n".join(NINE), variant="classic"))
    start(client, token, 1)
    with app.app_context():
        evening = services.load(token)
        tables = evening.tables(1)
        _at(monkeypatch, t0, 20)
        play_deal(tables[0].game, 1)
        _at(monkeypatch, t0, 22)
        play_deal(tables[1].game, 1)
    _view_at(monkeypatch, t0, 25)
    response = client.get(f"/e/{token}/tables")
    assert response.status_code == 200 and "no-store" in response.headers["Cache-Control"]
    page = response.get_data(as_text=True)
    cards = _cards(page)
    assert sorted(cards) == [1, 2, 3]
    assert "quiet" not in cards[1].split('"')[1] and "quiet" not in cards[2].split('"')[1]
    assert 'class="table-card quiet"' in cards[3]
    assert "⚠" in cards[3] and "Quiet" in cards[3]
    assert "Last entry 5 minutes ago" in cards[1] and "Last entry 3 minutes ago" in cards[2]
    assert "Nothing entered yet: started 25 minutes ago" in cards[3]
    assert "Table 3 has gone quiet." in page
    assert "0 of 3 tables finished." in page
    for table in tables:
        assert f'href="/g/{table.game.token}"' in page
    # The evening page leads here; without JavaScript the page reloads itself.
    assert f'href="/e/{token}/tables"' in client.get(f"/e/{token}").get_data(as_text=True)
    assert 'http-equiv="refresh"' in page


def test_the_view_follows_the_clock_and_the_entries(client, app, monkeypatch, t0):
    token = evening_token(new_evening(client, players="\n".join(NINE[:6]), variant="classic"))
    start(client, token, 1)
    _view_at(monkeypatch, t0, 3)
    page = client.get(f"/e/{token}/tables").get_data(as_text=True)
    assert "gone quiet" not in page and "started 3 minutes ago" in page
    with app.app_context():
        _at(monkeypatch, t0, 14)
        play_deal(services.load(token).tables(1)[0].game, 1)
    _view_at(monkeypatch, t0, 16)
    page = client.get(f"/e/{token}/tables").get_data(as_text=True)
    cards = _cards(page)
    # Table 2 has entered nothing for 16 minutes while table 1 entered 2 minutes ago.
    assert "Last entry 2 minutes ago" in cards[1]
    assert "quiet" not in cards[1].split('"')[1] and "table-card quiet" in cards[2]


def test_the_view_is_in_swedish_too(client, app, monkeypatch, t0):
    token = evening_token(new_evening(client, players="\n".join(NINE[:6]), variant="classic"))
    start(client, token, 1)
    _view_at(monkeypatch, t0, 30)
    page = client.get(f"/e/{token}/tables", headers={"Accept-Language": "sv"}).get_data(
        as_text=True
    )
    assert 'lang="sv"' in page
    assert "Bord" in page and "Tables" not in page

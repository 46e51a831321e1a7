"""A club evening whose tables confirm (issue 26): each table's game asks for a second phone;
the organiser's tables view marks a table with entries waiting, the standings count them as
not yet confirmed, and the organiser confirms a stuck entry with the PIN."""

from __future__ import annotations

import re

from scorekeeper import services as games
from scorekeeper.db import db
from scorekeeper.evenings import services as evenings
from scorekeeper.games.events import Event
from tests.conftest import csrf_token
from tests.web.clubs.club import add, evening_token, make_club, plan_evening

CONFIRM = re.compile(r'action="([^"]+/confirm/(\d+))"')


def _evening(app, client, **options) -> tuple[str, str]:
    """A club evening of one table, round 1 started, deal 1 recorded by Anna's phone (seat 0):
    the evening's token and the table's game's."""
    token = make_club(client)
    add(client, token, "Anna", "Ben", "Carla")
    response = plan_evening(client, token, name="Vecka 1", rounds="2", **options)
    evening = evening_token(response)
    with app.app_context():
        (table,) = evenings.start_round(evenings.load(evening), 1).tables(1)
        game = table.game
        game = games.record(game, Event("announce", {"deal": 1, "contract": "sang"}), 0, seat="0")
        game = games.record(game, Event("record", {"deal": 1, "tricks": [8, 4, 4]}), 1, seat="0")
        assert isinstance(game, games.LoadedGame)
        db.session.commit()
    return evening, game.token


def test_a_confirming_evening_marks_the_waiting_table_and_the_organiser_confirms(app, client):
    evening, game = _evening(app, client, confirms="y")
    with app.app_context():
        assert games.load(game).confirms
    tables = client.get(f"/e/{evening}/tables").text
    assert "1 table has entries waiting for confirmation." in tables and "1 waiting" in tables
    page = client.get(f"/e/{evening}").text
    assert "1 entry is not yet confirmed" in page and 'class="table-card waits"' in page
    screen = client.get(f"/e/{evening}/screen").text
    assert "1 entry is not yet confirmed" in screen and "1 waiting" in screen
    # A player's phone (the club's link, not its PIN) at no seat only sees it is waiting.
    seen = app.test_client().get(f"/g/{game}").text
    assert "Waiting for confirmation: 1 entry" in seen and "Confirm as the organiser" not in seen
    # The organiser's phone (it made the club: it holds the PIN) confirms it as the organiser.
    box = client.get(f"/g/{game}").text
    assert "Confirm as the organiser" in box
    action = CONFIRM.search(box)
    token = csrf_token(client, f"/g/{game}")
    assert client.post(action.group(1), data={"csrf_token": token}).status_code == 303
    assert "waiting" not in client.get(f"/e/{evening}/tables").text.split("<ul", 1)[1]
    assert "not yet confirmed" not in client.get(f"/e/{evening}").text
    assert "confirmed by the organiser" in client.get(f"/g/{game}").text


def test_an_evening_without_the_option_asks_no_table_to_confirm(app, client):
    evening, game = _evening(app, client)
    with app.app_context():
        assert not games.load(game).confirms
    assert "waiting" not in client.get(f"/e/{evening}/tables").text.split("<ul", 1)[1]

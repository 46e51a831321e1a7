"""A club evening whose tables confirm (issue 26): each table's game asks for a second phone;
the organiser's tables view marks a table with entries waiting, the standings count them as
not yet confirmed, and the organiser confirms a stuck entry with the PIN."""

from __future__ import annotations

import re

from scorekeeper.data.db import db
from scorekeeper.evenings import services as evenings
from scorekeeper.games.events import Event
from scorekeeper.table import services as games
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
        game = games.enter(game, Event("announce", {"deal": 1, "contract": "sang"}), 0, seat="0")
        game = games.enter(game, Event("record", {"deal": 1, "tricks": [8, 4, 4]}), 1, seat="0")
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


# --- a phone is at one table a round (issue 35) ---------------------------------------------


def _two_tables(app, client) -> tuple[str, list[str]]:
    """A club evening whose tables confirm, six members at two tables, round 1 started: the
    evening's token and its two games' tokens (table 1, table 2)."""
    token = make_club(client)
    add(client, token, "Anna", "Ben", "Carla", "Dora", "Emil", "Frida")
    evening = evening_token(plan_evening(client, token, name="Vecka 2", rounds="2", confirms="y"))
    with app.app_context():
        tables = evenings.start_round(evenings.load(evening), 1).tables(1)
        return evening, [table.game.token for table in tables]


def _phone(app, game: str, seat: str | None = None):
    """A player's phone (the club's link, not its PIN) at ``game``, at ``seat`` when given:
    the client and its CSRF token."""
    phone = app.test_client()
    token = csrf_token(phone, f"/g/{game}")
    if seat is not None:
        chose = phone.post(f"/g/{game}/seat", data={"csrf_token": token, "seat": seat})
        assert chose.status_code == 303, chose.get_data(as_text=True)
    return phone, token


def _deal_one(phone, token: str, game: str) -> None:
    """Deal 1 announced and its tricks recorded from ``phone``."""
    for action, data in (
        ("announce", {"seq": "0", "deal": "1", "contract": "sang"}),
        ("record", {"seq": "1", "deal": "1", "tricks_0": "8", "tricks_1": "4", "tricks_2": "4"}),
    ):
        sent = phone.post(f"/g/{game}/{action}", data={"csrf_token": token, **data})
        assert sent.status_code == 303, sent.get_data(as_text=True)


def _log(app, game: str) -> tuple[tuple[str | None, ...], dict[int, frozenset[str]]]:
    """Who entered each entry of ``game`` and who confirmed what, as stored."""
    from scorekeeper.table import store

    with app.app_context():
        store.REPLAYS.clear()
        loaded = store.load(db.session, game)
        return tuple(loaded.seat_of(seq) for seq in range(loaded.seq)), dict(loaded.confirmed)


def test_a_phone_of_another_table_of_the_round_confirms_nothing_there(app, client):
    _evening_token, (first, second) = _two_tables(app, client)
    roaming, roaming_token = _phone(app, first, "0")
    _deal_one(roaming, roaming_token, first)  # it is table 1's phone now
    at_two, at_two_token = _phone(app, second, "0")
    _deal_one(at_two, at_two_token, second)
    seat_page = roaming.get(f"/g/{second}/seat").text
    assert "This phone has entered or confirmed at table 1 of this round" in seat_page
    assert 'name="seat"' not in seat_page
    token = csrf_token(roaming, f"/g/{second}")
    refused = roaming.post(f"/g/{second}/seat", data={"csrf_token": token, "seat": "1"})
    assert refused.status_code == 422 and "table 1 of this round" in refused.text
    said = roaming.post(f"/g/{second}/confirm/1", data={"csrf_token": token})
    assert said.status_code == 422
    assert "This phone entered or confirmed at table 1 of this round" in said.text
    assert _log(app, second) == (("0", "0"), {})
    opponent, opponent_token = _phone(app, second, "1")
    confirmed = opponent.post(f"/g/{second}/confirm/1", data={"csrf_token": opponent_token})
    assert confirmed.status_code == 303
    assert _log(app, second)[1] == {1: frozenset({"1"})}


def test_a_phone_that_chose_seats_at_two_tables_is_at_the_one_it_played_at(app, client):
    """Seats chosen at both tables before anything was entered: once the phone has entered at
    table 1, it confirms nothing at table 2 and what it enters there says no seat."""
    _evening_token, (first, second) = _two_tables(app, client)
    both, token = _phone(app, first, "0")
    chose = both.post(f"/g/{second}/seat", data={"csrf_token": token, "seat": "1"})
    assert chose.status_code == 303
    _deal_one(both, token, first)
    at_two, at_two_token = _phone(app, second, "0")
    _deal_one(at_two, at_two_token, second)
    said = both.post(f"/g/{second}/confirm/1", data={"csrf_token": token})
    assert said.status_code == 422 and "table 1 of this round" in said.text
    fixed = both.post(
        f"/g/{second}/deal/1/correct",
        data={
            "csrf_token": token,
            "seq": "2",
            "deal": "1",
            "contract": "sang",
            "tricks_0": "7",
            "tricks_1": "5",
            "tricks_2": "4",
        },
    )
    assert fixed.status_code == 303, fixed.text
    assert _log(app, second) == (("0", "0", None), {})


def test_the_organisers_phone_confirms_at_every_table_but_never_its_own_entry(app, client):
    """The organiser (``client`` made the club: it holds the PIN) plays at table 1: its own
    entry there it does not confirm, even as the organiser; at table 2 it confirms. Its seat
    it may change after entering."""
    _evening_token, (first, second) = _two_tables(app, client)
    token = csrf_token(client, f"/g/{first}")
    assert (
        client.post(f"/g/{first}/seat", data={"csrf_token": token, "seat": "0"}).status_code == 303
    )
    _deal_one(client, token, first)
    own = client.post(f"/g/{first}/confirm/1", data={"csrf_token": token})
    assert own.status_code == 422 and "This phone entered it" in own.text
    assert "Confirm as the organiser" not in client.get(f"/g/{first}").text
    moved = client.post(f"/g/{first}/seat", data={"csrf_token": token, "seat": "1"})
    assert moved.status_code == 303  # the organiser's to change
    assert client.post(f"/g/{first}/confirm/1", data={"csrf_token": token}).status_code == 422
    at_two, at_two_token = _phone(app, second, "0")
    _deal_one(at_two, at_two_token, second)
    confirmed = client.post(f"/g/{second}/confirm/1", data={"csrf_token": token})
    assert confirmed.status_code == 303
    assert _log(app, second)[1] == {1: frozenset({"organiser"})}
    assert _log(app, first)[1] == {}

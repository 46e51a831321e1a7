"""Who entered each entry, in a game's record (issue 26): a history entry's optional ``seat``.
It survives export → import, a record without seats still imports, a seat the game does not
have is refused, and the shipped schema takes it."""

from __future__ import annotations

import json
import re

import pytest

from scorekeeper import records
from scorekeeper.data.db import db
from scorekeeper.games import bismarck
from scorekeeper.games.events import Event
from scorekeeper.records import RecordError
from scorekeeper.table import store
from tests.records.schemas import RECORD, errors
from tests.web.bismarck.client import Table
from tests.web.seats import choose
from tests.web.sviten.client import HANDS as SVITEN_HANDS
from tests.web.sviten.client import SvitenTable

SETUP = bismarck.Setup(("Anna", "Ben", "Carla"))
EVENTS = (
    Event("announce", {"deal": 1, "contract": "sang", "trump": None}),
    Event("record", {"deal": 1, "tricks": [4, 10, 2]}),
    Event("undo"),
)


def test_a_record_carries_who_entered_each_entry_and_reads_it_back():
    raw = records.build("bismarck", SETUP, EVENTS, seats=("0", None, "organiser"))
    history = raw["history"]
    assert [entry.get("seat") for entry in history] == ["0", None, "organiser"]
    assert "seat" not in history[1]  # not known: left out
    record = records.loads(records.dumps(raw))
    assert record.seats == ("0", None, "organiser")
    assert record.to_dict() == raw
    assert errors(RECORD, raw) == []


def test_a_record_without_seats_imports_as_before():
    raw = records.build("bismarck", SETUP, EVENTS)
    assert all("seat" not in entry for entry in raw["history"])
    record = records.loads(records.dumps(raw))
    assert record.seats == () and record.events == EVENTS
    assert records.build("bismarck", SETUP, EVENTS, seats=record.seats) == raw


@pytest.mark.parametrize(
    ("seat", "said"),
    [
        ("3", "seat 3: this game has seats 0 to 2"),
        (1, "seat must be a seat's number as text"),
        ("Anna", "seat must be a seat's number as text"),
        ("", "seat must be a seat's number as text"),
    ],
)
def test_a_seat_the_game_does_not_have_is_refused(seat, said):
    raw = records.build("bismarck", SETUP, EVENTS)
    raw["history"][1]["seat"] = seat
    with pytest.raises(RecordError) as refused:
        records.loads(json.dumps(raw))
    assert any(
        line.startswith("history entry 2") and said in line
        for line in map(str, refused.value.problems)
    )


def test_the_schema_refuses_a_seat_that_is_not_a_seat():
    raw = records.build("bismarck", SETUP, EVENTS, seats=("1",))
    assert errors(RECORD, raw) == []
    raw["history"][0]["seat"] = "somebody"
    assert errors(RECORD, raw)


def test_export_then_import_keeps_the_seats(app, client):
    table = Table(client)
    table.start()
    choose(table, "2")
    table.announce(1, "sang")
    choose(table, "0")
    table.record(1, (4, 10, 2))
    exported = client.get(f"{table.url}/record.json").get_data(as_text=True)
    assert [e.get("seat") for e in json.loads(exported)["history"]] == ["2", "0"]
    record = records.loads(exported)
    with app.app_context():
        game = store.import_game(
            db.session, record.kind, record.setup, record.events, record.times, record.seats
        )
        store.REPLAYS.clear()
        assert store.load(db.session, game.token).seats == ("2", "0")
        again = records.export(game.kind, game.setup, game.events, game.times, game.seats)
    assert again == exported


def test_a_sviten_record_names_the_pair(app, client):
    table = SvitenTable(client)
    table.start()
    choose(table, "1")
    assert table.hand(1, SVITEN_HANDS[0]).status_code == 303
    exported = json.loads(client.get(f"{table.url}/record.json").data)
    assert [e.get("seat") for e in exported["history"]] == ["1"]
    assert errors(RECORD, exported) == []
    exported["history"][0]["seat"] = "2"  # four players, but two pairs
    with pytest.raises(RecordError) as refused:
        records.loads(json.dumps(exported))
    assert re.search(
        r"seat 2: this game has seats 0 to 1", "\n".join(map(str, refused.value.problems))
    )

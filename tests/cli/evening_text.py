"""An evening record's text (``scorekeeper-evening/1``) for the commands that read one."""

from __future__ import annotations

from scorekeeper.evenings.record import RecordTable, dumps_evening
from scorekeeper.evenings.setup import EveningSetup
from scorekeeper.games.events import Event


def evening_text() -> str:
    """Six players at two tables of three, classic rules, round 1 of 2 started: at each table
    one Trumf deal in which the first declarer takes 10 tricks and the others 3 each."""
    setup = EveningSetup(
        "Friday club",
        "bismarck",
        ("Anna", "Ben", "Carla", "Dan", "Eva", "Fred"),
        rounds=2,
        scoring="totals",
        settings={"variant": "classic"},
    )
    plan = setup.plan(0)
    tables = []
    for number, seats in enumerate(plan.rounds[0].tables, start=1):
        names = tuple(setup.players[p] for p in seats)
        game = setup.table_setup(names, 0)  # seat 0 deals, seat 1 declares
        events = [
            Event("announce", {"deal": 1, "contract": "trumf", "trump": "hearts"}),
            Event("record", {"deal": 1, "tricks": [3, 10, 3]}),
        ]
        tables.append(RecordTable(1, number, "bismarck", game, events, [None, None]))
    return dumps_evening(setup, plan, 0, tables), plan, setup

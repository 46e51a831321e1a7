"""Several app processes on one database (issue 16): phones served by different processes race
for the same log position, round after round, and exactly one entry is stored at each; every
process, with its own replay cache, then shows the same game.

Runs on the tests' database: SQLite, or PostgreSQL with ``SCOREKEEPER_TEST_DATABASE_URL``
(``tests/databases.py``), as ``.ci/run`` does."""

from __future__ import annotations

import multiprocessing
from typing import Any

import pytest
import sqlalchemy as sa

from scorekeeper import create_app
from scorekeeper.data.db import db
from scorekeeper.games import bismarck
from scorekeeper.games.events import Event
from scorekeeper.table import store
from tests.databases import close_connections, on_postgresql
from tests.games import state_of
from tests.games.bismarck.examples import MODERN_GAME

PROCESSES = 4
#: The worked example's first six deals: an announcement and a recording each.
EVENTS = [
    event
    for number, (contract, trump, tricks) in enumerate(MODERN_GAME[:6], start=1)
    for event in (
        Event("announce", {"deal": number, "contract": contract, "trump": trump}),
        Event("record", {"deal": number, "tricks": list(tricks)}),
    )
]


def _phone_in_its_own_process(url: str, token: str, barrier: Any, results: Any) -> None:
    """One app process: for every log position, wait for the others, then write the next
    event at that position. Reports (position, "stored" | "conflict", what it saw after)."""
    try:
        app = create_app({"SECRET_KEY": "race", "DATABASE_URL": url})
        for position, event in enumerate(EVENTS):
            with app.app_context():
                game = store.load(db.session, token)  # this process's cache, or the database
                assert game.seq == position, (game.seq, position)
                barrier.wait(timeout=60)
                try:
                    after = store.append(db.session, game, event, position)
                    outcome = "stored"
                except store.Conflict as conflict:
                    after = conflict.current
                    outcome = "conflict"
                results.put((position, outcome, after.seq))
            barrier.wait(timeout=60)  # every process done with this position
        with app.app_context():
            final = store.load(db.session, token)
            results.put(("final", final.seq, tuple(final.state.totals)))
        close_connections(app)
    except BaseException as error:  # the parent reports it
        results.put(("error", repr(error), None))
        barrier.abort()


@pytest.mark.slow
def test_processes_racing_for_one_position_store_exactly_one_each_time(app, database_url):
    with app.app_context():
        assert db.engine.dialect.name == ("postgresql" if on_postgresql() else "sqlite")
        setup = bismarck.Setup(("Anna", "Ben", "Carla"))
        token = store.create_game(db.session, bismarck.KIND, setup).token
    context = multiprocessing.get_context("spawn")
    barrier, results = context.Barrier(PROCESSES), context.Queue()
    processes = [
        context.Process(
            target=_phone_in_its_own_process, args=(database_url, token, barrier, results)
        )
        for _ in range(PROCESSES)
    ]
    for process in processes:
        process.start()
    reports = [results.get(timeout=180) for _ in range(PROCESSES * (len(EVENTS) + 1))]
    for process in processes:
        process.join(60)
    assert not [r for r in reports if r[0] == "error"], reports

    for position in range(len(EVENTS)):
        outcomes = sorted(r[1] for r in reports if r[0] == position)
        assert outcomes == ["conflict"] * (PROCESSES - 1) + ["stored"], (position, outcomes)
        # Whoever lost saw the winner's entry: the game one position further on.
        assert {r[2] for r in reports if r[0] == position} == {position + 1}

    with app.app_context():
        rows = db.session.execute(sa.text("SELECT seq FROM event ORDER BY seq")).scalars().all()
        stored = store.load(db.session, token)
    assert rows == list(range(len(EVENTS)))
    expected = state_of(setup, EVENTS)
    assert stored.state == expected
    finals = {r[1:] for r in reports if r[0] == "final"}
    assert finals == {(len(EVENTS), tuple(expected.totals))}  # every process, the same game

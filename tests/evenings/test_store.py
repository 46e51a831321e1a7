"""Evenings in the database: made with their plan, rounds started in order and only once, every
table's game an ordinary game, loaded with a bounded number of queries."""

from __future__ import annotations

from contextlib import contextmanager

import pytest
import sqlalchemy as sa

from scorekeeper.data.db import db
from scorekeeper.evenings import locks, services
from scorekeeper.evenings import store as evening_store
from scorekeeper.evenings.setup import EveningSetup
from scorekeeper.evenings.store import EveningNotFound
from scorekeeper.games import bismarck
from scorekeeper.games.events import Event, RuleError
from scorekeeper.table import services as game_services
from scorekeeper.table import store as game_store
from scorekeeper.table.services import Locked
from tests.evenings.played import play_out

NINE = ("Anna", "Ben", "Carla", "Dan", "Eva", "Fred", "Gus", "Hanna", "Ida")


def nine_at_bismarck(**changes) -> EveningSetup:
    fields = {
        "name": "Club night",
        "kind": "bismarck",
        "players": NINE,
        "rounds": 4,
        "scoring": "totals",
        "settings": {"variant": "classic"},
        **changes,
    }
    return EveningSetup(**fields)


@contextmanager
def counted_queries():
    statements: list[str] = []

    def count(conn, cursor, statement, *args):
        statements.append(statement)

    sa.event.listen(db.engine, "before_cursor_execute", count)
    try:
        yield statements
    finally:
        sa.event.remove(db.engine, "before_cursor_execute", count)


def test_an_evening_keeps_its_setup_and_plan(app):
    with app.app_context():
        made = services.create(nine_at_bismarck(), seed=7)
        loaded = services.load(made.token)
    assert loaded.setup == made.setup
    assert loaded.plan.rounds == nine_at_bismarck().plan(7).rounds
    assert loaded.started == 0 and loaded.next_round == 1 and loaded.games == {}
    assert len(made.token) >= 20


def test_starting_a_round_makes_each_tables_game_seated_as_planned(app):
    with app.app_context():
        evening = services.start_round(services.create(nine_at_bismarck(), seed=3), 1)
        for table in evening.tables(1):
            game = game_services.load(table.game.token)  # an ordinary game
            assert game.kind == "bismarck"
            assert game.setup.players == evening.names(table.seats)
            assert game.setup.variant is bismarck.Variant.CLASSIC
        assert evening.started == 1 and evening.next_round == 2
        assert services.load(evening.token).positions == ((1, 1, 0), (1, 2, 0), (1, 3, 0))


def test_a_round_starts_once_and_in_order(app):
    """Starting a round answers with what it came to, as a game's entry does: the evening with
    the round's games; Refused for a round out of order; AlreadyStarted, with the evening as it
    is now, for the phone that tapped second."""
    with app.app_context():
        evening = services.create(nine_at_bismarck())
        refused = services.start_round(evening, 2)
        assert isinstance(refused, services.Refused) and refused.evening is evening
        assert str(refused.error) == "Start round 1 first." and refused.error.field == "round"
        started = services.start_round(evening, 1)
        assert isinstance(started, services.LoadedEvening) and started.started == 1
        # A second phone, with the evening as it loaded it before the round started:
        again = services.start_round(evening, 1)
        assert isinstance(again, services.AlreadyStarted) and again.round == 1
        assert again.evening.started == 1
        assert again.evening.games[1, 1].token == started.games[1, 1].token
        count = db.session.scalar(sa.select(sa.func.count()).select_from(sa.table("game")))
        assert count == 3


def test_a_start_a_check_refuses_is_refused_with_its_error_and_makes_nothing(app):
    """The clubs' check (registered with the app): a closed evening of no club starts no round,
    whoever asks; the start answers Refused with the check's own error."""
    with app.app_context():
        evening = services.create(nine_at_bismarck())
        services.close(evening)
        closed = services.load(evening.token)
        with app.test_request_context():
            refused = services.start_round(closed, 1, anyway=True)
        assert isinstance(refused, services.Refused) and refused.evening is closed
        assert isinstance(refused.error, Locked)
        assert refused.error.text == locks.closed_for_good()
        assert services.load(evening.token).started == 0


def test_the_next_round_waits_for_every_table_of_the_last_one_unless_confirmed(app):
    """Players are reseated between rounds: while a table of round 1 still plays, round 2
    starts only when the organiser confirms it (``anyway``); nothing is made otherwise."""
    with app.app_context():
        evening = services.create(nine_at_bismarck(settings={"variant": "modern"}))
        assert services.in_play_before(evening, 1) is None  # nothing before the first round
        evening = evening_store.start_round(db.session, evening, 1, [0, 0, 0])
        assert services.in_play_before(evening, 2) == services.InPlay(1, 3, 3)
        in_play = services.start_round(evening, 2)
        assert in_play == services.InPlay(1, 3, 3)
        assert str(in_play.text) == "Round 1 is still being played at 3 of 3 tables."
        evening = play_out(evening, 1, slice(2))
        assert services.start_round(evening, 2) == services.InPlay(1, 1, 3)
        assert services.load(evening.token).started == 1  # nothing made
        assert services.in_play_before(evening, 3) is None  # not the next round
        evening = play_out(evening, 1, slice(2, 3))
        assert services.in_play_before(evening, 2) is None
        evening = services.start_round(evening, 2)  # every table over: no confirmation
        assert evening.started == 2
        # Round 2 in play: confirmed, round 3 starts; started twice, it is not.
        started = services.start_round(evening, 3, anyway=True)
        assert isinstance(services.start_round(evening, 3, anyway=True), services.AlreadyStarted)
        # As loaded now: not "still being played".
        again = services.start_round(services.load(evening.token), 3)
        assert isinstance(again, services.AlreadyStarted) and again.round == 3
        assert services.load(evening.token).games[3, 1].token == started.games[3, 1].token


def test_one_tables_round_in_play_is_said_without_counting(app):
    with app.app_context():
        evening = services.create(nine_at_bismarck(players=NINE[:3]))
        evening = services.start_round(evening, 1)
        in_play = services.start_round(evening, 2)
    assert in_play == services.InPlay(1, 1, 1)
    assert str(in_play.text) == "Round 1 is still being played."


def test_an_unknown_evening_is_not_found(app):
    with app.app_context(), pytest.raises(EveningNotFound):
        services.load("nope")
    with app.app_context(), pytest.raises(EveningNotFound):
        services.positions("nope")


def test_the_positions_alone_are_the_loaded_evenings_in_one_query(app):
    """What the kept evening pages are found by, read without the evening: the same as the
    loaded evening's, before a round, after each start and after every entry."""
    with app.app_context():
        setup = nine_at_bismarck(players=NINE[:6], rounds=2, settings={"variant": "modern"})
        evening = services.create(setup)
        assert services.positions(evening.token) == () == evening.positions
        evening = services.start_round(evening, 1)
        with counted_queries() as queries:
            assert services.positions(evening.token) == ((1, 1, 0), (1, 2, 0))
        assert len(queries) == 1
        play_out(evening, 1, slice(1, 2))
        evening = services.start_round(services.load(evening.token), 2, anyway=True)
        assert services.positions(evening.token) == services.load(evening.token).positions
        assert services.positions(evening.token)[:2] == ((1, 1, 0), (1, 2, 24))


def test_loading_an_evening_takes_a_bounded_number_of_queries(app):
    with app.app_context():
        evening = services.create(nine_at_bismarck())
        for number in range(1, 5):
            evening = services.start_round(evening, number, anyway=True)
        for game in evening.games.values():
            game_services.enter(
                game, Event("announce", {"deal": 1, "contract": "trumf", "trump": "hearts"}), 0
            )
        game_store.REPLAYS.clear()
        with counted_queries() as cold:
            loaded = services.load(evening.token)
        with counted_queries() as warm:
            again = services.load(evening.token)
            services.standings_of(again)
    assert len(loaded.games) == 12
    assert len(cold) == 3  # the evening, its tables with their games, every log at once
    assert len(warm) == 2  # every replay cached
    assert all(game.seq == 1 for game in loaded.games.values())


def test_import_is_all_or_nothing(app):
    with app.app_context():
        setup = nine_at_bismarck(rounds=1)
        plan = setup.plan(0)
        tables = []
        for number, seats in enumerate(plan.rounds[0].tables, start=1):
            names = tuple(setup.players[p] for p in seats)
            tables.append((1, number, setup.table_setup(names, 0), (), ()))
        bad = Event("record", {"deal": 1, "tricks": [5, 5, 6]})  # nothing announced
        broken = [*tables[:2], (*tables[2][:3], (bad,), (None,))]
        with pytest.raises(RuleError):
            services.import_evening(setup, plan, 0, broken)
        assert db.session.scalar(sa.select(sa.func.count()).select_from(sa.table("evening"))) == 0
        assert db.session.scalar(sa.select(sa.func.count()).select_from(sa.table("game"))) == 0
        made = services.import_evening(setup, plan, 0, tables)
        assert services.load(made.token).started == 1

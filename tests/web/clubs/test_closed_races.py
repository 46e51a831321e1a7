"""Closed means closed under a race (issue 35): a write to an evening's game that the organiser's
close overtakes is refused as a write to a closed evening's game is, and stores and logs
nothing.

A request checks the lock when it reads the game, and the write checked it again before its
transaction: an evening closed in between (a player tapping *Record* just as the organiser
closes, or one trying it on purpose) got the deal in after the close. The write now asks again
inside its own transaction, once it holds the evening's row (``table/store/evening_hold.py``).
The races are made to happen, not hoped for: the close runs to its commit on a thread of its
own (its own session) exactly between the request's checks and its write
(:func:`closed_meanwhile`), or starts while a write is inside its transaction and must wait for
it (:func:`test_a_close_waits_for_a_write_inside_its_transaction`). On SQLite and, with
``SCOREKEEPER_TEST_DATABASE_URL``, on PostgreSQL."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
import sqlalchemy as sa

from scorekeeper.clubs import services as clubs
from scorekeeper.data import models
from scorekeeper.data.db import db
from scorekeeper.evenings import services as evenings
from scorekeeper.evenings import store as evening_store
from scorekeeper.evenings.setup import EveningSetup
from scorekeeper.games.events import Event
from scorekeeper.table import services as games
from scorekeeper.table import store
from tests.conftest import csrf_token
from tests.e2e.table import example_events
from tests.web.clubs.club import add, evening_token, make_club, plan_evening
from tests.web.clubs.locked import everything

CLOSED = "This evening is closed: only the organiser can change its games, with the club&#39;s PIN."
CLOSED_FOR_GOOD = "This evening is closed and has no organiser: its games can no longer be changed."
#: The worked example's first two deals (Anna dealing first); the next is deal 3, Spader.
PLAYED = example_events(2)
WRITES = ("announce", "correct", "undo", "confirm")


def _seeded(app, evening: str, *, seat: str | None = None) -> str:
    """Round 1 of ``evening`` started (the first seat dealing) and :data:`PLAYED` entered at
    its one table (from seat ``seat``'s phone): the table's game's token."""
    with app.app_context():
        loaded = evening_store.start_round(db.session, evenings.load(evening), 1, [0])
        game = loaded.games[1, 1]
        for seq, event in enumerate(PLAYED):
            game = store.append(db.session, game, event, seq, seat=seat, phone=seat and "p0")
        return game.token


def _club_evening(app, client, write: str) -> tuple[Callable[[], None], str]:
    """A club's Bismarck evening (its tables confirming, for ``write`` ``confirm``), made by
    ``client``, the organiser's phone, with round 1 in play: what closes it (the organiser's
    close, as the club's page makes it) and its game's token."""
    club = make_club(client)
    add(client, club, "Anna", "Ben", "Carla")
    options = {"confirms": "y"} if write == "confirm" else {}
    evening = evening_token(plan_evening(client, club, name="Vecka 1", rounds="2", **options))
    game = _seeded(app, evening, seat="0" if write == "confirm" else None)

    def close() -> None:
        found = clubs.load(club)
        assert clubs.close_evening(found, evenings.load(evening), True, "organiser")

    return close, game


def _plain_evening(app) -> tuple[Callable[[], None], str]:
    """An evening of no club, round 1 in play: what closes it (the evenings' service) and its
    game's token."""
    with app.app_context():
        setup = EveningSetup(
            name="Köksbordet",
            kind="bismarck",
            players=("Anna", "Ben", "Carla"),
            rounds=2,
            scoring="totals",
            settings={},
        )
        evening = evenings.create(setup).token
    game = _seeded(app, evening)
    return lambda: evenings.close(evenings.load(evening)), game


@contextmanager
def closed_meanwhile(app, monkeypatch, close: Callable[[], None]) -> Iterator[dict[str, Any]]:
    """Inside, the first write to a game's log (an event or a confirmation) first waits while
    ``close`` runs to its commit on another thread, with a session of its own: after every
    check the request made when it read the game, before the write's transaction. What the
    database held just after the close lands in the dict (``at_close``)."""
    seen: dict[str, Any] = {}

    def run_close() -> None:
        with app.app_context():
            close()
            db.session.commit()
        seen["at_close"] = everything(app)

    def first_closing(write: Callable[..., Any]) -> Callable[..., Any]:
        def wrapped(*args: Any, **kwargs: Any) -> Any:
            if "at_close" not in seen:
                thread = threading.Thread(target=run_close)
                thread.start()
                thread.join(30)
                assert "at_close" in seen, "the close did not finish"
            return write(*args, **kwargs)

        return wrapped

    monkeypatch.setattr(store, "append", first_closing(store.append))
    monkeypatch.setattr(store, "confirm", first_closing(store.confirm))
    yield seen


def _send(app, phone, game: str, write: str):
    """The form of ``write`` sent by ``phone`` at seat 1 (a player at the table), from the
    game's page as it was before the close."""
    token = csrf_token(phone, f"/g/{game}")
    assert phone.post(f"/g/{game}/seat", data={"csrf_token": token, "seat": "1"}).status_code in (
        200,
        303,
    )
    with app.app_context():
        seq = games.load(game).seq
    data: dict[str, Any] = {"csrf_token": token, "seq": seq}
    if write == "announce":  # deal 3: Carla declares Spader
        return phone.post(f"/g/{game}/announce", data={**data, "deal": 3, "contract": "spader"})
    if write == "correct":  # deal 1 was Sang, 4/10/2
        fields = {"deal": 1, "contract": "sang", "tricks_0": 5, "tricks_1": 9, "tricks_2": 2}
        return phone.post(f"/g/{game}/deal/1/correct", data={**data, **fields})
    if write == "undo":
        return phone.post(f"/g/{game}/undo", data=data)
    return phone.post(f"/g/{game}/confirm/1", data={"csrf_token": token})  # seat 0's entry


def _written(app, game: str) -> tuple[int, int]:
    """How many events and confirmations the game has."""
    with app.app_context():
        loaded = games.load(game)
        return len(loaded.events), sum(len(seats) for seats in loaded.confirmed.values())


@pytest.mark.parametrize("write", WRITES)
def test_a_players_write_overtaken_by_the_close_is_refused_and_stores_nothing(
    app, client, monkeypatch, write
):
    """The player's phone sends its write as the page offered it; the organiser closes the
    evening after the request's checks and before its write. Before the fix: written (303)
    after the close."""
    close, game = _club_evening(app, client, write)
    phone = app.test_client()
    with closed_meanwhile(app, monkeypatch, close) as seen:
        response = _send(app, phone, game, write)
    assert "at_close" in seen, "the write never began"
    assert response.status_code == 403, (response.status_code, response.headers.get("Location"))
    assert response.text.count(CLOSED) == 1
    assert 'method="post"' not in response.text and "method=post" not in response.text
    assert everything(app) == seen["at_close"]  # nothing stored, nothing logged


@pytest.mark.parametrize("write", WRITES)
def test_the_organisers_write_overtaken_by_the_close_goes_in_and_is_logged(
    app, client, monkeypatch, write
):
    """The organiser's own phone (the club's PIN) changes a closed evening's game: the same
    race lets it through, and the organisers' log says it changed a locked game."""
    close, game = _club_evening(app, client, write)
    before = _written(app, game)
    with closed_meanwhile(app, monkeypatch, close) as seen:
        response = _send(app, client, game, write)
    assert "at_close" in seen
    assert response.status_code == 303, response.text
    assert _written(app, game) != before
    with app.app_context():
        actions = [a.action for a in clubs.actions(clubs.club_of_evening(_evening_of(game)))]
    assert actions.count("change-game") == 1


def _evening_of(game: str) -> str:
    seat = evenings.seat_of(games.load(game))
    assert seat is not None
    return seat.token


@pytest.mark.parametrize("write", ("announce", "undo"))
def test_a_write_overtaken_by_the_close_of_an_evening_of_no_club_is_refused(
    app, monkeypatch, write
):
    """An evening of no club, closed (as an imported closed evening is): nobody's to change."""
    close, game = _plain_evening(app)
    phone = app.test_client()
    with closed_meanwhile(app, monkeypatch, close) as seen:
        response = _send(app, phone, game, write)
    assert "at_close" in seen
    assert response.status_code == 403
    assert response.text.count(CLOSED_FOR_GOOD) == 1
    assert everything(app) == seen["at_close"]


@contextmanager
def _held_at_insert(app, table: str) -> Iterator[tuple[threading.Event, threading.Event]]:
    """Inside, a thread's first INSERT INTO ``table`` waits (``inside`` set) until ``go``."""
    inside, go = threading.Event(), threading.Event()
    with app.app_context():
        engine = db.engine

    def hold(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        into = statement.lstrip().upper().startswith(f"INSERT INTO {table.upper()} ")
        if into and not inside.is_set():
            inside.set()
            assert go.wait(30)

    sa.event.listen(engine, "before_cursor_execute", hold)
    try:
        yield inside, go
    finally:
        go.set()
        sa.event.remove(engine, "before_cursor_execute", hold)


@pytest.mark.parametrize("club", [False, True], ids=["no club", "club"])
def test_a_close_waits_for_a_write_inside_its_transaction(app, client, club):
    """A player's deal is inside its transaction (checked, about to be stored) when the close
    begins: the close waits until the deal is committed, and then closes an evening with the
    deal in it. Before the fix, an evening of no club was closed under the write (a club's
    evening already waited: both move the club's version)."""
    close, game = _club_evening(app, client, "announce") if club else _plain_evening(app)
    with app.app_context():
        loaded = games.load(game)
    outcome: dict[str, Any] = {}

    def write() -> None:
        with app.test_request_context():
            event = Event("announce", {"deal": 3, "contract": "spader", "trump": None})
            outcome["written"] = games.enter(loaded, event, loaded.seq)
            db.session.commit()

    def closing() -> None:
        with app.app_context():
            close()
            outcome["closed"] = True

    with _held_at_insert(app, "event") as (inside, go):
        writer = threading.Thread(target=write)
        writer.start()
        assert inside.wait(30), outcome
        closer = threading.Thread(target=closing)
        closer.start()
        closer.join(0.5)
        assert closer.is_alive(), "the close did not wait for the write"
        go.set()
        writer.join(30)
        closer.join(30)
    assert isinstance(outcome["written"], games.LoadedGame), outcome
    assert outcome.get("closed") is True
    with app.app_context():
        assert evenings.locks(_evening_of(game))[0]
        assert len(games.load(game).events) == len(PLAYED) + 1
        closed_at = db.session.execute(
            sa.select(models.Evening.closed_at).where(models.Evening.token == _evening_of(game))
        ).scalar_one()
        last = db.session.execute(
            sa.select(sa.func.max(models.Event.created_at))
            .join(models.Game, models.Game.id == models.Event.game_id)
            .where(models.Game.token == game)
        ).scalar_one()
    assert last <= closed_at  # the deal went in before the close

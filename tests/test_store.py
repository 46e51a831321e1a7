"""The event log: two writers racing for the same log position, exactly one wins; a write folds
one event and needs no re-load; a read of a log this process has replayed needs one query."""

from __future__ import annotations

import threading
from dataclasses import replace

import pytest
import sqlalchemy as sa

from scorekeeper.data import models
from scorekeeper.data.db import db
from scorekeeper.games import bismarck, registry
from scorekeeper.games.events import Event, RuleError
from scorekeeper.table import store
from tests.games import state_of


def test_racing_writers_at_the_same_position_store_exactly_one(app):
    with app.app_context():
        game = store.create_game(db.session, "bismarck", bismarck.Setup(("Anna", "Ben", "Carla")))
    barrier = threading.Barrier(4)
    outcomes: list[str] = []

    def phone(contract: str) -> None:
        with app.app_context():
            event = Event("announce", {"deal": 1, "contract": contract})
            barrier.wait()
            try:
                store.append(db.session, game, event, 0)
                outcomes.append("stored")
            except store.Conflict as conflict:
                assert conflict.current.seq == 1
                outcomes.append("conflict")

    threads = [
        threading.Thread(target=phone, args=(c,)) for c in ("sang", "pass", "spader", "sang")
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["conflict", "conflict", "conflict", "stored"]
    with app.app_context():
        assert len(store.load(db.session, game.token).events) == 1


def test_a_refused_event_stores_nothing(app):
    with app.app_context():
        game = store.create_game(db.session, "bismarck", bismarck.Setup(("Anna", "Ben", "Carla")))
        with pytest.raises(RuleError):
            store.append(db.session, game, Event("record", {"deal": 1, "tricks": [8, 8]}), 0)
        assert store.load(db.session, game.token).events == ()
        assert store.position_of(db.session, game.token) == 0


def test_unknown_token(app):
    with app.app_context(), pytest.raises(store.GameNotFound):
        store.load(db.session, "nope")


def test_tokens_are_long_url_safe_and_never_look_like_an_option(monkeypatch):
    draws = iter(["-starts-with-a-dash-xx", "a-fine-token-of-22chrs"])
    monkeypatch.setattr(store.tokens.secrets, "token_urlsafe", lambda n: next(draws))
    assert store.new_token() == "a-fine-token-of-22chrs"


class _Statements:
    """Counts the SQL statements sent to the database."""

    def __init__(self, engine):
        self.engine = engine
        self.sql: list[str] = []

    def _count(self, _conn, _cursor, statement, *_args):
        if not statement.lstrip().upper().startswith("PRAGMA"):
            self.sql.append(statement)

    def __enter__(self):
        sa.event.listen(self.engine, "before_cursor_execute", self._count)
        return self

    def __exit__(self, *_exc):
        sa.event.remove(self.engine, "before_cursor_execute", self._count)


def _announce(deal: int, contract: str) -> Event:
    return Event("announce", {"deal": deal, "contract": contract})


def test_a_write_folds_one_event_and_the_next_read_replays_nothing(app, monkeypatch):
    with app.app_context():
        game = store.create_game(db.session, "bismarck", bismarck.Setup(("Anna", "Ben", "Carla")))
        folds = []

        def counted(state, event):
            folds.append(event)
            return bismarck.GAME.fold(state, event)

        monkeypatch.setitem(registry._GAMES.items, "bismarck", replace(bismarck.GAME, fold=counted))
        with _Statements(db.engine) as statements:
            stored = store.append(db.session, game, _announce(1, "sang"), 0)
        assert len(folds) == 1
        assert [s.split()[0] for s in statements.sql] == ["INSERT"]
        with _Statements(db.engine) as statements:
            again = store.load(db.session, game.token)
        assert len(statements.sql) == 1  # the game row and its log's length
        assert again is stored and len(folds) == 1
        assert again.state == state_of(game.setup, again.events)


def test_a_process_that_has_not_seen_the_newest_event_replays_the_longer_log(app):
    with app.app_context():
        game = store.create_game(db.session, "bismarck", bismarck.Setup(("Anna", "Ben", "Carla")))
        store.append(db.session, game, _announce(1, "sang"), 0)
        store.REPLAYS.clear()  # as another process would be: nothing replayed yet
        with _Statements(db.engine) as statements:
            loaded = store.load(db.session, game.token)
        assert len(statements.sql) == 2  # the game row, then its log
        assert loaded.seq == 1
        assert loaded.state.announced.contract is bismarck.Contract.SANG


def test_a_process_that_kept_a_shorter_log_folds_only_the_entries_since(app, monkeypatch):
    """Another process wrote to a game this one replayed: the longer log is read, and only its
    new entries are folded onto the replay kept (issue 33: a club night's other processes)."""
    with app.app_context():
        game = store.create_game(db.session, "bismarck", bismarck.Setup(("Anna", "Ben", "Carla")))
        game = store.append(db.session, game, _announce(1, "sang"), 0)
        folds = []

        def counted(state, event):
            folds.append(event)
            return bismarck.GAME.fold(state, event)

        monkeypatch.setitem(registry._GAMES.items, "bismarck", replace(bismarck.GAME, fold=counted))
        record = Event("record", {"deal": 1, "tricks": [4, 10, 2]})
        with db.engine.begin() as other:  # another process's write: this one kept nothing of it
            other.execute(
                sa.insert(models.Event.__table__),
                {"game_id": game.id, "seq": 1, "kind": record.kind, "data": dict(record.data)},
            )
        loaded = store.load(db.session, game.token)
        assert loaded.seq == 2 and folds == [record]
        assert loaded.state == state_of(game.setup, loaded.events)
        assert store.load(db.session, game.token) is loaded


def test_a_stale_game_is_a_conflict_carrying_the_game_as_it_is_now(app):
    with app.app_context():
        game = store.create_game(db.session, "bismarck", bismarck.Setup(("Anna", "Ben", "Carla")))
        store.append(db.session, game, _announce(1, "sang"), 0)
        with pytest.raises(store.Conflict) as caught:
            store.append(db.session, game, _announce(1, "pass"), 0)
        assert caught.value.current.seq == 1
        assert [h.summary for h in caught.value.new_events] == ["Ben announced Sang"]


def test_a_game_of_another_kind_is_not_found(app):
    with app.app_context():
        game = store.create_game(db.session, "bismarck", bismarck.Setup(("Anna", "Ben", "Carla")))
        assert store.load(db.session, game.token, "bismarck").token == game.token
        with pytest.raises(store.GameNotFound):
            store.load(db.session, game.token, "klaberjass")
        with _Statements(db.engine) as statements:
            assert store.position_of(db.session, game.token) == 0
        assert len(statements.sql) == 1


def test_an_entry_keeps_the_seat_that_made_it_and_a_reload_reads_it_back(app):
    with app.app_context():
        game = store.create_game(db.session, "bismarck", bismarck.Setup(("Anna", "Ben", "Carla")))
        game = store.append(db.session, game, _announce(1, "sang"), 0, seat="1")
        game = store.append(db.session, game, Event("undo"), 1)
        assert game.seats == ("1", None) and game.seat_of(0) == "1" and game.seat_of(5) is None
        store.REPLAYS.clear()
        again = store.load(db.session, game.token)
        assert again.seats == ("1", None) and again.seat_of(1) is None


def test_a_log_without_seats_has_none(app):
    with app.app_context():
        game = store.create_game(db.session, "bismarck", bismarck.Setup(("Anna", "Ben", "Carla")))
        game = store.append(db.session, game, _announce(1, "sang"), 0)
        store.REPLAYS.clear()
        assert store.load(db.session, game.token).seats == () and game.seat_of(0) is None

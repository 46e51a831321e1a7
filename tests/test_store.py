"""The event log: two writers racing for the same log position, exactly one wins."""

from __future__ import annotations

import threading

import pytest

from scorekeeper import store
from scorekeeper.db import db
from scorekeeper.games import bismarck
from scorekeeper.games.events import Event, RuleError


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
                store.append(db.session, game.token, event, 0)
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
            store.append(db.session, game.token, Event("record", {"deal": 1, "tricks": [8, 8]}), 0)
        assert store.load(db.session, game.token).events == ()
        assert store.log_position(db.session, game.token) == 0


def test_unknown_token(app):
    with app.app_context(), pytest.raises(store.GameNotFound):
        store.load(db.session, "nope")


def test_tokens_are_long_url_safe_and_never_look_like_an_option(monkeypatch):
    draws = iter(["-starts-with-a-dash-xx", "a-fine-token-of-22chrs"])
    monkeypatch.setattr(store.secrets, "token_urlsafe", lambda n: next(draws))
    assert store.new_token() == "a-fine-token-of-22chrs"

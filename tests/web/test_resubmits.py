"""Issue 23, point 7: a phone that sends its own entry again (*Back*, then the same button) is
told it recorded it itself, not that another phone did. The session (the signed cookie) keeps
the log positions this phone wrote; nothing of it goes into the game's log or its record."""

from __future__ import annotations

import json

from scorekeeper import records
from scorekeeper.data.db import db
from scorekeeper.table import store
from tests.conftest import csrf_token
from tests.games.bismarck.examples import MODERN_GAME
from tests.web import text
from tests.web.bismarck.client import Table, play_modern_game
from tests.web.landing import landing


def game_page(client, response) -> str:
    assert response.status_code == 303, response.get_data(as_text=True)
    return text(client.get(response.headers["Location"]).get_data(as_text=True))


def test_the_same_entry_sent_again_from_the_same_phone_is_its_own(client):
    table = Table(client)
    table.start()
    table.announce(1, "sang")
    seq = table.seq()
    assert table.record(1, (4, 10, 2), seq=seq).status_code == 303
    page = game_page(client, table.record(1, (4, 10, 2), seq=seq))  # Back, then Record again
    assert "You already recorded this: nothing more to do." in page
    assert "Another phone recorded" not in page


def test_a_changed_entry_sent_again_from_the_same_phone_is_its_own_conflict(client):
    table = Table(client)
    table.start()
    table.announce(1, "sang")
    seq = table.seq()
    table.record(1, (4, 10, 2), seq=seq)
    response = table.record(1, (5, 9, 2), seq=seq)  # Back, other tricks, Record again
    assert response.status_code == 409
    _where, said = landing(response.get_data(as_text=True))
    assert said.startswith("You already recorded this Deal 1: tricks 4/10/2")
    assert "another phone" not in said
    assert "Your tricks, not saved: 5 / 9 / 2" in said


def test_another_phone_is_still_named_as_such(app):
    phone_a, phone_b = Table(app.test_client()), Table(app.test_client())
    phone_a.start()
    phone_b.url = phone_a.url
    phone_b.token = csrf_token(phone_b.client, phone_b.url)
    phone_a.announce(1, "sang")
    seq = phone_b.seq()
    phone_a.record(1, (4, 10, 2), seq=seq)
    page = game_page(phone_a.client, phone_a.record(1, (4, 10, 2), seq=seq))
    assert "You already recorded this" in page
    beaten = phone_b.record(1, (5, 9, 2), seq=seq)
    assert beaten.status_code == 409
    said = text(beaten.get_data(as_text=True))
    assert "Already recorded from another phone" in said and "You already" not in said
    # A phone that wrote only part of what came since is not told it wrote it all.
    phone_b.announce(2, "pass", seq=phone_b.seq())
    mixed = phone_a.record(1, (5, 9, 2), seq=seq)
    assert "Already recorded from another phone" in text(mixed.get_data(as_text=True))


def test_the_session_keeps_only_the_latest_few_and_the_record_nothing_of_it(app, client):
    table = Table(client)
    table.start()
    token = table.url.rsplit("/", 1)[-1]
    play_modern_game(table, MODERN_GAME[:5])  # ten entries
    with client.session_transaction() as session:
        assert session["sent"] == [f"{token}/{seq}" for seq in range(2, 10)]
    with app.app_context():
        game = store.load(db.session, token)
        exported = json.loads(records.export(game.kind, game.setup, game.events, game.times))
    assert [set(event["data"]) for event in exported["history"]] == [
        {"deal", "contract", "trump"},
        {"deal", "tricks"},
    ] * 5

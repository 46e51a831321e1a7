"""The poll (scorekeeper/web/poll.py) and the home page's list: a log length this process read
or wrote less than POLL_FRESH_SECONDS ago is answered from memory; a write through this process
shows at once, one through another process (here: a row inserted behind the store's back) once
that time has passed."""

from __future__ import annotations

import pytest
import sqlalchemy as sa

from scorekeeper.data.db import db
from scorekeeper.table import store
from tests.conftest import app_on_new_database
from tests.web.bismarck.client import Table


@pytest.fixture
def clock(monkeypatch):
    """The store's monotonic clock, moved by hand."""
    now = {"t": 1000.0}
    monkeypatch.setattr(store.caches.time, "monotonic", lambda: now["t"])
    return now


def _written_elsewhere(app, url: str, seq: int) -> None:
    """An announcement stored by another process: straight into the database."""
    token = url.rsplit("/", 1)[-1]
    with app.app_context():
        game_id = db.session.execute(
            sa.text("SELECT id FROM game WHERE token = :t"), {"t": token}
        ).scalar_one()
        db.session.execute(
            sa.text(
                "INSERT INTO event (game_id, seq, kind, data, created_at) "
                'VALUES (:g, :s, \'announce\', \'{"deal": 1, "contract": "pass"}\', '
                "CURRENT_TIMESTAMP)"
            ),
            {"g": game_id, "s": seq},
        )
        db.session.commit()


def test_a_write_here_is_in_the_next_answer(client, clock):
    table = Table(client)
    table.start()
    assert client.get(f"{table.url}/seq").get_json() == {"seq": 0}
    assert table.announce(1, "sang").status_code == 303
    assert client.get(f"{table.url}/seq").get_json() == {"seq": 1}


def test_a_write_elsewhere_is_seen_once_the_answer_is_a_second_old(app, client, clock):
    table = Table(client)
    table.start()
    assert client.get(f"{table.url}/seq").get_json() == {"seq": 0}
    _written_elsewhere(app, table.url, 0)
    clock["t"] += 0.5
    assert client.get(f"{table.url}/seq").get_json() == {"seq": 0}  # from memory
    clock["t"] += 0.6
    assert client.get(f"{table.url}/seq").get_json() == {"seq": 1}  # asked the database


def test_with_no_fresh_time_every_answer_asks_the_database(tmp_path, clock):
    app = app_on_new_database(tmp_path, "poll", POLL_FRESH_SECONDS=0)
    client = app.test_client()
    table = Table(client)
    table.start()
    assert client.get(f"{table.url}/seq").get_json() == {"seq": 0}
    _written_elsewhere(app, table.url, 0)
    assert client.get(f"{table.url}/seq").get_json() == {"seq": 1}


def test_a_shorter_length_read_late_never_replaces_a_longer_one(clock):
    store.POSITIONS.put("late-reader", 5)
    store.POSITIONS.put("late-reader", 4)
    assert store.POSITIONS.get("late-reader", 1.0) == 5
    clock["t"] += 1.5
    assert store.POSITIONS.get("late-reader", 1.0) is None


def test_the_home_page_sees_a_write_elsewhere_once_a_second_old(app, client, clock):
    """The home page says where each game stands by the same rule: from memory for a second."""
    table = Table(client)
    table.start()
    assert "last change" not in client.get("/").get_data(as_text=True)
    _written_elsewhere(app, table.url, 0)
    clock["t"] += 0.5
    assert "last change" not in client.get("/").get_data(as_text=True)
    clock["t"] += 0.6
    assert "last change" in client.get("/").get_data(as_text=True)


def test_a_write_here_is_on_the_home_page_at_once(client, clock):
    table = Table(client)
    table.start()
    client.get("/")
    assert table.announce(1, "sang").status_code == 303
    assert table.record(1, (6, 5, 5)).status_code == 303
    assert "Deal 2 of 12" in client.get("/").get_data(as_text=True)

"""No request answers 500 for a busy database (issue 34): a write that cannot get the database
within ``DATABASE_BUSY_SECONDS`` (another holds SQLite's write lock, or PostgreSQL's lock on
what it writes) is answered 503 with ``Retry-After`` and a sentence, in the reader's
language, and stores nothing of itself; sent again once the database is free, it goes in
once. The page's script keeps such an entry and sends it again
(``tests/e2e/test_at_the_table.py``); ``scorekeeper club import`` says to run it again."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import sqlalchemy as sa
from sqlalchemy.exc import OperationalError

from scorekeeper import create_app
from scorekeeper.data import models
from scorekeeper.data.db import busy, db
from scorekeeper.table import store
from tests.conftest import TEMPLATE_CODE, make_app
from tests.databases import close_connections, on_postgresql
from tests.games.bismarck.examples import MODERN_GAME
from tests.web.bismarck.client import Table
from tests.web.clubs.club import add, make_club, member_ids, post

#: How long a write waits here for the database before it is answered 503.
WAIT = 0.3
#: The tables a write of a deal or of the register touches.
WRITTEN = ("club", "member", "member_name", "organiser_action", "game", "event")


@pytest.fixture
def busy_app(tmp_path, database_url):
    if not on_postgresql():
        yield make_app(
            Path(database_url.removeprefix("sqlite:///")), tmp_path, DATABASE_BUSY_SECONDS=WAIT
        )
        return
    settings = {"TESTING": True, "SECRET_KEY": "test", "DATABASE_URL": database_url}
    app = create_app({**settings, "DATABASE_BUSY_SECONDS": WAIT})
    app.instance_path = str(tmp_path)
    app.jinja_env.bytecode_cache = TEMPLATE_CODE
    yield app
    close_connections(app)


@contextmanager
def held_write_lock(database_url: str, written: tuple[str, ...] = WRITTEN) -> Iterator[None]:
    """Another connection holds what every write needs, and lets go at the end: SQLite's
    write lock (``BEGIN IMMEDIATE``), or PostgreSQL's tables (``written``) locked against
    writing (reads go on)."""
    if not on_postgresql():
        path = database_url.removeprefix("sqlite:///")
        connection = sqlite3.connect(path, isolation_level=None)
        connection.execute("BEGIN IMMEDIATE")
        try:
            yield
        finally:
            connection.execute("ROLLBACK")
            connection.close()
        return
    engine = sa.create_engine(database_url, poolclass=sa.pool.NullPool)
    with engine.connect() as connection:
        connection.exec_driver_sql(f"LOCK TABLE {', '.join(written)} IN EXCLUSIVE MODE")
        try:
            yield
        finally:
            connection.rollback()
    engine.dispose()


def _events(app, url: str) -> int:
    with app.app_context():
        return len(store.load(db.session, url.rsplit("/", 1)[-1]).events)


def test_a_deal_entered_while_the_database_is_held_is_answered_503_and_sent_again(
    busy_app, database_url
):
    client = busy_app.test_client()
    table = Table(client)
    table.start()
    contract, trump, _tricks = MODERN_GAME[0]
    with held_write_lock(database_url):
        busy = table.announce(1, contract, trump, seq=0)
        assert busy.status_code == 503
        assert busy.headers["Retry-After"] == "2"
        page = busy.get_data(as_text=True)
        assert "The server was busy and stored nothing." in page
        sv = client.post(
            f"{table.url}/announce?lang=sv",
            data={"csrf_token": table.token, "seq": 0, "deal": 1, "contract": contract},
        )
        assert sv.status_code == 503
        assert "Servern var upptagen och sparade ingenting." in sv.get_data(as_text=True)
    assert _events(busy_app, table.url) == 0  # nothing half-stored
    again = table.announce(1, contract, trump, seq=0)  # the same entry, sent again
    assert again.status_code == 303
    assert _events(busy_app, table.url) == 1


def test_a_club_write_while_the_database_is_held_is_answered_503_and_stores_nothing(
    busy_app, database_url
):
    client = busy_app.test_client()
    token = make_club(client)
    add(client, token, "Anna", "Ben")
    ids = member_ids(client, token)

    def state() -> tuple[int, int, int | None]:
        with busy_app.app_context():
            club = db.session.execute(
                sa.select(models.Club).where(models.Club.token == token)
            ).scalar_one()
            logged = db.session.execute(
                sa.select(sa.func.count())
                .select_from(models.OrganiserAction)
                .where(models.OrganiserAction.club_id == club.id)
            ).scalar_one()
            ben = db.session.get(models.Member, ids["Ben"])
            assert ben is not None
            return club.version, logged, ben.merged_into_id

    before = state()
    with held_write_lock(database_url):
        response = post(client, f"/c/{token}/members/merge", keep=ids["Anna"], merged=ids["Ben"])
        assert response.status_code == 503
        assert response.headers["Retry-After"] == "2"
        added = post(client, f"/c/{token}/members/add", name="Carla")
        assert added.status_code == 503
    assert state() == before
    response = post(client, f"/c/{token}/members/merge", keep=ids["Anna"], merged=ids["Ben"])
    assert response.status_code == 303
    version, logged, merged_into = state()
    assert (version, logged, merged_into) == (before[0] + 1, before[1] + 1, ids["Anna"])


def test_a_page_read_while_the_database_is_held_is_served_without_keeping_what_it_derived(
    busy_app, database_url
):
    """What a page derived of a club's evenings is kept once the request is over, a page read
    too: a cache's write. With the database held it is dropped without a word (the page is
    served, never a 500 nor a 503), and kept by a later request."""
    from scorekeeper.clubs import kept as keeping
    from scorekeeper.clubs import services as clubs
    from tests.clubs.big_club import club_record

    def kept() -> int:
        with busy_app.app_context():
            query = sa.select(sa.func.count()).select_from(models.KeptEvening)
            return db.session.execute(query).scalar_one()

    with busy_app.app_context():
        club = clubs.import_club(club_record(8), "4711", ["bismarck"], "test")
    keeping.forget()  # a process that has read nothing of the club yet
    client = busy_app.test_client()
    with held_write_lock(database_url, (*WRITTEN, "kept_evening")):
        response = client.get(f"/c/{club.token}/season")
        assert response.status_code == 200
        assert "Evening 2" in response.get_data(as_text=True)
    assert kept() == 0
    keeping.forget()
    assert client.get(f"/c/{club.token}").status_code == 200
    assert kept() == 2  # its settled evenings, derived again and kept this time


def test_a_club_import_that_cannot_get_the_database_says_to_run_it_again(
    busy_app, database_url, tmp_path
):
    from scorekeeper.cli import main
    from tests.clubs.big_club import big_record

    with busy_app.app_context():
        path = tmp_path / "club.json"
        path.write_bytes(big_record(1))
        clubs = db.session.execute(sa.select(sa.func.count()).select_from(models.Club))
        before = clubs.scalar_one()
    runner = busy_app.test_cli_runner()
    with held_write_lock(database_url):
        result = runner.invoke(main, ["club", "import", str(path), "--pin", "4711"])
    assert result.exit_code == 1, result.output
    assert "The database stayed busy, so nothing was stored: run the command again." in (
        result.stderr
    )
    with busy_app.app_context():
        clubs = db.session.execute(sa.select(sa.func.count()).select_from(models.Club))
        assert clubs.scalar_one() == before


def test_any_other_database_fault_is_still_a_500(busy_app, monkeypatch):
    """Only a busy database is a 503 (sent again, it may go in); a fault of another kind is the
    fault page, logged as before."""
    client = busy_app.test_client()
    table = Table(client)
    table.start()
    broken = OperationalError("INSERT …", {}, sqlite3.OperationalError("disk I/O error"))
    monkeypatch.setattr(store, "append", lambda *args, **kwargs: (_ for _ in ()).throw(broken))
    busy_app.testing = False  # faults are answered, not raised into the test
    busy_app.config["PROPAGATE_EXCEPTIONS"] = False
    contract, trump, _tricks = MODERN_GAME[0]
    response = table.announce(1, contract, trump, seq=0)
    assert response.status_code == 500
    assert "Retry-After" not in response.headers


class _Busy(Exception):
    def __init__(self, code: int | None = None, sqlstate: str | None = None):
        super().__init__("busy?")
        self.sqlite_errorcode = code
        self.sqlstate = sqlstate


@pytest.mark.parametrize(
    ("original", "said_busy"),
    [
        (_Busy(5), True),  # SQLITE_BUSY
        (_Busy(517), True),  # SQLITE_BUSY_SNAPSHOT
        (_Busy(6), True),  # SQLITE_LOCKED
        (_Busy(10), False),  # SQLITE_IOERR
        (_Busy(sqlstate="55P03"), True),  # lock_not_available
        (_Busy(sqlstate="40P01"), True),  # deadlock_detected
        (_Busy(sqlstate="40001"), True),  # serialization_failure
        (_Busy(sqlstate="53100"), False),  # disk_full
        (sqlite3.OperationalError("database is locked"), True),
        (sqlite3.OperationalError("no such table: game"), False),
    ],
)
def test_which_database_errors_say_it_was_busy(original, said_busy):
    error = OperationalError("statement", {}, original)
    assert busy(error) is said_busy

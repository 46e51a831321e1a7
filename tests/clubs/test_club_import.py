"""A club import never holds up a club night (issue 34): the record is read, checked and each
game replayed once before anything is written; then it is written in short transactions, with
the database free for other writers in between, and nothing of the club can be reached until
all of it is there. An import that fails leaves nothing; one killed on the way leaves only an
unreachable pending club, which the next import removes. (Timed against a phone entering deals:
``benchmarks/club_import.py``.)"""

from __future__ import annotations

import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from scorekeeper.clubs import imports, services, store_club
from scorekeeper.clubs.record import loads_club
from scorekeeper.data import models
from scorekeeper.data.db import db
from scorekeeper.games import bismarck
from scorekeeper.games.game import Game
from scorekeeper.table import store
from tests.clubs.big_club import BY, PIN, big_record
from tests.clubs.counts import counts
from tests.databases import on_postgresql
from tests.serving import clean_environment


def pending_clubs() -> list[str]:
    return list(
        db.session.execute(
            sa.select(models.Club.token).where(models.Club.token.startswith(imports.PENDING))
        ).scalars()
    )


def test_every_game_is_replayed_once(app, monkeypatch):
    """Checking the record replays each game; storing it uses that replay (before, each game
    was replayed twice: by the check and again by the store)."""
    with app.app_context():
        data = big_record(3)  # 12 games
        replays: list[Any] = []
        replay = Game.replay

        def counted(self: Game, setup: Any, events: Any) -> Any:
            replays.append(setup)
            return replay(self, setup, events)

        monkeypatch.setattr(Game, "replay", counted)
        copy = services.import_club(data, PIN, ["bismarck"], BY)
        monkeypatch.undo()
        assert len(replays) == 12
        assert services.record_of(copy).encode() == data


def test_nothing_is_seen_until_the_whole_club_is_there_and_others_write_meanwhile(
    app, database_url, monkeypatch
):
    """Each evening is a batch of its own here: between two batches another writer gets the
    database at once (SQLite: with no wait at all), and no address finds the club, not even
    its pending token."""
    monkeypatch.setattr(imports, "BATCH_SECONDS", 0.0)
    seen: list[int] = []
    with app.app_context():
        data = big_record(4)
        game = store.create_game(db.session, bismarck.KIND, bismarck.Setup(("A", "B", "C")))

    def between_batches() -> None:
        with app.app_context():
            pending = pending_clubs()
            for token in pending:
                with pytest.raises(services.ClubNotFound):
                    services.load(token)
            _write_at_once(database_url, game.token)
            seen.append(len(pending))

    monkeypatch.setattr(imports, "_pause_of", lambda _session, _pause: between_batches)
    with app.app_context():
        copy = services.import_club(data, PIN, ["bismarck"], BY)
        assert not pending_clubs()
        assert services.load(copy.token).name == "Storklubben"
        assert services.record_of(copy).encode() == data
    assert seen == [1, 1, 1, 1]  # a batch an evening, the club pending through all of them


def _write_at_once(database_url: str, token: str) -> None:
    """A write by another connection that must not wait: on SQLite, the write lock taken and
    given back with no busy timeout (it fails at once if the import holds it); on PostgreSQL
    the game's row locked and written with no lock timeout."""
    if on_postgresql():
        engine = sa.create_engine(database_url, poolclass=sa.pool.NullPool)
        with engine.begin() as connection:
            connection.exec_driver_sql("SET LOCAL lock_timeout = 1")
            connection.execute(
                sa.update(models.Game).where(models.Game.token == token).values(kind="bismarck")
            )
        engine.dispose()
        return
    path = database_url.removeprefix("sqlite:///")
    connection = sqlite3.connect(path, timeout=0, isolation_level=None)
    try:
        connection.execute("BEGIN IMMEDIATE")
        connection.execute("UPDATE game SET kind = kind WHERE token = ?", (token,))
        connection.execute("COMMIT")
    finally:
        connection.close()


def test_an_import_that_fails_on_the_way_leaves_nothing(app, monkeypatch):
    monkeypatch.setattr(imports, "BATCH_SECONDS", 0.0)
    with app.app_context():
        data = big_record(4)
        before = counts()
        made = 0
        store_evening = imports.evenings.import_evening

        def fails_at_the_third(*args: Any, **kwargs: Any) -> Any:
            nonlocal made
            made += 1
            if made == 3:
                raise RuntimeError("the disk is full")
            return store_evening(*args, **kwargs)

        monkeypatch.setattr(imports.evenings, "import_evening", fails_at_the_third)
        with pytest.raises(RuntimeError, match="the disk is full"):
            services.import_club(data, PIN, ["bismarck"], BY)
        assert counts() == before


def test_the_next_import_removes_a_stale_pending_club_and_never_a_live_one(app):
    """A pending club whose heartbeat stopped (its import was killed) is removed by the next
    import; a pending club still moving (an import running) and every finished club stay."""
    with app.app_context():
        data = big_record(2)
        before = counts()
        read = loads_club(data)
        stale_id, members = imports._begin(db.session, read, "x")
        imports._evenings(db.session, stale_id, read.evenings, members, lambda: None)
        live_id, _members = imports._begin(db.session, read, "x")
        db.session.execute(
            sa.update(models.Club)
            .where(models.Club.id == stale_id)
            .values(created_at=store_club.now() - imports.STALE - timedelta(seconds=1))
        )
        db.session.commit()
        copy = services.import_club(data, PIN, ["bismarck"], BY)
        assert db.session.get(models.Club, stale_id) is None
        assert db.session.get(models.Club, live_id) is not None
        imports.remove(db.session, live_id)
        assert services.load(copy.token).name == "Storklubben"
        imports.remove(db.session, copy.id)  # a finished club: never removed
        assert services.load(copy.token).name == "Storklubben"
        after = counts()
    grown = {name: after[name] - before[name] for name in after}
    assert grown["club"] == 1 and grown["evening"] == 2 and grown["game"] == 8, grown


def scorekeeper() -> str:
    found = shutil.which("scorekeeper", path=str(Path(sys.executable).parent))
    if found is None:
        pytest.skip("the scorekeeper command is not installed (pip install -e .)")
    return found


def test_an_import_killed_on_the_way_shows_nothing_and_is_cleared_later(
    app, database_url, tmp_path
):
    """``scorekeeper club import`` killed (SIGKILL) after some batches: nothing of the club can
    be reached, and once its heartbeat is stale, what it wrote is removed: every table as it
    was before."""
    with app.app_context():
        data = big_record(30)
        before = counts()
    record = tmp_path / "club.json"
    record.write_bytes(data)
    env = clean_environment(
        SCOREKEEPER_DATABASE_URL=database_url,
        SCOREKEEPER_SECRET_KEY="kill-test-" + "0" * 40,
        SCOREKEEPER_CLUB_PIN=PIN,
    )
    command = [scorekeeper(), "club", "import", str(record)]
    with (tmp_path / "import.log").open("w") as log:
        process = subprocess.Popen(command, cwd=tmp_path, env=env, stdout=log, stderr=log)
        try:
            _wait_for_evenings(app, process, 8)
        finally:
            os.kill(process.pid, signal.SIGKILL)
            process.wait(30)
    with app.app_context():
        (pending,) = pending_clubs()
        with pytest.raises(services.ClubNotFound):
            services.load(pending)
        visible = db.session.execute(
            sa.select(sa.func.count())
            .select_from(models.Club)
            .where(~models.Club.token.startswith(imports.PENDING))
        ).scalar_one()
        assert visible == before["club"]
        left = counts()
        assert left["evening"] > before["evening"]  # it was killed half-way
        db.session.execute(
            sa.update(models.Club).values(created_at=store_club.now() - imports.STALE * 2)
        )
        db.session.commit()
        assert imports.remove_stale(db.session) == 1
        assert counts() == before


def _wait_for_evenings(app: Any, process: subprocess.Popen[bytes], least: int) -> None:
    """Until the import has committed ``least`` evenings of its pending club."""
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        assert process.poll() is None, "the import ended before it was killed"
        with app.app_context():
            written = db.session.execute(
                sa.select(sa.func.count())
                .select_from(models.ClubEvening)
                .join(models.Club, models.Club.id == models.ClubEvening.club_id)
                .where(models.Club.token.startswith(imports.PENDING))
            ).scalar_one()
        if written >= least:
            return
        time.sleep(0.05)
    pytest.fail("the import wrote no evenings in 180 s")

"""A backup taken while a club is imported (issue 34): the import writes its club in stages
under a pending token (``~…``) — the club's row and its register, then its evenings batch by
batch, then its seasons, log line and own token — and a backup taken at any of those moments
holds the server as it was before the import began, byte for byte; its restore holds exactly
the clubs that were whole. A backup made before this was so, which holds a pending club, is
restored without it. Runs on SQLite and, with ``SCOREKEEPER_TEST_DATABASE_URL``, on
PostgreSQL."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from scorekeeper import backup, create_app
from scorekeeper.cli import main
from scorekeeper.clubs import imports, services, store_club
from scorekeeper.data import models
from scorekeeper.data.db import db
from tests.backup_schemas import as_of, schema_at
from tests.clubs.big_club import BY, PIN, big_record
from tests.databases import close_connections, fresh_database
from tests.full_server import every_row, row_counts

#: The import's moments a backup is taken at: after the club's row and register are committed,
#: after the second batch of evenings, and with every evening in, before the last step.
MOMENTS = ("register", "evenings", "last step")


@pytest.fixture
def empty(tmp_path):
    """A second app on an empty database of the same kind (SQLite or PostgreSQL)."""
    folder = tmp_path / "restored"
    folder.mkdir()
    database = fresh_database(folder)
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "DATABASE_URL": next(database)})
    app.instance_path = str(folder)
    yield app
    close_connections(app)
    database.close()


def run(app, *args: str):
    return app.test_cli_runner().invoke(main, list(args))


def backup_text(app) -> str:
    out = io.StringIO()
    with app.app_context():
        backup.back_up(db.engine, out)
    return out.getvalue()


def rows_of_tables(text: str) -> list[str]:
    """A backup's lines but its header and end line (which say when it was made)."""
    return text.splitlines()[1:-1]


def pending_tokens(app) -> list[str]:
    with app.app_context(), db.engine.connect() as connection:
        query = sa.select(models.Club.token).where(models.Club.token.startswith("~"))
        return list(connection.execute(query).scalars())


def import_pausing_at(app, monkeypatch, moment: str, record: bytes, pause: Callable[[], None]):
    """Import ``record`` as a new club, calling ``pause`` at ``moment`` of the import (each
    evening a batch of its own)."""
    monkeypatch.setattr(imports, "BATCH_SECONDS", 0.0)
    batches = 0

    def between_batches() -> None:
        nonlocal batches
        batches += 1
        if moment == "evenings" and batches == 2:
            pause()

    def paused_before(stage: Callable[..., Any]) -> Callable[..., Any]:
        def paused(*args: Any, **kwargs: Any) -> Any:
            pause()
            return stage(*args, **kwargs)

        return paused

    monkeypatch.setattr(imports, "_pause_of", lambda _session, _pause: between_batches)
    if moment == "register":
        monkeypatch.setattr(imports, "_evenings", paused_before(imports._evenings))
    elif moment == "last step":
        monkeypatch.setattr(imports, "_finish", paused_before(imports._finish))
    with app.app_context():
        return services.import_club(record, PIN, ["bismarck"], BY)


@pytest.mark.parametrize("moment", MOMENTS)
def test_a_backup_taken_while_a_club_is_imported_leaves_the_import_out(
    app, empty, tmp_path, monkeypatch, moment
):
    with app.app_context():
        record = big_record(4)  # a club of four evenings, whole: it is in every backup
        (club,) = store_club.tokens(db.session)
    before, rows_before = backup_text(app), every_row(app)
    path = tmp_path / "during.backup"
    held: dict[str, int] = {}

    def back_up_now() -> None:
        # What the import has written so far: a pending club, and rows of it in the club's
        # tables (for "last step", every evening's game and log).
        assert len(pending_tokens(app)) == 1
        counts = row_counts(app)
        held.update({name: counts[name] - len(rows_before[name]) for name in counts})
        made = run(app, "backup", str(path))
        assert made.exit_code == 0, made.output
        assert "A club was being imported: the backup leaves it out" in made.output

    imported = import_pausing_at(app, monkeypatch, moment, record, back_up_now)
    assert held["club"] == 1 and held["member"] > 0
    assert (held["evening"], held["game"] > 0, held["event"] > 0) == {
        "register": (0, False, False),
        "evenings": (2, True, True),
        "last step": (4, True, True),
    }[moment]
    assert held["season"] == held["organiser_action"] == 0  # written by the last step
    assert not pending_tokens(app) and imported.token != club  # the import went on and finished

    # The backup is the server as it was before the import began: the same rows, byte for byte.
    during = path.read_text(encoding="utf-8")
    assert rows_of_tables(during) == rows_of_tables(before)
    end = json.loads(during.splitlines()[-1])
    assert end["rows"] == json.loads(before.splitlines()[-1])["rows"]
    restored = run(empty, "restore", str(path))
    assert restored.exit_code == 0, restored.output
    assert every_row(empty) == rows_before  # the one whole club, and nothing of the import
    assert pending_tokens(empty) == []
    assert "import had not finished" not in restored.output


def _backup_holding_a_pending_club(app, monkeypatch, path: Path) -> dict:
    """A backup as versions before this one wrote it, taken as an import wrote its evenings:
    holding the pending club. Every row of the server before the import."""
    from scorekeeper.backup import pending

    with app.app_context():
        record = big_record(3)
    rows_before = every_row(app)

    def back_up_as_before() -> None:
        with monkeypatch.context() as old:
            old.setattr(pending, "kept", lambda _table, _pending: None)
            made = run(app, "backup", str(path))
        assert made.exit_code == 0, made.output

    import_pausing_at(app, monkeypatch, "evenings", record, back_up_as_before)
    club = [json.loads(line) for line in path.read_text("utf-8").splitlines() if '"~' in line]
    assert len(club) == 1  # the pending club's row is in it
    return rows_before


def test_a_restore_leaves_out_a_pending_club_an_older_backup_holds(
    app, empty, tmp_path, monkeypatch
):
    path = tmp_path / "older.backup"
    rows_before = _backup_holding_a_pending_club(app, monkeypatch, path)
    restored = run(empty, "restore", str(path))
    assert restored.exit_code == 0, restored.output
    assert "The backup held a club whose import had not finished: it was left out" in (
        restored.output
    )
    assert every_row(empty) == rows_before
    games = len(rows_before["game"])  # what it says it restored is what it stored
    assert f"Restored {games} games from {path}." in restored.output


def test_a_pending_club_in_a_backup_of_an_older_schema_is_left_out_too(
    app, empty, tmp_path, monkeypatch
):
    """Through the upgrade of a backup made by an older version (its scratch database)."""
    path = tmp_path / "server.backup"
    rows_before = _backup_holding_a_pending_club(app, monkeypatch, path)
    at = schema_at(app, "1796230000", tmp_path)
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    older = tmp_path / "older.backup"
    older.write_text("".join(as_of(lines, "1796230000", at)), encoding="utf-8")
    restored = run(empty, "restore", str(older))
    assert restored.exit_code == 0, restored.output
    assert "whose import had not finished: it was left out" in restored.output
    assert pending_tokens(empty) == []
    after = every_row(empty)
    # Every row of the older schema's tables, and none of the import's.
    assert {t: len(after[t]) for t in at} == {t: len(rows_before[t]) for t in at}
    assert [row[1] for row in after["club"]] == [row[1] for row in rows_before["club"]]

"""Backups of the whole server (issues 16 and 34): ``scorekeeper backup`` writes every table,
online and consistent, and ``scorekeeper restore`` brings it back into an empty database: an
identical server — every row of every table, ids and addresses included, so every club's record
is the same byte for byte and every link still works. Runs on SQLite and, in CI, on
PostgreSQL."""

from __future__ import annotations

import json
import re
import shutil
import stat
import threading
from pathlib import Path

import pytest
import sqlalchemy as sa

from scorekeeper import create_app
from scorekeeper.backup.tables import left_out
from scorekeeper.cli import main
from scorekeeper.clubs import kept as keeping
from scorekeeper.clubs import services as clubs
from scorekeeper.data import models
from scorekeeper.data.db import alembic, db
from scorekeeper.games import bismarck
from scorekeeper.games.events import Event
from scorekeeper.table import services, store
from scorekeeper.web.clubs.organiser import DEVICE_COOKIE
from tests.backup_schemas import as_of, row_of, schema_at, sealed, without_table
from tests.clubs.season_club import season_club
from tests.conftest import CSRF, make_app
from tests.databases import close_connections, fresh_database
from tests.full_server import club_records, evening_records, every_row, fill, row_counts
from tests.games.bismarck.examples import MODERN_GAME
from tests.web.bismarck.client import Table
from tests.web.clubs.club import post

SETTINGS = {"TESTING": True, "SECRET_KEY": "test"}


@pytest.fixture
def empty(tmp_path):
    """A second app on an empty database of the same kind (SQLite or PostgreSQL)."""
    folder = tmp_path / "restored"
    folder.mkdir()
    database = fresh_database(folder)
    app = create_app({**SETTINGS, "DATABASE_URL": next(database)})
    app.instance_path = str(folder)
    yield app
    close_connections(app)
    database.close()


@pytest.fixture
def server(app, client):
    return fill(app, client)


def run(app, *args: str, input: bytes | None = None):
    """``scorekeeper ARGS`` on this app (its output: stdout and stderr as one, and apart)."""
    return app.test_cli_runner().invoke(main, list(args), input=input)


def page_bytes(app, url: str) -> bytes:
    response = app.test_client().get(url)
    assert response.status_code == 200, url
    return response.get_data()


def club_pages(client, token: str) -> list[str]:
    """The club's pages an organiser reads, its stored seasons and members' pages among them."""
    pages = [f"/c/{token}", f"/c/{token}/members", f"/c/{token}/log", f"/c/{token}/season"]
    text = " ".join(client.get(url).get_data(as_text=True) for url in pages)
    found = sorted(set(re.findall(rf'href="(/c/{token}/(?:s|p|m)/\d+)"', text)))
    assert len(found) >= 10, found
    return pages + found


def _same_page(restored, before) -> bool:
    """The same status and the same page but for the forms' CSRF tokens (the session's)."""

    def text(response) -> str:
        return CSRF.sub("", response.get_data(as_text=True))

    return restored.status_code == before.status_code == 200 and text(restored) == text(before)


@pytest.mark.parametrize("name", ["server.backup", "server.backup.gz"])
def test_the_whole_server_comes_back_identical(app, client, empty, server, tmp_path, name):
    before = every_row(app)
    assert all(before.values()), {t: len(r) for t, r in before.items()}  # every table holds some
    assert _kept(app)  # and what its clubs' pages derived is kept
    path = tmp_path / name
    made = run(app, "backup", str(path))
    assert made.exit_code == 0, made.output
    games = len(before["game"])
    assert f"Backed up {games} games to {path}." in made.output
    assert "With them 2 clubs" in made.output
    assert stat.S_IMODE(path.stat().st_mode) == 0o600  # it holds every address and PIN hash
    assert (path.read_bytes()[:2] == b"\x1f\x8b") == name.endswith(".gz")

    restored = run(empty, "restore", str(path))
    assert restored.exit_code == 0, restored.output
    assert f"Restored {games} games from {path}." in restored.output
    assert every_row(empty) == before
    # But for what is derived of the clubs' evenings (``kept_evening``), left empty: the
    # restored server derives it from the games' logs when its clubs are read, in a process
    # that knows nothing of it yet (this one forgets what it derived for the first server).
    assert _kept(empty) == {}
    keeping.forget()
    assert club_records(empty, server.clubs) == club_records(app, server.clubs)
    keeping.keep_pending()  # as at the end of a request
    assert _kept(empty) == _kept(app) and _kept(app)  # derived again, the same
    for token in server.games:
        assert page_bytes(empty, f"/g/{token}/record.json") == page_bytes(
            app, f"/g/{token}/record.json"
        )
    assert evening_records(empty, server.evenings) == evening_records(app, server.evenings)
    # The organiser's phone is the organiser of the restored club too (the same secret key),
    # and every page of the club reads the same.
    organiser = empty.test_client()
    for name in ("session", DEVICE_COOKIE):  # the organiser's device cookie names its phone
        organiser.set_cookie(name, client.get_cookie(name).value)
    for url in club_pages(client, server.clubs[0]):
        assert _same_page(organiser.get(url), client.get(url)), url
    # The restored server goes on: new rows get new ids (on PostgreSQL too, whose sequences a
    # restore moves past the ids it inserted).
    token = server.clubs[0]
    assert post(organiser, f"/c/{token}/members/add", name="Nykomling").status_code == 303
    Table(organiser).start()
    assert row_counts(empty)["member"] == len(before["member"]) + 1
    assert row_counts(empty)["game"] == len(before["game"]) + 1


def _kept(app) -> dict[int, tuple]:
    """What a server keeps derived of its clubs' evenings, by the evening's id (without the
    rows' own ids)."""
    return {row[1]: row[2:] for row in every_row(app, derived=True)["kept_evening"]}


@pytest.fixture
def club(app) -> str:
    """A smaller server: one club with a season behind it (its token)."""
    with app.app_context():
        return season_club().token


def backup_lines(app, tmp_path) -> list[str]:
    path = tmp_path / "server.backup"
    made = run(app, "backup", str(path))
    assert made.exit_code == 0, made.output
    return path.read_text(encoding="utf-8").splitlines(keepends=True)


def test_the_backup_holds_every_table_of_the_models(app, club, tmp_path):
    """Walked from the models, not listed: a table added to the schema is in the next backup,
    each column written by its type, each table's count in the end line."""
    lines = backup_lines(app, tmp_path)
    header, end = json.loads(lines[0]), json.loads(lines[-1])
    with app.app_context():
        assert header["revision"] == [alembic.current()[0].revision]
    assert header["format"] == "scorekeeper-backup/2" and header["derived"] == ["kept_evening"]
    named = [json.loads(line) for line in lines if line.startswith('{"table"')]
    tables = [t for t in models.Model.metadata.sorted_tables if t.name not in left_out()]
    assert [t["table"] for t in named] == [table.name for table in tables]
    from scorekeeper.backup import rows

    for line, table in zip(named, tables, strict=True):
        assert line["columns"] == [column.name for column in table.columns]
        for column in table.columns:
            rows.codec(column)  # a type the backup knows how to write
    counts = row_counts(app)
    assert end["rows"] == {table.name: counts[table.name] for table in tables}
    assert sum(end["rows"].values()) == len(lines) - 2 - len(named)


def test_a_table_marked_derived_is_left_out_and_left_empty(app, empty, club, tmp_path, monkeypatch):
    """Results kept only to save work (a table marked ``derived``) are not backed up: the
    restored server rebuilds them. Everything else comes back."""
    monkeypatch.setitem(models.Confirmation.__table__.info, "derived", True)
    with app.app_context():
        game = services.create("bismarck", bismarck.Setup(("Anna", "Ben", "Carla")), confirms=True)
        game = services.enter(game, Event("announce", {"deal": 1, "contract": "sang"}), 0, seat="0")
        game = services.enter(game, Event("record", {"deal": 1, "tricks": [8, 4, 4]}), 1, seat="0")
        assert isinstance(services.confirm(game, 1, "2"), services.LoadedGame)
    lines = backup_lines(app, tmp_path)
    assert json.loads(lines[0])["derived"] == ["confirmation", "kept_evening"]
    assert not any(line.startswith('{"table":"confirmation"') for line in lines)
    path = tmp_path / "server.backup"
    assert run(empty, "restore", str(path)).exit_code == 0
    before, after = every_row(app, derived=True), every_row(empty, derived=True)
    assert before.pop("confirmation") and after.pop("confirmation") == []
    before.pop("kept_evening")  # the club's evenings, as a page or a command kept them
    assert after.pop("kept_evening") == []  # not restored: derived again when needed
    assert after == before


def test_backup_to_stdout_and_restore_from_stdin(app, empty, club):
    made = run(app, "backup", "-")
    assert made.exit_code == 0, made.stderr
    lines = made.stdout.splitlines()
    assert json.loads(lines[0])["format"] == "scorekeeper-backup/2"
    assert json.loads(lines[-1])["end"] == "scorekeeper-backup/2"
    restored = run(empty, "restore", "-", input=made.stdout.encode())
    assert restored.exit_code == 0, restored.output
    assert every_row(empty) == every_row(app)
    # Backed up again from the restored server: the same bytes (but the time it was made).
    again = run(empty, "backup", "-").stdout.splitlines()
    assert again[1:-1] == lines[1:-1]


def test_restore_refuses_a_database_that_is_not_empty(app, club, tmp_path):
    path = tmp_path / "server.backup"
    run(app, "backup", str(path))
    before = every_row(app)
    result = run(app, "restore", str(path))
    assert result.exit_code == 1
    games = len(before["game"])
    assert f"The database already holds {games} games: restore into an empty one" in result.output
    assert every_row(app) == before


def test_restore_refuses_a_database_that_holds_a_club_and_no_game(app, empty, tmp_path, club):
    path = tmp_path / "server.backup"
    run(app, "backup", str(path))
    with empty.app_context():
        clubs.create("Ny klubb", ["bismarck"], "90817263", ["bismarck"], "test")
    before = every_row(empty)
    result = run(empty, "restore", str(path))
    assert result.exit_code == 1
    assert "The database is not empty (its table club holds rows)" in result.output
    assert every_row(empty) == before


def _replace(lines: list[str], at: int, value) -> list[str]:
    return [*lines[:at], json.dumps(value) + "\n", *lines[at + 1 :]]


def _without(lines: list[str], at: int) -> list[str]:
    return [*lines[:at], *lines[at + 1 :]]


def _edited(lines: list[str], at: int, old: str, new: str) -> list[str]:
    assert old in lines[at], lines[at]
    return [*lines[:at], lines[at].replace(old, new, 1), *lines[at + 1 :]]


def _member_row(lines):
    at = row_of(lines, "member")
    return at, json.loads(lines[at])


DAMAGES = {
    "cut short": (lambda lines: lines[:-1], "the backup is cut short (it has no end line)"),
    "a row lost": (
        lambda lines: _without(lines, len(lines) - 2),
        "rows, the backup has",
    ),
    "a value changed": (
        lambda lines: _edited(lines, row_of(lines, "member"), "Anna", "Hanna"),
        "the backup was changed after it was made",
    ),
    "not JSON": (lambda lines: [lines[0], lines[1][:30] + "\n", *lines[2:]], "line 2: not a line"),
    "no header": (lambda lines: lines[1:], "line 1: not a Scorekeeper backup"),
    "empty": (lambda lines: [], "line 1: not a Scorekeeper backup"),
    "after the end": (lambda lines: [*lines, "{}\n"], "nothing may follow the end line"),
}


@pytest.mark.parametrize("damage", DAMAGES)
def test_a_damaged_backup_is_refused_and_nothing_is_stored(app, empty, club, tmp_path, damage):
    change, message = DAMAGES[damage]
    lines = backup_lines(app, tmp_path)
    damaged = tmp_path / "damaged.backup"
    damaged.write_text("".join(change(lines)), encoding="utf-8")
    result = run(empty, "restore", str(damaged))
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert set(row_counts(empty).values()) == {0, 1}  # nothing but the schema's version


def _bad_member(field: int, value):
    def change(lines):
        at, row = _member_row(lines)
        row[field] = value
        return sealed(_replace(lines, at, row))

    return change


FORGED = {
    "a time that is not one": (
        _bad_member(4, "yesterday"), "(table member): created_at: 'yesterday' is not a time"
    ),
    "text for a number": (
        _bad_member(1, "1"), "(table member): club_id: '1' is not a whole number"
    ),
    "empty where it cannot be": (
        _bad_member(2, None), "(table member): name cannot be empty (null)"
    ),
    "a row too short": (
        lambda lines: sealed(_replace(lines, _member_row(lines)[0], [1, 2])),
        "a row has 2 values, its table 7 columns",
    ),
    "a member of no club": (_bad_member(1, 999), "(table member): the database refused a row"),
    "a table this version lacks": (
        lambda lines: sealed([*lines[:-1], '{"table":"chess","columns":["id"]}\n', lines[-1]]),
        "this version has no table chess",
    ),
    "a table twice": (
        lambda lines: sealed([*lines[:-1], lines[row_of(lines, "season") - 1], lines[-1]]),
        "table season is in the backup twice",
    ),
    "a column left out": (
        lambda lines: sealed(
            [line.replace(',"version"]}', "]}") if line.startswith('{"table":"club"') else line
             for line in lines]
        ),
        "table club has the columns id, token, name, games, pin_hash, created_at; this "
        "version's are",
    ),
    "a table left out": (
        lambda lines: sealed(without_table(lines, "season")),
        "the backup has no table season",
    ),
}  # fmt: skip


@pytest.mark.parametrize("forgery", FORGED)
def test_a_forged_backup_names_its_line_and_nothing_is_stored(app, empty, club, tmp_path, forgery):
    """Lines changed and the checksum made again to match: each value is still checked
    against its column, and the database's own rules hold; the problem names its line."""
    change, message = FORGED[forgery]
    forged = tmp_path / "forged.backup"
    forged.write_text("".join(change(backup_lines(app, tmp_path))), encoding="utf-8")
    result = run(empty, "restore", str(forged))
    assert result.exit_code == 2, result.output
    assert message in result.output, result.output
    assert re.search(r"forged.backup: lines? \d+", result.output), result.output
    assert set(row_counts(empty).values()) == {0, 1}


def test_backup_and_restore_speak_swedish(app, empty, club, tmp_path):
    path = tmp_path / "server.backup"
    made = run(app, "backup", "--lang", "sv", str(path))
    assert made.exit_code == 0, made.output
    games = row_counts(app)["game"]
    assert f"Säkerhetskopierade {games} spel till {path}." in made.output
    assert "Med dem 1 klubb" in made.output
    forged = tmp_path / "forged.backup"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    forged.write_text("".join(_bad_member(4, "igår")(lines)), encoding="utf-8")
    refused = run(empty, "restore", "--lang", "sv", str(forged))
    assert refused.exit_code == 2
    assert "(tabell member): created_at: 'igår' är inte en tidpunkt" in refused.output
    assert run(empty, "restore", "--lang", "sv", str(path)).output.startswith(
        f"Återställde {games} spel från {path}."
    )
    again = run(empty, "restore", "--lang", "sv", str(path))
    assert again.exit_code == 1
    assert f"Databasen innehåller redan {games} spel" in again.output


def test_binary_junk_is_refused(empty, tmp_path):
    junk = tmp_path / "junk.backup"
    junk.write_bytes(b"\xff\xfe\x00garbage")
    result = run(empty, "restore", str(junk))
    assert result.exit_code == 2 and "not a readable backup" in result.output
    missing = run(empty, "restore", str(tmp_path / "nowhere.backup"))
    assert missing.exit_code == 1 and "Cannot read" in missing.output


def test_a_backup_that_cannot_be_written_says_so(app, club, tmp_path):
    result = run(app, "backup", str(tmp_path / "no-such-folder" / "server.backup"))
    assert result.exit_code == 1
    assert "Cannot write" in result.output
    assert not any(p.name.endswith(".tmp") for p in tmp_path.iterdir())


def test_a_failed_backup_leaves_the_old_one_whole(app, club, tmp_path, monkeypatch):
    path = tmp_path / "server.backup"
    run(app, "backup", str(path))
    before = path.read_bytes()

    from scorekeeper.backup import writing

    def broken(*_args, **_kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(writing, "dumps", broken)
    result = run(app, "backup", str(path))
    assert result.exit_code == 1 and "No space left on device" in result.output
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".server")] == []


def test_operators_without_auto_migrate_upgrade_then_restore(app, club, tmp_path):
    path = tmp_path / "server.backup"
    run(app, "backup", str(path))
    folder = tmp_path / "manual"
    folder.mkdir()
    database = fresh_database(folder)
    manual = create_app({**SETTINGS, "DATABASE_URL": next(database), "AUTO_MIGRATE": False})
    try:
        refused = run(manual, "restore", str(path))
        assert refused.exit_code == 1
        assert "AUTO_MIGRATE is off: run “scorekeeper db upgrade”" in refused.output
        upgraded = run(manual, "db", "upgrade")
        assert upgraded.exit_code == 0, upgraded.output
        restored = run(manual, "restore", str(path))
        assert restored.exit_code == 0, restored.output
        assert every_row(manual) == every_row(app)
    finally:
        close_connections(manual)
        database.close()


def test_a_backup_of_an_older_version_is_upgraded_as_it_is_restored(app, empty, club, tmp_path):
    """A backup made before who entered what, confirmations, reveals and the clubs' version
    were kept: this version's migrations bring it up to date as its database's would have been
    (each later column at its default), and the club comes back the same."""
    stored = every_row(app)["event"]
    at = schema_at(app, "1796230000", tmp_path)
    older = as_of(backup_lines(app, tmp_path), "1796230000", at)
    assert stored and '"seat"' not in "".join(older)
    path = tmp_path / "older.backup"
    path.write_text("".join(older), encoding="utf-8")
    restored = run(empty, "restore", str(path))
    assert restored.exit_code == 0, restored.output
    assert "The backup was made by an older version (schema 1796230000)" in restored.output
    # Every row is back as it was in the columns the older version had (the later ones hold
    # their defaults: the clubs' version, say, which the club's writes have moved since).
    assert _rows_on(empty, at) == _rows_on(app, at)
    assert club_records(empty, [club]) == club_records(app, [club])


def _table_of(lines: list[str], table: str) -> tuple[int, list[str]]:
    """Where ``table``'s line is in ``lines`` (however the backup spaced its JSON), and its
    columns."""
    for number, line in enumerate(lines):
        value = json.loads(line)
        if isinstance(value, dict) and value.get("table") == table:
            return number, value["columns"]
    raise LookupError(table)


def _row(lines: list[str], table: str, index: int) -> dict:
    start, columns = _table_of(lines, table)
    return dict(zip(columns, json.loads(lines[start + 1 + index]), strict=True))


def _with_values(lines: list[str], table: str, index: int, **values) -> list[str]:
    """``lines`` with the ``index``-th row of ``table`` given these values (by column name)."""
    start, columns = _table_of(lines, table)
    row = _row(lines, table, index) | values
    return _replace(lines, start + 1 + index, [row[column] for column in columns])


def test_an_older_backup_gets_the_data_migrations_it_missed(app, empty, club, tmp_path):
    """A backup made before the one rule of names (migration 1796300000, which rewrites stored
    names): its club's name and a member's, typed with a zero-width space, come back as that
    migration rewrites a database's — the club's name without it, and the member, whose name
    now looks like another member's, numbered, with the name it had kept in its history. An
    upgrade that skipped the migration would bring them back as they were."""
    at = schema_at(app, "1796230000", tmp_path)
    lines = as_of(backup_lines(app, tmp_path), "1796230000", at)
    first, second = _row(lines, "member", 0), _row(lines, "member", 1)
    assert first["merged_into_id"] is None and second["merged_into_id"] is None
    name = _row(lines, "club", 0)["name"]
    lines = _with_values(lines, "club", 0, name=name + "\u200b")
    twin = first["name"] + "\u200b"
    lines = _with_values(lines, "member", 1, name=twin, name_key=twin.casefold())
    path = tmp_path / "older.backup"
    path.write_text("".join(sealed(lines)), encoding="utf-8")
    restored = run(empty, "restore", str(path))
    assert restored.exit_code == 0, restored.output
    assert "made by an older version (schema 1796230000)" in restored.output
    with empty.app_context():
        assert db.session.get(models.Club, _row(lines, "club", 0)["id"]).name == name
        member = db.session.get(models.Member, second["id"])
        numbered = f"{first['name']} 2"
        assert (member.name, member.name_key) == (numbered, numbered.casefold())
        history = db.session.execute(
            sa.select(models.MemberName.name).where(models.MemberName.member_id == member.id)
        ).scalars()
        assert first["name"] in list(history)


def _rows_on(app, schema: dict[str, list[str]]) -> dict[str, list[tuple]]:
    """Every row of the tables in ``schema``, of its columns only, in the order of their keys."""
    found = {}
    with app.app_context(), db.engine.connect() as connection:
        for table in models.Model.metadata.sorted_tables:
            if table.name in schema:
                columns = [table.c[name] for name in schema[table.name]]
                query = sa.select(*columns).order_by(*table.primary_key.columns)
                found[table.name] = [tuple(row) for row in connection.execute(query)]
    return found


def test_a_backup_of_a_newer_version_is_refused(app, empty, club, tmp_path):
    lines = backup_lines(app, tmp_path)
    header = json.loads(lines[0])
    header["revision"] = ["1899999999"]
    path = tmp_path / "newer.backup"
    path.write_text("".join(sealed([json.dumps(header) + "\n", *lines[1:]])), encoding="utf-8")
    result = run(empty, "restore", str(path))
    assert result.exit_code == 2
    assert "made by a newer version of Scorekeeper (schema 1899999999)" in result.output
    assert set(row_counts(empty).values()) == {0, 1}


#: A backup of the first kind (``scorekeeper-backup/1``: the games only), as version 988f339
#: wrote it: games of every kind, corrections and undos, who entered and who confirmed what,
#: and a game of a kind this version does not know, kept as stored.
FIRST_KIND = Path(__file__).parent / "backups" / "version-1.backup"


def test_a_backup_of_the_first_kind_still_restores(empty):
    restored = run(empty, "restore", str(FIRST_KIND))
    assert restored.exit_code == 0, restored.output
    assert f"Restored 6 games from {FIRST_KIND}." in restored.output
    assert "(tally) were restored as stored" in restored.output
    lines = [json.loads(line) for line in FIRST_KIND.read_text(encoding="utf-8").splitlines()]
    for line in lines[1:-1]:
        if "record" in line:  # the same record, history, seats and confirmations
            record = json.loads(page_bytes(empty, f"/g/{line['token']}/record.json"))
            assert record == line["record"]
    with empty.app_context():
        plugin = db.session.execute(
            sa.select(models.Event.kind, models.Event.data, models.Event.seat)
            .join(models.Game).where(models.Game.token == "plugin-game").order_by(models.Event.seq)
        ).all()  # fmt: skip
    (kept,) = [line for line in lines if line.get("token") == "plugin-game"]
    assert [tuple(row) for row in plugin] == [
        (entry["kind"], entry["data"], entry.get("seat")) for entry in kept["history"]
    ]


def test_a_record_of_the_first_kind_that_breaks_a_rule_names_its_line(empty, tmp_path):
    lines = FIRST_KIND.read_text(encoding="utf-8").splitlines(keepends=True)
    line = json.loads(lines[1])
    line["record"]["history"][2]["data"]["tricks"] = [9, 9, 9]
    damaged = tmp_path / "damaged.backup"
    damaged.write_text("".join([lines[0], json.dumps(line) + "\n", *lines[2:]]), "utf-8")
    result = run(empty, "restore", str(damaged))
    assert result.exit_code == 2
    assert f"line 2 (game {line['token']}): history entry 3: " in result.output
    assert set(row_counts(empty).values()) == {0, 1}
    cut = tmp_path / "cut.backup"
    cut.write_text("".join(lines[:-1]), "utf-8")
    assert "the backup is cut short" in run(empty, "restore", str(cut)).output
    assert set(row_counts(empty).values()) == {0, 1}


def tables_of(path: Path) -> dict[str, list[dict]]:
    """A backup's rows, by table, each as a dict of its columns."""
    found: dict[str, list[dict]] = {}
    columns: list[str] = []
    for line in path.read_text(encoding="utf-8").splitlines()[1:-1]:
        value = json.loads(line)
        if isinstance(value, dict):
            columns = value["columns"]
            found[value["table"]] = []
        else:
            found[list(found)[-1]].append(dict(zip(columns, value, strict=True)))
    return found


def test_an_online_backup_is_consistent_while_phones_write(app, empty, tmp_path):
    """Phones keep entering deals at six tables while backups are made: every game in each
    backup has its log whole, and the last backup restores."""
    setup = bismarck.Setup(("Anna", "Ben", "Carla"))
    events = [
        event
        for number, (contract, trump, tricks) in enumerate(MODERN_GAME, 1)
        for event in (
            Event("announce", {"deal": number, "contract": contract, "trump": trump}),
            Event("record", {"deal": number, "tricks": list(tricks)}),
        )
    ]
    with app.app_context():
        tokens = [store.create_game(db.session, bismarck.KIND, setup).token for _ in range(6)]
    stop = threading.Event()

    def phones() -> None:
        for position, event in enumerate(events):
            for game_token in tokens:
                if stop.is_set():
                    return
                with app.app_context():
                    game = store.load(db.session, game_token)
                    store.append(db.session, game, event, position)

    writer = threading.Thread(target=phones)
    writer.start()
    try:
        backups = []
        for number in range(5):
            path = tmp_path / f"during-{number}.backup"
            result = run(app, "backup", str(path))
            assert result.exit_code == 0, result.output
            backups.append(path)
    finally:
        stop.set()
        writer.join(60)
    sizes = set()
    for path in backups:
        found = tables_of(path)
        for game in found["game"]:
            log = sorted(e["seq"] for e in found["event"] if e["game_id"] == game["id"])
            assert log == list(range(len(log)))
        sizes.add(len(found["event"]))
    assert len(sizes) > 1 or sizes == {len(events) * len(tokens)}  # taken while the logs grew
    restored = run(empty, "restore", str(backups[-1]))
    assert restored.exit_code == 0, restored.output
    assert row_counts(empty)["event"] == len(tables_of(backups[-1])["event"])


def test_a_backup_is_one_moment_of_the_server(app, empty, club, tmp_path, monkeypatch):
    """While a backup reads table after table, phones write — a deal, a member added, a new
    club made (each with its line in the organisers' log, written together) — here at the
    worst moment: after the backup has read the clubs, the games and the members, before it
    reads the log. The backup is one moment of the server all the same (one snapshot): none
    of what was written, so every row it holds refers to rows it holds, and the server it
    restores is the server as it was."""
    from scorekeeper.backup import writing

    before = every_row(app)
    lines = writing.table_lines

    failed: list[BaseException] = []

    def write_meanwhile() -> None:
        try:
            with app.app_context():
                clubs.add_member(clubs.load(club), "Sent", "t")
                clubs.create("Ny klubb", ["bismarck"], "90817263", ["bismarck"], "t")
                game = store.create_game(db.session, bismarck.KIND, bismarck.Setup(("A", "B", "C")))
                store.append(
                    db.session, game, Event("announce", {"deal": 1, "contract": "sang"}), 0
                )
        except BaseException as error:
            failed.append(error)

    def reading(connection, table, *where):
        if table.name == "organiser_action":
            phone = threading.Thread(target=write_meanwhile)
            phone.start()
            phone.join(30)
            assert not phone.is_alive() and not failed, failed
        return lines(connection, table, *where)

    monkeypatch.setattr(writing, "table_lines", reading)
    path = tmp_path / "server.backup"
    made = run(app, "backup", str(path))
    assert made.exit_code == 0, made.output
    assert row_counts(app)["club"] == len(before["club"]) + 1  # written, after the snapshot
    restored = run(empty, "restore", str(path))
    assert restored.exit_code == 0, restored.output
    assert every_row(empty) == before


def test_a_backup_moves_a_server_to_a_laptop_and_back(
    app, empty, club, migrated_database, tmp_path
):
    """The tests' database (PostgreSQL in CI's second pass: across databases) to a laptop's
    SQLite, and back to another server database: the same rows each way."""
    copy = tmp_path / "laptop.sqlite3"
    shutil.copy(migrated_database, copy)
    laptop = make_app(copy, tmp_path)
    from_server = tmp_path / "from-server.backup"
    assert run(app, "backup", str(from_server)).exit_code == 0
    restored = run(laptop, "restore", str(from_server))
    assert restored.exit_code == 0, restored.output
    assert every_row(laptop) == every_row(app)
    from_laptop = tmp_path / "from-laptop.backup"
    assert run(laptop, "backup", str(from_laptop)).exit_code == 0
    restored = run(empty, "restore", str(from_laptop))
    assert restored.exit_code == 0, restored.output
    assert every_row(empty) == every_row(app)
    assert club_records(empty, [club]) == club_records(app, [club])

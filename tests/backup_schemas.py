"""A backup's lines edited as a test needs them: sealed again after an edit, a table's rows found
or left out, and a backup as an older version (an older schema) wrote it."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import sqlalchemy as sa


def sealed(lines: list[str]) -> list[str]:
    """A backup changed by hand, its end line's row counts and checksum made again to match
    (as a careful forger would)."""
    end = json.loads(lines[-1])
    end["rows"], table = {}, None
    for line in lines[1:-1]:
        if line.startswith('{"table"'):
            table = json.loads(line)["table"]
            end["rows"][table] = 0
        else:
            end["rows"][table] += 1
    end["sha256"] = hashlib.sha256("".join(lines[:-1]).encode()).hexdigest()
    return [*lines[:-1], json.dumps(end) + "\n"]


def row_of(lines: list[str], table: str, index: int = 0) -> int:
    """The position in ``lines`` of the ``index``-th row of ``table``."""
    start = next(n for n, line in enumerate(lines) if line.startswith(f'{{"table":"{table}"'))
    return start + 1 + index


def without_table(lines: list[str], table: str) -> list[str]:
    start = row_of(lines, table) - 1
    end = next(n for n in range(start + 1, len(lines)) if lines[n].startswith('{"'))
    return [*lines[:start], *lines[end:]]


def schema_at(app, revision: str, folder: Path) -> dict[str, list[str]]:
    """The tables and their columns of a database at schema ``revision`` (this version's
    migrations run on a scratch SQLite database up to it)."""
    from scorekeeper.backup import revisions

    engine = sa.create_engine(f"sqlite:///{folder / 'schema-at.sqlite3'}")
    try:
        with app.app_context():
            revisions.migrate(engine, revision)
        with engine.connect() as connection:
            found = sa.inspect(connection)
            return {
                name: [column["name"] for column in found.get_columns(name)]
                for name in found.get_table_names()
                if name != revisions.VERSION_TABLE
            }
    finally:
        engine.dispose()


def as_of(lines: list[str], revision: str, schema: dict[str, list[str]]):
    """A backup as an older version wrote it, at schema ``revision`` (whose tables and columns
    are ``schema``): without the tables and the columns that came later."""
    header = json.loads(lines[0])
    header["revision"] = [revision]
    out: list[str] = [json.dumps(header) + "\n"]
    for name in {json.loads(line)["table"] for line in lines[1:-1] if line.startswith("{")}:
        if name not in schema:
            lines = without_table(lines, name)
    gone: list[int] = []
    for line in lines[1:-1]:
        value = json.loads(line)
        if isinstance(value, dict):
            kept = schema[value["table"]]
            gone = [i for i, column in enumerate(value["columns"]) if column not in kept]
            value["columns"] = [c for i, c in enumerate(value["columns"]) if i not in gone]
        else:
            value = [v for i, v in enumerate(value) if i not in gone]
        out.append(json.dumps(value, ensure_ascii=False) + "\n")
    return sealed([*out, lines[-1]])

"""What the record and printing commands share: failing with one line per problem, reading a
record."""

from __future__ import annotations

from typing import BinaryIO, NoReturn

import click

from scorekeeper import records


def fail(lines: list[str], code: int) -> NoReturn:
    for line in lines:
        click.echo(line, err=True)
    raise SystemExit(code)


def read_record(file: BinaryIO) -> records.GameRecord:
    """Read and check a record; an invalid one exits 2 with one line per problem on stderr."""
    try:
        return records.loads(file.read(records.MAX_RECORD_BYTES + 1))
    except records.RecordError as error:
        fail(error.problems, 2)

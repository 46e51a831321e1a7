"""``scorekeeper score``: check a game or evening record and print its score sheet or standings,
with no database and no web framework (only the games and the records are imported)."""

from __future__ import annotations

from typing import BinaryIO

import click

from scorekeeper import records
from scorekeeper.cli.common import fail, lang_option
from scorekeeper.games.text import current_words

#: An evening's record says so in its ``format`` (``scorekeeper.evenings.record``).
EVENING_FORMAT = "scorekeeper-evening/1"


@click.command()
@click.option(
    "--json", "as_json", is_flag=True, help="Print the record with every derived field instead."
)
@click.argument("file", type=click.File("rb"))
@lang_option
def score(file: BinaryIO, as_json: bool) -> None:
    """Check a game record and print its score sheet, or an evening record and its standings
    (FILE may be - for stdin).

    Needs no database. An invalid record exits with status 2 and one line per problem on
    stderr, nothing on stdout.
    """
    data = file.read(records.MAX_RECORD_BYTES + 1)
    try:
        raw = records.decode(data)
        if isinstance(raw, dict) and raw.get("format") == EVENING_FORMAT:
            # The evenings (their seating plans) only for an evening's record.
            from scorekeeper.evenings import record as evening_records

            evening = evening_records.parse_evening(raw)
            if as_json:
                click.echo(records.dumps(evening_records.evening_dict(evening)), nl=False)
            else:
                click.echo(evening_records.standings_text(evening), nl=False)
            return
        record = records.parse(raw)
    except records.RecordError as error:
        fail(error.lines_in(current_words()), 2)
    if as_json:
        click.echo(records.dumps(record.to_dict()), nl=False)
    else:
        click.echo(records.score_sheet(record.kind, record.state, current_words()), nl=False)


COMMANDS = (score,)

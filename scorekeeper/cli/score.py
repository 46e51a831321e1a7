"""``scorekeeper score``: check a game or evening record and print its score sheet or standings,
with no database and no web framework (only the games and the records are imported)."""

from __future__ import annotations

from typing import BinaryIO

import click

from scorekeeper import records
from scorekeeper.cli.common import fail, lang_option
from scorekeeper.games.confirming import waiting_entries
from scorekeeper.games.text import current_words, say
from scorekeeper.games.text import gettext as _

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
            from scorekeeper.evenings.record_text import standings_text

            evening = evening_records.parse_evening(raw)
            if as_json:
                click.echo(records.dumps(evening_records.evening_dict(evening)), nl=False)
            else:
                click.echo(standings_text(evening), nl=False)
            return
        record = records.parse(raw)
    except records.RecordError as error:
        fail(error.lines_in(current_words()), 2)
    if as_json:
        click.echo(records.dumps(record.to_dict()), nl=False)
    else:
        click.echo(records.score_sheet(record.kind, record.state, current_words()), nl=False)
        for line in unconfirmed(record):
            click.echo(line)


def unconfirmed(record: records.GameRecord) -> list[str]:
    """In a game whose phones confirm each other's entries, a line for each entry still waiting
    for confirmation (its score is counted in the sheet above as entered), after a heading."""
    if not record.confirms:
        return []
    seats = record.seats
    waiting = waiting_entries(
        record.state.history,
        lambda seq: seats[seq] if seq < len(seats) else None,
        record.confirmed,
        record.codec.game.scored,
        sides=record.codec.game.sides_of_seats(record.setup, len(record.setup.players)),
    )
    if not waiting:
        return []
    names = tuple(record.setup.players)
    if record.codec.game.pairs and len(names) == 4:  # a seat is a pair
        names = tuple(f"{names[k]} & {names[k + 2]}" for k in range(2))
    lines = ["", _("Not yet confirmed (counted above as entered):")]
    for entry in waiting:
        said = say(record.state.history[entry.seq].summary)
        if record.codec.game.noun == "deal" and entry.deal:
            said = _("Deal %(n)d: %(change)s", n=entry.deal, change=said)
        else:
            said = said[:1].upper() + said[1:]
        by = entry.seat
        who = names[int(by)] if by is not None and by.isdigit() and int(by) < len(names) else None
        lines.append(f"  {said}" + (f" ({_('by %(name)s', name=who)})" if who else ""))
    return lines


COMMANDS = (score,)

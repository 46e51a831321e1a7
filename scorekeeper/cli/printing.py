"""``scorekeeper sheet`` and ``rules-card``: printed PDFs without a server or a database."""

from __future__ import annotations

from typing import BinaryIO

import click

from scorekeeper import records
from scorekeeper.cli.common import fail, read_record
from scorekeeper.games import bismarck, klaberjass, sviten
from scorekeeper.games.events import RuleError

_VARIANTS = tuple(variant.value for variant in bismarck.Variant)
#: The games a blank sheet or rules card can be printed for, and their number of players.
_GAMES = {
    bismarck.KIND: bismarck.PLAYERS,
    klaberjass.KIND: klaberjass.PLAYERS,
    sviten.KIND: sviten.PLAYERS,
}


def _paper_option(command):
    return click.option(
        "--paper",
        type=click.Choice(["a4", "letter"], case_sensitive=False),
        default="a4",
        show_default=True,
        help="Paper size: A4 or US Letter.",
    )(command)


def _output_option(command):
    return click.option(
        "-o",
        "--output",
        type=click.Path(dir_okay=False, allow_dash=True),
        required=True,
        help="Write the PDF to this file (- for stdout).",
    )(command)


def _table_options(command):
    """--game, --variant, --target, --players and --first-dealer: a game not in a record."""
    command = click.option(
        "--first-dealer",
        metavar="NAME|1-4",
        help="Who deals first: a name from --players, or its position (1, 2, 3 or 4). "
        "Pre-prints who deals (and in Bismarck who declares) in every deal.",
    )(command)
    command = click.option(
        "--players",
        metavar='"A,B,C"',
        help="The names, clockwise, separated by commas (three for Bismarck, two for "
        "Klaberjass, four for Sviten Special: N, E, S, W).",
    )(command)
    command = click.option(
        "--target",
        type=click.IntRange(1, klaberjass.MAX_TARGET),
        default=None,
        help=f"Klaberjass: the points to play to (default {klaberjass.DEFAULT_TARGET}).",
    )(command)
    command = click.option(
        "--variant",
        type=click.Choice(_VARIANTS),
        default=None,
        help="Bismarck rules: modern (default), classic or british.",
    )(command)
    return click.option(
        "--game",
        type=click.Choice(list(_GAMES)),
        default=bismarck.KIND,
        show_default=True,
        help="The game: bismarck, klaberjass or sviten (Sviten Special).",
    )(command)


def _url_option(command):
    return click.option(
        "--url",
        help="The game's live address, printed as a QR code (a localhost address is "
        "replaced by this machine's address on the network).",
    )(command)


def _table(
    variant: str | None, players: str | None, first_dealer: str | None
) -> tuple[str, tuple[str, str, str] | None, int | None]:
    """The Bismarck variant, the names and the first dealer's seat from the command line."""
    names, seat = _seats(players, first_dealer, bismarck.PLAYERS)
    return variant or "modern", names, seat  # type: ignore[return-value]


def _seats(
    players: str | None, first_dealer: str | None, count: int
) -> tuple[tuple[str, ...] | None, int | None]:
    """The ``count`` names of --players and the seat of --first-dealer (a name or 1…count)."""
    if players is None:
        if first_dealer is not None:
            raise click.UsageError("--first-dealer needs --players.")
        return None, None
    names = tuple(name.strip() for name in players.split(","))
    if len(names) != count or not all(names):
        example = ",".join(("Anna", "Ben", "Carla", "Dan")[:count])
        words = {2: "two", 3: "three", 4: "four"}.get(count, str(count))
        raise click.BadParameter(
            f'give {words} names separated by commas, clockwise: "{example}".',
            param_hint="--players",
        )
    seat = None
    if first_dealer is not None:
        wanted = first_dealer.strip()
        positions = [str(n) for n in range(1, count + 1)]
        by_name = [i for i, name in enumerate(names) if name.casefold() == wanted.casefold()]
        if by_name:
            seat = by_name[0]
        elif wanted in positions:
            seat = int(wanted) - 1
        else:
            raise click.BadParameter(
                f"{first_dealer!r} is neither one of {', '.join(names)} nor "
                f"{', '.join(positions[:-1])} or {positions[-1]}.",
                param_hint="--first-dealer",
            )
    return names, seat


def _klaberjass_table(
    variant: str | None, players: str | None, first_dealer: str | None, target: int | None
) -> tuple[tuple[str, str] | None, int | None, int]:
    """The names, the first dealer's seat and the target of a Klaberjass sheet or card."""
    if variant:
        raise click.UsageError("--variant is for Bismarck; Klaberjass has one set of rules.")
    names, seat = _seats(players, first_dealer, klaberjass.PLAYERS)
    target = target or klaberjass.DEFAULT_TARGET
    if names is not None:
        try:
            klaberjass.Setup(names, seat or 0, klaberjass.Options(target=target))  # type: ignore[arg-type]
        except RuleError as error:
            raise click.BadParameter(error.message, param_hint="--players") from None
    return names, seat, target  # type: ignore[return-value]


def _sviten_table(
    variant: str | None, players: str | None, first_dealer: str | None, target: int | None
) -> tuple[sviten.Setup | None, tuple[str, ...] | None, int | None]:
    """The setup (when the names and the first dealer are known), the names (N, E, S, W) and
    the first dealer's seat of a Sviten Special sheet or card."""
    if variant or target:
        raise click.UsageError("--variant and --target are not for Sviten Special.")
    names, seat = _seats(players, first_dealer, sviten.PLAYERS)
    if names is None:
        return None, None, None
    try:
        setup = sviten.Setup(names, seat or 0)  # type: ignore[arg-type]
    except RuleError as error:
        raise click.BadParameter(error.message, param_hint="--players") from None
    return (setup if seat is not None else None), setup.players, seat


def _write_pdf(data: bytes, output: str, what: str) -> None:
    with click.open_file(output, "wb") as file:
        file.write(data)
    if output != "-":
        click.echo(f"Saved {what} to {output} ({len(data) // 1024 + 1} kB).", err=True)


def _printers(record: records.GameRecord):
    from scorekeeper import printing

    try:
        return printing.printer_for(record.kind)
    except LookupError:
        fail([f"record: there is no printed sheet for {record.codec.title} games yet"], 2)


@click.command()
@click.argument("record", type=click.File("rb"), required=False)
@click.option("--blank", is_flag=True, help="A sheet to fill in by hand instead of a record's.")
@_table_options
@_url_option
@_paper_option
@_output_option
def sheet(
    record: BinaryIO | None,
    blank: bool,
    game: str,
    variant: str | None,
    target: int | None,
    players: str | None,
    first_dealer: str | None,
    url: str | None,
    paper: str,
    output: str,
) -> None:
    """Print a score sheet (PDF, one page): the game in RECORD (a JSON game record of any
    game; - for stdin), or with --blank a sheet to fill in with a pencil.

    \b
      scorekeeper sheet game.json -o sheet.pdf --url http://192.168.1.20:8000/g/…
      scorekeeper sheet --blank --variant classic -o blank.pdf
      scorekeeper sheet --blank --players "Anna,Ben,Carla" --first-dealer Ben -o blank.pdf
      scorekeeper sheet --blank --game klaberjass --players "Anna,Ben" --first-dealer 2 -o kj.pdf
      scorekeeper sheet --blank --game sviten --players "Anna,Ben,Carla,Dan" -o sviten.pdf
    """
    from scorekeeper import printing

    paper = paper.lower()
    if blank == (record is not None):
        raise click.UsageError("Give a RECORD file or --blank (not both).")
    if record is not None:
        if variant or players or first_dealer or target or game != bismarck.KIND:
            raise click.UsageError(
                "--game, --variant, --target, --players and --first-dealer are for --blank; "
                "a record has its own."
            )
        loaded = read_record(record)
        times = [at for at in loaded.times if at is not None]
        data = _printers(loaded).sheet(
            loaded.state, paper=paper, url=url, date=times[0].date() if times else None
        )
        _write_pdf(data, output, "the score sheet")
        return
    if url:
        raise click.UsageError("--url is for a record's sheet: a blank sheet has no live game.")
    if game == sviten.KIND:
        _setup, four, seat = _sviten_table(variant, players, first_dealer, target)
        data = printing.blank_sviten_sheet(four, seat, paper=paper)
        _write_pdf(data, output, "the blank score sheet")
        return
    if game == klaberjass.KIND:
        two, seat, goal = _klaberjass_table(variant, players, first_dealer, target)
        data = printing.blank_klaberjass_sheet(two, seat, goal, paper=paper)
        _write_pdf(data, output, "the blank score sheet")
        return
    if target:
        raise click.UsageError("--target is for Klaberjass (--game klaberjass).")
    chosen, names, seat = _table(variant, players, first_dealer)
    try:
        data = printing.blank_bismarck_sheet(bismarck.Variant(chosen), names, seat, paper=paper)
    except RuleError as error:
        raise click.BadParameter(error.message, param_hint="--players") from None
    _write_pdf(data, output, "the blank score sheet")


@click.command("rules-card")
@click.argument("record", type=click.File("rb"), required=False)
@_table_options
@click.option(
    "--house-rule",
    "house_rules",
    multiple=True,
    type=click.Choice(list(bismarck.OPTIONS)),
    help="A house rule this table plays (repeat for several).",
)
@_url_option
@_paper_option
@_output_option
def rules_card(
    record: BinaryIO | None,
    game: str,
    variant: str | None,
    target: int | None,
    players: str | None,
    first_dealer: str | None,
    house_rules: tuple[str, ...],
    url: str | None,
    paper: str,
    output: str,
) -> None:
    """Print a rules card (PDF, one page) of a Bismarck variant or of Klaberjass, or of the
    game in RECORD (Bismarck: its house rules and its schedule, who deals and who declares in
    every deal).

    \b
      scorekeeper rules-card --variant modern -o card.pdf
      scorekeeper rules-card --players "Anna,Ben,Carla" --first-dealer 1 -o card.pdf
      scorekeeper rules-card --game klaberjass --target 1000 -o card.pdf
      scorekeeper rules-card --game sviten -o card.pdf
      scorekeeper rules-card game.json --paper letter -o card.pdf
    """
    from scorekeeper import printing

    paper = paper.lower()
    if record is not None:
        if variant or players or first_dealer or house_rules or target or game != bismarck.KIND:
            raise click.UsageError(
                "--game, --variant, --target, --players, --first-dealer and --house-rule are "
                "for a card without a record; a record has its own."
            )
        loaded = read_record(record)
        data = _printers(loaded).rules_card(loaded.state, paper=paper, url=url)
        _write_pdf(data, output, "the rules card")
        return
    if game == sviten.KIND:
        if house_rules:
            raise click.UsageError("--house-rule is for Bismarck.")
        setup, four, seat = _sviten_table(variant, players, first_dealer, target)
        if four is not None and seat is None:
            raise click.UsageError("--players needs --first-dealer on a rules card.")
        data = printing.sviten_rules_card(setup, paper=paper, url=url)
        _write_pdf(data, output, "the rules card")
        return
    if game == klaberjass.KIND:
        if house_rules:
            raise click.UsageError("--house-rule is for Bismarck.")
        two, seat, goal = _klaberjass_table(variant, players, first_dealer, target)
        if two is not None and seat is None:
            raise click.UsageError("--players needs --first-dealer on a rules card.")
        setup = None
        if two is not None and seat is not None:
            setup = klaberjass.Setup(two, seat, klaberjass.Options(target=goal))
        data = printing.klaberjass_rules_card(setup, paper=paper, url=url, target=goal)
        _write_pdf(data, output, "the rules card")
        return
    if target:
        raise click.UsageError("--target is for Klaberjass (--game klaberjass).")
    chosen, names, seat = _table(variant, players, first_dealer)
    if names is not None and seat is None:
        raise click.UsageError("--players needs --first-dealer on a rules card (its schedule).")
    if house_rules and names is None:
        raise click.UsageError("--house-rule needs --players and --first-dealer.")
    card: bismarck.Variant | bismarck.Setup = bismarck.Variant(chosen)
    if names is not None and seat is not None:
        try:
            card = bismarck.Setup(names, seat, bismarck.Variant(chosen), frozenset(house_rules))
        except RuleError as error:
            raise click.BadParameter(error.message, param_hint="--players") from None
    data = printing.bismarck_rules_card(card, paper=paper, url=url)
    _write_pdf(data, output, "the rules card")


COMMANDS = (sheet, rules_card)

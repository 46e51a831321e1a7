"""``scorekeeper sheet`` and ``rules-card``: printed PDFs without a server or a database.

Both print any game the printers registry knows (:mod:`scorekeeper.printing.printers`) and name
none: ``--game`` offers the registered kinds, and each game's own options (``--variant``,
``--target``, ``--house-rule`` ...) are the settings its printers declare. The printing layer
(reportlab) is imported only when one of these commands runs.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, BinaryIO, TypeVar

import click
from click.core import ParameterSource

from scorekeeper import records
from scorekeeper.cli.common import WholeNumber, fail, lang_option, read_record
from scorekeeper.games.events import RuleError
from scorekeeper.games.game import Game
from scorekeeper.games.names import same, shown
from scorekeeper.games.registry import game_for
from scorekeeper.games.text import N_, say
from scorekeeper.games.text import gettext as _

if TYPE_CHECKING:
    from scorekeeper.printing import Blank, GamePrinters, Setting

_COUNT_WORDS = {2: N_("two"), 3: N_("three"), 4: N_("four")}
_EXAMPLE_NAMES = ("Anna", "Ben", "Carla", "Dan")


class PrintingCommand(click.Command):
    """A printing command whose game options come from the printers registry when it runs:
    ``--game`` and ``--players`` for every game, then each game's own settings, so a game
    registered later (a plug-in's, a test's) prints through the same command."""

    def __init__(self, *args: Any, card: bool, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.card = card

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        params = super().get_params(ctx)
        key = f"{__name__}.options.{id(self)}"
        if key not in ctx.meta:  # once per run: click asks while parsing and again after
            ctx.meta[key] = _game_options(card=self.card)
        where = next(i for i, param in enumerate(params) if param.name == "url")
        return [*params[:where], *ctx.meta[key], *params[where:]]


def _game_options(*, card: bool) -> list[click.Option]:
    """--game, each registered game's settings (one option per flag) and --players and
    --first-dealer."""
    from scorekeeper.printing import registered_printers

    printers = registered_printers()
    games = [game_for(p.kind) for p in printers]
    described = [g.kind if g.title.lower() == g.kind else f"{g.kind} ({g.title})" for g in games]
    seats = ", ".join(f"{_counted(g)} for {g.title}" for g in games)
    options = [
        click.Option(
            ["--game"],
            type=click.Choice([p.kind for p in printers]),
            default=printers[0].kind,
            show_default=True,
            help=f"The game: {', '.join(described)}.",
        )
    ]
    for setting in _settings(card=card).values():
        options.append(
            click.Option(
                [setting.flag, setting.name],
                type=click.Choice(setting.choices)
                if setting.choices
                else WholeNumber(1, setting.most),
                multiple=setting.repeated,
                help=setting.help,
            )
        )
    most = max(g.most for g in games)
    options += [
        click.Option(
            ["--players"],
            metavar='"A,B,C"',
            help=f"The names, clockwise, separated by commas ({seats}).",
        ),
        click.Option(
            ["--first-dealer"],
            metavar=f"NAME|1-{most}",
            help="Who deals first: a name from --players, or its position (1, 2 ...). "
            "Pre-prints who deals (and who declares, where the game fixes it) in every deal.",
        ),
    ]
    return options


def _settings(*, card: bool) -> dict[str, Setting]:
    """Every registered game's settings for a sheet or card, by flag (the first game to
    declare a flag describes its option)."""
    from scorekeeper.printing import registered_printers

    found: dict[str, Setting] = {}
    for printers in registered_printers():
        for setting in printers.settings_on(card=card):
            found.setdefault(setting.flag, setting)
    return found


CommandT = TypeVar("CommandT", bound=Callable[..., Any])


def _paper_option(command: CommandT) -> CommandT:
    return click.option(
        "--paper",
        type=click.Choice(["a4", "letter"], case_sensitive=False),
        default="a4",
        show_default=True,
        help="Paper size: A4 or US Letter.",
    )(command)


def _output_option(command: CommandT) -> CommandT:
    return click.option(
        "-o",
        "--output",
        type=click.Path(dir_okay=False, allow_dash=True),
        required=True,
        help="Write the PDF to this file (- for stdout).",
    )(command)


def _url_option(command: CommandT) -> CommandT:
    return click.option(
        "--url",
        help="The game's live address, printed as a QR code (a localhost address is "
        "replaced by this machine's address on the network).",
    )(command)


def _counted(game: Game[Any, Any]) -> str:
    """How many players a game has, in words for the options' help: ``three``, ``2 to 8``."""
    if game.fewest != game.most:
        return f"{game.fewest} to {game.most}"
    return _COUNT_WORDS.get(game.seats, str(game.seats))


def _seats(
    players: str | None, first_dealer: str | None, game: Game[Any, Any]
) -> tuple[tuple[str, ...] | None, int | None]:
    """The names of --players (as many as ``game`` has) and the seat of --first-dealer (a
    name or its position, 1…)."""
    if players is None:
        if first_dealer is not None:
            raise click.UsageError(_("--first-dealer needs --players."))
        return None, None
    names = tuple(shown(name) for name in players.split(","))
    if not game.fewest <= len(names) <= game.most or not all(names):
        if game.fewest != game.most:
            said = _(
                'give %(fewest)s to %(most)s names separated by commas, clockwise: "%(example)s".',
                fewest=game.fewest,
                most=game.most,
                example=",".join(_EXAMPLE_NAMES[: game.seats]),
            )
        else:
            said = _(
                'give %(count)s names separated by commas, clockwise: "%(example)s".',
                count=say(_COUNT_WORDS.get(game.seats, str(game.seats))),
                example=",".join(_EXAMPLE_NAMES[: game.seats]),
            )
        raise click.BadParameter(said, param_hint="--players")
    count = len(names)
    seat = None
    if first_dealer is not None:
        wanted = first_dealer.strip()
        positions = [str(n) for n in range(1, count + 1)]
        by_name = [i for i, name in enumerate(names) if same(name, wanted)]
        if by_name:
            seat = by_name[0]
        elif wanted in positions:
            seat = int(wanted) - 1
        else:
            raise click.BadParameter(
                _(
                    "%(given)s is neither one of %(names)s nor %(positions)s or %(last)s.",
                    given=repr(first_dealer),
                    names=", ".join(names),
                    positions=", ".join(positions[:-1]),
                    last=positions[-1],
                ),
                param_hint="--first-dealer",
            )
    return names, seat


def _given(ctx: click.Context, name: str) -> bool:
    return ctx.get_parameter_source(name) not in (None, ParameterSource.DEFAULT)


def _refuse_with_a_record(ctx: click.Context, *, card: bool) -> None:
    """A record has its own game, players and settings: none of those options go with it."""
    names = ["game", *(s.name for s in _settings(card=card).values()), "players", "first_dealer"]
    if any(_given(ctx, name) for name in names):
        flags = [f"--{name.replace('_', '-')}" for name in names]
        given = ", ".join(flags[:-1])
        raise click.UsageError(
            _(
                "%(flags)s and %(last)s are for a card without a record; a record has its own.",
                flags=given,
                last=flags[-1],
            )
            if card
            else _(
                "%(flags)s and %(last)s are for --blank; a record has its own.",
                flags=given,
                last=flags[-1],
            )
        )


def _refuse_other_games_settings(ctx: click.Context, printers: GamePrinters, *, card: bool) -> None:
    """A setting given for a game that does not take it: say which games do."""
    from scorekeeper.printing import registered_printers

    own = {setting.flag for setting in printers.settings_on(card=card)}
    for flag, setting in _settings(card=card).items():
        if flag in own or not _given(ctx, setting.name):
            continue
        takers = [
            p.kind
            for p in registered_printers()
            if any(s.flag == flag for s in p.settings_on(card=card))
        ]
        titles = [game_for(kind).title for kind in takers]
        joined = titles[0]
        for title in titles[1:]:
            joined = _("%(first)s and %(last)s", first=joined, last=title)
        raise click.UsageError(
            _(
                "%(flag)s is for %(games)s (--game %(kind)s), not for %(game)s.",
                flag=flag,
                games=joined,
                kind=takers[0],
                game=game_for(printers.kind).title,
            )
        )


def _blank(
    ctx: click.Context,
    values: Mapping[str, Any],
    *,
    card: bool,
) -> tuple[GamePrinters, Blank]:
    """The printers of --game and what to print without a record: the names, the first
    dealer and the game's settings from its own options."""
    from scorekeeper.printing import Blank, printer_for

    printers = printer_for(values["game"])
    _refuse_other_games_settings(ctx, printers, card=card)
    names, seat = _seats(values["players"], values["first_dealer"], game_for(printers.kind))
    if card and names is not None and seat is None:
        raise click.UsageError(_("--players needs --first-dealer on a rules card."))
    for setting in printers.settings_on(card=card):
        if setting.on == "game card" and _given(ctx, setting.name) and seat is None:
            raise click.UsageError(
                _("%(flag)s needs --players and --first-dealer.", flag=setting.flag)
            )
    return printers, Blank(names, seat, printers.settings_from(values, card=card))


def _explained(error: RuleError, printers: GamePrinters) -> click.BadParameter:
    """The engine's refusal, pinned on the option that gave what it refuses."""
    hint = {"players": "--players", "first_dealer": "--first-dealer"}.get(error.field or "")
    for setting in printers.settings:
        if error.field in setting.path:
            hint = setting.flag
    return click.BadParameter(say(error.text), param_hint=hint)


#: What a command saved, for its last line (message ids).
_SAVED = {
    "sheet": N_("Saved the score sheet to %(path)s (%(size)d kB)."),
    "blank": N_("Saved the blank score sheet to %(path)s (%(size)d kB)."),
    "card": N_("Saved the rules card to %(path)s (%(size)d kB)."),
}


def _write_pdf(data: bytes, output: str, what: str) -> None:
    with click.open_file(output, "wb") as file:
        file.write(data)
    if output != "-":
        click.echo(_(_SAVED[what], path=output, size=len(data) // 1024 + 1), err=True)


def _printers(record: records.GameRecord) -> GamePrinters:
    from scorekeeper.printing import printer_for

    try:
        return printer_for(record.kind)
    except LookupError:
        title = game_for(record.kind).title
        fail([_("record: there is no printed sheet for %(game)s games yet", game=title)], 2)


@click.command(cls=PrintingCommand, card=False)
@click.argument("record", type=click.File("rb"), required=False)
@click.option("--blank", is_flag=True, help="A sheet to fill in by hand instead of a record's.")
@_url_option
@_paper_option
@_output_option
@lang_option
@click.pass_context
def sheet(
    ctx: click.Context,
    /,
    record: BinaryIO | None,
    blank: bool,
    url: str | None,
    paper: str,
    output: str,
    **values: Any,
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
    paper = paper.lower()
    if blank == (record is not None):
        raise click.UsageError(_("Give a RECORD file or --blank (not both)."))
    if record is not None:
        _refuse_with_a_record(ctx, card=False)
        loaded = read_record(record)
        times = [at for at in loaded.times if at is not None]
        data = _printers(loaded).sheet(
            loaded.state, paper=paper, url=url, date=times[0].date() if times else None
        )
        _write_pdf(data, output, "sheet")
        return
    if url:
        raise click.UsageError(_("--url is for a record's sheet: a blank sheet has no live game."))
    printers, to_fill = _blank(ctx, values, card=False)
    try:
        data = printers.blank_sheet(to_fill, paper=paper)
    except RuleError as error:
        raise _explained(error, printers) from None
    _write_pdf(data, output, "blank")


@click.command("rules-card", cls=PrintingCommand, card=True)
@click.argument("record", type=click.File("rb"), required=False)
@_url_option
@_paper_option
@_output_option
@lang_option
@click.pass_context
def rules_card(
    ctx: click.Context,
    /,
    record: BinaryIO | None,
    url: str | None,
    paper: str,
    output: str,
    **values: Any,
) -> None:
    """Print a rules card (PDF, one page) of a game's rules (--game, and its own options such
    as Bismarck's --variant), of a game to be played (--players and --first-dealer: Bismarck's
    card then has its house rules and schedule), or of the game in RECORD.

    \b
      scorekeeper rules-card --variant modern -o card.pdf
      scorekeeper rules-card --players "Anna,Ben,Carla" --first-dealer 1 -o card.pdf
      scorekeeper rules-card --game klaberjass --target 1000 -o card.pdf
      scorekeeper rules-card --game sviten -o card.pdf
      scorekeeper rules-card game.json --paper letter -o card.pdf
    """
    paper = paper.lower()
    if record is not None:
        _refuse_with_a_record(ctx, card=True)
        loaded = read_record(record)
        data = _printers(loaded).rules_card(loaded.state, paper=paper, url=url)
        _write_pdf(data, output, "card")
        return
    printers, to_fill = _blank(ctx, values, card=True)
    try:
        data = printers.blank_rules_card(to_fill, paper=paper, url=url)
    except RuleError as error:
        raise _explained(error, printers) from None
    _write_pdf(data, output, "card")


COMMANDS = (sheet, rules_card)

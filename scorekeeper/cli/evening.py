"""``scorekeeper evening``: club evenings of several tables. ``evening plan`` prints a fair
seating plan (:mod:`scorekeeper.evenings.seating`) without a server or a database.

The game's table comes from the games registry (its ``seats``, and ``pairs`` for partners
opposite each other), so every registered game can be planned and none is named here.
"""

from __future__ import annotations

import json
import re

import click

from scorekeeper.cli.common import fail, lang_option
from scorekeeper.evenings.seating import Plan, SeatingError, plan
from scorekeeper.games.names import key, shown
from scorekeeper.games.players import MAX_NAME_LENGTH, refusal
from scorekeeper.games.registry import game_for, games, is_known
from scorekeeper.games.text import gettext as _
from scorekeeper.games.text import ngettext, say, whole_number
from scorekeeper.records.text import table

SEATS = ("N", "E", "S", "W")
#: ``--game``'s help: the games registered.
GAME_HELP = f"The game: {', '.join(game.kind for game in games())}."


@click.group()
def evening() -> None:
    """Club evenings: several tables of one game, round by round."""


@evening.command("plan")
@lang_option
@click.option("--game", "kind", metavar="KIND", help=GAME_HELP)
@click.option(
    "--players",
    metavar='N | "A,B,C"',
    help='How many players (9), or their names in a list ("Anna,Ben,Carla,...").',
)
@click.option("--rounds", metavar="N", help="How many rounds the evening has.")
@click.option(
    "--seed",
    metavar="N",
    default="0",
    show_default=True,
    help="Another number gives another plan, as fair (the players numbered differently).",
)
@click.option(
    "--json", "as_json", is_flag=True, help="Print the plan as JSON (players numbered from 0)."
)
def plan_command(
    kind: str | None, players: str | None, rounds: str | None, seed: str, as_json: bool
) -> None:
    """Print a fair seating plan: who sits at which table, and who sits out, each round.

    Tables seat as many as the game does; when the players do not divide evenly, the rest sit
    out in turn. Players meet as evenly as the numbers allow (see the README). Bad input exits
    with status 2 and one line on stderr.
    """
    kinds = ", ".join(game.kind for game in games())
    if not kind:
        fail([_("Say which game with --game: %(kinds)s.", kinds=kinds)], 2)
    if not is_known(kind):
        fail(
            [_("Unknown game %(kind)s: choose one of %(kinds)s.", kind=repr(kind), kinds=kinds)], 2
        )
    game = game_for(kind)
    if players is None:
        fail([_('Say how many players with --players (9), or name them ("Anna,Ben,Carla").')], 2)
    names = _names(players)
    count = len(names) if names is not None else _whole(players, "--players")
    if rounds is None:
        fail([_("Say how many rounds with --rounds.")], 2)
    try:
        seating = plan(
            count,
            _whole(rounds, "--rounds"),
            game.seats,
            pairs=game.pairs,
            seed=_whole(seed, "--seed"),
        )
    except SeatingError as error:
        title, refusal = _(game.title), say(error.text)
        fail([f"{title}: {refusal}"], 2)
    if as_json:
        click.echo(json.dumps(seating.to_dict()))
    else:
        click.echo(_text(seating, _(game.title), names))


def _whole(value: str, option: str) -> int:
    """A whole number given on the command line (ASCII digits, at most 30), or exit 2 saying
    what is wrong."""
    number = whole_number(value.strip(), negative=True)
    if number is None:
        fail(
            [
                _(
                    "%(option)s must be a whole number, not %(value)s.",
                    option=option,
                    value=repr(value),
                )
            ],
            2,
        )
    return number


def _names(value: str) -> list[str] | None:
    """The players' names when ``--players`` lists them (anything but a number), or None; each
    as shown, compared as every name is (:mod:`scorekeeper.games.names`)."""
    if re.fullmatch(r"\s*-?[0-9]+\s*", value):
        return None
    names: list[str] = []
    seen: set[str] = set()
    for typed in value.split(","):
        if not typed.strip():
            fail([_('Every player needs a name: --players "Anna,Ben,Carla".')], 2)
        problem = refusal(typed)
        if problem is not None:
            fail([say(problem)], 2)
        name = shown(typed)
        if not name:
            fail([_('Every player needs a name: --players "Anna,Ben,Carla".')], 2)
        if len(name) > MAX_NAME_LENGTH:
            fail(
                [
                    _(
                        "A name can be at most %(n)s characters: %(name)s…",
                        n=MAX_NAME_LENGTH,
                        name=name[:20],
                    )
                ],
                2,
            )
        if key(name) in seen:
            fail([_("Two players are called %(name)s.", name=name)], 2)
        seen.add(key(name))
        names.append(name)
    return names


def _text(seating: Plan, title: str, names: list[str] | None) -> str:
    """The plan as a table for people: a row per table and one for who sits out."""

    def who(player: int) -> str:
        return names[player] if names is not None else str(player + 1)

    rounds = len(seating.rounds)
    header = "{}: {}, {}, {}".format(
        title,
        ngettext("%(num)s player", "%(num)s players", seating.players),
        ngettext("%(num)s round", "%(num)s rounds", rounds),
        ngettext(
            "%(num)s table of %(size)s each round",
            "%(num)s tables of %(size)s each round",
            seating.tables,
            size=seating.table_size,
        ),
    )
    if seating.pairs:
        header += " " + _("(N and S are partners, E and W too)")
    lines = [header + ".", ""]
    if names is None:
        lines.insert(1, _("Players are numbered 1 to %(n)s.", n=seating.players))
    headers = [_("Round"), _("Table"), *(SEATS if seating.pairs else [_("Players")])]
    rows: list[list[str]] = []
    for number, round_ in enumerate(seating.rounds, start=1):
        for index, seated in enumerate(round_.tables, start=1):
            cells = [who(p) for p in seated] if seating.pairs else [", ".join(map(who, seated))]
            rows.append([str(number) if index == 1 else "", str(index), *cells])
        if round_.sitting_out:
            rows.append(["", _("sits out"), ", ".join(map(who, round_.sitting_out))])
    lines += table(headers, rows, right={0})
    lines += ["", *_summary(seating)]
    return "\n".join(lines)


def _summary(seating: Plan) -> list[str]:
    """How evenly the plan spreads meetings, partnerships and sitting out, in words."""
    spread = seating.meeting_spread()
    lines = [
        _times(
            _("Every two players share a table %(times)s."),
            _("Two players share a table at most %(times)s."),
            spread.fewest,
            spread.most,
        )
    ]
    if seating.pairs:
        spread = seating.partnership_spread()
        lines.append(
            _times(
                _("Every two players are partners %(times)s."),
                _("Two players are partners at most %(times)s."),
                spread.fewest,
                spread.most,
            )
        )
    sit_outs = seating.sit_outs()
    if max(sit_outs):
        fewest, most = min(sit_outs), max(sit_outs)
        if fewest == most:
            sentence = ngettext(
                "Everyone sits out %(num)s round.", "Everyone sits out %(num)s rounds.", most
            )
        else:
            sentence = ngettext(
                "Everyone sits out %(fewest)s or %(num)s round.",
                "Everyone sits out %(fewest)s or %(num)s rounds.",
                most,
                fewest=fewest,
            )
        lines.append(sentence)
    return lines


def _times(every: str, at_most: str, fewest: int, most: int) -> str:
    """How often every two players do something: once, twice, 1 to 3 times ..."""
    if fewest == 0:
        return at_most % {"times": _count(most)}
    if fewest == most:
        return every % {"times": _count(most)}
    if (fewest, most) == (1, 2):
        return every % {"times": _("once or twice")}
    return every % {"times": _("%(fewest)s to %(most)s times", fewest=fewest, most=most)}


def _count(n: int) -> str:
    if n == 1:
        return _("once")
    if n == 2:
        return _("twice")
    return ngettext("%(num)s time", "%(num)s times", n)


COMMANDS = (evening,)

"""``scorekeeper evening``: club evenings of several tables. ``evening plan`` prints a fair
seating plan (:mod:`scorekeeper.games.seating`) without a server or a database.

The game's table comes from the games registry (its ``seats``, and ``pairs`` for partners
opposite each other), so every registered game can be planned and none is named here.
"""

from __future__ import annotations

import json
import re

import click

from scorekeeper.cli.common import fail
from scorekeeper.games.players import MAX_NAME_LENGTH, unprintable
from scorekeeper.games.registry import game_for, games, is_known
from scorekeeper.games.seating import Plan, SeatingError, plan
from scorekeeper.records.text import table

SEATS = ("N", "E", "S", "W")


@click.group()
def evening() -> None:
    """Club evenings: several tables of one game, round by round."""


@evening.command("plan")
@click.option("--game", "kind", metavar="KIND", help="The game (bismarck, klaberjass, sviten ...).")
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
        fail([f"Say which game with --game: {kinds}."], 2)
    if not is_known(kind):
        fail([f"Unknown game {kind!r}: choose one of {kinds}."], 2)
    game = game_for(kind)
    if players is None:
        fail(['Say how many players with --players (9), or name them ("Anna,Ben,Carla").'], 2)
    names = _names(players)
    count = len(names) if names is not None else _whole(players, "--players")
    if rounds is None:
        fail(["Say how many rounds with --rounds."], 2)
    try:
        seating = plan(
            count,
            _whole(rounds, "--rounds"),
            game.seats,
            pairs=game.pairs,
            seed=_whole(seed, "--seed"),
        )
    except SeatingError as error:
        fail([f"{game.title}: {error.message}"], 2)
    if as_json:
        click.echo(json.dumps(seating.to_dict()))
    else:
        click.echo(_text(seating, game.title, names))


def _whole(value: str, option: str) -> int:
    """A whole number given on the command line, or exit 2 saying what is wrong."""
    if not re.fullmatch(r"\s*-?[0-9]+\s*", value):
        fail([f"{option} must be a whole number, not {value!r}."], 2)
    return int(value)


def _names(value: str) -> list[str] | None:
    """The players' names when ``--players`` lists them (anything but a number), or None."""
    if re.fullmatch(r"\s*-?[0-9]+\s*", value):
        return None
    names = [name.strip() for name in value.split(",")]
    seen: set[str] = set()
    for name in names:
        if not name:
            fail(['Every player needs a name: --players "Anna,Ben,Carla".'], 2)
        bad = unprintable(name)
        if bad is not None:
            fail([f"A name cannot hold a control character (U+{ord(bad):04X})."], 2)
        if len(name) > MAX_NAME_LENGTH:
            fail([f"A name can be at most {MAX_NAME_LENGTH} characters: {name[:20]}…"], 2)
        if name.casefold() in seen:
            fail([f"Two players are called {name}."], 2)
        seen.add(name.casefold())
    return names


def _text(seating: Plan, title: str, names: list[str] | None) -> str:
    """The plan as a table for people: a row per table and one for who sits out."""

    def who(player: int) -> str:
        return names[player] if names is not None else str(player + 1)

    size = seating.table_size
    rounds = len(seating.rounds)
    header = (
        f"{title}: {seating.players} players, {rounds} round{'s' if rounds != 1 else ''}, "
        f"{seating.tables} table{'s' if seating.tables != 1 else ''} of {size} each round"
    )
    if seating.pairs:
        header += " (N and S are partners, E and W too)"
    lines = [header + ".", ""]
    if names is None:
        lines.insert(1, f"Players are numbered 1 to {seating.players}.")
    headers = ["Round", "Table", *(SEATS if seating.pairs else ["Players"])]
    rows: list[list[str]] = []
    for number, round_ in enumerate(seating.rounds, start=1):
        for index, seated in enumerate(round_.tables, start=1):
            cells = [who(p) for p in seated] if seating.pairs else [", ".join(map(who, seated))]
            rows.append([str(number) if index == 1 else "", str(index), *cells])
        if round_.sitting_out:
            rows.append(["", "sits out", ", ".join(map(who, round_.sitting_out))])
    lines += table(headers, rows, right={0})
    lines += ["", *_summary(seating)]
    return "\n".join(lines)


def _summary(seating: Plan) -> list[str]:
    """How evenly the plan spreads meetings, partnerships and sitting out, in words."""
    lines = [
        _times("share a table", seating.meeting_spread().fewest, seating.meeting_spread().most)
    ]
    if seating.pairs:
        spread = seating.partnership_spread()
        lines.append(_times("are partners", spread.fewest, spread.most))
    sit_outs = seating.sit_outs()
    if max(sit_outs):
        fewest, most = min(sit_outs), max(sit_outs)
        rounds = f"{fewest} or {most}" if fewest != most else str(most)
        lines.append(f"Everyone sits out {rounds} round{'s' if most != 1 else ''}.")
    return lines


def _times(what: str, fewest: int, most: int) -> str:
    words = {1: "once", 2: "twice"}
    if fewest == most:
        return f"Every two players {what} {words.get(most, f'{most} times')}."
    if fewest == 0:
        return f"Two players {what} at most {words.get(most, f'{most} times')}."
    if (fewest, most) == (1, 2):
        return f"Every two players {what} once or twice."
    return f"Every two players {what} {fewest} to {most} times."


COMMANDS = (evening,)

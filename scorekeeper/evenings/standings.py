"""An evening's standings and statistics, from its tables' scoreboards. Pure Python.

The scoring, as each evening's page explains it:

* **Totals** (``totals``): a player scores their side's game total at each table. Right for a
  game whose totals weigh the same at every table (Bismarck: always as many deals, each summing
  to zero), so the evening's points sum to zero too.
* **Placings** (``placings``): at each table a player scores 1 point for every side that
  finished (or stands) below theirs and ½ for every side level with theirs: in a game of three
  2, 1 and 0; of two (or two pairs) 1 for the win and ½ each for a tie. Right for a race to a
  target, whose totals depend on how long a table played. A game's winners are first, whatever
  their totals (the rules may say so).

Every game counts **as it stands**, from its first scored round: a game still in play counts
provisionally. A player who **sits out** a round scores, for that round, the average points of
everyone who played in it (zero in a zero-sum game), so sitting out neither helps nor hurts.
**Ties are ties**: players with equal points share a place (1, 2, 2, 4), and within a place
they are listed by name.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from scorekeeper.games.scoreboard import Scoreboard, places
from scorekeeper.games.text import Text

TOTALS = "totals"
PLACINGS = "placings"


@dataclass(frozen=True)
class TableResult:
    """One table of one round: the evening's players by seat, and its game's scoreboard (None
    while the round has not been started)."""

    round: int
    table: int
    seats: tuple[int, ...]
    board: Scoreboard | None = None

    @property
    def counts(self) -> bool:
        """Whether the table's game counts yet: a round of it has scored."""
        return self.board is not None and self.board.started


@dataclass(frozen=True)
class PlayerStanding:
    """One player's line of the standings."""

    player: int
    name: str
    place: int
    #: Another player has the same place.
    shared: bool
    points: Fraction
    #: Games that count (a round scored), of them over, and won (a shared win is a win).
    games: int
    finished: int
    wins: int
    #: Rounds sat out while others played, and the points they brought.
    sat_out: int
    sit_out_points: Fraction
    #: The average of the player's side's game totals, over the games that count.
    average: Fraction | None
    #: The game's own statistic, by label (Bismarck: the average as declarer, by contract).
    details: tuple[Fraction | None, ...] = ()


@dataclass(frozen=True)
class Standings:
    scoring: str
    #: By place, then name.
    rows: tuple[PlayerStanding, ...]
    #: The rounds in which some game counts, in order, and each player's place after each of
    #: them (by player number): the running position round by round.
    rounds: tuple[int, ...]
    positions: tuple[tuple[int, ...], ...]
    #: Games that count but are not over yet.
    in_play: int
    detail_heading: Text | None = None
    detail_labels: tuple[str, ...] = ()

    def row_of(self, player: int) -> PlayerStanding:
        return next(row for row in self.rows if row.player == player)

    @property
    def provisional(self) -> bool:
        return self.in_play > 0


def game_points(board: Scoreboard, scoring: str) -> tuple[Fraction, ...]:
    """Each side's evening points for one game (see the module's docstring)."""
    if scoring == TOTALS:
        return tuple(Fraction(total) for total in board.totals)
    found = board.places()
    return tuple(
        sum(
            (
                Fraction(1) if other > mine else Fraction(1, 2) if other == mine else Fraction(0)
                for index, other in enumerate(found)
                if index != side
            ),
            Fraction(0),
        )
        for side, mine in enumerate(found)
    )


def standings(names: Sequence[str], scoring: str, tables: Sequence[TableResult]) -> Standings:
    """The evening's standings from every table of its plan (``board`` None where the round is
    not started yet)."""
    count = len(names)
    by_round: dict[int, dict[int, Fraction]] = {}
    seated: dict[int, set[int]] = {}
    points = [Fraction(0)] * count
    games, finished, wins = [0] * count, [0] * count, [0] * count
    scores: list[list[int]] = [[] for _ in range(count)]
    detail_heading, labels = None, ()
    detail_sums: list[dict[str, list[int]]] = [{} for _ in range(count)]
    in_play = 0
    for table in tables:
        seated.setdefault(table.round, set()).update(table.seats)
        board = table.board
        if board is None or not board.started:
            continue
        if board.detail_labels and not labels:
            detail_heading, labels = board.detail_heading, board.detail_labels
        in_play += not board.finished
        side_points = game_points(board, scoring)
        got = by_round.setdefault(table.round, {})
        for seat, player in enumerate(table.seats):
            side = board.side_of(seat)
            got[player] = side_points[side]
            games[player] += 1
            finished[player] += board.finished
            wins[player] += board.finished and side in board.winners
            scores[player].append(board.totals[side])
        for detail in board.details:
            player = table.seats[detail.seat]
            detail_sums[player].setdefault(detail.label, []).append(detail.score)
    sat_out, sit_out_points = [0] * count, [Fraction(0)] * count
    cumulative = [Fraction(0)] * count
    counted_rounds = sorted(by_round)
    positions: list[list[int]] = [[] for _ in range(count)]
    for number in counted_rounds:
        got = by_round[number]
        award = sum(got.values(), Fraction(0)) / len(got)
        for player in range(count):
            if player in got:
                cumulative[player] += got[player]
            elif player not in seated.get(number, set()):
                sat_out[player] += 1
                sit_out_points[player] += award
                cumulative[player] += award
        for player, place in enumerate(_places(cumulative)):
            positions[player].append(place)
    points = cumulative
    final = _places(points)
    rows = [
        PlayerStanding(
            player=player,
            name=names[player],
            place=final[player],
            shared=final.count(final[player]) > 1,
            points=points[player],
            games=games[player],
            finished=finished[player],
            wins=wins[player],
            sat_out=sat_out[player],
            sit_out_points=sit_out_points[player],
            average=Fraction(sum(scores[player]), len(scores[player])) if scores[player] else None,
            details=tuple(_mean(detail_sums[player].get(label, ())) for label in labels),
        )
        for player in range(count)
    ]
    rows.sort(key=lambda row: (row.place, row.name.casefold(), row.player))
    return Standings(
        scoring=scoring,
        rows=tuple(rows),
        rounds=tuple(counted_rounds),
        positions=tuple(tuple(p) for p in positions),
        in_play=in_play,
        detail_heading=detail_heading,
        detail_labels=labels,
    )


def _places(points: Sequence[Fraction]) -> list[int]:
    """Places by points, ties sharing the best place they cover (1, 2, 2, 4)."""
    return list(places(points))


def _mean(values: Sequence[int]) -> Fraction | None:
    return Fraction(sum(values), len(values)) if values else None


@dataclass(frozen=True)
class TableState:
    """Where one table's game stands, for the evening's list of tables: not made yet (its round
    has not started), made but no round scored, ``scored`` rounds (deals, hands) scored, or
    over with its ``winners`` (the evening's player numbers; several when they share the win or
    won as a pair)."""

    made: bool
    scored: int = 0
    finished: bool = False
    winners: tuple[int, ...] = ()
    #: Several sides won: they share the win.
    shared: bool = False

    @property
    def playing(self) -> bool:
        return self.made and self.scored > 0 and not self.finished


def table_state(table: TableResult) -> TableState:
    """How far the table's game is (see :class:`TableState`)."""
    board = table.board
    if board is None:
        return TableState(made=False)
    winners = tuple(table.seats[seat] for side in board.winners for seat in board.sides[side])
    return TableState(
        made=True,
        scored=len(board.rounds),
        finished=board.finished,
        winners=winners if board.finished else (),
        shared=board.finished and len(board.winners) > 1,
    )

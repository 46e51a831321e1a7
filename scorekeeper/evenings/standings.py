"""An evening's standings and statistics, from its tables' scoreboards. Pure Python.

The scoring, as each evening's page explains it:

* **Totals** (``totals``): a player scores their side's game total at each table (with its
  sign turned, in a game the lowest total wins). Right for a game whose totals weigh the same at
  every table (Bismarck: always as many deals, each summing to zero), so the evening's points
  sum to zero too.
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
    #: them (by player number): the running place round by round.
    rounds: tuple[int, ...]
    places: tuple[tuple[int, ...], ...]
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
        return tuple(Fraction(total) for total in board.ranked)
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
    tally = _Tally.of(len(names), scoring, tables)
    running = _Running.of(tally)
    final = _places(running.points)
    rows = [
        PlayerStanding(
            player=player,
            name=names[player],
            place=final[player],
            shared=final.count(final[player]) > 1,
            points=running.points[player],
            games=tally.games[player],
            finished=tally.finished[player],
            wins=tally.wins[player],
            sat_out=running.sat_out[player],
            sit_out_points=running.sit_out_points[player],
            average=_mean(tally.scores[player]),
            details=tuple(
                _mean(tally.detail_sums[player].get(label, ())) for label in tally.labels
            ),
        )
        for player in range(len(names))
    ]
    rows.sort(key=lambda row: (row.place, row.name.casefold(), row.player))
    return Standings(
        scoring=scoring,
        rows=tuple(rows),
        rounds=running.rounds,
        places=tuple(tuple(p) for p in running.places),
        in_play=tally.in_play,
        detail_heading=tally.detail_heading,
        detail_labels=tally.labels,
    )


@dataclass
class _Tally:
    """What the tables whose games count bring each player (by number), round by round."""

    #: Each counted round's points, by player who played in it.
    by_round: dict[int, dict[int, Fraction]]
    #: Who has a seat in each round (started or not).
    seated: dict[int, set[int]]
    games: list[int]
    finished: list[int]
    wins: list[int]
    #: The player's side's game total at each table that counts.
    scores: list[list[int]]
    #: The game's own statistic, by label: the scores that make each player's average.
    detail_sums: list[dict[str, list[int]]]
    detail_heading: Text | None = None
    labels: tuple[str, ...] = ()
    in_play: int = 0

    @classmethod
    def of(cls, count: int, scoring: str, tables: Sequence[TableResult]) -> _Tally:
        tally = cls(
            by_round={},
            seated={},
            games=[0] * count,
            finished=[0] * count,
            wins=[0] * count,
            scores=[[] for _ in range(count)],
            detail_sums=[{} for _ in range(count)],
        )
        for table in tables:
            tally.seated.setdefault(table.round, set()).update(table.seats)
            if table.board is not None and table.board.started:
                tally.add(table.round, table.seats, table.board, scoring)
        return tally

    def add(self, number: int, seats: tuple[int, ...], board: Scoreboard, scoring: str) -> None:
        """A table of round ``number`` whose game counts."""
        if board.detail_labels and not self.labels:
            self.detail_heading, self.labels = board.detail_heading, board.detail_labels
        self.in_play += not board.finished
        side_points = game_points(board, scoring)
        got = self.by_round.setdefault(number, {})
        for seat, player in enumerate(seats):
            side = board.side_of(seat)
            got[player] = side_points[side]
            self.games[player] += 1
            self.finished[player] += board.finished
            self.wins[player] += board.finished and side in board.winners
            self.scores[player].append(board.totals[side])
        for detail in board.details:
            player = seats[detail.seat]
            self.detail_sums[player].setdefault(detail.label, []).append(detail.score)


@dataclass(frozen=True)
class _Running:
    """The evening round by round: each player's points (a round sat out brings the average
    of those who played it) and place after each counted round."""

    rounds: tuple[int, ...]
    points: list[Fraction]
    sat_out: list[int]
    sit_out_points: list[Fraction]
    places: list[list[int]]

    @classmethod
    def of(cls, tally: _Tally) -> _Running:
        count = len(tally.games)
        running = cls(
            rounds=tuple(sorted(tally.by_round)),
            points=[Fraction(0)] * count,
            sat_out=[0] * count,
            sit_out_points=[Fraction(0)] * count,
            places=[[] for _ in range(count)],
        )
        for number in running.rounds:
            got = tally.by_round[number]
            award = sum(got.values(), Fraction(0)) / len(got)
            for player in range(count):
                if player in got:
                    running.points[player] += got[player]
                elif player not in tally.seated.get(number, set()):
                    running.sat_out[player] += 1
                    running.sit_out_points[player] += award
                    running.points[player] += award
            for player, place in enumerate(_places(running.points)):
                running.places[player].append(place)
        return running


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
        scored=len(board.deals),
        finished=board.finished,
        winners=winners if board.finished else (),
        shared=board.finished and len(board.winners) > 1,
    )

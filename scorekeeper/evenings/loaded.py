"""An evening as loaded: its setup, plan and every started table's game
(:class:`LoadedEvening`), a table of a round (:class:`Table`), and what loading or starting a
round raises in the store."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from scorekeeper.evenings.seating import Plan
from scorekeeper.evenings.setup import EveningSetup
from scorekeeper.table.store import LoadedGame


class EveningNotFound(LookupError):
    pass


@dataclass(frozen=True)
class Table:
    """One table of one round: its number (from 1), the players by seat (their numbers in the
    evening), and its game once the round is started."""

    round: int
    number: int
    seats: tuple[int, ...]
    game: LoadedGame | None = None


@dataclass(frozen=True, eq=False)
class LoadedEvening:
    id: int
    token: str
    created_at: datetime
    setup: EveningSetup
    plan: Plan
    #: The games of the started rounds' tables, by (round, table number), rounds from 1.
    games: dict[tuple[int, int], LoadedGame]
    #: The seed the plan was made with (kept for the evening's record).
    seed: int = 0
    #: When its organiser closed it; None while it is open.
    closed_at: datetime | None = None
    #: How many places of its hidden standings are revealed (None: no reveal has begun).
    revealed: int | None = None

    def tables(self, round_: int) -> list[Table]:
        """The tables of round ``round_`` (from 1), with their games where started."""
        planned = self.plan.rounds[round_ - 1].tables
        return [
            Table(round_, number, seats, self.games.get((round_, number)))
            for number, seats in enumerate(planned, start=1)
        ]

    def all_tables(self) -> list[Table]:
        return [t for r in range(1, len(self.plan.rounds) + 1) for t in self.tables(r)]

    def sitting_out(self, round_: int) -> tuple[int, ...]:
        return self.plan.rounds[round_ - 1].sitting_out

    def names(self, players: Sequence[int]) -> tuple[str, ...]:
        return tuple(self.setup.players[p] for p in players)

    @property
    def started(self) -> int:
        """How many rounds have been started (they start in order)."""
        return max((r for r, _ in self.games), default=0)

    @property
    def next_round(self) -> int | None:
        """The round to start next; None when every round has started."""
        return self.started + 1 if self.started < self.setup.rounds else None

    @property
    def positions(self) -> tuple[tuple[int, int, int], ...]:
        """(round, table, polled position) of every table's game: what the evening's derived
        pages depend on (a confirmation too: the standings count what waits), and so the key
        of what is drawn of them."""
        return tuple((r, n, game.position) for (r, n), game in sorted(self.games.items()))


class RoundStarted(Exception):
    """Another phone started this round first; ``current`` is the evening as it is now. The
    store raises it; the services return it as
    :class:`~scorekeeper.evenings.services.AlreadyStarted`."""

    def __init__(self, current: LoadedEvening, round_: int):
        super().__init__(f"Round {round_} was already started.")
        self.current = current
        self.round = round_

"""The organiser's watch over a round: how long each table has been quiet, and which tables
have gone quiet for longer than the others.

    watched = watch([TableClock(1, False, made, last), ...], now)

A table still playing is *quiet* when nothing has been entered there for :data:`QUIET_AFTER`
and for twice as long as the middle one (the median) of the other tables still playing: a slow
round makes no table stand out, and a table that stopped while the others went on does (it is
left out of the median it is held to, so two tables are enough to tell). A finished table is
never quiet. Pure: no Flask, no database.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

#: Nothing entered for this long, at least, before a table can count as quiet (a Bismarck deal
#: takes some four to six minutes at the table).
QUIET_AFTER = timedelta(minutes=10)

#: ... and for this many times as long as the middle one of the other tables still playing.
QUIET_RATIO = 2


@dataclass(frozen=True)
class TableClock:
    """One table of the round: its number, whether its game is over, when its game was made
    and when its latest entry was made (None: none yet)."""

    number: int
    finished: bool
    made: datetime
    last_entry: datetime | None = None

    def idle(self, now: datetime) -> timedelta:
        """How long since anything was entered at the table (since its game was made when
        nothing has been); never less than nothing, whatever the clocks say."""
        return max(now - (self.last_entry or self.made), timedelta(0))


@dataclass(frozen=True)
class Watched:
    """A table as the organiser's view shows it."""

    number: int
    finished: bool
    idle: timedelta
    quiet: bool


def watch(tables: Sequence[TableClock], now: datetime) -> list[Watched]:
    """Each table of ``tables`` with how long it has been idle at ``now`` and whether it has
    gone quiet (see the module's text), in the order given."""
    idle = [t.idle(now) for t in tables]
    playing = [i for i, t in enumerate(tables) if not t.finished]

    def quiet(i: int) -> bool:
        others = [idle[j].total_seconds() for j in playing if j != i]
        usual = timedelta(seconds=statistics.median(others)) if others else timedelta(0)
        return idle[i] >= max(QUIET_AFTER, QUIET_RATIO * usual)

    return [
        Watched(t.number, t.finished, idle[i], not t.finished and quiet(i))
        for i, t in enumerate(tables)
    ]
